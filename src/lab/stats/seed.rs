//! The figures of a seed report (`shared/seeds/*.txt`, the reference program's measurements),
//! read at run time for the side-by-side columns of `tessera stats`. Nothing of the seeds is
//! copied into tessera: when the directory is absent the report says so and goes on.
//!
//! The reports come in two layouts, with `|` between cells and with the cells run together;
//! each figure is found by its label at the start of a line, and missing figures are `None`.

use crate::games::GameKind;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One row of the seed's "levels of play".
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeedLevel {
    /// Seconds per move of the stronger player.
    pub secs: f64,
    /// Games played.
    pub games: Option<u32>,
    /// The stronger player's win %.
    pub strong_pct: f64,
    /// The first player's win %.
    pub first_pct: f64,
    /// Mean game length.
    pub length: f64,
}

/// The figures a seed report gives (each `None` when the report lacks it).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeedFigures {
    /// The file read.
    pub file: String,
    /// Random playouts per second.
    pub playouts_per_sec: Option<f64>,
    /// Player 1 win % and its ± half-width.
    pub first_win_pct: Option<(f64, f64)>,
    /// Draw %.
    pub draw_pct: Option<f64>,
    /// Decisive %.
    pub decisive_pct: Option<f64>,
    /// Games behind the win rates.
    pub samples: Option<u32>,
    /// Mean game length (moves).
    pub length: Option<f64>,
    /// Branching factor.
    pub branching: Option<f64>,
    /// Complexity exponent (10^x).
    pub complexity_log10: Option<f64>,
    /// Distinct actions.
    pub distinct: Option<u32>,
    /// Killer moves: how many, and their names when given.
    pub killers: Option<(u32, String)>,
    /// Positions reachable to depth 0, 1, … (cumulative, as the seed counts).
    pub reach: Vec<u64>,
    /// Levels of play.
    pub levels: Vec<SeedLevel>,
}

/// The seed directory: `--seeds DIR`, else `../shared/seeds` from the current directory, else
/// from the crate's own directory (a source checkout).
pub fn seed_dir(given: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = given {
        return Some(p.to_path_buf());
    }
    [
        PathBuf::from("../shared/seeds"),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds"),
    ]
    .into_iter()
    .find(|p| p.join("README.md").is_file())
}

/// Reads the seed report of `kind` from `dir` (the README's table names each game's file).
pub fn load(dir: &Path, kind: GameKind) -> Result<SeedFigures, String> {
    let readme = std::fs::read_to_string(dir.join("README.md"))
        .map_err(|e| format!("cannot read {}: {e}", dir.join("README.md").display()))?;
    let file = readme
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (cells.len() > 3 && cells[2].starts_with(kind.title())).then(|| cells[1].to_string())
        })
        .next()
        .ok_or_else(|| format!("{}: no report for {kind}", dir.display()))?;
    let text = std::fs::read_to_string(dir.join(&file))
        .map_err(|e| format!("cannot read {}: {e}", dir.join(&file).display()))?;
    let mut f = parse(&text);
    f.file = file;
    Ok(f)
}

/// The numbers in `s` (with their decimal points), in order.
fn numbers(s: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in s.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || (c == '.' && !cur.is_empty() && !cur.contains('.')) {
            cur.push(c);
        } else if !cur.is_empty() {
            out.extend(cur.trim_end_matches('.').parse::<f64>().ok());
            cur.clear();
        }
    }
    out
}

/// The first number after `label` on the first line that starts with it.
fn after(lines: &[String], label: &str) -> Option<f64> {
    lines.iter().find_map(|l| {
        l.strip_prefix(label)
            .and_then(|r| numbers(r).first().copied())
    })
}

/// Parses a report's text.
pub fn parse(text: &str) -> SeedFigures {
    // Cells joined by single spaces, so both layouts read alike.
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            l.replace('|', " ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|l| !l.is_empty())
        .collect();
    let first_win = lines.iter().find_map(|l| {
        let rest = l.strip_prefix("1: ")?;
        let at = rest.find("win %")?;
        let n = numbers(&rest[at..]);
        (n.len() >= 2).then(|| (n[0], n[1]))
    });
    let samples = lines
        .iter()
        .skip_while(|l| !l.starts_with("Decisive %"))
        .find_map(|l| {
            l.strip_prefix("Samples")
                .and_then(|r| numbers(r).first().copied())
        })
        .map(|x| x as u32);
    let complexity = lines.iter().find_map(|l| {
        let r = l.strip_prefix("Complexity")?;
        let at = r.find("10^")?;
        numbers(&r[at + 3..]).first().copied()
    });
    let killers = lines.iter().enumerate().find_map(|(i, l)| {
        let n = *numbers(l.strip_prefix("Killer moves")?).first()? as u32;
        let names = [l.as_str(), lines.get(i + 1).map_or("", |s| s.as_str())]
            .iter()
            .find_map(|s| s.split_once("Killers:").map(|(_, k)| k.trim().to_string()))
            .unwrap_or_default();
        Some((n, names))
    });
    SeedFigures {
        file: String::new(),
        playouts_per_sec: after(&lines, "Playouts per second"),
        first_win_pct: first_win,
        draw_pct: after(&lines, "Draw %"),
        decisive_pct: after(&lines, "Decisive %"),
        samples,
        length: after(&lines, "Game length"),
        branching: after(&lines, "Branching factor"),
        complexity_log10: complexity,
        distinct: after(&lines, "Distinct actions").map(|x| x as u32),
        killers,
        reach: reach_table(&lines),
        levels: lines.iter().filter_map(|l| level(l)).collect(),
    }
}

/// The depth table: a header `0 1 2 …` followed by the counts.
fn reach_table(lines: &[String]) -> Vec<u64> {
    for (i, l) in lines.iter().enumerate() {
        let header = numbers(l);
        let is_header = l.starts_with("0 1 ")
            && header.iter().enumerate().all(|(k, &x)| x == k as f64)
            && l.chars()
                .all(|c| c.is_ascii_digit() || c == ' ' || c == '-');
        if !is_header {
            continue;
        }
        let counts = lines[i + 1..]
            .iter()
            .find(|l| l.chars().any(|c| c.is_ascii_digit()))
            .map(|l| numbers(l))
            .unwrap_or_default();
        if counts.len() == header.len() {
            return counts.iter().map(|&x| x as u64).collect();
        }
    }
    Vec::new()
}

/// A levels-of-play row: `NAME(… secs=0.07) wins draws losses games strong% p1% length`, with
/// or without spaces between the cells.
fn level(l: &str) -> Option<SeedLevel> {
    let at = l
        .find("secs=")
        .map(|i| i + 5)
        .or_else(|| l.find("t=").map(|i| i + 2))?;
    let rest = &l[at..];
    let secs = *numbers(rest).first()?;
    let cells = &rest[rest.find(')')? + 1..];
    if cells.contains(' ') {
        let n = numbers(cells);
        if n.len() < 7 {
            return None;
        }
        return Some(SeedLevel {
            secs,
            games: Some(n[3] as u32),
            strong_pct: n[4],
            first_pct: n[5],
            length: n[6],
        });
    }
    // Run together: the last three figures have two decimals each, which splits them; the
    // four counts before them are split where wins + draws + losses = games and the strong
    // win % agrees.
    let dots: Vec<usize> = cells.match_indices('.').map(|(i, _)| i).collect();
    if dots.len() != 3 || cells.len() < dots[2] + 3 {
        return None;
    }
    let first: f64 = cells[dots[0] + 3..dots[1] + 3].parse().ok()?;
    let length: f64 = cells[dots[1] + 3..].parse().ok()?;
    // The strong win % has 1 to 3 whole digits: the split whose counts add up.
    let (strong, games) = (1..=3.min(dots[0] - 1)).rev().find_map(|k| {
        let strong: f64 = cells[dots[0] - k..dots[0] + 3].parse().ok()?;
        let games = split_counts(&cells[..dots[0] - k], strong)?;
        (strong <= 100.0).then_some((strong, Some(games)))
    })?;
    Some(SeedLevel {
        secs,
        games,
        strong_pct: strong,
        first_pct: first,
        length,
    })
}

/// Splits run-together digits into wins, draws, losses, games; returns the games.
fn split_counts(digits: &str, strong_pct: f64) -> Option<u32> {
    let n = digits.len();
    for a in 1..n {
        for b in a + 1..n {
            for c in b + 1..n {
                let p: Vec<u32> = [&digits[..a], &digits[a..b], &digits[b..c], &digits[c..]]
                    .iter()
                    .filter_map(|s| s.parse().ok())
                    .collect();
                if p.len() == 4
                    && p[3] > 0
                    && p[0] + p[1] + p[2] == p[3]
                    && (100.0 * (p[0] as f64 + 0.5 * p[1] as f64) / p[3] as f64 - strong_pct).abs()
                        < 0.01
                {
                    return Some(p[3]);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piped_and_run_together_rows() {
        let piped =
            "Grand Unified UCT(U1-T,rSel=s, secs=0.03) | 36 | 0 | 7 | 43 | 83.72 | 41.86 | 44.44 |";
        let l = level(
            &piped
                .replace('|', " ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
        )
        .unwrap();
        assert_eq!(
            (l.secs, l.games, l.strong_pct, l.first_pct, l.length),
            (0.03, Some(43), 83.72, 41.86, 44.44)
        );
        let joined = "Grand Unified UCT(U1-T,rSel=s, secs=0.01)360036100.0050.0076.53";
        let l = level(joined).unwrap();
        assert_eq!(
            (l.secs, l.games, l.strong_pct, l.first_pct, l.length),
            (0.01, Some(36), 100.0, 50.0, 76.53)
        );
        let l = level("Grand Unified UCT(U1-T,rSel=s, secs=0.03)36033992.3135.9071.51").unwrap();
        assert_eq!(
            (l.games, l.strong_pct, l.first_pct, l.length),
            (Some(39), 92.31, 35.9, 71.51)
        );
    }

    #[test]
    fn figures_of_a_made_up_report() {
        let text = "\
Playouts per second | 3776.00 (264.83µs/playout) |
1: Player 1 win % | 45.85±3.07 | Includes draws = 50% |
Draw % | 0.30 | x |
Decisive %99.70Percentage
Samples | 1000 | Quantity
Game length | 44.99 | |
Branching factor43.50
Complexity | 10^65.66 | Based
Distinct actions | 95 | Number
Killer moves | 1 | A 'killer' move Killers: Play Horizontal |
0 | 1 | 2 |
---|---|---|

1 | 11 | 33 |
";
        let f = parse(text);
        assert_eq!(f.playouts_per_sec, Some(3776.0));
        assert_eq!(f.first_win_pct, Some((45.85, 3.07)));
        assert_eq!(
            (f.draw_pct, f.decisive_pct, f.samples),
            (Some(0.3), Some(99.7), Some(1000))
        );
        assert_eq!(
            (f.length, f.branching, f.complexity_log10),
            (Some(44.99), Some(43.5), Some(65.66))
        );
        assert_eq!(f.distinct, Some(95));
        assert_eq!(f.killers, Some((1, "Play Horizontal".to_string())));
        assert_eq!(f.reach, vec![1, 11, 33]);
    }

    /// Every real seed report. When the shared directory is absent the test is skipped with a
    /// notice, except under CI (`CI` set), where it fails: CI must have `../shared` beside the
    /// clone.
    #[test]
    fn the_shared_seed_reports_parse() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds");
        if !dir.join("README.md").is_file() {
            assert!(
                std::env::var_os("CI").is_none(),
                "{} absent (no README.md there): CI must have ../shared beside the clone",
                dir.display()
            );
            eprintln!("NOTICE: {} absent: seed parsing not checked", dir.display());
            return;
        }
        for kind in GameKind::ALL {
            let f = load(&dir, kind).unwrap();
            assert!(f.playouts_per_sec.unwrap() > 0.0, "{kind}");
            assert!(f.first_win_pct.is_some(), "{kind}");
            assert!(f.length.unwrap() > 10.0, "{kind}");
            assert!(f.branching.unwrap() > 10.0, "{kind}");
            assert!(!f.levels.is_empty(), "{kind}");
        }
        let linage = load(&dir, GameKind::Linage).unwrap();
        assert_eq!(linage.reach.len(), 6);
    }
}
