//! `tessera stats` and `tessera komi`: reports about a game made by our own engine, like the
//! seed reports (`shared/seeds/`), and the fair komi from self-play.
//!
//! `tessera stats GAME` plays the game's default AI against itself (`selfplay`), then
//! reports the first player's win rate, game length, branching factor, complexity, distinct
//! and killer moves (`figures`), positions reachable at each depth (`reach`), random
//! playouts per second ([`crate::lab::bench`]) and strength by thinking time (`ladder`), beside
//! the seed report's own figures when the seeds are at hand (`seed`). `report` writes it
//! as text or JSON. `komi` is `tessera komi`.

pub(crate) mod exact;
pub(crate) mod figures;
pub(crate) mod foresight;
pub(crate) mod komi;
pub(crate) mod komi_fit;
pub(crate) mod komi_pool;
pub(crate) mod komi_table;
pub(crate) mod komi_values;
pub(crate) mod ladder;
pub(crate) mod logistic;
pub(crate) mod reach;
pub(crate) mod report;
pub(crate) mod seed;
pub(crate) mod selfplay;

use crate::games::{AnyGame, GameKind};
use crate::lab::match_cmd::match_options;
use crate::search::PlayerSpec;
use std::path::PathBuf;
use std::time::Duration;

pub use komi::{run as run_komi, KomiArgs};

/// The self-play settings `tessera stats` and `tessera komi` share.
#[derive(clap::Args, Debug, Clone)]
pub struct SelfPlayArgs {
    /// The game: keil, carteso, iris, linage or wunchunk.
    pub game: GameKind,
    /// Board size (default: the game's default).
    #[arg(long)]
    pub size: Option<usize>,
    /// Self-play games (`tessera komi`: at each komi value).
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Thinking time per move of the self-play AI, in milliseconds.
    #[arg(long, default_value_t = 100)]
    pub ms: u64,
    /// The self-play AI as a player spec instead of `default:ms=M,threads=1`, e.g.
    /// `default:iters=20000,threads=1`: an iteration limit plays the same games whatever
    /// else the machine is doing.
    #[arg(long, conflicts_with = "ms")]
    pub player: Option<PlayerSpec>,
    /// Games played at once (each AI uses one thread; default: every core).
    #[arg(long)]
    pub jobs: Option<usize>,
}

impl SelfPlayArgs {
    /// The self-play player: `--player`, else `default` at `--ms` on one thread.
    pub fn spec(&self) -> PlayerSpec {
        self.player
            .clone()
            .unwrap_or_else(|| selfplay::player_at(self.ms))
    }
}

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

/// Every core, or `--jobs`.
pub(crate) fn jobs(given: Option<usize>) -> anyhow::Result<usize> {
    let j = given.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    anyhow::ensure!(j > 0, "--jobs must be at least 1");
    Ok(j)
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
    let games = selfplay::self_play(
        kind,
        &options,
        &spec,
        (args.play.games, jobs),
        None,
        kind.name(),
        |_| Ok(()),
    )?;
    let logs: Vec<figures::GameLog> = games.iter().map(selfplay::log_of).collect();
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
