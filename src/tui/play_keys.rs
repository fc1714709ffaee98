//! Keys and clicks on the game screen, turned into operations on [`Play`].

use super::cursor::Dir;
use super::game_view;
use super::play::{has_colour_choice, BidStep, Play, Popup};
use super::Effect;
use crate::board::BoardKind;
use crate::games::{Game, Side, Step};
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use std::path::PathBuf;

/// What the game screen asks of the application.
#[derive(Debug)]
pub enum Outcome {
    /// Stay on the game screen; carry out these effects.
    Stay(Vec<Effect>),
    /// Leave the program.
    Quit,
    /// Back to the main menu.
    Menu,
    /// To the New game screen.
    NewGame,
}

/// The actions of the result popup, in order.
pub const RESULT_ACTIONS: [&str; 4] = ["New game", "Save", "Back to the position", "Menu"];

/// Handles a key on the game screen.
pub fn on_key(play: &mut Play, k: KeyEvent, next_job: &mut u64) -> Outcome {
    match play.popup {
        Some(Popup::Help) => {
            play.popup = None;
            return Outcome::Stay(Vec::new());
        }
        Some(Popup::Result(sel)) => return result_key(play, sel, k),
        None => {}
    }
    if play.command.is_some() {
        return command_key(play, k, next_job);
    }
    if let Some(fx) = bid_key(play, k, next_job) {
        return Outcome::Stay(fx);
    }
    let hex = play.game().geometry().kind() == BoardKind::Hex;
    let fx = match k.code {
        KeyCode::Char('q') => return Outcome::Quit,
        KeyCode::Esc => return Outcome::Menu,
        KeyCode::Left | KeyCode::Char('h') => moved(play, Dir::Left),
        KeyCode::Right | KeyCode::Char('l') => moved(play, Dir::Right),
        KeyCode::Up | KeyCode::Char('k') => moved(play, Dir::Up),
        KeyCode::Down | KeyCode::Char('j') => moved(play, Dir::Down),
        KeyCode::Char('y') if hex => moved(play, Dir::UpLeft),
        KeyCode::Char('u') if hex => moved(play, Dir::UpRight),
        KeyCode::Char('b') if hex => moved(play, Dir::DownLeft),
        KeyCode::Char('n') if hex => moved(play, Dir::DownRight),
        KeyCode::Char('u' | 'U') | KeyCode::Backspace => play.take_back(next_job),
        KeyCode::Char(' ') if play.watching() && !play.finished() => {
            play.paused = !play.paused;
            // A turn already being thought about is still played; none starts after it.
            play.say(if play.paused {
                "paused: Space goes on"
            } else {
                "going on"
            });
            play.schedule(next_job)
        }
        KeyCode::Enter | KeyCode::Char(' ') => {
            let c = play.cursor;
            play.place_at(c, next_job)
        }
        KeyCode::Char('c') if has_colour_choice(play.game().kind()) => {
            play.colour = play.colour.opposite();
            let name = if play.colour == crate::games::Stone::Black {
                "black"
            } else {
                "white"
            };
            play.say(format!("placing {name} stones"));
            Vec::new()
        }
        KeyCode::Char('e') => play.human_step(Step::End, next_job),
        KeyCode::Char('p') => play.human_step(Step::Pass, next_job),
        KeyCode::Char('B') => play.human_step(Step::Button, next_job),
        KeyCode::Char('s') => play.human_step(Step::Swap, next_job),
        KeyCode::Char('t') => {
            play.overlay = !play.overlay;
            if play.overlay && play.game().ownership().is_empty() {
                play.say("this game has no ownership overlay");
            }
            Vec::new()
        }
        KeyCode::Char('[') => {
            let n = play.viewed_turn();
            play.view_turn(n.saturating_sub(1));
            Vec::new()
        }
        KeyCode::Char(']') => {
            let n = play.viewed_turn();
            play.view_turn(n + 1);
            Vec::new()
        }
        KeyCode::Home => {
            play.view_turn(0);
            Vec::new()
        }
        KeyCode::End => {
            play.viewing = None;
            Vec::new()
        }
        KeyCode::Char(':') => {
            play.command = Some(String::new());
            Vec::new()
        }
        KeyCode::Char('?') => {
            play.popup = Some(Popup::Help);
            Vec::new()
        }
        KeyCode::Char('r') if play.finished() => {
            play.popup = Some(Popup::Result(0));
            Vec::new()
        }
        _ => Vec::new(),
    };
    Outcome::Stay(fx)
}

fn moved(play: &mut Play, dir: Dir) -> Vec<Effect> {
    play.move_cursor(dir);
    Vec::new()
}

/// The bid prompts: a person setting komi (`←/→` or `+/-` by 0.5, `PgUp/PgDn` by 5, `Enter`
/// offers) or picking a side (the side's initial or `1`/`2`). `None` lets the key through.
fn bid_key(play: &mut Play, k: KeyEvent, next_job: &mut u64) -> Option<Vec<Effect>> {
    if play.viewing.is_some() || play.finished() || play.controller().is_ai() {
        return None;
    }
    match play.bid_step()? {
        BidStep::Komi => {
            let max = 2 * play.game().geometry().cells() as u16;
            let offer = play.komi_offer;
            play.komi_offer = match k.code {
                KeyCode::Left | KeyCode::Char('-' | 'h') => offer.saturating_sub(1),
                KeyCode::Right | KeyCode::Char('+' | '=' | 'l') => (offer + 1).min(max),
                KeyCode::PageDown | KeyCode::Down | KeyCode::Char('j') => offer.saturating_sub(10),
                KeyCode::PageUp | KeyCode::Up | KeyCode::Char('k') => (offer + 10).min(max),
                KeyCode::Enter | KeyCode::Char(' ') => {
                    return Some(play.human_step(Step::Komi(offer), next_job));
                }
                _ => return None,
            };
            Some(Vec::new())
        }
        BidStep::Side => {
            let kind = play.game().kind();
            let side = match k.code {
                KeyCode::Char('1') => Side::First,
                KeyCode::Char('2') => Side::Second,
                KeyCode::Char(c) => {
                    let s = c.to_string();
                    kind.parse_side(&s)?
                }
                _ => return None,
            };
            Some(play.human_step(Step::Choose(side), next_job))
        }
    }
}

fn result_key(play: &mut Play, sel: usize, k: KeyEvent) -> Outcome {
    let n = RESULT_ACTIONS.len();
    let choose = |play: &mut Play, i: usize| -> Outcome {
        match i {
            0 => Outcome::NewGame,
            1 => {
                play.popup = None;
                let saved = play.saved();
                let name = format!(
                    "{}-{}.toml",
                    play.session.kind().name(),
                    play.started.replace([':', '-'], "")
                );
                match super::store::saves_dir() {
                    Some(dir) => Outcome::Stay(vec![Effect::Save(dir.join(name), saved)]),
                    None => {
                        play.complain("no data directory on this system: use :save FILE");
                        Outcome::Stay(Vec::new())
                    }
                }
            }
            2 => {
                play.popup = None;
                play.say("r shows the result again");
                Outcome::Stay(Vec::new())
            }
            _ => Outcome::Menu,
        }
    };
    match k.code {
        KeyCode::Left | KeyCode::Up | KeyCode::BackTab | KeyCode::Char('h' | 'k') => {
            play.popup = Some(Popup::Result((sel + n - 1) % n));
            Outcome::Stay(Vec::new())
        }
        KeyCode::Right | KeyCode::Down | KeyCode::Tab | KeyCode::Char('l' | 'j') => {
            play.popup = Some(Popup::Result((sel + 1) % n));
            Outcome::Stay(Vec::new())
        }
        KeyCode::Enter | KeyCode::Char(' ') => choose(play, sel),
        KeyCode::Char('n') => choose(play, 0),
        KeyCode::Char('s') => choose(play, 1),
        KeyCode::Char('b') | KeyCode::Esc => choose(play, 2),
        KeyCode::Char('m') => choose(play, 3),
        KeyCode::Char('q') => Outcome::Quit,
        _ => Outcome::Stay(Vec::new()),
    }
}

fn command_key(play: &mut Play, k: KeyEvent, next_job: &mut u64) -> Outcome {
    let line = play.command.as_mut().expect("command line open");
    match k.code {
        KeyCode::Esc => play.command = None,
        // Backspace deletes a character; on an empty line it closes the line.
        KeyCode::Backspace if line.pop().is_none() => play.command = None,
        KeyCode::Char(c) => line.push(c),
        KeyCode::Enter => {
            let text = play.command.take().unwrap_or_default();
            return run_command(play, text.trim(), next_job);
        }
        _ => {}
    }
    Outcome::Stay(Vec::new())
}

/// Runs a `:` command: `save FILE`, `load FILE`, `resign`, `help`, `quit`, `menu`, or a turn
/// token (`d4,g7`, `komi=6.5`, `pass`).
pub fn run_command(play: &mut Play, text: &str, next_job: &mut u64) -> Outcome {
    let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
    let rest = rest.trim();
    let file = |rest: &str| {
        let mut p = PathBuf::from(rest);
        if p.extension().is_none() {
            p.set_extension("toml");
        }
        p
    };
    let fx = match word.to_ascii_lowercase().as_str() {
        "" => Vec::new(),
        "save" | "w" if rest.is_empty() => {
            play.complain("usage: :save FILE");
            Vec::new()
        }
        "save" | "w" => vec![Effect::Save(file(rest), play.saved())],
        "load" | "e" if rest.is_empty() => {
            play.complain("usage: :load FILE");
            Vec::new()
        }
        "load" | "e" => vec![Effect::Load(file(rest))],
        "resign" => play.resign(),
        "help" => {
            play.popup = Some(Popup::Help);
            Vec::new()
        }
        "quit" | "q" => return Outcome::Quit,
        "menu" => return Outcome::Menu,
        _ => play.human_token(text, next_job),
    };
    Outcome::Stay(fx)
}

/// A click on a cell moves the cursor there and places (when a person is to move).
pub fn on_mouse(
    play: &mut Play,
    m: MouseEvent,
    size: (u16, u16),
    next_job: &mut u64,
) -> Vec<Effect> {
    if m.kind != MouseEventKind::Down(MouseButton::Left) || play.popup.is_some() {
        return Vec::new();
    }
    let Ok(areas) = game_view::areas(size, play.game().geometry()) else {
        return Vec::new();
    };
    let b = areas.board;
    if m.column < b.x || m.row < b.y || m.column >= b.right() || m.row >= b.bottom() {
        return Vec::new();
    }
    let layout = super::board::BoardLayout::of(play.game().geometry());
    match layout.cell_at(m.column - b.x, m.row - b.y) {
        Some(cell) => {
            play.cursor = cell;
            play.column = None;
            play.place_at(cell, next_job)
        }
        None => Vec::new(),
    }
}
