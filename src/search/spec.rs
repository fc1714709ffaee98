//! Player specifications as written on command lines and in settings: `mcts:ms=100`,
//! `mcts:iters=5000,threads=1`, `ab:ms=100`, `uct-baseline:ms=100`, `level:3`, `random`,
//! `default:ms=500` (the game's default player).

use super::control::Limits;
use super::levels;
use super::playout::Policy;
use crate::games::GameKind;
use std::fmt;
use std::str::FromStr;

/// Which algorithm a player uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Monte Carlo tree search with RAVE, score-aware rewards, solver, reuse, threads.
    Mcts,
    /// Iterative-deepening alpha-beta with a transposition table.
    AlphaBeta,
    /// The fixed yardstick: plain UCT (see [`super::baseline`]).
    UctBaseline,
    /// Uniformly random legal placements ([`crate::games::SearchHints::random_step`]).
    Random,
    /// The strongest player for the game: `ab` or `mcts`, see [`super::default_kind`].
    Default,
    /// PUCT guided by the game's network ([`super::puct`]); `default` where the game has no
    /// network.
    Net,
}

impl Algorithm {
    /// The name used in specs.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Mcts => "mcts",
            Algorithm::AlphaBeta => "ab",
            Algorithm::UctBaseline => "uct-baseline",
            Algorithm::Random => "random",
            Algorithm::Default => "default",
            Algorithm::Net => "net",
        }
    }
}

/// Overrides of the MCTS knobs (unset: the game's tuned default, see
/// [`super::tuning::mcts_params`]). For experiments with `tessera match`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tuning {
    /// `c=`: UCB exploration constant.
    pub exploration: Option<f32>,
    /// `rave=`: RAVE bias (negative: no AMAF statistics).
    pub rave_bias: Option<f32>,
    /// `fpu=`: first-play urgency.
    pub fpu: Option<f32>,
    /// `score=`: weight of the score margin in rewards.
    pub score_weight: Option<f64>,
    /// `scale=`: margin (points) of the squash.
    pub score_scale: Option<f64>,
    /// `solver=0|1`.
    pub solver: Option<bool>,
    /// `expand=`: visits a node needs before it gets children.
    pub expand_after: Option<u32>,
    /// `policy=`: playout policy.
    pub policy: Option<Policy>,
    /// `pb=`: weight of the progressive bias from learned patterns.
    pub pattern_weight: Option<f32>,
    /// `pw=`: progressive widening, children allowed per √visits (0: every step).
    pub widening: Option<f32>,
    /// `mix=` (`net`): the weight of a playout's result in a new leaf's value, 0–1.
    pub playout_mix: Option<f32>,
}

/// A player: algorithm, limits and settings.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    /// The algorithm.
    pub kind: Algorithm,
    /// The level (1–10) this spec came from, if any.
    pub level: Option<u8>,
    /// The player's own limits (the caller's limits apply too; the first reached stops).
    pub limits: Limits,
    /// Threads (MCTS; default: all cores).
    pub threads: Option<usize>,
    /// Random seed (default: from the operating system). One thread with a fixed seed and an
    /// iteration limit plays deterministically.
    pub seed: Option<u64>,
    /// Memory budget of the search tree in MB (default [`PlayerSpec::DEFAULT_MEMORY_MB`]).
    pub memory_mb: Option<usize>,
    /// Temperature of the final choice (MCTS): 0 plays the most visited step; above 0 samples
    /// steps with probability ∝ visits^(1/temperature).
    pub temperature: f64,
    /// Keep the tree between moves (MCTS; default on).
    pub reuse: bool,
    /// Alpha-beta: maximum depth in steps.
    pub max_depth: Option<u32>,
    /// MCTS knob overrides (`c` and `fpu` also for `net`).
    pub tuning: Tuning,
    /// `net`: leaves evaluated together (`batch=`).
    pub batch: Option<usize>,
    /// `net`: a weights file to use instead of the shipped network (`file=`).
    pub net_file: Option<String>,
}

impl PlayerSpec {
    /// Default tree memory budget (all threads together).
    pub const DEFAULT_MEMORY_MB: usize = 256;

    /// The player's own limits in a game of `kind`: a level whose simulations were not set
    /// by hand spends that game's simulations for the level ([`levels::simulations`];
    /// Wunchunk's differ), any other spec its own limits.
    pub fn limits_for(&self, kind: GameKind) -> Limits {
        match self.level {
            Some(n) if self.limits.iters == levels::spec(n).limits.iters => Limits {
                iters: levels::simulations(n, kind),
                ..self.limits
            },
            _ => self.limits,
        }
    }

    /// The temperature this spec draws its steps with in a game of `kind`: a level whose
    /// temperature was not set by hand uses that game's temperature for the level
    /// ([`levels::temperature`]; Wunchunk's differ), any other spec its own.
    pub fn temperature_for(&self, kind: GameKind) -> f64 {
        match self.level {
            Some(n) if self.temperature == levels::spec(n).temperature => {
                levels::temperature(n, kind)
            }
            _ => self.temperature,
        }
    }

    /// A spec for `kind` with every setting at its default.
    pub fn of(kind: Algorithm) -> PlayerSpec {
        PlayerSpec {
            kind,
            level: None,
            limits: Limits::default(),
            threads: None,
            seed: None,
            memory_mb: None,
            temperature: 0.0,
            reuse: true,
            max_depth: None,
            tuning: Tuning::default(),
            batch: None,
            net_file: None,
        }
    }

    /// Threads to use.
    pub fn thread_count(&self) -> usize {
        match self.kind {
            Algorithm::Mcts | Algorithm::Default | Algorithm::Net => self
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
                .max(1),
            _ => 1,
        }
    }

    /// Memory budget in bytes: `mem=` (at least 1 MB), clamped to half the machine's memory.
    pub fn memory_bytes(&self) -> usize {
        let mb = self.memory_mb.unwrap_or(Self::DEFAULT_MEMORY_MB).max(1);
        mb.min(machine_memory_mb() / 2)
            .max(1)
            .saturating_mul(1 << 20)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        fn num<T: FromStr>(key: &str, v: &str) -> Result<T, String> {
            v.parse()
                .map_err(|_| format!("'{key}={v}': '{v}' is not a valid number"))
        }
        fn flag(key: &str, v: &str) -> Result<bool, String> {
            match v {
                "1" | "on" | "true" | "yes" => Ok(true),
                "0" | "off" | "false" | "no" => Ok(false),
                _ => Err(format!("'{key}={v}': use 1 or 0")),
            }
        }
        let kind = self.kind;
        let mcts = matches!(kind, Algorithm::Mcts | Algorithm::Default);
        let net = kind == Algorithm::Net;
        let t = &mut self.tuning;
        match key {
            "batch" if net => {
                let n: usize = num(key, value)?;
                if !(1..=256).contains(&n) {
                    return Err("batch must be from 1 to 256".into());
                }
                self.batch = Some(n)
            }
            "file" if net => self.net_file = Some(value.to_string()),
            "c" if net => t.exploration = Some(num(key, value)?),
            "fpu" if net => t.fpu = Some(num(key, value)?),
            "score" if net => t.score_weight = Some(num(key, value)?),
            "mix" if net => {
                let x: f32 = num(key, value)?;
                if !(0.0..=1.0).contains(&x) {
                    return Err("mix must be between 0 and 1".into());
                }
                t.playout_mix = Some(x)
            }

            "ms" => self.limits.ms = Some(num(key, value)?),
            "iters" | "iterations" => self.limits.iters = Some(num(key, value)?),
            "seed" => self.seed = Some(num(key, value)?),
            "threads" if mcts || net => {
                let n: usize = num(key, value)?;
                if n == 0 {
                    return Err("threads must be at least 1".into());
                }
                self.threads = Some(n)
            }
            "mem" | "memory" if kind != Algorithm::Random => {
                self.memory_mb = Some(num(key, value)?)
            }
            "temp" | "temperature" if mcts || net => {
                let x: f64 = num(key, value)?;
                if !(0.0..=100.0).contains(&x) {
                    return Err("temperature must be between 0 and 100".into());
                }
                self.temperature = x
            }
            "depth" if kind == Algorithm::AlphaBeta => self.max_depth = Some(num(key, value)?),
            "reuse" if mcts || net => self.reuse = flag(key, value)?,
            "c" if mcts => t.exploration = Some(num(key, value)?),
            "rave" if mcts => t.rave_bias = Some(num(key, value)?),
            "fpu" if mcts => t.fpu = Some(num(key, value)?),
            "score" if mcts => t.score_weight = Some(num(key, value)?),
            "scale" if mcts => t.score_scale = Some(num(key, value)?),
            "solver" if mcts => t.solver = Some(flag(key, value)?),
            "expand" if mcts => t.expand_after = Some(num(key, value)?),
            "policy" if mcts => t.policy = Some(value.parse()?),
            "pb" if mcts => t.pattern_weight = Some(num(key, value)?),
            "pw" if mcts => t.widening = Some(num(key, value)?),
            _ => {
                return Err(format!(
                    "'{key}' is not a setting of {} (settings: {})",
                    kind.name(),
                    match kind {
                        Algorithm::Mcts | Algorithm::Default =>
                            "ms, iters, threads, seed, mem, temp, reuse, c, rave, fpu, score, scale, solver, expand, policy, pb, pw",
                        Algorithm::AlphaBeta => "ms, iters, seed, mem, depth",
                        Algorithm::UctBaseline => "ms, iters, seed, mem",
                        Algorithm::Random => "seed",
                        Algorithm::Net => "ms, iters, threads, seed, mem, temp, reuse, c, fpu, score, mix, batch, file",
                    }
                ))
            }
        }
        Ok(())
    }
}

/// The machine's memory in MB (`MemTotal` of `/proc/meminfo`; 8 GB where that is not
/// available), read once.
pub fn machine_memory_mb() -> usize {
    static MB: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *MB.get_or_init(|| {
        std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|text| {
                let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
                let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
                Some(kb / 1024)
            })
            .filter(|&mb| mb > 0)
            .unwrap_or(8 * 1024)
    })
}

impl FromStr for PlayerSpec {
    type Err = String;

    /// `NAME[:key=value,…]` or `level:N[,key=value,…]`.
    fn from_str(text: &str) -> Result<PlayerSpec, String> {
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
                    return Err("level needs a number: level:1 … level:10".into());
                }
                let n: u8 = settings
                    .remove(0)
                    .parse()
                    .ok()
                    .filter(|n| (1..=10).contains(n))
                    .ok_or("the level must be a number from 1 to 10")?;
                levels::spec(n)
            }
            _ => {
                return Err(format!(
                    "unknown player '{name}' (players: mcts, ab, uct-baseline, random, default, net, level:N)"
                ))
            }
        };
        for s in settings {
            let (k, v) = s
                .split_once('=')
                .ok_or_else(|| format!("expected key=value in '{text}', got '{s}'"))?;
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
            let e = text.parse::<PlayerSpec>().unwrap_err();
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
