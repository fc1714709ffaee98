//! What changes the game on the game screen: a person's steps and turns, take-back,
//! resignation, and the AI's jobs and reports. Each operation returns the effects the
//! runtime must carry out (autosave, start or stop the AI, game over).

use super::controller::Controller;
use super::play::{BidStep, Play, Popup, PLAY_PACE, WATCH_PACE};
use crate::ai::{AiEvent, Purpose, Request};
use crate::board::Cell;
use crate::games::{Game, Step};
use crate::session::Session;
use crate::tui::effect::Effect;

impl Play {
    /// Why a person cannot act now, if they cannot.
    fn not_your_turn(&self) -> Option<String> {
        if let Some(why) = self.read_only_reason() {
            return Some(format!("read-only: {why}"));
        }
        if self.viewing.is_some() {
            return Some("viewing the history: End returns to the game".into());
        }
        if self.finished() {
            return Some("the game is over".into());
        }
        if self.controller().is_ai() {
            return Some("the AI is to move: wait, or take back".into());
        }
        if let Some(o) = &self.online {
            let seat = self.seat_of(self.game().to_move());
            if o.live.seat.is_none() {
                return Some("you are watching this game".into());
            }
            if o.live.waiting {
                return Some("the game waits for the other player to come back".into());
            }
            if o.live.seat != Some(seat) {
                return Some(format!("it is {}'s turn", o.live.names[seat]));
            }
        }
        None
    }

    /// A person plays one step. Illegal: the rules' reason, and nothing changes.
    pub fn human_step(&mut self, step: Step, next_job: &mut u64) -> Vec<Effect> {
        if let Some(why) = self.not_your_turn() {
            self.complain(why);
            return Vec::new();
        }
        let what = |g: &crate::games::AnyGame, e: &dyn std::fmt::Display| match step.cell() {
            Some(c) => format!("{}: {e}", g.geometry().name(c)),
            None => format!("{}: {e}", g.format_step(step)),
        };
        if self.online.is_some() {
            return self.send_online(|s| {
                let g = s.game().clone();
                s.play_step(step).map_err(|e| what(&g, &e))
            });
        }
        let before = self.session.turns().len();
        if let Err(e) = self.session.play_step(step) {
            let text = what(self.game(), &e);
            self.complain(text);
            return Vec::new();
        }
        self.note = None;
        self.play_forced();
        self.say_bid_turn(before);
        self.after_change(before, next_job)
    }

    /// Places at `cell` with the stone the game and the colour choice call for.
    pub fn place_at(&mut self, cell: Cell, next_job: &mut u64) -> Vec<Effect> {
        let stone = self.placement_stone();
        self.human_step(Step::Place { cell, stone }, next_job)
    }

    /// Plays the rest of the turn while exactly one step is possible and it is a stone (the
    /// forced partner of an Iris coloured cell).
    fn play_forced(&mut self) {
        let mut v = Vec::new();
        while self.game().steps_in_turn() > 0 && !self.game().is_over() {
            self.game().legal_steps(&mut v);
            match v.as_slice() {
                [s @ Step::Place { cell, .. }] => {
                    let (s, name) = (*s, self.game().geometry().name(*cell));
                    if self.session.play_step(s).is_err() {
                        break;
                    }
                    self.say(format!("{name} placed for you (forced)"));
                }
                _ => break,
            }
        }
    }

    /// After a turn of the bid, says who did what ("you set komi 2.5").
    fn say_bid_turn(&mut self, turns_before: usize) {
        if self.session.turns().len() > turns_before {
            if let Some(s) = self.bid_sentence(turns_before) {
                self.say(s);
            }
        }
    }

    /// Plays a whole turn token typed on the command line (or one step of a turn in
    /// progress).
    pub fn human_token(&mut self, text: &str, next_job: &mut u64) -> Vec<Effect> {
        if let Some(why) = self.not_your_turn() {
            self.complain(why);
            return Vec::new();
        }
        if self.online.is_some() {
            return self.send_online(|s| {
                let r = if s.pending().is_empty() {
                    s.play_turn(text).map_err(|e| e.to_string())
                } else {
                    s.game()
                        .parse_step(text)
                        .map_err(|e| e.to_string())
                        .and_then(|st| s.play_step(st).map_err(|e| e.to_string()))
                };
                r.map_err(|e| format!("{text}: {e}"))
            });
        }
        let before = self.session.turns().len();
        let result = if self.session.pending().is_empty() {
            self.session.play_turn(text).map_err(|e| e.to_string())
        } else {
            self.game()
                .parse_step(text)
                .map_err(|e| e.to_string())
                .and_then(|s| self.session.play_step(s).map_err(|e| e.to_string()))
        };
        match result {
            Err(e) => {
                self.complain(format!("{text}: {e}"));
                Vec::new()
            }
            Ok(()) => {
                self.note = None;
                self.play_forced();
                self.say_bid_turn(before);
                self.after_change(before, next_job)
            }
        }
    }

    /// After the game changed: autosave a completed turn, show the result at the end, let
    /// the AI move when it is its turn.
    pub fn after_change(&mut self, turns_before: usize, next_job: &mut u64) -> Vec<Effect> {
        let mut fx = Vec::new();
        if self.finished() {
            if self.ai.job.take().is_some() {
                fx.push(Effect::StopAi);
            }
            self.popup = Some(Popup::Result(0));
            fx.push(Effect::GameOver(self.saved()));
            return fx;
        }
        if self.session.turns().len() != turns_before {
            fx.push(Effect::Autosave(self.saved()));
            self.ai.estimate = None;
        }
        fx.extend(self.schedule(next_job));
        fx
    }

    /// Starts the AI when it is to move and not yet thinking; asks for its estimate when a
    /// person must pick a side in the bid against it; else lets a review or analysis use the
    /// AI ([`Play::follow_position`]).
    pub fn schedule(&mut self, next_job: &mut u64) -> Vec<Effect> {
        let mut fx = self.schedule_game(next_job);
        fx.extend(self.follow_position(next_job));
        fx
    }

    /// The game's own AI jobs: its turn, its estimate in the bid.
    fn schedule_game(&mut self, next_job: &mut u64) -> Vec<Effect> {
        if self.online.is_some() {
            return self.schedule_online(next_job);
        }
        if self.finished() || self.is_read_only() || (self.paused() && self.watching()) {
            return Vec::new();
        }
        let to_move = self.game().to_move();
        let purpose = if self.controller().is_ai() {
            Purpose::Turn
        } else if self.bid_step() == Some(BidStep::Side)
            && self.player_of(to_move.other()).is_ai()
            && self.ai.estimate.is_none()
            && self.shows_opponent_estimate()
        {
            Purpose::Estimate
        } else {
            if let Some((_, Purpose::Estimate)) = self.ai.job {
                self.ai.job = None;
                return vec![Effect::StopAi];
            }
            return Vec::new();
        };
        if matches!(self.ai.job, Some((_, p)) if p == purpose) {
            return Vec::new();
        }
        if matches!(self.ai.job, Some((_, Purpose::Hint))) && purpose == Purpose::Estimate {
            return Vec::new();
        }
        let level = match (self.controller(), self.player_of(to_move.other())) {
            (Controller::Ai { level }, _) | (_, Controller::Ai { level }) => level,
            _ => 1,
        };
        *next_job += 1;
        let id = *next_job;
        self.ai.start(id, purpose, level, self.session.game());
        // The AI leaves any analysis for this job: analysis starts again after it.
        self.analysis.key = None;
        vec![Effect::StartAi(Request {
            id,
            game: self.game().clone(),
            level,
            time: self.ai_time(),
            pace: if self.watching() {
                WATCH_PACE
            } else {
                PLAY_PACE
            },
            purpose,
            fresh: false,
        })]
    }

    /// Handles a report of the AI (reports of stopped jobs are ignored).
    pub fn on_report(&mut self, report: AiEvent, next_job: &mut u64) -> Vec<Effect> {
        match self.ai.job {
            Some((id, _)) if id == report.id() => {}
            _ => return Vec::new(),
        }
        match report {
            AiEvent::Progress { analysis, .. } => {
                self.ai.analysis = Some(analysis);
                Vec::new()
            }
            AiEvent::Estimate { analysis, .. } => {
                let purpose = self.ai.job.map_or(Purpose::Estimate, |(_, p)| p);
                self.on_estimate(purpose, analysis, next_job)
            }
            AiEvent::Failed { message, .. } => {
                self.ai.fail(&message);
                self.complain(format!("AI: {message}"));
                Vec::new()
            }
            AiEvent::Turn {
                steps, analysis, ..
            } => {
                self.ai.job = None;
                self.ai.analysis = Some(analysis);
                let before = self.session.turns().len();
                let token = self.game().format_turn(&steps);
                let mut trial = self.session.clone();
                for &s in &steps {
                    if let Err(e) = trial.play_step(s) {
                        self.complain(format!("the AI chose an illegal turn {token}: {e}"));
                        return Vec::new();
                    }
                }
                self.session = trial;
                self.ai.turn_played(token.clone(), self.session.game());
                self.say(format!("AI played {token}"));
                self.say_bid_turn(before);
                self.after_change(before, next_job)
            }
        }
    }

    /// Takes back: the stones of a turn in progress; against the AI, back to the last
    /// position where a person was to move before their previous turn; else one turn.
    pub fn take_back(&mut self, next_job: &mut u64) -> Vec<Effect> {
        if self.online.is_some() {
            self.complain("no take-backs in a game on the server");
            return Vec::new();
        }
        if self.is_read_only() || self.viewing.is_some() {
            if let Some(why) = self.not_your_turn() {
                self.complain(why);
            }
            return Vec::new();
        }
        let mut fx = Vec::new();
        if self.ai.job.take().is_some() {
            fx.push(Effect::StopAi);
        }
        // A failed job was about the position taken back.
        self.ai.failed = None;
        let had_turns = self.session.turns().len();
        if !self.session.pending().is_empty() {
            self.session.undo_turn();
            self.say("took back the stones of this turn");
        } else if self.players.iter().all(|p| !p.is_ai()) {
            if self.session.undo_turn() {
                self.resigned = None;
                self.say("took back one turn");
            } else {
                self.complain("nothing to take back");
            }
        } else {
            // Only undo when a person's turn is in the log, else the AI's first turn would
            // just be played again.
            let mut probe = self.session.clone();
            let mut found = false;
            while probe.undo_turn() {
                if !self.player_of_in(&probe).is_ai() {
                    found = true;
                    break;
                }
            }
            if found {
                self.session = probe;
                self.resigned = None;
                self.say("took back to your previous turn");
            } else {
                self.complain("nothing of yours to take back");
            }
        }
        self.popup = None;
        self.ai.estimate = None;
        if self.session.turns().len() != had_turns {
            fx.push(Effect::Autosave(self.saved()));
        }
        fx.extend(self.schedule(next_job));
        fx
    }

    fn player_of_in(&self, s: &Session) -> Controller {
        let g = s.game();
        self.players[g.to_move().index() ^ usize::from(g.swapped())]
    }

    /// Resigns for the side to move (a person's side).
    pub fn resign(&mut self) -> Vec<Effect> {
        if let Some(o) = &self.online {
            // On a server a player may resign at any moment; the server ends the game.
            return match (o.live.seat, self.finished()) {
                (None, _) => {
                    self.complain("you are watching this game");
                    Vec::new()
                }
                (_, true) => {
                    self.complain("the game is over");
                    Vec::new()
                }
                (Some(_), false) => vec![Effect::Net(crate::online::Request::Resign(o.live.id))],
            };
        }
        if let Some(why) = self.not_your_turn() {
            self.complain(why);
            return Vec::new();
        }
        self.resigned = Some(self.game().to_move());
        let mut fx = Vec::new();
        if self.ai.job.take().is_some() {
            fx.push(Effect::StopAi);
        }
        self.popup = Some(Popup::Result(0));
        fx.push(Effect::GameOver(self.saved()));
        fx
    }
}
