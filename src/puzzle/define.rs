//! The puzzle definition of issue 12, applied to a position: [`classify`] says whether it is
//! a puzzle (with its facts and rating) or why not.

use super::line::{self, LineTurn};
use super::search::{Aborted, Search};
use super::solver::{line_tokens, SearchFn, SolveError, Solver};
use crate::games::SolveGame;
use crate::games::{AnyGame, Game, GameKind, Side, Step};

/// A position that is a puzzle.
#[derive(Clone, Debug)]
pub struct Facts {
    /// The side to move (S).
    pub side: Side,
    /// Its depth N.
    pub win_in: u8,
    /// The one winning first turn.
    pub turn: Vec<Step>,
    /// The main line (N turns), with S's legal and winning turn counts.
    pub main_line: Vec<LineTurn>,
    /// Product over S's turns on the main line of legal turns ÷ winning turns.
    pub rating: f64,
}

impl Facts {
    /// The main line's turns.
    pub fn solution(&self) -> Vec<Vec<Step>> {
        self.main_line.iter().map(|t| t.steps.clone()).collect()
    }
}

/// Why a position is not a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum NotPuzzle {
    /// The game is over.
    Over,
    /// S has no forced win within the limit.
    NoWin {
        /// The limit, in plies.
        max: u8,
    },
    /// More than one first turn wins in N (the first two found).
    SeveralWinningTurns {
        /// N.
        win_in: u8,
        /// Two of the winning turns.
        turns: Vec<Vec<Step>>,
    },
    /// The one winning first turn is a pass.
    PassWins {
        /// N.
        win_in: u8,
    },
    /// Every other first turn loses within N plies: the winning turn is merely forced.
    Forced {
        /// N.
        win_in: u8,
    },
}

impl NotPuzzle {
    /// The reason in words, with turns written as tokens of `game`.
    pub fn describe(&self, game: &AnyGame) -> String {
        let side = game.side_name(game.to_move());
        match self {
            NotPuzzle::Over => "the game is over".into(),
            NotPuzzle::NoWin { max } => format!("{side} has no forced win within {max} plies"),
            NotPuzzle::SeveralWinningTurns { win_in, turns } => {
                let tokens: Vec<String> = turns.iter().map(|t| game.format_turn(t)).collect();
                format!(
                    "more than one first turn wins in {win_in} ({})",
                    tokens.join(", ")
                )
            }
            NotPuzzle::PassWins { win_in } => format!("passing wins in {win_in}"),
            NotPuzzle::Forced { win_in } => format!(
                "the winning turn is forced: every other first turn loses within {win_in} plies"
            ),
        }
    }
}

/// Whether `game` is a puzzle for the side to move with a depth of at most `max` plies.
pub fn classify(
    solver: &mut Solver,
    game: &AnyGame,
    max: u8,
) -> Result<Result<Facts, NotPuzzle>, SolveError> {
    let side = game.to_move();
    let n = match solver.distance(game, side, max)? {
        None => return Ok(Err(NotPuzzle::NoWin { max })),
        Some(0) => return Ok(Err(NotPuzzle::Over)),
        Some(n) => n,
    };
    let winners = solver.turns_winning(game, side, n, 2)?;
    if winners.len() > 1 {
        return Ok(Err(NotPuzzle::SeveralWinningTurns {
            win_in: n,
            turns: winners,
        }));
    }
    let turn = winners.into_iter().next().ok_or(Aborted)?;
    if turn == [Step::Pass] {
        return Ok(Err(NotPuzzle::PassWins { win_in: n }));
    }
    if !solver.with_search(game, side.other(), SomeTurnHolds(&turn, n))? {
        return Ok(Err(NotPuzzle::Forced { win_in: n }));
    }
    let main_line = solver.main_line(game, side, n)?;
    let rating = line::rating(&main_line);
    Ok(Ok(Facts {
        side,
        win_in: n,
        turn,
        main_line,
        rating,
    }))
}

/// On a search for the opponent: whether some first turn other than `.0` leaves the opponent
/// without a win within `.1 − 1` plies.
struct SomeTurnHolds<'a>(&'a [Step], u8);

impl SearchFn<bool> for SomeTurnHolds<'_> {
    fn run<G: SolveGame>(self, s: &mut Search<G>) -> Result<bool, Aborted> {
        // Passing first: it is the turn most likely to hold (nothing changes).
        let pass = [Step::Pass];
        if self.0 != pass
            && s.game.check(Step::Pass).is_ok()
            && !line::wins_after(s, &pass, self.1 - 1)?
        {
            return Ok(true);
        }
        // The winning turn itself holds; is there another?
        let holding = line::escapes(s, self.1, 2)?;
        Ok(holding.iter().any(|t| t != self.0))
    }
}

/// The puzzle's goal in plies, as records and `tessera puzzles` write it: "Vertical to win
/// in 7".
pub fn goal(game: &AnyGame, side: Side, win_in: u8) -> String {
    format!("{} to win in {win_in}", game.kind().side_title(side))
}

/// The side to move's own turns within `plies` plies that start with its turn: plies
/// alternate, so it plays the 1st, 3rd, 5th… (its passes count; the opponent's turns in
/// between do not).
pub fn own_turns(plies: u8) -> u8 {
    plies.div_ceil(2)
}

/// The length of a puzzle of `plies` plies in the side's own turns: "2 turns (3 in all)",
/// "1 turn" (`of` goes after "turns": " of yours").
pub fn own_turns_text(plies: u8, of: &str) -> String {
    let own = own_turns(plies);
    let turns = if own == 1 { "turn" } else { "turns" };
    if own == plies {
        format!("{own} {turns}{of}")
    } else {
        format!("{own} {turns}{of} ({plies} in all)")
    }
}

/// The goal in the side's own turns, for a player of that side: "Horizontal to win in 2
/// turns of yours (3 in all)" — `plies` counts both sides' turns.
pub fn goal_in_own_turns(game: &AnyGame, side: Side, plies: u8) -> String {
    format!(
        "{} to win in {}",
        game.kind().side_title(side),
        own_turns_text(plies, " of yours")
    )
}

/// What "win" and the turns count mean in a puzzle of `kind`, in one sentence (SPEC §3: every
/// game ends after two passes in succession; Iris and Wunchunk also when the board is full).
pub fn goal_rules(kind: GameKind) -> &'static str {
    if kind.spec().ends_when_full {
        "Win = the game over, you ahead. Every turn counts, passes too: two passes in a \
         row or a full board end the game."
    } else {
        "Win = the game over, you ahead. Every turn counts, passes too: two passes in a \
         row end the game and it is scored."
    }
}

/// The list's key to its columns: what the turns and the rating count.
pub const LIST_KEY: &str = "to win in: your turns (all turns) · rating R: random turns win 1 in R";

/// The rating in words, one sentence: "rating 18: picking your turns at random wins 1 time
/// in 18 (legal / winning turns, multiplied over your turns)" — the chance that a player
/// choosing each of its turns on the main line at random among the legal ones always
/// chooses a winning one is 1 / rating.
pub fn rating_words(rating: f64) -> String {
    let r = format!("{rating:.1}");
    let r = r.strip_suffix(".0").unwrap_or(&r);
    format!(
        "rating {r}: picking your turns at random wins 1 time in {r} (legal / winning \
         turns, multiplied over your turns)"
    )
}

/// The main line of `facts` as tokens.
pub fn solution_tokens(game: &AnyGame, facts: &Facts) -> Vec<String> {
    line_tokens(game, &facts.solution())
}
