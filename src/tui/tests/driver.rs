//! A whole session of the interface for tests, driven as a person drives it: `host::run` on a
//! thread of its own with a real AI (or another), its output read into a virtual terminal
//! (`vt100`), its messages sent by the test (keys, resizes).
//!
//! Keys and the AI's reports reach the session through one rendezvous channel, and the test
//! sends a key only while the session waits for one (it has drawn everything before): so "the
//! screen after this key" is the first frame drawn after the key was taken, with no sleeping
//! and no guessing. The AI is watched ([`Jobs`]): every job started, stopped and answered, so
//! that a test tells an AI that crashed or never answered from one still thinking. Every frame
//! is checked for a crash said on screen.

use crate::ai::{AiEvent, AiStart, Purpose, Request, Thinker};
use crate::tui::app::Msg;
use crate::tui::host::{self, Host, Settings, Start, Storage};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::mpsc::{channel, sync_channel, SyncSender, TrySendError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long the interface may take to take a key or draw its frame, and the AI to answer
/// beyond its own time (a slow machine running other tests meanwhile).
pub const SLACK: Duration = Duration::from_secs(60);

/// Words that must never be on screen: a crash said (the AI panel's, the message line's) or a
/// panic's text printed over the screen.
const CRASH_WORDS: [&str; 3] = ["crashed", "panicked", "RUST_BACKTRACE"];

/// The virtual terminal and how many frames the session has flushed into it.
struct Term {
    parser: vt100::Parser,
    frames: u64,
}

/// The terminal, shared by the session's output and the test.
struct Shared {
    term: Mutex<Term>,
    drawn: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Term> {
        self.term.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits at most `wait` for the next frame, letting go of the terminal meanwhile.
    fn next_frame<'a>(&self, term: MutexGuard<'a, Term>, wait: Duration) -> MutexGuard<'a, Term> {
        self.drawn
            .wait_timeout(term, wait)
            .unwrap_or_else(|e| e.into_inner())
            .0
    }
}

fn nonzero(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n.max(1)).expect("at least 1")
}

/// The session's output: bytes gathered until a flush, then read into the terminal at once
/// (the test never sees half a frame).
struct Output {
    shared: Arc<Shared>,
    pending: Vec<u8>,
}

impl Write for Output {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.pending.write(b)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let mut t = self.shared.lock();
        t.parser.process(&self.pending);
        t.frames += 1;
        self.pending.clear();
        self.shared.drawn.notify_all();
        Ok(())
    }
}

/// One job as the test follows it.
#[derive(Debug)]
struct Job {
    id: u64,
    what: String,
    /// When it must have answered (`None`: analysis, which thinks until stopped).
    due: Option<Instant>,
}

/// What the AI did: the job running, every failure, the answers, the last jobs (for failure
/// messages).
#[derive(Debug, Default)]
pub struct Jobs {
    running: Option<Job>,
    failures: Vec<String>,
    /// Jobs that answered (a turn or an estimate).
    pub answered: usize,
    recent: VecDeque<String>,
}

impl Jobs {
    fn note(&mut self, text: String) {
        if self.recent.len() == 12 {
            self.recent.pop_front();
        }
        self.recent.push_back(text);
    }

    fn started(&mut self, r: &Request) {
        // The request's time, or the level's own when shorter, and the least time shown.
        let own = crate::search::levels::spec(r.level).limits.ms;
        let time = own.map_or(r.time, |ms| r.time.min(Duration::from_millis(ms)));
        let what = format!(
            "{:?} at level {} for {:?}{}",
            r.purpose,
            r.level,
            r.time,
            if r.fresh { " (review)" } else { "" }
        );
        self.note(format!("#{} {what}", r.id));
        self.running = Some(Job {
            id: r.id,
            what,
            due: (r.purpose != Purpose::Analyse).then(|| Instant::now() + time + r.pace + SLACK),
        });
    }

    fn stopped(&mut self) {
        if let Some(j) = self.running.take() {
            self.note(format!("#{} stopped", j.id));
        }
    }

    fn report(&mut self, e: &AiEvent) {
        let id = e.id();
        let ends = match e {
            AiEvent::Progress { .. } => false,
            AiEvent::Failed { message, .. } => {
                self.failures.push(message.clone());
                self.note(format!("#{id} failed: {message}"));
                true
            }
            AiEvent::Turn { .. } | AiEvent::Estimate { .. } => {
                self.answered += 1;
                self.note(format!("#{id} answered"));
                true
            }
        };
        if ends && self.running.as_ref().is_some_and(|j| j.id == id) {
            self.running = None;
        }
    }

    /// A failed job, or one that did not answer in time.
    fn problem(&self) -> Option<String> {
        if let Some(m) = self.failures.first() {
            return Some(format!("the AI failed: {m}"));
        }
        let j = self.running.as_ref()?;
        j.due
            .filter(|due| Instant::now() > *due)
            .map(|_| format!("the AI never answered job #{} ({})", j.id, j.what))
    }

    /// Whether a job that must answer is running (not analysis).
    pub fn busy(&self) -> bool {
        self.running.as_ref().is_some_and(|j| j.due.is_some())
    }
}

/// A thinker that tells [`Jobs`] what it is asked.
struct Watched {
    inner: Box<dyn Thinker>,
    jobs: Arc<Mutex<Jobs>>,
}

impl Thinker for Watched {
    fn start(&mut self, req: Request) {
        lock(&self.jobs).started(&req);
        self.inner.start(req);
    }

    fn stop(&mut self) {
        lock(&self.jobs).stopped();
        self.inner.stop();
    }
}

fn lock(jobs: &Mutex<Jobs>) -> MutexGuard<'_, Jobs> {
    jobs.lock().unwrap_or_else(|e| e.into_inner())
}

/// `ai`, watched: its jobs and reports are told to `jobs` (reports before the session has
/// them).
fn watched(ai: AiStart, jobs: Arc<Mutex<Jobs>>) -> AiStart {
    Box::new(move |sink| {
        let seen = jobs.clone();
        let inner = ai(Box::new(move |e: AiEvent| {
            lock(&seen).report(&e);
            sink(e);
        }));
        Box::new(Watched { inner, jobs })
    })
}

/// A running session.
pub struct Session {
    keys: SyncSender<Msg>,
    shared: Arc<Shared>,
    jobs: Arc<Mutex<Jobs>>,
    host: Option<JoinHandle<anyhow::Result<()>>>,
    size: (u16, u16),
    /// Where the test is, for failure messages ("Keil side 5: the hint").
    pub at: String,
    /// A failure of the AI is expected: said on screen, it fails nothing until
    /// [`Session::failure_seen`].
    expecting: bool,
    _data: tempfile::TempDir,
}

impl Session {
    /// A session at the menu in a terminal of `size`, with `ai`, its files in a directory of its
    /// own (autosave, kept games, the New game form's last choices).
    pub fn start(size: (u16, u16), ai: AiStart) -> Session {
        let data = tempfile::tempdir().expect("a temporary directory");
        let shared = Arc::new(Shared {
            term: Mutex::new(Term {
                parser: vt100::Parser::new(nonzero(size.1), nonzero(size.0), 0),
                frames: 0,
            }),
            drawn: Condvar::new(),
        });
        let jobs = Arc::new(Mutex::new(Jobs::default()));
        let (keys, events) = sync_channel::<Msg>(0);
        // The AI reports on the session's own sender; they join the keys' rendezvous here.
        let (reports, from_ai) = channel::<Msg>();
        let relay = keys.clone();
        std::thread::spawn(move || {
            for m in from_ai {
                if relay.send(m).is_err() {
                    return;
                }
            }
        });
        let config = crate::config::Config {
            theme: "default".into(),
            ..crate::config::Config::default()
        };
        let host = Host {
            out: Box::new(Output {
                shared: shared.clone(),
                pending: Vec::new(),
            }),
            size,
            events,
            sender: reports,
            user: "tester".into(),
            identity: None,
            storage: Storage {
                data: Some(data.path().to_path_buf()),
                ..Storage::default()
            },
            settings: Settings::new(config, None, false),
            ai: watched(ai, jobs.clone()),
            link: None,
            start: Start::Menu,
        };
        let host = std::thread::Builder::new()
            .name("session".into())
            .spawn(move || host::run(host))
            .expect("spawn the session");
        let mut s = Session {
            keys,
            shared,
            jobs,
            host: Some(host),
            size,
            at: "the start".into(),
            expecting: false,
            _data: data,
        };
        s.wait_for("the menu", SLACK, |t| t.contains("New game"));
        s
    }

    /// The screen's text.
    pub fn screen(&self) -> String {
        self.shared.lock().parser.screen().contents()
    }

    /// The terminal's size.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// What the AI did so far.
    pub fn jobs(&self) -> MutexGuard<'_, Jobs> {
        lock(&self.jobs)
    }

    /// Fails the test: where it was, what went wrong, the screen and the AI's last jobs.
    pub fn fail(&self, problem: &str) -> ! {
        let recent: Vec<String> = self.jobs().recent.iter().cloned().collect();
        panic!(
            "{}: {problem}\n--- screen ---\n{}\n--- the AI's last jobs ---\n{}",
            self.at,
            self.screen(),
            recent.join("\n")
        );
    }

    /// The AI is about to fail (a test made it): its failure, said on screen, fails nothing
    /// until [`Session::failure_seen`]. Panic text on screen still does.
    pub fn expect_failure(&mut self) {
        self.expecting = true;
    }

    /// The AI failed once as expected, with `message` in its account, and the screen no
    /// longer says so: from now on a failure fails the test again.
    pub fn failure_seen(&mut self, message: &str) {
        let failures = std::mem::take(&mut self.jobs().failures);
        if failures.len() != 1 || !failures[0].contains(message) {
            self.fail(&format!(
                "one failure with '{message}' expected: {failures:?}"
            ));
        }
        self.expecting = false;
        let screen = self.screen();
        self.check(&screen);
    }

    /// Fails when the session ended, the AI failed or is late, or a crash is on `screen`.
    fn check(&mut self, screen: &str) {
        let words = if self.expecting {
            &CRASH_WORDS[1..]
        } else {
            &CRASH_WORDS[..]
        };
        if let Some(word) = words.iter().find(|w| screen.contains(*w)) {
            self.fail(&format!("'{word}' on screen"));
        }
        let problem = self.jobs().problem().filter(|_| !self.expecting);
        if let Some(p) = problem {
            self.fail(&p);
        }
        if self.host.as_ref().is_some_and(|h| h.is_finished()) {
            let r = self.host.take().expect("checked").join();
            self.fail(&format!("the session ended: {r:?}"));
        }
    }

    /// Waits at most `wait` for a frame (letting go of `term`), then checks the screen.
    fn settle(&mut self, term: MutexGuard<'_, Term>, wait: Duration) {
        let term = self.shared.next_frame(term, wait);
        let screen = term.parser.screen().contents();
        drop(term);
        self.check(&screen);
    }

    /// Hands `msg` to the session while it waits for one; returns the frames drawn before.
    fn take(&mut self, msg: Msg) -> u64 {
        let deadline = Instant::now() + SLACK;
        let mut msg = msg;
        let shared = self.shared.clone();
        loop {
            // Held from reading the count to handing over: no frame is flushed in between.
            let term = shared.lock();
            let frames = term.frames;
            msg = match self.keys.try_send(msg) {
                Ok(()) => return frames,
                Err(TrySendError::Full(m)) => m,
                Err(TrySendError::Disconnected(_)) => {
                    drop(term);
                    let screen = self.screen();
                    self.check(&screen);
                    self.fail("the session no longer takes messages");
                }
            };
            if Instant::now() > deadline {
                drop(term);
                self.fail(&format!("the session took no message for {SLACK:?}"));
            }
            // Busy drawing or with the AI's reports: a frame (or a moment) later.
            self.settle(term, Duration::from_millis(5));
        }
    }

    /// Sends a message and waits for the frame drawn after it; returns that screen.
    pub fn send(&mut self, msg: Msg) -> String {
        let before = self.take(msg);
        self.wait_frame(before)
    }

    /// Waits for a frame after the first `before`; returns its screen.
    fn wait_frame(&mut self, before: u64) -> String {
        let deadline = Instant::now() + SLACK;
        let mut term = self.shared.lock();
        while term.frames <= before {
            if Instant::now() > deadline {
                drop(term);
                self.fail(&format!("no frame drawn within {SLACK:?}"));
            }
            term = self.shared.next_frame(term, Duration::from_millis(200));
        }
        let screen = term.parser.screen().contents();
        drop(term);
        self.check(&screen);
        screen
    }

    /// Presses a key.
    pub fn press(&mut self, code: ratatui::crossterm::event::KeyCode) -> String {
        self.send(crate::tui::testing::key(code))
    }

    /// Types characters (each a key press).
    pub fn type_text(&mut self, text: &str) -> String {
        let mut screen = String::new();
        for c in text.chars() {
            screen = self.send(crate::tui::testing::ch(c));
        }
        screen
    }

    /// The terminal is resized to `size` (columns, rows; 1 at least).
    pub fn resize(&mut self, size: (u16, u16)) -> String {
        let size = (size.0.max(1), size.1.max(1));
        self.size = size;
        // The virtual terminal first: the session clears and redraws it all at the new size.
        self.shared
            .lock()
            .parser
            .screen_mut()
            .set_size(nonzero(size.1), nonzero(size.0));
        self.send(Msg::Resize(size.0, size.1))
    }

    /// Waits until the screen satisfies `ready`, at most `limit`; fails saying `what` was
    /// awaited. Returns the screen.
    pub fn wait_for(
        &mut self,
        what: &str,
        limit: Duration,
        ready: impl Fn(&str) -> bool,
    ) -> String {
        let deadline = Instant::now() + limit;
        let shared = self.shared.clone();
        loop {
            let term = shared.lock();
            let screen = term.parser.screen().contents();
            if ready(&screen) {
                drop(term);
                self.check(&screen);
                return screen;
            }
            self.settle(term, Duration::from_millis(200));
            if Instant::now() > deadline {
                self.fail(&format!("waited {limit:?} for {what}"));
            }
        }
    }

    /// Waits, at most `limit`, until no job that must answer is running (the AI's turn, a
    /// hint, an estimate, a review's search; analysis goes on until stopped); fails if a job
    /// does not answer in its time. An AI playing itself may still be busy after `limit`.
    pub fn wait_ai(&mut self, limit: Duration) {
        let deadline = Instant::now() + limit;
        let shared = self.shared.clone();
        while self.jobs().busy() && Instant::now() < deadline {
            self.settle(shared.lock(), Duration::from_millis(200));
        }
    }

    /// Ends the session as the program is told to (SIGTERM) and checks that it ended well.
    pub fn finish(mut self) {
        self.take(Msg::Terminate);
        let host = self.host.take().expect("the session runs");
        match host.join() {
            Ok(Ok(())) => {}
            other => self.fail(&format!("the session ended badly: {other:?}")),
        }
    }
}

impl Drop for Session {
    /// A test that failed midway ends its session (and its AI) too, if the session still
    /// takes messages.
    fn drop(&mut self) {
        let Some(host) = self.host.take() else {
            return;
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut msg = Msg::Terminate;
        loop {
            let term = self.shared.lock();
            msg = match self.keys.try_send(msg) {
                Ok(()) => break,
                Err(TrySendError::Full(m)) => m,
                Err(TrySendError::Disconnected(_)) => break,
            };
            if Instant::now() > deadline {
                return;
            }
            drop(self.shared.next_frame(term, Duration::from_millis(5)));
        }
        let _ = host.join();
    }
}
