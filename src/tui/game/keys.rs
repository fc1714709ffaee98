//! The game screen's command tables (the board, the result popup, the help, the `:` command
//! line) and what their commands do. The key handler, the key line and the `?` help are all
//! made from these tables ([`crate::tui::commands`]).

use super::play::{BidStep, Leave, Play, Popup};
use crate::games::title_case;
use crate::games::{Game, Side, Step, Stone};
use crate::tui::board::cursor::Dir;
use crate::tui::board::input::{colour_choice, legal_now};
use crate::tui::board::{BoardAction, BoardOutcome};
use crate::tui::commands::{Command, Table};
use crate::tui::effect::Effect;
use crate::tui::line_edit::Edit;
use crate::tui::screen::transition::Transition;
use crate::tui::screen::Ctx;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

/// What a command of the game screen does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Bid: lower the komi offer by 0.5.
    KomiLess,
    /// Bid: raise the komi offer by 0.5.
    KomiMore,
    /// Bid: lower the komi offer by 5.
    KomiLess5,
    /// Bid: raise the komi offer by 5.
    KomiMore5,
    /// Bid: offer the komi.
    Offer,
    /// Bid: take a side.
    Take(Side),
    /// AI against AI: pause or go on.
    Pause,
    /// A board command: the cursor, placing, the colour, the early end, pass, the button,
    /// the overlay.
    Board(BoardAction),
    /// Swap colours (Wunchunk).
    Swap,
    /// Take back.
    TakeBack,
    /// History: one turn back.
    HistoryBack,
    /// History: one turn forward.
    HistoryForward,
    /// History: the first position.
    HistoryStart,
    /// History: back to the live game.
    HistoryEnd,
    /// Open the `:` command line.
    Command,
    /// Show the result again.
    Result,
    /// Show the help.
    Help,
    /// Back to the menu.
    Menu,
    /// Quit.
    Quit,
    /// Result popup: previous choice.
    ResultPrev,
    /// Result popup: next choice.
    ResultNext,
    /// Result popup: run the selected choice.
    ResultChoose,
    /// Result popup: run a choice by its key.
    Choose(Choice),
    /// Result popup: close it, back to the position.
    CloseResult,
    /// A turn in progress (Iris, Wunchunk): take back its stones.
    CancelTurn,
    /// Leave-the-game question: yes, leave.
    ConfirmLeave,
    /// Leave-the-game question: no, stay.
    Stay,
    /// Help popup: close it.
    CloseHelp,
    /// Command line: run it.
    Run,
    /// Command line: close it.
    Cancel,
    /// Command line: edit it.
    Edit(Edit),
    /// Command line: type a character.
    Type,
    /// Watching a game on a server: the AI's analysis on or off.
    Analysis,
    /// Record popup: scroll up.
    RecordUp,
    /// Record popup: scroll down.
    RecordDown,
    /// Record popup: close it.
    CloseRecord,
    /// Review the game (`R`).
    Review,
    /// Review: the next marked turn.
    NextMarked,
    /// Review: the previous marked turn.
    PreviousMarked,
    /// Analysis: the ownership heat map on or off.
    Heat,
    /// Analysis: one turn further along the principal variation on the ghost board.
    PvForward,
    /// Analysis: one turn back along the principal variation.
    PvBack,
    /// Ask the AI what it would play (noted in the record).
    Hint,
    /// Hide or show the AI panel.
    AiPanel,
}

/// What the Game-over box offers. Its buttons are the [`RESULT`] table's `Choose` rows that
/// are available, in the table's order, named by their key-line labels ([`result_choices`]):
/// the buttons, the key line and the help cannot disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Review the game (as `R`).
    Review,
    /// The same game again with the seats swapped (for a bid, the other seat bids).
    Rematch,
    /// The New game form (on a server: the lobby).
    NewGame,
    /// A game on a server: its record as text to copy (the server keeps the file).
    Record,
    /// Back to the menu (the lobby on a server).
    Menu,
}

fn always(_: &Play) -> bool {
    true
}

fn komi_step(p: &Play) -> bool {
    p.human_bid() == Some(BidStep::Komi)
}

fn side_step(p: &Play, letter: char) -> bool {
    p.human_bid() == Some(BidStep::Side) && p.game().kind().side_letter(Side::First) == letter
}

fn live(p: &Play) -> bool {
    !p.is_viewing() && !p.finished() && !p.is_read_only()
}

/// Watching a game on a server.
fn watcher(p: &Play) -> bool {
    p.online().is_some_and(|o| o.live.seat.is_none())
}

/// Playing a live game on a server: the game is left only by its end (or by quitting,
/// which the server treats as leaving for a while).
fn bound(p: &Play) -> bool {
    p.online().is_some_and(|o| o.live.seat.is_some()) && !p.finished()
}

fn has_marks(p: &Play) -> bool {
    p.review()
        .is_some_and(|r| r.reviews().iter().any(|t| t.judgement.is_some()))
}

fn has_pv(p: &Play) -> bool {
    p.current_analysis().is_some_and(|a| !a.pv.is_empty())
}

fn has_turns(p: &Play) -> bool {
    !p.session().turns().is_empty()
}

/// Stones of a turn in progress that a person may take back (Iris, Wunchunk).
fn stones_placed(p: &Play) -> bool {
    p.can_act() && p.online().is_none() && !p.session().pending().is_empty()
}

/// A game with turns, not on a server: the Game-over box offers its review.
fn reviewable(p: &Play) -> bool {
    p.online().is_none() && has_turns(p)
}

fn local(p: &Play) -> bool {
    p.online().is_none()
}

/// The board's command `b`, as a row of the game screen's table.
const fn board(b: BoardAction) -> Command<Play, Action> {
    b.row(Action::Board(b))
}

const HISTORY: &str = "step through the history";

/// The board's commands, in priority order (the bid's keys before the cursor's, the hexhex
/// diagonals before take-back's `u`).
#[rustfmt::skip]
pub static BOARD: Table<Play, Action> = Table {
    screen: "game",
    rows: &[
        Command::new(Action::KomiLess, "komi_less", &["Left", "-", "h"], komi_step, "komi ±0.5", "lower your komi offer by 0.5"),
        Command::new(Action::KomiMore, "komi_more", &["Right", "+", "=", "l"], komi_step, "komi ±0.5", "raise your komi offer by 0.5"),
        Command::new(Action::KomiLess5, "komi_less_5", &["PgDn", "Down", "j"], komi_step, "±5", "lower your komi offer by 5"),
        Command::new(Action::KomiMore5, "komi_more_5", &["PgUp", "Up", "k"], komi_step, "±5", "raise your komi offer by 5"),
        Command::new(Action::Offer, "offer", &["Enter", "Space"], komi_step, "offer", "offer this komi"),
        Command::new(Action::Take(Side::First), "take_black", &["b"], |p| side_step(p, 'B'), "take black (moves first)", "take Black (moves first)"),
        Command::new(Action::Take(Side::Second), "take_white", &["w"], |p| side_step(p, 'B'), "take white (gets komi)", "take White (gets komi)"),
        Command::new(Action::Take(Side::First), "take_vertical", &["v"], |p| side_step(p, 'V'), "take vertical (moves first)", "take Vertical (moves first)"),
        Command::new(Action::Take(Side::Second), "take_horizontal", &["h"], |p| side_step(p, 'V'), "take horizontal (gets komi)", "take Horizontal (gets komi)"),
        Command::new(Action::Pause, "pause", &["Space"], |p| p.watching() && !p.finished() && !p.paused(), "pause", "pause after the turn being played"),
        Command::new(Action::Pause, "go_on", &["Space"], |p| p.watching() && !p.finished() && p.paused(), "go on", "go on playing"),
        Command::new(Action::NextMarked, "next_marked", &["n"], has_marks, "marked turns", "review: the next marked turn (inaccuracy, mistake, blunder)"),
        Command::new(Action::PreviousMarked, "previous_marked", &["N"], has_marks, "", "review: the previous marked turn"),
        board(BoardAction::Move(Dir::Left)),
        board(BoardAction::Move(Dir::Right)),
        board(BoardAction::Move(Dir::Up)),
        board(BoardAction::Move(Dir::Down)),
        board(BoardAction::Move(Dir::UpLeft)),
        board(BoardAction::Move(Dir::UpRight)),
        board(BoardAction::Move(Dir::DownLeft)),
        board(BoardAction::Move(Dir::DownRight)),
        Command::new(Action::Board(BoardAction::Place), "place", &["Enter", "Space"], Play::can_act, "place", "place a stone at the cursor (or click)"),
        Command::new(Action::Board(BoardAction::Colour), "colour", &["c"], |p| live(p) && colour_choice(p), "colour", "switch the stone colour"),
        board(BoardAction::EndTurn),
        // `pass` is always offered (its refusal explains a rule: Keil's button).
        Command::new(Action::Board(BoardAction::Pass), "pass", &["p"], Play::can_act, "pass", "pass"),
        board(BoardAction::Button),
        Command::new(Action::Swap, "swap", &["s"], |p| legal_now(p, |s| s.swap, Step::Swap), "swap", "swap colours (White's first turn)"),
        Command::new(Action::TakeBack, "take_back", &["u", "U", "Backspace"], |p| !p.is_viewing() && !p.is_read_only() && p.online().is_none(), "undo", "take back (against the AI: to your previous turn)"),
        Command::new(Action::HistoryBack, "history_back", &["["], has_turns, "history", HISTORY),
        Command::new(Action::HistoryForward, "history_forward", &["]"], Play::is_viewing, "history", HISTORY),
        Command::new(Action::HistoryStart, "history_start", &["Home"], has_turns, "", "the first position"),
        Command::new(Action::HistoryEnd, "history_end", &["End"], Play::is_viewing, "back to the game", "back to the game"),
        board(BoardAction::Overlay),
        Command::new(Action::Result, "result", &["r"], Play::finished, "result", "show the result again"),
        Command::new(Action::Analysis, "analysis", &["a"], |p| watcher(p) || p.can_analyse(), "analysis", "the AI's analysis on/off (candidates 1-5 on the board)"),
        Command::new(Action::PvForward, "pv_forward", &["v"], has_pv, "pv", "analysis: step the principal variation on a ghost board"),
        Command::new(Action::PvBack, "pv_back", &["V"], |p| p.analysis_mode().pv_step() > 0, "", "analysis: one turn back along the principal variation"),
        Command::new(Action::Heat, "heat_map", &["o"], Play::analysing, "heat map", "analysis: ownership heat map on/off"),
        Command::new(Action::Hint, "hint", &["H"], Play::can_hint, "hint", "the AI's choice for you (noted in the record)"),
        Command::new(Action::AiPanel, "ai_panel", &["A"], always, "", "hide or show the AI panel"),
        Command::new(Action::Review, "review", &["R"], Play::can_review, "review", "review the game: win-rate graph, marked turns"),
        Command::new(Action::Command, "command", &[":"], always, "command", "command line: a turn (d4,g7) · save F · load F · resign"),
        Command::new(Action::CancelTurn, "cancel_turn", &["Esc"], stones_placed, "take back stones", "take back the stones of this turn"),
        Command::new(Action::Menu, "menu", &["Esc"], |p| !bound(p), "", "back to the menu (the game is kept)"),
        Command::new(Action::Help, "help", &["?"], always, "help", "this help"),
        Command::new(Action::Quit, "quit", &["q", "Ctrl-c"], always, "quit", "quit (the game is saved for Resume)"),
    ],
};

/// The result popup's commands; its `Choose` rows are the Game-over box's buttons.
#[rustfmt::skip]
pub static RESULT: Table<Play, Action> = Table {
    screen: "result",
    rows: &[
        Command::new(Action::ResultPrev, "previous", &["Left", "Up", "BackTab", "h", "k"], always, "choose", "previous choice"),
        Command::new(Action::ResultNext, "next", &["Right", "Down", "Tab", "l", "j"], always, "choose", "next choice"),
        Command::new(Action::ResultChoose, "select", &["Enter", "Space"], always, "select", "run the selected choice"),
        Command::new(Action::Choose(Choice::Review), "review", &["r", "R"], reviewable, "review", "review the game: win-rate graph, marked turns"),
        Command::new(Action::Choose(Choice::Rematch), "rematch", &["a"], local, "rematch", "play again, the same game with the sides swapped"),
        Command::new(Action::Choose(Choice::NewGame), "new_game", &["n"], always, "new game", "a new game"),
        Command::new(Action::Choose(Choice::Record), "record", &["s"], |p| p.online().is_some(), "record", "the game's record as text to copy (the server keeps it)"),
        Command::new(Action::Choose(Choice::Menu), "menu", &["m"], always, "menu", "back to the menu"),
        Command::new(Action::CloseResult, "back", &["Esc", "b"], always, "close", "back to the position (r shows the result again)"),
        Command::new(Action::Help, "help", &["?"], always, "help", "this help"),
        Command::new(Action::Quit, "quit", &["q"], always, "quit", "quit"),
    ],
};

/// The question before leaving a game in progress.
#[rustfmt::skip]
pub static CONFIRM: Table<Play, Action> = Table {
    screen: "leave",
    rows: &[
        Command::new(Action::ConfirmLeave, "yes", &["y", "Enter"], always, "leave", "yes: leave the game (it is kept)"),
        Command::new(Action::Stay, "no", &["n", "Esc"], always, "stay", "no: back to the game"),
    ],
};

/// The Game-over box's buttons: each available choice, with its first key and its label
/// (the key line's, capitalised).
pub fn result_choices(
    play: &Play,
    keymap: &crate::tui::keymap::Keymap,
) -> Vec<(Choice, Option<String>, String)> {
    RESULT
        .live(play, keymap)
        .iter()
        .filter_map(|l| match l.command.action {
            Action::Choose(c) => Some((
                c,
                l.keys.first().map(ToString::to_string),
                title_case(l.command.hint),
            )),
            _ => None,
        })
        .collect()
}

/// The help popup's one command.
#[rustfmt::skip]
pub static HELP: Table<Play, Action> = Table {
    screen: "help",
    rows: &[Command::new(Action::CloseHelp, "close", &["any"], always, "close the help", "close the help")],
};

/// The record popup's commands (`:save` on a server).
#[rustfmt::skip]
pub static RECORD: Table<Play, Action> = Table {
    screen: "record",
    rows: &[
        Command::new(Action::RecordUp, "up", &["Up", "k", "PgUp"], always, "scroll", "scroll up"),
        Command::new(Action::RecordDown, "down", &["Down", "j", "PgDn"], always, "scroll", "scroll down"),
        Command::new(Action::CloseRecord, "close", &["Esc", "q", "Enter"], always, "close", "close the record"),
    ],
};

/// The `:` command line's commands.
#[rustfmt::skip]
pub static COMMAND_LINE: Table<Play, Action> = Table {
    screen: "command_line",
    rows: &[
        Command::new(Action::Run, "run", &["Enter"], always, "run", "run the command"),
        Command::new(Action::Cancel, "cancel", &["Esc"], always, "cancel", "close the command line"),
        Command::new(Action::Edit(Edit::Backspace), "backspace", &["Backspace"], always, "", "delete before the cursor (on an empty line: close)"),
        Command::new(Action::Edit(Edit::Delete), "delete", &["Delete"], always, "", "delete under the cursor"),
        Command::new(Action::Edit(Edit::Left), "left", &["Left"], always, "", "move in the line"),
        Command::new(Action::Edit(Edit::Right), "right", &["Right"], always, "", "move in the line"),
        Command::new(Action::Edit(Edit::Home), "home", &["Home"], always, "", "move in the line"),
        Command::new(Action::Edit(Edit::End), "end", &["End"], always, "", "move in the line"),
        Command::new(Action::Type, "type", &["text"], always, "", "type the command"),
    ],
};

/// The table of the game screen's current mode.
pub fn table(play: &Play) -> &'static Table<Play, Action> {
    match play.popup() {
        Some(Popup::Help) => &HELP,
        Some(Popup::Result(_)) => &RESULT,
        Some(Popup::Record(_)) => &RECORD,
        Some(Popup::Leave) => &CONFIRM,
        None if play.command().is_some() => &COMMAND_LINE,
        None => &BOARD,
    }
}

/// The table whose commands the `?` help lists: the board's, or the result popup's.
pub fn help_table(play: &Play) -> &'static Table<Play, Action> {
    match play.popup() {
        Some(Popup::Result(_)) => &RESULT,
        Some(Popup::Record(_)) => &RECORD,
        Some(Popup::Leave) => &CONFIRM,
        _ => &BOARD,
    }
}

/// Handles a key on the game screen.
pub fn on_key(play: &mut Play, k: KeyEvent, cx: &mut Ctx) -> Transition {
    let t = match table(play).lookup(play, &cx.settings.keymap, &k) {
        Some(a) => run(play, a, k, cx),
        None => Transition::stay(),
    };
    // Whatever the key did to the position shown, analysis follows it.
    match t {
        Transition::Stay(mut fx) => {
            fx.extend(play.follow_position(cx.next_job));
            Transition::Stay(fx)
        }
        other => other,
    }
}

fn stay(fx: Vec<Effect>) -> Transition {
    Transition::Stay(fx)
}

/// Carries out a command.
pub fn run(play: &mut Play, action: Action, k: KeyEvent, cx: &mut Ctx) -> Transition {
    let jobs = &mut *cx.next_job;
    match action {
        Action::KomiLess => play.change_komi_offer(-1),
        Action::KomiMore => play.change_komi_offer(1),
        Action::KomiLess5 => play.change_komi_offer(-10),
        Action::KomiMore5 => play.change_komi_offer(10),
        Action::Offer => {
            let offer = play.komi_offer();
            return stay(play.human_step(Step::Komi(offer), jobs));
        }
        Action::Take(side) => return stay(play.human_step(Step::Choose(side), jobs)),
        Action::Pause => {
            play.toggle_pause();
            // A turn already being thought about is still played; none starts after it.
            play.say(if play.paused() {
                "paused: Space goes on"
            } else {
                "going on"
            });
            return stay(play.schedule(jobs));
        }
        Action::Board(b) => match play.board_action(b) {
            BoardOutcome::Done => {}
            BoardOutcome::Colour(colour) => {
                let name = if colour == Stone::Black {
                    "black"
                } else {
                    "white"
                };
                play.say(format!("placing {name} stones"));
            }
            BoardOutcome::Step(step) => return stay(play.human_step(step, jobs)),
        },
        Action::Swap => return stay(play.human_step(Step::Swap, jobs)),
        Action::TakeBack => return stay(play.take_back(jobs)),
        Action::HistoryBack => play.view_turn(play.viewed_turn().saturating_sub(1)),
        Action::HistoryForward => play.view_turn(play.viewed_turn() + 1),
        Action::HistoryStart => play.view_turn(0),
        Action::HistoryEnd => play.leave_history(),
        Action::Command => play.open_command(),
        Action::Result => play.popup = Some(Popup::Result(0)),
        Action::Help => play.popup = Some(Popup::Help),
        Action::CloseHelp => {
            // Back to where the help was opened from: the result, if the game is over and
            // the result was showing.
            play.popup = None;
        }
        Action::Menu => return leave(play, Leave::Menu, cx),
        Action::Quit => return leave(play, Leave::Quit, cx),
        Action::ConfirmLeave => {
            if let Some(to) = play.close_leave() {
                return leave_now(to);
            }
        }
        Action::Stay => {
            play.close_leave();
        }
        Action::CancelTurn => return stay(play.take_back(jobs)),
        Action::CloseResult => {
            play.popup = None;
            play.say("r shows the result again");
        }
        Action::ResultPrev | Action::ResultNext => {
            let n = result_choices(play, &cx.settings.keymap).len().max(1);
            if let Some(Popup::Result(sel)) = play.popup {
                let next = if action == Action::ResultNext {
                    (sel + 1) % n
                } else {
                    (sel + n - 1) % n
                };
                play.popup = Some(Popup::Result(next));
            }
        }
        Action::ResultChoose => {
            if let Some(Popup::Result(sel)) = play.popup {
                let choices = result_choices(play, &cx.settings.keymap);
                if let Some((c, ..)) = choices.get(sel.min(choices.len().saturating_sub(1))) {
                    return result_choice(play, *c, cx);
                }
            }
        }
        Action::Choose(c) => return result_choice(play, c, cx),
        Action::Run => {
            let text = play.take_command();
            return run_command(play, text.trim(), cx);
        }
        Action::Cancel => play.close_command(),
        Action::Edit(e) => play.edit_command(e),
        Action::Type => {
            if let KeyCode::Char(c) = k.code {
                play.edit_command(Edit::Insert(c));
            }
        }
        Action::Analysis if play.online().is_some() => return stay(play.toggle_analysis(jobs)),
        Action::Analysis => return stay(play.toggle_local_analysis(jobs)),
        Action::Review => return stay(play.start_review(jobs)),
        Action::NextMarked => play.jump_marked(true),
        Action::PreviousMarked => play.jump_marked(false),
        Action::Heat => play.toggle_heat(),
        Action::PvForward => {
            play.step_pv();
        }
        Action::PvBack => play.step_pv_back(),
        Action::Hint => return stay(play.ask_hint(jobs)),
        Action::AiPanel => play.toggle_ai_panel(),
        Action::RecordUp | Action::RecordDown => {
            if let Some(Popup::Record(top)) = play.popup {
                let top = if action == Action::RecordUp {
                    top.saturating_sub(5)
                } else {
                    top.saturating_add(5)
                };
                play.popup = Some(Popup::Record(top));
            }
        }
        Action::CloseRecord => {
            play.close_record();
        }
    }
    Transition::stay()
}

fn result_choice(play: &mut Play, c: Choice, cx: &mut Ctx) -> Transition {
    match c {
        Choice::Review if play.can_review() => stay(play.start_review(cx.next_job)),
        Choice::Review => {
            play.popup = None;
            play.say("the review is on screen: n N jump between marked turns, r the result");
            Transition::stay()
        }
        Choice::Rematch => match play.rematch(crate::tui::store::now_rfc3339()) {
            Ok(next) => Transition::Open(Box::new(next)),
            Err(e) => {
                play.complain(format!("no rematch: {e}"));
                Transition::stay()
            }
        },
        // On a server new games start from the lobby.
        Choice::NewGame if play.online().is_some() => Transition::Menu,
        Choice::NewGame => Transition::NewGame,
        Choice::Record => {
            // The server has saved it for both players: show it to copy.
            play.show_record(cx.user);
            Transition::stay()
        }
        Choice::Menu => Transition::Menu,
    }
}

/// Whether leaving now would leave a game in progress behind: a game of this program (not
/// on a server, not read-only) that has begun and is not over.
fn in_progress(play: &Play) -> bool {
    let begun = !play.session().turns().is_empty() || !play.session().pending().is_empty();
    begun && !play.finished() && !play.is_read_only() && play.online().is_none()
}

/// Leaves the game for `to`, asking first when a game in progress would be left: the
/// question says where the game is kept.
fn leave(play: &mut Play, to: Leave, cx: &Ctx) -> Transition {
    if !in_progress(play) {
        return leave_now(to);
    }
    let kept = if !cx.settings.config.autosave {
        match to {
            Leave::Quit => "autosave is off: it is not saved (:save NAME keeps it)".to_string(),
            _ => "autosave is off: Resume keeps it until you quit".to_string(),
        }
    } else if cx.autosave_elsewhere {
        match cx.storage.record_path(&play.saved()) {
            Some(p) => format!("it is saved as {}", cx.storage.shown_path(&p)),
            None => "it cannot be saved: no data directory (:save FILE keeps it)".into(),
        }
    } else if cx.storage.autosave_path().is_some() && !cx.storage.paths {
        "it is saved: the lobby offers it again".into()
    } else if cx.storage.autosave_path().is_some() {
        "it is saved: Resume on the menu picks it up".into()
    } else {
        "it cannot be saved: no data directory (:save FILE keeps it)".into()
    };
    let question = match &to {
        Leave::Menu => "Leave this game for the menu?".to_string(),
        // On a server `q` goes back to the lobby (`App`), not out of the session.
        Leave::Quit if cx.on_server => "Leave this game for the lobby?".to_string(),
        Leave::Quit => "Leave this game and quit?".to_string(),
        Leave::Load(p) => format!("Leave this game to load {}?", cx.storage.shown_path(p)),
    };
    play.ask_leave(to, format!("{question}\n{}", title_case(&kept)));
    Transition::stay()
}

fn leave_now(to: Leave) -> Transition {
    match to {
        Leave::Menu => Transition::Menu,
        Leave::Quit => Transition::Quit,
        Leave::Load(path) => Transition::Stay(vec![Effect::Load(path)]),
    }
}

/// Runs a `:` command: `save FILE`, `load FILE`, `resign`, `help`, `quit`, `menu`, or a turn
/// token (`d4,g7`, `komi=6.5`, `pass`). A FILE without a folder is in the games folder
/// ([`crate::tui::store::Storage::save_target`]); `load`, `quit` and `menu` ask before leaving a
/// game in progress. Where the person may not name files (a server), `save` shows the record
/// as text to copy and `load` says where their games are.
pub fn run_command(play: &mut Play, text: &str, cx: &mut Ctx) -> Transition {
    let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
    let rest = rest.trim();
    let paths = cx.storage.paths;
    let fx = match word.to_ascii_lowercase().as_str() {
        "" => Vec::new(),
        "save" | "w" if !paths => {
            play.show_record(cx.user);
            Vec::new()
        }
        "load" | "e" if !paths => {
            play.complain("no files on the server: your games are under g in the lobby");
            Vec::new()
        }
        "save" | "w" if rest.is_empty() => match play.review_to_store() {
            Some(effect) => vec![effect],
            None => {
                play.complain("usage: :save FILE");
                Vec::new()
            }
        },
        "save" | "w" => vec![Effect::Save(cx.storage.save_target(rest), play.saved())],
        "load" | "e" if rest.is_empty() => {
            play.complain("usage: :load FILE");
            Vec::new()
        }
        "load" | "e" => return leave(play, Leave::Load(cx.storage.load_target(rest)), cx),
        "resign" => play.resign(),
        "help" => {
            play.popup = Some(Popup::Help);
            Vec::new()
        }
        "quit" | "q" => return leave(play, Leave::Quit, cx),
        "menu" if bound(play) => {
            play.complain("the game is on: play it to the end, or :resign");
            Vec::new()
        }
        "menu" => return leave(play, Leave::Menu, cx),
        _ => play.human_token(text, cx.next_job),
    };
    stay(fx)
}

/// A click on a cell moves the cursor there and places (when a person is to move).
pub fn on_mouse(play: &mut Play, m: MouseEvent, cx: &mut Ctx) -> Vec<Effect> {
    if m.kind != MouseEventKind::Down(MouseButton::Left)
        || play.popup.is_some()
        || play.command().is_some()
    {
        return Vec::new();
    }
    let Ok(areas) = super::review_graph::screen_areas(cx.size, play) else {
        return Vec::new();
    };
    // A click on the review's graph shows that position.
    if let Some(p) = super::panels::clicked_position(&areas, play, cx.settings, m.column, m.row) {
        play.view_turn(p);
        return play.follow_position(cx.next_job);
    }
    match play.click_board(areas.board, areas.scale, m.column, m.row) {
        Some(cell) if play.can_act() => play.place_at(cell, cx.next_job),
        _ => Vec::new(),
    }
}
