//! `tessera stats`: reports about a game made by our own engine, like the seed reports
//! (`shared/seeds/`). (The fair komi from self-play is `tessera komi`, [`crate::lab::komi`].)
//!
//! `tessera stats GAME` plays the game's default AI against itself
//! ([`crate::lab::play::self_play`]), then reports the first player's win rate, game length,
//! branching factor, complexity, distinct and killer moves (`figures`), positions reachable at
//! each depth (`reach`), random playouts per second ([`crate::lab::bench`]) and strength by
//! thinking time (`ladder`), beside the seed report's own figures when the seeds are at hand
//! (`seed`). `report` writes it as text or JSON.

pub(crate) mod figures;
pub(crate) mod ladder;
pub(crate) mod reach;
pub(crate) mod report;
pub(crate) mod seed;

use crate::games::{AnyGame, Game};
use crate::lab::play::{jobs, match_options, self_play, GameResult, SelfPlayArgs};
use figures::{GameLog, StepChoice};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `tessera stats`.
#[derive(clap::Args, Debug, Clone)]
pub struct StatsArgs {
    /// The game, board, games, time per move and jobs.
    #[command(flatten)]
    pub play: SelfPlayArgs,
    /// Write the report as JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Agreed komi (default: the fair komi of the table `data/komi.toml` for the board).
    #[arg(long)]
    pub komi: Option<String>,
    /// Deepest depth (plies) for the reachable positions; small boards can go further.
    #[arg(long, default_value_t = 5)]
    pub depth: usize,
    /// Stop counting reachable positions before a depth with more than this many.
    #[arg(long, default_value_t = 2_000_000)]
    pub reach_limit: u64,
    /// Games per step of the strength-by-time ladder (0 skips it).
    #[arg(long, default_value_t = 10)]
    pub ladder_games: usize,
    /// The ladder's times per move in ms, each played against the one before.
    #[arg(long, value_delimiter = ',', default_values_t = ladder::SEED_LADDER_MS)]
    pub ladder_ms: Vec<u64>,
    /// Seconds of random playouts for the playouts-per-second figure (single thread).
    #[arg(long, default_value_t = 2.0)]
    pub bench_secs: f64,
    /// The seed reports' directory for the side-by-side column (default: `../shared/seeds`
    /// from the current directory or the source checkout; skipped with a note when absent).
    #[arg(long)]
    pub seeds: Option<PathBuf>,
}

/// Runs `tessera stats`.
pub fn run(args: &StatsArgs) -> anyhow::Result<()> {
    let report = make(args)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", report.text());
    }
    Ok(())
}

/// Plays and measures everything the report holds.
pub(crate) fn make(args: &StatsArgs) -> anyhow::Result<report::StatsReport> {
    anyhow::ensure!(args.play.games > 0, "--games must be at least 1");
    anyhow::ensure!(
        args.bench_secs.is_finite() && args.bench_secs > 0.0,
        "--bench-secs must be a positive number"
    );
    anyhow::ensure!(
        args.ladder_ms.windows(2).all(|w| w[0] < w[1]),
        "--ladder-ms must be increasing, e.g. 10,30,70,200,550"
    );
    let jobs = jobs(args.play.jobs)?;
    let kind = args.play.game;
    let options = match_options(kind, args.komi.as_deref(), args.play.size)?;
    let spec = args.play.spec();
    let games = self_play(
        kind,
        &options,
        &spec,
        (args.play.games, jobs),
        None,
        kind.name(),
        |_| Ok(()),
    )?;
    let logs: Vec<GameLog> = games.iter().map(log_of).collect();
    let figures = figures::Figures::of(&logs, 0);
    let start = AnyGame::new(kind, &options).map_err(anyhow::Error::msg)?;
    let reach = reach::reach(&start, args.depth, args.reach_limit);
    let bench_start =
        crate::lab::bench::bench_start(kind, options.size).map_err(anyhow::Error::msg)?;
    let bench_time = Duration::from_secs_f64(args.bench_secs);
    let bench = crate::lab::bench::random_playouts(&bench_start, bench_time, 1);
    let seed_policy_bench = crate::lab::bench::seed_policy_playouts(&bench_start, bench_time, 1);
    let ladder = if args.ladder_games > 0 {
        ladder::ladder(kind, &options, &args.ladder_ms, args.ladder_games, jobs)?
    } else {
        Vec::new()
    };
    let seed = match seed::seed_dir(args.seeds.as_deref()) {
        Some(dir) => seed::load(&dir, kind).map_err(|e| format!("seed report not read: {e}")),
        None => Err("seed reports not found (give --seeds DIR): no side-by-side column".into()),
    };
    Ok(report::StatsReport {
        game: kind,
        size: options.size,
        komi: kind
            .has_komi()
            .then(|| crate::games::format_komi(options.komi_half)),
        player: spec.to_string(),
        jobs,
        figures,
        reach,
        playouts_per_sec: bench.playouts_per_sec(),
        seed_policy_playouts_per_sec: seed_policy_bench.map(|b| b.playouts_per_sec()),
        ladder,
        seed: seed.as_ref().ok().cloned(),
        seed_note: seed.err(),
    })
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::search::PlayerSpec;

    #[test]
    fn a_logged_game_replays_every_step() {
        let options = match_options(GameKind::Linage, None, Some(5)).unwrap();
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
