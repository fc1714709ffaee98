//! The win-in-N search: can the attacker force the game to be over, with the attacker the
//! winner, within n plies?
//!
//! A depth-first AND/OR search over *steps* that counts *turns*: a multi-stone turn (Iris,
//! Wunchunk) is searched stone by stone, and the ply counter drops only when a turn is
//! complete. Inside a turn the stones go in increasing board order (a later stone on a cell
//! after the earlier ones), so each set of stones — each distinct turn — is searched exactly
//! once however many orders would place it; a partial turn that cannot be completed in that
//! order is a dead end and counts for nothing (the same turn is reached in its own order).
//!
//! Pruning: an attacker's node with one ply left only looks at the turns that can end the
//! game (a pass, or a turn that fills the board where a full board ends the game); the table
//! ([`super::table`]) keeps both bounds per position; the step that decided a position is
//! tried first next time, then the step that decided a sibling (a killer per level).

use super::history::History;
use super::table::{Probe, Table};
use crate::board::Cell;
use crate::games::SolveGame;
use crate::games::{Outcome, Side, Step};
use std::sync::atomic::{AtomicBool, Ordering};

/// The search gave up: its node budget ran out or it was told to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the solver stopped before an answer (node budget or stop request)")]
pub struct Aborted;

/// Value of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Val {
    Win,
    Fail,
    /// A partial turn with no completion in board order: not a turn at all.
    Empty,
}

/// Key of the attacker (so the two sides' searches can share a table).
const ATTACKER_KEY: [u64; 2] = [0x51A7_3E2B_9C4D_1F07, 0xA3C9_6B12_E58F_0D74];

/// Key of "the previous stone of this turn is on cell c" (the board-order constraint).
#[inline]
fn last_key(c: Cell) -> u64 {
    (u64::from(c) + 1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(17)
}

/// One search from one root.
pub struct Search<'a, G: SolveGame> {
    /// The position, played forward and back during the search.
    pub game: G,
    attacker: Side,
    table: &'a mut Table,
    history: History,
    /// Empty cells (kept only where a full board ends the game).
    empties: usize,
    /// Positions visited.
    pub nodes: u64,
    limit: u64,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
    /// Step buffers per recursion level.
    buffers: Vec<Vec<Step>>,
    killers: Vec<Option<Step>>,
}

impl<'a, G: SolveGame> Search<'a, G> {
    /// A search of `game` for `attacker`, visiting at most `limit` positions.
    pub fn new(
        game: &G,
        attacker: Side,
        table: &'a mut Table,
        limit: u64,
        stop: Option<&'a AtomicBool>,
    ) -> Self {
        let empties = if G::FULL_BOARD_ENDS {
            let geo = game.geometry();
            geo.all_cells()
                .filter(|&c| game.stone_at(c).is_none())
                .count()
        } else {
            0
        };
        Search {
            game: game.clone(),
            attacker,
            table,
            history: if G::HISTORY {
                History::of(game)
            } else {
                History::default()
            },
            empties,
            nodes: 0,
            limit,
            stop,
            aborted: false,
            buffers: Vec::new(),
            killers: Vec::new(),
        }
    }

    /// The side the search is for.
    pub fn attacker(&self) -> Side {
        self.attacker
    }

    /// Whether the attacker wins within `n` plies from the current position (which must be
    /// at the start of a turn).
    pub fn wins_within(&mut self, n: u8) -> Result<bool, Aborted> {
        let v = self.node(n, 0, None);
        if self.aborted {
            return Err(Aborted);
        }
        Ok(v == Val::Win)
    }

    /// The whole turns of the side to move, in board order, after which the attacker wins
    /// within `n − 1` plies (`wins`, for the attacker's own turns) or does not (`!wins`, for
    /// the defender's turns that escape), at most `limit` of them. The search prunes every
    /// partial turn none of whose completions qualifies, so this stays cheap where turns are
    /// many (Wunchunk) but the qualifying ones few.
    pub fn turns_where(
        &mut self,
        n: u8,
        wins: bool,
        limit: usize,
    ) -> Result<Vec<Vec<Step>>, Aborted> {
        debug_assert_eq!(
            wins,
            self.game.to_move() == self.attacker,
            "the attacker's winning turns or the defender's escapes"
        );
        let want = if wins { Val::Win } else { Val::Fail };
        let mut out = Vec::new();
        if n >= 1 && !self.game.is_over() {
            self.collect(n, want, 0, None, &mut Vec::new(), &mut out, limit);
        }
        if self.aborted {
            return Err(Aborted);
        }
        Ok(out)
    }

    #[allow(clippy::too_many_arguments)]
    fn collect(
        &mut self,
        n: u8,
        want: Val,
        level: usize,
        last: Option<Cell>,
        prefix: &mut Vec<Step>,
        out: &mut Vec<Vec<Step>>,
        limit: usize,
    ) {
        let mut steps = Vec::new();
        self.game.legal_steps(&mut steps);
        for step in steps {
            if !self.allowed(step, last) {
                continue;
            }
            let ended = self.play(step);
            prefix.push(step);
            if ended {
                if self.node(n - 1, level + 1, None) == want {
                    out.push(prefix.clone());
                }
            } else if self.node(n, level + 1, step.cell()) == want {
                // Some completion of this partial turn qualifies.
                self.collect(n, want, level + 1, step.cell(), prefix, out, limit);
            }
            prefix.pop();
            self.undo();
            if self.aborted || out.len() >= limit {
                return;
            }
        }
    }

    /// Plays one whole turn (its steps) on the search's position, keeping the history.
    pub fn play_turn(&mut self, steps: &[Step]) {
        for &s in steps {
            self.play(s);
        }
    }

    /// Takes back a turn of `len` steps played with [`Search::play_turn`].
    pub fn undo_turn(&mut self, len: usize) {
        for _ in 0..len {
            self.undo();
        }
    }

    /// Plays a step, keeping the empty count and the history; returns whether it ended a turn.
    #[inline]
    fn play(&mut self, step: Step) -> bool {
        let mover = self.game.to_move();
        let before = self.game.turns_completed();
        self.game.play(step);
        if G::FULL_BOARD_ENDS && step.is_place() {
            self.empties -= 1;
        }
        let ended = self.game.turns_completed() != before;
        if G::HISTORY && ended {
            self.history.push(mover, self.game.hash());
        }
        ended
    }

    /// Takes back a step played with [`Search::play`].
    #[inline]
    fn undo(&mut self) {
        if G::HISTORY && self.game.steps_in_turn() == 0 {
            // The position now ends a turn (or is the root): pop it if the step ended a turn.
            let hash = self.game.hash();
            let turns = self.game.turns_completed();
            let step = self.game.undo().expect("a step to take back");
            if self.game.turns_completed() != turns {
                self.history.pop(self.game.to_move(), hash);
            }
            if G::FULL_BOARD_ENDS && step.is_place() {
                self.empties += 1;
            }
            return;
        }
        let step = self.game.undo().expect("a step to take back");
        if G::FULL_BOARD_ENDS && step.is_place() {
            self.empties += 1;
        }
    }

    #[inline]
    fn key(&self, last: Option<Cell>) -> u64 {
        let mut k = self.game.hash() ^ ATTACKER_KEY[self.attacker.index()];
        if G::HISTORY {
            k ^= self.history.key();
        }
        if let Some(c) = last {
            k ^= last_key(c);
        }
        k
    }

    /// Whether the game is over with the attacker the winner.
    #[inline]
    fn attacker_won(&self) -> bool {
        self.game.outcome() == Some(Outcome::Win(self.attacker))
    }

    /// The value of the current position with `n` plies left (the turn in progress, if any,
    /// counts as one of them); `level` is the recursion depth, `last` the previous stone of the
    /// turn in progress.
    fn node(&mut self, n: u8, level: usize, last: Option<Cell>) -> Val {
        self.nodes += 1;
        if self.nodes >= self.limit {
            self.aborted = true;
            return Val::Fail;
        }
        if self.game.is_over() {
            return if self.attacker_won() {
                Val::Win
            } else {
                Val::Fail
            };
        }
        if n == 0 {
            return Val::Fail;
        }
        if self.nodes & 0xFFF == 0 && self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.aborted = true;
            return Val::Fail;
        }
        let mover = self.game.to_move();
        let attacking = mover == self.attacker;
        if last.is_none() {
            // Too many empty cells for the game to end in time unless the attacker ends it
            // now by passing, or the last ply, where only a pass can end it.
            let stall = G::FULL_BOARD_ENDS
                && self
                    .game
                    .stall_bound(self.attacker, n)
                    .is_some_and(|b| self.empties > b);
            if stall || (n == 1 && attacking && !self.may_fill_board()) {
                let v = attacking && self.pass_ends_in_a_win();
                return if v { Val::Win } else { Val::Fail };
            }
        }
        // Positions with one ply left are cheaper to search again than to look up (a table
        // probe is a cache miss): they stay out of the table.
        let use_table = n > 1;
        let key = self.key(last);
        let first = if use_table {
            match self.table.probe(key, n) {
                Probe::Win => return Val::Win,
                Probe::Fail => return Val::Fail,
                Probe::Unknown(best) => best,
            }
        } else {
            None
        };
        if self.buffers.len() <= level {
            self.buffers.resize_with(level + 1, Vec::new);
            self.killers.resize(level + 1, None);
        }
        // Staged: the remembered steps first (checked one by one), and only when they do not
        // decide, every legal step.
        let mut result = if attacking { Val::Fail } else { Val::Win };
        let mut any = false;
        let mut decisive = None;
        let killer = self.killers[level].filter(|&k| Some(k) != first);
        let hints = [first, killer];
        for hint in hints.into_iter().flatten() {
            if !self.allowed(hint, last) || self.game.check(hint).is_err() {
                continue;
            }
            match self.child(hint, n, level) {
                Val::Empty => {}
                v => {
                    any = true;
                    if attacking == (v == Val::Win) {
                        result = v;
                        decisive = Some(hint);
                        break;
                    }
                }
            }
            if self.aborted {
                return Val::Fail;
            }
        }
        if decisive.is_none() {
            let mut steps = std::mem::take(&mut self.buffers[level]);
            self.game.legal_steps(&mut steps);
            if G::DEFENDER_PASSES_FIRST && !attacking && last.is_none() {
                if let Some(i) = steps.iter().position(|&s| s == Step::Pass) {
                    steps[..=i].rotate_right(1);
                }
            }
            for &step in &steps {
                if !self.allowed(step, last) || hints.contains(&Some(step)) {
                    continue;
                }
                let v = self.child(step, n, level);
                if self.aborted {
                    break;
                }
                if v == Val::Empty {
                    continue;
                }
                any = true;
                if attacking == (v == Val::Win) {
                    result = v;
                    decisive = Some(step);
                    break;
                }
            }
            self.buffers[level] = steps;
        }
        if self.aborted {
            return Val::Fail;
        }
        if !any {
            debug_assert!(last.is_some(), "a turn start always has a turn");
            return Val::Empty;
        }
        if decisive.is_some() {
            self.killers[level] = decisive;
        }
        if use_table {
            self.table.store(key, n, result == Val::Win, decisive);
        }
        result
    }

    /// Whether `step` keeps the stones of the turn in progress in board order.
    #[inline]
    fn allowed(&self, step: Step, last: Option<Cell>) -> bool {
        match (step.cell(), last) {
            (Some(c), Some(l)) => c > l,
            _ => true,
        }
    }

    /// Plays `step`, searches the position after it and takes it back.
    #[inline]
    fn child(&mut self, step: Step, n: u8, level: usize) -> Val {
        let ended = self.play(step);
        let v = if ended {
            self.node(n - 1, level + 1, None)
        } else {
            self.node(n, level + 1, step.cell())
        };
        self.undo();
        v
    }

    /// Whether passing now is legal and ends the game with the attacker the winner.
    fn pass_ends_in_a_win(&mut self) -> bool {
        if self.game.check(Step::Pass).is_err() {
            return false;
        }
        self.play(Step::Pass);
        let won = self.game.is_over() && self.attacker_won();
        self.undo();
        won
    }

    /// Whether a turn starting now could fill the board (which ends the game where a full
    /// board does).
    #[inline]
    fn may_fill_board(&self) -> bool {
        G::FULL_BOARD_ENDS && self.empties <= self.game.stones_left_in_turn()
    }
}
