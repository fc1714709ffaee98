//! Keil (seed 000, SPEC §3): go on a hexhex board where stones connect through *links* that
//! depend on the common neighbours of two points, with captures, the repetition rule on each
//! player's own earlier positions, territory, komi and the button.
//!
//! Layout: `links` precomputes each point's neighbours in cyclic order and its *diagonals*
//! (which give every pair's common neighbours), and the neighbour *patterns* through which the
//! hot paths read links with a few shifts and masks; `board` holds the stones with the
//! patterns of every point's neighbours and diagonals and incrementally maintained groups
//! (labels, circular stone lists, pseudo-liberty counts), tests placements (mostly from the
//! patterns alone) and plays them (finding the captures itself, re-forming groups that a
//! placement cuts); `repetition` remembers the positions at the end of each player's turns;
//! `rules` is the step machine (check, play, undo, random playout step); `score` counts
//! territory and points; `notation` reads and writes tokens, pictures and the `tessera-state`
//! JSON.
//!
//! Decisions where the seed and SPEC are silent:
//! - The repetition rule applies to placements only: `pass` (once allowed) and `button` are
//!   legal even when the position equals an earlier one; they still enter the passer's memory.
//! - A placement token may carry its colour (`Bd4`); `check` refuses a colour that is not the
//!   mover's. Output always writes the bare point (`d4`).
//! - Hand-built start positions ([`Keil::from_position`], [`Keil::from_picture`]) are refused
//!   when a group has no liberty (no game reaches one); the start position is nobody's earlier
//!   position, like the empty board.
//! - Under the bid with `button = auto`, the button follows the komi the bid sets.
//! - [`Game::hash`] covers the board, side to move, button holder, a pending pass, the end and
//!   the protocol state, but not the repetition memory: two positions with equal hashes can
//!   differ in which placements the repetition rule forbids.
//! - The bench policy (`random_step`): a uniformly random legal placement, else `button` if it
//!   is on the table, else `pass`. Because a player passes only when no placement is legal, a
//!   random game lasts about 30,000 plies on side 7 (players keep filling their own eyes and
//!   being captured until both run out of legal placements), against the 217 plies the seed's
//!   reference program reports for its random playouts, which draw `pass` and `button` among
//!   all legal steps (`tessera bench` measures that policy too, in a second row).

mod board;
pub(crate) mod links;
mod net_input;
mod notation;
mod repetition;
mod rules;
pub(crate) mod rules_text;
mod score;
mod solve;
mod spec;
#[cfg(test)]
mod tests;
pub(super) mod tuning;

pub(crate) use spec::SPEC;

pub use score::Territory;

use super::opening::Opening;
use super::{
    Game, GameKind, GameOptions, Illegal, Mark, NotationError, Outcome, SetupError, Side,
    SizeError, Step, Stone,
};
use crate::board::{Cell, Geometry};
use crate::games::{Describe, SearchHints};
use crate::rng::FastRng;
use board::Board;
use links::{LinkTable, BLACK, EMPTY, WHITE};
use repetition::Repetitions;

/// Zobrist extra-key index XORed in once the button has been taken (by anyone): this is the
/// part of the button that belongs to the position of the repetition rule.
const KEY_BUTTON_TAKEN: usize = crate::zobrist::extra::GAME_SPECIFIC;
/// Zobrist extra-key index XORed in while White holds the button (it changes who wins).
const KEY_BUTTON_WHITE: usize = crate::zobrist::extra::GAME_SPECIFIC + 1;

/// What `undo` needs besides the board snapshot: the small state before a step.
#[derive(Clone, Copy, Debug)]
struct Undo {
    step: Step,
    to_move: Side,
    button: Option<Side>,
    passes: u8,
    opening: Opening,
}

/// A Keil position with its history (for undo and the repetition rule).
#[derive(Clone)]
pub struct Keil {
    geo: &'static Geometry,
    /// Boxed: the board's fixed-size arrays are a few kilobytes, which would make every
    /// [`crate::games::AnyGame`] that large.
    board: Box<Board>,
    opening: Opening,
    /// Who moves once komi is settled and nothing has been played (Black, unless a hand-built
    /// position says otherwise).
    first_to_move: Side,
    /// The side to move once komi is settled.
    to_move: Side,
    /// Who took the button.
    button: Option<Side>,
    /// Passes in succession (two end the game).
    passes: u8,
    history: Vec<Undo>,
    /// Board snapshots ([`Board::push_snapshot`], `2 * words` each): the start, then the board
    /// after every step.
    snapshots: Vec<u64>,
    repetitions: Repetitions,
}

impl Keil {
    /// A new game: the empty board of `options.size` (3…12), the komi protocol and button of
    /// `options`.
    pub fn new(options: &GameOptions) -> Result<Keil, SetupError> {
        Keil::from_position(options, &[], Side::First)
    }

    /// A game that starts from a hand-built position (puzzles, tests): `stones` on the board of
    /// `options.size`, `to_move` to play once komi is settled. The start position is not one
    /// of anybody's earlier positions for the repetition rule. Refused when a cell repeats, a
    /// stone is neutral, or some group has no liberty (no game can reach such a position).
    pub fn from_position(
        options: &GameOptions,
        stones: &[(Cell, Stone)],
        to_move: Side,
    ) -> Result<Keil, SetupError> {
        if !GameKind::Keil.sizes().contains(&options.size) {
            return Err(SetupError::Size(SizeError {
                kind: GameKind::Keil,
                size: options.size,
            }));
        }
        let geo = Geometry::hex(options.size);
        let opening = Opening::new(options, geo.cells())?;
        let links = LinkTable::of(geo);
        let mut values = vec![EMPTY; geo.cells()];
        for &(c, stone) in stones {
            let slot = values
                .get_mut(c as usize)
                .ok_or(SetupError::CellNotOnBoard { cell: c })?;
            if *slot != EMPTY {
                return Err(SetupError::GivenTwice { name: geo.name(c) });
            }
            *slot = match stone {
                Stone::Black => BLACK,
                Stone::White => WHITE,
                Stone::Neutral => {
                    return Err(SetupError::NoNeutralStones {
                        why: "Keil has no neutral stones",
                    })
                }
            };
        }
        let mut board = Box::new(Board::new(links));
        board.load(&values);
        for &(c, _) in stones {
            if board.group_and_liberties(c).1.is_empty() {
                return Err(SetupError::NoLiberty { name: geo.name(c) });
            }
        }
        let mut snapshots = Vec::new();
        board.push_snapshot(&mut snapshots);
        Ok(Keil {
            geo,
            snapshots,
            board,
            opening,
            first_to_move: to_move,
            to_move,
            button: None,
            passes: 0,
            history: Vec::new(),
            repetitions: Repetitions::default(),
        })
    }

    /// Komi in points (0 until the bid sets it).
    pub fn komi(&self) -> f64 {
        self.opening.komi()
    }

    /// Whether this game is played with the button (SPEC §3 `button = auto|on|off`; `auto`
    /// follows the komi, so during the bid it reflects the komi so far).
    pub fn button_in_play(&self) -> bool {
        self.opening.button_on()
    }

    /// Who took the button, if anyone.
    pub fn button_holder(&self) -> Option<Side> {
        self.button
    }

    /// Number of stones of a side on the board.
    pub fn stones(&self, side: Side) -> usize {
        self.board.stones(colour_of(side))
    }

    /// The group of the stone on `cell` and its liberties, each in board order (empty when
    /// the point is empty).
    pub fn group_and_liberties(&self, cell: Cell) -> (Vec<Cell>, Vec<Cell>) {
        self.board.group_and_liberties(cell)
    }

    /// The size of the group of the stone on `cell` and its number of *pseudo-liberties* —
    /// (stone, linked empty neighbour) pairs, a liberty counted once per stone linked to it —
    /// in O(1) from the maintained groups; `None` for an empty point. Zero pseudo-liberties
    /// never happens on the board (such a group is captured); exactly one means exactly one
    /// liberty (atari). Meant for playout policies.
    pub fn group_counts(&self, cell: Cell) -> Option<(usize, usize)> {
        self.board.group_counts(cell)
    }

    /// Whether two adjacent points are linked in the current position (SPEC §3).
    pub fn linked(&self, a: Cell, b: Cell) -> bool {
        self.board.linked(a, b)
    }

    /// The hash recomputed from scratch (the property tests compare it with [`Game::hash`],
    /// which is kept up to date incrementally).
    pub fn recompute_hash(&self) -> u64 {
        let mut key = 0;
        for c in self.geo.all_cells() {
            let v = self.board.value(c);
            if v != EMPTY {
                // Straight from the key definition (black and white are pieces 0 and 1), not
                // from the board's table.
                key ^= crate::zobrist::cell_key(c, v as usize - 1);
            }
        }
        self.hash_with_board_key(key)
    }

    fn hash_with_board_key(&self, board_key: u64) -> u64 {
        use crate::zobrist::{extra, extra_key};
        let mut h = board_key ^ self.opening.hash();
        if self.button.is_some() {
            h ^= extra_key(KEY_BUTTON_TAKEN);
        }
        if self.button == Some(Side::Second) {
            h ^= extra_key(KEY_BUTTON_WHITE);
        }
        if self.to_move() == Side::Second {
            h ^= extra_key(extra::SECOND_TO_MOVE);
        }
        if self.passes == 1 {
            h ^= extra_key(extra::LAST_WAS_PASS);
        }
        if self.is_over() {
            h ^= extra_key(extra::OVER);
        }
        h
    }

    /// The key of a board with the button state of the position folded in (what the
    /// repetition rule compares).
    fn position_key(&self, board_key: u64) -> u64 {
        if self.button.is_some() {
            board_key ^ crate::zobrist::extra_key(KEY_BUTTON_TAKEN)
        } else {
            board_key
        }
    }

    /// The board snapshot `i` (0 = start, `k` = after step `k`).
    fn snapshot(&self, i: u32) -> &[u64] {
        let n = 2 * self.board.snapshot_words();
        &self.snapshots[i as usize * n..(i as usize + 1) * n]
    }
}

/// The board value of a side's stones (Black first).
fn colour_of(side: Side) -> u8 {
    match side {
        Side::First => BLACK,
        Side::Second => WHITE,
    }
}

impl std::fmt::Debug for Keil {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Keil {{ to_move: {:?}, turn: {}, button: {:?}, komi: {}, passes: {}\n{}}}",
            self.to_move(),
            self.history.len(),
            self.button,
            self.komi(),
            self.passes,
            self.picture()
        )
    }
}

impl Game for Keil {
    fn kind(&self) -> GameKind {
        GameKind::Keil
    }

    fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    fn to_move(&self) -> Side {
        self.opening.to_move().unwrap_or(self.to_move)
    }

    fn is_over(&self) -> bool {
        self.passes >= 2
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| self.outcome_now())
    }

    fn legal_steps(&self, out: &mut Vec<Step>) {
        self.legal_steps_into(out)
    }

    fn check(&self, step: Step) -> Result<(), Illegal> {
        self.check_step(step)
    }

    fn play(&mut self, step: Step) {
        self.play_step(step)
    }

    fn undo(&mut self) -> Option<Step> {
        self.undo_step()
    }

    fn hash(&self) -> u64 {
        self.hash_with_board_key(self.board.key())
    }

    fn stone_at(&self, cell: Cell) -> Option<Stone> {
        match self.board.value(cell) {
            BLACK => Some(Stone::Black),
            WHITE => Some(Stone::White),
            _ => None,
        }
    }

    fn turns_completed(&self) -> usize {
        self.history.len()
    }

    fn steps_in_turn(&self) -> usize {
        0
    }

    fn swapped(&self) -> bool {
        self.opening.swapped()
    }

    fn points(&self) -> Option<[f64; 2]> {
        Some(self.points_now())
    }

    fn result_text(&self) -> Option<String> {
        self.is_over().then(|| self.result_string())
    }

    fn parse_step(&self, text: &str) -> Result<Step, NotationError> {
        self.parse_step_text(text)
    }

    fn format_step(&self, step: Step) -> String {
        self.format_step_text(step)
    }

    fn parse_turn(&self, token: &str) -> Result<Vec<Step>, NotationError> {
        Ok(vec![self.parse_step_text(token)?])
    }

    fn format_turn(&self, steps: &[Step]) -> String {
        let tokens: Vec<String> = steps.iter().map(|&s| self.format_step_text(s)).collect();
        tokens.join(",")
    }
}

impl SearchHints for Keil {
    fn final_owners(&self, out: &mut Vec<Option<Side>>) {
        let marks = self.territory().marks;
        out.clear();
        out.extend(
            self.geo
                .all_cells()
                .zip(marks)
                .map(|(c, m)| match (self.stone_at(c), m) {
                    (Some(Stone::Black), _) => Some(Side::First),
                    (Some(Stone::White), _) => Some(Side::Second),
                    (_, Some(Mark::Owned(side))) => Some(side),
                    _ => None,
                }),
        );
    }

    fn random_step(&self, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
        self.random_playout_step(rng, buf)
    }
}

impl Describe for Keil {
    fn state_json(&self) -> serde_json::Value {
        self.state_object()
    }
    fn status(&self) -> Vec<(&'static str, String)> {
        self.status_lines()
    }
    fn score_breakdown(&self) -> Vec<String> {
        self.breakdown_lines()
    }

    fn ownership(&self) -> Vec<Option<Mark>> {
        self.territory().marks
    }
}
