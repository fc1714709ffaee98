//! `tessera komi GAME [--size N] [--games N] [--ms M | --player SPEC] [--jobs J]`: the fair
//! komi of a board from self-play, written into the fair-komi table
//! ([`crate::games::fair_komi`]).
//!
//! Method: the game's default AI (or `--player`) plays itself `--games` times at each of five
//! komi values around the current estimate (the table's value, else SPEC's default), one
//! `--step` apart (Carteso and Linage `n + 0.5`; Keil whole komi, so the button is on), or
//! `--around X`. While every value favours the same side the sweep extends that way, twice as
//! far each time (at most six times). The crossing of 50 % comes from a logistic fit of the
//! first player's results on komi over every game ([`super::logistic`], Fieller interval). When
//! there is no such fit, the isotonic crossing is used: the win rates made non-increasing in
//! komi (pool-adjacent-violators, weighted by games) and interpolated between the two values
//! around 50 %, its interval running from the largest komi whose Wilson interval lies wholly
//! above 50 % to the smallest whose interval lies wholly below (a side with no such komi stays
//! open). When the second player is ahead down to the grid's smallest komi, that komi is the
//! fair one ([`estimate`]).

use super::figures::{first_point, wilson, Rate};
use super::logistic::{fit, Obs};
use super::selfplay::self_play;
use crate::games::fair_komi;
use crate::games::{format_komi, parse_komi, GameKind};
use crate::search::match_cmd::match_options;
use std::path::PathBuf;

/// Arguments of `tessera komi`.
#[derive(clap::Args, Debug, Clone)]
pub struct KomiArgs {
    /// The game (keil, carteso or linage), board, games at each komi value, time, jobs.
    #[command(flatten)]
    pub play: super::SelfPlayArgs,
    /// Points between the komi values tried (a whole number).
    #[arg(long, default_value_t = 1)]
    pub step: u16,
    /// The table file to update (default: `data/komi.toml` of the source checkout, else the
    /// user's `komi.toml` in tessera's configuration directory).
    #[arg(long)]
    pub table: Option<PathBuf>,
    /// Centre the sweep on this komi (default: the board's fair komi in the table being
    /// updated, else SPEC's default).
    #[arg(long)]
    pub around: Option<String>,
    /// Solve the board exactly instead (the smallest boards: Linage and Carteso 5x5, Keil
    /// side 3), with the puzzle solver's margin search.
    #[arg(long)]
    pub exact: bool,
    /// Positions the exact search may visit before it gives up.
    #[arg(long, default_value_t = 500_000_000)]
    pub exact_limit: u64,
    /// Memory for the exact search's table, in MB.
    #[arg(long, default_value_t = 512)]
    pub exact_mb: usize,
    /// Print the result without writing the table.
    #[arg(long)]
    pub dry_run: bool,
}

/// The first player's results at one komi.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Komi in half points.
    pub komi_half: u16,
    /// The first player's win rate (draws half) with its interval.
    pub rate: Rate,
}

/// Where the first player's win rate crosses 50 %.
#[derive(Clone, Debug, PartialEq)]
pub struct Crossing {
    /// The interpolated crossing (komi), when the tried values bracket it.
    pub at: Option<f64>,
    /// Largest komi the first player significantly wins at.
    pub low: Option<f64>,
    /// Smallest komi the first player significantly loses at.
    pub high: Option<f64>,
}

/// Non-increasing least-squares fit of `rates` weighted by `weights` (pool adjacent
/// violators).
pub fn decreasing_fit(rates: &[f64], weights: &[f64]) -> Vec<f64> {
    // Blocks of (sum of w·r, sum of w, length).
    let mut blocks: Vec<(f64, f64, usize)> = Vec::new();
    for (&r, &w) in rates.iter().zip(weights) {
        blocks.push((r * w, w, 1));
        while blocks.len() > 1 {
            let (b, a) = (blocks[blocks.len() - 1], blocks[blocks.len() - 2]);
            if a.0 / a.1 >= b.0 / b.1 {
                break;
            }
            blocks.pop();
            *blocks.last_mut().unwrap() = (a.0 + b.0, a.1 + b.1, a.2 + b.2);
        }
    }
    blocks
        .iter()
        .flat_map(|&(s, w, n)| std::iter::repeat_n(s / w, n))
        .collect()
}

/// The crossing of `points` (sorted by komi).
pub fn crossing(points: &[Point]) -> Crossing {
    let komi = |p: &Point| p.komi_half as f64 / 2.0;
    let fit = decreasing_fit(
        &points.iter().map(|p| p.rate.p).collect::<Vec<_>>(),
        &points.iter().map(|p| p.rate.n as f64).collect::<Vec<_>>(),
    );
    let mut at = None;
    for i in 0..points.len() {
        if fit[i] == 0.5 {
            // A run of exactly 50 %: its middle.
            let j = (i..points.len())
                .take_while(|&j| fit[j] == 0.5)
                .last()
                .unwrap();
            at = Some((komi(&points[i]) + komi(&points[j])) / 2.0);
            break;
        }
        if i + 1 < points.len() && fit[i] > 0.5 && fit[i + 1] < 0.5 {
            let (k0, k1) = (komi(&points[i]), komi(&points[i + 1]));
            let t = (fit[i] - 0.5) / (fit[i] - fit[i + 1]);
            at = Some(k0 + t * (k1 - k0));
            break;
        }
    }
    Crossing {
        at,
        low: points
            .iter()
            .filter(|p| p.rate.lo > 0.5)
            .map(komi)
            .reduce(f64::max),
        high: points
            .iter()
            .filter(|p| p.rate.hi < 0.5)
            .map(komi)
            .reduce(f64::min),
    }
}

/// The agreed komi the defaults should use for a crossing at `at`: the nearest `n + 0.5`
/// (Carteso, Linage) or the nearest whole komi (Keil, with the button).
pub fn fair_half(kind: GameKind, at: f64) -> u16 {
    let at = at.max(0.0);
    if kind == GameKind::Keil {
        2 * at.round() as u16
    } else {
        2 * (at - 0.5).max(0.0).round() as u16 + 1
    }
}

/// Runs `tessera komi`.
pub fn run(args: &KomiArgs) -> anyhow::Result<()> {
    let kind = args.play.game;
    anyhow::ensure!(kind.has_komi(), "{kind} has no komi");
    anyhow::ensure!(args.play.games > 0, "--games must be at least 1");
    anyhow::ensure!(args.step > 0, "--step must be at least 1");
    let jobs = super::jobs(args.play.jobs)?;
    let size = args.play.size.unwrap_or(kind.default_size());
    let base = match_options(kind, None, Some(size))?;
    let points_max = 2 * base_points(kind, size) as i32;
    let path = match &args.table {
        Some(p) => p.clone(),
        None => default_table_path()?,
    };
    if args.exact {
        let entry = super::exact::run(kind, size, args.exact_mb, args.exact_limit)?;
        if !args.dry_run {
            super::komi_table::update(&path, kind, size, &entry)?;
            println!("written to {}", path.display());
        }
        return Ok(());
    }
    let centre = match &args.around {
        Some(k) => parse_komi(k).map_err(anyhow::Error::msg)?,
        None => current_fair(&path, kind, size)?,
    } as i32;
    let step = 2 * args.step as i32;
    let spec = args.play.spec();
    let mut tried: Vec<Point> = Vec::new();
    let mut want = first_values(centre, step, points_max);
    for round in 0..6 {
        for h in want
            .iter()
            .copied()
            .filter(|&h| (0..=points_max).contains(&h))
        {
            if tried.iter().any(|p| p.komi_half as i32 == h) {
                continue;
            }
            let mut o = base.clone();
            o.komi_half = h as u16;
            let label = format!("{kind} {size} komi {}", format_komi(h as u16));
            let games = self_play(kind, &o, &spec, args.play.games, jobs, &label)?;
            let pts: f64 = games.iter().map(|g| first_point(g.first_won)).sum();
            tried.push(Point {
                komi_half: h as u16,
                rate: wilson(pts, games.len()),
            });
        }
        tried.sort_by_key(|p| p.komi_half);
        let (lo, hi) = (
            tried[0].komi_half as i32,
            tried[tried.len() - 1].komi_half as i32,
        );
        // Still one-sided: go further that way, twice as far each round.
        let reach = step << round;
        // (Capped on the grid, so Carteso and Linage stay at n + 0.5.)
        let up = hi + reach.min((points_max - hi) / step * step);
        let down = lo - reach.min(lo / step * step);
        want = if tried.iter().all(|p| p.rate.p > 0.5) && up > hi {
            vec![up]
        } else if tried.iter().all(|p| p.rate.p < 0.5) && down < lo {
            vec![down]
        } else {
            break;
        };
    }
    for p in &tried {
        println!(
            "komi {:>5}: first player {:>5.1}% (95% {:.1}–{:.1}) of {} games",
            format_komi(p.komi_half),
            100.0 * p.rate.p,
            100.0 * p.rate.lo,
            100.0 * p.rate.hi,
            p.rate.n
        );
    }
    let values: Vec<String> = tried.iter().map(|p| format_komi(p.komi_half)).collect();
    let head = format!(
        "self-play sweep: komi {} ({} games each), {spec}, {}",
        values.join(","),
        args.play.games,
        args.play.thinking()
    );
    let Some(Estimate {
        at,
        low,
        high,
        method,
        iso_text,
    }) = estimate(&tried, args.step, points_max, &head)
    else {
        anyhow::bail!(
            "{kind} {size}: the komi values tried do not bracket 50 % (table not changed)"
        );
    };
    let fair = at.map_or(tried[0].komi_half, |at| fair_half(kind, at));
    println!(
        "{kind} size {size}: crossing at komi {} (95% interval {} … {}; isotonic {iso_text}); \
         fair agreed komi {}",
        at.map_or("below the smallest komi".into(), |x| format!("{x:.2}")),
        low.map_or("open".into(), |x| format!("{x:.2}")),
        high.map_or("open".into(), |x| format!("{x:.2}")),
        format_komi(fair)
    );
    if kind == GameKind::Keil {
        println!(
            "with the button (a whole komi), komi {} is the fair one",
            format_komi(fair)
        );
    }
    if args.dry_run {
        return Ok(());
    }
    let entry = super::komi_table::NewEntry {
        fair: fair as f64 / 2.0,
        crossing: at,
        low,
        high,
        exact: false,
        method,
    };
    super::komi_table::update(&path, kind, size, &entry)?;
    println!("written to {}", path.display());
    Ok(())
}

/// The crossing a sweep gives, its interval, and the method line for the table.
pub struct Estimate {
    /// The crossing (komi); `None` when it lies below the grid's smallest komi.
    pub at: Option<f64>,
    /// Lower end of the 95 % interval, when bounded.
    pub low: Option<f64>,
    /// Upper end of the 95 % interval, when bounded.
    pub high: Option<f64>,
    /// `head` (the sweep) followed by how the crossing was found.
    pub method: String,
    /// The isotonic crossing, for comparison ("none" when there is none).
    pub iso_text: String,
}

/// The estimate from the points of a sweep (sorted by komi, at least one) `step` whole points
/// apart on a board of `points_max` half points: the logistic fit when it exists and does not
/// reach more than a step beyond the values tried, else the isotonic crossing, else — when the
/// second player is ahead down to the grid's smallest komi — that komi. `None`: the values do
/// not bracket 50 %.
pub fn estimate(tried: &[Point], step: u16, points_max: i32, head: &str) -> Option<Estimate> {
    let iso = crossing(tried);
    let obs: Vec<Obs> = tried
        .iter()
        .map(|p| Obs {
            komi: p.komi_half as f64 / 2.0,
            points: p.rate.points,
            games: p.rate.n as f64,
        })
        .collect();
    let (lowest, highest) = (obs[0].komi, obs[obs.len() - 1].komi);
    // The logistic fit when it exists and does not reach more than a step beyond the values
    // tried; else the isotonic crossing between two tried values.
    let span = step as f64;
    let logistic =
        fit(&obs).filter(|f| f.crossing >= lowest - span && f.crossing <= highest + span);
    let iso_text = iso.at.map_or("none".to_string(), |x| format!("{x:.2}"));
    let (at, low, high, method) = match logistic {
        // Komi runs from 0 to the board's points: a bound beyond is no bound.
        Some(f) => (
            Some(f.crossing),
            f.low.filter(|&l| l >= 0.0),
            f.high.filter(|&h| h <= points_max as f64 / 2.0),
            format!(
                "{head}; logistic fit of the first player's wins on komi (maximum likelihood, \
                 draws half), crossing where it gives 50 %, 95 % Fieller interval; isotonic \
                 crossing {iso_text}"
            ),
        ),
        None => match iso.at {
            Some(at) => (
                Some(at),
                iso.low,
                iso.high,
                format!(
                    "{head}; no logistic fit (no trend, or the results separate perfectly): \
                     isotonic fit, crossing interpolated, interval from 95% Wilson intervals \
                     per komi"
                ),
            ),
            // The second player is ahead even at the smallest komi of the grid (Carteso and
            // Linage 0.5, Keil 0): that komi is the fairest there is, the crossing is below it.
            None if tried.iter().all(|p| p.rate.p < 0.5) && tried[0].komi_half < 2 * step => (
                None,
                None,
                iso.high,
                format!(
                    "{head}; the first player scores below 50 % at every komi tried, down to \
                     the smallest komi of the grid ({}): the crossing lies below it, so that \
                     komi is the fairest; no fit",
                    format_komi(tried[0].komi_half)
                ),
            ),
            None => return None,
        },
    };
    Some(Estimate {
        at,
        low,
        high,
        method,
        iso_text,
    })
}

/// The five komi values (half points) on the grid `centre + i·step` nearest the centre within
/// 0…`max`.
pub fn first_values(centre: i32, step: i32, max: i32) -> Vec<i32> {
    let mut v: Vec<i32> = (-20..=20)
        .map(|i| centre + i * step)
        .filter(|h| (0..=max).contains(h))
        .collect();
    v.sort_by_key(|h| ((h - centre).abs(), *h));
    v.truncate(5);
    v.sort();
    v
}

/// The board's fair komi from the table file being updated (so repeated runs refine it), else
/// the program's table, else SPEC's default.
fn current_fair(path: &std::path::Path, kind: GameKind, size: usize) -> anyhow::Result<u16> {
    if let Ok(text) = std::fs::read_to_string(path) {
        let table =
            fair_komi::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        if let Some(e) = table
            .get(kind.name())
            .and_then(|t| t.get(&size.to_string()))
        {
            return Ok((e.fair * 2.0).round() as u16);
        }
    }
    Ok(fair_komi::agreed_komi_half(kind, size))
}

/// Points on the board (the most komi can be).
fn base_points(kind: GameKind, size: usize) -> usize {
    match kind.board_kind() {
        crate::board::BoardKind::Square => size * size,
        crate::board::BoardKind::Hex => 3 * size * (size - 1) + 1,
    }
}

/// `data/komi.toml` of the source checkout when there is one, else the user's file.
fn default_table_path() -> anyhow::Result<PathBuf> {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/komi.toml");
    if repo.is_file() {
        return Ok(repo);
    }
    fair_komi::user_path().ok_or_else(|| anyhow::anyhow!("no home directory: give --table FILE"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(komi_half: u16, wins: f64, n: usize) -> Point {
        Point {
            komi_half,
            rate: wilson(wins, n),
        }
    }

    #[test]
    fn pooling_makes_rates_non_increasing() {
        let fit = decreasing_fit(&[0.9, 0.6, 0.7, 0.2], &[1.0; 4]);
        for (a, b) in fit.iter().zip([0.9, 0.65, 0.65, 0.2]) {
            assert!((a - b).abs() < 1e-12, "{fit:?}");
        }
        let fit = decreasing_fit(&[0.2, 0.8], &[3.0, 1.0]);
        assert!(
            fit.len() == 2 && fit.iter().all(|x| (x - 0.35).abs() < 1e-12),
            "{fit:?}"
        );
        assert_eq!(decreasing_fit(&[], &[]), Vec::<f64>::new());
    }

    #[test]
    fn the_crossing_is_interpolated_and_bounded() {
        // 1.5: 18/20, 2.5: 14/20 (70%), 3.5: 6/20 (30%), 4.5: 1/20.
        let pts = [
            pt(3, 18.0, 20),
            pt(5, 14.0, 20),
            pt(7, 6.0, 20),
            pt(9, 1.0, 20),
        ];
        let c = crossing(&pts);
        assert!((c.at.unwrap() - 3.0).abs() < 1e-12, "{c:?}");
        // 14/20 has a Wilson interval 48.1–85.5 %: not significant, so the bound is 1.5.
        assert_eq!((c.low, c.high), (Some(1.5), Some(4.5)));
        assert_eq!(fair_half(GameKind::Linage, 3.0), 7);
        assert_eq!(fair_half(GameKind::Linage, 2.9), 5);
        assert_eq!(fair_half(GameKind::Linage, 0.1), 1);
        assert_eq!(fair_half(GameKind::Keil, 6.4), 12);
    }

    #[test]
    fn estimates_from_the_fit_the_isotonic_crossing_or_the_floor() {
        // A clear trend: the logistic fit, crossing between the tried values.
        let e = estimate(
            &[
                pt(1, 18.0, 20),
                pt(3, 14.0, 20),
                pt(5, 6.0, 20),
                pt(7, 2.0, 20),
            ],
            1,
            162,
            "sweep",
        )
        .unwrap();
        assert!((e.at.unwrap() - 2.0).abs() < 1e-9, "{:?}", e.at);
        assert!(e.method.starts_with("sweep; logistic fit"));
        // The second player ahead down to 0.5: the floor, no crossing.
        // (The fit's crossing, -4.4, lies more than a step below the values tried.)
        let e = estimate(
            &[
                pt(1, 4.0, 20),
                pt(3, 4.0, 20),
                pt(5, 3.0, 20),
                pt(7, 2.0, 20),
            ],
            1,
            50,
            "sweep",
        )
        .unwrap();
        assert_eq!(e.at, None);
        assert!(
            e.method.contains("smallest komi of the grid (0.5)"),
            "{}",
            e.method
        );
        // Every value above 50 % with nowhere left to look: no estimate.
        assert!(estimate(&[pt(1, 20.0, 20), pt(3, 20.0, 20)], 1, 50, "sweep").is_none());
    }

    #[test]
    fn first_values_stay_on_the_board() {
        assert_eq!(first_values(13, 2, 100), vec![9, 11, 13, 15, 17]);
        // Near 0 the sweep goes up instead.
        assert_eq!(first_values(1, 2, 100), vec![1, 3, 5, 7, 9]);
        assert_eq!(first_values(12, 4, 14), vec![0, 4, 8, 12]);
    }

    #[test]
    fn unbracketed_and_flat_data() {
        let all_first = [pt(1, 15.0, 20), pt(3, 14.0, 20)];
        let c = crossing(&all_first);
        assert_eq!(c.at, None);
        assert_eq!(c.high, None);
        // A run at exactly 50 %: its middle.
        let flat = [pt(1, 10.0, 20), pt(3, 10.0, 20), pt(5, 4.0, 20)];
        assert_eq!(crossing(&flat).at, Some(1.0));
        // A violation pooled: 60 %, 40 %, 55 % → 60 %, 47.5 %, 47.5 %.
        let bumpy = [pt(1, 12.0, 20), pt(3, 8.0, 20), pt(5, 11.0, 20)];
        let at = crossing(&bumpy).at.unwrap();
        assert!((at - (0.5 + 0.1 / 0.125)).abs() < 1e-9, "{at}");
    }
}
