//! What the AI tells its caller while and after thinking: [`Report`], and the merged root
//! statistics ([`RootStats`]) reports and decisions are built from.

use super::keys::{step_of, MoveKey};
use crate::games::{Game, Step};

/// One candidate step at the root.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Candidate {
    /// The step as `tessera-step` writes it (`d4`, `Bd4`, `end`, `pass`, `swap`, …).
    #[serde(rename = "move")]
    pub step: String,
    /// Simulations through it (alpha-beta: 0).
    pub visits: u64,
    /// Estimated win rate for the side to move after choosing it (0–1).
    pub win_rate: f64,
    /// Expected score margin for the side to move, in games with points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

/// What the AI thinks of the position: sent about every 100 ms while thinking, and returned
/// with the [`super::Decision`]. Serialises to the JSON `tessera-analyze` prints.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Report {
    /// The best turn as a token (SPEC §2). When the turn is already under way, or the search
    /// has not planned its end, the stones so far and the planned ones joined with `,`.
    pub best: String,
    /// The best next step alone (`tessera-step` form).
    pub best_step: String,
    /// Estimated win rate for the side to move (0–1): the mean over all simulations
    /// ([`RootStats::value`]), or the proven result.
    pub win_rate: f64,
    /// Expected final score margin for the side to move, in the games with points (Keil,
    /// Carteso, Linage): the mean over all simulations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// Principal variation: up to 10 turns, as turn tokens (the first one is `best`).
    pub pv: Vec<String>,
    /// The top candidates (up to 5), most visited first.
    pub candidates: Vec<Candidate>,
    /// Simulations (MCTS) or nodes (alpha-beta) so far.
    pub iterations: u64,
    /// Simulations or nodes per second.
    pub iterations_per_sec: f64,
    /// Nodes in the search tree(s) (alpha-beta: transposition table entries in use).
    pub tree_nodes: u64,
    /// Bytes of the search tree in use (alpha-beta: of its table).
    pub tree_bytes: u64,
    /// Times the tree was recycled during this think because its budget was full.
    #[serde(skip_serializing_if = "is_zero")]
    pub tree_recycled: u32,
    /// Milliseconds spent thinking.
    pub elapsed_ms: u64,
    /// Alpha-beta: depth of the last completed iteration (in steps).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// `win`, `loss` or `draw` once the result for the side to move is proven.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proven: Option<&'static str>,
    /// When asked for ([`super::Engine::set_ownership`]): per cell (in the board's cell
    /// order), the share of the search's playouts in which it ended as the first side's and
    /// as the second side's ([`crate::games::SearchHints::final_owners`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ownership: Option<Vec<[f64; 2]>>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Report {
    /// The report as one line of JSON.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a report always serialises")
    }
}

/// Statistics of one root step, merged over threads; values from the mover's view.
#[derive(Clone, Debug, Default)]
pub struct RootEdge {
    /// The step.
    pub key: MoveKey,
    /// Visits.
    pub n: u64,
    /// Reward sum.
    pub w: f64,
    /// Score margin sum.
    pub margin: f64,
    /// Exact value for the mover (1 / 0.5 / 0) once proven.
    pub proven: Option<f32>,
}

impl RootEdge {
    /// Mean reward (0.5 before any visit).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.5
        } else {
            self.w / self.n as f64
        }
    }
}

/// The merged root of a search.
#[derive(Clone, Debug, Default)]
pub struct RootStats {
    /// Root steps, in the order the game listed them.
    pub edges: Vec<RootEdge>,
    /// Best line found, as step keys, starting with the best step (may be empty).
    pub pv: Vec<MoveKey>,
    /// Simulations run.
    pub iterations: u64,
    /// Tree nodes.
    pub nodes: u64,
    /// Tree bytes.
    pub bytes: u64,
    /// Times the tree was recycled.
    pub recycled: u32,
    /// Root result for the mover once proven (1 / 0.5 / 0).
    pub proven: Option<f32>,
    /// The edges hold minimax values (alpha-beta), so the position's value is the chosen
    /// step's; otherwise they count simulations and the value is their mean
    /// ([`RootStats::value`]).
    pub minimax: bool,
}

impl RootStats {
    /// Index of the step to play: a proven win if any, else the most visited step that is
    /// not a proven loss (ties: higher mean). `None` without edges.
    pub fn best_index(&self) -> Option<usize> {
        let e = &self.edges;
        if e.is_empty() {
            return None;
        }
        if let Some(i) = (0..e.len())
            .filter(|&i| e[i].proven == Some(1.0))
            .max_by_key(|&i| e[i].n)
        {
            return Some(i);
        }
        let all_lost = e.iter().all(|x| x.proven == Some(0.0));
        (0..e.len())
            .filter(|&i| all_lost || e[i].proven != Some(0.0))
            .max_by(|&a, &b| {
                (e[a].n, e[a].mean())
                    .partial_cmp(&(e[b].n, e[b].mean()))
                    .unwrap_or(std::cmp::Ordering::Equal)
                    .then(b.cmp(&a))
            })
    }

    /// The position's value for the mover: the mean reward and the mean score margin over
    /// every simulation (AlphaZero's and KataGo's root value), `None` before any. Steadier than
    /// the most visited step's own mean, which rests on a third to a half of the simulations
    /// and changes with which step leads: over six seeds of a 400 ms search of a Keil position,
    /// the margin's standard deviation was 0.3–0.6 points against 0.6–3.8 (docs/review.md).
    pub fn value(&self) -> Option<(f64, f64)> {
        let n: u64 = self.edges.iter().map(|e| e.n).sum();
        (n > 0).then(|| {
            let w: f64 = self.edges.iter().map(|e| e.w).sum();
            let m: f64 = self.edges.iter().map(|e| e.margin).sum();
            (w / n as f64, m / n as f64)
        })
    }

    /// Indices of the top `k` steps, most visited first.
    pub fn top(&self, k: usize) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..self.edges.len()).collect();
        idx.sort_by(|&a, &b| {
            let (ea, eb) = (&self.edges[a], &self.edges[b]);
            eb.n.cmp(&ea.n).then(
                eb.mean()
                    .partial_cmp(&ea.mean())
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        idx.truncate(k);
        idx
    }
}

/// Builds the report for `game` (the root position) from merged statistics; `best` is the
/// step chosen (it heads the PV if the PV starts elsewhere).
pub fn build_report<G: Game>(
    game: &G,
    stats: &RootStats,
    best: Option<MoveKey>,
    elapsed: std::time::Duration,
) -> Report {
    let has_points = game.points().is_some();
    let best = best.or_else(|| stats.best_index().map(|i| stats.edges[i].key));
    let mut line: Vec<MoveKey> = stats.pv.clone();
    if let Some(b) = best {
        if line.first() != Some(&b) {
            line = vec![b];
        }
    }
    let steps: Vec<Step> = line.iter().map(|&k| step_of(k)).collect();
    let (pv, best_text) = turns_of(game, &steps, 10);
    let secs = elapsed.as_secs_f64().max(1e-6);
    let best_edge = best.and_then(|b| stats.edges.iter().find(|e| e.key == b));
    let (mean, margin) = stats
        .value()
        .filter(|_| !stats.minimax)
        .or_else(|| best_edge.map(|e| (e.mean(), e.margin / e.n.max(1) as f64)))
        .unwrap_or((0.5, 0.0));
    Report {
        best: best_text,
        best_step: best.map_or(String::new(), |b| game.format_step(step_of(b))),
        win_rate: stats.proven.map_or(mean, |v| v as f64),
        score: has_points.then_some(margin),
        pv,
        candidates: stats
            .top(5)
            .into_iter()
            .map(|i| {
                let e = &stats.edges[i];
                Candidate {
                    step: game.format_step(step_of(e.key)),
                    visits: e.n,
                    win_rate: e.proven.map_or(e.mean(), |v| v as f64),
                    score: has_points.then(|| if e.n == 0 { 0.0 } else { e.margin / e.n as f64 }),
                }
            })
            .collect(),
        iterations: stats.iterations,
        iterations_per_sec: stats.iterations as f64 / secs,
        tree_nodes: stats.nodes,
        tree_bytes: stats.bytes,
        tree_recycled: stats.recycled,
        elapsed_ms: elapsed.as_millis() as u64,
        depth: None,
        ownership: None,
        proven: stats.proven.map(|v| {
            if v > 0.75 {
                "win"
            } else if v < 0.25 {
                "loss"
            } else {
                "draw"
            }
        }),
    }
}

/// Groups a line of steps from `game` into turn tokens (at most `max_turns`), and returns
/// them with the text of the first turn. The turn in progress includes the steps already
/// played in it. A last turn the line does not finish is left out of the tokens (the first
/// one is then written as its steps joined with `,`).
pub fn turns_of<G: Game>(game: &G, line: &[Step], max_turns: usize) -> (Vec<String>, String) {
    let mut g = game.clone();
    let mut current: Vec<Step> = Vec::new();
    // Steps of the turn in progress, recovered by undoing a copy.
    let mut back = game.clone();
    for _ in 0..game.steps_in_turn() {
        if let Some(s) = back.undo() {
            current.insert(0, s);
        }
    }
    let mut tokens = Vec::new();
    for &s in line {
        if g.is_over() || g.check(s).is_err() || tokens.len() >= max_turns {
            break;
        }
        let before = g.turns_completed();
        g.play(s);
        current.push(s);
        if g.turns_completed() != before {
            tokens.push(g.format_turn(&current));
            current.clear();
        }
    }
    let first = match tokens.first() {
        Some(t) => t.clone(),
        None => current
            .iter()
            .map(|&s| game.format_step(s))
            .collect::<Vec<_>>()
            .join(","),
    };
    (tokens, first)
}
