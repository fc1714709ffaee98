//! `tessera serve` with the real OpenSSH client, on loopback: clients run in tmux (one tmux
//! server of our own), the server on a free port with a data directory of its own, keys made
//! with ssh-keygen in a temporary directory. Every wait polls the screens (60 s at most);
//! nothing sleeps a fixed time.
//!
//! Skipped with a notice when ssh, ssh-keygen or tmux is missing, except under `CI=true`
//! where a missing tool fails the test (CI installs them: `.ci/run`).

#[path = "common/serve.rs"]
mod serve_common;

use serve_common::{have, keygen, listening_port};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn tools() -> bool {
    let ok = have("ssh", "-V") && have("ssh-keygen", "-?") && have("tmux", "-V");
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "ssh, ssh-keygen or tmux is missing (CI must have them)"
        );
        eprintln!("NOTICE: ssh, ssh-keygen or tmux is missing: skipping the tessera serve test");
    }
    ok
}

/// A server, its data directory and keys; killed (with the tmux server) on drop.
struct World {
    dir: PathBuf,
    server: std::cell::RefCell<Child>,
    port: std::cell::Cell<u16>,
    socket: String,
    /// What the server printed after its start-up lines.
    said: std::cell::RefCell<std::sync::Arc<std::sync::Mutex<String>>>,
    extra: Vec<String>,
}

/// Starts `tessera serve` on a free port with `dir/data`; returns it, its port, and what it
/// says from then on.
fn spawn_server(
    dir: &Path,
    extra: &[String],
) -> (Child, u16, std::sync::Arc<std::sync::Mutex<String>>) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["serve", "--listen", "127.0.0.1:0", "--ai-threads", "1"])
        .arg("--data")
        .arg(dir.join("data"))
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start tessera serve");
    // What it says after that is kept.
    let said = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let keep = said.clone();
    let port = listening_port(&mut server, move |line| keep.lock().unwrap().push_str(line));
    (server, port, said)
}

impl World {
    fn start(tag: &str, extra: &[&str]) -> World {
        let dir = std::env::temp_dir().join(format!("tessera-serve-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("keys")).unwrap();
        for who in ["alice", "bob", "carol", "mallory"] {
            keygen(&dir.join("keys").join(who));
        }
        let extra: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
        let (server, port, said) = spawn_server(&dir, &extra);
        World {
            socket: format!("tessera-serve-{tag}-{}", std::process::id()),
            dir,
            server: server.into(),
            port: port.into(),
            said: said.into(),
            extra,
        }
    }

    /// Stops the server with a signal (`TERM`, `KILL`); returns how long it took to exit.
    fn stop(&self, signal: &str) -> Duration {
        let t0 = Instant::now();
        let mut server = self.server.borrow_mut();
        let st = Command::new("kill")
            .args([&format!("-{signal}"), &server.id().to_string()])
            .status()
            .unwrap();
        assert!(st.success());
        loop {
            if server.try_wait().unwrap().is_some() {
                return t0.elapsed();
            }
            assert!(
                t0.elapsed() < Duration::from_secs(30),
                "the server did not exit"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Starts the server again on the same data directory (a new port).
    fn restart(&self) {
        let (server, port, said) = spawn_server(&self.dir, &self.extra);
        *self.server.borrow_mut() = server;
        self.port.set(port);
        *self.said.borrow_mut() = said;
    }

    /// A tmux pane's flag (`alternate_on`, `cursor_flag`, `mouse_any_flag`).
    fn flag(&self, pane: &Pane, name: &str) -> String {
        let f = format!("#{{{name}}}");
        self.tmux(&["display-message", "-p", "-t", &pane.id, &f])
            .trim()
            .to_string()
    }

    fn key(&self, who: &str) -> PathBuf {
        self.dir.join("keys").join(who)
    }

    /// The ssh command line for `who` (no user config, no known-hosts file, this key only).
    fn ssh(&self, who: &str, tty: &str) -> Vec<String> {
        [
            "ssh",
            "-F",
            "/dev/null",
            "-p",
            &self.port.get().to_string(),
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "BatchMode=yes",
            "-o",
            "LogLevel=ERROR",
            "-i",
            &self.key(who).to_string_lossy(),
            tty,
            "127.0.0.1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("run tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// A client in its own tmux session; returns its pane.
    fn client(&self, who: &str, size: (u16, u16)) -> Pane<'_> {
        self.client_named(who, who, size)
    }

    /// A client with `who`'s key in a tmux session called `name`.
    fn client_named(&self, name: &str, who: &str, size: (u16, u16)) -> Pane<'_> {
        let cmd = format!("{}; sleep 600", self.ssh(who, "-t").join(" "));
        let id = self.tmux(&[
            "new-session",
            "-d",
            "-P",
            "-F",
            "#{pane_id}",
            "-s",
            name,
            "-x",
            &size.0.to_string(),
            "-y",
            &size.1.to_string(),
            &cmd,
        ]);
        Pane {
            world: self,
            id: id.trim().to_string(),
            who: who.to_string(),
        }
    }
}

impl Drop for World {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
        let _ = self.server.get_mut().kill();
        let _ = self.server.get_mut().wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

struct Pane<'w> {
    world: &'w World,
    id: String,
    who: String,
}

impl Pane<'_> {
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.id];
        args.extend_from_slice(keys);
        self.world.tmux(&args);
    }

    fn screen(&self) -> String {
        self.world.tmux(&["capture-pane", "-p", "-t", &self.id])
    }

    fn wait_for(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let t0 = Instant::now();
        loop {
            let s = self.screen();
            if pred(&s) {
                return s;
            }
            if t0.elapsed() > Duration::from_secs(60) {
                panic!(
                    "{}: timed out waiting for {what}; the screen was:\n{s}",
                    self.who
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn wait_text(&self, text: &str) -> String {
        self.wait_for(text, |s| s.contains(text))
    }

    /// Logs in for the first time: takes the nickname and waits for the lobby.
    fn join(&self) {
        self.wait_text("Choose a nickname");
        self.keys(&[&self.who, "Enter"]);
        self.wait_text("tessera · lobby");
    }

    /// Types a `:` command.
    fn command(&self, text: &str) {
        self.keys(&[":"]);
        self.keys(&["-l", text]);
        self.keys(&["Enter"]);
    }

    /// Kills this client's ssh (as a dropped link would).
    fn kill_ssh(&self) {
        self.signal_ssh("KILL");
    }

    /// Sends a signal to this client's ssh (`STOP` suspends it: its link goes silent).
    fn signal_ssh(&self, signal: &str) {
        let pid = self
            .world
            .tmux(&["display-message", "-p", "-t", &self.id, "#{pane_pid}"]);
        // The pane's shell runs `ssh …; sleep`: find its child named ssh in /proc.
        let ssh = std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|e| e.ok())
            .find_map(|e| {
                let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
                let (name, rest) = stat.split_once(") ")?;
                let ppid = rest.split(' ').nth(1)?;
                (name.ends_with("(ssh") && ppid == pid.trim())
                    .then(|| e.file_name().to_string_lossy().into_owned())
            })
            .expect("the client's ssh is running");
        let sig = format!("-{signal}");
        Command::new("kill")
            .args([sig.as_str(), &ssh])
            .status()
            .unwrap();
    }
}

/// Whether this screen's person may place now (the key line offers it).
fn to_move(screen: &str) -> bool {
    screen
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.contains("Enter place"))
}

/// Alice opens a Linage 9x9 challenge with agreed komi and no clock, Bob accepts; returns
/// (the pane to move first, the other).
fn meet<'w>(alice: &'w Pane<'w>, bob: &'w Pane<'w>) -> (&'w Pane<'w>, &'w Pane<'w>) {
    meet_with(alice, bob, &[], "no clock")
}

/// As [`meet`], with `clock` keys on the challenge form's clock row and the offer saying
/// `clock_text`.
fn meet_with<'w>(
    alice: &'w Pane<'w>,
    bob: &'w Pane<'w>,
    clock: &[&str],
    clock_text: &str,
) -> (&'w Pane<'w>, &'w Pane<'w>) {
    alice.keys(&["c"]);
    alice.wait_text("Open a challenge");
    // Game: Linage (the default); size; komi: agreed, starting at the board's fair komi
    // (data/komi.toml); then the clock.
    alice.keys(&["Down", "Down", "Right"]);
    if !clock.is_empty() {
        alice.keys(&["Down"]);
        alice.keys(clock);
    }
    alice.keys(&["Enter"]);
    alice.wait_text("challenge open");
    let komi = tessera::games::format_komi(
        tessera::komi_file::table().agreed_komi_half(tessera::GameKind::Linage, 9),
    );
    let offer = format!("Linage 9x9 · komi {komi} · {clock_text}");
    bob.wait_for("the challenge", |s| {
        s.lines()
            .any(|l| l.contains(&alice.who) && l.contains(&offer))
    });
    bob.keys(&["Enter"]);
    let a = alice.wait_text("the game is on");
    let b = bob.wait_text("the game is on");
    if to_move(&a) {
        (alice, bob)
    } else {
        assert!(to_move(&b), "one of them is to move:\n{a}\n{b}");
        (bob, alice)
    }
}

#[test]
fn two_players_meet_play_to_the_end_and_a_watcher_sees_it_all() {
    if !tools() {
        return;
    }
    let w = World::start("game", &[]);
    let alice = w.client("alice", (100, 32));
    let bob = w.client("bob", (100, 32));
    let carol = w.client("carol", (100, 32));
    alice.join();
    bob.join();
    carol.join();
    let lobby = alice.wait_text("carol (lobby)");
    assert!(lobby.contains("Online (3):"), "{lobby}");
    let (first, second) = meet(&alice, &bob);
    // Carol sees the game in progress and watches it.
    carol.wait_text("Games in progress");
    carol.wait_for("the game listed", |s| {
        s.contains("alice") && s.contains("bob") && s.contains("Linage 9x9")
    });
    carol.keys(&["Enter"]);
    carol.wait_text("watching");
    first.command("e5");
    second.wait_text(&format!("{} played e5", first.who));
    carol.wait_text("played e5");
    second.wait_for("its turn", to_move);
    second.command("d4");
    first.wait_text(&format!("{} played d4", second.who));
    carol.wait_text("played d4");
    // Both pass: the game ends for everyone.
    first.wait_for("its turn", to_move);
    first.command("pass");
    second.wait_for("its turn", to_move);
    second.command("pass");
    let a = alice.wait_text("Game over");
    let b = bob.wait_text("Game over");
    let c = carol.wait_text("Game over");
    assert!(
        a.contains("You win") || a.contains("You lose") || a.contains("Draw"),
        "{a}"
    );
    assert!(
        b.contains("You win") || b.contains("You lose") || b.contains("Draw"),
        "{b}"
    );
    assert!(
        !c.contains("You win") && !c.contains("You lose"),
        "a watcher has no verdict:\n{c}"
    );
    // The record is in both players' games (written by the server's writer thread, a moment
    // after the screens).
    let games_dir = w.dir.join("data").join("players");
    let records = || -> Vec<String> {
        std::fs::read_dir(&games_dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter_map(|e| std::fs::read_dir(e.path().join("games")).ok())
            .flat_map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())))
            // Not a save's temporary or lock file (`.NAME…`).
            .filter(|p| {
                !p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .starts_with('.')
            })
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect()
    };
    let games = eventually(|| {
        Some(records()).filter(|g| g.len() == 2 && g.iter().all(|t| t.contains("result")))
    })
    .unwrap_or_else(|| panic!("{:?}", records()));
    for text in &games {
        assert!(
            text.contains("\"e5\"") && text.contains("\"d4\"") && text.contains("alice"),
            "{text}"
        );
    }
    // Back to the lobby; the game has left the list; `g` lists the game for review.
    alice.keys(&["m"]);
    alice.wait_text("tessera · lobby");
    alice.keys(&["g"]);
    let list = alice.wait_text("Your games");
    // Newest first, the game, its players (this person as "you") and result.
    assert!(
        list.contains("Linage") && (list.contains("you vs") || list.contains("vs you")),
        "{list}"
    );
    alice.keys(&["Enter"]);
    let review = alice.wait_text("read-only: a record under review");
    // The players by name, not "Vertical player / Horizontal player".
    assert!(
        review.contains("alice") && review.contains("bob") && !review.contains(" player"),
        "{review}"
    );
}

#[test]
fn a_player_killed_mid_game_comes_back_and_the_game_resumes() {
    if !tools() {
        return;
    }
    let w = World::start("back", &[]);
    let alice = w.client("alice", (100, 32));
    let bob = w.client("bob", (100, 32));
    alice.join();
    bob.join();
    let (first, second) = meet(&alice, &bob);
    first.command("e5");
    second.wait_text("played e5");
    // The first player's link drops: the other is told, the game waits.
    first.kill_ssh();
    second.wait_text(&format!("{} left: the game waits", first.who));
    // Back with the same key, from a new terminal: straight into the game, with its moves.
    let again = w.client_named("again", &first.who, (100, 32));
    let s = again.wait_text("the game is on");
    assert!(s.contains("e5") && s.contains("(you)"), "{s}");
    second.wait_text(&format!("{} is back", first.who));
    second.wait_for("its turn", to_move);
    second.command("d4");
    again.wait_text(&format!("{} played d4", second.who));
}

#[test]
fn a_key_not_in_the_users_file_is_refused_and_so_is_a_session_without_a_terminal() {
    if !tools() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("tessera-serve-users-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The users file is written after the keys exist: start a world, then restart with it.
    let w = World::start("users", &[]);
    let users = dir.join("users");
    std::fs::copy(w.key("alice").with_extension("pub"), &users).unwrap();
    let w2 = World::start("users2", &["--users", users.to_str().unwrap()]);
    // World::start made new keys for w2: use w's alice (allowed) and mallory (not).
    let run = |world: &World, key: &Path, tty: &str| {
        let mut args = world.ssh("alice", tty);
        let i = args.iter().position(|a| a == "-i").unwrap();
        args[i + 1] = key.to_string_lossy().into_owned();
        Command::new(&args[0])
            .args(&args[1..])
            .stdin(Stdio::null())
            .output()
            .expect("run ssh")
    };
    let out = run(&w2, &w.key("mallory"), "-T");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("Permission denied"), "{err}");
    // Alice's key enters, but without a terminal she gets one line and the door.
    let out = run(&w2, &w.key("alice"), "-T");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("connect with `ssh -t`"), "{text}");
    assert_eq!(text.trim().lines().count(), 1, "{text}");
    // A command is refused too.
    let mut args = w2.ssh("alice", "-T");
    let i = args.iter().position(|a| a == "-i").unwrap();
    args[i + 1] = w.key("alice").to_string_lossy().into_owned();
    let out = Command::new(&args[0])
        .args(&args[1..])
        .arg("cat /etc/passwd")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(!String::from_utf8_lossy(&out.stdout).contains("root:"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_resize_redraws_and_quitting_gives_the_terminal_back() {
    if !tools() {
        return;
    }
    let w = World::start("resize", &[]);
    let alice = w.client("alice", (100, 32));
    alice.join();
    w.tmux(&["resize-window", "-t", &alice.id, "-x", "50", "-y", "14"]);
    alice.wait_text("The terminal is too small");
    w.tmux(&["resize-window", "-t", &alice.id, "-x", "120", "-y", "40"]);
    let s = alice.wait_text("tessera · lobby");
    let last = s.lines().count();
    assert!(last >= 39, "drawn over the whole new height:\n{s}");
    assert!(
        s.lines().nth(39).unwrap_or_default().contains("quit"),
        "{s}"
    );
    alice.keys(&["q"]);
    // The ssh client ends; the pane runs `sleep`: the alternate screen is gone.
    alice.wait_for("the normal screen back", |s| !s.contains("tessera · lobby"));
    let alt = w.tmux(&["display-message", "-p", "-t", &alice.id, "#{alternate_on}"]);
    assert_eq!(alt.trim(), "0");
    let cursor = w.tmux(&["display-message", "-p", "-t", &alice.id, "#{cursor_flag}"]);
    assert_eq!(cursor.trim(), "1", "the cursor is shown");
}

#[test]
fn an_idle_session_is_closed_with_a_word() {
    if !tools() {
        return;
    }
    // Two seconds of idleness allowed (the flag is in minutes).
    let w = World::start("idle", &["--idle", "0.034"]);
    let alice = w.client("alice", (100, 32));
    alice.join();
    let s = alice.wait_text("tessera: closed after 2 s without a key");
    assert!(!s.contains("tessera · lobby"), "the lobby is gone:\n{s}");
}

#[test]
fn a_session_plays_the_ai_from_the_shared_pool() {
    if !tools() {
        return;
    }
    let w = World::start("ai", &[]);
    let alice = w.client("alice", (100, 32));
    alice.join();
    // `a`: the New game form (Linage against the AI; the AI sets komi), Enter starts it.
    alice.keys(&["a"]);
    alice.wait_text("New game");
    alice.keys(&["Enter"]);
    alice.wait_text("the AI set komi");
    alice.keys(&["v"]);
    alice.wait_text("you took Vertical");
    // `q` asks first, then goes back to the lobby, which offers the game (autosaved in
    // alice's folder).
    alice.keys(&["q"]);
    alice.wait_text("Leave this game for the lobby?");
    alice.keys(&["y"]);
    alice.wait_text("Your game against the AI: Linage turn 3 (r resumes)");
    alice.keys(&["q"]);
    alice.wait_for("the normal screen back", |s| !s.contains("tessera · lobby"));
    let again = w.client_named("again", "alice", (100, 32));
    again.wait_text("Your game against the AI: Linage turn 3 (r resumes)");
}

/// Two players with a 5-minute clock; the first plays e5 (and the second d4 when `two`).
fn clocked_game<'w>(alice: &'w Pane<'w>, bob: &'w Pane<'w>, two: bool) {
    alice.join();
    bob.join();
    let (first, second) = meet_with(alice, bob, &["Left"], "5 min each");
    first.command("e5");
    second.wait_text(&format!("{} played e5", first.who));
    if two {
        second.wait_for("its turn", to_move);
        second.command("d4");
        first.wait_text(&format!("{} played d4", second.who));
    }
}

/// What `f` gives once it gives something, trying for 10 s.
fn eventually<T>(f: impl Fn() -> Option<T>) -> Option<T> {
    let t0 = Instant::now();
    loop {
        if let Some(v) = f() {
            return Some(v);
        }
        if t0.elapsed() > Duration::from_secs(10) {
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The one meta file of an adjourned game in the data directory.
fn adjourned_meta(w: &World) -> String {
    let dir = w.dir.join("data").join("adjourned");
    let metas: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".meta.toml"))
        .collect();
    assert_eq!(metas.len(), 1, "{metas:?}");
    std::fs::read_to_string(&metas[0]).unwrap()
}

/// Both players, back after a restart, find the game among their adjourned games.
fn both_find_it_adjourned(w: &World, turn: &str) {
    for (who, other) in [("alice", "bob"), ("bob", "alice")] {
        let p = w.client_named(&format!("{who}-again"), who, (100, 32));
        let s = p.wait_text("Your adjourned games");
        assert!(
            s.lines()
                .any(|l| l.contains(&format!("vs {other} "))
                    && l.contains(&format!(" Linage · {turn}"))),
            "{who}:\n{s}"
        );
    }
}

#[test]
fn sigterm_adjourns_the_game_with_its_clocks_tells_both_and_gives_the_terminals_back() {
    if !tools() {
        return;
    }
    let w = World::start("term", &[]);
    let alice = w.client("alice", (100, 32));
    let bob = w.client("bob", (100, 32));
    clocked_game(&alice, &bob, false);
    let took = w.stop("TERM");
    assert!(took < Duration::from_secs(5), "exit took {took:?}");
    for p in [&alice, &bob] {
        let s = p.wait_text("the server is stopping: your game is adjourned");
        assert!(!s.contains("Linage 9x9"), "the board is gone:\n{s}");
        assert_eq!(w.flag(p, "alternate_on"), "0", "alternate screen left");
        assert_eq!(w.flag(p, "cursor_flag"), "1", "cursor shown");
        assert_eq!(w.flag(p, "mouse_any_flag"), "0", "mouse off");
    }
    let said = w.said.borrow().lock().unwrap().clone();
    assert!(said.contains("1 game(s) in progress adjourned"), "{said}");
    // The clocks as at the last turn: the mover's has run, the other's is whole.
    let meta = adjourned_meta(&w);
    assert!(
        meta.contains("clock = \"absolute:300\"") && meta.contains("turns = 1"),
        "{meta}"
    );
    assert!(meta.contains("300000"), "{meta}");
    w.restart();
    both_find_it_adjourned(&w, "turn 2");
}

#[test]
fn after_sigkill_the_game_in_progress_is_adjourned_as_of_its_last_turn() {
    if !tools() {
        return;
    }
    let w = World::start("kill", &[]);
    let alice = w.client("alice", (100, 32));
    let bob = w.client("bob", (100, 32));
    clocked_game(&alice, &bob, true);
    let kept = || {
        std::fs::read_dir(w.dir.join("data").join("adjourned"))
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path()))
            // `ID.toml` (not the meta, nor a save's temporary or lock file `.ID.toml…`).
            .find(|p| {
                let name = p.file_name().unwrap_or_default().to_string_lossy();
                name.ends_with(".toml") && !name.ends_with(".meta.toml") && !name.starts_with('.')
            })
            .and_then(|p| std::fs::read_to_string(p).ok())
    };
    // Killed once the last turn is on disk (the writer thread writes it a moment after the
    // screens show it: a kill in that moment loses that turn, no more).
    let record = eventually(|| kept().filter(|r| r.contains("\"d4\"")))
        .unwrap_or_else(|| panic!("the game's record is kept after each turn: {:?}", kept()));
    w.stop("KILL");
    assert_eq!(
        kept().as_ref(),
        Some(&record),
        "nothing written at the kill"
    );
    assert!(
        record.contains("\"e5\"") && record.contains("\"d4\""),
        "{record}"
    );
    assert!(
        record.contains("[clock]") && record.contains("left_ms"),
        "{record}"
    );
    w.restart();
    both_find_it_adjourned(&w, "turn 3");
}

#[test]
fn the_same_key_connecting_twice_at_once_the_newest_takes_the_seat() {
    if !tools() {
        return;
    }
    let w = World::start("twice", &[]);
    let alice = w.client("alice", (100, 32));
    let bob = w.client("bob", (100, 32));
    alice.join();
    bob.join();
    meet(&alice, &bob);
    // Two new connections of alice's key at once.
    let a1 = w.client_named("alice1", "alice", (100, 32));
    let a2 = w.client_named("alice2", "alice", (100, 32));
    let told = "this key connected again from elsewhere";
    alice.wait_text(told);
    // One of the two new ones has the seat; the other was told and closed.
    let t0 = Instant::now();
    let (seated, closed) = loop {
        let (s1, s2) = (a1.screen(), a2.screen());
        if s1.contains(told) && s2.contains("(you)") {
            break (&a2, &a1);
        }
        if s2.contains(told) && s1.contains("(you)") {
            break (&a1, &a2);
        }
        assert!(t0.elapsed() < Duration::from_secs(60), "{s1}\n{s2}");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(w.flag(closed, "alternate_on"), "0");
    assert!(!seated.screen().contains(told));
    // The game goes on with the newest.
    let s = bob.screen();
    assert!(!s.contains("alice left"), "{s}");
}

/// The clock texts (`4:55`, `0:09.5`) on a screen, in seconds.
fn clocks(screen: &str) -> Vec<f64> {
    screen
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter_map(|w| {
            let (m, s) = w.split_once(':')?;
            let (m, s) = (m.parse::<f64>().ok()?, s.parse::<f64>().ok()?);
            (w.len() >= 4 && s < 60.0).then_some(m * 60.0 + s)
        })
        .collect()
}

#[test]
#[ignore = "slow: waits for the keepalives to give up on a suspended client (about 30 s)"]
fn a_suspended_client_is_noticed_by_the_keepalives_and_its_clock_does_not_run_meanwhile() {
    if !tools() {
        return;
    }
    let w = World::start("stopped", &[]);
    let alice = w.client("alice", (100, 32));
    let bob = w.client("bob", (100, 32));
    alice.join();
    bob.join();
    let (first, second) = meet_with(&alice, &bob, &["Left"], "5 min each");
    first.command("e5");
    second.wait_text(&format!("{} played e5", first.who));
    // The second player's turn: her client is suspended, her link goes silent.
    let t0 = Instant::now();
    second.signal_ssh("STOP");
    first.wait_text(&format!("{} left", second.who));
    let noticed = t0.elapsed();
    eprintln!("a silent link was noticed after {noticed:?}");
    assert!(noticed < Duration::from_secs(31), "{noticed:?}");
    second.signal_ssh("CONT");
    // Back from a new terminal: her clock lost at most the few seconds before the silence.
    let again = w.client_named("again", &second.who, (100, 32));
    let s = again.wait_text("the game is on");
    let shown = clocks(&s);
    eprintln!("clocks shown on her return: {shown:?}");
    assert!(!shown.is_empty(), "{s}");
    let least = shown.iter().cloned().fold(f64::MAX, f64::min);
    assert!(
        least > 300.0 - 20.0,
        "her clock ran while her link was silent: {shown:?}\n{s}"
    );
}

#[test]
#[ignore = "slow: two games, a stop and a restart with four clients"]
fn sigterm_during_two_games_adjourns_both_and_a_restart_lists_them() {
    if !tools() {
        return;
    }
    let w = World::start("term2", &[]);
    let panes: Vec<Pane> = ["alice", "bob", "carol", "mallory"]
        .iter()
        .map(|who| w.client(who, (100, 32)))
        .collect();
    clocked_game(&panes[0], &panes[1], true);
    clocked_game(&panes[2], &panes[3], false);
    let took = w.stop("TERM");
    eprintln!("SIGTERM to exit: {took:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    for p in &panes {
        p.wait_text("the server is stopping: your game is adjourned");
        assert_eq!(w.flag(p, "alternate_on"), "0");
    }
    let said = w.said.borrow().lock().unwrap().clone();
    assert!(said.contains("2 game(s) in progress adjourned"), "{said}");
    w.restart();
    for (who, other, turn) in [
        ("alice", "bob", "turn 3"),
        ("bob", "alice", "turn 3"),
        ("carol", "mallory", "turn 2"),
        ("mallory", "carol", "turn 2"),
    ] {
        let p = w.client_named(&format!("{who}-again"), who, (100, 32));
        let s = p.wait_text("Your adjourned games");
        assert!(
            s.lines()
                .any(|l| l.contains(&format!("vs {other} "))
                    && l.contains(&format!(" Linage · {turn}"))),
            "{who}:\n{s}"
        );
    }
}
