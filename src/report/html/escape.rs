//! Escaping text for HTML content and attribute values.

/// Escapes text for HTML content and attribute values: [`crate::text::xml`], and `'` too.
pub fn escape(text: &str) -> String {
    crate::text::xml(text).replace('\'', "&#39;")
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("<script>\"a\" & 'b'</script>"),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
    }
}
