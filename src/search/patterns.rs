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
//! The search uses them as a *progressive bias* ([`super::mcts`]): a step's value gets
//! `weight × prior / (visits + 1)`, so the patterns order the untried steps and fade as real
//! statistics come in. Nothing here knows the rules of a game: stones and neighbours come
//! through [`Game`] and [`Geometry`].

use super::tree::NO_PRIOR;
use crate::board::{BoardKind, Cell, Geometry};
use crate::games::{Game, GameKind, Step, Stone};
use std::sync::OnceLock;

/// The neighbour slots of every cell of a board, in cyclic order (off the board: [`OFF`]).
#[derive(Clone, Debug)]
pub struct Shape {
    /// Slots per cell: 6 (hex) or 8 (square, 3×3).
    degree: usize,
    /// Cyclic shift of the slots that is one rotation of the board's symmetry.
    turn: usize,
    slots: Vec<[Cell; 8]>,
}

/// A slot off the board.
const OFF: Cell = Cell::MAX;

/// Neighbour states: 4 of them, two bits per slot.
const STATES: usize = 4;

impl Shape {
    /// The shape of `geo`'s cells.
    pub fn of(geo: &Geometry) -> Shape {
        // Raw coordinates: hex (row, number), square (column, row). Cyclic order.
        let (degree, turn, dirs): (usize, usize, &[(isize, isize)]) = match geo.kind() {
            BoardKind::Hex => (6, 1, &[(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)]),
            BoardKind::Square => (
                8,
                2,
                &[
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                    (1, 0),
                    (1, 1),
                    (0, 1),
                    (-1, 1),
                    (-1, 0),
                ],
            ),
        };
        let slots = geo
            .all_cells()
            .map(|c| {
                let (a, b) = geo.coords(c);
                let mut s = [OFF; 8];
                for (slot, &(da, db)) in s.iter_mut().zip(dirs) {
                    *slot = geo.at(a as isize + da, b as isize + db).unwrap_or(OFF);
                }
                s
            })
            .collect();
        Shape {
            degree,
            turn,
            slots,
        }
    }

    /// Distinct raw codes: the own-colour flag times every neighbourhood.
    pub fn codes(&self) -> usize {
        2 * STATES.pow(self.degree as u32)
    }

    /// The raw pattern code of placing `stone` on `cell` in `game`, whose mover plays `own`.
    #[inline]
    pub fn code<G: Game>(&self, game: &G, cell: Cell, stone: Stone, own: Stone) -> usize {
        let mut code = 0usize;
        for &n in self.slots[cell as usize][..self.degree].iter().rev() {
            let state = if n == OFF {
                3
            } else {
                match game.stone_at(n) {
                    None => 0,
                    Some(s) if s == stone => 1,
                    Some(Stone::Neutral) => 3,
                    Some(_) => 2,
                }
            };
            code = code * STATES + state;
        }
        let own_flag = usize::from(stone == own && stone != Stone::Neutral);
        own_flag * STATES.pow(self.degree as u32) + code
    }

    /// Reads the stones of `game` once into `board` (per cell: 0 empty, 1 + the stone's
    /// [`Stone::index`]), for [`Shape::code_in`]: the codes of many placements in one position
    /// then cost no call into the game.
    pub fn read<G: Game>(&self, game: &G, board: &mut Vec<u8>) {
        board.clear();
        board.extend(
            (0..self.slots.len())
                .map(|c| game.stone_at(c as Cell).map_or(0, |s| 1 + s.index() as u8)),
        );
    }

    /// [`Shape::code`] from a `board` that [`Shape::read`] filled.
    #[inline]
    pub fn code_in(&self, board: &[u8], cell: Cell, stone: Stone, own: Stone) -> usize {
        let same = 1 + stone.index() as u8;
        let neutral = 1 + Stone::Neutral.index() as u8;
        let mut code = 0usize;
        for &n in self.slots[cell as usize][..self.degree].iter().rev() {
            let state = if n == OFF {
                3
            } else {
                match board[n as usize] {
                    0 => 0,
                    b if b == same => 1,
                    b if b == neutral => 3,
                    _ => 2,
                }
            };
            code = code * STATES + state;
        }
        let own_flag = usize::from(stone == own && stone != Stone::Neutral);
        own_flag * STATES.pow(self.degree as u32) + code
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
    pub fn observe<G: Game>(&mut self, game: &G, step: Step) {
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

    /// The shipped patterns of a game, if it has any.
    pub fn for_kind(kind: GameKind) -> Option<&'static Patterns> {
        static WUNCHUNK: OnceLock<Patterns> = OnceLock::new();
        match kind {
            GameKind::Wunchunk => Some(WUNCHUNK.get_or_init(|| {
                Patterns::parse(include_str!("../../data/patterns/wunchunk.txt"))
                    .expect("the shipped Wunchunk patterns parse")
            })),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{AnyGame, GameOptions};

    #[test]
    fn rotations_and_reflections_share_a_code() {
        let shape = Shape::of(Geometry::hex(4));
        // One same-colour neighbour: the six positions are one pattern.
        let one: Vec<usize> = (0..6).map(|i| shape.canonical(1 << (2 * i))).collect();
        assert!(one.iter().all(|&c| c == one[0]), "{one:?}");
        // Two same-colour neighbours side by side differ from two opposite ones.
        assert_ne!(shape.canonical(0b0101), shape.canonical(1 | 1 << 6));
        let sq = Shape::of(Geometry::square(5));
        assert_eq!(sq.canonical(1), sq.canonical(1 << 4), "corner slots rotate");
        assert_ne!(sq.canonical(1), sq.canonical(1 << 2), "corner vs side");
    }

    #[test]
    fn the_shipped_wunchunk_patterns_load_and_tell_placements_apart() {
        let p = Patterns::for_kind(GameKind::Wunchunk).expect("shipped");
        let game = AnyGame::new(
            GameKind::Wunchunk,
            &GameOptions::parse(GameKind::Wunchunk, &[]).unwrap(),
        )
        .unwrap();
        let shape = Shape::of(game.geometry());
        assert!(p.fits(&shape));
        let priors: Vec<f32> = (0..shape.codes()).map(|c| p.prior(c)).collect();
        assert!(priors.iter().all(|&x| (0.0..=1.0).contains(&x)));
        assert!(priors.contains(&1.0));
        let lo = priors.iter().copied().fold(1.0, f32::min);
        assert!(
            lo < 0.5,
            "the learned priors separate patterns (lowest {lo})"
        );
    }

    #[test]
    fn the_wunchunk_search_uses_its_patterns() {
        use crate::search::control::Limits;
        use crate::search::engine::Engine;
        use crate::search::spec::{PlayerSpec, Tuning};
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let p = crate::search::tuning::mcts_params(GameKind::Wunchunk, 169, &Tuning::default());
        assert!(p.patterns.is_some() && p.pattern_weight > 0.0);
        let game = AnyGame::new(
            GameKind::Wunchunk,
            &GameOptions::parse(GameKind::Wunchunk, &[]).unwrap(),
        )
        .unwrap();
        // Same seed and simulations: the bias alone changes what the search looks at.
        let visits = |spec: &str| {
            let d = Engine::<AnyGame>::for_game(spec.parse::<PlayerSpec>().unwrap())
                .think(
                    &game,
                    Limits::default(),
                    Arc::new(AtomicBool::new(false)),
                    None,
                )
                .unwrap();
            d.report
                .candidates
                .iter()
                .map(|c| (c.step.clone(), c.visits))
                .collect::<Vec<_>>()
        };
        let with = visits("default:iters=400,threads=1,seed=5");
        assert_eq!(with, visits("default:iters=400,threads=1,seed=5"));
        assert_ne!(with, visits("default:iters=400,threads=1,seed=5,pb=0"));
    }

    #[test]
    fn codes_from_a_read_board_are_the_codes() {
        for (kind, args) in [
            (GameKind::Wunchunk, &["size=4"][..]),
            (GameKind::Carteso, &["size=5"][..]),
        ] {
            let mut game = AnyGame::new(kind, &GameOptions::parse(kind, args).unwrap()).unwrap();
            let shape = Shape::of(game.geometry());
            let mut rng = crate::rng::FastRng::seed(3);
            let (mut steps, mut board) = (Vec::new(), Vec::new());
            let mut compared = 0;
            for _ in 0..12 {
                if game.is_over() {
                    break;
                }
                shape.read(&game, &mut board);
                for cell in game.geometry().all_cells() {
                    for stone in [Stone::Black, Stone::White, Stone::Neutral] {
                        for own in [Stone::Black, Stone::White] {
                            assert_eq!(
                                shape.code_in(&board, cell, stone, own),
                                shape.code(&game, cell, stone, own)
                            );
                            compared += 1;
                        }
                    }
                }
                let step = game.random_step(&mut rng, &mut steps);
                game.play(step);
            }
            assert!(compared > 100);
        }
    }

    #[test]
    fn levels_give_back_the_priors() {
        let p = Patterns::for_kind(GameKind::Wunchunk).expect("shipped");
        for raw in 0..p.prior.len() {
            assert_eq!(
                p.level_prior(p.level(raw)).to_bits(),
                p.prior(raw).to_bits()
            );
        }
        assert!(p.levels.len() < p.prior.len(), "levels are shared");
        assert_eq!(p.max_prior(), 1.0);
    }

    /// The priors the search caches (in each child for the step that led to it, in each GRAVE
    /// table for its owner's legal steps) are those of the positions they belong to.
    #[test]
    fn cached_priors_are_the_priors_of_their_positions() {
        use crate::search::keys::{step_of, MoveKey};
        use crate::search::mcts::Worker;
        use crate::search::reward::mover;
        use crate::search::tree::{Proven, Tree, NO_NODE};
        let options = GameOptions::parse(GameKind::Wunchunk, &["size=4"]).unwrap();
        let game = AnyGame::new(GameKind::Wunchunk, &options).unwrap();
        let cells = game.geometry().cells();
        let tuning = crate::search::spec::Tuning::default();
        let params = crate::search::tuning::mcts_params(GameKind::Wunchunk, cells, &tuning);
        let p = params.patterns.expect("Wunchunk has patterns");
        let mut tree = Tree::new(1 << 24, cells);
        tree.plant(mover(&game), Proven::Unknown);
        let mut worker = Worker::new(&game, params, 7);
        for _ in 0..4000 {
            worker.iterate(&tree, None);
        }
        let shape = Shape::of(game.geometry());
        let fresh = |g: &AnyGame, k: MoveKey| match step_of(k) {
            Step::Place { cell, stone } => {
                Some(p.level(shape.code(g, cell, stone, Stone::of_side(g.to_move()))))
            }
            _ => None,
        };
        let (mut children, mut listed) = (0, 0);
        let (mut keys, mut levels) = (Vec::new(), Vec::new());
        let mut stack = vec![(tree.root, game.clone())];
        while let Some((node, g)) = stack.pop() {
            for c in tree.children(node) {
                let k = tree.node(c).key();
                assert_eq!(fresh(&g, k).unwrap_or(NO_PRIOR), tree.node(c).prior());
                children += 1;
                let mut after = g.clone();
                after.play(step_of(k));
                stack.push((c, after));
            }
            let t = tree.node(node).table();
            if t != NO_NODE && tree.tables.get(t).legal(&mut keys, &mut levels) {
                for (&k, &l) in keys.iter().zip(&levels) {
                    assert_eq!(fresh(&g, k).unwrap_or(NO_PRIOR), l);
                    listed += 1;
                }
            }
        }
        assert!(
            children > 3000 && listed > 100,
            "{children} children, {listed} listed"
        );
    }

    #[test]
    fn counts_round_trip_through_text() {
        let game = AnyGame::new(
            GameKind::Wunchunk,
            &GameOptions::parse(GameKind::Wunchunk, &["size=4"]).unwrap(),
        )
        .unwrap();
        let mut counts = PatternCounts::new(game.geometry());
        let mut steps = Vec::new();
        game.legal_steps(&mut steps);
        let first = steps.iter().copied().find(|s| s.cell().is_some()).unwrap();
        counts.observe(&game, first);
        assert_eq!(counts.chosen.iter().sum::<u64>(), 1);
        let text = counts.to_text("test");
        let p = Patterns::parse(&text).unwrap();
        let shape = Shape::of(game.geometry());
        let Step::Place { cell, stone } = first else {
            unreachable!()
        };
        let own = Stone::of_side(game.to_move());
        assert_eq!(
            p.prior(shape.code(&game, cell, stone, own)),
            1.0,
            "the chosen pattern is the top one"
        );
        assert!(Patterns::parse("degree 5\n").is_err());
        assert!(Patterns::parse("degree 6\n1 2\n").is_err());
        assert!(Patterns::parse("degree 6\n1 5 2\n").is_err());
    }
}
