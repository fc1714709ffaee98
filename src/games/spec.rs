//! What the rest of the program needs to know about a game, as plain data: each game's folder
//! holds its [`Spec`] (`SPEC`), and [`GameKind::spec`](super::GameKind::spec) finds it, so
//! that code outside `games` asks the spec instead of naming a game.

use super::rules_text::RulesText;
use super::tuning::SearchTuning;
use super::types::{Side, Stone};
use crate::board::BoardKind;

/// The stone a placement puts down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The stone of the side to move (black/white games).
    Mover,
    /// The colour the player chooses (`c` in the interface): either side places either colour.
    Chosen,
    /// A neutral stone, whoever places it.
    Neutral,
}

impl Spec {
    /// The stone a placement puts down for `to_move`, with `chosen` the colour the player
    /// chose (used only where the colour is chosen).
    pub fn placement_stone(&self, chosen: Stone, to_move: Side) -> Stone {
        match self.placement {
            Placement::Mover => Stone::of_side(to_move),
            Placement::Chosen => chosen,
            Placement::Neutral => Stone::Neutral,
        }
    }
}

/// KaTrain's default point classes (3, 6 and 12 points lost: an inaccuracy, a mistake, a
/// blunder), the review's classes for most games with points.
pub const KATRAIN_POINTS_LOST: [f64; 3] = [3.0, 6.0, 12.0];

/// One game's facts as the interface, records, the review and the search ask for them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spec {
    /// Lower-case name as used on the command line, in GTP and records.
    pub name: &'static str,
    /// Capitalised name for people.
    pub title: &'static str,
    /// Square or hexhex.
    pub board: BoardKind,
    /// Default board size (SPEC §1).
    pub default_size: usize,
    /// Whether the game starts with an opening protocol (komi).
    pub has_komi: bool,
    /// The komi, in half points, of a quick agreed-komi game (0 for a game without komi).
    /// `tessera match` starts with it, and the AI's komi bid starts its search from it.
    pub customary_komi: u16,
    /// Lower-case side names, first side first, as in GTP and `tessera-state`: black/white
    /// or vertical/horizontal.
    pub side_names: [&'static str; 2],
    /// The rules for people, with a picture of the game's idea.
    pub rules_text: &'static RulesText,
    /// The search's tuning and level table.
    pub tuning: &'static SearchTuning,
    /// The text of the shipped puzzle set (`puzzles/<game>.toml`, built into the program).
    pub puzzles: &'static str,
    /// Whether panels write the sides by their initial (vertical/horizontal games) rather
    /// than by their stone.
    pub sides_by_letter: bool,
    /// What the ownership overlay's marks mean; `None` for a game without an overlay (`t`).
    pub overlay_legend: Option<&'static str>,
    /// The heat map's extra legend for the stones' own marks (starting with ` · `), empty
    /// when stones never change hands or wait for an owner.
    pub heat_stone_legend: &'static str,
    /// The stone a placement puts down.
    pub placement: Placement,
    /// Whether the game has the button (`button` step; the button option).
    pub button: bool,
    /// Whether a turn of several stones may end early (`end` step).
    pub early_end: bool,
    /// Whether the players may swap colours (`swap` step).
    pub swap: bool,
    /// Points lost that make a turn an inaccuracy, a mistake, a blunder in a review; `None`
    /// for a game without points (the review then uses [`KATRAIN_POINTS_LOST`]).
    pub points_lost_classes: Option<[f64; 3]>,
    /// Whether a turn the review's first comparison calls an inaccuracy is searched again
    /// (the second look, `docs/review.md`) like a mistake or a blunder. Without it an
    /// inaccuracy stands on one comparison; a mistake or a blunder always needs two.
    pub second_look_for_inaccuracies: bool,
    /// Whether a full board ends the game as well as two passes in a row (SPEC §3), as the
    /// puzzles' goal says.
    pub ends_when_full: bool,
    /// Whether the fair agreed komi is a whole komi (played with the button on) rather than
    /// `n + 0.5`: the grid of `tessera komi`'s values and of the fair-komi table.
    pub whole_point_komi: bool,
    /// The largest board whose empty position `tessera komi --exact` solves with the
    /// region-sum search ([`crate::lab::komi::exact::linage_sum`], for a game that decomposes into free
    /// regions) instead of the margin search; `None` when it never does.
    pub region_sum_max_size: Option<usize>,
    /// The puzzle generator's default deepest puzzle, in plies (`--max-plies`).
    pub puzzle_max_plies: u8,
    /// The puzzle generator's default node budget per solver question (`--budget`): about
    /// one to three seconds of search.
    pub puzzle_budget: u64,
    /// The agreed komi values (half points) the puzzle generator's games draw from (used
    /// only by a game with komi).
    pub puzzle_komi_choices: &'static [u16],
    /// Whether the puzzle generator plays each game out before taking candidates: a puzzle
    /// means forcing the end, which the losing side can put off as long as it may place a
    /// stone (see [`crate::puzzle`]'s candidates).
    pub puzzle_play_out: bool,
    /// The networks shipped for the `net` player, by board size: the weights files of
    /// `data/nets/` (`docs/nets.md`), built into the program.
    pub nets: &'static [(usize, &'static [u8])],
}
