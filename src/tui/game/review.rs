//! The review of a game on the game screen (`R`, `tessera review FILE`): every position is
//! evaluated in the background, one engine job at a time, while the interface stays usable;
//! then every turn is judged against the engine's preferred turn ([`crate::review::check`]),
//! one job per search, the same review `tessera analyze` runs; then the graph and the marks
//! appear ([`crate::review::judge`]) and `n` / `N` jump between the marked turns. Nothing is
//! written unless asked: `:save` stores a finished review in the file the record came from.
//! A record that holds a complete review shows it at once, without thinking.

use super::play::Play;
use crate::ai::{AiEvent, Purpose, Request};
use crate::games::{AnyGame, Game};
use crate::record::StoredReview;
use crate::review::check::{Checker, Job};
use crate::review::{self, Evaluation, TurnReview};
use crate::session::Session;
use crate::tui::effect::Effect;
use crate::tui::note::Note;
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
    /// turn the engine did not plan to its end.
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
    /// Starts the engine on `searched`, afresh, at the review's time (the second look's
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
        vec![Effect::StartEngine(Request {
            id,
            game: searched,
            level: REVIEW_LEVEL,
            time: Duration::from_millis(review::DEFAULT_MS),
            pace: Duration::ZERO,
            purpose: Purpose::Estimate,
            fresh: true,
        })]
    }

    /// Starts the engine on the rest of the turn under way in `game` (a preferred turn to
    /// complete).
    fn start_turn_job(&mut self, next_job: &mut u64, game: AnyGame) -> Vec<Effect> {
        *next_job += 1;
        let id = *next_job;
        self.job = Some((id, None, None));
        vec![Effect::StartEngine(Request {
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
}

impl Play {
    /// The review, if one was started or loaded.
    pub fn review(&self) -> Option<&ReviewState> {
        self.review.as_ref()
    }

    /// Whether `R` may start a review: a finished game or a record shown read-only, with
    /// turns, not on a server (there the AI is only a watcher's).
    pub fn can_review(&self) -> bool {
        self.online.is_none()
            && (self.finished() || self.is_read_only())
            && !self.session.turns().is_empty()
            && self.review.as_ref().is_none_or(|r| !r.is_complete())
    }

    /// Starts (or resumes) the review of the game as it stands; a complete review (read from
    /// the record) is only shown.
    pub fn start_review(&mut self, next_job: &mut u64) -> Vec<Effect> {
        let stored = self
            .review
            .as_ref()
            .filter(|r| r.matches(&self.session))
            .map(|r| (r.is_complete(), !r.section.is_empty()));
        self.popup = None;
        match stored {
            Some((true, _)) => {
                let engine = self
                    .review
                    .as_ref()
                    .map_or(String::new(), |r| r.section.engine.clone());
                self.say(format!(
                    "the record holds its review ({engine}): shown as stored · n N jump between marked turns"
                ));
                return Vec::new();
            }
            Some((false, true)) => {
                self.say("the record's review is incomplete: judging the turns it lacks (the game stays usable)");
            }
            _ => {
                let section = StoredReview::new(review::default_engine(review::DEFAULT_MS));
                self.review = Some(ReviewState::stored(&self.session, section));
                self.say("reviewing every position: the game stays usable (n N jump between marked turns when done)");
            }
        }
        let mut fx = Vec::new();
        if matches!(self.ai.job, Some((_, Purpose::Analyse))) {
            self.ai.job = None;
            fx.push(Effect::StopEngine);
        }
        // Analysis starts again once the review is done.
        self.analysis.key = None;
        fx.extend(self.schedule_review(next_job).unwrap_or_default());
        fx
    }

    /// Runs the review on: evaluates finished positions at once and starts the engine on
    /// the next one that needs it. `None` when no review is in progress (the engine is free
    /// for analysis), else the effects (none while a position is being evaluated).
    pub(super) fn schedule_review(&mut self, next_job: &mut u64) -> Option<Vec<Effect>> {
        let session = &self.session;
        let r = self.review.as_mut()?;
        if !r.matches(session) {
            // The game changed under the review (a take-back): it no longer applies.
            let running = r.job.is_some();
            self.review = None;
            return running.then(|| vec![Effect::StopEngine]);
        }
        if r.job.is_some() {
            return Some(Vec::new());
        }
        while !r.section.is_complete(r.turns.len()) {
            let i = r.section.len();
            let position = session.position_after(i);
            let (searched, forced) = review::past_forced(&position);
            let forced = forced.map(|s| position.format_step(s));
            if let Some(mut e) = Evaluation::exact(&searched) {
                e.best = forced.unwrap_or_default();
                e.push_to(&mut r.section, searched.points().is_some());
                continue;
            }
            return Some(r.start_job(next_job, searched, forced));
        }
        if r.checked {
            return None;
        }
        let checker = r
            .checker
            .get_or_insert_with(|| Checker::new(session, &r.section));
        while let Some(job) = checker.next(session, &mut r.section) {
            let position = match job {
                Job::FinishTurn { game } => return Some(r.start_turn_job(next_job, game)),
                Job::Evaluate { game } => game,
            };
            let (searched, forced) = review::past_forced(&position);
            let forced = forced.map(|s| position.format_step(s));
            match Evaluation::exact(&searched) {
                Some(e) => checker.answer(session, &mut r.section, e),
                None => return Some(r.start_job(next_job, searched, forced)),
            }
        }
        r.checker = None;
        r.checked = true;
        None
    }

    /// Whether `report` belongs to the review's job.
    pub(super) fn is_review_report(&self, report: &AiEvent) -> bool {
        self.review
            .as_ref()
            .and_then(|r| r.job.as_ref())
            .is_some_and(|(id, ..)| *id == report.id())
    }

    /// Handles a report of the review's job: the position's evaluation (or the steps ending
    /// a preferred turn), then the next job; once the last turn is judged, the judgements.
    pub(super) fn on_review_report(&mut self, report: AiEvent, next_job: &mut u64) -> Vec<Effect> {
        let Some(r) = self.review.as_mut() else {
            return Vec::new();
        };
        match report {
            AiEvent::Progress { .. } => return Vec::new(),
            AiEvent::Failed { message, .. } => {
                r.job = None;
                self.complain(format!("review stopped: {message} (R resumes it)"));
                return Vec::new();
            }
            AiEvent::Turn { steps, .. } if matches!(r.job, Some((_, None, _))) => {
                r.job = None;
                if let Some(c) = r.checker.as_mut() {
                    c.answer_turn(&self.session, &mut r.section, &steps);
                }
            }
            AiEvent::Estimate { analysis, .. } | AiEvent::Turn { analysis, .. } => {
                let Some((_, Some(searched), forced)) = r.job.take() else {
                    return Vec::new();
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
                match r.checker.as_mut() {
                    Some(c) => c.answer(&self.session, &mut r.section, e),
                    None => e.push_to(&mut r.section, searched.points().is_some()),
                }
            }
        }
        let mut fx = self.schedule_review(next_job).unwrap_or_default();
        let Some(r) = self.review.as_mut() else {
            return fx;
        };
        if r.is_complete() && r.reviews.is_empty() {
            r.judge(&self.session);
            let counts = review::summary(&r.reviews);
            let kind = self.session.kind();
            let side = |i: usize| kind.side_letter(crate::games::Side::from_index(i));
            let text = |i: usize| {
                let c = counts[i];
                format!("{} {} ?! {} ? {} ??", side(i), c[0], c[1], c[2])
            };
            let mut note = format!("review done: {} · {}", text(0), text(1));
            let store = r.store;
            match &self.source {
                Some(_) if store => fx.extend(self.review_to_store()),
                Some(path) => {
                    note.push_str(&format!(" (:save stores it in {})", path.display()));
                }
                None => note.push_str(" (saving the game keeps it)"),
            }
            self.say(note);
            fx.extend(self.schedule_analysis(next_job));
        }
        fx
    }

    /// `tessera review --write`: the review in progress is stored in the record's file when
    /// it is done (a review already complete is the file's own: nothing to store).
    pub fn store_review_when_done(&mut self) {
        if let Some(r) = self.review.as_mut() {
            r.store = true;
        }
    }

    /// `:save` without a file name after a review of a record read from a file: the effect
    /// storing the review in that file's `[analysis]` section (nothing else of it changes).
    pub fn review_to_store(&self) -> Option<Effect> {
        let r = self.review.as_ref().filter(|r| r.is_complete())?;
        let path = self.source.clone()?;
        Some(Effect::StoreAnalysis(
            path,
            r.turns.clone(),
            r.section.clone(),
        ))
    }

    /// Jumps to the next (`forward`) or previous marked turn of the review, showing the
    /// position after it.
    pub fn jump_marked(&mut self, forward: bool) {
        let here = self.viewed_turn();
        let marked = self
            .review
            .as_ref()
            .map(|r| {
                r.reviews
                    .iter()
                    .filter(|t| t.judgement.is_some())
                    .map(|t| t.turn)
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        let ahead = if forward {
            marked.iter().copied().find(|&t| t > here)
        } else {
            marked.iter().rev().copied().find(|&t| t < here)
        };
        // Past the last (or before the first) marked turn, the jump goes round to the other
        // end, as a list of marks is read again from the top.
        let round = if forward {
            marked.first()
        } else {
            marked.last()
        };
        let (target, wrapped) = match (ahead, round) {
            (Some(t), _) => (Some(t), false),
            (None, Some(&t)) if t != here => (Some(t), true),
            _ => (None, false),
        };
        match target {
            Some(t) => {
                self.view_turn(t);
                if let Some(r) = self.review.as_ref().and_then(|r| r.turn(t)) {
                    let j = match r.judgement {
                        Some(crate::review::Judgement::Inaccuracy) => "an inaccuracy",
                        Some(crate::review::Judgement::Mistake) => "a mistake",
                        _ => "a blunder",
                    };
                    let again = match (wrapped, forward) {
                        (false, _) => "",
                        (true, true) => " (the first marked turn again)",
                        (true, false) => " (the last marked turn again)",
                    };
                    let text = format!(
                        "turn {t}: {} was {j}: {}; the AI preferred {}{again}",
                        r.played,
                        crate::review::loss_text(r),
                        r.best
                    );
                    self.note = Some(Note {
                        about_turn: Some(t),
                        ..Note::info(text)
                    });
                }
            }
            None if marked.is_empty() => self.say("no marked turns"),
            None => self.say("this is the only marked turn"),
        }
    }
}
