//! Iris (seed 002, SPEC §3): two stones a turn on a hexhex board whose edge cells are coloured in
//! pairs; the score of a group is the number of coloured cells it holds.
//!
//! Steps: a turn is one or two [`Step::Place`] steps by the same side, or one [`Step::Pass`].
//! The first turn of the game is one stone on a gray cell. Later a coloured first stone is
//! followed by its partner (the point reflection through the centre); a gray first stone by a
//! gray stone not adjacent to it, and when no such cell is empty the turn ends after the first
//! stone (the second is forfeited; there is no `end` step). Pass only at the start of a turn.
//! The game ends on a full board or after two passes in succession.
//!
//! Group scores are computed only when asked for (outcome, state, interface): playing a stone
//! touches a few bits and the hash, so random playouts stay fast.
//!
//! Decisions where SPEC §3/§5 leave a choice:
//! - A stone step is written `d4` (its colour is always the mover's); `Bd4` is refused with a
//!   message rather than silently accepted. [`Step::Place`] carries the mover's colour.
//! - `legal_steps`: the allowed cells of the stone in progress in board order, then `pass` at
//!   the start of a turn.
//! - Result text: `B wins on group scores 9,4 – 9,3` (the winner's scores first, up to the
//!   deciding group, a missing group written 0), or `Draw`.
//! - [`Iris::setup`] builds hand-made positions (tests, puzzles): the first-turn rule does not
//!   apply to them, and coloured pairs must be filled together as in play.

mod net_input;
mod notation;
pub(crate) mod rules_text;
mod score;
mod solve;
mod spec;
mod tables;
#[cfg(test)]
mod tests;
pub(super) mod tuning;

pub(crate) use spec::SPEC;

use super::{
    state, Game, GameKind, GameOptions, Illegal, NotationError, Outcome, SetupError, Side,
    SizeError, Step, Stone,
};
use crate::board::{BoardKind, Cell, CellPool, Geometry, Mask};
use crate::games::{Describe, SearchHints};
use crate::rng::FastRng;
use crate::zobrist::{cell_key, extra, extra_key};
use tables::{Tables, GRAY};

/// "No cell" in the compact fields.
const NO_CELL: Cell = Cell::MAX;

/// Zobrist piece index (spare kind) for "the first stone of the turn in progress is here".
const FIRST_STONE_PIECE: usize = 3;
/// Extra key XORed in while the game's first turn (one gray stone) is to be played.
const OPENING_KEY: usize = extra::GAME_SPECIFIC;

/// Undo flags.
const WAS_PASS: u8 = 1;
const WAS_OPENING: u8 = 2;
const ENDED_TURN: u8 = 4;

/// What [`Game::undo`] needs to take a step back.
#[derive(Clone, Copy, Debug)]
struct Undo {
    step: Step,
    /// `first` before the step.
    first: Cell,
    flags: u8,
}

/// A game of Iris.
#[derive(Clone, Debug)]
pub struct Iris {
    geo: &'static Geometry,
    tables: &'static Tables,
    /// Stones by side (Black = index 0).
    stones: [Mask; 2],
    empty: Mask,
    /// The empty gray and the empty coloured cells, for constant-time random picks.
    empty_gray: CellPool,
    empty_coloured: CellPool,
    to_move: Side,
    /// The first stone of the turn in progress, or [`NO_CELL`] at the start of a turn.
    first: Cell,
    /// Whether the game's first turn (one gray stone, or a pass) is still to be played.
    opening: bool,
    last_was_pass: bool,
    over: bool,
    turns: u32,
    /// Zobrist hash of the stones alone; [`Iris::hash`] adds the rest of the state.
    board_hash: u64,
    history: Vec<Undo>,
}

impl Iris {
    /// A new game on the hexhex board of `options.size` (3…12).
    pub fn new(options: &GameOptions) -> Result<Iris, SetupError> {
        let n = options.size;
        if !GameKind::Iris.sizes().contains(&n) {
            return Err(SetupError::Size(SizeError {
                kind: GameKind::Iris,
                size: n,
            }));
        }
        let geo = Geometry::of(BoardKind::Hex, n).ok_or(SetupError::NoBoard)?;
        Ok(Iris::empty_board(geo))
    }

    /// A new game on the board of side `n` with default options.
    pub fn with_size(n: usize) -> Result<Iris, SetupError> {
        Iris::new(&GameOptions {
            size: n,
            ..GameOptions::defaults(GameKind::Iris)
        })
    }

    fn empty_board(geo: &'static Geometry) -> Iris {
        let tables = Tables::of(geo);
        Iris {
            geo,
            tables,
            stones: [Mask::EMPTY; 2],
            empty: geo.all(),
            empty_gray: CellPool::from_cells(tables.gray.iter().map(|c| c as Cell)),
            empty_coloured: CellPool::from_cells(tables.coloured.iter().map(|c| c as Cell)),
            to_move: Side::First,
            first: NO_CELL,
            opening: true,
            last_was_pass: false,
            over: false,
            turns: 0,
            board_hash: 0,
            history: Vec::new(),
        }
    }

    /// A position set up by hand (tests, puzzles): these stones on the board of side `n`,
    /// `to_move` at the start of an ordinary two-stone turn. No turns are counted, there is no
    /// history to undo, and the first-turn rule does not apply. Both cells of a coloured pair
    /// must be filled together (as play always fills them); the game is over when the board
    /// is full.
    pub fn setup(
        n: usize,
        black: &[Cell],
        white: &[Cell],
        to_move: Side,
    ) -> Result<Iris, SetupError> {
        let mut g = Iris::with_size(n)?;
        g.opening = false;
        g.to_move = to_move;
        for (side, cells) in [(Side::First, black), (Side::Second, white)] {
            for &c in cells {
                if c as usize >= g.geo.cells() {
                    return Err(SetupError::CellIndexOffBoard { cell: c });
                }
                if !g.empty.contains(c as usize) {
                    return Err(SetupError::GivenTwice {
                        name: g.geo.name(c),
                    });
                }
                g.put(c, side);
            }
        }
        for c in g.tables.coloured.iter() {
            let p = g.tables.partner[c] as usize;
            if g.empty.contains(c) != g.empty.contains(p) {
                return Err(SetupError::PairNotFilled {
                    first: g.geo.name(c as Cell),
                    second: g.geo.name(p as Cell),
                });
            }
        }
        g.over = g.empty_count() == 0;
        Ok(g)
    }

    /// Whether `cell` is a coloured (edge) cell.
    pub fn is_coloured(&self, cell: Cell) -> bool {
        self.tables.is_coloured(cell)
    }

    /// The partner of a coloured cell (its point reflection through the centre); `None` for
    /// gray cells.
    pub fn partner(&self, cell: Cell) -> Option<Cell> {
        self.is_coloured(cell)
            .then(|| self.tables.partner[cell as usize])
    }

    /// The first stone of the turn in progress, if one has been placed.
    pub fn first_stone(&self) -> Option<Cell> {
        (self.first != NO_CELL).then_some(self.first)
    }

    /// Whether the game's first turn (Black, one stone on a gray cell) is still to be played.
    pub fn is_opening(&self) -> bool {
        self.opening
    }

    /// The stones of both sides recomputed into a hash from scratch, plus the turn state, for
    /// checking the incremental [`Game::hash`].
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for side in [Side::First, Side::Second] {
            for c in self.stones[side.index()].iter() {
                h ^= cell_key(c as Cell, side.index());
            }
        }
        h ^ self.state_hash()
    }

    /// The part of the hash that is not stones: side to move, turn progress, passes, end.
    #[inline]
    fn state_hash(&self) -> u64 {
        let mut h = 0;
        if self.to_move == Side::Second {
            h ^= extra_key(extra::SECOND_TO_MOVE);
        }
        if self.last_was_pass {
            h ^= extra_key(extra::LAST_WAS_PASS);
        }
        if self.over {
            h ^= extra_key(extra::OVER);
        }
        if self.opening {
            h ^= extra_key(OPENING_KEY);
        }
        if self.first != NO_CELL {
            h ^= cell_key(self.first, FIRST_STONE_PIECE);
        }
        h
    }

    /// Number of empty cells.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_gray.len() + self.empty_coloured.len()
    }

    /// Puts a stone of `side` on the empty `cell` (board, empty pools and board hash only).
    #[inline]
    fn put(&mut self, cell: Cell, side: Side) {
        self.stones[side.index()].insert(cell as usize);
        self.empty.remove(cell as usize);
        if self.is_coloured(cell) {
            self.empty_coloured.remove(cell);
        } else {
            self.empty_gray.remove(cell);
        }
        self.board_hash ^= cell_key(cell, side.index());
    }

    /// Takes `side`'s stone off `cell` (the inverse of [`Iris::put`]).
    #[inline]
    fn lift(&mut self, cell: Cell, side: Side) {
        self.stones[side.index()].remove(cell as usize);
        self.empty.insert(cell as usize);
        if self.is_coloured(cell) {
            self.empty_coloured.restore(cell);
        } else {
            self.empty_gray.restore(cell);
        }
        self.board_hash ^= cell_key(cell, side.index());
    }

    /// Whether some empty gray cell is not adjacent to the gray stone on `first` (which is
    /// already on the board): the second stone of the turn has somewhere to go.
    #[inline]
    fn second_gray_exists(&self, first: Cell) -> bool {
        // A cell has at most six neighbours: with more empty gray cells one is not adjacent.
        if self.empty_gray.len() > 6 {
            return true;
        }
        let adjacent_empty_gray = self
            .geo
            .neighbours(first)
            .iter()
            .filter(|&&n| self.empty_gray.contains(n))
            .count();
        self.empty_gray.len() > adjacent_empty_gray
    }

    /// Whether two cells are neighbours, from their coordinates (no neighbour list walk):
    /// the offsets `(dr, dk)` of the six neighbours are exactly those with `|dr|`, `|dk|` and
    /// `|dr + dk|` at most 1, other than `(0, 0)`.
    #[inline]
    fn adjacent(&self, a: Cell, b: Cell) -> bool {
        let (ra, ka) = self.geo.coords(a);
        let (rb, kb) = self.geo.coords(b);
        let dr = rb as i32 - ra as i32;
        let dk = kb as i32 - ka as i32;
        (dr.abs() <= 1) & (dk.abs() <= 1) & ((dr + dk).abs() <= 1) & ((dr, dk) != (0, 0))
    }

    /// The empty gray cells where the second stone may go after the gray `first`.
    fn second_gray_cells(&self, first: Cell) -> Mask {
        let mut m = self.empty & self.tables.gray;
        for &n in self.geo.neighbours(first) {
            m.remove(n as usize);
        }
        m
    }

    /// The cells the next stone may go on (empty when only a pass is left or the game is over).
    pub(crate) fn legal_cells(&self) -> Mask {
        if self.over {
            Mask::EMPTY
        } else if self.opening {
            self.empty & self.tables.gray
        } else if self.first == NO_CELL {
            self.empty
        } else if self.is_coloured(self.first) {
            let mut m = Mask::EMPTY;
            m.insert(self.tables.partner[self.first as usize] as usize);
            m
        } else {
            self.second_gray_cells(self.first)
        }
    }

    fn end_turn(&mut self) {
        self.turns += 1;
        self.to_move = self.to_move.other();
        if self.empty_count() == 0 {
            self.over = true;
        }
    }
}

impl Game for Iris {
    fn kind(&self) -> GameKind {
        GameKind::Iris
    }

    fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    fn to_move(&self) -> Side {
        self.to_move
    }

    fn is_over(&self) -> bool {
        self.over
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| self.standing())
    }

    fn legal_steps(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.over {
            return;
        }
        let stone = Stone::of_side(self.to_move);
        out.extend(self.legal_cells().iter().map(|c| Step::Place {
            cell: c as Cell,
            stone,
        }));
        if self.first == NO_CELL {
            out.push(Step::Pass);
        }
    }

    fn check(&self, step: Step) -> Result<(), Illegal> {
        if self.over {
            return Err(Illegal::GameOver);
        }
        match step {
            Step::Place { cell, stone } => {
                if cell as usize >= self.geo.cells() {
                    return Err(Illegal::Rule("no such cell on this board"));
                }
                if stone != Stone::of_side(self.to_move) {
                    return Err(Illegal::WrongColour(
                        "in Iris every stone is the mover's own colour",
                    ));
                }
                if !self.empty.contains(cell as usize) {
                    return Err(Illegal::Occupied);
                }
                if self.opening && self.is_coloured(cell) {
                    return Err(Illegal::Rule("the first turn is one stone on a gray cell"));
                }
                if self.first != NO_CELL {
                    if self.is_coloured(self.first) {
                        if cell != self.tables.partner[self.first as usize] {
                            return Err(Illegal::Rule(
                                "after a coloured first stone the second goes on its partner",
                            ));
                        }
                    } else if self.is_coloured(cell) {
                        return Err(Illegal::Rule(
                            "after a gray first stone the second goes on a gray cell",
                        ));
                    } else if self.geo.adjacent(self.first, cell) {
                        return Err(Illegal::Rule(
                            "the second gray stone may not touch the first",
                        ));
                    }
                }
                Ok(())
            }
            Step::Pass if self.first != NO_CELL => Err(Illegal::NotNow(
                "a turn is passed whole: not between its two stones",
            )),
            Step::Pass => Ok(()),
            _ => Err(Illegal::NotNow("Iris has only stones and pass")),
        }
    }

    fn play(&mut self, step: Step) {
        debug_assert_eq!(self.check(step), Ok(()), "illegal step {step:?}");
        if self.history.capacity() == 0 {
            // One allocation for the whole game instead of a doubling series.
            self.history.reserve(self.geo.cells() + 8);
        }
        let mut flags = 0;
        if self.last_was_pass {
            flags |= WAS_PASS;
        }
        if self.opening {
            flags |= WAS_OPENING;
        }
        let prev_first = self.first;
        match step {
            Step::Place { cell, .. } => {
                self.put(cell, self.to_move);
                self.last_was_pass = false;
                let turn_ends = if self.opening {
                    self.opening = false;
                    true
                } else if self.first != NO_CELL {
                    self.first = NO_CELL;
                    true
                } else if self.is_coloured(cell) || self.second_gray_exists(cell) {
                    self.first = cell;
                    false
                } else {
                    true // the second stone is forfeited
                };
                if turn_ends {
                    flags |= ENDED_TURN;
                    self.end_turn();
                }
            }
            Step::Pass => {
                self.opening = false;
                if self.last_was_pass {
                    self.over = true;
                }
                self.last_was_pass = true;
                flags |= ENDED_TURN;
                self.end_turn();
            }
            _ => unreachable!("Iris has only stones and pass"),
        }
        self.history.push(Undo {
            step,
            first: prev_first,
            flags,
        });
    }

    fn undo(&mut self) -> Option<Step> {
        let u = self.history.pop()?;
        if u.flags & ENDED_TURN != 0 {
            self.turns -= 1;
            self.to_move = self.to_move.other();
        }
        self.over = false;
        self.first = u.first;
        self.opening = u.flags & WAS_OPENING != 0;
        self.last_was_pass = u.flags & WAS_PASS != 0;
        if let Step::Place { cell, .. } = u.step {
            self.lift(cell, self.to_move);
        }
        Some(u.step)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.board_hash ^ self.state_hash()
    }

    fn stone_at(&self, cell: Cell) -> Option<Stone> {
        if self.stones[0].contains(cell as usize) {
            Some(Stone::Black)
        } else if self.stones[1].contains(cell as usize) {
            Some(Stone::White)
        } else {
            None
        }
    }

    fn turns_completed(&self) -> usize {
        self.turns as usize
    }

    fn steps_in_turn(&self) -> usize {
        usize::from(self.first != NO_CELL)
    }

    fn result_text(&self) -> Option<String> {
        self.over.then(|| self.standing_text())
    }

    fn parse_step(&self, text: &str) -> Result<Step, NotationError> {
        notation::parse_step(self, text)
    }

    fn format_step(&self, step: Step) -> String {
        notation::format_step(self.geo, step)
    }

    fn parse_turn(&self, token: &str) -> Result<Vec<Step>, NotationError> {
        notation::parse_turn(self, token)
    }

    fn format_turn(&self, steps: &[Step]) -> String {
        notation::format_turn(self.geo, steps)
    }
}

impl SearchHints for Iris {
    fn group_scores(&self, side: Side) -> Option<Vec<u32>> {
        Some(Iris::group_scores(self, side))
    }

    /// A pass is dominated while a stone may be placed, unless it answers a pass (and so
    /// ends the game at the standing). A stone never hurts its owner: it only adds to, or
    /// joins, the owner's groups, and takes a cell from the opponent (the strategy-stealing
    /// argument of Hex). So the turn of stones after a pass is at least as good as the pass,
    /// and on the first turn better still: after Black's pass White may end the game in a
    /// draw. The networks valued that first pass as highly as a first stone (0.5 against
    /// 0.493, docs/review.md) and the `net` player opened every game as Black with it.
    fn dominated(&self, step: Step) -> bool {
        step == Step::Pass && !self.last_was_pass && !self.legal_cells().is_empty()
    }

    fn random_step(&self, rng: &mut FastRng, _buf: &mut Vec<Step>) -> Step {
        debug_assert!(!self.over, "random_step on a finished game");
        let stone = Stone::of_side(self.to_move);
        let cell = if self.first == NO_CELL {
            // Any empty cell (before the first stone of the game every gray cell is empty
            // and no coloured cell is allowed).
            let gray = self.empty_gray.len();
            let any = if self.opening {
                gray
            } else {
                gray + self.empty_coloured.len()
            };
            let k = rng.below(any);
            if k < gray {
                self.empty_gray.get(k)
            } else {
                self.empty_coloured.get(k - gray)
            }
        } else if self.is_coloured(self.first) {
            self.tables.partner[self.first as usize]
        } else {
            // An empty gray cell not next to the first stone: at least one exists (else the
            // turn would have ended) and at most six are next to it, so rejection is quick.
            loop {
                let c = self.empty_gray.get(rng.below(self.empty_gray.len()));
                if !self.adjacent(self.first, c) {
                    break c;
                }
            }
        };
        Step::Place { cell, stone }
    }
}

impl Describe for Iris {
    fn state_json(&self) -> serde_json::Value {
        let mut m = state::base(self);
        let scores = [
            self.group_scores(Side::First),
            self.group_scores(Side::Second),
        ];
        let best = |s: &Vec<u32>| f64::from(s.first().copied().unwrap_or(0));
        m.insert(
            "score".into(),
            state::per_side(self, [best(&scores[0]), best(&scores[1])]),
        );
        let mut groups = serde_json::Map::new();
        for side in [Side::First, Side::Second] {
            groups.insert(
                self.side_name(side).into(),
                serde_json::json!(scores[side.index()]),
            );
        }
        m.insert("group_scores".into(), serde_json::Value::Object(groups));
        serde_json::Value::Object(m)
    }
    fn status(&self) -> Vec<(&'static str, String)> {
        score::status(self)
    }
    fn score_breakdown(&self) -> Vec<String> {
        score::breakdown(self)
    }

    fn pair_label(&self, cell: Cell) -> Option<u16> {
        let l = *self.tables.label.get(cell as usize)?;
        (l != GRAY).then_some(l)
    }
}
