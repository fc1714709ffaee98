//! The fair komi from a sweep's results: where the first player's win rate crosses 50 %
//! ([`estimate`]), and whether the games show that komi matters at all ([`judge`]).
//!
//! The crossing comes from a logistic fit of the first player's results on komi over every
//! game ([`super::logistic`], Fieller interval). When there is no such fit, the isotonic
//! crossing is used: the win rates made non-increasing in komi (pool-adjacent-violators,
//! weighted by games) and interpolated between the two values around 50 %, its interval
//! running from the largest komi whose Wilson interval lies wholly above 50 % to the smallest
//! whose interval lies wholly below (a side with no such komi stays open). When the second
//! player is ahead down to the grid's smallest komi, that komi is the fair one.
//!
//! **Settled or not.** A crossing exists for any data, flat ones too: a sweep where komi
//! changes nothing still crosses 50 % somewhere by chance. So the default komi moves to the
//! estimate only when the games show that komi matters: a one-sided test of a negative slope
//! in the logistic fit at the 5 % level, z = β / se(β) ≤ −1.645 (the Wald test of a logistic
//! regression's slope, se from the fit's covariance; the Cochran–Armitage trend test is its
//! score-test twin). One-sided because more komi can never help the first player: a positive
//! slope is noise, not a finding. When the slope has no finite estimate (the results separate
//! perfectly) the test is the isotonic one: settled when some komi's Wilson interval lies wholly
//! above 50 % and another's wholly below. The floor (second player ahead at every komi down to
//! the grid's smallest) is settled only when that smallest komi's 95 % Wilson interval lies
//! below 50 %. Values that do not bracket 50 % settle nothing.

use super::logistic::{fit, slope_z, Obs};
use crate::games::{format_komi, GameKind};
use crate::interval::Rate;

/// The z value at or below which the slope is significant: one-sided, 5 % (the normal
/// distribution's 5 % quantile).
pub const Z_SETTLED: f64 = -1.644_854;

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

pub use crate::games::fair_komi::decreasing_fit;

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
    if kind.spec().whole_point_komi {
        2 * at.round() as u16
    } else {
        2 * (at - 0.5).max(0.0).round() as u16 + 1
    }
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
    let obs = observations(tried);
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
                    "{head}; no logistic crossing within a step of the values tried (no \
                     trend, perfect separation, or a fit that crosses 50 % beyond them): \
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

/// What a sweep's results say: the estimate, the slope's z, and whether they settle the
/// fair komi (the rule in the module doc).
pub struct Finding {
    /// The crossing and its interval; `None` when the values tried do not bracket 50 %.
    pub estimate: Option<Estimate>,
    /// The logistic slope's z value, when the fit has a maximum.
    pub z: Option<f64>,
    /// The games settle the fair komi.
    pub settled: bool,
    /// Why (settled or not), for the method line.
    pub reason: String,
}

/// `x` rounded to hundredths, a value that rounds to zero made +0.0 (`+ 0.0` turns a negative
/// zero positive: a flat slope's z is often a tiny negative number), so neither the table nor
/// the printed summary shows "-0".
pub(crate) fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0 + 0.0
}

/// `x` with two decimals, as [`hundredths`] rounds it.
pub(crate) fn two_places(x: f64) -> String {
    format!("{:.2}", hundredths(x))
}

/// Judges a sweep (arguments as [`estimate`]).
pub fn judge(tried: &[Point], step: u16, points_max: i32, head: &str) -> Finding {
    let z = slope_z(&observations(tried));
    let estimate = estimate(tried, step, points_max, head);
    let z_text = |z: f64| format!("slope z {}", two_places(z));
    let (settled, reason) = match &estimate {
        None => (false, "the values tried do not bracket 50 %".to_string()),
        Some(e) if e.at.is_none() => {
            let first = &tried[0];
            let below = first.rate.hi < 0.5;
            (
                below,
                format!(
                    "at komi {} the first player's 95 % interval {} 50 % ({:.1}–{:.1} %)",
                    format_komi(first.komi_half),
                    if below { "lies below" } else { "reaches" },
                    100.0 * first.rate.lo,
                    100.0 * first.rate.hi
                ),
            )
        }
        Some(_) => match z {
            Some(z) if z <= Z_SETTLED => (true, format!("{} ≤ −1.645", z_text(z))),
            Some(z) => (false, format!("{} > −1.645", z_text(z))),
            None => {
                let iso = crossing(tried);
                let both = iso.low.is_some() && iso.high.is_some();
                (
                    both,
                    format!(
                        "no finite slope; {} komi with the first player significantly ahead \
                         and one with it significantly behind",
                        if both { "a" } else { "not both a" }
                    ),
                )
            }
        },
    };
    Finding {
        estimate,
        z,
        settled,
        reason,
    }
}

fn observations(tried: &[Point]) -> Vec<Obs> {
    tried
        .iter()
        .map(|p| Obs {
            komi: p.komi_half as f64 / 2.0,
            points: p.rate.points,
            games: p.rate.n as f64,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interval::wilson;

    fn pt(komi_half: u16, wins: f64, n: usize) -> Point {
        Point {
            komi_half,
            rate: wilson(wins, n),
        }
    }

    #[test]
    fn two_places_never_writes_a_negative_zero() {
        assert_eq!(two_places(-0.0001), "0.00");
        assert_eq!(two_places(-0.0), "0.00");
        assert_eq!(two_places(-2.094), "-2.09");
        assert_eq!(two_places(3.456), "3.46");
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
