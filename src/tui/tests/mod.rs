//! The interface's tests that drive its model, screens and panels directly (`update` with
//! messages, `view` on a `TestBackend`, insta snapshots in `snapshots/`). The tests that run
//! the real binary in tmux stay in `tests/tui_tmux.rs`.

mod after_game;
mod ai_panel;
mod analysis;
mod fixes;
mod keys;
mod puzzle;
mod screens;
mod snapshots;
mod update;
mod update_hex;
mod what_plays;
mod wide_names;
