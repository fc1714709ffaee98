//! Which komi values `tessera komi` plays: five around a centre, one further out while they all
//! favour one side, or exactly the ones `--values` names.

use super::fit::{fair_half, Point};
use crate::games::{parse_komi, GameKind};

/// `--values`, checked and in half points (sorted, no repeats), or `None` for a sweep: each
/// on the board's grid (Keil whole, Carteso and Linage `n + 0.5`) within 0…`max`.
pub fn chosen_values(
    kind: GameKind,
    values: &[String],
    max: i32,
) -> anyhow::Result<Option<Vec<i32>>> {
    if values.is_empty() {
        return Ok(None);
    }
    // The grid is the one the table's fair komi lives on; `whole` only words the message.
    let whole = kind.spec().whole_point_komi;
    let mut out = Vec::new();
    for v in values {
        let h = parse_komi(v).map_err(anyhow::Error::msg)? as i32;
        anyhow::ensure!(
            i32::from(fair_half(kind, f64::from(h) / 2.0)) == h,
            "--values: komi {v} is not on {kind}'s grid ({}): pick values like {}",
            if whole { "whole komi" } else { "n + 0.5" },
            if whole { "6 or 7" } else { "0.5 or 1.5" }
        );
        anyhow::ensure!(
            h <= max,
            "--values: komi {v} is more than the board's {} points",
            max / 2
        );
        out.push(h);
    }
    out.sort();
    out.dedup();
    Ok(Some(out))
}

/// The komi value (half points) to try next, after `round` rounds of widening: while every
/// value in `all` (sorted, all the games that will be pooled) favours the same side, one
/// further that way, `step << round` past the last (capped on the grid within 0…`max`, so
/// Carteso and Linage stay at n + 0.5). `None` once the values bracket 50 % or the board's
/// end is reached.
pub fn widen(all: &[Point], step: i32, round: u32, max: i32) -> Option<i32> {
    let (lo, hi) = (all.first()?.komi_half as i32, all.last()?.komi_half as i32);
    let reach = step << round;
    let up = hi + reach.min((max - hi) / step * step);
    let down = lo - reach.min(lo / step * step);
    if all.iter().all(|p| p.rate.p > 0.5) && up > hi {
        Some(up)
    } else if all.iter().all(|p| p.rate.p < 0.5) && down < lo {
        Some(down)
    } else {
        None
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_values_stay_on_the_board() {
        assert_eq!(first_values(13, 2, 100), vec![9, 11, 13, 15, 17]);
        // Near 0 the sweep goes up instead.
        assert_eq!(first_values(1, 2, 100), vec![1, 3, 5, 7, 9]);
        assert_eq!(first_values(12, 4, 14), vec![0, 4, 8, 12]);
    }

    #[test]
    fn chosen_values_stay_on_the_grid_and_the_board() {
        let v = |k: GameKind, s: &[&str]| {
            let s: Vec<String> = s.iter().map(|x| x.to_string()).collect();
            chosen_values(k, &s, 162).map_err(|e| e.to_string())
        };
        assert_eq!(v(GameKind::Carteso, &[]), Ok(None));
        assert_eq!(
            v(GameKind::Carteso, &["1.5", "0.5", "1.5"]),
            Ok(Some(vec![1, 3]))
        );
        assert_eq!(v(GameKind::Keil, &["6"]), Ok(Some(vec![12])));
        assert!(v(GameKind::Keil, &["6.5"]).unwrap_err().contains("grid"));
        assert!(v(GameKind::Linage, &["2"]).unwrap_err().contains("grid"));
        assert!(v(GameKind::Linage, &["81.5"])
            .unwrap_err()
            .contains("81 points"));
        assert!(v(GameKind::Linage, &["x"]).is_err());
    }
}
