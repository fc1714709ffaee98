//! The meeting place of every session on the server: who is here, the open challenges, the
//! games in progress and the adjourned ones. Sessions ask it things ([`Request`], through a
//! [`HubLink`]); it answers each session on that session's own message channel ([`Event`]).
//! A timer calls [`Hub::tick`] a few times a second: clocks, lost-on-time, players who did not
//! come back in time (their games are adjourned), the clocks' once-a-second redraw.
//!
//! Everything is behind one mutex: each operation is short (no file is read while a game is
//! played; records are written after a completed turn, a few hundred bytes).

use super::files::{AdjournedMeta, DataDir, Profile};
use super::live::{LiveGame, Seat};
use crate::record::Record;
use crate::tui::app::Msg;
use crate::tui::name_form::name_problem;
use crate::tui::online::{ChallengeSpec, Event, GameId, Link, Request};
use std::collections::HashMap;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Where a session is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    Lobby,
    Playing(GameId),
    Watching(GameId),
}

pub(super) struct Member {
    pub(super) fingerprint: String,
    pub(super) name: Option<String>,
    pub(super) tx: Sender<Msg>,
    pub(super) place: Place,
}

pub(super) struct Challenge {
    pub(super) id: GameId,
    pub(super) creator: u64,
    pub(super) spec: ChallengeSpec,
}

pub(super) struct Adjourned {
    pub(super) meta: AdjournedMeta,
    pub(super) what: String,
    pub(super) asked: [bool; 2],
}

/// The server's shared state.
pub struct Hub {
    pub(super) data: DataDir,
    pub(super) adjourn_after: Duration,
    pub(super) members: HashMap<u64, Member>,
    pub(super) next_member: u64,
    /// Known nicknames (lower case) and their keys.
    pub(super) names: HashMap<String, String>,
    pub(super) challenges: Vec<Challenge>,
    pub(super) games: HashMap<GameId, LiveGame>,
    pub(super) adjourned: HashMap<GameId, Adjourned>,
    pub(super) next_game: GameId,
    pub(super) last_tick: Option<Instant>,
}

/// The hub, shared.
pub type SharedHub = Arc<Mutex<Hub>>;

/// Locks the hub (a panic elsewhere while it was held does not stop the server).
pub fn lock(hub: &SharedHub) -> std::sync::MutexGuard<'_, Hub> {
    hub.lock().unwrap_or_else(|e| e.into_inner())
}

pub(super) fn send(m: &Member, e: Event) {
    let _ = m.tx.send(Msg::Net(e));
}

fn now_rfc3339() -> String {
    crate::record::utc_now().to_string()
}

impl Hub {
    /// The hub of a data directory: known nicknames and adjourned games are read back.
    pub fn new(data: DataDir, adjourn_after: Duration) -> Hub {
        let names = data
            .profiles()
            .into_iter()
            .map(|p| (p.name.to_lowercase(), p.fingerprint))
            .collect();
        let mut adjourned = HashMap::new();
        let mut next_game = 1;
        for meta in data.adjourned() {
            next_game = next_game.max(meta.id + 1);
            let what = match Record::load(&data.adjourned_record(meta.id)) {
                Ok((_, s)) => format!("{} · turn {}", s.kind().title(), s.turns().len() + 1),
                Err(e) => {
                    eprintln!("tessera serve: adjourned game {}: {e}", meta.id);
                    continue;
                }
            };
            let asked = [false; 2];
            adjourned.insert(meta.id, Adjourned { meta, what, asked });
        }
        Hub {
            data,
            adjourn_after,
            members: HashMap::new(),
            next_member: 1,
            names,
            challenges: Vec::new(),
            games: HashMap::new(),
            adjourned,
            next_game,
            last_tick: None,
        }
    }

    /// The nickname remembered for a key.
    pub fn name_of(&self, fingerprint: &str) -> Option<String> {
        self.data
            .profiles()
            .into_iter()
            .find(|p| p.fingerprint == fingerprint)
            .map(|p| p.name)
    }

    /// A session arrives. A player coming back to a game that waits for them is put back in
    /// it at once.
    pub fn join(&mut self, fingerprint: &str, name: Option<String>, tx: Sender<Msg>) -> u64 {
        let id = self.next_member;
        self.next_member += 1;
        self.members.insert(
            id,
            Member {
                fingerprint: fingerprint.to_string(),
                name,
                tx,
                place: Place::Lobby,
            },
        );
        let now = Instant::now();
        let back = self.games.values_mut().find_map(|g| {
            let seat = (0..2)
                .find(|&s| g.seats[s].fingerprint == fingerprint && g.seats[s].member.is_none())?;
            Some((g.id, seat))
        });
        if let Some((gid, seat)) = back {
            let g = self.games.get_mut(&gid).expect("found above");
            g.seats[seat].member = Some(id);
            g.seats[seat].away_since = None;
            g.restart_clock(now);
            self.members.get_mut(&id).expect("just added").place = Place::Playing(gid);
            let name = g.seats[seat].name.clone();
            self.broadcast_game(gid, Some(format!("{name} is back: the game goes on")));
        }
        self.broadcast_lobby();
        id
    }

    /// A session ends. A player of a game in progress is waited for.
    pub fn leave(&mut self, member: u64) {
        let Some(m) = self.members.remove(&member) else {
            return;
        };
        self.challenges.retain(|c| c.creator != member);
        let now = Instant::now();
        match m.place {
            Place::Playing(gid) => {
                if let Some(g) = self.games.get_mut(&gid) {
                    if let Some(seat) = (0..2).find(|&s| g.seats[s].member == Some(member)) {
                        g.stop_clock(now);
                        g.seats[seat].member = None;
                        g.seats[seat].away_since = Some(now);
                        let status = self.away_text(gid);
                        self.broadcast_game(gid, status);
                    }
                }
            }
            Place::Watching(gid) => {
                if let Some(g) = self.games.get_mut(&gid) {
                    g.watchers.retain(|&w| w != member);
                }
            }
            Place::Lobby => {}
        }
        self.broadcast_lobby();
    }

    /// "bob left: the game waits for them until they come back (up to 10 min)".
    pub(super) fn away_text(&self, gid: GameId) -> Option<String> {
        let g = self.games.get(&gid)?;
        let away: Vec<&str> = g
            .seats
            .iter()
            .filter(|s| s.away_since.is_some())
            .map(|s| s.name.as_str())
            .collect();
        if away.is_empty() {
            return None;
        }
        Some(format!(
            "{} left: the game waits up to {} for them to come back, then it is adjourned",
            away.join(" and "),
            crate::tui::online::duration_words(self.adjourn_after.as_secs_f64().round() as u32)
        ))
    }

    /// Carries out a session's request.
    pub fn request(&mut self, member: u64, r: Request) {
        if !self.members.contains_key(&member) {
            return;
        }
        match r {
            Request::SetName(name) => self.set_name(member, name),
            Request::Open(spec) => {
                if self.members[&member].name.is_none() {
                    return;
                }
                // One open challenge per session: a new one replaces the old.
                self.challenges.retain(|c| c.creator != member);
                let id = self.next_game;
                self.next_game += 1;
                self.challenges.push(Challenge {
                    id,
                    creator: member,
                    spec,
                });
                self.notice(member, "challenge open: it waits in the lobby for someone");
                self.broadcast_lobby();
            }
            Request::Cancel(id) => {
                self.challenges
                    .retain(|c| !(c.id == id && c.creator == member));
                self.broadcast_lobby();
            }
            Request::Accept(id) => self.accept(member, id),
            Request::Watch(gid) => {
                let Some(g) = self.games.get_mut(&gid) else {
                    return self.notice(member, "that game has ended");
                };
                g.watchers.push(member);
                let update = g.update(None, None);
                let m = self.members.get_mut(&member).expect("checked");
                m.place = Place::Watching(gid);
                send(m, Event::Game(Box::new(update)));
                self.broadcast_lobby();
            }
            Request::Lobby => self.back_to_lobby(member),
            Request::Steps(gid, steps) => self.steps(member, gid, &steps),
            Request::Resign(gid) => {
                let now = Instant::now();
                let Some(g) = self.games.get_mut(&gid) else {
                    return;
                };
                let Some(seat) = (0..2).find(|&s| g.seats[s].member == Some(member)) else {
                    return;
                };
                if g.over() {
                    return;
                }
                g.resign(seat, now);
                self.finish(gid);
            }
            Request::Resume(id) => self.resume(member, id),
        }
    }

    pub(super) fn notice(&self, member: u64, text: &str) {
        if let Some(m) = self.members.get(&member) {
            send(m, Event::Notice(text.to_string()));
        }
    }

    fn set_name(&mut self, member: u64, name: String) {
        let fp = self.members[&member].fingerprint.clone();
        let answer = if let Some(why) = name_problem(&name) {
            Err(why)
        } else if self
            .names
            .get(&name.to_lowercase())
            .is_some_and(|owner| *owner != fp)
        {
            Err(format!("{name} is taken: choose another"))
        } else {
            let profile = Profile {
                name: name.clone(),
                fingerprint: fp.clone(),
            };
            match self.data.save_profile(&profile) {
                Ok(()) => {
                    self.names.retain(|_, owner| *owner != fp);
                    self.names.insert(name.to_lowercase(), fp.clone());
                    for m in self.members.values_mut().filter(|m| m.fingerprint == fp) {
                        m.name = Some(name.clone());
                    }
                    Ok(name)
                }
                Err(e) => Err(format!("the server could not keep the name: {e}")),
            }
        };
        send(&self.members[&member], Event::Named(answer));
    }

    /// Back in the lobby; a player of a game in progress stays in it (and is shown it).
    fn back_to_lobby(&mut self, member: u64) {
        let place = self.members[&member].place;
        match place {
            Place::Playing(gid) if self.games.get(&gid).is_some_and(|g| !g.over()) => {
                let g = &self.games[&gid];
                let seat = (0..2).find(|&s| g.seats[s].member == Some(member));
                let update = g.update(seat, self.away_text(gid));
                send(&self.members[&member], Event::Game(Box::new(update)));
                return;
            }
            Place::Watching(gid) => {
                if let Some(g) = self.games.get_mut(&gid) {
                    g.watchers.retain(|&w| w != member);
                }
            }
            _ => {}
        }
        self.members.get_mut(&member).expect("checked").place = Place::Lobby;
        self.broadcast_lobby();
    }

    fn accept(&mut self, member: u64, id: GameId) {
        let Some(pos) = self.challenges.iter().position(|c| c.id == id) else {
            return self.notice(member, "that challenge is no longer open");
        };
        let creator = self.challenges[pos].creator;
        if creator == member {
            return;
        }
        if self.members[&member].name.is_none() {
            return;
        }
        let c = self.challenges.remove(pos);
        // Neither player's other challenges stay open: they are busy now.
        self.challenges
            .retain(|o| o.creator != member && o.creator != creator);
        let session = match crate::session::Session::new(c.spec.kind, c.spec.options.clone()) {
            Ok(s) => s,
            Err(e) => return self.notice(member, &format!("the game cannot start: {e}")),
        };
        // Seats by lot: who makes the first turn (or sets komi in the bid).
        let first_is_creator = rand::random::<bool>();
        let (a, b) = if first_is_creator {
            (creator, member)
        } else {
            (member, creator)
        };
        let seat = |m: u64| Seat {
            fingerprint: self.members[&m].fingerprint.clone(),
            name: self.members[&m].name.clone().unwrap_or_default(),
            member: Some(m),
            away_since: None,
        };
        let allowance = c.spec.clock.allowance().unwrap_or_default();
        let g = LiveGame::new(
            c.id,
            c.spec,
            session,
            now_rfc3339(),
            [seat(a), seat(b)],
            [allowance; 2],
            Instant::now(),
        );
        self.start(g);
    }

    /// Puts a game on: both players are sent it.
    pub(super) fn start(&mut self, g: LiveGame) {
        let gid = g.id;
        for s in &g.seats {
            if let Some(m) = s.member.and_then(|m| self.members.get_mut(&m)) {
                m.place = Place::Playing(gid);
            }
        }
        self.games.insert(gid, g);
        self.save(gid);
        self.broadcast_game(gid, None);
        self.broadcast_lobby();
    }

    fn steps(&mut self, member: u64, gid: GameId, steps: &[crate::games::Step]) {
        let now = Instant::now();
        let Some(g) = self.games.get_mut(&gid) else {
            return self.notice(member, "that game has ended");
        };
        let Some(seat) = (0..2).find(|&s| g.seats[s].member == Some(member)) else {
            return self.notice(member, "you are watching this game");
        };
        match g.play(seat, steps, now) {
            Err(e) => {
                let update = g.update(Some(seat), None);
                let m = &self.members[&member];
                send(m, Event::Game(Box::new(update)));
                send(m, Event::Notice(e));
            }
            Ok(completed) => {
                if g.over() {
                    self.finish(gid);
                } else {
                    if completed {
                        self.save(gid);
                    }
                    self.broadcast_game(gid, None);
                }
            }
        }
    }

    /// A game ended: its record is saved for both players, everyone in it is told, and it
    /// leaves the list of games in progress.
    fn finish(&mut self, gid: GameId) {
        self.save(gid);
        self.broadcast_game(gid, None);
        self.games.remove(&gid);
        self.broadcast_lobby();
    }

    /// Saves a game's record into both players' games.
    fn save(&self, gid: GameId) {
        let Some(g) = self.games.get(&gid) else {
            return;
        };
        if let Err(e) = self
            .data
            .save_record(&g.record(), &g.fingerprints(), &g.record_file())
        {
            eprintln!("tessera serve: saving game {gid}: {e}");
        }
    }

    /// Sends a game's state to its players and watchers.
    pub(super) fn broadcast_game(&self, gid: GameId, status: Option<String>) {
        let Some(g) = self.games.get(&gid) else {
            return;
        };
        let status = status.or_else(|| self.away_text(gid));
        for (seat, s) in g.seats.iter().enumerate() {
            if let Some(m) = s.member.and_then(|m| self.members.get(&m)) {
                send(
                    m,
                    Event::Game(Box::new(g.update(Some(seat), status.clone()))),
                );
            }
        }
        for w in &g.watchers {
            if let Some(m) = self.members.get(w) {
                send(m, Event::Game(Box::new(g.update(None, status.clone()))));
            }
        }
    }

    /// Clocks and waiting players: called a few times a second.
    pub fn tick(&mut self, now: Instant) {
        let timed_out: Vec<GameId> = self
            .games
            .values_mut()
            .filter_map(|g| g.check_time(now).then_some(g.id))
            .collect();
        for gid in timed_out {
            self.finish(gid);
        }
        let gone: Vec<GameId> = self
            .games
            .values()
            .filter(|g| {
                g.seats.iter().any(|s| {
                    s.away_since
                        .is_some_and(|t| now.saturating_duration_since(t) >= self.adjourn_after)
                })
            })
            .map(|g| g.id)
            .collect();
        for gid in gone {
            self.adjourn(gid);
        }
        let second = self
            .last_tick
            .is_none_or(|t| now.saturating_duration_since(t) >= Duration::from_secs(1));
        if second {
            self.last_tick = Some(now);
            for g in self.games.values().filter(|g| g.clock.running.is_some()) {
                let shown = g
                    .seats
                    .iter()
                    .filter_map(|s| s.member)
                    .chain(g.watchers.iter().copied());
                for id in shown {
                    if let Some(m) = self.members.get(&id) {
                        send(m, Event::Tick(now));
                    }
                }
            }
        }
    }
}

/// A session's link to the hub.
pub struct HubLink {
    /// The hub.
    pub hub: SharedHub,
    /// The session's number in it.
    pub member: u64,
}

impl Link for HubLink {
    fn send(&self, request: Request) {
        lock(&self.hub).request(self.member, request);
    }
}
