//! The page's small inline script: a group row expands to its tests on click (or Enter or
//! Space), a button expands or collapses every group, a checkbox keeps only the tests some
//! solution fails.

/// The page's script, inlined in its `<script>`.
pub(super) const SCRIPT: &str = r#"(function () {
  document.querySelectorAll("section.problem").forEach(function (section) {
    var table = section.querySelector("table.matrix");
    if (!table) return;
    function expand(group, open) {
      group.classList.toggle("collapsed", !open);
      var button = group.querySelector("tr.summary button");
      if (button) button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    table.querySelectorAll("tbody.group").forEach(function (group) {
      var button = group.querySelector("tr.summary button");
      group.querySelector("tr.summary").addEventListener("click", function () {
        expand(group, group.classList.contains("collapsed"));
      });
      if (button) button.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); expand(group, group.classList.contains("collapsed")); }
      });
    });
    var all = section.querySelector("button.expand-all");
    if (all) all.addEventListener("click", function () {
      var open = all.dataset.open !== "true";
      all.dataset.open = open ? "true" : "false";
      all.textContent = open ? "collapse all groups" : "expand all groups";
      table.querySelectorAll("tbody.group").forEach(function (g) { expand(g, open); });
    });
    var failing = section.querySelector("input.failing-only");
    if (failing) failing.addEventListener("change", function () {
      table.classList.toggle("failing-only", failing.checked);
    });
  });
  document.body.dataset.script = "ran";
})();
"#;
