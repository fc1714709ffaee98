//! Adjourned games: a game whose player did not come back in time is kept (its record in
//! both players' games and in `adjourned/`, with its clocks) and resumes when both players
//! ask for it from the lobby.

use super::files;
use super::hub::{send, Adjourned, Hub, Keep, Place, STOPPING, STOPPING_PLAYER};
use super::live::{LiveGame, Seat};
use crate::online::{ChallengeSpec, Event, GameId};
use std::time::{Duration, Instant};

impl Hub {
    /// Asks to resume an adjourned game; it starts when both players asked.
    pub(super) fn resume(&mut self, member: u64, id: GameId) {
        let fp = self.members[&member].fingerprint.clone();
        let Some(a) = self.adjourned.get_mut(&id) else {
            return;
        };
        let Some(seat) = a.meta.fingerprints.iter().position(|f| *f == fp) else {
            return;
        };
        a.asked[seat] = true;
        let other_fp = a.meta.fingerprints[1 - seat].clone();
        let opponent = a.meta.names[1 - seat].clone();
        // The other player's session in the lobby, if any.
        let other = self
            .members
            .iter()
            .find(|(_, m)| m.fingerprint == other_fp && m.place == Place::Lobby)
            .map(|(&k, _)| k);
        let both = a.asked == [true, true];
        let Some(other) = other else {
            a.asked[1 - seat] = false;
            self.broadcast_lobby();
            return self.notice(member, &format!("{opponent} is not in the lobby now"));
        };
        if !both {
            let me = a.meta.names[seat].clone();
            self.notice(
                other,
                &format!("{me} asks to resume your adjourned game: select it in the lobby"),
            );
            self.broadcast_lobby();
            return self.notice(
                member,
                &format!("asked {opponent}: the game starts when they accept"),
            );
        }
        let a = self.adjourned.remove(&id).expect("found above");
        let record = a.record;
        let session = match record.replay() {
            Ok(s) => s,
            Err(e) => return self.notice(member, &format!("the game cannot be read back: {e}")),
        };
        let clock = files::clock_from_text(&a.meta.clock);
        let spec = ChallengeSpec {
            kind: session.kind(),
            options: session.options().clone(),
            clock,
        };
        let members = if seat == 0 {
            [member, other]
        } else {
            [other, member]
        };
        let seats = [0, 1].map(|s| Seat {
            fingerprint: a.meta.fingerprints[s].clone(),
            name: a.meta.names[s].clone(),
            member: Some(members[s]),
            away_since: None,
        });
        let left = a.meta.left_ms.map(Duration::from_millis);
        let turns = session.turns().len();
        let mut g = LiveGame::new(
            id,
            spec,
            session,
            record.started.to_string(),
            seats,
            left,
            Instant::now(),
        );
        // The record's clocks go on; turns an older server kept no clocks for get the
        // clocks as at the adjournment.
        let mut log = record.clock.map(|c| c.left_ms).unwrap_or_default();
        log.truncate(turns);
        let missing = turns - log.len();
        g.left_log = std::iter::repeat_n(a.meta.left_ms, missing)
            .chain(log)
            .collect();
        // Its files in `adjourned/` stay until `start` rewrites them: a crash meanwhile
        // leaves it adjourned.
        self.start(g);
    }

    /// Adjourns a game whose player did not come back: its record goes to both players'
    /// games and to the adjourned games, which either can ask to resume.
    pub(super) fn adjourn(&mut self, gid: GameId) {
        let Some(left) = self.games.get(&gid).map(|g| g.clock.left) else {
            return;
        };
        let why = "the game is adjourned: it is in your games, and either of you can ask to \
                   resume it from the lobby when you are both here";
        self.adjourn_with(gid, left, why);
    }

    /// The server stops: every game in progress is adjourned with its clocks as at its last
    /// turn, and every session is told and closed. Returns how many games were adjourned.
    pub fn stop(&mut self) -> usize {
        self.stopping = true;
        self.challenges.clear();
        let mut ids: Vec<GameId> = self.games.keys().copied().collect();
        ids.sort();
        let mut players: Vec<String> = Vec::new();
        for &gid in &ids {
            let Some(g) = self.games.get(&gid) else {
                continue;
            };
            if g.over() {
                self.games.remove(&gid);
                continue;
            }
            players.extend(g.fingerprints());
            let left = g.turn_left;
            self.adjourn_with(gid, left, STOPPING_PLAYER);
        }
        let members: Vec<(u64, bool)> = self
            .members
            .iter()
            .map(|(&id, m)| (id, players.contains(&m.fingerprint)))
            .collect();
        for (id, playing) in members {
            self.close_member(id, if playing { STOPPING_PLAYER } else { STOPPING });
        }
        players.len() / 2
    }

    /// Adjourns a game with these clocks: its record goes to both players' games and to the
    /// adjourned games; its players and watchers are sent back to the lobby with `why`.
    fn adjourn_with(&mut self, gid: GameId, left: [Duration; 2], why: &str) {
        let Some(g) = self.games.remove(&gid) else {
            return;
        };
        let (record, meta) = (g.record(), g.meta(left));
        self.write_game(&g, record.clone(), Keep::Adjourned(meta.clone()));
        tracing::info!(
            game = gid,
            turn = g.session.turns().len() + 1,
            "game adjourned: {why}"
        );
        let what = format!(
            "{} · turn {}",
            g.session.kind().title(),
            g.session.turns().len() + 1
        );
        self.adjourned.insert(
            gid,
            Adjourned {
                meta,
                record,
                what,
                asked: [false; 2],
            },
        );
        let shown: Vec<u64> = g
            .seats
            .iter()
            .filter_map(|s| s.member)
            .chain(g.watchers.iter().copied())
            .collect();
        for id in shown {
            if let Some(m) = self.members.get_mut(&id) {
                m.place = Place::Lobby;
                send(m, Event::Closed(gid, why.into()));
            }
        }
        self.broadcast_lobby();
    }
}
