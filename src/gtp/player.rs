//! What `genmove` and `tessera-analyze` think with: the player given by `tessera gtp --player`
//! (default: the game's strongest player, one second a turn), or for `random` the `tessera
//! bench` playout policy with a seedable generator (tests and scripts use it).

use crate::games::{Game, SearchHints, Step};
use crate::rng::FastRng;
use crate::search::{Algorithm, Engine, Limits, PlayerSpec};
use crate::session::Session;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The player `tessera gtp` uses when `--player` is not given.
pub const DEFAULT_PLAYER: &str = "default:ms=1000";

/// The steps that complete the current turn for `genmove` (the whole turn, or the rest of a
/// turn in progress), chosen by `player`, thinking until its limits or `stop`. The game must
/// not be over.
pub fn choose_turn(
    session: &Session,
    player: &PlayerSpec,
    rng: &mut FastRng,
    stop: Arc<AtomicBool>,
) -> Vec<Step> {
    if player.kind == Algorithm::Random {
        return random_turn(session, rng);
    }
    // No limits of our own: the spec's `ms`/`iters` apply (one second when it has none).
    Engine::new(player.clone())
        .with_komi_table(crate::komi_file::shared())
        .play_turn(session.game(), Limits::default(), stop, None)
}

/// Each step a uniformly random legal placement, or — only when no placement is legal — the
/// game's fallback (`button`, `end`, `pass`; a random bid token during the bid).
fn random_turn(session: &Session, rng: &mut FastRng) -> Vec<Step> {
    let mut game = session.game().clone();
    let turn = game.turns_completed();
    let (mut steps, mut buf) = (Vec::new(), Vec::new());
    while game.turns_completed() == turn && !game.is_over() {
        let step = game.random_step(rng, &mut buf);
        game.play(step);
        steps.push(step);
    }
    steps
}

/// `tessera-analyze MS`: one JSON line about the position after thinking `ms` milliseconds
/// with `player` (its own time and iteration limits do not apply; a `random` player analyses
/// with the game's default search instead).
pub fn analyze(session: &Session, player: &PlayerSpec, ms: u64) -> Result<String, String> {
    let spec = if player.kind == Algorithm::Random {
        PlayerSpec::of(Algorithm::Default)
    } else {
        player.clone()
    };
    crate::search::analyze(session.game(), &spec, ms, crate::komi_file::shared())
        .map(|v| v.to_string())
}
