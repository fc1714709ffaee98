//! Zobrist keys, generated at compile time from a fixed seed so hashes are stable across runs
//! (records, tests and transposition tables can rely on them).

use crate::board::MAX_CELLS;

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Kinds of piece a cell can hold, for [`cell_key`]: black, white, neutral, and one spare
/// (e.g. a Carteso claim marker).
pub const PIECE_KINDS: usize = 4;

const fn build_cells() -> [[u64; PIECE_KINDS]; MAX_CELLS] {
    let mut t = [[0u64; PIECE_KINDS]; MAX_CELLS];
    let mut i = 0;
    while i < MAX_CELLS {
        let mut p = 0;
        while p < PIECE_KINDS {
            t[i][p] = splitmix(0x7E55_E4A0_0000_0000 ^ ((i * PIECE_KINDS + p) as u64));
            p += 1;
        }
        i += 1;
    }
    t
}

const EXTRA_KEYS: usize = 64;

const fn build_extra() -> [u64; EXTRA_KEYS] {
    let mut t = [0u64; EXTRA_KEYS];
    let mut i = 0;
    while i < EXTRA_KEYS {
        t[i] = splitmix(0x0DDB_A11E_0000_0000 ^ i as u64);
        i += 1;
    }
    t
}

static CELLS: [[u64; PIECE_KINDS]; MAX_CELLS] = build_cells();
static EXTRA: [u64; EXTRA_KEYS] = build_extra();

/// The key of `piece` (0..4) on `cell`.
#[inline]
pub fn cell_key(cell: crate::board::Cell, piece: usize) -> u64 {
    CELLS[cell as usize][piece]
}

/// Keys for state other than stones (side to move, button, stones left in a turn, …).
/// Each game documents which index means what; indices are `0..64`.
#[inline]
pub fn extra_key(i: usize) -> u64 {
    EXTRA[i]
}

/// Well-known extra key indices shared by all games.
pub mod extra {
    /// XORed in when the second side is to move.
    pub const SECOND_TO_MOVE: usize = 0;
    /// XORed in while the previous turn was a pass (two passes end the game).
    pub const LAST_WAS_PASS: usize = 1;
    /// XORed in once the game is over.
    pub const OVER: usize = 2;
    /// First index free for a game's own use.
    pub const GAME_SPECIFIC: usize = 8;
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = CELLS
            .iter()
            .flatten()
            .copied()
            .chain(EXTRA.iter().copied())
            .collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
