//! The opening protocols shared by Keil, Carteso and Linage (SPEC §3): agreed komi, or the
//! bid — the first player sets komi (`komi=X`), then the second player picks a side
//! (`play=<side>`) — and Keil's button option, resolved once komi is known.

use super::error::{NotationError, SetupError};
use super::kind::{format_komi, parse_komi, ButtonMode, GameKind, GameOptions, Protocol};
use super::types::{Illegal, Side, Step};
use crate::zobrist;

/// Where the protocol stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Bid: the first player must set komi.
    ChooseKomi,
    /// Bid: the second player must pick a side.
    ChooseSide,
    /// Komi is settled; the game proper is under way.
    Settled,
}

/// The state of the opening protocol. Small and `Copy`: games keep a copy per undo entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    phase: Phase,
    komi_half: u16,
    max_komi_half: u16,
    button_mode: ButtonMode,
    swapped: bool,
}

impl Opening {
    /// The protocol for a game with `points` points, from its options.
    pub fn new(options: &GameOptions, points: usize) -> Result<Opening, SetupError> {
        let max_komi_half = (2 * points) as u16;
        if options.protocol == Protocol::Agreed && options.komi_half > max_komi_half {
            return Err(SetupError::KomiTooLarge {
                komi_half: options.komi_half,
                points,
            });
        }
        Ok(Opening {
            phase: match options.protocol {
                Protocol::Agreed => Phase::Settled,
                Protocol::Bid => Phase::ChooseKomi,
            },
            komi_half: if options.protocol == Protocol::Agreed {
                options.komi_half
            } else {
                0
            },
            max_komi_half,
            button_mode: options.button,
            swapped: false,
        })
    }

    /// Whether komi is settled and ordinary play has begun.
    #[inline]
    pub fn is_settled(&self) -> bool {
        self.phase == Phase::Settled
    }

    /// Komi in half points (0 until the bid sets it).
    pub fn komi_half(&self) -> u16 {
        self.komi_half
    }

    /// Komi in points.
    pub fn komi(&self) -> f64 {
        self.komi_half as f64 / 2.0
    }

    /// Whether the second player took the first side in the bid.
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// Whether Keil's button is in play: `on`, `off`, or for `auto` whether komi is whole.
    pub fn button_on(&self) -> bool {
        match self.button_mode {
            ButtonMode::On => true,
            ButtonMode::Off => false,
            ButtonMode::Auto => self.komi_half % 2 == 0,
        }
    }

    /// Who acts in the protocol: the first side sets komi, the second picks; `None` once settled.
    #[allow(clippy::wrong_self_convention)] // "the side to move", not a conversion
    pub fn to_move(&self) -> Option<Side> {
        match self.phase {
            Phase::ChooseKomi => Some(Side::First),
            Phase::ChooseSide => Some(Side::Second),
            Phase::Settled => None,
        }
    }

    /// Appends the legal protocol steps (every komi in range, then both sides).
    pub fn legal_steps(&self, out: &mut Vec<Step>) {
        match self.phase {
            Phase::ChooseKomi => out.extend((0..=self.max_komi_half).map(Step::Komi)),
            Phase::ChooseSide => {
                out.extend([Step::Choose(Side::First), Step::Choose(Side::Second)])
            }
            Phase::Settled => {}
        }
    }

    /// Whether a protocol step is legal now.
    pub fn check(&self, step: Step) -> Result<(), Illegal> {
        match (self.phase, step) {
            (Phase::ChooseKomi, Step::Komi(h)) if h <= self.max_komi_half => Ok(()),
            (Phase::ChooseKomi, Step::Komi(_)) => Err(Illegal::Rule(
                "komi may not exceed the number of points on the board",
            )),
            (Phase::ChooseKomi, _) => Err(Illegal::NotNow("first set the komi (komi=X)")),
            (Phase::ChooseSide, Step::Choose(_)) => Ok(()),
            (Phase::ChooseSide, _) => Err(Illegal::NotNow("first choose a side (play=<side>)")),
            (Phase::Settled, Step::Komi(_) | Step::Choose(_)) => {
                Err(Illegal::NotNow("komi is already settled"))
            }
            (Phase::Settled, _) => Ok(()),
        }
    }

    /// Plays a legal protocol step.
    pub fn play(&mut self, step: Step) {
        match step {
            Step::Komi(h) => {
                self.komi_half = h;
                self.phase = Phase::ChooseSide;
            }
            Step::Choose(side) => {
                // The second player picking the first side means the players swap seats.
                self.swapped = side == Side::First;
                self.phase = Phase::Settled;
            }
            _ => debug_assert!(false, "not a protocol step: {step:?}"),
        }
    }

    /// Zobrist contribution: the phase and the komi (they change what is legal and who wins).
    pub fn hash(&self) -> u64 {
        let phase = match self.phase {
            Phase::ChooseKomi => zobrist::extra_key(3),
            Phase::ChooseSide => zobrist::extra_key(4),
            Phase::Settled => 0,
        };
        phase ^ (self.komi_half as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Parses `komi=X` or `play=<side>`; `None` if the text is neither.
    pub fn parse_step(kind: GameKind, text: &str) -> Option<Result<Step, NotationError>> {
        let (k, v) = text.split_once('=')?;
        match k.to_ascii_lowercase().as_str() {
            "komi" => Some(parse_komi(v).map(Step::Komi).map_err(NotationError::from)),
            "play" => Some(
                kind.parse_side(v)
                    .map(Step::Choose)
                    .ok_or(NotationError::PlaySide { kind }),
            ),
            _ => None,
        }
    }

    /// Writes a protocol step (`komi=6`, `komi=6.5`, `play=white`); `None` for other steps.
    pub fn format_step(kind: GameKind, step: Step) -> Option<String> {
        match step {
            Step::Komi(h) => Some(format!("komi={}", format_komi(h))),
            Step::Choose(s) => Some(format!("play={}", kind.side_name(s))),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bid(kind: GameKind) -> Opening {
        let o = GameOptions {
            protocol: Protocol::Bid,
            ..GameOptions::defaults(kind)
        };
        Opening::new(&o, 81).unwrap()
    }

    #[test]
    fn bid_walks_komi_then_side() {
        let mut o = bid(GameKind::Linage);
        assert_eq!(o.to_move(), Some(Side::First));
        let mut v = Vec::new();
        o.legal_steps(&mut v);
        assert_eq!(v.len(), 163); // 0, 0.5, …, 81
        assert!(o.check(Step::Choose(Side::First)).is_err());
        assert!(o.check(Step::Komi(163)).is_err());
        o.play(Step::Komi(13));
        assert_eq!(o.komi(), 6.5);
        assert_eq!(o.to_move(), Some(Side::Second));
        assert!(o.check(Step::Komi(3)).is_err());
        o.play(Step::Choose(Side::First));
        assert!(o.is_settled() && o.swapped());
        assert!(o.check(Step::Pass).is_ok());
        assert!(o.check(Step::Komi(1)).is_err());
    }

    #[test]
    fn choosing_the_second_side_keeps_seats() {
        let mut o = bid(GameKind::Carteso);
        o.play(Step::Komi(1));
        o.play(Step::Choose(Side::Second));
        assert!(!o.swapped());
    }

    #[test]
    fn button_auto_follows_komi() {
        let mut opts = GameOptions::defaults(GameKind::Keil);
        assert!(Opening::new(&opts, 127).unwrap().button_on());
        opts.komi_half = 13;
        assert!(!Opening::new(&opts, 127).unwrap().button_on());
        opts.button = ButtonMode::On;
        assert!(Opening::new(&opts, 127).unwrap().button_on());
        opts.komi_half = 12;
        opts.button = ButtonMode::Off;
        assert!(!Opening::new(&opts, 127).unwrap().button_on());
        opts.komi_half = 255;
        assert!(Opening::new(&opts, 127).is_err());
    }

    #[test]
    fn tokens_round_trip() {
        let k = GameKind::Keil;
        assert_eq!(Opening::parse_step(k, "komi=6.0"), Some(Ok(Step::Komi(12))));
        assert_eq!(Opening::format_step(k, Step::Komi(12)).unwrap(), "komi=6");
        assert_eq!(Opening::format_step(k, Step::Komi(13)).unwrap(), "komi=6.5");
        assert_eq!(
            Opening::parse_step(k, "play=W"),
            Some(Ok(Step::Choose(Side::Second)))
        );
        assert_eq!(
            Opening::format_step(GameKind::Linage, Step::Choose(Side::First)).unwrap(),
            "play=vertical"
        );
        assert!(Opening::parse_step(k, "komi=6.3").unwrap().is_err());
        assert!(Opening::parse_step(k, "komi=-1").unwrap().is_err());
        assert!(Opening::parse_step(k, "play=vertical").unwrap().is_err());
        assert_eq!(Opening::parse_step(k, "d4"), None);
    }
}
