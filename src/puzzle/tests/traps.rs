//! Hand-built positions, each a trap for one rule: the solver's answer (checked against the
//! plain minimax as well) depends on that rule. The positions were reached by the listed
//! turns from the empty board on the smallest boards.

use super::{game, play};
use crate::games::keil::Keil;
use crate::games::{AnyGame, Game, GameKind, GameOptions, Illegal, Side, Step, Stone};
use crate::puzzle::{brute, line_tokens, turn_tokens, Solver};

/// Solves `g` within `max` plies, checks the answer against the plain minimax and returns
/// (win_in, winning turn tokens, main line tokens).
fn solve_checked(g: &AnyGame, max: u8) -> (Option<u8>, Vec<String>, Vec<String>) {
    let s = Solver::with_megabytes(4).solve(g, max).unwrap();
    let mut b = g.clone();
    let (depth, winners) = brute::solve(&mut b, max);
    assert_eq!(s.win_in, depth, "solver and minimax disagree on the depth");
    let mut a = turn_tokens(g, &s.winning_turns);
    let mut w = turn_tokens(g, &winners);
    a.sort();
    w.sort();
    assert_eq!(a, w, "solver and minimax disagree on the winning turns");
    (
        s.win_in,
        turn_tokens(g, &s.winning_turns),
        line_tokens(g, &s.main_line),
    )
}

/// Keil: Black to move, and the only placement that would let Black play on recreates
/// one of Black's earlier positions. With that history, White wins in 2 (Black must pass,
/// White passes); the same board with no history lets Black escape. One solver answers both,
/// so a table keyed on the position alone would carry the first answer over to the second.
#[test]
fn keil_repetition_rule_decides_and_the_table_keys_on_history() {
    let tokens = [
        "a4", "d3", "d1", "c1", "a5", "c4", "a3", "b3", "d2", "d4", "pass", "c2", "e2", "b4",
        "pass", "b5", "pass", "c3", "pass", "a3", "pass", "e1", "d2", "c5", "e1", "e3", "d1", "b2",
        "pass", "a5", "pass", "e2", "e1", "d1", "pass", "e1", "pass", "d2",
    ];
    let mut g = game("keil", &["size=3", "komi=0.5"]);
    play(&mut g, &tokens);
    assert_eq!(g.to_move(), Side::First);
    let geo = g.geometry();
    let stones: Vec<_> = geo
        .all_cells()
        .filter_map(|c| g.stone_at(c).map(|s| (c, s)))
        .collect();
    let options = GameOptions::parse(GameKind::Keil, &["size=3", "komi=0.5"]).unwrap();
    let fresh = AnyGame::Keil(Keil::from_position(&options, &stones, Side::First).unwrap());
    assert_eq!(g.hash(), fresh.hash(), "the same position by its hash");
    let blocked: Vec<String> = geo
        .all_cells()
        .map(|cell| Step::Place {
            cell,
            stone: Stone::Black,
        })
        .filter(|&s| g.check(s) == Err(Illegal::Repetition) && fresh.check(s).is_ok())
        .map(|s| g.format_step(s))
        .collect();
    assert!(
        !blocked.is_empty(),
        "some placement is barred by the history"
    );
    for (x, want) in [(&g, true), (&fresh, false)] {
        let mut b = x.clone();
        assert_eq!(brute::wins(&mut b, Side::Second, 2), want);
    }
    // Fresh first, then the real one, through one table; and the other order.
    let mut solver = Solver::with_megabytes(1);
    assert!(!solver.wins_within(&fresh, Side::Second, 2).unwrap());
    assert!(solver.wins_within(&g, Side::Second, 2).unwrap());
    let mut solver = Solver::with_megabytes(1);
    assert!(solver.wins_within(&g, Side::Second, 2).unwrap());
    assert!(!solver.wins_within(&fresh, Side::Second, 2).unwrap());
}

/// Keil with a whole komi: the button is on the table, so nobody may pass. Black's only win
/// takes it first (then White and Black pass: 3 plies); with the button off, the same position
/// is a win in 2 by passing.
#[test]
fn keil_win_that_needs_the_button() {
    let tokens = [
        "c2", "d3", "c4", "d1", "c3", "d2", "a5", "b4", "a4", "e1", "b5", "e3", "b2", "e2",
    ];
    let mut g = game("keil", &["size=3", "komi=4"]);
    play(&mut g, &tokens);
    assert_eq!(g.check(Step::Pass), Err(Illegal::MustTakeButtonOrPlay));
    let (n, winners, main) = solve_checked(&g, 5);
    assert_eq!(n, Some(3));
    assert_eq!(winners, ["button"]);
    assert_eq!(main, ["button", "pass", "pass"]);
    let mut off = game("keil", &["size=3", "komi=4", "button=off"]);
    play(&mut off, &tokens);
    let (n, winners, _) = solve_checked(&off, 5);
    assert_eq!((n, winners), (Some(2), vec!["pass".to_string()]));
}

/// Iris: gray stones whose second stone is forfeited (no empty gray cell is left that is not
/// next to the first) are whole turns, for both sides; the main line ends with two of them.
#[test]
fn iris_forfeited_second_stones() {
    let tokens = ["c4", "c1,c5", "a4,e2", "b4,d2", "a3,e3", "b2,d4"];
    let mut g = game("iris", &["size=3"]);
    play(&mut g, &tokens);
    let (n, winners, main) = solve_checked(&g, 5);
    assert_eq!(n, Some(5));
    assert_eq!(winners, ["b5,d1"]);
    assert_eq!(main, ["b5,d1", "a5,e1", "b3,d3", "c2", "c3"]);
}

/// Wunchunk: White's allotment is its chunk count; the win needs two stones in one turn
/// (one of each colour), and the later turns use the allotment too.
#[test]
fn wunchunk_win_that_uses_the_allotment() {
    let tokens = [
        "We1", "Wb3", "Wa4", "Bc5", "Bd2", "Bb4", "Wc4", "Bc1", "Bc2", "Wa3", "Wd3", "Bb5",
    ];
    let mut g = game("wunchunk", &["size=3"]);
    play(&mut g, &tokens);
    let AnyGame::Wunchunk(w) = &g else {
        unreachable!()
    };
    assert!(w.allotment() >= 2);
    let (n, winners, main) = solve_checked(&g, 5);
    assert_eq!(n, Some(5));
    assert_eq!(winners, ["Wc3,Be2"]);
    assert_eq!(main, ["Wc3,Be2", "Ba5", "Bb2,Wd1", "Bd4", "Be3"]);
    // One stone fewer (or in another order) is not the same turn's win.
    let one = g.parse_turn("Wc3").unwrap();
    let mut solver = Solver::with_megabytes(1);
    assert!(!solver.turn_wins(&g, &one, 5).unwrap());
}

/// Wunchunk's pie: at White's first turn `swap` is one ply, after which White moves again.
/// The solver lists it as a turn, and agrees with the minimax on every first stone.
#[test]
fn wunchunk_swap_is_one_ply_and_white_moves_again() {
    let mut g = game("wunchunk", &["size=3"]);
    play(&mut g, &["Bc3"]);
    let turns = crate::puzzle::turns::whole_turns(&g);
    assert!(turns.contains(&vec![Step::Swap]));
    let mut after = g.clone();
    after.play(Step::Swap);
    assert_eq!(after.to_move(), Side::Second);
    assert_eq!(after.turns_completed(), 2);
    let mut solver = Solver::with_megabytes(1);
    for attacker in [Side::First, Side::Second] {
        for n in 0..=3 {
            let mut b = g.clone();
            assert_eq!(
                solver.wins_within(&g, attacker, n).unwrap(),
                brute::wins(&mut b, attacker, n)
            );
        }
    }
}

/// Carteso: a group whose spans are equal is claimed by the opponent of the player who
/// finished it. After Horizontal's one winning turn, Vertical's most resistant defence still
/// has to finish a square group, which goes to Horizontal and decides the game (the result
/// would flip had it gone to the placer).
#[test]
fn carteso_equal_span_claim_goes_to_the_opponent() {
    let tokens = [
        "Bc5", "Wc1", "Bb4", "Wc4", "Be1", "We5", "Bc3", "Bd4", "Ba2", "Wa1", "Bd2", "Be4", "Wd1",
        "Be3", "Wa4", "Bb1", "Be2", "Wa5", "Bc2", "Wb5", "Wd3", "Wb2", "Ba3",
    ];
    let mut g = game("carteso", &["size=5", "komi=0.5"]);
    play(&mut g, &tokens);
    let (n, winners, main) = solve_checked(&g, 5);
    assert_eq!(n, Some(4));
    assert_eq!(winners, ["Bb3"]);
    assert_eq!(main, ["Bb3", "Bd5", "pass", "pass"]);
    assert_eq!(g.to_move(), Side::Second);
    // After Vertical's Bd5 a square group is claimed, by Horizontal.
    let mut h = g.clone();
    play(&mut h, &["Bb3"]);
    let AnyGame::Carteso(c) = &h else {
        unreachable!()
    };
    let before = c.claims();
    play(&mut h, &["Bd5"]);
    let AnyGame::Carteso(c) = &h else {
        unreachable!()
    };
    let geo = h.geometry();
    let new: Vec<_> = c
        .claims()
        .into_iter()
        .filter(|cl| {
            !before
                .iter()
                .any(|b| b.cells.iter().any(|x| cl.cells.contains(x)))
        })
        .collect();
    let square = new
        .iter()
        .find(|cl| {
            let (rows, cols): (Vec<_>, Vec<_>) = cl.cells.iter().map(|&x| geo.coords(x)).unzip();
            rows.iter().max().unwrap() - rows.iter().min().unwrap()
                == cols.iter().max().unwrap() - cols.iter().min().unwrap()
        })
        .expect("a square group was claimed");
    assert_eq!(square.claimer, Side::Second, "the opponent of the placer");
    play(&mut h, &["pass", "pass"]);
    let p = h.points().unwrap();
    let k = square.cells.len() as f64;
    assert!(p[1] > p[0], "Horizontal wins");
    assert!(
        p[1] - k < p[0] + k,
        "it would not had the group gone to Vertical"
    );
}

/// Linage: a placement is illegal when it would leave a region with no line; Vertical's one
/// winning turn works because Horizontal's escapes are barred by that rule.
#[test]
fn linage_region_that_would_lose_its_last_line() {
    let tokens = [
        "e2", "a1", "b1", "b5", "e1", "d1", "a2", "d3", "b2", "e3", "d2", "b4", "d4", "e4",
    ];
    let mut g = game("linage", &["size=5", "komi=0.5"]);
    play(&mut g, &tokens);
    let geo = g.geometry();
    let barred = geo
        .all_cells()
        .filter(|&cell| {
            g.check(Step::Place {
                cell,
                stone: Stone::Neutral,
            }) == Err(Illegal::LeavesRegionWithoutLine)
        })
        .count();
    assert!(barred > 0);
    let (n, winners, main) = solve_checked(&g, 5);
    assert_eq!(n, Some(5));
    assert_eq!(winners, ["b3"]);
    assert_eq!(main, ["b3", "c1", "e5", "pass", "pass"]);
}
