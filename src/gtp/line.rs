//! The line layer of GTP: reading command lines with a bounded buffer, cleaning them as GTP 2
//! prescribes, and writing responses.

use std::io::{self, BufRead, Write};

/// The longest command line accepted, in bytes, not counting its line end. A longer line is
/// answered `? line too long` and skipped up to its newline without being kept in memory.
pub const MAX_LINE: usize = 64 * 1024;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Line {
    /// The input has ended.
    End,
    /// A line of at most [`MAX_LINE`] bytes (its line end removed), in the caller's buffer.
    Text,
    /// A line longer than [`MAX_LINE`]: the buffer holds its first [`MAX_LINE`] bytes, the rest
    /// was read and dropped.
    TooLong,
}

/// Reads the next line into `buf` (cleared first), keeping at most [`MAX_LINE`] bytes of it.
pub(super) fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Line> {
    buf.clear();
    // One byte over the limit, plus the line end (`\r\n`), tells a long line from a full one.
    let n = io::Read::take(&mut *input, MAX_LINE as u64 + 3).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(Line::End);
    }
    let complete = buf.last() == Some(&b'\n');
    if complete {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    }
    if buf.len() <= MAX_LINE {
        return Ok(Line::Text);
    }
    buf.truncate(MAX_LINE);
    if !complete {
        skip_to_newline(input)?;
    }
    Ok(Line::TooLong)
}

/// Reads and drops input up to and including the next newline (or the end of input).
fn skip_to_newline(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let len = chunk.len();
                input.consume(len);
            }
        }
    }
}

/// A command line as GTP 2 prescribes: control characters other than tab dropped, the comment
/// after `#` removed, tabs turned into spaces.
pub(super) fn clean(raw: &str) -> String {
    let without_comment = raw.split('#').next().unwrap_or("");
    without_comment
        .chars()
        .filter(|&c| !c.is_control() || c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect()
}

/// The id a line starts with (its first word, when all digits), or `""`.
pub(super) fn leading_id(line: &str) -> &str {
    let first = line.split(' ').find(|w| !w.is_empty()).unwrap_or("");
    if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
        first
    } else {
        ""
    }
}

/// Writes `=[id] text` or `?[id] reason`, then the empty line that ends a response.
pub(super) fn respond(
    output: &mut impl Write,
    id: &str,
    reply: Result<String, super::GtpError>,
) -> io::Result<()> {
    let (mark, text) = match reply {
        Ok(text) => ('=', text),
        // A reason is one line: a newline in it would end the response early.
        Err(reason) => ('?', reason.to_string().replace('\n', " ")),
    };
    // An empty line inside a success text would also end the response: drop such lines.
    let text: Vec<&str> = text
        .split('\n')
        .enumerate()
        .filter(|&(i, l)| i == 0 || !l.trim().is_empty())
        .map(|(_, l)| l)
        .collect();
    write!(output, "{mark}{id} {}\n\n", text.join("\n"))?;
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out `total` bytes of `fill` then a newline and `tail`, counting
    /// the bytes it was asked for, without ever holding them all.
    struct Endless {
        left: usize,
        fill: u8,
        tail: &'static [u8],
        chunk: Vec<u8>,
    }

    impl io::Read for Endless {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = {
                let b = self.fill_buf()?;
                let n = b.len().min(out.len());
                out[..n].copy_from_slice(&b[..n]);
                n
            };
            self.consume(n);
            Ok(n)
        }
    }

    impl BufRead for Endless {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            if self.chunk.is_empty() {
                if self.left > 0 {
                    let n = self.left.min(8192);
                    self.chunk = vec![self.fill; n];
                    self.left -= n;
                } else if !self.tail.is_empty() {
                    self.chunk = self.tail.to_vec();
                    self.tail = b"";
                }
            }
            Ok(&self.chunk)
        }
        fn consume(&mut self, n: usize) {
            self.chunk.drain(..n);
        }
    }

    #[test]
    fn long_lines_are_refused_without_being_kept() {
        let mut input = Endless {
            left: 100 * 1024 * 1024,
            fill: b'a',
            tail: b"\nname\n",
            chunk: Vec::new(),
        };
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Line::TooLong);
        assert_eq!(buf.len(), MAX_LINE);
        assert!(buf.capacity() < 4 * MAX_LINE, "{}", buf.capacity());
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Line::Text);
        assert_eq!(buf, b"name");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Line::End);
    }

    #[test]
    fn lines_up_to_the_limit_are_read_whole() {
        for (len, end, expected) in [
            (MAX_LINE, &b"\n"[..], Line::Text),
            (MAX_LINE, b"\r\n", Line::Text),
            (MAX_LINE, b"", Line::Text),
            (MAX_LINE + 1, b"\n", Line::TooLong),
            (MAX_LINE + 1, b"\r\n", Line::TooLong),
            (MAX_LINE + 1, b"", Line::TooLong),
            (MAX_LINE + 2, b"\r\n", Line::TooLong),
            (MAX_LINE + 5, b"\n", Line::TooLong),
        ] {
            // A line end, then another line; or the end of input right after the line.
            let mut text = vec![b'x'; len];
            text.extend_from_slice(end);
            if !end.is_empty() {
                text.extend_from_slice(b"next\n");
            }
            let mut input = &text[..];
            let mut buf = Vec::new();
            let got = read_line(&mut input, &mut buf).unwrap();
            assert_eq!(got, expected, "{len} {end:?}");
            if got == Line::Text {
                assert_eq!(buf.len(), len, "{len} {end:?}");
            }
            if !end.is_empty() {
                assert_eq!(read_line(&mut input, &mut buf).unwrap(), Line::Text);
                assert_eq!(buf, b"next", "{len} {end:?}");
            }
            assert_eq!(read_line(&mut input, &mut buf).unwrap(), Line::End);
        }
    }
}
