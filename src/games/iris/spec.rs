//! Iris's facts for the rest of the program.

use crate::board::BoardKind;
use crate::games::spec::{Placement, Spec};

/// Iris's spec.
pub(crate) const SPEC: Spec = Spec {
    name: "iris",
    title: "Iris",
    board: BoardKind::Hex,
    default_size: 7,
    has_komi: false,
    customary_komi: 0,
    rules_text: &super::rules_text::RULES_TEXT,
    tuning: &super::tuning::TUNING,
    side_names: ["black", "white"],
    puzzles: include_str!("../../../puzzles/iris.toml"),
    sides_by_letter: false,
    overlay_legend: None,
    heat_stone_legend: "",
    placement: Placement::Mover,
    button: false,
    // A gray turn whose second stone has no room ends by itself; there is no `end` step.
    early_end: false,
    swap: false,
    points_lost_classes: None,
    second_look_for_inaccuracies: true,
    ends_when_full: true,
    whole_point_komi: false,
    region_sum_max_size: None,
    puzzle_max_plies: 7,
    puzzle_budget: 8_000_000,
    puzzle_komi_choices: &[0],
    // Round 4 of issue 47 (docs/nets.md, "Rounds"): 27-1-12 against `default` at 1 s.
    nets: &[(7, include_bytes!("../../../data/nets/iris-7.tnet"))],
    puzzle_play_out: false,
};
