//! The part of a position's transposition key that stands for its history, for games whose
//! legality depends on it (Keil: a placement may not recreate a position at the end of an
//! earlier turn of the same player).
//!
//! What the search can do from a position depends on the position and, per player, on the
//! *set* of positions at the end of that player's earlier turns (not on their order nor on how
//! often one occurred). So the key folds in, per player, the XOR of a mix of every distinct
//! end-of-turn hash, with a count per hash so that a repeated entry (a pass in a position
//! the player had already ended a turn in) leaves the key unchanged and undoing it restores
//! it. The hashes are [`Game::hash`] values, which determine the position the rule compares
//! (board and whether the button is taken) and more besides: equal sets of them mean equal
//! sets of positions, so equal keys mean equal futures. The converse does not hold (the key
//! is finer than necessary), which costs table hits but never soundness.

use crate::games::{Game, Side};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for keys that already are good 64-bit hashes.
#[derive(Default)]
pub struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

type Counts = HashMap<u64, u32, BuildHasherDefault<PassThrough>>;

/// Each player's end-of-turn positions, as a set hash.
#[derive(Clone, Default)]
pub struct History {
    counts: [Counts; 2],
    key: u64,
}

/// The mix of one end-of-turn hash of `side` (so the two players' sets never cancel).
#[inline]
fn mix(side: Side, h: u64) -> u64 {
    let mut x = h ^ (side.index() as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    x = (x ^ (x >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    x ^ (x >> 32)
}

impl History {
    /// The history of `game` from its start: the hash after every completed turn, for the
    /// player who made it (found by taking the steps back on a copy).
    pub fn of<G: Game>(game: &G) -> History {
        let mut g = game.clone();
        let mut h = History::default();
        // Positions at turn ends, newest first.
        let mut ends = Vec::new();
        while g.steps_in_turn() > 0 {
            if g.undo().is_none() {
                break;
            }
        }
        loop {
            let hash = g.hash();
            let turns = g.turns_completed();
            if g.undo().is_none() {
                break;
            }
            if g.turns_completed() != turns {
                ends.push((g.to_move(), hash));
            }
        }
        for (side, hash) in ends.into_iter().rev() {
            h.push(side, hash);
        }
        h
    }

    /// The key part: 0 for an empty history.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// `side` ended a turn in the position with hash `h`.
    #[inline]
    pub fn push(&mut self, side: Side, h: u64) {
        let c = self.counts[side.index()].entry(h).or_insert(0);
        *c += 1;
        if *c == 1 {
            self.key ^= mix(side, h);
        }
    }

    /// Takes back the newest [`History::push`] of `(side, h)`.
    #[inline]
    pub fn pop(&mut self, side: Side, h: u64) {
        let counts = &mut self.counts[side.index()];
        let c = counts.get_mut(&h).expect("popped a position never pushed");
        *c -= 1;
        if *c == 0 {
            counts.remove(&h);
            self.key ^= mix(side, h);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_a_set_hash_per_player() {
        let mut a = History::default();
        a.push(Side::First, 1);
        a.push(Side::Second, 2);
        a.push(Side::First, 3);
        let mut b = History::default();
        b.push(Side::First, 3);
        b.push(Side::First, 1);
        b.push(Side::Second, 2);
        b.push(Side::First, 1); // a repeat leaves the set as it is
        assert_eq!(a.key(), b.key());
        b.pop(Side::First, 1);
        assert_eq!(a.key(), b.key());
        let mut c = History::default();
        c.push(Side::Second, 1);
        c.push(Side::Second, 2);
        c.push(Side::First, 3);
        assert_ne!(a.key(), c.key(), "whose position it was matters");
        for (s, h) in [(Side::First, 3), (Side::Second, 2), (Side::First, 1)] {
            a.pop(s, h);
        }
        assert_eq!(a.key(), 0);
    }
}
