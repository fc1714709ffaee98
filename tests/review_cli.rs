//! `tessera analyze` through the real binary: a deterministic review (one thread, an
//! iteration limit, a fixed seed) of a short record of each game, every mark recomputed from
//! its `--json` row by the documented classes, and the record's bytes left alone without
//! `--write`.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tessera::games::{Game, GameKind, GameOptions};
use tessera::search::{Engine, Limits};
use tessera::session::Session;

mod common;
use common::tessera;

/// The documented classes: 10/20/30 points of win rate; 3/6/12 points of score in Keil and
/// Linage, 6/12/24 in Carteso (written out here, not taken from the code under test).
fn mark_of(kind: GameKind, win_rate_lost: f64, points_lost: Option<f64>) -> Option<&'static str> {
    let class = |v: f64, limits: [f64; 3]| limits.iter().rposition(|&l| v >= l - 1e-9);
    let points = match kind {
        GameKind::Carteso => [6.0, 12.0, 24.0],
        _ => [3.0, 6.0, 12.0],
    };
    let by_rate = class(win_rate_lost, [0.1, 0.2, 0.3]);
    let by_points = points_lost.and_then(|p| class(p, points));
    by_rate
        .max(by_points)
        .map(|i| ["inaccuracy", "mistake", "blunder"][i])
}

/// A record of the first `turns` turns of a game the engine plays with itself on a small
/// board (the bid included where the game has one).
fn short_record(kind: GameKind, turns: usize) -> String {
    let mut o = GameOptions::defaults(kind);
    o.size = *kind.sizes().start() + 1;
    let mut s = Session::new(kind, o.clone()).unwrap();
    let mut engine = Engine::new("mcts:iters=60,threads=1,seed=5".parse().unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    while s.turns().len() < turns && !s.game().is_over() {
        let g = s.game().clone();
        for step in engine.play_turn(&g, Limits::iters(60), stop.clone(), None) {
            s.play_step(step).unwrap();
        }
    }
    let tokens: Vec<String> = s.tokens().iter().map(|t| format!("\"{t}\"")).collect();
    format!(
        "game = \"{}\"\nstarted = 2026-11-22T19:00:00Z\nturns = [{}]\n\n[options]\nsize = {}\n",
        kind.name(),
        tokens.join(", "),
        o.size
    )
}

#[test]
fn every_mark_follows_from_its_row_and_the_file_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let engine = "mcts:iters=50,threads=1,seed=3";
    for kind in GameKind::ALL {
        let path = dir.path().join(format!("{}.toml", kind.name()));
        std::fs::write(&path, short_record(kind, 8)).unwrap();
        let file = path.to_str().unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let (ok, out, err) = tessera(&["analyze", file, "--engine", engine, "--json"]);
        assert!(ok, "{kind:?}: {err}");
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{kind:?}: no --write");
        let (ok, again, _) = tessera(&["analyze", file, "--engine", engine, "--json"]);
        assert!(ok);
        assert_eq!(
            again, out,
            "{kind:?}: the same settings give the same review"
        );
        let rows: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
            .collect();
        assert_eq!(rows.len(), 8, "{kind:?}: {out}");
        let has_points = !matches!(kind, GameKind::Iris | GameKind::Wunchunk);
        for (line, r) in out.lines().zip(&rows) {
            // Numbers to 3 decimals at most.
            for number in line
                .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
                .filter(|t| t.contains('.') && t.parse::<f64>().is_ok())
            {
                let decimals = number.split('.').nth(1).unwrap_or("").len();
                assert!(decimals <= 3, "{kind:?}: {number} in {line}");
            }
            if let Some(bid) = r["bid"].as_str() {
                assert!(
                    bid.starts_with("komi set to ") || bid.starts_with("took "),
                    "{line}"
                );
                assert!(r["mover"].is_null() && r["judgement"].is_null(), "{line}");
                assert!(r.get("win_rate_lost").is_none(), "{line}");
                continue;
            }
            let lost = r["win_rate_lost"].as_f64().expect("every turn is judged");
            assert!((0.0..=1.0).contains(&lost), "{line}");
            assert!(r["win_rate"].as_f64().is_some(), "{line}");
            let points = r["points_lost"].as_f64();
            assert_eq!(points.is_some(), has_points, "{kind:?}: {line}");
            assert!(points.is_none_or(|p| p >= 0.0), "{line}");
            assert_eq!(
                r["judgement"].as_str(),
                mark_of(kind, lost, points),
                "{kind:?}: the mark is the class of its row: {line}"
            );
            if r["best"] == r["played"] {
                assert_eq!(lost, 0.0, "{line}");
                assert!(points.is_none_or(|p| p == 0.0), "{line}");
                assert!(r["judgement"].is_null(), "{line}");
            }
        }
        if matches!(kind, GameKind::Linage | GameKind::Carteso) {
            assert!(
                rows[0]["bid"]
                    .as_str()
                    .is_some_and(|b| b.starts_with("komi set to")),
                "{}",
                rows[0]
            );
            assert!(
                rows[1]["bid"]
                    .as_str()
                    .is_some_and(|b| b.starts_with("took ")),
                "{}",
                rows[1]
            );
        }
    }
}

#[test]
fn write_stores_the_review_and_stored_reads_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("linage.toml");
    std::fs::write(&path, short_record(GameKind::Linage, 6)).unwrap();
    let file = path.to_str().unwrap();
    let engine = "mcts:iters=50,threads=1,seed=3";
    let (ok, table, err) = tessera(&["analyze", file, "--engine", engine]);
    assert!(ok, "{err}");
    assert!(
        table.contains("komi set to") && table.contains("took "),
        "{table}"
    );
    assert!(table.lines().next().unwrap().contains("lost"), "{table}");
    let (ok, out, err) = tessera(&["analyze", file, "--engine", engine, "--json", "--write"]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("[analysis]") && text.contains("win_rate_lost"),
        "{text}"
    );
    let bytes = std::fs::read(&path).unwrap();
    let (ok, again, err) = tessera(&["analyze", file, "--json", "--stored"]);
    assert!(ok, "{err}");
    assert!(!err.contains("analysing"), "no thinking: {err}");
    assert_eq!(again, out);
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}
