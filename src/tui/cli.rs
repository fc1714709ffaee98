//! The interface's command-line: `tessera` (menu), `tessera play GAME …`, `tessera load FILE`,
//! with `--config PATH` and `--ascii` for all of them.

use super::new_game::choices::Opponent;
use super::new_game::{KomiChoice, NewGameForm};
use super::runtime::{self, Start, UiOptions};
use crate::games::{parse_komi, GameKind};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Options of the interface (valid with every subcommand that opens it).
#[derive(Args, Debug, Clone, Default)]
pub struct UiArgs {
    /// Read the settings from this file instead of the platform config directory.
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Plain ASCII drawing (X/O stones, ASCII frames).
    #[arg(long, global = true)]
    pub ascii: bool,
}

/// Who moves first in `tessera play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You make the first turn (first side; in the bid you set komi).
    Human,
    /// The AI makes the first turn (in the bid the AI sets komi and you pick a side).
    Ai,
}

/// Who you play against in `tessera play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Against {
    /// The AI.
    Ai,
    /// Someone else at the same keyboard.
    Human,
    /// Nobody: the AI plays both sides and you watch.
    Watch,
}

/// `tessera play GAME …`: start a game directly.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// The game: keil, carteso, iris, linage or wunchunk.
    pub game: GameKind,
    /// Board size (square: points per side, 5-19; hexhex: side, 3-12).
    #[arg(long)]
    pub size: Option<usize>,
    /// AI level, 1 (weakest) to 10.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// Who makes the first turn (default: you, except in the komi bid, where the AI sets komi
    /// and you pick a side).
    #[arg(long, value_enum)]
    pub first: Option<First>,
    /// Settle the opening with this agreed komi instead of the bid (e.g. 6.5).
    #[arg(long)]
    pub komi: Option<String>,
    /// Opponent.
    #[arg(long, value_enum, default_value = "ai")]
    pub against: Against,
    /// AI thinking time per turn, in seconds.
    #[arg(long)]
    pub time: Option<f64>,
}

/// `tessera review FILE [--write]`: review a game record.
#[derive(Args, Debug, Clone)]
pub struct ReviewArgs {
    /// The record (TOML, SPEC §4).
    pub file: PathBuf,
    /// Store the finished review in the record's `[analysis]` section (the file is left
    /// as it is without it; `:save` in the interface stores it too).
    #[arg(long)]
    pub write: bool,
}

/// `tessera load FILE`: open a game record.
#[derive(Args, Debug, Clone)]
pub struct LoadArgs {
    /// The record (TOML, SPEC §4).
    pub file: PathBuf,
}

fn ui_options(ui: &UiArgs) -> UiOptions {
    UiOptions {
        config: ui.config.clone(),
        ascii: ui.ascii,
    }
}

/// `tessera puzzles [GAME]`: puzzle mode.
pub fn run_puzzles(ui: &UiArgs, kind: Option<crate::games::GameKind>) -> anyhow::Result<()> {
    runtime::run(ui_options(ui), Start::Puzzles(kind))
}

/// `tessera` with no subcommand: the menu.
pub fn run_menu(ui: &UiArgs) -> anyhow::Result<()> {
    runtime::run(ui_options(ui), Start::Menu)
}

/// The New game form `tessera play` fills in (so both ways of starting agree).
pub fn play_form(ui: &UiArgs, args: &PlayArgs) -> anyhow::Result<NewGameForm> {
    let (settings, _) = runtime::settings(&ui_options(ui));
    let mut form = NewGameForm::new(&settings);
    form.set_kind(args.game);
    if let Some(n) = args.size {
        let r = args.game.sizes();
        if !r.contains(&n) {
            anyhow::bail!(
                "{} size must be {}..{}, not {n}",
                args.game,
                r.start(),
                r.end()
            );
        }
        form.size = n;
    }
    if let Some(k) = &args.komi {
        form.komi = KomiChoice::Agreed(parse_komi(k).map_err(anyhow::Error::msg)?);
        if !args.game.has_komi() {
            anyhow::bail!("{} has no komi", args.game.title());
        }
    }
    form.opponent = match args.against {
        Against::Ai => Opponent::Ai,
        Against::Human => Opponent::Human,
        Against::Watch => Opponent::AiVsAi,
    };
    if let Some(l) = args.level {
        form.level = l;
    }
    form.seat = match args.first {
        Some(First::Human) => 0,
        Some(First::Ai) => 1,
        None if form.komi == KomiChoice::Bid && args.game.has_komi() => 1,
        None => 0,
    };
    if let Some(t) = args.time {
        if !crate::config::AI_TIME_RANGE.contains(&t) {
            anyhow::bail!("--time must be between 0.1 and 600 seconds");
        }
        form.ai_time = t;
    }
    Ok(form)
}

/// `tessera play GAME …`.
pub fn run_play(ui: &UiArgs, args: &PlayArgs) -> anyhow::Result<()> {
    let form = play_form(ui, args)?;
    let mut play = form
        .start(super::store::now_rfc3339())
        .map_err(anyhow::Error::msg)?;
    play.say(format!("{} started: ? shows the keys", args.game.title()));
    runtime::run(ui_options(ui), Start::Play(Box::new(play)))
}

/// `tessera review FILE`: the record read-only, reviewed (shown at once when it holds a
/// complete review); the file is written only with `--write`.
pub fn run_review(ui: &UiArgs, args: &ReviewArgs) -> anyhow::Result<()> {
    runtime::run(ui_options(ui), Start::Review(args.file.clone(), args.write))
}

/// `tessera load FILE`.
pub fn run_load(ui: &UiArgs, args: &LoadArgs) -> anyhow::Result<()> {
    runtime::run(ui_options(ui), Start::Load(args.file.clone()))
}
