//! The board widget: layout (where things go), view (what stands where) and drawing; and the
//! board as a screen's component (its cursor, keys and drawing: [`input`]), with the cursor's
//! moves on both board kinds ([`cursor`]).
//!
//! The files of the folder name each other's items where they are defined (`layout`, `view`,
//! `widget`, `cursor` are leaves); the re-exports below are for the screens.

pub mod cursor;
pub mod input;
pub mod layout;
pub mod view;
pub mod widget;

pub use input::{BoardAction, BoardHost, BoardInput, BoardOutcome};
pub use layout::BoardLayout;
pub use view::{BoardView, Decorations};
pub use widget::{BoardWidget, Glyphs};

#[cfg(test)]
mod tests;
