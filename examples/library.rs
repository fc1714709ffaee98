//! tessera as another program uses it: load a game record (or start a small built-in game),
//! list the legal next steps, ask the AI for a turn within a time limit, print the result.
//!
//! ```sh
//! cargo run --release --example library                   # the built-in Linage game
//! cargo run --release --example library -- game.toml 500  # a record, 500 ms to think
//! ```

use std::path::Path;
use std::time::Instant;
use tessera::{Describe, Game, GameKind, GameOptions, PlayerSpec, Record, Session};

/// A few turns of Linage on a 5×5 board: the bid (komi 0.5, the second player takes
/// Horizontal), then two stones.
fn built_in() -> Result<Session, Box<dyn std::error::Error>> {
    let options = GameOptions::parse(GameKind::Linage, &["size=5"])?;
    let mut session = Session::new(GameKind::Linage, options)?;
    for token in ["komi=0.5", "play=horizontal", "c3", "b2"] {
        session.play_turn(token)?;
    }
    Ok(session)
}

/// Everything the example prints, for a session and a thinking time.
fn report(session: &Session, ms: u64) -> Result<String, String> {
    let game = session.game();
    let mut out = format!(
        "{} on a board of side {}, {} turns played\n",
        game.kind().title(),
        game.geometry().size(),
        session.turns().len()
    );
    if let Some(result) = game.result_text() {
        out += &format!("the game is over: {result}\n");
        return Ok(out);
    }
    let mut steps = Vec::new();
    game.legal_steps(&mut steps);
    let names: Vec<String> = steps.iter().map(|&s| game.format_step(s)).collect();
    out += &format!(
        "{} to move; {} legal next steps (whole turns, or the next stone of a multi-stone turn):\n{}\n",
        game.side_name(game.to_move()),
        names.len(),
        names.join(" ")
    );
    let spec: PlayerSpec = "default".parse()?;
    let started = Instant::now();
    let turn = tessera::search::choose_turn(game, &spec, ms);
    let token = game.format_turn(&turn);
    out += &format!(
        "the AI (the game's default player, {ms} ms) plays {token} after {} ms\n",
        started.elapsed().as_millis()
    );
    let mut after = session.clone();
    after.play_turn(&token).map_err(|e| e.to_string())?;
    out += &format!("position after it: {}\n", after.game().state_json());
    if let Some(result) = after.game().result_text() {
        out += &format!("result: {result}\n");
    }
    Ok(out)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let session = match args.first() {
        Some(path) => Record::load(Path::new(path))
            .map(|(_, session)| session)
            .map_err(|e| e.to_string()),
        None => built_in().map_err(|e| e.to_string()),
    };
    let ms = match args.get(1).map(|a| a.parse::<u64>()) {
        None => Ok(1000),
        Some(Ok(ms)) => Ok(ms),
        Some(Err(_)) => Err(format!("'{}' is not a number of milliseconds", args[1])),
    };
    match session.and_then(|s| Ok((s, ms?))) {
        Ok((session, ms)) => match report(&session, ms) {
            Ok(text) => print!("{text}"),
            Err(e) => {
                eprintln!("library example: {e}");
                std::process::exit(1);
            }
        },
        Err(e) => {
            eprintln!("library example: {e}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_game_gets_an_ai_turn() {
        let text = report(&built_in().unwrap(), 50).unwrap();
        assert!(
            text.starts_with("Linage on a board of side 5, 4 turns played\n"),
            "{text}"
        );
        assert!(
            text.contains("vertical to move; 24 legal next steps"),
            "{text}"
        );
        assert!(
            text.contains("the AI (the game's default player, 50 ms) plays "),
            "{text}"
        );
        assert!(text.contains("position after it: {"), "{text}");
    }

    #[test]
    fn a_record_loads_and_a_bad_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("tessera-example-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.toml");
        let session = built_in().unwrap();
        let record = Record::from_session(
            &session,
            tessera::record::Players::default(),
            tessera::record::utc_now(),
        );
        record.save(&path).unwrap();
        let (_, loaded) = Record::load(&path).unwrap();
        assert_eq!(loaded.tokens(), session.tokens());
        std::fs::write(&path, "game = \"linage\"\n").unwrap();
        assert!(Record::load(&path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
