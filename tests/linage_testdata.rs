//! Replays every recorded Linage game of `../shared/testdata/linage.jsonl` (another program's
//! random games) and checks, at every position, the legal placements, the three point totals
//! and the region list against the record.

#[path = "common/testdata.rs"]
mod common_testdata;
use common_testdata::testdata;
use serde_json::Value;
use std::collections::BTreeSet;
use tessera::games::Describe;
use tessera::games::{AnyGame, Game, GameKind, GameOptions, Protocol, Step};

/// Checks one recorded position against the game; the message names the game and ply.
fn check_position(game: &AnyGame, rec: &Value, at: &str) {
    let geo = game.geometry();
    let mut steps = Vec::new();
    game.legal_steps(&mut steps);
    // The record lists placements only (column by column); compare as sets of point names.
    let ours: BTreeSet<String> = steps
        .iter()
        .filter(|s| s.is_place())
        .map(|s| geo.name(s.cell().unwrap()))
        .collect();
    let theirs: BTreeSet<String> = rec["legal"]
        .as_array()
        .expect("legal is a list")
        .iter()
        .map(|v| v.as_str().expect("cell name").to_string())
        .collect();
    assert_eq!(
        ours,
        theirs,
        "{at}: legal placements differ (only ours: {:?}, only theirs: {:?})",
        ours.difference(&theirs).collect::<Vec<_>>(),
        theirs.difference(&ours).collect::<Vec<_>>()
    );
    let state = game.state_json();
    for key in [
        "vertical_points",
        "horizontal_points",
        "free_points",
        "regions",
    ] {
        assert_eq!(state[key], rec[key], "{at}: {key} differs");
    }
}

#[test]
fn replays_every_recorded_game() {
    let Some(path) = testdata("linage.jsonl") else {
        return;
    };
    let text = std::fs::read_to_string(&path).expect("readable test data");
    let mut games = 0;
    let mut positions = 0;
    for (line_no, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let rec: Value = serde_json::from_str(line).expect("valid JSON line");
        assert_eq!(rec["game"], "linage");
        let size = rec["size"].as_u64().expect("size") as usize;
        // Recorded games start straight with placements: komi agreed beforehand.
        let options = GameOptions {
            size,
            protocol: Protocol::Agreed,
            komi_half: 1,
            ..GameOptions::defaults(GameKind::Linage)
        };
        let mut game = AnyGame::new(GameKind::Linage, &options).expect("valid options");
        let moves = rec["moves"].as_array().expect("moves");
        let steps = rec["steps"].as_array().expect("steps");
        assert_eq!(steps.len(), moves.len() + 1, "line {}", line_no + 1);
        for (ply, rec_step) in steps.iter().enumerate() {
            assert_eq!(rec_step["ply"].as_u64(), Some(ply as u64));
            let at = format!("line {} (seed {}) ply {ply}", line_no + 1, rec["seed"]);
            check_position(&game, rec_step, &at);
            positions += 1;
            if let Some(mv) = moves.get(ply) {
                let token = mv.as_str().expect("move token");
                let step = game.parse_step(token).expect("parsable move");
                assert!(matches!(step, Step::Place { .. }), "{at}: {token}");
                game.try_play(step)
                    .unwrap_or_else(|e| panic!("{at}: recorded move {token} refused: {e}"));
            }
        }
        games += 1;
    }
    assert!(games > 0, "no games in {}", path.display());
    println!("replayed {games} games, {positions} positions");
}
