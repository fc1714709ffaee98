//! Keil's facts for the rest of the program.

use crate::games::spec::{Placement, Spec, KATRAIN_POINTS_LOST};

/// Keil's spec.
pub(crate) const SPEC: Spec = Spec {
    puzzles: include_str!("../../../puzzles/keil.toml"),
    sides_by_letter: false,
    overlay_legend: Some("b Black's territory, w White's, - nobody's"),
    heat_stone_legend: " · ■ □ dead stones",
    placement: Placement::Mover,
    button: true,
    early_end: false,
    swap: false,
    points_lost_classes: Some(KATRAIN_POINTS_LOST),
};
