//! Pooling `tessera komi` runs: each self-play entry of the fair-komi table keeps its games
//! (per komi value: games and the first player's points, with the player spec), a new run with
//! the same player adds its games to them ([`merge`]), and the entry is refitted from the
//! pooled counts ([`conclude`]), so hours of self-play accumulate instead of replacing each
//! other. Whether the pooled games settle the fair komi is [`super::fit::judge`]'s rule;
//! when they do not, the entry keeps the earlier default ([`kept`]).

use super::fit::{fair_half, judge, Finding, Point};
use super::table::NewEntry;
use crate::games::fair_komi::{Count, Entry};
use crate::games::{format_komi, GameKind};
use crate::interval::wilson;
use crate::lab::play::RESIGN;

/// Adds `new` to `stored`: counts at the same komi are summed, new komi values inserted in
/// order.
pub fn merge(stored: &[Count], new: &[Count]) -> Vec<Count> {
    let mut out = stored.to_vec();
    for n in new {
        match out.iter_mut().find(|c| c.komi_half() == n.komi_half()) {
            Some(c) => {
                c.games += n.games;
                c.points += n.points;
                c.resigned += n.resigned;
            }
            None => out.push(*n),
        }
    }
    out.sort_by_key(|c| c.komi_half());
    out
}

/// The counts as sweep points (komi, rate with its Wilson interval).
pub fn points(counts: &[Count]) -> Vec<Point> {
    counts
        .iter()
        .map(|c| Point {
            komi_half: c.komi_half(),
            rate: wilson(c.points, c.games as usize),
        })
        .collect()
}

/// The points between the komi values: the smallest gap, in whole points (at least 1). A
/// single run's values are `--step` apart (its widening goes further), so this is its step.
pub fn step_of(counts: &[Count]) -> u16 {
    counts
        .windows(2)
        .map(|w| (w[1].komi_half() - w[0].komi_half()) / 2)
        .min()
        .unwrap_or(1)
        .max(1)
}

/// Komi can run up to the board's points, one a cell (half points: twice that; 0 for a size
/// the board does not allow, which the callers have refused before).
pub fn points_max(kind: GameKind, size: usize) -> i32 {
    let cells = crate::board::Geometry::of(kind.board_kind(), size).map_or(0, |g| g.cells());
    2 * cells as i32
}

/// The default an unsettled result leaves in place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Kept {
    /// Half points.
    pub half: u16,
    /// It is SPEC's default (else an earlier entry's value).
    pub spec_default: bool,
}

/// What an unsettled result keeps: the previous entry's `fair` when that entry was written
/// under the rule (it has `settled`) or solved exactly; SPEC's default when there was no entry
/// or only one from before the rule (its `fair` was never tested).
pub fn kept(kind: GameKind, previous: Option<&Entry>) -> Kept {
    let half = previous
        .filter(|e| e.exact || e.settled.is_some())
        .map_or(kind.customary_komi(), |e| (e.fair * 2.0).round() as u16);
    Kept {
        half,
        spec_default: half == kind.customary_komi(),
    }
}

/// "self-play: komi 0.5,1.5 (20 games each, 40 in all), player `SPEC`" — the values, the
/// games at each (listed per value when they differ) and the player, once.
pub fn head(counts: &[Count], player: &str) -> String {
    let total: u32 = counts.iter().map(|c| c.games).sum();
    let values = if counts.windows(2).all(|w| w[0].games == w[1].games) {
        let list: Vec<String> = counts.iter().map(|c| format_komi(c.komi_half())).collect();
        format!(
            "komi {} ({} games each, {total} in all)",
            list.join(","),
            counts.first().map_or(0, |c| c.games)
        )
    } else {
        let list: Vec<String> = counts
            .iter()
            .map(|c| format!("{} ×{}", format_komi(c.komi_half()), c.games))
            .collect();
        format!("komi {} ({total} games)", list.join(", "))
    };
    let resigned: u32 = counts.iter().map(|c| c.resigned).sum();
    // Written only when some game was resigned.
    let rule = || {
        format!(
            "resignation (`tessera komi --resign`: the last {} searched turns all gave one side \
             ≥ {:.0} %)",
            RESIGN.turns,
            100.0 * RESIGN.threshold
        )
    };
    let ended = match resigned {
        0 => String::new(),
        n if n == total => format!("; all ended by {}", rule()),
        n => format!(
            "; {n} of the {total} games ended by {}, the rest played out",
            rule()
        ),
    };
    format!("self-play: {values}, player `{player}`{ended}")
}

/// The table entry for `counts` (sorted by komi, at least one) played by `player` on a `kind`
/// board of `size`: the estimate, judged; an unsettled result keeps `kept` as its `fair`.
pub fn conclude(
    kind: GameKind,
    size: usize,
    counts: Vec<Count>,
    player: &str,
    kept: Kept,
) -> (NewEntry, Finding) {
    let tried = points(&counts);
    let head = head(&counts, player);
    let finding = judge(&tried, step_of(&counts), points_max(kind, size), &head);
    let est = finding.estimate.as_ref();
    let fair = match est {
        Some(e) if finding.settled => e.at.map_or(tried[0].komi_half, |at| fair_half(kind, at)),
        _ => kept.half,
    };
    let verdict = if finding.settled {
        "settled".to_string()
    } else {
        format!(
            "not settled: the default stays {} ({})",
            format_komi(kept.half),
            if kept.spec_default {
                "SPEC's"
            } else {
                "the earlier entry's"
            }
        )
    };
    let method = match est {
        Some(e) => format!("{}; {}: {verdict}", e.method, finding.reason),
        None => format!("{head}; no estimate, {}: {verdict}", finding.reason),
    };
    let entry = NewEntry {
        fair: fair as f64 / 2.0,
        crossing: est.and_then(|e| e.at),
        low: est.and_then(|e| e.low),
        high: est.and_then(|e| e.high),
        exact: false,
        method,
        counts,
        player: Some(player.to_string()),
        z: finding.z,
        settled: Some(finding.settled),
    };
    (entry, finding)
}

/// The entry a stored one refits to from its own counts. An unsettled result keeps the
/// entry's `fair` when the entry was written under the rule, else SPEC's default.
pub fn refit(kind: GameKind, size: usize, e: &Entry) -> anyhow::Result<(NewEntry, Finding)> {
    let player = match (&e.player, e.counts.is_empty()) {
        (Some(p), false) => p,
        _ => anyhow::bail!(
            "{kind} {size}: the entry keeps no self-play counts to refit (exact, or written \
             before counts were kept: re-run the sweep)"
        ),
    };
    Ok(conclude(
        kind,
        size,
        e.counts.clone(),
        player,
        kept(kind, Some(e)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fair_komi;

    fn c(komi: f64, games: u32, points: f64) -> Count {
        Count::new(komi, games, points)
    }

    const P: &str = "default:iters=3000,threads=1";
    const SPEC: Kept = Kept {
        half: 1,
        spec_default: true,
    };

    /// A steep sweep: 90 %, 70 %, 30 %, 10 % at 0.5 … 3.5.
    fn steep() -> Vec<Count> {
        vec![
            c(0.5, 20, 18.0),
            c(1.5, 20, 14.0),
            c(2.5, 20, 6.0),
            c(3.5, 20, 2.0),
        ]
    }

    /// A flat one: 55 %, 45 %, 55 %, 45 %.
    fn flat() -> Vec<Count> {
        vec![
            c(0.5, 20, 11.0),
            c(1.5, 20, 9.0),
            c(2.5, 20, 11.0),
            c(3.5, 20, 9.0),
        ]
    }

    #[test]
    fn merging_sums_the_same_komi_and_inserts_new_ones() {
        let stored = vec![c(1.5, 20, 11.0), c(3.5, 20, 4.5)];
        let new = vec![c(0.5, 10, 7.0), c(1.5, 20, 9.5), c(4.5, 10, 1.0)];
        assert_eq!(
            merge(&stored, &new),
            vec![
                c(0.5, 10, 7.0),
                c(1.5, 40, 20.5),
                c(3.5, 20, 4.5),
                c(4.5, 10, 1.0)
            ]
        );
        assert_eq!(merge(&[], &new), new);
        assert_eq!(step_of(&merge(&stored, &new)), 1);
        assert_eq!(
            step_of(&[c(2.0, 4, 1.0), c(4.0, 4, 1.0), c(10.0, 4, 1.0)]),
            2
        );
        assert_eq!(step_of(&[c(2.0, 4, 1.0)]), 1);
    }

    #[test]
    fn the_player_and_the_games_are_named_once() {
        let h = head(&steep(), P);
        assert_eq!(
            h,
            "self-play: komi 0.5,1.5,2.5,3.5 (20 games each, 80 in all), player \
             `default:iters=3000,threads=1`"
        );
        assert_eq!(h.matches("iters=3000").count(), 1);
        // Resigned games are counted per komi, pooled, and named in the method.
        let mut r = c(0.5, 4, 1.0);
        r.resigned = 3;
        let pooled = merge(&steep(), &[r]);
        assert_eq!((pooled[0].games, pooled[0].resigned), (24, 3));
        let mut every = c(0.5, 4, 1.0);
        every.resigned = 4;
        assert!(
            head(&[every], P).ends_with(
                "(4 games each, 4 in all), player `default:iters=3000,threads=1`; all ended by \
                 resignation (`tessera komi --resign`: the last 4 searched turns all gave one \
                 side ≥ 95 %)"
            ),
            "{}",
            head(&[every], P)
        );
        assert!(
            head(&pooled, P).ends_with(
                "; 3 of the 84 games ended by resignation (`tessera komi --resign`: the last 4 \
                 searched turns all gave one side ≥ 95 %), the rest played out"
            ),
            "{}",
            head(&pooled, P)
        );
        let pooled = merge(&steep(), &[c(0.5, 20, 12.0)]);
        assert!(
            head(&pooled, P)
                .starts_with("self-play: komi 0.5 ×40, 1.5 ×20, 2.5 ×20, 3.5 ×20 (100 games)"),
            "{}",
            head(&pooled, P)
        );
    }

    #[test]
    fn a_steep_sweep_moves_the_default_and_a_flat_one_keeps_it() {
        let (e, f) = conclude(GameKind::Linage, 9, steep(), P, SPEC);
        assert!(f.settled && f.z.unwrap() < -1.645, "{}", e.method);
        // Crossing at 2.0, halfway between 1.5 and 2.5: the higher.
        assert!((e.crossing.unwrap() - 2.0).abs() < 1e-9);
        assert_eq!((e.fair, e.settled), (2.5, Some(true)));
        assert!(e.method.ends_with(": settled"), "{}", e.method);
        let (e, f) = conclude(GameKind::Linage, 9, flat(), P, SPEC);
        assert!(!f.settled && f.z.unwrap() > -1.645, "{}", e.method);
        assert_eq!((e.fair, e.settled), (0.5, Some(false)));
        assert!(
            e.method.contains("default stays 0.5 (SPEC's)"),
            "{}",
            e.method
        );
        assert_eq!(e.counts, flat());
        // An earlier settled value is kept, not SPEC's default.
        let earlier = Kept {
            half: 7,
            spec_default: false,
        };
        assert_eq!(
            conclude(GameKind::Linage, 9, flat(), P, earlier).0.fair,
            3.5
        );
    }

    #[test]
    fn the_floor_is_settled_only_below_50_percent() {
        // 2/20 at 0.5 (Wilson 2.8–30.1 %): settled at 0.5; 8/20 (21.9–61.3 %): not.
        let low = vec![c(0.5, 20, 2.0), c(1.5, 20, 1.0), c(2.5, 20, 0.0)];
        let (e, f) = conclude(
            GameKind::Carteso,
            5,
            low,
            P,
            Kept {
                half: 5,
                spec_default: false,
            },
        );
        assert!(f.settled && e.crossing.is_none(), "{}", e.method);
        assert_eq!(e.fair, 0.5);
        let (e, f) = conclude(
            GameKind::Carteso,
            5,
            vec![c(0.5, 20, 8.0), c(1.5, 20, 7.0), c(2.5, 20, 6.0)],
            P,
            Kept {
                half: 5,
                spec_default: false,
            },
        );
        assert!(!f.settled && e.crossing.is_none(), "{}", e.method);
        assert_eq!(e.fair, 2.5);
    }

    #[test]
    fn unbracketed_values_are_kept_unsettled() {
        let (e, f) = conclude(
            GameKind::Linage,
            9,
            vec![c(0.5, 20, 15.0), c(1.5, 20, 14.0)],
            P,
            SPEC,
        );
        assert!(f.estimate.is_none() && !f.settled);
        assert_eq!((e.fair, e.crossing), (0.5, None));
        assert!(e.method.contains("no estimate"), "{}", e.method);
    }

    #[test]
    fn what_an_unsettled_result_keeps() {
        let t = fair_komi::parse(
            "[linage.9]\nfair = 3.5\nmethod = \"old\"\n\
             [linage.10]\nfair = 2.5\nsettled = true\nmethod = \"x\"\n\
             [linage.11]\nfair = 1.5\nsettled = false\nmethod = \"x\"\n",
        )
        .unwrap();
        let k = |s: &str| kept(GameKind::Linage, Some(&t["linage"][s])).half;
        // Before the rule: never tested, so SPEC's default.
        assert_eq!((k("9"), k("10"), k("11")), (1, 5, 3));
        assert_eq!(
            kept(GameKind::Keil, None),
            Kept {
                half: 12,
                spec_default: true
            }
        );
    }

    /// Every entry of the shipped table that keeps counts is what the code computes from them:
    /// nobody can hand-edit a value out of step with its data.
    #[test]
    fn the_shipped_table_is_its_counts_refitted() {
        let table = fair_komi::parse(fair_komi::EMBEDDED).unwrap();
        let mut with_counts = 0;
        for (game, sizes) in &table {
            let kind: GameKind = game.parse().unwrap();
            for (size, e) in sizes {
                let n: usize = size.parse().unwrap();
                if e.exact {
                    assert!(e.counts.is_empty(), "{game} {size}");
                    continue;
                }
                assert!(
                    !e.counts.is_empty(),
                    "{game} {size}: self-play without counts"
                );
                let (fresh, _) = refit(kind, n, e).unwrap();
                // Through the writer and the parser, so the rounding is the file's.
                let text = super::super::table::set_entry("", kind, n, &fresh).unwrap();
                let back = &fair_komi::parse(&text).unwrap()[game.as_str()][size.as_str()];
                assert_eq!(back, e, "{game} {size}: refit with `tessera komi --refit`");
                with_counts += 1;
            }
        }
        assert!(with_counts >= 10, "{with_counts}");
    }
}
