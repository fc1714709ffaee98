//! The review of a game on the game screen (`R`, `tessera review FILE`): every position is
//! evaluated in the background, one AI job at a time, while the interface stays usable;
//! then every turn is judged against the AI's preferred turn ([`crate::review::check`]),
//! one job per search, the same review `tessera analyze` runs; then the graph and the marks
//! appear ([`crate::review::judge`]) and `n` / `N` jump between the marked turns. Nothing is
//! written unless asked: `:save` stores a finished review in the file the record came from.
//! A record that holds a complete review shows it at once, without thinking.
//!
//! The review's own state and how it moves on are [`super::review_state`]'s; this file runs it
//! from the screen: `R`, the AI's reports routed to it, what is said when it is done, `n` / `N`.

use super::play::Play;
use super::review_state::ReviewState;
use crate::ai::{AiEvent, Purpose};
use crate::record::StoredReview;
use crate::review;
use crate::tui::effect::Effect;
use crate::tui::note::Note;

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
            .map(|r| (r.is_complete(), !r.section().is_empty()));
        self.popup = None;
        match stored {
            Some((true, _)) => {
                let engine = self
                    .review
                    .as_ref()
                    .map_or(String::new(), |r| r.section().engine.clone());
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
        // A failed review job is said until the review goes on.
        self.ai.failed = None;
        let mut fx = Vec::new();
        if matches!(self.ai.job, Some((_, Purpose::Analyse))) {
            self.ai.job = None;
            fx.push(Effect::StopAi);
        }
        // Analysis starts again once the review is done.
        self.analysis.key = None;
        fx.extend(self.schedule_review(next_job).unwrap_or_default());
        fx
    }

    /// Runs the review on: evaluates finished positions at once and starts the AI on the
    /// next one that needs it. `None` when no review is in progress (the AI is free
    /// for analysis), else the effects (none while a position is being evaluated).
    pub(super) fn schedule_review(&mut self, next_job: &mut u64) -> Option<Vec<Effect>> {
        let session = &self.session;
        let r = self.review.as_mut()?;
        if !r.matches(session) {
            // The game changed under the review (a take-back): it no longer applies.
            let running = r.is_running();
            self.review = None;
            return running.then(|| vec![Effect::StopAi]);
        }
        r.schedule(session, next_job)
    }

    /// Whether `report` belongs to the review's job.
    pub(super) fn is_review_report(&self, report: &AiEvent) -> bool {
        self.review
            .as_ref()
            .is_some_and(|r| r.runs_job(report.id()))
    }

    /// Handles a report of the review's job: the position's evaluation (or the steps ending
    /// a preferred turn), then the next job; once the last turn is judged, the judgements.
    pub(super) fn on_review_report(&mut self, report: AiEvent, next_job: &mut u64) -> Vec<Effect> {
        let Some(r) = self.review.as_mut() else {
            return Vec::new();
        };
        match r.on_report(&self.session, report) {
            Ok(true) => {}
            Ok(false) => return Vec::new(),
            Err(message) => {
                self.ai.failed = Some(message.clone());
                self.complain(format!("review stopped: {message} (R resumes it)"));
                return Vec::new();
            }
        }
        let mut fx = self.schedule_review(next_job).unwrap_or_default();
        let Some(r) = self.review.as_mut() else {
            return fx;
        };
        if r.finish(&self.session) {
            let counts = review::summary(r.reviews());
            let kind = self.session.kind();
            let side = |i: usize| kind.side_letter(crate::games::Side::from_index(i));
            let text = |i: usize| {
                let c = counts[i];
                format!("{} {} ?! {} ? {} ??", side(i), c[0], c[1], c[2])
            };
            let mut note = format!("review done: {} · {}", text(0), text(1));
            let store = r.stores_when_done();
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
            r.store_when_done();
        }
    }

    /// `:save` without a file name after a review of a record read from a file: the effect
    /// storing the review in that file's `[analysis]` section (nothing else of it changes).
    pub fn review_to_store(&self) -> Option<Effect> {
        let r = self.review.as_ref().filter(|r| r.is_complete())?;
        let path = self.source.clone()?;
        Some(Effect::StoreAnalysis(
            path,
            r.turns().to_vec(),
            r.section().clone(),
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
                r.reviews()
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
