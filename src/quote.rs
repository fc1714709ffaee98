//! Showing what someone typed or wrote inside a message: quoted, with every character a person
//! could not see or could mistake for another escaped, and cut short when long.
//!
//! Turn tokens, GTP arguments, option values and colour names are ASCII by definition, so
//! anything outside printable ASCII in them is exactly what is wrong with them: a byte-order mark
//! (`'\u{feff}Bc3'`), a zero-width space, a Cyrillic `с` standing in for a Latin `c`, a control
//! character. Showing those escaped means `'Bc3' is not a stone` never appears for a token that
//! only looks right. A message quotes at most [`MAX_SHOWN`] characters of a value, so a hostile
//! 100 MB argument is never echoed back.

use std::fmt;

/// The most characters of a value a message shows; longer values end in `…` and their length.
pub const MAX_SHOWN: usize = 32;

/// A value shown in single quotes, escaped and shortened (see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char('\'')?;
        let mut chars = self.0.chars();
        for c in chars.by_ref().take(MAX_SHOWN) {
            match c {
                '\'' => f.write_str("\\'")?,
                '\\' => f.write_str("\\\\")?,
                '\t' => f.write_str("\\t")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                ' '..='~' => f.write_char(c)?,
                _ => write!(f, "\\u{{{:x}}}", c as u32)?,
            }
        }
        let cut = chars.next().is_some();
        if cut {
            f.write_char('…')?;
        }
        f.write_char('\'')?;
        if cut {
            write!(f, " ({} bytes)", self.0.len())?;
        }
        Ok(())
    }
}

/// Whether a person could fail to see `c` or take it for something else in running text:
/// control characters, zero-width and direction marks, the byte-order mark, odd spaces.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00a0}'
                | '\u{00ad}'
                | '\u{034f}'
                | '\u{115f}'..='\u{1160}'
                | '\u{180e}'
                | '\u{2000}'..='\u{200f}'
                | '\u{2028}'..='\u{202f}'
                | '\u{205f}'..='\u{206f}'
                | '\u{3000}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
        )
}

/// A message from another crate (the TOML parser, serde) made safe to show: what it quotes in
/// backticks or double quotes is escaped and shortened as [`Quoted`] does, invisible characters
/// elsewhere are escaped, and the whole stays under a few hundred characters.
pub(crate) fn tidy(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let delimiter = rest[open..].chars().next().expect("found");
        let Some(len) = rest[open + 1..].find(delimiter) else {
            break;
        };
        escape_invisible(&rest[..open], &mut out);
        let inner = &rest[open + 1..open + 1 + len];
        let quoted = Quoted(inner).to_string();
        // `Quoted` writes '…' (and a length after a cut): keep the original delimiters.
        let body = &quoted[1..quoted.rfind('\'').expect("closing quote")];
        out.push(delimiter);
        out.push_str(body);
        out.push(delimiter);
        out.push_str(&quoted[quoted.rfind('\'').expect("closing quote") + 1..]);
        rest = &rest[open + 2 + len..];
    }
    escape_invisible(rest, &mut out);
    if out.chars().count() > 400 {
        out = out.chars().take(400).collect::<String>() + "…";
    }
    out
}

fn escape_invisible(text: &str, out: &mut String) {
    use fmt::Write;
    for c in text.chars() {
        if c == '\n' {
            out.push(' ');
        } else if invisible(c) {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quoted(text: &str) -> String {
        Quoted(text).to_string()
    }

    #[test]
    fn invisible_and_look_alike_characters_are_escaped() {
        assert_eq!(quoted("Bc3"), "'Bc3'");
        assert_eq!(quoted("\u{feff}Bc3"), "'\\u{feff}Bc3'");
        assert_eq!(quoted("B\u{200b}c3"), "'B\\u{200b}c3'");
        assert_eq!(quoted("B\u{441}3"), "'B\\u{441}3'"); // Cyrillic es
        assert_eq!(quoted("a\tb\r\n\0"), "'a\\tb\\r\\n\\u{0}'");
        assert_eq!(quoted("it's \\"), "'it\\'s \\\\'");
        assert_eq!(quoted(""), "''");
    }

    #[test]
    fn messages_of_other_crates_are_tidied() {
        assert_eq!(
            tidy("unknown variant `hum\u{200b}an`, expected `human` or `ai`"),
            "unknown variant `hum\\u{200b}an`, expected `human` or `ai`"
        );
        let long = format!(
            "invalid type: string \"{}\", expected usize",
            "a".repeat(5000)
        );
        assert_eq!(
            tidy(&long),
            format!(
                "invalid type: string \"{}…\" (5000 bytes), expected usize",
                "a".repeat(MAX_SHOWN)
            )
        );
        assert_eq!(tidy("odd ` quote\u{feff}"), "odd ` quote\\u{feff}");
        assert_eq!(tidy("size – 5×5"), "size – 5×5");
        assert!(tidy(&"x".repeat(5000)).chars().count() <= 401);
    }

    #[test]
    fn long_values_are_cut_short() {
        let long = "a".repeat(100_000_000 / 1000);
        let shown = quoted(&long);
        assert_eq!(
            shown,
            format!("'{}…' (100000 bytes)", "a".repeat(MAX_SHOWN))
        );
        let exact = "b".repeat(MAX_SHOWN);
        assert_eq!(quoted(&exact), format!("'{exact}'"));
    }
}
