//! The [`Game`] contract for Carteso: steps, tokens, hashing and the views the interface uses.

use super::{CartesoG, Reach, Undo};
use crate::board::{BitSet, Cell, Geometry};
use crate::games::square::{
    format_common, format_points, outcome_from_points, parse_common, result_from_points,
    single_step_turn, Rect,
};
use crate::games::state::{self, number};
use crate::games::{
    counted, Game, GameKind, Illegal, Mark, NotationError, Outcome, Side, Step, Stone,
};
use crate::games::{Describe, SearchHints};
use crate::rng::FastRng;
use serde_json::{json, Value};

impl<const W: usize> Game for CartesoG<W> {
    fn kind(&self) -> GameKind {
        GameKind::Carteso
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
        for c in self.empty.iter() {
            for stone in [Stone::Black, Stone::White] {
                out.push(Step::Place {
                    cell: c as Cell,
                    stone,
                });
            }
        }
        out.push(Step::Pass);
    }

    fn check(&self, step: Step) -> Result<(), Illegal> {
        self.turns.check(step)?;
        match step {
            Step::Place {
                stone: Stone::Neutral,
                ..
            } => Err(Illegal::WrongColour("Carteso stones are black or white")),
            Step::Place { cell, .. } if cell as usize >= self.sq.geometry().cells() => {
                Err(Illegal::Rule("not a point of this board"))
            }
            Step::Place { cell, .. } if !self.empty.contains(cell as usize) => {
                Err(Illegal::Occupied)
            }
            _ => Ok(()),
        }
    }

    fn play(&mut self, step: Step) {
        debug_assert_eq!(self.check(step), Ok(()), "illegal step {step:?}");
        let (turns, hash) = (self.turns, self.hash);
        let mut undo = match step {
            Step::Place { cell, stone } => self.place(cell, stone.index(), turns.to_move()),
            _ => Undo {
                step,
                turns,
                hash,
                claimed: self.claimed,
                reach: Reach {
                    cells: BitSet::EMPTY,
                    rect: Rect::default(),
                },
                index: 0,
                added: 0,
                merge: Default::default(),
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
        if let Step::Place { cell, stone } = u.step {
            self.unplace(cell, stone.index(), &u);
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
        if c >= self.sq.geometry().cells() {
            None
        } else if self.stones[0].contains(c) {
            Some(Stone::Black)
        } else if self.stones[1].contains(c) {
            Some(Stone::White)
        } else {
            None
        }
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
        let [v, h] = self.claimed_points();
        Some([v as f64, h as f64 + self.komi()])
    }

    fn result_text(&self) -> Option<String> {
        self.is_over()
            .then(|| result_from_points(GameKind::Carteso, self.points().expect("territory")))
    }

    fn parse_step(&self, text: &str) -> Result<Step, NotationError> {
        if let Some(r) = parse_common(GameKind::Carteso, text) {
            return r;
        }
        let geo = self.sq.geometry();
        let t = text.trim();
        let mut chars = t.chars();
        let stone = chars.next().and_then(Stone::from_letter);
        let cell = geo.parse(chars.as_str());
        match (stone, cell) {
            (Some(stone), Some(cell)) => Ok(Step::Place { cell, stone }),
            _ => Err(NotationError::NotAStep {
                text: t.into(),
                expected: format!(
                    "a Carteso move: a colour and a point of the {n}×{n} board like Bc5 or \
                     Wc5, pass, komi=X or play=vertical|horizontal",
                    n = geo.size()
                ),
            }),
        }
    }

    fn format_step(&self, step: Step) -> String {
        match step {
            Step::Place { cell, stone } => {
                format!("{}{}", stone.letter(), self.sq.geometry().name(cell))
            }
            _ => format_common(GameKind::Carteso, step)
                .unwrap_or_else(|| format!("{step:?} (not a Carteso step)")),
        }
    }

    fn parse_turn(&self, token: &str) -> Result<Vec<Step>, NotationError> {
        Ok(vec![self.parse_step(token)?])
    }

    fn format_turn(&self, steps: &[Step]) -> String {
        self.format_step(single_step_turn(steps))
    }
}

impl<const W: usize> SearchHints for CartesoG<W> {
    fn final_owners(&self, out: &mut Vec<Option<Side>>) {
        out.clear();
        out.extend(self.sq.geometry().all_cells().map(|c| self.claimer(c)));
    }

    fn random_step(&self, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
        if !self.turns.in_play() {
            self.legal_steps(buf);
            return buf[rng.below(buf.len())];
        }
        let k = self.empties.len();
        if k == 0 {
            return Step::Pass;
        }
        let r = rng.below(2 * k);
        Step::Place {
            cell: self.empties.get(r >> 1),
            stone: if r & 1 == 0 {
                Stone::Black
            } else {
                Stone::White
            },
        }
    }
}

impl<const W: usize> Describe for CartesoG<W> {
    fn state_json(&self) -> Value {
        let mut m = state::base(self);
        m.insert(
            "score".into(),
            state::per_side(self, self.points().unwrap()),
        );
        let geo = self.sq.geometry();
        let claims: Vec<Value> = self
            .claims()
            .into_iter()
            .map(|c| {
                let cells: Vec<String> = c.cells.iter().map(|&p| geo.name(p)).collect();
                json!({"cells": cells, "claimer": GameKind::Carteso.side_name(c.claimer)})
            })
            .collect();
        m.insert("claims".into(), Value::Array(claims));
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
        let [v, h] = self.claimed_points();
        vec![
            ("komi", format_points(self.komi())),
            ("vertical", v.to_string()),
            ("horizontal", format_points(h as f64 + self.komi())),
        ]
    }
    fn score_breakdown(&self) -> Vec<String> {
        let claims = self.claims();
        let count = |side: Side| claims.iter().filter(|c| c.claimer == side).count();
        let [v, h] = self.claimed_points();
        let on_board = self.sq.all().and_not(&self.empty).count() as usize;
        vec![
            format!(
                "Vertical: {} in {} = {v}",
                counted(v, "stone", "stones"),
                counted(count(Side::First), "claimed group", "claimed groups")
            ),
            format!(
                "Horizontal: {} in {} + komi {} = {}",
                counted(h, "stone", "stones"),
                counted(count(Side::Second), "claimed group", "claimed groups"),
                format_points(self.komi()),
                format_points(h as f64 + self.komi())
            ),
            format!("Unclaimed stones (count for nobody): {}", on_board - v - h),
        ]
    }

    fn ownership(&self) -> Vec<Option<Mark>> {
        self.sq
            .geometry()
            .all_cells()
            .map(|c| self.claimer(c).map(Mark::Owned))
            .collect()
    }

    fn claimed_by(&self, cell: Cell) -> Option<Side> {
        self.claimer(cell)
    }
}
