//! Wunchunk steps and turn tokens (SPEC §2): a stone is its colour and cell (`Bh11`), the
//! other steps are `end`, `pass` and `swap`. A turn is its stones joined by commas
//! (`Bh11,Wi2,Bh10`), `pass` (no stones) or `swap`; `end` is never written in a token.

use crate::board::{Cell, Geometry};
use crate::games::{NotationError, Step, Stone};

/// Parses a stone written as colour letter and cell (`Bh11`, `wi2`).
pub(super) fn parse_stone(geo: &Geometry, text: &str) -> Result<(Cell, Stone), NotationError> {
    let t = text.trim();
    let mut chars = t.chars();
    let colour = chars.next().and_then(Stone::from_letter);
    if let (Some(stone), Some(cell)) = (colour, geo.parse(chars.as_str())) {
        return Ok((cell, stone));
    }
    if geo.parse(t).is_some() {
        return Err(NotationError::ColourNeeded {
            game: "Wunchunk",
            text: t.into(),
        });
    }
    Err(NotationError::NotAStep {
        text: t.into(),
        expected: format!(
            "a stone (colour and cell, e.g. 'Bd4') on this board (side {})",
            geo.size()
        ),
    })
}

/// Parses one step: a stone, `end`, `pass` or `swap`.
pub(super) fn parse_step(geo: &Geometry, text: &str) -> Result<Step, NotationError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "pass" => Ok(Step::Pass),
        "end" => Ok(Step::End),
        "swap" => Ok(Step::Swap),
        _ => parse_stone(geo, text).map(|(cell, stone)| Step::Place { cell, stone }),
    }
}

/// Writes one step: `Bh11`, `end`, `pass`, `swap`.
pub(super) fn format_step(geo: &Geometry, step: Step) -> String {
    match step {
        Step::Place { cell, stone } => format!("{}{}", stone.letter(), geo.name(cell)),
        Step::Pass => "pass".into(),
        Step::End => "end".into(),
        Step::Swap => "swap".into(),
        other => format!("{other:?}").to_ascii_lowercase(),
    }
}

/// Parses a whole turn token for a turn that may place `stones_allowed` stones; a token of
/// fewer stones gets an `end` step appended.
pub(super) fn parse_turn(
    geo: &Geometry,
    token: &str,
    stones_allowed: usize,
) -> Result<Vec<Step>, NotationError> {
    let t = token.trim();
    match t.to_ascii_lowercase().as_str() {
        "pass" => return Ok(vec![Step::Pass]),
        "swap" => return Ok(vec![Step::Swap]),
        "end" => return Err(NotationError::EndIsNoTurn),
        "" => return Err(NotationError::EmptyTurn),
        _ => {}
    }
    let mut steps = Vec::new();
    for part in t.split(',') {
        let (cell, stone) = parse_stone(geo, part).map_err(|e| NotationError::InTurn {
            token: t.into(),
            error: Box::new(e),
        })?;
        steps.push(Step::Place { cell, stone });
    }
    if steps.len() < stones_allowed {
        steps.push(Step::End);
    }
    Ok(steps)
}

/// Writes a whole turn: its stones joined by commas (`end` left out), `pass` or `swap`.
pub(super) fn format_turn(geo: &Geometry, steps: &[Step]) -> String {
    steps
        .iter()
        .filter(|&&s| s != Step::End)
        .map(|&s| format_step(geo, s))
        .collect::<Vec<_>>()
        .join(",")
}
