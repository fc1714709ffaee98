//! Carteso's facts for the rest of the program.

use crate::games::spec::{Placement, Spec};

/// Carteso's spec.
pub(crate) const SPEC: Spec = Spec {
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
};
