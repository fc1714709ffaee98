//! The lab's one game loop: how `tessera match`, `tessera stats`, `tessera komi` and
//! `tessera selfplay` play their games, in one file so that the commands share it instead of
//! importing it from one another.
//!
//! - [`match_options`]: the options a lab game starts with (agreed komi: the board's fair komi
//!   unless given).
//! - [`play_game`]: one game between two player specs, to its end by the rules or until a
//!   resignation rule decides it, with each searched turn's own estimate ([`TurnEval`]) in
//!   its [`GameResult`].
//! - Resignation ([`ResignRule`], [`adjudicate`]): a game is decided once both players' own
//!   estimates have agreed for long enough that playing on would not change the result.
//!   `tessera komi --resign` ends its games there ([`RESIGN`]: large boards' games cost minutes
//!   each, and on Keil most of a game's thinking comes after the winner is clear); without it
//!   the games are played out and `tessera komi` reports (`komi::foresight`) where a rule would
//!   have ended them, right or wrong.
//! - [`play_many`]: a series of games on several threads, through [`in_parallel`] (which
//!   `tessera selfplay` runs its own training games on).
//! - [`self_play`]: one player against itself with a progress line, and [`SelfPlayArgs`], the
//!   self-play settings `tessera stats` and `tessera komi` share.
//!
//! It names no other file of the lab but the progress line (`progress`).

use super::progress::Progress;
use crate::games::{parse_komi, Game, GameKind, GameOptions, Outcome, Protocol, SearchHints, Side};
use crate::rng::FastRng;
use crate::search::reward::mover;
use crate::search::Engine;
use crate::search::Limits;
use crate::search::{Algorithm, PlayerSpec};
use crate::session::{PlayedGame, Session};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

/// The options a match game starts with: agreed komi (given, or the board's fair komi from
/// `data/komi.toml`, falling back to Keil 6 with the button, Carteso and Linage 0.5).
pub fn match_options(
    kind: GameKind,
    komi: Option<&str>,
    size: Option<usize>,
) -> anyhow::Result<GameOptions> {
    let mut o = GameOptions::defaults(kind);
    if let Some(n) = size {
        if !kind.sizes().contains(&n) {
            let r = kind.sizes();
            anyhow::bail!("{kind} size must be {}..{}, not {n}", r.start(), r.end());
        }
        o.size = n;
    }
    if kind.has_komi() {
        o.protocol = Protocol::Agreed;
        o.komi_half = match komi {
            Some(k) => parse_komi(k).map_err(anyhow::Error::msg)?,
            None => crate::komi_file::table().agreed_komi_half(kind, o.size),
        };
    } else if komi.is_some() {
        anyhow::bail!("{kind} has no komi");
    }
    Ok(o)
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// Game number (from 0).
    pub index: usize,
    /// Whether A made the first turn.
    pub a_first: bool,
    /// The winner: Some(true) for A, Some(false) for B, None for a draw.
    pub a_won: Option<bool>,
    /// Whether the player who made the first turn won (None: draw).
    pub first_won: Option<bool>,
    /// Whole turns played.
    pub turns: usize,
    /// The game with its turn log, when it started and its result as the game writes it
    /// (`W+3.5`, or `B+R` after a resignation).
    pub game: PlayedGame,
    /// Each searched turn's own estimate, in turn order (turns of random players, and turns
    /// played without search — a single legal step — have none).
    pub evals: Vec<TurnEval>,
    /// The resignation rule that ended the game (`result` is then `B+R` or the like); `None`:
    /// played out.
    pub resigned: Option<ResignRule>,
}

impl GameResult {
    /// The result as the game writes it (`W+3.5`, `B+R`, …).
    pub fn result(&self) -> &str {
        self.game.result.as_deref().unwrap_or_default()
    }

    /// The game with its turn log.
    pub fn session(&self) -> &Session {
        &self.game.session
    }
}

/// The first player's point from a game: 1 for a win, ½ for a draw (`None`), 0 for a loss.
pub fn first_point(first_won: Option<bool>) -> f64 {
    match first_won {
        Some(true) => 1.0,
        Some(false) => 0.0,
        None => 0.5,
    }
}

/// What a player's search thought of the turn it played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurnEval {
    /// The seat that played the turn: 0 made the game's first turn.
    pub seat: u8,
    /// The chance the seat that made the first turn wins, as the mover's search saw it when
    /// it decided (the last step of the turn), 0–1.
    pub first_win_rate: f64,
    /// The turn's thinking time in milliseconds.
    pub ms: u64,
}

/// A resignation rule: the game goes to a seat once the estimate of every one of the last
/// `turns` searched turns (both players' turns) gave that seat at least `threshold`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignRule {
    /// The winning chance that counts as decided, 0.5–1.
    pub threshold: f64,
    /// Searched turns in a row that must agree.
    pub turns: usize,
}

/// The rule `tessera komi --resign` plays by: 95 % over the last 4 searched turns. Over the
/// played-out strong games of stop 40 (Keil side 7, Carteso and Linage 13x13: 65 games) it
/// was never wrong.
pub const RESIGN: ResignRule = ResignRule {
    threshold: 0.95,
    turns: 4,
};

impl std::fmt::Display for ResignRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.0} % x{}", 100.0 * self.threshold, self.turns)
    }
}

/// Where a rule ends (or would have ended) a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Adjudication {
    /// Searched turns played when the rule ends the game.
    pub after: usize,
    /// The seat it gives the game to: 0 made the first turn.
    pub winner: u8,
    /// The thinking time of the turns after that point, milliseconds.
    pub ms_after: u64,
}

/// Where `rule` ends a game whose searched turns are `evals`; `None` when it never fires.
pub fn adjudicate(evals: &[TurnEval], rule: ResignRule) -> Option<Adjudication> {
    let mut run: Option<(u8, usize)> = None; // (seat ahead, turns in a row)
    for (i, e) in evals.iter().enumerate() {
        let ahead = if e.first_win_rate >= rule.threshold {
            Some(0)
        } else if e.first_win_rate <= 1.0 - rule.threshold {
            Some(1)
        } else {
            None
        };
        run = match (ahead, run) {
            (Some(s), Some((r, n))) if s == r => Some((s, n + 1)),
            (Some(s), _) => Some((s, 1)),
            (None, _) => None,
        };
        if let Some((winner, n)) = run {
            if n >= rule.turns.max(1) {
                return Some(Adjudication {
                    after: i + 1,
                    winner,
                    ms_after: evals[i + 1..].iter().map(|e| e.ms).sum(),
                });
            }
        }
    }
    None
}

/// The seed of game `game` of a run seeded `seed`: each game its own, so seeded players do
/// not repeat one game.
pub fn game_seed(seed: u64, game: usize) -> u64 {
    seed ^ (game as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A spec with its seed varied per game ([`game_seed`]).
fn seeded(spec: &PlayerSpec, game: usize) -> PlayerSpec {
    let mut s = spec.clone();
    if let Some(seed) = s.seed {
        s.seed = Some(game_seed(seed, game));
    }
    s
}

/// Plays game `index` of a match between `a` and `b`, to its end by the rules or, with a
/// `resign` rule, until the players' estimates decide it. A moves first when `index` is even.
pub fn play_game(
    kind: GameKind,
    options: &GameOptions,
    (a, b): (&PlayerSpec, &PlayerSpec),
    index: usize,
    resign: Option<ResignRule>,
) -> anyhow::Result<GameResult> {
    let a_first = index % 2 == 0;
    let mut session = Session::new(kind, options.clone()).map_err(anyhow::Error::msg)?;
    let specs = [
        seeded(if a_first { a } else { b }, index),
        seeded(if a_first { b } else { a }, index),
    ];
    // Random players step the session directly: their games can run to tens of thousands of
    // turns, and an engine works on a copy of the game each turn.
    let mut rngs = specs
        .clone()
        .map(|s| s.seed.map_or_else(FastRng::from_entropy, FastRng::seed));
    let mut buf = Vec::new();
    let [mut first, mut second] = specs
        .clone()
        .map(|s| Engine::new(s).with_komi_table(crate::komi_file::shared()));
    let stop = Arc::new(AtomicBool::new(false));
    let started = crate::record::utc_now();
    let mut evals = Vec::new();
    let mut resigned = None;
    // No turn cap: every game here ends by its rules (Keil's repetition rule bounds even two
    // random players, whose games can run to tens of thousands of turns).
    while !session.game().is_over() {
        let seat = mover(session.game()) as usize;
        if specs[seat].kind == Algorithm::Random {
            let step = session.game().random_step(&mut rngs[seat], &mut buf);
            session
                .play_step(step)
                .map_err(|e| anyhow::anyhow!("game {index}: random played an illegal step: {e}"))?;
            continue;
        }
        let engine = if seat == 0 { &mut first } else { &mut second };
        let clock = std::time::Instant::now();
        let steps = engine.play_turn(session.game(), Limits::default(), stop.clone(), None);
        if steps.is_empty() {
            anyhow::bail!("game {index}: {} returned no move", engine.spec());
        }
        if let Some(r) = engine.last_report() {
            evals.push(TurnEval {
                seat: seat as u8,
                first_win_rate: if seat == 0 {
                    r.win_rate
                } else {
                    1.0 - r.win_rate
                },
                ms: clock.elapsed().as_millis() as u64,
            });
        }
        for s in steps {
            let text = session.game().format_step(s);
            session.play_step(s).map_err(|e| {
                anyhow::anyhow!("game {index}: {} played illegal {text}: {e}", engine.spec())
            })?;
        }
        // The rule fires on the turn that completes its run, so only the newest turns count.
        let recent = evals.len().saturating_sub(resign.map_or(0, |r| r.turns));
        if let Some(a) = resign.and_then(|rule| adjudicate(&evals[recent..], rule)) {
            resigned = Some(a.winner as usize);
            break;
        }
    }
    let g = session.game();
    let winner_player = match (resigned, g.outcome()) {
        (Some(seat), _) => Some(seat),
        (None, Some(Outcome::Win(side))) => Some(side.index() ^ g.swapped() as usize),
        _ => None,
    };
    let result = match resigned {
        // The seat's side: seats and sides differ after a swap.
        Some(seat) => format!(
            "{}+R",
            kind.side_letter(Side::from_index(seat ^ g.swapped() as usize))
        ),
        None => g.result_text().unwrap_or_default(),
    };
    let turns = g.turns_completed();
    let game = PlayedGame {
        session,
        started: started.to_string(),
        result: Some(result),
    };
    Ok(GameResult {
        index,
        a_first,
        a_won: winner_player.map(|p| (p == 0) == a_first),
        first_won: winner_player.map(|p| p == 0),
        turns,
        game,
        evals,
        resigned: resigned.and(resign),
    })
}

/// Runs `work(i)` for `i` in `0..count` on `jobs` threads (at least one, at most `count`),
/// handing each result to `on_result` on this thread in the order they finish. The first
/// error (a piece of work's or `on_result`'s) stops handing out work and is returned once
/// the running ones end.
pub fn in_parallel<T: Send>(
    count: usize,
    jobs: usize,
    work: impl Fn(usize) -> anyhow::Result<T> + Sync,
    mut on_result: impl FnMut(T) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<anyhow::Result<T>>();
    std::thread::scope(|s| -> anyhow::Result<()> {
        for _ in 0..jobs.max(1).min(count) {
            let tx = tx.clone();
            let (next, work) = (&next, &work);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count {
                    break;
                }
                let r = work(i);
                let failed = r.is_err();
                if tx.send(r).is_err() || failed {
                    break;
                }
            });
        }
        drop(tx);
        for r in rx {
            if let Err(e) = r.and_then(&mut on_result) {
                // Stop handing out work; the running ones finish.
                next.store(count, Ordering::Relaxed);
                return Err(e);
            }
        }
        Ok(())
    })
}

/// Plays games `0..games` of A against B on `jobs` threads (game `i` as [`play_game`] plays
/// it, with the `resign` rule), handing each finished game to `on_result` in the order they
/// finish. The first error (a game's or `on_result`'s) stops handing out games and is
/// returned once the running ones end. Used by `tessera match`, `tessera stats` and
/// `tessera komi`.
pub fn play_many(
    kind: GameKind,
    options: &GameOptions,
    (a, b): (&PlayerSpec, &PlayerSpec),
    games: usize,
    jobs: usize,
    resign: Option<ResignRule>,
    mut on_result: impl FnMut(&GameResult) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    in_parallel(
        games,
        jobs,
        |i| play_game(kind, options, (a, b), i, resign),
        |r| on_result(&r),
    )
}

/// The self-play settings `tessera stats` and `tessera komi` share.
#[derive(clap::Args, Debug, Clone)]
pub struct SelfPlayArgs {
    /// The game: keil, carteso, iris, linage or wunchunk.
    pub game: GameKind,
    /// Board size (default: the game's default).
    #[arg(long)]
    pub size: Option<usize>,
    /// Self-play games (`tessera komi`: at each komi value).
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Thinking time per move of the self-play AI, in milliseconds.
    #[arg(long, default_value_t = 100)]
    pub ms: u64,
    /// The self-play AI as a player spec instead of `default:ms=M,threads=1` (the board's
    /// strongest player: the network where one fits), e.g. `mcts:iters=20000,threads=1`: an
    /// iteration limit plays the same games whatever else the machine is doing.
    #[arg(long, conflicts_with = "ms")]
    pub player: Option<PlayerSpec>,
    /// Games played at once (each AI uses one thread; default: every core).
    #[arg(long)]
    pub jobs: Option<usize>,
}

impl SelfPlayArgs {
    /// The self-play player: `--player`, else `default` at `--ms` on one thread.
    pub fn spec(&self) -> PlayerSpec {
        self.player.clone().unwrap_or_else(|| player_at(self.ms))
    }
}

/// Every core, or `--jobs`.
pub fn jobs(given: Option<usize>) -> anyhow::Result<usize> {
    let j = given.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    anyhow::ensure!(j > 0, "--jobs must be at least 1");
    Ok(j)
}

/// The self-play player at `ms` per move: the game's default AI, one thread (the `--jobs`
/// games in parallel use the cores).
pub fn player_at(ms: u64) -> PlayerSpec {
    format!("default:ms={ms},threads=1")
        .parse()
        .expect("a valid spec")
}

/// Plays `games` games of `spec` against itself with `options` on `jobs` threads, showing
/// progress under `label`; returns them in game order. Each game is handed to `on_game` as
/// soon as it ends (in the order they end): `tessera komi` writes it into the table then, so a
/// sweep that is stopped keeps every game it finished. An error from `on_game` stops the run
/// (the games in progress finish). With a `resign` rule the games end where it fires.
pub fn self_play(
    kind: GameKind,
    options: &GameOptions,
    spec: &PlayerSpec,
    (games, jobs): (usize, usize),
    resign: Option<ResignRule>,
    label: &str,
    mut on_game: impl FnMut(&GameResult) -> anyhow::Result<()>,
) -> anyhow::Result<Vec<GameResult>> {
    let mut progress = Progress::new(label, games);
    let mut out = Vec::with_capacity(games);
    play_many(kind, options, (spec, spec), games, jobs, resign, |r| {
        on_game(r)?;
        progress.tick();
        out.push(r.clone());
        Ok(())
    })?;
    out.sort_by_key(|r| r.index);
    Ok(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Made-up turns with these estimates of the first seat's chance, seats alternating.
    pub(crate) fn evals(rates: &[f64]) -> Vec<TurnEval> {
        rates
            .iter()
            .enumerate()
            .map(|(i, &r)| TurnEval {
                seat: (i % 2) as u8,
                first_win_rate: r,
                ms: 10 * (i as u64 + 1),
            })
            .collect()
    }

    #[test]
    fn options_default_to_agreed_komi() {
        let agreed_komi_half = |kind, size| crate::komi_file::table().agreed_komi_half(kind, size);
        let o = match_options(GameKind::Keil, None, None).unwrap();
        let keil = agreed_komi_half(GameKind::Keil, 7);
        assert_eq!((o.protocol, o.komi_half), (Protocol::Agreed, keil));
        let o = match_options(GameKind::Linage, None, Some(7)).unwrap();
        let linage = agreed_komi_half(GameKind::Linage, 7);
        assert_eq!(
            (o.protocol, o.komi_half, o.size),
            (Protocol::Agreed, linage, 7)
        );
        // Boards the table lacks keep SPEC's defaults.
        let o = match_options(GameKind::Linage, None, Some(19)).unwrap();
        assert_eq!(o.komi_half, 1);
        let o = match_options(GameKind::Carteso, Some("3.5"), None).unwrap();
        assert_eq!(o.komi_half, 7);
        assert!(match_options(GameKind::Iris, Some("1"), None).is_err());
        assert!(match_options(GameKind::Linage, Some("1.3"), None).is_err());
        assert!(match_options(GameKind::Linage, None, Some(3)).is_err());
    }

    #[test]
    fn a_rule_fires_after_enough_agreeing_turns() {
        let rule = ResignRule {
            threshold: 0.9,
            turns: 3,
        };
        // Ahead for the first seat twice, a doubt, then three in a row.
        let e = evals(&[0.5, 0.95, 0.92, 0.8, 0.91, 0.97, 0.99, 0.99, 0.99]);
        let a = adjudicate(&e, rule).unwrap();
        assert_eq!(a.after, 7);
        assert_eq!(a.winner, 0);
        assert_eq!(a.ms_after, 80 + 90);
        // The second seat: estimates of the first's chance at or below 1 − threshold.
        let e = evals(&[0.5, 0.08, 0.05, 0.02]);
        let a = adjudicate(&e, rule).unwrap();
        assert_eq!((a.after, a.winner, a.ms_after), (4, 1, 0));
        // A switch of sides restarts the run.
        let e = evals(&[0.95, 0.95, 0.05, 0.05, 0.95]);
        assert_eq!(adjudicate(&e, rule), None);
        assert_eq!(RESIGN.to_string(), "95 % x4");
    }

    #[test]
    fn a_resigned_game_ends_where_the_rule_fires() {
        let options = match_options(GameKind::Linage, None, Some(5)).unwrap();
        let spec: PlayerSpec = "mcts:iters=300,seed=5,threads=1".parse().unwrap();
        let rule = ResignRule {
            threshold: 0.8,
            turns: 2,
        };
        let full = play_game(GameKind::Linage, &options, (&spec, &spec), 0, None).unwrap();
        let again = play_game(GameKind::Linage, &options, (&spec, &spec), 0, None).unwrap();
        let rates = |r: &GameResult| r.evals.iter().map(|e| e.first_win_rate).collect::<Vec<_>>();
        // A seeded player on one thread plays the same game every time: the premise below.
        assert_eq!(rates(&full), rates(&again));
        let fired = adjudicate(&full.evals, rule).expect("the rule fires in this game");
        assert!(fired.after < full.evals.len(), "fires before the end");
        let r = play_game(GameKind::Linage, &options, (&spec, &spec), 0, Some(rule)).unwrap();
        // Seeded players play the same game up to the point where the rule ends it.
        assert!(r.resigned == Some(rule) && !r.session().game().is_over());
        assert_eq!(r.evals.len(), fired.after);
        assert_eq!(r.first_won, Some(fired.winner == 0));
        assert_eq!(r.a_won, r.first_won);
        // Linage has no swap: the first seat plays the first side.
        assert!(!r.session().game().swapped());
        let side = if fired.winner == 0 {
            Side::First
        } else {
            Side::Second
        };
        assert_eq!(
            r.result(),
            format!("{}+R", GameKind::Linage.side_letter(side))
        );
        // How `tessera komi` reports it.
        let line = crate::lab::komi::foresight::ForesightTally::default().add(&r);
        assert!(
            line.ends_with(&format!(
                "resigned at 80 % x2 after {} searched turns",
                fired.after
            )),
            "{line}"
        );
    }

    #[test]
    fn work_in_parallel_stops_at_the_first_error() {
        // Every result arrives once, whatever the order.
        let mut seen = Vec::new();
        in_parallel(
            10,
            3,
            |i| Ok(i * i),
            |r| {
                seen.push(r);
                Ok(())
            },
        )
        .unwrap();
        seen.sort_unstable();
        assert_eq!(seen, (0..10).map(|i| i * i).collect::<Vec<_>>());
        // A failing piece of work is the error returned, and no work starts after it.
        let started = AtomicUsize::new(0);
        let err = in_parallel(
            100,
            1,
            |i| {
                started.fetch_add(1, Ordering::Relaxed);
                anyhow::ensure!(i != 3, "piece {i} failed");
                Ok(())
            },
            |()| Ok(()),
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "piece 3 failed");
        assert_eq!(started.load(Ordering::Relaxed), 4);
        assert_eq!(game_seed(7, 0), 7 ^ 0x9E37_79B9_7F4A_7C15);
    }
}
