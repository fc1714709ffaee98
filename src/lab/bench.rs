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

use crate::games::{AnyGame, Game, GameKind, GameOptions, Protocol, SearchHints, Step};
use crate::rng::FastRng;
use anyhow::Context;
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
    /// Seconds per game.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Board size (default: each game's default).
    #[arg(long)]
    pub size: Option<usize>,
}

/// `tessera bench`: measures each game and prints one line per game — two for Keil, the second
/// with the seed reference's policy (see the module docs): playouts per second, steps per
/// playout and nanoseconds per step (headed `plies` and `ns/ply`, as the seed reports head
/// them: their ply is one step, where a puzzle's is a whole turn).
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let games = if args.games.is_empty() {
        GameKind::ALL.to_vec()
    } else {
        args.games.clone()
    };
    anyhow::ensure!(
        args.seconds.is_finite() && args.seconds > 0.0,
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
    let duration = Duration::from_secs_f64(args.seconds);
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
}
