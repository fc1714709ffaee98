//! The protocol between a game server (`tessera serve`, [`crate::serve`]) and a player's
//! session ([`crate::tui`]): what the lobby shows, what a session asks the server for
//! ([`Request`], sent through a [`Link`]) and what the server tells it ([`Event`], arriving
//! as a message like a key press). Neither side's internals are here: the server and the
//! interface know each other only through these types.

use crate::games::{format_komi, GameKind, GameOptions, Protocol, Side, Step};
use crate::session::PlayedGame;
use std::time::{Duration, Instant};

/// A game on the server (challenges, live games and adjourned games share the numbering).
pub type GameId = u64;

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// No clock.
    None,
    /// Each turn must be played within this many seconds.
    PerMove(u32),
    /// Each player has this many seconds for the whole game (sudden death).
    Absolute(u32),
}

impl Clock {
    /// "no clock", "30 s a turn", "5 min each".
    pub fn describe(self) -> String {
        match self {
            Clock::None => "no clock".into(),
            Clock::PerMove(s) => format!("{} a turn", duration_words(s)),
            Clock::Absolute(s) => format!("{} each", duration_words(s)),
        }
    }

    /// The time a seat starts with (and, per move, gets back at each of its turns).
    pub fn allowance(self) -> Option<Duration> {
        match self {
            Clock::None => None,
            Clock::PerMove(s) | Clock::Absolute(s) => Some(Duration::from_secs(s.into())),
        }
    }
}

/// "30 s", "5 min", "1 min 30 s".
pub fn duration_words(secs: u32) -> String {
    match (secs / 60, secs % 60) {
        (0, s) => format!("{s} s"),
        (m, 0) => format!("{m} min"),
        (m, s) => format!("{m} min {s} s"),
    }
}

/// What a challenge offers.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeSpec {
    /// The game.
    pub kind: GameKind,
    /// Size, komi protocol, button.
    pub options: GameOptions,
    /// The time control.
    pub clock: Clock,
}

impl ChallengeSpec {
    /// "Keil side 7 · komi bid · 5 min each".
    pub fn describe(&self) -> String {
        let size = self.kind.board_kind().size_label(self.options.size);
        let komi = if !self.kind.has_komi() {
            String::new()
        } else if self.options.protocol == Protocol::Bid {
            " · komi bid".to_string()
        } else {
            format!(" · komi {}", format_komi(self.options.komi_half))
        };
        format!(
            "{} {size}{komi} · {}",
            self.kind.title(),
            self.clock.describe()
        )
    }
}

/// An open challenge in the lobby.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeView {
    /// Its number.
    pub id: GameId,
    /// Who opened it.
    pub creator: String,
    /// This session's own challenge.
    pub mine: bool,
    /// What it offers.
    pub spec: ChallengeSpec,
}

/// A game in progress, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameView {
    /// Its number.
    pub id: GameId,
    /// The seat that made the first turn, and the other.
    pub names: [String; 2],
    /// "Keil side 7 · 5 min each".
    pub what: String,
    /// How many people watch it.
    pub watchers: usize,
}

/// An adjourned game of this session's person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjournedView {
    /// Its number.
    pub id: GameId,
    /// The other player.
    pub opponent: String,
    /// "Keil side 7 · turn 12".
    pub what: String,
    /// The other player is on the server.
    pub online: bool,
    /// The other player asked to resume it.
    pub asked: bool,
    /// This person asked to resume it (and waits for the other).
    pub waiting: bool,
}

/// Someone on the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    /// Nickname.
    pub name: String,
    /// "lobby", "playing", "watching", "away".
    pub place: &'static str,
}

/// What the lobby shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LobbyView {
    /// Open challenges.
    pub challenges: Vec<ChallengeView>,
    /// Games in progress.
    pub games: Vec<GameView>,
    /// This person's adjourned games.
    pub adjourned: Vec<AdjournedView>,
    /// Everyone on the server.
    pub players: Vec<PlayerView>,
    /// Games in progress where this person has a seat this session does not hold (she went
    /// to the lobby, or another connection of hers plays): offered first, to return to.
    pub yours: Vec<GameView>,
}

/// The clocks of a live game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// The time control.
    pub control: Clock,
    /// Time left per seat (seat 0 made the first turn), when `since` was taken.
    pub left: [Duration; 2],
    /// The seat whose clock runs (none: no clock, game over, or a player is away).
    pub running: Option<usize>,
    /// When `left` was measured.
    pub since: Instant,
}

impl ClockState {
    /// Time left for `seat` at `now`.
    pub fn left_at(&self, seat: usize, now: Instant) -> Duration {
        let left = self.left[seat];
        match self.running {
            Some(s) if s == seat => left.saturating_sub(now.saturating_duration_since(self.since)),
            _ => left,
        }
    }
}

/// A live game as one session sees it besides the position: its number, the players, this
/// session's seat, the clocks and the server's word on the players. The server sends it in
/// every [`GameUpdate`]; the game screen keeps the latest.
#[derive(Clone, Debug)]
pub struct LiveView {
    /// The game.
    pub id: GameId,
    /// The seat that made the first turn, and the other.
    pub names: [String; 2],
    /// This session's seat; none for a watcher.
    pub seat: Option<usize>,
    /// The clocks.
    pub clock: ClockState,
    /// What the server has to say about the players ("bob left: the game waits up to 10
    /// min for them"), if anything.
    pub status: Option<String>,
    /// A player is away: nobody may play until they are back.
    pub waiting: bool,
    /// How long the game waits for a player who leaves it.
    pub wait: Duration,
}

/// The state of a live game, as the server sends it to its players and watchers after every
/// change.
#[derive(Clone, Debug)]
pub struct GameUpdate {
    /// The game and its turns as the server has them, its start, and its result once over
    /// (resignation and time included).
    pub game: PlayedGame,
    /// Its number, players, seat, clocks and the server's word on the players.
    pub live: LiveView,
}

/// What a session asks the server.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Take this nickname (first visit of a key).
    SetName(String),
    /// Open a challenge.
    Open(ChallengeSpec),
    /// Withdraw one's own challenge.
    Cancel(GameId),
    /// Accept someone's challenge: the game starts for both.
    Accept(GameId),
    /// Watch a game in progress.
    Watch(GameId),
    /// Back in the lobby (leaving a game one watched or that has ended).
    Lobby,
    /// Play these steps in a game (a step and the forced ones after it, or a whole turn).
    Steps(GameId, Vec<Step>),
    /// Resign a game.
    Resign(GameId),
    /// Ask to resume an adjourned game (it starts once the other player asks too).
    Resume(GameId),
    /// Take one's seat again in a game in progress (from the lobby).
    Return(GameId),
    /// Leave one's seat in a game in progress for the lobby (the game waits).
    Leave(GameId),
}

/// What the server tells a session.
#[derive(Clone, Debug)]
pub enum Event {
    /// The lobby changed.
    Lobby(LobbyView),
    /// The nickname was taken (or why not).
    Named(Result<String, String>),
    /// A game this session plays or watches changed (or started).
    Game(Box<GameUpdate>),
    /// A game this session showed is no longer live (adjourned); back to the lobby with the
    /// reason.
    Closed(GameId, String),
    /// Something to read on the screen shown.
    Notice(String),
    /// A second passed (clocks are running).
    Tick(Instant),
}

/// How a session reaches the server.
pub trait Link: Send {
    /// Sends a request (answers come back as [`Event`]s).
    fn send(&self, request: Request);
}

/// The side a seat plays in a position (the bid and the pie swap exchange them).
pub fn side_of_seat(seat: usize, swapped: bool) -> Side {
    Side::from_index(seat ^ usize::from(swapped))
}

/// Who a session is on a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The key's fingerprint (`SHA256:…`).
    pub fingerprint: String,
    /// The nickname, once chosen.
    pub name: Option<String>,
}

/// The longest nickname.
pub const NAME_MAX: usize = 16;

/// Why a nickname cannot be used, if it cannot: 1–16 letters, digits, `-`, `_` or `.`.
pub fn name_problem(name: &str) -> Option<String> {
    let n = name.chars().count();
    if n == 0 {
        return Some("type a nickname first".into());
    }
    if n > NAME_MAX {
        return Some(format!("at most {NAME_MAX} characters"));
    }
    if !name
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Some("letters, digits, - _ and . only".into());
    }
    if !unicode_security::MixedScript::is_single_script(name) {
        return Some("letters of one script only (no Latin mixed with Cyrillic, …)".into());
    }
    None
}

/// What makes two nicknames the same: a name is taken when either of its keys is another
/// name's: its Unicode confusable skeleton (TR39: "aIice" with a capital I looks like
/// "alice") and the skeleton of its lower case ("Alice" is "alice").
pub fn name_keys(name: &str) -> [String; 2] {
    let lower: String = name.chars().flat_map(char::to_lowercase).collect();
    [
        unicode_security::skeleton(name).collect(),
        unicode_security::skeleton(&lower).collect(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_people_write_them() {
        assert_eq!(Clock::PerMove(30).describe(), "30 s a turn");
        assert_eq!(Clock::Absolute(300).describe(), "5 min each");
        assert_eq!(Clock::Absolute(90).describe(), "1 min 30 s each");
    }

    #[test]
    fn a_running_clock_counts_down_only_for_its_seat() {
        let t0 = Instant::now();
        let c = ClockState {
            control: Clock::Absolute(60),
            left: [Duration::from_secs(60), Duration::from_secs(50)],
            running: Some(1),
            since: t0,
        };
        let later = t0 + Duration::from_secs(20);
        assert_eq!(c.left_at(0, later), Duration::from_secs(60));
        assert_eq!(c.left_at(1, later), Duration::from_secs(30));
        assert_eq!(c.left_at(1, t0 + Duration::from_secs(90)), Duration::ZERO);
    }

    #[test]
    fn nicknames_are_short_words() {
        assert_eq!(name_problem("alice"), None);
        assert_eq!(name_problem("bob_2.x-y"), None);
        assert!(name_problem("").is_some());
        assert!(name_problem("a b").is_some());
        assert!(name_problem("x\u{1b}[2J").is_some());
        assert!(name_problem(&"n".repeat(17)).is_some());
        // One script a name; a look-alike of another name is the same name.
        assert!(name_problem("\u{430}lice").unwrap().contains("one script"));
        assert_eq!(name_problem("\u{430}\u{431}"), None);
        assert_eq!(name_problem("名人"), None);
        let same = |a: &str, b: &str| {
            let (ka, kb) = (super::name_keys(a), super::name_keys(b));
            ka.iter().any(|k| kb.contains(k))
        };
        assert!(same("Alice", "alice"));
        assert!(same("aIice", "alice"), "capital I looks like l");
        assert!(same("ALICE", "alice"));
        assert!(same("\u{430}\u{441}\u{435}", "ace"), "all Cyrillic");
        assert!(same("rn", "m"));
        assert!(!same("alice", "alicf"));
    }
}
