//! Judging every turn by one comparison, so that a mark follows from the numbers beside it.
//!
//! A search's estimate of a position leans towards the side to move: at 500 ms a Carteso or
//! Wunchunk position looked 8–15 points of win rate better for its mover than the position
//! after any turn did for the same side, so comparing the position before a turn with the one
//! after marked almost every turn. Every turn but the bid's is therefore judged by comparing
//! like with like (what KaTrain does with the preferred move's and the played move's values):
//! the position after the turn played against the position after the engine's preferred
//! turn, both with the opponent to move and searched the same way. The position after the
//! turn played is the next position of the game, searched by the review anyway; a turn equal
//! to the preferred turn needs no search at all (it lost nothing). A turn the comparison
//! would mark is searched again, both positions, at the review's own limits (in a game whose
//! spec says so, only a turn it would mark a mistake or a blunder), and a mark needs both
//! comparisons: the turn keeps the numbers of the one that found the lighter class (the
//! second one when they agree). Two searches of one position differ, and a single pair of
//! them put a mistake on a turn that lost nothing (seen with one seed and not another); two
//! independent pairs both overstating the loss are much rarer, while a real mistake shows in
//! both. The second look is not deeper: `tessera analyze`'s engine capped it at the review's
//! limits from the start (its spec's own `ms`), every measured figure is of that, and twice as
//! long would put Keil's reviews well over a minute.
//!
//! A preferred "turn" the search did not plan to its end (Wunchunk's later stones) is
//! completed by searching on from where the plan stops, to the end of the turn.
//!
//! [`Checker`] drives it one search at a time, so that `tessera analyze` runs it in a loop
//! and the interface as engine jobs.

use super::{limits_ms, r2, r3, Evaluation, Judgement};
use crate::games::{AnyGame, Game, Side, Step};
use crate::record::{StoredReview, TurnCheck};
use crate::session::Session;

/// Where a preferred turn played from the position before it leads.
#[derive(Clone, Debug)]
pub enum AfterTurn {
    /// The turn is complete: the position after it and its steps.
    Complete(AnyGame, Vec<Step>),
    /// The token stops before the turn ends: the position so far and its steps.
    Partial(AnyGame, Vec<Step>),
    /// The token cannot be played there.
    Illegal,
}

/// Plays `token` on `game` as far as it goes, then any steps the rules force.
pub fn after_turn(game: &AnyGame, token: &str) -> AfterTurn {
    let mut g = game.clone();
    let before = g.turns_completed();
    let mut legal = Vec::new();
    let mut steps = Vec::new();
    let Ok(parsed) = g.parse_turn(token) else {
        return AfterTurn::Illegal;
    };
    for step in parsed {
        if g.turns_completed() != before || g.is_over() {
            return AfterTurn::Illegal;
        }
        g.legal_steps(&mut legal);
        if !legal.contains(&step) {
            return AfterTurn::Illegal;
        }
        g.play(step);
        steps.push(step);
    }
    while g.turns_completed() == before && !g.is_over() {
        g.legal_steps(&mut legal);
        match legal.as_slice() {
            [only] => {
                g.play(*only);
                steps.push(*only);
            }
            _ => return AfterTurn::Partial(g, steps),
        }
    }
    AfterTurn::Complete(g, steps)
}

/// Whether turn `i` (0-based) is a step of the komi bid (`komi=`, `play=`): not judged.
pub fn is_bid(session: &Session, i: usize) -> bool {
    session.turns()[i]
        .steps
        .iter()
        .any(|s| matches!(s, Step::Komi(_) | Step::Choose(_)))
}

/// Whether the two positions are the same (after the same number of turns).
fn same_position(a: &AnyGame, b: &AnyGame) -> bool {
    a.hash() == b.hash()
        && a.turns_completed() == b.turns_completed()
        && a.to_move() == b.to_move()
        && a.is_over() == b.is_over()
        && a.points() == b.points()
}

/// One search the checker needs.
#[derive(Clone, Debug)]
pub enum Job {
    /// Evaluate this position (as [`super::evaluate`] does), with the review's limits.
    Evaluate {
        /// The position.
        game: AnyGame,
    },
    /// Choose the rest of the turn under way in this position (as
    /// [`crate::search::Engine::play_turn`] does, with the review's limits).
    FinishTurn {
        /// The position, part of the way through a turn (or at its start).
        game: AnyGame,
    },
}

/// What the checker waits for, for the turn at hand.
#[derive(Clone, Debug)]
enum Stage {
    /// Nothing asked yet.
    Start,
    /// The preferred turn being completed by search: the steps so far.
    Finishing(Vec<Step>),
    /// The position after the preferred turn (its token and the position), at the review's
    /// own limits.
    First(String, AnyGame),
    /// The second look: after the preferred turn, then after the turn played (with the
    /// first comparison, which would mark the turn).
    SecondBest(String, AnyGame, TurnCheck),
    SecondPlayed(String, Evaluation, TurnCheck),
}

/// Judges the turns of a reviewed game against the engine's preferred turns, one search at
/// a time (see the module docs).
#[derive(Clone, Debug)]
pub struct Checker {
    /// The turns to judge (0-based), and how many are done.
    turns: Vec<usize>,
    done: usize,
    stage: Stage,
    /// The review's limits in milliseconds (0: an iteration limit), for the checks.
    ms: u64,
}

impl Checker {
    /// The checker of a review whose positions are all evaluated; turns already in
    /// `section.checks` (a resumed review) are not judged again.
    pub fn new(session: &Session, section: &StoredReview) -> Checker {
        let n = session.turns().len().min(section.len().saturating_sub(1));
        let turns = (0..n)
            .filter(|&i| !is_bid(session, i))
            .filter(|&i| section.checks.iter().all(|c| c.turn != i + 1))
            .collect();
        Checker {
            turns,
            done: 0,
            stage: Stage::Start,
            ms: limits_ms(&section.engine),
        }
    }

    /// Turns judged so far and turns to judge in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.done, self.turns.len())
    }

    /// The next search needed; `None` once every turn is judged. Turns equal to the
    /// preferred turn are judged here, without a search.
    pub fn next(&mut self, session: &Session, section: &mut StoredReview) -> Option<Job> {
        while let Some(&i) = self.turns.get(self.done) {
            let before = session.position_after(i);
            let played = session.position_after(i + 1);
            let job = match &self.stage {
                Stage::Start => match after_turn(&before, &section.best[i]) {
                    AfterTurn::Complete(after, steps) => {
                        self.preferred(session, section, i, &after, &steps)
                    }
                    AfterTurn::Partial(g, steps) => {
                        self.stage = Stage::Finishing(steps);
                        Some(Job::FinishTurn { game: g })
                    }
                    AfterTurn::Illegal => {
                        self.stage = Stage::Finishing(Vec::new());
                        Some(Job::FinishTurn { game: before })
                    }
                },
                Stage::Finishing(steps) => {
                    let mut g = before.clone();
                    steps.iter().for_each(|&s| g.play(s));
                    Some(Job::FinishTurn { game: g })
                }
                Stage::First(_, g) => Some(Job::Evaluate { game: g.clone() }),
                Stage::SecondBest(_, g, _) => Some(Job::Evaluate { game: g.clone() }),
                Stage::SecondPlayed(..) => Some(Job::Evaluate { game: played }),
            };
            if job.is_some() {
                return job;
            }
        }
        None
    }

    /// With the preferred turn of turn `i` complete (`steps`, leading to `after`): the turn
    /// is judged at once when it is the turn played, else the position after the preferred
    /// turn is searched.
    fn preferred(
        &mut self,
        session: &Session,
        section: &mut StoredReview,
        i: usize,
        after: &AnyGame,
        steps: &[Step],
    ) -> Option<Job> {
        let before = session.position_after(i);
        let token = before.format_turn(steps);
        let t = &session.turns()[i];
        if token == t.token || same_position(after, &session.position_after(i + 1)) {
            let played = played_evaluation(section, i);
            self.finish(
                session,
                section,
                turn_check(i, self.ms, &played, &played, &t.token),
            );
            return None;
        }
        self.stage = Stage::First(token, after.clone());
        Some(Job::Evaluate {
            game: after.clone(),
        })
    }

    /// Stores the check of the turn at hand and moves on to the next turn.
    fn finish(&mut self, session: &Session, section: &mut StoredReview, mut c: TurnCheck) {
        let mover = session.turns()[c.turn - 1].side;
        let (lost, points) = losses(mover, &c);
        c.win_rate_lost = Some(lost);
        c.points_lost = points;
        section.checks.retain(|x| x.turn != c.turn);
        section.checks.push(c);
        section.checks.sort_by_key(|c| c.turn);
        self.done += 1;
        self.stage = Stage::Start;
    }

    /// The answer to a [`Job::Evaluate`]: the evaluation of the position, searched as asked.
    pub fn answer(&mut self, session: &Session, section: &mut StoredReview, e: Evaluation) {
        let Some(&i) = self.turns.get(self.done) else {
            return;
        };
        let stage = std::mem::replace(&mut self.stage, Stage::Start);
        let check = match stage {
            Stage::First(token, after) => {
                let played = played_evaluation(section, i);
                let check = turn_check(i, self.ms, &played, &e, &token);
                if needs_second_look(session, judge_check(session, &check)) {
                    self.stage = Stage::SecondBest(token, after, check);
                    return;
                }
                check
            }
            Stage::SecondBest(token, _, first) => {
                self.stage = Stage::SecondPlayed(token, e, first);
                return;
            }
            Stage::SecondPlayed(token, best, first) => {
                let mut second = turn_check(i, self.ms, &e, &best, &token);
                second.second_look = true;
                // A mark needs both looks: the lighter class stands, with its numbers.
                if judge_check(session, &first) < judge_check(session, &second) {
                    first
                } else {
                    second
                }
            }
            other => {
                self.stage = other;
                return;
            }
        };
        self.finish(session, section, check);
    }

    /// The answer to a [`Job::FinishTurn`]: the steps that end the turn under way.
    pub fn answer_turn(&mut self, session: &Session, section: &mut StoredReview, s: &[Step]) {
        let Some(&i) = self.turns.get(self.done) else {
            return;
        };
        let Stage::Finishing(mut steps) = std::mem::replace(&mut self.stage, Stage::Start) else {
            return;
        };
        let before = session.position_after(i);
        let mut g = before.clone();
        steps.iter().for_each(|&x| g.play(x));
        let turn = g.turns_completed();
        let mut legal = Vec::new();
        for &step in s {
            g.legal_steps(&mut legal);
            if g.is_over() || g.turns_completed() != turn || !legal.contains(&step) {
                break;
            }
            g.play(step);
            steps.push(step);
        }
        if g.turns_completed() == turn && !g.is_over() {
            // Not finished yet (an engine that stopped early): ask again from here.
            self.stage = Stage::Finishing(steps);
            return;
        }
        // The stage now says what comes next; the caller asks `next` for it.
        let _ = self.preferred(session, section, i, &g, &steps);
    }
}

/// The evaluation of the position after turn `i` (0-based) as the review stored it.
fn played_evaluation(section: &StoredReview, i: usize) -> Evaluation {
    Evaluation {
        win_rate: section.win_rate[i + 1],
        margin: section.margin.get(i + 1).copied(),
        best: String::new(),
    }
}

fn turn_check(
    i: usize,
    ms: u64,
    played: &Evaluation,
    best: &Evaluation,
    preferred: &str,
) -> TurnCheck {
    TurnCheck {
        turn: i + 1,
        ms,
        preferred: Some(preferred.to_string()),
        played: r3(played.win_rate),
        best: r3(best.win_rate),
        played_margin: played.margin.map(r2),
        best_margin: best.margin.map(r2),
        win_rate_lost: None,
        points_lost: None,
        second_look: false,
    }
}

/// What a check says its turn lost, in its mover's view: the win rate (0–1) and the points
/// (games with points) after the preferred turn less after the turn played, never below 0,
/// to 3 and 2 decimals (from the stored, rounded win rates and margins).
pub fn losses(mover: Side, c: &TurnCheck) -> (f64, Option<f64>) {
    let sign = if mover == Side::First { 1.0 } else { -1.0 };
    let lost = r3((sign * (c.best - c.played)).max(0.0));
    let points = c
        .best_margin
        .zip(c.played_margin)
        .map(|(b, p)| r2((sign * (b - p)).max(0.0)));
    (lost, points)
}

/// What a check's turn lost as stored (`win_rate_lost`, `points_lost`), recomputed from its
/// win rates and margins where a record from before those fields lacks them.
/// `points`: whether the game has points.
pub fn stored_losses(points: bool, mover: Side, c: &TurnCheck) -> (f64, Option<f64>) {
    let (lost, by_points) = losses(mover, c);
    let points = if points {
        c.points_lost.or(by_points)
    } else {
        None
    };
    (r3(c.win_rate_lost.unwrap_or(lost)), points.map(r2))
}

/// Whether a turn the first comparison judged `class` is searched again: every marked turn,
/// or only a mistake or a blunder where the game's spec says so
/// ([`crate::games::Spec::second_look_for_inaccuracies`]).
fn needs_second_look(session: &Session, class: Option<Judgement>) -> bool {
    match class {
        None => false,
        Some(Judgement::Inaccuracy) => session.kind().spec().second_look_for_inaccuracies,
        Some(_) => true,
    }
}

fn judge_check(session: &Session, c: &TurnCheck) -> Option<Judgement> {
    let mover = session.turns()[c.turn - 1].side;
    let (lost, points) = losses(mover, c);
    Judgement::in_game(session.kind(), lost, points)
}
