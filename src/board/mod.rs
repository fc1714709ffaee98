//! Board geometry: square and hexhex boards, cell notation, neighbour tables and bit masks.
//!
//! Every board is interned: [`Geometry::square`] and [`Geometry::hex`] hand out a
//! `&'static Geometry`, so game states can hold a plain reference (cheap to clone, no
//! reference counting in the search's hot loops).

mod bitset;
mod geometry;
mod pool;

pub(crate) use bitset::{BitSet, Mask};
pub use geometry::{BoardKind, Geometry, MAX_CELLS};
pub(crate) use pool::CellPool;

/// A cell (point) of a board: its index in board order.
///
/// Board order is the order SPEC §5 lists cells in: hexhex row `a` first, numbers ascending within
/// a row; square row `1` first, `a` → within a row.
pub type Cell = u16;
