//! `tessera bench`: single-thread random playouts per second (the speed figures of the issues).
//!
//! A playout starts from the opening position with the protocol settled (agreed komi: the
//! game's default, or 0.5 for Carteso and Linage, whose default protocol is the bid) and plays
//! [`SearchHints::random_step`] — uniformly random legal placements, the game's fallback only
//! when none is legal — until the game ends.
//!
//! Keil gets a second row, `keil (uniform incl. pass)`: playouts that take a uniformly random
//! step among *all* legal steps, `pass` and `button` included (`uniform_playouts`). That is
//! the policy behind the seed reference program's "Random playout" figures (42.58 playouts/s,
//! game length 217), whose games end that soon only because passes are drawn; under the
//! issue's policy, where a player passes only when no placement is legal, a random Keil game
//! on side 7 lasts about 30,000 steps. The two rows make both comparisons possible.
//!
//! `tessera bench --net` measures network evaluations instead (issue 47): evaluations per
//! second per core of a weights file (`--net-file`) or of a random network of the given shape,
//! at batch 1 and 16, on one thread and on two (each thread with its own workspace; the
//! per-core figure is the total divided by the threads). [`print_net_bench`] takes any
//! [`Network`].

use crate::games::{AnyGame, Game, GameKind, GameOptions, Protocol, SearchHints, Step};
use crate::nn::{NetHeader, Network};
use crate::rng::FastRng;
use anyhow::Context;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What one benchmark run measured.
#[derive(Clone, Debug)]
pub(crate) struct PlayoutBench {
    /// Board size.
    pub size: usize,
    /// Playouts completed.
    pub playouts: u64,
    /// Steps played in all playouts.
    pub steps: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

impl PlayoutBench {
    /// Playouts per second.
    pub fn playouts_per_sec(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64()
    }
    /// Mean steps per playout.
    pub fn steps_per_playout(&self) -> f64 {
        self.steps as f64 / self.playouts.max(1) as f64
    }
    /// Nanoseconds per step.
    pub fn ns_per_step(&self) -> f64 {
        self.elapsed.as_nanos() as f64 / self.steps.max(1) as f64
    }
}

/// The options a playout bench starts from: the defaults at `size` with the komi protocol
/// settled by agreed komi (the bid's probes would measure the search, not the rules).
pub(crate) fn start_options(kind: GameKind, size: usize) -> GameOptions {
    let mut options = GameOptions {
        size,
        ..GameOptions::defaults(kind)
    };
    if options.protocol == Protocol::Bid {
        options.protocol = Protocol::Agreed;
        options.komi_half = 1;
    }
    options
}

/// The start position a playout bench uses ([`start_options`]).
pub(crate) fn bench_start(kind: GameKind, size: usize) -> Result<AnyGame, String> {
    AnyGame::new(kind, &start_options(kind, size)).map_err(|e| e.to_string())
}

/// Runs random playouts from `start` for about `duration` (at least one playout), each step
/// chosen by [`SearchHints::random_step`].
pub(crate) fn random_playouts(start: &AnyGame, duration: Duration, seed: u64) -> PlayoutBench {
    playouts_with(start, duration, seed, |g, rng, buf| g.random_step(rng, buf))
}

/// Runs random playouts from `start` for about `duration` (at least one playout), each step
/// drawn uniformly from all of [`Game::legal_steps`] (`pass` and Keil's `button` included):
/// the policy of the seed reference programs' "Random playout" figures.
fn uniform_playouts(start: &AnyGame, duration: Duration, seed: u64) -> PlayoutBench {
    let mut legal = Vec::with_capacity(1024);
    playouts_with(start, duration, seed, move |g, rng, _| {
        g.legal_steps(&mut legal);
        legal[rng.below(legal.len())]
    })
}

/// The seed reference's policy (`uniform_playouts`) for the games whose random playouts differ
/// under it ([`SearchTuning::seed_policy_differs`]: where ours pass only when no placement is
/// legal, see the module docs); `None` for the others.
///
/// [`SearchTuning::seed_policy_differs`]: crate::games::tuning::SearchTuning::seed_policy_differs
pub(crate) fn seed_policy_playouts(
    start: &AnyGame,
    duration: Duration,
    seed: u64,
) -> Option<PlayoutBench> {
    let differs = start.kind().tuning().seed_policy_differs;
    differs.then(|| uniform_playouts(start, duration, seed))
}

/// Runs playouts from `start` for about `duration` (at least one playout), each step chosen by
/// `policy` (given the position, the generator and scratch space).
fn playouts_with(
    start: &AnyGame,
    duration: Duration,
    seed: u64,
    mut policy: impl FnMut(&AnyGame, &mut FastRng, &mut Vec<Step>) -> Step,
) -> PlayoutBench {
    let mut rng = FastRng::seed(seed);
    let mut buf = Vec::with_capacity(1024);
    let (mut playouts, mut steps) = (0u64, 0u64);
    let t0 = Instant::now();
    loop {
        let mut g = start.clone();
        while !g.is_over() {
            let step = policy(&g, &mut rng, &mut buf);
            g.play(step);
            steps += 1;
        }
        playouts += 1;
        if playouts % 16 == 0 && t0.elapsed() >= duration {
            break;
        }
    }
    PlayoutBench {
        size: start.geometry().size(),
        playouts,
        steps,
        elapsed: t0.elapsed(),
    }
}

/// Options of `tessera bench`.
#[derive(clap::Args, Debug, Clone)]
pub struct BenchArgs {
    /// Games to measure (default: every game in the build).
    pub games: Vec<GameKind>,
    /// Seconds per game (default 3), or per figure with --net (default 1.5).
    #[arg(long)]
    pub seconds: Option<f64>,
    /// Board size (default: each game's default; with --net, the random network's grid
    /// side, default 9).
    #[arg(long)]
    pub size: Option<usize>,
    /// Measure network evaluations per second per core instead: a random network of
    /// --blocks × --channels on a --size grid, or the network of --net-file.
    #[arg(long)]
    pub net: bool,
    /// With --net: the weights file to measure.
    #[arg(long, value_name = "PATH", requires = "net", conflicts_with_all = ["blocks", "channels", "size"])]
    pub net_file: Option<PathBuf>,
    /// With --net: residual blocks of the random network (default 4).
    #[arg(long, requires = "net")]
    pub blocks: Option<usize>,
    /// With --net: channels of the random network (default 32).
    #[arg(long, requires = "net")]
    pub channels: Option<usize>,
}

/// `tessera bench`: measures each game and prints one line per game — two for Keil, the second
/// with the seed reference's policy (see the module docs): playouts per second, steps per
/// playout and nanoseconds per step (headed `plies` and `ns/ply`, as the seed reports head
/// them: their ply is one step, where a puzzle's is a whole turn).
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    if args.net {
        return run_net(args);
    }
    let games = if args.games.is_empty() {
        GameKind::ALL.to_vec()
    } else {
        args.games.clone()
    };
    let seconds = args.seconds.unwrap_or(3.0);
    anyhow::ensure!(
        seconds.is_finite() && seconds > 0.0,
        "--seconds must be a positive number"
    );
    // Check every request before printing anything.
    let mut starts = Vec::new();
    for kind in games {
        let size = args.size.unwrap_or(kind.default_size());
        let sizes = kind.sizes();
        anyhow::ensure!(
            sizes.contains(&size),
            "{kind} sizes are {}..{}, not {size}",
            sizes.start(),
            sizes.end()
        );
        let start = bench_start(kind, size)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("cannot bench {kind}"))?;
        starts.push(start);
    }
    println!(
        "{:<25} {:>5} {:>14} {:>10} {:>9}",
        "game", "size", "playouts/s", "plies", "ns/ply"
    );
    let duration = Duration::from_secs_f64(seconds);
    for start in starts {
        print_row(start.kind().name(), &random_playouts(&start, duration, 1));
        // The seed reference's policy, for comparison with its figures (module docs).
        if let Some(r) = seed_policy_playouts(&start, duration, 1) {
            let label = format!("{} (uniform incl. pass)", start.kind().name());
            print_row(&label, &r);
        }
    }
    Ok(())
}

fn print_row(label: &str, r: &PlayoutBench) {
    println!(
        "{:<25} {:>5} {:>14.0} {:>10.1} {:>9.1}",
        label,
        r.size,
        r.playouts_per_sec(),
        r.steps_per_playout(),
        r.ns_per_step()
    );
}

/// `tessera bench --net`: the networks shipped for the games named, the network of
/// `--net-file`, or a random one of the shape asked (6 binary and 2 scalar planes, 32
/// value-head units, as Linage's), through [`print_net_bench`].
fn run_net(args: &BenchArgs) -> anyhow::Result<()> {
    let seconds = args.seconds.unwrap_or(1.5);
    anyhow::ensure!(
        seconds.is_finite() && seconds > 0.0,
        "--seconds must be a positive number"
    );
    let duration = Duration::from_secs_f64(seconds);
    if !args.games.is_empty() {
        anyhow::ensure!(
            args.net_file.is_none() && args.blocks.is_none() && args.channels.is_none(),
            "--net with games measures the games' shipped networks (drop --net-file, --blocks, --channels)"
        );
        for &kind in &args.games {
            let spec = kind.spec();
            let sizes: Vec<usize> = match args.size {
                Some(n) => vec![n],
                None => spec.nets.iter().map(|(n, _)| *n).collect(),
            };
            if sizes.is_empty() {
                println!("{kind}: no network is shipped");
            }
            for size in sizes {
                let Some((_, bytes)) = spec.nets.iter().find(|(n, _)| *n == size) else {
                    println!("{kind} {size}: no network is shipped");
                    continue;
                };
                let net = Network::from_bytes(bytes)
                    .with_context(|| format!("the shipped network for {kind} {size}"))?;
                println!("{kind} {size}: data/nets/{}-{size}.tnet", kind.name());
                print_net_bench(&net, duration);
            }
        }
        return Ok(());
    }
    let net = match &args.net_file {
        Some(path) => Network::load(path)?,
        None => {
            let size = args.size.unwrap_or(9);
            let header = NetHeader::shape(
                size,
                size,
                6,
                2,
                args.blocks.unwrap_or(4),
                args.channels.unwrap_or(32),
                32,
            );
            Network::random(header, 1)?
        }
    };
    print_net_bench(&net, duration);
    Ok(())
}

/// What one network benchmark run measured.
#[derive(Clone, Debug)]
pub struct NetBench {
    /// Positions per evaluation call.
    pub batch: usize,
    /// Threads, each with its own workspace.
    pub threads: usize,
    /// Evaluations per second of all threads together.
    pub evals_per_sec: f64,
}

impl NetBench {
    /// Evaluations per second per core: the total divided by the threads.
    pub fn per_core(&self) -> f64 {
        self.evals_per_sec / self.threads as f64
    }
}

/// A batch of `batch` bench positions for `net`: plane 0 (on the board) all 1, the other
/// binary planes random 0/1, each scalar plane a random constant.
fn bench_input(net: &Network, batch: usize, seed: u64) -> Vec<f32> {
    let h = net.header();
    let hw = h.height * h.width;
    let mut rng = FastRng::seed(seed);
    let mut input = Vec::with_capacity(batch * net.input_len());
    for _ in 0..batch {
        input.extend(std::iter::repeat_n(1.0, hw));
        for _ in 1..h.binary_planes {
            input.extend((0..hw).map(|_| if rng.coin() { 1.0 } else { 0.0 }));
        }
        for _ in 0..h.scalar_planes {
            let v = rng.unit() as f32 * 2.0 - 1.0;
            input.extend(std::iter::repeat_n(v, hw));
        }
    }
    input
}

/// Evaluates batches of `batch` positions on `threads` threads for about `duration` (at least
/// one call per thread, after one untimed call that warms the workspace).
pub fn net_bench(net: &Network, batch: usize, threads: usize, duration: Duration) -> NetBench {
    let rates: Vec<f64> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let input = bench_input(net, batch, t as u64 + 1);
                    let mut ws = net.workspace(batch);
                    net.evaluate(&input, batch, &mut ws);
                    let t0 = Instant::now();
                    let mut evals = 0u64;
                    loop {
                        std::hint::black_box(net.evaluate(&input, batch, &mut ws));
                        evals += batch as u64;
                        if t0.elapsed() >= duration {
                            break;
                        }
                    }
                    evals as f64 / t0.elapsed().as_secs_f64()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a bench thread"))
            .collect()
    });
    NetBench {
        batch,
        threads,
        evals_per_sec: rates.iter().sum(),
    }
}

/// Measures `net` at batch 1 and 16 on one and two threads, `duration` per figure, and prints
/// a table of evaluations per second per core.
pub fn print_net_bench(net: &Network, duration: Duration) {
    println!(
        "{:<14} {:>7} {:>8} {:>16} {:>17}",
        "network", "MFLOP", "threads", "batch 1 /s/core", "batch 16 /s/core"
    );
    for threads in [1, 2] {
        let one = net_bench(net, 1, threads, duration);
        let sixteen = net_bench(net, 16, threads, duration);
        println!(
            "{:<14} {:>7.1} {:>8} {:>16} {:>17}",
            net.shape_name(),
            net.flops() / 1e6,
            threads,
            thousands(one.per_core()),
            thousands(sixteen.per_core())
        );
    }
}

/// `12345.6` as `12,346`.
fn thousands(x: f64) -> String {
    let digits = format!("{:.0}", x.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uniform_policy_draws_passes_and_ends_keil_games_early() {
        let start = bench_start(GameKind::Keil, 4).unwrap();
        let bench = random_playouts(&start, Duration::ZERO, 7);
        let uniform = uniform_playouts(&start, Duration::ZERO, 7);
        assert_eq!((bench.playouts, uniform.playouts), (16, 16));
        // Passing only when no placement is legal, a game on side 4 (37 points) lasts
        // thousands of steps; drawing `button` and `pass` among the legal steps ends it within
        // a few dozen to a few hundred.
        assert!(
            bench.steps_per_playout() > 1000.0,
            "{}",
            bench.steps_per_playout()
        );
        assert!(
            uniform.steps_per_playout() < 300.0,
            "{}",
            uniform.steps_per_playout()
        );
    }

    #[test]
    fn the_net_bench_counts_evaluations_per_core() {
        let net = Network::random(NetHeader::shape(5, 5, 6, 2, 1, 8, 8), 1).unwrap();
        let r = net_bench(&net, 4, 2, Duration::ZERO);
        assert_eq!((r.batch, r.threads), (4, 2));
        assert!(r.per_core() > 0.0 && r.per_core() * 2.0 == r.evals_per_sec);
        assert_eq!(bench_input(&net, 3, 1).len(), 3 * net.input_len());
        assert_eq!(thousands(3250.4), "3,250");
        assert_eq!(thousands(999.0), "999");
        assert_eq!(thousands(1234567.0), "1,234,567");
    }
}
