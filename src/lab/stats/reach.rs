//! Positions reachable from the start at each depth (in plies), counted by their Zobrist hash
//! ([`crate::Game::hash`]) so transpositions count once, as the seed reports count them.
//!
//! The walk is depth-first with one hash set per depth: a position already met at the same
//! depth has the same subtree, so it is not walked again. It deepens one ply at a time and
//! stops before a depth whose count would pass the limit, so every depth reported is complete.

use crate::games::{AnyGame, Game};
use serde::Serialize;
use std::collections::HashSet;

/// Counts of positions by depth.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reach {
    /// `exact[d]`: distinct positions exactly `d` plies from the start.
    pub exact: Vec<u64>,
    /// `upto[d]`: distinct positions at most `d` plies from the start (as the seeds count).
    pub upto: Vec<u64>,
    /// Set when a deeper depth was asked for but stopped at the limit.
    pub stopped: Option<String>,
}

/// Counts positions up to `depth` plies from `start`, stopping before a depth with more than
/// `limit` distinct positions.
pub fn reach(start: &AnyGame, depth: usize, limit: u64) -> Reach {
    let mut best = Reach {
        exact: vec![1],
        upto: vec![1],
        stopped: None,
    };
    for d in 1..=depth {
        match walk(start, d, limit) {
            Some(r) => best = r,
            None => {
                best.stopped = Some(format!(
                    "depth {d} not counted: more than {limit} positions (raise --reach-limit)"
                ));
                break;
            }
        }
    }
    best
}

/// One complete walk to `depth`, or `None` when a depth passes `limit` positions.
fn walk(start: &AnyGame, depth: usize, limit: u64) -> Option<Reach> {
    let mut seen: Vec<HashSet<u64>> = vec![HashSet::new(); depth + 1];
    let mut g = start.clone();
    let mut bufs: Vec<Vec<crate::games::Step>> = vec![Vec::new(); depth + 1];
    if !visit(&mut g, 0, depth, limit, &mut seen, &mut bufs) {
        return None;
    }
    let mut all = HashSet::new();
    let mut upto = Vec::new();
    for s in &seen {
        all.extend(s.iter().copied());
        upto.push(all.len() as u64);
    }
    Some(Reach {
        exact: seen.iter().map(|s| s.len() as u64).collect(),
        upto,
        stopped: None,
    })
}

fn visit(
    g: &mut AnyGame,
    d: usize,
    depth: usize,
    limit: u64,
    seen: &mut [HashSet<u64>],
    bufs: &mut [Vec<crate::games::Step>],
) -> bool {
    if !seen[d].insert(g.hash()) {
        return true;
    }
    if seen[d].len() as u64 > limit {
        return false;
    }
    if d == depth || g.is_over() {
        return true;
    }
    let mut steps = std::mem::take(&mut bufs[d]);
    g.legal_steps(&mut steps);
    let mut ok = true;
    for &s in &steps {
        g.play(s);
        ok = visit(g, d + 1, depth, limit, seen, bufs);
        g.undo();
        if !ok {
            break;
        }
    }
    bufs[d] = steps;
    ok
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, GameOptions, Protocol};

    fn linage(size: usize) -> AnyGame {
        let o = GameOptions {
            size,
            protocol: Protocol::Agreed,
            komi_half: 1,
            ..GameOptions::defaults(GameKind::Linage)
        };
        AnyGame::new(GameKind::Linage, &o).unwrap()
    }

    #[test]
    fn linage_counts_transpositions_once() {
        // Linage's stones are neutral: after two stones only the set of occupied points and
        // the side to move matter, so depth 2 is 25·24/2 stone pairs (+ positions with passes).
        let r = reach(&linage(5), 2, 1_000_000);
        assert_eq!(r.exact[0], 1);
        // 25 points, or pass.
        assert_eq!(r.exact[1], 26);
        let mut g = linage(5);
        let mut first = Vec::new();
        g.legal_steps(&mut first);
        assert_eq!(first.len(), 26);
        // Brute force without hashing: distinct hashes of every two-step line.
        let mut set = HashSet::new();
        for &a in &first {
            g.play(a);
            let mut second = Vec::new();
            g.legal_steps(&mut second);
            for &b in &second {
                g.play(b);
                set.insert(g.hash());
                g.undo();
            }
            g.undo();
        }
        assert_eq!(r.exact[2], set.len() as u64);
        assert!(r.exact[2] < 26 * 26, "transpositions were removed");
        assert_eq!(r.upto[1], 27);
        assert!(r.upto[2] >= r.exact[2]);
        assert!(r.stopped.is_none());
    }

    #[test]
    fn the_limit_stops_before_an_incomplete_depth() {
        let r = reach(&linage(5), 3, 100);
        assert_eq!(r.exact.len(), 2, "{r:?}");
        assert!(r.stopped.as_deref().unwrap().contains("depth 2"));
    }
}
