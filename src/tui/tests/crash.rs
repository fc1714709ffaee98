//! Issue 64, item 4: a panic inside an AI job, in a thread the job spawned (as the search's
//! crash was: a network for one board run on another's input, in a search thread), reaches
//! the person as one line in the AI panel naming the log, and as the message line's account;
//! never as panic text over the screen. The log has the panic's message and its backtrace,
//! and the next AI job works.
//!
//! The panic hook is the program's ([`crate::crash::install`], once per process, for good):
//! the session runs in a child process (this test binary again, running only
//! [`ai_crash_child`]) so that the other tests keep Rust's own hook, and so that what the
//! child writes on standard error (the real program's screen) can be read.

use super::driver::{Session, SLACK};
use crate::ai::{AiStart, AiWorker, Purpose};
use crate::games::GameKind;
use ratatui::crossterm::event::KeyCode;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Where the child keeps its data (and so its log); set by the parent.
const CHILD_DIR: &str = "TESSERA_CRASH_CHILD_DIR";

/// The panic of the job's thread.
const BOOM: &str = "a network for another board";

/// The real AI, whose first turn panics in a thread of a thread the job spawned, as the
/// search's threads do (a scope whose thread panicked panics in turn, and the job passes the
/// panic on); every later job is the real search's.
fn ai_crashing_once() -> AiStart {
    Box::new(|sink| {
        let armed = Arc::new(AtomicBool::new(true));
        Box::new(AiWorker::with_job(
            sink,
            Box::new(move |req, stop, sink, cache| {
                if req.purpose == Purpose::Turn && armed.swap(false, Ordering::SeqCst) {
                    std::thread::scope(|job| {
                        let search = job.spawn(|| {
                            std::thread::scope(|threads| {
                                threads.spawn(|| panic!("{BOOM}"));
                            })
                        });
                        if let Err(p) = search.join() {
                            std::panic::resume_unwind(p);
                        }
                    });
                }
                crate::ai::think(req, stop, &sink, cache, &crate::search::levels::spec);
            }),
        ))
    })
}

/// The child side of [`an_ai_crash_is_one_line_on_screen_and_logged_with_its_backtrace`]:
/// a session whose AI crashes on its first turn, with the program's panic hook.
#[test]
#[ignore = "the child process of an_ai_crash_is_one_line_on_screen_and_logged_with_its_backtrace"]
fn ai_crash_child() {
    let dir = std::env::var(CHILD_DIR).expect(
        "TESSERA_CRASH_CHILD_DIR is set by an_ai_crash_is_one_line_on_screen_and_logged_with_its_backtrace, \
         which runs this as its child",
    );
    let log = crate::crash::log_in(std::path::Path::new(&dir));
    // As the program does; this thread plays the terminal's owner (its own failure is one
    // line on standard error, for the parent to show).
    crate::crash::install(Some(log.clone()), Some(Box::new(|| {})));
    let mut s = Session::start((100, 30), ai_crashing_once());
    s.at = "the crash".into();
    s.choose_game(GameKind::Keil, 5, 3);
    s.start_game();
    s.wait_for("the person's turn", SLACK, |t| t.contains("Enter place"));
    s.expect_failure();
    s.press(KeyCode::Enter);
    let screen = s.wait_for("the crash said in the AI panel", SLACK, |t| {
        t.contains("AI crashed: see tessera.log")
    });
    let said = screen.matches("AI crashed: see").count();
    assert_eq!(said, 1, "one line in the AI panel:\n{screen}");
    // The message line's account: the thread's own panic, not the scope's, and the log.
    let message = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        message.contains(&format!(
            "AI: the AI crashed: {BOOM} (src/tui/tests/crash.rs:"
        )),
        "{screen}"
    );
    assert!(message.contains("details in"), "{screen}");
    // The next job works: back to the person's turn (the crash is no longer said), the same
    // stone, the AI's answer.
    s.press(KeyCode::Backspace);
    s.wait_for("the take-back", SLACK, |t| t.contains("Enter place"));
    s.failure_seen(BOOM);
    s.press(KeyCode::Enter);
    let screen = s.wait_for("the AI's answer after the crash", SLACK, |t| {
        t.contains("AI played")
    });
    assert!(!screen.contains("AI crashed"), "{screen}");
    s.finish();
}

#[test]
fn an_ai_crash_is_one_line_on_screen_and_logged_with_its_backtrace() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", "tui::tests::crash::ai_crash_child"])
        .args(["--nocapture", "--test-threads", "1"])
        .env(CHILD_DIR, dir.path())
        .output()
        .expect("run the child");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let log = std::fs::read_to_string(crate::crash::log_in(dir.path())).unwrap_or_default();
    let all = format!("--- stdout ---\n{stdout}\n--- stderr ---\n{stderr}\n--- log ---\n{log}");
    assert!(out.status.success(), "the child failed\n{all}");
    assert!(stdout.contains("1 passed"), "the child ran its test\n{all}");
    // Standard error is the real program's screen: no panic may be printed there.
    assert!(
        !stderr.contains("panicked"),
        "panic text on the screen\n{all}"
    );
    // The log: the thread's panic with its place, then the scope's, each with a backtrace
    // (frames of this file's job among them).
    assert!(
        log.contains(&format!("panicked: {BOOM} (src/tui/tests/crash.rs:")),
        "{all}"
    );
    assert!(log.contains("panicked: a scoped thread panicked"), "{all}");
    assert!(log.contains("tui::tests::crash::ai_crashing_once"), "{all}");
}
