//! `tessera puzzles generate|verify`: finding puzzles in AI-against-AI games
//! ([`generate`], with the candidate positions of [`candidates`]) and re-solving every puzzle
//! of a set against the definition ([`verify`]). Puzzle mode itself is the interface's.

pub(crate) mod candidates;
pub mod generate;
pub mod verify;

pub use generate::GenerateArgs;

/// Arguments of `tessera puzzles`: without a subcommand, puzzle mode in the interface.
#[derive(clap::Args, Debug, Clone)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PuzzlesArgs {
    /// What to do (none: open puzzle mode in the interface).
    #[command(subcommand)]
    pub action: Option<PuzzlesAction>,
    /// Puzzle mode: the game whose puzzles to show first (keil, carteso, iris, linage or
    /// wunchunk).
    pub game: Option<crate::games::GameKind>,
}

/// `tessera puzzles` subcommands.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum PuzzlesAction {
    /// Find puzzles in AI-against-AI games and write a puzzle set.
    Generate(generate::GenerateArgs),
    /// Re-solve every puzzle of a set and report those that no longer meet the definition.
    Verify(verify::VerifyArgs),
}

/// Runs `tessera puzzles generate|verify …` (puzzle mode itself is the interface's).
pub fn run_puzzles(action: &PuzzlesAction) -> anyhow::Result<()> {
    match action {
        PuzzlesAction::Generate(a) => generate::run(a),
        PuzzlesAction::Verify(a) => verify::run(a),
    }
}
