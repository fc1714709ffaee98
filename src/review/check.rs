//! Checking the turns a review would mark, so that two reviews of a game agree.
//!
//! A search's estimate of a position leans towards the side to move: at 500 ms a Carteso or
//! Wunchunk position looked 8–15 points of win rate better for its mover than the position
//! after any turn did for the same side, so comparing the position before a turn with the one
//! after marked almost every turn. A turn is therefore judged by comparing like with like
//! (what KaTrain does with the preferred move's and the played move's values): the position
//! after the turn played against the position after the engine's preferred turn, both with
//! the opponent to move and searched the same way. A turn that comparison marks is searched
//! again, both positions [`DEEPER`] times as long, before it is marked.
//!
//! [`Checker`] drives it one search at a time, so that `tessera analyze` runs it in a loop
//! and the interface as engine jobs.

use super::{Evaluation, Judgement};
use crate::games::{AnyGame, Game, Side, Step};
use crate::record::{AnalysisSection, TurnCheck};
use crate::search::Limits;
use crate::session::Session;

/// How many times longer the second look at a marked turn searches each position.
pub const DEEPER: u64 = 4;

/// The limits of the second look: `limits` [`DEEPER`] times over.
pub fn deeper(limits: Limits) -> Limits {
    Limits {
        ms: limits.ms.map(|m| m * DEEPER),
        iters: limits.iters.map(|n| n * DEEPER),
    }
}

/// The position after `token` is played on `game` as a whole turn. A preferred "turn" the
/// search did not plan to its end (Wunchunk's later stones) is ended with `end` where the
/// rules allow, else played on through forced steps; `None` when it cannot be completed.
pub fn after_turn(game: &AnyGame, token: &str) -> Option<AnyGame> {
    let mut g = game.clone();
    let before = g.turns_completed();
    let mut legal = Vec::new();
    for step in g.parse_turn(token).ok()? {
        if g.turns_completed() != before || g.is_over() {
            return None;
        }
        g.legal_steps(&mut legal);
        if !legal.contains(&step) {
            return None;
        }
        g.play(step);
    }
    while g.turns_completed() == before && !g.is_over() {
        g.legal_steps(&mut legal);
        match legal.as_slice() {
            [only] => g.play(*only),
            l if l.contains(&Step::End) => g.play(Step::End),
            _ => return None,
        }
    }
    Some(g)
}

/// Whether turn `i` (0-based) is one to compare: not a bid turn, and the engine preferred
/// another turn that can be played.
fn candidate(session: &Session, section: &AnalysisSection, i: usize) -> bool {
    let t = &session.turns()[i];
    let bid = t
        .steps
        .iter()
        .any(|s| matches!(s, Step::Komi(_) | Step::Choose(_)));
    let best = &section.best[i];
    !bid && !best.is_empty() && *best != t.token
}

/// What the checker waits for.
#[derive(Clone, Debug)]
enum Stage {
    /// The position after the preferred turn, at the review's own limits.
    Best,
    /// The second look: after the preferred turn, then after the turn played.
    DeepBest,
    DeepPlayed(Evaluation),
}

/// Compares the turns of a reviewed game with the engine's preferred turns, one search at a
/// time (see the module docs).
#[derive(Clone, Debug)]
pub struct Checker {
    /// The turns to compare (0-based), and how many are done.
    turns: Vec<usize>,
    done: usize,
    stage: Stage,
    /// The position the current search is of.
    position: Option<AnyGame>,
}

impl Checker {
    /// The checker of a review whose positions are all evaluated; turns already in
    /// `section.checks` (a resumed review) are not compared again.
    pub fn new(session: &Session, section: &AnalysisSection) -> Checker {
        let n = session.turns().len().min(section.len().saturating_sub(1));
        let turns = (0..n)
            .filter(|&i| candidate(session, section, i))
            .filter(|&i| section.checks.iter().all(|c| c.turn != i + 1))
            .collect();
        Checker {
            turns,
            done: 0,
            stage: Stage::Best,
            position: None,
        }
    }

    /// Turns compared so far and turns to compare in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.done, self.turns.len())
    }

    /// The next position to search and whether with the deeper limits (see [`deeper`]);
    /// `None` once every turn is compared. Turns whose preferred turn cannot be played are
    /// skipped (judged as before, by the positions around them).
    pub fn next(
        &mut self,
        session: &Session,
        section: &AnalysisSection,
    ) -> Option<(AnyGame, bool)> {
        while let Some(&i) = self.turns.get(self.done) {
            let g = match self.stage {
                Stage::Best | Stage::DeepBest => {
                    after_turn(&session.position_after(i), &section.best[i])
                }
                Stage::DeepPlayed(_) => Some(session.position_after(i + 1)),
            };
            match g {
                Some(g) => {
                    self.position = Some(g.clone());
                    let deep = !matches!(self.stage, Stage::Best);
                    return Some((g, deep));
                }
                None => {
                    self.done += 1;
                    self.stage = Stage::Best;
                }
            }
        }
        None
    }

    /// The evaluation of the position [`Checker::next`] gave, searched as asked.
    pub fn answer(&mut self, session: &Session, section: &mut AnalysisSection, e: Evaluation) {
        let Some(&i) = self.turns.get(self.done) else {
            return;
        };
        let engine_ms = limits_ms(&section.engine);
        let stage = std::mem::replace(&mut self.stage, Stage::Best);
        let check = match stage {
            Stage::Best => {
                let played = Evaluation {
                    win_rate: section.win_rate[i + 1],
                    margin: section.margin.get(i + 1).copied(),
                    best: String::new(),
                };
                let check = turn_check(i, engine_ms, &played, &e);
                if judge_check(session, &check).is_some() {
                    self.stage = Stage::DeepBest;
                    return;
                }
                check
            }
            Stage::DeepBest => {
                self.stage = Stage::DeepPlayed(e);
                return;
            }
            Stage::DeepPlayed(best) => turn_check(i, engine_ms * DEEPER, &e, &best),
        };
        section.checks.push(check);
        section.checks.sort_by_key(|c| c.turn);
        self.done += 1;
        self.position = None;
    }
}

/// The milliseconds of a review's engine spec (`ms=`), 0 when it has none.
fn limits_ms(spec: &str) -> u64 {
    spec.parse::<crate::search::PlayerSpec>()
        .ok()
        .and_then(|p| p.limits.ms)
        .unwrap_or(0)
}

fn turn_check(i: usize, ms: u64, played: &Evaluation, best: &Evaluation) -> TurnCheck {
    let r3 = |w: f64| (w * 1000.0).round() / 1000.0;
    let r2 = |m: f64| (m * 100.0).round() / 100.0;
    TurnCheck {
        turn: i + 1,
        ms,
        played: r3(played.win_rate),
        best: r3(best.win_rate),
        played_margin: played.margin.map(r2),
        best_margin: best.margin.map(r2),
    }
}

/// The drop in the mover's win rate and the points lost that a check found (the preferred
/// turn's value less the played turn's, in the mover's view).
pub fn check_costs(mover: Side, c: &TurnCheck) -> (f64, Option<f64>) {
    let sign = if mover == Side::First { 1.0 } else { -1.0 };
    let drop = sign * (c.best - c.played);
    let lost = c
        .best_margin
        .zip(c.played_margin)
        .map(|(b, p)| sign * (b - p));
    (drop, lost)
}

fn judge_check(session: &Session, c: &TurnCheck) -> Option<Judgement> {
    let mover = session.turns()[c.turn - 1].side;
    let (drop, lost) = check_costs(mover, c);
    Judgement::in_game(session.kind(), drop, lost)
}
