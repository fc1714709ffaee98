//! Fuzz-style checks of `tessera gtp`: seeded mixes of valid and broken command lines (wrong
//! arguments, garbage, NUL and non-UTF-8 bytes, CR LF, invisible characters, over-long lines)
//! thrown at a session, checking after every line that
//! - exactly one response comes for a line with a command, none for an empty or comment line,
//!   each well-formed (`=`/`?`, optional id, a space, text, an empty line);
//! - a `?` answer, and any answer to a command that only reads, leaves the state unchanged
//!   (`tessera-state` and `tessera-legal` identical);
//! - a successful `undo` restores exactly the position at the start of the turn it takes back.
//!
//! The default test drives the session in-process ([`Gtp::serve`]) for a bounded number of lines.
//! The ignored one drives the real binary for as many lines as `TESSERA_FUZZ_LINES` says
//! (default 510,000), with 1 MB lines; see `tools/fuzz/README.md`.

#[path = "gtp_fuzz/gen.rs"]
mod gen;

use gen::{command_of, expects_answer, read_only, restarts, Gen, View};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use tessera::gtp::{Gtp, MAX_LINE};

/// What is compared before and after a line: `tessera-state` and `tessera-legal`.
#[derive(Clone, Debug, PartialEq)]
struct Snap {
    state: String,
    legal: String,
}

impl Snap {
    fn turn(&self) -> u64 {
        let v: serde_json::Value = serde_json::from_str(&self.state).expect("state is JSON");
        v["turn"].as_u64().expect("turn is a number")
    }

    fn to_move(&self) -> String {
        let v: serde_json::Value = serde_json::from_str(&self.state).expect("state is JSON");
        v["to_move"].as_str().unwrap_or("black").to_string()
    }
}

/// Something that speaks GTP: the session in-process, or the binary through pipes.
trait Endpoint {
    /// Sends one line; returns the responses it caused (each without its closing empty line),
    /// or `None` when the line ended the session (`quit`).
    fn send(&mut self, line: &[u8]) -> Option<Vec<String>>;
    /// The current state.
    fn snap(&mut self) -> Snap;
}

/// Splits output into responses, checking that each ends with exactly one empty line.
fn split_responses(out: &str) -> Vec<String> {
    assert!(out.is_empty() || out.ends_with("\n\n"), "{out:?}");
    out.split_terminator("\n\n").map(str::to_string).collect()
}

struct InProcess(Gtp);

impl Endpoint for InProcess {
    fn send(&mut self, line: &[u8]) -> Option<Vec<String>> {
        let mut out = Vec::new();
        self.0.serve(line, &mut out).unwrap();
        Some(split_responses(&String::from_utf8(out).unwrap()))
    }

    fn snap(&mut self) -> Snap {
        Snap {
            state: self.0.execute("tessera-state", &[]).unwrap(),
            legal: self.0.execute("tessera-legal", &[]).unwrap(),
        }
    }
}

/// Tally of a run.
#[derive(Debug, Default)]
struct Tally {
    lines: usize,
    ok: usize,
    refused: usize,
    silent: usize,
    too_long: usize,
    undos_checked: usize,
    quits: usize,
}

/// Throws `lines` generated lines at `endpoint`, checking the invariants after each.
fn run(endpoint: &mut dyn Endpoint, gen: &mut Gen, lines: usize) -> Tally {
    let mut tally = Tally::default();
    let mut before = endpoint.snap();
    // The position at the start of each turn of the current game, by turn number.
    let mut starts = vec![before.clone()];
    for _ in 0..lines {
        let legal: Vec<String> = before.legal.split(' ').map(str::to_string).collect();
        let to_move = before.to_move();
        let line = gen.line(&View {
            legal: &legal,
            to_move: &to_move,
        });
        let shown = String::from_utf8_lossy(&line[..line.len().min(200)]).into_owned();
        tally.lines += 1;
        let Some(responses) = endpoint.send(&line) else {
            // The session ended: only `quit` may do that, and a new one starts fresh.
            assert_eq!(command_of(&line).as_deref(), Some("quit"), "{shown:?}");
            tally.quits += 1;
            before = endpoint.snap();
            starts = vec![before.clone()];
            continue;
        };
        let expected = usize::from(expects_answer(&line, MAX_LINE));
        assert_eq!(responses.len(), expected, "{shown:?} gave {responses:?}");
        let after = endpoint.snap();
        let Some(response) = responses.first() else {
            tally.silent += 1;
            assert_eq!(after, before, "{shown:?}");
            continue;
        };
        let (mark, rest) = response.split_at(1);
        let id_len = rest.bytes().take_while(u8::is_ascii_digit).count();
        assert_eq!(
            &rest[id_len..id_len + 1],
            " ",
            "{shown:?} gave {response:?}"
        );
        assert!(response.len() < 100_000, "{shown:?}: a long response");
        let too_long = line.len() > MAX_LINE + 2;
        if too_long {
            tally.too_long += 1;
            assert!(
                rest[id_len + 1..].starts_with("line too long"),
                "{response:?}"
            );
        }
        let command = if too_long { None } else { command_of(&line) };
        match mark {
            "?" => {
                tally.refused += 1;
                assert_eq!(after, before, "{shown:?} was refused but changed the state");
            }
            "=" => tally.ok += 1,
            _ => panic!("{shown:?} gave a malformed response {response:?}"),
        }
        let command = command.unwrap_or_default();
        if read_only(&command) {
            assert_eq!(after, before, "{shown:?} only reads but changed the state");
        }
        if after == before {
            // Nothing to follow (an ignored `komi`, a restart into the same position).
        } else if restarts(&command) {
            assert_eq!(after.turn(), 0, "{shown:?}");
            starts = vec![after.clone()];
        } else if command == "undo" {
            let t = after.turn() as usize;
            assert_eq!(
                after, starts[t],
                "{shown:?} did not restore the turn's start"
            );
            starts.truncate(t + 1);
            tally.undos_checked += 1;
        } else if after.turn() == before.turn() + 1 {
            starts.truncate(after.turn() as usize);
            assert_eq!(starts.len(), after.turn() as usize, "{shown:?}");
            starts.push(after.clone());
        } else {
            // Only a step may change the position within a turn.
            assert_eq!(after.turn(), before.turn(), "{shown:?}");
            assert_eq!(command, "tessera-step", "{shown:?} changed the state");
        }
        before = after;
    }
    tally
}

#[test]
fn mixed_lines_keep_the_protocol_and_the_state() {
    let mut total = Tally::default();
    for seed in 1..=4 {
        let mut gtp = InProcess(Gtp::new(Some(seed)));
        let mut gen = Gen::new(seed, MAX_LINE + 1 + seed as usize * 1000);
        let t = run(&mut gtp, &mut gen, 4000);
        total.lines += t.lines;
        total.ok += t.ok;
        total.refused += t.refused;
        total.too_long += t.too_long;
        total.undos_checked += t.undos_checked;
    }
    eprintln!("{total:?}");
    // The mix exercises every branch of the checks.
    assert!(total.ok > 1000 && total.refused > 1000, "{total:?}");
    assert!(
        total.undos_checked > 100 && total.too_long > 20,
        "{total:?}"
    );
}

/// The binary in a pipe; each line is followed by a sentinel command so that the responses to
/// the line (zero or one) can be counted.
struct Binary {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    seed: u64,
}

const SENTINEL: &str = "987654321";

impl Binary {
    fn start(seed: u64) -> Binary {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
            .args(["gtp", "--player", "random", "--seed", &seed.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the tessera binary runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Binary {
            child,
            stdin,
            stdout,
            seed,
        }
    }

    /// One response, or `None` at the end of output.
    fn response(&mut self) -> Option<String> {
        let mut text = String::new();
        loop {
            let mut l = String::new();
            if self.stdout.read_line(&mut l).unwrap() == 0 {
                assert!(text.is_empty(), "output ended inside a response: {text:?}");
                return None;
            }
            if l == "\n" {
                return Some(text);
            }
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(l.trim_end_matches('\n'));
        }
    }

    fn restart(&mut self) {
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status:?}");
        self.seed += 1000;
        *self = Binary::start(self.seed);
    }
}

impl Endpoint for Binary {
    fn send(&mut self, line: &[u8]) -> Option<Vec<String>> {
        let sent = self
            .stdin
            .write_all(line)
            .and_then(|()| writeln!(self.stdin, "{SENTINEL} name"))
            .and_then(|()| self.stdin.flush());
        let mut responses = Vec::new();
        loop {
            match self.response() {
                None => {
                    assert!(responses.len() <= 1, "{responses:?}");
                    self.restart();
                    return None;
                }
                Some(r) if r == format!("={SENTINEL} tessera") => {
                    sent.expect("the engine reads its input");
                    return Some(responses);
                }
                Some(r) => responses.push(r),
            }
        }
    }

    fn snap(&mut self) -> Snap {
        writeln!(self.stdin, "tessera-state\ntessera-legal").unwrap();
        self.stdin.flush().unwrap();
        let state = self.response().expect("a state");
        let legal = self.response().expect("a legal list");
        Snap {
            state: state
                .strip_prefix("= ")
                .expect("state answered")
                .to_string(),
            legal: legal
                .strip_prefix("= ")
                .expect("legal answered")
                .to_string(),
        }
    }
}

/// The long run against the real binary (`cargo test --release --test gtp_fuzz -- --ignored
/// --nocapture`); `TESSERA_FUZZ_LINES` lines (default 510,000), over-long lines of 1 MB.
#[test]
#[ignore = "minutes: the fuzz run of tools/fuzz/README.md"]
fn binary_fuzz_run() {
    let lines: usize = std::env::var("TESSERA_FUZZ_LINES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(510_000);
    let seeds = 10;
    let started = std::time::Instant::now();
    let mut total = Tally::default();
    for seed in 0..seeds {
        let mut bin = Binary::start(seed);
        let mut gen = Gen::new(1_000_000 + seed, 1 << 20);
        let t = run(&mut bin, &mut gen, lines / seeds as usize);
        eprintln!("seed {seed}: {t:?}");
        total.lines += t.lines;
        total.ok += t.ok;
        total.refused += t.refused;
        total.silent += t.silent;
        total.too_long += t.too_long;
        total.undos_checked += t.undos_checked;
        total.quits += t.quits;
        drop(bin.stdin);
        assert!(bin.child.wait().unwrap().success());
    }
    eprintln!(
        "binary fuzz: {total:?} in {:.0} s",
        started.elapsed().as_secs_f64()
    );
}
