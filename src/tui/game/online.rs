//! The game screen for a game on a server: the server has the game, this screen shows it.
//! A person's steps are checked here against the rules (so an illegal one is explained at
//! once) and then sent to the server, which plays them and sends every player and watcher
//! the new position ([`Play::apply_update`]). Watchers may turn on the AI's analysis.

use super::controller::Controller;
use super::play::{OnlineGame, Play, Popup, PLAY_PACE};
use crate::ai::{Purpose, Request as AiRequest};
use crate::games::{Game, Step};
use crate::online::{GameUpdate, LiveView, Request};
use crate::record::{self, Players};
use crate::session::Session;
use crate::tui::effect::Effect;
use std::time::{Duration, Instant};

/// The level of a watcher's analysis.
pub const ANALYSIS_LEVEL: u8 = 5;

/// Steps played and pending: where a session stands.
fn progress(s: &Session) -> usize {
    s.turns().iter().map(|t| t.steps.len()).sum::<usize>() + s.pending().len()
}

/// The steps `after` has beyond `before` (which it continues).
fn steps_since(before: &Session, after: &Session) -> Vec<Step> {
    let all = |s: &Session| -> Vec<Step> {
        s.turns()
            .iter()
            .flat_map(|t| t.steps.iter().copied())
            .chain(s.pending().iter().copied())
            .collect()
    };
    all(after).split_off(progress(before))
}

impl Play {
    /// The game screen for a game the server started (or that this person comes back to).
    pub fn for_server(update: GameUpdate, ai_time: Duration) -> Play {
        let GameUpdate { game, live } = update;
        let mut play = Play::new(
            game.session,
            [Controller::Human, Controller::Human],
            ai_time,
            game.started,
        );
        play.online = Some(OnlineGame {
            now: live.clock.since,
            live,
            result: game.result,
            analysis: false,
            analysed: None,
            leave_asked: false,
        });
        play
    }

    /// Brings the screen up to the server's word: the position, the clocks, the result.
    /// Says what the other side played; shows the result when the game ends.
    pub fn apply_update(&mut self, update: GameUpdate, next_job: &mut u64) -> Vec<Effect> {
        let Some(o) = self.online.as_mut() else {
            return Vec::new();
        };
        let was_over = o.result.is_some() || self.session.game().is_over();
        let turns_before = self.session.turns().len();
        let GameUpdate { game, live } = update;
        // The game and this session's seat stay the ones the screen was opened with.
        let mine = o.live.seat;
        o.now = o.now.max(live.clock.since);
        o.live = LiveView {
            id: o.live.id,
            seat: mine,
            ..live
        };
        o.result = game.result;
        let changed = progress(&game.session) != progress(&self.session)
            || game.session.turns().len() != turns_before;
        self.session = game.session;
        let mut fx = Vec::new();
        if changed {
            if let Some(turn) = self.session.turns().last() {
                if self.session.turns().len() > turns_before {
                    let seat = self.seat_of_turn(turns_before);
                    if Some(seat) != mine {
                        let who = self.seat_name(seat);
                        let text = self
                            .bid_sentence(self.session.turns().len() - 1)
                            .unwrap_or_else(|| format!("{who} played {}", turn.token));
                        self.say(text);
                    }
                }
            }
            self.ai.estimate = None;
            if self.ai.job.take().is_some() {
                fx.push(Effect::StopAi);
            }
        }
        if !was_over && self.finished() {
            self.popup = Some(Popup::Result(0));
            self.close_command();
        }
        if let Some(s) = self.online.as_ref().and_then(|o| o.live.status.clone()) {
            self.say(s);
        }
        fx.extend(self.schedule(next_job));
        fx
    }

    /// `q` on a game on a server: back to the lobby, but from a live game of one's own only
    /// at the second `q` in a row (`asked`: the key before was the first), the first saying
    /// how long the game waits. Returns whether to leave now.
    pub fn leave_now(&mut self, asked: bool) -> bool {
        let finished = self.finished();
        let Some(o) = self.online.as_mut() else {
            return true;
        };
        if o.live.seat.is_none() || finished || asked {
            return true;
        }
        o.leave_asked = true;
        let wait = crate::online::duration_words(o.live.wait.as_secs().max(1) as u32);
        self.say(format!(
            "leave the game? q again goes to the lobby: the game waits {wait} for you \
             (any other key stays)"
        ));
        false
    }

    /// What the server is told when this person leaves the game screen for the lobby: she
    /// leaves her seat in a live game (it waits for her).
    pub fn leave_request(&self) -> Option<Request> {
        let o = self.online.as_ref()?;
        (o.live.seat.is_some() && !self.finished()).then_some(Request::Leave(o.live.id))
    }

    /// Whether the key before was the first `q` of [`Play::leave_now`] (forgotten at once:
    /// only the very next key confirms).
    pub fn take_leave_asked(&mut self) -> bool {
        self.online
            .as_mut()
            .is_some_and(|o| std::mem::take(&mut o.leave_asked))
    }

    /// The seat that played turn `i` (0-based) of the game.
    fn seat_of_turn(&self, i: usize) -> usize {
        let mut s = self.session.clone();
        while s.turns().len() > i {
            s.undo_turn();
        }
        let g = s.game();
        g.to_move().index() ^ usize::from(g.swapped())
    }

    /// A second passed: the clocks move on.
    pub fn tick(&mut self, now: Instant) {
        if let Some(o) = self.online.as_mut() {
            o.now = o.now.max(now);
        }
    }

    /// A person's step (and the forced ones after it) or whole turn on a server: checked on
    /// a copy of the game, then sent. `play` makes the change on the copy.
    pub(super) fn send_online(
        &mut self,
        play: impl FnOnce(&mut Session) -> Result<(), String>,
    ) -> Vec<Effect> {
        let Some(id) = self.online.as_ref().map(|o| o.live.id) else {
            return Vec::new();
        };
        let mut trial = self.session.clone();
        if let Err(e) = play(&mut trial) {
            self.complain(e);
            return Vec::new();
        }
        // The forced partner of an Iris coloured cell goes with it.
        let mut v = Vec::new();
        while trial.game().steps_in_turn() > 0 && !trial.game().is_over() {
            trial.game().legal_steps(&mut v);
            match v.as_slice() {
                [s @ Step::Place { .. }] => {
                    if trial.play_step(*s).is_err() {
                        break;
                    }
                }
                _ => break,
            }
        }
        self.note = None;
        vec![Effect::Net(Request::Steps(
            id,
            steps_since(&self.session, &trial),
        ))]
    }

    /// A watcher turns the AI's analysis on or off.
    pub fn toggle_analysis(&mut self, next_job: &mut u64) -> Vec<Effect> {
        let Some(o) = self.online.as_mut() else {
            return Vec::new();
        };
        o.analysis = !o.analysis;
        o.analysed = None;
        let on = o.analysis;
        self.say(if on {
            "the AI analyses each position (a turns it off)"
        } else {
            "analysis off"
        });
        if !on {
            self.ai.analysis = None;
            if self.ai.job.take().is_some() {
                return vec![Effect::StopAi];
            }
            return Vec::new();
        }
        self.schedule(next_job)
    }

    /// On a server the AI only analyses, for a watcher who asked: once per position.
    pub(super) fn schedule_online(&mut self, next_job: &mut u64) -> Vec<Effect> {
        let here = progress(&self.session);
        let finished = self.finished();
        let Some(o) = self.online.as_mut() else {
            return Vec::new();
        };
        if o.live.seat.is_some() || !o.analysis || finished || o.analysed == Some(here) {
            return Vec::new();
        }
        o.analysed = Some(here);
        *next_job += 1;
        let id = *next_job;
        self.ai
            .start(id, Purpose::Estimate, ANALYSIS_LEVEL, self.session.game());
        vec![Effect::StartAi(AiRequest {
            id,
            game: self.game().clone(),
            level: ANALYSIS_LEVEL,
            time: self.ai_time(),
            pace: PLAY_PACE,
            purpose: Purpose::Estimate,
            fresh: false,
        })]
    }

    /// The game's record as text (the players by name, the result as it stands).
    pub fn record_toml(&self, human: &str) -> String {
        let mut r = crate::tui::store::to_record(&self.saved(), human);
        if let Some(o) = &self.online {
            r.players = Players {
                first: record::Player::human(&o.live.names[0]),
                second: record::Player::human(&o.live.names[1]),
            };
            if o.result.is_some() {
                r.result = o.result.clone();
            }
        }
        r.to_toml()
    }

    /// Shows the record as text to copy.
    pub fn show_record(&mut self, human: &str) {
        let text = self.record_toml(human);
        self.open_record(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    #[test]
    fn the_steps_a_copy_played_are_the_ones_sent() {
        let kind = GameKind::Linage;
        let options = crate::games::GameOptions::parse(kind, &["komi=0.5"]).unwrap();
        let mut s = Session::new(kind, options).unwrap();
        s.play_turn("e5").unwrap();
        let mut t = s.clone();
        t.play_turn("d4").unwrap();
        let steps = steps_since(&s, &t);
        assert_eq!(steps.len(), t.turns()[0].steps.len());
        let mut replay = s.clone();
        for st in steps {
            replay.play_step(st).unwrap();
        }
        assert_eq!(replay.tokens(), t.tokens());
    }
}
