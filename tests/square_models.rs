//! Carteso and Linage against slow, obviously-correct reference models written straight from
//! SPEC §3 (breadth-first searches over the whole board after every move), over random games
//! on every board size. Also the `Game` contract for both: legal steps equal the steps `check`
//! accepts, `undo` restores the exact position and hash, the incremental hash equals a
//! from-scratch recomputation.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::collections::BTreeSet;
use tessera::games::carteso::Carteso;
use tessera::games::linage::Linage;
use tessera::games::{Describe, SearchHints};
use tessera::games::{Game, GameKind, GameOptions, Protocol, Side, Step, Stone};
use tessera::rng::FastRng;

fn neighbours(n: usize, c: usize) -> impl Iterator<Item = usize> {
    let (x, y) = ((c % n) as isize, (c / n) as isize);
    [(0, -1), (-1, 0), (1, 0), (0, 1)]
        .into_iter()
        .map(move |(dx, dy)| (x + dx, y + dy))
        .filter(move |&(a, b)| a >= 0 && b >= 0 && a < n as isize && b < n as isize)
        .map(move |(a, b)| b as usize * n + a as usize)
}

/// Connected set of `start` through cells where `pass` holds (breadth-first).
fn reach(n: usize, start: &[usize], pass: impl Fn(usize) -> bool) -> Vec<usize> {
    let mut seen = vec![false; n * n];
    let mut todo: Vec<usize> = start.to_vec();
    for &s in start {
        seen[s] = true;
    }
    let mut out = Vec::new();
    while let Some(c) = todo.pop() {
        out.push(c);
        for d in neighbours(n, c) {
            if !seen[d] && pass(d) {
                seen[d] = true;
                todo.push(d);
            }
        }
    }
    out.sort();
    out
}

/// (min x, max x, min y, max y).
fn bbox(n: usize, cells: &[usize]) -> (usize, usize, usize, usize) {
    let xs = cells.iter().map(|c| c % n);
    let ys = cells.iter().map(|c| c / n);
    (
        xs.clone().min().unwrap(),
        xs.max().unwrap(),
        ys.clone().min().unwrap(),
        ys.max().unwrap(),
    )
}

/// Agreed komi 3.5, or (when `bid`) the default bid protocol.
fn options(kind: GameKind, size: usize, bid: bool) -> GameOptions {
    GameOptions {
        size,
        protocol: if bid { Protocol::Bid } else { Protocol::Agreed },
        komi_half: 7,
        ..GameOptions::defaults(kind)
    }
}

/// Plays the bid (when there is one) with komi 3.5 and a random side choice, checking the
/// contract at each of its positions.
fn settle<G: Game + Describe>(
    g: &mut G,
    rng: &mut FastRng,
    recompute: impl Fn(&G) -> u64,
) -> Result<(), TestCaseError> {
    if g.check(Step::Komi(7)).is_ok() {
        contract(g, &recompute)?;
        g.play(Step::Komi(7));
        contract(g, &recompute)?;
        let side = if rng.coin() {
            Side::First
        } else {
            Side::Second
        };
        g.play(Step::Choose(side));
        prop_assert_eq!(g.swapped(), side == Side::First);
        prop_assert_eq!(g.turns_completed(), 2);
    }
    prop_assert_eq!(g.to_move(), Side::First);
    Ok(())
}

// ---------------------------------------------------------------- Linage reference model

/// The regions of a Linage board (`true` = stone) as (cells, has horizontal, has vertical).
fn linage_regions(n: usize, stone: &[bool]) -> Vec<(Vec<usize>, bool, bool)> {
    let mut done = vec![false; n * n];
    let mut out = Vec::new();
    for c in 0..n * n {
        if stone[c] || done[c] {
            continue;
        }
        let cells = reach(n, &[c], |d| !stone[d]);
        for &d in &cells {
            done[d] = true;
        }
        let inside = |x: usize, y: usize| x < n && y < n && cells.contains(&(y * n + x));
        let h = cells
            .iter()
            .any(|&d| inside(d % n + 1, d / n) && inside(d % n + 2, d / n));
        let v = cells
            .iter()
            .any(|&d| inside(d % n, d / n + 1) && inside(d % n, d / n + 2));
        out.push((cells, h, v));
    }
    out
}

fn linage_legal(n: usize, stone: &[bool]) -> BTreeSet<usize> {
    let regions = linage_regions(n, stone);
    let mut legal = BTreeSet::new();
    for (cells, h, v) in &regions {
        if !(*h && *v) {
            continue;
        }
        for &c in cells {
            let mut after = stone.to_vec();
            after[c] = true;
            if linage_regions(n, &after).iter().all(|(_, h, v)| *h || *v) {
                legal.insert(c);
            }
        }
    }
    legal
}

/// Sorted (owner, size) pairs and the (vertical, horizontal, free) totals.
type RegionSummary = (Vec<(String, usize)>, [usize; 3]);

fn linage_summary(n: usize, stone: &[bool]) -> RegionSummary {
    let mut totals = [0; 3];
    let mut list = Vec::new();
    for (cells, h, v) in linage_regions(n, stone) {
        let (name, slot) = match (h, v) {
            (true, true) => ("free", 2),
            (true, false) => ("horizontal", 1),
            (false, true) => ("vertical", 0),
            (false, false) => panic!("a region without a line"),
        };
        totals[slot] += cells.len();
        list.push((name.to_string(), cells.len()));
    }
    list.sort();
    (list, totals)
}

fn game_summary(g: &Linage) -> RegionSummary {
    let s = g.state_json();
    let list = s["regions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["owner"].as_str().unwrap().to_string(),
                r["size"].as_u64().unwrap() as usize,
            )
        })
        .collect();
    let t = |k: &str| s[k].as_u64().unwrap() as usize;
    (
        list,
        [
            t("vertical_points"),
            t("horizontal_points"),
            t("free_points"),
        ],
    )
}

/// Plays `game`'s contract checks at the current position: legal == accepted by check, undo
/// of every legal step restores the position, hash equals its recomputation.
fn contract<G: Game + Describe>(
    game: &G,
    recompute: &impl Fn(&G) -> u64,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(game.hash(), recompute(game));
    let mut legal = Vec::new();
    game.legal_steps(&mut legal);
    let set: BTreeSet<String> = legal.iter().map(|&s| game.format_step(s)).collect();
    prop_assert_eq!(set.len(), legal.len(), "duplicates in legal steps");
    let cells = game.geometry().cells() as u16;
    let mut accepted = BTreeSet::new();
    for cell in 0..cells {
        for stone in [Stone::Black, Stone::White, Stone::Neutral] {
            let s = Step::Place { cell, stone };
            if game.check(s).is_ok() {
                accepted.insert(game.format_step(s));
            }
        }
    }
    let komis = (0..=2 * cells + 3).map(Step::Komi);
    let sides = [Step::Choose(Side::First), Step::Choose(Side::Second)];
    for s in [Step::Pass, Step::Button, Step::Swap, Step::End]
        .into_iter()
        .chain(komis)
        .chain(sides)
    {
        if game.check(s).is_ok() {
            accepted.insert(game.format_step(s));
        }
    }
    prop_assert_eq!(&set, &accepted);
    let before = (game.state_json(), game.hash(), game.turns_completed());
    for &s in legal.iter().step_by(7) {
        let mut g = game.clone();
        g.play(s);
        prop_assert_eq!(g.hash(), recompute(&g), "hash after {:?}", s);
        prop_assert_eq!(g.undo(), Some(s));
        prop_assert_eq!(
            (g.state_json(), g.hash(), g.turns_completed()),
            before.clone()
        );
        let mut again = Vec::new();
        g.legal_steps(&mut again);
        prop_assert_eq!(&again, &legal);
    }
    Ok(())
}

fn run(cases: u32, check: impl Fn(usize, u64) -> Result<(), TestCaseError>) {
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let sizes = prop_oneof![5..=7usize, 8..=11usize, 12..=19usize];
    TestRunner::new(config)
        .run(&(sizes, any::<u64>()), |(n, seed)| check(n, seed))
        .unwrap();
}

#[test]
fn linage_matches_the_reference_model() {
    run(24, |n, seed| {
        let mut g = Linage::new(&options(GameKind::Linage, n, seed % 3 == 0)).unwrap();
        let mut stone = vec![false; n * n];
        let mut rng = FastRng::seed(seed);
        settle(&mut g, &mut rng, |g: &Linage| g.recompute_hash())?;
        let mut buf = Vec::new();
        let mut ply = 0;
        while !g.is_over() {
            let mut legal = Vec::new();
            g.legal_steps(&mut legal);
            let cells: BTreeSet<usize> = legal
                .iter()
                .filter_map(|s| s.cell())
                .map(|c| c as usize)
                .collect();
            prop_assert_eq!(&cells, &linage_legal(n, &stone), "size {} ply {}", n, ply);
            prop_assert_eq!(game_summary(&g), linage_summary(n, &stone));
            if ply % 5 == 0 || n <= 6 {
                contract(&g, &|g: &_| g.recompute_hash())?;
            }
            // Mostly the playout policy; now and then a pass to exercise the pass rules.
            let step = if rng.below(12) == 0 {
                Step::Pass
            } else {
                g.random_step(&mut rng, &mut buf)
            };
            if let Some(c) = step.cell() {
                stone[c as usize] = true;
            }
            g.play(step);
            ply += 1;
        }
        let mut legal = Vec::new();
        g.legal_steps(&mut legal);
        prop_assert!(legal.is_empty());
        let [v, h] = g.points().unwrap();
        let (_, totals) = linage_summary(n, &stone);
        prop_assert_eq!([v, h], [totals[0] as f64, totals[1] as f64 + 3.5]);
        Ok(())
    });
}

// ---------------------------------------------------------------- Carteso reference model

/// The reference Carteso position: stones by colour index and claim per cell.
struct CartesoModel {
    n: usize,
    stone: Vec<Option<usize>>,
    claim: Vec<Option<Side>>,
}

impl CartesoModel {
    fn groups(&self) -> Vec<(usize, Vec<usize>)> {
        let mut done = vec![false; self.n * self.n];
        let mut out = Vec::new();
        for c in 0..self.n * self.n {
            let Some(col) = self.stone[c] else { continue };
            if done[c] {
                continue;
            }
            let g = reach(self.n, &[c], |d| self.stone[d] == Some(col));
            for &d in &g {
                done[d] = true;
            }
            out.push((col, g));
        }
        out
    }

    /// SPEC §3: after a placement by `placer`, stones joining a claimed group count for its
    /// claimer; every unclaimed finished group is claimed by its current owner.
    fn place(&mut self, c: usize, colour: usize, placer: Side) {
        self.stone[c] = Some(colour);
        let n = self.n;
        for (col, g) in self.groups() {
            if let Some(side) = g.iter().find_map(|&d| self.claim[d]) {
                for &d in &g {
                    self.claim[d] = Some(side);
                }
                continue;
            }
            let f = reach(n, &g, |d| {
                self.stone[d].is_none() || self.stone[d] == Some(col)
            });
            let (gb, fb) = (bbox(n, &g), bbox(n, &f));
            if gb == fb {
                let (w, h) = (gb.1 - gb.0 + 1, gb.3 - gb.2 + 1);
                let owner = if h > w {
                    Side::First
                } else if w > h {
                    Side::Second
                } else {
                    placer.other()
                };
                for &d in &g {
                    self.claim[d] = Some(owner);
                }
            }
        }
    }

    /// Claims as (cells, claimer) ordered by first cell.
    fn claims(&self) -> Vec<(Vec<usize>, Side)> {
        let mut v: Vec<_> = self
            .groups()
            .into_iter()
            .filter_map(|(_, g)| self.claim[g[0]].map(|s| (g, s)))
            .collect();
        v.sort();
        v
    }
}

#[test]
fn carteso_matches_the_reference_model() {
    run(32, |n, seed| {
        let mut g = Carteso::new(&options(GameKind::Carteso, n, seed % 3 == 0)).unwrap();
        let mut model = CartesoModel {
            n,
            stone: vec![None; n * n],
            claim: vec![None; n * n],
        };
        let mut rng = FastRng::seed(seed);
        settle(&mut g, &mut rng, |g: &Carteso| g.recompute_hash())?;
        let mut buf = Vec::new();
        let mut ply = 0;
        while !g.is_over() {
            let ours: Vec<(Vec<usize>, Side)> = g
                .claims()
                .into_iter()
                .map(|c| (c.cells.iter().map(|&x| x as usize).collect(), c.claimer))
                .collect();
            prop_assert_eq!(&ours, &model.claims(), "size {} ply {}", n, ply);
            if ply % 9 == 0 || n <= 5 {
                contract(&g, &|g: &_| g.recompute_hash())?;
            }
            let step = if rng.below(15) == 0 {
                Step::Pass
            } else {
                g.random_step(&mut rng, &mut buf)
            };
            if let Step::Place { cell, stone } = step {
                model.place(cell as usize, stone.index(), g.to_move());
            }
            g.play(step);
            ply += 1;
        }
        let claimed = |s: Side| model.claim.iter().filter(|&&c| c == Some(s)).count() as f64;
        prop_assert_eq!(
            g.points().unwrap(),
            [claimed(Side::First), claimed(Side::Second) + 3.5]
        );
        Ok(())
    });
}
