//! Analysis mode on the game screen (`a`): the AI thinks about the position on screen
//! until it changes (a turn, a history step, a take-back), then starts again on the new one;
//! the AI panel shows its win rate, margin, proven result, candidates and principal variation,
//! the board its top candidates 1–5. `v` / `V` step the principal variation on a ghost board;
//! `o` turns the ownership heat map on; `H` asks the strong AI (level 10, whatever the
//! opponent's level) what it would play for the person to move (noted in the record, marked
//! on the board). Once a game is over, analysis comes on by itself (`show_estimate`).
//!
//! The game's own jobs come first: while the AI thinks about its turn (or its bid estimate,
//! or a hint, or a review position), analysis waits, and starts again after.

use super::play::{key_of, AnalysisMode, HintedTurn, Play};
use crate::ai::{AiEvent, Analysis, Purpose, Request};
use crate::board::Cell;
use crate::config::ShowEstimate;
use crate::games::{AnyGame, Game};
use crate::tui::effect::Effect;
use std::time::Duration;

/// The level whose player analyses (the strongest player, on all cores).
pub const ANALYSIS_LEVEL: u8 = 10;

/// How long analysis thinks about one position at most (it restarts whenever the position
/// changes).
pub const ANALYSIS_TIME: Duration = Duration::from_secs(600);

/// How long a hint searches: the AI's time per turn, at least [`HINT_LEAST`] (level 10's own
/// limit stops it sooner than a long AI time).
pub fn hint_time(ai_time: Duration) -> Duration {
    ai_time.max(HINT_LEAST)
}

fn secs(a: &Analysis) -> f64 {
    a.elapsed.as_secs_f64()
}

/// The least time a hint searches, and the least an analysis must have searched the live
/// position for its best turn to be given as a hint.
pub const HINT_LEAST: Duration = Duration::from_secs(1);

impl Play {
    /// Analysis mode's state.
    pub fn analysis_mode(&self) -> &AnalysisMode {
        &self.analysis
    }

    /// Whether analysis mode is on: turned on with `a`, or come on by itself once the game
    /// is over (`show_estimate` other than `never`; not on a read-only record) and not
    /// turned off.
    pub fn analysing(&self) -> bool {
        let after_game = self.show_estimate != ShowEstimate::Never
            && self.finished()
            && self.online.is_none()
            && !self.is_read_only();
        self.analysis.on || (after_game && !self.analysis.declined)
    }

    /// Whether analysis mode may be used: any game but one played on a server (a watcher
    /// there has the server's own analysis, `a` too).
    pub fn can_analyse(&self) -> bool {
        self.online.is_none()
    }

    /// Turns analysis mode on or off.
    pub fn toggle_local_analysis(&mut self, next_job: &mut u64) -> Vec<Effect> {
        let on = !self.analysing();
        self.analysis.on = on;
        // Turned off once the game is over, it stays off; turned off during the game, it
        // still comes on by itself after it.
        self.analysis.declined = !on && self.finished();
        self.analysis.key = None;
        self.analysis.pv_step = 0;
        if on {
            self.say("analysis on: the AI thinks about the position shown (a turns it off)");
            return self.follow_position(next_job);
        }
        self.say("analysis off");
        if matches!(self.ai.job, Some((_, Purpose::Analyse))) {
            self.ai.job = None;
            self.ai.analysis = None;
            return vec![Effect::StopAi];
        }
        Vec::new()
    }

    /// After anything that may have changed the position shown: runs the review on, or
    /// restarts analysis on the new position. The game's own AI jobs come first.
    pub fn follow_position(&mut self, next_job: &mut u64) -> Vec<Effect> {
        if self.online.is_some()
            || matches!(
                self.ai.job,
                Some((_, Purpose::Turn | Purpose::Estimate | Purpose::Hint))
            )
        {
            return Vec::new();
        }
        match self.schedule_review(next_job) {
            Some(fx) => fx,
            None => self.schedule_analysis(next_job),
        }
    }

    /// Starts analysis of the position shown when analysis mode is on and the running
    /// analysis is about another position.
    pub(super) fn schedule_analysis(&mut self, next_job: &mut u64) -> Vec<Effect> {
        if !self.analysing() || self.review.as_ref().is_some_and(|r| r.is_running()) {
            return Vec::new();
        }
        let g = self.shown().clone();
        let key = key_of(&g);
        if self.analysis.key == Some(key) {
            return Vec::new();
        }
        self.analysis.key = Some(key);
        self.analysis.pv_step = 0;
        self.ai.analysis = None;
        if g.is_over() {
            if matches!(self.ai.job.take(), Some((_, Purpose::Analyse))) {
                return vec![Effect::StopAi];
            }
            return Vec::new();
        }
        *next_job += 1;
        let id = *next_job;
        self.ai.start(id, Purpose::Analyse, ANALYSIS_LEVEL, &g);
        vec![Effect::StartAi(Request {
            id,
            game: g,
            level: ANALYSIS_LEVEL,
            time: ANALYSIS_TIME,
            pace: Duration::ZERO,
            purpose: Purpose::Analyse,
            fresh: false,
        })]
    }

    /// The analysis shown on the board and in the panel when analysis mode is on: the latest
    /// one, if it is about the position shown.
    pub fn current_analysis(&self) -> Option<&Analysis> {
        let fresh = self.analysis.key == Some(key_of(self.shown()));
        self.ai.analysis().filter(|_| self.analysing() && fresh)
    }

    /// The cells of the analysis's candidates, best first (placements only).
    pub fn candidate_cells(&self) -> Vec<Cell> {
        let Some(a) = self.current_analysis() else {
            return Vec::new();
        };
        let g = self.shown();
        a.candidates
            .iter()
            .filter_map(|c| g.parse_step(&c.step).ok().and_then(|s| s.cell()))
            .collect()
    }

    /// Steps the ghost board one turn along the principal variation (`forward`) or back.
    pub fn step_pv(&mut self) -> bool {
        let len = self.current_analysis().map_or(0, |a| a.pv.len());
        if len == 0 {
            self.say("no principal variation yet");
            return false;
        }
        self.analysis.pv_step = (self.analysis.pv_step + 1) % (len + 1);
        true
    }

    /// Steps the ghost board one turn back along the principal variation.
    pub fn step_pv_back(&mut self) {
        self.analysis.pv_step = self.analysis.pv_step.saturating_sub(1);
    }

    /// The ghost board: the position shown after the first `pv_step` turns of the principal
    /// variation, and the cells of those turns. `None` at step 0.
    pub fn ghost(&self) -> Option<(AnyGame, Vec<Cell>)> {
        let step = self.analysis.pv_step;
        let a = self.current_analysis().filter(|_| step > 0)?;
        let mut g = self.shown().clone();
        let mut cells = Vec::new();
        for token in a.pv.iter().take(step) {
            let Ok(steps) = g.parse_turn(token) else {
                break;
            };
            for s in steps {
                if g.check(s).is_err() {
                    return Some((g, cells));
                }
                cells.extend(s.cell());
                g.play(s);
            }
        }
        Some((g, cells))
    }

    /// Turns the ownership heat map on or off.
    pub fn toggle_heat(&mut self) {
        self.analysis.heat = !self.analysis.heat;
        if !self.analysis.heat {
            self.say("heat map off");
            return;
        }
        // The stones' own marks exist only where stones can change hands or wait for an
        // owner (see `board::widget::heat_drawing`).
        let stones = self.session.kind().spec().heat_stone_legend;
        self.say(format!(
            "heat map: each cell's owner at the end, as the search sees it · upper case \
             settled (underlined or shaded), lower case likely{stones}"
        ));
    }

    /// The heat map to draw, when it is on and the analysis of the position shown has one.
    pub fn heat_map(&self) -> Option<&[[f64; 2]]> {
        self.current_analysis()
            .filter(|_| self.analysis.heat)
            .and_then(|a| a.ownership.as_deref())
    }

    /// Whether `H` may ask for a hint: a person to move in a game against the AI.
    pub fn can_hint(&self) -> bool {
        self.online.is_none() && self.can_act() && self.players.iter().any(|p| p.is_ai())
    }

    /// Asks the strong AI (level 10, at least [`HINT_LEAST`] on all cores, whatever the
    /// opponent's level) what it would play for the person to move; the turn is noted in the
    /// record and marked on the board. When analysis has searched the live position for
    /// [`HINT_LEAST`] already, its best turn is the hint at once; asked again on the same
    /// position, the hint is the one given.
    pub fn ask_hint(&mut self, next_job: &mut u64) -> Vec<Effect> {
        if !self.can_hint() {
            self.complain("a hint is for a person to move in a game against the AI");
            return Vec::new();
        }
        // The same position again: the same answer (a strong search can hesitate between
        // turns of nearly the same value; a hint does not).
        if let Some(h) = self
            .analysis
            .hinted
            .clone()
            .filter(|h| h.about == key_of(self.game()))
        {
            self.say(format!(
                "hint (as before for this position): the AI would play {}",
                h.token
            ));
            return Vec::new();
        }
        let ready = self
            .current_analysis()
            .filter(|a| a.elapsed >= HINT_LEAST && a.best.is_some())
            .cloned();
        if let Some(a) = ready {
            let from = format!("analysis, level {ANALYSIS_LEVEL}, {:.1} s", secs(&a));
            return self.give_hint(&a, &from);
        }
        *next_job += 1;
        let id = *next_job;
        let game = self.game().clone();
        self.ai.start(id, Purpose::Hint, ANALYSIS_LEVEL, &game);
        self.analysis.key = None;
        self.say(format!(
            "asking the AI (level {ANALYSIS_LEVEL}) for a hint…"
        ));
        vec![Effect::StartAi(Request {
            id,
            game,
            level: ANALYSIS_LEVEL,
            time: hint_time(self.ai_time()),
            pace: Duration::ZERO,
            purpose: Purpose::Hint,
            fresh: false,
        })]
    }

    /// Gives the best turn of `a` (an analysis of the live position) as the hint: noted in
    /// the record, marked on the board, the cursor on its first cell.
    fn give_hint(&mut self, a: &Analysis, from: &str) -> Vec<Effect> {
        let turn = self.session.turns().len() + 1;
        if !self.hints.contains(&turn) {
            self.hints.push(turn);
        }
        let best = a.best.clone().unwrap_or_default();
        let cells: Vec<Cell> = self
            .game()
            .parse_turn(&best)
            .map(|steps| steps.iter().filter_map(|s| s.cell()).collect())
            .unwrap_or_default();
        if let Some(&cell) = cells.first() {
            self.set_cursor(cell);
        }
        let marked = if cells.is_empty() {
            ""
        } else {
            ", ! on the board"
        };
        self.say(format!(
            "hint ({from}): the AI would play {best}{marked} (noted in the record)"
        ));
        self.analysis.hinted = Some(HintedTurn {
            about: key_of(self.game()),
            token: best,
            cells,
        });
        vec![Effect::Autosave(self.saved())]
    }

    /// The cells of the hinted turn, while the position it is for is on screen.
    pub fn hint_cells(&self) -> &[Cell] {
        self.live_hint().map_or(&[], |h| &h.cells)
    }

    /// The hinted turn, while the position it is for is on screen.
    pub fn hinted_turn(&self) -> Option<&str> {
        self.live_hint().map(|h| h.token.as_str())
    }

    /// The hint, while the position it is for is on screen.
    fn live_hint(&self) -> Option<&HintedTurn> {
        self.analysis
            .hinted
            .as_ref()
            .filter(|h| self.viewing.is_none() && h.about == key_of(self.game()))
    }

    /// The end of a job that only analysed: the bid estimate, analysis that ran out of time
    /// or was proven, a hint.
    pub(super) fn on_estimate(
        &mut self,
        purpose: Purpose,
        analysis: Analysis,
        next_job: &mut u64,
    ) -> Vec<Effect> {
        self.ai.job = None;
        match purpose {
            Purpose::Hint => {
                let from = format!("level {ANALYSIS_LEVEL}, {:.1} s", secs(&analysis));
                let mut fx = self.give_hint(&analysis, &from);
                self.ai.analysis = Some(analysis);
                fx.extend(self.follow_position(next_job));
                fx
            }
            Purpose::Estimate => {
                self.ai.estimate = Some(analysis.clone());
                self.ai.analysis = Some(analysis);
                self.follow_position(next_job)
            }
            Purpose::Analyse | Purpose::Turn => {
                self.ai.analysis = Some(analysis);
                Vec::new()
            }
        }
    }

    /// Routes a report of the AI: the review's, else the game's own.
    pub fn on_ai(&mut self, report: AiEvent, next_job: &mut u64) -> Vec<Effect> {
        if self.is_review_report(&report) {
            return self.on_review_report(report, next_job);
        }
        self.on_report(report, next_job)
    }
}
