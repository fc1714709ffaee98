//! Playout policies: how a simulation finishes the game once it leaves the tree.

use super::patterns::{Patterns, Shape};
use crate::games::{Game, SearchHints, Step, Stone};
use crate::rng::FastRng;

/// A playout policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly random legal placements, the game's fallback otherwise
    /// ([`SearchHints::random_step`], the `tessera bench` policy).
    Random,
    /// Go-like games (Keil): random legal placements except into the mover's own eyes (an
    /// empty point whose every neighbour is the mover's stone — with links, such stones are
    /// always linked to it); then the button if on the table, else pass. Without it random
    /// Keil games refill captured areas for tens of thousands of steps.
    NoEyes,
    /// No playout: a leaf is valued by the static evaluation of alpha-beta (see
    /// `super::eval`), squashed into a win probability.
    Eval,
    /// Wunchunk: draw a few random (cell, colour) placements and play the one that looks best
    /// for the mover by its neighbours alone (join own groups, turn the opponent's crumbs into
    /// chunks; avoid new own crumbs and joining the opponent's groups); end the turn early
    /// when even the best of them looks harmful.
    Chunks,
    /// Placement games with learned patterns ([`super::patterns`]): draw a few random legal
    /// placements and play one of them with probability proportional to its pattern prior.
    /// Needs the board's [`Shape`] and the game's patterns ([`Policy::step_with`]); without
    /// them it is [`Policy::Random`].
    Patterns,
}

impl Policy {
    /// The next playout step (the game must not be over).
    #[inline]
    pub fn step<G: SearchHints>(self, game: &G, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
        match self {
            Policy::Random => game.random_step(rng, buf),
            Policy::NoEyes => no_eyes_step(game, rng, buf),
            Policy::Chunks | Policy::Eval => chunks_step(game, rng, buf),
            Policy::Patterns => game.random_step(rng, buf),
        }
    }

    /// [`Policy::step`] with the board's pattern slots and the game's patterns at hand, which
    /// [`Policy::Patterns`] needs.
    #[inline]
    pub fn step_with<G: SearchHints>(
        self,
        game: &G,
        rng: &mut FastRng,
        buf: &mut Vec<Step>,
        patterns: Option<(&Shape, &Patterns)>,
    ) -> Step {
        match (self, patterns) {
            (Policy::Patterns, Some((shape, pt))) => pattern_step(game, rng, buf, shape, pt),
            _ => self.step(game, rng, buf),
        }
    }
}

/// Candidates drawn per step by [`Policy::Patterns`].
const PATTERN_CANDIDATES: usize = 3;

/// See [`Policy::Patterns`].
fn pattern_step<G: SearchHints>(
    game: &G,
    rng: &mut FastRng,
    buf: &mut Vec<Step>,
    shape: &Shape,
    pt: &Patterns,
) -> Step {
    let own = Stone::of_side(game.to_move());
    let mut cands = [(Step::Pass, 0f32); PATTERN_CANDIDATES];
    let mut total = 0f32;
    for slot in cands.iter_mut() {
        let step = game.random_step(rng, buf);
        let Step::Place { cell, stone } = step else {
            return step;
        };
        let w = pt.prior(shape.code(game, cell, stone, own));
        total += w;
        *slot = (step, total);
    }
    // Roulette over the candidates by prior (a prior is never 0: shrunk toward the mean).
    let x = rng.unit() as f32 * total;
    cands
        .iter()
        .find(|&&(_, upto)| x < upto)
        .map_or(cands[PATTERN_CANDIDATES - 1].0, |&(s, _)| s)
}

/// Whether `cell` is an eye of `stone`: every neighbour holds such a stone.
#[inline]
fn is_eye<G: Game>(game: &G, cell: crate::board::Cell, stone: Stone) -> bool {
    game.geometry()
        .neighbours(cell)
        .iter()
        .all(|&n| game.stone_at(n) == Some(stone))
}

/// See [`Policy::NoEyes`].
fn no_eyes_step<G: SearchHints>(game: &G, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
    let stone = Stone::of_side(game.to_move());
    // The game's own random step is a legal placement (or its fallback when none is legal):
    // a few draws usually find one that is not an eye.
    for _ in 0..6 {
        match game.random_step(rng, buf) {
            Step::Place { cell, stone: s } if s == stone && is_eye(game, cell, stone) => {}
            step => return step,
        }
    }
    let geo = game.geometry();
    buf.clear();
    buf.extend(
        geo.all_cells()
            .filter(|&c| game.stone_at(c).is_none())
            .map(|cell| Step::Place { cell, stone }),
    );
    while !buf.is_empty() {
        let i = rng.below(buf.len());
        let step = buf[i];
        let cell = step.cell().expect("placements only");
        if !is_eye(game, cell, stone) && game.check(step).is_ok() {
            return step;
        }
        buf.swap_remove(i);
    }
    if game.check(Step::Button).is_ok() {
        Step::Button
    } else if game.check(Step::Pass).is_ok() {
        Step::Pass
    } else {
        game.random_step(rng, buf)
    }
}

/// Candidates drawn per step by [`Policy::Chunks`].
const CHUNK_CANDIDATES: usize = 4;

/// How a placement of `stone` on the empty `cell` looks for a mover whose colour is `own`, by
/// what it does to that colour's chunks ([`SearchHints::chunk_delta`]; crumbs ignored except a
/// new lone stone of one's own). 0 in games without chunks.
fn chunk_score<G: SearchHints>(
    game: &G,
    cell: crate::board::Cell,
    stone: Stone,
    own: Stone,
) -> i32 {
    let Some(d) = game.chunk_delta(cell, stone) else {
        return 0;
    };
    let lone = d.chunks == 0 && d.crumbs == 1;
    if stone == own {
        -2 * d.chunks - i32::from(lone)
    } else {
        2 * d.chunks
    }
}

/// See [`Policy::Chunks`].
fn chunks_step<G: SearchHints>(game: &G, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
    // Wunchunk's sides are the colours: the mover owns the colour of the side to move.
    let own = Stone::of_side(game.to_move());
    let mut best: Option<(i32, Step)> = None;
    for _ in 0..CHUNK_CANDIDATES {
        let step = game.random_step(rng, buf);
        let Step::Place { cell, stone } = step else {
            return step;
        };
        let score = chunk_score(game, cell, stone, own);
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, step));
        }
    }
    let (score, step) = best.expect("at least one candidate");
    if score < 0 && game.steps_in_turn() > 0 {
        Step::End
    } else {
        step
    }
}

impl std::str::FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Policy, String> {
        match s.to_ascii_lowercase().as_str() {
            "random" => Ok(Policy::Random),
            "noeyes" => Ok(Policy::NoEyes),
            "chunks" => Ok(Policy::Chunks),
            "eval" => Ok(Policy::Eval),
            "patterns" => Ok(Policy::Patterns),
            _ => Err(format!(
                "unknown playout policy '{s}' (policies: random, noeyes, chunks, eval, patterns)"
            )),
        }
    }
}

impl std::fmt::Display for Policy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Policy::Random => "random",
            Policy::NoEyes => "noeyes",
            Policy::Chunks => "chunks",
            Policy::Eval => "eval",
            Policy::Patterns => "patterns",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{AnyGame, GameKind, GameOptions};

    #[test]
    fn the_pattern_policy_plays_legal_placements_in_proportion_to_their_priors() {
        // Code 0: a stone of the opponent's colour with six empty neighbours, chosen every
        // time it was available; code 4096: the same with the mover's own colour, never.
        let pt = Patterns::parse("degree 6\n0 1000 1000\n4096 0 100000\n").unwrap();
        let options = GameOptions::parse(GameKind::Wunchunk, &["size=4"]).unwrap();
        let game = AnyGame::new(GameKind::Wunchunk, &options).unwrap();
        let shape = Shape::of(game.geometry());
        let own = Stone::of_side(game.to_move());
        let (mut rng, mut buf) = (FastRng::seed(3), Vec::new());
        let (mut theirs, mut interior) = (0, 0);
        for _ in 0..3000 {
            let step = Policy::Patterns.step_with(&game, &mut rng, &mut buf, Some((&shape, &pt)));
            assert!(game.check(step).is_ok(), "{step:?} is legal");
            let Step::Place { cell, stone } = step else {
                panic!("a placement, not {step:?}");
            };
            if game.geometry().neighbours(cell).len() == 6 {
                interior += 1;
                theirs += usize::from(stone != own);
            }
        }
        // Uniform play would give the opponent's colour half the interior placements; here
        // it is chosen whenever one of the three candidates offers it (7/8 of the time).
        let share = theirs as f64 / interior as f64;
        assert!(interior > 300 && share > 0.8, "{theirs} of {interior}");
        // Without the shape and patterns the policy is uniformly random.
        let mut theirs = 0;
        for _ in 0..3000 {
            let step = Policy::Patterns.step_with(&game, &mut rng, &mut buf, None);
            theirs += usize::from(matches!(step, Step::Place { stone, .. } if stone != own));
        }
        assert!((1200..1800).contains(&theirs), "{theirs} of 3000");
    }
}
