//! Issue 64: one session with the real AI, driven like a person through the real interface
//! loop, plays every game on its default board and on a smaller one at level 10 (where the
//! default board plays the network and the smaller one playouts), in one run of the program:
//! in each a stone and the AI's answer, a hint, analysis, a review, then back to the menu and
//! the next game through the New game form; then the first game again. The crash it guards
//! against: an engine that kept the network of the first board it met ran it on the next
//! board's input, and every AI turn after a change of board or game crashed.
//!
//! Budgets are the least the interface allows: 0.2 s per AI turn (the form's least), a hint's
//! least second, analysis until its first numbers, the review's 400 ms a position.

use super::driver::Session;
use super::person::board_label;
use crate::games::{GameKind, GameOptions};

/// The boards played, in order: each game's default board and one smaller (no network), then
/// the first game's default board again.
fn boards() -> Vec<(GameKind, usize)> {
    let mut v: Vec<(GameKind, usize)> = GameKind::ALL
        .into_iter()
        .flat_map(|k| {
            let d = GameOptions::defaults(k).size;
            [(k, d), (k, d - 2)]
        })
        .collect();
    v.push(v[0]);
    v
}

#[test]
fn one_session_plays_every_game_and_board_at_level_10() {
    let mut s = Session::start((120, 40), crate::ai::local());
    let boards = boards();
    for (i, &(kind, size)) in boards.iter().enumerate() {
        let board = format!("{} {}", kind.title(), board_label(kind, size));
        s.at = format!("game {} of {} ({board}), the form", i + 1, boards.len());
        // The form and the AI panel say what plays: the network on the default board only.
        let plays = if size == GameOptions::defaults(kind).size {
            "network"
        } else {
            "playouts"
        };
        let form = s.choose_game(kind, size, 10);
        assert!(
            form.contains(&format!("10 of 10 · {plays}")),
            "{board}:\n{form}"
        );
        let game = s.start_game();
        assert!(
            game.contains(&format!("AI, hints: {plays}")),
            "{board}:\n{game}"
        );
        s.at = format!("game {} of {} ({board})", i + 1, boards.len());
        s.first_turn();
        s.hint();
        s.analyse();
        s.resign_and_review();
        s.back_to_menu();
    }
    s.finish();
}
