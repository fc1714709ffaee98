//! Placement patterns learned offline: how often strong play chose a placement whose
//! neighbourhood looked like this, among all the placements it could have made.
//!
//! A placement's *pattern* is what surrounds its cell — for each neighbour in turn (the six
//! of a hex cell, the eight of a 3×3 square), whether it is empty, holds a stone of the
//! placed colour, a stone of the other colour, or is off the board / neutral — plus whether
//! the placed colour is the mover's own. Rotations and reflections of a neighbourhood are the
//! same pattern. The counts (chosen, available) per pattern come from game records of strong
//! self-play (`cargo run --release --example train_patterns`, see its documentation) and ship
//! as small text files in `data/patterns/`, embedded in the binary and parsed once.
//!
//! The search uses them as a *progressive bias* ([`super`], the playouts evaluator): a step's value gets
//! `weight × prior / (visits + 1)`, so the patterns order the untried steps and fade as real
//! statistics come in. Nothing here knows the rules of a game: stones and neighbours come
//! through [`SearchHints`] (a [`crate::games::Game`]) and [`Geometry`].

use crate::board::{BoardKind, Cell, Geometry};
use crate::games::{GameKind, SearchHints, Step, Stone};
use crate::search::tree::nodes::NO_PRIOR;
use std::sync::OnceLock;

/// The neighbour slots of every cell of a board, in cyclic order.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Slots per cell: 6 (hex) or 8 (square, 3×3).
    degree: usize,
    /// Cyclic shift of the slots that is one rotation of the board's symmetry.
    turn: usize,
    /// The neighbour in each slot; a slot off the board holds the cell itself, which is
    /// empty whenever a code is asked for (a placement), so it adds nothing: its state
    /// ("off") is already in [`Shape::edge`].
    slots: Vec<[Cell; 8]>,
    /// Per cell, the part of every code that its off-board slots make.
    edge: Vec<u32>,
}

/// A neighbour's state (0 empty, 1 the placed colour, 2 another colour, 3 off the board or
/// neutral) by the placed stone's [`Stone::index`] and the neighbour's
/// [`SearchHints::stone_code`]: a table instead of branches, because the playouts of
/// [`super::policy::Policy::Patterns`] ask for several codes at every step.
const STATE: [[u8; 4]; 3] = [[0, 1, 2, 3], [0, 2, 1, 3], [0, 2, 2, 1]];

/// The slots of a hex cell as steps in raw coordinates (row, number), in cyclic order.
const HEX_SLOTS: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

/// The slots of a square cell (its 3×3 ring) as steps in (column, row), in cyclic order.
const SQUARE_SLOTS: [(isize, isize); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

/// Neighbour states: 4 of them, two bits per slot.
const STATES: usize = 4;

impl Shape {
    /// The shape of `geo`'s cells.
    pub fn of(geo: &Geometry) -> Shape {
        let (degree, turn, dirs) = match geo.kind() {
            BoardKind::Hex => (6, 1, &HEX_SLOTS[..]),
            BoardKind::Square => (8, 2, &SQUARE_SLOTS[..]),
        };
        let (mut slots, mut edge) = (Vec::new(), Vec::new());
        for c in geo.all_cells() {
            let (a, b) = geo.coords(c);
            let (mut s, mut e) = ([c; 8], 0u32);
            for (i, (slot, &(da, db))) in s.iter_mut().zip(dirs).enumerate() {
                match geo.at(a as isize + da, b as isize + db) {
                    Some(n) => *slot = n,
                    None => e += 3 * (STATES as u32).pow(i as u32),
                }
            }
            slots.push(s);
            edge.push(e);
        }
        Shape {
            degree,
            turn,
            slots,
            edge,
        }
    }

    /// Distinct raw codes: the own-colour flag times every neighbourhood.
    pub fn codes(&self) -> usize {
        2 * STATES.pow(self.degree as u32)
    }

    /// The raw pattern code of placing `stone` on the empty `cell` in `game`, whose mover
    /// plays `own`.
    #[inline]
    pub fn code<G: SearchHints>(&self, game: &G, cell: Cell, stone: Stone, own: Stone) -> usize {
        debug_assert!(
            game.stone_at(cell).is_none(),
            "a pattern code of an occupied cell"
        );
        let state = &STATE[stone.index()];
        let mut code = 0usize;
        for &n in self.slots[cell as usize][..self.degree].iter().rev() {
            code = code * STATES + usize::from(state[usize::from(game.stone_code(n) & 3)]);
        }
        self.finish(code, cell, stone, own)
    }

    /// A code from its neighbours' states: adds the off-board slots and the own-colour flag.
    #[inline]
    fn finish(&self, code: usize, cell: Cell, stone: Stone, own: Stone) -> usize {
        let own_flag = usize::from(stone == own && stone != Stone::Neutral);
        own_flag * STATES.pow(self.degree as u32) + code + self.edge[cell as usize] as usize
    }

    /// Reads the stones of `game` once into `board` (per cell: 0 empty, 1 + the stone's
    /// [`Stone::index`]), for [`Shape::code_in`]: the codes of many placements in one position
    /// then cost no call into the game.
    pub fn read<G: SearchHints>(&self, game: &G, board: &mut Vec<u8>) {
        board.clear();
        board.extend((0..self.slots.len()).map(|c| game.stone_code(c as Cell)));
    }

    /// [`Shape::code`] from a `board` that [`Shape::read`] filled.
    #[inline]
    pub fn code_in(&self, board: &[u8], cell: Cell, stone: Stone, own: Stone) -> usize {
        debug_assert_eq!(
            board[cell as usize], 0,
            "a pattern code of an occupied cell"
        );
        let state = &STATE[stone.index()];
        let mut code = 0usize;
        for &n in self.slots[cell as usize][..self.degree].iter().rev() {
            code = code * STATES + usize::from(state[usize::from(board[n as usize] & 3)]);
        }
        self.finish(code, cell, stone, own)
    }

    /// The canonical code of a raw one: the smallest over the rotations and reflections.
    pub fn canonical(&self, raw: usize) -> usize {
        let span = STATES.pow(self.degree as u32);
        let (flag, mut code) = (raw / span, raw % span);
        let mut digits = [0usize; 8];
        for d in digits[..self.degree].iter_mut() {
            *d = code % STATES;
            code /= STATES;
        }
        let d = &digits[..self.degree];
        let mut best = usize::MAX;
        for r in (0..self.degree).step_by(self.turn) {
            for mirror in [false, true] {
                let mut c = 0usize;
                for i in (0..self.degree).rev() {
                    // The reflection through slot 0 keeps corners on corners (3×3).
                    let j = if mirror {
                        (self.degree - i) % self.degree
                    } else {
                        i
                    };
                    c = c * STATES + d[(j + r) % self.degree];
                }
                best = best.min(c);
            }
        }
        flag * span + best
    }
}

/// Counts of chosen and available placements per canonical pattern (the training data).
#[derive(Clone, Debug)]
pub struct PatternCounts {
    shape: Shape,
    /// Times a placement with this pattern was played.
    pub chosen: Vec<u64>,
    /// Times a placement with this pattern was legal when a step was chosen.
    pub available: Vec<u64>,
    buf: Vec<Step>,
}

impl PatternCounts {
    /// Empty counts for `geo`'s board.
    pub fn new(geo: &Geometry) -> PatternCounts {
        let shape = Shape::of(geo);
        let n = shape.codes();
        PatternCounts {
            shape,
            chosen: vec![0; n],
            available: vec![0; n],
            buf: Vec::new(),
        }
    }

    /// Counts the decision to play `step` in `game` (before it is played): every legal
    /// placement is available, the played one (if a placement) chosen.
    pub fn observe<G: SearchHints>(&mut self, game: &G, step: Step) {
        let own = Stone::of_side(game.to_move());
        game.legal_steps(&mut self.buf);
        for &s in &self.buf {
            if let Step::Place { cell, stone } = s {
                let c = self
                    .shape
                    .canonical(self.shape.code(game, cell, stone, own));
                self.available[c] += 1;
            }
        }
        if let Step::Place { cell, stone } = step {
            let c = self
                .shape
                .canonical(self.shape.code(game, cell, stone, own));
            self.chosen[c] += 1;
        }
    }

    /// The counts as the text [`Patterns::parse`] reads (patterns never available left out).
    pub fn to_text(&self, comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&format!("degree {}\n", self.shape.degree));
        for (c, (&k, &n)) in self.chosen.iter().zip(&self.available).enumerate() {
            if n > 0 {
                out.push_str(&format!("{c} {k} {n}\n"));
            }
        }
        out
    }
}

/// Pseudo-observations at the mean choice rate that every pattern's rate is shrunk with.
const SHRINK: f64 = 50.0;

/// Learned priors for one game: a value in [0, 1] per raw pattern code (1 for the pattern
/// chosen most often when available).
///
/// The distinct values are also numbered (*levels*, at most one per canonical pattern), so
/// the search can cache a placement's prior in 16 bits beside what it already stores (the
/// tree's nodes, the legal steps cached in a GRAVE table) and read back exactly the same
/// value.
#[derive(Debug, PartialEq)]
pub struct Patterns {
    degree: usize,
    prior: Vec<f32>,
    /// The level of each raw code.
    level: Vec<u16>,
    /// The prior of each level.
    levels: Vec<f32>,
}

impl Patterns {
    /// Reads counts written by [`PatternCounts::to_text`]: `degree D`, then `code chosen
    /// available` per line; `#` starts a comment.
    pub fn parse(text: &str) -> Result<Patterns, String> {
        let mut lines = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty());
        let degree: usize = lines
            .next()
            .and_then(|l| l.strip_prefix("degree "))
            .and_then(|d| d.trim().parse().ok())
            .filter(|d| *d == 6 || *d == 8)
            .ok_or("pattern file: the first line must be `degree 6` or `degree 8`")?;
        let shape = Shape {
            degree,
            turn: if degree == 6 { 1 } else { 2 },
            slots: Vec::new(),
            edge: Vec::new(),
        };
        let n = shape.codes();
        let (mut chosen, mut available) = (vec![0f64; n], vec![0f64; n]);
        for l in lines {
            let f: Vec<u64> = l
                .split_whitespace()
                .map(|x| x.parse::<u64>())
                .collect::<Result<_, _>>()
                .map_err(|e| format!("pattern file: '{l}': {e}"))?;
            match f[..] {
                [c, k, a] if (c as usize) < n && k <= a => {
                    chosen[c as usize] = k as f64;
                    available[c as usize] = a as f64;
                }
                _ => return Err(format!("pattern file: bad line '{l}'")),
            }
        }
        let mean = chosen.iter().sum::<f64>() / available.iter().sum::<f64>().max(1.0);
        let rate: Vec<f64> = (0..n)
            .map(|raw| {
                let c = shape.canonical(raw);
                (chosen[c] + SHRINK * mean) / (available[c] + SHRINK)
            })
            .collect();
        let top = rate.iter().copied().fold(f64::MIN_POSITIVE, f64::max);
        let prior: Vec<f32> = rate.iter().map(|r| (r / top) as f32).collect();
        let mut levels: Vec<f32> = Vec::new();
        let mut level_of_bits = std::collections::HashMap::new();
        let mut level = Vec::with_capacity(prior.len());
        for &p in &prior {
            let l = *level_of_bits.entry(p.to_bits()).or_insert_with(|| {
                levels.push(p);
                levels.len() - 1
            });
            // One level per canonical pattern at most: 2 × 4⁸ / 8 < 2¹⁶ on square boards.
            let l = u16::try_from(l).ok().filter(|&l| l != NO_PRIOR);
            level.push(l.ok_or("pattern file: too many distinct priors")?);
        }
        Ok(Patterns {
            degree,
            prior,
            level,
            levels,
        })
    }

    /// The prior of a raw pattern code (see [`Shape::code`]).
    #[inline]
    pub fn prior(&self, raw: usize) -> f32 {
        self.prior[raw]
    }

    /// The level of a raw pattern code: [`Patterns::level_prior`] of it is its prior.
    #[inline]
    pub fn level(&self, raw: usize) -> u16 {
        self.level[raw]
    }

    /// The prior of a level (see [`Patterns::level`]).
    #[inline]
    pub fn level_prior(&self, level: u16) -> f32 {
        self.levels[level as usize]
    }

    /// The largest prior (1 unless no pattern was ever available).
    pub fn max_prior(&self) -> f32 {
        self.levels.iter().copied().fold(0.0, f32::max)
    }

    /// Whether these patterns fit a board of this shape.
    pub fn fits(&self, shape: &Shape) -> bool {
        shape.degree == self.degree
    }

    /// The shipped patterns of a game ([`SearchTuning::patterns`]), parsed once; `None` for a
    /// game without any.
    ///
    /// [`SearchTuning::patterns`]: crate::games::tuning::SearchTuning::patterns
    pub fn for_kind(kind: GameKind) -> Option<&'static Patterns> {
        static SHIPPED: [OnceLock<Patterns>; GameKind::ALL.len()] =
            [const { OnceLock::new() }; GameKind::ALL.len()];
        let text = kind.tuning().patterns?;
        let slot = GameKind::ALL.iter().position(|&k| k == kind)?;
        Some(SHIPPED[slot].get_or_init(|| {
            Patterns::parse(text)
                .unwrap_or_else(|e| panic!("the shipped {} patterns parse: {e:?}", kind.title()))
        }))
    }
}

#[cfg(test)]
#[path = "patterns_tests.rs"]
mod tests;
