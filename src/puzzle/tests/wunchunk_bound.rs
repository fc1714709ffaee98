//! Wunchunk's cheaper proofs of "no win within n": the stall bound
//! ([`crate::puzzle::rules::SolveGame::stall_bound`]) and the defender's pass tried first,
//! checked against the plain minimax on positions where the bound decides.

use super::{game, random_turn};
use crate::games::SolveGame;
use crate::games::{AnyGame, Game, Outcome, Side, Step};
use crate::puzzle::{brute, Solver};
use crate::rng::FastRng;

/// A random Wunchunk position on the board of side 3 with `empties` empty cells (or fewer,
/// when a turn overshoots), at the start of a turn; `None` when the game ended first.
fn position(rng: &mut FastRng, empties: usize) -> Option<AnyGame> {
    let mut g = game("wunchunk", &["size=3"]);
    let mut passes = 0;
    while !g.is_over() {
        let AnyGame::Wunchunk(w) = &g else {
            unreachable!()
        };
        if w.empty_cells() as usize <= empties {
            return Some(g);
        }
        let t = random_turn(&g, rng);
        // Few passes, so that the board fills.
        if t == [Step::Pass] {
            passes += 1;
            if passes > 2 {
                continue;
            }
        }
        for s in t {
            g.play(s);
        }
    }
    None
}

/// Whether passing now ends the game with `attacker` the winner (the one way the bound lets
/// through).
fn pass_wins(g: &AnyGame, attacker: Side) -> bool {
    if g.to_move() != attacker || g.check(Step::Pass).is_err() {
        return false;
    }
    let mut x = g.clone();
    x.play(Step::Pass);
    x.outcome() == Some(Outcome::Win(attacker))
}

/// Wherever the bound says the board cannot fill within n plies, the plain minimax finds no
/// win within n but a pass that ends the game; and the bound does decide many of them.
#[test]
fn the_stall_bound_never_cuts_a_win() {
    let mut rng = FastRng::seed(12);
    let mut decided = 0;
    for _ in 0..150 {
        let e = 3 + rng.below(4);
        let Some(g) = position(&mut rng, e) else {
            continue;
        };
        let AnyGame::Wunchunk(w) = &g else {
            unreachable!()
        };
        let empties = w.empty_cells() as usize;
        for attacker in [Side::First, Side::Second] {
            for n in 1..=3u8 {
                let bound = w.stall_bound(attacker, n).expect("Wunchunk has a bound");
                if bound >= empties {
                    continue;
                }
                decided += 1;
                let mut b = g.clone();
                assert_eq!(
                    brute::wins(&mut b, attacker, n),
                    pass_wins(&g, attacker),
                    "bound {bound} < {empties} empty, attacker {attacker:?}, n {n}: {g:?}"
                );
            }
        }
    }
    assert!(decided >= 50, "the bound decided only {decided} questions");
}

/// The solver (bound, pass first, shared table) against the plain minimax on many Wunchunk
/// endgames, every depth up to 4, both sides.
#[test]
fn wunchunk_endgames_agree_with_brute_force() {
    let mut rng = FastRng::seed(44);
    let mut solver = Solver::with_megabytes(1);
    let mut checked = 0;
    for _ in 0..120 {
        let e = 2 + rng.below(4);
        let Some(g) = position(&mut rng, e) else {
            continue;
        };
        for attacker in [Side::First, Side::Second] {
            for n in 0..=4u8 {
                let mut b = g.clone();
                let want = brute::wins(&mut b, attacker, n);
                let got = solver.wins_within(&g, attacker, n).unwrap();
                assert_eq!(got, want, "attacker {attacker:?} n {n}: {g:?}");
                checked += 1;
            }
        }
        let mut b = g.clone();
        let (depth, mut want) = brute::solve(&mut b, 4);
        let s = solver.solve(&g, 4).unwrap();
        assert_eq!(s.win_in, depth, "{g:?}");
        let mut got = s.winning_turns.clone();
        got.sort_by_key(|t| format!("{t:?}"));
        want.sort_by_key(|t| format!("{t:?}"));
        assert_eq!(got, want, "{g:?}");
    }
    assert!(checked >= 500, "only {checked} questions");
}
