//! `ab`: iterative-deepening alpha-beta (negamax over steps) with a transposition table,
//! move ordering (table move, killers, history) and the evaluation of [`eval`] (with the
//! chunk knowledge of [`chunks`]).
//!
//! Depth counts steps, so a multi-stone turn is several plies by the same player: a child
//! whose mover is the same player is searched without negation. Wunchunk's pie: the root
//! searches the other steps and swaps iff the best of them is still losing for the side to
//! move (the position favours the first stone's owner).

pub(crate) mod chunks;
pub(crate) mod eval;

use crate::games::{Game, SearchHints, Side, Step};
use crate::search::control::Timer;
use crate::search::keys::{key_of, step_of, MoveKey, KEY_COUNT};
use crate::search::player::spec::PlayerSpec;
use crate::search::report::{RootEdge, RootStats};
use crate::search::reward::{mover, Seat};
use eval::{evaluate, WIN};

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: i32,
    best: MoveKey,
    depth: u8,
    flag: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;
const NO_MOVE: MoveKey = MoveKey::MAX;
const MAX_PLY: usize = 128;

/// Placements searched below the root in games with chunks (see `Search::order`).
const CHUNKS_WIDTH: usize = 12;

/// Largest transposition table, whatever the memory budget.
const MAX_TABLE_BYTES: usize = 64 << 20;

struct Search<'a, 'c, G: Game> {
    g: G,
    table: Vec<Entry>,
    mask: usize,
    used: u64,
    nodes: u64,
    timer: &'a Timer<'c>,
    aborted: bool,
    history: Vec<i32>,
    killers: Vec<[MoveKey; 2]>,
    moves: Vec<Vec<Step>>,
    statics: Vec<i32>,
}

/// A win-rate estimate for a value (logistic in the evaluation's units).
pub fn win_rate(value: i32) -> f64 {
    if value >= WIN - 10_000 {
        return 1.0;
    }
    if value <= -WIN + 10_000 {
        return 0.0;
    }
    1.0 / (1.0 + (-(value as f64) / 150.0).exp())
}

impl<G: SearchHints> Search<'_, '_, G> {
    fn probe(&self) -> Option<&Entry> {
        let h = self.g.hash();
        let e = &self.table[h as usize & self.mask];
        (e.key == h && e.flag != 0).then_some(e)
    }

    fn store(&mut self, depth: u32, value: i32, flag: u8, best: MoveKey) {
        let h = self.g.hash();
        let slot = &mut self.table[h as usize & self.mask];
        if slot.flag == 0 {
            self.used += 1;
        }
        if slot.key != h || depth as u8 >= slot.depth || slot.flag == 0 {
            *slot = Entry {
                key: h,
                value,
                best,
                depth: depth.min(255) as u8,
                flag,
            };
        }
    }

    /// Orders `moves[ply]`: table move, killers, then by the game's static score (in games
    /// with chunks: the immediate gain) and history. With chunks, below the root only the best
    /// [`CHUNKS_WIDTH`] placements are kept (with every action): most placements change
    /// nothing at once, and the width is what buys depth.
    fn order(&mut self, ply: usize, tt_move: MoveKey) {
        let killers = self.killers[ply];
        let wunchunk = self.g.chunk_counts(Side::First).is_some();
        let moves = &mut self.moves[ply];
        let mut statics = std::mem::take(&mut self.statics);
        if wunchunk {
            chunks::order_scores(&self.g, moves, &mut statics);
        } else {
            statics.clear();
            statics.resize(moves.len(), 0);
        }
        let history = &self.history;
        let mut keyed: Vec<(i64, Step)> = moves
            .iter()
            .zip(&statics)
            .map(|(&s, &st)| {
                let k = key_of(s);
                let score = if k == tt_move {
                    i64::MAX
                } else if k == killers[0] {
                    i64::MAX - 1
                } else if k == killers[1] {
                    i64::MAX - 2
                } else {
                    ((st as i64) << 32) + history[k as usize] as i64
                };
                (score, s)
            })
            .collect();
        keyed.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        moves.clear();
        let mut placements = 0;
        for (_, s) in keyed {
            if s.is_place() {
                if wunchunk && ply > 0 && placements >= CHUNKS_WIDTH {
                    continue;
                }
                placements += 1;
            }
            moves.push(s);
        }
        self.statics = statics;
    }

    fn negamax(&mut self, depth: u32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes % 1024 == 0 && self.timer.expired(self.nodes) {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let me = mover(&self.g);
        if depth == 0 || self.g.is_over() || ply + 1 >= MAX_PLY {
            return evaluate(&self.g, me, ply as u32);
        }
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.probe() {
            tt_move = e.best;
            if e.depth as u32 >= depth {
                let v = e.value;
                match e.flag {
                    EXACT => return v,
                    LOWER if v >= beta => return v,
                    UPPER if v <= alpha => return v,
                    _ => {}
                }
            }
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.g.legal_steps(&mut moves);
        self.moves[ply] = moves;
        self.order(ply, tt_move);
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_move = NO_MOVE;
        for i in 0..self.moves[ply].len() {
            let s = self.moves[ply][i];
            self.g.play(s);
            let same = mover(&self.g) == me;
            let v = if same {
                self.negamax(depth - 1, ply + 1, alpha, beta)
            } else {
                -self.negamax(depth - 1, ply + 1, -beta, -alpha)
            };
            self.g.undo();
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = key_of(s);
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                let k = key_of(s);
                if self.killers[ply][0] != k {
                    self.killers[ply][1] = self.killers[ply][0];
                    self.killers[ply][0] = k;
                }
                self.history[k as usize] += (depth * depth) as i32;
                break;
            }
        }
        let flag = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.store(depth, best, flag, best_move);
        best
    }

    /// The table's line from the current position.
    fn pv(&mut self, max: usize) -> Vec<MoveKey> {
        let mut line = Vec::new();
        while line.len() < max {
            let Some(e) = self.probe() else { break };
            let k = e.best;
            if k == NO_MOVE || self.g.check(step_of(k)).is_err() {
                break;
            }
            self.g.play(step_of(k));
            line.push(k);
        }
        for _ in 0..line.len() {
            self.g.undo();
        }
        line
    }
}

/// Searches `game` until `timer` expires (or `spec.max_depth` is completed). Returns the root
/// statistics (per root step: nodes searched under it as visits, its value as a win rate),
/// the chosen step and the depth of the last completed iteration.
pub fn search<G: SearchHints>(
    game: &G,
    timer: &Timer,
    spec: &PlayerSpec,
) -> (RootStats, Step, u32) {
    let bytes = spec.memory_bytes().min(MAX_TABLE_BYTES);
    let entries = (bytes / std::mem::size_of::<Entry>()).next_power_of_two() / 2;
    let entries = entries.max(1024);
    let mut s = Search {
        g: game.clone(),
        table: vec![Entry::default(); entries],
        mask: entries - 1,
        used: 0,
        nodes: 0,
        timer,
        aborted: false,
        history: vec![0; KEY_COUNT],
        killers: vec![[NO_MOVE; 2]; MAX_PLY],
        moves: vec![Vec::new(); MAX_PLY],
        statics: Vec::new(),
    };
    let me: Seat = mover(game);
    let mut root: Vec<Step> = Vec::new();
    game.legal_steps(&mut root);
    let has_swap = root.contains(&Step::Swap);
    root.retain(|&x| x != Step::Swap);
    let mut values: Vec<i32> = vec![0; root.len()];
    let mut counts: Vec<u64> = vec![0; root.len()];
    let mut best_index = 0usize;
    let mut best_value = 0i32;
    let mut completed = 0u32;
    let max_depth = spec.max_depth.unwrap_or(64).clamp(1, MAX_PLY as u32 - 2);
    for depth in 1..=max_depth {
        // Previous best first, then by previous value.
        let mut order: Vec<usize> = (0..root.len()).collect();
        order.sort_by_key(|&i| (i != best_index, std::cmp::Reverse(values[i])));
        let mut alpha = -WIN - 1;
        let mut iter_best = None;
        let mut iter_values = values.clone();
        for &i in &order {
            let before = s.nodes;
            s.g.play(root[i]);
            let v = if mover(&s.g) == me {
                s.negamax(depth - 1, 1, alpha, WIN + 1)
            } else {
                -s.negamax(depth - 1, 1, -(WIN + 1), -alpha)
            };
            s.g.undo();
            counts[i] += s.nodes - before;
            if s.aborted {
                break;
            }
            iter_values[i] = v;
            if v > alpha {
                alpha = v;
                iter_best = Some(i);
            }
        }
        if let Some(i) = iter_best {
            // Even a partial iteration searched the previous best first, so its best is sound.
            best_index = i;
            best_value = alpha;
        }
        if s.aborted {
            break;
        }
        values = iter_values;
        completed = depth;
        if best_value.abs() >= WIN - MAX_PLY as i32 || (root.len() <= 1 && !has_swap) {
            break;
        }
    }
    let mut chosen = root.get(best_index).copied().unwrap_or(Step::Swap);
    if has_swap && (root.is_empty() || best_value < 0) {
        chosen = Step::Swap;
    }
    // PV: the chosen step, then the table's line.
    let mut pv = vec![key_of(chosen)];
    if chosen != Step::Swap {
        s.g.play(chosen);
        pv.extend(s.pv(40));
        s.g.undo();
    }
    let mut edges: Vec<RootEdge> = root
        .iter()
        .enumerate()
        .map(|(i, &st)| {
            let n = counts[i].max(1);
            RootEdge {
                key: key_of(st),
                n,
                w: win_rate(values[i]) * n as f64,
                margin: 0.0,
                proven: None,
            }
        })
        .collect();
    if has_swap {
        edges.push(RootEdge {
            key: key_of(Step::Swap),
            n: 1,
            w: 1.0 - win_rate(best_value),
            ..Default::default()
        });
    }
    let stats = RootStats {
        edges,
        pv,
        iterations: s.nodes,
        nodes: s.used,
        bytes: (s.table.len() * std::mem::size_of::<Entry>()) as u64,
        recycled: 0,
        proven: (best_value.abs() >= WIN - MAX_PLY as i32).then_some(if best_value > 0 {
            1.0
        } else {
            0.0
        }),
        minimax: true,
    };
    (stats, chosen, completed)
}
