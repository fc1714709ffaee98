//! Wunchunk's facts for the rest of the program.

use crate::board::BoardKind;
use crate::games::spec::{Placement, Spec};

/// Wunchunk's spec.
pub(crate) const SPEC: Spec = Spec {
    name: "wunchunk",
    title: "Wunchunk",
    board: BoardKind::Hex,
    default_size: 8,
    has_komi: false,
    customary_komi: 0,
    rules_text: &super::rules_text::RULES_TEXT,
    tuning: &super::tuning::TUNING,
    side_names: ["black", "white"],
    puzzles: include_str!("../../../puzzles/wunchunk.toml"),
    sides_by_letter: false,
    overlay_legend: None,
    heat_stone_legend: "",
    placement: Placement::Chosen,
    button: false,
    early_end: true,
    swap: true,
    points_lost_classes: None,
    second_look_for_inaccuracies: true,
    ends_when_full: true,
    whole_point_komi: false,
    region_sum_max_size: None,
    puzzle_max_plies: 7,
    puzzle_budget: 30_000_000,
    puzzle_komi_choices: &[0],
    nets: &[],
    puzzle_play_out: false,
};
