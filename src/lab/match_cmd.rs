//! `tessera match GAME --a SPEC --b SPEC --games N [--jobs J] [--out DIR] [--komi X]`: AI
//! against AI.
//!
//! Game `i` (from 0) has A move first when `i` is even and B otherwise, so the first-move edge
//! cancels out over an even number of games. The opening is settled by agreed komi: `--komi X`,
//! or by default the board's fair komi from `data/komi.toml` ([`crate::games::fair_komi`]),
//! falling back to Keil 6 with the button and Carteso and Linage 0.5 for boards not in it. Each game prints a
//! progress line; the end prints A's wins / draws / losses, its score, the Elo difference with
//! a 95 % interval, the first player's win rate and the mean game length in turns.

use super::resign::{adjudicate, ResignRule};
use crate::games::{parse_komi, Game, GameKind, GameOptions, Outcome, Protocol, SearchHints, Side};
use crate::interval::wilson;
use crate::rng::FastRng;
use crate::search::reward::mover;
use crate::search::Engine;
use crate::search::Limits;
use crate::search::{Algorithm, PlayerSpec};
use crate::session::{PlayedGame, Session};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

/// Arguments of `tessera match`.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// The game: keil, carteso, iris, linage or wunchunk.
    pub game: GameKind,
    /// Player A, e.g. `mcts:ms=100`, `ab:ms=100`, `uct-baseline:ms=100`, `level:3`.
    #[arg(long)]
    pub a: PlayerSpec,
    /// Player B.
    #[arg(long)]
    pub b: PlayerSpec,
    /// Number of games (A moves first in the even-numbered ones).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Directory to write every game's record into (`GAME-NNNN.toml`, SPEC §4).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Agreed komi (default: the board's fair komi from `data/komi.toml`; for boards not in it
    /// Keil 6 with the button, Carteso and Linage 0.5).
    #[arg(long)]
    pub komi: Option<String>,
    /// Board size (default: the game's default).
    #[arg(long)]
    pub size: Option<usize>,
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

/// Wins, draws and losses of A, with the statistics the match prints.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchTally {
    /// A's wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// A's losses.
    pub losses: usize,
    /// Games won by the player who moved first (draws count half).
    pub first_points: f64,
    /// Sum of game lengths in turns.
    pub turns: usize,
}

impl MatchTally {
    /// Counts one game.
    pub fn add(&mut self, r: &GameResult) {
        match r.a_won {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
        self.first_points += match r.first_won {
            Some(true) => 1.0,
            Some(false) => 0.0,
            None => 0.5,
        };
        self.turns += r.turns;
    }

    /// Games counted.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// A's points: wins + draws / 2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// A's score: points / games.
    pub fn score(&self) -> f64 {
        self.points() / self.games().max(1) as f64
    }

    /// Elo difference of A over B with a 95 % interval (normal approximation of the score's
    /// per-game variance; where that reaches a score of 0 or 1, the Wilson interval, which
    /// still gives a finite bound on the other side, e.g. +566 for 100 wins in 100 games).
    pub fn elo(&self) -> (f64, f64, f64) {
        const Z: f64 = 1.96;
        let n = self.games().max(1) as f64;
        let p = self.score();
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let half = Z * (var / n).sqrt();
        let (mut lo, mut hi) = (p - half, p + half);
        if lo <= 0.0 || hi >= 1.0 {
            let rate = wilson(self.points(), self.games().max(1));
            (lo, hi) = (rate.lo, rate.hi);
        }
        (elo_of(p), elo_of(lo), elo_of(hi))
    }

    /// The summary lines printed at the end of a match.
    pub fn summary(&self) -> Vec<String> {
        let (elo, lo, hi) = self.elo();
        let n = self.games().max(1) as f64;
        vec![
            format!(
                "A wins {}, draws {}, losses {} of {}: score {:.1}%",
                self.wins,
                self.draws,
                self.losses,
                self.games(),
                100.0 * self.score()
            ),
            format!(
                "Elo difference {} (95% interval {} … {})",
                fmt_elo(elo),
                fmt_elo(lo),
                fmt_elo(hi)
            ),
            format!(
                "first player won {:.1}% (draws half); mean length {:.1} turns",
                100.0 * self.first_points / n,
                self.turns as f64 / n
            ),
        ]
    }
}

fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

fn fmt_elo(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:+.0}")
    }
}

/// The options a match game starts with: agreed komi (given, or the defaults above).
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

/// A spec with its seed varied per game (so seeded players do not repeat one game).
fn seeded(spec: &PlayerSpec, game: usize) -> PlayerSpec {
    let mut s = spec.clone();
    if let Some(seed) = s.seed {
        s.seed = Some(seed ^ (game as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    }
    s
}

/// Plays game `index` of a match between `a` and `b`, to its end by the rules or, with a
/// `resign` rule, until the players' estimates decide it.
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
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<anyhow::Result<GameResult>>();
    std::thread::scope(|s| -> anyhow::Result<()> {
        for _ in 0..jobs.max(1).min(games) {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let r = play_game(kind, options, (a, b), i, resign);
                let failed = r.is_err();
                if tx.send(r).is_err() || failed {
                    break;
                }
            });
        }
        drop(tx);
        for r in rx {
            if let Err(e) = r.and_then(|r| on_result(&r)) {
                // Stop handing out games; the running ones finish.
                next.store(games, Ordering::Relaxed);
                return Err(e);
            }
        }
        Ok(())
    })
}

/// Runs `tessera match`.
pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    anyhow::ensure!(args.games > 0, "--games must be at least 1");
    anyhow::ensure!(args.jobs > 0, "--jobs must be at least 1");
    let options = match_options(args.game, args.komi.as_deref(), args.size)?;
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    println!(
        "match: {} size {}, A = {}, B = {}, {} games, {} at once",
        args.game, options.size, args.a, args.b, args.games, args.jobs
    );
    let mut tally = MatchTally::default();
    play_many(
        args.game,
        &options,
        (&args.a, &args.b),
        args.games,
        args.jobs,
        None,
        |r| {
            tally.add(r);
            if let Some(dir) = &args.out {
                write_record(dir, &args, r)?;
            }
            println!(
                "game {:>3}: first {} | {} in {} turns | A {}-{}-{} ({:.1}%)",
                r.index + 1,
                if r.a_first { "A" } else { "B" },
                r.result(),
                r.turns,
                tally.wins,
                tally.draws,
                tally.losses,
                100.0 * tally.score()
            );
            Ok(())
        },
    )?;
    println!(
        "A = {}  B = {}  ({}, {} games)",
        args.a,
        args.b,
        args.game,
        tally.games()
    );
    for line in tally.summary() {
        println!("{line}");
    }
    Ok(())
}

/// The record's description of an AI player.
fn record_player(spec: &PlayerSpec, label: &str) -> crate::record::Player {
    crate::record::Player {
        name: format!("{label}: {spec}"),
        kind: crate::record::PlayerKind::Ai,
        level: spec.level,
        engine: Some(spec.to_string()),
    }
}

/// Writes one game into `dir` as a record (SPEC §4): `GAME-NNNN.toml`.
fn write_record(dir: &std::path::Path, args: &MatchArgs, r: &GameResult) -> anyhow::Result<()> {
    let (first, second) = if r.a_first {
        (record_player(&args.a, "A"), record_player(&args.b, "B"))
    } else {
        (record_player(&args.b, "B"), record_player(&args.a, "A"))
    };
    let players = crate::record::Players { first, second };
    let started = r.game.started.parse()?;
    let record = crate::record::Record::from_session(r.session(), players, started);
    let path = dir.join(format!("{}-{:04}.toml", r.session().kind(), r.index + 1));
    record.save(&path)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_figures() {
        let t = MatchTally {
            wins: 75,
            draws: 0,
            losses: 25,
            first_points: 50.0,
            turns: 4000,
        };
        assert_eq!(t.score(), 0.75);
        let (elo, lo, hi) = t.elo();
        assert!((elo - 190.8).abs() < 0.1, "{elo}");
        assert!(
            lo < elo && elo < hi && lo > 100.0 && hi < 300.0,
            "{lo} {hi}"
        );
        let all = MatchTally {
            wins: 10,
            ..Default::default()
        };
        assert_eq!(all.elo().0, f64::INFINITY);
        assert!(all.summary()[1].contains("+inf"));
        // 100 wins of 100: the lower bound is finite (Wilson).
        let hundred = MatchTally {
            wins: 100,
            ..Default::default()
        };
        let (_, lo, hi) = hundred.elo();
        assert!((lo - 566.0).abs() < 2.0 && hi == f64::INFINITY, "{lo} {hi}");
        let none = MatchTally {
            losses: 100,
            ..Default::default()
        };
        let (_, lo, hi) = none.elo();
        assert!(
            lo == f64::NEG_INFINITY && (hi + 566.0).abs() < 2.0,
            "{lo} {hi}"
        );
        let even = MatchTally {
            wins: 3,
            draws: 4,
            losses: 3,
            ..Default::default()
        };
        assert_eq!(even.score(), 0.5);
        assert!(even.elo().0.abs() < 1e-9);
    }

    #[test]
    fn a_small_match_writes_records_that_load_back() {
        let dir = std::env::temp_dir().join(format!("tessera-match-{}", std::process::id()));
        let args = MatchArgs {
            game: GameKind::Linage,
            a: "mcts:iters=50,threads=1,seed=1".parse().unwrap(),
            b: "random:seed=2".parse().unwrap(),
            games: 2,
            jobs: 2,
            out: Some(dir.clone()),
            komi: None,
            size: Some(5),
        };
        run(args).unwrap();
        for i in 1..=2 {
            let path = dir.join(format!("linage-{i:04}.toml"));
            let (record, session) = crate::record::Record::load(&path).unwrap();
            assert!(session.game().is_over());
            assert_eq!(record.result, session.game().result_text());
            assert!(record.players.first.engine.is_some());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn random_players_play_every_game_to_its_end() {
        // Random Keil games run to thousands of turns (tens of thousands on the default
        // board): no cap gives up on them. A small board keeps the test quick.
        let dir = std::env::temp_dir().join(format!("tessera-match-rr-{}", std::process::id()));
        let args = MatchArgs {
            game: GameKind::Keil,
            a: "random:seed=1".parse().unwrap(),
            b: "random:seed=2".parse().unwrap(),
            games: 2,
            jobs: 2,
            out: Some(dir.clone()),
            komi: None,
            size: Some(3),
        };
        run(args).unwrap();
        for i in 1..=2 {
            let path = dir.join(format!("keil-{i:04}.toml"));
            let (_, session) = crate::record::Record::load(&path).unwrap();
            assert!(session.game().is_over());
        }
        std::fs::remove_dir_all(&dir).unwrap();
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
}
