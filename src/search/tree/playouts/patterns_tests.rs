//! Tests of the placement patterns: codes, symmetry, the shipped counts and their use.
use super::*;
use crate::games::{AnyGame, Game, GameOptions};

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
    use crate::search::{PlayerSpec, Tuning};
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let p = crate::search::player::tuning::mcts_params(GameKind::Wunchunk, 169, &Tuning::default());
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
    let with = visits("mcts:iters=400,threads=1,seed=5");
    assert_eq!(with, visits("mcts:iters=400,threads=1,seed=5"));
    assert_ne!(with, visits("mcts:iters=400,threads=1,seed=5,pb=0"));
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
            let empty = game
                .geometry()
                .all_cells()
                .filter(|&c| game.stone_at(c).is_none());
            for cell in empty.collect::<Vec<_>>() {
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

/// The code as first written (branch by branch), which the shipped counts were made with.
fn reference_code<G: Game>(game: &G, cell: Cell, stone: Stone, own: Stone) -> usize {
    let geo = game.geometry();
    let shape = Shape::of(geo);
    let dirs = if shape.degree == 6 {
        &HEX_SLOTS[..]
    } else {
        &SQUARE_SLOTS[..]
    };
    let (a, b) = geo.coords(cell);
    let mut code = 0usize;
    for &(da, db) in dirs.iter().rev() {
        let state = match geo.at(a as isize + da, b as isize + db) {
            None => 3,
            Some(n) => match game.stone_at(n) {
                None => 0,
                Some(s) if s == stone => 1,
                Some(Stone::Neutral) => 3,
                Some(_) => 2,
            },
        };
        code = code * STATES + state;
    }
    let own_flag = usize::from(stone == own && stone != Stone::Neutral);
    own_flag * STATES.pow(dirs.len() as u32) + code
}

#[test]
fn codes_are_the_codes_the_shipped_counts_were_made_with() {
    for (kind, args) in [
        (GameKind::Wunchunk, &["size=5"][..]),
        (GameKind::Keil, &["size=4"][..]),
        (GameKind::Linage, &["size=6"][..]),
    ] {
        let mut game = AnyGame::new(kind, &GameOptions::parse(kind, args).unwrap()).unwrap();
        let shape = Shape::of(game.geometry());
        let mut rng = crate::rng::FastRng::seed(11);
        let mut steps = Vec::new();
        let mut compared = 0;
        for _ in 0..40 {
            if game.is_over() {
                break;
            }
            let cells: Vec<Cell> = game.geometry().all_cells().collect();
            for cell in cells.into_iter().filter(|&c| game.stone_at(c).is_none()) {
                for stone in [Stone::Black, Stone::White, Stone::Neutral] {
                    for own in [Stone::Black, Stone::White] {
                        let want = reference_code(&game, cell, stone, own);
                        assert_eq!(shape.code(&game, cell, stone, own), want, "{kind:?}");
                        compared += 1;
                    }
                }
            }
            let step = game.random_step(&mut rng, &mut steps);
            game.play(step);
        }
        assert!(compared > 1000, "{kind:?}: {compared}");
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
    use crate::search::reward::mover;
    use crate::search::tree::nodes::{Proven, Tree, NO_NODE};
    use crate::search::tree::playouts::Playouts;
    use crate::search::tree::walk::Walker;
    let options = GameOptions::parse(GameKind::Wunchunk, &["size=4"]).unwrap();
    let game = AnyGame::new(GameKind::Wunchunk, &options).unwrap();
    let cells = game.geometry().cells();
    let tuning = crate::search::Tuning::default();
    let params = crate::search::player::tuning::mcts_params(GameKind::Wunchunk, cells, &tuning);
    let p = params.patterns.expect("Wunchunk has patterns");
    let mut tree = Tree::new(1 << 24, crate::search::tree::playouts::table_words(cells));
    tree.plant(mover(&game), Proven::Unknown);
    let mut walker = Walker::new(&game, Playouts::new(&game, params, 7, None));
    for _ in 0..4000 {
        walker.simulate(&tree);
    }
    let layout = crate::search::tree::playouts::amaf::Layout::new(cells);
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
        if t != NO_NODE && layout.get(&tree.tables, t).legal(&mut keys, &mut levels) {
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

#[test]
fn stone_codes_are_the_stones() {
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(kind, &GameOptions::defaults(kind)).unwrap();
        let mut rng = crate::rng::FastRng::seed(5);
        let mut steps = Vec::new();
        let mut stones = 0;
        for _ in 0..60 {
            if game.is_over() {
                break;
            }
            for cell in game.geometry().all_cells() {
                let want = game.stone_at(cell).map_or(0, |s| 1 + s.index() as u8);
                assert_eq!(game.stone_code(cell), want, "{kind:?} cell {cell}");
                stones += usize::from(want != 0);
            }
            let step = game.random_step(&mut rng, &mut steps);
            game.play(step);
        }
        assert!(stones > 100, "{kind:?}: {stones}");
    }
}
