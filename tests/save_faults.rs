//! Saves under faults: a process killed with SIGKILL in the middle of saving, a full disk, a
//! read-only directory. After every fault the record on disk is either the old one or the new
//! one, whole; a killed save may leave its temporary file, and the next save into that
//! directory removes it. These runs need a Unix machine and, for the disk cases, directories
//! prepared by `tools/fuzz/run.sh` (a tiny tmpfs, a read-only mount); they are ignored by
//! default.

#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tessera::record::{utc_from_unix, Players};
use tessera::{FastRng, Game, GameKind, GameOptions, Record, SearchHints, Session};

/// Two complete records of different lengths, A long (a whole Keil game on side 12) and B short.
fn versions() -> (String, String) {
    let mut rng = FastRng::seed(5);
    let mut buf = Vec::new();
    let kind = GameKind::Keil;
    let mut s = Session::new(kind, GameOptions::parse(kind, &["size=12"]).unwrap()).unwrap();
    for _ in 0..600 {
        if s.game().is_over() {
            break;
        }
        let step = s.game().random_step(&mut rng, &mut buf);
        s.play_step(step).unwrap();
    }
    let long = Record::from_session(&s, Players::default(), utc_from_unix(1_700_000_000));
    let mut short = long.clone();
    short.turns.truncate(3);
    short.result = None;
    short.in_progress.clear();
    (long.to_toml(), short.to_toml())
}

/// Our temporary files in `dir`.
fn temp_files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    v.sort();
    v
}

/// The child side of [`kill_during_saves`]: saves A and B in turn into the directory named by
/// `TESSERA_SAVE_LOOP`, says `ready` after the first save, and goes on until killed.
#[test]
#[ignore = "the child process of kill_during_saves"]
fn save_loop_child() {
    let dir = std::env::var("TESSERA_SAVE_LOOP")
        .expect("TESSERA_SAVE_LOOP is set by kill_during_saves, which runs this as its child");
    let path = PathBuf::from(dir).join("game.toml");
    let (a, b) = versions();
    let (a, b) = (
        Record::from_toml(&a).unwrap(),
        Record::from_toml(&b).unwrap(),
    );
    for i in 0u64.. {
        let r = if i % 2 == 0 { &a } else { &b };
        r.save(&path).unwrap();
        if i == 0 {
            println!("ready");
        }
    }
}

/// Kills a saving process `TESSERA_FUZZ_KILLS` times (default 900) at random moments.
#[test]
#[ignore = "a minute: the fuzz run of tools/fuzz/README.md"]
fn kill_during_saves() {
    let kills: usize = std::env::var("TESSERA_FUZZ_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(900);
    let dir = std::env::temp_dir().join(format!("tessera-kills-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.toml");
    let (a, b) = versions();
    let mut rng = FastRng::seed(3);
    let (mut left_temp, mut max_left, mut was_a, mut was_b) = (0, 0, 0, 0);
    let started = Instant::now();
    let mut previous_leftovers: Vec<String> = Vec::new();
    for _ in 0..kills {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--ignored",
                "--exact",
                "save_loop_child",
                "--nocapture",
                "-q",
            ])
            .env("TESSERA_SAVE_LOOP", &dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        while !line.starts_with("ready") {
            line.clear();
            assert!(out.read_line(&mut line).unwrap() > 0, "the child ended");
        }
        // The first save of this process has removed what the last kill left.
        for name in &previous_leftovers {
            assert!(!dir.join(name).exists(), "{name} survived the next save");
        }
        std::thread::sleep(Duration::from_micros(rng.below(20_000) as u64));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        if text == a {
            was_a += 1;
        } else if text == b {
            was_b += 1;
        } else {
            panic!("a half-written record: {} bytes", text.len());
        }
        previous_leftovers = temp_files(&dir);
        if !previous_leftovers.is_empty() {
            left_temp += 1;
            max_left = max_left.max(previous_leftovers.len());
        }
    }
    // One more save cleans the last leftovers.
    Record::from_toml(&b).unwrap().save(&path).unwrap();
    assert!(temp_files(&dir).is_empty(), "{:?}", temp_files(&dir));
    eprintln!(
        "{kills} kills in {:.0} s: record whole every time ({was_a} the long version, {was_b} \
         the short one); {left_temp} kills left a temporary file (at most {max_left} at once), \
         each removed by the next save",
        started.elapsed().as_secs_f64()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Saves on a nearly full file system (`TESSERA_FULL_DIR`, a small tmpfs of its own): each
/// either succeeds whole or fails with a message, the old record intact, no temporary file.
#[test]
#[ignore = "needs the tiny tmpfs of tools/fuzz/run.sh"]
fn full_disk() {
    let dir = std::env::var("TESSERA_FULL_DIR").expect(
        "TESSERA_FULL_DIR names a small tmpfs of its own: run tools/slow-checks.sh (as root)",
    );
    let dir = PathBuf::from(dir);
    let path = dir.join("game.toml");
    let (a, b) = versions();
    let (a, b) = (
        Record::from_toml(&a).unwrap(),
        Record::from_toml(&b).unwrap(),
    );
    b.save(&path).unwrap();
    // Fill the disk, leaving less room than the long record needs.
    let filler = dir.join("filler");
    let mut size = 0usize;
    let chunk = vec![b'x'; 1024];
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&filler).unwrap();
        while f.write_all(&chunk).and_then(|()| f.sync_all()).is_ok() {
            size += chunk.len();
        }
    }
    let (mut failed, mut saved) = (0, 0);
    let mut messages = std::collections::BTreeSet::new();
    for i in 0..200 {
        // Free a little room now and then, so that some saves fit and some do not.
        if i % 20 == 0 {
            size = size.saturating_sub(1024);
            std::fs::OpenOptions::new()
                .write(true)
                .open(&filler)
                .unwrap()
                .set_len(size as u64)
                .unwrap();
        }
        let before = std::fs::read_to_string(&path).unwrap();
        let r = if i % 2 == 0 { &a } else { &b };
        match r.save(&path) {
            Ok(()) => {
                saved += 1;
                assert_eq!(std::fs::read_to_string(&path).unwrap(), r.to_toml());
            }
            Err(e) => {
                failed += 1;
                let m = e.to_string();
                assert!(!m.contains(".tmp"), "{m}");
                messages.insert(m);
                assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
            }
        }
        assert!(temp_files(&dir).is_empty(), "{:?}", temp_files(&dir));
        Record::load(&path).unwrap();
    }
    eprintln!("full disk: {saved} saves fitted, {failed} failed cleanly: {messages:?}");
    assert!(failed > 0, "the disk was never full");
}

/// Saves into a read-only directory (`TESSERA_RO_DIR`, holding `game.toml`): refused with a
/// message, nothing changed; the record still loads.
#[test]
#[ignore = "needs the read-only mount of tools/fuzz/run.sh"]
fn read_only_directory() {
    let dir = std::env::var("TESSERA_RO_DIR")
        .expect("TESSERA_RO_DIR names a read-only mount: run tools/slow-checks.sh (as root)");
    let dir = PathBuf::from(dir);
    let path = dir.join("game.toml");
    let before = std::fs::read_to_string(&path).unwrap();
    let (record, _) = Record::load(&path).unwrap();
    let e = record.save(&path).unwrap_err().to_string();
    eprintln!("read-only: {e}");
    assert!(!e.contains(".tmp"), "{e}");
    assert!(e.contains("cannot write") && e.contains("game.toml"), "{e}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    assert!(temp_files(&dir).is_empty());
    let e = record.save(&dir.join("new.toml")).unwrap_err().to_string();
    assert!(e.contains("cannot write"), "{e}");
}
