//! End to end: the real binary in a real terminal (tmux). Start a Linage game against level 1,
//! place a stone with the keys, see the AI answer, quit, and check that the shell it ran from
//! is usable again (normal screen, cooked mode, cursor shown, no mouse reporting).
//!
//! Skipped with a notice when tmux is not installed, except under CI (`CI` set), where a
//! missing tmux fails the tests (CI installs it: `.ci/run`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("run tmux");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn tmux_available() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A tmux server of our own (its own socket), killed on drop.
struct Session {
    socket: String,
    name: String,
    dir: PathBuf,
}

impl Session {
    fn start(dir: &Path) -> Session {
        let socket = format!(
            "tessera-e2e-{}-{}",
            std::process::id(),
            dir.file_name().unwrap().to_string_lossy()
        );
        let s = Session {
            socket,
            name: "e2e".into(),
            dir: dir.to_path_buf(),
        };
        let shell = if Path::new("/bin/bash").exists() {
            "/bin/bash --norc --noprofile"
        } else {
            "/bin/sh"
        };
        s.run(&[
            "new-session",
            "-d",
            "-s",
            &s.name,
            "-x",
            "100",
            "-y",
            "32",
            shell,
        ]);
        s
    }

    fn run(&self, args: &[&str]) -> String {
        let mut all = vec!["-L", &self.socket];
        all.extend_from_slice(args);
        tmux(&all)
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.name];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", &self.name])
    }

    /// Polls the screen until `pred` holds and returns it; panics with the last screen after
    /// 60 s (a loaded machine may take a while; nothing waits a fixed time). A capture can
    /// catch a frame half drawn, so the screen is returned once two captures 100 ms apart
    /// agree — or, on a screen that keeps changing (a spinner), the last capture that
    /// satisfied `pred`, 2 s after the first, or just before `pred` stopped holding.
    fn wait_for(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let t0 = Instant::now();
        let mut matched: Option<(String, Instant)> = None;
        loop {
            let s = self.screen();
            if pred(&s) {
                match &matched {
                    Some((last, _)) if *last == s => return s,
                    Some((_, since)) if since.elapsed() > Duration::from_secs(2) => return s,
                    Some((_, since)) => matched = Some((s, *since)),
                    None => matched = Some((s, Instant::now())),
                }
                std::thread::sleep(Duration::from_millis(100));
                continue;
            }
            if let Some((last, _)) = matched {
                return last;
            }
            if t0.elapsed() > Duration::from_secs(60) {
                panic!("timed out waiting for {what}; the screen was:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Quits from a game in progress: `q`, then yes to the question before leaving it.
    fn quit_game(&self) {
        self.keys(&["q"]);
        self.wait_for("the question before leaving", |t| {
            t.contains("Leave this game and quit?")
        });
        self.keys(&["y"]);
    }

    fn flag(&self, name: &str) -> String {
        self.run(&[
            "display-message",
            "-p",
            "-t",
            &self.name,
            &format!("#{{{name}}}"),
        ])
        .trim()
        .to_string()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Whether tmux is here to run the end-to-end `what` test. Without it the test is skipped
/// with a notice, except under CI (`CI` set), where it fails: CI must run it.
fn require_tmux(what: &str) -> bool {
    if tmux_available() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "tmux is not installed: the end-to-end {what} test cannot run under CI"
    );
    eprintln!("NOTICE: tmux is not installed: skipping the end-to-end {what} test");
    false
}

/// A shell in tmux with its own config and data directories, or `None` (with a notice) when
/// tmux is missing outside CI ([`require_tmux`]). Returns the session and the environment
/// prefix for the command line.
fn shell_session(what: &str, tag: &str) -> Option<(Session, String)> {
    if !require_tmux(what) {
        return None;
    }
    let dir = std::env::temp_dir().join(format!("tessera-e2e-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let s = Session::start(&dir);
    s.wait_for("the shell prompt", |t| !t.trim().is_empty());
    let env = format!(
        "XDG_CONFIG_HOME={d}/config XDG_DATA_HOME={d}/data NO_COLOR=1",
        d = dir.display()
    );
    Some((s, env))
}

#[test]
fn linage_against_level_1_then_the_shell_is_usable() {
    if !require_tmux("interface") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("tessera-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let s = Session::start(&dir);
    s.wait_for("the shell prompt", |t| !t.trim().is_empty());
    let command = format!(
        "XDG_CONFIG_HOME={d}/config XDG_DATA_HOME={d}/data NO_COLOR=1 {bin} play linage \
         --level 1 --komi 0.5 --first human --time 0.2",
        d = dir.display(),
        bin = env!("CARGO_BIN_EXE_tessera"),
    );
    s.keys(&[&command, "Enter"]);
    let screen = s.wait_for("the game screen", |t| {
        t.contains("Linage") && t.contains("History")
    });
    assert_eq!(s.flag("alternate_on"), "1", "{screen}");
    // The cursor starts in the centre (e5); move it to d4 with the keys and place.
    s.keys(&["Left", "Down", "Enter"]);
    let screen = s.wait_for("the AI's answer", |t| t.contains("AI played"));
    assert!(
        screen.contains("1. V d4"),
        "our stone is in the history:\n{screen}"
    );
    assert!(
        screen.contains("2. H "),
        "the AI's turn is in the history:\n{screen}"
    );
    // Our stone is on the board: row 4, column d.
    let row4 = screen
        .lines()
        .find(|l| l.trim_start().starts_with("4 "))
        .expect("row 4 of the board");
    assert!(row4.contains("◆"), "d4 holds a stone: {row4}");
    s.quit_game();
    s.wait_for("the shell after quitting", |t| !t.contains("History"));
    assert_eq!(s.flag("alternate_on"), "0", "left the alternate screen");
    assert_eq!(s.flag("cursor_flag"), "1", "the cursor is shown");
    assert_eq!(s.flag("mouse_any_flag"), "0", "mouse reporting is off");
    assert_eq!(s.flag("mouse_standard_flag"), "0", "mouse reporting is off");
    s.keys(&[
        "stty -a | tr ' ' '\\n' | grep -x -- '-*icanon'; echo shell-ok-$((6*7))",
        "Enter",
    ]);
    let screen = s.wait_for("the shell to answer", |t| t.contains("shell-ok-42"));
    let lines: Vec<&str> = screen.lines().map(str::trim).collect();
    assert!(
        lines.contains(&"icanon"),
        "the terminal is back in cooked mode:\n{screen}"
    );
}

#[test]
fn quitting_autosaves_and_resume_picks_the_game_up() {
    let Some((s, env)) = shell_session("resume", "resume") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_tessera");
    s.keys(&[&format!("{env} {bin} play iris --against human"), "Enter"]);
    s.wait_for("the game screen", |t| {
        t.contains("Iris") && t.contains("History")
    });
    s.keys(&["Enter"]);
    s.wait_for("the first turn", |t| t.contains("1. ● g7"));
    s.quit_game();
    s.wait_for("the shell", |t| !t.contains("History"));
    s.keys(&["clear", "Enter"]);
    s.keys(&[&format!("{env} {bin}"), "Enter"]);
    let menu = s.wait_for("the menu", |t| t.contains("New game"));
    assert!(menu.contains("Resume: Iris turn 2"), "{menu}");
    s.keys(&["r"]);
    s.wait_for("the resumed game, White to move", |t| {
        t.contains("1. ● g7") && t.contains("▶ ○ White")
    });
    // Save it under a name, quit, and open the record with `tessera load`.
    let record = s.dir.join("game.toml");
    s.keys(&[&format!(":save {}", record.display()), "Enter"]);
    s.wait_for("the save", |t| t.contains("saved to"));
    s.quit_game();
    s.wait_for("the shell", |t| !t.contains("History"));
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(
        text.contains("game = \"iris\"") && text.contains("\"g7\""),
        "{text}"
    );
    s.keys(&["clear", "Enter"]);
    s.keys(&[&format!("{env} {bin} load {}", record.display()), "Enter"]);
    // Waits for the whole frame: a capture can catch the screen half drawn.
    s.wait_for("the loaded game with its turn and the message", |t| {
        t.contains("1. ● g7") && t.contains("game loaded")
    });
    s.quit_game();
    s.wait_for("the shell", |t| !t.contains("History"));
}

#[test]
fn sigterm_saves_the_game_and_restores_the_terminal() {
    let Some((s, env)) = shell_session("SIGTERM", "term") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_tessera");
    s.keys(&[
        &format!("{env} {bin} play carteso --against human --komi 0.5"),
        "Enter",
    ]);
    s.wait_for("the game screen", |t| {
        t.contains("Carteso") && t.contains("History")
    });
    s.keys(&["Enter"]);
    s.wait_for("the first turn", |t| t.contains("1. V Be5"));
    // The program is the shell's only child.
    let shell = s.run(&["list-panes", "-t", &s.name, "-F", "#{pane_pid}"]);
    let out = Command::new("pgrep")
        .args(["-P", shell.trim()])
        .output()
        .expect("run pgrep");
    let pid = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(!pid.is_empty(), "found the program under the shell");
    let killed = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    s.wait_for("the shell after SIGTERM", |t| !t.contains("History"));
    assert_eq!(s.flag("alternate_on"), "0", "left the alternate screen");
    assert_eq!(s.flag("cursor_flag"), "1", "the cursor is shown");
    s.keys(&["clear", "Enter"]);
    s.keys(&[&format!("{env} {bin}"), "Enter"]);
    let menu = s.wait_for("the menu", |t| t.contains("New game"));
    assert!(menu.contains("Resume: Carteso turn 2"), "{menu}");
    s.keys(&["q"]);
    s.wait_for("the shell", |t| !t.contains("New game"));
}

/// Polls a file until its text satisfies `pred`; panics with the text after 60 s.
fn wait_for_file(path: &Path, what: &str, pred: impl Fn(&str) -> bool) -> String {
    let t0 = Instant::now();
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if pred(&text) {
            return text;
        }
        if t0.elapsed() > Duration::from_secs(60) {
            panic!(
                "timed out waiting for {what} in {}:\n{text}",
                path.display()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Issue 13, item 9: a second program does not overwrite the first one's autosave; it says
/// the game is open elsewhere, offers it read-only, and saves its own game to its record.
#[test]
fn a_second_instance_does_not_overwrite_the_first_ones_autosave() {
    let Some((first, env)) = shell_session("autosave lock", "lock-a") else {
        return;
    };
    let Some((second, _)) = shell_session("autosave lock", "lock-b") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_tessera");
    let data = first.dir.join("data").join("tessera");
    let autosave = data.join("autosave.toml");
    first.keys(&[
        &format!("{env} {bin} play linage --against human --komi 0.5"),
        "Enter",
    ]);
    first.wait_for("the first game", |t| t.contains("History"));
    first.keys(&["Enter"]);
    first.wait_for("the first turn", |t| t.contains("1. V e5"));
    wait_for_file(&autosave, "the first game's autosave", |t| {
        t.contains("\"e5\"")
    });

    // The second program at the menu: the autosaved game is open elsewhere.
    second.keys(&[&format!("{env} {bin}"), "Enter"]);
    let menu = second.wait_for("the second menu", |t| t.contains("New game"));
    assert!(menu.contains("View: Linage turn 2 (read-only)"), "{menu}");
    assert!(menu.contains("open in another tessera window"), "{menu}");
    second.keys(&["r"]);
    let view = second.wait_for("the read-only view", |t| t.contains("History"));
    assert!(
        view.contains("1. V e5") && view.contains("read-only"),
        "{view}"
    );
    second.keys(&["Left", "Enter"]);
    second.keys(&["q"]);
    second.wait_for("the shell", |t| !t.contains("History"));
    let text = std::fs::read_to_string(&autosave).unwrap();
    assert!(
        text.contains("\"e5\"") && !text.contains("\"d5\""),
        "{text}"
    );

    // The second program plays a game of its own: saved to its record, not the autosave.
    second.keys(&["clear", "Enter"]);
    second.keys(&[
        &format!("{env} {bin} play carteso --against human --komi 0.5"),
        "Enter",
    ]);
    let screen = second.wait_for("the second game", |t| t.contains("History"));
    assert!(
        screen.contains("another tessera window has the autosave"),
        "{screen}"
    );
    second.keys(&["Enter"]);
    second.wait_for("the second game's turn", |t| t.contains("1. V Be5"));
    second.quit_game();
    second.wait_for("the shell", |t| !t.contains("History"));
    let text = std::fs::read_to_string(&autosave).unwrap();
    assert!(
        text.contains("game = \"linage\"") && text.contains("\"e5\""),
        "the first game's autosave is intact:\n{text}"
    );
    let records: Vec<String> = std::fs::read_dir(data.join("games"))
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok())
        .collect();
    assert!(
        records
            .iter()
            .any(|r| r.contains("game = \"carteso\"") && r.contains("\"Be5\"")),
        "the second game is in games/: {records:?}"
    );

    // The first program goes on saving; once it has quit, the lock is free again.
    first.keys(&["Left", "Enter"]);
    first.wait_for("the first game's second turn", |t| t.contains("2. H d5"));
    wait_for_file(&autosave, "the second turn", |t| t.contains("\"d5\""));
    first.quit_game();
    first.wait_for("the shell", |t| !t.contains("History"));
    second.keys(&["clear", "Enter"]);
    second.keys(&[&format!("{env} {bin}"), "Enter"]);
    let menu = second.wait_for("the menu", |t| t.contains("New game"));
    assert!(menu.contains("Resume: Linage turn 3"), "{menu}");
    second.keys(&["q"]);
    second.wait_for("the shell", |t| !t.contains("New game"));
}

/// Cursor keys from one Linage cell to another (`e5` → `h4`: `l l l j`).
fn cursor_keys(from: &str, to: &str) -> Vec<&'static str> {
    let at = |t: &str| {
        let col = t.as_bytes()[0] as i32 - b'a' as i32;
        let row: i32 = t[1..].parse().unwrap();
        (col, row)
    };
    let ((c0, r0), (c1, r1)) = (at(from), at(to));
    let mut keys = Vec::new();
    keys.extend(std::iter::repeat_n(
        if c1 > c0 { "l" } else { "h" },
        (c1 - c0).unsigned_abs() as usize,
    ));
    keys.extend(std::iter::repeat_n(
        if r1 > r0 { "k" } else { "j" },
        (r1 - r0).unsigned_abs() as usize,
    ));
    keys
}

#[test]
fn a_puzzle_from_the_menu_a_wrong_turn_its_refutation_then_solved() {
    use tessera::games::{Game, GameKind};
    let Some((s, env)) = shell_session("puzzle", "puzzle") else {
        return;
    };
    // The easiest shipped Linage puzzle, and a legal first turn that is not its answer.
    let (entries, _) = tessera::tui::shipped_puzzles(GameKind::Linage);
    let e = &entries[0];
    let g = e.position().unwrap();
    let mut steps = Vec::new();
    g.legal_steps(&mut steps);
    let wrong = steps
        .iter()
        .filter(|st| st.cell().is_some())
        .map(|&st| g.format_step(st))
        .find(|t| *t != e.solution[0])
        .unwrap();
    let bin = env!("CARGO_BIN_EXE_tessera");
    s.keys(&[&format!("{env} {bin}"), "Enter"]);
    s.wait_for("the menu", |t| t.contains("Puzzles"));
    s.keys(&["p"]);
    s.wait_for("the puzzle list", |t| t.contains("best streak"));
    s.keys(&["Right", "Right", "Right"]);
    s.wait_for("the Linage puzzles", |t| t.contains(&e.id));
    s.keys(&["Enter"]);
    s.wait_for("the puzzle", |t| {
        t.contains("to win in") && t.contains("Puzzle")
    });
    let mut at = "e5".to_string();
    let mut go = |to: &str| {
        s.keys(&cursor_keys(&at, to));
        s.keys(&["Enter"]);
        at = to.to_string();
    };
    go(&wrong);
    let screen = s.wait_for("the refutation", |t| t.contains("escapes with"));
    assert!(screen.contains(&format!("after {wrong},")), "{screen}");
    assert!(screen.contains("Taken back"), "{screen}");
    for (i, token) in e.solution.iter().enumerate().step_by(2) {
        if token == "pass" {
            s.keys(&["p"]);
        } else {
            go(token);
        }
        if i + 1 < e.solution.len() {
            s.wait_for("the answer", |t| t.contains(&format!("{token}: right")));
        }
    }
    let screen = s.wait_for("the solve", |t| t.contains("Solved"));
    assert!(screen.contains("with help"), "{screen}");
    s.keys(&["q"]);
    s.wait_for("the shell", |t| !t.contains("Puzzle"));
}

/// Issue 44, item 7: finish a short game (a resignation after the AI's first answer), Review
/// from the Game-over box, then Rematch (the AI moves first); the finished game is kept in
/// the games folder under its name, `q` in the rematch asks first, Esc on the menu does not
/// quit, and Load lists the finished game first, selected.
#[test]
fn after_a_game_review_rematch_and_load_lists_it_first() {
    let Some((s, env)) = shell_session("after the game", "after") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_tessera");
    let games = s.dir.join("data").join("tessera").join("games");
    s.keys(&[
        &format!("{env} {bin} play linage --size 5 --level 1 --komi 0.5 --first human --time 0.2"),
        "Enter",
    ]);
    s.wait_for("the game screen", |t| t.contains("History"));
    s.keys(&["Enter"]);
    s.wait_for("the AI's answer", |t| t.contains("AI played"));
    s.keys(&[":resign", "Enter"]);
    let screen = s.wait_for("the Game-over box", |t| {
        t.contains("Game over") && t.contains("kept in your games")
    });
    assert!(
        screen.contains("[r Review]  [a Rematch]  [n New game]  [m Menu]"),
        "{screen}"
    );
    assert!(screen.contains("linage-5x5_you-vs-level1_"), "{screen}");
    // Review, the selected choice.
    s.keys(&["Enter"]);
    s.wait_for("the Review panel", |t| {
        t.contains("Review") && !t.contains("Game over")
    });
    // The box again, and Rematch: the AI now moves first.
    s.keys(&["r"]);
    s.wait_for("the Game-over box again", |t| t.contains("a Rematch]"));
    s.keys(&["a"]);
    s.wait_for("the rematch", |t| t.contains("rematch, sides swapped"));
    s.wait_for("the AI's first turn", |t| t.contains("1. V "));
    s.quit_game();
    s.wait_for("the shell", |t| !t.contains("History"));
    let kept: Vec<String> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(
        kept[0].starts_with("linage-5x5_you-vs-level1_") && kept[0].ends_with(".toml"),
        "{kept:?}"
    );
    let text = std::fs::read_to_string(games.join(&kept[0])).unwrap();
    assert!(text.contains("result = \"H+R"), "{text}");

    // Esc on the menu stays there (the `l` that follows reaches the menu, not the shell).
    s.keys(&["clear", "Enter"]);
    s.keys(&[&format!("{env} {bin}"), "Enter"]);
    s.wait_for("the menu", |t| t.contains("Load game"));
    s.keys(&["Escape"]);
    s.keys(&["l"]);
    let screen = s.wait_for("the Load list", |t| t.contains("Linage 5x5"));
    let rows: Vec<&str> = screen.lines().map(str::trim).collect();
    let head = rows
        .iter()
        .position(|l| l.starts_with("Game") && l.contains("Started (UTC)"))
        .unwrap_or_else(|| panic!("the list's header:\n{screen}"));
    let first = rows[head + 1];
    assert!(
        first.starts_with("Linage 5x5") && first.contains("you vs AI level 1"),
        "{screen}"
    );
    assert!(first.contains("H+R"), "{screen}");
    // It is selected: Enter loads it.
    s.keys(&["Enter"]);
    let screen = s.wait_for("the loaded game", |t| t.contains("game loaded"));
    assert!(screen.contains("Game over"), "{screen}");
    s.keys(&["q"]);
    s.wait_for("the shell", |t| !t.contains("History"));
}

/// A Linage 6×6 record of four turns (agreed komi: no bid), without a review.
const SHORT_LINAGE: &str = r#"game = "linage"
started = 2026-11-22T19:00:00Z
turns = ["d2", "a4", "d1", "b3"]

[options]
size = 6
protocol = "agreed"
komi = 0.5
"#;

#[test]
fn tessera_review_writes_nothing_unless_asked_and_shows_a_stored_review_at_once() {
    let Some((s, env)) = shell_session("review", "review") else {
        panic!("tmux is needed for this test");
    };
    let bin = env!("CARGO_BIN_EXE_tessera");
    let record = s.dir.join("short.toml");
    std::fs::write(&record, SHORT_LINAGE).unwrap();
    // `tessera review FILE` until `until` shows, then quit: the file's bytes are unchanged.
    let review = |what: &str, until: &str| {
        let bytes = std::fs::read(&record).unwrap();
        s.keys(&["clear", "Enter"]);
        s.keys(&[&format!("{env} {bin} review {}", record.display()), "Enter"]);
        let screen = s.wait_for(what, |t| t.contains(until));
        s.keys(&["q"]);
        s.wait_for("the shell", |t| !t.contains("History"));
        assert_eq!(
            std::fs::read(&record).unwrap(),
            bytes,
            "tessera review wrote"
        );
        screen
    };
    let screen = review("the review", "review done");
    assert!(screen.contains(":save stores"), "{screen}");
    // A record holding its review: shown at once, no thinking, and still not written.
    let out = Command::new(bin)
        .args(["analyze", record.to_str().unwrap(), "--write"])
        .args(["--engine", "mcts:iters=50,threads=1,seed=1"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let screen = review("the stored review", "holds its review");
    assert!(!screen.contains("reviewing every position"), "{screen}");
}
