//! Property tests of the `Game` contract for the two multi-stone games, Iris and Wunchunk:
//! random games never panic; `legal_steps` is exactly the set `check` accepts (no duplicates,
//! placements first in board order, empty exactly when over); `random_step` is legal; the
//! hash matches a from-scratch recomputation; undo restores the exact position; and the
//! turn tokens written during a game replay to the same position.

use proptest::prelude::*;
use std::collections::HashSet;
use tessera::board::Cell;
use tessera::games::iris::Iris;
use tessera::games::wunchunk::Wunchunk;
use tessera::games::{Describe, SearchHints};
use tessera::games::{Game, GameKind, GameOptions, Side, Step, Stone};
use tessera::rng::FastRng;
use tessera::session::Session;

/// Every step a game could be asked about.
fn universe<G: Game>(g: &G) -> Vec<Step> {
    let mut v = Vec::new();
    for c in g.geometry().all_cells() {
        for stone in [Stone::Black, Stone::White, Stone::Neutral] {
            v.push(Step::Place { cell: c, stone });
        }
    }
    v.extend([
        Step::Pass,
        Step::End,
        Step::Swap,
        Step::Button,
        Step::Komi(0),
        Step::Choose(Side::First),
    ]);
    v
}

/// `legal_steps` agrees with `check`, is duplicate-free and ordered, and is empty iff over.
fn check_legal_matches<G: Game>(g: &G, all: &[Step]) {
    let mut legal = Vec::new();
    g.legal_steps(&mut legal);
    let set: HashSet<Step> = legal.iter().copied().collect();
    assert_eq!(set.len(), legal.len(), "duplicates in {legal:?}");
    let accepted: HashSet<Step> = all
        .iter()
        .copied()
        .filter(|&s| g.check(s).is_ok())
        .collect();
    assert_eq!(set, accepted, "legal_steps and check disagree");
    assert_eq!(legal.is_empty(), g.is_over());
    let cells: Vec<Cell> = legal.iter().filter_map(|s| s.cell()).collect();
    assert!(cells.windows(2).all(|w| w[0] <= w[1]), "board order");
    let first_action = legal.iter().position(|s| !s.is_place());
    if let Some(i) = first_action {
        assert!(legal[i..].iter().all(|s| !s.is_place()), "actions last");
    }
}

/// Plays a random game (mostly `random_step`, sometimes another legal step so that pass, end
/// and swap come up), checking the contract at every step, then undoes it all the way back.
fn random_game<G: SearchHints + Describe>(
    start: G,
    seed: u64,
    action_odds: u64,
    scratch_hash: fn(&G) -> u64,
) {
    let mut rng = FastRng::seed(seed);
    let mut g = start;
    let all = universe(&g);
    let mut snapshots = Vec::new();
    let mut buf = Vec::new();
    let mut legal = Vec::new();
    while !g.is_over() {
        check_legal_matches(&g, &all);
        assert_eq!(g.hash(), scratch_hash(&g), "hash drifted");
        g.legal_steps(&mut legal);
        let step = if rng.below(100) < action_odds as usize {
            legal[rng.below(legal.len())]
        } else {
            let s = g.random_step(&mut rng, &mut buf);
            assert!(legal.contains(&s), "random_step {s:?} is not legal");
            s
        };
        let text = g.format_step(step);
        assert_eq!(g.parse_step(&text), Ok(step), "step '{text}' round trip");
        snapshots.push((format!("{g:?}"), g.hash(), g.state_json()));
        g.play(step);
    }
    check_legal_matches(&g, &all);
    assert_eq!(g.hash(), scratch_hash(&g));
    assert!(g.outcome().is_some() && g.result_text().is_some());
    while let Some((debug, hash, state)) = snapshots.pop() {
        assert!(g.undo().is_some());
        assert_eq!(g.hash(), hash, "hash after undo");
        assert_eq!(g.state_json(), state, "state after undo");
        assert_eq!(format!("{g:?}"), debug, "position after undo");
    }
    assert_eq!(g.undo(), None);
}

/// Plays a random game through a session step by step, then replays its turn tokens in a
/// fresh session: the positions must agree.
fn tokens_replay(kind: GameKind, size: usize, seed: u64, action_odds: u64) {
    let options = GameOptions {
        size,
        ..GameOptions::defaults(kind)
    };
    let mut s = Session::new(kind, options.clone()).unwrap();
    let mut rng = FastRng::seed(seed);
    let (mut buf, mut legal) = (Vec::new(), Vec::new());
    while !s.game().is_over() {
        s.game().legal_steps(&mut legal);
        let step = if rng.below(100) < action_odds as usize {
            legal[rng.below(legal.len())]
        } else {
            s.game().random_step(&mut rng, &mut buf)
        };
        s.play_step(step).unwrap();
    }
    let mut replay = Session::new(kind, options).unwrap();
    for token in s.tokens() {
        replay
            .play_turn(&token)
            .unwrap_or_else(|e| panic!("token '{token}' of {:?}: {e}", s.tokens()));
    }
    assert_eq!(replay.game().hash(), s.game().hash());
    assert_eq!(replay.game().state_json(), s.game().state_json());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn iris_random_games_keep_the_contract(size in 3usize..=6, seed: u64, odds in 0u64..30) {
        random_game(Iris::with_size(size).unwrap(), seed, odds, Iris::hash_from_scratch);
    }

    #[test]
    fn wunchunk_random_games_keep_the_contract(size in 3usize..=6, seed: u64, odds in 0u64..30) {
        random_game(Wunchunk::with_size(size).unwrap(), seed, odds, Wunchunk::hash_from_scratch);
    }

    #[test]
    fn iris_tokens_replay(size in 3usize..=9, seed: u64, odds in 0u64..20) {
        tokens_replay(GameKind::Iris, size, seed, odds);
    }

    #[test]
    fn wunchunk_tokens_replay(size in 3usize..=9, seed: u64, odds in 0u64..20) {
        tokens_replay(GameKind::Wunchunk, size, seed, odds);
    }

    #[test]
    fn wunchunk_chunk_counts_match_a_flood_fill(size in 3usize..=10, seed: u64) {
        let mut g = Wunchunk::with_size(size).unwrap();
        let mut rng = FastRng::seed(seed);
        let mut buf = Vec::new();
        while !g.is_over() {
            let s = g.random_step(&mut rng, &mut buf);
            g.play(s);
            for colour in [Side::First, Side::Second] {
                prop_assert_eq!(g.chunks(colour), g.chunks_from_scratch(colour));
                prop_assert_eq!(g.group_sizes(colour), g.group_sizes_by_flood(colour));
            }
            // The allotment of a new turn is max(1, the mover's chunks).
            if g.steps_in_turn() == 0 && !g.is_over() {
                prop_assert_eq!(g.allotment(), g.chunks(g.to_move()).max(1));
            }
        }
    }
}

/// Counts how often `random_step` picks each legal placement from one position.
fn pick_counts<G: SearchHints>(g: &G, draws: usize) -> (Vec<Step>, Vec<usize>) {
    let mut legal = Vec::new();
    g.legal_steps(&mut legal);
    legal.retain(|s| s.is_place());
    let mut counts = vec![0; legal.len()];
    let mut rng = FastRng::seed(12345);
    let mut buf = Vec::new();
    for _ in 0..draws {
        let s = g.random_step(&mut rng, &mut buf);
        let i = legal
            .iter()
            .position(|&l| l == s)
            .expect("a legal placement");
        counts[i] += 1;
    }
    (legal, counts)
}

/// Every count within 12% of the mean (seeded, so deterministic; one standard deviation
/// of a count is about 2.2% at 2000 draws per legal stone).
fn assert_even(counts: &[usize], draws: usize) {
    let mean = draws as f64 / counts.len() as f64;
    for &c in counts {
        assert!(
            (c as f64 - mean).abs() < 0.12 * mean,
            "{counts:?} (mean {mean})"
        );
    }
}

#[test]
fn iris_random_step_is_uniform_over_legal_stones() {
    // Turn start: any empty cell, coloured or gray.
    let mut g = Iris::with_size(4).unwrap();
    g.play(g.parse_step("d4").unwrap());
    let (legal, counts) = pick_counts(&g, 2000 * 36);
    assert_eq!(legal.len(), 36);
    assert_even(&counts, 2000 * 36);
    // Second stone after a gray first stone: gray and not adjacent.
    g.play(g.parse_step("b4").unwrap());
    let (legal, counts) = pick_counts(&g, 2000 * legal_len(&g));
    assert!(legal.len() >= 4);
    assert_even(&counts, 2000 * legal.len());
}

fn legal_len<G: Game>(g: &G) -> usize {
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    v.iter().filter(|s| s.is_place()).count()
}

#[test]
fn wunchunk_random_step_is_uniform_over_cells_and_colours() {
    let g = Wunchunk::setup_from_names(3, &["Ba3", "Wc3", "Be1", "Wd2"], Side::First).unwrap();
    let (legal, counts) = pick_counts(&g, 2000 * 30);
    assert_eq!(legal.len(), 2 * 15);
    assert_even(&counts, 2000 * 30);
}
