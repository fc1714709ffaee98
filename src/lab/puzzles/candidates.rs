//! Where the generator looks for puzzles: AI-against-AI games, the positions at the start of
//! each turn near their end, and the positions one turn away from those (a different turn
//! than the one the AI played: the kind of slip a puzzle asks to punish).
//!
//! Keil needs one more step. A puzzle there means forcing the *end* of the game, which in
//! Keil takes two passes in a row, and a losing side that may still place a stone never has
//! to pass: at the end of an AI game both sides usually still have whole territories to fill.
//! So for Keil the game is first played out: players of a low level (cheap: the play-out is
//! long) go on, but a turn of `pass` is replaced by their best non-passing candidate (or a
//! random placement) as long as a placement is legal. The first time a side must pass (no
//! placement is legal for it) is where the end can first be forced: the play-out stops a few
//! turns later, and the candidates come from the turns before that point.

use crate::games::{ButtonMode, Game, GameKind, GameOptions, Protocol, Step};
use crate::rng::FastRng;
use crate::search::{Engine, Limits, PlayerSpec};
use crate::session::Session;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Agreed komi values the generator's games draw from (half points), per game.
fn komi_choices(kind: GameKind) -> &'static [u16] {
    kind.spec().puzzle_komi_choices
}

/// The two players of one game: practice levels `levels.0 ..= levels.1`, one thread each,
/// fresh seeds.
fn players(rng: &mut FastRng, levels: (u8, u8)) -> Vec<Engine> {
    let span = usize::from(levels.1 - levels.0) + 1;
    (0..2)
        .map(|_| {
            let level = levels.0 + rng.below(span) as u8;
            let text = format!("level:{level},seed={}", rng.next_u64() >> 1);
            Engine::new(text.parse::<PlayerSpec>().expect("a valid level spec"))
                .with_komi_table(crate::komi_file::shared())
        })
        .collect()
}

/// A game played for the generator: its session, and the number of turns after which the
/// candidates end (the whole game, or for Keil the first forced pass of the play-out).
pub struct Played {
    /// The game.
    pub session: Session,
    /// Candidates are the positions after at most this many turns.
    pub end: usize,
}

/// Plays one AI-against-AI game (and for Keil its play-out, by players of `play_out_level`);
/// `None` when `stop` was set meanwhile.
pub fn play_game(
    kind: GameKind,
    size: usize,
    rng: &mut FastRng,
    levels: (u8, u8),
    play_out_level: u8,
    stop: &AtomicBool,
) -> Option<Played> {
    let mut options = GameOptions::defaults(kind);
    options.size = size;
    if kind.has_komi() {
        options.protocol = Protocol::Agreed;
        let k = komi_choices(kind);
        options.komi_half = k[rng.below(k.len())];
        options.button = ButtonMode::Auto;
    }
    let mut session = Session::new(kind, options).expect("valid options");
    let mut engines = players(rng, levels);
    let never = Arc::new(AtomicBool::new(false));
    // Caps far above any game, in case a rules bug loops.
    while !session.game().is_over() && session.turns().len() < 4000 {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let seat = session.game().to_move().index();
        let steps =
            engines[seat].play_turn(session.game(), Limits::ms(60_000), never.clone(), None);
        let token = session.game().format_turn(&steps);
        if session.play_turn(&token).is_err() {
            break;
        }
    }
    let mut end = session.turns().len();
    if kind.spec().puzzle_play_out {
        let mut cheap = players(rng, (play_out_level, play_out_level));
        end = play_out(&mut session, &mut cheap, rng, stop)?;
    }
    Some(Played { session, end })
}

/// Most turns a Keil play-out adds.
const PLAY_OUT_TURNS: usize = 600;

/// Turns a Keil play-out goes on after the first forced pass.
const AFTER_FORCED_PASS: usize = 4;

/// Takes back the final passes of a finished Keil game and plays on without passing while a
/// placement is legal (see the module documentation). Returns the number of turns up to and
/// including the first forced pass (or all of them when none came).
fn play_out(
    session: &mut Session,
    engines: &mut [Engine],
    rng: &mut FastRng,
    stop: &AtomicBool,
) -> Option<usize> {
    while session
        .turns()
        .last()
        .is_some_and(|t| t.steps == [Step::Pass])
    {
        session.undo_turn();
    }
    let never = Arc::new(AtomicBool::new(false));
    let mut legal = Vec::new();
    let start = session.turns().len();
    let mut forced: Option<usize> = None;
    while !session.game().is_over()
        && session.turns().len() < start + PLAY_OUT_TURNS
        && forced.is_none_or(|f| session.turns().len() < f + AFTER_FORCED_PASS)
    {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let game = session.game().clone();
        game.legal_steps(&mut legal);
        let places: Vec<Step> = legal.iter().copied().filter(|s| s.is_place()).collect();
        let step = if places.is_empty() {
            forced.get_or_insert(session.turns().len() + 1);
            if legal.contains(&Step::Button) {
                Step::Button
            } else {
                Step::Pass
            }
        } else {
            let seat = game.to_move().index();
            let decision = engines[seat].think(&game, Limits::ms(60_000), never.clone(), None);
            let best = decision.map(|d| {
                std::iter::once(d.step)
                    .chain(
                        d.report
                            .candidates
                            .iter()
                            .filter_map(|c| game.parse_step(&c.step).ok()),
                    )
                    .find(|s| places.contains(s) || *s == Step::Button)
            });
            best.flatten()
                .unwrap_or_else(|| places[rng.below(places.len())])
        };
        let token = game.format_turn(&[step]);
        if session.play_turn(&token).is_err() {
            break;
        }
    }
    Some(forced.unwrap_or(session.turns().len()))
}

/// A random whole turn of the side to move: each step drawn uniformly from the legal steps
/// (so a Wunchunk turn stops early now and then).
pub fn random_turn<G: Game>(game: &G, rng: &mut FastRng) -> Vec<Step> {
    let mut g = game.clone();
    let before = g.turns_completed();
    let mut steps = Vec::new();
    let mut legal = Vec::new();
    while !g.is_over() && g.turns_completed() == before {
        g.legal_steps(&mut legal);
        let s = legal[rng.below(legal.len())];
        g.play(s);
        steps.push(s);
    }
    steps
}

/// Up to `k` distinct turns from the position after `t` turns of `session` other than the one
/// the game went on with, as tokens.
pub fn alternatives(session: &Session, t: usize, k: usize, rng: &mut FastRng) -> Vec<String> {
    let game = session.position_after(t);
    let played = session.turns().get(t).map(|x| x.token.clone());
    let mut out: Vec<String> = Vec::new();
    for _ in 0..k * 3 {
        if out.len() >= k || game.is_over() {
            break;
        }
        let turn = crate::puzzle::turns::canonical(&random_turn(&game, rng));
        let token = game.format_turn(&turn);
        if Some(&token) != played.as_ref() && !out.contains(&token) {
            out.push(token);
        }
    }
    out
}
