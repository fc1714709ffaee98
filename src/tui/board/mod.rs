//! The board widget: layout (where things go), view (what stands where) and drawing.

pub mod layout;
pub mod view;
pub mod widget;

pub use layout::BoardLayout;
pub use view::{BoardView, Decorations};
pub use widget::{BoardWidget, Glyphs};

#[cfg(test)]
mod tests;
