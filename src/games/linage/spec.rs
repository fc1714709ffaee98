//! Linage's facts for the rest of the program.

use crate::board::BoardKind;
use crate::games::spec::{Placement, Spec, KATRAIN_POINTS_LOST};

/// Linage's spec.
pub(crate) const SPEC: Spec = Spec {
    name: "linage",
    title: "Linage",
    board: BoardKind::Square,
    default_size: 9,
    has_komi: true,
    customary_komi: 1,
    rules_text: &super::rules_text::RULES_TEXT,
    tuning: &super::tuning::TUNING,
    side_names: ["vertical", "horizontal"],
    puzzles: include_str!("../../../puzzles/linage.toml"),
    sides_by_letter: true,
    overlay_legend: Some("v Vertical's region, h Horizontal's, * free"),
    heat_stone_legend: "",
    placement: Placement::Neutral,
    button: false,
    early_end: false,
    swap: false,
    points_lost_classes: Some(KATRAIN_POINTS_LOST),
    second_look_for_inaccuracies: true,
    ends_when_full: false,
    whole_point_komi: false,
    region_sum_max_size: Some(8),
    puzzle_max_plies: 9,
    puzzle_budget: 4_000_000,
    puzzle_komi_choices: &[1, 3, 5],
    // Round 1 of issue 47 (docs/nets.md, "Rounds"): 37-0-3 against `default` at 1 s.
    nets: &[(9, include_bytes!("../../../data/nets/linage-9.tnet"))],
    puzzle_play_out: false,
};
