//! Opening a challenge on a server: the game, its board, komi and button (the New game
//! form's own fields and rules), and the time control. The server seats the two players by
//! lot when someone accepts.

use super::app::Transition;
use super::commands::{Command, Table};
use super::layout::{centred, key_line};
use super::new_game::{Field, NewGameForm};
use super::screen::{Component, Ctx, ViewCtx};
use super::Effect;
use crate::online::{duration_words, ChallengeSpec, Clock, Request};
use ratatui::crossterm::event::KeyEvent;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
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
    pub row: usize,
}

impl ChallengeForm {
    /// The form with the New game form's defaults and no clock.
    pub fn new(game: NewGameForm) -> ChallengeForm {
        ChallengeForm {
            game,
            clock: Clock::None,
            row: 0,
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
    /// The row above.
    Up,
    /// The row below.
    Down,
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
        Command::new(Action::Up, "up", &["Up", "k", "BackTab"], always, "field", "the field above"),
        Command::new(Action::Down, "down", &["Down", "j", "Tab"], always, "field", "the field below"),
        Command::new(Action::Less, "less", &["Left", "h", "-"], always, "change", "change the field"),
        Command::new(Action::More, "more", &["Right", "l", "+"], always, "change", "change the field"),
        Command::new(Action::Open, "open", &["Enter", "o"], always, "open", "open the challenge in the lobby"),
        Command::new(Action::Back, "back", &["Esc", "q"], always, "back", "back to the lobby"),
    ],
};

impl Component<Transition> for ChallengeForm {
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        let rows = self.rows();
        self.row = self.row.min(rows.len() - 1);
        let row = rows[self.row];
        match TABLE.lookup(self, &cx.settings.keymap, &k) {
            None => {}
            Some(Action::Back) => return Transition::Menu,
            Some(Action::Up) => self.row = (self.row + rows.len() - 1) % rows.len(),
            Some(Action::Down) => self.row = (self.row + 1) % rows.len(),
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
        let t = &s.theme;
        let area = f.area();
        f.render_widget(Block::new().style(t.text), area);
        let mut lines = vec![Line::styled("Open a challenge", t.title), Line::raw("")];
        for (i, row) in self.rows().into_iter().enumerate() {
            let (label, value) = self.row_text(row);
            let style = if i == self.row { t.selected } else { t.text };
            let arrows = i == self.row && row != Row::Open;
            lines.push(Line::from(vec![
                Span::styled(format!("{label:>11}  "), t.dim),
                Span::styled(if arrows { "< " } else { "  " }, t.key),
                Span::styled(value, style),
                Span::styled(if arrows { " >" } else { "" }, t.key),
            ]));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            "Who moves first (or sets komi in the bid) is drawn by lot.",
            t.dim,
        ));
        let r = centred(area, 72, lines.len() as u16);
        f.render_widget(Paragraph::new(lines), r);
        key_line(f, area, &TABLE.hints(self, &s.keymap), s);
    }
}
