//! The interface's tests that drive its model, screens and panels directly (`update` with
//! messages, `view` on a `TestBackend`, insta snapshots in `snapshots/`), and the ones that run
//! whole sessions with the real AI through the interface loop (`driver`, `person`, `soak`, `soak_random`, `crash`).
//! The tests that run the real binary in tmux stay in `tests/tui_tmux.rs`.

mod after_game;
mod ai_panel;
mod analysis;
mod crash;
mod driver;
mod fixes;
mod keys;
mod person;
mod puzzle;
mod screens;
mod snapshots;
mod soak;
mod soak_random;
mod update;
mod update_hex;
mod what_plays;
mod wide_names;
