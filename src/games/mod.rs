//! The five games behind one trait, and the registry that builds them by name.
//!
//! A game is a state machine over [`Step`]s. The search explores one step per tree level (a
//! multi-stone turn in Iris or Wunchunk is several steps by the same side); the interface places
//! one stone at a time; records, GTP and people see whole turns as tokens (SPEC §2), which
//! [`Game::parse_turn`] and [`Game::format_turn`] translate. [`Game`] holds the rules only; what
//! is shown about a position (the `tessera-state` JSON, status facts, score breakdowns) is the
//! separate [`Describe`] trait.

pub mod carteso;
mod describe;
mod error;
pub mod fair_komi;
pub mod iris;
pub mod keil;
mod kind;
pub mod linage;
pub(crate) mod opening;
mod registry;
pub mod rules_text;
pub(crate) mod spec;
pub(crate) mod square;
pub(crate) mod state;
pub mod tuning;
mod types;
pub mod wunchunk;

pub use describe::Describe;
pub use error::{GameError, KomiError, NotationError, OptionsError, SetupError, UnknownGame};
pub use kind::{format_komi, parse_komi, title_case, ButtonMode, GameKind, GameOptions, Protocol};
pub use registry::{AnyGame, WithGame};
pub use spec::{Placement, Spec, KATRAIN_POINTS_LOST};
pub(crate) use types::{compare_zero_padded, counted};
pub use types::{ChunkCounts, ChunkDelta, Illegal, Mark, Outcome, Side, Step, Stone};

use crate::board::{Cell, Geometry};
use crate::rng::FastRng;

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

    /// [`Game::stone_at`] as a small number: 0 for an empty cell, else 1 + the stone's
    /// [`Stone::index`](crate::games::Stone::index). The search's placement patterns read six
    /// or eight of these for every candidate of every playout step, so a game may answer
    /// without branches; the default derives it from [`Game::stone_at`].
    #[inline]
    fn stone_code(&self, cell: Cell) -> u8 {
        self.stone_at(cell).map_or(0, |s| 1 + s.index() as u8)
    }

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

    /// The step a uniformly random playout takes here (the `tessera bench` policy of each
    /// game): a uniformly random legal placement, else the game's fallback (`button`, `pass`,
    /// `end`). `buf` is scratch space. The game must not be over.
    fn random_step(&self, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
        self.legal_steps(buf);
        let places = buf.iter().filter(|s| s.is_place()).count();
        if places > 0 {
            let k = rng.below(places);
            return *buf
                .iter()
                .filter(|s| s.is_place())
                .nth(k)
                .expect("k < places");
        }
        for fallback in [Step::Button, Step::End, Step::Pass] {
            if buf.contains(&fallback) {
                return fallback;
            }
        }
        buf[rng.below(buf.len())]
    }

    /// Per cell, the ownership the interface's overlay (`t`) shows: Keil territories, Linage
    /// regions by owner (free regions as [`Mark::Free`]), Carteso finished groups. Empty when
    /// the game has no such notion.
    fn ownership(&self) -> Vec<Option<Mark>> {
        Vec::new()
    }

    /// Carteso: the side that claimed the group on this cell (drawn as a marker).
    fn claimed_by(&self, _cell: Cell) -> Option<Side> {
        None
    }

    /// Iris: the pair label of a coloured cell (0-based, SPEC §3), `None` for gray cells.
    fn pair_label(&self, _cell: Cell) -> Option<u16> {
        None
    }

    // What the search asks of a game: the rules' own counts, so that `search` never re-derives
    // them (and a new game touches only `games`).

    /// Per cell (in cell order), the side the cell counts for if the game ended now: stones
    /// and territory in Keil, claimed stones in Carteso, the points of owned regions in Linage,
    /// the colour on the cell in Iris and Wunchunk (the default: black stones the first side's,
    /// white the second's). The search accumulates it over its playouts for the ownership map.
    fn final_owners(&self, out: &mut Vec<Option<Side>>) {
        out.clear();
        out.extend(self.geometry().all_cells().map(|c| match self.stone_at(c) {
            Some(Stone::Black) => Some(Side::First),
            Some(Stone::White) => Some(Side::Second),
            _ => None,
        }));
    }

    /// The scores a side's groups would get if the game ended now, high to low, in the games
    /// decided by comparing such lists (Iris: coloured cells per group); `None` elsewhere.
    fn group_scores(&self, _side: Side) -> Option<Vec<u32>> {
        None
    }

    /// A colour's chunks and crumbs now (Wunchunk, where the side is the colour); `None` in
    /// the other games.
    fn chunk_counts(&self, _colour: Side) -> Option<ChunkCounts> {
        None
    }

    /// What placing `stone` on the empty `cell` would do to that colour's chunks and crumbs
    /// (Wunchunk); `None` in the other games.
    fn chunk_delta(&self, _cell: Cell, _stone: Stone) -> Option<ChunkDelta> {
        None
    }

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
