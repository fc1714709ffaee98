//! Analysis built on the win-in-N search, generic over the game: the exact distance to a
//! win, the winning turns, the most resistant defence, the main line and the puzzle rating.
//! Everything works on one [`Search`] whose position is played forward and back, so Keil's
//! history stays exact along the lines looked at.

use super::rules::SolveGame;
use super::search::{Aborted, Search};
use super::turns::whole_turns;
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
    // Most positions asked about do not win at all: settle that first, with one search.
    if from.max(1) <= max && !s.wins_within(max)? {
        return Ok(None);
    }
    for n in from.max(1)..=max {
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

/// The turns of the side to move after which the attacker wins within `n` plies (the side to
/// move is the attacker: its winning turns; the defender: its turns that do not escape).
pub fn turns_winning_within<G: SolveGame>(
    s: &mut Search<G>,
    n: u8,
    stop_after: usize,
) -> Result<(Vec<Vec<Step>>, usize), Aborted> {
    let turns = whole_turns(&s.game);
    let total = turns.len();
    let mut out = Vec::new();
    for t in turns {
        if wins_after(s, &t, n)? {
            out.push(t);
            if out.len() >= stop_after {
                break;
            }
        }
    }
    Ok((out, total))
}

/// The defence that survives longest at a defender's node where the attacker wins within
/// `n` plies: the turn after which the attacker needs the most plies, and that number.
/// Ties go to the first turn in board order. `None` when the attacker does not win within
/// `n`.
pub fn most_resistant<G: SolveGame>(
    s: &mut Search<G>,
    n: u8,
) -> Result<Option<(Vec<Step>, u8)>, Aborted> {
    let mut best: Option<(Vec<Step>, u8)> = None;
    for t in whole_turns(&s.game) {
        s.play_turn(&t);
        // The longest survival so far bounds the search from below: only a longer one matters.
        let from = best.as_ref().map_or(0, |b| b.1 + 1);
        let d = if from > n.saturating_sub(1) {
            // Nothing can survive longer than n - 1: just check that this one loses in time.
            if s.wins_within(n - 1)? {
                Some(0)
            } else {
                None
            }
        } else if from > 0 && s.wins_within(from - 1)? {
            Some(0)
        } else {
            distance_from(s, from.max(1), n - 1)?
        };
        s.undo_turn(t.len());
        match d {
            None => return Ok(None),
            Some(d) if best.as_ref().is_none_or(|b| d > b.1) => best = Some((t, d)),
            _ => {}
        }
    }
    Ok(best)
}

/// A step of the main line, with what the rating needs.
#[derive(Clone, Debug)]
pub struct LineTurn {
    /// The turn.
    pub steps: Vec<Step>,
    /// For the attacker's turns: the legal turns and the winning turns at that point.
    pub choice: Option<(usize, usize)>,
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
            let (winners, total) =
                turns_winning_within(s, left - 1, if count { usize::MAX } else { 1 })?;
            let first = winners.first().cloned().ok_or(Aborted)?;
            LineTurn {
                steps: first,
                choice: count.then_some((total, winners.len())),
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
        .map(|(total, winning)| total as f64 / winning.max(1) as f64)
        .product()
}
