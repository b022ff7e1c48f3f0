//! Where the progress bar and the live table are drawn on a terminal: stderr, as indicatif
//! draws, except that the cursor is not left at the right margin after the last line.
//! indicatif pads every line with spaces to the terminal's width, the last one too, which
//! leaves the cursor at the margin: the `^C` the terminal echoes when Ctrl-C is pressed then
//! wraps onto a new row, and the clearing that follows, counted from that row, left the
//! table's first row on the screen. Here the padding of the last line drawn is a
//! clear-to-end-of-line instead, and the echo stays on the bar's row.

use std::io::{self, Write};
use std::sync::Mutex;

use indicatif::TermLike;

/// stderr, a terminal, as indicatif's draw target ([`indicatif::ProgressDrawTarget::term_like`]).
#[derive(Debug, Default)]
pub struct BarTerm {
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// What is written at the next flush.
    buffer: Vec<u8>,
    /// A run of spaces just written (a line's padding): written before whatever comes next,
    /// or replaced by a clear-to-end-of-line if the flush comes first.
    padding: usize,
}

impl BarTerm {
    /// Adds `bytes` to the buffer, after the padding held back.
    fn put(&self, bytes: &[u8]) {
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let padding = std::mem::take(&mut s.padding);
        s.buffer.extend(std::iter::repeat_n(b' ', padding));
        s.buffer.extend_from_slice(bytes);
    }

    /// Moves the cursor `n` rows or columns with the escape `code` (none for 0: `ESC [0A`
    /// moves one row on most terminals).
    fn step(&self, n: usize, code: char) -> io::Result<()> {
        if n > 0 {
            self.put(format!("\x1b[{n}{code}").as_bytes());
        }
        Ok(())
    }

    /// What a flush writes: the buffer, the padding held back replaced by a
    /// clear-to-end-of-line.
    fn drain(&self) -> Vec<u8> {
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        if std::mem::take(&mut s.padding) > 0 {
            s.buffer.extend_from_slice(b"\x1b[K");
        }
        std::mem::take(&mut s.buffer)
    }
}

impl TermLike for BarTerm {
    fn width(&self) -> u16 {
        size().map_or(80, |(w, _)| w.min(usize::from(u16::MAX)) as u16)
    }

    fn height(&self) -> u16 {
        size().map_or(24, |(_, h)| h.min(usize::from(u16::MAX)) as u16)
    }

    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.step(n, 'A')
    }

    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.step(n, 'B')
    }

    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.step(n, 'C')
    }

    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.step(n, 'D')
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        self.put(s.as_bytes());
        self.put(b"\n");
        Ok(())
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        if !s.is_empty() && s.bytes().all(|b| b == b' ') {
            self.put(b"");
            self.state.lock().unwrap_or_else(|p| p.into_inner()).padding = s.len();
        } else {
            self.put(s.as_bytes());
        }
        Ok(())
    }

    fn clear_line(&self) -> io::Result<()> {
        self.put(b"\r\x1b[2K");
        Ok(())
    }

    fn flush(&self) -> io::Result<()> {
        let bytes = self.drain();
        let mut err = io::stderr().lock();
        err.write_all(&bytes)?;
        err.flush()
    }
}

/// The size of the terminal on stderr (columns, rows), if it is one.
pub fn size() -> Option<(usize, usize)> {
    let mut size = std::mem::MaybeUninit::<libc::winsize>::zeroed();
    // SAFETY: TIOCGWINSZ fills a winsize; `size` is one.
    let r = unsafe { libc::ioctl(libc::STDERR_FILENO, libc::TIOCGWINSZ, size.as_mut_ptr()) };
    // SAFETY: zeroed, and filled when the call succeeded.
    let size = unsafe { size.assume_init() };
    (r == 0 && size.ws_col > 0).then_some((usize::from(size.ws_col), usize::from(size.ws_row)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_lines_padding_is_a_clear_to_the_end_of_the_line() {
        let term = BarTerm::default();
        // Two lines as indicatif draws them: each padded to the width.
        term.move_cursor_up(0).unwrap();
        term.clear_line().unwrap();
        term.write_str("row 1").unwrap();
        term.write_str("     ").unwrap();
        term.write_str("bar").unwrap();
        term.write_str("       ").unwrap();
        assert_eq!(term.drain(), b"\r\x1b[2Krow 1     bar\x1b[K");
        // The next draw goes up to the first row: a run of spaces not last is written.
        term.move_cursor_up(1).unwrap();
        term.write_str("  ").unwrap();
        term.write_line("x").unwrap();
        assert_eq!(term.drain(), b"\x1b[1A  x\n");
    }
}
