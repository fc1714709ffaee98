//! Carteso's facts for the rest of the program.

use crate::board::BoardKind;
use crate::games::spec::{Placement, Spec};

/// Carteso's spec.
pub(crate) const SPEC: Spec = Spec {
    name: "carteso",
    title: "Carteso",
    board: BoardKind::Square,
    default_size: 9,
    has_komi: true,
    customary_komi: 1,
    rules_text: &super::rules_text::RULES_TEXT,
    tuning: &super::tuning::TUNING,
    side_names: ["vertical", "horizontal"],
    puzzles: include_str!("../../../puzzles/carteso.toml"),
    sides_by_letter: true,
    overlay_legend: Some("claimed groups in their claimer's style"),
    heat_stone_legend: " · ⋮ ⋯ beside a stone: who claims its group",
    placement: Placement::Chosen,
    button: false,
    early_end: false,
    swap: false,
    // Twice KaTrain's classes. Carteso's margins move by whole groups (a group that goes to
    // the other side moves the margin by twice its size): with KaTrain's classes two reviews
    // of an 85-turn level-4 vs level-5 game at the default setting marked 35 and 29 turns,
    // only 23 of them in both (issue 14's closing note).
    points_lost_classes: Some([6.0, 12.0, 24.0]),
    second_look_for_inaccuracies: true,
    ends_when_full: false,
    whole_point_komi: false,
    region_sum_max_size: None,
    puzzle_max_plies: 9,
    puzzle_budget: 4_000_000,
    puzzle_komi_choices: &[1, 3, 5],
    // Round 4 of issue 47 (docs/nets.md, "Rounds"): 34-0-6 against `default` at 1 s.
    nets: &[(9, include_bytes!("../../../data/nets/carteso-9.tnet"))],
    puzzle_play_out: false,
};
