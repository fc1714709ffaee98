//! Territory and score (SPEC §3): a territory is a maximal set of empty points connected by
//! adjacency; it belongs to a player when some stone is linked to one of its points and every
//! stone linked to any of its points is that player's. Score = stones + territory (+ komi for
//! White) (+ 0.5 for the button's taker).

use super::board::Visited;
use super::links::{open, BLACK, EMPTY, INDEX_MASK, WHITE};
use super::Keil;
use crate::board::Cell;
use crate::games::{counted, format_komi, Game, Mark, Outcome, Side};

/// The territories of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Territory {
    /// Per point in board order: `None` for a stone; for an empty point
    /// `Some(Mark::Owned(side))` when its territory belongs to `side`, else
    /// `Some(Mark::Neutral)` (linked to both colours, or to no stone).
    pub marks: Vec<Option<Mark>>,
    /// Territory points of each side (index by [`Side::index`]).
    pub points: [usize; 2],
}

impl Keil {
    /// The territories of the current position.
    pub fn territory(&self) -> Territory {
        let cells = self.geo.cells();
        let values = self.board.values();
        let links = self.board.links();
        let mut marks = vec![None; cells];
        let mut points = [0usize; 2];
        let mut seen = Visited::EMPTY;
        let mut region: Vec<Cell> = Vec::new();
        for start in self.geo.all_cells() {
            if values[start as usize] != EMPTY || seen.contains(start as usize) {
                continue;
            }
            region.clear();
            region.push(start);
            seen.insert(start as usize);
            // Bit 0: a black stone is linked to the region; bit 1: a white one.
            let mut linked = 0u8;
            let mut i = 0;
            while i < region.len() {
                let e = region[i];
                i += 1;
                for sl in links.slots(e) {
                    let n = sl.neighbour as usize & INDEX_MASK;
                    match values[n] {
                        EMPTY if !seen.contains(n) => {
                            seen.insert(n);
                            region.push(n as Cell);
                        }
                        v @ (BLACK | WHITE) if open(values, sl, v) => linked |= v,
                        _ => {}
                    }
                }
            }
            let mark = match linked {
                BLACK => Mark::Owned(Side::First),
                WHITE => Mark::Owned(Side::Second),
                _ => Mark::Neutral,
            };
            if let Mark::Owned(side) = mark {
                points[side.index()] += region.len();
            }
            for &e in &region {
                marks[e as usize] = Some(mark);
            }
        }
        Territory { marks, points }
    }

    /// Each side's points as if the game ended now: stones + territory, komi for White, 0.5
    /// for the button's taker.
    pub(super) fn points_now(&self) -> [f64; 2] {
        let t = self.territory();
        let mut p = [0.0; 2];
        for side in [Side::First, Side::Second] {
            p[side.index()] = (self.stones(side) + t.points[side.index()]) as f64
                + if side == Side::Second {
                    self.komi()
                } else {
                    0.0
                }
                + if self.button == Some(side) { 0.5 } else { 0.0 };
        }
        p
    }

    pub(super) fn outcome_now(&self) -> Outcome {
        let [b, w] = self.points_now();
        if b > w {
            Outcome::Win(Side::First)
        } else if w > b {
            Outcome::Win(Side::Second)
        } else {
            Outcome::Draw
        }
    }

    /// `B+1`, `W+2.5` or `Draw` for the current score.
    pub(super) fn result_string(&self) -> String {
        let [b, w] = self.points_now();
        match self.outcome_now() {
            Outcome::Draw => "Draw".into(),
            Outcome::Win(side) => format!(
                "{}+{}",
                self.kind().side_letter(side),
                format_points((b - w).abs())
            ),
        }
    }

    pub(super) fn status_lines(&self) -> Vec<(&'static str, String)> {
        let button = match (self.button, self.opening.button_on()) {
            (Some(side), _) => self.side_name(side).to_string(),
            (None, true) => "on the table".to_string(),
            (None, false) => "not in play".to_string(),
        };
        let [b, w] = self.points_now();
        vec![
            ("komi", format_komi(self.opening.komi_half())),
            ("button", button),
            (
                "score",
                format!("B {} – W {}", format_points(b), format_points(w)),
            ),
        ]
    }

    pub(super) fn breakdown_lines(&self) -> Vec<String> {
        let t = self.territory();
        let points = self.points_now();
        [Side::First, Side::Second]
            .into_iter()
            .map(|side| {
                let mut line = format!(
                    "{}: {} + {} territory",
                    capitalised(self.side_name(side)),
                    counted(self.stones(side), "stone", "stones"),
                    t.points[side.index()]
                );
                if side == Side::Second {
                    line += &format!(" + {} komi", format_komi(self.opening.komi_half()));
                }
                if self.button == Some(side) {
                    line += " + 0.5 button";
                }
                line + &format!(" = {}", format_points(points[side.index()]))
            })
            .collect()
    }
}

/// A score or margin (a multiple of 0.5): `12` or `12.5`.
fn format_points(v: f64) -> String {
    format_komi((v * 2.0).round() as u16)
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}
