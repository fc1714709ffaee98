//! The solver's work in puzzle mode, run on a worker thread (the interface never waits for
//! it): is the player's turn still winning, and then the most resistant defence; or the
//! refutation of a wrong turn; or a hint. [`answer`] is plain computation, so tests call it
//! directly; the runtime calls it on a thread and sends the [`Reply`] back as a message.

use crate::games::{AnyGame, Game, Step};
use crate::puzzle::Solver;

/// Table size of a job's solver: shipped puzzles are solved well within it.
const TABLE_MB: usize = 32;
/// How far the refutation looks for the defender's own win.
const DEFENDER_MAX: u8 = 9;
/// Positions a job's solver visits per question at most (a few seconds; far more than any
/// shipped puzzle needs), so that no question, say after an odd turn in a Wunchunk puzzle,
/// keeps a core busy for long; past it the player sees that the solver gave up.
const JOB_BUDGET: u64 = 60_000_000;

/// What the solver is asked.
#[derive(Clone, Debug)]
pub enum Question {
    /// The attacker played `turn` from `before` with `plies` plies left (counting `turn`).
    Turn {
        /// The position before the turn (the attacker to move).
        before: AnyGame,
        /// The turn.
        turn: Vec<Step>,
        /// Plies left for the attacker to win in, counting `turn`.
        plies: u8,
    },
    /// A turn that wins from `game` (the attacker to move) within `plies`.
    Hint {
        /// The position.
        game: AnyGame,
        /// Plies left.
        plies: u8,
    },
}

/// A question with its job id (answers to a question no longer asked are dropped).
#[derive(Clone, Debug)]
pub struct Job {
    /// The id (never reused).
    pub id: u64,
    /// The question.
    pub question: Question,
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The turn still wins in time: the defender's most resistant reply (none when the
    /// turn ended the game).
    Wins {
        /// The defender's reply.
        reply: Option<Vec<Step>>,
    },
    /// The turn does not win in time.
    Wrong {
        /// The defender's escape (none when the turn ended the game).
        reply: Option<Vec<Step>>,
        /// "after d3, Horizontal escapes with f2 and wins by 1.5".
        text: String,
    },
    /// A winning turn (none: no turn wins in time, which a puzzle never has).
    Hint(Option<Vec<Step>>),
    /// The solver could not answer.
    Failed(String),
}

/// The answer to a job.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// The job's id.
    pub id: u64,
    /// The answer.
    pub answer: Answer,
}

/// Answers a job (on the calling thread).
pub fn answer(job: &Job) -> Reply {
    let mut solver = Solver::with_megabytes(TABLE_MB);
    solver.set_budget(JOB_BUDGET);
    let answer = match &job.question {
        Question::Turn {
            before,
            turn,
            plies,
        } => judge(&mut solver, before, turn, *plies),
        Question::Hint { game, plies } => {
            match solver.turns_winning(game, game.to_move(), *plies, 1) {
                Ok(t) => Answer::Hint(t.into_iter().next()),
                Err(e) => Answer::Failed(e.to_string()),
            }
        }
    };
    Reply { id: job.id, answer }
}

fn judge(solver: &mut Solver, before: &AnyGame, turn: &[Step], plies: u8) -> Answer {
    let attacker = before.to_move();
    let token = before.format_turn(turn);
    let mut after = before.clone();
    for &s in turn {
        after.play(s);
    }
    if after.is_over() {
        let winner = after.outcome().and_then(|o| o.winner());
        return if winner == Some(attacker) {
            Answer::Wins { reply: None }
        } else {
            Answer::Wrong {
                reply: None,
                text: format!("after {token} the game is over: {}", result(&after)),
            }
        };
    }
    let left = plies.saturating_sub(1);
    let wins = match solver.wins_within(&after, attacker, left) {
        Ok(w) => w,
        Err(e) => return Answer::Failed(e.to_string()),
    };
    if wins {
        return match solver.most_resistant_defence(&after, attacker, left) {
            Ok(Some((reply, _))) => Answer::Wins { reply: Some(reply) },
            Ok(None) => Answer::Failed("the solver found no defence".into()),
            Err(e) => Answer::Failed(e.to_string()),
        };
    }
    let refutation = match solver.refute(&after, attacker, left, DEFENDER_MAX) {
        Ok(Some(r)) => r,
        Ok(None) => return Answer::Failed("the solver found no escape".into()),
        Err(e) => return Answer::Failed(e.to_string()),
    };
    let defender = after.kind().side_title(attacker.other());
    let reply_token = after.format_turn(&refutation.reply);
    let mut text = format!("after {token}, {defender} escapes with {reply_token}");
    match refutation.defender_wins_in {
        Some(d) => {
            let mut end = after.clone();
            for t in &refutation.line {
                for &s in t {
                    end.play(s);
                }
            }
            match end.points().filter(|_| end.is_over()) {
                Some(p) => text.push_str(&format!(" and wins by {}", (p[0] - p[1]).abs())),
                None => text.push_str(&format!(" and wins in {d} plies")),
            }
        }
        None => text.push_str(&format!(
            ": {} can no longer win within {plies} plies",
            before.kind().side_title(attacker)
        )),
    }
    Answer::Wrong {
        reply: Some(refutation.reply),
        text,
    }
}

/// "Horizontal wins by 1.5" / the game's result text.
fn result(g: &AnyGame) -> String {
    g.result_text().unwrap_or_else(|| "over".into())
}
