//! The progress line the lab's long runs write on stderr (`komi 2.5: [####....] 7/20 games,
//! 1m05s left`): self-play for `tessera stats` and `tessera komi`, the strength ladder, and
//! `tessera selfplay`'s training games. Its own file because every one of them counts games
//! the same way, and none of them should have to import another to do it.

use std::io::{IsTerminal, Write};
use std::time::Instant;

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
}
