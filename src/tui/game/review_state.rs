//! The state of a game's review ([`ReviewState`]): the evaluations so far, the AI job in
//! progress, the comparison of the turns with the AI's preferred ones, the judgements; and how
//! it moves on: which position to ask the AI about next, what its answers change. It knows the
//! game's session, not the screen: the game screen's model (`play`) holds it and [`super::review`]
//! runs it from the screen.

use crate::ai::{AiEvent, Purpose, Request};
use crate::games::{AnyGame, Game};
use crate::record::StoredReview;
use crate::review::check::{Checker, Job};
use crate::review::{self, Evaluation, TurnReview};
use crate::session::Session;
use crate::tui::effect::Effect;
use std::time::Duration;

/// The level whose player reviews (the strongest, on all cores).
pub const REVIEW_LEVEL: u8 = 10;

/// A review on the game screen.
#[derive(Clone, Debug)]
pub struct ReviewState {
    section: StoredReview,
    /// The turns reviewed (the game's turns when the review started).
    turns: Vec<String>,
    /// The job evaluating a position: its id, the position searched (past any forced steps)
    /// and the forced step's text, if any; or (no position) the job finishing a preferred
    /// turn the AI did not plan to its end.
    job: Option<(u64, Option<AnyGame>, Option<String>)>,
    /// The comparison of the turns with the preferred ones, once every position is
    /// evaluated, until it is done.
    checker: Option<Checker>,
    /// Whether the comparison is done (or was, for a review read from a record).
    checked: bool,
    /// The judged turns, once every position is evaluated.
    reviews: Vec<TurnReview>,
    /// Whether to store the review in the record's file once it is done (`tessera review
    /// --write`).
    store: bool,
}

impl ReviewState {
    /// Starts the AI on `searched`, afresh, at the review's time (the second look's
    /// searches too, as `tessera analyze`'s).
    fn start_job(
        &mut self,
        next_job: &mut u64,
        searched: AnyGame,
        forced: Option<String>,
    ) -> Vec<Effect> {
        *next_job += 1;
        let id = *next_job;
        self.job = Some((id, Some(searched.clone()), forced));
        vec![Effect::StartAi(Request {
            id,
            game: searched,
            level: REVIEW_LEVEL,
            time: Duration::from_millis(review::DEFAULT_MS),
            pace: Duration::ZERO,
            purpose: Purpose::Estimate,
            fresh: true,
        })]
    }

    /// Starts the AI on the rest of the turn under way in `game` (a preferred turn to
    /// complete).
    fn start_turn_job(&mut self, next_job: &mut u64, game: AnyGame) -> Vec<Effect> {
        *next_job += 1;
        let id = *next_job;
        self.job = Some((id, None, None));
        vec![Effect::StartAi(Request {
            id,
            game,
            level: REVIEW_LEVEL,
            time: Duration::from_millis(review::DEFAULT_MS),
            pace: Duration::ZERO,
            purpose: Purpose::Turn,
            fresh: true,
        })]
    }

    /// A review read from a record: judged at once when it covers the whole game (one from
    /// an older version may lack the judgement of some turns: `R` judges them).
    pub fn stored(session: &Session, section: StoredReview) -> ReviewState {
        let checked = review::is_complete(session, &section);
        let mut r = ReviewState {
            section,
            turns: session.tokens(),
            job: None,
            checker: None,
            checked,
            reviews: Vec::new(),
            store: false,
        };
        r.judge(session);
        r
    }

    fn judge(&mut self, session: &Session) {
        if self.is_complete() {
            self.reviews = review::judge(session, &self.section);
        }
    }

    /// What has been evaluated so far.
    pub fn section(&self) -> &StoredReview {
        &self.section
    }

    /// Whether the review is of this game as it stands.
    pub fn matches(&self, session: &Session) -> bool {
        session.tokens() == self.turns
    }

    /// Positions evaluated and positions in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.section.len(), self.turns.len() + 1)
    }

    /// Turns compared with the preferred ones and turns to compare, once every position is
    /// evaluated and until the comparison is done.
    pub fn checks_progress(&self) -> Option<(usize, usize)> {
        self.checker.as_ref().map(Checker::progress)
    }

    /// Whether every position has been evaluated and the turns compared.
    pub fn is_complete(&self) -> bool {
        self.section.is_complete(self.turns.len()) && self.checked
    }

    /// Whether an evaluation is under way.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// The judged turns (empty until the review is complete).
    pub fn reviews(&self) -> &[TurnReview] {
        &self.reviews
    }

    /// The judged turn `turn` (1-based), if the review has it.
    pub fn turn(&self, turn: usize) -> Option<&TurnReview> {
        turn.checked_sub(1).and_then(|i| self.reviews.get(i))
    }

    /// Whether the AI job `id` is the review's.
    pub fn runs_job(&self, id: u64) -> bool {
        self.job.as_ref().is_some_and(|(j, ..)| *j == id)
    }

    /// The turns reviewed.
    pub fn turns(&self) -> &[String] {
        &self.turns
    }

    /// Stores the review in the record's file once it is done (`tessera review --write`).
    pub fn store_when_done(&mut self) {
        self.store = true;
    }

    /// Whether the review is to be stored in the record's file once it is done.
    pub fn stores_when_done(&self) -> bool {
        self.store
    }

    /// Runs the review of `session` (which it matches) on: evaluates finished positions at
    /// once and starts the AI on the next one that needs it. `None` once every position is
    /// evaluated and the turns compared (the AI is free for analysis), else the effects (none
    /// while a position is being evaluated).
    pub fn schedule(&mut self, session: &Session, next_job: &mut u64) -> Option<Vec<Effect>> {
        if self.job.is_some() {
            return Some(Vec::new());
        }
        while !self.section.is_complete(self.turns.len()) {
            let i = self.section.len();
            let position = session.position_after(i);
            let (searched, forced) = review::past_forced(&position);
            let forced = forced.map(|s| position.format_step(s));
            if let Some(mut e) = Evaluation::exact(&searched) {
                e.best = forced.unwrap_or_default();
                e.push_to(&mut self.section, searched.points().is_some());
                continue;
            }
            return Some(self.start_job(next_job, searched, forced));
        }
        if self.checked {
            return None;
        }
        let checker = self
            .checker
            .get_or_insert_with(|| Checker::new(session, &self.section));
        while let Some(job) = checker.next(session, &mut self.section) {
            let position = match job {
                Job::FinishTurn { game } => return Some(self.start_turn_job(next_job, game)),
                Job::Evaluate { game } => game,
            };
            let (searched, forced) = review::past_forced(&position);
            let forced = forced.map(|s| position.format_step(s));
            match Evaluation::exact(&searched) {
                Some(e) => checker.answer(session, &mut self.section, e),
                None => return Some(self.start_job(next_job, searched, forced)),
            }
        }
        self.checker = None;
        self.checked = true;
        None
    }

    /// Takes a report of the review's job on `session`: the position's evaluation, or the
    /// steps ending a preferred turn. `Ok(true)` when the review moved on (the next job is
    /// due), `Ok(false)` when there was nothing to take, `Err` with the AI's message when
    /// the job failed.
    pub fn on_report(&mut self, session: &Session, report: AiEvent) -> Result<bool, String> {
        match report {
            AiEvent::Progress { .. } => return Ok(false),
            AiEvent::Failed { message, .. } => {
                self.job = None;
                return Err(message);
            }
            AiEvent::Turn { steps, .. } if matches!(self.job, Some((_, None, _))) => {
                self.job = None;
                if let Some(c) = self.checker.as_mut() {
                    c.answer_turn(session, &mut self.section, &steps);
                }
            }
            AiEvent::Estimate { analysis, .. } | AiEvent::Turn { analysis, .. } => {
                let Some((_, Some(searched), forced)) = self.job.take() else {
                    return Ok(false);
                };
                let best = match forced {
                    Some(forced) => forced,
                    None => review::preferred_turn(
                        &searched,
                        analysis.best.unwrap_or_default(),
                        &analysis.candidates,
                    ),
                };
                let win_rate = match analysis.proven {
                    Some("win") => 1.0,
                    Some("loss") => 0.0,
                    Some(_) => 0.5,
                    None => analysis.win_rate.unwrap_or(0.5),
                };
                let e = Evaluation::from_search(&searched, win_rate, analysis.score, best);
                match self.checker.as_mut() {
                    Some(c) => c.answer(session, &mut self.section, e),
                    None => e.push_to(&mut self.section, searched.points().is_some()),
                }
            }
        }
        Ok(true)
    }

    /// Judges the turns of `session` once the review is complete: whether it just did (the
    /// judgements were not there before).
    pub fn finish(&mut self, session: &Session) -> bool {
        if !self.is_complete() || !self.reviews.is_empty() {
            return false;
        }
        self.judge(session);
        true
    }
}
