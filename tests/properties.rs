//! The `Game` contract, checked over random games of every game (each must start):
//! - random games never panic and always end;
//! - at every position `legal_steps` has no duplicates, is empty exactly when the game is over,
//!   and equals the set of candidate steps `check` accepts (every placement of every stone
//!   kind on every cell, and every action: pass, button, swap, end, every komi, both sides);
//! - every legal step is written by `format_step` so that `parse_step` reads it back, and a step
//!   that is a whole turn by itself is written as that turn's token;
//! - `play` then `undo` restores the exact position (`state_json`, hash, side, turn counters);
//! - a session saved as a record and loaded back gives the same tokens, position and hash.
//!
//! Boards are small and cases few so that the suite stays fast in debug builds.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use tessera::games::{AnyGame, Game, GameKind, GameOptions, Protocol, Side, Step, Stone};
use tessera::games::{Describe, SearchHints};
use tessera::record::{utc_now, Players, Record};
use tessera::rng::FastRng;
use tessera::session::Session;

/// `GameKind::ALL`, after checking that each game starts: one that cannot fails the test.
fn all_games() -> Vec<GameKind> {
    for k in GameKind::ALL {
        if let Err(e) = AnyGame::new(k, &GameOptions::defaults(k)) {
            panic!("{k} cannot start: {e}");
        }
    }
    GameKind::ALL.to_vec()
}

/// One random game setup: which game, which size (smallest, second smallest or default),
/// agreed komi or the game's default protocol, and the seed of the moves.
#[derive(Clone, Debug)]
struct Case {
    kind: GameKind,
    size: usize,
    agreed: bool,
    seed: u64,
}

impl Case {
    fn options(&self) -> GameOptions {
        let mut o = GameOptions {
            size: self.size,
            ..GameOptions::defaults(self.kind)
        };
        if self.agreed {
            o.protocol = Protocol::Agreed;
            o.komi_half = 1;
        }
        o
    }
}

fn cases(kinds: Vec<GameKind>) -> impl Strategy<Value = Case> {
    (
        prop::sample::select(kinds),
        0..3usize,
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(|(kind, size_choice, agreed, seed)| {
            let min = *kind.sizes().start();
            let size = [min, min + 1, kind.default_size()][size_choice];
            Case {
                kind,
                size,
                agreed,
                seed,
            }
        })
}

/// Runs `check` on `n` random cases over every game.
fn run(n: u32, check: impl Fn(&Case) -> Result<(), TestCaseError>) {
    let kinds = all_games();
    let config = Config {
        cases: n,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    if let Err(e) = runner.run(&cases(kinds), |case| check(&case)) {
        panic!("{e}");
    }
}

/// Every step a game could conceivably be asked to check at `game`'s board size.
fn candidates(game: &AnyGame) -> Vec<Step> {
    let cells = game.geometry().cells();
    let mut v = Vec::new();
    for cell in game.geometry().all_cells() {
        for stone in [Stone::Black, Stone::White, Stone::Neutral] {
            v.push(Step::Place { cell, stone });
        }
    }
    v.extend([Step::Pass, Step::Button, Step::Swap, Step::End]);
    v.extend((0..=(2 * cells + 2) as u16).map(Step::Komi));
    v.extend([Step::Choose(Side::First), Step::Choose(Side::Second)]);
    v
}

/// What must not change across `play` + `undo`.
fn snapshot(g: &AnyGame) -> (serde_json::Value, u64, Side, usize, usize, bool) {
    (
        g.state_json(),
        g.hash(),
        g.to_move(),
        g.turns_completed(),
        g.steps_in_turn(),
        g.is_over(),
    )
}

/// Plays a random game of `case` to its end, calling `at_each` before each step. Each step is
/// uniform among all legal ones or the bench policy (placements first), chosen by a coin; after
/// `4 × cells` steps (enough to fill the board, but Keil's random games run far longer) the game
/// is ended by passing, ending the turn or taking the button as soon as one is legal.
fn random_game(
    case: &Case,
    mut at_each: impl FnMut(&AnyGame, &[Step], &mut FastRng) -> Result<(), TestCaseError>,
) -> Result<Session, TestCaseError> {
    let mut session =
        Session::new(case.kind, case.options()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut rng = FastRng::seed(case.seed);
    let mut legal = Vec::new();
    let random_phase = 4 * session.game().geometry().cells();
    let mut plies = 0;
    loop {
        session.game().legal_steps(&mut legal);
        at_each(session.game(), &legal, &mut rng)?;
        if session.game().is_over() {
            return Ok(session);
        }
        let finishing = [Step::Pass, Step::End, Step::Button]
            .into_iter()
            .find(|s| legal.contains(s));
        let step = match finishing {
            Some(s) if plies >= random_phase => s,
            _ if rng.coin() => legal[rng.below(legal.len())],
            _ => session.game().random_step(&mut rng, &mut Vec::new()),
        };
        session
            .play_step(step)
            .map_err(|e| TestCaseError::fail(format!("legal step {step:?} refused: {e}")))?;
        plies += 1;
        prop_assert!(plies < 20_000, "{:?}: the game does not end", case);
    }
}

#[test]
fn legal_steps_match_check_and_are_written_readably() {
    run(24, |case| {
        random_game(case, |game, legal, _| {
            let over = game.is_over();
            prop_assert_eq!(legal.is_empty(), over, "{:?}", case);
            prop_assert_eq!(game.outcome().is_some(), over);
            prop_assert_eq!(game.result_text().is_some(), over);
            let mut seen = std::collections::HashSet::new();
            for &s in legal {
                prop_assert!(seen.insert(s), "duplicate legal step {:?}", s);
            }
            let candidates = candidates(game);
            for &s in legal {
                prop_assert!(
                    candidates.contains(&s),
                    "legal step {:?} outside the candidates",
                    s
                );
            }
            for &c in &candidates {
                let accepted = game.check(c).is_ok();
                prop_assert_eq!(
                    accepted,
                    seen.contains(&c),
                    "{:?}: check and legal_steps disagree on {:?} (check: {:?})",
                    case,
                    c,
                    game.check(c)
                );
            }
            for &s in legal {
                let text = game.format_step(s);
                prop_assert_eq!(game.parse_step(&text), Ok(s), "'{}'", text);
                if game.steps_in_turn() == 0 {
                    let mut after = game.clone();
                    after.play(s);
                    if after.turns_completed() == game.turns_completed() + 1 {
                        prop_assert_eq!(game.format_turn(&[s]), text.clone());
                        prop_assert_eq!(game.parse_turn(&text), Ok(vec![s]));
                    }
                }
            }
            Ok(())
        })
        .map(|_| ())
    });
}

#[test]
fn play_then_undo_restores_the_position() {
    run(32, |case| {
        random_game(case, |game, legal, rng| {
            let before = snapshot(game);
            // A handful of legal steps from each position (all of them would be slow in debug).
            for _ in 0..legal.len().min(6) {
                let step = legal[rng.below(legal.len())];
                let mut g = game.clone();
                g.play(step);
                prop_assert_eq!(g.undo(), Some(step));
                prop_assert_eq!(
                    snapshot(&g),
                    before.clone(),
                    "{:?}: play/undo {:?}",
                    case,
                    step
                );
            }
            Ok(())
        })
        .map(|_| ())
    });
}

#[test]
fn sessions_round_trip_through_records() {
    run(32, |case| {
        let full = random_game(case, |_, _, _| Ok(()))?;
        // The finished game, and the same game cut after a random number of steps.
        let mut cut = full.clone();
        let keep = FastRng::seed(case.seed ^ 1).below(full.game().turns_completed() + 1);
        while cut.game().turns_completed() > keep {
            cut.undo_step();
        }
        for session in [&full, &cut] {
            let record = Record::from_session(session, Players::default(), utc_now());
            let text = record.to_toml();
            let back = Record::from_toml(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&back, &record);
            let loaded = back
                .replay()
                .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(loaded.tokens(), session.tokens());
            prop_assert_eq!(loaded.pending(), session.pending());
            prop_assert_eq!(loaded.game().state_json(), session.game().state_json());
            prop_assert_eq!(loaded.game().hash(), session.game().hash());
        }
        Ok(())
    });
}
