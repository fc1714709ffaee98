//! What the search decides, repeatably: for a speed change to the search (one that must not
//! change what it decides), run this before and after and compare the output.
//!
//! For each game record given, the positions after 0, ¼, ½ and ¾ of its turns are searched
//! with one thread, a fixed seed and an iteration limit (`default:threads=1,seed=1,iters=N`,
//! so the search is deterministic), and the report is printed as one JSON line without its
//! timings (`elapsed_ms`, `iterations_per_sec`). The tree's size in bytes is printed apart
//! (`bytes …` lines), since a change to what a node stores changes it without changing any
//! decision.
//!
//! ```sh
//! cargo run --release --example search_identity -- 3000 game1.toml game2.toml > before.txt
//! cargo run --release --example search_identity -- --bench 20000 game.toml 40   # one search
//! ```
//!
//! `--bench ITERS FILE TURN` searches the position after `TURN` turns once (for timing the
//! whole process from outside) and prints its iterations per second on standard error.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tessera::{Engine, Limits, PlayerSpec, Record};

fn think(game: &tessera::AnyGame, iters: u64) -> Result<serde_json::Value, String> {
    let spec: PlayerSpec = format!("mcts:threads=1,seed=1,iters={iters}").parse()?;
    let mut engine = Engine::new(spec);
    let decision = engine
        .think(
            game,
            Limits::iters(iters),
            Arc::new(AtomicBool::new(false)),
            None,
        )
        .ok_or("the game is over")?;
    Ok(decision.report.to_json())
}

fn run(args: &[String]) -> Result<(), String> {
    let number = |s: &str| {
        s.parse::<u64>()
            .map_err(|_| format!("'{s}' is not a number"))
    };
    if args.first().map(String::as_str) == Some("--bench") {
        let [_, iters, file, turn] = args else {
            return Err("usage: search_identity --bench ITERS FILE TURN".into());
        };
        let (_, session) = Record::load(Path::new(file)).map_err(|e| e.to_string())?;
        let game = session.position_after(number(turn)? as usize);
        let report = think(&game, number(iters)?)?;
        eprintln!(
            "{file} turn {turn}: {} iterations, {:.0} iterations/s, {} nodes, {} bytes",
            report["iterations"],
            report["iterations_per_sec"],
            report["tree_nodes"],
            report["tree_bytes"]
        );
        return Ok(());
    }
    let Some((iters, files)) = args.split_first() else {
        return Err("usage: search_identity ITERS RECORD… | --bench ITERS FILE TURN".into());
    };
    let iters = number(iters)?;
    for file in files {
        let (_, session) = Record::load(Path::new(file)).map_err(|e| e.to_string())?;
        let n = session.turns().len();
        for turn in [0, n / 4, n / 2, 3 * n / 4] {
            let game = session.position_after(turn);
            let mut report = match think(&game, iters) {
                Ok(r) => r,
                Err(e) => {
                    println!("{file} turn {turn}: {e}");
                    continue;
                }
            };
            let map = report.as_object_mut().expect("a report is an object");
            map.remove("elapsed_ms");
            map.remove("iterations_per_sec");
            let bytes = map.remove("tree_bytes");
            println!("{file} turn {turn}: {report}");
            println!("bytes {file} turn {turn}: {}", bytes.unwrap_or_default());
        }
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = run(&args) {
        eprintln!("search_identity: {e}");
        std::process::exit(2);
    }
}
