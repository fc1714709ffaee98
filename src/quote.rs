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
