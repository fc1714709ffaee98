//! Helpers for the interface's tests (also used by the integration tests).

use ratatui::buffer::Buffer;

/// The characters of a buffer, one line per row, trailing spaces removed.
pub fn buffer_text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        let mut skip = 0;
        for x in area.left()..area.right() {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let s = buf[(x, y)].symbol();
            line.push_str(s);
            skip = unicode_width(s).saturating_sub(1);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn unicode_width(s: &str) -> usize {
    // Everything the interface draws is one column wide.
    usize::from(!s.is_empty())
}
