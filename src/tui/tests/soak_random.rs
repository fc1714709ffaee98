//! Issue 64's slow check: one session with the real AI, driven by a seeded random person for
//! hundreds of transitions: new games of any game on any board the form offers (square 5–19,
//! hexhex 3–12) at any level 1–10, against the AI or watching it play itself, in a bid or
//! not; stones, passes, hints, take-backs, history steps, analysis, reviews, the menu and
//! Resume, and resizes down to terminals too small for anything. It fails on a crash said on
//! screen, a panic's text, a failed AI job or one that never answers, or the session ending
//! ([`Session`] checks every frame). Not in the default suite: `tools/slow-checks.sh` runs it
//! (release build).
//!
//! The keys come from the seed alone (where a key is pressed may follow what the screen
//! shows, as a person's would), so `TESSERA_SOAK_SEED=N` replays a failed run's keys; the AI
//! plays differently each time (its searches are timed and seeded afresh).
//! `TESSERA_SOAK_STEPS` changes the number of transitions (300).

use super::driver::{Session, SLACK};
use super::person::LEAST_TIME;
use crate::board::Geometry;
use crate::games::GameKind;
use crate::rng::FastRng;
use crate::tui::game::areas::needed;
use ratatui::crossterm::event::KeyCode;
use std::cmp::Ordering;
use std::time::Duration;

/// Where the session is, read from the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Menu,
    Form,
    Game,
    TooSmall,
}

fn place(screen: &str) -> Place {
    if screen.contains("The terminal is too small") {
        Place::TooSmall
    } else if screen.contains("Board size") && screen.contains("New game") {
        Place::Form
    } else if screen.contains("Load game") && screen.contains("Puzzles") {
        Place::Menu
    } else {
        Place::Game
    }
}

/// A terminal large enough for every board at the least scale.
fn roomy() -> (u16, u16) {
    let square = (5..=19).map(Geometry::square);
    let hex = (3..=12).map(Geometry::hex);
    square
        .chain(hex)
        .map(needed)
        .fold((80, 24), |(w, h), (nw, nh)| (w.max(nw), h.max(nh)))
}

/// The random person.
struct Person {
    s: Session,
    rng: FastRng,
    seed: u64,
    /// What the last transitions were, the latest last.
    done: Vec<String>,
}

impl Person {
    fn below(&mut self, n: usize) -> usize {
        self.rng.below(n)
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One transition from where the session is; says what it did.
    fn step(&mut self) -> String {
        let screen = self.s.screen();
        match place(&screen) {
            Place::TooSmall => match self.below(10) {
                0 => {
                    self.s.press(KeyCode::Esc);
                    "Esc (too small: to the menu)".into()
                }
                1 => self.resize(),
                2 | 3 => {
                    self.s.wait_ai(Duration::from_secs(5));
                    "let the AI think (too small)".into()
                }
                _ => {
                    let size = roomy();
                    self.s.resize(size);
                    format!("resize to {size:?}")
                }
            },
            Place::Menu if screen.contains("Resume") && self.chance(20) => {
                self.s.type_text("r");
                "Resume".into()
            }
            Place::Menu => self.new_game(),
            Place::Form => {
                self.s.press(KeyCode::Esc);
                "Esc (the form: back to the menu)".into()
            }
            Place::Game => self.in_game(&screen),
        }
    }

    fn resize(&mut self) -> String {
        let (w, h) = roomy();
        let size = match self.below(3) {
            0 => (1 + self.below(60) as u16, 1 + self.below(20) as u16),
            1 => (
                w + self.below(201 - w as usize) as u16,
                h + self.below(61 - h as usize) as u16,
            ),
            _ => (w, h),
        };
        self.s.resize(size);
        format!("resize to {size:?}")
    }

    /// A random key or two on the game screen, and the AI's answer awaited.
    fn in_game(&mut self, screen: &str) -> String {
        let what = match self.below(100) {
            0..=39 => {
                let moves = [KeyCode::Left, KeyCode::Right, KeyCode::Up, KeyCode::Down];
                let n = self.below(5);
                let mut keys = Vec::new();
                for _ in 0..n {
                    let k = moves[self.below(4)];
                    self.s.press(k);
                    keys.push(format!("{k:?}"));
                }
                self.s.press(KeyCode::Enter);
                format!("place: {} Enter", keys.join(" "))
            }
            40..=42 => self.keys("p", "pass"),
            43..=49 => self.keys("H", "hint"),
            50..=55 => {
                // `u` is a diagonal on hexhex boards; Backspace takes back everywhere.
                self.s.press(KeyCode::Backspace);
                "take back (Backspace)".into()
            }
            56..=61 => {
                let (key, what) = match self.below(4) {
                    0 => (KeyCode::Home, "history: the first position"),
                    1 => (KeyCode::End, "history: back to the game"),
                    2 => (KeyCode::Char('['), "history: a turn back"),
                    _ => (KeyCode::Char(']'), "history: a turn forward"),
                };
                self.s.press(key);
                what.into()
            }
            62..=66 => self.keys("a", "analysis on or off"),
            67..=68 => {
                let keys = ["v", "V", "o", "A", "c", "s"];
                let k = keys[self.below(keys.len())];
                self.keys(k, "a key of analysis or the board")
            }
            69..=71 => {
                let keys = ["b", "w", "v", "h"];
                let k = keys[self.below(keys.len())];
                self.keys(k, "a side in the bid")
            }
            72..=75 => {
                self.s.type_text(":resign");
                self.s.press(KeyCode::Enter);
                self.s.type_text("R");
                "resign and review".into()
            }
            76..=80 => self.resize(),
            81..=86 => {
                self.leave();
                self.new_game()
            }
            87..=88 => {
                self.leave();
                self.s.type_text("r");
                "menu and Resume".into()
            }
            89 => {
                self.s.type_text("?");
                self.s.press(KeyCode::Esc);
                "help".into()
            }
            90..=91 if screen.contains("Game over") => {
                self.keys("R", "review from the Game over box")
            }
            _ => "let the AI think".into(),
        };
        // The AI answers (a turn, a hint, a review's search) before the next transition,
        // unless it plays itself (then it plays on meanwhile).
        self.s.wait_ai(Duration::from_secs(10));
        what
    }

    fn keys(&mut self, text: &str, what: &str) -> String {
        self.s.type_text(text);
        format!("{what} ({text})")
    }

    /// From the game screen to the menu (saying yes to leaving a game in progress).
    fn leave(&mut self) {
        let screen = self.s.press(KeyCode::Esc);
        if screen.contains("Leave this game") {
            self.s.type_text("y");
        }
    }

    /// A new game from the menu through the form, with random choices.
    fn new_game(&mut self) -> String {
        if place(&self.s.screen()) != Place::Menu {
            return "no menu for a new game".into();
        }
        let size = self.s.size();
        let room = roomy();
        if size.0 < room.0 || size.1 < room.1 {
            self.s.resize(room);
        }
        self.s.type_text("n");
        self.s
            .wait_for("the New game form", SLACK, |s| s.contains("Board size"));
        let kind = GameKind::ALL[self.below(GameKind::ALL.len())];
        let sizes = kind.sizes();
        let board = sizes.start() + self.below(sizes.end() - sizes.start() + 1);
        let level = 1 + self.below(10) as u8;
        let watch = self.chance(10);
        let title = kind.title();
        self.s.set_row("Game", |v| aim(v.starts_with(title)));
        self.s.set_number("Board size", board as f64);
        let opponent = if watch { "none" } else { "the AI" };
        self.s.set_row("Opponent", |v| aim(v.starts_with(opponent)));
        self.s.set_number("AI level", f64::from(level));
        let form = self.s.set_number("AI time", LEAST_TIME);
        let mut also = Vec::new();
        if !watch && self.chance(50) {
            self.s.select_row("You");
            self.s.press(KeyCode::Right);
            also.push("the other seat");
        }
        if form.contains(" Komi  ") && self.chance(50) {
            self.s.select_row("Komi");
            let n = 1 + self.below(3);
            for _ in 0..n {
                self.s.press(KeyCode::Right);
            }
            also.push("another komi");
        }
        self.s.press(KeyCode::Enter);
        self.s.wait_for("the game screen", SLACK, |s| {
            matches!(place(s), Place::Game | Place::TooSmall)
        });
        format!(
            "new game: {title} {} level {level}{}{}",
            kind.board_kind().size_label(board),
            if watch { ", the AI plays itself" } else { "" },
            if also.is_empty() {
                String::new()
            } else {
                format!(", {}", also.join(", "))
            }
        )
    }
}

/// `Ordering::Equal` when the value is the one wanted, else a step to the right.
fn aim(ok: bool) -> Ordering {
    if ok {
        Ordering::Equal
    } else {
        Ordering::Less
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

#[test]
#[ignore = "minutes: the random soak of tools/slow-checks.sh (release build)"]
fn random_session_soak() {
    let seed =
        env_number("TESSERA_SOAK_SEED").unwrap_or_else(|| FastRng::from_entropy().next_u64());
    let steps = env_number("TESSERA_SOAK_STEPS").unwrap_or(300);
    println!(
        "random soak: seed {seed}, {steps} transitions (TESSERA_SOAK_SEED={seed} replays its keys)"
    );
    let started = std::time::Instant::now();
    let mut p = Person {
        s: Session::start(roomy(), crate::ai::local()),
        rng: FastRng::seed(seed),
        seed,
        done: Vec::new(),
    };
    for i in 1..=steps {
        let last: Vec<&str> = p
            .done
            .iter()
            .rev()
            .take(5)
            .rev()
            .map(String::as_str)
            .collect();
        p.s.at = format!(
            "random soak, seed {} (TESSERA_SOAK_SEED={} replays its keys), transition {i} of {steps}, after: {}",
            p.seed,
            p.seed,
            last.join(" | ")
        );
        let what = p.step();
        println!("{i:>4}. {what}");
        p.done.push(what);
    }
    let answered = p.s.jobs().answered;
    println!(
        "random soak: seed {seed}, {steps} transitions, {answered} AI jobs answered, {:.0} s",
        started.elapsed().as_secs_f64()
    );
    p.s.finish();
}
