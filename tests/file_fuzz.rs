//! Mutated files against the loaders: game records through [`Record::load`] (the loader of
//! `tessera load`), configurations through [`config::load`] and themes through
//! [`Theme::parse`]. Each case must end (a watchdog aborts a case over 20 s), must not panic,
//! must give a message of bounded length with nothing invisible in it, and a record that loads
//! must save and load back to the same position.
//!
//! A small run is part of the default tests; the counts of `tools/fuzz/README.md` run with
//! `cargo test --release --test file_fuzz -- --ignored --nocapture` (`TESSERA_FUZZ_RECORDS`,
//! `TESSERA_FUZZ_CONFIGS` set the counts; defaults 100,000 and 40,000).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tessera::config;
use tessera::record::{utc_now, Player, Players, Puzzle};
use tessera::theme::{Theme, BUILT_IN};
use tessera::{Describe, FastRng, Game, GameKind, GameOptions, Record, SearchHints, Session};

/// Snippets the mutator splices in: TOML syntax, out-of-range values, invisible characters.
const SNIPPETS: [&str; 30] = [
    "\"",
    "[",
    "]",
    "=",
    "\n",
    "#",
    ",",
    "\r\n",
    "\t",
    "\u{feff}",
    "\u{200b}",
    "\u{0441}",
    "\0",
    " = 99",
    "\nkomi = 5000\n",
    "\nprotocol = \"bid\"\n",
    "\nsize = 0\n",
    "\nlevel = 0\n",
    "\nresult = \"W+1\"\n",
    "\nin_progress = [\"c3\"]\n",
    "\n[puzzle]\nsolution = [\"c3\", \"pass\"]\n",
    "pass",
    "swap",
    "-1",
    "1e999",
    "nan",
    "\"\"\"",
    "[[players]]",
    "{ x = 1 }",
    "2025-13-45T99:99:99Z",
];

/// Mutates `text` in 1 to 3 places.
fn mutate(rng: &mut FastRng, text: &[u8]) -> Vec<u8> {
    let mut b = text.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(b.len() + 1);
        match rng.below(9) {
            0 if !b.is_empty() => {
                let i = at.min(b.len() - 1);
                b[i] ^= 1 << rng.below(8);
            }
            1 if !b.is_empty() => {
                let i = at.min(b.len() - 1);
                b[i] = [0x00, 0xff, 0xc3, 0x80, b'"', b'9'][rng.below(6)];
            }
            2 => {
                let end = (at + 1 + rng.below(20)).min(b.len());
                b.drain(at..end);
            }
            3 => {
                let end = (at + 1 + rng.below(40)).min(b.len());
                let copy = b[at..end].to_vec();
                b.splice(at..at, copy);
            }
            4 => b.truncate(at),
            5 => {
                // Swap two lines.
                let mut lines: Vec<Vec<u8>> =
                    b.split(|&c| c == b'\n').map(<[u8]>::to_vec).collect();
                let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
                lines.swap(i, j);
                b = lines.join(&b'\n');
            }
            6 if rng.below(20) == 0 => b.splice(at..at, vec![b'a'; 100_000]).for_each(drop),
            _ => {
                let s = SNIPPETS[rng.below(SNIPPETS.len())].as_bytes().to_vec();
                b.splice(at..at, s);
            }
        }
    }
    b
}

/// Valid records of every game: fresh, mid-game, finished, with a turn in progress, a puzzle.
fn record_corpus() -> Vec<String> {
    let mut out = Vec::new();
    let mut rng = FastRng::seed(99);
    let mut buf = Vec::new();
    for kind in GameKind::ALL {
        for (steps, size) in [(0, None), (9, Some(5)), (40, None), (400, Some(5))] {
            let mut args = Vec::new();
            if let Some(s) = size {
                args.push(format!("size={}", s.max(kind.sizes().start().to_owned())));
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let mut s = Session::new(kind, GameOptions::parse(kind, &args).unwrap()).unwrap();
            for _ in 0..steps {
                if s.game().is_over() {
                    break;
                }
                let step = s.game().random_step(&mut rng, &mut buf);
                s.play_step(step).unwrap();
            }
            let players = Players {
                first: Player::human("Ann"),
                second: Player::ai("tessera", 4),
            };
            let mut r = Record::from_session(&s, players, utc_now());
            if steps == 9 && !s.game().is_over() && s.pending().is_empty() {
                let mut trial = s.clone();
                let step = trial.game().random_step(&mut rng, &mut buf);
                let token = trial.game().format_turn(&[step]);
                if trial.play_turn(&token).is_ok() {
                    r.puzzle = Some(Puzzle {
                        title: Some("t".into()),
                        goal: None,
                        solution: vec![token],
                    });
                }
            }
            out.push(r.to_toml());
        }
    }
    out
}

/// Whether a message shows only what a person can read: no control or invisible characters.
fn readable(message: &str) -> bool {
    !message.chars().any(|c| {
        (c.is_control() && c != '\n')
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
    })
}

/// What a run found.
#[derive(Debug, Default)]
struct Findings {
    cases: usize,
    accepted: usize,
    refused: usize,
    refused_without_location: usize,
    panics: usize,
    long_messages: usize,
    unreadable_messages: usize,
    round_trip_failures: usize,
    slowest_ms: u128,
    examples: Vec<String>,
}

impl Findings {
    fn note(&mut self, what: &str, text: &[u8], message: &str) {
        if self.examples.len() < 12 {
            let shown = String::from_utf8_lossy(&text[..text.len().min(300)]).into_owned();
            self.examples
                .push(format!("{what}: {message:.300} <- {shown:?}"));
        }
    }

    fn refused(&mut self, text: &[u8], message: &str, located: bool) {
        self.refused += 1;
        if !located {
            self.refused_without_location += 1;
        }
        if message.len() > 1000 {
            self.long_messages += 1;
            self.note("long message", text, message);
        }
        if !readable(message) {
            self.unreadable_messages += 1;
            self.note("unreadable message", text, message);
        }
    }

    fn failures(&self) -> usize {
        self.panics + self.long_messages + self.unreadable_messages + self.round_trip_failures
    }
}

/// Runs `case` over `count` mutations of the corpus under a watchdog; panics are counted.
fn fuzz(
    corpus: &[String],
    count: usize,
    seed: u64,
    mut case: impl FnMut(&[u8], &mut Findings),
) -> Findings {
    let started = Arc::new(AtomicU64::new(u64::MAX));
    let current = Arc::new(Mutex::new(Vec::new()));
    let epoch = Instant::now();
    let done = Arc::new(AtomicU64::new(0));
    let watchdog = {
        let (started, current, done) = (started.clone(), current.clone(), done.clone());
        std::thread::spawn(move || {
            while done.load(Ordering::Relaxed) == 0 {
                std::thread::sleep(Duration::from_millis(200));
                let s = started.load(Ordering::Relaxed);
                if s != u64::MAX && epoch.elapsed().as_millis() as u64 > s + 20_000 {
                    let text = current.lock().map(|t| t.clone()).unwrap_or_default();
                    eprintln!("HANG over 20 s on {:?}", String::from_utf8_lossy(&text));
                    std::process::abort();
                }
            }
        })
    };
    std::panic::set_hook(Box::new(|_| {}));
    let mut rng = FastRng::seed(seed);
    let mut f = Findings::default();
    for _ in 0..count {
        let pick = rng.below(corpus.len());
        let text = mutate(&mut rng, corpus[pick].as_bytes());
        *current.lock().unwrap() = text.clone();
        let t0 = Instant::now();
        started.store(epoch.elapsed().as_millis() as u64, Ordering::Relaxed);
        f.cases += 1;
        if let Err(p) = catch_unwind(AssertUnwindSafe(|| case(&text, &mut f))) {
            f.panics += 1;
            let m = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            f.note("PANIC", &text, &m);
        }
        f.slowest_ms = f.slowest_ms.max(t0.elapsed().as_millis());
    }
    let _ = std::panic::take_hook();
    done.store(1, Ordering::Relaxed);
    watchdog.join().unwrap();
    f
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-fuzz-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Loads mutated records from a file; an accepted one must save and load back unchanged.
fn record_case(path: &Path, back: &Path, text: &[u8], f: &mut Findings) {
    std::fs::write(path, text).unwrap();
    match Record::load(path) {
        Err(e) => {
            use tessera::RecordError as E;
            let located = match &e {
                E::Read { .. } | E::Write { .. } => true,
                E::Toml { at, .. }
                | E::Invalid { at, .. }
                | E::Turn { at, .. }
                | E::Step { at, .. }
                | E::Solution { at, .. } => at.is_some(),
            };
            f.refused(text, &e.to_string(), located);
        }
        Ok((record, session)) => {
            f.accepted += 1;
            let same = record.save(back).is_ok()
                && Record::load(back).is_ok_and(|(r, s)| {
                    r == record
                        && s.tokens() == session.tokens()
                        && s.game().hash() == session.game().hash()
                        && s.game().state_json() == session.game().state_json()
                });
            if !same {
                f.round_trip_failures += 1;
                f.note("round trip", text, "");
            }
        }
    }
}

fn run_records(count: usize, seed: u64) -> Findings {
    let dir = temp_dir(&format!("records-{seed}"));
    let (path, back) = (dir.join("game.toml"), dir.join("back.toml"));
    let corpus = record_corpus();
    let f = fuzz(&corpus, count, seed, |text, f| {
        record_case(&path, &back, text, f)
    });
    std::fs::remove_dir_all(&dir).unwrap();
    f
}

/// Parses mutated configurations (every tenth through a file, for the UTF-8 check) and themes.
fn run_configs(count: usize, seed: u64) -> Findings {
    let dir = temp_dir(&format!("configs-{seed}"));
    let path = dir.join("config.toml");
    let example =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("config.example.toml"))
            .unwrap();
    let mut corpus = vec![example, config::Config::default().to_toml()];
    corpus.extend(BUILT_IN.iter().map(|(_, t)| t.to_string()));
    let mut n = 0usize;
    let f = fuzz(&corpus, count, seed, |text, f| {
        n += 1;
        let is_theme = text.starts_with(b"#") && String::from_utf8_lossy(text).contains("[board]");
        if is_theme || n % 2 == 0 {
            match std::str::from_utf8(text) {
                Err(_) => f.refused += 1,
                Ok(t) => match Theme::parse(t, &Theme::default()) {
                    Ok(_) => f.accepted += 1,
                    Err(e) => f.refused(text, &e.to_string(), e.at.is_some()),
                },
            }
        } else if n % 10 == 1 {
            std::fs::write(&path, text).unwrap();
            let loaded = config::load(Some(&path));
            match loaded.problem {
                None => f.accepted += 1,
                Some(p) => f.refused(text, &p, p.contains("line ")),
            }
        } else {
            match std::str::from_utf8(text) {
                Err(_) => f.refused += 1,
                Ok(t) => match config::parse(t) {
                    Ok(_) => f.accepted += 1,
                    Err(e) => f.refused(text, &e, e.starts_with("line ")),
                },
            }
        }
    });
    std::fs::remove_dir_all(&dir).unwrap();
    f
}

fn count_from_env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn mutated_records_are_refused_with_a_reason_or_load_whole() {
    let f = run_records(600, 1);
    assert_eq!(f.failures(), 0, "{f:#?}");
    assert!(f.accepted > 30 && f.refused > 300, "{f:#?}");
}

#[test]
fn mutated_configs_and_themes_are_refused_with_a_reason() {
    let f = run_configs(600, 1);
    assert_eq!(f.failures(), 0, "{f:#?}");
    assert!(f.accepted > 30 && f.refused > 300, "{f:#?}");
}

#[test]
#[ignore = "minutes: the fuzz run of tools/fuzz/README.md"]
fn fuzz_run_records_configs_themes() {
    let t = Instant::now();
    let records = run_records(count_from_env("TESSERA_FUZZ_RECORDS", 100_000), 7);
    eprintln!(
        "records: {records:#?} in {:.0} s",
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    let configs = run_configs(count_from_env("TESSERA_FUZZ_CONFIGS", 40_000), 7);
    eprintln!(
        "configs and themes: {configs:#?} in {:.0} s",
        t.elapsed().as_secs_f64()
    );
    assert_eq!(records.failures() + configs.failures(), 0);
}
