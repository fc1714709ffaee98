//! The `tessera` command: one subcommand per module, each arm calls that module's `run`.

use clap::{Parser, Subcommand};

/// A terminal player and engine for Keil, Carteso, Iris, Linage and Wunchunk.
#[derive(Parser, Debug)]
#[command(name = "tessera", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    ui: tessera::tui::UiArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Start a game in the terminal interface.
    Play(tessera::tui::PlayArgs),
    /// Open a game record in the terminal interface.
    Load(tessera::tui::LoadArgs),
    /// Single-thread random playouts per second for each game (use a release build); with
    /// `--ui`, the interface's draw time and key latency; with `--net`, network evaluations
    /// per second per core.
    Bench {
        #[command(flatten)]
        args: tessera::lab::bench::BenchArgs,
        /// Measure the terminal interface instead: draw time and key latency.
        #[arg(long, conflicts_with = "net")]
        ui: bool,
    },
    /// Engine mode: GTP version 2 on stdin/stdout with the tessera-* extensions (SPEC §5);
    /// genmove and tessera-analyze use the AI (see --player).
    #[command(long_about = tessera::gtp::LONG_HELP)]
    Gtp(tessera::gtp::GtpArgs),
    /// Review a game record without the interface: each turn's win rates, the AI's preferred
    /// turn and a judgement (inaccuracy, mistake, blunder); progress on standard error.
    Analyze(tessera::review::AnalyzeArgs),
    /// Open a game record read-only in the terminal interface and review it: a win-rate graph
    /// and the judged turns (at once when the record holds its [analysis]).
    Review(tessera::tui::ReviewArgs),
    /// Play AI against AI: `tessera match GAME --a SPEC --b SPEC --games N`.
    Match(Box<tessera::lab::match_cmd::MatchArgs>),
    /// A report on a game from self-play, like the seed reports: first-player win rate, game
    /// length, branching factor, reachable positions, strength by thinking time, …
    Stats(Box<tessera::lab::stats::StatsArgs>),
    /// The fair komi of a board from self-play at several komi values; updates the user's
    /// komi table (or `--table FILE`).
    Komi(Box<tessera::lab::komi::KomiArgs>),
    /// Self-play games written as training data for a game's network (`docs/nets.md`).
    Selfplay(tessera::lab::net_data::SelfplayArgs),
    /// Solve the position a game record leads to: does the side to move win within N plies?
    Solve(tessera::puzzle::SolveArgs),
    /// Puzzle mode (`tessera puzzles [GAME]`); puzzle sets: `tessera puzzles generate GAME …`,
    /// `tessera puzzles verify FILE`.
    Puzzles(tessera::lab::puzzles::PuzzlesArgs),
    /// Run a game server: people connect with `ssh -p 2222 HOST`, meet in a lobby and play
    /// each other (or the AI); others watch.
    Serve(tessera::serve::ServeArgs),
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        eprintln!("tessera: {e:#}");
        std::process::exit(1);
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Some(Command::Bench { args, ui: true }) => {
            tessera::lab::run_latency(&args.games).map_err(anyhow::Error::msg)
        }
        Some(Command::Bench { args, ui: false }) => tessera::lab::bench::run(&args),
        Some(Command::Gtp(args)) => Ok(tessera::gtp::run(&args)?),
        Some(Command::Match(args)) => tessera::lab::match_cmd::run(*args),
        Some(Command::Selfplay(args)) => tessera::lab::net_data::run(&args),
        Some(Command::Stats(args)) => tessera::lab::stats::run(&args),
        Some(Command::Komi(args)) => tessera::lab::komi::run(&args),
        Some(Command::Solve(args)) => tessera::puzzle::run_solve(&args),
        Some(Command::Puzzles(args)) => match &args.action {
            Some(action) => tessera::lab::puzzles::run_puzzles(action),
            None => tessera::tui::run_puzzles(&cli.ui, args.game),
        },
        Some(Command::Analyze(args)) => tessera::review::run_analyze(&args),
        Some(Command::Serve(args)) => tessera::serve::run(&args),
        Some(Command::Play(args)) => tessera::tui::run_play(&cli.ui, &args),
        Some(Command::Review(args)) => tessera::tui::run_review(&cli.ui, &args),
        Some(Command::Load(args)) => tessera::tui::run_load(&cli.ui, &args),
        None => tessera::tui::run_menu(&cli.ui),
    }
}
