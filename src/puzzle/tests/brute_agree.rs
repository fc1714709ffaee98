//! The solver against a plain minimax ([`crate::puzzle::brute`]) on random small positions:
//! every game on its smallest boards, both sides as attacker, depths up to 5, one solver (and
//! its table) shared over all positions of a run, so that an unsound table key shows up.

use super::{game, random_turn};
use crate::games::{AnyGame, Game, Side};
use crate::puzzle::{brute, turns, Solver};
use crate::rng::FastRng;
use proptest::prelude::*;

/// Empty cells of `g`.
fn empties(g: &AnyGame) -> usize {
    let geo = g.geometry();
    geo.all_cells().filter(|&c| g.stone_at(c).is_none()).count()
}

/// A random position of game `which` small enough for the brute force at depth `n`.
fn position(which: usize, rng: &mut FastRng) -> (AnyGame, u8) {
    let komi = ["komi=0.5", "komi=1.5", "komi=2", "komi=3.5"][rng.below(4)];
    // Keil with whole and half komi: the button on and off.
    let keil_komi = ["komi=6", "komi=5.5", "komi=4", "komi=3.5"][rng.below(4)];
    let (mut g, small_enough): (AnyGame, fn(&AnyGame) -> bool) = match which {
        0 => (game("linage", &["size=5", komi]), |g| {
            turns::count_turns(g) <= 7
        }),
        1 => (game("carteso", &["size=5", komi]), |g| empties(g) <= 5),
        2 => (game("keil", &["size=3", keil_komi]), |g| {
            turns::count_turns(g) <= 5
        }),
        3 => (game("iris", &["size=3"]), |g| empties(g) <= 7),
        _ => (game("wunchunk", &["size=3"]), |g| empties(g) <= 5),
    };
    // Now and then a position right at the start (Wunchunk's pie, Iris's first turn).
    let early = rng.below(8) == 0;
    let mut played = 0;
    loop {
        let done = g.is_over() || small_enough(&g) || played >= 400 || (early && played >= 1);
        if done {
            break;
        }
        let t = random_turn(&g, rng);
        for s in t {
            g.play(s);
        }
        played += 1;
    }
    let n = if early { 3 } else { 5 };
    (g, n)
}

fn check(seed: u64, which: usize, solver: &mut Solver) {
    let mut rng = FastRng::seed(seed);
    let (g, n) = position(which, &mut rng);
    if g.is_over() {
        return;
    }
    for attacker in [Side::First, Side::Second] {
        for k in 0..=n {
            let mut b = g.clone();
            let expect = brute::wins(&mut b, attacker, k);
            let got = solver.wins_within(&g, attacker, k).unwrap();
            assert_eq!(
                got,
                expect,
                "{:?} attacker {attacker:?} n {k}: {:?}",
                g.kind(),
                g
            );
        }
    }
    let mut b = g.clone();
    let (depth, winners) = brute::solve(&mut b, n);
    let s = solver.solve(&g, n).unwrap();
    assert_eq!(s.win_in, depth, "{g:?}");
    let mut got = s.winning_turns.clone();
    got.sort_by_key(|t| format!("{t:?}"));
    let mut want = winners;
    want.sort_by_key(|t| format!("{t:?}"));
    assert_eq!(got, want, "{g:?}");
    if let Some(d) = depth {
        // The main line is a legal game of exactly `d` turns ending in the mover's win.
        assert_eq!(s.main_line.len(), d as usize);
        let mut end = g.clone();
        for t in &s.main_line {
            for &st in t {
                end.try_play(st).unwrap();
            }
        }
        assert_eq!(end.outcome(), Some(crate::games::Outcome::Win(g.to_move())));
        // Each defence on it survives as long as any (by the plain minimax's distances).
        let side = g.to_move();
        let mut at = g.clone();
        for (i, t) in s.main_line.iter().enumerate() {
            let left = d - i as u8;
            if at.to_move() != side {
                let dist = |x: &mut AnyGame| (0..left).find(|&k| brute::wins(x, side, k));
                let mut longest = 0;
                for alt in brute::all_turns(&mut at.clone()) {
                    let mut x = at.clone();
                    for &st in &alt {
                        x.play(st);
                    }
                    longest = longest.max(dist(&mut x).expect("every defence loses in time"));
                }
                let mut x = at.clone();
                for &st in t {
                    x.play(st);
                }
                assert_eq!(dist(&mut x), Some(longest), "defence {i} of {g:?}");
            }
            for &st in t {
                at.play(st);
            }
        }
    }
}

/// Wunchunk's turn count formula against enumeration.
#[test]
fn wunchunk_turn_count_formula() {
    use crate::games::SolveGame;
    let mut rng = FastRng::seed(5);
    for _ in 0..30 {
        let mut g = game("wunchunk", &["size=3"]);
        let k = rng.below(14);
        for _ in 0..k {
            if g.is_over() {
                break;
            }
            let t = random_turn(&g, &mut rng);
            for st in t {
                g.play(st);
            }
        }
        let AnyGame::Wunchunk(w) = &g else {
            unreachable!()
        };
        assert_eq!(w.turn_count(), Some(turns::count_turns(w) as f64), "{g:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn solver_agrees_with_brute_force(seeds in proptest::collection::vec(any::<u64>(), 5)) {
        let mut solver = Solver::with_megabytes(1);
        for (which, seed) in seeds.into_iter().enumerate() {
            check(seed, which, &mut solver);
        }
    }
}

/// Keil alone, many positions through one table: the repetition rule makes legality depend
/// on history, which the key must carry.
#[test]
fn keil_positions_share_one_table_soundly() {
    let mut solver = Solver::with_megabytes(1);
    for seed in 0..150 {
        check(seed * 7919 + 1, 2, &mut solver);
    }
}
