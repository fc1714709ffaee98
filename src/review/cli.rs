//! `tessera analyze FILE [--ms N] [--json]`: a review without the interface. One row per
//! turn on standard output (or one JSON object per turn, one per line), progress on standard
//! error; `--write` stores the review in the record's `[analysis]` section.

use super::{default_engine, judge, review, summary, Judgement, TurnReview, DEFAULT_MS};
use crate::games::{Game, GameKind, Side};
use crate::record::Record;
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
    /// One JSON object per turn, one per line.
    #[arg(long)]
    pub json: bool,
    /// Use the record's stored `[analysis]` when it covers the whole game (no thinking).
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
    let spec = args
        .engine
        .clone()
        .unwrap_or_else(|| default_engine(args.ms));
    let stored = record
        .analysis
        .clone()
        .filter(|a| args.stored && a.is_complete(session.turns().len()));
    let section = match stored {
        Some(a) => a,
        None => {
            let tty = std::io::stderr().is_terminal();
            let stop = Arc::new(AtomicBool::new(false));
            let positions = session.turns().len() + 1;
            let section = review(&session, &spec, stop, |done, total| {
                let text = if done <= positions {
                    format!("analysing position {done}/{total}")
                } else {
                    let (d, t) = (done - positions, total - positions);
                    format!("checking turn {d}/{t} against the AI's preferred turn")
                };
                if tty {
                    eprint!("\r{text:<64}");
                } else {
                    eprintln!("{text}");
                }
            })
            .map_err(|e| anyhow::anyhow!("--engine {spec}: {e}"))?;
            if tty {
                eprintln!();
            }
            if args.write {
                record.analysis = Some(section.clone());
                record.save(&args.file)?;
                eprintln!("review stored in {}", args.file.display());
            }
            section
        }
    };
    let reviews = judge(&session, &section);
    let kind = session.kind();
    let out = std::io::stdout();
    let mut out = out.lock();
    if args.json {
        for r in &reviews {
            let mut v = serde_json::to_value(r)?;
            v["mover"] = kind.side_name(r.mover).into();
            writeln!(out, "{v}")?;
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

/// The rows of the plain-text output, with a header.
pub fn table(kind: GameKind, reviews: &[TurnReview], points: bool) -> String {
    let mut s = format!(
        "{:>4}  {:<10}  {:<12} {:>6} {:>6} {:>7}  {:<12} {}\n",
        "turn", "mover", "played", "before", "after", "margin", "best", "judgement"
    );
    for r in reviews {
        let margin = match (points, r.margin) {
            (true, Some(m)) => format!("{m:+.1}"),
            _ => "-".into(),
        };
        let judgement = r.judgement.map_or(String::new(), |j| match r.points_lost {
            Some(l) if points => format!("{} ({l:.1} points)", j.word()),
            _ => j.word().to_string(),
        });
        s += &format!(
            "{:>4}  {:<10}  {:<12} {:>5.0}% {:>5.0}% {:>7}  {:<12} {}\n",
            r.turn,
            kind.side_name(r.mover),
            r.played,
            100.0 * r.win_rate_before,
            100.0 * r.win_rate_after,
            margin,
            r.best,
            judgement
        );
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
        let word = kind.side_name(side);
        let name = word[..1].to_uppercase() + &word[1..];
        s += &format!("{name}: {}\n", parts.join(", "));
    }
    s
}
