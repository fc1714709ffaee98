//! The `tessera` command line: help, and `bench` through the real binary.

use tessera::games::{AnyGame, GameKind, GameOptions};

mod common;
use common::tessera;

#[test]
fn help_lists_the_subcommands() {
    let (ok, out, _) = tessera(&["--help"]);
    assert!(ok);
    for sub in ["bench", "gtp"] {
        assert!(
            out.lines().any(|l| l.trim_start().starts_with(sub)),
            "{sub}: {out}"
        );
    }
    let (ok, out, _) = tessera(&["gtp", "--help"]);
    assert!(ok);
    assert!(out.contains("genmove") && out.contains("random"), "{out}");
    let (ok, _, err) = tessera(&["frobnicate"]);
    assert!(!ok);
    assert!(err.contains("frobnicate"), "{err}");
}

#[test]
fn bench_prints_one_line_per_game() {
    for k in GameKind::ALL {
        if let Err(e) = AnyGame::new(k, &GameOptions::defaults(k)) {
            panic!("{k} cannot start: {e}");
        }
    }
    let (ok, out, err) = tessera(&["bench", "--seconds", "0.01", "--size", "5"]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["game", "size", "playouts/s", "plies", "ns/ply"]
    );
    // One row per game; Keil has a second with the seed reference's policy.
    let labels: Vec<&str> = GameKind::ALL
        .iter()
        .flat_map(|k| match k {
            GameKind::Keil => vec![k.name(), "keil (uniform incl. pass)"],
            _ => vec![k.name()],
        })
        .collect();
    assert_eq!(lines.len(), labels.len() + 1, "{out}");
    for (line, label) in lines[1..].iter().zip(&labels) {
        let rest = line
            .strip_prefix(label)
            .unwrap_or_else(|| panic!("{line} is not the {label} row"));
        let fields: Vec<&str> = rest.split_whitespace().collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert_eq!(fields[0], "5");
        for number in &fields[1..] {
            let x: f64 = number.parse().unwrap();
            assert!(x > 0.0, "{line}");
        }
    }
    let (ok, _, err) = tessera(&["bench", "chess"]);
    assert!(!ok);
    assert!(err.contains("unknown game 'chess'"), "{err}");
    let (ok, _, err) = tessera(&["bench", "--seconds", "0"]);
    assert!(!ok);
    assert!(err.contains("--seconds"), "{err}");
}

/// Linage 6×6 where Vertical passes away a won position at turn 13 (see `src/review/tests.rs`).
const PLANTED: &str = r#"game = "linage"
started = 2026-11-22T19:00:00Z
result = "H+3.5"
turns = ["d2", "a4", "d1", "b3", "a5", "b4", "d6", "c4", "b2", "a3", "a2", "c2", "pass", "pass"]

[options]
size = 6
protocol = "agreed"
komi = 0.5
"#;

#[test]
fn analyze_prints_a_row_or_a_json_object_per_turn_and_stores_the_review() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("planted.toml");
    std::fs::write(&path, PLANTED).unwrap();
    let file = path.to_str().unwrap();
    let engine = "mcts:iters=300,threads=1,seed=1";
    let (ok, out, err) = tessera(&["analyze", file, "--engine", engine]);
    assert!(ok, "{err}");
    assert!(err.contains("analysing position 15/15"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("turn"), "{out}");
    assert!(
        lines[13].contains("13  vertical") && lines[13].contains("pass"),
        "{out}"
    );
    assert!(
        out.contains("Vertical: ") && out.contains("Horizontal: "),
        "{out}"
    );

    let (ok, out, err) = tessera(&["analyze", file, "--engine", engine, "--json", "--write"]);
    assert!(ok, "{err}");
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(rows.len(), 14);
    assert_eq!(rows[12]["turn"], 13);
    assert_eq!(rows[12]["mover"], "vertical");
    assert_eq!(rows[12]["played"], "pass");
    for key in [
        "win_rate",
        "win_rate_lost",
        "points_lost",
        "margin",
        "best",
        "judgement",
    ] {
        assert!(rows[0].get(key).is_some(), "{key}: {}", rows[0]);
    }
    // Stored: the record now has its [analysis], and --stored reads it back without thinking.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("[analysis]") && text.contains(engine),
        "{text}"
    );
    let (ok, again, err) = tessera(&["analyze", file, "--json", "--stored"]);
    assert!(ok, "{err}");
    assert!(!err.contains("analysing"), "{err}");
    assert_eq!(again, out);

    let (ok, _, err) = tessera(&["analyze", "/nonexistent/x.toml"]);
    assert!(!ok);
    assert!(err.contains("x.toml"), "{err}");
}
