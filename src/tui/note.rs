//! The message on the bottom line ([`Note`]): what a screen says after a key, a file operation
//! or a server's word. The game and puzzle screens keep their own, the app one for the other
//! screens; a file of its own because every screen names it.

/// A message for the bottom line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The text.
    pub text: String,
    /// Whether it reports a problem.
    pub error: bool,
    /// The turn it is about, if any (a review's word on a marked turn): it goes when
    /// another turn is shown.
    pub about_turn: Option<usize>,
}

impl Note {
    /// An ordinary message.
    pub fn info(text: impl Into<String>) -> Note {
        Note {
            text: text.into(),
            error: false,
            about_turn: None,
        }
    }

    /// A problem.
    pub fn error(text: impl Into<String>) -> Note {
        Note {
            text: text.into(),
            error: true,
            about_turn: None,
        }
    }
}
