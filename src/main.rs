//! The `tessera` command: one subcommand per module, each arm calls that module's `run`.

use clap::{Parser, Subcommand};

/// A terminal player and engine for Keil, Carteso, Iris, Linage and Wunchunk.
#[derive(Parser, Debug)]
#[command(name = "tessera", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Single-thread random playouts per second for each game (use a release build).
    Bench(tessera::bench::BenchArgs),
    /// Engine mode: GTP version 2 on stdin/stdout with the tessera-* extensions (SPEC §5);
    /// genmove plays at random until the AI lands.
    #[command(long_about = tessera::gtp::LONG_HELP)]
    Gtp(tessera::gtp::GtpArgs),
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
        Some(Command::Bench(args)) => tessera::bench::run(&args),
        Some(Command::Gtp(args)) => Ok(tessera::gtp::run(&args)?),
        None => {
            println!(
                "tessera {}: the interface is not in this build yet; see `tessera --help`",
                env!("CARGO_PKG_VERSION")
            );
            Ok(())
        }
    }
}
