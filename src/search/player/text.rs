//! The text form of player specs, as written on command lines and in settings: `mcts:ms=100`,
//! `mcts:iters=5000,threads=1`, `ab:ms=100`, `uct-baseline:ms=100`, `level:3`, `random`,
//! `default:ms=500` (the board's strongest player), `net:ms=100`. Parsing and writing are
//! inverse: `spec.to_string().parse()` gives back the same spec.

use super::levels;
use super::spec::{Algorithm, PlayerSpec, SpecError};
use std::fmt;
use std::str::FromStr;

impl FromStr for PlayerSpec {
    type Err = SpecError;

    /// `NAME[:key=value,…]` or `level:N[,key=value,…]`.
    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let text = text.trim();
        let (name, rest) = text.split_once(':').unwrap_or((text, ""));
        let mut settings: Vec<&str> = rest.split(',').filter(|s| !s.is_empty()).collect();
        let mut spec = match name.to_ascii_lowercase().as_str() {
            "mcts" => PlayerSpec::of(Algorithm::Mcts),
            "ab" | "alphabeta" | "alpha-beta" => PlayerSpec::of(Algorithm::AlphaBeta),
            "uct-baseline" | "baseline" => PlayerSpec::of(Algorithm::UctBaseline),
            "random" => PlayerSpec::of(Algorithm::Random),
            "default" | "auto" => PlayerSpec::of(Algorithm::Default),
            "net" => PlayerSpec::of(Algorithm::Net),
            "level" => {
                if settings.is_empty() {
                    return Err(SpecError::LevelWithoutNumber);
                }
                let n: u8 = settings
                    .remove(0)
                    .parse()
                    .ok()
                    .filter(|n| (1..=10).contains(n))
                    .ok_or(SpecError::BadLevel)?;
                levels::spec(n)
            }
            _ => return Err(SpecError::UnknownPlayer(name.to_string())),
        };
        for s in settings {
            let (k, v) = s.split_once('=').ok_or_else(|| SpecError::NotKeyValue {
                text: text.into(),
                got: s.into(),
            })?;
            spec.set(&k.trim().to_ascii_lowercase(), v.trim())?;
        }
        Ok(spec)
    }
}

impl fmt::Display for PlayerSpec {
    /// The canonical text form; parsing it gives back the same spec.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        let base = match self.level {
            Some(n) => {
                let mut plain = levels::spec(n);
                // Settings that differ from the level's own are written after it.
                plain.limits = self.limits;
                plain.threads = self.threads;
                plain.seed = self.seed;
                plain.memory_mb = self.memory_mb;
                plain.temperature = self.temperature;
                (plain == *self).then(|| format!("level:{n}"))
            }
            None => None,
        };
        let reference = match self.level {
            Some(n) if base.is_some() => levels::spec(n),
            _ => PlayerSpec::of(self.kind),
        };
        let head = base.unwrap_or_else(|| self.kind.name().to_string());
        let mut push = |k: &str, v: String| parts.push(format!("{k}={v}"));
        if let Some(v) = self
            .limits
            .ms
            .filter(|_| self.limits.ms != reference.limits.ms)
        {
            push("ms", v.to_string());
        }
        if let Some(v) = self
            .limits
            .iters
            .filter(|_| self.limits.iters != reference.limits.iters)
        {
            push("iters", v.to_string());
        }
        if let Some(v) = self.threads.filter(|_| self.threads != reference.threads) {
            push("threads", v.to_string());
        }
        if let Some(v) = self.seed {
            push("seed", v.to_string());
        }
        if let Some(v) = self
            .memory_mb
            .filter(|_| self.memory_mb != reference.memory_mb)
        {
            push("mem", v.to_string());
        }
        if self.temperature != reference.temperature {
            push("temp", self.temperature.to_string());
        }
        if let Some(v) = self.max_depth {
            push("depth", v.to_string());
        }
        if !self.reuse {
            push("reuse", "0".into());
        }
        let t = &self.tuning;
        if let Some(v) = t.exploration {
            push("c", v.to_string());
        }
        if let Some(v) = t.rave_bias {
            push("rave", v.to_string());
        }
        if let Some(v) = t.fpu {
            push("fpu", v.to_string());
        }
        if let Some(v) = t.score_weight {
            push("score", v.to_string());
        }
        if let Some(v) = t.score_scale {
            push("scale", v.to_string());
        }
        if let Some(v) = t.solver {
            push("solver", u8::from(v).to_string());
        }
        if let Some(v) = t.expand_after {
            push("expand", v.to_string());
        }
        if let Some(v) = t.policy {
            push("policy", v.to_string());
        }
        if let Some(v) = t.pattern_weight {
            push("pb", v.to_string());
        }
        if let Some(v) = t.widening {
            push("pw", v.to_string());
        }
        if let Some(v) = t.playout_mix {
            push("mix", v.to_string());
        }
        if let Some(v) = self.batch {
            push("batch", v.to_string());
        }
        if let Some(v) = &self.net_file {
            push("file", v.clone());
        }
        if parts.is_empty() {
            write!(f, "{head}")
        } else if head.starts_with("level:") {
            write!(f, "{head},{}", parts.join(","))
        } else {
            write!(f, "{head}:{}", parts.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::search::control::Limits;
    use crate::search::player::spec::{machine_memory_mb, Algorithm};

    #[test]
    fn parses_the_documented_forms() {
        let s: PlayerSpec = "mcts:ms=100".parse().unwrap();
        assert_eq!(s.kind, Algorithm::Mcts);
        assert_eq!(s.limits, Limits::ms(100));
        let s: PlayerSpec = "mcts:iters=5000,threads=1".parse().unwrap();
        assert_eq!((s.limits.iters, s.threads), (Some(5000), Some(1)));
        let s: PlayerSpec = "ab:ms=100".parse().unwrap();
        assert_eq!(s.kind, Algorithm::AlphaBeta);
        let s: PlayerSpec = "uct-baseline:ms=100".parse().unwrap();
        assert_eq!((s.kind, s.thread_count()), (Algorithm::UctBaseline, 1));
        let s: PlayerSpec = "level:3".parse().unwrap();
        assert_eq!(s.level, Some(3));
        assert_eq!(
            "random".parse::<PlayerSpec>().unwrap().kind,
            Algorithm::Random
        );
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (text, needle) in [
            ("mcst", "unknown player"),
            ("mcts:ms=abc", "not a valid number"),
            ("mcts:threads=0", "at least 1"),
            ("uct-baseline:c=2", "not a setting of uct-baseline"),
            ("uct-baseline:threads=2", "not a setting"),
            ("level:11", "1 to 10"),
            ("level", "needs a number"),
            ("mcts:ms", "key=value"),
            ("mcts:policy=heavy", "policy"),
        ] {
            let e = text.parse::<PlayerSpec>().unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn memory_is_clamped_to_the_machine() {
        let s: PlayerSpec = "mcts:mem=18446744073709551615".parse().unwrap();
        let bytes = s.memory_bytes();
        assert!(bytes <= machine_memory_mb() / 2 * (1 << 20) && bytes >= 1 << 20);
        let s: PlayerSpec = "mcts:mem=0".parse().unwrap();
        assert_eq!(s.memory_bytes(), 1 << 20);
        let s: PlayerSpec = "mcts".parse().unwrap();
        assert_eq!(
            s.memory_bytes(),
            PlayerSpec::DEFAULT_MEMORY_MB.min(machine_memory_mb() / 2) << 20
        );
    }

    #[test]
    fn levels_spend_their_game_s_simulations_unless_set_by_hand() {
        let at = |text: &str, kind| text.parse::<PlayerSpec>().unwrap().limits_for(kind);
        assert_eq!(at("level:3", GameKind::Linage).iters, Some(100));
        assert_eq!(at("level:3", GameKind::Wunchunk).iters, Some(3_000));
        assert_eq!(at("level:8", GameKind::Wunchunk).iters, Some(40_000));
        // Set by hand: kept in every game.
        assert_eq!(at("level:3,iters=77", GameKind::Wunchunk).iters, Some(77));
        assert_eq!(at("mcts:iters=100", GameKind::Wunchunk).iters, Some(100));
        // The timed levels keep their time and have no simulation cap.
        let ten = at("level:10", GameKind::Wunchunk);
        assert_eq!((ten.ms, ten.iters), (Some(4_000), None));
    }

    #[test]
    fn levels_draw_with_their_game_s_temperature_unless_set_by_hand() {
        let at = |text: &str, kind| text.parse::<PlayerSpec>().unwrap().temperature_for(kind);
        assert_eq!(at("level:2", GameKind::Linage), 1.0);
        assert_eq!(at("level:2", GameKind::Wunchunk), 0.6);
        assert_eq!(at("level:5", GameKind::Wunchunk), 0.1);
        assert_eq!(at("level:6", GameKind::Wunchunk), 0.0);
        assert_eq!(at("level:10", GameKind::Wunchunk), 0.0);
        // Set by hand: kept in every game.
        assert_eq!(at("level:2,temp=1.5", GameKind::Wunchunk), 1.5);
        assert_eq!(at("mcts:temp=0.7", GameKind::Wunchunk), 0.7);
        // Each Wunchunk level draws no less sharply than the one below and spends more.
        for n in 2..=8 {
            let (lo, hi) = (n - 1, n);
            assert!(
                levels::temperature(hi, GameKind::Wunchunk)
                    <= levels::temperature(lo, GameKind::Wunchunk)
            );
            assert!(
                levels::simulations(hi, GameKind::Wunchunk)
                    > levels::simulations(lo, GameKind::Wunchunk)
            );
        }
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "mcts",
            "mcts:ms=100,threads=1,seed=7",
            "ab:ms=250,depth=6",
            "uct-baseline:iters=300",
            "random:seed=3",
            "level:3",
            "level:5,ms=300",
            "mcts:c=0.3,rave=0.02,score=0.2,solver=0,expand=2,reuse=0,temp=0.5",
            "mcts:pw=1.5",
        ] {
            let s: PlayerSpec = text.parse().unwrap();
            let again: PlayerSpec = s.to_string().parse().unwrap();
            assert_eq!(s, again, "{text} -> {s}");
        }
    }
}
