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
    // The network's reviews (levels 9–10 play `net`) took 62 s per 60 turns with second looks
    // at inaccuracies, 55 s without, and agreed more (96.1 % against 94.8 %): docs/review.md.
    second_look_for_inaccuracies: false,
    ends_when_full: true,
    whole_point_komi: false,
    region_sum_max_size: None,
    puzzle_max_plies: 7,
    puzzle_budget: 30_000_000,
    puzzle_komi_choices: &[0],
    // Round 1 of issue 47 (docs/nets.md, "Rounds"): 36-0-4 against `default` at 1 s.
    nets: &[(8, include_bytes!("../../../data/nets/wunchunk-8.tnet"))],
    puzzle_play_out: false,
};
