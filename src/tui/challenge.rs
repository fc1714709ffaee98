//! Opening a challenge on a server: the game, its board, komi and button (the New game
//! form's own fields and rules), and the time control. The server seats the two players by
//! lot when someone accepts.

use super::commands::{Command, Table};
use super::effect::Effect;
use super::form::{Form, Move, Selection};
use super::new_game::{Field, NewGameForm};
use super::screen::transition::Transition;
use super::screen::{Component, Ctx, ViewCtx};
use crate::online::{duration_words, ChallengeSpec, Clock, Request};
use ratatui::crossterm::event::KeyEvent;
use ratatui::Frame;

/// Seconds a turn the per-move clock offers.
pub const PER_MOVE: [u32; 6] = [10, 20, 30, 60, 120, 300];
/// Seconds each the absolute clock offers.
pub const ABSOLUTE: [u32; 7] = [60, 180, 300, 600, 900, 1800, 3600];

/// A row of the challenge form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// A field of the game (game, size, komi, button).
    Game(Field),
    /// None, per move, absolute.
    ClockKind,
    /// The clock's time.
    ClockTime,
    /// Open the challenge.
    Open,
}

/// The challenge form's state.
#[derive(Clone, Debug)]
pub struct ChallengeForm {
    /// The game's fields (the New game form's, without opponent and AI rows).
    pub game: NewGameForm,
    /// The time control.
    pub clock: Clock,
    /// The selected row.
    pub row: Selection,
}

impl ChallengeForm {
    /// The form with the New game form's defaults and no clock.
    pub fn new(game: NewGameForm) -> ChallengeForm {
        ChallengeForm {
            game,
            clock: Clock::None,
            row: Selection::default(),
        }
    }

    /// The rows shown.
    pub fn rows(&self) -> Vec<Row> {
        let mut v = vec![Row::Game(Field::Game), Row::Game(Field::Size)];
        if self.game.kind.has_komi() {
            v.push(Row::Game(Field::Komi));
        }
        if self.game.kind.spec().button {
            v.push(Row::Game(Field::Button));
        }
        v.push(Row::ClockKind);
        if self.clock != Clock::None {
            v.push(Row::ClockTime);
        }
        v.push(Row::Open);
        v
    }

    /// What the challenge offers.
    pub fn spec(&self) -> ChallengeSpec {
        ChallengeSpec {
            kind: self.game.kind,
            options: self.game.options(),
            clock: self.clock,
        }
    }

    /// Changes a row's value one step (`dir` = -1 or +1).
    pub fn change(&mut self, row: Row, dir: i32) {
        let step = |list: &[u32], now: u32| {
            let i = list
                .iter()
                .position(|&t| t >= now)
                .unwrap_or(list.len() - 1);
            list[(i as i32 + dir).clamp(0, list.len() as i32 - 1) as usize]
        };
        match row {
            Row::Game(f) => self.game.change(f, dir),
            Row::ClockKind => {
                let all = [Clock::None, Clock::PerMove(30), Clock::Absolute(300)];
                let i = all
                    .iter()
                    .position(|c| std::mem::discriminant(c) == std::mem::discriminant(&self.clock))
                    .unwrap_or(0);
                self.clock = all[(i as i32 + dir).rem_euclid(3) as usize];
            }
            Row::ClockTime => {
                self.clock = match self.clock {
                    Clock::PerMove(s) => Clock::PerMove(step(&PER_MOVE, s)),
                    Clock::Absolute(s) => Clock::Absolute(step(&ABSOLUTE, s)),
                    Clock::None => Clock::None,
                }
            }
            Row::Open => {}
        }
    }

    fn row_text(&self, row: Row) -> (&'static str, String) {
        match row {
            Row::Game(f) => self.game.row_text(f),
            Row::ClockKind => (
                "Clock",
                match self.clock {
                    Clock::None => "none".into(),
                    Clock::PerMove(_) => "per move (lose on time)".into(),
                    Clock::Absolute(_) => "absolute: the whole game (lose on time)".into(),
                },
            ),
            Row::ClockTime => (
                "Time",
                match self.clock {
                    Clock::PerMove(s) => format!("{} a turn", duration_words(s)),
                    Clock::Absolute(s) => format!("{} each", duration_words(s)),
                    Clock::None => String::new(),
                },
            ),
            Row::Open => ("", "[ Open the challenge ]".into()),
        }
    }
}

/// What a command of the challenge form does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The row above or below.
    Move(Move),
    /// The row's previous value.
    Less,
    /// The row's next value.
    More,
    /// Open the challenge.
    Open,
    /// Back to the lobby.
    Back,
}

fn always(_: &ChallengeForm) -> bool {
    true
}

/// The challenge form's commands.
#[rustfmt::skip]
pub static TABLE: Table<ChallengeForm, Action> = Table {
    screen: "challenge",
    rows: &[
        Command::new(Action::Move(Move::Prev), "up", &["Up", "k", "BackTab"], always, "field", "the field above"),
        Command::new(Action::Move(Move::Next), "down", &["Down", "j", "Tab"], always, "field", "the field below"),
        Command::new(Action::Less, "less", &["Left", "h", "-"], always, "change", "change the field"),
        Command::new(Action::More, "more", &["Right", "l", "+"], always, "change", "change the field"),
        Command::new(Action::Open, "open", &["Enter", "o"], always, "open", "open the challenge in the lobby"),
        Command::new(Action::Back, "back", &["Esc", "q"], always, "back", "back to the lobby"),
    ],
};

impl Component<Transition> for ChallengeForm {
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        let rows = self.rows();
        self.row.clamp(rows.len());
        let row = rows[self.row.index()];
        match TABLE.lookup(self, &cx.settings.keymap, &k) {
            None => {}
            Some(Action::Back) => return Transition::Menu,
            Some(Action::Move(m)) => self.row.go(m, rows.len()),
            Some(Action::Less) => self.change(row, -1),
            Some(Action::More) => self.change(row, 1),
            Some(Action::Open) => {
                let fx = vec![Effect::Net(Request::Open(self.spec()))];
                return Transition::MenuWith(fx);
            }
        }
        Transition::stay()
    }

    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        let s = v.settings;
        let mut form = Form::titled(s, "Open a challenge", 72);
        let rows = self.rows().into_iter().map(|row| {
            let (label, value) = self.row_text(row);
            (label, value, row != Row::Open)
        });
        form.fields(rows, self.row.index(), 11, true);
        form.para(
            "Who moves first (or sets komi in the bid) is drawn by lot.",
            s.theme.dim,
        );
        form.draw(f, &TABLE.hints(self, &s.keymap));
    }
}
