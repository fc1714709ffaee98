//! Exact game values (issue 15's smallest boards): the margin search against a plain
//! minimax over final margins, and (ignored, slow) how far up the sizes it reaches.

use crate::games::{AnyGame, Game, Side};
use crate::lab::komi::exact::margin_of;
use crate::puzzle::tests::{game, random_turn};
use crate::puzzle::turns;
use crate::rng::FastRng;

/// First side's final margin in half points under best play, by plain minimax.
fn minimax(g: &mut AnyGame) -> i32 {
    if g.is_over() {
        let p = g.points().unwrap();
        return ((p[0] - p[1]) * 2.0).round() as i32;
    }
    let first = g.to_move() == Side::First;
    let mut best = if first { i32::MIN } else { i32::MAX };
    for t in turns::whole_turns(g) {
        for &s in &t {
            g.play(s);
        }
        let v = minimax(g);
        for _ in &t {
            g.undo();
        }
        best = if first { best.max(v) } else { best.min(v) };
    }
    best
}

#[test]
fn exact_margin_agrees_with_plain_minimax() {
    let mut rng = FastRng::seed(11);
    let mut checked = 0;
    // Linage and Carteso only: stones are never removed there, so the plain minimax ends.
    // (Keil's captures reopen the board and its plain minimax runs far too deep.)
    for i in 0..80 {
        let (mut g, empties) = match i % 2 {
            0 => (game("linage", &["size=5", "komi=0.5"]), 6),
            _ => (game("carteso", &["size=5", "komi=1"]), 4),
        };
        // Late positions: few empty points left, so the plain minimax finishes.
        let small = |g: &AnyGame| {
            let geo = g.geometry();
            geo.all_cells().filter(|&c| g.stone_at(c).is_none()).count() <= empties
        };
        let mut played = 0;
        while !g.is_over() && !small(&g) && played < 200 {
            played += 1;
            let t = random_turn(&g, &mut rng);
            // Passes now and then only (two in a row end the game).
            if t == [crate::games::Step::Pass] && played % 7 != 0 {
                continue;
            }
            for s in t {
                g.play(s);
            }
        }
        if g.is_over() || !small(&g) {
            continue;
        }
        let want = minimax(&mut g.clone());
        let (got, _) = margin_of(&g, 1, u64::MAX, 0, false).unwrap().unwrap();
        assert_eq!(got, want, "{g:?}");
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} positions");
}

/// The empty board's key is 0 at komi 0; an empty table slot must not pass for its entry
/// (the search once answered "margin 0" after one position).
#[test]
fn a_position_with_key_0_is_searched_not_read_from_an_empty_slot() {
    let g = game("linage", &["size=5", "komi=0"]);
    if let Ok(Some((m, nodes))) = margin_of(&g, 1, 100_000, 0, false) {
        panic!("margin {m} after {nodes} positions: far too few");
    }
}

/// How far the exact search reaches from the empty board (issue 15): prints the margin, the
/// positions visited and the time, or that the budget ran out.
#[test]
#[ignore]
fn smallest_boards_from_the_empty_board() {
    for (name, args) in [
        ("linage", &["size=5", "komi=0"][..]),
        ("carteso", &["size=5", "komi=0"][..]),
        ("keil", &["size=3", "komi=0", "button=off"][..]),
        ("keil", &["size=3", "komi=0", "button=on"][..]),
        ("linage", &["size=6", "komi=0"][..]),
        ("carteso", &["size=6", "komi=0"][..]),
    ] {
        let g = game(name, args);
        let start = std::time::Instant::now();
        match margin_of(&g, 1024, 3_000_000_000, 0, false) {
            Ok(Some((m, nodes))) => eprintln!(
                "{name} {args:?}: margin {} (first side, points), {nodes} positions, {:.1} s",
                m as f64 / 2.0,
                start.elapsed().as_secs_f64()
            ),
            other => eprintln!(
                "{name} {args:?}: {other:?} after {:.1} s",
                start.elapsed().as_secs_f64()
            ),
        }
    }
}
