//! A game together with its history of whole turns: the common ground of GTP, game records and
//! the interface, which all think in turn tokens (SPEC §2) while the rules work in steps.

use crate::games::{
    AnyGame, Game, GameKind, GameOptions, Illegal, NotationError, SetupError, Side, Step,
};
use crate::quote::Quoted;

/// Why a turn token could not be played (nothing changed).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TurnError {
    /// Steps of a turn were played one by one and the turn is not finished.
    #[error("a turn is in progress: finish it step by step first")]
    InProgress,
    /// The token is no turn of the game.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// A step of the turn is illegal (the game is over, the point is taken, …); `stone` is
    /// the step's place in a turn of several stones, with the token.
    #[error("{error}{}", stone.as_ref().map_or(String::new(), |(i, t)| format!(" (stone {i} of {})", Quoted(t))))]
    Illegal {
        /// Why the step is illegal.
        error: Illegal,
        /// The step's number (from 1) and the token, in a turn of several steps.
        stone: Option<(usize, String)>,
    },
    /// The token holds more steps than the turn.
    #[error("{} has more steps than the turn allows", Quoted(token))]
    TooManySteps {
        /// The token as given.
        token: String,
    },
    /// The token's steps leave the turn unfinished.
    #[error("{} does not complete the turn", Quoted(token))]
    Incomplete {
        /// The token as given.
        token: String,
    },
}

/// One completed turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    /// Who played it.
    pub side: Side,
    /// Its steps, as played.
    pub steps: Vec<Step>,
    /// Its token, as SPEC §2 writes it.
    pub token: String,
}

/// A game in progress with its turn log.
#[derive(Clone, Debug)]
pub struct Session {
    kind: GameKind,
    options: GameOptions,
    game: AnyGame,
    turns: Vec<Turn>,
    pending: Vec<Step>,
}

/// A game with what is known of it besides its turns: when it started and how it ended. The
/// interface saves and resumes one ([`crate::tui`]'s saved game), a server sends one to its
/// players and watchers ([`crate::online::GameUpdate`]), a record stores one.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The game and its turns.
    pub session: Session,
    /// When the game started (RFC 3339, UTC).
    pub started: String,
    /// The result, once the game is over (including a resignation, and on a server a loss on
    /// time).
    pub result: Option<String>,
}

impl Session {
    /// A new game.
    pub fn new(kind: GameKind, options: GameOptions) -> Result<Session, SetupError> {
        let game = AnyGame::new(kind, &options)?;
        Ok(Session {
            kind,
            options,
            game,
            turns: Vec::new(),
            pending: Vec::new(),
        })
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The options it started with.
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The current position.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The completed turns.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The steps of the turn in progress.
    pub fn pending(&self) -> &[Step] {
        &self.pending
    }

    /// The tokens of the completed turns.
    pub fn tokens(&self) -> Vec<String> {
        self.turns.iter().map(|t| t.token.clone()).collect()
    }

    /// Plays one step of the turn in progress; completes the turn when the game says it is over.
    pub fn play_step(&mut self, step: Step) -> Result<(), Illegal> {
        let side = self.game.to_move();
        let before = self.game.turns_completed();
        self.game.try_play(step)?;
        self.pending.push(step);
        if self.game.turns_completed() != before {
            let steps = std::mem::take(&mut self.pending);
            let token = self.game.format_turn(&steps);
            self.turns.push(Turn { side, steps, token });
        }
        Ok(())
    }

    /// Plays a whole turn token for the side to move. On error nothing changes; the message
    /// says what is wrong with the token or which step is illegal and why.
    pub fn play_turn(&mut self, token: &str) -> Result<(), TurnError> {
        if !self.pending.is_empty() {
            return Err(TurnError::InProgress);
        }
        if self.game.is_over() {
            return Err(TurnError::Illegal {
                error: Illegal::GameOver,
                stone: None,
            });
        }
        let steps = self.game.parse_turn(token)?;
        let mut trial = self.clone();
        let before = trial.game.turns_completed();
        for (i, &step) in steps.iter().enumerate() {
            if trial.game.turns_completed() != before {
                return Err(TurnError::TooManySteps {
                    token: token.into(),
                });
            }
            trial.play_step(step).map_err(|error| TurnError::Illegal {
                error,
                stone: (steps.len() > 1).then(|| (i + 1, token.to_string())),
            })?;
        }
        if trial.game.turns_completed() == before {
            return Err(TurnError::Incomplete {
                token: token.into(),
            });
        }
        *self = trial;
        Ok(())
    }

    /// Takes back one step (the last stone of the turn in progress, or the last step of the
    /// last completed turn, which then becomes the turn in progress).
    pub fn undo_step(&mut self) -> Option<Step> {
        if self.pending.is_empty() {
            let turn = self.turns.pop()?;
            self.pending = turn.steps;
        }
        let step = self.pending.pop()?;
        let undone = self.game.undo();
        debug_assert_eq!(undone, Some(step));
        Some(step)
    }

    /// Takes back the turn in progress if any stones of it are on the board, else the last
    /// completed turn. Returns whether anything was taken back.
    pub fn undo_turn(&mut self) -> bool {
        if self.pending.is_empty() {
            let Some(turn) = self.turns.pop() else {
                return false;
            };
            self.pending = turn.steps;
        }
        while self.pending.pop().is_some() {
            self.game.undo();
        }
        true
    }

    /// The position after the first `turns` completed turns (replayed from the start).
    pub fn position_after(&self, turns: usize) -> AnyGame {
        let mut g = AnyGame::new(self.kind, &self.options).expect("options were valid at start");
        for t in self.turns.iter().take(turns) {
            for &s in &t.steps {
                g.play(s);
            }
        }
        g
    }
}
