//! Whole turns: every distinct turn of the side to move, each once, with its stones in board
//! order (the order the search uses, see [`super::search`]).

use crate::board::Cell;
use crate::games::{Game, Step};

/// Every distinct whole turn from `game` (at the start of a turn), each as its steps, stones
/// in board order: placements first (in board order of their first stone), then the actions
/// (`pass`, `button`, `swap`) as the game lists them.
pub fn whole_turns<G: Game>(game: &G) -> Vec<Vec<Step>> {
    let mut g = game.clone();
    let mut out = Vec::new();
    let mut prefix = Vec::new();
    collect(&mut g, None, &mut prefix, &mut |steps| {
        out.push(steps.to_vec())
    });
    out
}

/// The number of distinct whole turns from `game` (at the start of a turn).
pub fn count_turns<G: Game>(game: &G) -> u64 {
    let mut g = game.clone();
    let mut n = 0u64;
    let mut prefix = Vec::new();
    collect(&mut g, None, &mut prefix, &mut |_| n += 1);
    n
}

fn collect<G: Game>(
    g: &mut G,
    last: Option<Cell>,
    prefix: &mut Vec<Step>,
    out: &mut dyn FnMut(&[Step]),
) {
    if g.is_over() {
        return;
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
        if g.turns_completed() != before {
            out(prefix);
        } else {
            collect(g, step.cell().or(last), prefix, out);
        }
        prefix.pop();
        g.undo();
    }
}

/// The steps of `turn` with its stones in board order (the canonical form of a turn given in
/// any order). `end` stays last.
pub fn canonical(turn: &[Step]) -> Vec<Step> {
    let mut places: Vec<Step> = turn.iter().copied().filter(|s| s.is_place()).collect();
    places.sort_by_key(|s| s.cell());
    places.extend(turn.iter().copied().filter(|s| !s.is_place()));
    places
}
