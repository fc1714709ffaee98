//! Linage's facts for the rest of the program.

use crate::games::spec::{Placement, Spec, KATRAIN_POINTS_LOST};

/// Linage's spec.
pub(crate) const SPEC: Spec = Spec {
    puzzles: include_str!("../../../puzzles/linage.toml"),
    sides_by_letter: true,
    overlay_legend: Some("v Vertical's region, h Horizontal's, * free"),
    heat_stone_legend: "",
    placement: Placement::Neutral,
    button: false,
    early_end: false,
    swap: false,
    points_lost_classes: Some(KATRAIN_POINTS_LOST),
};
