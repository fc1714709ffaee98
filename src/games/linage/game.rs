//! The [`Game`] contract for Linage: steps, tokens, hashing and the views the interface uses.

use super::{LinageG, Undo};
use crate::board::{BitSet, Cell, Geometry};
use crate::games::square::{
    format_common, format_points, outcome_from_points, parse_common, result_from_points,
    single_step_turn,
};
use crate::games::state::{self, number};
use crate::games::{
    counted, Game, GameKind, Illegal, Mark, NotationError, Outcome, Side, Step, Stone,
};
use crate::games::{Describe, SearchHints};
use crate::rng::FastRng;
use serde_json::{json, Value};

impl<const W: usize> Game for LinageG<W> {
    fn kind(&self) -> GameKind {
        GameKind::Linage
    }

    fn geometry(&self) -> &'static Geometry {
        self.sq.geometry()
    }

    fn to_move(&self) -> Side {
        self.turns.to_move()
    }

    fn is_over(&self) -> bool {
        self.turns.is_over()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| outcome_from_points(self.points().expect("territory game")))
    }

    fn legal_steps(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.turns.is_over() {
            return;
        }
        if !self.turns.opening().is_settled() {
            self.turns.opening_steps(out);
            return;
        }
        for c in self.free.iter() {
            if self.check_point(c as Cell).is_ok() {
                out.push(Step::Place {
                    cell: c as Cell,
                    stone: Stone::Neutral,
                });
            }
        }
        out.push(Step::Pass);
    }

    fn check(&self, step: Step) -> Result<(), Illegal> {
        self.turns.check(step)?;
        match step {
            Step::Place {
                cell,
                stone: Stone::Neutral,
            } => self.check_point(cell),
            Step::Place { .. } => Err(Illegal::WrongColour("Linage stones are neutral")),
            _ => Ok(()),
        }
    }

    fn play(&mut self, step: Step) {
        debug_assert_eq!(self.check(step), Ok(()), "illegal step {step:?}");
        let (turns, hash) = (self.turns, self.hash);
        let mut undo = match step {
            Step::Place { cell, .. } => self.place(cell),
            _ => Undo {
                step,
                turns,
                hash,
                region: BitSet::EMPTY,
                index: 0,
                added: 0,
            },
        };
        undo.step = step;
        undo.turns = turns;
        undo.hash = hash;
        self.hash ^= self.turns.advance(step);
        self.history.push(undo);
    }

    fn undo(&mut self) -> Option<Step> {
        let u = self.history.pop()?;
        if let Step::Place { cell, .. } = u.step {
            self.unplace(cell, &u);
        }
        self.turns = u.turns;
        self.hash = u.hash;
        Some(u.step)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn stone_at(&self, cell: Cell) -> Option<Stone> {
        let c = cell as usize;
        (c < self.sq.geometry().cells() && !self.empty.contains(c)).then_some(Stone::Neutral)
    }

    fn turns_completed(&self) -> usize {
        self.history.len()
    }

    fn steps_in_turn(&self) -> usize {
        0
    }

    fn swapped(&self) -> bool {
        self.turns.opening().swapped()
    }

    fn points(&self) -> Option<[f64; 2]> {
        let [v, h] = self.owned_points();
        Some([v as f64, h as f64 + self.komi()])
    }

    fn result_text(&self) -> Option<String> {
        self.is_over()
            .then(|| result_from_points(GameKind::Linage, self.points().expect("territory")))
    }

    fn parse_step(&self, text: &str) -> Result<Step, NotationError> {
        if let Some(r) = parse_common(GameKind::Linage, text) {
            return r;
        }
        let geo = self.sq.geometry();
        geo.parse(text)
            .map(|cell| Step::Place {
                cell,
                stone: Stone::Neutral,
            })
            .ok_or_else(|| NotationError::NotAStep {
                text: text.trim().into(),
                expected: format!(
                    "a Linage move: a point of the {n}×{n} board like c5, pass, komi=X or \
                     play=vertical|horizontal",
                    n = geo.size()
                ),
            })
    }

    fn format_step(&self, step: Step) -> String {
        match step {
            Step::Place { cell, .. } => self.sq.geometry().name(cell),
            _ => format_common(GameKind::Linage, step)
                .unwrap_or_else(|| format!("{step:?} (not a Linage step)")),
        }
    }

    fn parse_turn(&self, token: &str) -> Result<Vec<Step>, NotationError> {
        Ok(vec![self.parse_step(token)?])
    }

    fn format_turn(&self, steps: &[Step]) -> String {
        self.format_step(single_step_turn(steps))
    }
}

impl<const W: usize> SearchHints for LinageG<W> {
    fn final_owners(&self, out: &mut Vec<Option<Side>>) {
        out.clear();
        out.extend(
            self.sq
                .geometry()
                .all_cells()
                .map(|c| self.region_owner(c).flatten()),
        );
    }

    fn random_step(&self, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
        if !self.turns.in_play() {
            self.legal_steps(buf);
            return buf[rng.below(buf.len())];
        }
        // Draw points of free regions uniformly, striking out the illegal ones: the first
        // legal draw is uniform over the legal placements.
        let mut candidates = self.free;
        loop {
            let k = candidates.count() as usize;
            if k == 0 {
                return Step::Pass;
            }
            let c = candidates.nth(rng.below(k)).expect("k candidates") as Cell;
            if self.check_point(c).is_ok() {
                return Step::Place {
                    cell: c,
                    stone: Stone::Neutral,
                };
            }
            candidates.remove(c as usize);
        }
    }
}

impl<const W: usize> Describe for LinageG<W> {
    fn state_json(&self) -> Value {
        let mut m = state::base(self);
        let [v, h] = self.owned_points();
        m.insert(
            "score".into(),
            state::per_side(self, self.points().unwrap()),
        );
        let mut regions: Vec<(&'static str, usize)> = self
            .regions()
            .into_iter()
            .map(|r| (owner_name(r.owner), r.cells.len()))
            .collect();
        // Owner names sort as the reference data does: free, horizontal, vertical.
        regions.sort();
        let regions: Vec<Value> = regions
            .into_iter()
            .map(|(owner, size)| json!({"owner": owner, "size": size}))
            .collect();
        m.insert("regions".into(), Value::Array(regions));
        m.insert("vertical_points".into(), json!(v));
        m.insert("horizontal_points".into(), json!(h));
        m.insert("free_points".into(), json!(self.free_points()));
        m.insert("komi".into(), number(self.komi()));
        Value::Object(m)
    }
    fn status(&self) -> Vec<(&'static str, String)> {
        let opening = self.turns.opening();
        if !opening.is_settled() {
            let what = match opening.to_move() {
                Some(Side::First) => "Vertical sets komi",
                _ => "Horizontal's player picks a side",
            };
            return vec![("bid", what.into())];
        }
        let [v, h] = self.owned_points();
        vec![
            ("komi", format_points(self.komi())),
            ("vertical", v.to_string()),
            ("horizontal", format_points(h as f64 + self.komi())),
            ("free", self.free_points().to_string()),
        ]
    }
    fn score_breakdown(&self) -> Vec<String> {
        let regions = self.regions();
        let count = |side: Side| regions.iter().filter(|r| r.owner == Some(side)).count();
        let [v, h] = self.owned_points();
        let mut lines = vec![
            format!(
                "Vertical: {} in {} = {v}",
                counted(v, "point", "points"),
                counted(count(Side::First), "region", "regions")
            ),
            format!(
                "Horizontal: {} in {} + komi {} = {}",
                counted(h, "point", "points"),
                counted(count(Side::Second), "region", "regions"),
                format_points(self.komi()),
                format_points(h as f64 + self.komi())
            ),
        ];
        if self.free_points() > 0 {
            lines.push(format!(
                "Free (counts for nobody): {}",
                counted(self.free_points(), "point", "points")
            ));
        }
        lines
    }

    fn ownership(&self) -> Vec<Option<Mark>> {
        self.sq
            .geometry()
            .all_cells()
            .map(|c| {
                self.region_owner(c).map(|owner| match owner {
                    Some(side) => Mark::Owned(side),
                    None => Mark::Free,
                })
            })
            .collect()
    }
}

/// The owner as `tessera-state` writes it.
fn owner_name(owner: Option<Side>) -> &'static str {
    match owner {
        None => "free",
        Some(s) => GameKind::Linage.side_name(s),
    }
}
