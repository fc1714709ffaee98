//! Keil's facts for the rest of the program.

use crate::board::BoardKind;
use crate::games::spec::{Placement, Spec, KATRAIN_POINTS_LOST};

/// Keil's spec.
pub(crate) const SPEC: Spec = Spec {
    name: "keil",
    title: "Keil",
    board: BoardKind::Hex,
    default_size: 7,
    has_komi: true,
    customary_komi: 12,
    rules_text: &super::rules_text::RULES_TEXT,
    tuning: &super::tuning::TUNING,
    side_names: ["black", "white"],
    puzzles: include_str!("../../../puzzles/keil.toml"),
    sides_by_letter: false,
    overlay_legend: Some("b Black's territory, w White's, - nobody's"),
    heat_stone_legend: " · ■ □ dead stones",
    placement: Placement::Mover,
    button: true,
    early_end: false,
    swap: false,
    points_lost_classes: Some(KATRAIN_POINTS_LOST),
    // A Keil review marks about a third of the turns, and the second looks at inaccuracies
    // put it over a minute per 60 turns: docs/review.md, "Cost".
    second_look_for_inaccuracies: false,
    ends_when_full: false,
    whole_point_komi: true,
    region_sum_max_size: None,
    puzzle_max_plies: 7,
    puzzle_budget: 1_000_000,
    puzzle_komi_choices: &[10, 12, 14],
    // Round 1 of issue 47 (docs/nets.md, "Rounds").
    nets: &[(7, include_bytes!("../../../data/nets/keil-7.tnet"))],
    puzzle_play_out: true,
};
