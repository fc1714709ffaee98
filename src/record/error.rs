//! Why a record could not be loaded or saved, and where in the file the problem is.
//!
//! TOML syntax errors and wrong field types carry the parser's span. Problems found after
//! parsing (a size out of range, an illegal turn, a result the turns contradict) name a field
//! (`options.size`, `turns[4]`); [`RecordError::locate`] finds that field's value in the file
//! text through `toml`'s spanned document ([`toml::de::DeTable`]) and adds its line and column.

use crate::files::{Location, ReadError};
use std::path::PathBuf;

/// Why a record could not be loaded or saved.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The file could not be read, or is not UTF-8 text.
    // (`error`, not `source`: the message already says it, and a chain of causes printed
    // after it, as `anyhow` does, would say it twice.)
    #[error("cannot read {}: {error}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: ReadError,
    },
    /// The file could not be written (the old file, if any, is unchanged).
    #[error("cannot write {}: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
    /// Not valid TOML, or a field of the wrong type or with an unknown value.
    #[error("{}{message}", prefix(*at))]
    Toml {
        /// Where the problem is, when known.
        at: Option<Location>,
        /// What is wrong.
        message: String,
    },
    /// A field has a value the game does not accept (size, komi, level, start time, result).
    #[error("{}{field}: {message}", prefix(*at))]
    Invalid {
        /// Where the field's value is in the file, when known.
        at: Option<Location>,
        /// The field, as a path (`options.size`, `players.second.level`, `result`).
        field: String,
        /// What is wrong.
        message: String,
    },
    /// A turn is malformed or illegal. `turn` counts from 1, bid tokens included.
    #[error("{}turn {turn} {}: {reason}", prefix(*at), crate::quote::Quoted(token))]
    Turn {
        /// Where the turn is in the file, when known.
        at: Option<Location>,
        /// 1-based turn number.
        turn: usize,
        /// The token as written in the file.
        token: String,
        /// Why it was refused.
        reason: String,
    },
    /// A step of the turn in progress is malformed or illegal.
    #[error(
        "{}turn {turn} (in progress), step {}: {reason}",
        prefix(*at),
        crate::quote::Quoted(step)
    )]
    Step {
        /// Where the step is in the file, when known.
        at: Option<Location>,
        /// 1-based number of the unfinished turn.
        turn: usize,
        /// 0-based position of the step in `in_progress`.
        index: usize,
        /// The step as written in the file.
        step: String,
        /// Why it was refused.
        reason: String,
    },
    /// A turn of the puzzle's solution is malformed or illegal.
    #[error(
        "{}puzzle solution turn {turn} {}: {reason}",
        prefix(*at),
        crate::quote::Quoted(token)
    )]
    Solution {
        /// Where the turn is in the file, when known.
        at: Option<Location>,
        /// 1-based number within the solution.
        turn: usize,
        /// The token.
        token: String,
        /// Why it was refused.
        reason: String,
    },
}

fn prefix(at: Option<Location>) -> String {
    at.map_or_else(String::new, |l| format!("{l}: "))
}

/// One step of a path into the TOML document: a key or an array index.
enum Key<'a> {
    Name(&'a str),
    Index(usize),
}

impl RecordError {
    /// The error with the location of its field in `text` (the record's file) filled in, when
    /// it names a field and the field is in the text. Errors that already have a location, or
    /// name none, come back unchanged.
    pub fn locate(mut self, text: &str) -> RecordError {
        let path: Vec<Key> = match &self {
            RecordError::Invalid {
                at: None, field, ..
            } => field.split('.').map(Key::Name).collect(),
            RecordError::Turn { at: None, turn, .. } => {
                vec![Key::Name("turns"), Key::Index(turn - 1)]
            }
            RecordError::Step {
                at: None, index, ..
            } => vec![Key::Name("in_progress"), Key::Index(*index)],
            RecordError::Solution { at: None, turn, .. } => vec![
                Key::Name("puzzle"),
                Key::Name("solution"),
                Key::Index(turn - 1),
            ],
            _ => return self,
        };
        let found = locate(text, &path);
        match &mut self {
            RecordError::Invalid { at, .. }
            | RecordError::Turn { at, .. }
            | RecordError::Step { at, .. }
            | RecordError::Solution { at, .. } => *at = found,
            _ => {}
        }
        self
    }
}

/// Where the value at `path` starts in `text`; when the path goes deeper than the document,
/// the deepest value found on the way (a missing `options.size` points at `options`).
fn locate(text: &str, path: &[Key]) -> Option<Location> {
    let doc = toml::de::DeTable::parse(text).ok()?;
    let (first, rest) = path.split_first()?;
    let Key::Name(name) = first else { return None };
    let mut value = doc.get_ref().get(*name)?;
    for key in rest {
        let next = match key {
            Key::Name(k) => value.get_ref().get(*k),
            Key::Index(i) => value.get_ref().get(*i),
        };
        match next {
            Some(v) => value = v,
            None => break,
        }
    }
    Some(Location::of(text, value.span().start))
}
