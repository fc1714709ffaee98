//! The lobby of a game server: open challenges (accept one, or withdraw one's own), games in
//! progress (watch one), one's adjourned games (resume one), who is online, and the ways out:
//! open a challenge, play the AI, one's games, rules, settings. Its keys, key line and help
//! come from one command table, like every screen's.

use super::commands::{Command, Table};
use super::effect::Effect;
use super::layout::{ellipsis, fit, help_popup, key_line};
use super::menu::ResumeOffer;
use super::note::Note;
use super::screen::transition::Transition;
use super::screen::{Component, Ctx, ViewCtx};
use crate::online::{LobbyView, Request};
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

/// A row of the lobby that can be selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A game in progress where this person has a seat to return to.
    Yours(usize),
    /// An open challenge (index into the view's list).
    Challenge(usize),
    /// A game in progress.
    Game(usize),
    /// One of this person's adjourned games.
    Adjourned(usize),
}

/// The lobby's state.
#[derive(Clone, Debug, Default)]
pub struct Lobby {
    /// What the server last said.
    pub view: LobbyView,
    /// The selected entry (index into [`Lobby::entries`]).
    pub selected: usize,
    /// This person's nickname.
    pub me: String,
    /// The autosaved game against the AI, if any.
    pub resume: Option<ResumeOffer>,
    /// The help is shown.
    pub help: bool,
}

/// What a lobby command does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Select the entry above.
    Up,
    /// Select the entry below.
    Down,
    /// Accept the selected challenge.
    Accept,
    /// Withdraw one's own selected challenge.
    Cancel,
    /// Watch the selected game.
    Watch,
    /// Ask to resume the selected adjourned game.
    Resume,
    /// Return to one's own game in progress.
    Return,
    /// Open a challenge.
    Challenge,
    /// Play the AI.
    PlayAi,
    /// Continue the game against the AI.
    ResumeAi,
    /// One's games (records).
    Games,
    /// Puzzles (progress kept in this key's data directory on the server).
    Puzzles,
    /// The rules.
    Rules,
    /// Settings.
    Settings,
    /// Show the help.
    Help,
    /// Close the help.
    CloseHelp,
    /// Leave.
    Quit,
}

impl Lobby {
    /// The rows that can be selected, in screen order.
    pub fn entries(&self) -> Vec<Entry> {
        let v = &self.view;
        (0..v.yours.len())
            .map(Entry::Yours)
            .chain((0..v.challenges.len()).map(Entry::Challenge))
            .chain((0..v.games.len()).map(Entry::Game))
            .chain((0..v.adjourned.len()).map(Entry::Adjourned))
            .collect()
    }

    /// The selected entry, if any.
    pub fn current(&self) -> Option<Entry> {
        let e = self.entries();
        e.get(self.selected.min(e.len().saturating_sub(1))).copied()
    }

    /// A new view from the server (the selection stays on the same row number).
    pub fn set_view(&mut self, view: LobbyView) {
        self.view = view;
        self.selected = self.selected.min(self.entries().len().saturating_sub(1));
    }

    fn on_challenge(&self, mine: bool) -> bool {
        match self.current() {
            Some(Entry::Challenge(i)) => self.view.challenges[i].mine == mine,
            _ => false,
        }
    }
}

/// The columns a nickname is given in the lobby's tables: any nickname of 16 letters fits
/// whole (a longer one, of wide characters, is cut).
const NAME_COLUMNS: usize = 16;

/// The two players of a game as one cell of the lobby's tables: "alice – bob", each name in
/// at most [`NAME_COLUMNS`] columns, padded so that what follows lines up.
fn pair(names: &[String; 2]) -> String {
    let [a, b] = names.each_ref().map(|n| ellipsis(n, NAME_COLUMNS));
    fit(&format!("{a} – {b}"), 2 * NAME_COLUMNS + 3)
}

fn always(_: &Lobby) -> bool {
    true
}

fn browsing(l: &Lobby) -> bool {
    !l.help
}

/// The lobby's commands.
#[rustfmt::skip]
pub static TABLE: Table<Lobby, Action> = Table {
    screen: "lobby",
    rows: &[
        Command::new(Action::CloseHelp, "close_help", &["any"], |l| l.help, "close the help", "close the help"),
        Command::new(Action::Up, "up", &["Up", "k", "BackTab"], browsing, "choose", "select the entry above"),
        Command::new(Action::Down, "down", &["Down", "j", "Tab"], browsing, "choose", "select the entry below"),
        Command::new(Action::Return, "return", &["Enter", "Space"], |l| browsing(l) && matches!(l.current(), Some(Entry::Yours(_))), "return to your game", "return to your game in progress (it waits for you)"),
        Command::new(Action::Accept, "accept", &["Enter", "Space"], |l| browsing(l) && l.on_challenge(false), "accept", "accept the selected challenge: the game starts"),
        Command::new(Action::Cancel, "cancel", &["x", "Delete"], |l| browsing(l) && l.on_challenge(true), "withdraw", "withdraw your challenge"),
        Command::new(Action::Watch, "watch", &["Enter", "Space"], |l| browsing(l) && matches!(l.current(), Some(Entry::Game(_))), "watch", "watch the selected game"),
        Command::new(Action::Resume, "resume", &["Enter", "Space"], |l| browsing(l) && matches!(l.current(), Some(Entry::Adjourned(_))), "resume", "ask to resume the adjourned game (it starts when both asked)"),
        Command::new(Action::Challenge, "challenge", &["c"], browsing, "challenge", "open a challenge"),
        Command::new(Action::PlayAi, "play_ai", &["a"], browsing, "play the AI", "play the AI"),
        Command::new(Action::ResumeAi, "resume_ai", &["r"], |l| browsing(l) && l.resume.is_some(), "resume", "continue your game against the AI"),
        Command::new(Action::Games, "games", &["g"], browsing, "my games", "your games: review a record"),
        Command::new(Action::Puzzles, "puzzles", &["p"], browsing, "puzzles", "puzzles: win in N"),
        Command::new(Action::Rules, "rules", &["u"], browsing, "", "the rules"),
        Command::new(Action::Settings, "settings", &["s"], browsing, "", "settings"),
        Command::new(Action::Help, "help", &["?"], browsing, "help", "this help"),
        Command::new(Action::Quit, "quit", &["q"], always, "quit", "leave the server"),
    ],
};

impl Component<Transition> for Lobby {
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        let n = self.entries().len();
        let net = |r: Request| Transition::Stay(vec![Effect::Net(r)]);
        let action = TABLE.lookup(self, &cx.settings.keymap, &k);
        if action.is_some() && action != Some(Action::CloseHelp) {
            *cx.note = None;
        }
        match (action, self.current()) {
            (None, _) => Transition::stay(),
            (Some(Action::CloseHelp), _) => {
                self.help = false;
                Transition::stay()
            }
            (Some(Action::Help), _) => {
                self.help = true;
                Transition::stay()
            }
            (Some(Action::Up), _) => {
                self.selected = (self.selected + n.max(1) - 1) % n.max(1);
                Transition::stay()
            }
            (Some(Action::Down), _) => {
                self.selected = (self.selected + 1) % n.max(1);
                Transition::stay()
            }
            (Some(Action::Accept), Some(Entry::Challenge(i))) => {
                net(Request::Accept(self.view.challenges[i].id))
            }
            (Some(Action::Cancel), Some(Entry::Challenge(i))) => {
                net(Request::Cancel(self.view.challenges[i].id))
            }
            (Some(Action::Return), Some(Entry::Yours(i))) => {
                net(Request::Return(self.view.yours[i].id))
            }
            (Some(Action::Watch), Some(Entry::Game(i))) => {
                net(Request::Watch(self.view.games[i].id))
            }
            (Some(Action::Resume), Some(Entry::Adjourned(i))) => {
                let a = &self.view.adjourned[i];
                if !a.online {
                    *cx.note = Some(Note::error(format!(
                        "{} is not on the server: the game resumes when you both ask",
                        a.opponent
                    )));
                    return Transition::stay();
                }
                net(Request::Resume(a.id))
            }
            (Some(Action::Challenge), _) => Transition::Challenge,
            (Some(Action::PlayAi), _) => Transition::NewGame,
            (Some(Action::ResumeAi), _) => Transition::Resume,
            (Some(Action::Games), _) => Transition::Load,
            (Some(Action::Puzzles), _) => Transition::Puzzles,
            (Some(Action::Rules), _) => Transition::Rules,
            (Some(Action::Settings), _) => Transition::Settings,
            (Some(Action::Quit), _) => Transition::Quit,
            (Some(_), _) => Transition::stay(),
        }
    }

    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        let s = v.settings;
        let t = &s.theme;
        let area = f.area();
        f.render_widget(Block::new().style(t.text), area);
        let width = area.width.saturating_sub(2) as usize;
        let mut lines = vec![Line::from(vec![
            Span::styled("tessera · lobby", t.title),
            Span::styled(format!("   you are {}", self.me), t.dim),
        ])];
        if let Some(n) = v.note {
            let style = if n.error { t.error } else { t.text };
            lines.push(Line::styled(n.text.clone(), style));
        }
        let current = self.current();
        let row = |sel: bool, text: String| {
            let style = if sel { t.selected } else { t.text };
            Line::from(vec![
                Span::styled(if sel { "▶ " } else { "  " }, t.accent),
                Span::styled(
                    super::layout::ellipsis(&text, width.saturating_sub(2)),
                    style,
                ),
            ])
        };
        let mut sel_line = 0;
        for (i, g) in self.view.yours.iter().enumerate() {
            if i == 0 {
                lines.push(Line::raw(""));
                lines.push(Line::styled(
                    "Your game in progress: it waits for you",
                    t.accent,
                ));
            }
            let text = format!("return to your game: {}  {}", pair(&g.names), g.what);
            let sel = current == Some(Entry::Yours(i));
            sel_line = if sel { lines.len() } else { sel_line };
            lines.push(row(sel, text));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled("Open challenges", t.accent));
        if self.view.challenges.is_empty() {
            lines.push(Line::styled("  none: c opens one", t.dim));
        }
        for (i, c) in self.view.challenges.iter().enumerate() {
            let who = if c.mine {
                "you".to_string()
            } else {
                c.creator.clone()
            };
            let text = format!("{} {}", fit(&who, NAME_COLUMNS), c.spec.describe());
            let sel = current == Some(Entry::Challenge(i));
            sel_line = if sel { lines.len() } else { sel_line };
            lines.push(row(sel, text));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled("Games in progress", t.accent));
        if self.view.games.is_empty() {
            lines.push(Line::styled("  none", t.dim));
        }
        for (i, g) in self.view.games.iter().enumerate() {
            let watching = match g.watchers {
                0 => String::new(),
                n => format!(" · {n} watching"),
            };
            let text = format!("{}  {}{watching}", pair(&g.names), g.what);
            let sel = current == Some(Entry::Game(i));
            sel_line = if sel { lines.len() } else { sel_line };
            lines.push(row(sel, text));
        }
        if !self.view.adjourned.is_empty() {
            lines.push(Line::raw(""));
            lines.push(Line::styled("Your adjourned games", t.accent));
        }
        for (i, a) in self.view.adjourned.iter().enumerate() {
            let state = match (a.online, a.asked, a.waiting) {
                (_, true, _) => format!("{} asks to resume", a.opponent),
                (true, _, true) => format!("waiting for {} to accept", a.opponent),
                (true, _, false) => format!("{} is online", a.opponent),
                (false, _, _) => format!("{} is away", a.opponent),
            };
            let text = format!("vs {} {} · {state}", fit(&a.opponent, NAME_COLUMNS), a.what);
            let sel = current == Some(Entry::Adjourned(i));
            sel_line = if sel { lines.len() } else { sel_line };
            lines.push(row(sel, text));
        }
        lines.push(Line::raw(""));
        // Everyone online, on two lines at most (a busy server has hundreds).
        let total = self.view.players.len();
        let mut shown: Vec<String> = Vec::new();
        let mut used = 0;
        for p in &self.view.players {
            let item = format!("{} ({})", p.name, p.place);
            let cols = super::layout::text_width(&item);
            if used + cols + 3 > 2 * width.saturating_sub(24) {
                break;
            }
            used += cols + 3;
            shown.push(item);
        }
        if shown.len() < total {
            shown.push(format!("and {} more", total - shown.len()));
        }
        lines.push(Line::from(vec![
            Span::styled(format!("Online ({total}): "), t.accent),
            Span::styled(shown.join(" · "), t.text),
        ]));
        if let Some(r) = &self.resume {
            lines.push(Line::styled(
                format!("Your game against the AI: {} (r resumes)", r.what),
                t.dim,
            ));
        }
        let body = Rect::new(
            1,
            0,
            area.width.saturating_sub(2),
            area.height.saturating_sub(1),
        );
        // A long lobby scrolls so that the selected row shows, with two rows of context.
        let top = (sel_line + 3).saturating_sub(body.height as usize) as u16;
        f.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .scroll((top, 0)),
            body,
        );
        if self.help {
            let mut closed = self.clone();
            closed.help = false;
            help_popup(f, &TABLE.help(&closed, &s.keymap), s);
        }
        key_line(f, area, &TABLE.hints(self, &s.keymap), s);
    }
}
