//! `tessera analyze FILE [--ms N] [--json]`: a review without the interface. One row per
//! turn on standard output (or one JSON object per turn, one per line, numbers to 3
//! decimals), progress on standard error; the record is left as it is unless `--write`
//! stores the review in its `[analysis]` section.

use super::{
    default_engine, is_complete, judge, resume, summary, Judgement, TurnReview, DEFAULT_MS,
};
use crate::games::{Game, GameKind, Side};
use crate::record::Record;
use crate::record::StoredReview;
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// `tessera analyze FILE …`.
#[derive(Args, Debug, Clone)]
pub struct AnalyzeArgs {
    /// The game record (TOML, SPEC §4).
    pub file: PathBuf,
    /// Thinking time per position, in milliseconds (level 10, all cores).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MS)]
    pub ms: u64,
    /// Another engine, as a player spec (e.g. `mcts:iters=2000,threads=1,seed=1` for a
    /// repeatable review); replaces `--ms`.
    #[arg(long, value_name = "SPEC")]
    pub engine: Option<String>,
    /// Seed the engine's random generator (`seed=N` added to the spec): with one thread and
    /// an iteration limit the review is then the same every time; two seeds give two
    /// independent reviews (see `tools/review-stability`).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// One JSON object per turn, one per line.
    #[arg(long)]
    pub json: bool,
    /// Use the record's stored `[analysis]` (no thinking when it covers the whole game; an
    /// incomplete one, e.g. from an older version, is completed with its own engine).
    #[arg(long)]
    pub stored: bool,
    /// Store the review in the record's `[analysis]` section (the file is rewritten
    /// atomically).
    #[arg(long)]
    pub write: bool,
}

/// Runs `tessera analyze`.
pub fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let (mut record, session) = Record::load(&args.file)?;
    let mut spec = args
        .engine
        .clone()
        .unwrap_or_else(|| default_engine(args.ms));
    if let Some(seed) = args.seed {
        spec = format!("{spec},seed={seed}");
    }
    let start = record
        .analysis
        .clone()
        .filter(|_| args.stored)
        .unwrap_or_else(|| StoredReview::new(spec.clone()));
    let section = if is_complete(&session, &start) {
        start
    } else {
        let engine = start.engine.clone();
        let tty = std::io::stderr().is_terminal();
        let stop = Arc::new(AtomicBool::new(false));
        let positions = session.turns().len() + 1;
        let section = resume(&session, start, stop, |done, total| {
            let text = if done <= positions {
                format!("analysing position {done}/{total}")
            } else {
                let (d, t) = (done - positions, total - positions);
                format!("judging turn {d}/{t} against the AI's preferred turn")
            };
            if tty {
                eprint!("\r{text:<64}");
            } else {
                eprintln!("{text}");
            }
        })
        .map_err(|e| anyhow::anyhow!("--engine {engine}: {e}"))?;
        if tty {
            eprintln!();
        }
        if args.write {
            record.analysis = Some(section.clone());
            record.save(&args.file)?;
            eprintln!("review stored in {}", args.file.display());
        }
        section
    };
    let reviews = judge(&session, &section);
    let kind = session.kind();
    let out = std::io::stdout();
    let mut out = out.lock();
    if args.json {
        for r in &reviews {
            writeln!(out, "{}", json_row(kind, r))?;
        }
    } else {
        write!(
            out,
            "{}",
            table(kind, &reviews, session.game().points().is_some())
        )?;
        write!(out, "{}", summary_text(kind, &reviews))?;
    }
    Ok(())
}

/// One row of `--json`: the [`TurnReview`] with the mover named (`null` for a bid step) and
/// every number to 3 decimals.
pub fn json_row(kind: GameKind, r: &TurnReview) -> serde_json::Value {
    let mut v = serde_json::to_value(r).expect("a turn review always serialises");
    v["mover"] = match r.bid {
        Some(_) => serde_json::Value::Null,
        None => kind.side_name(r.mover).into(),
    };
    round_numbers(&mut v);
    v
}

/// Rounds every float in `v` to 3 decimals (`1.5399999999999998` becomes `1.54`).
fn round_numbers(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Number(n) if n.is_f64() => {
            let x = n.as_f64().unwrap_or(0.0);
            if let Some(r) = serde_json::Number::from_f64(super::r3(x)) {
                *n = r;
            }
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(round_numbers),
        serde_json::Value::Object(o) => o.values_mut().for_each(round_numbers),
        _ => {}
    }
}

/// The rows of the plain-text output, with a header and a line saying what the columns are.
pub fn table(kind: GameKind, reviews: &[TurnReview], points: bool) -> String {
    let mut s = format!(
        "{:>4}  {:<10}  {:<16} {:>8} {:>7} {:>6} {:>6}  {:<12} {}\n",
        "turn", "mover", "played", "win rate", "margin", "lost", "points", "preferred", "judgement"
    );
    let dash = || "-".to_string();
    for r in reviews {
        let (mover, played) = match &r.bid {
            Some(b) => (dash(), b.clone()),
            None => (kind.side_name(r.mover).to_string(), r.played.clone()),
        };
        let margin = match (points, r.margin) {
            (true, Some(m)) => format!("{m:+.1}"),
            _ => dash(),
        };
        let lost = r
            .win_rate_lost
            .map_or_else(dash, |l| format!("{:.1}%", 100.0 * l));
        let points_lost = match (points, r.points_lost) {
            (true, Some(p)) => format!("{p:.1}"),
            _ => dash(),
        };
        let best = if r.bid.is_some() {
            dash()
        } else {
            r.best.clone()
        };
        let mut judgement = r.judgement.map_or(String::new(), |j| j.word().to_string());
        if r.second_look {
            judgement = match r.judgement {
                Some(_) => format!("{judgement} (second look)"),
                None => "none (second look)".into(),
            };
        }
        s += &format!(
            "{:>4}  {:<10}  {:<16} {:>7.0}% {:>7} {:>6} {:>6}  {:<12} {}\n",
            r.turn,
            mover,
            played,
            100.0 * r.win_rate,
            margin,
            lost,
            points_lost,
            best,
            judgement
        );
    }
    s += "win rate, margin: the mover's after the turn played; lost, points: what the turn \
          lost against the preferred turn, both positions searched alike (the judgement is \
          their class: 10/20/30 % of win rate";
    if points {
        let [a, b, c] = super::points_lost_classes(kind);
        s += &format!(", {a}/{b}/{c} points)\n");
    } else {
        s += ")\n";
    }
    s
}

/// "Vertical: 0 inaccuracies, 1 mistake, 0 blunders" for each side.
pub fn summary_text(kind: GameKind, reviews: &[TurnReview]) -> String {
    let counts = summary(reviews);
    let mut s = String::new();
    for side in [Side::First, Side::Second] {
        let parts: Vec<String> = Judgement::ALL
            .iter()
            .map(|&j| {
                let n = counts[side.index()][j as usize];
                let word = match (j, n) {
                    (Judgement::Inaccuracy, 1) => "inaccuracy".to_string(),
                    (Judgement::Inaccuracy, _) => "inaccuracies".to_string(),
                    (_, 1) => j.word().to_string(),
                    _ => format!("{}s", j.word()),
                };
                format!("{n} {word}")
            })
            .collect();
        s += &format!("{}: {}\n", kind.side_title(side), parts.join(", "));
    }
    s
}
