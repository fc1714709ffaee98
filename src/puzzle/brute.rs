//! A plain minimax over whole turns, for checking the solver: every order of the stones of a
//! multi-stone turn is a separate turn, no table, no shortcuts.

use crate::games::{Game, Outcome, Side, Step};

/// Every whole turn from `g` in every order of its stones.
pub fn all_turns<G: Game>(g: &mut G) -> Vec<Vec<Step>> {
    fn dfs<G: Game>(g: &mut G, prefix: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
        let mut steps = Vec::new();
        g.legal_steps(&mut steps);
        let before = g.turns_completed();
        for s in steps {
            g.play(s);
            prefix.push(s);
            if g.turns_completed() != before || g.is_over() {
                out.push(prefix.clone());
            } else {
                dfs(g, prefix, out);
            }
            prefix.pop();
            g.undo();
        }
    }
    let mut out = Vec::new();
    if !g.is_over() {
        dfs(g, &mut Vec::new(), &mut out);
    }
    out
}

/// Whether `attacker` wins within `n` plies.
pub fn wins<G: Game>(g: &mut G, attacker: Side, n: u8) -> bool {
    if g.is_over() {
        return g.outcome() == Some(Outcome::Win(attacker));
    }
    if n == 0 {
        return false;
    }
    let or = g.to_move() == attacker;
    for t in all_turns(g) {
        for &s in &t {
            g.play(s);
        }
        let w = wins(g, attacker, n - 1);
        for _ in &t {
            g.undo();
        }
        if w == or {
            return or;
        }
    }
    !or
}

/// The smallest n ≤ max within which the side to move wins, and its winning first turns
/// (stones in board order, deduplicated).
pub fn solve<G: Game>(g: &mut G, max: u8) -> (Option<u8>, Vec<Vec<Step>>) {
    let side = g.to_move();
    let Some(n) = (1..=max).find(|&n| wins(g, side, n)) else {
        return (None, Vec::new());
    };
    let mut winners: Vec<Vec<Step>> = Vec::new();
    for t in all_turns(g) {
        for &s in &t {
            g.play(s);
        }
        let w = wins(g, side, n - 1);
        for _ in &t {
            g.undo();
        }
        let c = super::turns::canonical(&t);
        if w && !winners.contains(&c) {
            winners.push(c);
        }
    }
    (Some(n), winners)
}
