//! `tessera komi GAME [--size N] [--games N] [--ms M | --player SPEC] [--jobs J]`: the fair
//! komi of a board from self-play, written into the fair-komi table
//! ([`crate::games::fair_komi`]).
//!
//! Method: the game's default AI (or `--player`) plays itself `--games` times at each of five
//! komi values around the current estimate (the table's value, else SPEC's default), one
//! `--step` apart (Carteso and Linage `n + 0.5`; Keil whole komi, so the button is on), or
//! `--around X`. While every value favours the same side the sweep extends that way, twice as
//! far each time (at most six times), judged on all the games the new ones will be pooled
//! with, so a repeated run does not widen past values its stored games already bracket. The
//! new games are added to the entry's stored games when the same player spec played those
//! (`--fresh`, or another player, replaces them: `pool`), and the crossing is
//! fitted to all of them (`fit::estimate`). The default komi moves to the new
//! estimate only when the games show that komi matters (`fit::judge`: a
//! one-sided 5 % test of the logistic slope); otherwise the entry is written `settled = false`
//! and keeps its earlier `fair`. `--refit` redoes that from the stored games without playing;
//! `--values` plays only the komi values it names (to add games where the stored ones are
//! thin).
//!
//! Each game is written into the table as soon as it ends (under a lock beside the table, so
//! sweeps of several boards can share it): a sweep that is stopped keeps every game it
//! finished, not only the komi values it finished (a value of a large board is an hour of
//! games).
//!
//! After each game a line says where a resignation rule would have ended it and whether it
//! was right (`foresight`), and the run ends with a summary per rule: the data for
//! adjudicating large boards' games early. `--resign` adjudicates: each game ends where the
//! first rule fires ([`RESIGN`]), and the table counts those games per
//! komi apart from the played-out ones.
//!
//! All of the fair-komi work is in this folder; the games themselves are played by the lab's
//! one loop ([`crate::lab::play`]):
//! - this file: the command (the sweep, `record` into the table, `--refit`);
//! - `values`: which komi values a sweep plays; `fit` (with `logistic`): the crossing and
//!   whether the games settle it; `pool`: stored and new games pooled and refitted; `table`:
//!   the entry written into the table file, its comments kept;
//! - `foresight`: where the resignation rules would have ended each game;
//! - `solve` (`--exact`): the smallest boards solved from the empty board by the exact
//!   searches of [`exact`].

pub mod exact;
pub(crate) mod fit;
pub(crate) mod foresight;
pub(crate) mod logistic;
pub(crate) mod pool;
pub(crate) mod solve;
pub(crate) mod table;
pub(crate) mod values;

use crate::games::fair_komi::{self, Count, Entry};
use crate::games::{format_komi, parse_komi, GameKind};
use crate::lab::play::{first_point, jobs, match_options, self_play, SelfPlayArgs, RESIGN};
use fit::{two_places, Finding};
use pool::{conclude, kept, merge, points, points_max, refit};
use std::path::{Path, PathBuf};
use table::NewEntry;
use values::{chosen_values, first_values, widen};

/// Arguments of `tessera komi`.
#[derive(clap::Args, Debug, Clone)]
pub struct KomiArgs {
    /// The game (keil, carteso or linage), board, games at each komi value, time, jobs.
    #[command(flatten)]
    pub play: SelfPlayArgs,
    /// Points between the komi values tried (a whole number).
    #[arg(long, default_value_t = 1)]
    pub step: u16,
    /// The table file to update (default: the user's `komi.toml` in tessera's configuration
    /// directory; `--table data/komi.toml` in a checkout updates the shipped table).
    #[arg(long)]
    pub table: Option<PathBuf>,
    /// Centre the sweep on this komi (default: the board's fair komi in the table being
    /// updated, else SPEC's default).
    #[arg(long, conflicts_with = "values")]
    pub around: Option<String>,
    /// Play exactly these komi values, comma-separated (e.g. `0.5` or `0.5,1.5`), instead of a
    /// sweep: to add games where the stored ones are thin. On the board's grid (Carteso and
    /// Linage `n + 0.5`, Keil whole).
    #[arg(long, value_delimiter = ',', conflicts_with = "exact")]
    pub values: Vec<String>,
    /// Solve the board exactly instead (the smallest boards: Linage 5x5 and 6x6, Carteso 5x5,
    /// Keil side 3), with the puzzle solver's margin search (Linage: its region-sum search).
    #[arg(long)]
    pub exact: bool,
    /// Positions the exact search may visit before it gives up.
    #[arg(long, default_value_t = 500_000_000)]
    pub exact_limit: u64,
    /// Memory for the exact search's table, in MB.
    #[arg(long, default_value_t = 2048)]
    pub exact_mb: usize,
    /// Print the result without writing the table.
    #[arg(long)]
    pub dry_run: bool,
    /// Replace the board's stored games instead of adding to them (games of another player
    /// spec are always replaced).
    #[arg(long)]
    pub fresh: bool,
    /// End each game once the last 4 searched turns' own estimates all gave one side at least
    /// 95 % (that side wins), instead of playing it out: large boards' games cost minutes, and
    /// on Keil most of the thinking comes after that point. The table counts such games per
    /// komi (`resigned`) and the method names the rule, so they stay apart from played-out ones.
    #[arg(long, conflicts_with_all = ["exact", "refit"])]
    pub resign: bool,
    /// Play nothing: refit the board's stored games with the current method and rewrite its
    /// entry.
    #[arg(long, conflicts_with_all = ["exact", "fresh", "around", "values"])]
    pub refit: bool,
}

/// Runs `tessera komi`.
pub fn run(args: &KomiArgs) -> anyhow::Result<()> {
    let kind = args.play.game;
    anyhow::ensure!(kind.has_komi(), "{kind} has no komi");
    anyhow::ensure!(args.play.games > 0, "--games must be at least 1");
    anyhow::ensure!(args.step > 0, "--step must be at least 1");
    let jobs = jobs(args.play.jobs)?;
    let size = args.play.size.unwrap_or(kind.default_size());
    let base = match_options(kind, None, Some(size))?;
    let points_max = points_max(kind, size);
    let path = match &args.table {
        Some(p) => p.clone(),
        None => default_table_path()?,
    };
    if args.exact {
        // The search starts from the board's current fair komi (any start gives the same
        // answer; a close one saves passes).
        let guess = match table_entry(&path, kind, size)? {
            Some(e) => (e.fair * 4.0).round() as i32 / 2,
            None => i32::from(crate::komi_file::table().agreed_komi_half(kind, size)),
        };
        let entry = solve::run(kind, size, args.exact_mb, args.exact_limit, guess)?;
        if !args.dry_run {
            table::update(&path, kind, size, &entry)?;
            println!("written to {}", path.display());
        }
        return Ok(());
    }
    if args.refit {
        return run_refit(&path, kind, size, args.dry_run);
    }
    // The table file is read once: its entry centres the sweep (so repeated runs refine it;
    // else the program's table, else SPEC's default) and tells whether the board is solved.
    let stored = table_entry(&path, kind, size)?;
    let current_fair = match &stored {
        Some(e) => (e.fair * 2.0).round() as u16,
        None => crate::komi_file::table().agreed_komi_half(kind, size),
    };
    let spec = args.play.spec();
    let player = spec.to_string();
    let pool = poolable(stored.as_ref(), &player, args.fresh);
    if or_program(stored, kind, size).is_some_and(|e| e.exact) {
        anyhow::bail!("{kind} {size} is solved exactly: self-play does not replace it");
    }
    let centre = match &args.around {
        Some(k) => parse_komi(k).map_err(anyhow::Error::msg)?,
        None => current_fair,
    } as i32;
    let step = 2 * args.step as i32;
    let chosen = chosen_values(kind, &args.values, points_max)?;
    let mut new: Vec<Count> = Vec::new(); // this run's games, by komi
    let mut want = chosen
        .clone()
        .unwrap_or_else(|| first_values(centre, step, points_max));
    // Each game goes into the table as soon as it ends (pooled with what is there), so a
    // sweep that is stopped keeps every game it finished. The first write decides, as one
    // write at the end would, whether they join the stored games.
    let mut first: Option<(bool, String)> = None; // the first write's `pooled` and `how`
    let mut last: Option<Recorded> = None;
    let mut foresight = foresight::ForesightTally::default();
    let resign = args.resign.then_some(RESIGN);
    for round in 0..6 {
        for h in want
            .iter()
            .copied()
            .filter(|&h| (0..=points_max).contains(&h))
        {
            if new.iter().any(|c| c.komi_half() as i32 == h) {
                continue;
            }
            let mut o = base.clone();
            o.komi_half = h as u16;
            let label = format!("{kind} {size} komi {}", format_komi(h as u16));
            self_play(
                kind,
                &o,
                &spec,
                (args.play.games, jobs),
                resign,
                &label,
                |g| {
                    println!("{}", foresight.add(g));
                    let mut game = Count::new(f64::from(h) / 2.0, 1, first_point(g.first_won));
                    game.resigned = u32::from(g.resigned.is_some());
                    new = merge(&new, &[game]);
                    if !args.dry_run {
                        let fresh = args.fresh && first.is_none();
                        let rec = record(&path, kind, size, &[game], &player, fresh, false)?;
                        first.get_or_insert_with(|| (rec.pooled, rec.how.clone()));
                        last = Some(rec);
                    }
                    Ok(())
                },
            )?;
        }
        if chosen.is_some() {
            break;
        }
        // Whether to go on is judged on every game this run's will be pooled with.
        let all = points(&merge(&pool, &new));
        match widen(&all, step, round, points_max) {
            Some(h) => want = vec![h],
            None => break,
        }
    }
    println!("these games:");
    print_counts(&new);
    let rec = match last {
        Some(rec) => rec,
        None => record(&path, kind, size, &new, &player, args.fresh, true)?,
    };
    // What became of the stored games is what the first write did with them.
    let (pooled, how) = match first {
        Some((true, _)) => (
            true,
            format!(
                "pooled: {} new games added to the {} stored, all by `{player}`",
                games_in(&new),
                games_in(&pool)
            ),
        ),
        Some((false, how)) => (false, how),
        None => (rec.pooled, rec.how.clone()),
    };
    println!("{how}");
    if pooled {
        println!("all the games:");
        print_counts(&rec.entry.counts);
    }
    print_result(kind, size, &rec.entry, &rec.finding);
    for line in foresight.summary() {
        println!("{line}");
    }
    if !args.dry_run {
        println!("written to {}", path.display());
    }
    Ok(())
}

/// What [`record`] did.
pub(crate) struct Recorded {
    /// The entry written (or, with `dry_run`, that would be).
    pub entry: NewEntry,
    /// Its estimate and verdict.
    pub finding: Finding,
    /// The new games were added to stored ones.
    pub pooled: bool,
    /// One line for the user: pooled, replaced (and why) or new.
    pub how: String,
}

/// Adds a sweep's counts `new`, played by `player`, to the board's entry in the table at `path`
/// — pooled with the stored games when the same player played them and not `fresh`, else in
/// their place — refits, and writes the entry (unless `dry_run`). An unsettled result keeps
/// the board's previous default ([`kept`]; the program's table when the file has no entry).
pub(crate) fn record(
    path: &Path,
    kind: GameKind,
    size: usize,
    new: &[Count],
    player: &str,
    fresh: bool,
    dry_run: bool,
) -> anyhow::Result<Recorded> {
    // Two sweeps (of different boards, or the same) may update one table: each read, change
    // and save happens under the table's lock.
    let _lock = if dry_run {
        None
    } else {
        Some(lock_table(path)?)
    };
    let stored = table_entry(path, kind, size)?;
    let (counts, pooled, how) = match &stored {
        Some(e) if e.exact => anyhow::bail!(
            "{kind} {size} is solved exactly in {}: self-play does not replace it",
            path.display()
        ),
        Some(e) if e.counts.is_empty() => (
            new.to_vec(),
            false,
            "replaced: the stored entry keeps no games to add to".to_string(),
        ),
        Some(_) if fresh => (
            new.to_vec(),
            false,
            "replaced (--fresh): the stored games are dropped".to_string(),
        ),
        Some(e) if e.player.as_deref() == Some(player) => (
            merge(&e.counts, new),
            true,
            format!(
                "pooled: {} new games added to the {} stored, all by `{player}`",
                games_in(new),
                games_in(&e.counts)
            ),
        ),
        Some(e) => (
            new.to_vec(),
            false,
            format!(
                "replaced: the stored {} games were played by `{}`, these by `{player}`",
                games_in(&e.counts),
                e.player.as_deref().unwrap_or("?")
            ),
        ),
        None => (new.to_vec(), false, "a new entry".to_string()),
    };
    let previous = or_program(stored, kind, size);
    let (entry, finding) = conclude(kind, size, counts, player, kept(kind, previous.as_ref()));
    if !dry_run {
        table::update(path, kind, size, &entry)?;
    }
    Ok(Recorded {
        entry,
        finding,
        pooled,
        how,
    })
}

/// The table's lock (held until dropped), with a message naming the table.
fn lock_table(path: &Path) -> anyhow::Result<std::fs::File> {
    crate::files::lock_beside(path)
        .map_err(|e| anyhow::anyhow!("cannot lock {}: {e}", path.display()))
}

/// `--refit`: the board's stored games refitted; prints the old and new values.
fn run_refit(path: &Path, kind: GameKind, size: usize, dry_run: bool) -> anyhow::Result<()> {
    // Under the table's lock, as a sweep's writes are: one may be running.
    let _lock = lock_table(path)?;
    let Some(old) = table_entry(path, kind, size)? else {
        anyhow::bail!("{kind} {size} has no entry in {}", path.display());
    };
    let (entry, finding) = refit(kind, size, &old)?;
    print_counts(&entry.counts);
    print_result(kind, size, &entry, &finding);
    println!(
        "fair komi {} -> {}",
        format_komi((old.fair * 2.0).round() as u16),
        format_komi((entry.fair * 2.0).round() as u16)
    );
    if !dry_run {
        table::update(path, kind, size, &entry)?;
        println!("written to {}", path.display());
    }
    Ok(())
}

fn print_counts(counts: &[Count]) {
    for (p, c) in pool::points(counts).iter().zip(counts) {
        let resigned = match c.resigned {
            0 => String::new(),
            n => format!(" ({n} resigned)"),
        };
        println!(
            "komi {:>5}: first player {:>5.1}% (95% {:.1}–{:.1}) of {} games{resigned}",
            format_komi(p.komi_half),
            100.0 * p.rate.p,
            100.0 * p.rate.lo,
            100.0 * p.rate.hi,
            p.rate.n
        );
    }
}

fn print_result(kind: GameKind, size: usize, e: &NewEntry, f: &Finding) {
    let open = |x: Option<f64>| x.map_or("open".into(), |x| format!("{x:.2}"));
    match &f.estimate {
        Some(est) => println!(
            "{kind} size {size}: crossing at komi {} (95% interval {} … {}; isotonic {})",
            est.at
                .map_or("below the smallest komi".into(), |x| format!("{x:.2}")),
            open(est.low),
            open(est.high),
            est.iso_text
        ),
        None => println!("{kind} size {size}: the komi values do not bracket 50 %"),
    }
    // The method's last part: why the games settle the fair komi or not.
    println!(
        "logistic slope z {} (settled at ≤ −1.645); {}",
        f.z.map_or("none".into(), two_places),
        e.method.rsplit("; ").next().unwrap_or_default()
    );
    let fair = (e.fair * 2.0).round() as u16;
    println!("fair agreed komi {}", format_komi(fair));
    if kind.spec().whole_point_komi {
        println!(
            "with the button (a whole komi), komi {} is the default",
            format_komi(fair)
        );
    }
}

/// The games behind `counts`.
fn games_in(counts: &[Count]) -> u32 {
    counts.iter().map(|c| c.games).sum()
}

/// The stored games a sweep by `player` will be pooled with (as [`record`] decides): the
/// entry's counts when the same player played them and `fresh` is not set, else none.
fn poolable(stored: Option<&Entry>, player: &str, fresh: bool) -> Vec<Count> {
    match stored {
        Some(e) if !e.exact && !fresh && e.player.as_deref() == Some(player) => e.counts.clone(),
        _ => Vec::new(),
    }
}

/// The board's entry before this run: `stored` (read from the table file being updated),
/// else the program's tables (built in, or the user's).
fn or_program(stored: Option<Entry>, kind: GameKind, size: usize) -> Option<Entry> {
    stored.or_else(|| match crate::komi_file::table().lookup(kind, size) {
        fair_komi::Source::Table { entry, .. } => Some(entry),
        fair_komi::Source::Fallback => None,
    })
}

/// The board's entry in the table file at `path` (`None` when the file or the entry is
/// missing).
fn table_entry(path: &Path, kind: GameKind, size: usize) -> anyhow::Result<Option<Entry>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => anyhow::bail!("cannot read {}: {e}", path.display()),
    };
    let mut table =
        fair_komi::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    Ok(table
        .get_mut(kind.name())
        .and_then(|t| t.remove(&size.to_string())))
}

/// The user's table file: a run never writes into the source tree unless told to.
fn default_table_path() -> anyhow::Result<PathBuf> {
    crate::komi_file::user_path()
        .ok_or_else(|| anyhow::anyhow!("no home directory: give --table FILE"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(komi: f64, games: u32, points: f64) -> Count {
        Count::new(komi, games, points)
    }

    const A: &str = "default:iters=3000,threads=1";

    #[test]
    fn widening_reads_the_pooled_games() {
        // This run's games alone all favour the first player (half points: 5, 7, 9)...
        let new = [c(2.5, 10, 8.0), c(3.5, 10, 7.0), c(4.5, 10, 6.0)];
        assert_eq!(widen(&points(&new), 2, 0, 162), Some(11));
        assert_eq!(widen(&points(&new), 2, 2, 162), Some(17));
        // ...but with the stored games of the same player at 5.5 the values bracket 50 %.
        let stored = Entry {
            fair: 0.5,
            crossing: None,
            low: None,
            high: None,
            exact: false,
            method: String::new(),
            counts: vec![c(5.5, 40, 10.0)],
            player: Some(A.to_string()),
            z: None,
            settled: Some(false),
        };
        let pool = poolable(Some(&stored), A, false);
        assert_eq!(widen(&points(&merge(&pool, &new)), 2, 0, 162), None);
        // Another player's games, or --fresh, are not pooled, so they do not count.
        assert!(poolable(Some(&stored), "default:iters=1000,threads=1", false).is_empty());
        assert!(poolable(Some(&stored), A, true).is_empty());
        // All below 50 %: down, but not below komi 0.
        let low = [c(0.5, 10, 2.0), c(1.5, 10, 1.0)];
        assert_eq!(widen(&points(&low), 2, 0, 162), None);
        let low = [c(4.5, 10, 2.0), c(5.5, 10, 1.0)];
        assert_eq!(widen(&points(&low), 2, 3, 162), Some(1));
        // At the top of the board nothing is left to try.
        assert_eq!(widen(&points(&[c(81.0, 10, 9.0)]), 2, 0, 162), None);
    }

    #[test]
    fn the_same_player_pools_and_another_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("komi.toml");
        let first = [c(0.5, 20, 12.0), c(1.5, 20, 10.0), c(2.5, 20, 8.0)];
        let r = record(&path, GameKind::Linage, 9, &first, A, false, false).unwrap();
        assert_eq!((r.pooled, r.how.as_str()), (false, "a new entry"));
        let read = || table_entry(&path, GameKind::Linage, 9).unwrap().unwrap();
        assert_eq!(read().counts, first);
        // Same player: summed at 1.5 and 2.5, 3.5 added, and the fit redone on all of it.
        let second = [c(1.5, 20, 11.0), c(2.5, 20, 9.5), c(3.5, 20, 3.0)];
        let r = record(&path, GameKind::Linage, 9, &second, A, false, false).unwrap();
        assert!(
            r.pooled && r.how.starts_with("pooled: 60 new games added to the 60"),
            "{}",
            r.how
        );
        let pooled = vec![
            c(0.5, 20, 12.0),
            c(1.5, 40, 21.0),
            c(2.5, 40, 17.5),
            c(3.5, 20, 3.0),
        ];
        let e = read();
        assert_eq!(e.counts, pooled);
        let (want, _) = conclude(GameKind::Linage, 9, pooled, A, kept(GameKind::Linage, None));
        assert_eq!(
            e.crossing,
            want.crossing.map(crate::lab::komi::fit::hundredths)
        );
        assert!(e
            .method
            .contains("komi 0.5 ×20, 1.5 ×40, 2.5 ×40, 3.5 ×20 (120 games)"));
        // A dry run shows the pooled result and writes nothing.
        let r = record(&path, GameKind::Linage, 9, &second, A, false, true).unwrap();
        assert_eq!(r.entry.counts[1].games, 60);
        assert_eq!(read().counts[1].games, 40);
        // Another player, or --fresh: replaced.
        let b = "default:iters=1000,threads=1";
        let r = record(&path, GameKind::Linage, 9, &first, b, false, false).unwrap();
        assert!(
            !r.pooled && r.how.contains("played by `default:iters=3000"),
            "{}",
            r.how
        );
        assert_eq!(
            (read().counts, read().player.as_deref()),
            (first.to_vec(), Some(b))
        );
        let r = record(&path, GameKind::Linage, 9, &second, b, true, false).unwrap();
        assert!(!r.pooled && r.how.contains("--fresh"));
        assert_eq!(read().counts, second);
    }

    #[test]
    fn exact_entries_are_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("komi.toml");
        std::fs::write(
            &path,
            "[linage.5]\nfair = 7.5\nexact = true\nmethod = \"solved\"\n",
        )
        .unwrap();
        let err = record(
            &path,
            GameKind::Linage,
            5,
            &[c(0.5, 2, 1.0)],
            A,
            false,
            false,
        )
        .err()
        .unwrap();
        assert!(err.to_string().contains("solved exactly"));
        assert!(run_refit(&path, GameKind::Linage, 5, true).is_err());
        assert!(
            table_entry(&path, GameKind::Linage, 5)
                .unwrap()
                .unwrap()
                .exact
        );
    }
}
