//! The model of the game screen: the session, who controls which seat, the board (the cursor,
//! the colour to place, the overlay: [`crate::tui::board::input`], shared with the puzzle
//! screen), history stepping, the AI's state, and the queries on them. What changes the game is
//! in [`super::actions`], the keys in [`super::keys`], drawing in [`super::view`] and
//! [`super::panels`].
//!
//! The state of the screen's parts is here too (the AI panel's, analysis mode's and the hint's,
//! a game on a server, the popups, the question before leaving; the review's is
//! [`super::review_state`]): the files that act on it and draw it name this one, and this one
//! names none of them.

use super::controller::Controller;
use super::review_state::ReviewState;
use crate::ai::{Analysis, Purpose};
use crate::board::Cell;
use crate::config::ShowEstimate;
use crate::games::{AnyGame, Game, Side, Step, Stone};
use crate::online::LiveView;
use crate::session::{PlayedGame, Session};
use crate::tui::board::{BoardAction, BoardHost, BoardInput, BoardOutcome};
use crate::tui::line_edit::{Edit, LineEdit};
use crate::tui::note::Note;
use crate::tui::store::SavedGame;
use ratatui::layout::Rect;
use std::time::{Duration, Instant};

/// A popup over the game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Popup {
    /// The key help (`?`).
    Help,
    /// The result, with a selected action.
    Result(usize),
    /// The game's record as text to copy (`:save` on a server), scrolled this many lines.
    Record(u16),
    /// The question before leaving a game in progress ([`Play::leaving`]).
    Leave,
}

/// Where a person leaves a game in progress for, once they said yes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Leave {
    /// The menu (`Esc`, `:menu`).
    Menu,
    /// Out of the program (`q`, `:quit`).
    Quit,
    /// Another record (`:load FILE`).
    Load(std::path::PathBuf),
}

/// What the AI panel shows.
#[derive(Clone, Debug, Default)]
pub struct AiPanel {
    pub(super) job: Option<(u64, Purpose)>,
    pub(super) side: Option<Side>,
    pub(super) analysis: Option<Analysis>,
    pub(super) estimate: Option<Analysis>,
    /// The position the analysis is about: the one searched, or after the AI's turn the
    /// position that turn led to. The panel shows the analysis only while it is on screen.
    pub(super) about: Option<PositionKey>,
    /// What the job that made the analysis was for, and at which level it searched.
    pub(super) source: Option<(Purpose, u8)>,
    /// The AI's turn the analysis led to (after a [`Purpose::Turn`] job).
    pub(super) played: Option<String>,
    /// The panel is hidden (`A`).
    pub(super) hidden: bool,
    /// Why the last job failed (the AI's message), until the next job starts or a take-back.
    pub(super) failed: Option<String>,
}

impl AiPanel {
    /// The job in progress, if any.
    pub fn job(&self) -> Option<(u64, Purpose)> {
        self.job
    }

    /// The side the analysis is for (the side to move in the analysed position).
    pub fn side(&self) -> Option<Side> {
        self.side
    }

    /// The latest analysis (kept after the job ends).
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// The AI's estimate for the player choosing a side in the bid.
    pub fn estimate(&self) -> Option<&Analysis> {
        self.estimate.as_ref()
    }

    /// What the job that made the analysis was for, and its level.
    pub fn source(&self) -> Option<(Purpose, u8)> {
        self.source
    }

    /// The AI's turn the analysis led to, when it is the final analysis of its turn.
    pub fn played(&self) -> Option<&str> {
        self.played.as_deref()
    }

    /// Why the last job failed, until the next job starts or a take-back.
    pub fn failed(&self) -> Option<&str> {
        self.failed.as_deref()
    }

    /// The job in progress failed with `message`: the panel says so until the next job starts
    /// or a take-back.
    pub(super) fn fail(&mut self, message: &str) {
        self.job = None;
        self.failed = Some(message.to_string());
    }

    /// Starts a job at `level` about `game`: the panel forgets the last job's numbers.
    pub(super) fn start(&mut self, id: u64, purpose: Purpose, level: u8, game: &AnyGame) {
        self.job = Some((id, purpose));
        self.side = Some(game.to_move());
        self.analysis = None;
        self.about = Some(key_of(game));
        self.source = Some((purpose, level));
        self.played = None;
        self.failed = None;
    }

    /// The AI played `token`, which led to `now`: its final analysis is its estimate of
    /// that position.
    pub(super) fn turn_played(&mut self, token: String, now: &AnyGame) {
        self.about = Some(key_of(now));
        self.played = Some(token);
    }
}

/// A position as analysis tells positions apart: hash, turns completed, steps into the turn.
pub(super) type PositionKey = (u64, usize, usize);

/// The key of a position.
pub(super) fn key_of(g: &AnyGame) -> PositionKey {
    (g.hash(), g.turns_completed(), g.steps_in_turn())
}

/// The turn a hint named, shown on the board while its position is the live one.
#[derive(Clone, Debug)]
pub struct HintedTurn {
    /// The position the hint is for.
    pub(super) about: PositionKey,
    /// The turn, as a token.
    pub(super) token: String,
    /// Its cells (placements only).
    pub(super) cells: Vec<Cell>,
}

/// The state of analysis mode.
#[derive(Clone, Debug, Default)]
pub struct AnalysisMode {
    /// The person turned analysis on.
    pub(super) on: bool,
    /// The person turned off the analysis that came on by itself after the game.
    pub(super) declined: bool,
    pub(super) heat: bool,
    /// The position the running (or last) analysis is about.
    pub(super) key: Option<PositionKey>,
    /// How many turns of the principal variation the ghost board shows (0: the position).
    pub(super) pv_step: usize,
    /// The last hint's turn, marked on the board while its position is the live one.
    pub(super) hinted: Option<HintedTurn>,
}

impl AnalysisMode {
    /// How many turns of the principal variation the board shows.
    pub fn pv_step(&self) -> usize {
        self.pv_step
    }
}

/// The game screen's state.
#[derive(Clone, Debug)]
pub struct Play {
    /// The players' names from the record this game was loaded from.
    names: Option<[String; 2]>,
    pub(super) session: Session,
    pub(super) players: [Controller; 2],
    ai_time: Duration,
    started: String,
    /// The board: the cursor, the colour to place, the overlay.
    board: BoardInput,
    /// History stepping: the turn number shown and its position; `None` shows the game.
    pub(super) viewing: Option<(usize, AnyGame)>,
    pub(super) ai: AiPanel,
    /// The komi a person is about to offer in the bid, in half points.
    komi_offer: u16,
    pub(super) resigned: Option<Side>,
    pub(crate) popup: Option<Popup>,
    command: Option<LineEdit>,
    pub(crate) note: Option<Note>,
    paused: bool,
    /// Why nothing may change the game, when nothing may.
    read_only: Option<&'static str>,
    /// A game on a server: its players, clocks, this session's seat.
    pub(super) online: Option<OnlineGame>,
    /// The record shown by [`Popup::Record`].
    record_text: Option<String>,
    /// Analysis mode, the heat map, the principal variation stepped on the board, the hint.
    pub(super) analysis: AnalysisMode,
    /// The review of the game (`R`), while it runs and once done.
    pub(super) review: Option<ReviewState>,
    /// The turns (1-based) a person asked for a hint on.
    pub(super) hints: Vec<usize>,
    /// The file the game was loaded from, or where the finished game is kept.
    pub(crate) source: Option<std::path::PathBuf>,
    /// Where a person asked to go from a game in progress, and the question asked (its
    /// lines), while [`Popup::Leave`] shows.
    leaving: Option<(Leave, String)>,
    /// When the AI panel shows the AI's estimate unasked (the setting).
    pub(crate) show_estimate: ShowEstimate,
}

/// What the game screen knows of a game on a server besides the position.
#[derive(Clone, Debug)]
pub struct OnlineGame {
    /// The server's last word on the game: its number, players, this session's seat, clocks
    /// and players' state.
    pub live: LiveView,
    /// The result the server gives (resignation and time included).
    pub result: Option<String>,
    /// The time the clocks are shown at (the server's last word or tick).
    pub now: Instant,
    /// A watcher asked for the AI's analysis.
    pub analysis: bool,
    /// The position (turns and steps played) the last analysis was started for.
    pub analysed: Option<usize>,
    /// `q` was pressed once on this live game: a second leaves it for the lobby.
    pub leave_asked: bool,
}

/// The least time an AI turn takes on screen against a person: enough to see "thinking" and
/// where the stone lands, even when a low level decides in a millisecond.
pub const PLAY_PACE: Duration = Duration::from_millis(300);
/// The least time an AI turn takes when the AI plays itself (a game to watch).
pub const WATCH_PACE: Duration = Duration::from_millis(800);

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
    pub fn new(
        session: Session,
        players: [Controller; 2],
        ai_time: Duration,
        started: String,
    ) -> Play {
        let geo = session.game().geometry();
        let komi_offer = session.options().komi_half.max(1);
        Play {
            names: None,
            board: BoardInput::new(geo, Stone::Black),
            session,
            players,
            ai_time,
            started,
            viewing: None,
            ai: AiPanel::default(),
            komi_offer,
            resigned: None,
            popup: None,
            command: None,
            note: None,
            paused: false,
            read_only: None,
            online: None,
            record_text: None,
            analysis: Default::default(),
            review: None,
            hints: Vec::new(),
            source: None,
            leaving: None,
            show_estimate: ShowEstimate::default(),
        }
    }

    /// A game screen for a saved game (a resignation is kept from its result).
    pub fn from_saved(saved: SavedGame, ai_time: Duration) -> Play {
        let PlayedGame {
            session,
            started,
            result,
        } = saved.game;
        let mut play = Play::new(session, saved.players, ai_time, started);
        play.hints = saved.hints;
        play.source = saved.source;
        play.names = saved.names;
        if let Some(a) = saved.analysis {
            play.review = Some(ReviewState::stored(&play.session, a));
        }
        if let Some(r) = result.filter(|r| r.contains("+R")) {
            // A resignation is not part of the rules' state: keep it from the record.
            let kind = play.session.kind();
            play.resigned = [Side::First, Side::Second]
                .into_iter()
                .find(|&s| r.starts_with(kind.side_letter(s.other())));
        }
        play
    }

    /// The rematch of this game: the same game and options with the seats swapped (the other
    /// seat makes the first turn; in a bid, the other seat sets komi), the same AI time,
    /// started at `started`.
    pub fn rematch(&self, started: String) -> Result<Play, String> {
        let session = Session::new(self.session.kind(), self.session.options().clone())
            .map_err(|e| e.to_string())?;
        let [first, second] = self.players;
        let mut next = Play::new(session, [second, first], self.ai_time, started);
        let seat = next.players.iter().position(|p| !p.is_ai());
        let sides = match seat {
            Some(seat) if next.players.iter().any(|p| p.is_ai()) => {
                let kind = next.session.kind();
                let bid = next.session.options().protocol == crate::games::Protocol::Bid
                    && kind.has_komi();
                match (bid, seat) {
                    (true, 0) => "you set komi, the AI picks a side".to_string(),
                    (true, _) => "the AI sets komi, you pick a side".to_string(),
                    (false, 0) => format!("you play {} (moves first)", kind.side_name(Side::First)),
                    (false, _) => {
                        format!("you play {} (moves second)", kind.side_name(Side::Second))
                    }
                }
            }
            _ => "the seats are swapped".to_string(),
        };
        next.say(format!("rematch, sides swapped: {sides}"));
        Ok(next)
    }

    /// The question asked before leaving a game in progress (its lines), while it shows.
    pub fn leaving(&self) -> Option<&str> {
        self.leaving.as_ref().map(|(_, q)| q.as_str())
    }

    /// The same game, shown read-only for a reason ("this game is open in another tessera
    /// window", "a record under review"): history, overlay and help work; nothing changes
    /// the game and the AI does not move.
    pub fn read_only(mut self, why: &'static str) -> Play {
        self.read_only = Some(why);
        self
    }

    /// Whether the game is shown read-only.
    pub fn is_read_only(&self) -> bool {
        self.read_only.is_some()
    }

    /// Why the game is shown read-only, if it is.
    pub fn read_only_reason(&self) -> Option<&'static str> {
        self.read_only
    }

    /// The game on a server this screen shows, if it is one.
    pub fn online(&self) -> Option<&OnlineGame> {
        self.online.as_ref()
    }

    /// The record text [`Popup::Record`] shows.
    pub fn record_text(&self) -> Option<&str> {
        self.record_text.as_deref()
    }

    /// Shows a record as text to copy ([`Popup::Record`]).
    pub fn open_record(&mut self, text: String) {
        self.record_text = Some(text);
        self.popup = Some(Popup::Record(0));
    }

    /// Closes the record.
    pub fn close_record(&mut self) {
        self.popup = None;
        self.record_text = None;
    }

    /// Asks before leaving for `to` ([`Popup::Leave`]), with the question's lines.
    pub fn ask_leave(&mut self, to: Leave, question: String) {
        self.leaving = Some((to, question));
        self.popup = Some(Popup::Leave);
    }

    /// Closes the question before leaving: where the person asked to go.
    pub fn close_leave(&mut self) -> Option<Leave> {
        self.popup = None;
        self.leaving.take().map(|(to, _)| to)
    }

    /// The seat that plays `side` in the live position (the bid and the pie swap exchange
    /// seats).
    pub fn seat_of(&self, side: Side) -> usize {
        side.index() ^ usize::from(self.game().swapped())
    }

    /// How a seat is named in the panels, in at most `columns` columns (a long nickname is
    /// cut, by its width on screen): the player's nickname on a server (" (you)" after
    /// one's own), else `human_name` for a person and "AI level N" for the AI.
    pub fn seat_label(&self, seat: usize, human_name: &str, columns: usize) -> String {
        let name = |n: &str| crate::tui::layout::ellipsis(n, columns);
        match &self.online {
            Some(o) if o.live.seat == Some(seat) => {
                const YOU: &str = " (you)";
                let room = columns.saturating_sub(YOU.len());
                format!(
                    "{}{YOU}",
                    crate::tui::layout::ellipsis(&o.live.names[seat], room)
                )
            }
            Some(o) => name(&o.live.names[seat]),
            // A record under review: the names it gives (a server game's nicknames).
            None => match (&self.names, self.read_only) {
                (Some(names), Some(_)) => name(&names[seat]),
                _ => name(&self.players[seat].describe(human_name)),
            },
        }
    }

    /// The side this session's person plays on a server, if they play.
    pub fn my_side(&self) -> Option<Side> {
        let seat = self.online.as_ref()?.live.seat?;
        Some(Side::from_index(seat ^ usize::from(self.game().swapped())))
    }

    /// The game and its turns.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The live position.
    pub fn game(&self) -> &AnyGame {
        self.session.game()
    }

    /// How long the AI thinks per turn.
    pub fn ai_time(&self) -> Duration {
        self.ai_time
    }

    /// Who controls the seat that makes the first turn, and the other seat.
    pub fn players(&self) -> [Controller; 2] {
        self.players
    }

    /// The board: the cursor, the colour to place, the overlay.
    pub fn board(&self) -> &BoardInput {
        &self.board
    }

    /// Puts the cursor on a cell (as a hint does).
    pub fn set_cursor(&mut self, cell: Cell) {
        self.board.set_cursor(cell);
    }

    /// Carries out a board command on the live position.
    pub fn board_action(&mut self, action: BoardAction) -> BoardOutcome {
        self.board.on_action(action, self.session.game())
    }

    /// A click at (`column`, `row`) of the screen on the board drawn in `area` at `scale`:
    /// the cursor goes to the cell clicked, which is returned.
    pub fn click_board(&mut self, area: Rect, scale: u16, column: u16, row: u16) -> Option<Cell> {
        let geo = self.game().geometry();
        self.board.click(geo, area, scale, column, row)
    }

    /// The AI's state.
    pub fn ai(&self) -> &AiPanel {
        &self.ai
    }

    /// The komi a person is about to offer in the bid, in half points.
    pub fn komi_offer(&self) -> u16 {
        self.komi_offer
    }

    /// Raises (or with a negative `halves`, lowers) the komi offer by `halves` half points,
    /// between 0 and twice the board's cells.
    pub fn change_komi_offer(&mut self, halves: i16) {
        let most = 2 * self.game().geometry().cells() as u16;
        let by = halves.unsigned_abs();
        self.komi_offer = if halves < 0 {
            self.komi_offer.saturating_sub(by)
        } else {
            (self.komi_offer + by).min(most)
        };
    }

    /// The side that resigned.
    pub fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    /// The popup shown, if any.
    pub fn popup(&self) -> Option<Popup> {
        self.popup
    }

    /// The `:` command line being typed, if open.
    pub fn command(&self) -> Option<&LineEdit> {
        self.command.as_ref()
    }

    /// Opens the `:` command line, empty.
    pub fn open_command(&mut self) {
        self.command = Some(LineEdit::default());
    }

    /// Closes the `:` command line.
    pub fn close_command(&mut self) {
        self.command = None;
    }

    /// Closes the `:` command line: what was typed.
    pub fn take_command(&mut self) -> String {
        self.command.take().map(|l| l.text()).unwrap_or_default()
    }

    /// Edits the open command line; a backspace on an empty line closes it.
    pub fn edit_command(&mut self, e: Edit) {
        if let Some(line) = self.command.as_mut() {
            if e == Edit::Backspace && line.is_empty() {
                self.command = None;
            } else {
                line.apply(e);
            }
        }
    }

    /// The message for the bottom lines.
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// AI against AI: whether it is paused (Space).
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// AI against AI: pauses or goes on.
    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
    }

    /// Whether history stepping shows an earlier position.
    pub fn is_viewing(&self) -> bool {
        self.viewing.is_some()
    }

    /// The position on screen (the live one, or the one history stepping shows).
    pub fn shown(&self) -> &AnyGame {
        self.viewing.as_ref().map_or(self.game(), |(_, g)| g)
    }

    /// Who controls `side` in the live position (a bid or a pie swap exchanges seats).
    pub fn player_of(&self, side: Side) -> Controller {
        self.players[side.index() ^ usize::from(self.game().swapped())]
    }

    /// Who is to act now.
    pub fn controller(&self) -> Controller {
        self.player_of(self.game().to_move())
    }

    /// Whether the game has ended (by the rules, by resignation, or on a server by time).
    pub fn finished(&self) -> bool {
        self.resigned.is_some()
            || self.game().is_over()
            || self.online.as_ref().is_some_and(|o| o.result.is_some())
    }

    /// Whether the AI plays both sides (a game to watch).
    pub fn watching(&self) -> bool {
        self.players.iter().all(|p| p.is_ai())
    }

    /// Whether a person at the keyboard may play a step now (on a server: the person whose
    /// seat is to move).
    pub fn can_act(&self) -> bool {
        let mine = match &self.online {
            Some(o) => !o.live.waiting && o.live.seat == Some(self.seat_of(self.game().to_move())),
            None => true,
        };
        self.viewing.is_none()
            && !self.finished()
            && !self.controller().is_ai()
            && self.read_only.is_none()
            && mine
    }

    /// How a seat is named in sentences: "you" and "the AI" when one person plays the AI,
    /// else "player 1"/"player 2" or "AI 1"/"AI 2" by seat.
    pub fn seat_name(&self, seat: usize) -> String {
        if let Some(o) = &self.online {
            return if o.live.seat == Some(seat) {
                "you".into()
            } else {
                o.live.names[seat].clone()
            };
        }
        let [a, b] = self.players;
        match (a.is_ai(), b.is_ai()) {
            (false, true) | (true, false) if self.players[seat].is_ai() => "the AI".into(),
            (false, true) | (true, false) => "you".into(),
            (false, false) => format!("player {}", seat + 1),
            (true, true) => format!("AI {}", seat + 1),
        }
    }

    /// Who did what in a turn of the bid ("you set komi 2.5", "the AI took Vertical"); `None`
    /// for the other turns.
    pub fn bid_sentence(&self, turn: usize) -> Option<String> {
        let t = self.session.turns().get(turn)?;
        // The seats are exchanged only once the side is picked: during the bid the seat is
        // the side's index.
        let who = self.seat_name(t.side.index());
        match t.steps.as_slice() {
            [Step::Komi(h)] => Some(format!("{who} set komi {}", crate::games::format_komi(*h))),
            [Step::Choose(side)] => Some(format!(
                "{who} took {}",
                self.session.kind().side_title(*side)
            )),
            _ => None,
        }
    }

    /// The result line: the server's (on a server), the rules' result, or the resignation.
    pub fn result_text(&self) -> Option<String> {
        if let Some(r) = self.online.as_ref().and_then(|o| o.result.clone()) {
            return Some(r);
        }
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

    /// The bid step a person at the keyboard must take now, if any.
    pub fn human_bid(&self) -> Option<BidStep> {
        if self.can_act() {
            self.bid_step()
        } else {
            None
        }
    }

    /// What to save.
    pub fn saved(&self) -> SavedGame {
        SavedGame {
            game: PlayedGame {
                session: self.session.clone(),
                started: self.started.clone(),
                result: if self.finished() {
                    self.result_text()
                } else {
                    None
                },
            },
            players: self.players,
            hints: self.hints.clone(),
            analysis: self
                .review
                .as_ref()
                .filter(|r| r.matches(&self.session))
                .map(|r| r.section().clone()),
            source: self.source.clone(),
            names: self.names.clone(),
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

    /// The game's end when nothing but one forced step after another is left (a Linage board
    /// without a free region, a full Carteso board): the position after those steps, which
    /// is over. `None` while there is a choice.
    pub fn settled_end(&self) -> Option<AnyGame> {
        let mut g = self.game().clone();
        let mut v = Vec::new();
        // Each forced step ends a turn or the game; a few hundred covers any board.
        for _ in 0..1000 {
            if g.is_over() {
                return Some(g);
            }
            g.legal_steps(&mut v);
            match v.as_slice() {
                [only] => g.play(*only),
                _ => return None,
            }
        }
        None
    }

    /// Sets the note shown in the bottom lines.
    pub fn say(&mut self, text: impl Into<String>) {
        self.note = Some(Note::info(text));
    }

    /// Sets an error note.
    pub fn complain(&mut self, text: impl Into<String>) {
        self.note = Some(Note::error(text));
    }

    /// The stone a placement puts down for the side to move.
    pub fn placement_stone(&self) -> Stone {
        self.board.stone(self.game())
    }
}

impl BoardHost for Play {
    /// The live position.
    fn board_game(&self) -> &AnyGame {
        self.game()
    }

    fn may_step(&self) -> bool {
        self.can_act()
    }
}
