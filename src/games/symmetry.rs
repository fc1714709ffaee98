//! Board symmetries that keep a game the same, for the exact search's table: a position and
//! its image have the same value, so both are stored under one *canonical* key.
//!
//! Square boards: the four maps that keep rows rows and columns columns (identity, mirror
//! left–right, mirror top–bottom, half turn). Carteso and Linage give Vertical and Horizontal
//! different roles (a group's rows against its columns; vertical against horizontal lines),
//! so the quarter turns and the diagonal mirrors, which swap them, are not symmetries. In
//! Carteso either player may place either colour and nothing in the rules tells the colours
//! apart, so exchanging black and white is one too: eight in all. The tests check each map
//! against the rules (legal steps, scores and values of the images of random positions).
//!
//! The key of a position is its [`crate::games::Game::hash`], a Zobrist hash: the XOR of
//! one key per piece on a cell (a stone; in Carteso also a claim marker) and a part for the
//! rest of the state (side to move, passes, komi). The canonical key replaces the board part
//! by the smallest board part among the images.

use crate::board::{BoardKind, Cell, Geometry};
use crate::games::{Step, Stone};
use crate::zobrist::cell_key;

/// One map: where each cell goes and what each piece index becomes.
#[derive(Clone, Debug)]
pub struct Map {
    /// Image of each cell.
    pub cell: Vec<Cell>,
    /// Image of each piece index (the second argument of [`cell_key`]).
    pub piece: [usize; 4],
}

impl Map {
    /// The image of `step` (placements move and change colour; other steps stay).
    #[inline]
    pub fn step(&self, step: Step) -> Step {
        match step {
            Step::Place { cell, stone } => Step::Place {
                cell: self.cell[usize::from(cell)],
                stone: match self.piece[stone.index()] {
                    0 => Stone::Black,
                    1 => Stone::White,
                    _ => Stone::Neutral,
                },
            },
            other => other,
        }
    }
}

/// The maps of one game on one board (the identity first).
#[derive(Clone, Debug)]
pub struct Symmetries {
    /// The maps.
    pub maps: Vec<Map>,
    /// Inverse of each map, by index.
    pub inverse: Vec<usize>,
}

/// A position's pieces: `(cell, piece index)` for every piece on the board.
pub type Pieces = Vec<(Cell, usize)>;

impl Symmetries {
    /// The identity alone.
    pub fn identity(geometry: &Geometry) -> Symmetries {
        Symmetries {
            maps: vec![Map {
                cell: geometry.all_cells().collect(),
                piece: [0, 1, 2, 3],
            }],
            inverse: vec![0],
        }
    }

    /// The square board's four row- and column-keeping maps, each also with the piece
    /// exchange `swap` when given (eight maps then).
    pub fn square(geometry: &Geometry, swap: Option<[usize; 4]>) -> Symmetries {
        assert_eq!(geometry.kind(), BoardKind::Square);
        let n = geometry.size() as isize;
        let mut maps = Vec::new();
        let pieces: Vec<[usize; 4]> = std::iter::once([0, 1, 2, 3]).chain(swap).collect();
        for piece in &pieces {
            for (fx, fy) in [(false, false), (true, false), (false, true), (true, true)] {
                let cell = geometry
                    .all_cells()
                    .map(|c| {
                        let (x, y) = geometry.coords(c);
                        let (x, y) = (x as isize, y as isize);
                        let x = if fx { n - 1 - x } else { x };
                        let y = if fy { n - 1 - y } else { y };
                        geometry.at(x, y).expect("a mirror stays on the board")
                    })
                    .collect();
                maps.push(Map {
                    cell,
                    piece: *piece,
                });
            }
        }
        // Every map here is its own inverse (mirrors, half turn, colour exchange).
        let inverse = (0..maps.len()).collect();
        Symmetries { maps, inverse }
    }

    /// The board part of the hash of map `t`'s image of `pieces`.
    #[inline]
    pub fn board_key(&self, t: usize, pieces: &Pieces) -> u64 {
        let m = &self.maps[t];
        pieces
            .iter()
            .fold(0, |h, &(c, p)| h ^ cell_key(m.cell[c as usize], m.piece[p]))
    }

    /// The canonical key of a position with hash `hash` and pieces `pieces`, and the map
    /// that takes the position to the canonical image.
    #[inline]
    pub fn canonical(&self, hash: u64, pieces: &Pieces) -> (u64, usize) {
        if self.maps.len() == 1 {
            return (hash, 0);
        }
        let own = self.board_key(0, pieces);
        let mut best = (own, 0);
        for t in 1..self.maps.len() {
            let k = self.board_key(t, pieces);
            if k < best.0 {
                best = (k, t);
            }
        }
        (hash ^ own ^ best.0, best.1)
    }
}
