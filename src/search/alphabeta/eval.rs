//! Static evaluation for alpha-beta, built only from what the [`Game`] trait says (points,
//! chunk counts, group scores), so it works for every game: in centi-units from a seat's view,
//! where 100 is about one point (games with points), one chunk (games with chunks) or one
//! coloured cell of the best group (games scored by group lists).

use crate::games::{Outcome, SearchHints};
use crate::search::reward::{margin0, side_of, Seat};

/// A won game (minus the steps it takes, so quicker wins score higher).
pub const WIN: i32 = 1_000_000;

/// The value of `g` for `seat`, at `ply` steps from the root.
pub fn evaluate<G: SearchHints>(g: &G, seat: Seat, ply: u32) -> i32 {
    if let Some(o) = g.outcome() {
        let winner = match o {
            Outcome::Draw => return 0,
            Outcome::Win(side) => (side.index() ^ g.swapped() as usize) as Seat,
        };
        let v = WIN - ply as i32;
        return if winner == seat { v } else { -v };
    }
    if g.points().is_some() {
        let sign = if seat == 0 { 1.0 } else { -1.0 };
        return (sign * margin0(g) * 100.0).round() as i32;
    }
    if let Some(v) = super::chunks::evaluate(g, seat) {
        return v;
    }
    let mine = side_of(g, seat);
    match (g.group_scores(mine), g.group_scores(mine.other())) {
        (Some(a), Some(b)) => {
            // Lexicographic comparison, softened: the best group counts most.
            let mut v = 0i32;
            let mut weight = 100;
            for i in 0..3 {
                let x = a.get(i).copied().unwrap_or(0) as i32;
                let y = b.get(i).copied().unwrap_or(0) as i32;
                v += weight * (x - y);
                weight /= 4;
            }
            v
        }
        _ => 0,
    }
}
