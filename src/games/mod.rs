//! The five games behind one trait, and the registry that builds them by name.
//!
//! A game is a state machine over [`Step`]s. The search explores one step per tree level (a
//! multi-stone turn in Iris or Wunchunk is several steps by the same side); the interface places
//! one stone at a time; records, GTP and people see whole turns as tokens (SPEC §2), which
//! [`Game::parse_turn`] and [`Game::format_turn`] translate. [`Game`] holds the rules and the
//! notation only; what is shown about a position (the `tessera-state` JSON, status facts, score
//! breakdowns, the ownership overlay and the board's markers) is the separate [`Describe`]
//! trait, and what the search reads beyond the rules (counts, playout policy) is
//! [`SearchHints`].

pub mod carteso;
mod describe;
mod error;
pub mod fair_komi;
pub mod iris;
pub mod keil;
mod kind;
pub mod linage;
mod net_input;
pub(crate) mod opening;
mod registry;
pub mod rules_text;
mod search_hints;
mod solve_facts;
pub(crate) mod spec;
pub(crate) mod square;
pub(crate) mod state;
pub(crate) mod symmetry;
pub mod tuning;
mod types;
pub mod wunchunk;

pub use describe::Describe;
pub use error::{
    GameError, KomiError, NotationError, OptionsError, SetupError, SizeError, UnknownGame,
};
pub use kind::{format_komi, parse_komi, title_case, ButtonMode, GameKind, GameOptions, Protocol};
pub use net_input::{encode as encode_net_input, symmetry_image, NetInput, NetShape};
pub(crate) use registry::with_each_game;
pub use registry::{AnyGame, WithGame};
pub use search_hints::SearchHints;
pub use solve_facts::SolveGame;
pub use spec::{Placement, Spec, KATRAIN_POINTS_LOST};
pub(crate) use types::{compare_zero_padded, counted};
pub use types::{ChunkCounts, ChunkDelta, Illegal, Mark, Outcome, Side, Step, Stone};

use crate::board::{Cell, Geometry};

/// The rules of one game, as a position that can be played forward and back.
///
/// Contract, checked by the property tests in `tests/`:
/// - `legal_steps` lists exactly the steps for which `check` is `Ok`, without duplicates, and is
///   empty exactly when the game is over;
/// - `play` of a legal step then `undo` restores the exact position, `hash` included;
/// - `hash` equals the hash recomputed from scratch for the same position.
pub trait Game: Clone + std::fmt::Debug + Send + Sync + 'static {
    /// Which game this is.
    fn kind(&self) -> GameKind;

    /// The board.
    fn geometry(&self) -> &'static Geometry;

    /// The side whose step comes next (during the bid: the chooser for `komi=`, the second
    /// side for `play=`; see SPEC §5 `to_move`).
    fn to_move(&self) -> Side;

    /// Whether the game has ended.
    fn is_over(&self) -> bool;

    /// The result once the game is over; `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// Clears `out` and fills it with every legal next step, in board order (placements first
    /// in board order, then actions), allocation-free once `out` has grown.
    fn legal_steps(&self, out: &mut Vec<Step>);

    /// Whether `step` is legal now, and if not, why.
    fn check(&self, step: Step) -> Result<(), Illegal>;

    /// Plays a step that [`Game::check`] accepts. Playing an illegal step is a logic error
    /// (debug builds panic; release builds may corrupt the position).
    fn play(&mut self, step: Step);

    /// Takes back the last step played. Returns it, or `None` at the start.
    fn undo(&mut self) -> Option<Step>;

    /// 64-bit Zobrist hash of the whole position (board, side to move, turn progress and any
    /// state that changes what is legal or who wins).
    fn hash(&self) -> u64;

    /// What stands on a cell.
    fn stone_at(&self, cell: Cell) -> Option<crate::games::Stone>;

    /// Number of whole turns completed (every token counts: bid tokens, `pass`, `button`,
    /// `swap`); stones of a turn in progress are not counted.
    fn turns_completed(&self) -> usize;

    /// Steps already played in the turn in progress (0 at the start of a turn).
    fn steps_in_turn(&self) -> usize;

    /// Whether the players have exchanged sides: the player who made the game's first turn
    /// (the bid's komi chooser, Wunchunk's first player) now plays the second side.
    fn swapped(&self) -> bool {
        false
    }

    /// Each side's points as if the game ended now (komi and Keil's button included), for the
    /// territory games (Keil, Carteso, Linage); `None` for the others.
    fn points(&self) -> Option<[f64; 2]> {
        None
    }

    /// The result as a short string once the game is over (`W+2.5`, `V+12`,
    /// `B wins on chunks 3–5`, `Draw`).
    fn result_text(&self) -> Option<String>;

    /// Parses one step as written in `tessera-step` (`d4`, `Bd4`, `end`, `pass`, `swap`,
    /// `button`, `komi=6.5`, `play=white`). Does not check legality.
    fn parse_step(&self, text: &str) -> Result<Step, NotationError>;

    /// Writes one step as `tessera-step` and `tessera-legal` write it.
    fn format_step(&self, step: Step) -> String;

    /// Parses a whole turn token (SPEC §2) for the turn that starts now into its steps, filling
    /// in what the token leaves implicit (Iris's forced partner, Wunchunk's `end`). Does not
    /// check legality beyond the token's shape.
    fn parse_turn(&self, token: &str) -> Result<Vec<Step>, NotationError>;

    /// Writes the steps of one whole turn as its token (SPEC §2).
    fn format_turn(&self, steps: &[Step]) -> String;

    /// Plays `step` if it is legal.
    fn try_play(&mut self, step: Step) -> Result<(), Illegal> {
        self.check(step)?;
        self.play(step);
        Ok(())
    }

    /// Side name for people and protocols (`black`, `vertical`, …).
    fn side_name(&self, side: Side) -> &'static str {
        self.kind().side_name(side)
    }
}
