//! The registry: one enum over the five games, so programs can hold "a game" chosen at run time
//! and still call the search, GTP and interface code written against [`Game`]. It is where a
//! game joins the program: its line below names its type and its [`Spec`], and from that line
//! come [`AnyGame`]'s variant, [`GameKind::ALL`] and [`GameKind::spec`].

use super::spec::Spec;
use super::{
    ChunkCounts, ChunkDelta, Game, GameError, GameKind, GameOptions, Illegal, Mark, NotationError,
    Outcome, SetupError, Side, Step, Stone,
};
use crate::board::{Cell, Geometry};
use crate::games::{Describe, NetInput, NetShape, SearchHints};
use crate::rng::FastRng;

/// Declares [`AnyGame`] over the listed games, [`GameKind::ALL`] in the order listed (the
/// menu's) and [`GameKind::spec`]. Each listed type must implement [`Game`] and have
/// `fn new(&GameOptions) -> Result<Self, SetupError>`; the variant name is the [`GameKind`],
/// and the path after the type is the game's [`Spec`].
macro_rules! registry {
    ($($variant:ident => $ty:path, $spec:path),* $(,)?) => {
        /// Any of the games, chosen at run time.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $(
                #[doc = concat!("A game of ", stringify!($variant), ".")]
                $variant($ty),
            )*
        }

        /// Calls `$body` with `$g` bound to the concrete game inside an [`AnyGame`]: the
        /// trait impls below forward through it, and work that needs a game's own type and
        /// more than the [`Game`] trait uses it (the solvers, [`crate::games::SolveGame`]), so
        /// that it is compiled once per game without the enum's dispatch in its inner loop.
        macro_rules! with_each_game {
            ($any:expr, $g:ident => $body:expr) => {
                match $any { $($crate::games::AnyGame::$variant($g) => $body,)* }
            };
        }
        pub(crate) use with_each_game;

        impl AnyGame {
            /// Starts a game of `kind` with `options`; the error says which option is wrong.
            pub fn new(kind: GameKind, options: &GameOptions) -> Result<AnyGame, SetupError> {
                match kind {
                    $(GameKind::$variant => Ok(AnyGame::$variant(<$ty>::new(options)?)),)*
                }
            }

            /// Runs `job` on the game as its own type (see [`WithGame`]).
            pub fn with_game<J: WithGame>(&self, job: J) -> J::Output {
                match self { $(AnyGame::$variant(g) => job.run(g),)* }
            }
        }

        impl GameKind {
            /// Every game, in menu order (the order of the registry below).
            pub const ALL: [GameKind; [$(stringify!($variant)),*].len()] =
                [$(GameKind::$variant),*];

            /// The game's facts as the rest of the program asks for them.
            pub fn spec(self) -> &'static Spec {
                match self {
                    $(GameKind::$variant => &$spec,)*
                }
            }
        }
    };
}

/// Work generic over the game type, run by [`AnyGame::with_game`] on the game inside: code
/// that runs long on one position (the search) is then compiled for each game, calls into the
/// rules are direct and the small ones inline, instead of a `match` on every call.
pub trait WithGame {
    /// What the work gives back.
    type Output;
    /// Does the work on `game`.
    fn run<G: SearchHints>(self, game: &G) -> Self::Output;
}

registry! {
    Keil => super::keil::Keil, super::keil::SPEC,
    Carteso => super::carteso::Carteso, super::carteso::SPEC,
    Iris => super::iris::Iris, super::iris::SPEC,
    Linage => super::linage::Linage, super::linage::SPEC,
    Wunchunk => super::wunchunk::Wunchunk, super::wunchunk::SPEC,
}

impl AnyGame {
    /// Starts a game from a name and `key=value` options (as `tessera-game` takes them).
    pub fn from_args(name: &str, args: &[&str]) -> Result<AnyGame, GameError> {
        let kind: GameKind = name.parse()?;
        let options = GameOptions::parse(kind, args)?;
        Ok(AnyGame::new(kind, &options)?)
    }
}

impl Game for AnyGame {
    fn kind(&self) -> GameKind {
        with_each_game!(self, g => g.kind())
    }
    fn geometry(&self) -> &'static Geometry {
        with_each_game!(self, g => g.geometry())
    }
    fn to_move(&self) -> Side {
        with_each_game!(self, g => g.to_move())
    }
    fn is_over(&self) -> bool {
        with_each_game!(self, g => g.is_over())
    }
    fn outcome(&self) -> Option<Outcome> {
        with_each_game!(self, g => g.outcome())
    }
    fn legal_steps(&self, out: &mut Vec<Step>) {
        with_each_game!(self, g => g.legal_steps(out))
    }
    fn check(&self, step: Step) -> Result<(), Illegal> {
        with_each_game!(self, g => g.check(step))
    }
    fn play(&mut self, step: Step) {
        with_each_game!(self, g => g.play(step))
    }
    fn undo(&mut self) -> Option<Step> {
        with_each_game!(self, g => g.undo())
    }
    fn hash(&self) -> u64 {
        with_each_game!(self, g => g.hash())
    }
    fn stone_at(&self, cell: Cell) -> Option<Stone> {
        with_each_game!(self, g => g.stone_at(cell))
    }
    fn turns_completed(&self) -> usize {
        with_each_game!(self, g => g.turns_completed())
    }
    fn steps_in_turn(&self) -> usize {
        with_each_game!(self, g => g.steps_in_turn())
    }
    fn swapped(&self) -> bool {
        with_each_game!(self, g => g.swapped())
    }
    fn points(&self) -> Option<[f64; 2]> {
        with_each_game!(self, g => g.points())
    }
    fn result_text(&self) -> Option<String> {
        with_each_game!(self, g => g.result_text())
    }
    fn parse_step(&self, text: &str) -> Result<Step, NotationError> {
        with_each_game!(self, g => g.parse_step(text))
    }
    fn format_step(&self, step: Step) -> String {
        with_each_game!(self, g => g.format_step(step))
    }
    fn parse_turn(&self, token: &str) -> Result<Vec<Step>, NotationError> {
        with_each_game!(self, g => g.parse_turn(token))
    }
    fn format_turn(&self, steps: &[Step]) -> String {
        with_each_game!(self, g => g.format_turn(steps))
    }
}

impl SearchHints for AnyGame {
    fn stone_code(&self, cell: Cell) -> u8 {
        with_each_game!(self, g => g.stone_code(cell))
    }
    fn final_owners(&self, out: &mut Vec<Option<Side>>) {
        with_each_game!(self, g => g.final_owners(out))
    }
    fn group_scores(&self, side: Side) -> Option<Vec<u32>> {
        with_each_game!(self, g => SearchHints::group_scores(g, side))
    }
    fn chunk_counts(&self, colour: Side) -> Option<ChunkCounts> {
        with_each_game!(self, g => g.chunk_counts(colour))
    }
    fn chunk_delta(&self, cell: Cell, stone: Stone) -> Option<ChunkDelta> {
        with_each_game!(self, g => g.chunk_delta(cell, stone))
    }
    fn dominated(&self, step: Step) -> bool {
        with_each_game!(self, g => g.dominated(step))
    }
    fn random_step(&self, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
        with_each_game!(self, g => g.random_step(rng, buf))
    }
}

impl NetInput for AnyGame {
    fn net_shape(&self) -> Option<NetShape> {
        with_each_game!(self, g => g.net_shape())
    }
    fn net_planes(&self, bits: &mut [u8], scalars: &mut [f32]) {
        with_each_game!(self, g => g.net_planes(bits, scalars))
    }
    fn net_point(&self, cell: Cell) -> usize {
        with_each_game!(self, g => g.net_point(cell))
    }
    fn net_index(&self, step: Step) -> Option<usize> {
        with_each_game!(self, g => g.net_index(step))
    }
}

impl Describe for AnyGame {
    fn state_json(&self) -> serde_json::Value {
        with_each_game!(self, g => g.state_json())
    }
    fn status(&self) -> Vec<(&'static str, String)> {
        with_each_game!(self, g => g.status())
    }
    fn score_breakdown(&self) -> Vec<String> {
        with_each_game!(self, g => g.score_breakdown())
    }
    fn ownership(&self) -> Vec<Option<Mark>> {
        with_each_game!(self, g => g.ownership())
    }
    fn claimed_by(&self, cell: Cell) -> Option<Side> {
        with_each_game!(self, g => g.claimed_by(cell))
    }
    fn pair_label(&self, cell: Cell) -> Option<u16> {
        with_each_game!(self, g => g.pair_label(cell))
    }
}
