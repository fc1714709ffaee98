//! `tessera match GAME --a SPEC --b SPEC --games N [--jobs J] [--out DIR] [--komi X]`: AI
//! against AI.
//!
//! Game `i` (from 0) has A move first when `i` is even and B otherwise, so the first-move edge
//! cancels out over an even number of games. The opening is settled by agreed komi: `--komi X`,
//! or by default the board's fair komi from `data/komi.toml` ([`crate::games::fair_komi`]),
//! falling back to Keil 6 with the button and Carteso and Linage 0.5 for boards not in it. Each game prints a
//! progress line; the end prints A's wins / draws / losses, its score, the Elo difference with
//! a 95 % interval, the first player's win rate and the mean game length in turns.

use super::play::{first_point, match_options, play_many, GameResult};
use crate::games::GameKind;
use crate::interval::wilson;
use crate::search::PlayerSpec;
use std::path::PathBuf;

/// Arguments of `tessera match`.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// The game: keil, carteso, iris, linage or wunchunk.
    pub game: GameKind,
    /// Player A, e.g. `mcts:ms=100`, `ab:ms=100`, `uct-baseline:ms=100`, `level:3`.
    #[arg(long)]
    pub a: PlayerSpec,
    /// Player B.
    #[arg(long)]
    pub b: PlayerSpec,
    /// Number of games (A moves first in the even-numbered ones).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Directory to write every game's record into (`GAME-NNNN.toml`, SPEC §4).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Agreed komi (default: the board's fair komi from `data/komi.toml`; for boards not in it
    /// Keil 6 with the button, Carteso and Linage 0.5).
    #[arg(long)]
    pub komi: Option<String>,
    /// Board size (default: the game's default).
    #[arg(long)]
    pub size: Option<usize>,
}

/// Wins, draws and losses of A, with the statistics the match prints.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchTally {
    /// A's wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// A's losses.
    pub losses: usize,
    /// Games won by the player who moved first (draws count half).
    pub first_points: f64,
    /// Sum of game lengths in turns.
    pub turns: usize,
}

impl MatchTally {
    /// Counts one game.
    pub fn add(&mut self, r: &GameResult) {
        match r.a_won {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
        self.first_points += first_point(r.first_won);
        self.turns += r.turns;
    }

    /// Games counted.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// A's points: wins + draws / 2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// A's score: points / games.
    pub fn score(&self) -> f64 {
        self.points() / self.games().max(1) as f64
    }

    /// Elo difference of A over B with a 95 % interval (normal approximation of the score's
    /// per-game variance; where that reaches a score of 0 or 1, the Wilson interval, which
    /// still gives a finite bound on the other side, e.g. +566 for 100 wins in 100 games).
    pub fn elo(&self) -> (f64, f64, f64) {
        const Z: f64 = 1.96;
        let n = self.games().max(1) as f64;
        let p = self.score();
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let half = Z * (var / n).sqrt();
        let (mut lo, mut hi) = (p - half, p + half);
        if lo <= 0.0 || hi >= 1.0 {
            let rate = wilson(self.points(), self.games().max(1));
            (lo, hi) = (rate.lo, rate.hi);
        }
        (elo_of(p), elo_of(lo), elo_of(hi))
    }

    /// The summary lines printed at the end of a match.
    pub fn summary(&self) -> Vec<String> {
        let (elo, lo, hi) = self.elo();
        let n = self.games().max(1) as f64;
        vec![
            format!(
                "A wins {}, draws {}, losses {} of {}: score {:.1}%",
                self.wins,
                self.draws,
                self.losses,
                self.games(),
                100.0 * self.score()
            ),
            format!(
                "Elo difference {} (95% interval {} … {})",
                fmt_elo(elo),
                fmt_elo(lo),
                fmt_elo(hi)
            ),
            format!(
                "first player won {:.1}% (draws half); mean length {:.1} turns",
                100.0 * self.first_points / n,
                self.turns as f64 / n
            ),
        ]
    }
}

fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

fn fmt_elo(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:+.0}")
    }
}

/// Runs `tessera match`.
pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    anyhow::ensure!(args.games > 0, "--games must be at least 1");
    anyhow::ensure!(args.jobs > 0, "--jobs must be at least 1");
    let options = match_options(args.game, args.komi.as_deref(), args.size)?;
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    println!(
        "match: {} size {}, A = {}, B = {}, {} games, {} at once",
        args.game, options.size, args.a, args.b, args.games, args.jobs
    );
    let mut tally = MatchTally::default();
    play_many(
        args.game,
        &options,
        (&args.a, &args.b),
        args.games,
        args.jobs,
        None,
        |r| {
            tally.add(r);
            if let Some(dir) = &args.out {
                write_record(dir, &args, r)?;
            }
            println!(
                "game {:>3}: first {} | {} in {} turns | A {}-{}-{} ({:.1}%)",
                r.index + 1,
                if r.a_first { "A" } else { "B" },
                r.result(),
                r.turns,
                tally.wins,
                tally.draws,
                tally.losses,
                100.0 * tally.score()
            );
            Ok(())
        },
    )?;
    println!(
        "A = {}  B = {}  ({}, {} games)",
        args.a,
        args.b,
        args.game,
        tally.games()
    );
    for line in tally.summary() {
        println!("{line}");
    }
    Ok(())
}

/// The record's description of an AI player.
fn record_player(spec: &PlayerSpec, label: &str) -> crate::record::Player {
    crate::record::Player {
        name: format!("{label}: {spec}"),
        kind: crate::record::PlayerKind::Ai,
        level: spec.level,
        engine: Some(spec.to_string()),
    }
}

/// Writes one game into `dir` as a record (SPEC §4): `GAME-NNNN.toml`.
fn write_record(dir: &std::path::Path, args: &MatchArgs, r: &GameResult) -> anyhow::Result<()> {
    let (first, second) = if r.a_first {
        (record_player(&args.a, "A"), record_player(&args.b, "B"))
    } else {
        (record_player(&args.b, "B"), record_player(&args.a, "A"))
    };
    let players = crate::record::Players { first, second };
    let started = r.game.started.parse()?;
    let record = crate::record::Record::from_session(r.session(), players, started);
    let path = dir.join(format!("{}-{:04}.toml", r.session().kind(), r.index + 1));
    record.save(&path)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;

    #[test]
    fn tally_figures() {
        let t = MatchTally {
            wins: 75,
            draws: 0,
            losses: 25,
            first_points: 50.0,
            turns: 4000,
        };
        assert_eq!(t.score(), 0.75);
        let (elo, lo, hi) = t.elo();
        assert!((elo - 190.8).abs() < 0.1, "{elo}");
        assert!(
            lo < elo && elo < hi && lo > 100.0 && hi < 300.0,
            "{lo} {hi}"
        );
        let all = MatchTally {
            wins: 10,
            ..Default::default()
        };
        assert_eq!(all.elo().0, f64::INFINITY);
        assert!(all.summary()[1].contains("+inf"));
        // 100 wins of 100: the lower bound is finite (Wilson).
        let hundred = MatchTally {
            wins: 100,
            ..Default::default()
        };
        let (_, lo, hi) = hundred.elo();
        assert!((lo - 566.0).abs() < 2.0 && hi == f64::INFINITY, "{lo} {hi}");
        let none = MatchTally {
            losses: 100,
            ..Default::default()
        };
        let (_, lo, hi) = none.elo();
        assert!(
            lo == f64::NEG_INFINITY && (hi + 566.0).abs() < 2.0,
            "{lo} {hi}"
        );
        let even = MatchTally {
            wins: 3,
            draws: 4,
            losses: 3,
            ..Default::default()
        };
        assert_eq!(even.score(), 0.5);
        assert!(even.elo().0.abs() < 1e-9);
    }

    /// Plays a two-game match of `a` against `b` on a `kind` board of `size` (two at once),
    /// writing the records into a fresh folder, and returns them loaded back.
    fn two_recorded_games(
        kind: GameKind,
        (a, b): (&str, &str),
        size: usize,
    ) -> Vec<(crate::record::Record, crate::session::Session)> {
        let dir = std::env::temp_dir().join(format!("tessera-match-{kind}-{}", std::process::id()));
        let args = MatchArgs {
            game: kind,
            a: a.parse().unwrap(),
            b: b.parse().unwrap(),
            games: 2,
            jobs: 2,
            out: Some(dir.clone()),
            komi: None,
            size: Some(size),
        };
        run(args).unwrap();
        let loaded = (1..=2)
            .map(|i| crate::record::Record::load(&dir.join(format!("{kind}-{i:04}.toml"))).unwrap())
            .collect();
        std::fs::remove_dir_all(&dir).unwrap();
        loaded
    }

    #[test]
    fn a_small_match_writes_records_that_load_back() {
        let players = ("mcts:iters=50,threads=1,seed=1", "random:seed=2");
        for (record, session) in two_recorded_games(GameKind::Linage, players, 5) {
            assert!(session.game().is_over());
            assert_eq!(record.result, session.game().result_text());
            assert!(record.players.first.engine.is_some());
        }
    }

    #[test]
    fn random_players_play_every_game_to_its_end() {
        // Random Keil games run to thousands of turns (tens of thousands on the default
        // board): no cap gives up on them. A small board keeps the test quick.
        let players = ("random:seed=1", "random:seed=2");
        for (_, session) in two_recorded_games(GameKind::Keil, players, 3) {
            assert!(session.game().is_over());
        }
    }
}
