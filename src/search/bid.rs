//! The bid's komi choice (Keil, Carteso, Linage): pick the komi whose estimated first-player
//! win rate is closest to 50 %, so that whichever side the opponent picks, the game is even.
//!
//! A first search at a customary komi gives the expected margin of the first side, hence an
//! estimate of the fair komi; the nearest half-point komi and its neighbours one point either
//! side are then searched each, and the one whose first-player win rate is nearest 50 % wins.
//! Each of the (up to four) searches gets a quarter of the time and iterations. On a board
//! solved exactly (`data/komi.toml`) the bid is the komi that draws under perfect play,
//! without search: the probes' estimate is worse than the proof (Linage 6×6: they said 1.5
//! in 20 of 20 bids where the first side loses at every komi above 0).

use super::control::{Clock, Limits};
use super::engine::Engine;
use super::parallel;
use super::report::{Candidate, Report};
use super::reward::mover;
use super::tree::{Proven, Tree};
use super::tuning;
use crate::games::{format_komi, Game, Side, Step};
use std::sync::atomic::AtomicBool;

/// Fewest simulations a komi probe runs when the limits are counted in simulations.
const KOMI_PROBE_MIN_ITERS: u64 = 10_000;

/// The time a komi probe with that floor may take when no time limit is given.
const KOMI_PROBE_MAX_MS: u64 = 500;

/// First side's (win rate, expected margin, simulations) at komi `half` (in half points).
fn probe<G: Game>(
    engine: &mut Engine<G>,
    game: &G,
    half: u16,
    limits: Limits,
    stop: &AtomicBool,
) -> (f64, f64, u64) {
    let mut g = game.clone();
    g.play(Step::Komi(half));
    g.play(Step::Choose(Side::Second));
    let spec = engine.spec().clone();
    let params = tuning::mcts_params(g.kind(), g.geometry().cells(), &spec.tuning);
    let seeds: Vec<u64> = (0..spec.thread_count())
        .map(|_| engine.next_seed())
        .collect();
    let mut tree = Tree::new(spec.memory_bytes(), g.geometry().cells());
    tree.plant(mover(&g), Proven::Unknown);
    let clock = Clock::new(limits, stop);
    let stats = parallel::search_from(&g, params, &seeds, &mut tree, &clock, None, None);
    let Some(i) = stats.best_index() else {
        return (0.5, 0.0, 0);
    };
    // The margin over every simulation, not the best step's: the most visited step's mean is
    // the maximum of noisy estimates, biased upwards when the probe is short.
    let n: u64 = stats.edges.iter().map(|e| e.n).sum();
    let margin = stats.edges.iter().map(|e| e.margin).sum::<f64>() / n.max(1) as f64;
    (stats.edges[i].mean(), margin, stats.iterations)
}

/// Chooses `komi=X` for the position `game` (the bid's first step); `legal` lists the komi
/// steps allowed.
pub fn choose_komi<G: Game>(
    engine: &mut Engine<G>,
    game: &G,
    legal: &[Step],
    limits: Limits,
    stop: &AtomicBool,
) -> (Step, Report) {
    let start = std::time::Instant::now();
    let max = legal
        .iter()
        .filter_map(|s| match s {
            Step::Komi(h) => Some(*h),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    // A solved board needs no probe: komi M/2 (M the proven margin) is a draw under perfect
    // play whichever side the opponent takes, the only even offer there is.
    if let Some(half) = solved_komi_half(game.kind(), game.geometry().size()).filter(|&h| h <= max)
    {
        return (
            Step::Komi(half),
            komi_report(game, half, 0.5, Vec::new(), 0, start),
        );
    }
    // Weak levels cap their simulations hard, but a komi from a few dozen random playouts can
    // be absurd (level 3 once offered komi 70.5 on a 9×9 Carteso board), and the komi decides
    // the whole game for a newcomer who then picks a side: each probe gets a floor of
    // simulations, and half a second when no time limit is given (the interface's time limit
    // still applies).
    let mut part = limits.scaled(0.25);
    if let Some(n) = part.iters {
        part.iters = Some(n.max(KOMI_PROBE_MIN_ITERS));
        part.ms = Some(part.ms.unwrap_or(KOMI_PROBE_MAX_MS));
    }
    // Start from the board's fair komi (data/komi.toml; the customary komi where unmeasured).
    let first_guess =
        crate::games::fair_komi::agreed_komi_half(game.kind(), game.geometry().size()).min(max);
    let mut probed: Vec<(u16, f64, u64)> = Vec::new();
    let (w0, m0, n0) = probe(engine, game, first_guess, part, stop);
    probed.push((first_guess, w0, n0));
    // The fair komi makes the first side's expected margin zero.
    let fair_half = (first_guess as f64 + 2.0 * m0).clamp(0.0, max as f64);
    let mut centre = fair_half.round() as i64;
    if centre % 2 == 0 {
        // Prefer a half-point komi (no draws): the odd half-value nearest the estimate.
        centre += if fair_half >= centre as f64 { 1 } else { -1 };
    }
    for c in [centre, centre - 2, centre + 2] {
        if c < 0 || c > max as i64 || probed.iter().any(|p| p.0 as i64 == c) {
            continue;
        }
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let (w, _, n) = probe(engine, game, c as u16, part, stop);
        probed.push((c as u16, w, n));
    }
    let &(best, w, _) = probed
        .iter()
        .min_by(|a, b| (a.1 - 0.5).abs().total_cmp(&(b.1 - 0.5).abs()))
        .expect("at least one probe");
    let candidates = probed
        .iter()
        .map(|&(h, w, n)| Candidate {
            step: format!("komi={}", format_komi(h)),
            visits: n,
            win_rate: w,
            score: None,
        })
        .collect();
    let iterations: u64 = probed.iter().map(|p| p.2).sum();
    (
        Step::Komi(best),
        komi_report(game, best, w, candidates, iterations, start),
    )
}

/// The komi (half points) at which a solved board is a draw under perfect play: the
/// table's crossing of an exact entry (`data/komi.toml`).
fn solved_komi_half(kind: crate::games::GameKind, size: usize) -> Option<u16> {
    match crate::games::fair_komi::lookup(kind, size) {
        crate::games::fair_komi::Source::Table { entry, .. } if entry.exact => entry
            .crossing
            .filter(|c| *c >= 0.0)
            .map(|c| (c * 2.0).round() as u16),
        _ => None,
    }
}

/// The report of a bid of komi `half` whose first side wins with probability `w`, from the
/// probes `candidates` (none on a solved board) that took `iterations` in all.
fn komi_report<G: Game>(
    game: &G,
    half: u16,
    w: f64,
    candidates: Vec<Candidate>,
    iterations: u64,
    start: std::time::Instant,
) -> Report {
    let elapsed = start.elapsed();
    let token = game.format_step(Step::Komi(half));
    Report {
        best: token.clone(),
        best_step: token.clone(),
        // The opponent takes the better side, so the chooser can expect the worse one.
        win_rate: w.min(1.0 - w),
        score: None,
        pv: vec![token],
        candidates,
        iterations,
        iterations_per_sec: iterations as f64 / elapsed.as_secs_f64().max(1e-6),
        tree_nodes: 0,
        tree_bytes: 0,
        tree_recycled: 0,
        elapsed_ms: elapsed.as_millis() as u64,
        depth: None,
        proven: None,
        ownership: None,
    }
}
