//! Turn bookkeeping shared by Carteso and Linage: the opening protocol, whose turn it is,
//! consecutive passes (two end the game), and the small texts both games write the same way.

use crate::games::opening::Opening;
use crate::games::{format_komi, GameKind, Illegal, NotationError, Outcome, Side, Step};
use crate::zobrist::{extra, extra_key};

/// Everything about the turn order that is not on the board. Small and `Copy`: each undo
/// entry keeps the previous value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnState {
    opening: Opening,
    /// Side to move once the opening is settled.
    mover: Side,
    /// Passes in succession just before now (2 = the game is over).
    passes: u8,
}

impl TurnState {
    /// The start of a game with this opening (Vertical moves first once komi is settled).
    pub fn new(opening: Opening) -> Self {
        TurnState {
            opening,
            mover: Side::First,
            passes: 0,
        }
    }

    /// The same state with `side` to move once the opening is settled (set-up positions).
    pub fn with_mover(mut self, side: Side) -> Self {
        self.mover = side;
        self
    }

    /// The opening protocol's state.
    #[inline]
    pub fn opening(&self) -> &Opening {
        &self.opening
    }

    /// The side whose step comes next (the bid's chooser while komi is being settled).
    #[inline]
    #[allow(clippy::wrong_self_convention)] // "the side to move", not a conversion
    pub fn to_move(&self) -> Side {
        self.opening.to_move().unwrap_or(self.mover)
    }

    /// Passes in succession just before now.
    #[inline]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Whether two passes in succession have ended the game.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// Whether placements and passes are what comes next (komi settled, game not over).
    #[inline]
    pub fn in_play(&self) -> bool {
        self.opening.is_settled() && !self.is_over()
    }

    /// The Zobrist keys of this state: side to move, last-was-pass, over, opening phase and komi.
    pub fn hash(&self) -> u64 {
        let mut h = self.opening.hash();
        if self.to_move() == Side::Second {
            h ^= extra_key(extra::SECOND_TO_MOVE);
        }
        if self.passes >= 1 {
            h ^= extra_key(extra::LAST_WAS_PASS);
        }
        if self.passes >= 2 {
            h ^= extra_key(extra::OVER);
        }
        h
    }

    /// Whether a step is allowed by the turn order. `Ok` for a placement means only that a
    /// placement may be made now; the game checks the point.
    pub fn check(&self, step: Step) -> Result<(), Illegal> {
        if self.is_over() {
            return Err(Illegal::GameOver);
        }
        self.opening.check(step)?;
        match step {
            Step::Place { .. } | Step::Pass | Step::Komi(_) | Step::Choose(_) => Ok(()),
            Step::Button => Err(Illegal::NotNow("there is no button in this game")),
            Step::Swap => Err(Illegal::NotNow("there is no swap in this game")),
            Step::End => Err(Illegal::NotNow("a turn is a single step in this game")),
        }
    }

    /// Records a step the game has checked; returns the change of [`TurnState::hash`]
    /// (worked out directly for placements and passes, the steps of every playout).
    pub fn advance(&mut self, step: Step) -> u64 {
        let before = self.passes;
        match step {
            Step::Komi(_) | Step::Choose(_) => {
                let old = self.hash();
                self.opening.play(step);
                return old ^ self.hash();
            }
            Step::Pass => self.passes += 1,
            _ => self.passes = 0,
        }
        self.mover = self.mover.other();
        let mut delta = extra_key(extra::SECOND_TO_MOVE);
        if (before >= 1) != (self.passes >= 1) {
            delta ^= extra_key(extra::LAST_WAS_PASS);
        }
        if (before >= 2) != (self.passes >= 2) {
            delta ^= extra_key(extra::OVER);
        }
        delta
    }

    /// Appends the protocol steps while komi is being settled.
    pub fn opening_steps(&self, out: &mut Vec<Step>) {
        self.opening.legal_steps(out);
    }
}

/// The winner from both sides' points (komi included): higher wins, equal draws.
pub fn outcome_from_points(points: [f64; 2]) -> Outcome {
    if points[0] > points[1] {
        Outcome::Win(Side::First)
    } else if points[1] > points[0] {
        Outcome::Win(Side::Second)
    } else {
        Outcome::Draw
    }
}

/// `V+12`, `H+3.5` or `Draw`.
pub fn result_from_points(kind: GameKind, points: [f64; 2]) -> String {
    match outcome_from_points(points) {
        Outcome::Draw => "Draw".into(),
        Outcome::Win(s) => {
            let margin = (points[s.index()] - points[s.other().index()]).abs();
            format!("{}+{}", kind.side_letter(s), format_points(margin))
        }
    }
}

/// A number of points as people write it: `12`, `3.5`.
pub fn format_points(v: f64) -> String {
    format_komi((v * 2.0).round() as u16)
}

/// Parses the steps both square games share: `pass`, `komi=X`, `play=<side>`. `None` when
/// the text is none of them (a placement, or garbage).
pub fn parse_common(kind: GameKind, text: &str) -> Option<Result<Step, NotationError>> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Some(Ok(Step::Pass));
    }
    crate::games::opening::Opening::parse_step(kind, t)
}

/// Writes the steps both square games share; `None` for a placement.
pub fn format_common(kind: GameKind, step: Step) -> Option<String> {
    match step {
        Step::Pass => Some("pass".into()),
        _ => Opening::format_step(kind, step),
    }
}

/// The single step of a one-step turn token.
pub fn single_step_turn(steps: &[Step]) -> Step {
    assert_eq!(steps.len(), 1, "a turn is one step in this game: {steps:?}");
    steps[0]
}
