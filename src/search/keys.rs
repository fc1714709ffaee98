//! A dense, reversible `u16` code for every [`Step`], so tree nodes stay small and per-step
//! scratch arrays can be indexed by step.

use crate::board::{Cell, MAX_CELLS};
use crate::games::{Side, Step, Stone};

/// A step encoded as a small integer (see [`key_of`] / [`step_of`]).
pub type MoveKey = u16;

const PLACE_KEYS: usize = MAX_CELLS * 3;
const PASS: usize = PLACE_KEYS;
const BUTTON: usize = PLACE_KEYS + 1;
const SWAP: usize = PLACE_KEYS + 2;
const END: usize = PLACE_KEYS + 3;
const CHOOSE_FIRST: usize = PLACE_KEYS + 4;
const CHOOSE_SECOND: usize = PLACE_KEYS + 5;
const KOMI_BASE: usize = PLACE_KEYS + 6;

/// One more than the largest key: placements (cell × stone), the actions, every komi bid.
pub const KEY_COUNT: usize = KOMI_BASE + 2 * MAX_CELLS + 1;

/// The key of a step.
#[inline]
pub fn key_of(step: Step) -> MoveKey {
    (match step {
        Step::Place { cell, stone } => cell as usize * 3 + stone.index(),
        Step::Pass => PASS,
        Step::Button => BUTTON,
        Step::Swap => SWAP,
        Step::End => END,
        Step::Choose(Side::First) => CHOOSE_FIRST,
        Step::Choose(Side::Second) => CHOOSE_SECOND,
        Step::Komi(h) => KOMI_BASE + (h as usize).min(2 * MAX_CELLS),
    }) as MoveKey
}

/// Whether a key stands for a placement.
#[inline]
pub fn is_place_key(key: MoveKey) -> bool {
    (key as usize) < PLACE_KEYS
}

/// The step a key stands for.
#[inline]
pub fn step_of(key: MoveKey) -> Step {
    let k = key as usize;
    if k < PLACE_KEYS {
        let stone = match k % 3 {
            0 => Stone::Black,
            1 => Stone::White,
            _ => Stone::Neutral,
        };
        return Step::Place {
            cell: (k / 3) as Cell,
            stone,
        };
    }
    match k {
        PASS => Step::Pass,
        BUTTON => Step::Button,
        SWAP => Step::Swap,
        END => Step::End,
        CHOOSE_FIRST => Step::Choose(Side::First),
        CHOOSE_SECOND => Step::Choose(Side::Second),
        _ => Step::Komi((k - KOMI_BASE) as u16),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_round_trips() {
        let mut steps = vec![
            Step::Pass,
            Step::Button,
            Step::Swap,
            Step::End,
            Step::Choose(Side::First),
            Step::Choose(Side::Second),
        ];
        for cell in 0..MAX_CELLS as Cell {
            for stone in [Stone::Black, Stone::White, Stone::Neutral] {
                steps.push(Step::Place { cell, stone });
            }
        }
        steps.extend((0..=2 * MAX_CELLS as u16).map(Step::Komi));
        let mut seen = std::collections::HashSet::new();
        for s in steps {
            let k = key_of(s);
            assert!((k as usize) < KEY_COUNT);
            assert!(seen.insert(k), "duplicate key for {s:?}");
            assert_eq!(step_of(k), s);
        }
    }
}
