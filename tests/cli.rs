//! The `tessera` command line: help, and `bench` through the real binary.

use std::process::Command;
use tessera::games::{AnyGame, GameKind, GameOptions};

fn tessera(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .expect("the tessera binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

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
    let available: Vec<GameKind> = GameKind::ALL
        .into_iter()
        .filter(|&k| AnyGame::new(k, &GameOptions::defaults(k)).is_ok())
        .collect();
    let (ok, out, err) = tessera(&["bench", "--seconds", "0.01", "--size", "5"]);
    if available.is_empty() {
        assert!(!ok);
        assert!(err.contains("no game is in this build"), "{err}");
    } else {
        assert!(ok, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0].split_whitespace().collect::<Vec<_>>(),
            ["game", "size", "playouts/s", "plies", "ns/ply"]
        );
        // One row per game; Keil has a second with the seed reference's policy.
        let labels: Vec<&str> = available
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
    }
    let (ok, _, err) = tessera(&["bench", "chess"]);
    assert!(!ok);
    assert!(err.contains("unknown game 'chess'"), "{err}");
    let (ok, _, err) = tessera(&["bench", "--seconds", "0"]);
    assert!(!ok);
    assert!(
        err.contains("--seconds") || err.contains("no game"),
        "{err}"
    );
}
