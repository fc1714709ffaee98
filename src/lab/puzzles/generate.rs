//! `tessera puzzles generate GAME [--size N] --count K [--max-plies N] [--jobs J] --out FILE`:
//! finds puzzles in AI-against-AI games.
//!
//! Each worker thread plays games between two practice levels chosen at random (levels 2–7,
//! one thread each, a fresh seed per game, and for the territory games an agreed komi drawn
//! from a few values), so the positions are ones real play reaches. From the end of each game
//! it walks back through the positions at turn starts and asks the solver whether each is a
//! puzzle (issue 12's definition, depth at most `--max-plies`), with a node budget per
//! question; it stops walking back when the budget runs out twice in a row or after
//! `--window` positions. Puzzles go to the main thread, which keeps them (one per position),
//! shows a progress bar on stderr and stops when it holds `--pool` × K puzzles or the time
//! limit is reached. The set written keeps K of them with a spread of depths: each depth's
//! puzzles by rating, best first, taken in turn from every depth.

use super::candidates::{alternatives, play_game, Played};
use crate::games::{Game, GameKind};
use crate::puzzle::define::{classify, solution_tokens, Facts};
use crate::puzzle::set::{self, Entry};
use crate::puzzle::solver::{SolveError, Solver};
use crate::record::Komi;
use crate::rng::FastRng;
use crate::session::Session;
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Arguments of `tessera puzzles generate`.
#[derive(clap::Args, Debug, Clone)]
pub struct GenerateArgs {
    /// The game: keil, carteso, iris, linage or wunchunk.
    pub game: GameKind,
    /// Board size (default: the game's default).
    #[arg(long)]
    pub size: Option<usize>,
    /// Puzzles to write.
    #[arg(long)]
    pub count: usize,
    /// Deepest puzzle looked for, in plies (default: 9 for Linage and Carteso, 7 for the
    /// others).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=30))]
    pub max_plies: Option<u8>,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// The puzzle set to write (TOML).
    #[arg(long)]
    pub out: PathBuf,
    /// Keep the puzzles already in `--out` and add to them.
    #[arg(long)]
    pub merge: bool,
    /// Positions visited per solver question before the candidate is given up (default:
    /// Keil 1 000 000, Linage and Carteso 4 000 000, Iris 8 000 000, Wunchunk 30 000 000).
    #[arg(long)]
    pub budget: Option<u64>,
    /// Positions of each game looked at, walking back from its end.
    #[arg(long, default_value_t = 40)]
    pub window: usize,
    /// Positions one turn away from each of them (a random other turn) looked at as well.
    #[arg(long, default_value_t = 4)]
    pub alternatives: usize,
    /// Stop when this many times `--count` puzzles are found (the best are kept).
    #[arg(long, default_value_t = 2.0)]
    pub pool: f64,
    /// Stop after this many minutes in any case.
    #[arg(long)]
    pub minutes: Option<f64>,
    /// Seed of the game seeds (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Lowest and highest practice level of the players.
    #[arg(long, default_value = "2-7")]
    pub levels: String,
    /// Practice level of the players who play a Keil game out (long: a low level keeps it
    /// cheap).
    #[arg(long, default_value_t = 2)]
    pub play_out_level: u8,
    /// Print every position tried (turn, verdict, positions searched, time) on stderr.
    #[arg(long, short)]
    pub verbose: bool,
}

/// A puzzle found by a worker.
#[derive(Clone, Debug)]
pub struct Found {
    /// The entry (id assigned when the set is written).
    pub entry: Entry,
    /// A key of the position (hash and turn count), to keep one puzzle per position.
    pub key: (u64, usize),
}

/// What workers tell the main thread.
enum Report {
    Found(Box<Found>),
    Tried,
    GameDone,
}

/// The default deepest puzzle per game.
pub fn default_max_plies(kind: GameKind) -> u8 {
    kind.spec().puzzle_max_plies
}

fn parse_levels(text: &str) -> anyhow::Result<(u8, u8)> {
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let lo: u8 = a.trim().parse()?;
    let hi: u8 = b.trim().parse()?;
    if !(1..=8).contains(&lo) || !(lo..=8).contains(&hi) {
        anyhow::bail!("--levels must be L or L-H with 1 ≤ L ≤ H ≤ 8 (one-thread levels)");
    }
    Ok((lo, hi))
}

/// The entry for a puzzle at the end of `session`.
fn entry_of(session: &Session, facts: &Facts) -> Entry {
    let kind = session.kind();
    let o = session.options();
    Entry {
        id: String::new(),
        game: kind,
        size: o.size,
        komi: kind.has_komi().then_some(Komi(o.komi_half)),
        button: kind.spec().button.then_some(o.button),
        turns: session.tokens(),
        win_in: facts.win_in,
        solution: solution_tokens(session.game(), facts),
        rating: (facts.rating * 10.0).round() / 10.0,
    }
}

/// The session cut back to its first `t` turns.
fn cut(session: &Session, t: usize) -> Session {
    let mut s = session.clone();
    while s.turns().len() > t {
        s.undo_turn();
    }
    s
}

/// Default node budget per solver question: about one to three seconds of search per game.
fn default_budget(kind: GameKind) -> u64 {
    kind.spec().puzzle_budget
}

/// What a worker does with one candidate position: `Some(aborted)` once classified.
fn try_position(
    args: &GenerateArgs,
    solver: &mut Solver,
    max: u8,
    session: &Session,
    tx: &mpsc::Sender<Report>,
) -> Result<bool, ()> {
    let game = session.game();
    if game.is_over() || crate::puzzle::rules::in_opening(game) {
        return Ok(false);
    }
    solver.clear();
    let (nodes, clock) = (solver.nodes(), Instant::now());
    let verdict = classify(solver, game, max);
    let _ = tx.send(Report::Tried);
    if args.verbose {
        let what = match &verdict {
            Ok(Ok(f)) => format!("PUZZLE win in {} rating {:.1}", f.win_in, f.rating),
            Ok(Err(why)) => why.describe(game),
            Err(e) => format!("{e}; turns {:?}", session.tokens()),
        };
        eprintln!(
            "\n  after turn {}: {what} ({} positions, {:.2} s)",
            session.turns().len(),
            solver.nodes() - nodes,
            clock.elapsed().as_secs_f64()
        );
    }
    match verdict {
        Ok(Ok(facts)) => {
            let entry = entry_of(session, &facts);
            let key = (game.hash(), session.turns().len());
            tx.send(Report::Found(Box::new(Found { entry, key })))
                .map_err(|_| ())?;
            Ok(false)
        }
        Ok(Err(_)) => Ok(false),
        Err(SolveError::Aborted(_)) => Ok(true),
        Err(_) => Ok(false),
    }
}

/// One worker: plays games and sends what it finds until `stop`.
fn worker(
    args: &GenerateArgs,
    size: usize,
    max: u8,
    levels: (u8, u8),
    seed: u64,
    stop: &AtomicBool,
    tx: mpsc::Sender<Report>,
) {
    let mut rng = FastRng::seed(seed);
    let mut solver = Solver::with_megabytes(64);
    solver.set_budget(args.budget.unwrap_or(default_budget(args.game)));
    while !stop.load(Ordering::Relaxed) {
        let played = play_game(args.game, size, &mut rng, levels, args.play_out_level, stop);
        let Some(Played { session, end }) = played else {
            return;
        };
        let total = end;
        if args.verbose {
            eprintln!(
                "\n  game of {total} turns: {}",
                session
                    .game()
                    .result_text()
                    .unwrap_or_else(|| "not over".into())
            );
        }
        let mut misses = 0;
        for back in 1..=args.window.min(total) {
            let t = total - back;
            let base = cut(&session, t);
            let Ok(aborted) = try_position(args, &mut solver, max, &base, &tx) else {
                return;
            };
            misses = if aborted { misses + 1 } else { 0 };
            // Positions one turn away from one the solver gave up on are as hard: skip them.
            let k = if aborted { 0 } else { args.alternatives };
            for alt in alternatives(&session, t, k, &mut rng) {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let mut branch = base.clone();
                if branch.play_turn(&alt).is_ok()
                    && try_position(args, &mut solver, max, &branch, &tx).is_err()
                {
                    return;
                }
            }
            if misses >= 2 || stop.load(Ordering::Relaxed) {
                break;
            }
        }
        if tx.send(Report::GameDone).is_err() {
            return;
        }
    }
}

/// Keeps `count` puzzles with a spread of depths: per depth, best rating first; depths take
/// turns, shallow first. Returns them sorted by depth, then rating.
pub fn select(pool: Vec<Entry>, count: usize) -> Vec<Entry> {
    let mut by_depth: BTreeMap<u8, Vec<Entry>> = BTreeMap::new();
    for e in pool {
        by_depth.entry(e.win_in).or_default().push(e);
    }
    for v in by_depth.values_mut() {
        v.sort_by(|a, b| b.rating.total_cmp(&a.rating));
        v.reverse(); // pop() takes the best
    }
    let mut out = Vec::new();
    while out.len() < count && by_depth.values().any(|v| !v.is_empty()) {
        for v in by_depth.values_mut() {
            if out.len() < count {
                if let Some(e) = v.pop() {
                    out.push(e);
                }
            }
        }
    }
    out.sort_by(|a, b| a.win_in.cmp(&b.win_in).then(a.rating.total_cmp(&b.rating)));
    for (i, e) in out.iter_mut().enumerate() {
        e.id = format!("{}-{:04}", e.game.name(), i + 1);
    }
    out
}

/// Runs `tessera puzzles generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<()> {
    let kind = args.game;
    let size = args.size.unwrap_or(kind.default_size());
    if !kind.sizes().contains(&size) {
        anyhow::bail!("{kind} size must be in {:?}", kind.sizes());
    }
    if args.count == 0 {
        anyhow::bail!("--count must be at least 1");
    }
    let max = args.max_plies.unwrap_or(default_max_plies(kind));
    let levels = parse_levels(&args.levels)?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let mut pool: Vec<Entry> = Vec::new();
    let mut seen: HashSet<(u64, usize)> = HashSet::new();
    if args.merge && args.out.exists() {
        let loaded = set::load(&args.out)?;
        for p in &loaded.problems {
            eprintln!("{}: skipped: {p}", args.out.display());
        }
        for e in loaded.entries {
            if let Ok(g) = e.position() {
                seen.insert((g.hash(), e.turns.len()));
                pool.push(e);
            }
        }
    }
    let target = ((args.count as f64) * args.pool).ceil() as usize;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let limit = args.minutes.map(|m| Duration::from_secs_f64(m * 60.0));
    let (tx, rx) = mpsc::channel();
    let tried = AtomicU64::new(0);
    let mut games = 0u64;
    let counted_at_start = counted(&pool, args.count);
    let pool_at_start = pool.len();
    std::thread::scope(|scope| {
        for j in 0..jobs {
            let tx = tx.clone();
            let stop = &stop;
            let worker_seed = seed ^ (j as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            scope.spawn(move || worker(args, size, max, levels, worker_seed, stop, tx));
        }
        drop(tx);
        let mut last_draw = Instant::now() - Duration::from_secs(1);
        loop {
            let msg = rx.recv_timeout(Duration::from_millis(500));
            match msg {
                Ok(Report::Found(f)) => {
                    if seen.insert(f.key) {
                        pool.push(f.entry);
                        // Written as it grows, so that a run stopped early keeps its finds.
                        if let Err(e) = write_set(args, size, max, pool.clone()) {
                            eprintln!("\n{}: cannot write: {e}", args.out.display());
                        }
                    }
                }
                Ok(Report::Tried) => {
                    tried.fetch_add(1, Ordering::Relaxed);
                }
                Ok(Report::GameDone) => games += 1,
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            let done =
                counted(&pool, args.count) >= target || limit.is_some_and(|l| start.elapsed() >= l);
            if done {
                stop.store(true, Ordering::Relaxed);
            }
            if last_draw.elapsed() >= Duration::from_millis(500) || done {
                last_draw = Instant::now();
                progress(
                    &pool,
                    args.count,
                    counted_at_start,
                    target,
                    tried.load(Ordering::Relaxed),
                    games,
                    start.elapsed(),
                    limit,
                );
            }
        }
    });
    eprintln!();
    let found = pool.len();
    let chosen = write_set(args, size, max, pool)?;
    let secs = start.elapsed().as_secs_f64();
    let t = tried.load(Ordering::Relaxed);
    eprintln!(
        "{} games, {t} positions tried ({:.2}/s), {} puzzles found ({} new); wrote {} to {}",
        games,
        t as f64 / secs.max(1e-9),
        found,
        found - pool_at_start,
        chosen.len(),
        args.out.display()
    );
    Ok(())
}

/// Selects the set from the pool and writes it to `--out` (atomically); returns the selection.
fn write_set(
    args: &GenerateArgs,
    size: usize,
    max: u8,
    pool: Vec<Entry>,
) -> std::io::Result<Vec<Entry>> {
    let kind = args.game;
    let chosen = select(pool, args.count);
    let mut depths: BTreeMap<u8, usize> = BTreeMap::new();
    for e in &chosen {
        *depths.entry(e.win_in).or_default() += 1;
    }
    let header = format!(
        "tessera puzzle set: {title}, {size_text}\n\
         Generated by `tessera puzzles generate {name} --size {size} --count {count} \
         --max-plies {max}` from AI-against-AI games (levels {lv}).\n\
         Each puzzle: the side to move wins in `win_in` plies with exactly one first turn; \
         see README \"Puzzles\".\n\
         Depths: {depths}",
        title = kind.title(),
        size_text = kind.board_kind().size_label(size),
        name = kind.name(),
        count = args.count,
        lv = args.levels,
        depths = depths
            .iter()
            .map(|(d, n)| format!("{n} in {d}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    set::save(&args.out, &chosen, &header)?;
    Ok(chosen)
}

/// Puzzles found that count toward the target: at most half the set's size from any one
/// depth, so that a run goes on looking for the rarer depths.
fn counted(pool: &[Entry], count: usize) -> usize {
    let cap = count.div_ceil(2);
    let mut by_depth: BTreeMap<u8, usize> = BTreeMap::new();
    for e in pool {
        *by_depth.entry(e.win_in).or_default() += 1;
    }
    by_depth.values().map(|&n| n.min(cap)).sum()
}

/// Draws the progress bar on stderr (one line, redrawn in place).
#[allow(clippy::too_many_arguments)]
fn progress(
    pool: &[Entry],
    count: usize,
    at_start: usize,
    target: usize,
    tried: u64,
    games: u64,
    elapsed: Duration,
    limit: Option<Duration>,
) {
    let done = counted(pool, count);
    let frac = (done as f64 / target.max(1) as f64).min(1.0);
    let width = 24;
    let filled = (frac * width as f64).round() as usize;
    let new = done.saturating_sub(at_start);
    let need = target.saturating_sub(done);
    let mut left = if new > 0 {
        Some(elapsed.mul_f64(need as f64 / new as f64))
    } else {
        None
    };
    if let Some(l) = limit {
        let cap = l.saturating_sub(elapsed);
        left = Some(left.map_or(cap, |x| x.min(cap)));
    }
    let left = left.map_or("?".to_string(), fmt_duration);
    let mut by_depth: BTreeMap<u8, usize> = BTreeMap::new();
    for e in pool {
        *by_depth.entry(e.win_in).or_default() += 1;
    }
    let depths: Vec<String> = by_depth.iter().map(|(d, n)| format!("{n}×{d}")).collect();
    eprint!(
        "\r[{}{}] {done}/{target} toward the set ({} puzzles found: {}), {tried} positions tried, \
         {games} games, {} elapsed, ~{left} left   ",
        "#".repeat(filled),
        ".".repeat(width - filled),
        pool.len(),
        depths.join(" "),
        fmt_duration(elapsed)
    );
    let _ = std::io::stderr().flush();
}

fn fmt_duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    } else {
        format!("{}m{:02}s", s / 60, s % 60)
    }
}
