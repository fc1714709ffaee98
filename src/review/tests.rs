use super::*;
use crate::games::{GameKind, GameOptions, Protocol};

/// Linage 6×6, komi 0.5 agreed, played by the engine on both sides, except turn 11: Vertical,
/// with a won position (the engine's estimate ≥ 75 %), passes, and Horizontal's pass ends the
/// game in Horizontal's favour ([`find_a_planted_pass`] made it).
pub(crate) const PLANTED_PASS: [&str; 12] = [
    "d1", "b3", "d6", "a3", "c5", "e6", "d2", "e1", "a1", "c3", "pass", "pass",
];

pub(crate) fn planted_session() -> Session {
    let mut o = GameOptions::defaults(GameKind::Linage);
    o.size = 6;
    o.protocol = Protocol::Agreed;
    o.komi_half = 1;
    let mut s = Session::new(GameKind::Linage, o).unwrap();
    for t in PLANTED_PASS {
        s.play_turn(t).unwrap();
    }
    assert_eq!(s.game().result_text().as_deref(), Some("H+5.5"));
    s
}

/// One thread, a fixed seed, an iteration limit: the same review every time.
const REPEATABLE: &str = "mcts:iters=20000,threads=1,seed=11";

fn no_stop() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

#[test]
fn thresholds_follow_lichess_and_katrain() {
    assert_eq!(Judgement::of(0.09, None), None);
    assert_eq!(Judgement::of(0.10, None), Some(Judgement::Inaccuracy));
    assert_eq!(Judgement::of(0.2, None), Some(Judgement::Mistake));
    assert_eq!(Judgement::of(0.3, None), Some(Judgement::Blunder));
    assert_eq!(Judgement::of(-0.5, None), None);
    // Points lost count too, and the worse of the two decides.
    assert_eq!(Judgement::of(0.0, Some(2.9)), None);
    assert_eq!(Judgement::of(0.0, Some(3.0)), Some(Judgement::Inaccuracy));
    assert_eq!(Judgement::of(0.15, Some(12.5)), Some(Judgement::Blunder));
    assert_eq!(Judgement::of(0.35, Some(1.0)), Some(Judgement::Blunder));
}

#[test]
fn a_finished_game_is_worth_its_result() {
    let s = planted_session();
    let e = Evaluation::exact(s.game()).unwrap();
    assert_eq!(e.win_rate, 0.0, "Horizontal won");
    assert_eq!(e.margin, Some(-5.5));
    assert!(Evaluation::exact(&s.position_after(3)).is_none());
}

#[test]
fn a_planted_pass_is_a_blunder_and_nothing_else_is() {
    let s = planted_session();
    let mut calls = Vec::new();
    let section = review(&s, REPEATABLE, no_stop(), |d, t| calls.push((d, t))).unwrap();
    assert_eq!(calls.len(), 13);
    assert_eq!(calls.last(), Some(&(13, 13)));
    assert!(section.is_complete(12));
    assert_eq!(section.margin.len(), 13, "Linage has points");
    let reviews = judge(&s, &section);
    assert_eq!(reviews.len(), 12);
    let pass = &reviews[10];
    assert_eq!(
        (pass.turn, pass.mover, pass.played.as_str()),
        (11, Side::First, "pass")
    );
    assert_eq!(pass.judgement, Some(Judgement::Blunder), "{pass:?}");
    assert!(pass.drop() >= 0.3, "{pass:?}");
    assert!(pass.win_rate_before > 0.7, "Vertical was winning: {pass:?}");
    assert_ne!(pass.best, "pass");
    for r in reviews.iter().filter(|r| r.turn != 11) {
        assert_ne!(r.judgement, Some(Judgement::Blunder), "{r:?}");
    }
    // (Two searches with other seeds may still disagree by a mistake's worth on a turn of
    // the engine's own: at this setting Horizontal's turn 10 is marked a mistake.)
    let counts = summary(&reviews);
    assert_eq!(counts[0][Judgement::Blunder as usize], 1);
    assert_eq!(counts[1][Judgement::Blunder as usize], 0);
    // The same settings give the same review.
    let again = review(&s, REPEATABLE, no_stop(), |_, _| {}).unwrap();
    assert_eq!(again, section);
}

#[test]
fn a_stopped_review_keeps_what_it_did() {
    let s = planted_session();
    let stop = no_stop();
    let flag = stop.clone();
    let section = review(&s, REPEATABLE, stop, |done, _| {
        if done == 3 {
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    })
    .unwrap();
    assert_eq!(section.len(), 3);
    assert!(!section.is_complete(12));
    assert_eq!(judge(&s, &section).len(), 2);
}

#[test]
fn a_bad_engine_is_refused() {
    let s = planted_session();
    let err = review(&s, "frobnicate", no_stop(), |_, _| {}).unwrap_err();
    assert!(!err.is_empty());
}

#[test]
fn forced_steps_are_not_searched() {
    // After Vertical's pass only… nothing is forced in Linage, but a finished game is: its
    // value comes from the result, its preferred turn is empty.
    let s = planted_session();
    let mut engine = Engine::new(REPEATABLE.parse().unwrap());
    let e = evaluate(&mut engine, s.game(), Limits::iters(10), no_stop());
    assert_eq!(e, Evaluation::exact(s.game()).unwrap());
}

/// How [`PLANTED_PASS`] was made (run it again when the search changes and the test above
/// no longer holds): the engine plays Linage 6×6 for both sides; from turn 9 on, at the
/// first Vertical turn where Vertical stands at 75 % or better and a pass would drop it
/// below 35 %, Vertical passes instead; then the engine plays on to the end.
#[test]
#[ignore = "a generator: prints the planted record (about 10 s)"]
fn find_a_planted_pass() {
    let mut s = {
        let mut o = GameOptions::defaults(GameKind::Linage);
        o.size = 6;
        o.protocol = Protocol::Agreed;
        o.komi_half = 1;
        Session::new(GameKind::Linage, o).unwrap()
    };
    let spec: PlayerSpec = "mcts:iters=20000,threads=1,seed=3".parse().unwrap();
    let (mut player, mut judge) = (Engine::new(spec.clone()), Engine::new(spec));
    let limits = Limits::iters(20_000);
    let mut planted = false;
    while !s.game().is_over() {
        let g = s.game().clone();
        if !planted && g.to_move() == Side::First && s.turns().len() >= 8 {
            let now = evaluate(&mut judge, &g, limits, no_stop()).win_rate;
            let mut passed = g.clone();
            passed.play(Step::Pass);
            let then = evaluate(&mut judge, &passed, limits, no_stop()).win_rate;
            if now >= 0.75 && then < 0.35 {
                s.play_step(Step::Pass).unwrap();
                planted = true;
                continue;
            }
        }
        for step in player.play_turn(&g, limits, no_stop(), None) {
            s.play_step(step).unwrap();
        }
    }
    assert!(planted, "no won position to pass away: {:?}", s.tokens());
    println!("{:?} {:?}", s.tokens(), s.game().result_text());
}
