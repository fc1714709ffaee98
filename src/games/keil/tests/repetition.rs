//! The repetition rule (SPEC §3): a placement may not recreate the position (board + whether
//! the button is taken) at the end of any earlier turn of the same player — placements,
//! passes and button turns; not the start position.

use super::*;
use crate::games::Illegal;

/// Side 3, a ko. Black e2 captures white e1 (e1–d2 is cut by d1 and e2; e1–e2 is taken);
/// White e1 then captures black e2 (e2–d2 cut by d3 and e1, e2–e3 cut by d3), restoring this
/// board exactly.
const KO: &str = "
          . . B
         . B . .
        . B B . .
         B . W .
          W . .";

#[test]
fn the_ko_captures_back_and_forth() {
    let mut g = position(KO, Side::First);
    play(&mut g, "e2");
    assert_eq!(g.stone_at(cell(&g, "e1")), None);
    // White's recapture recreates the start position, which is nobody's earlier position.
    play(&mut g, "e1");
    assert_board(&g, KO);
}

#[test]
fn recreating_your_own_earlier_position_is_refused() {
    let mut g = position(KO, Side::First);
    play(&mut g, "e2 e1");
    // Black e2 would recreate the board after Black's first turn, button still on the table.
    assert_eq!(g.check(step(&g, "e2")), Err(Illegal::Repetition));
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    assert!(!v.contains(&step(&g, "e2")));
    // Undo restores the memory too: take back White's e1 and Black may not be refused any
    // more for a position that no longer exists in the history.
    g.undo();
    g.undo();
    assert_board(&g, KO);
    assert_eq!(g.check(step(&g, "e2")), Ok(()));
}

#[test]
fn the_same_board_with_the_button_taken_is_a_different_position() {
    let mut g = position(KO, Side::First);
    // Black e2 (board K, button on the table), White e1 (board KO), Black takes the button,
    // White passes (legal now: the button is gone).
    play(&mut g, "e2 e1 button pass");
    // Black e2 makes board K again, but with the button taken: allowed.
    assert_eq!(g.check(step(&g, "e2")), Ok(()));
    play(&mut g, "e2");
    // White e1 would make board KO with the button taken — White's position after its pass:
    // pass turns count as earlier positions.
    assert_eq!(g.check(step(&g, "e1")), Err(Illegal::Repetition));
}

#[test]
fn a_pass_leaves_the_passer_an_earlier_position() {
    // Button off (komi 6.5): White passes first, so White's first position is this board.
    // Black e2 captures; White's recapture e1 would recreate White's position after its pass.
    let o = options(13, ButtonMode::Auto);
    let mut g = position_with(&o, KO, Side::Second);
    play(&mut g, "pass e2");
    assert_eq!(g.check(step(&g, "e1")), Err(Illegal::Repetition));
    // From the same start with Black moving first, the same recapture is legal: the board
    // it makes is the start, which counts for nobody. (Whether positions count per player
    // is also checked against a naive reference in the property tests.)
    let mut h = position_with(&o, KO, Side::First);
    play(&mut h, "e2 e1");
    assert_board(&h, KO);
}

#[test]
fn a_key_collision_never_makes_a_placement_illegal() {
    use crate::games::keil::links::BLACK;
    use crate::games::keil::repetition::Entry;
    let mut g = position(KO, Side::First);
    let a3 = cell(&g, "a3");
    let crate::games::keil::board::Verdict::Quiet(key) = g.board.test(a3, BLACK) else {
        panic!("a3 is a quiet placement");
    };
    let key_after = g.position_key(key);
    // Plant a memory of Black's with exactly that key but another board (snapshot 0, the
    // start): a hash collision. The placement stays legal.
    g.repetitions.push(Entry {
        key: key_after,
        side: Side::First,
        button_taken: false,
        snapshot: 0,
    });
    assert_eq!(g.check(step(&g, "a3")), Ok(()));
    // With the real board after a3 stored under that key, it is refused: the key match and
    // the board comparison are both needed.
    let mut real = g.clone();
    play(&mut real, "a3");
    real.board.push_snapshot(&mut g.snapshots);
    g.repetitions.push(Entry {
        key: key_after,
        side: Side::First,
        button_taken: false,
        snapshot: 1,
    });
    assert_eq!(g.check(step(&g, "a3")), Err(Illegal::Repetition));
}
