//! `tessera selfplay GAME --games N --out DIR`: self-play games written as training data for a
//! game's network (issue 47; the record layout is `docs/nets.md`, "Self-play data").
//!
//! Each game is played by one player against itself with agreed komi (the board's fair komi,
//! varied in half the games so that the network learns what komi is worth). Every position
//! where placements are what comes next becomes one record: the network's input
//! ([`crate::games::NetInput::net_planes`], the planes the network's input is built from), the search's visit shares as the policy
//! target, the search's own estimate of the mover's chances, and — once the game is over — the
//! mover's result, final margin and each point's final owner. The first turns are drawn in
//! proportion to the visits so that games differ.
//!
//! A game's records go to their own file `games-NNNNNN.bin`, written atomically when the game
//! ends; a run that is stopped and started again plays only the numbers still missing, so
//! nothing is lost or written twice. The symmetries are not written out: `meta.json` lists
//! those the rules respect and the trainer draws one per sample.

use crate::files::write_atomically;
use crate::games::{
    AnyGame, Game, GameKind, GameOptions, NetInput, NetShape, Outcome, SearchHints, Side,
};
use crate::lab::play::{game_seed, in_parallel, match_options};
use crate::lab::progress::Progress;
use crate::rng::FastRng;
use crate::search::{Engine, Limits, PlayerSpec};
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The data layout's version (`format` in `meta.json`): 2 named `policy_planes` and
/// `policy_extras`; 3 adds each record's `search_value`. Every run writes format 3.
pub const FORMAT: u32 = 3;

/// `tessera selfplay`: training data for a game's network.
#[derive(clap::Args, Debug)]
pub struct SelfplayArgs {
    /// The game.
    pub game: String,
    /// Games wanted in DIR in all (games already there count).
    #[arg(long)]
    pub games: usize,
    /// The data directory (created if missing).
    #[arg(long)]
    pub out: PathBuf,
    /// Board size (default: the game's default).
    #[arg(long)]
    pub size: Option<usize>,
    /// The player of both sides (any player spec; one thread each is best with --jobs 2).
    #[arg(long, default_value = "mcts:iters=3000,threads=1")]
    pub player: String,
    /// Turns at the start drawn in proportion to the visits (the rest: the most visited).
    #[arg(long, default_value_t = 8)]
    pub opening_turns: usize,
    /// Komi varies by up to this many whole points around the fair komi in half the games.
    #[arg(long, default_value_t = 2)]
    pub komi_spread: u16,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Seed of the run (each game's seed follows from it and the game's number).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// One position's record before the game's end is known.
struct Pending {
    bits: Vec<u8>,
    scalars: Vec<f32>,
    policy: Vec<f32>,
    /// The search's win chance for the mover, as −1 … +1.
    search_value: f32,
    mover: Side,
    /// The grid index of every cell in this position's frame.
    points: Vec<usize>,
}

/// Bytes of one record for `shape` (see `docs/nets.md`).
pub fn record_bytes(shape: &NetShape) -> usize {
    let points = shape.points();
    shape.binary_planes * points // bits
        + 4 * shape.scalar_planes // scalars
        + 4 * shape.policy_len() // policy
        + 4 // value
        + 4 // score
        + points // ownership
        + 4 // policy_weight
        + 4 // search_value
}

/// Runs `tessera selfplay`.
pub fn run(args: &SelfplayArgs) -> anyhow::Result<()> {
    let kind: GameKind = args.game.parse()?;
    let options = match_options(kind, None, args.size)?;
    let game = AnyGame::new(kind, &options)?;
    // Every game has a layout (docs/nets.md); a new game gets one before it has data.
    let shape = game
        .net_shape()
        .ok_or_else(|| anyhow::anyhow!("{kind} has no network layout (docs/nets.md)"))?;
    let spec: PlayerSpec = args
        .player
        .parse()
        .map_err(|e| anyhow::anyhow!("--player: {e}"))?;
    anyhow::ensure!(args.jobs > 0, "--jobs must be at least 1");
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create the data directory {}", args.out.display()))?;
    write_meta(&args.out, kind, options.size, &shape, args)?;
    let missing: Vec<usize> = (0..args.games)
        .filter(|&i| !game_path(&args.out, i).exists())
        .collect();
    if missing.is_empty() {
        eprintln!("{}: all {} games are there", args.out.display(), args.games);
        return Ok(());
    }
    eprintln!(
        "selfplay {kind} {}: {} games to play ({} there), player {}, {} at once",
        options.size,
        missing.len(),
        args.games - missing.len(),
        args.player,
        args.jobs
    );
    let mut progress = Progress::new("selfplay", missing.len());
    let mut positions = 0;
    in_parallel(
        missing.len(),
        args.jobs,
        |k| {
            let number = missing[k];
            let bytes = play_one(&game, &options, &spec, args, number)?;
            write_atomically(&game_path(&args.out, number), &bytes)
                .with_context(|| format!("cannot write game {number}"))?;
            Ok(bytes.len() / record_bytes(&shape))
        },
        |written| {
            positions += written;
            progress.tick();
            Ok(())
        },
    )?;
    eprintln!(
        "selfplay: {positions} positions written to {}",
        args.out.display()
    );
    Ok(())
}

/// The file of game `number`.
fn game_path(dir: &Path, number: usize) -> PathBuf {
    dir.join(format!("games-{number:06}.bin"))
}

/// Writes `meta.json`, or checks that the one there describes the same layout.
fn write_meta(
    dir: &Path,
    kind: GameKind,
    size: usize,
    shape: &NetShape,
    args: &SelfplayArgs,
) -> anyhow::Result<()> {
    let game_is_hex = crate::board::Geometry::of(kind.spec().board, size)
        .is_some_and(|g| g.kind() == crate::board::BoardKind::Hex);
    let meta = serde_json::json!({
        "format": FORMAT,
        "game": kind.name(),
        "size": size,
        "input_version": shape.version,
        "height": shape.height,
        "width": shape.width,
        "binary_planes": shape.binary_planes,
        "scalar_planes": shape.scalar_planes,
        "policy_planes": shape.policy_planes,
        "policy_extras": shape.policy_extras,
        "policy_len": shape.policy_len(),
        "record_bytes": record_bytes(shape),
        "symmetries": shape.symmetries,
        "hex": game_is_hex,
        "player": args.player,
        "settings": {
            "opening_turns": args.opening_turns,
            "komi_spread": args.komi_spread,
            "seed": args.seed,
        },
    });
    let path = dir.join("meta.json");
    if let Ok(text) = std::fs::read_to_string(&path) {
        let old: serde_json::Value = serde_json::from_str(&text)
            .with_context(|| format!("{} is not valid JSON", path.display()))?;
        for key in ["format", "game", "size", "input_version", "record_bytes"] {
            if old[key] != meta[key] {
                bail!(
                    "{} holds data of another layout ({key}: {} here, {} now); use a new --out",
                    path.display(),
                    old[key],
                    meta[key]
                );
            }
        }
        return Ok(());
    }
    let text = serde_json::to_string_pretty(&meta)? + "\n";
    write_atomically(&path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Plays game `number` and returns its records.
fn play_one(
    start: &AnyGame,
    options: &GameOptions,
    spec: &PlayerSpec,
    args: &SelfplayArgs,
    number: usize,
) -> anyhow::Result<Vec<u8>> {
    let mut rng = FastRng::seed(game_seed(args.seed, number));
    let mut game = with_komi(start, options, args.komi_spread, &mut rng)?;
    let mut spec = spec.clone();
    spec.seed = Some(rng.next_u64());
    let mut engine = Engine::new(spec);
    let shape = game.net_shape().expect("checked by run");
    let stop = Arc::new(AtomicBool::new(false));
    let mut pending = Vec::new();
    while !game.is_over() {
        let Some(decision) = engine.think(&game, Limits::default(), stop.clone(), None) else {
            break;
        };
        let mut step = decision.step;
        let visits = engine.last_visits();
        let total: u64 = visits.iter().map(|&(_, n)| n).sum();
        if total > 0 {
            // The planes as `encode_net_input` builds the input from them (the scalars apart:
            // the trainer broadcasts them over the board).
            let mut bits = vec![0u8; shape.binary_planes * shape.points()];
            let mut scalars = vec![0f32; shape.scalar_planes];
            game.net_planes(&mut bits, &mut scalars);
            let mut policy = vec![0f32; shape.policy_len()];
            for &(s, n) in visits {
                if let Some(i) = game.net_index(s) {
                    policy[i] += n as f32 / total as f32;
                }
            }
            pending.push(Pending {
                bits,
                scalars,
                policy,
                search_value: (2.0 * decision.report.win_rate - 1.0).clamp(-1.0, 1.0) as f32,
                mover: game.to_move(),
                points: game
                    .geometry()
                    .all_cells()
                    .map(|c| game.net_point(c))
                    .collect(),
            });
            if game.turns_completed() < args.opening_turns {
                step = draw(visits, total, &mut rng).unwrap_or(step);
            }
        }
        game.play(step);
    }
    let outcome = game
        .outcome()
        .context("a self-play game stopped before its end")?;
    let points = game.points();
    let mut owners = Vec::new();
    game.final_owners(&mut owners);
    let mut out = Vec::with_capacity(pending.len() * record_bytes(&shape));
    for p in pending {
        out.extend_from_slice(&p.bits);
        for x in p.scalars.iter().chain(&p.policy) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        let value = match outcome {
            Outcome::Win(side) if side == p.mover => 1f32,
            Outcome::Win(_) => -1.0,
            Outcome::Draw => 0.0,
        };
        let margin = points.map_or(0.0, |pts| {
            (pts[p.mover.index()] - pts[p.mover.other().index()]) as f32
        });
        out.extend_from_slice(&value.to_le_bytes());
        out.extend_from_slice(&margin.to_le_bytes());
        let mut own = vec![0i8; shape.points()];
        for (cell, owner) in owners.iter().enumerate() {
            own[p.points[cell]] = match owner {
                Some(side) if *side == p.mover => 1,
                Some(_) => -1,
                None => 0,
            };
        }
        out.extend(own.iter().map(|&o| o as u8));
        out.extend_from_slice(&1f32.to_le_bytes());
        out.extend_from_slice(&p.search_value.to_le_bytes());
    }
    Ok(out)
}

/// The start position (`start`, set up with `options`) with komi moved by up to `spread` whole
/// points in half the games.
fn with_komi(
    start: &AnyGame,
    options: &GameOptions,
    spread: u16,
    rng: &mut FastRng,
) -> anyhow::Result<AnyGame> {
    let kind = start.kind();
    if !kind.has_komi() || spread == 0 || rng.coin() {
        return Ok(start.clone());
    }
    let mut options = options.clone();
    let offset = rng.below(2 * spread as usize + 1) as i32 - spread as i32;
    options.komi_half = (i32::from(options.komi_half) + 2 * offset).max(0) as u16;
    Ok(AnyGame::new(kind, &options)?)
}

/// A step drawn in proportion to its visits.
fn draw(
    visits: &[(crate::games::Step, u64)],
    total: u64,
    rng: &mut FastRng,
) -> Option<crate::games::Step> {
    let mut x = (rng.unit() * total as f64) as u64;
    for &(s, n) in visits {
        if x < n {
            return Some(s);
        }
        x -= n;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The arguments of a one-game run of `player` on `size` into `out`, no opening draws and
    /// no komi spread.
    fn one_game(game: &str, size: usize, player: &str, out: &std::path::Path) -> SelfplayArgs {
        SelfplayArgs {
            game: game.into(),
            games: 1,
            out: out.to_path_buf(),
            size: Some(size),
            player: player.into(),
            opening_turns: 0,
            komi_spread: 0,
            jobs: 1,
            seed: 1,
        }
    }

    /// Two short games on 5×5: the files hold whole records whose fields are in range, the
    /// policy sums to 1, and a second run with more games keeps the first files and adds one.
    #[test]
    fn writes_whole_records_and_resumes() {
        let dir = tempfile::tempdir().unwrap();
        let mut args = SelfplayArgs {
            games: 2,
            opening_turns: 2,
            komi_spread: 1,
            jobs: 2,
            seed: 3,
            ..one_game("linage", 5, "mcts:iters=200,threads=1", dir.path())
        };
        run(&args).unwrap();
        let meta: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join("meta.json")).unwrap())
                .unwrap();
        let size = meta["record_bytes"].as_u64().unwrap() as usize;
        let (points, binary) = (25, 6);
        assert_eq!(meta["format"], FORMAT);
        let first = std::fs::read(game_path(dir.path(), 0)).unwrap();
        assert!(!first.is_empty() && first.len() % size == 0);
        let search_values: Vec<[u8; 4]> = first
            .chunks(size)
            .map(|r| r[size - 4..].try_into().unwrap())
            .collect();
        assert!(
            search_values.iter().any(|v| *v != search_values[0]),
            "the search's estimates change over a game"
        );
        for record in first.chunks(size) {
            assert!(record[..binary * points].iter().all(|&b| b <= 1));
            assert!(
                record[..points].iter().all(|&b| b == 1),
                "plane 0 is the board"
            );
            let f = |at: usize| f32::from_le_bytes(record[at..at + 4].try_into().unwrap());
            let policy_at = binary * points + 8;
            let sum: f32 = (0..26).map(|i| f(policy_at + 4 * i)).sum();
            assert!((sum - 1.0).abs() < 1e-4, "policy sums to {sum}");
            let value = f(policy_at + 4 * 26);
            assert!([-1.0, 0.0, 1.0].contains(&value));
            let search_value = f(size - 4);
            assert!(search_value.abs() <= 1.0, "search value {search_value}");
        }
        let modified = std::fs::metadata(game_path(dir.path(), 0))
            .unwrap()
            .modified()
            .unwrap();
        args.games = 3;
        run(&args).unwrap();
        assert!(game_path(dir.path(), 2).exists());
        let again = std::fs::metadata(game_path(dir.path(), 0))
            .unwrap()
            .modified()
            .unwrap();
        assert_eq!(modified, again, "a resumed run leaves finished games alone");
    }

    /// The scalars are the game's own, also on a hexhex grid whose first point is off the
    /// board: Iris's first record is in the opening turn (scalar 2).
    #[test]
    fn records_the_scalars_on_hexhex_grids() {
        let dir = tempfile::tempdir().unwrap();
        let args = one_game("iris", 3, "mcts:iters=50,threads=1", dir.path());
        run(&args).unwrap();
        let record = std::fs::read(game_path(dir.path(), 0)).unwrap();
        let bits = 6 * 25;
        assert_eq!(record[0], 0, "grid point 0 is off the board");
        let opening = f32::from_le_bytes(record[bits + 8..bits + 12].try_into().unwrap());
        assert_eq!(opening, 1.0);
    }
}
