//! The statistics of a set of self-play games, computed from their logs alone (no engine, no
//! clock), so they can be tested on toy data: win rates with Wilson intervals, game length,
//! branching factor per step, complexity, distinct and killer moves.

use crate::interval::{wilson, Rate};
use crate::lab::play::first_point;
use serde::Serialize;
use std::collections::BTreeMap;

/// One decision of a game: how many legal steps there were, which one was chosen, and the
/// notation of every legal step (for killer moves).
#[derive(Clone, Debug, PartialEq)]
pub struct StepChoice {
    /// The chosen step as the game writes it (`c5`, `komi=3.5`, `pass`, …).
    pub chosen: String,
    /// Every legal step at that point, as the game writes them.
    pub legal: Vec<String>,
}

/// What the statistics need to know about one finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLog {
    /// The winner: `Some(true)` when the side that moved first won, `None` for a draw.
    pub first_won: Option<bool>,
    /// Whole turns played.
    pub turns: usize,
    /// Every step in order (multi-stone turns have several; the seed reports call a step a
    /// ply, and the report keeps their word).
    pub decisions: Vec<StepChoice>,
}

/// Mean and (sample) standard deviation; `(0, 0)` for no values, spread 0 for one.
pub fn mean_sd(values: &[f64]) -> (f64, f64) {
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    if values.len() == 1 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, var.sqrt())
}

/// Mean branching factor over a band of steps.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Band {
    /// First ply of the band (from 1).
    pub from: usize,
    /// Last ply of the band.
    pub to: usize,
    /// Mean number of legal steps at those steps, over every game that reached them.
    pub branching: f64,
    /// Decisions counted.
    pub samples: usize,
}

/// A move chosen more than half the time it was available (at a real choice).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Killer {
    /// The move as the game writes it.
    pub text: String,
    /// Times it was legal with at least one alternative.
    pub available: usize,
    /// Times it was chosen then.
    pub chosen: usize,
}

/// The figures of a set of games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figures {
    /// Games counted.
    pub games: usize,
    /// The first player's win rate (draws half) with its interval.
    pub first_win: Rate,
    /// Draws.
    pub draws: usize,
    /// Share of games with a winner, in percent.
    pub decisive_pct: f64,
    /// Mean game length in steps and its standard deviation (`plies` in the JSON and the
    /// report: the seed reports' word for a step; a puzzle's ply is a whole turn).
    #[serde(rename = "plies")]
    pub steps: (f64, f64),
    /// Mean game length in whole turns and its standard deviation.
    pub turns: (f64, f64),
    /// Mean number of legal steps over every decision of every game.
    pub branching: f64,
    /// Complexity as the seeds give it: log10 of branching^length (mean length × log10 mean
    /// branching).
    pub complexity_log10: f64,
    /// The mean over games of Σ log10(legal steps) at each ply: log10 of that game's tree
    /// width along its own line.
    pub line_log10: f64,
    /// Branching factor by ply, in bands.
    pub bands: Vec<Band>,
    /// Distinct moves chosen in all games.
    pub distinct_moves: usize,
    /// Moves chosen more than half the time they were available.
    pub killers: Vec<Killer>,
}

/// How often a killer must have been available before it counts (fewer is noise).
pub const KILLER_MIN_AVAILABLE: usize = 5;

impl Figures {
    /// Computes the figures of `logs`, with the branching factor in bands of `band` steps
    /// (0: chosen so there are at most 16 bands).
    pub fn of(logs: &[GameLog], band: usize) -> Figures {
        let games = logs.len();
        let draws = logs.iter().filter(|g| g.first_won.is_none()).count();
        let first_points: f64 = logs.iter().map(|g| first_point(g.first_won)).sum();
        let steps: Vec<f64> = logs.iter().map(|g| g.decisions.len() as f64).collect();
        let turns: Vec<f64> = logs.iter().map(|g| g.turns as f64).collect();
        let all: Vec<usize> = logs
            .iter()
            .flat_map(|g| g.decisions.iter().map(|d| d.legal.len()))
            .collect();
        let branching = all.iter().sum::<usize>() as f64 / all.len().max(1) as f64;
        let steps_ms = mean_sd(&steps);
        let line: Vec<f64> = logs
            .iter()
            .map(|g| {
                g.decisions
                    .iter()
                    .map(|d| (d.legal.len().max(1) as f64).log10())
                    .sum()
            })
            .collect();
        Figures {
            games,
            first_win: wilson(first_points, games),
            draws,
            decisive_pct: if games == 0 {
                0.0
            } else {
                100.0 * (games - draws) as f64 / games as f64
            },
            steps: steps_ms,
            turns: mean_sd(&turns),
            branching,
            complexity_log10: steps_ms.0 * branching.max(1.0).log10(),
            line_log10: mean_sd(&line).0,
            bands: bands(logs, band),
            distinct_moves: distinct(logs),
            killers: killers(logs),
        }
    }
}

fn bands(logs: &[GameLog], band: usize) -> Vec<Band> {
    let longest = logs.iter().map(|g| g.decisions.len()).max().unwrap_or(0);
    let band = if band == 0 {
        longest.div_ceil(16).max(1)
    } else {
        band
    };
    let mut out = Vec::new();
    let mut from = 0;
    while from < longest {
        let to = (from + band).min(longest);
        let counts: Vec<usize> = logs
            .iter()
            .flat_map(|g| g.decisions.iter().take(to).skip(from))
            .map(|d| d.legal.len())
            .collect();
        out.push(Band {
            from: from + 1,
            to,
            branching: counts.iter().sum::<usize>() as f64 / counts.len().max(1) as f64,
            samples: counts.len(),
        });
        from = to;
    }
    out
}

fn distinct(logs: &[GameLog]) -> usize {
    let mut seen = std::collections::HashSet::new();
    for d in logs.iter().flat_map(|g| &g.decisions) {
        seen.insert(d.chosen.as_str());
    }
    seen.len()
}

fn killers(logs: &[GameLog]) -> Vec<Killer> {
    let mut tally: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for d in logs.iter().flat_map(|g| &g.decisions) {
        if d.legal.len() < 2 {
            continue;
        }
        for l in &d.legal {
            tally.entry(l.as_str()).or_default().0 += 1;
        }
        tally.entry(d.chosen.as_str()).or_default().1 += 1;
    }
    let mut out: Vec<Killer> = tally
        .into_iter()
        .filter(|&(_, (a, c))| a >= KILLER_MIN_AVAILABLE && 2 * c > a)
        .map(|(t, (a, c))| Killer {
            text: t.to_string(),
            available: a,
            chosen: c,
        })
        .collect();
    out.sort_by(|x, y| (y.chosen * x.available).cmp(&(x.chosen * y.available)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(chosen: &str, legal: &[&str]) -> StepChoice {
        StepChoice {
            chosen: chosen.into(),
            legal: legal.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn mean_and_spread() {
        assert_eq!(mean_sd(&[]), (0.0, 0.0));
        assert_eq!(mean_sd(&[3.0]), (3.0, 0.0));
        let (m, s) = mean_sd(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(m, 5.0);
        assert!((s - 2.138).abs() < 0.001, "{s}");
    }

    fn toy() -> Vec<GameLog> {
        vec![
            GameLog {
                first_won: Some(true),
                turns: 3,
                decisions: vec![
                    d("a", &["a", "b", "c", "d"]),
                    d("b", &["b", "c"]),
                    d("pass", &["pass"]),
                ],
            },
            GameLog {
                first_won: None,
                turns: 1,
                decisions: vec![d("a", &["a", "b", "c", "d"])],
            },
            GameLog {
                first_won: Some(false),
                turns: 2,
                decisions: vec![d("c", &["a", "b", "c", "d"]), d("b", &["b", "c"])],
            },
        ]
    }

    #[test]
    fn figures_of_toy_games() {
        let f = Figures::of(&toy(), 1);
        assert_eq!(f.games, 3);
        assert_eq!(f.draws, 1);
        assert!((f.first_win.p - 0.5).abs() < 1e-12);
        assert!((f.decisive_pct - 200.0 / 3.0).abs() < 1e-9);
        assert_eq!(f.steps.0, 2.0);
        assert_eq!(f.turns.0, 2.0);
        // 4+2+1+4+4+2 legal steps over 6 decisions.
        assert!((f.branching - 17.0 / 6.0).abs() < 1e-12);
        assert!((f.complexity_log10 - 2.0 * (17.0f64 / 6.0).log10()).abs() < 1e-12);
        let line = ((8.0f64).log10() + 4.0f64.log10() + 8.0f64.log10()) / 3.0;
        assert!((f.line_log10 - line).abs() < 1e-12);
        assert_eq!(f.bands.len(), 3);
        assert_eq!((f.bands[0].branching, f.bands[0].samples), (4.0, 3));
        assert_eq!((f.bands[1].branching, f.bands[1].samples), (2.0, 2));
        assert_eq!((f.bands[2].branching, f.bands[2].samples), (1.0, 1));
        // a, b, c, pass.
        assert_eq!(f.distinct_moves, 4);
        // b was available 5 times at a real choice and chosen twice; a 3 times, chosen twice
        // (but fewer than the minimum availability).
        assert!(f.killers.is_empty(), "{:?}", f.killers);
        let banded = Figures::of(&toy(), 2);
        assert_eq!(banded.bands.len(), 2);
        assert_eq!((banded.bands[0].from, banded.bands[0].to), (1, 2));
    }

    #[test]
    fn killers_need_more_than_half_of_their_chances() {
        let mut logs = Vec::new();
        for i in 0..6 {
            // "x" is chosen 4 of 6 times; the forced pass never counts.
            let chosen = if i < 4 { "x" } else { "y" };
            logs.push(GameLog {
                first_won: Some(i % 2 == 0),
                turns: 2,
                decisions: vec![d(chosen, &["x", "y", "z"]), d("pass", &["pass"])],
            });
        }
        let f = Figures::of(&logs, 0);
        assert_eq!(
            f.killers,
            vec![Killer {
                text: "x".into(),
                available: 6,
                chosen: 4
            }]
        );
        assert_eq!(f.distinct_moves, 3);
        assert_eq!(f.bands.len(), 2);
    }
}
