//! The puzzle mode's commands: the list's ([`LIST`]) and the puzzle screen's ([`TABLE`],
//! [`HELP`]), and what they do. One table makes a screen's key handler, key line and help.

use super::list::PuzzleList;
use super::screen::PuzzleScreen;
use crate::games::Game;
use crate::tui::board::cursor::Dir;
use crate::tui::board::input::colour_choice;
use crate::tui::board::{BoardAction, BoardOutcome};
use crate::tui::commands::{Command, Table};
use crate::tui::form::{Move, Selection};
use crate::tui::note::Note;
use crate::tui::screen::transition::Transition;
use crate::tui::screen::Ctx;
use ratatui::crossterm::event::KeyEvent;

/// What a list command does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListAction {
    /// The previous or next game.
    Game(Move),
    /// Select a puzzle above or below (one, or ten).
    Move(Move),
    /// Open the selected puzzle.
    Open,
    /// Back to the menu.
    Menu,
    /// Quit.
    Quit,
}

/// The list has puzzles for the game shown.
fn any_puzzle(l: &PuzzleList) -> bool {
    !l.entries().is_empty()
}

/// The list's commands.
#[rustfmt::skip]
pub static LIST: Table<PuzzleList, ListAction> = Table {
    screen: "puzzle_list",
    rows: &[
        Command::new(ListAction::Game(Move::Prev), "previous_game", &["Left", "h", "BackTab"], always, "game", "the previous game"),
        Command::new(ListAction::Game(Move::Next), "next_game", &["Right", "l", "Tab"], always, "game", "the next game"),
        Command::new(ListAction::Move(Move::By(-1)), "up", &["Up", "k"], any_puzzle, "choose", "select the puzzle above"),
        Command::new(ListAction::Move(Move::By(1)), "down", &["Down", "j"], any_puzzle, "choose", "select the puzzle below"),
        Command::new(ListAction::Move(Move::By(-10)), "page_up", &["PgUp"], any_puzzle, "", "ten puzzles up"),
        Command::new(ListAction::Move(Move::By(10)), "page_down", &["PgDn"], any_puzzle, "", "ten puzzles down"),
        Command::new(ListAction::Open, "open", &["Enter", "Space"], any_puzzle, "solve", "open the selected puzzle"),
        Command::new(ListAction::Menu, "menu", &["Esc"], always, "menu", "back to the menu"),
        Command::new(ListAction::Quit, "quit", &["q"], always, "quit", "quit"),
    ],
};

/// What a puzzle command does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A board command: the cursor, placing, the colour, the early end, pass, the button,
    /// the overlay.
    Board(BoardAction),
    /// Take back the steps of a turn in progress.
    Undo,
    /// The first turn's cell.
    Hint,
    /// Show the solution.
    GiveUp,
    /// The main line, one turn back.
    LineBack,
    /// The main line, one turn on.
    LineForward,
    /// The next puzzle.
    Next,
    /// The help.
    Help,
    /// Close the help.
    CloseHelp,
    /// Back to the list.
    List,
    /// Quit.
    Quit,
}

fn always<S>(_: &S) -> bool {
    true
}

fn mid_turn(p: &PuzzleScreen) -> bool {
    p.can_move() && p.game().steps_in_turn() > 0
}

/// The board's command `b`, as a row of the puzzle screen's table.
const fn board(b: BoardAction) -> Command<PuzzleScreen, Action> {
    b.row(Action::Board(b))
}

/// The puzzle screen's commands.
#[rustfmt::skip]
pub static TABLE: Table<PuzzleScreen, Action> = Table {
    screen: "puzzle",
    rows: &[
        board(BoardAction::Move(Dir::Left)),
        board(BoardAction::Move(Dir::Right)),
        board(BoardAction::Move(Dir::Up)),
        board(BoardAction::Move(Dir::Down)),
        Command::new(Action::Next, "next", &["n"], PuzzleScreen::done, "next", "the next puzzle (rising rating)"),
        board(BoardAction::Move(Dir::UpLeft)),
        board(BoardAction::Move(Dir::UpRight)),
        board(BoardAction::Move(Dir::DownLeft)),
        board(BoardAction::Move(Dir::DownRight)),
        Command::new(Action::Board(BoardAction::Place), "place", &["Enter", "Space"], PuzzleScreen::can_move, "place", "place a stone at the cursor"),
        Command::new(Action::Board(BoardAction::Colour), "colour", &["c"], |p| p.can_move() && colour_choice(p), "colour", "switch the stone colour"),
        board(BoardAction::EndTurn),
        Command::new(Action::Board(BoardAction::Pass), "pass", &["p"], |p| p.can_move() && p.game().steps_in_turn() == 0, "pass", "pass"),
        board(BoardAction::Button),
        Command::new(Action::Undo, "undo", &["Backspace", "U"], mid_turn, "undo", "take back the stones of the turn in progress"),
        Command::new(Action::Hint, "hint", &["H"], PuzzleScreen::solving, "hint", "a hint: where the winning turn starts (ends the streak)"),
        Command::new(Action::GiveUp, "give_up", &["g"], PuzzleScreen::solving, "give up", "give up and show the solution"),
        Command::new(Action::LineBack, "line_back", &["["], PuzzleScreen::done, "main line", "the main line: one turn back"),
        Command::new(Action::LineForward, "line_forward", &["]"], PuzzleScreen::done, "main line", "the main line: one turn on"),
        Command::new(Action::Next, "skip", &["N"], PuzzleScreen::solving, "", "skip to the next puzzle"),
        board(BoardAction::Overlay),
        Command::new(Action::List, "list", &["Esc"], always, "list", "back to the puzzle list"),
        Command::new(Action::Help, "help", &["?"], always, "help", "this help"),
        Command::new(Action::Quit, "quit", &["q"], always, "quit", "quit"),
    ],
};

/// The open help's only command.
#[rustfmt::skip]
pub static HELP: Table<PuzzleScreen, Action> = Table {
    screen: "puzzle_help",
    rows: &[Command::new(Action::CloseHelp, "close", &["any"], always, "close the help", "close the help")],
};

/// The table in force.
pub fn table(p: &PuzzleScreen) -> &'static Table<PuzzleScreen, Action> {
    if p.help_open() {
        &HELP
    } else {
        &TABLE
    }
}

/// Handles a key on the puzzle screen.
pub fn on_key(p: &mut PuzzleScreen, k: KeyEvent, cx: &mut Ctx) -> Transition {
    let Some(action) = table(p).lookup(p, &cx.settings.keymap, &k) else {
        return Transition::stay();
    };
    if !matches!(
        action,
        Action::Help | Action::CloseHelp | Action::Board(BoardAction::Overlay)
    ) {
        // The shown wrong turn goes at the next key.
        p.take_back_wrong();
    }
    let fx = match action {
        Action::CloseHelp => {
            p.help = false;
            Vec::new()
        }
        Action::Help => {
            p.help = true;
            Vec::new()
        }
        Action::Board(b) => match p.board.on_action(b, &p.game) {
            BoardOutcome::Done | BoardOutcome::Colour(_) => Vec::new(),
            BoardOutcome::Step(step) => p.step(step, cx.next_job),
        },
        Action::Undo => {
            p.undo_partial();
            Vec::new()
        }
        Action::Hint => p.hint(cx.next_job),
        Action::GiveUp => p.give_up(),
        Action::LineBack => {
            p.step_line(false);
            Vec::new()
        }
        Action::LineForward => {
            p.step_line(true);
            Vec::new()
        }
        Action::Next => {
            return match p.next() {
                Some(Ok(next)) => Transition::Puzzle(Box::new(next)),
                Some(Err(e)) => {
                    p.complain(e);
                    Transition::stay()
                }
                None => Transition::stay(),
            }
        }
        Action::List => return Transition::PuzzleList(Box::new(back_to_list(p))),
        Action::Quit => return Transition::Quit,
    };
    Transition::Stay(fx)
}

/// Handles a key on the puzzle list.
pub fn on_list_key(list: &mut PuzzleList, k: KeyEvent, cx: &mut Ctx) -> Transition {
    match LIST.lookup(list, &cx.settings.keymap, &k) {
        Some(ListAction::Game(m)) => {
            list.game.go(m, list.sets.len());
            list.selected = Selection::default();
        }
        Some(ListAction::Move(m)) => list.selected.go(m, list.entries().len()),
        Some(ListAction::Open) => return open_selected(list, cx.note),
        Some(ListAction::Menu) => return Transition::Menu,
        Some(ListAction::Quit) => return Transition::Quit,
        None => {}
    }
    Transition::stay()
}

fn back_to_list(p: &PuzzleScreen) -> PuzzleList {
    let mut list = p.list.clone();
    if let Some(i) = list.entries().iter().position(|e| e.id == p.entry.id) {
        list.selected = Selection::at(i);
    }
    list
}

/// Opens the list's selected puzzle, or says why not.
pub fn open_selected(list: &PuzzleList, note: &mut Option<Note>) -> Transition {
    match PuzzleScreen::open(list.clone(), list.selected.index()) {
        Ok(p) => Transition::Puzzle(Box::new(p)),
        Err(e) => {
            *note = Some(Note::error(e));
            Transition::stay()
        }
    }
}
