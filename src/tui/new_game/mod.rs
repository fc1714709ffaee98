//! The New game screen: game, board size, opponent, level (and what evaluates its positions on
//! the chosen board: network or playouts), sides, komi, AI time; what it remembers of the last
//! game started from it is in [`choices`].

pub mod choices;

use self::choices::{LastChoices, Opponent};
use super::commands::{Command, Table};
use super::form::{Form, Move, Selection};
use super::game::analysis::ANALYSIS_LEVEL;
use super::game::controller::Controller;
use super::game::evaluator::evaluator;
use super::game::play::Play;
use super::screen::transition::Transition;
use super::screen::{Component, Ctx, ViewCtx};
use super::settings::Settings;
use crate::games::{format_komi, AnyGame, ButtonMode, GameKind, GameOptions, Protocol, Side};
use crate::session::Session;
use ratatui::crossterm::event::KeyEvent;
use ratatui::Frame;

/// How komi is settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KomiChoice {
    /// The bid, played as the first two turns.
    Bid,
    /// Agreed komi, in half points.
    Agreed(u16),
}

/// AI times offered, in seconds.
pub const AI_TIMES: [f64; 10] = [0.2, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 30.0, 60.0];

/// The form's state.
#[derive(Clone, Debug)]
pub struct NewGameForm {
    /// The selected row.
    pub row: Selection,
    /// The game.
    pub kind: GameKind,
    /// Board size.
    pub size: usize,
    /// Opponent.
    pub opponent: Opponent,
    /// AI level.
    pub level: u8,
    /// 0: you make the first turn (the first side, or set komi in the bid); 1: the AI does.
    pub seat: usize,
    /// Komi.
    pub komi: KomiChoice,
    /// Keil's button.
    pub button: ButtonMode,
    /// AI seconds per turn.
    pub ai_time: f64,
    /// Why the game could not start.
    pub error: Option<String>,
}

/// A row of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// Which game.
    Game,
    /// Board size.
    Size,
    /// Opponent.
    Opponent,
    /// AI level.
    Level,
    /// Who moves first / sets komi.
    Seat,
    /// Komi.
    Komi,
    /// Keil's button.
    Button,
    /// AI time.
    Time,
    /// Start the game.
    Start,
}

impl NewGameForm {
    /// The form with the settings' defaults: the default game ([`GameKind::DEFAULT`]) against
    /// the AI.
    pub fn new(s: &Settings) -> NewGameForm {
        let mut f = NewGameForm {
            row: Selection::default(),
            kind: GameKind::DEFAULT,
            size: 9,
            opponent: Opponent::Ai,
            level: s.config.ai_level,
            seat: 1,
            komi: KomiChoice::Bid,
            button: ButtonMode::Auto,
            ai_time: s.config.ai_time,
            error: None,
        };
        f.set_kind(GameKind::DEFAULT);
        f
    }

    /// The form with the last game's choices; a choice this build does not offer (a size out
    /// of range, an edited file) keeps the default.
    pub fn with_choices(s: &Settings, c: &LastChoices) -> NewGameForm {
        let mut f = NewGameForm::new(s);
        f.set_kind(c.game);
        if c.game.sizes().contains(&c.size) {
            f.change_size(c.size);
        }
        f.opponent = c.opponent;
        f.level = c.level.clamp(1, 10);
        if c.seat <= 1 {
            f.seat = c.seat;
        }
        if c.game.has_komi() {
            f.komi = match c.komi_half {
                None => KomiChoice::Bid,
                Some(h) => KomiChoice::Agreed(h.min(2 * f.points() as u16)),
            };
        }
        if c.game.spec().button {
            f.button = c.button;
        }
        if AI_TIMES.contains(&c.ai_time) {
            f.ai_time = c.ai_time;
        }
        f
    }

    /// The choices to remember ([`LastChoices`]).
    pub fn choices(&self) -> LastChoices {
        LastChoices {
            game: self.kind,
            size: self.size,
            opponent: self.opponent,
            level: self.level,
            seat: self.seat,
            komi_half: match self.komi {
                KomiChoice::Bid => None,
                KomiChoice::Agreed(h) => Some(h),
            },
            button: self.button,
            ai_time: self.ai_time,
        }
    }

    /// Sets the board size; an agreed komi equal to the board's fair komi follows the size,
    /// a komi chosen by hand stays (within the board's range).
    fn change_size(&mut self, size: usize) {
        let fair_before = self.fair_komi();
        self.size = size;
        if let KomiChoice::Agreed(h) = self.komi {
            let h = if h == fair_before {
                self.fair_komi()
            } else {
                h
            };
            self.komi = KomiChoice::Agreed(h.min(2 * self.points() as u16));
        }
    }

    /// Switches the game, resetting the size and komi to its defaults.
    pub fn set_kind(&mut self, kind: GameKind) {
        let d = GameOptions::defaults(kind);
        self.kind = kind;
        self.size = d.size;
        self.komi = match d.protocol {
            Protocol::Bid => KomiChoice::Bid,
            Protocol::Agreed => KomiChoice::Agreed(self.fair_komi()),
        };
        self.button = d.button;
        // Against the AI the newcomer's bid is the easy one: the AI sets komi, you pick.
        self.seat = if self.komi == KomiChoice::Bid { 1 } else { 0 };
    }

    /// The board's default agreed komi in half points: its fair komi from the table
    /// ([`crate::games::fair_komi`]), else SPEC's default.
    pub fn fair_komi(&self) -> u16 {
        crate::komi_file::table().agreed_komi_half(self.kind, self.size)
    }

    /// Whether the board's fair komi was measured (it is in the table, solved or settled by
    /// self-play; an unsettled entry keeps an earlier default).
    fn fair_measured(&self) -> bool {
        self.kind.has_komi()
            && matches!(
                crate::komi_file::table().lookup(self.kind, self.size),
                crate::games::fair_komi::Source::Table { entry, .. } if entry.measured()
            )
    }

    /// The rows shown (some only make sense for some games and opponents).
    pub fn fields(&self) -> Vec<Field> {
        let mut v = vec![Field::Game, Field::Size, Field::Opponent];
        if self.opponent != Opponent::Human {
            v.push(Field::Level);
        }
        if self.opponent == Opponent::Ai {
            v.push(Field::Seat);
        }
        if self.kind.has_komi() {
            v.push(Field::Komi);
        }
        if self.kind.spec().button {
            v.push(Field::Button);
        }
        if self.opponent != Opponent::Human {
            v.push(Field::Time);
        }
        v.push(Field::Start);
        v
    }

    /// The game's options as chosen.
    pub fn options(&self) -> GameOptions {
        let (protocol, komi_half) = match self.komi {
            KomiChoice::Bid => (Protocol::Bid, 0),
            KomiChoice::Agreed(h) => (Protocol::Agreed, h),
        };
        GameOptions {
            size: self.size,
            protocol,
            komi_half,
            button: self.button,
        }
    }

    /// Who plays the two seats.
    pub fn players(&self) -> [Controller; 2] {
        let ai = Controller::Ai { level: self.level };
        match self.opponent {
            Opponent::Human => [Controller::Human, Controller::Human],
            Opponent::AiVsAi => [ai, ai],
            Opponent::Ai if self.seat == 0 => [Controller::Human, ai],
            Opponent::Ai => [ai, Controller::Human],
        }
    }

    fn points(&self) -> usize {
        match self.kind.board_kind() {
            crate::board::BoardKind::Square => self.size * self.size,
            crate::board::BoardKind::Hex => 3 * self.size * (self.size - 1) + 1,
        }
    }

    /// Label and value of a row.
    pub fn row_text(&self, field: Field) -> (&'static str, String) {
        let k = self.kind;
        match field {
            Field::Game => {
                let avail = if AnyGame::new(k, &GameOptions::defaults(k)).is_ok() {
                    ""
                } else {
                    " (not available yet)"
                };
                ("Game", format!("{}{avail}", k.title()))
            }
            Field::Size => ("Board size", k.board_kind().size_label(self.size)),
            Field::Opponent => (
                "Opponent",
                match self.opponent {
                    Opponent::Human => "a person at this keyboard".into(),
                    Opponent::Ai => "the AI".into(),
                    Opponent::AiVsAi => "none: AI plays AI (watch)".into(),
                },
            ),
            Field::Level => ("AI level", self.level_text()),
            Field::Seat => ("You", self.seat_text()),
            Field::Komi => (
                "Komi",
                match self.komi {
                    KomiChoice::Bid => "bid: one side sets komi, the other picks a side".into(),
                    KomiChoice::Agreed(h) if h == self.fair_komi() && self.fair_measured() => {
                        format!("agreed: {} (fair, measured)", format_komi(h))
                    }
                    KomiChoice::Agreed(h) => format!("agreed: {}", format_komi(h)),
                },
            ),
            Field::Button => (
                "Button",
                match self.button {
                    ButtonMode::Auto => "auto (on with a whole komi)".into(),
                    ButtonMode::On => "on".into(),
                    ButtonMode::Off => "off".into(),
                },
            ),
            Field::Time => ("AI time", format!("{} s per turn", self.ai_time)),
            Field::Start => ("", "[ Start ]".into()),
        }
    }

    /// The level and what evaluates its positions on the chosen board, with level 10's (hints
    /// and analysis) where it differs ([`evaluator`]).
    fn level_text(&self) -> String {
        let level = format!("{} of 10", self.level);
        let Ok(game) = AnyGame::new(self.kind, &self.options()) else {
            return level;
        };
        let own = evaluator(self.level, &game);
        let strong = evaluator(ANALYSIS_LEVEL, &game);
        let helps = match self.opponent {
            Opponent::Ai => "hints and analysis",
            _ => "analysis",
        };
        if own == strong {
            format!("{level} · {own}")
        } else {
            format!("{level} · {own} ({helps}: {strong})")
        }
    }

    fn seat_text(&self) -> String {
        let k = self.kind;
        if self.komi == KomiChoice::Bid && k.has_komi() {
            if self.seat == 0 {
                "set komi; the AI picks a side".into()
            } else {
                "pick a side after the AI sets komi".into()
            }
        } else {
            let side = Side::from_index(self.seat);
            let order = if self.seat == 0 {
                "moves first"
            } else {
                "moves second"
            };
            format!("play {} ({order})", k.side_name(side))
        }
    }

    /// Changes a row's value one step (`dir` = -1 or +1).
    pub fn change(&mut self, field: Field, dir: i32) {
        let cycle = |i: usize, n: usize| ((i as i32 + dir).rem_euclid(n as i32)) as usize;
        match field {
            Field::Game => {
                let i = GameKind::ALL
                    .iter()
                    .position(|&g| g == self.kind)
                    .unwrap_or(0);
                self.set_kind(GameKind::ALL[cycle(i, GameKind::ALL.len())]);
            }
            Field::Size => {
                let r = self.kind.sizes();
                let n = (self.size as i32 + dir).clamp(*r.start() as i32, *r.end() as i32);
                self.change_size(n as usize);
            }
            Field::Opponent => {
                let all = [Opponent::Human, Opponent::Ai, Opponent::AiVsAi];
                let i = all.iter().position(|&o| o == self.opponent).unwrap_or(0);
                self.opponent = all[cycle(i, 3)];
            }
            Field::Level => self.level = (self.level as i32 + dir).clamp(1, 10) as u8,
            Field::Seat => self.seat = 1 - self.seat,
            Field::Komi => {
                let max = 2 * self.points() as i32;
                self.komi = match (self.komi, dir > 0) {
                    // Agreeing starts from the board's fair komi (data/komi.toml).
                    (KomiChoice::Bid, _) => KomiChoice::Agreed(self.fair_komi()),
                    (KomiChoice::Agreed(0), false) => KomiChoice::Bid,
                    (KomiChoice::Agreed(h), _) if h as i32 >= max && dir > 0 => KomiChoice::Bid,
                    (KomiChoice::Agreed(h), _) => KomiChoice::Agreed((h as i32 + dir) as u16),
                };
            }
            Field::Button => {
                let all = [ButtonMode::Auto, ButtonMode::On, ButtonMode::Off];
                let i = all.iter().position(|&b| b == self.button).unwrap_or(0);
                self.button = all[cycle(i, 3)];
            }
            Field::Time => {
                let i = AI_TIMES
                    .iter()
                    .position(|&t| t >= self.ai_time)
                    .unwrap_or(AI_TIMES.len() - 1);
                self.ai_time =
                    AI_TIMES[(i as i32 + dir).clamp(0, AI_TIMES.len() as i32 - 1) as usize];
            }
            Field::Start => {}
        }
    }

    /// The game screen this form starts, or why it cannot.
    pub fn start(&self, started: String) -> Result<Play, String> {
        let session = Session::new(self.kind, self.options()).map_err(|e| e.to_string())?;
        let time = std::time::Duration::from_secs_f64(self.ai_time);
        Ok(Play::new(session, self.players(), time, started))
    }
}

/// What a command of the New game screen does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The field above or below.
    Move(Move),
    /// The field's previous value.
    Less,
    /// The field's next value.
    More,
    /// Start the game.
    Start,
    /// Back to the menu.
    Back,
}

fn always(_: &NewGameForm) -> bool {
    true
}

/// The New game screen's commands.
#[rustfmt::skip]
pub static TABLE: Table<NewGameForm, Action> = Table {
    screen: "new_game",
    rows: &[
        Command::new(Action::Move(Move::Prev), "up", &["Up", "k", "BackTab"], always, "field", "the field above"),
        Command::new(Action::Move(Move::Next), "down", &["Down", "j", "Tab"], always, "field", "the field below"),
        Command::new(Action::Less, "less", &["Left", "h", "-"], always, "change", "change the field"),
        Command::new(Action::More, "more", &["Right", "l", "+"], always, "change", "change the field"),
        Command::new(Action::Start, "start", &["Enter", "s"], always, "start", "start the game"),
        Command::new(Action::Back, "back", &["Esc", "q"], always, "back", "back to the menu"),
    ],
};

impl Component<Transition> for NewGameForm {
    /// Handles a key.
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        let fields = self.fields();
        self.row.clamp(fields.len());
        let field = fields[self.row.index()];
        match TABLE.lookup(self, &cx.settings.keymap, &k) {
            None => {}
            Some(Action::Back) => return Transition::Menu,
            Some(Action::Move(m)) => self.row.go(m, fields.len()),
            Some(Action::Less) => self.change(field, -1),
            Some(Action::More) => self.change(field, 1),
            // Enter starts from any field, as the key line says: a newcomer who has not
            // changed anything gets the defaults at once.
            Some(Action::Start) => match self.start(super::store::now_rfc3339()) {
                Ok(mut play) => {
                    play.say(format!(
                        "{} started: ? shows the keys",
                        play.session().kind().title()
                    ));
                    return Transition::Open(Box::new(play));
                }
                Err(e) => self.error = Some(e),
            },
        }
        Transition::stay()
    }

    /// Draws the form.
    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        let s = v.settings;
        let mut form = Form::titled(s, "New game", 72);
        let rows = self.fields().into_iter().map(|field| {
            let (label, value) = self.row_text(field);
            (label, value, field != Field::Start)
        });
        form.fields(rows, self.row.index(), 11, true);
        if let Some(e) = &self.error {
            form.para(e.clone(), s.theme.error);
        }
        form.draw(f, &TABLE.hints(self, &s.keymap));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agreed_komi_half(kind: GameKind, size: usize) -> u16 {
        crate::komi_file::table().agreed_komi_half(kind, size)
    }

    #[test]
    fn agreed_komi_starts_from_the_fair_komi_table() {
        let (settings, _) =
            crate::tui::settings::Settings::new(crate::config::Config::default(), None, false);
        let mut f = NewGameForm::new(&settings);
        f.set_kind(GameKind::Keil);
        assert_eq!(
            f.komi,
            KomiChoice::Agreed(agreed_komi_half(GameKind::Keil, f.size))
        );
        f.set_kind(GameKind::Linage);
        assert_eq!(f.komi, KomiChoice::Bid);
        for size in [5, 9, 19] {
            f.size = size;
            f.komi = KomiChoice::Bid;
            f.change(Field::Komi, 1);
            let fair = agreed_komi_half(GameKind::Linage, size);
            assert_eq!(f.komi, KomiChoice::Agreed(fair), "size {size}");
            assert_eq!(f.options().komi_half, fair);
        }
        // The fair komi follows the board; a komi set by hand stays.
        f.size = 6;
        f.komi = KomiChoice::Agreed(agreed_komi_half(GameKind::Linage, 6));
        f.change(Field::Size, 1);
        assert_eq!(
            f.komi,
            KomiChoice::Agreed(agreed_komi_half(GameKind::Linage, 7))
        );
        f.komi = KomiChoice::Agreed(agreed_komi_half(GameKind::Linage, 7) + 2);
        let hand = f.komi;
        f.change(Field::Size, 1);
        assert_eq!(f.komi, hand);
    }
}
