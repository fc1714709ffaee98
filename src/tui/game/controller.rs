//! Who plays a seat in the interface: a person at the keyboard or the AI at a level.

/// Who controls a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// Someone at the keyboard.
    Human,
    /// The AI at a level (1–10).
    Ai {
        /// Strength, 1–10.
        level: u8,
    },
}

impl Controller {
    /// Whether this is the AI.
    pub fn is_ai(self) -> bool {
        matches!(self, Controller::Ai { .. })
    }

    /// `human_name` for a person ("you", "player"), "AI level 3" for the AI.
    pub fn describe(self, human_name: &str) -> String {
        match self {
            Controller::Human => human_name.to_string(),
            Controller::Ai { level } => format!("AI level {level}"),
        }
    }
}
