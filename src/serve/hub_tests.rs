//! The hub with sessions simulated by their message channels.

use super::files::DataDir;
use super::hub::*;
use super::hub::{Bye, REPLACED, STOPPING_PLAYER};
use crate::games::{GameKind, GameOptions};
use crate::online::Clock;
use crate::online::{ChallengeSpec, Event, GameId, Request};
use crate::tui::app::Msg;
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

fn last_game(rx: &Receiver<Msg>) -> Option<crate::online::GameUpdate> {
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

/// Takes a nickname as a session does ([`HubLink`]): the profile is written between two
/// locks of the hub.
fn set_name(h: &mut Hub, m: u64, name: &str) {
    let kept = h.claim_name(m, name).and_then(|p| keep_name(&h.data, p));
    h.named(m, kept);
}

fn member(h: &mut Hub, fp: &str, name: &str) -> (u64, Receiver<Msg>) {
    let (tx, rx) = channel();
    let id = h.join(fp, None, tx, Default::default());
    set_name(h, id, name);
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
    assert_eq!(ua.live.names, ub.live.names);
    let sa = ua.live.seat.unwrap();
    assert_eq!(ua.live.names[sa], "alice");
    assert_eq!(ub.live.seat, Some(1 - sa));
    ((a, ra), (b, rb), gid)
}

#[test]
fn a_player_who_comes_back_gets_their_own_seat_and_the_other_keeps_theirs() {
    let (mut h, dir) = hub("back");
    let ((a, _ra), (_b, rb), gid) = start(&mut h);
    h.leave(a, None);
    let ub = last_game(&rb).unwrap();
    assert!(ub.live.status.unwrap().contains("alice left"));
    let bob_seat = ub.live.seat.unwrap();
    let (tx, ra2) = channel();
    let a2 = h.join("SHA256:alice", Some("alice".into()), tx, Default::default());
    h.request(a2, Request::Lobby);
    let ua = last_game(&ra2).expect("alice is put back in her game");
    assert_eq!(ua.live.id, gid);
    assert_eq!(ua.live.seat, Some(1 - bob_seat));
    let ub = last_game(&rb).expect("bob hears she is back");
    assert_eq!(ub.live.seat, Some(bob_seat), "bob keeps his seat");
    assert!(ub.live.status.unwrap().contains("back"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_game_nobody_comes_back_to_is_adjourned_and_resumes_when_both_ask() {
    let (mut h, dir) = hub("adjourn");
    let ((a, _ra), (_b, rb), gid) = start(&mut h);
    // The seat to move plays a turn, then Alice's link drops.
    play(&mut h, gid, "e5");
    h.leave(a, None);
    // A turn played while she is away is refused: the game waits.
    assert!(last_game(&rb).unwrap().live.waiting);
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
    // Both players' games hold its record, and so does the server's list (once the writer
    // has written it).
    h.writer().flush();
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
    assert_eq!(ua.game.session.tokens(), ub.game.session.tokens());
    assert!(ua.game.session.tokens().iter().any(|t| t == "e5"));
    assert_ne!(ua.live.seat, ub.live.seat);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn nicknames_are_unique_and_kept_per_key() {
    let (mut h, dir) = hub("names");
    let (_a, _ra) = member(&mut h, "SHA256:alice", "alice");
    let (tx, rx) = channel();
    let m = h.join("SHA256:other", None, tx, Default::default());
    set_name(&mut h, m, "ALICE");
    assert!(events(&rx)
        .iter()
        .any(|e| matches!(e, Event::Named(Err(why)) if why.contains("taken"))));
    set_name(&mut h, m, "zed");
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
    h.leave(a, None);
    let s = last_game(&rb).unwrap().live.status.unwrap();
    assert!(s.contains("the game waits up to 30 s for them"), "{s}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Plays the opening turn `token` for the seat to move; returns the mover's member.
fn play(h: &mut Hub, gid: GameId, token: &str) -> u64 {
    let g = &h.games[&gid];
    let mover = g.seats[g.seat_to_move()].member.unwrap();
    let mut s = g.session.clone();
    s.play_turn(token).unwrap();
    let steps = s.turns().last().unwrap().steps.clone();
    h.request(mover, Request::Steps(gid, steps));
    mover
}

fn last_lobby(rx: &Receiver<Msg>) -> Option<crate::online::LobbyView> {
    events(rx).into_iter().rev().find_map(|e| match e {
        Event::Lobby(v) => Some(v),
        _ => None,
    })
}

#[test]
fn look_alike_and_mixed_script_nicknames_are_refused() {
    let (mut h, dir) = hub("confusable");
    let (_a, _ra) = member(&mut h, "SHA256:alice", "alice");
    let (tx, rx) = channel();
    let m = h.join("SHA256:mallory", None, tx, Default::default());
    let named = |h: &mut Hub, name: &str| {
        set_name(h, m, name);
        events(&rx)
            .into_iter()
            .find_map(|e| match e {
                Event::Named(r) => Some(r),
                _ => None,
            })
            .unwrap()
    };
    // A Cyrillic а among Latin letters.
    let why = named(&mut h, "\u{430}lice").unwrap_err();
    assert!(why.contains("one script"), "{why}");
    // A capital I for the l.
    let why = named(&mut h, "aIice").unwrap_err();
    assert!(why.contains("looks like alice"), "{why}");
    let why = named(&mut h, "ALICE").unwrap_err();
    assert!(
        why.contains("looks like alice") || why.contains("taken"),
        "{why}"
    );
    assert_eq!(named(&mut h, "mallory"), Ok("mallory".into()));
    // Known after a restart, from the profiles read once.
    drop(h);
    let mut h = Hub::new(DataDir(dir.clone()), Duration::from_secs(600));
    assert_eq!(h.name_of("SHA256:mallory").as_deref(), Some("mallory"));
    let (tx, rx) = channel();
    let e = h.join("SHA256:eve", None, tx, Default::default());
    set_name(&mut h, e, "aIice");
    assert!(events(&rx)
        .iter()
        .any(|e| matches!(e, Event::Named(Err(why)) if why.contains("looks like alice"))));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_newest_connection_of_a_key_takes_its_seat_and_the_older_is_told() {
    let (mut h, dir) = hub("newest");
    let ((a, ra), (_b, rb), gid) = start(&mut h);
    let seat = h.games[&gid]
        .seats
        .iter()
        .position(|s| s.member == Some(a))
        .unwrap();
    // Two more connections of alice's key, one after the other.
    let (tx2, r2) = channel();
    let bye2: Bye = Default::default();
    let a2 = h.join("SHA256:alice", Some("alice".into()), tx2, bye2.clone());
    let (tx3, r3) = channel();
    let a3 = h.join(
        "SHA256:alice",
        Some("alice".into()),
        tx3,
        Default::default(),
    );
    assert_eq!(
        h.games[&gid].seats[seat].member,
        Some(a3),
        "the newest plays"
    );
    assert_eq!(bye2.lock().unwrap().as_deref(), Some(REPLACED));
    for rx in [&ra, &r2] {
        assert!(
            rx.try_iter().any(|m| matches!(m, Msg::Terminate)),
            "the older ones close"
        );
    }
    assert_eq!(last_game(&r3).unwrap().live.seat, Some(seat));
    // The older sessions end: the game does not wait for anyone.
    h.leave(a, None);
    h.leave(a2, None);
    assert!(!h.games[&gid].waiting());
    assert!(!last_game(&rb).is_some_and(|u| u.live.waiting));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn q_from_a_live_game_leaves_the_seat_and_the_lobby_offers_it_back() {
    let (mut h, dir) = hub("return");
    let ((a, ra), (_b, rb), gid) = start(&mut h);
    // Back to the lobby (as every session start asks): she stays in her game.
    h.request(a, Request::Lobby);
    assert_eq!(last_game(&ra).unwrap().live.id, gid);
    h.request(a, Request::Leave(gid));
    let ub = last_game(&rb).unwrap();
    assert!(ub.live.waiting && ub.live.status.unwrap().contains("alice left"));
    assert_eq!(ub.live.wait, Duration::from_secs(600));
    let lobby = last_lobby(&ra).expect("alice is in the lobby");
    assert_eq!(lobby.yours.len(), 1);
    assert_eq!(lobby.yours[0].id, gid);
    h.request(a, Request::Return(gid));
    let ua = last_game(&ra).expect("back in her game");
    assert!(!ua.live.waiting);
    assert!(last_game(&rb)
        .unwrap()
        .live
        .status
        .unwrap()
        .contains("alice is back"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_lost_link_is_not_charged_for_its_silence() {
    let (mut h, dir) = hub("silent");
    let ((_a, _ra), (_b, _rb), gid) = start(&mut h);
    let g = h.games.get_mut(&gid).unwrap();
    let to_move = g.seat_to_move();
    let member = g.seats[to_move].member.unwrap();
    // Her turn began 27 s ago; her link went silent 2 s into it, and the drop is noticed
    // now.
    let since = std::time::Instant::now()
        .checked_sub(Duration::from_secs(27))
        .unwrap();
    g.clock.since = since;
    h.leave(member, Some(since + Duration::from_secs(2)));
    let left = h.games[&gid].clock.left[to_move];
    assert_eq!(left, Duration::from_secs(298));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_stop_adjourns_every_game_with_the_clocks_of_its_last_turn() {
    let (mut h, dir) = hub("stop");
    let ((a, ra), (b, rb), gid) = start(&mut h);
    let bye_a: Bye = Default::default();
    h.members.get_mut(&a).unwrap().bye = bye_a.clone();
    std::thread::sleep(Duration::from_millis(30));
    play(&mut h, gid, "e5");
    let at_turn = h.games[&gid].turn_left;
    assert!(at_turn[0] < Duration::from_secs(300) || at_turn[1] < Duration::from_secs(300));
    std::thread::sleep(Duration::from_millis(30));
    assert_eq!(h.stop(), 1);
    assert_eq!(bye_a.lock().unwrap().as_deref(), Some(STOPPING_PLAYER));
    for rx in [&ra, &rb] {
        assert!(rx.try_iter().any(|m| matches!(m, Msg::Terminate)));
    }
    let _ = b;
    // The next start lists it for both, with those clocks.
    drop(h);
    let mut h = Hub::new(DataDir(dir.clone()), Duration::from_secs(600));
    let a = &h.adjourned[&gid];
    assert_eq!(a.meta.left_ms, at_turn.map(|d| d.as_millis() as u64));
    assert_eq!(a.what, "Linage · turn 2");
    for (fp, name, other) in [
        ("SHA256:alice", "alice", "bob"),
        ("SHA256:bob", "bob", "alice"),
    ] {
        let (_m, rx) = member(&mut h, fp, name);
        let lobby = last_lobby(&rx).unwrap();
        assert_eq!(lobby.adjourned.len(), 1, "{name}");
        assert_eq!(lobby.adjourned[0].opponent, other);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn after_a_crash_a_game_in_progress_is_adjourned_as_of_its_last_turn() {
    let (mut h, dir) = hub("crash");
    let (_, _, gid) = start(&mut h);
    std::thread::sleep(Duration::from_millis(30));
    play(&mut h, gid, "e5");
    std::thread::sleep(Duration::from_millis(30));
    play(&mut h, gid, "d4");
    let at_turn = h.games[&gid].turn_left;
    let log = h.games[&gid].left_log.clone();
    assert_eq!(log.len(), 2);
    // Killed once the last turn is written: nothing runs at the end.
    h.writer().flush();
    std::mem::forget(h);
    let h = Hub::new(DataDir(dir.clone()), Duration::from_secs(600));
    let a = &h.adjourned[&gid];
    assert_eq!(a.meta.left_ms, at_turn.map(|d| d.as_millis() as u64));
    assert_eq!(a.meta.left_ms, log[1]);
    assert_eq!(a.what, "Linage · turn 3");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_turns_files_are_written_by_the_writer_not_under_the_hub() {
    let (mut h, dir) = hub("writer");
    let (_, _, gid) = start(&mut h);
    h.writer().flush();
    let record = DataDir(dir.clone()).adjourned_record(gid);
    let before = std::fs::read_to_string(&record).unwrap();
    // A slow disk: the writer is busy until `go`.
    let (go, busy) = channel::<()>();
    h.writer().write(move || {
        let _ = busy.recv();
    });
    // The turn is played (the hub is free again) before anything is written.
    play(&mut h, gid, "e5");
    assert_eq!(std::fs::read_to_string(&record).unwrap(), before);
    go.send(()).unwrap();
    h.writer().flush();
    let after = std::fs::read_to_string(&record).unwrap();
    assert!(after.contains("e5"), "{after}");
    std::fs::remove_dir_all(&dir).ok();
}
