//! The `tessera stats` report: what was measured, as text (tables, a bar chart of the
//! branching factor, the seed's figures beside ours) or as JSON.

use super::figures::Figures;
use super::ladder::Rung;
use super::reach::Reach;
use super::seed::SeedFigures;
use crate::games::GameKind;
use serde::Serialize;
use std::fmt::Write;

/// Everything `tessera stats` measured.
#[derive(Clone, Debug, Serialize)]
pub struct StatsReport {
    /// The game.
    pub game: GameKind,
    /// Board size.
    pub size: usize,
    /// Agreed komi of the self-play games (games with komi).
    pub komi: Option<String>,
    /// The self-play player.
    pub player: String,
    /// Games played at once.
    pub jobs: usize,
    /// Figures of the self-play games.
    pub figures: Figures,
    /// Positions reachable by depth.
    pub reach: Reach,
    /// Single-thread random playouts per second.
    pub playouts_per_sec: f64,
    /// Keil only: single-thread random playouts per second under the seed reference's policy
    /// (uniform over every legal step, `pass` and `button` included), the policy behind the
    /// seed's own figure; under ours a random Keil game lasts ~30,000 plies (`crate::lab::bench`).
    pub seed_policy_playouts_per_sec: Option<f64>,
    /// Strength by thinking time.
    pub ladder: Vec<Rung>,
    /// The seed report's figures, when read.
    pub seed: Option<SeedFigures>,
    /// Why there is no seed column, when there is none.
    pub seed_note: Option<String>,
}

fn opt(x: Option<f64>, decimals: usize) -> String {
    x.map_or("—".to_string(), |v| format!("{v:.decimals$}"))
}

/// A bar of `value / max` of `width` cells.
pub fn bar(value: f64, max: f64, width: usize) -> String {
    let cells = if max > 0.0 {
        ((value / max) * width as f64).round() as usize
    } else {
        0
    };
    "█".repeat(cells.min(width))
}

impl StatsReport {
    /// The report as text.
    pub fn text(&self) -> String {
        let f = &self.figures;
        let s = self.seed.as_ref();
        let mut o = String::new();
        let komi = self
            .komi
            .as_ref()
            .map_or(String::new(), |k| format!(", agreed komi {k}"));
        let _ = writeln!(
            o,
            "{} size {}{komi}: {} self-play games of {} ({} at once)",
            self.game.title(),
            self.size,
            f.games,
            self.player,
            self.jobs
        );
        match (s, &self.seed_note) {
            (Some(s), _) => {
                let _ = writeln!(
                    o,
                    "seed column: {} ({} logged games; its board is the default, size {}{}{})",
                    s.file,
                    s.samples.map_or("?".into(), |n| n.to_string()),
                    self.game.default_size(),
                    if self.size == self.game.default_size() {
                        ""
                    } else {
                        ", not this one"
                    },
                    if self.game.has_komi() {
                        "; its games include the komi bid"
                    } else {
                        ""
                    }
                );
            }
            (None, Some(note)) => {
                let _ = writeln!(o, "note: {note}");
            }
            (None, None) => {}
        }
        let _ = writeln!(o, "\n{:<34} {:>22} {:>18}", "figure", "tessera", "seed");
        let row = |o: &mut String, name: &str, ours: String, seed: String| {
            let _ = writeln!(o, "{name:<34} {ours:>22} {seed:>18}");
        };
        let fw = &f.first_win;
        row(
            &mut o,
            "first player win % (95% interval)",
            format!(
                "{:.1} ({:.1}–{:.1})",
                100.0 * fw.p,
                100.0 * fw.lo,
                100.0 * fw.hi
            ),
            s.and_then(|s| s.first_win_pct)
                .map_or("—".into(), |(p, h)| format!("{p:.2}±{h:.2}")),
        );
        row(
            &mut o,
            "draw %",
            format!("{:.1}", 100.0 * f.draws as f64 / f.games.max(1) as f64),
            opt(s.and_then(|s| s.draw_pct), 2),
        );
        row(
            &mut o,
            "decisive %",
            format!("{:.1}", f.decisive_pct),
            opt(s.and_then(|s| s.decisive_pct), 2),
        );
        row(
            &mut o,
            "game length, plies (sd)",
            format!("{:.1} ({:.1})", f.steps.0, f.steps.1),
            opt(s.and_then(|s| s.length), 2),
        );
        row(
            &mut o,
            "game length, turns (sd)",
            format!("{:.1} ({:.1})", f.turns.0, f.turns.1),
            "—".into(),
        );
        row(
            &mut o,
            "branching factor",
            format!("{:.1}", f.branching),
            opt(s.and_then(|s| s.branching), 2),
        );
        row(
            &mut o,
            "complexity 10^(plies×log10 b)",
            format!("10^{:.1}", f.complexity_log10),
            s.and_then(|s| s.complexity_log10)
                .map_or("—".into(), |c| format!("10^{c:.2}")),
        );
        row(
            &mut o,
            "line width 10^(Σ log10 b)",
            format!("10^{:.1}", f.line_log10),
            "—".into(),
        );
        row(
            &mut o,
            "distinct moves used",
            f.distinct_moves.to_string(),
            s.and_then(|s| s.distinct)
                .map_or("—".into(), |d| d.to_string()),
        );
        row(
            &mut o,
            "killer moves",
            f.killers.len().to_string(),
            s.and_then(|s| s.killers.as_ref())
                .map_or("—".into(), |(n, _)| n.to_string()),
        );
        // The seed's figure stands beside the playouts of its own policy: Keil's second row.
        let seed_playouts = opt(s.and_then(|s| s.playouts_per_sec), 0);
        let uniform = self.seed_policy_playouts_per_sec;
        row(
            &mut o,
            "random playouts/s (1 thread)",
            format!("{:.0}", self.playouts_per_sec),
            if uniform.is_some() {
                "—".into()
            } else {
                seed_playouts.clone()
            },
        );
        if let Some(uniform) = uniform {
            row(
                &mut o,
                "  uniform incl. pass (seed's way)",
                format!("{uniform:.0}"),
                seed_playouts,
            );
        }
        for k in &f.killers {
            let _ = writeln!(
                o,
                "  killer {}: chosen {} of {} times available",
                k.text, k.chosen, k.available
            );
        }
        if let Some((_, names)) = s.and_then(|s| s.killers.as_ref()) {
            if !names.is_empty() {
                let _ = writeln!(o, "  seed killers: {names}");
            }
        }
        self.branching_chart(&mut o);
        self.reach_table(&mut o);
        self.ladder_table(&mut o);
        o
    }

    fn branching_chart(&self, o: &mut String) {
        let bands = &self.figures.bands;
        let max = bands.iter().map(|b| b.branching).fold(0.0, f64::max);
        let _ = writeln!(
            o,
            "\nbranching factor by ply (mean over the games that got there)"
        );
        let _ = writeln!(o, "{:>9} {:>8} {:>6}", "plies", "legal", "games");
        for b in bands {
            let _ = writeln!(
                o,
                "{:>9} {:>8.1} {:>6}  {}",
                format!("{}–{}", b.from, b.to),
                b.branching,
                b.samples / (b.to + 1 - b.from).max(1),
                bar(b.branching, max, 40)
            );
        }
    }

    fn reach_table(&self, o: &mut String) {
        let r = &self.reach;
        let seed = self.seed.as_ref().map(|s| &s.reach);
        let bid = if self.game.has_komi() {
            "; the seed counts the komi bid as plies"
        } else {
            ""
        };
        let _ = writeln!(o, "\npositions reachable (distinct Zobrist hashes{bid})");
        let _ = writeln!(
            o,
            "{:>5} {:>14} {:>14} {:>14}",
            "depth", "exactly", "up to", "seed up to"
        );
        let deepest = r.exact.len().max(seed.map_or(0, |s| s.len()));
        for d in 0..deepest {
            let cell = |v: Option<&u64>| v.map_or("—".to_string(), |x| x.to_string());
            let _ = writeln!(
                o,
                "{d:>5} {:>14} {:>14} {:>14}",
                cell(r.exact.get(d)),
                cell(r.upto.get(d)),
                cell(seed.and_then(|s| s.get(d)))
            );
        }
        if let Some(why) = &r.stopped {
            let _ = writeln!(o, "  {why}");
        }
    }

    fn ladder_table(&self, o: &mut String) {
        if self.ladder.is_empty() {
            return;
        }
        let _ = writeln!(
            o,
            "\nstrength by thinking time (each step against the one before; seed: its own AI)"
        );
        let _ = writeln!(
            o,
            "{:>12} {:>9} {:>20} {:>7} {:>7} | {:>6} {:>8} {:>7} {:>7}",
            "ms per move",
            "W-D-L",
            "strong % (95%)",
            "p1 %",
            "turns",
            "games",
            "strong %",
            "p1 %",
            "length"
        );
        for r in &self.ladder {
            let seed = self.seed.as_ref().and_then(|s| {
                s.levels
                    .iter()
                    .find(|l| (l.secs * 1000.0 - r.strong_ms as f64).abs() < 0.5)
            });
            let _ = writeln!(
                o,
                "{:>12} {:>9} {:>20} {:>7.1} {:>7.1} | {:>6} {:>8} {:>7} {:>7}",
                format!("{} v {}", r.strong_ms, r.weak_ms),
                format!("{}-{}-{}", r.wins, r.draws, r.losses),
                format!(
                    "{:.0} ({:.0}–{:.0})",
                    100.0 * r.strong.p,
                    100.0 * r.strong.lo,
                    100.0 * r.strong.hi
                ),
                r.first_pct,
                r.turns,
                seed.and_then(|l| l.games)
                    .map_or("—".into(), |g| g.to_string()),
                opt(seed.map(|l| l.strong_pct), 1),
                opt(seed.map(|l| l.first_pct), 1),
                opt(seed.map(|l| l.length), 1),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_scale_to_the_largest() {
        assert_eq!(bar(10.0, 10.0, 4), "████");
        assert_eq!(bar(5.0, 10.0, 4), "██");
        assert_eq!(bar(0.0, 10.0, 4), "");
        assert_eq!(bar(3.0, 0.0, 4), "");
    }
}
