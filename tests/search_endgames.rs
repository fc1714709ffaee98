//! The AI on the real games: it finds forced wins in small endgames of each game, survives many
//! random positions, and `stop`, the node budget and determinism hold on real positions.
//!
//! The endgames are puzzles found by seeded random play on the smallest boards and checked by
//! an exhaustive solver here: positions where some steps win for the side to move and most do
//! not. Each player must choose a winning turn. The puzzles are printed (tokens) so a failure
//! can be replayed.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tessera::games::{AnyGame, Game, Outcome, Step};
use tessera::games::{Describe, SearchHints};
use tessera::rng::FastRng;
use tessera::search::reward::mover;
use tessera::search::{Engine, Limits, PlayerSpec};
use tessera::session::Session;

/// The turn the player `spec` chooses in `g`, and the position after it.
fn after_turn_of(spec: &str, g: &AnyGame) -> (Vec<Step>, AnyGame) {
    let spec: PlayerSpec = spec.parse().unwrap();
    let turn =
        Engine::new(spec).play_turn(g, Limits::default(), Arc::new(AtomicBool::new(false)), None);
    let mut h = g.clone();
    for &s in &turn {
        h.play(s);
    }
    (turn, h)
}

/// Value of `g` for player 0 (1 win, 0.5 draw, 0 loss) proven within `depth` more steps, by
/// exhaustive search; `None` when the result is not decided within that horizon (or the node
/// budget runs out).
fn exact(g: &mut AnyGame, memo: &mut HashMap<(u64, usize), f32>, budget: &mut u64) -> Option<f32> {
    exact_at(g, memo, budget, 60)
}

fn exact_at(
    g: &mut AnyGame,
    memo: &mut HashMap<(u64, usize), f32>,
    budget: &mut u64,
    depth: usize,
) -> Option<f32> {
    if let Some(o) = g.outcome() {
        return Some(match o {
            Outcome::Draw => 0.5,
            Outcome::Win(s) => {
                if s.index() ^ g.swapped() as usize == 0 {
                    1.0
                } else {
                    0.0
                }
            }
        });
    }
    let key = (g.hash(), g.turns_completed());
    if let Some(&v) = memo.get(&key) {
        return Some(v);
    }
    if *budget == 0 || depth == 0 {
        return None;
    }
    *budget -= 1;
    let me = mover(g);
    let mut steps = Vec::new();
    g.legal_steps(&mut steps);
    let mut best: f32 = if me == 0 { -1.0 } else { 2.0 };
    let mut unknown = false;
    for s in steps {
        g.play(s);
        let v = exact_at(g, memo, budget, depth - 1);
        g.undo();
        match v {
            None => unknown = true,
            Some(v) => best = if me == 0 { best.max(v) } else { best.min(v) },
        }
        if (me == 0 && best == 1.0) || (me == 1 && best == 0.0) {
            memo.insert(key, best);
            return Some(best);
        }
    }
    if unknown {
        return None;
    }
    memo.insert(key, best);
    Some(best)
}

/// Like [`exact`] with a shorter horizon (Keil games can go on for long after a few points
/// are left, so its puzzles are decided within this many steps).
fn exact_within(g: &mut AnyGame, depth: usize) -> Option<f32> {
    exact_at(g, &mut HashMap::new(), &mut 2_000_000, depth)
}

/// The mover's exact value after each legal step (None when too big to solve).
fn step_values(g: &AnyGame) -> Option<Vec<(Step, f32)>> {
    let me = mover(g);
    let mut steps = Vec::new();
    g.legal_steps(&mut steps);
    let mut memo = HashMap::new();
    let mut budget = 400_000u64;
    let mut out = Vec::new();
    for s in steps {
        let mut h = g.clone();
        h.play(s);
        let v = exact(&mut h, &mut memo, &mut budget)?;
        out.push((s, if me == 0 { v } else { 1.0 - v }));
    }
    Some(out)
}

/// A puzzle: seeded random play on `game_args` until a position (at a turn start, with at most
/// `max_empty` empty cells) where the mover wins with best play but at most a third of the
/// steps keep the win.
fn find_puzzle(name: &str, args: &[&str], max_empty: usize, seed: u64) -> (AnyGame, Vec<String>) {
    let kind = name.parse().unwrap();
    let options = tessera::games::GameOptions::parse(kind, args).unwrap();
    let mut rng = FastRng::seed(seed);
    let mut buf = Vec::new();
    for attempt in 0..400 {
        let mut s = Session::new(kind, options.clone()).unwrap();
        while !s.game().is_over() {
            let g = s.game();
            let empty = g
                .geometry()
                .all_cells()
                .filter(|&c| g.stone_at(c).is_none())
                .count();
            if empty <= max_empty && g.steps_in_turn() == 0 {
                if let Some(values) = step_values(g) {
                    let wins = values.iter().filter(|v| v.1 == 1.0).count();
                    if wins > 0 && wins * 3 <= values.len() && values.len() >= 3 {
                        return (g.clone(), s.tokens());
                    }
                }
            }
            let step = g.random_step(&mut rng, &mut buf);
            s.play_step(step).unwrap();
        }
        assert!(attempt < 399, "no puzzle found for {name}");
    }
    unreachable!()
}

fn check_players_solve(
    name: &str,
    args: &[&str],
    max_empty: usize,
    seeds: &[u64],
    players: &[&str],
) {
    for &seed in seeds {
        let (g, tokens) = find_puzzle(name, args, max_empty, seed);
        let me = mover(&g);
        for p in players {
            let (turn, mut h) = after_turn_of(p, &g);
            let mut memo = HashMap::new();
            let v = exact(&mut h, &mut memo, &mut 2_000_000).expect("small enough to solve");
            let v = if me == 0 { v } else { 1.0 - v };
            assert_eq!(
                v,
                1.0,
                "{name} {args:?} seed {seed}: {p} played {} and lost the win; puzzle after {tokens:?}",
                g.format_turn(&turn)
            );
        }
    }
}

const PLAYERS: [&str; 2] = ["mcts:iters=20000,threads=1,seed=1", "ab:iters=300000"];

#[test]
fn linage_endgames() {
    check_players_solve("linage", &["size=5", "komi=0.5"], 9, &[1, 2], &PLAYERS);
}

#[test]
fn carteso_endgames() {
    check_players_solve("carteso", &["size=5", "komi=0.5"], 6, &[1, 2], &PLAYERS);
}

/// Steps within which a Keil puzzle's result must be decided.
const KEIL_HORIZON: usize = 8;

/// Random play rarely brings Keil down to a few empty points (captures reopen the board), so
/// its puzzles are built: random stones on the side-3 board with `empty` points left, Black to
/// move, kept when the criteria of [`find_puzzle`] hold.
fn keil_puzzle(empty: usize, seed: u64) -> AnyGame {
    use tessera::games::keil::Keil;
    use tessera::games::{GameKind, GameOptions, Side, Stone};
    let options = GameOptions::parse(GameKind::Keil, &["size=3", "komi=0.5"]).unwrap();
    let mut rng = FastRng::seed(seed);
    for _ in 0..200_000 {
        let mut cells: Vec<u16> = (0..19).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.below(i + 1));
        }
        let stones: Vec<(u16, Stone)> = cells[empty..]
            .iter()
            .map(|&c| {
                (
                    c,
                    if rng.coin() {
                        Stone::Black
                    } else {
                        Stone::White
                    },
                )
            })
            .collect();
        let Ok(k) = Keil::from_position(&options, &stones, Side::First) else {
            continue;
        };
        let g = AnyGame::Keil(k);
        let mut steps = Vec::new();
        g.legal_steps(&mut steps);
        let values: Option<Vec<f32>> = steps
            .iter()
            .map(|&s| {
                let mut h = g.clone();
                h.play(s);
                exact_within(&mut h, KEIL_HORIZON)
            })
            .collect();
        if let Some(values) = values {
            // Black (player 0) is to move.
            let wins = values.iter().filter(|&&v| v == 1.0).count();
            if wins > 0 && wins * 3 <= values.len() && values.len() >= 3 {
                return g;
            }
        }
    }
    panic!("no Keil puzzle for seed {seed}");
}

#[test]
fn keil_endgames() {
    for seed in [1, 2] {
        let g = keil_puzzle(5, seed);
        for p in PLAYERS {
            let (turn, mut h) = after_turn_of(p, &g);
            let v = exact_within(&mut h, KEIL_HORIZON);
            assert_eq!(
                v,
                Some(1.0),
                "seed {seed}: {p} played {turn:?} in\n{}",
                g.state_json()
            );
        }
    }
}

#[test]
fn iris_endgames() {
    check_players_solve("iris", &["size=3"], 6, &[1, 2], &PLAYERS);
}

#[test]
fn wunchunk_endgames() {
    check_players_solve("wunchunk", &["size=3"], 5, &[1, 2], &PLAYERS);
}
