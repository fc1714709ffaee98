//! The puzzle screen's commands: one table makes the key handler, the key line and the help.

use super::list::PuzzleList;
use super::screen::PuzzleScreen;
use crate::board::BoardKind;
use crate::games::{Game, Spec, Step};
use crate::tui::app::Transition;
use crate::tui::commands::{Command, Table};
use crate::tui::cursor::Dir;
use crate::tui::play::{has_colour_choice, has_overlay};
use crate::tui::screen::Ctx;
use crate::tui::Note;
use ratatui::crossterm::event::KeyEvent;

/// What a puzzle command does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor.
    Move(Dir),
    /// Place a stone at the cursor.
    Place,
    /// Switch the stone colour (Carteso, Wunchunk).
    Colour,
    /// End a Wunchunk turn early.
    EndTurn,
    /// Pass.
    Pass,
    /// Keil's button.
    Button,
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
    /// The ownership overlay.
    Overlay,
    /// The help.
    Help,
    /// Close the help.
    CloseHelp,
    /// Back to the list.
    List,
    /// Quit.
    Quit,
}

fn always(_: &PuzzleScreen) -> bool {
    true
}

fn hex(p: &PuzzleScreen) -> bool {
    p.game().geometry().kind() == BoardKind::Hex
}

/// Whether `step` is legal now, in a game whose spec has the capability `has`.
fn legal(p: &PuzzleScreen, has: fn(&Spec) -> bool, step: Step) -> bool {
    if !p.can_move() || !has(p.game().kind().spec()) {
        return false;
    }
    let mut v = Vec::new();
    p.game().legal_steps(&mut v);
    v.contains(&step)
}

fn mid_turn(p: &PuzzleScreen) -> bool {
    p.can_move() && p.game().steps_in_turn() > 0
}

const MOVE: &str = "move the cursor";

/// The puzzle screen's commands.
#[rustfmt::skip]
pub static TABLE: Table<PuzzleScreen, Action> = Table {
    screen: "puzzle",
    rows: &[
        Command::new(Action::Move(Dir::Left), "left", &["Left", "h"], always, "move", MOVE),
        Command::new(Action::Move(Dir::Right), "right", &["Right", "l"], always, "move", MOVE),
        Command::new(Action::Move(Dir::Up), "up", &["Up", "k"], always, "move", MOVE),
        Command::new(Action::Move(Dir::Down), "down", &["Down", "j"], always, "move", MOVE),
        Command::new(Action::Next, "next", &["n"], PuzzleScreen::done, "next", "the next puzzle (rising rating)"),
        Command::new(Action::Move(Dir::UpLeft), "up_left", &["y"], hex, "", "move to the diagonal neighbours"),
        Command::new(Action::Move(Dir::UpRight), "up_right", &["u"], hex, "", "move to the diagonal neighbours"),
        Command::new(Action::Move(Dir::DownLeft), "down_left", &["b"], hex, "", "move to the diagonal neighbours"),
        Command::new(Action::Move(Dir::DownRight), "down_right", &["n"], hex, "", "move to the diagonal neighbours"),
        Command::new(Action::Place, "place", &["Enter", "Space"], PuzzleScreen::can_move, "place", "place a stone at the cursor"),
        Command::new(Action::Colour, "colour", &["c"], |p| p.can_move() && has_colour_choice(p.game().kind()), "colour", "switch the stone colour"),
        Command::new(Action::EndTurn, "end_turn", &["e"], |p| legal(p, |s| s.early_end, Step::End), "end turn", "end the turn early"),
        Command::new(Action::Pass, "pass", &["p"], |p| p.can_move() && p.game().steps_in_turn() == 0, "pass", "pass"),
        Command::new(Action::Button, "button", &["B"], |p| legal(p, |s| s.button, Step::Button), "button", "take the button"),
        Command::new(Action::Undo, "undo", &["Backspace", "U"], mid_turn, "undo", "take back the stones of the turn in progress"),
        Command::new(Action::Hint, "hint", &["H"], PuzzleScreen::solving, "hint", "a hint: where the winning turn starts (ends the streak)"),
        Command::new(Action::GiveUp, "give_up", &["g"], PuzzleScreen::solving, "give up", "give up and show the solution"),
        Command::new(Action::LineBack, "line_back", &["["], PuzzleScreen::done, "main line", "the main line: one turn back"),
        Command::new(Action::LineForward, "line_forward", &["]"], PuzzleScreen::done, "main line", "the main line: one turn on"),
        Command::new(Action::Next, "skip", &["N"], PuzzleScreen::solving, "", "skip to the next puzzle"),
        Command::new(Action::Overlay, "overlay", &["t"], |p| has_overlay(p.game().kind()), "overlay", "ownership overlay on/off"),
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
    if !matches!(action, Action::Help | Action::CloseHelp | Action::Overlay) {
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
        Action::Move(d) => {
            p.move_cursor(d);
            Vec::new()
        }
        Action::Place => {
            let step = Step::Place {
                cell: p.cursor(),
                stone: p.stone(),
            };
            p.step(step, cx.next_job)
        }
        Action::Colour => {
            p.colour = p.colour.opposite();
            Vec::new()
        }
        Action::EndTurn => p.step(Step::End, cx.next_job),
        Action::Pass => p.step(Step::Pass, cx.next_job),
        Action::Button => p.step(Step::Button, cx.next_job),
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
        Action::Overlay => {
            p.overlay = !p.overlay;
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

fn back_to_list(p: &PuzzleScreen) -> PuzzleList {
    let mut list = p.list.clone();
    if let Some(i) = list.entries().iter().position(|e| e.id == p.entry.id) {
        list.selected = crate::tui::form::Selection::at(i);
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
