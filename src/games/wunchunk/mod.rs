//! Wunchunk (seed 004, SPEC §3): either player places stones of either colour; a player owns
//! a colour and wants few *chunks* (groups of two or more stones) of it, then few *crumbs*
//! (single stones), then few groups of size 2, 3, …
//!
//! Sides are the colours: Black moves first. A turn is up to its *allotment* of stones,
//! `max(1, own chunks)` counted at its start (fewer when fewer cells are empty), each a
//! [`Step::Place`] of either colour; [`Step::End`] stops a turn early (after at least one
//! stone), [`Step::Pass`] is a turn of no stones, and the turn ends by itself when the
//! allotment or the empty cells run out. The pie: at the start of White's first turn (only
//! then, once) [`Step::Swap`] exchanges the players' colours; it is a whole turn, after which
//! White is still to move and [`Game::swapped`] is true. The game ends on a full board or two
//! passes in succession (a swap between them is not a pass and breaks the sequence).
//!
//! Chunk counts are kept incrementally by a union–find with rollback (`groups.rs`), so the
//! allotment costs nothing to ask for.
//!
//! Decisions where SPEC §3/§5 leave a choice:
//! - `swap` is a whole turn that is not a pass, so it breaks a run of passes: Black `pass`,
//!   White `swap`, White `pass` does not end the game.
//! - `allotment` is `max(1, own chunks)` as counted at the start of the turn, not capped by
//!   the empty cells; `stones_left` is capped (SPEC §5's formula). Both are 0 once over.
//! - `legal_steps`: for each empty cell in board order `B` then `W`, then `pass` (turn start)
//!   or `end` (after a stone), then `swap` when allowed.
//! - A turn token with fewer stones than the turn allows gets `end` appended; one with more is
//!   refused when played (the turn ends before the extra stone).
//! - Result text: `B wins on chunks 3–5`, `W wins on crumbs 2–4`, `B wins on groups of size
//!   3: 1–2` (the winner's count first), or `Draw`.
//! - [`Wunchunk::setup`] builds hand-made and recorded positions: no turns counted, no pie.

mod groups;
mod net_input;
mod notation;
pub(crate) mod rules_text;
mod score;
mod solve;
mod spec;
#[cfg(test)]
mod tests;
pub(super) mod tuning;

pub(crate) use spec::SPEC;

use super::{
    state, ChunkCounts, ChunkDelta, Game, GameKind, GameOptions, Illegal, NotationError, Outcome,
    SetupError, Side, SizeError, Step, Stone,
};
use crate::board::{BoardKind, Cell, CellPool, Geometry, Mask};
use crate::games::{Describe, SearchHints};
use crate::rng::FastRng;
use crate::zobrist::{cell_key, extra, extra_key};
use groups::{Groups, Joined, RingNeighbours};

/// Zobrist piece index (spare kind) used with the cell index `k` for "k stones left this turn".
const STONES_LEFT_PIECE: usize = 3;
/// Extra keys: a turn is under way (at least one stone placed), the colours are swapped, the
/// swap is available now.
const IN_TURN_KEY: usize = extra::GAME_SPECIFIC;
const SWAPPED_KEY: usize = extra::GAME_SPECIFIC + 1;
const SWAP_OPEN_KEY: usize = extra::GAME_SPECIFIC + 2;

/// Undo flags.
const WAS_PASS: u8 = 1;
const ENDED_TURN: u8 = 2;

/// What [`Game::undo`] needs to take a step back.
#[derive(Clone, Copy, Debug)]
struct Undo {
    step: Step,
    /// `allotment` and `placed` before the step.
    allotment: u16,
    placed: u16,
    /// The placed colour's chunk count before the step.
    chunks: u16,
    joined: Joined,
    flags: u8,
}

/// A game of Wunchunk.
#[derive(Clone, Debug)]
pub struct Wunchunk {
    geo: &'static Geometry,
    ring: &'static RingNeighbours,
    /// Stones by colour (Black = index 0).
    stones: [Mask; 2],
    empty: Mask,
    /// The empty cells again, for constant-time random picks.
    empty_pool: CellPool,
    groups: Groups,
    /// Chunks (groups of 2+) per colour, kept up to date on every placement.
    chunks: [u16; 2],
    to_move: Side,
    /// `max(1, own chunks)` at the start of the turn in progress (not capped by empty cells).
    allotment: u16,
    /// Stones placed in the turn in progress.
    placed: u16,
    swapped: bool,
    /// Whether the pie can still come up (false in set-up positions).
    pie: bool,
    last_was_pass: bool,
    over: bool,
    turns: u32,
    /// Zobrist hash of the stones alone; [`Wunchunk::hash`] adds the rest of the state.
    board_hash: u64,
    history: Vec<Undo>,
}

impl Wunchunk {
    /// A new game on the hexhex board of `options.size` (3…12).
    pub fn new(options: &GameOptions) -> Result<Wunchunk, SetupError> {
        let n = options.size;
        if !GameKind::Wunchunk.sizes().contains(&n) {
            return Err(SetupError::Size(SizeError {
                kind: GameKind::Wunchunk,
                size: n,
            }));
        }
        let geo = Geometry::of(BoardKind::Hex, n).ok_or(SetupError::NoBoard)?;
        Ok(Wunchunk {
            geo,
            ring: RingNeighbours::of(geo),
            stones: [Mask::EMPTY; 2],
            empty: geo.all(),
            empty_pool: CellPool::from_cells(geo.all_cells()),
            groups: Groups::new(),
            chunks: [0; 2],
            to_move: Side::First,
            allotment: 1,
            placed: 0,
            swapped: false,
            pie: true,
            last_was_pass: false,
            over: false,
            turns: 0,
            board_hash: 0,
            history: Vec::new(),
        })
    }

    /// A new game on the board of side `n` with default options.
    pub fn with_size(n: usize) -> Result<Wunchunk, SetupError> {
        Wunchunk::new(&GameOptions {
            size: n,
            ..GameOptions::defaults(GameKind::Wunchunk)
        })
    }

    /// A position set up by hand (tests, puzzles, recorded positions): these stones on the
    /// board of side `n`, `to_move` at the start of a turn. No turns are counted, there is no
    /// history to undo and no pie; the game is over when the board is full.
    pub fn setup(
        n: usize,
        stones: &[(Cell, Stone)],
        to_move: Side,
    ) -> Result<Wunchunk, SetupError> {
        let mut g = Wunchunk::with_size(n)?;
        g.pie = false;
        for &(c, stone) in stones {
            if c as usize >= g.geo.cells() {
                return Err(SetupError::CellIndexOffBoard { cell: c });
            }
            if stone == Stone::Neutral {
                return Err(SetupError::NoNeutralStones {
                    why: "a Wunchunk stone is black or white",
                });
            }
            if !g.empty.contains(c as usize) {
                return Err(SetupError::GivenTwice {
                    name: g.geo.name(c),
                });
            }
            g.put(c, stone.index());
        }
        g.to_move = to_move;
        g.allotment = g.chunks[to_move.index()].max(1);
        g.over = g.empty_pool.is_empty();
        Ok(g)
    }

    /// [`Wunchunk::setup`] from stones written as in tokens (`["Ba8", "Wb7"]`).
    pub fn setup_from_names<S: AsRef<str>>(
        n: usize,
        stones: &[S],
        to_move: Side,
    ) -> Result<Wunchunk, SetupError> {
        let probe = Wunchunk::with_size(n)?;
        let parsed = stones
            .iter()
            .map(|s| notation::parse_stone(probe.geo, s.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        Wunchunk::setup(n, &parsed, to_move)
    }

    /// Chunks (groups of two or more stones) of a colour.
    pub fn chunks(&self, colour: Side) -> u32 {
        u32::from(self.chunks[colour.index()])
    }

    /// The allotment of the turn in progress, `max(1, own chunks)` at its start, not capped by
    /// the empty cells (SPEC §5 `allotment`); 0 once the game is over.
    pub fn allotment(&self) -> u32 {
        if self.over {
            0
        } else {
            u32::from(self.allotment)
        }
    }

    /// Stones the turn in progress may still place: `min(allotment − placed, empty cells)`;
    /// 0 once the game is over.
    pub fn stones_left(&self) -> u32 {
        if self.over {
            0
        } else {
            u32::from(self.allotment - self.placed).min(self.empty_cells())
        }
    }

    /// Whether `swap` is legal now: the start of White's first turn, not yet swapped.
    pub fn swap_allowed(&self) -> bool {
        self.pie
            && !self.swapped
            && !self.over
            && self.turns == 1
            && self.placed == 0
            && self.to_move == Side::Second
    }

    /// Number of empty cells.
    pub fn empty_cells(&self) -> u32 {
        self.empty_pool.len() as u32
    }

    /// The stones recomputed into a hash from scratch, plus the turn state, for checking the
    /// incremental [`Game::hash`].
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for colour in 0..2 {
            for c in self.stones[colour].iter() {
                h ^= cell_key(c as Cell, colour);
            }
        }
        h ^ self.state_hash()
    }

    /// Chunk counts recomputed from scratch by flood fill, for checking the incremental ones.
    pub fn chunks_from_scratch(&self, colour: Side) -> u32 {
        self.group_sizes_by_flood(colour)
            .iter()
            .filter(|&&s| s >= 2)
            .count() as u32
    }

    /// The part of the hash that is not stones: side to move, turn progress, pie, passes, end.
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
        if self.placed > 0 {
            h ^= extra_key(IN_TURN_KEY);
        }
        if self.swapped {
            h ^= extra_key(SWAPPED_KEY);
        }
        if self.swap_allowed() {
            h ^= extra_key(SWAP_OPEN_KEY);
        }
        let left = self.stones_left();
        if left > 0 {
            h ^= cell_key(left as Cell, STONES_LEFT_PIECE);
        }
        h
    }

    /// Puts a stone of `colour` on the empty `cell`: board, groups, chunk count, board hash.
    /// Returns what undo needs.
    #[inline]
    fn put(&mut self, cell: Cell, colour: usize) -> (Joined, u16) {
        self.stones[colour].insert(cell as usize);
        self.empty.remove(cell as usize);
        self.empty_pool.remove(cell);
        self.board_hash ^= cell_key(cell, colour);
        let (joined, delta) =
            self.groups
                .attach(self.ring.of_cell(cell), cell, &self.stones[colour]);
        let before = self.chunks[colour];
        self.chunks[colour] = (i32::from(before) + delta) as u16;
        (joined, before)
    }

    /// Takes the stone of `colour` off `cell` (the inverse of [`Wunchunk::put`]).
    #[inline]
    fn lift(&mut self, cell: Cell, colour: usize, joined: Joined, chunks_before: u16) {
        self.groups.detach(cell, joined);
        self.chunks[colour] = chunks_before;
        self.stones[colour].remove(cell as usize);
        self.empty.insert(cell as usize);
        self.empty_pool.restore(cell);
        self.board_hash ^= cell_key(cell, colour);
    }

    fn end_turn(&mut self) {
        self.turns += 1;
        self.to_move = self.to_move.other();
        self.start_turn();
    }

    /// Settles the allotment of the turn that starts now (or ends the game on a full board).
    fn start_turn(&mut self) {
        self.placed = 0;
        self.allotment = self.chunks[self.to_move.index()].max(1);
        if self.empty_pool.is_empty() {
            self.over = true;
        }
    }
}

impl Game for Wunchunk {
    fn kind(&self) -> GameKind {
        GameKind::Wunchunk
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
        for c in self.empty.iter() {
            for stone in [Stone::Black, Stone::White] {
                out.push(Step::Place {
                    cell: c as Cell,
                    stone,
                });
            }
        }
        if self.placed == 0 {
            out.push(Step::Pass);
        } else {
            out.push(Step::End);
        }
        if self.swap_allowed() {
            out.push(Step::Swap);
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
                if stone == Stone::Neutral {
                    return Err(Illegal::WrongColour("a Wunchunk stone is black or white"));
                }
                if !self.empty.contains(cell as usize) {
                    return Err(Illegal::Occupied);
                }
                Ok(())
            }
            Step::Pass if self.placed > 0 => Err(Illegal::NotNow(
                "pass only before the first stone of a turn (use end to stop early)",
            )),
            Step::Pass => Ok(()),
            Step::End if self.placed == 0 => Err(Illegal::NotNow(
                "end only after at least one stone (a turn of no stones is a pass)",
            )),
            Step::End => Ok(()),
            Step::Swap if !self.swap_allowed() => Err(Illegal::NotNow(
                "swap only at the start of White's first turn, once",
            )),
            Step::Swap => Ok(()),
            _ => Err(Illegal::NotNow(
                "Wunchunk has only stones, pass, end and swap",
            )),
        }
    }

    fn play(&mut self, step: Step) {
        debug_assert_eq!(self.check(step), Ok(()), "illegal step {step:?}");
        if self.history.capacity() == 0 {
            // One allocation for the whole game instead of a doubling series.
            self.history.reserve(self.geo.cells() + 8);
        }
        let mut undo = Undo {
            step,
            allotment: self.allotment,
            placed: self.placed,
            chunks: 0,
            joined: Joined {
                root: groups::NO_ROOT,
                merged: [groups::NO_ROOT; 2],
            },
            flags: if self.last_was_pass { WAS_PASS } else { 0 },
        };
        match step {
            Step::Place { cell, stone } => {
                let (joined, chunks) = self.put(cell, stone.index());
                undo.joined = joined;
                undo.chunks = chunks;
                self.placed += 1;
                self.last_was_pass = false;
                if self.placed >= self.allotment || self.empty_pool.is_empty() {
                    undo.flags |= ENDED_TURN;
                    self.end_turn();
                }
            }
            Step::Pass => {
                if self.last_was_pass {
                    self.over = true;
                }
                self.last_was_pass = true;
                undo.flags |= ENDED_TURN;
                self.end_turn();
            }
            Step::End => {
                undo.flags |= ENDED_TURN;
                self.end_turn();
            }
            Step::Swap => {
                // The players exchange colours; the colour to move (White) moves again.
                self.swapped = true;
                self.last_was_pass = false;
                self.turns += 1;
                undo.flags |= ENDED_TURN;
                self.start_turn();
            }
            _ => unreachable!("Wunchunk has only stones, pass, end and swap"),
        }
        self.history.push(undo);
    }

    fn undo(&mut self) -> Option<Step> {
        let u = self.history.pop()?;
        if u.flags & ENDED_TURN != 0 {
            self.turns -= 1;
            if u.step != Step::Swap {
                self.to_move = self.to_move.other();
            }
        }
        if u.step == Step::Swap {
            self.swapped = false;
        }
        self.allotment = u.allotment;
        self.placed = u.placed;
        self.last_was_pass = u.flags & WAS_PASS != 0;
        self.over = false;
        if let Step::Place { cell, stone } = u.step {
            self.lift(cell, stone.index(), u.joined, u.chunks);
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
        self.placed as usize
    }

    fn swapped(&self) -> bool {
        self.swapped
    }

    fn result_text(&self) -> Option<String> {
        self.over.then(|| self.standing_text())
    }

    fn parse_step(&self, text: &str) -> Result<Step, NotationError> {
        notation::parse_step(self.geo, text)
    }

    fn format_step(&self, step: Step) -> String {
        notation::format_step(self.geo, step)
    }

    fn parse_turn(&self, token: &str) -> Result<Vec<Step>, NotationError> {
        notation::parse_turn(self.geo, token, self.stones_left() as usize)
    }

    fn format_turn(&self, steps: &[Step]) -> String {
        notation::format_turn(self.geo, steps)
    }
}

impl SearchHints for Wunchunk {
    #[inline]
    fn stone_code(&self, cell: Cell) -> u8 {
        let i = cell as usize; // Black 1, White 2, without a branch.
        u8::from(self.stones[0].contains(i)) | u8::from(self.stones[1].contains(i)) << 1
    }

    fn chunk_counts(&self, colour: Side) -> Option<ChunkCounts> {
        let crumbs = self.stones[colour.index()]
            .iter()
            .filter(|&c| {
                let c = c as Cell;
                self.groups.is_root(c) && self.groups.size_of_root(c) == 1
            })
            .count();
        Some(ChunkCounts {
            chunks: u32::from(self.chunks[colour.index()]),
            crumbs: crumbs as u32,
        })
    }

    fn chunk_delta(&self, cell: Cell, stone: Stone) -> Option<ChunkDelta> {
        let same = self.stones.get(stone.index())?;
        // The distinct groups of that colour around the cell (at most three on a hex board).
        let mut roots = [groups::NO_ROOT; 6];
        let (mut k, mut chunks, mut crumbs) = (0, 0, 0);
        for &n in self.geo.neighbours(cell) {
            if !same.contains(n as usize) {
                continue;
            }
            let r = self.groups.find(n);
            if roots[..k].contains(&r) {
                continue;
            }
            roots[k] = r;
            k += 1;
            if self.groups.size_of_root(r) >= 2 {
                chunks += 1;
            } else {
                crumbs += 1;
            }
        }
        Some(if k == 0 {
            ChunkDelta {
                chunks: 0,
                crumbs: 1,
            }
        } else {
            ChunkDelta {
                chunks: 1 - chunks,
                crumbs: -crumbs,
            }
        })
    }

    fn random_step(&self, rng: &mut FastRng, _buf: &mut Vec<Step>) -> Step {
        debug_assert!(!self.over, "random_step on a finished game");
        // Uniform over (cell, colour): one draw, the low bit for the colour and the high 32
        // bits for the cell (multiply-shift, as `FastRng::below`).
        let r = rng.next_u64();
        let stone = if r & 1 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        let k = ((r >> 32) * self.empty_pool.len() as u64) >> 32;
        let cell = self.empty_pool.get(k as usize);
        Step::Place { cell, stone }
    }
}

impl Describe for Wunchunk {
    fn state_json(&self) -> serde_json::Value {
        let mut m = state::base(self);
        let mut score = serde_json::Map::new();
        for side in [Side::First, Side::Second] {
            score.insert(
                self.side_name(side).into(),
                serde_json::json!(self.score_array(side)),
            );
        }
        m.insert("score".into(), serde_json::Value::Object(score));
        m.insert("allotment".into(), serde_json::json!(self.allotment()));
        m.insert("stones_left".into(), serde_json::json!(self.stones_left()));
        m.insert("swapped".into(), serde_json::json!(self.swapped));
        serde_json::Value::Object(m)
    }
    fn status(&self) -> Vec<(&'static str, String)> {
        score::status(self)
    }
    fn score_breakdown(&self) -> Vec<String> {
        score::breakdown(self)
    }
}
