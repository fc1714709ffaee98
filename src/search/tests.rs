//! Search tests on the toy games of [`super::toy`]: forced wins, multi-step turns, the pie,
//! determinism, the stop flag, the node budget, tree reuse. The shared tree's own tests are in
//! `shared_tests.rs`.

use super::control::Limits;
use super::engine::Engine;
use super::toy::{Race, TicTacToe};
use super::PlayerSpec;
use crate::games::{Game, SearchHints, Step};
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc, Arc};
use std::time::Duration;

fn engine<G: SearchHints>(spec: &str) -> Engine<G> {
    Engine::for_game(spec.parse::<PlayerSpec>().unwrap())
}

fn no_stop() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

fn cell(step: Step) -> u16 {
    step.cell().expect("a placement")
}

const PLAYERS: [&str; 4] = [
    "mcts:iters=3000,threads=1,seed=1",
    "mcts:iters=3000,threads=2,seed=1",
    "ab:iters=200000,seed=1",
    "uct-baseline:iters=3000,seed=1",
];

#[test]
fn every_player_takes_an_immediate_win() {
    // x x .     x to move wins at 2 (o threatens 5 but moving first decides).
    // o o .
    // . . .
    let g = TicTacToe::from_picture("xx.oo....");
    for p in PLAYERS {
        let d = engine::<TicTacToe>(p)
            .think(&g, Limits::default(), no_stop(), None)
            .unwrap();
        assert_eq!(cell(d.step), 2, "{p}");
    }
}

#[test]
fn every_player_blocks_a_threat() {
    // x . .     o to move must block at 2? No: x threatens 0-4-8; o blocks at 8.
    // . x .
    // o . .
    let g = TicTacToe::from_picture("x...x.o..");
    for p in PLAYERS {
        let d = engine::<TicTacToe>(p)
            .think(&g, Limits::default(), no_stop(), None)
            .unwrap();
        assert_eq!(cell(d.step), 8, "{p}");
    }
}

/// Exact tic-tac-toe value for the side to move (1 win, 0 draw, -1 loss).
fn minimax(g: &mut TicTacToe) -> i32 {
    if let Some(o) = g.outcome() {
        return match o.winner() {
            None => 0,
            Some(w) if w == g.to_move() => 1,
            Some(_) => -1,
        };
    }
    let mut steps = Vec::new();
    g.legal_steps(&mut steps);
    let mut best = -2;
    for s in steps {
        g.play(s);
        best = best.max(-minimax(g));
        g.undo();
    }
    best
}

#[test]
fn solver_proves_a_forced_win() {
    // x o .
    // . . .      x to move wins by force (corner opening, edge reply).
    // . . .
    let mut g = TicTacToe::from_picture("xo.......");
    assert_eq!(minimax(&mut g), 1);
    let d = engine::<TicTacToe>("mcts:iters=30000,threads=1,seed=3")
        .think(&g, Limits::default(), no_stop(), None)
        .unwrap();
    assert_eq!(d.report.proven, Some("win"), "{:?}", d.report);
    assert_eq!(d.report.win_rate, 1.0);
    g.play(d.step);
    assert_eq!(
        minimax(&mut g),
        -1,
        "the move keeps the win: {:?}",
        d.report
    );
}

#[test]
fn solver_proves_a_draw_and_never_picks_a_losing_move() {
    // x . .
    // . o .      o to move after x errs at 1: exact value is a draw.
    // . . x
    let mut g = TicTacToe::from_picture("x...o...x");
    g.play(g.parse_step("1").unwrap());
    let d = engine::<TicTacToe>("mcts:iters=30000,threads=1,seed=3")
        .think(&g, Limits::default(), no_stop(), None)
        .unwrap();
    assert_eq!(d.report.proven, Some("draw"), "{:?}", d.report);
    g.play(d.step);
    assert_eq!(minimax(&mut g), 0, "{:?}", d.report);
}

#[test]
fn multi_step_turns_are_planned_stone_by_stone() {
    // Taking the last token wins; leaving a multiple of 4 wins.
    for (pile, takes) in [(7u8, 3usize), (6, 2), (5, 1), (11, 3), (10, 2)] {
        for p in ["mcts:iters=4000,threads=1,seed=5", "ab:depth=12"] {
            let g = Race::new(pile, false);
            let turn = engine::<Race>(p).play_turn(&g, Limits::default(), no_stop(), None);
            let placed = turn.iter().filter(|s| s.is_place()).count();
            assert_eq!(placed, takes, "{p}, pile {pile}: {turn:?}");
            let mut g2 = g.clone();
            for &s in &turn {
                g2.play(s);
            }
            assert_eq!(g2.turns_completed(), 1, "the turn is complete");
            assert_eq!(g2.pile() % 4, 0);
        }
    }
}

#[test]
fn the_pie_is_taken_iff_the_position_favours_the_first_stone() {
    for p in ["mcts:iters=6000,threads=1,seed=2", "ab:depth=14"] {
        // First player took 2 of 10: 8 left is lost for the side to move, so swap.
        let mut g = Race::new(10, true);
        for s in ["take", "take", "end"] {
            g.play(g.parse_step(s).unwrap());
        }
        let d = engine::<Race>(p)
            .think(&g, Limits::default(), no_stop(), None)
            .unwrap();
        assert_eq!(d.step, Step::Swap, "{p}: {:?}", d.report);
        // First player took 1: 9 left is won for the side to move, so play on (take 1).
        let mut g = Race::new(10, true);
        for s in ["take", "end"] {
            g.play(g.parse_step(s).unwrap());
        }
        let turn = engine::<Race>(p).play_turn(&g, Limits::default(), no_stop(), None);
        assert!(turn[0].is_place(), "{p}: {turn:?}");
        assert_eq!(
            turn.iter().filter(|s| s.is_place()).count(),
            1,
            "{p}: {turn:?}"
        );
    }
}

#[test]
fn the_pie_is_judged_by_the_step_the_search_would_play_not_by_a_lucky_mean() {
    use super::keys::key_of;
    use super::report::{RootEdge, RootStats};
    let place = |cell| Step::Place {
        cell,
        stone: crate::games::Stone::White,
    };
    let edge = |step, n, w| RootEdge {
        key: key_of(step),
        n,
        w,
        ..Default::default()
    };
    // The most visited placement wins 40 % for the side to move; another, tried once, won.
    let stats = |main_mean: f64| RootStats {
        edges: vec![
            edge(Step::Swap, 60, 30.0),
            edge(place(0), 2000, 2000.0 * main_mean),
            edge(place(1), 1, 1.0),
        ],
        ..Default::default()
    };
    let mut e = engine::<Race>("mcts:iters=10,threads=1,seed=1");
    assert_eq!(e.choose(&stats(0.4), 0.0), Some(Step::Swap));
    // Winning without it: play the placement.
    assert_eq!(e.choose(&stats(0.6), 0.0), Some(place(0)));
}

#[test]
fn single_thread_with_a_seed_is_deterministic() {
    let g = TicTacToe::from_picture("x........");
    let run = || {
        let d = engine::<TicTacToe>("mcts:iters=2500,threads=1,seed=11")
            .think(&g, Limits::default(), no_stop(), None)
            .unwrap();
        (
            d.step,
            d.report.candidates,
            d.report.pv,
            d.report.iterations,
        )
    };
    assert_eq!(run(), run());
    let race = Race::new(13, true).with_points();
    let run = || {
        engine::<Race>("mcts:iters=1500,threads=1,seed=4").play_turn(
            &race,
            Limits::default(),
            no_stop(),
            None,
        )
    };
    assert_eq!(run(), run());
}

#[test]
fn a_set_stop_flag_ends_the_search_at_once() {
    let g = TicTacToe::default();
    for p in ["mcts:threads=2", "ab", "uct-baseline", "mcts:threads=1"] {
        let stop = Arc::new(AtomicBool::new(true));
        // An hour of thinking, stopped before it starts: returns a legal step.
        let d = engine::<TicTacToe>(p)
            .think(&g, Limits::ms(3_600_000), stop, None)
            .unwrap();
        assert!(g.check(d.step).is_ok(), "{p}");
    }
}

#[test]
fn stopping_while_thinking_returns_the_best_so_far() {
    // Inside a turn, so there is more than one legal step.
    let mut g = Race::new(200, true).with_points();
    g.play(g.parse_step("take").unwrap());
    let stop = no_stop();
    let (tx, rx) = mpsc::channel();
    let (done_tx, done_rx) = mpsc::channel();
    let flag = stop.clone();
    std::thread::spawn(move || {
        let d = engine::<Race>("mcts:threads=2").think(&g, Limits::ms(3_600_000), flag, Some(tx));
        done_tx.send(d).unwrap();
    });
    // Wait for the first report, so the search is surely running, then stop it.
    let first = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("a report while thinking");
    assert!(first.iterations > 0);
    assert!(first.score.is_some(), "Race with points reports a margin");
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let d = done_rx
        .recv_timeout(Duration::from_secs(60))
        .expect("think returns after stop")
        .unwrap();
    assert!(d.step.is_place() || d.step == Step::End);
}

#[test]
fn reports_carry_pv_candidates_and_rates() {
    // One token taken of 10; the best is to take one more and end (leaving 8).
    let mut g = Race::new(10, false).with_points();
    g.play(g.parse_step("take").unwrap());
    let (tx, rx) = mpsc::channel();
    let d = engine::<Race>("mcts:iters=3000,threads=1,seed=9")
        .think(&g, Limits::default(), no_stop(), Some(tx))
        .unwrap();
    let last = rx.try_iter().last().expect("the final report is sent too");
    assert_eq!(last, d.report);
    let r = &d.report;
    assert!(!r.candidates.is_empty() && r.candidates.len() <= 5);
    assert!(r.candidates.windows(2).all(|w| w[0].visits >= w[1].visits));
    // The solver proves the win and stops early.
    assert!(r.iterations > 0 && r.iterations <= 3000);
    assert_eq!(r.proven, Some("win"));
    // The PV's first turn is the whole turn, the stone already taken included.
    assert_eq!(r.pv.first().map(String::as_str), Some("take2"), "{r:?}");
    assert_eq!(r.best, "take2");
    assert_eq!(r.best_step, "take");
    assert!(r.win_rate > 0.6, "{r:?}");
    let json = r.to_json();
    assert!(json["candidates"][0]["move"].is_string());
    assert!(json["score"].is_number());
}

#[test]
fn the_budget_is_never_exceeded_and_the_search_goes_on() {
    // 1 MB for a game whose search wants far more: the tree is recycled again and again.
    let mut race = Race::new(250, true).with_points();
    race.play(race.parse_step("take").unwrap());
    for spec in [
        "mcts:iters=20000,threads=1,mem=1,seed=1",
        "mcts:iters=20000,threads=2,mem=1,seed=1",
    ] {
        let mut e = engine::<Race>(spec);
        let d = e.think(&race, Limits::default(), no_stop(), None).unwrap();
        assert!(d.report.tree_bytes <= 1 << 20, "{}", d.report.tree_bytes);
        assert_eq!(
            d.report.iterations, 20_000,
            "{spec}: the search never froze"
        );
    }
}

#[test]
fn the_tree_is_reused_after_the_opponent_moves() {
    let mut g = TicTacToe::default();
    let mut e = engine::<TicTacToe>("mcts:iters=4000,threads=1,seed=2");
    let d = e.think(&g, Limits::default(), no_stop(), None).unwrap();
    g.play(d.step);
    let reply = d.report.pv.get(1).map(|t| g.parse_step(t).unwrap());
    g.play(reply.expect("a PV of two moves at least"));
    let d2 = e.think(&g, Limits::iters(1), no_stop(), None).unwrap();
    assert!(
        d2.report.tree_nodes > 50,
        "kept subtree: {}",
        d2.report.tree_nodes
    );
    // Without reuse a one-simulation search has a tiny tree.
    let mut fresh = engine::<TicTacToe>("mcts:iters=1,threads=1,seed=2,reuse=0");
    let d3 = fresh.think(&g, Limits::default(), no_stop(), None).unwrap();
    assert!(d3.report.tree_nodes <= 2);
}

#[test]
fn temperature_spreads_the_choices_but_keeps_them_legal() {
    let g = TicTacToe::default();
    let mut seen = std::collections::HashSet::new();
    let mut e = engine::<TicTacToe>("mcts:iters=200,threads=1,seed=1,temp=3,reuse=0");
    for _ in 0..40 {
        let d = e.think(&g, Limits::default(), no_stop(), None).unwrap();
        assert!(g.check(d.step).is_ok());
        seen.insert(cell(d.step));
    }
    assert!(seen.len() >= 3, "{seen:?}");
}

#[test]
fn a_finished_game_has_no_decision() {
    let g = TicTacToe::from_picture("xxxoo....");
    assert!(engine::<TicTacToe>("mcts")
        .think(&g, Limits::iters(10), no_stop(), None)
        .is_none());
    assert!(engine::<TicTacToe>("ab")
        .play_turn(&g, Limits::iters(10), no_stop(), None)
        .is_empty());
}

#[test]
fn engines_can_move_to_a_worker_thread() {
    fn assert_send<T: Send + 'static>() {}
    assert_send::<Engine>();
    assert_send::<super::Report>();
    assert_send::<PlayerSpec>();
}
