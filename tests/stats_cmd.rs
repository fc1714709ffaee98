//! `tessera stats` and `tessera komi` run end to end with tiny settings (a few fast games on
//! the smallest boards): the report's figures hang together, the komi sweep prints its points.

use serde_json::Value;

mod common;
use common::tessera;

const TINY: [&str; 14] = [
    "--games",
    "3",
    "--ms",
    "5",
    "--jobs",
    "2",
    "--ladder-games",
    "2",
    "--ladder-ms",
    "5,10",
    "--bench-secs",
    "0.1",
    "--depth",
    "2",
];

/// `tessera stats GAME --size SIZE --json` with the tiny settings: the report as JSON, and
/// stderr (the progress lines).
fn tiny_json_report(game: &str, size: &str) -> (Value, String) {
    let mut args = vec!["stats", game, "--size", size, "--json"];
    args.extend(TINY);
    let (ok, out, err) = tessera(&args);
    assert!(ok, "{err}");
    let r = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    (r, err)
}

#[test]
fn stats_json_report_hangs_together() {
    let (r, err) = tiny_json_report("linage", "5");
    let f = &r["figures"];
    assert_eq!(f["games"], 3);
    let p = f["first_win"]["p"].as_f64().unwrap();
    let (lo, hi) = (
        f["first_win"]["lo"].as_f64().unwrap(),
        f["first_win"]["hi"].as_f64().unwrap(),
    );
    assert!(lo <= p && p <= hi, "{f}");
    // Every Linage game ends with two passes, and 5x5 has 25 points.
    assert!(f["plies"][0].as_f64().unwrap() >= 2.0);
    let b = f["branching"].as_f64().unwrap();
    assert!(b > 1.0 && b <= 26.0, "{b}");
    assert_eq!(r["reach"]["exact"][0], 1);
    assert_eq!(r["reach"]["exact"][1], 26);
    assert_eq!(r["reach"]["exact"].as_array().unwrap().len(), 3);
    assert!(r["playouts_per_sec"].as_f64().unwrap() > 0.0);
    // Only Keil has a second playout policy (the seed reference's).
    assert!(r["seed_policy_playouts_per_sec"].is_null(), "{r}");
    let ladder = r["ladder"].as_array().unwrap();
    assert_eq!(ladder.len(), 1);
    assert_eq!(
        (ladder[0]["strong_ms"].clone(), ladder[0]["weak_ms"].clone()),
        (10.into(), 5.into())
    );
    let l = &ladder[0];
    let games =
        l["wins"].as_u64().unwrap() + l["draws"].as_u64().unwrap() + l["losses"].as_u64().unwrap();
    assert_eq!(games, 2);
    assert!(err.contains("3/3 games"), "progress on stderr: {err}");
}

#[test]
fn stats_text_report_of_a_hex_game() {
    let mut args = vec!["stats", "wunchunk", "--size", "3"];
    args.extend(TINY);
    let (ok, out, err) = tessera(&args);
    assert!(ok, "{err}");
    for needle in [
        "first player win %",
        "branching factor by ply",
        "positions reachable",
        "strength by thinking time",
        "random playouts/s",
    ] {
        assert!(out.contains(needle), "{needle} missing:\n{out}");
    }
    // Wunchunk opens with the pie rule, not a komi bid.
    assert!(!out.contains("komi bid"), "{out}");
}

#[test]
fn keils_report_measures_playouts_the_seeds_way_too() {
    let (r, _) = tiny_json_report("keil", "3");
    // Drawing passes among the legal steps ends random games far sooner than passing only
    // when no placement is legal, so many more of them finish in the same time.
    let ours = r["playouts_per_sec"].as_f64().unwrap();
    let uniform = r["seed_policy_playouts_per_sec"].as_f64().unwrap();
    assert!(ours > 0.0 && uniform > ours, "{ours} {uniform}");
    // The text names the second policy's row.
    let mut args = vec!["stats", "keil", "--size", "3"];
    args.extend(TINY);
    let (ok, out, err) = tessera(&args);
    assert!(ok && out.contains("uniform incl. pass"), "{out}\n{err}");
}

#[test]
fn stats_refuses_bad_settings() {
    let (ok, _, err) = tessera(&["stats", "iris", "--games", "0"]);
    assert!(!ok && err.contains("--games"), "{err}");
    let (ok, _, err) = tessera(&["stats", "iris", "--ladder-ms", "30,10", "--games", "1"]);
    assert!(!ok && err.contains("increasing"), "{err}");
    let (ok, _, err) = tessera(&["stats", "linage", "--size", "4"]);
    assert!(!ok && err.contains("size"), "{err}");
}

#[test]
fn komi_sweeps_pool_into_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("komi.toml");
    let table_arg = table.to_str().unwrap();
    let sweep = |more: &[&str]| {
        let mut args = vec![
            "komi", "linage", "--size", "7", "--games", "2", "--ms", "5", "--jobs", "2", "--table",
            table_arg,
        ];
        args.extend_from_slice(more);
        tessera(&args)
    };
    let (ok, out, err) = sweep(&["--dry-run"]);
    let tried = out.lines().filter(|l| l.starts_with("komi ")).count();
    assert!(ok && tried >= 5, "{out}\n{err}");
    // Bracketed or not, the verdict and the default are named; a dry run writes nothing.
    assert!(
        out.contains("fair agreed komi") && out.contains("slope z"),
        "{out}"
    );
    assert!(!table.exists());
    let (ok, out, err) = sweep(&[]);
    assert!(ok && out.contains("a new entry"), "{out}\n{err}");
    let text = std::fs::read_to_string(&table).unwrap();
    assert!(
        text.contains("player = \"default:") && text.contains("counts = ["),
        "{text}"
    );
    // The same player again: added to the stored games.
    let (ok, out, err) = sweep(&[]);
    assert!(
        ok && out.contains("pooled: ") && out.contains("new games added to the"),
        "{out}\n{err}"
    );
    // `--values`: only the named komi, its games added to the stored ones at that komi.
    // A count's field at one komi in the table (0 when absent).
    let field_at = |komi: f64, field: &str| -> i64 {
        let text = std::fs::read_to_string(&table).unwrap();
        let doc: toml::Table = toml::from_str(&text).unwrap();
        doc["linage"]["7"]["counts"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["komi"].as_float() == Some(komi))
            .filter_map(|c| c.get(field).map(|v| v.as_integer().unwrap()))
            .sum()
    };
    let games_at = |komi: f64| field_at(komi, "games");
    let before = (games_at(0.5), games_at(1.5));
    let (ok, out, err) = sweep(&["--values", "0.5"]);
    let tried: Vec<&str> = out.lines().filter(|l| l.starts_with("komi ")).collect();
    assert!(ok && tried[0].starts_with("komi   0.5: "), "{out}\n{err}");
    assert_eq!((games_at(0.5), games_at(1.5)), (before.0 + 2, before.1));
    let (ok, _, err) = sweep(&["--values", "1"]);
    assert!(!ok && err.contains("grid"), "{err}");
    // `--resign`: games the rule ends are counted as such at their komi (none before).
    let resigned_at = |komi: f64| field_at(komi, "resigned");
    assert_eq!(resigned_at(0.5), 0);
    let (ok, out, err) = tessera(&[
        "komi", "linage", "--size", "7", "--games", "4", "--ms", "5", "--jobs", "2", "--table",
        table_arg, "--values", "0.5", "--resign",
    ]);
    assert!(ok, "{out}\n{err}");
    let game_lines: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    let ended = game_lines
        .iter()
        .filter(|l| l.contains("; resigned at 95 % x4 after "))
        .count();
    assert_eq!(game_lines.len(), 4, "{out}");
    assert_eq!(resigned_at(0.5), ended as i64, "{out}");
    assert_eq!(games_at(0.5), before.0 + 6);
    let (ok, _, err) = sweep(&["--resign", "--refit"]);
    assert!(!ok && err.contains("--refit"), "{err}");
    let (ok, out, err) = tessera(&[
        "komi", "linage", "--size", "7", "--refit", "--table", table_arg,
    ]);
    assert!(ok && out.contains("fair komi"), "{out}\n{err}");
    let (ok, _, err) = tessera(&[
        "komi", "linage", "--size", "8", "--refit", "--table", table_arg,
    ]);
    assert!(!ok && err.contains("no entry"), "{err}");
    // Linage 5x5 and 6x6 are solved (data/komi.toml): no self-play replaces them.
    for size in ["5", "6"] {
        let (ok, _, err) = tessera(&["komi", "linage", "--size", size, "--table", table_arg]);
        assert!(!ok && err.contains("solved exactly"), "{err}");
    }
    let (ok, _, err) = tessera(&["komi", "iris"]);
    assert!(!ok && err.contains("no komi"), "{err}");
}

#[test]
fn a_stopped_sweep_keeps_the_games_it_finished() {
    // A long sweep killed (SIGKILL: no chance to clean up) once some games are in the table:
    // every game is written as it ends, so the table holds them, and it is whole.
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("komi.toml");
    /// Kills the sweep however the test ends (a failed assertion too).
    struct Sweep(std::process::Child);
    impl Drop for Sweep {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut sweep = Sweep(
        std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
            .args([
                "komi", "linage", "--size", "7", "--values", "0.5", "--games", "100000",
            ])
            .args([
                "--ms",
                "5",
                "--jobs",
                "1",
                "--table",
                table.to_str().unwrap(),
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the tessera binary runs"),
    );
    let games = || -> Option<i64> {
        let text = std::fs::read_to_string(&table).ok()?;
        let doc: toml::Table = toml::from_str(&text).expect("the table is always whole");
        doc["linage"]["7"]["counts"].as_array()?[0]["games"].as_integer()
    };
    // A guard against a hang, not a timing: the first game takes well under a second.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    while games().is_none_or(|n| n < 2) {
        assert!(
            std::time::Instant::now() < deadline,
            "no game written while the sweep runs"
        );
        assert!(
            sweep.0.try_wait().unwrap().is_none(),
            "the sweep ended early"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    drop(sweep);
    let kept = games().expect("the games written stay");
    assert!((2..100_000).contains(&kept), "{kept}");
    let text = std::fs::read_to_string(&table).unwrap();
    assert!(
        text.contains("player = \"default:ms=5,threads=1\""),
        "{text}"
    );
}
