//! `tessera gtp` notices the end of its input while thinking: a `genmove` whose player has no
//! time limit (only an iteration limit too large to reach) stops once standard input has ended
//! and answers with a legal turn.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

#[test]
fn a_think_without_a_time_limit_stops_when_stdin_closes() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["gtp", "--player", "mcts:iters=4000000000,threads=1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("tessera starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"tessera-game wunchunk\ngenmove b\n")
        .unwrap();
    drop(stdin);
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    // The first answer is tessera-game's; the second genmove's. Hours of thinking without the
    // stop; a generous minute with it.
    let mut answers = Vec::new();
    while answers.len() < 2 {
        match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(line) if line.starts_with('=') || line.starts_with('?') => answers.push(line),
            Ok(_) => {}
            Err(_) => {
                let _ = child.kill();
                panic!("no answer to genmove after the input closed: {answers:?}");
            }
        }
    }
    assert_eq!(answers[0].trim_end(), "=");
    assert!(
        answers[1].starts_with("= ") && answers[1].len() > 2,
        "{answers:?}"
    );
    let status = child.wait().unwrap();
    assert!(status.success());
}
