//! `tessera solve FILE`.

use super::solver::{line_tokens, turn_tokens, Solution, Solver};
use crate::games::{format_komi, AnyGame, Game};
use crate::record::Record;
use anyhow::{bail, Context};
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `tessera solve`.
#[derive(clap::Args, Debug, Clone)]
pub struct SolveArgs {
    /// A game record (SPEC §4); its turns lead to the position to solve.
    pub file: PathBuf,
    /// Look for wins within this many plies (whole turns of either side).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u8).range(1..=60))]
    pub max_plies: u8,
    /// One line of JSON: to_move, win_in, winning_turns, main_line, nodes, ms.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tessera solve`.
pub fn run_solve(args: &SolveArgs) -> anyhow::Result<()> {
    let (record, session) = Record::load(&args.file)
        .with_context(|| format!("cannot solve {}", args.file.display()))?;
    if !session.pending().is_empty() {
        bail!(
            "{} ends in the middle of a turn (in_progress): the position to solve must be at \
             the start of a turn",
            args.file.display()
        );
    }
    let game = session.game().clone();
    if super::rules::in_opening(&game) {
        bail!(
            "{}: the position is in the komi bid; solving starts once komi is settled",
            args.file.display()
        );
    }
    let mut solver = Solver::new();
    let solution = solver.solve(&game, args.max_plies)?;
    if args.json {
        println!("{}", solution_json(&game, &solution));
    } else {
        print!("{}", describe(&game, &record, &solution, args.max_plies));
    }
    Ok(())
}

/// The one-line JSON answer of `tessera solve --json`.
pub fn solution_json(game: &AnyGame, s: &Solution) -> serde_json::Value {
    json!({
        "to_move": game.side_name(s.side),
        "win_in": s.win_in,
        "winning_turns": turn_tokens(game, &s.winning_turns),
        "main_line": line_tokens(game, &s.main_line),
        "nodes": s.nodes,
        "ms": s.elapsed.as_millis() as u64,
    })
}

/// The human-readable answer of `tessera solve`.
fn describe(game: &AnyGame, record: &Record, s: &Solution, max: u8) -> String {
    let kind = game.kind();
    let size = game.geometry().size();
    let board = kind.board_kind().size_label(size);
    let mut out = format!("{} {board}", kind.title());
    if let Some(komi) = komi_of(game) {
        out.push_str(&format!(", komi {}", format_komi((komi * 2.0) as u16)));
    }
    out.push_str(&format!(
        ", after {} turns: {} to move\n",
        record.turns.len(),
        game.side_name(s.side)
    ));
    let side = game.kind().side_title(s.side);
    match s.win_in {
        None => out.push_str(&format!("{side} has no forced win within {max} plies.\n")),
        Some(0) => out.push_str(&format!("The game is over: {side} has won.\n")),
        Some(n) => {
            out.push_str(&format!("{side} wins in {n} plies.\n"));
            out.push_str(&format!(
                "Winning first turn{}: {}\n",
                if s.winning_turns.len() == 1 { "" } else { "s" },
                turn_tokens(game, &s.winning_turns).join(" ")
            ));
            let line: Vec<String> = line_tokens(game, &s.main_line)
                .into_iter()
                .enumerate()
                .map(|(i, t)| format!("{}. {t}", i + 1))
                .collect();
            out.push_str(&format!("Main line: {}\n", line.join("  ")));
            let mut end = game.clone();
            for t in &s.main_line {
                for &st in t {
                    end.play(st);
                }
            }
            if let Some(r) = end.result_text() {
                out.push_str(&format!("Result: {r}\n"));
            }
        }
    }
    let secs = s.elapsed.as_secs_f64();
    out.push_str(&format!(
        "Searched {} positions in {:.2} s ({:.2} M/s).\n",
        s.nodes,
        secs,
        s.nodes as f64 / secs.max(1e-9) / 1e6
    ));
    out
}

/// The komi of a game scored in points (`None` for a game decided otherwise).
pub fn komi_of(game: &AnyGame) -> Option<f64> {
    crate::games::with_each_game!(game, g => crate::games::SolveGame::territory_komi(g))
}
