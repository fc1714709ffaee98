//! `tessera puzzles verify FILE`: re-solves every puzzle of a set and reports each one that no
//! longer meets the definition, by id and reason. Entries that cannot be read are reported the
//! same way and do not stop the others.

use crate::games::{AnyGame, Game, Illegal, NotationError, SolveGame, Step};
use crate::puzzle::define::{classify, goal};
use crate::puzzle::line;
use crate::puzzle::search::{Aborted, Search};
use crate::puzzle::set::{self, Entry, EntryError};
use crate::puzzle::solver::{SearchFn, SolveError, Solver};
use crate::puzzle::turns::canonical;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Arguments of `tessera puzzles verify`.
#[derive(clap::Args, Debug, Clone)]
pub struct VerifyArgs {
    /// A puzzle set (`puzzles/<game>.toml`).
    pub file: PathBuf,
    /// Puzzles verified at once (default: every core). Each puzzle runs on one thread.
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Print a line per puzzle (id, depth, rating, time, positions).
    #[arg(long, short)]
    pub verbose: bool,
}

/// A puzzle that still meets the definition.
#[derive(Clone, Debug)]
pub struct Verified {
    /// Time taken (one thread).
    pub elapsed: Duration,
    /// Positions visited.
    pub nodes: u64,
    /// The rating recomputed along the stored solution.
    pub rating: f64,
}

/// Why an entry no longer meets the definition (or cannot be checked).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum VerifyError {
    /// The position cannot be replayed.
    #[error(transparent)]
    Entry(#[from] EntryError),
    /// The position is of another game than the entry says.
    #[error("wrong game")]
    WrongGame,
    /// The solver could not answer.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The position is no puzzle ([`super::NotPuzzle::describe`]'s reason).
    #[error("{reason}")]
    NotPuzzle {
        /// Why, in words.
        reason: String,
    },
    /// A shorter win than the entry's depth.
    #[error("{goal} already, not in {win_in}")]
    Shorter {
        /// The goal the solver found, lower case ("vertical to win in 3").
        goal: String,
        /// The entry's depth.
        win_in: u8,
    },
    /// The solution cannot be played.
    #[error(transparent)]
    Line(#[from] LineError),
    /// The solution is not as long as the depth.
    #[error("the solution has {turns} turns; a main line of a win in {win_in} has {win_in}")]
    Length {
        /// The solution's turns.
        turns: usize,
        /// The entry's depth.
        win_in: u8,
    },
    /// The solution does not start with the winning turn.
    #[error("the solution starts with '{written}' but the winning turn is '{winning}'")]
    FirstTurn {
        /// The solution's first token.
        written: String,
        /// The winning turn's token.
        winning: String,
    },
    /// A turn of the solution is not on a main line.
    #[error("solution turn {turn} '{token}': {fault}")]
    MainLine {
        /// 1-based turn number within the solution.
        turn: usize,
        /// The token.
        token: String,
        /// What is wrong with it.
        fault: MainLineFault,
    },
    /// The rating differs from the file's.
    #[error("the rating is {rating:.1}, the file says {file}")]
    Rating {
        /// The rating along the solution.
        rating: f64,
        /// The file's.
        file: f64,
    },
}

/// A solution turn that cannot be played from the puzzle position.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("solution turn {turn} '{token}': {fault}")]
pub struct LineError {
    /// 1-based turn number within the solution.
    pub turn: usize,
    /// The token.
    pub token: String,
    /// What is wrong with it.
    pub fault: LineFault,
}

/// What is wrong with a solution turn that cannot be played.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LineFault {
    /// The game ended before it.
    #[error("the game is already over")]
    Over,
    /// The token cannot be read.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The token has steps after the turn is complete.
    #[error("more steps than the turn allows")]
    TooManySteps,
    /// A step is illegal.
    #[error("{0}")]
    Illegal(Illegal),
    /// The token stops before the turn is complete.
    #[error("does not complete the turn")]
    Incomplete,
}

/// Why a solution turn is not on a main line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MainLineFault {
    /// A solver's turn that does not win in time.
    #[error("does not win within the {left} plies left")]
    NoWin {
        /// Plies left.
        left: u8,
    },
    /// A defence that loses sooner than another.
    #[error("not a most resistant defence: it loses in {loses_in}, another survives {survives}")]
    NotMostResistant {
        /// Plies it loses in.
        loses_in: u8,
        /// Plies another defence survives.
        survives: u8,
    },
    /// A defence after which the win is gone.
    #[error("after it the win is gone")]
    WinGone,
    /// The line does not end with the solver's win.
    #[error("the game is not over with a win after it")]
    NotOver,
}

/// The most two ratings may differ (the file rounds to one decimal).
fn rating_matches(file: f64, computed: f64) -> bool {
    (file - computed).abs() <= 0.051 + 1e-9 * computed.abs()
}

/// Re-solves one entry: `Ok` when it is still a puzzle of the stated depth whose solution is
/// a main line (the winning turn, then at each step a most resistant defence and a turn that
/// still wins in time) ending in S's win, with the stated rating; otherwise the reason.
pub fn verify_entry(solver: &mut Solver, entry: &Entry) -> Result<Verified, VerifyError> {
    let start = Instant::now();
    let nodes0 = solver.nodes();
    let game = entry.position()?;
    if entry.game != game.kind() {
        return Err(VerifyError::WrongGame);
    }
    let n = entry.win_in;
    let facts = match classify(solver, &game, n)? {
        Ok(f) => f,
        Err(why) => {
            return Err(VerifyError::NotPuzzle {
                reason: why.describe(&game),
            })
        }
    };
    if facts.win_in != n {
        return Err(VerifyError::Shorter {
            goal: goal(&game, facts.side, facts.win_in).to_lowercase(),
            win_in: n,
        });
    }
    let line = parse_line(&game, &entry.solution)?;
    if line.len() != n as usize {
        return Err(VerifyError::Length {
            turns: line.len(),
            win_in: n,
        });
    }
    if canonical(&line[0]) != canonical(&facts.turn) {
        return Err(VerifyError::FirstTurn {
            written: entry.solution[0].clone(),
            winning: game.format_turn(&facts.turn),
        });
    }
    let rating = solver
        .with_search(&game, facts.side, CheckLine(&line, n))?
        .map_err(|(i, fault)| VerifyError::MainLine {
            turn: i + 1,
            token: entry.solution[i].clone(),
            fault,
        })?;
    if !rating_matches(entry.rating, rating) {
        return Err(VerifyError::Rating {
            rating,
            file: entry.rating,
        });
    }
    Ok(Verified {
        elapsed: start.elapsed(),
        nodes: solver.nodes() - nodes0,
        rating,
    })
}

/// Parses a line of turn tokens played from `game` into steps (checked legal).
fn parse_line(game: &AnyGame, tokens: &[String]) -> Result<Vec<Vec<Step>>, LineError> {
    let mut g = game.clone();
    let mut out = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let err = |fault: LineFault| LineError {
            turn: i + 1,
            token: t.clone(),
            fault,
        };
        if g.is_over() {
            return Err(err(LineFault::Over));
        }
        let steps = g.parse_turn(t).map_err(|e| err(e.into()))?;
        let before = g.turns_completed();
        let mut played = Vec::new();
        for s in steps {
            if g.turns_completed() != before {
                return Err(err(LineFault::TooManySteps));
            }
            g.try_play(s).map_err(|e| err(LineFault::Illegal(e)))?;
            played.push(s);
        }
        if g.turns_completed() == before {
            return Err(err(LineFault::Incomplete));
        }
        out.push(played);
    }
    Ok(out)
}

/// Walks a stored main line (`.0`, a win in `.1`) on a search for S: each of S's turns must
/// still win in time, each defence must be a most resistant one, and the game must end with
/// S's win. Returns the rating along the line, or the failing turn's index and why.
struct CheckLine<'a>(&'a [Vec<Step>], u8);

impl SearchFn<Result<f64, (usize, MainLineFault)>> for CheckLine<'_> {
    fn run<G: SolveGame>(
        self,
        s: &mut Search<G>,
    ) -> Result<Result<f64, (usize, MainLineFault)>, Aborted> {
        let mut rating = 1.0;
        let mut left = self.1;
        let mut played = 0;
        let mut verdict = Ok(());
        for (i, turn) in self.0.iter().enumerate() {
            if s.game.to_move() == s.attacker() {
                let winners = line::winning_turns(s, left, usize::MAX)?;
                if !winners.contains(&canonical(turn)) {
                    verdict = Err((i, MainLineFault::NoWin { left }));
                    break;
                }
                rating *= crate::puzzle::rules::turn_count(&s.game) / winners.len() as f64;
            } else {
                s.play_turn(turn);
                let d = line::distance(s, left - 1)?;
                s.undo_turn(turn.len());
                if d != Some(left - 1) {
                    let why = match d {
                        Some(d) => MainLineFault::NotMostResistant {
                            loses_in: d,
                            survives: left - 1,
                        },
                        None => MainLineFault::WinGone,
                    };
                    verdict = Err((i, why));
                    break;
                }
            }
            s.play_turn(turn);
            played += 1;
            left -= 1;
        }
        let ended =
            s.game.is_over() && s.game.outcome() == Some(crate::games::Outcome::Win(s.attacker()));
        for t in self.0[..played].iter().rev() {
            s.undo_turn(t.len());
        }
        Ok(match verdict {
            Err(e) => Err(e),
            Ok(()) if !ended => Err((self.0.len() - 1, MainLineFault::NotOver)),
            Ok(()) => Ok(rating),
        })
    }
}

/// Runs `tessera puzzles verify`.
pub fn run(args: &VerifyArgs) -> anyhow::Result<()> {
    let loaded = set::load(&args.file)?;
    let total = loaded.entries.len() + loaded.problems.len();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Result<Verified, VerifyError>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(loaded.entries.len().max(1)) {
            scope.spawn(|| {
                let mut solver = Solver::with_megabytes(64);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(e) = loaded.entries.get(i) else {
                        break;
                    };
                    solver.clear();
                    let r = verify_entry(&mut solver, e);
                    if args.verbose {
                        match &r {
                            Ok(v) => eprintln!(
                                "{}: ok, win in {}, rating {:.1}, {:.2} s, {} positions",
                                e.id,
                                e.win_in,
                                v.rating,
                                v.elapsed.as_secs_f64(),
                                v.nodes
                            ),
                            Err(why) => eprintln!("{}: FAILED: {why}", e.id),
                        }
                    }
                    results.lock().expect("no panics").push((i, r));
                }
            });
        }
    });
    let mut results = results.into_inner().expect("no panics");
    results.sort_by_key(|r| r.0);
    let mut failed = 0;
    for p in &loaded.problems {
        println!("{}: cannot be read: {}", p.id, p.reason);
        failed += 1;
    }
    let mut times = Vec::new();
    for (i, r) in &results {
        match r {
            Ok(v) => times.push(v.elapsed),
            Err(why) => {
                println!("{}: {why}", loaded.entries[*i].id);
                failed += 1;
            }
        }
    }
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let worst = times.last().copied().unwrap_or_default();
    println!(
        "{}: {} puzzles, {} verified, {} failed; time per puzzle (one thread): median {:.2} s, worst {:.2} s",
        args.file.display(),
        total,
        times.len(),
        failed,
        median.as_secs_f64(),
        worst.as_secs_f64()
    );
    if failed > 0 {
        anyhow::bail!("{failed} of {total} puzzles failed verification");
    }
    Ok(())
}
