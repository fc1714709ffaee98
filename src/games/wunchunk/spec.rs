//! Wunchunk's facts for the rest of the program.

use crate::games::spec::{Placement, Spec};

/// Wunchunk's spec.
pub(crate) const SPEC: Spec = Spec {
    puzzles: include_str!("../../../puzzles/wunchunk.toml"),
    sides_by_letter: false,
    overlay_legend: None,
    heat_stone_legend: "",
    placement: Placement::Chosen,
    button: false,
    early_end: true,
    swap: true,
    points_lost_classes: None,
};
