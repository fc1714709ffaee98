//! Rules tests on hand-built positions: each clause of SPEC §3 for Keil, in positions where a
//! wrong implementation of the clause gives a different answer. Positions are drawn as
//! offset-hex pictures (row `a` on top; see [`Keil::from_picture`]); every expectation was
//! worked out by hand from the rule text (the comments give the reasoning).

mod links;
mod placements;
mod protocol;
mod repetition;
mod score;

use super::Keil;
use crate::board::Cell;
use crate::games::{ButtonMode, Game, GameKind, GameOptions, Side, Step};

/// Default options (agreed komi 6, button auto → on) with another komi and button mode.
fn options(komi_half: u16, button: ButtonMode) -> GameOptions {
    GameOptions {
        komi_half,
        button,
        ..GameOptions::defaults(GameKind::Keil)
    }
}

/// A position from a picture, default options.
fn position(picture: &str, to_move: Side) -> Keil {
    position_with(&GameOptions::defaults(GameKind::Keil), picture, to_move)
}

fn position_with(options: &GameOptions, picture: &str, to_move: Side) -> Keil {
    Keil::from_picture(options, picture, to_move).expect("valid test picture")
}

/// The cell of a name.
fn cell(g: &Keil, name: &str) -> Cell {
    g.geometry()
        .parse(name)
        .unwrap_or_else(|| panic!("{name} is not on the board"))
}

/// The step a token means for the side to move.
fn step(g: &Keil, token: &str) -> Step {
    g.parse_step(token).expect("valid token")
}

/// Plays space-separated tokens, each of which must be legal.
fn play(g: &mut Keil, tokens: &str) {
    for t in tokens.split_whitespace() {
        let s = step(g, t);
        if let Err(e) = g.try_play(s) {
            panic!("{t} refused: {e}\n{g:?}");
        }
    }
}

/// The picture with whitespace normalised, for comparisons.
fn normalised(picture: &str) -> Vec<Vec<String>> {
    picture
        .lines()
        .map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect()
}

/// Asserts the board equals a picture.
fn assert_board(g: &Keil, picture: &str) {
    assert_eq!(
        normalised(&g.picture()),
        normalised(picture),
        "board is\n{}",
        g.picture()
    );
}

/// Names of cells, sorted, for readable comparisons.
fn names(g: &Keil, cells: &[Cell]) -> Vec<String> {
    let mut v: Vec<String> = cells.iter().map(|&c| g.geometry().name(c)).collect();
    v.sort();
    v
}

#[test]
fn picture_round_trips_and_names_match_spec_layout() {
    let pic = "
          . . B
         . . . .
        W . . . .
         . . . .
          . . .";
    let g = position(pic, Side::First);
    assert_board(&g, pic);
    // Row a spans a3..a5 on side 3: the B is a5; the W starts the middle row: c1.
    assert_eq!(g.stone_at(cell(&g, "a5")), Some(crate::games::Stone::Black));
    assert_eq!(g.stone_at(cell(&g, "c1")), Some(crate::games::Stone::White));
    assert_eq!(
        g.picture(),
        "  . . B\n . . . .\nW . . . .\n . . . .\n  . . .\n"
    );
}

#[test]
fn bad_pictures_and_positions_are_refused() {
    let o = GameOptions::defaults(GameKind::Keil);
    assert!(Keil::from_picture(&o, ". .\n. . .", Side::First).is_err());
    assert!(Keil::from_picture(
        &o,
        "  . . .\n . . . .\n. . . . .\n . . . .\n  . . Q",
        Side::First
    )
    .is_err());
    // A white stone with no liberty: d1 and e1 are its only neighbours' links… all blocked.
    let dead = "
          . . .
         . . . .
        B . . . .
         W B . .
          B . .";
    let err = Keil::from_picture(&o, dead, Side::First)
        .unwrap_err()
        .to_string();
    assert!(err.contains("d1"), "{err}");
    let too_big = GameOptions {
        size: 13,
        ..o.clone()
    };
    assert!(Keil::new(&too_big).is_err());
    let komi_too_big = GameOptions {
        komi_half: 2 * 128,
        ..o
    };
    assert!(Keil::new(&komi_too_big).is_err());
}
