//! The board widget: layout (where things go), view (what stands where) and drawing.

pub mod layout;
pub mod view;
pub mod widget;

pub use layout::{BoardLayout, Label};
pub use view::{BoardView, CellView, Decorations};
pub use widget::{pair_letter, BoardWidget, Glyphs};

#[cfg(test)]
mod tests;
