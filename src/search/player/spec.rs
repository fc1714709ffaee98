//! What a player is: the algorithm, its limits and settings ([`PlayerSpec`]). Their text form
//! (`mcts:ms=100`, `level:3`, …) is [`super::text`]'s, the levels' figures [`super::levels`]'.

use crate::search::control::Limits;
use crate::search::tree::playouts::policy::Policy;
use std::str::FromStr;

/// Which algorithm a player uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// The tree search with playouts as its evaluator (UCT with RAVE, score-aware rewards,
    /// solver, reuse, threads; [`crate::search::tree::playouts`]).
    Mcts,
    /// Iterative-deepening alpha-beta with a transposition table.
    AlphaBeta,
    /// The fixed yardstick: plain UCT (see [`crate::search::tree::baseline`]).
    UctBaseline,
    /// Uniformly random legal placements ([`crate::games::SearchHints::random_step`]).
    Random,
    /// The strongest player for the board: `net` where the game has a network for it and the
    /// network measured stronger, else `mcts` ([`super::tuning::default_player`]).
    Default,
    /// The tree search with the game's network as its evaluator (PUCT,
    /// [`crate::search::tree::network`]); `mcts` where no network fits the board.
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

/// Overrides of the tree search's knobs (unset: the game's tuned default, see
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

    /// Sets `key` to `value` (a setting of `key=value` text).
    pub(super) fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        fn num<T: FromStr>(key: &str, v: &str) -> Result<T, SpecError> {
            v.parse().map_err(|_| SpecError::NotANumber {
                key: key.into(),
                value: v.into(),
            })
        }
        fn flag(key: &str, v: &str) -> Result<bool, SpecError> {
            match v {
                "1" | "on" | "true" | "yes" => Ok(true),
                "0" | "off" | "false" | "no" => Ok(false),
                _ => Err(SpecError::NotAFlag {
                    key: key.into(),
                    value: v.into(),
                }),
            }
        }
        let range = |what: &'static str| Err(SpecError::OutOfRange(what));
        let kind = self.kind;
        let mcts = matches!(kind, Algorithm::Mcts | Algorithm::Default);
        let net = kind == Algorithm::Net;
        let t = &mut self.tuning;
        match key {
            "batch" if net => {
                let n: usize = num(key, value)?;
                if !(1..=256).contains(&n) {
                    return range("batch must be from 1 to 256");
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
                    return range("mix must be between 0 and 1");
                }
                t.playout_mix = Some(x)
            }

            "ms" => self.limits.ms = Some(num(key, value)?),
            "iters" | "iterations" => self.limits.iters = Some(num(key, value)?),
            "seed" => self.seed = Some(num(key, value)?),
            "threads" if mcts || net => {
                let n: usize = num(key, value)?;
                if n == 0 {
                    return range("threads must be at least 1");
                }
                self.threads = Some(n)
            }
            "mem" | "memory" if kind != Algorithm::Random => {
                self.memory_mb = Some(num(key, value)?)
            }
            "temp" | "temperature" if mcts || net => {
                let x: f64 = num(key, value)?;
                if !(0.0..=100.0).contains(&x) {
                    return range("temperature must be between 0 and 100");
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
            "policy" if mcts => t.policy = Some(value.parse().map_err(SpecError::Policy)?),
            "pb" if mcts => t.pattern_weight = Some(num(key, value)?),
            "pw" if mcts => t.widening = Some(num(key, value)?),
            _ => {
                return Err(SpecError::NotASetting {
                    key: key.into(),
                    player: kind.name(),
                    settings: match kind {
                        Algorithm::Mcts | Algorithm::Default =>
                            "ms, iters, threads, seed, mem, temp, reuse, c, rave, fpu, score, scale, solver, expand, policy, pb, pw",
                        Algorithm::AlphaBeta => "ms, iters, seed, mem, depth",
                        Algorithm::UctBaseline => "ms, iters, seed, mem",
                        Algorithm::Random => "seed",
                        Algorithm::Net => "ms, iters, threads, seed, mem, temp, reuse, c, fpu, score, mix, batch, file",
                    },
                })
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

/// What is wrong with a player's text ([`PlayerSpec`]'s `FromStr`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No such player.
    #[error(
        "unknown player '{0}' (players: mcts, ab, uct-baseline, random, default, net, level:N)"
    )]
    UnknownPlayer(String),
    /// `level` without its number.
    #[error("level needs a number: level:1 … level:10")]
    LevelWithoutNumber,
    /// A level out of 1–10.
    #[error("the level must be a number from 1 to 10")]
    BadLevel,
    /// A setting without `=`.
    #[error("expected key=value in '{text}', got '{got}'")]
    NotKeyValue {
        /// The whole text.
        text: String,
        /// The setting.
        got: String,
    },
    /// A number that does not parse.
    #[error("'{key}={value}': '{value}' is not a valid number")]
    NotANumber {
        /// The setting.
        key: String,
        /// Its value.
        value: String,
    },
    /// A flag that is not 1 or 0.
    #[error("'{key}={value}': use 1 or 0")]
    NotAFlag {
        /// The setting.
        key: String,
        /// Its value.
        value: String,
    },
    /// A number out of its range (the text says which).
    #[error("{0}")]
    OutOfRange(&'static str),
    /// An unknown playout policy.
    #[error("{0}")]
    Policy(String),
    /// A setting the player does not have.
    #[error("'{key}' is not a setting of {player} (settings: {settings})")]
    NotASetting {
        /// The setting.
        key: String,
        /// The player's name.
        player: &'static str,
        /// The settings it has.
        settings: &'static str,
    },
}

impl From<SpecError> for String {
    fn from(e: SpecError) -> String {
        e.to_string()
    }
}
