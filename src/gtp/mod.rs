//! `tessera gtp`: the engine protocol of SPEC §5 (GTP version 2 on stdin/stdout).
//!
//! Everything here works through [`Session`] and the [`Game`] trait, so every game the registry
//! can build is playable with no GTP code of its own.
//!
//! Protocol details (GTP 2): each command line may start with a numeric id, echoed back in the
//! response (`=7 …`); a response is `=[id] text` or `?[id] reason`, ended by an empty line;
//! `#` starts a comment; control characters other than tab and newline are dropped, tabs count
//! as spaces and empty lines are skipped. A line longer than [`MAX_LINE`] (64 KiB) is answered
//! `? line too long` and skipped without being held in memory; a message quotes at most a short
//! prefix of a bad argument, with invisible characters escaped. Bad input never ends the session
//! and never changes the state.
//!
//! Behaviour where SPEC §5 leaves room (see also docs/gtp.md):
//! - at start the game is Keil with its defaults (the first game in menu order);
//! - `boardsize N` starts a new game of the current kind and options at size N;
//!   `clear_board` starts it again with the same options;
//! - `komi X` on a game with no turn played yet restarts it with the agreed protocol and komi X;
//!   once a turn is played it is refused; for the games without komi (Iris, Wunchunk) it is
//!   accepted and ignored, as GTP asks engines to accept any komi;
//! - `play`/`genmove` take the side to move as `black|white|b|w` (black = the first side in
//!   every game) or, in Carteso and Linage, `vertical|horizontal|v|h`; another side is refused;
//! - `genmove` plays the rest of the turn in progress, or a whole turn, and answers its token;
//! - `undo` takes back the turn in progress if it has stones, else the last whole turn;
//! - `final_score` is the result once the game is over; before that, for the territory games,
//!   the score as if the game ended now in the same form (`V+3.5`, `0` when equal); the other
//!   games refuse until the end.

mod error;
pub(crate) mod input;
mod line;
pub(crate) mod player;
mod showboard;
#[cfg(test)]
mod tests;

pub use error::GtpError;
pub use line::MAX_LINE;

use crate::games::{
    parse_komi, AnyGame, Describe, Game, GameError, GameKind, GameOptions, Protocol, Side,
};
use crate::rng::FastRng;
use crate::search::{Algorithm, PlayerSpec};
use crate::session::{Session, TurnError};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Options of `tessera gtp`.
/// The long help of `tessera gtp` (`tessera gtp --help`).
pub const LONG_HELP: &str = "Speaks GTP version 2 on stdin/stdout (SPEC §5): the standard \
commands plus the extensions tessera-game, tessera-play, tessera-step, tessera-legal, \
tessera-state and tessera-analyze. The game at start is Keil with its default options; \
`tessera-game NAME [size=N] [komi=X] [protocol=agreed|bid] [button=auto|on|off]` starts another.

`genmove` and `tessera-analyze MS` think with the player given by --player (default: the \
game's strongest player, one second a turn); `--player random` plays uniformly random legal \
placements (passing, ending the turn or taking the button only when none is legal).";

/// Options of `tessera gtp`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct GtpArgs {
    /// Seed for genmove's random choices with `--player random` (default: a fresh one).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Who plays `genmove` and thinks for `tessera-analyze`: a player spec such as
    /// `default:ms=1000` (the default), `mcts:ms=500,threads=1`, `ab:ms=300`, `level:3`,
    /// `random`.
    #[arg(long, default_value = player::DEFAULT_PLAYER)]
    pub player: String,
}

/// Runs the protocol on stdin/stdout until `quit` or the end of input.
pub fn run(args: &GtpArgs) -> std::io::Result<()> {
    let player: PlayerSpec = args.player.parse().map_err(|e| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("--player: {e}"))
    })?;
    let mut gtp = Gtp::with_player(player, args.seed);
    let input = input::Input::spawn(std::io::stdin(), gtp.input_closed.clone());
    let stdout = std::io::stdout();
    gtp.serve(input, stdout.lock())
}

/// The standard commands, then the extensions, as `list_commands` gives them.
pub const COMMANDS: [&str; 20] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "tessera-game",
    "tessera-play",
    "tessera-step",
    "tessera-legal",
    "tessera-state",
    "tessera-analyze",
];

/// The engine's state between commands: the current game and what a new game starts with.
#[derive(Debug)]
pub struct Gtp {
    kind: GameKind,
    options: GameOptions,
    session: Option<Session>,
    player: PlayerSpec,
    rng: FastRng,
    /// Set when the input has ended and every command has been read: a `genmove` without a
    /// time limit then stops thinking (see [`input`]).
    input_closed: Arc<AtomicBool>,
}

/// A command's answer: the text after `=`, or the reason after `?`.
type Reply = Result<String, GtpError>;

impl Gtp {
    /// The engine at start with a random `genmove` player (for tests and scripts): the first
    /// game in menu order (Keil) with its default options; `seed` fixes genmove's choices.
    pub fn new(seed: Option<u64>) -> Gtp {
        Gtp::with_player(PlayerSpec::of(Algorithm::Random), seed)
    }

    /// The engine at start, with `player` for `genmove` and `tessera-analyze`.
    pub fn with_player(player: PlayerSpec, seed: Option<u64>) -> Gtp {
        let rng = seed.map_or_else(FastRng::from_entropy, FastRng::seed);
        let (kind, session) = GameKind::ALL
            .into_iter()
            .find_map(|k| {
                Session::new(k, GameOptions::defaults(k))
                    .ok()
                    .map(|s| (k, s))
            })
            .map_or((GameKind::ALL[0], None), |(k, s)| (k, Some(s)));
        Gtp {
            kind,
            options: GameOptions::defaults(kind),
            session,
            player,
            rng,
            input_closed: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The current game, if any game is in the build.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// Answers commands from `input` on `output` until `quit` or the end of input. A line
    /// longer than [`MAX_LINE`] bytes is answered `? line too long` and skipped.
    pub fn serve(
        &mut self,
        mut input: impl BufRead,
        mut output: impl Write,
    ) -> std::io::Result<()> {
        let mut raw = Vec::new();
        loop {
            let read = line::read_line(&mut input, &mut raw)?;
            if read == line::Line::End {
                return Ok(());
            }
            let line = line::clean(&String::from_utf8_lossy(&raw));
            if read == line::Line::TooLong {
                let reply = Err(GtpError::LineTooLong);
                line::respond(&mut output, line::leading_id(&line), reply)?;
                continue;
            }
            let mut words = line.split(' ').filter(|w| !w.is_empty());
            let Some(mut first) = words.next() else {
                continue;
            };
            let mut id = "";
            if first.bytes().all(|b| b.is_ascii_digit()) {
                id = first;
                first = match words.next() {
                    Some(w) => w,
                    None => {
                        line::respond(&mut output, id, Err(GtpError::NoCommand))?;
                        continue;
                    }
                };
            }
            let args: Vec<&str> = words.collect();
            let quit = first == "quit";
            let reply = if quit {
                Ok(String::new())
            } else {
                self.execute(first, &args)
            };
            line::respond(&mut output, id, reply)?;
            if quit {
                return Ok(());
            }
        }
    }

    /// Runs one command (name and arguments, without the id) and returns its answer.
    /// The state changes only when the answer is a success.
    pub fn execute(&mut self, command: &str, args: &[&str]) -> Result<String, GtpError> {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("tessera".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                let [name] = want::<1>(args, "known_command NAME")?;
                Ok(COMMANDS.contains(&name).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                want::<0>(args, "clear_board")?;
                self.restart(self.kind, self.options.clone())
            }
            "komi" => self.komi(args),
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => {
                want::<0>(args, "undo")?;
                if self.current_mut()?.undo_turn() {
                    Ok(String::new())
                } else {
                    Err(GtpError::CannotUndo)
                }
            }
            "showboard" => Ok(format!("\n{}", showboard::render(self.current()?))),
            "final_score" => self.final_score(),
            "tessera-game" => self.new_game(args),
            "tessera-play" => {
                let [token] = want::<1>(args, "tessera-play TOKEN")?;
                self.current_mut()?.play_turn(token)?;
                Ok(String::new())
            }
            "tessera-step" => self.step(args),
            "tessera-legal" => self.legal(),
            "tessera-state" => Ok(self.current()?.game().state_json().to_string()),
            "tessera-analyze" => {
                let [ms] = want::<1>(args, "tessera-analyze MS")?;
                let ms: u64 = ms.parse().map_err(|_| GtpError::NotMilliseconds {
                    text: ms.to_string(),
                })?;
                player::analyze(self.current()?, &self.player, ms).map_err(GtpError::Analyze)
            }
            _ => Err(GtpError::UnknownCommand),
        }
    }

    fn current(&self) -> Result<&Session, GtpError> {
        self.session.as_ref().ok_or(GtpError::NoGame)
    }

    fn current_mut(&mut self) -> Result<&mut Session, GtpError> {
        self.session.as_mut().ok_or(GtpError::NoGame)
    }

    /// Starts a new game; on error nothing changes.
    fn restart(&mut self, kind: GameKind, options: GameOptions) -> Reply {
        let session = Session::new(kind, options.clone()).map_err(GameError::from)?;
        (self.kind, self.options, self.session) = (kind, options, Some(session));
        Ok(String::new())
    }

    fn new_game(&mut self, args: &[&str]) -> Reply {
        let Some((name, rest)) = args.split_first() else {
            return Err(GtpError::NoGameName);
        };
        let kind: GameKind = name.parse().map_err(GameError::from)?;
        let options = GameOptions::parse(kind, rest).map_err(GameError::from)?;
        self.restart(kind, options)
    }

    fn boardsize(&mut self, args: &[&str]) -> Reply {
        let [n] = want::<1>(args, "boardsize N")?;
        let n: usize = n.parse().map_err(|_| GtpError::NotBoardSize {
            text: n.to_string(),
        })?;
        if !self.kind.sizes().contains(&n) {
            return Err(GtpError::UnacceptableSize {
                kind: self.kind,
                size: n,
            });
        }
        let options = GameOptions {
            size: n,
            ..self.options.clone()
        };
        self.restart(self.kind, options)
    }

    fn komi(&mut self, args: &[&str]) -> Reply {
        let [value] = want::<1>(args, "komi X")?;
        let komi_half = parse_komi(value)?;
        if !self.kind.has_komi() {
            return Ok(String::new());
        }
        let s = self.current()?;
        if !s.turns().is_empty() || !s.pending().is_empty() {
            return Err(GtpError::KomiAfterFirstTurn);
        }
        let options = GameOptions {
            protocol: Protocol::Agreed,
            komi_half,
            ..self.options.clone()
        };
        self.restart(self.kind, options)
    }

    /// Checks that `colour` names the side to move.
    fn check_colour(&self, colour: &str) -> Result<(), GtpError> {
        let game = self.current()?.game();
        let kind = game.kind();
        let side = parse_colour(kind, colour).ok_or_else(|| GtpError::NotASide {
            kind,
            colour: colour.to_string(),
        })?;
        if game.is_over() {
            return Err(GtpError::GameOver);
        }
        if side != game.to_move() {
            return Err(GtpError::NotYourTurn {
                kind,
                to_move: game.to_move(),
            });
        }
        Ok(())
    }

    fn play(&mut self, args: &[&str]) -> Reply {
        let [colour, token] = want::<2>(args, "play COLOUR MOVE")?;
        self.check_colour(colour)?;
        let session = self.current_mut()?;
        session
            .game()
            .parse_turn(token)
            .map_err(GtpError::InvalidMove)?;
        session
            .play_turn(token)
            .map(|()| String::new())
            .map_err(GtpError::IllegalMove)
    }

    fn genmove(&mut self, args: &[&str]) -> Reply {
        let [colour] = want::<1>(args, "genmove COLOUR")?;
        self.check_colour(colour)?;
        let session = self.session.as_mut().expect("checked above");
        let stop = if self.player.limits.ms.is_none() {
            self.input_closed.clone()
        } else {
            Arc::new(AtomicBool::new(false))
        };
        let steps = player::choose_turn(session, &self.player, &mut self.rng, stop);
        let mut trial = session.clone();
        let turns = trial.turns().len();
        for step in steps {
            trial.play_step(step).map_err(GtpError::EngineIllegalStep)?;
        }
        if trial.turns().len() != turns + 1 {
            return Err(GtpError::EngineIncompleteTurn);
        }
        *session = trial;
        Ok(session
            .turns()
            .last()
            .expect("a turn was played")
            .token
            .clone())
    }

    fn step(&mut self, args: &[&str]) -> Reply {
        let [text] = want::<1>(args, "tessera-step STEP")?;
        let session = self.current_mut()?;
        if session.game().is_over() {
            return Err(GtpError::GameOver);
        }
        let step = session.game().parse_step(text).map_err(TurnError::from)?;
        session
            .play_step(step)
            .map_err(|error| TurnError::Illegal { error, stone: None })?;
        Ok(String::new())
    }

    fn legal(&self) -> Reply {
        let game = self.current()?.game();
        if game.is_over() {
            return Ok(String::new());
        }
        let mut steps = Vec::new();
        game.legal_steps(&mut steps);
        let words: Vec<String> = steps.iter().map(|&s| game.format_step(s)).collect();
        Ok(words.join(" "))
    }

    fn final_score(&self) -> Reply {
        let game: &AnyGame = self.current()?.game();
        if let Some(result) = game.result_text() {
            return Ok(result);
        }
        let Some(points) = game.points() else {
            return Err(GtpError::NoRunningScore { kind: game.kind() });
        };
        let margin = points[0] - points[1];
        Ok(if margin == 0.0 {
            "0".into()
        } else {
            let leader = if margin > 0.0 {
                Side::First
            } else {
                Side::Second
            };
            let m = margin.abs();
            let m = if m.fract() == 0.0 {
                format!("{m:.0}")
            } else {
                format!("{m}")
            };
            format!("{}+{m}", game.kind().side_letter(leader))
        })
    }
}

/// Parses a GTP colour: `black|white|b|w` in every game (black = the first side), and the
/// game's own side names (`vertical|horizontal|v|h` in Carteso and Linage).
fn parse_colour(kind: GameKind, text: &str) -> Option<Side> {
    match text.to_ascii_lowercase().as_str() {
        "black" | "b" => Some(Side::First),
        "white" | "w" => Some(Side::Second),
        _ => kind.parse_side(text),
    }
}

/// The arguments as an array of exactly `N`, or a syntax error with the usage.
fn want<'a, const N: usize>(
    args: &[&'a str],
    usage: &'static str,
) -> Result<[&'a str; N], GtpError> {
    <[&str; N]>::try_from(args).map_err(|_| GtpError::Usage { usage })
}
