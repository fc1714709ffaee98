//! Ownership accumulated from the search's own playouts: for every cell, how often it ended as
//! each side's ([`crate::games::SearchHints::final_owners`]): territory and stones in Keil, Carteso
//! and Linage, the colour on the cell in Iris and Wunchunk. Off unless asked for
//! ([`super::Engine::set_ownership`]); when off it costs nothing.
//!
//! Counts are updated with plain loads and stores: threads finishing playouts at the same
//! instant may lose an update now and then, which a heat map cannot show.

use crate::games::Side;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// Per-cell counts of final owners over the playouts of one search.
#[derive(Debug, Default)]
pub struct Ownership {
    counts: Vec<[AtomicU32; 2]>,
    playouts: AtomicU32,
}

impl Ownership {
    /// Empty counts for a board of `cells` cells.
    pub fn new(cells: usize) -> Ownership {
        Ownership {
            counts: (0..cells).map(|_| Default::default()).collect(),
            playouts: AtomicU32::new(0),
        }
    }

    /// Counts one playout's final owners (one entry per cell).
    pub fn add(&self, owners: &[Option<Side>]) {
        let p = self.playouts.load(Relaxed);
        if p == u32::MAX {
            return;
        }
        self.playouts.store(p + 1, Relaxed);
        for (count, owner) in self.counts.iter().zip(owners) {
            if let Some(side) = owner {
                let c = &count[side.index()];
                c.store(c.load(Relaxed) + 1, Relaxed);
            }
        }
    }

    /// Playouts counted.
    pub fn playouts(&self) -> u32 {
        self.playouts.load(Relaxed)
    }

    /// Per cell, the share of playouts in which it ended as the first side's and as the
    /// second side's (both 0 before any playout).
    pub fn shares(&self) -> Vec<[f64; 2]> {
        let n = self.playouts().max(1) as f64;
        self.counts
            .iter()
            .map(|c| [c[0].load(Relaxed) as f64 / n, c[1].load(Relaxed) as f64 / n])
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_fractions_of_the_playouts() {
        let o = Ownership::new(3);
        o.add(&[Some(Side::First), None, Some(Side::Second)]);
        o.add(&[Some(Side::First), Some(Side::First), None]);
        assert_eq!(o.playouts(), 2);
        assert_eq!(o.shares(), vec![[1.0, 0.0], [0.5, 0.0], [0.0, 0.5]]);
    }
}
