//! Static evaluation for alpha-beta, built only from what the [`Game`] trait shows (board,
//! points, pair labels), so it works for every game: in centi-units from a player's view,
//! where 100 is about one point (territory games), one chunk (Wunchunk) or one coloured cell
//! of the best group (Iris).

use super::reward::{margin0, Player};
use crate::board::Cell;
use crate::games::{Game, GameKind, Outcome, Side, Stone};

/// A won game (minus the steps it takes, so quicker wins score higher).
pub const WIN: i32 = 1_000_000;

/// The colour a player owns in games where each side owns one (Iris, Wunchunk).
pub fn colour_of<G: Game>(g: &G, player: Player) -> Stone {
    Stone::of_side(Side::from_index(player as usize ^ g.swapped() as usize))
}

/// Iris group scores of each colour (coloured cells per group), high to low.
fn iris_scores<G: Game>(g: &G) -> [Vec<u32>; 2] {
    let geo = g.geometry();
    let n = geo.cells();
    let mut seen = vec![false; n];
    let mut out: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    let mut stack: Vec<Cell> = Vec::new();
    for c in 0..n as Cell {
        let Some(s) = g.stone_at(c) else { continue };
        if seen[c as usize] || s == Stone::Neutral {
            continue;
        }
        seen[c as usize] = true;
        stack.push(c);
        let mut score = 0;
        while let Some(x) = stack.pop() {
            score += u32::from(g.pair_label(x).is_some());
            for &y in geo.neighbours(x) {
                if !seen[y as usize] && g.stone_at(y) == Some(s) {
                    seen[y as usize] = true;
                    stack.push(y);
                }
            }
        }
        out[s.index()].push(score);
    }
    for v in &mut out {
        v.sort_unstable_by(|a, b| b.cmp(a));
    }
    out
}

/// The value of `g` for `player`, at `ply` steps from the root.
pub fn evaluate<G: Game>(g: &G, player: Player, ply: u32) -> i32 {
    if let Some(o) = g.outcome() {
        let winner = match o {
            Outcome::Draw => return 0,
            Outcome::Win(side) => (side.index() ^ g.swapped() as usize) as Player,
        };
        let v = WIN - ply as i32;
        return if winner == player { v } else { -v };
    }
    let sign = if player == 0 { 1.0 } else { -1.0 };
    match g.kind() {
        GameKind::Keil | GameKind::Carteso | GameKind::Linage => {
            (sign * margin0(g) * 100.0).round() as i32
        }
        GameKind::Wunchunk => super::chunks::evaluate(g, player),
        GameKind::Iris => {
            let scores = iris_scores(g);
            let mine = colour_of(g, player).index();
            let (a, b) = (&scores[mine], &scores[1 - mine]);
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
    }
}
