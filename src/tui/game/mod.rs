//! The game screen: playing, watching or reviewing a game, here or on a server. A folder of its
//! own, as the puzzle screen has, because it is most of the interface: its model (`play`, with
//! who plays a seat, `controller`, and the review's state, `review_state`), what changes the
//! game (`actions`, `online`, `history`), the AI's jobs on it (`analysis`, `review`) and what
//! evaluates their positions (`evaluator`), its keys (`keys`) and its drawing (`view`, `areas`,
//! `panels`, `lines`, `ai_panel`, `analysis_view`, `review_graph`).
//!
//! The model names none of the files that act on it or draw it; those name it (the `impl Play`
//! blocks of `actions`, `online`, `history`, `analysis`, `review`, `ai_panel`), and the drawing
//! goes one way, from `view` down to `lines`.

pub mod actions;
pub mod ai_panel;
pub mod analysis;
pub mod analysis_view;
pub mod areas;
pub mod controller;
pub mod evaluator;
pub mod history;
pub mod keys;
pub mod lines;
pub mod online;
pub mod panels;
pub mod play;
pub mod review;
pub mod review_graph;
pub mod review_state;
pub mod view;
