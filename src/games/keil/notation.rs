//! Tokens (SPEC §2: `f7`, `pass`, `button`, `komi=X`, `play=black|white`), board pictures for
//! people and tests, and the `tessera-state` object (SPEC §5).

use super::links::{BLACK, WHITE};
use super::Keil;
use crate::board::{Cell, Geometry};
use crate::games::opening::Opening;
use crate::games::state::{base, number, per_side};
use crate::games::{Game, GameKind, GameOptions, NotationError, SetupError, Side, Step, Stone};
use serde_json::{json, Value};

impl Keil {
    pub(super) fn parse_step_text(&self, text: &str) -> Result<Step, NotationError> {
        let t = text.trim();
        if let Some(protocol) = Opening::parse_step(GameKind::Keil, t) {
            return protocol;
        }
        match t.to_ascii_lowercase().as_str() {
            "pass" => return Ok(Step::Pass),
            "button" => return Ok(Step::Button),
            _ => {}
        }
        if let Some(cell) = self.geo.parse(t) {
            return Ok(Step::Place {
                cell,
                stone: Stone::of_side(self.to_move()),
            });
        }
        // `Bd4` / `Wd4`: a stone written with its colour (checked against the mover by `check`).
        let mut chars = t.chars();
        if let (Some(stone), Some(cell)) = (
            chars.next().and_then(Stone::from_letter),
            self.geo.parse(chars.as_str()),
        ) {
            return Ok(Step::Place { cell, stone });
        }
        Err(NotationError::NotAStep {
            text: t.into(),
            expected: "a point of this board, pass, button, komi=X or play=black|white".into(),
        })
    }

    pub(super) fn format_step_text(&self, step: Step) -> String {
        match step {
            Step::Place { cell, .. } => self.geo.name(cell),
            Step::Pass => "pass".into(),
            Step::Button => "button".into(),
            Step::Swap => "swap".into(),
            Step::End => "end".into(),
            Step::Komi(_) | Step::Choose(_) => {
                Opening::format_step(GameKind::Keil, step).expect("a protocol step")
            }
        }
    }

    pub(super) fn state_object(&self) -> Value {
        let mut m = base(self);
        let territory = self.territory();
        m.insert("score".into(), per_side(self, self.points_now()));
        m.insert(
            "territory".into(),
            per_side(self, territory.points.map(|p| p as f64)),
        );
        m.insert(
            "button".into(),
            match self.button {
                Some(side) => json!(self.side_name(side)),
                None => Value::Null,
            },
        );
        m.insert("komi".into(), number(self.komi()));
        Value::Object(m)
    }

    /// The board as an offset-hex picture (SPEC §1): one line per row from row `a`, points
    /// two columns apart, `.` empty, `B` black, `W` white. [`Keil::from_picture`] reads it back.
    pub fn picture(&self) -> String {
        let geo = self.geo;
        let mut lines = vec![String::new(); geo.rows()];
        for c in geo.all_cells() {
            let (r, _) = geo.coords(c);
            let line = &mut lines[r];
            // The middle row starts at screen column n + 1: make it the left margin.
            let col = geo.screen_column(c) - (geo.size() + 1);
            while line.len() < col {
                line.push(' ');
            }
            line.push(match self.board.value(c) {
                BLACK => 'B',
                WHITE => 'W',
                _ => '.',
            });
        }
        lines.into_iter().map(|l| l + "\n").collect()
    }

    /// A game from a picture like [`Keil::picture`] writes: one line per row from row `a`,
    /// whitespace-separated points, `.` empty, `B`/`X` black, `W`/`O` white; blank lines and
    /// indentation are ignored. The number of rows sets the side (`2n-1` rows); the other
    /// options (komi, protocol, button) come from `options`. See [`Keil::from_position`].
    pub fn from_picture(
        options: &GameOptions,
        picture: &str,
        to_move: Side,
    ) -> Result<Keil, SetupError> {
        let rows: Vec<Vec<&str>> = picture
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        if rows.len() % 2 == 0 || !GameKind::Keil.sizes().contains(&rows.len().div_ceil(2)) {
            return Err(SetupError::PictureRows { rows: rows.len() });
        }
        let size = rows.len().div_ceil(2);
        let geo = Geometry::hex(size);
        let mut stones: Vec<(Cell, Stone)> = Vec::new();
        let mut cell: Cell = 0;
        for (r, row) in rows.iter().enumerate() {
            let width = geo.all_cells().filter(|&c| geo.coords(c).0 == r).count();
            if row.len() != width {
                return Err(SetupError::PictureRow {
                    row: Geometry::letter(r),
                    points: row.len(),
                    expected: width,
                });
            }
            for token in row {
                match *token {
                    "." => {}
                    "B" | "b" | "X" | "x" => stones.push((cell, Stone::Black)),
                    "W" | "w" | "O" | "o" => stones.push((cell, Stone::White)),
                    other => {
                        return Err(SetupError::PicturePoint {
                            token: other.into(),
                        })
                    }
                }
                cell += 1;
            }
        }
        let options = GameOptions {
            size,
            ..options.clone()
        };
        Keil::from_position(&options, &stones, to_move)
    }
}
