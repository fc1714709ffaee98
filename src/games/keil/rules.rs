//! The step machine: which steps are legal, playing them, taking them back, and the random
//! playout step of `tessera bench`.

use super::board::Verdict;
use super::links::EMPTY;
use super::repetition::Entry;
use super::{colour_of, Keil, Undo};
use crate::board::{Cell, Mask};
use crate::games::{Game, Illegal, Step, Stone};
use crate::rng::FastRng;

impl Keil {
    /// Whether the button is on the table (in play, komi settled, nobody has taken it): then
    /// `pass` is illegal and `button` legal.
    pub fn button_on_table(&self) -> bool {
        self.opening.is_settled() && self.opening.button_on() && self.button.is_none()
    }

    /// The full placement test of `colour` on the empty point `p`: suicide, then repetition.
    fn test_placement(&self, p: Cell, colour: u8) -> Result<(), Illegal> {
        let (board_key, captured) = match self.board.test(p, colour) {
            Verdict::Quiet(key) => (key, Mask::EMPTY),
            Verdict::Captures(key, captured) => (key, captured),
            Verdict::Suicide => return Err(Illegal::Suicide),
        };
        let repeats = self.repetitions.contains(
            self.position_key(board_key),
            self.to_move,
            self.button.is_some(),
            |snap| {
                self.board
                    .result_equals(p, colour, &captured, self.snapshot(snap))
            },
        );
        if repeats {
            return Err(Illegal::Repetition);
        }
        Ok(())
    }

    /// Why `step` is illegal.
    pub(super) fn check_step(&self, step: Step) -> Result<(), Illegal> {
        if self.is_over() {
            return Err(Illegal::GameOver);
        }
        if !self.opening.is_settled() {
            return self.opening.check(step);
        }
        match step {
            Step::Komi(_) | Step::Choose(_) => self.opening.check(step),
            Step::Pass if self.button_on_table() => Err(Illegal::MustTakeButtonOrPlay),
            Step::Pass => Ok(()),
            Step::Button if !self.opening.button_on() => {
                Err(Illegal::NotNow("this game is played without the button"))
            }
            Step::Button if self.button.is_some() => {
                Err(Illegal::NotNow("the button has already been taken"))
            }
            Step::Button => Ok(()),
            Step::Swap => Err(Illegal::NotNow("Keil has no swap")),
            Step::End => Err(Illegal::NotNow(
                "a Keil turn is a single step: there is nothing to end",
            )),
            Step::Place { cell, stone } => {
                if cell as usize >= self.geo.cells() {
                    return Err(Illegal::Rule("that point is not on the board"));
                }
                if stone != Stone::of_side(self.to_move) {
                    return Err(Illegal::WrongColour(
                        "in Keil you place stones of your own colour",
                    ));
                }
                if self.board.value(cell) != EMPTY {
                    return Err(Illegal::Occupied);
                }
                self.test_placement(cell, colour_of(self.to_move))
            }
        }
    }

    pub(super) fn play_step(&mut self, step: Step) {
        debug_assert!(self.check(step).is_ok(), "illegal step {step:?}");
        let mover = self.to_move();
        self.history.push(Undo {
            step,
            to_move: self.to_move,
            button: self.button,
            passes: self.passes,
            opening: self.opening,
        });
        match step {
            Step::Komi(_) | Step::Choose(_) => {
                self.opening.play(step);
                if self.opening.is_settled() {
                    self.to_move = self.first_to_move;
                }
            }
            Step::Pass => self.passes += 1,
            Step::Button => {
                self.button = Some(mover);
                self.passes = 0;
            }
            Step::Place { cell, .. } => {
                // `check` accepted it; playing finds the captures by itself.
                self.board.apply(cell, colour_of(mover));
                self.passes = 0;
            }
            Step::Swap | Step::End => unreachable!("not a Keil step"),
        }
        self.board.push_snapshot(&mut self.snapshots);
        if !matches!(step, Step::Komi(_) | Step::Choose(_)) {
            self.repetitions.push(Entry {
                key: self.position_key(self.board.key()),
                side: mover,
                button_taken: self.button.is_some(),
                snapshot: self.history.len() as u32,
            });
            self.to_move = mover.other();
        }
    }

    pub(super) fn undo_step(&mut self) -> Option<Step> {
        let record = self.history.pop()?;
        let n = 2 * self.board.snapshot_words();
        self.snapshots.truncate((self.history.len() + 1) * n);
        let board = &mut self.board;
        board.load_snapshot(&self.snapshots[self.history.len() * n..]);
        if !matches!(record.step, Step::Komi(_) | Step::Choose(_)) {
            self.repetitions.pop(record.to_move);
        }
        self.to_move = record.to_move;
        self.button = record.button;
        self.passes = record.passes;
        self.opening = record.opening;
        Some(record.step)
    }

    pub(super) fn legal_steps_into(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.is_over() {
            return;
        }
        if !self.opening.is_settled() {
            self.opening.legal_steps(out);
            return;
        }
        let colour = colour_of(self.to_move);
        let stone = Stone::of_side(self.to_move);
        for cell in self.geo.all_cells() {
            if self.board.value(cell) == EMPTY && self.test_placement(cell, colour).is_ok() {
                out.push(Step::Place { cell, stone });
            }
        }
        if self.button_on_table() {
            out.push(Step::Button);
        } else {
            out.push(Step::Pass);
        }
    }

    /// The bench policy: a uniformly random legal placement (sampling the empty points without
    /// replacement until one passes the test); when none is legal, `button` if it is on the
    /// table, else `pass`. During the bid: a uniformly random protocol step.
    pub(super) fn random_playout_step(&self, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
        debug_assert!(!self.is_over());
        if !self.opening.is_settled() {
            self.opening_steps_into(buf);
            return buf[rng.below(buf.len())];
        }
        let colour = colour_of(self.to_move);
        let stone = Stone::of_side(self.to_move);
        let empties = self.board.empties();
        if !empties.is_empty() {
            // The first pick needs no copy of the empty list: it is usually legal.
            let first = rng.below(empties.len());
            let cell = empties[first];
            if self.test_placement(cell, colour).is_ok() {
                return Step::Place { cell, stone };
            }
            buf.clear();
            buf.extend(empties.iter().map(|&cell| Step::Place { cell, stone }));
            buf.swap_remove(first);
            while !buf.is_empty() {
                let i = rng.below(buf.len());
                let step = buf[i];
                let cell = step.cell().expect("placements only");
                if self.test_placement(cell, colour).is_ok() {
                    return step;
                }
                buf.swap_remove(i);
            }
        }
        if self.button_on_table() {
            Step::Button
        } else {
            Step::Pass
        }
    }

    fn opening_steps_into(&self, out: &mut Vec<Step>) {
        out.clear();
        self.opening.legal_steps(out);
    }
}
