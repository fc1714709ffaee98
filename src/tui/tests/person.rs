//! What a person does in a [`Session`]: a new game from the menu through the New game form,
//! the first turn against the AI (taking the side that moves first after the AI's komi in a
//! bid), a hint, analysis on and off, resigning and reviewing, back to the menu. Each step
//! presses the keys a person would press and waits for what the person would wait for, failing
//! with what did not come.

use super::driver::{Session, SLACK};
use crate::games::GameKind;
use ratatui::crossterm::event::KeyCode;
use std::cmp::Ordering;

/// The New game form's selected row: its label and value (`Game  < Linage >`).
pub fn form_row(screen: &str) -> Option<(String, String)> {
    screen.lines().find_map(|l| {
        let (label, rest) = l.split_once("  < ")?;
        let value = rest.trim_end().strip_suffix(" >")?;
        Some((label.trim().to_string(), value.to_string()))
    })
}

/// The first number in a form value ("9x9", "side 7", "10 of 10 · network", "0.2 s per
/// turn").
fn number(value: &str) -> f64 {
    value
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .find(|w| !w.is_empty())
        .and_then(|w| w.parse().ok())
        .unwrap_or(f64::NAN)
}

/// The label of a game's board size as the form shows it.
pub fn board_label(kind: GameKind, size: usize) -> String {
    kind.board_kind().size_label(size)
}

/// The least AI time per turn the form offers, as it shows it.
pub const LEAST_TIME: f64 = crate::tui::new_game::AI_TIMES[0];

impl Session {
    /// Selects the New game form's row `label`.
    pub fn select_row(&mut self, label: &str) -> String {
        let mut screen = self.screen();
        for _ in 0..12 {
            if form_row(&screen).is_some_and(|(l, _)| l == label) {
                return screen;
            }
            screen = self.press(KeyCode::Down);
        }
        self.fail(&format!("no row '{label}' in the New game form"))
    }

    /// Changes the form's row `label` until `aim` says its value is the one wanted
    /// (`Ordering::Less`: the value is below the one wanted, Right raises it).
    pub fn set_row(&mut self, label: &str, aim: impl Fn(&str) -> Ordering) -> String {
        let mut screen = self.select_row(label);
        for _ in 0..24 {
            let value = form_row(&screen).map(|(_, v)| v).unwrap_or_default();
            screen = match aim(&value) {
                Ordering::Equal => return screen,
                Ordering::Less => self.press(KeyCode::Right),
                Ordering::Greater => self.press(KeyCode::Left),
            };
        }
        self.fail(&format!("the form's '{label}' never took the value wanted"))
    }

    /// Sets the form's numeric row `label` to `n`.
    pub fn set_number(&mut self, label: &str, n: f64) -> String {
        self.set_row(label, |v| number(v).total_cmp(&n))
    }

    /// From the menu, opens the New game form and chooses `kind` on a board of `size`
    /// against the AI at `level`, thinking the least time the form offers, the person first
    /// (in a bid: the AI sets komi, the person picks a side); returns the form's screen (not
    /// started yet).
    pub fn choose_game(&mut self, kind: GameKind, size: usize, level: u8) -> String {
        self.type_text("n");
        self.wait_for("the New game form", SLACK, |s| s.contains("Board size"));
        let title = kind.title();
        self.set_row("Game", |v| {
            if v.starts_with(title) {
                Ordering::Equal
            } else {
                Ordering::Less
            }
        });
        self.set_number("Board size", size as f64);
        self.set_row("Opponent", |v| {
            if v == "the AI" {
                Ordering::Equal
            } else {
                Ordering::Less
            }
        });
        self.set_number("AI level", f64::from(level));
        // The person makes the first turn, or in a bid picks a side after the AI's komi.
        self.set_row("You", |v| {
            if v.contains("moves first") || v.starts_with("pick a side") {
                Ordering::Equal
            } else {
                Ordering::Less
            }
        });
        self.set_number("AI time", LEAST_TIME)
    }

    /// Starts the game chosen in the form and waits for the board.
    pub fn start_game(&mut self) -> String {
        self.press(KeyCode::Enter);
        self.wait_for("the game screen", SLACK, |s| s.contains("Status"))
    }

    /// The first turn of a person against the AI: in a bid, waits for the AI's komi and
    /// takes the side that moves first; then places a stone at the cursor and waits for the
    /// AI's answer.
    pub fn first_turn(&mut self) {
        let s = self.wait_for("the person's turn", SLACK, |s| {
            s.contains("(moves first)") || s.contains("Enter place")
        });
        if s.contains("take vertical (moves first)") {
            self.type_text("v");
        } else if s.contains("take black (moves first)") {
            self.type_text("b");
        }
        self.wait_for("the person's turn to place", SLACK, |s| {
            s.contains("Enter place")
        });
        self.press(KeyCode::Enter);
        self.wait_for("the AI's answer to the stone", SLACK, |s| {
            s.contains("AI played")
        });
    }

    /// Asks for a hint and waits for it.
    pub fn hint(&mut self) {
        self.type_text("H");
        self.wait_for("the hint", SLACK, |s| s.contains("the AI would play"));
    }

    /// Turns analysis on, waits for its first numbers, turns it off.
    pub fn analyse(&mut self) {
        self.type_text("a");
        // Its spinner and its first numbers (a win rate, or a proven result).
        self.wait_for("analysis's numbers", SLACK, |s| {
            s.contains("analysis (level 10)…") && (s.contains('%') || s.contains("(proven)"))
        });
        self.type_text("a");
        self.wait_for("analysis off", SLACK, |s| s.contains("analysis off"));
    }

    /// Resigns, reviews the game and waits for the review to be done.
    pub fn resign_and_review(&mut self) {
        self.type_text(":resign");
        self.press(KeyCode::Enter);
        self.wait_for("the Game over box", SLACK, |s| s.contains("Game over"));
        self.type_text("R");
        self.wait_for("the review", 2 * SLACK, |s| s.contains("review done"));
    }

    /// Leaves a finished game for the menu.
    pub fn back_to_menu(&mut self) {
        self.press(KeyCode::Esc);
        self.wait_for("the menu", SLACK, |s| {
            s.contains("New game") && s.contains("Load game")
        });
    }
}
