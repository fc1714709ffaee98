//! A game being played on the server: the position (the server's is the one that counts),
//! the two seats, the clocks, the result. Steps are checked against the rules and against
//! whose turn it is; the clock of the seat to move runs; a clock at zero loses the game.

use crate::games::{Game, Side, Step};
use crate::online::{side_of_seat, ChallengeSpec, ClockState, GameId, GameUpdate, LiveView};
use crate::record::{self, Players, Record};
use crate::session::{PlayedGame, Session};
use std::time::{Duration, Instant};

/// A seat of a live game.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The key playing it.
    pub fingerprint: String,
    /// Its nickname.
    pub name: String,
    /// The session showing it, if the player is connected.
    pub member: Option<u64>,
    /// Since when the player has been gone, if gone.
    pub away_since: Option<Instant>,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct LiveGame {
    /// Its number.
    pub id: GameId,
    /// What was agreed.
    pub spec: ChallengeSpec,
    /// The position and its turns.
    pub session: Session,
    /// When it started (RFC 3339).
    pub started: String,
    /// The seat that made the first turn, and the other.
    pub seats: [Seat; 2],
    /// Sessions watching.
    pub watchers: Vec<u64>,
    /// The clocks.
    pub clock: ClockState,
    /// The result, once over.
    pub result: Option<String>,
    /// The clocks as at the last completed turn (at the start before any): what a game
    /// stopped by the server or lost in a crash resumes with.
    pub turn_left: [Duration; 2],
    /// Milliseconds left on each seat's clock after each turn, for the record (a resumed
    /// game continues its record's).
    pub left_log: Vec<[u64; 2]>,
}

impl LiveGame {
    /// A game starting now (or resumed from `session`) with `left` on the clocks.
    pub fn new(
        id: GameId,
        spec: ChallengeSpec,
        session: Session,
        started: String,
        seats: [Seat; 2],
        left: [Duration; 2],
        now: Instant,
    ) -> LiveGame {
        let mut g = LiveGame {
            id,
            clock: ClockState {
                control: spec.clock,
                left,
                running: None,
                since: now,
            },
            spec,
            session,
            started,
            seats,
            watchers: Vec::new(),
            result: None,
            turn_left: left,
            left_log: Vec::new(),
        };
        g.restart_clock(now);
        g
    }

    /// The seat to move.
    pub fn seat_to_move(&self) -> usize {
        let g = self.session.game();
        g.to_move().index() ^ usize::from(g.swapped())
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.result.is_some()
    }

    /// Whether someone is away (the game waits).
    pub fn waiting(&self) -> bool {
        self.seats.iter().any(|s| s.away_since.is_some())
    }

    /// Sets which clock runs: the seat to move's, unless the game is over, has no clock, or
    /// waits for a player who left.
    pub fn restart_clock(&mut self, now: Instant) {
        self.clock.since = now;
        self.clock.running =
            (self.clock.control.allowance().is_some() && !self.over() && !self.waiting())
                .then(|| self.seat_to_move());
    }

    /// Stops the running clock, keeping what it used.
    pub fn stop_clock(&mut self, now: Instant) {
        if let Some(seat) = self.clock.running {
            self.clock.left[seat] = self.clock.left_at(seat, now);
        }
        self.clock.running = None;
        self.clock.since = now;
    }

    /// Plays steps for `seat`: all of them or none. Returns whether a turn was completed.
    pub fn play(&mut self, seat: usize, steps: &[Step], now: Instant) -> Result<bool, String> {
        if self.over() {
            return Err("the game is over".into());
        }
        if self.waiting() {
            return Err("the game waits for the other player to come back".into());
        }
        if seat != self.seat_to_move() {
            return Err(format!("it is {}'s turn", self.seats[1 - seat].name));
        }
        if steps.is_empty() {
            return Err("no step".into());
        }
        let mut trial = self.session.clone();
        let turns = trial.turns().len();
        for &s in steps {
            trial.play_step(s).map_err(|e| e.to_string())?;
            // Steps after the turn ended would be the other seat's.
            if trial.turns().len() > turns
                && trial.pending().is_empty()
                && s != steps[steps.len() - 1]
            {
                return Err("more steps than a turn".into());
            }
        }
        let completed = trial.turns().len() > turns;
        if completed {
            // The record keeps what the mover had left when the turn was made.
            let mut after = self.clock.left;
            after[seat] = self.clock.left_at(seat, now);
            self.left_log.push(after.map(super::files::millis));
            // The mover's clock: what it used is gone (absolute), or it starts afresh at its
            // next turn (per move).
            let left = self.clock.left_at(seat, now);
            self.clock.left[seat] = match self.clock.control {
                crate::online::Clock::PerMove(_) => self.clock.control.allowance().unwrap_or(left),
                _ => left,
            };
        }
        self.session = trial;
        if completed {
            self.turn_left = self.clock.left;
        }
        if self.session.game().is_over() {
            self.result = self.session.game().result_text();
            self.clock.running = None;
            self.clock.since = now;
        } else if completed {
            self.restart_clock(now);
        }
        Ok(completed)
    }

    /// `seat` resigns.
    pub fn resign(&mut self, seat: usize, now: Instant) {
        let kind = self.session.kind();
        let side = side_of_seat(seat, self.session.game().swapped());
        self.stop_clock(now);
        self.result = Some(format!(
            "{}+R ({} resigned)",
            kind.side_letter(side.other()),
            kind.side_name(side)
        ));
    }

    /// Ends the game on time if the running clock is at zero; returns whether it did.
    pub fn check_time(&mut self, now: Instant) -> bool {
        let Some(seat) = self.clock.running else {
            return false;
        };
        if self.over() || self.clock.left_at(seat, now) > Duration::ZERO {
            return false;
        }
        let kind = self.session.kind();
        let side: Side = side_of_seat(seat, self.session.game().swapped());
        self.clock.left[seat] = Duration::ZERO;
        self.clock.running = None;
        self.clock.since = now;
        self.result = Some(format!(
            "{}+T ({} ran out of time)",
            kind.side_letter(side.other()),
            kind.side_name(side)
        ));
        true
    }

    /// The game's record, with the players by nickname.
    pub fn record(&self) -> Record {
        let players = Players {
            first: record::Player::human(&self.seats[0].name),
            second: record::Player::human(&self.seats[1].name),
        };
        let started = self.started.parse().unwrap_or_else(|_| record::utc_now());
        let mut r = Record::from_session(&self.session, players, started);
        if self.result.is_some() {
            r.result = self.result.clone();
        }
        r.clock = Some(record::RecordClock {
            control: super::files::clock_to_text(self.clock.control),
            left_ms: self.left_log.clone(),
        });
        r
    }

    /// The file name of its record in each player's games.
    pub fn record_file(&self) -> String {
        format!(
            "{}-{}-g{}.toml",
            self.session.kind().name(),
            self.started.replace([':', '-'], ""),
            self.id
        )
    }

    /// What the players and watchers are sent; `seat` is the receiver's; `wait`: how long
    /// the game waits for a player who leaves.
    pub fn update(
        &self,
        seat: Option<usize>,
        status: Option<String>,
        wait: Duration,
    ) -> GameUpdate {
        GameUpdate {
            game: PlayedGame {
                session: self.session.clone(),
                started: self.started.clone(),
                result: self.result.clone(),
            },
            live: LiveView {
                id: self.id,
                names: [self.seats[0].name.clone(), self.seats[1].name.clone()],
                seat,
                clock: self.clock,
                status,
                waiting: self.waiting(),
                wait,
            },
        }
    }

    /// What `adjourned/` keeps of the game besides its record, with these clocks.
    pub fn meta(&self, left: [Duration; 2]) -> super::files::AdjournedMeta {
        super::files::AdjournedMeta {
            id: self.id,
            fingerprints: self.fingerprints(),
            names: [self.seats[0].name.clone(), self.seats[1].name.clone()],
            clock: super::files::clock_to_text(self.clock.control),
            left_ms: left.map(super::files::millis),
            turns: Some(self.session.turns().len()),
        }
    }

    /// The keys of both seats.
    pub fn fingerprints(&self) -> [String; 2] {
        [
            self.seats[0].fingerprint.clone(),
            self.seats[1].fingerprint.clone(),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, GameOptions};
    use crate::online::Clock;

    fn game(clock: Clock, now: Instant) -> LiveGame {
        let kind = GameKind::Linage;
        let options = GameOptions::parse(kind, &["komi=0.5"]).unwrap();
        let seat = |n: &str| Seat {
            fingerprint: format!("SHA256:{n}"),
            name: n.into(),
            member: Some(1),
            away_since: None,
        };
        let allowance = clock.allowance().unwrap_or_default();
        LiveGame::new(
            1,
            ChallengeSpec {
                kind,
                options: options.clone(),
                clock,
            },
            Session::new(kind, options).unwrap(),
            "2026-01-01T00:00:00Z".into(),
            [seat("a"), seat("b")],
            [allowance; 2],
            now,
        )
    }

    fn step(g: &LiveGame, token: &str) -> Vec<Step> {
        let mut s = g.session.clone();
        s.play_turn(token).unwrap();
        s.turns().last().unwrap().steps.clone()
    }

    #[test]
    fn only_the_seat_to_move_plays_and_the_clocks_follow() {
        let t0 = Instant::now();
        let mut g = game(Clock::Absolute(60), t0);
        assert_eq!(g.clock.running, Some(0));
        let e5 = step(&g, "e5");
        assert!(g.play(1, &e5, t0).unwrap_err().contains("a's turn"));
        let t1 = t0 + Duration::from_secs(10);
        assert!(g.play(0, &e5, t1).unwrap());
        assert_eq!(g.clock.left[0], Duration::from_secs(50));
        assert_eq!(
            g.turn_left,
            [Duration::from_secs(50), Duration::from_secs(60)]
        );
        let clock = g.record().clock.unwrap();
        assert_eq!(clock.control, "absolute:60");
        assert_eq!(clock.left_ms, vec![[50_000, 60_000]]);
        assert_eq!(g.clock.running, Some(1));
        // Seat 1 lets its clock run out.
        assert!(!g.check_time(t1 + Duration::from_secs(59)));
        assert!(g.check_time(t1 + Duration::from_secs(61)));
        let r = g.result.clone().unwrap();
        assert!(r.starts_with("V+T") && r.contains("horizontal"), "{r}");
        assert!(g.play(1, &step(&g, "d4"), t1).is_err());
    }

    #[test]
    fn a_per_move_clock_starts_afresh_each_turn() {
        let t0 = Instant::now();
        let mut g = game(Clock::PerMove(30), t0);
        let t1 = t0 + Duration::from_secs(20);
        g.play(0, &step(&g, "e5"), t1).unwrap();
        assert_eq!(g.clock.left[0], Duration::from_secs(30));
        // The record says how long the turn took; a resumed game starts each turn afresh.
        assert_eq!(g.left_log, vec![[10_000, 30_000]]);
        assert_eq!(g.turn_left, [Duration::from_secs(30); 2]);
        assert_eq!(
            g.clock.left_at(1, t1 + Duration::from_secs(5)),
            Duration::from_secs(25)
        );
    }

    #[test]
    fn resigning_ends_the_game_with_the_reason() {
        let t0 = Instant::now();
        let mut g = game(Clock::None, t0);
        assert_eq!(g.clock.running, None);
        g.resign(1, t0);
        assert_eq!(g.result.as_deref(), Some("V+R (horizontal resigned)"));
        assert!(g.record().result.unwrap().contains("resigned"));
    }
}
