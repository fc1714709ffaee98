//! The model of the game screen: the session, who plays which seat, the cursor, history
//! stepping, the AI's state, and the pure operations on them. Key handling is in
//! [`super::play_keys`]; drawing in [`super::game_view`].

use super::cursor::{self, Dir};
use super::engine::{Analysis, Purpose, Report, Request};
use super::store::SavedGame;
use super::{Effect, Note};
use crate::board::Cell;
use crate::games::{AnyGame, Game, GameKind, Illegal, Side, Step, Stone};
use crate::session::Session;
use std::time::Duration;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Someone at the keyboard.
    Human,
    /// The AI at a level (1–10).
    Ai {
        /// Strength, 1–10.
        level: u8,
    },
}

impl Player {
    /// Whether this is the AI.
    pub fn is_ai(self) -> bool {
        matches!(self, Player::Ai { .. })
    }

    /// "you", "AI level 3" (with `human_name` for people at the keyboard).
    pub fn describe(self, human_name: &str) -> String {
        match self {
            Player::Human => human_name.to_string(),
            Player::Ai { level } => format!("AI level {level}"),
        }
    }
}

/// A popup over the game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Popup {
    /// The key help (`?`).
    Help,
    /// The result, with a selected action.
    Result(usize),
}

/// What the AI panel shows.
#[derive(Clone, Debug, Default)]
pub struct AiPanel {
    /// The job in progress, if any.
    pub job: Option<(u64, Purpose)>,
    /// The side the analysis is for (the side to move in the analysed position).
    pub side: Option<Side>,
    /// The latest analysis (kept after the job ends).
    pub analysis: Option<Analysis>,
    /// The AI's estimate for the player choosing a side in the bid.
    pub estimate: Option<Analysis>,
}

/// The game screen's state.
#[derive(Clone, Debug)]
pub struct Play {
    /// The game and its turns.
    pub session: Session,
    /// Who plays the seat that makes the first turn, and the other seat.
    pub players: [Player; 2],
    /// AI thinking time per turn.
    pub ai_time: Duration,
    /// When the game started (for the record).
    pub started: String,
    /// The cursor.
    pub cursor: Cell,
    /// The screen column hexhex up/down moves aim for.
    pub column: Option<u16>,
    /// The stone colour chosen with `c` (Carteso, Wunchunk).
    pub colour: Stone,
    /// Ownership overlay on (`t`).
    pub overlay: bool,
    /// History stepping: the turn number shown and its position; `None` shows the game.
    pub viewing: Option<(usize, AnyGame)>,
    /// The AI's state.
    pub ai: AiPanel,
    /// The komi a person is about to offer in the bid, in half points.
    pub komi_offer: u16,
    /// The side that resigned.
    pub resigned: Option<Side>,
    /// The popup shown, if any.
    pub popup: Option<Popup>,
    /// The `:` command line being typed.
    pub command: Option<String>,
    /// The last message for the bottom line.
    pub note: Option<Note>,
    /// AI against AI: no new turn starts while paused (Space toggles).
    pub paused: bool,
}

/// The least time an AI turn takes on screen against a person: enough to see "thinking" and
/// where the stone lands, even when a low level decides in a millisecond.
pub const PLAY_PACE: Duration = Duration::from_millis(300);
/// The least time an AI turn takes when the AI plays itself (a game to watch).
pub const WATCH_PACE: Duration = Duration::from_millis(800);

/// Whether a game lets the player choose the stone colour (`c`).
pub fn has_colour_choice(kind: GameKind) -> bool {
    matches!(kind, GameKind::Carteso | GameKind::Wunchunk)
}

/// Where the opening bid stands, seen from its legal steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BidStep {
    /// Someone must set komi.
    Komi,
    /// Someone must pick a side.
    Side,
}

impl Play {
    /// A new game screen for a session.
    pub fn new(session: Session, players: [Player; 2], ai_time: Duration, started: String) -> Play {
        let geo = session.game().geometry();
        let komi_offer = session.options().komi_half.max(1);
        Play {
            cursor: cursor::centre(geo),
            session,
            players,
            ai_time,
            started,
            column: None,
            colour: Stone::Black,
            overlay: false,
            viewing: None,
            ai: AiPanel::default(),
            komi_offer,
            resigned: None,
            popup: None,
            command: None,
            note: None,
            paused: false,
        }
    }

    /// The live position.
    pub fn game(&self) -> &AnyGame {
        self.session.game()
    }

    /// The position on screen (the live one, or the one history stepping shows).
    pub fn shown(&self) -> &AnyGame {
        self.viewing.as_ref().map_or(self.game(), |(_, g)| g)
    }

    /// Who plays `side` in the live position (a bid or a pie swap exchanges seats).
    pub fn player_of(&self, side: Side) -> Player {
        self.players[side.index() ^ usize::from(self.game().swapped())]
    }

    /// Who is to act now.
    pub fn controller(&self) -> Player {
        self.player_of(self.game().to_move())
    }

    /// Whether the game has ended (by the rules or by resignation).
    pub fn finished(&self) -> bool {
        self.resigned.is_some() || self.game().is_over()
    }

    /// The result line: the rules' result, or the resignation.
    pub fn result_text(&self) -> Option<String> {
        if let Some(side) = self.resigned {
            let kind = self.session.kind();
            return Some(format!(
                "{}+R ({} resigned)",
                kind.side_letter(side.other()),
                kind.side_name(side)
            ));
        }
        self.game().result_text()
    }

    /// The bid step the live position is at, if any.
    pub fn bid_step(&self) -> Option<BidStep> {
        // The bid is the first two turns at most: no need to ask the rules later on.
        if self.game().turns_completed() >= 2 {
            return None;
        }
        let mut v = Vec::new();
        self.game().legal_steps(&mut v);
        match v.first() {
            Some(Step::Komi(_)) => Some(BidStep::Komi),
            Some(Step::Choose(_)) => Some(BidStep::Side),
            _ => None,
        }
    }

    /// What to save.
    pub fn saved(&self) -> SavedGame {
        SavedGame {
            session: self.session.clone(),
            players: self.players,
            started: self.started.clone(),
            result: if self.finished() {
                self.result_text()
            } else {
                None
            },
        }
    }

    /// The cells of the last completed turn, or of the turn in progress.
    pub fn last_cells(&self) -> Vec<Cell> {
        if let Some((n, _)) = &self.viewing {
            return match n.checked_sub(1).and_then(|i| self.session.turns().get(i)) {
                Some(t) => t.steps.iter().filter_map(|s| s.cell()).collect(),
                None => Vec::new(),
            };
        }
        let pending = self.session.pending();
        if !pending.is_empty() {
            return pending.iter().filter_map(|s| s.cell()).collect();
        }
        self.session
            .turns()
            .last()
            .map(|t| t.steps.iter().filter_map(|s| s.cell()).collect())
            .unwrap_or_default()
    }

    /// Cells to highlight for the next stone of a turn in progress (Iris's second stone): the
    /// legal places, when they are fewer than the empty cells.
    pub fn legal_highlights(&self) -> Vec<Cell> {
        let g = self.game();
        if self.viewing.is_some() || g.steps_in_turn() == 0 || g.is_over() {
            return Vec::new();
        }
        let mut v = Vec::new();
        g.legal_steps(&mut v);
        let mut cells: Vec<Cell> = v.iter().filter_map(|s| s.cell()).collect();
        cells.dedup();
        let empty = g
            .geometry()
            .all_cells()
            .filter(|&c| g.stone_at(c).is_none())
            .count();
        if cells.len() < empty {
            cells
        } else {
            Vec::new()
        }
    }

    /// Sets the note shown in the bottom line.
    pub fn say(&mut self, text: impl Into<String>) {
        self.note = Some(Note::info(text));
    }

    /// Sets an error note.
    pub fn complain(&mut self, text: impl Into<String>) {
        self.note = Some(Note::error(text));
    }

    /// The stone a placement puts down for the side to move.
    pub fn placement_stone(&self) -> Stone {
        let g = self.game();
        match g.kind() {
            GameKind::Linage => Stone::Neutral,
            k if has_colour_choice(k) => self.colour,
            _ => Stone::of_side(g.to_move()),
        }
    }

    /// Moves the cursor.
    pub fn move_cursor(&mut self, dir: Dir) {
        let m = cursor::step(self.game().geometry(), self.cursor, dir, self.column);
        self.cursor = m.cell;
        self.column = m.column;
    }

    /// Why a person cannot act now, if they cannot.
    fn not_your_turn(&self) -> Option<String> {
        if self.viewing.is_some() {
            return Some("viewing the history: End returns to the game".into());
        }
        if self.finished() {
            return Some("the game is over".into());
        }
        if self.controller().is_ai() {
            return Some("the AI is to move: wait, or press u to take back".into());
        }
        None
    }

    /// A person plays one step. Illegal: the rules' reason, and nothing changes.
    pub fn human_step(&mut self, step: Step, next_job: &mut u64) -> Vec<Effect> {
        if let Some(why) = self.not_your_turn() {
            self.complain(why);
            return Vec::new();
        }
        let before = self.session.turns().len();
        if let Err(e) = self.session.play_step(step) {
            let what = match step.cell() {
                Some(c) => format!("{}: {e}", self.game().geometry().name(c)),
                None => format!("{}: {e}", self.game().format_step(step)),
            };
            self.complain(what);
            return Vec::new();
        }
        self.note = None;
        self.play_forced();
        self.after_change(before, next_job)
    }

    /// Places at `cell` with the stone the game and the colour choice call for.
    pub fn place_at(&mut self, cell: Cell, next_job: &mut u64) -> Vec<Effect> {
        let stone = self.placement_stone();
        self.human_step(Step::Place { cell, stone }, next_job)
    }

    /// Plays the rest of the turn while exactly one step is possible and it is a stone (the
    /// forced partner of an Iris coloured cell).
    fn play_forced(&mut self) {
        let mut v = Vec::new();
        while self.game().steps_in_turn() > 0 && !self.game().is_over() {
            self.game().legal_steps(&mut v);
            match v.as_slice() {
                [s @ Step::Place { cell, .. }] => {
                    let (s, name) = (*s, self.game().geometry().name(*cell));
                    if self.session.play_step(s).is_err() {
                        break;
                    }
                    self.say(format!("{name} placed for you (forced)"));
                }
                _ => break,
            }
        }
    }

    /// Plays a whole turn token typed on the command line (or one step of a turn in
    /// progress).
    pub fn human_token(&mut self, text: &str, next_job: &mut u64) -> Vec<Effect> {
        if let Some(why) = self.not_your_turn() {
            self.complain(why);
            return Vec::new();
        }
        let before = self.session.turns().len();
        let result = if self.session.pending().is_empty() {
            self.session.play_turn(text)
        } else {
            self.game()
                .parse_step(text)
                .and_then(|s| self.session.play_step(s).map_err(|e| e.to_string()))
        };
        match result {
            Err(e) => {
                self.complain(format!("{text}: {e}"));
                Vec::new()
            }
            Ok(()) => {
                self.note = None;
                self.play_forced();
                self.after_change(before, next_job)
            }
        }
    }

    /// After the game changed: autosave a completed turn, show the result at the end, let
    /// the AI move when it is its turn.
    pub fn after_change(&mut self, turns_before: usize, next_job: &mut u64) -> Vec<Effect> {
        let mut fx = Vec::new();
        if self.finished() {
            if let Some((id, _)) = self.ai.job.take() {
                let _ = id;
                fx.push(Effect::StopEngine);
            }
            self.popup = Some(Popup::Result(0));
            fx.push(Effect::GameOver(self.saved()));
            return fx;
        }
        if self.session.turns().len() != turns_before {
            fx.push(Effect::Autosave(self.saved()));
            self.ai.estimate = None;
        }
        fx.extend(self.schedule(next_job));
        fx
    }

    /// Starts the AI when it is to move and not yet thinking; asks for its estimate when a
    /// person must pick a side in the bid against it.
    pub fn schedule(&mut self, next_job: &mut u64) -> Vec<Effect> {
        if self.finished() || (self.paused && self.watching()) {
            return Vec::new();
        }
        let to_move = self.game().to_move();
        let purpose = if self.controller().is_ai() {
            Purpose::Turn
        } else if self.bid_step() == Some(BidStep::Side)
            && self.player_of(to_move.other()).is_ai()
            && self.ai.estimate.is_none()
        {
            Purpose::Estimate
        } else {
            if let Some((_, Purpose::Estimate)) = self.ai.job {
                self.ai.job = None;
                return vec![Effect::StopEngine];
            }
            return Vec::new();
        };
        if matches!(self.ai.job, Some((_, p)) if p == purpose) {
            return Vec::new();
        }
        let level = match (self.controller(), self.player_of(to_move.other())) {
            (Player::Ai { level }, _) | (_, Player::Ai { level }) => level,
            _ => 1,
        };
        *next_job += 1;
        let id = *next_job;
        self.ai.job = Some((id, purpose));
        self.ai.side = Some(to_move);
        self.ai.analysis = None;
        vec![Effect::StartEngine(Request {
            id,
            game: self.game().clone(),
            level,
            time: self.ai_time,
            pace: if self.watching() {
                WATCH_PACE
            } else {
                PLAY_PACE
            },
            purpose,
        })]
    }

    /// Whether the AI plays both sides (a game to watch).
    pub fn watching(&self) -> bool {
        self.players.iter().all(|p| p.is_ai())
    }

    /// Handles an engine report (reports of stopped jobs are ignored).
    pub fn on_report(&mut self, report: Report, next_job: &mut u64) -> Vec<Effect> {
        let Some((id, _)) = self.ai.job else {
            return Vec::new();
        };
        if report.id() != id {
            return Vec::new();
        }
        match report {
            Report::Progress { analysis, .. } => {
                self.ai.analysis = Some(analysis);
                Vec::new()
            }
            Report::Estimate { analysis, .. } => {
                self.ai.job = None;
                self.ai.estimate = Some(analysis.clone());
                self.ai.analysis = Some(analysis);
                Vec::new()
            }
            Report::Failed { message, .. } => {
                self.ai.job = None;
                self.complain(format!("AI: {message}"));
                Vec::new()
            }
            Report::Turn {
                steps, analysis, ..
            } => {
                self.ai.job = None;
                self.ai.analysis = Some(analysis);
                let before = self.session.turns().len();
                let token = self.game().format_turn(&steps);
                let mut trial = self.session.clone();
                for &s in &steps {
                    if let Err(e) = trial.play_step(s) {
                        self.complain(format!("the AI chose an illegal turn {token}: {e}"));
                        return Vec::new();
                    }
                }
                self.session = trial;
                self.say(format!("AI played {token}"));
                self.after_change(before, next_job)
            }
        }
    }

    /// Takes back: the stones of a turn in progress; against the AI, back to the last
    /// position where a person was to move before their previous turn; else one turn.
    pub fn take_back(&mut self, next_job: &mut u64) -> Vec<Effect> {
        if self.viewing.is_some() {
            self.complain("viewing the history: End returns to the game");
            return Vec::new();
        }
        let mut fx = Vec::new();
        if self.ai.job.take().is_some() {
            fx.push(Effect::StopEngine);
        }
        let had_turns = self.session.turns().len();
        if !self.session.pending().is_empty() {
            self.session.undo_turn();
            self.say("took back the stones of this turn");
        } else if self.players.iter().all(|p| !p.is_ai()) {
            if self.session.undo_turn() {
                self.resigned = None;
                self.say("took back one turn");
            } else {
                self.complain("nothing to take back");
            }
        } else {
            // Only undo when a person's turn is in the log, else the AI's first turn would
            // just be played again.
            let mut probe = self.session.clone();
            let mut found = false;
            while probe.undo_turn() {
                if !self.player_of_in(&probe).is_ai() {
                    found = true;
                    break;
                }
            }
            if found {
                self.session = probe;
                self.resigned = None;
                self.say("took back to your previous turn");
            } else {
                self.complain("nothing of yours to take back");
            }
        }
        self.popup = None;
        self.ai.estimate = None;
        if self.session.turns().len() != had_turns {
            fx.push(Effect::Autosave(self.saved()));
        }
        fx.extend(self.schedule(next_job));
        fx
    }

    fn player_of_in(&self, s: &Session) -> Player {
        let g = s.game();
        self.players[g.to_move().index() ^ usize::from(g.swapped())]
    }

    /// Resigns for the side to move (a person's side).
    pub fn resign(&mut self) -> Vec<Effect> {
        if let Some(why) = self.not_your_turn() {
            self.complain(why);
            return Vec::new();
        }
        self.resigned = Some(self.game().to_move());
        let mut fx = Vec::new();
        if self.ai.job.take().is_some() {
            fx.push(Effect::StopEngine);
        }
        self.popup = Some(Popup::Result(0));
        fx.push(Effect::GameOver(self.saved()));
        fx
    }

    /// Explains an illegal step without playing it (for messages).
    pub fn why_illegal(&self, step: Step) -> Option<Illegal> {
        self.game().check(step).err()
    }
}
