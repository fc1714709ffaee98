//! Self-play for `tessera stats` and `tessera komi`: games of one player against itself through
//! [`crate::lab::match_cmd::play_many`], a progress line on stderr (games done, time left),
//! and each game's [`GameLog`] for the statistics.

use super::figures::{GameLog, StepChoice};
use crate::games::{AnyGame, Game, GameKind, GameOptions};
use crate::lab::match_cmd::{play_many, GameResult};
use crate::lab::resign::ResignRule;
use crate::search::PlayerSpec;
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// The log of a finished game: its result, and every step replayed with the legal steps there.
pub fn log_of(r: &GameResult) -> GameLog {
    let session = r.session();
    let mut g = AnyGame::new(session.kind(), session.options()).expect("the game started");
    let mut legal = Vec::new();
    let mut decisions = Vec::new();
    for &step in session.turns().iter().flat_map(|t| &t.steps) {
        g.legal_steps(&mut legal);
        decisions.push(StepChoice {
            chosen: g.format_step(step),
            legal: legal.iter().map(|&s| g.format_step(s)).collect(),
        });
        g.play(step);
    }
    GameLog {
        first_won: r.first_won,
        turns: r.turns,
        decisions,
    }
}

/// A progress line on stderr: `label: 7/20 games, 1m05s left`. On a terminal it is redrawn in
/// place; otherwise one line is written per tenth of the games (logs stay short).
pub struct Progress {
    label: String,
    total: usize,
    done: usize,
    start: Instant,
    terminal: bool,
}

impl Progress {
    /// Starts counting `total` games.
    pub fn new(label: impl Into<String>, total: usize) -> Progress {
        Progress {
            label: label.into(),
            total,
            done: 0,
            start: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// The line for `done` games after `elapsed` seconds.
    pub fn line(label: &str, done: usize, total: usize, elapsed: f64) -> String {
        let width = 20;
        let filled = (width * done).checked_div(total).unwrap_or(width);
        let left = if done == 0 {
            "time left unknown".to_string()
        } else {
            let secs = elapsed / done as f64 * (total - done.min(total)) as f64;
            format!("{} left", duration_text(secs))
        };
        format!(
            "{label}: [{}{}] {done}/{total} games, {left}",
            "#".repeat(filled),
            ".".repeat(width - filled)
        )
    }

    /// Counts one finished game and redraws.
    pub fn tick(&mut self) {
        self.done += 1;
        let line = Progress::line(
            &self.label,
            self.done,
            self.total,
            self.start.elapsed().as_secs_f64(),
        );
        let mut err = std::io::stderr().lock();
        if self.terminal {
            let _ = write!(err, "\r\x1b[2K{line}");
            if self.done == self.total {
                let _ = writeln!(err);
            }
        } else if self.done == self.total
            || (self.done * 10 / self.total.max(1)) != ((self.done - 1) * 10 / self.total.max(1))
        {
            let _ = writeln!(err, "{line}");
        }
    }
}

/// `42s`, `3m05s`, `1h02m`.
pub fn duration_text(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    if s < 60 {
        format!("{s}s")
    } else if s < 3600 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    }
}

/// Plays `games` games of `spec` against itself with `options` on `jobs` threads, showing
/// progress under `label`; returns them in game order. Each game is handed to `on_game` as
/// soon as it ends (in the order they end): `tessera komi` writes it into the table then, so a
/// sweep that is stopped keeps every game it finished. An error from `on_game` stops the run
/// (the games in progress finish). With a `resign` rule the games end where it fires.
pub fn self_play(
    kind: GameKind,
    options: &GameOptions,
    spec: &PlayerSpec,
    (games, jobs): (usize, usize),
    resign: Option<ResignRule>,
    label: &str,
    mut on_game: impl FnMut(&GameResult) -> anyhow::Result<()>,
) -> anyhow::Result<Vec<GameResult>> {
    let mut progress = Progress::new(label, games);
    let mut out = Vec::with_capacity(games);
    play_many(kind, options, (spec, spec), games, jobs, resign, |r| {
        on_game(r)?;
        progress.tick();
        out.push(r.clone());
        Ok(())
    })?;
    out.sort_by_key(|r| r.index);
    Ok(out)
}

/// The self-play player at `ms` per move: the game's default AI, one thread (the `--jobs`
/// games in parallel use the cores).
pub fn player_at(ms: u64) -> PlayerSpec {
    format!("default:ms={ms},threads=1")
        .parse()
        .expect("a valid spec")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_lines() {
        assert_eq!(
            Progress::line("linage", 0, 4, 0.0),
            "linage: [....................] 0/4 games, time left unknown"
        );
        assert_eq!(
            Progress::line("linage", 1, 4, 10.0),
            "linage: [#####...............] 1/4 games, 30s left"
        );
        assert_eq!(
            Progress::line("x", 4, 4, 100.0),
            "x: [####################] 4/4 games, 0s left"
        );
        assert_eq!(duration_text(185.0), "3m05s");
        assert_eq!(duration_text(3720.0), "1h02m");
    }

    #[test]
    fn a_logged_game_replays_every_step() {
        let options =
            crate::lab::match_cmd::match_options(GameKind::Linage, None, Some(5)).unwrap();
        let spec: PlayerSpec = "random:seed=3".parse().unwrap();
        let games = self_play(
            GameKind::Linage,
            &options,
            &spec,
            (2, 1),
            None,
            "test",
            |_| Ok(()),
        )
        .unwrap();
        assert_eq!(games.len(), 2);
        for r in &games {
            let log = log_of(r);
            let steps: usize = r.session().turns().iter().map(|t| t.steps.len()).sum();
            assert_eq!(log.decisions.len(), steps);
            assert_eq!(log.turns, r.turns);
            for d in &log.decisions {
                assert!(d.legal.contains(&d.chosen), "{d:?}");
            }
            // The last step ends the game: two passes in Linage.
            assert_eq!(log.decisions.last().unwrap().chosen, "pass");
        }
    }
}
