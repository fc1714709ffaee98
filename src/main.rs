//! The `tessera` command.

use clap::{Parser, Subcommand};
use std::time::Duration;
use tessera::games::GameKind;

/// A terminal player and engine for Keil, Carteso, Iris, Linage and Wunchunk.
#[derive(Parser, Debug)]
#[command(name = "tessera", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    ui: tessera::tui::cli::UiArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Start a game in the terminal interface.
    Play(tessera::tui::cli::PlayArgs),
    /// Open a game record in the terminal interface.
    Load(tessera::tui::cli::LoadArgs),
    /// Single-thread random playouts per second for each game (release build recommended).
    Bench {
        /// Games to measure (default: all five).
        games: Vec<GameKind>,
        /// Seconds per game.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Board size (default: each game's default).
        #[arg(long)]
        size: Option<usize>,
        /// Measure the terminal interface instead: draw time and key latency.
        #[arg(long)]
        ui: bool,
    },
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Bench {
            games, ui: true, ..
        }) => tessera::tui::bench::run(&games).map_err(anyhow::Error::msg),
        Some(Command::Bench {
            games,
            seconds,
            size,
            ..
        }) => bench(games, seconds, size),
        Some(Command::Play(args)) => tessera::tui::cli::run_play(&cli.ui, &args),
        Some(Command::Load(args)) => tessera::tui::cli::run_load(&cli.ui, &args),
        None => tessera::tui::cli::run_menu(&cli.ui),
    }
}

fn bench(games: Vec<GameKind>, seconds: f64, size: Option<usize>) -> anyhow::Result<()> {
    let games = if games.is_empty() {
        GameKind::ALL.to_vec()
    } else {
        games
    };
    println!(
        "{:<9} {:>5} {:>14} {:>10} {:>9}",
        "game", "size", "playouts/s", "plies", "ns/ply"
    );
    for kind in games {
        let start = tessera::bench::bench_start(kind, size.unwrap_or(kind.default_size()))
            .map_err(anyhow::Error::msg)?;
        let r = tessera::bench::random_playouts(&start, Duration::from_secs_f64(seconds), 1);
        println!(
            "{:<9} {:>5} {:>14.0} {:>10.1} {:>9.1}",
            kind.name(),
            r.size,
            r.playouts_per_sec(),
            r.plies_per_playout(),
            r.ns_per_ply()
        );
    }
    Ok(())
}
