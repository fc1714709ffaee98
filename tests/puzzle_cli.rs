//! `tessera solve` and `tessera puzzles verify` through the real binary.

use std::path::PathBuf;

mod common;
use common::tessera;

/// A fresh scratch directory for one test.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-puzzle-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Linage 5×5 record whose last position is a win in 5 for Vertical (b3 only).
const RECORD: &str = r#"game = "linage"
started = 2025-01-01T00:00:00Z
turns = ["e2", "a1", "b1", "b5", "e1", "d1", "a2", "d3", "b2", "e3", "d2", "b4", "d4", "e4"]

[options]
size = 5
komi = 0.5
"#;

#[test]
fn solve_json_answers_as_the_issue_defines() {
    let dir = scratch("json");
    let file = dir.join("p.toml");
    std::fs::write(&file, RECORD).unwrap();
    let (ok, out, err) = tessera(&["solve", file.to_str().unwrap(), "--json"]);
    assert!(ok, "{err}");
    assert_eq!(out.lines().count(), 1, "one line: {out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "main_line",
            "ms",
            "nodes",
            "to_move",
            "win_in",
            "winning_turns"
        ]
    );
    assert_eq!(v["to_move"], "vertical");
    assert_eq!(v["win_in"], 5);
    assert_eq!(v["winning_turns"], serde_json::json!(["b3"]));
    assert_eq!(
        v["main_line"],
        serde_json::json!(["b3", "c1", "e5", "pass", "pass"])
    );
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["ms"].is_u64());
    // Not within 3 plies: null and empty lists.
    let (ok, out, _) = tessera(&[
        "solve",
        file.to_str().unwrap(),
        "--json",
        "--max-plies",
        "3",
    ]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["win_in"].is_null());
    assert_eq!(v["winning_turns"], serde_json::json!([]));
    assert_eq!(v["main_line"], serde_json::json!([]));
    // Readable by default.
    let (ok, out, _) = tessera(&["solve", file.to_str().unwrap()]);
    assert!(ok);
    assert!(out.contains("Vertical wins in 5 plies."), "{out}");
    assert!(out.contains("Winning first turn: b3"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_refuses_bad_files_with_a_reason() {
    let dir = scratch("bad");
    let missing = dir.join("missing.toml");
    let (ok, _, err) = tessera(&["solve", missing.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("cannot read"), "{err}");
    let broken = dir.join("broken.toml");
    std::fs::write(&broken, "game = \"linage\"\nturns = [\n").unwrap();
    let (ok, _, err) = tessera(&["solve", broken.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("line"), "{err}");
    let illegal = dir.join("illegal.toml");
    std::fs::write(&illegal, RECORD.replace("\"d1\"", "\"e2\"")).unwrap();
    let (ok, _, err) = tessera(&["solve", illegal.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("turn 6 'e2'"), "{err}");
    let bid = dir.join("bid.toml");
    std::fs::write(
        &bid,
        "game = \"linage\"\nstarted = 2025-01-01T00:00:00Z\nturns = [\"komi=2\"]\n\n[options]\nsize = 5\nprotocol = \"bid\"\n",
    )
    .unwrap();
    let (ok, _, err) = tessera(&["solve", bid.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("komi bid"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn verify_reports_each_failing_puzzle_by_id_and_checks_the_rest() {
    let dir = scratch("verify");
    let file = dir.join("set.toml");
    let good = include_str!("data/linage-5x5-puzzle.toml");
    let text = format!(
        "{good}{}\n[[puzzle]]\nid = \"broken\"\ngame = \"linage\"\n",
        good.replace("linage-0001", "linage-0002")
            .replace("win_in = 5", "win_in = 7")
    );
    std::fs::write(&file, text).unwrap();
    let (ok, out, err) = tessera(&["puzzles", "verify", file.to_str().unwrap()]);
    assert!(!ok, "{out}");
    assert!(err.contains("2 of 3 puzzles failed"), "{err}");
    assert!(
        out.contains("linage-0002: vertical to win in 5 already"),
        "{out}"
    );
    assert!(out.contains("broken: cannot be read"), "{out}");
    assert!(!out.contains("linage-0001:"), "{out}");
    assert!(out.contains("3 puzzles, 1 verified, 2 failed"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
