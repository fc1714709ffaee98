//! The game screen: playing, watching or reviewing a game, here or on a server. A folder of its
//! own, as the puzzle screen has, because it is most of the interface: its model (`play`),
//! what changes the game (`actions`, `online`, `history`), the AI's jobs on it (`analysis`,
//! `review`), its keys (`keys`) and its drawing (`view`, `areas`, `panels`, `ai_panel`,
//! `analysis_view`, `review_graph`).

pub mod actions;
pub mod ai_panel;
pub mod analysis;
pub mod analysis_view;
pub mod areas;
pub mod controller;
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
