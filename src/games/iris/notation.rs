//! Iris steps and turn tokens (SPEC §2): `d4` (a stone, always the mover's colour), `pass`;
//! a turn is `d4` (the first turn, or a forfeited second stone), `d4,g7`, or `pass`. On input a
//! coloured first stone may stand alone (`a7` means `a7,m7` on side 7); output writes both.

use super::Iris;
use crate::board::{Cell, Geometry};
use crate::games::{Game, NotationError, Step, Stone};

/// Parses one step: a cell name or `pass`.
pub(super) fn parse_step(game: &Iris, text: &str) -> Result<Step, NotationError> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(Step::Pass);
    }
    let cell = parse_cell(game, t)?;
    Ok(Step::Place {
        cell,
        stone: Stone::of_side(game.to_move()),
    })
}

fn parse_cell(game: &Iris, t: &str) -> Result<Cell, NotationError> {
    let geo = game.geometry();
    if let Some(c) = geo.parse(t) {
        return Ok(c);
    }
    let mut chars = t.chars();
    if chars.next().and_then(Stone::from_letter).is_some() && geo.parse(chars.as_str()).is_some() {
        return Err(NotationError::NoColourLetter {
            game: "Iris",
            text: t.into(),
            cell: chars.as_str().to_ascii_lowercase(),
        });
    }
    Err(NotationError::NotAStep {
        text: t.into(),
        expected: format!("a cell of this board (side {}) nor 'pass'", geo.size()),
    })
}

/// Writes one step: the cell name, or `pass`.
pub(super) fn format_step(geo: &Geometry, step: Step) -> String {
    match step {
        Step::Place { cell, .. } => geo.name(cell),
        Step::Pass => "pass".into(),
        other => format!("{other:?}").to_ascii_lowercase(),
    }
}

/// Parses a whole turn token into its steps, adding the partner of a lone coloured stone.
pub(super) fn parse_turn(game: &Iris, token: &str) -> Result<Vec<Step>, NotationError> {
    let t = token.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(vec![Step::Pass]);
    }
    let parts: Vec<&str> = t.split(',').collect();
    if parts.len() > 2 {
        return Err(NotationError::TurnShape {
            token: t.into(),
            expected: "an Iris turn is one or two stones ('d4' or 'd4,g7') or 'pass'",
        });
    }
    let stone = Stone::of_side(game.to_move());
    let mut steps = Vec::with_capacity(2);
    for part in &parts {
        if part.trim().eq_ignore_ascii_case("pass") {
            return Err(NotationError::PassNotAlone { token: t.into() });
        }
        let cell = parse_cell(game, part.trim())?;
        steps.push(Step::Place { cell, stone });
    }
    if let [Step::Place { cell, .. }] = steps[..] {
        if let Some(partner) = game.partner(cell) {
            steps.push(Step::Place {
                cell: partner,
                stone,
            });
        }
    }
    Ok(steps)
}

/// Writes a whole turn: `pass`, or its stones joined by commas.
pub(super) fn format_turn(geo: &Geometry, steps: &[Step]) -> String {
    steps
        .iter()
        .map(|&s| format_step(geo, s))
        .collect::<Vec<_>>()
        .join(",")
}
