//! Strength by thinking time, like the seeds' "levels of play": the AI at each time per move
//! against itself at the previous time, through the `tessera match` code
//! ([`crate::lab::play::play_many`] and its [`MatchTally`]).

use crate::games::{GameKind, GameOptions};
use crate::interval::{wilson, Rate};
use crate::lab::match_cmd::MatchTally;
use crate::lab::play::{play_many, player_at};
use crate::lab::progress::Progress;
use serde::Serialize;

/// The times per move of the seeds' ladder, in milliseconds.
pub const SEED_LADDER_MS: [u64; 5] = [10, 30, 70, 200, 550];

/// One rung: the stronger (longer thinking) player against the weaker.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rung {
    /// The stronger player's time per move.
    pub strong_ms: u64,
    /// The weaker player's time per move.
    pub weak_ms: u64,
    /// The stronger player's wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// The stronger player's losses.
    pub losses: usize,
    /// The stronger player's score with its 95 % interval.
    pub strong: Rate,
    /// The first player's win rate (draws half).
    pub first_pct: f64,
    /// Mean length in turns.
    pub turns: f64,
}

impl Rung {
    /// The rung's figures from a match tally (A = the stronger player).
    pub fn of(strong_ms: u64, weak_ms: u64, t: &MatchTally) -> Rung {
        let n = t.games();
        Rung {
            strong_ms,
            weak_ms,
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            strong: wilson(t.points(), n),
            first_pct: 100.0 * t.first_points / n.max(1) as f64,
            turns: t.turns as f64 / n.max(1) as f64,
        }
    }
}

/// Plays the ladder `times` (each against the one before), `games` games a rung.
pub fn ladder(
    kind: GameKind,
    options: &GameOptions,
    times: &[u64],
    games: usize,
    jobs: usize,
) -> anyhow::Result<Vec<Rung>> {
    let mut out = Vec::new();
    for w in times.windows(2) {
        let (weak, strong) = (w[0], w[1]);
        let mut tally = MatchTally::default();
        let mut progress = Progress::new(format!("{kind} {strong} ms vs {weak} ms"), games);
        play_many(
            kind,
            options,
            (&player_at(strong), &player_at(weak)),
            games,
            jobs,
            None,
            |r| {
                tally.add(r);
                progress.tick();
                Ok(())
            },
        )?;
        out.push(Rung::of(strong, weak, &tally));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rung_from_a_tally() {
        let t = MatchTally {
            wins: 6,
            draws: 2,
            losses: 2,
            first_points: 4.0,
            turns: 300,
        };
        let r = Rung::of(30, 10, &t);
        assert_eq!((r.wins, r.draws, r.losses), (6, 2, 2));
        assert!((r.strong.p - 0.7).abs() < 1e-12);
        assert!(r.strong.lo < 0.7 && r.strong.hi > 0.7);
        assert_eq!(r.first_pct, 40.0);
        assert_eq!(r.turns, 30.0);
    }
}
