//! The bid's komi choice (Keil, Carteso, Linage): pick the komi whose estimated first-player
//! win rate is closest to 50 %, so that whichever side the opponent picks, the game is even;
//! and, when the opponent set the komi, the side the table favours.
//!
//! Where the fair-komi table (`data/komi.toml`) knows the board — solved exactly, or settled
//! by self-play — the bid is its komi, without search: a few seconds of probes from the empty
//! board are a worse estimate than a proof or dozens to hundreds of games (see `table_komi`).
//! Elsewhere a first search at the table's komi gives the expected margin of the first side,
//! hence an estimate of the fair komi; the nearest half-point komi and its neighbours one point
//! either side are then searched each, and the one whose first-player win rate is nearest 50 %
//! wins.
//! Each of the (up to four) searches gets a quarter of the time and iterations. The searches
//! are the caller's ([`Probe`]): the engine runs them on the tree search with playouts.

use crate::games::fair_komi::{KomiTable, Source};
use crate::games::SearchHints;
use crate::games::{format_komi, Game, Side, Step};
use crate::search::control::Limits;
use crate::search::report::{Candidate, Report};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A probe: searches the position given (the bid made, the second side chosen) within the
/// limits given and returns the first side's (win rate, expected margin, simulations).
pub type Probe<'a, G> = &'a mut dyn FnMut(&G, Limits) -> (f64, f64, u64);

/// Fewest simulations a komi probe runs when the limits are counted in simulations.
const KOMI_PROBE_MIN_ITERS: u64 = 10_000;

/// The time a komi probe with that floor may take when no time limit is given.
const KOMI_PROBE_MAX_MS: u64 = 500;

/// First side's (win rate, expected margin, simulations) at komi `half` (in half points).
fn probe<G: SearchHints>(search: Probe<G>, game: &G, half: u16, limits: Limits) -> (f64, f64, u64) {
    let mut g = game.clone();
    g.play(Step::Komi(half));
    g.play(Step::Choose(Side::Second));
    search(&g, limits)
}

/// Chooses `komi=X` for the position `game` (the bid's first step) from the fair-komi `table`
/// and the `search`'s probes; `legal` lists the komi steps allowed.
pub fn choose_komi<G: SearchHints>(
    search: Probe<G>,
    table: Arc<KomiTable>,
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
    // Where the table knows the board's komi (solved, or settled by self-play), its komi is
    // the offer, without probes: see `table_komi`.
    if let Some(t) =
        table_komi(&table, game).filter(|t| t.offer <= max && same_rules(game, t.offer))
    {
        let w = t.first_rate(t.offer as f64 / 2.0);
        return (
            Step::Komi(t.offer),
            komi_report(game, t.offer, w, Vec::new(), 0, start),
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
    let first_guess = table
        .agreed_komi_half(game.kind(), game.geometry().size())
        .min(max);
    let mut probed: Vec<(u16, f64, u64)> = Vec::new();
    let (w0, m0, n0) = probe(search, game, first_guess, part);
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
        let (w, _, n) = probe(search, game, c as u16, part);
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

/// What the fair-komi table (`data/komi.toml`) says of a board.
struct TableKomi {
    /// The komi to offer, in half points: the drawing komi of a solved board, the `fair`
    /// komi of a settled one.
    offer: u16,
    /// Solved exactly: the komi (points) at which perfect play draws; the first side wins
    /// below it and loses above it, for certain.
    drawn_at: Option<f64>,
    /// Settled: the first side's measured score by komi played, non-increasing
    /// ([`crate::games::fair_komi::Entry::first_scores`]).
    scores: Vec<(f64, f64)>,
}

impl TableKomi {
    /// The first side's expected score at `komi`: certain on a solved board, else the
    /// measured score, interpolated between the nearest komi played (the end values beyond
    /// them; even without games).
    fn first_rate(&self, komi: f64) -> f64 {
        if let Some(c) = self.drawn_at {
            return if komi < c {
                1.0
            } else if komi > c {
                0.0
            } else {
                0.5
            };
        }
        let r = &self.scores;
        let Some(i) = r.iter().position(|&(k, _)| k >= komi) else {
            return r.last().map_or(0.5, |x| x.1);
        };
        if i == 0 || r[i].0 == komi {
            return r[i].1;
        }
        let ((k0, r0), (k1, r1)) = (r[i - 1], r[i]);
        r0 + (r1 - r0) * (komi - k0) / (k1 - k0)
    }
}

/// The table's komi for the board of `game`, when the table knows more than a bid's probes
/// can: a solved board (komi M/2, M the proven margin, is a draw under perfect play whichever
/// side the opponent takes) or a settled self-play entry (dozens to hundreds of games; its
/// `method` says how many, and its `player` how strong). The probes are a few seconds of
/// search from the empty board, whose playouts favour the first side more than good play
/// does: they offered 2.5 on Carteso 6x6, where the first side scored 50 % at komi 0.5 and
/// 40 % at 2.5 over 30 games each, and 2.5 (no button) on Keil side 3, where with the button
/// it won 20 % at komi 1 and 7 % at 2.
fn table_komi<G: Game>(table: &KomiTable, game: &G) -> Option<TableKomi> {
    let Source::Table { entry, .. } = table.lookup(game.kind(), game.geometry().size()) else {
        return None;
    };
    if entry.exact {
        let c = entry.crossing.filter(|c| *c >= 0.0)?;
        return Some(TableKomi {
            offer: (c * 2.0).round() as u16,
            drawn_at: Some(c),
            scores: Vec::new(),
        });
    }
    entry.measured().then(|| TableKomi {
        offer: (entry.fair * 2.0).round() as u16,
        drawn_at: None,
        scores: entry.first_scores(),
    })
}

/// Whether `game` (at the bid's first step) plays komi `half` under the rules the table was
/// measured with: in Keil the button on exactly when komi is whole (`button = auto`, as
/// `tessera komi` plays); a button forced on or off is another game, left to the probes.
fn same_rules<G: Game>(game: &G, half: u16) -> bool {
    if !game.kind().spec().button {
        return true;
    }
    let mut g = game.clone();
    if g.try_play(Step::Komi(half)).is_err() || g.try_play(Step::Choose(Side::Second)).is_err() {
        return false;
    }
    g.check(Step::Button).is_ok() == (half % 2 == 0)
}

/// The bid's side choice from the table, when the opponent has set the komi (`legal` holds
/// only `play=…` steps) on a board the table solves or settles: the side whose score by the
/// table (`TableKomi::first_rate`) is above even, with that score. `None` (search decides)
/// elsewhere, where the table's score is even, or under other rules (`same_rules`).
pub fn table_side<G: Game>(
    table: impl FnOnce() -> Arc<KomiTable>,
    game: &G,
    legal: &[Step],
) -> Option<(Step, f64)> {
    if legal.is_empty() || !legal.iter().all(|s| matches!(s, Step::Choose(_))) {
        return None;
    }
    let mut before = game.clone();
    let Some(Step::Komi(half)) = before.undo() else {
        return None;
    };
    let table = table_komi(&table(), &before)?;
    if !same_rules(&before, half) {
        return None;
    }
    let first = table.first_rate(half as f64 / 2.0);
    let (side, rate) = if first > 0.5 {
        (Side::First, first)
    } else if first < 0.5 {
        (Side::Second, 1.0 - first)
    } else {
        return None;
    };
    Some((Step::Choose(side), rate)).filter(|(s, _)| legal.contains(s))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{AnyGame, GameKind};
    use crate::search::{Engine, Limits, PlayerSpec};

    /// The built-in fair-komi table, as an engine without a table of its own reads it.
    fn builtin() -> Arc<KomiTable> {
        Arc::new(KomiTable::builtin())
    }

    fn bid_game(kind: GameKind, size: usize, more: &[&str]) -> AnyGame {
        let size = format!("size={size}");
        let mut args = vec![size.as_str(), "protocol=bid"];
        args.extend_from_slice(more);
        AnyGame::from_args(kind.name(), &args).unwrap()
    }

    fn think(game: &AnyGame) -> Step {
        let spec: PlayerSpec = "mcts:iters=200,threads=1,seed=3".parse().unwrap();
        Engine::new(spec)
            .think(
                game,
                Limits::default(),
                Arc::new(AtomicBool::new(false)),
                None,
            )
            .unwrap()
            .step
    }

    /// Every board of the three bid games with its table knowledge, if any.
    fn boards() -> Vec<(GameKind, usize, Option<TableKomi>)> {
        let mut out = Vec::new();
        for kind in [GameKind::Keil, GameKind::Carteso, GameKind::Linage] {
            let sizes = if kind == GameKind::Keil {
                3..=9
            } else {
                5..=13
            };
            for size in sizes {
                let t = table_komi(&KomiTable::builtin(), &bid_game(kind, size, &[]));
                out.push((kind, size, t));
            }
        }
        out
    }

    /// On every board the table solves or settles, the bid is the table's komi (the drawing
    /// komi of a solved board, the fair komi of a settled one), not the probes' estimate.
    #[test]
    fn the_bid_offers_the_tables_komi_where_the_table_knows_it() {
        let mut known = 0;
        for (kind, size, t) in boards() {
            let Some(t) = t else { continue };
            known += 1;
            let step = think(&bid_game(kind, size, &[]));
            assert_eq!(step, Step::Komi(t.offer), "{} {size}", kind.name());
        }
        // The shipped table settles most boards (Linage 5x5 and 6x6 exactly).
        assert!(known >= 10, "{known} boards known");
    }

    /// When the opponent sets the komi on a board the table knows, the AI takes the side the
    /// table's games clearly favour there (a komi whose first-player score has a 95 % interval
    /// wholly above or below 50 %), and on a solved board the side that wins under perfect
    /// play a point either side of the drawing komi.
    #[test]
    fn the_side_choice_follows_the_tables_games() {
        let mut checked = 0;
        for (kind, size, t) in boards() {
            let Some(t) = t else { continue };
            let Source::Table { entry, .. } = KomiTable::builtin().lookup(kind, size) else {
                unreachable!("a known board is in the table")
            };
            let mut cases = Vec::new();
            if let Some(c) = t.drawn_at {
                cases.extend([(c - 1.0, Side::First), (c + 1.0, Side::Second)]);
            }
            for c in &entry.counts {
                let rate = crate::interval::wilson(c.points, c.games as usize);
                if rate.lo > 0.5 {
                    cases.push((c.komi, Side::First));
                } else if rate.hi < 0.5 {
                    cases.push((c.komi, Side::Second));
                }
            }
            for (komi, side) in cases.into_iter().filter(|c| c.0 >= 0.0) {
                let mut g = bid_game(kind, size, &[]);
                g.play(Step::Komi((komi * 2.0) as u16));
                let want = Step::Choose(side);
                assert_eq!(think(&g), want, "{} {size} komi {komi}", kind.name());
                checked += 1;
            }
        }
        assert!(checked >= 20, "{checked} cases");
    }

    /// The first side's score: certain on a solved board, measured (and interpolated between
    /// the komi played) on a settled one.
    #[test]
    fn the_tables_score_at_a_komi() {
        let solved = TableKomi {
            offer: 0,
            drawn_at: Some(0.0),
            scores: Vec::new(),
        };
        let scores = [-0.5, 0.0, 0.5].map(|k| solved.first_rate(k));
        assert_eq!(scores, [1.0, 0.5, 0.0]);
        let settled = TableKomi {
            offer: 1,
            drawn_at: None,
            scores: vec![(0.5, 0.5), (1.5, 0.4), (2.5, 0.3)],
        };
        let scores = [0.0, 0.5, 1.0, 2.5, 9.5].map(|k| settled.first_rate(k));
        let want = [0.5, 0.5, 0.45, 0.3, 0.3];
        assert!(
            scores.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-12),
            "{scores:?}"
        );
    }

    /// Keil's table was measured with the button on exactly when komi is whole: a game with
    /// the button forced on or off does not use it.
    #[test]
    fn keil_uses_the_table_only_under_its_button_rule() {
        let auto = bid_game(GameKind::Keil, 3, &[]);
        assert!(same_rules(&auto, 2) && same_rules(&auto, 3));
        let off = bid_game(GameKind::Keil, 3, &["button=off"]);
        assert!(!same_rules(&off, 2) && same_rules(&off, 3));
        let on = bid_game(GameKind::Keil, 3, &["button=on"]);
        assert!(same_rules(&on, 2) && !same_rules(&on, 3));
        let mut g = off.clone();
        g.play(Step::Komi(0));
        let legal = [Step::Choose(Side::First), Step::Choose(Side::Second)];
        assert_eq!(table_side(builtin, &g, &legal), None);
        // Keil side 3 at komi 0 with the button: the first side won 30 of 30.
        let mut g = auto.clone();
        g.play(Step::Komi(0));
        let (step, rate) = table_side(builtin, &g, &legal).unwrap();
        assert_eq!(step, Step::Choose(Side::First));
        assert!(rate > 0.5, "{rate}");
    }
}
