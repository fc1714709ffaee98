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

#[test]
fn a_game_nobody_comes_back_to_is_adjourned_and_resumes_when_both_ask() {
    let (mut h, dir) = hub("adjourn");
    let ((a, _ra), (b, rb), gid) = start(&mut h);
    // Back to the lobby, a player of a game in progress is shown the game again.
    h.request(b, Request::Lobby);
    let first = last_game(&rb).unwrap();
    // The seat to move plays a turn, then Alice's link drops.
    let mover = if first.seat == Some(0) { b } else { a };
    let mut s = first.session.clone();
    s.play_turn("e5").unwrap();
    let steps = s.turns().last().unwrap().steps.clone();
    h.request(mover, Request::Steps(gid, steps));
    h.leave(a);
    // A turn played while she is away is refused: the game waits.
    assert!(last_game(&rb).unwrap().waiting);
    // Ten minutes later (the hub is told the time) the game is adjourned.
    let later = std::time::Instant::now() + Duration::from_secs(601);
    h.tick(later);
    let ev = events(&rb);
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::Closed(id, why) if *id == gid && why.contains("adjourned"))
        ),
        "{ev:?}"
    );
    // Both players' games hold its record, and so does the server's list.
    for fp in ["SHA256:alice", "SHA256:bob"] {
        let games: Vec<_> = std::fs::read_dir(DataDir(dir.clone()).games(fp))
            .unwrap()
            .collect();
        assert_eq!(games.len(), 1, "{fp}");
    }
    // A new hub (a restarted server) still knows it.
    drop(h);
    let mut h = Hub::new(DataDir(dir.clone()), Duration::from_secs(600));
    let (b, rb) = member(&mut h, "SHA256:bob", "bob");
    let (a, ra) = member(&mut h, "SHA256:alice", "alice");
    let lobby = events(&rb)
        .into_iter()
        .rev()
        .find_map(|e| match e {
            Event::Lobby(v) => Some(v),
            _ => None,
        })
        .unwrap();
    assert_eq!(lobby.adjourned.len(), 1);
    assert_eq!(lobby.adjourned[0].opponent, "alice");
    assert!(lobby.adjourned[0].online);
    // Bob asks; Alice is told; when she asks too the game is back, at turn 2.
    h.request(b, Request::Resume(gid));
    assert!(events(&ra)
        .iter()
        .any(|e| matches!(e, Event::Notice(t) if t.contains("asks to resume"))));
    assert!(last_game(&rb).is_none());
    h.request(a, Request::Resume(gid));
    let ua = last_game(&ra).expect("the game is back for alice");
    let ub = last_game(&rb).expect("and for bob");
    assert_eq!(ua.session.tokens(), ub.session.tokens());
    assert!(ua.session.tokens().iter().any(|t| t == "e5"));
    assert_ne!(ua.seat, ub.seat);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn nicknames_are_unique_and_kept_per_key() {
    let (mut h, dir) = hub("names");
    let (_a, _ra) = member(&mut h, "SHA256:alice", "alice");
    let (tx, rx) = channel();
    let m = h.join("SHA256:other", None, tx);
    h.request(m, Request::SetName("ALICE".into()));
    assert!(events(&rx)
        .iter()
        .any(|e| matches!(e, Event::Named(Err(why)) if why.contains("taken"))));
    h.request(m, Request::SetName("zed".into()));
    assert!(events(&rx)
        .iter()
        .any(|e| matches!(e, Event::Named(Ok(n)) if n == "zed")));
    assert_eq!(h.name_of("SHA256:other").as_deref(), Some("zed"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_wait_for_a_player_who_left_is_said_as_the_option_gives_it() {
    let (mut h, dir) = hub("wait-words");
    // `--adjourn-after 0.5`: half a minute, not "up to 1 min".
    h.adjourn_after = Duration::from_secs(30);
    let ((a, _ra), (_b, rb), _) = start(&mut h);
    h.leave(a);
    let s = last_game(&rb).unwrap().status.unwrap();
    assert!(s.contains("the game waits up to 30 s for them"), "{s}");
    std::fs::remove_dir_all(&dir).ok();
}
