//! History stepping on the game screen: showing an earlier position without changing the
//! game (`[ ]`, Home, End).

use super::play::Play;
use crate::games::Game;

impl Play {
    /// History stepping: `to` is a turn number (0 = the start); the last turn returns to the
    /// live game.
    pub fn view_turn(&mut self, to: usize) {
        let last = self.session.turns().len();
        // A message about another turn ("turn 13: pass was a blunder…", from `n`) does not
        // stay under a position it is not about.
        if self
            .note
            .as_ref()
            .is_some_and(|n| n.about_turn.is_some_and(|t| t != to))
        {
            self.note = None;
        }
        if to >= last && self.session.pending().is_empty() || to > last {
            self.leave_history();
            return;
        }
        // Step from the position shown (undo back or play forward) when that is closer than
        // replaying from the start: long games have tens of thousands of turns.
        let (from, mut g) = match self.viewing.take() {
            Some((n, g)) => (n, g),
            None => {
                let mut g = self.game().clone();
                for _ in self.session.pending() {
                    g.undo();
                }
                (last, g)
            }
        };
        if from.abs_diff(to) < to {
            let turns = self.session.turns();
            if to < from {
                for t in turns[to..from].iter().rev() {
                    for _ in &t.steps {
                        g.undo();
                    }
                }
            } else {
                for t in &turns[from..to] {
                    for &s in &t.steps {
                        g.play(s);
                    }
                }
            }
        } else {
            g = self.session.position_after(to);
        }
        self.viewing = Some((to, g));
    }

    /// Back to the live game; a message about viewing the history goes with it.
    pub fn leave_history(&mut self) {
        self.viewing = None;
        if self
            .note
            .as_ref()
            .is_some_and(|n| n.text.starts_with("viewing the history"))
        {
            self.note = None;
        }
    }

    /// The turn number history stepping is at (the live game counts as the last).
    pub fn viewed_turn(&self) -> usize {
        self.viewing
            .as_ref()
            .map_or(self.session.turns().len(), |(n, _)| *n)
    }
}
