//! The lobby as each session sees it: open challenges, games in progress, that person's
//! adjourned games, who is online (and who is away from a game that waits for them).

use super::hub::{send, Hub, Place};
use crate::online::{AdjournedView, ChallengeView, Event, GameView, LobbyView, PlayerView};

impl Hub {
    /// The lobby as `member` sees it.
    pub(super) fn lobby_for(&self, member: u64) -> LobbyView {
        let me = &self.members[&member];
        let online = |fp: &str| self.members.values().any(|m| m.fingerprint == fp);
        let challenges = self
            .challenges
            .iter()
            .map(|c| ChallengeView {
                id: c.id,
                creator: self.members[&c.creator].name.clone().unwrap_or_default(),
                mine: c.creator == member,
                spec: c.spec.clone(),
            })
            .collect();
        let view = |g: &super::live::LiveGame| GameView {
            id: g.id,
            names: [g.seats[0].name.clone(), g.seats[1].name.clone()],
            what: g.spec.describe(),
            watchers: g.watchers.len(),
        };
        let mut games: Vec<GameView> = self
            .games
            .values()
            .filter(|g| !g.over())
            .map(view)
            .collect();
        games.sort_by_key(|g| g.id);
        let yours = self
            .seat_of_key(&me.fingerprint)
            .and_then(|(gid, _)| self.games.get(&gid))
            .map(view)
            .into_iter()
            .collect();
        let mut adjourned: Vec<AdjournedView> = self
            .adjourned
            .values()
            .filter_map(|a| {
                let seat = a
                    .meta
                    .fingerprints
                    .iter()
                    .position(|f| *f == me.fingerprint)?;
                let other = 1 - seat;
                Some(AdjournedView {
                    id: a.meta.id,
                    opponent: a.meta.names[other].clone(),
                    what: a.what.clone(),
                    online: online(&a.meta.fingerprints[other]),
                    asked: a.asked[other],
                    waiting: a.asked[seat],
                })
            })
            .collect();
        adjourned.sort_by_key(|a| a.id);
        let mut players: Vec<PlayerView> = self
            .members
            .values()
            .filter_map(|m| {
                Some(PlayerView {
                    name: m.name.clone()?,
                    place: match m.place {
                        Place::Lobby => "lobby",
                        Place::Playing(_) => "playing",
                        Place::Watching(_) => "watching",
                    },
                })
            })
            .collect();
        for g in self.games.values() {
            for s in g.seats.iter().filter(|s| s.away_since.is_some()) {
                players.push(PlayerView {
                    name: s.name.clone(),
                    place: "away",
                });
            }
        }
        players.sort_by(|a, b| a.name.cmp(&b.name));
        players.dedup_by(|a, b| a.name == b.name);
        LobbyView {
            challenges,
            games,
            adjourned,
            players,
            yours,
        }
    }

    /// Sends the lobby to every session in it.
    pub(super) fn broadcast_lobby(&self) {
        for (&id, m) in &self.members {
            if m.place == Place::Lobby && m.name.is_some() {
                send(m, Event::Lobby(self.lobby_for(id)));
            }
        }
    }
}
