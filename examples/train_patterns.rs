//! Learns the placement-pattern priors of the search (`data/patterns/GAME.txt`, see
//! `tessera::search::patterns`) from game records of strong self-play.
//!
//! ```sh
//! # 1. Self-play records (any strong setting; the shipped Wunchunk file used this one):
//! tessera match wunchunk --a default:iters=5000,threads=1 --b default:iters=5000,threads=1 \
//!     --games 300 --out /tmp/selfplay
//! # 2. Count, for every step played, which placement patterns were available and chosen:
//! cargo run --release --example train_patterns -- /tmp/selfplay > data/patterns/wunchunk.txt
//! ```
//!
//! Every record in the directory is replayed through the rules (a record that does not load
//! is reported and skipped); all must be of one game and board size.

use std::path::Path;
use tessera::search::patterns::PatternCounts;
use tessera::{Game, Record, Session};

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: train_patterns DIRECTORY-OF-RECORDS > data/patterns/GAME.txt");
        std::process::exit(2);
    };
    match train(Path::new(&dir)) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("train_patterns: {e}");
            std::process::exit(1);
        }
    }
}

/// The counts of every record in `dir`, as text.
fn train(dir: &Path) -> Result<String, String> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    let mut counts: Option<(String, PatternCounts)> = None;
    let (mut games, mut steps) = (0usize, 0usize);
    for path in &paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let record = match Record::from_toml(&text) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{}: skipped: {e}", path.display());
                continue;
            }
        };
        let options = record.game_options().map_err(|e| e.to_string())?;
        let mut session = Session::new(record.game, options).map_err(|e| e.to_string())?;
        let board = format!(
            "{:?} size {}",
            record.game,
            session.game().geometry().size()
        );
        let (want, c) = counts
            .get_or_insert_with(|| (board.clone(), PatternCounts::new(session.game().geometry())));
        if *want != board {
            return Err(format!("{}: {board}, the others {want}", path.display()));
        }
        for token in &record.turns {
            let turn = session
                .game()
                .parse_turn(token)
                .map_err(|e| e.to_string())?;
            for step in turn {
                c.observe(session.game(), step);
                session
                    .play_step(step)
                    .map_err(|e| format!("{}: {token}: {e}", path.display()))?;
                steps += 1;
            }
        }
        games += 1;
    }
    let (board, c) = counts.ok_or("no records in the directory")?;
    Ok(c.to_text(&format!(
        "tessera placement patterns: {board}, {games} games, {steps} steps\n\
         code chosen available (regenerate: cargo run --release --example train_patterns)"
    )))
}
