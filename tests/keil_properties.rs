//! Property tests for Keil: random games checked step by step against a naive reference that
//! applies SPEC §3 literally (links from common neighbours found by set intersection, every
//! enemy group on the whole board tested for liberties, the earlier positions of the mover kept
//! in full in a hash set), plus the `Game` contract: legal steps are exactly the steps `check`
//! accepts, undo restores the position and its hash, and the incremental hash equals the hash
//! recomputed from scratch.

use proptest::prelude::*;
use std::collections::HashSet;
use tessera::board::{Cell, Geometry};
use tessera::games::keil::Keil;
use tessera::games::{ButtonMode, Game, GameKind, GameOptions, Side, Step, Stone};
use tessera::games::{Describe, SearchHints};
use tessera::rng::FastRng;

/// SPEC §3 read literally, as slowly as it takes.
#[derive(Clone)]
struct Reference {
    geo: &'static Geometry,
    /// 0 empty, 1 black, 2 white.
    board: Vec<u8>,
    to_move: Side,
    button_on: bool,
    button: Option<Side>,
    passes: u32,
    /// Positions (board, button taken) at the end of each player's turns.
    earlier: [HashSet<(Vec<u8>, bool)>; 2],
}

impl Reference {
    fn new(size: usize, button_on: bool) -> Reference {
        let geo = Geometry::hex(size);
        Reference {
            geo,
            board: vec![0; geo.cells()],
            to_move: Side::First,
            button_on,
            button: None,
            passes: 0,
            earlier: [HashSet::new(), HashSet::new()],
        }
    }

    fn linked(&self, b: &[u8], p: Cell, q: Cell) -> bool {
        if !self.geo.adjacent(p, q) {
            return false;
        }
        let (x, y) = (b[p as usize], b[q as usize]);
        if x == 0 && y == 0 {
            return true;
        }
        let stone = x.max(y);
        if x != 0 && y != 0 && x != y {
            return false;
        }
        let opp = 3 - stone;
        self.geo
            .neighbours(p)
            .iter()
            .filter(|m| self.geo.neighbours(q).contains(m))
            .any(|&m| b[m as usize] != opp)
    }

    fn group(&self, b: &[u8], c: Cell) -> Vec<Cell> {
        let mut g = vec![c];
        let mut i = 0;
        while i < g.len() {
            let s = g[i];
            i += 1;
            for &n in self.geo.neighbours(s) {
                if b[n as usize] == b[c as usize] && !g.contains(&n) && self.linked(b, s, n) {
                    g.push(n);
                }
            }
        }
        g
    }

    fn has_liberty(&self, b: &[u8], group: &[Cell]) -> bool {
        group.iter().any(|&s| {
            self.geo
                .neighbours(s)
                .iter()
                .any(|&e| b[e as usize] == 0 && self.linked(b, s, e))
        })
    }

    /// The board after the mover places on `p`, if legal.
    fn place(&self, p: Cell) -> Option<Vec<u8>> {
        if self.passes >= 2 || self.board[p as usize] != 0 {
            return None;
        }
        let me = self.to_move.index() as u8 + 1;
        let mut b = self.board.clone();
        b[p as usize] = me;
        let dead: Vec<Cell> = self
            .geo
            .all_cells()
            .filter(|&c| b[c as usize] == 3 - me)
            .filter(|&c| !self.has_liberty(&b, &self.group(&b, c)))
            .collect();
        for c in dead {
            b[c as usize] = 0;
        }
        if !self.has_liberty(&b, &self.group(&b, p)) {
            return None;
        }
        let pos = (b.clone(), self.button.is_some());
        if self.earlier[self.to_move.index()].contains(&pos) {
            return None;
        }
        Some(b)
    }

    /// Territory points per side: empty regions by adjacency, owned when the stones linked to
    /// them are all of one colour (and there is at least one).
    fn territory(&self) -> [usize; 2] {
        let b = &self.board;
        let mut seen = vec![false; b.len()];
        let mut points = [0; 2];
        for start in self.geo.all_cells() {
            if b[start as usize] != 0 || seen[start as usize] {
                continue;
            }
            let mut region = vec![start];
            seen[start as usize] = true;
            let mut i = 0;
            while i < region.len() {
                for &n in self.geo.neighbours(region[i]) {
                    if b[n as usize] == 0 && !seen[n as usize] {
                        seen[n as usize] = true;
                        region.push(n);
                    }
                }
                i += 1;
            }
            let mut colours = Vec::new();
            for &e in &region {
                for &s in self.geo.neighbours(e) {
                    if b[s as usize] != 0
                        && self.linked(b, s, e)
                        && !colours.contains(&b[s as usize])
                    {
                        colours.push(b[s as usize]);
                    }
                }
            }
            if let [only] = colours[..] {
                points[only as usize - 1] += region.len();
            }
        }
        points
    }

    fn legal(&self) -> Vec<Step> {
        if self.passes >= 2 {
            return Vec::new();
        }
        let stone = Stone::of_side(self.to_move);
        let mut v: Vec<Step> = self
            .geo
            .all_cells()
            .filter(|&c| self.place(c).is_some())
            .map(|cell| Step::Place { cell, stone })
            .collect();
        if self.button_on && self.button.is_none() {
            v.push(Step::Button);
        } else {
            v.push(Step::Pass);
        }
        v
    }

    fn play(&mut self, step: Step) {
        match step {
            Step::Place { cell, .. } => {
                self.board = self.place(cell).expect("legal in the reference");
                self.passes = 0;
            }
            Step::Pass => self.passes += 1,
            Step::Button => {
                self.button = Some(self.to_move);
                self.passes = 0;
            }
            _ => unreachable!(),
        }
        let pos = (self.board.clone(), self.button.is_some());
        self.earlier[self.to_move.index()].insert(pos);
        self.to_move = self.to_move.other();
    }
}

fn game(size: usize, button_on: bool) -> Keil {
    let options = GameOptions {
        size,
        komi_half: if button_on { 12 } else { 13 },
        button: ButtonMode::Auto,
        ..GameOptions::defaults(GameKind::Keil)
    };
    Keil::new(&options).unwrap()
}

/// Every step that could be written for this position: each point with each colour, and the
/// actions.
fn all_candidates(g: &Keil) -> Vec<Step> {
    let mut v = Vec::new();
    for cell in g.geometry().all_cells() {
        for stone in [Stone::Black, Stone::White] {
            v.push(Step::Place { cell, stone });
        }
    }
    v.extend([
        Step::Pass,
        Step::Button,
        Step::Swap,
        Step::End,
        Step::Komi(12),
    ]);
    v.push(Step::Choose(Side::First));
    v
}

fn board_of(g: &Keil) -> Vec<u8> {
    g.geometry()
        .all_cells()
        .map(|c| match g.stone_at(c) {
            None => 0,
            Some(Stone::Black) => 1,
            Some(_) => 2,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random games on small boards, every step compared with the reference: same legal steps,
    /// `check` accepts exactly those, same board after each step, hash up to date.
    #[test]
    fn random_games_match_the_reference(seed: u64, size in 3usize..=5, button_on: bool, plies in 50usize..400) {
        let mut g = game(size, button_on);
        let mut r = Reference::new(size, button_on);
        let mut rng = FastRng::seed(seed);
        let mut buf = Vec::new();
        let mut legal = Vec::new();
        for _ in 0..plies {
            g.legal_steps(&mut legal);
            prop_assert_eq!(&legal, &r.legal(), "legal steps differ\n{:?}", g);
            if g.is_over() {
                break;
            }
            for s in all_candidates(&g) {
                prop_assert_eq!(g.check(s).is_ok(), legal.contains(&s), "check({:?})", s);
            }
            // Alternate the bench policy and uniform choice over all legal steps (passes and
            // the button included), so games also end early.
            let s = if rng.coin() { g.random_step(&mut rng, &mut buf) } else { legal[rng.below(legal.len())] };
            prop_assert!(legal.contains(&s), "random_step chose illegal {:?}", s);
            let before = (g.hash(), board_of(&g));
            g.play(s);
            r.play(s);
            prop_assert_eq!(board_of(&g), r.board.clone());
            prop_assert_eq!(g.territory().points, r.territory());
            prop_assert_eq!(g.hash(), g.recompute_hash());
            // Undo restores the position and hash; replay for the next step.
            let mut back = g.clone();
            prop_assert_eq!(back.undo(), Some(s));
            prop_assert_eq!((back.hash(), board_of(&back)), before);
            prop_assert_eq!(back.recompute_hash(), back.hash());
        }
    }

    /// Long random playouts with the bench policy never panic and end; undoing everything
    /// returns to the start, hash included, and the position replays identically.
    #[test]
    fn playouts_end_and_undo_all_the_way(seed: u64, size in 3usize..=4, button_on: bool) {
        let start = game(size, button_on);
        let mut g = start.clone();
        let mut rng = FastRng::seed(seed);
        let mut buf = Vec::new();
        let mut steps = Vec::new();
        while !g.is_over() {
            let s = g.random_step(&mut rng, &mut buf);
            prop_assert!(g.check(s).is_ok());
            g.play(s);
            steps.push(s);
            prop_assert!(steps.len() < 1_000_000, "playout does not end");
        }
        prop_assert!(g.outcome().is_some() && g.result_text().is_some());
        prop_assert_eq!(g.hash(), g.recompute_hash());
        let end_hash = g.hash();
        let mut undone = Vec::new();
        while let Some(s) = g.undo() {
            undone.push(s);
        }
        undone.reverse();
        prop_assert_eq!(&undone, &steps);
        prop_assert_eq!(g.hash(), start.hash());
        prop_assert_eq!(board_of(&g), board_of(&start));
        for &s in &steps {
            prop_assert!(g.check(s).is_ok());
            g.play(s);
        }
        prop_assert_eq!(g.hash(), end_hash);
    }

    /// Side 7 (the default) with the bid: random protocol steps then random play for a while.
    #[test]
    fn bid_then_play_on_the_default_board(seed: u64, plies in 1usize..600) {
        let options = GameOptions::parse(GameKind::Keil, &["protocol=bid"]).unwrap();
        let mut g = Keil::new(&options).unwrap();
        let mut rng = FastRng::seed(seed);
        let mut buf = Vec::new();
        let mut legal = Vec::new();
        for _ in 0..plies {
            if g.is_over() {
                break;
            }
            g.legal_steps(&mut legal);
            let mut candidates = all_candidates(&g);
            candidates.extend((0..300).map(Step::Komi));
            candidates.push(Step::Choose(Side::Second));
            for c in candidates {
                prop_assert_eq!(g.check(c).is_ok(), legal.contains(&c), "check({:?})", c);
            }
            let s = g.random_step(&mut rng, &mut buf);
            prop_assert!(legal.contains(&s));
            let token = g.format_step(s);
            prop_assert_eq!(g.parse_step(&token), Ok(s));
            g.play(s);
            prop_assert_eq!(g.hash(), g.recompute_hash());
        }
        prop_assert_eq!(g.turns_completed() <= plies, true);
        let state = g.state_json();
        prop_assert!(state["score"]["black"].is_number() && state["territory"]["white"].is_number());
    }
}

/// Whole bench-policy playouts (on side 7 about 30,000 plies each: dense boards, splits,
/// captures and many repetitions) on sides 5 to 8 (side 8 has more points than fit the
/// narrow bit sets of the flood), every step replayed on the reference with the boards
/// compared, and the legal steps compared every few plies. About a minute in a release build,
/// longer in a debug build (which also checks the maintained groups after every placement):
/// `cargo test --release --test keil_properties -- --ignored`.
#[test]
#[ignore]
fn whole_bench_playouts_match_the_reference() {
    let games = [
        (1, 7, true),
        (2, 7, false),
        (3, 6, true),
        (4, 5, false),
        (5, 8, true),
    ];
    for (seed, size, button_on) in games {
        let mut g = game(size, button_on);
        let mut r = Reference::new(size, button_on);
        let mut rng = FastRng::seed(seed);
        let (mut buf, mut legal) = (Vec::new(), Vec::new());
        let mut plies = 0u64;
        while !g.is_over() {
            if plies % 61 == 0 {
                g.legal_steps(&mut legal);
                assert_eq!(legal, r.legal(), "legal steps differ at ply {plies}\n{g:?}");
            }
            let s = g.random_step(&mut rng, &mut buf);
            g.play(s);
            r.play(s);
            assert_eq!(board_of(&g), r.board, "boards differ after ply {plies}");
            plies += 1;
        }
        assert!(r.legal().is_empty());
        assert_eq!(g.territory().points, r.territory());
        assert_eq!(g.hash(), g.recompute_hash());
        println!("side {size}, seed {seed}: {plies} plies");
    }
}
