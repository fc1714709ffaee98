//! The hub with sessions simulated by their message channels.

use super::files::DataDir;
use super::hub::*;
use crate::games::{GameKind, GameOptions};
use crate::tui::app::Msg;
use crate::tui::online::Clock;
use crate::tui::online::{ChallengeSpec, Event, GameId, Request};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

fn events(rx: &Receiver<Msg>) -> Vec<Event> {
    rx.try_iter()
        .filter_map(|m| match m {
            Msg::Net(e) => Some(e),
            _ => None,
        })
        .collect()
}

fn last_game(rx: &Receiver<Msg>) -> Option<crate::tui::online::GameUpdate> {
    events(rx).into_iter().rev().find_map(|e| match e {
        Event::Game(u) => Some(*u),
        _ => None,
    })
}

fn hub(tag: &str) -> (Hub, PathBuf) {
    let dir = std::env::temp_dir().join(format!("tessera-hub-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    (
        Hub::new(DataDir(dir.clone()), Duration::from_secs(600)),
        dir,
    )
}

use std::path::PathBuf;

fn member(h: &mut Hub, fp: &str, name: &str) -> (u64, Receiver<Msg>) {
    let (tx, rx) = channel();
    let id = h.join(fp, None, tx);
    h.request(id, Request::SetName(name.into()));
    h.request(id, Request::Lobby);
    (id, rx)
}

fn spec() -> ChallengeSpec {
    let kind = GameKind::Linage;
    ChallengeSpec {
        kind,
        options: GameOptions::parse(kind, &["komi=0.5"]).unwrap(),
        clock: Clock::Absolute(300),
    }
}

/// Alice opens a challenge, Bob accepts: both are sent the game with their own seats.
type Joined = (u64, Receiver<Msg>);

fn start(h: &mut Hub) -> (Joined, Joined, GameId) {
    let (a, ra) = member(h, "SHA256:alice", "alice");
    let (b, rb) = member(h, "SHA256:bob", "bob");
    h.request(a, Request::Open(spec()));
    let gid = h.challenges[0].id;
    h.request(b, Request::Accept(gid));
    let ua = last_game(&ra).expect("alice is sent the game");
    let ub = last_game(&rb).expect("bob is sent the game");
    assert_eq!(ua.names, ub.names);
    let sa = ua.seat.unwrap();
    assert_eq!(ua.names[sa], "alice");
    assert_eq!(ub.seat, Some(1 - sa));
    ((a, ra), (b, rb), gid)
}

#[test]
fn a_player_who_comes_back_gets_their_own_seat_and_the_other_keeps_theirs() {
    let (mut h, dir) = hub("back");
    let ((a, _ra), (_b, rb), gid) = start(&mut h);
    h.leave(a);
    let ub = last_game(&rb).unwrap();
    assert!(ub.status.unwrap().contains("alice left"));
    let bob_seat = ub.seat.unwrap();
    let (tx, ra2) = channel();
    let a2 = h.join("SHA256:alice", Some("alice".into()), tx);
    h.request(a2, Request::Lobby);
    let ua = last_game(&ra2).expect("alice is put back in her game");
    assert_eq!(ua.id, gid);
    assert_eq!(ua.seat, Some(1 - bob_seat));
    let ub = last_game(&rb).expect("bob hears she is back");
    assert_eq!(ub.seat, Some(bob_seat), "bob keeps his seat");
    assert!(ub.status.unwrap().contains("back"));
    std::fs::remove_dir_all(&dir).ok();
}
