//! Analysis built on the win-in-N search, generic over the game: the exact distance to a
//! win, the winning turns, the most resistant defence, the main line and the puzzle rating.
//! Everything works on one [`Search`] whose position is played forward and back, so Keil's
//! history stays exact along the lines looked at.

use super::search::{Aborted, Search};
use super::turns::first_turn;
use crate::games::SolveGame;
use crate::games::{Outcome, Step};

/// The smallest n ≤ `max` within which the attacker wins from the current position (0 when
/// the game is over and the attacker won), or `None`.
pub fn distance<G: SolveGame>(s: &mut Search<G>, max: u8) -> Result<Option<u8>, Aborted> {
    distance_from(s, 1, max)
}

/// Like [`distance`], but the caller knows that no n below `from` wins (`from ≥ 1`).
pub fn distance_from<G: SolveGame>(
    s: &mut Search<G>,
    from: u8,
    max: u8,
) -> Result<Option<u8>, Aborted> {
    if s.game.is_over() {
        return Ok((s.game.outcome() == Some(Outcome::Win(s.attacker()))).then_some(0));
    }
    // Quick wins first; then most positions asked about do not win at all: settle that with
    // one search before the rest of the deepening.
    let from = from.max(1);
    let quick = max.min(from.saturating_add(2));
    for n in from..=quick {
        if s.wins_within(n)? {
            return Ok(Some(n));
        }
    }
    if quick < max && !s.wins_within(max)? {
        return Ok(None);
    }
    for n in quick + 1..=max {
        if s.wins_within(n)? {
            return Ok(Some(n));
        }
    }
    Ok(None)
}

/// Whether the attacker wins within `n` plies after playing `turn` here.
pub fn wins_after<G: SolveGame>(s: &mut Search<G>, turn: &[Step], n: u8) -> Result<bool, Aborted> {
    s.play_turn(turn);
    let r = s.wins_within(n);
    s.undo_turn(turn.len());
    r
}

/// The attacker's turns (the attacker to move) after which it wins within `n − 1` plies, in
/// board order, at most `limit` of them.
pub fn winning_turns<G: SolveGame>(
    s: &mut Search<G>,
    n: u8,
    limit: usize,
) -> Result<Vec<Vec<Step>>, Aborted> {
    s.turns_where(n, true, limit)
}

/// The defender's turns (the defender to move) after which the attacker does not win within
/// `n − 1` plies, in board order, at most `limit` of them.
pub fn escapes<G: SolveGame>(
    s: &mut Search<G>,
    n: u8,
    limit: usize,
) -> Result<Vec<Vec<Step>>, Aborted> {
    s.turns_where(n, false, limit)
}

/// The defence that survives longest at a defender's node where the attacker wins within
/// `n` plies: the first turn in board order after which the attacker needs the most plies,
/// and that number. `None` when the attacker does not win within `n`.
pub fn most_resistant<G: SolveGame>(
    s: &mut Search<G>,
    n: u8,
) -> Result<Option<(Vec<Step>, u8)>, Aborted> {
    let l = match distance(s, n)? {
        None | Some(0) => return Ok(None),
        Some(l) => l,
    };
    if l == 1 {
        // Every turn ends the game in the attacker's win: the first one.
        return Ok(first_turn(&s.game).map(|t| (t, 0)));
    }
    // The attacker wins within l but not within l − 1: some defence survives l − 2 plies
    // after it, and none survives more.
    let t = escapes(s, l - 1, 1)?.into_iter().next().ok_or(Aborted)?;
    Ok(Some((t, l - 1)))
}

/// A step of the main line, with what the rating needs.
#[derive(Clone, Debug)]
pub struct LineTurn {
    /// The turn.
    pub steps: Vec<Step>,
    /// For the attacker's turns: the legal turns and the winning turns at that point.
    pub choice: Option<(f64, usize)>,
}

/// The main line from a position where the attacker (to move or not) wins in exactly `n`:
/// the attacker's fastest winning turn (the first in board order), then the most resistant
/// defence, and so on until the game is over. With `count`, the attacker's nodes also count
/// their legal and winning turns (for the rating).
pub fn main_line<G: SolveGame>(
    s: &mut Search<G>,
    n: u8,
    count: bool,
) -> Result<Vec<LineTurn>, Aborted> {
    let mut line = Vec::new();
    let mut left = n;
    while !s.game.is_over() && left > 0 {
        let turn = if s.game.to_move() == s.attacker() {
            let winners = winning_turns(s, left, if count { usize::MAX } else { 1 })?;
            let first = winners.first().cloned().ok_or(Aborted)?;
            LineTurn {
                steps: first,
                choice: count.then(|| (super::rules::turn_count(&s.game), winners.len())),
            }
        } else {
            let (t, _) = most_resistant(s, left)?.ok_or(Aborted)?;
            LineTurn {
                steps: t,
                choice: None,
            }
        };
        s.play_turn(&turn.steps);
        line.push(turn);
        left -= 1;
    }
    for t in line.iter().rev() {
        s.undo_turn(t.steps.len());
    }
    Ok(line)
}

/// The seeds' rating of a main line: the product over the attacker's turns of legal turns ÷
/// winning turns.
pub fn rating(line: &[LineTurn]) -> f64 {
    line.iter()
        .filter_map(|t| t.choice)
        .map(|(total, winning)| total / winning.max(1) as f64)
        .product()
}
