//! The five games by name, and the options a game is started with.

use super::error::{KomiError, OptionsError, SizeError, UnknownGame};
use super::types::Side;
use crate::board::BoardKind;
use std::fmt;
use std::str::FromStr;

/// One of the five games.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Hexagonal go with links (seed 000).
    Keil,
    /// Territory by group shape, either colour (seed 001).
    Carteso,
    /// Two stones a turn, coloured perimeter pairs (seed 002).
    Iris,
    /// Regions owned by the lines they contain (seed 003).
    Linage,
    /// Fewest chunks wins (seed 004).
    Wunchunk,
}

impl GameKind {
    /// The games' names, comma-separated, for messages ("keil, carteso, …").
    pub fn names() -> String {
        GameKind::ALL.map(GameKind::name).join(", ")
    }

    /// The game a new game starts with (the new-game form's first choice).
    pub const DEFAULT: GameKind = GameKind::Linage;

    /// Lower-case name as used on the command line, in GTP and records.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// Capitalised name for people.
    pub fn title(self) -> &'static str {
        self.spec().title
    }

    /// Square or hexhex.
    pub fn board_kind(self) -> BoardKind {
        self.spec().board
    }

    /// Default board size (SPEC §1).
    pub fn default_size(self) -> usize {
        self.spec().default_size
    }

    /// Allowed board sizes (SPEC §1).
    pub fn sizes(self) -> std::ops::RangeInclusive<usize> {
        match self.board_kind() {
            BoardKind::Square => 5..=19,
            BoardKind::Hex => 3..=12,
        }
    }

    /// Whether the game starts with an opening protocol (komi; Keil, Carteso, Linage).
    pub fn has_komi(self) -> bool {
        self.spec().has_komi
    }

    /// The komi, in half points, of a quick agreed-komi game: Keil 6 (with the button),
    /// Carteso and Linage 0.5; 0 for the games without komi. `tessera match` starts with it,
    /// and the AI's komi bid starts its search from it.
    pub fn customary_komi(self) -> u16 {
        self.spec().customary_komi
    }

    /// The side's name with a capital, as a title or at the start of a sentence
    /// ("Vertical").
    pub fn side_title(self, side: Side) -> String {
        title_case(self.side_name(side))
    }

    /// Lower-case side name as in GTP and `tessera-state`: black/white or vertical/horizontal.
    pub fn side_name(self, side: Side) -> &'static str {
        self.spec().side_names[side.index()]
    }

    /// One-letter side abbreviation used in results (`W+2.5`, `V+12`).
    pub fn side_letter(self, side: Side) -> char {
        self.side_name(side)
            .chars()
            .next()
            .unwrap()
            .to_ascii_uppercase()
    }

    /// Parses a side name or abbreviation (`black|white|b|w`, `vertical|horizontal|v|h`).
    pub fn parse_side(self, s: &str) -> Option<Side> {
        let s = s.to_ascii_lowercase();
        [Side::First, Side::Second].into_iter().find(|&side| {
            let name = self.side_name(side);
            s == name || (s.len() == 1 && name.starts_with(&s))
        })
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, UnknownGame> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownGame { name: s.into() })
    }
}

/// How komi is settled (SPEC §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    /// Both players agree on a komi before the game.
    Agreed,
    /// The first player sets komi (`komi=X`), the second picks a side (`play=…`).
    Bid,
}

/// Keil's button option (SPEC §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ButtonMode {
    /// On for a whole komi, off for a `.5` komi.
    Auto,
    /// Always on.
    On,
    /// Always off.
    Off,
}

/// The options a game starts with. Fields a game does not use are ignored by it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameOptions {
    /// Board size (square: points per side; hexhex: side).
    pub size: usize,
    /// How komi is settled (Keil, Carteso, Linage).
    pub protocol: Protocol,
    /// Komi in half points for the agreed protocol (ignored under the bid).
    pub komi_half: u16,
    /// Keil's button.
    pub button: ButtonMode,
}

impl GameOptions {
    /// The defaults of SPEC §1 and §3 for a game: default size; Keil agreed komi 6 with the
    /// button; Carteso and Linage the bid.
    pub fn defaults(kind: GameKind) -> GameOptions {
        GameOptions {
            size: kind.default_size(),
            protocol: if kind == GameKind::Keil {
                Protocol::Agreed
            } else {
                Protocol::Bid
            },
            komi_half: if kind == GameKind::Keil { 12 } else { 0 },
            button: ButtonMode::Auto,
        }
    }

    /// Applies `key=value` settings (`size=9`, `komi=6.5`, `protocol=bid`, `button=on`) on top
    /// of the defaults. `komi=X` alone selects the agreed protocol with that komi; `komi=X`
    /// with `protocol=bid` is refused (under the bid komi is the first turn).
    pub fn parse(kind: GameKind, args: &[&str]) -> Result<GameOptions, OptionsError> {
        let mut o = GameOptions::defaults(kind);
        let mut protocol_given = None;
        let mut komi_given = false;
        for arg in args {
            let (k, v) = arg
                .split_once('=')
                .ok_or_else(|| OptionsError::NotKeyValue { arg: (*arg).into() })?;
            match k.to_ascii_lowercase().as_str() {
                "size" => {
                    let n: usize = v
                        .parse()
                        .map_err(|_| OptionsError::SizeNotNumber { text: v.into() })?;
                    if !kind.sizes().contains(&n) {
                        return Err(SizeError { kind, size: n }.into());
                    }
                    o.size = n;
                }
                "komi" => {
                    o.komi_half = parse_komi(v)?;
                    komi_given = true;
                }
                "protocol" => {
                    protocol_given = Some(match v.to_ascii_lowercase().as_str() {
                        "agreed" => Protocol::Agreed,
                        "bid" => Protocol::Bid,
                        _ => return Err(OptionsError::Protocol { text: v.into() }),
                    })
                }
                "button" => {
                    o.button = match v.to_ascii_lowercase().as_str() {
                        "auto" => ButtonMode::Auto,
                        "on" => ButtonMode::On,
                        "off" => ButtonMode::Off,
                        _ => return Err(OptionsError::Button { text: v.into() }),
                    }
                }
                _ => return Err(OptionsError::UnknownOption { key: k.into() }),
            }
        }
        o.protocol = match (protocol_given, komi_given) {
            (Some(Protocol::Bid), true) => return Err(OptionsError::KomiWithBid),
            (Some(p), _) => p,
            (None, true) => Protocol::Agreed,
            (None, false) => o.protocol,
        };
        Ok(o)
    }
}

/// Parses a komi value (`6`, `6.5`, `6.0`): a non-negative multiple of 0.5, in half points.
/// The upper bound (the number of points) is checked by the game.
pub fn parse_komi(v: &str) -> Result<u16, KomiError> {
    let err = || KomiError { text: v.into() };
    let x: f64 = v.trim().parse().map_err(|_| err())?;
    let h = x * 2.0;
    if !x.is_finite() || x < 0.0 || h.fract() != 0.0 || h > 10_000.0 {
        return Err(err());
    }
    Ok(h as u16)
}

/// Formats a komi in half points as SPEC §3 writes it: `6` when whole, `6.5` otherwise.
pub fn format_komi(half: u16) -> String {
    if half % 2 == 0 {
        format!("{}", half / 2)
    } else {
        format!("{}.5", half / 2)
    }
}

/// "vertical" → "Vertical".
pub fn title_case(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}
