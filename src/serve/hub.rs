//! The meeting place of every session on the server: who is here, the open challenges, the
//! games in progress and the adjourned ones. Sessions ask it things ([`Request`], through a
//! [`HubLink`]); it answers each session on that session's own message channel ([`Event`]).
//! A timer calls [`Hub::tick`] a few times a second: clocks, lost-on-time, players who did not
//! come back in time (their games are adjourned), the clocks' once-a-second redraw.
//!
//! Everything is behind one mutex: each operation is short. No file is read after the start
//! (the nicknames and the adjourned games are kept in memory) and none is written under the
//! lock: a game's record (after each completed turn) and meta go to the [`Writer`]'s thread,
//! a nickname's profile is written by its session with the hub unlocked ([`HubLink`]).

use super::files::{AdjournedMeta, DataDir, Profile};
use super::live::{LiveGame, Seat};
use super::writer::Writer;
use crate::online::{name_keys, name_problem};
use crate::online::{ChallengeSpec, Event, GameId, Link, Request};
use crate::record::Record;
use crate::tui::app::Msg;
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

/// What a session is told when the server closes it (written after its terminal is given
/// back).
pub type Bye = Arc<Mutex<Option<String>>>;

pub(super) struct Member {
    pub(super) fingerprint: String,
    pub(super) name: Option<String>,
    pub(super) tx: Sender<Msg>,
    pub(super) place: Place,
    pub(super) bye: Bye,
}

/// What the older session of a key is told when a newer one takes its seat.
pub const REPLACED: &str =
    "this key connected again from elsewhere: the new connection has your seat";
/// What a player of a game in progress is told when the server stops.
pub const STOPPING_PLAYER: &str = "the server is stopping: your game is adjourned";
/// What everyone else is told when the server stops.
pub const STOPPING: &str = "the server is stopping";

pub(super) struct Challenge {
    pub(super) id: GameId,
    pub(super) creator: u64,
    pub(super) spec: ChallengeSpec,
}

pub(super) struct Adjourned {
    pub(super) meta: AdjournedMeta,
    /// Its record (as in `adjourned/`): it resumes from this.
    pub(super) record: Record,
    pub(super) what: String,
    pub(super) asked: [bool; 2],
}

/// The server's shared state.
pub struct Hub {
    pub(super) data: DataDir,
    /// Writes the games' files off the lock.
    pub(super) writer: Writer,
    pub(super) adjourn_after: Duration,
    pub(super) members: HashMap<u64, Member>,
    pub(super) next_member: u64,
    /// Known nicknames (by both their [`name_keys`]) and their keys.
    pub(super) names: HashMap<String, String>,
    /// Each key's nickname.
    pub(super) by_key: HashMap<String, String>,
    /// The server is stopping: nobody new comes in.
    pub(super) stopping: bool,
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
        let mut names = HashMap::new();
        let mut by_key = HashMap::new();
        for p in data.profiles() {
            for k in name_keys(&p.name) {
                names.insert(k, p.fingerprint.clone());
            }
            by_key.insert(p.fingerprint, p.name);
        }
        let mut adjourned = HashMap::new();
        let mut next_game = 1;
        for mut meta in data.adjourned() {
            next_game = next_game.max(meta.id + 1);
            let (record, what) = match Record::load(&data.adjourned_record(meta.id)) {
                // A game that ended in the instant before a crash: it is in its players'
                // games already.
                Ok((r, _)) if r.result.is_some() => {
                    data.remove_adjourned(meta.id);
                    continue;
                }
                Ok((r, s)) => {
                    // A game that was in progress when the server stopped: its clocks as at
                    // its last turn.
                    meta.left_ms = super::files::resume_left(&meta, &r);
                    meta.turns = Some(r.turns.len());
                    let what = format!("{} · turn {}", s.kind().title(), s.turns().len() + 1);
                    (r, what)
                }
                Err(e) => {
                    tracing::error!(game = meta.id, "adjourned game unreadable: {e}");
                    continue;
                }
            };
            let asked = [false; 2];
            adjourned.insert(
                meta.id,
                Adjourned {
                    meta,
                    record,
                    what,
                    asked,
                },
            );
        }
        Hub {
            data,
            writer: Writer::start(),
            adjourn_after,
            members: HashMap::new(),
            next_member: 1,
            names,
            by_key,
            stopping: false,
            challenges: Vec::new(),
            games: HashMap::new(),
            adjourned,
            next_game,
            last_tick: None,
        }
    }

    /// The nickname remembered for a key (from memory: no file is read).
    pub fn name_of(&self, fingerprint: &str) -> Option<String> {
        self.by_key.get(fingerprint).cloned()
    }

    /// Whether the server is stopping.
    pub fn is_stopping(&self) -> bool {
        self.stopping
    }

    /// A session arrives. A player of a game in progress takes her seat at once (a session
    /// of the same key that had it is told and closed: the newest connection plays).
    pub fn join(
        &mut self,
        fingerprint: &str,
        name: Option<String>,
        tx: Sender<Msg>,
        bye: Bye,
    ) -> u64 {
        let id = self.next_member;
        self.next_member += 1;
        self.members.insert(
            id,
            Member {
                fingerprint: fingerprint.to_string(),
                name,
                tx,
                place: Place::Lobby,
                bye,
            },
        );
        match self.seat_of_key(fingerprint) {
            Some((gid, seat)) => self.take_seat(id, gid, seat),
            None => self.broadcast_lobby(),
        }
        id
    }

    /// The game in progress where a key has a seat, and the seat.
    pub(super) fn seat_of_key(&self, fingerprint: &str) -> Option<(GameId, usize)> {
        self.games
            .values()
            .filter(|g| !g.over())
            .flat_map(|g| {
                (0..2)
                    .filter(|&s| g.seats[s].fingerprint == fingerprint)
                    .map(|s| (g.id, s))
            })
            .min()
    }

    /// Puts a session in its key's seat of a game in progress; the session that had the seat
    /// (an older connection of the key) is told and closed.
    pub(super) fn take_seat(&mut self, member: u64, gid: GameId, seat: usize) {
        let now = Instant::now();
        let Some(g) = self.games.get_mut(&gid) else {
            return;
        };
        let old = g.seats[seat].member.replace(member);
        let back = g.seats[seat].away_since.take().is_some();
        if back {
            g.restart_clock(now);
        }
        let name = g.seats[seat].name.clone();
        if let Some(m) = self.members.get_mut(&member) {
            m.place = Place::Playing(gid);
        }
        if let Some(old) = old.filter(|&o| o != member) {
            if let Some(m) = self.members.get_mut(&old) {
                m.place = Place::Lobby;
            }
            self.close_member(old, REPLACED);
        }
        let status = back.then(|| format!("{name} is back: the game goes on"));
        self.broadcast_game(gid, status);
        self.broadcast_lobby();
    }

    /// Ends a session with a word (shown once its terminal is given back).
    pub(super) fn close_member(&self, member: u64, text: &str) {
        if let Some(m) = self.members.get(&member) {
            if let Ok(mut b) = m.bye.lock() {
                *b = Some(text.to_string());
            }
            let _ = m.tx.send(Msg::Terminate);
        }
    }

    /// A player leaves her seat (her link dropped, or she went to the lobby): the game waits
    /// for her. Her clock stops at `silent_since` when her link had gone silent before the
    /// drop was noticed (she is not charged for that time), else now.
    fn vacate(&mut self, member: u64, gid: GameId, silent_since: Option<Instant>) {
        let now = Instant::now();
        let Some(g) = self.games.get_mut(&gid) else {
            return;
        };
        let Some(seat) = (0..2).find(|&s| g.seats[s].member == Some(member)) else {
            return;
        };
        let at = silent_since.map_or(now, |t| t.clamp(g.clock.since, now));
        g.stop_clock(at);
        g.seats[seat].member = None;
        g.seats[seat].away_since = Some(now);
        let status = self.away_text(gid);
        self.broadcast_game(gid, status);
    }

    /// A session ends. A player of a game in progress is waited for; `silent_since`: when
    /// the session's link went silent, if it was lost (see [`Hub::vacate`]).
    pub fn leave(&mut self, member: u64, silent_since: Option<Instant>) {
        let Some(m) = self.members.get(&member) else {
            return;
        };
        self.challenges.retain(|c| c.creator != member);
        let place = m.place;
        match place {
            Place::Playing(gid) => self.vacate(member, gid, silent_since),
            Place::Watching(gid) => {
                if let Some(g) = self.games.get_mut(&gid) {
                    g.watchers.retain(|&w| w != member);
                }
            }
            Place::Lobby => {}
        }
        self.members.remove(&member);
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
            self.wait_words()
        ))
    }

    /// How long a game waits for a player who left: "10 min", "30 s".
    pub(super) fn wait_words(&self) -> String {
        crate::online::duration_words(self.adjourn_after.as_secs_f64().round().max(1.0) as u32)
    }

    /// Carries out a session's request.
    pub fn request(&mut self, member: u64, r: Request) {
        if !self.members.contains_key(&member) {
            return;
        }
        match r {
            // Taken through `HubLink`, which writes the profile with the hub unlocked
            // (`claim_name`, `keep_name`, `named`).
            Request::SetName(_) => {}
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
                let update = g.update(None, None, self.adjourn_after);
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
            Request::Leave(gid) => {
                if self.members[&member].place == Place::Playing(gid) {
                    // The game waits for her; the lobby offers to return to it.
                    self.vacate(member, gid, None);
                    self.members.get_mut(&member).expect("checked").place = Place::Lobby;
                    self.broadcast_lobby();
                }
            }
            Request::Return(gid) => {
                let fp = self.members[&member].fingerprint.clone();
                match self.seat_of_key(&fp) {
                    Some((g, seat)) if g == gid => self.take_seat(member, gid, seat),
                    _ => self.notice(member, "that game has ended"),
                }
            }
        }
    }

    pub(super) fn notice(&self, member: u64, text: &str) {
        if let Some(m) = self.members.get(&member) {
            send(m, Event::Notice(text.to_string()));
        }
    }

    /// Checks a nickname and holds it for the session's key (so that no other key can take
    /// it while it is written); returns what to write.
    pub(super) fn claim_name(&mut self, member: u64, name: &str) -> Result<Profile, String> {
        let fp = match self.members.get(&member) {
            Some(m) => m.fingerprint.clone(),
            None => return Err("the session has ended".into()),
        };
        if let Some(why) = name_problem(name) {
            return Err(why);
        }
        let keys = name_keys(name);
        let taken = keys
            .iter()
            .find_map(|k| self.names.get(k).filter(|o| **o != fp));
        if let Some(owner) = taken {
            let theirs = self.by_key.get(owner).map_or(name, |n| n.as_str());
            return Err(if theirs == name {
                format!("{name} is taken: choose another")
            } else {
                format!("{name} looks like {theirs}, which is taken: choose another")
            });
        }
        self.names.retain(|_, owner| *owner != fp);
        for k in keys {
            self.names.insert(k, fp.clone());
        }
        Ok(Profile {
            name: name.to_string(),
            fingerprint: fp,
        })
    }

    /// A claimed nickname was kept on disk (or not: then it is given up).
    pub(super) fn named(&mut self, member: u64, kept: Result<Profile, String>) {
        let answer = match kept {
            Ok(p) => {
                for m in self
                    .members
                    .values_mut()
                    .filter(|m| m.fingerprint == p.fingerprint)
                {
                    m.name = Some(p.name.clone());
                }
                self.by_key.insert(p.fingerprint, p.name.clone());
                Ok(p.name)
            }
            Err(e) => {
                if let Some(m) = self.members.get(&member) {
                    let fp = m.fingerprint.clone();
                    self.names.retain(|_, owner| *owner != fp);
                    if let Some(old) = self.by_key.get(&fp) {
                        for k in name_keys(old) {
                            self.names.insert(k, fp.clone());
                        }
                    }
                }
                Err(e)
            }
        };
        if let Some(m) = self.members.get(&member) {
            send(m, Event::Named(answer));
        }
    }

    /// Back in the lobby; a player of a game in progress stays in it (and is shown it): she
    /// leaves it only by asking to ([`Request::Leave`]).
    fn back_to_lobby(&mut self, member: u64) {
        let place = self.members[&member].place;
        match place {
            Place::Playing(gid) if self.games.get(&gid).is_some_and(|g| !g.over()) => {
                let g = &self.games[&gid];
                let seat = (0..2).find(|&s| g.seats[s].member == Some(member));
                let update = g.update(seat, self.away_text(gid), self.adjourn_after);
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

    /// Puts a game on: both players are sent it. From now on it is kept in `adjourned/`
    /// (its meta now, its record after every turn), so that it survives a server stop.
    pub(super) fn start(&mut self, g: LiveGame) {
        let gid = g.id;
        for s in &g.seats {
            if let Some(m) = s.member.and_then(|m| self.members.get_mut(&m)) {
                m.place = Place::Playing(gid);
            }
        }
        tracing::info!(
            game = gid,
            first = %g.seats[0].name,
            second = %g.seats[1].name,
            what = %g.spec.describe(),
            "game started"
        );
        let (data, meta) = (self.data.clone(), g.meta(g.clock.left));
        self.writer.write(move || {
            if let Err(e) = data.save_meta(&meta) {
                tracing::error!(game = gid, "keeping the game: {e}");
            }
        });
        self.games.insert(gid, g);
        self.save(gid);
        self.broadcast_game(gid, None);
        self.broadcast_lobby();
    }

    fn steps(&mut self, member: u64, gid: GameId, steps: &[crate::games::Step]) {
        let now = Instant::now();
        let wait = self.adjourn_after;
        let Some(g) = self.games.get_mut(&gid) else {
            return self.notice(member, "that game has ended");
        };
        let Some(seat) = (0..2).find(|&s| g.seats[s].member == Some(member)) else {
            return self.notice(member, "you are watching this game");
        };
        match g.play(seat, steps, now) {
            Err(e) => {
                let update = g.update(Some(seat), None, wait);
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
        let data = self.data.clone();
        self.writer.write(move || data.remove_adjourned(gid));
        if let Some(g) = self.games.get(&gid) {
            tracing::info!(
                game = gid,
                result = g.result.as_deref().unwrap_or(""),
                "game ended"
            );
        }
        self.broadcast_game(gid, None);
        self.games.remove(&gid);
        self.broadcast_lobby();
    }

    /// Saves a game's record into both players' games, and while it goes on into
    /// `adjourned/` (where the next start finds it if this server stops).
    fn save(&self, gid: GameId) {
        let Some(g) = self.games.get(&gid) else {
            return;
        };
        let keep = if g.over() {
            Keep::Ended
        } else {
            Keep::InProgress
        };
        self.write_game(g, g.record(), keep);
    }

    /// Hands a game's record (and what else `keep` says) to the writer: into both players'
    /// games, and into `adjourned/` unless it ended.
    pub(super) fn write_game(&self, g: &LiveGame, record: Record, keep: Keep) {
        let (data, gid) = (self.data.clone(), g.id);
        let (fingerprints, file) = (g.fingerprints(), g.record_file());
        self.writer.write(move || {
            let kept = data
                .save_record(&record, &fingerprints, &file)
                .and_then(|()| match &keep {
                    Keep::Ended => Ok(()),
                    Keep::InProgress => data.save_game_record(&record, gid),
                    Keep::Adjourned(meta) => data.save_adjourned(&record, meta),
                });
            if let Err(e) = kept {
                tracing::error!(game = gid, "saving the game: {e}");
            }
        });
    }

    /// The writer of the games' files (to wait for it: [`Writer::flush`]).
    pub fn writer(&self) -> Writer {
        self.writer.clone()
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
                    Event::Game(Box::new(g.update(
                        Some(seat),
                        status.clone(),
                        self.adjourn_after,
                    ))),
                );
            }
        }
        for w in &g.watchers {
            if let Some(m) = self.members.get(w) {
                send(
                    m,
                    Event::Game(Box::new(g.update(None, status.clone(), self.adjourn_after))),
                );
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

/// What is kept of a game besides its record in the players' games.
pub(super) enum Keep {
    /// Nothing: it ended.
    Ended,
    /// Its record in `adjourned/`, where the next start finds it.
    InProgress,
    /// Its record and meta in `adjourned/`.
    Adjourned(AdjournedMeta),
}

impl Drop for Hub {
    /// What was handed to the writer is written.
    fn drop(&mut self) {
        self.writer.flush();
    }
}

/// A session's link to the hub.
pub struct HubLink {
    /// The hub.
    pub hub: SharedHub,
    /// The session's number in it.
    pub member: u64,
}

/// Writes a claimed nickname's profile.
pub(super) fn keep_name(data: &DataDir, p: Profile) -> Result<Profile, String> {
    data.save_profile(&p)
        .map(|()| p)
        .map_err(|e| format!("the server could not keep the name: {e}"))
}

impl Link for HubLink {
    fn send(&self, request: Request) {
        match request {
            // The profile is written with the hub unlocked: the name is held meanwhile.
            Request::SetName(name) => {
                let (claim, data) = {
                    let mut h = lock(&self.hub);
                    (h.claim_name(self.member, &name), h.data.clone())
                };
                let kept = claim.and_then(|p| keep_name(&data, p));
                lock(&self.hub).named(self.member, kept);
            }
            r => lock(&self.hub).request(self.member, r),
        }
    }
}
