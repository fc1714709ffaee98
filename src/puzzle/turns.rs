//! Whole turns: every distinct turn of the side to move, each once, with its stones in board
//! order (the order the search uses, see [`super::search`]).

use crate::board::Cell;
use crate::games::{Game, Step};
use std::ops::ControlFlow;

/// Calls `f` with every distinct whole turn from `game` (at the start of a turn), stones in
/// board order: placements first (in board order of their first stone), then the actions
/// (`pass`, `button`, `swap`) as the game lists them. Stops when `f` breaks.
pub fn for_each_turn<G: Game>(game: &G, mut f: impl FnMut(&[Step]) -> ControlFlow<()>) {
    let mut g = game.clone();
    let mut prefix = Vec::new();
    let _ = walk(&mut g, None, &mut prefix, &mut f);
}

/// Every distinct whole turn from `game`, as [`for_each_turn`] lists them. (Wunchunk turns can
/// be very many: prefer [`for_each_turn`] or the search's own enumeration there.)
#[cfg(test)]
pub fn whole_turns<G: Game>(game: &G) -> Vec<Vec<Step>> {
    let mut out = Vec::new();
    for_each_turn(game, |t| {
        out.push(t.to_vec());
        ControlFlow::Continue(())
    });
    out
}

/// The number of distinct whole turns from `game`, by enumeration.
pub fn count_turns<G: Game>(game: &G) -> u64 {
    let mut n = 0u64;
    for_each_turn(game, |_| {
        n += 1;
        ControlFlow::Continue(())
    });
    n
}

/// The first whole turn from `game`, if any.
pub fn first_turn<G: Game>(game: &G) -> Option<Vec<Step>> {
    let mut first = None;
    for_each_turn(game, |t| {
        first = Some(t.to_vec());
        ControlFlow::Break(())
    });
    first
}

fn walk<G: Game>(
    g: &mut G,
    last: Option<Cell>,
    prefix: &mut Vec<Step>,
    f: &mut impl FnMut(&[Step]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if g.is_over() {
        return ControlFlow::Continue(());
    }
    let mut steps = Vec::new();
    g.legal_steps(&mut steps);
    let before = g.turns_completed();
    for step in steps {
        if let (Some(c), Some(l)) = (step.cell(), last) {
            if c <= l {
                continue;
            }
        }
        g.play(step);
        prefix.push(step);
        let flow = if g.turns_completed() != before {
            f(prefix)
        } else {
            walk(g, step.cell().or(last), prefix, f)
        };
        prefix.pop();
        g.undo();
        flow?;
    }
    ControlFlow::Continue(())
}

/// The steps of `turn` with its stones in board order (the canonical form of a turn given in
/// any order). `end` stays last.
pub fn canonical(turn: &[Step]) -> Vec<Step> {
    let mut places: Vec<Step> = turn.iter().copied().filter(|s| s.is_place()).collect();
    places.sort_by_key(|s| s.cell());
    places.extend(turn.iter().copied().filter(|s| !s.is_place()));
    places
}
