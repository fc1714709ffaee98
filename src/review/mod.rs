//! Reviewing a game: the engine's view of every position, and each turn judged by what it
//! cost its mover.
//!
//! A review evaluates the positions of a game one by one ([`evaluate`]) into an
//! [`StoredReview`] (the record's `[analysis]`, first side's view), then judges every turn
//! but the bid's by one comparison ([`check`]): the position after the turn played against
//! the position after the engine's preferred turn, both searched alike with the opponent to
//! move. [`judge`] turns that into a [`TurnReview`] per turn: the mover's win rate after the
//! turn played, what the turn lost against the preferred turn (`win_rate_lost`,
//! `points_lost`), and the [`Judgement`] those two give by lichess's and KaTrain's classes
//! ([`WIN_RATE_DROPS`], [`POINTS_LOST`]), so that anyone can recompute a mark from its row.
//!
//! The interface runs the same review step by step on its AI thread (the review keeps the
//! interface usable); `tessera analyze` (`cli`) runs it here, in a loop.
//!
//! Decisions the rules force (a single legal step) are not searched: the position after them
//! is evaluated instead, and a finished game's value is its result (1, 0 or ½, and its score
//! margin). The turns of the komi bid (`komi=`, `play=`) are evaluated but not judged: the
//! chooser's aim is an even game, not a high win rate.

pub(crate) mod check;
pub(crate) mod cli;

use crate::games::{AnyGame, Game, GameKind, Side, Step, KATRAIN_POINTS_LOST};
use crate::record::StoredReview;
use crate::search::{Candidate, Engine, Limits, PlayerSpec};
use crate::session::Session;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub use cli::{run as run_analyze, AnalyzeArgs};

/// Drops in the mover's win rate (0–1) that make a turn an inaccuracy, a mistake, a blunder
/// (lichess's thresholds: 10, 20, 30 points of win chance).
pub const WIN_RATE_DROPS: [f64; 3] = [0.10, 0.20, 0.30];

/// Points lost that make a turn an inaccuracy, a mistake, a blunder (KaTrain's default
/// point classes 3, 6 and 12); a game's spec may set its own ([`points_lost_classes`]).
pub const POINTS_LOST: [f64; 3] = KATRAIN_POINTS_LOST;

/// The point classes of a game: its spec's, else [`POINTS_LOST`] (Carteso's are twice
/// KaTrain's, see its spec).
pub fn points_lost_classes(kind: GameKind) -> [f64; 3] {
    kind.spec().points_lost_classes.unwrap_or(POINTS_LOST)
}

/// The engine settings a review uses when none are given: level 10 (the strongest player,
/// all cores) limited to this many milliseconds a position. A review searches every
/// position, the position after the preferred turn of most turns and, for the few about to
/// be marked, both positions again: 400 ms keeps a 60-turn review within a minute in every
/// game (docs/review.md, "Cost").
pub const DEFAULT_MS: u64 = 400;

/// The player spec of a review at `ms` milliseconds a position. Every search starts from a
/// fresh tree (`reuse=0`): a position's value is the mean over its search's simulations, which
/// depends on how they spread over the replies, and a tree kept from the position before
/// spreads them as that search did (mostly on its own principal reply) while the position
/// after the preferred turn is searched afresh. The two sides of a comparison were then not
/// searched alike: in a Keil game the position after the turn played read 0.528 with a kept
/// tree and 0.558 afresh, and a mistake went unmarked with one seed (docs/review.md,
/// "Stability").
pub fn default_engine(ms: u64) -> String {
    format!("level:10,ms={ms},reuse=0")
}

/// How costly a turn was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// A small loss (≥ 10 points of win chance, or ≥ 3 points of score).
    Inaccuracy,
    /// A clear loss (≥ 20, or ≥ 6 points).
    Mistake,
    /// A loss that can decide the game (≥ 30, or ≥ 12 points).
    Blunder,
}

impl Judgement {
    /// All three, mildest first.
    pub const ALL: [Judgement; 3] = [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// The word: `inaccuracy`, `mistake`, `blunder`.
    pub fn word(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// The annotation chess readers know: `?!`, `?`, `??`.
    pub fn mark(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// The judgement of a turn that cost `drop` of win rate (0–1) and `lost` points; `None`
    /// when it cost less than an inaccuracy.
    pub fn of(drop: f64, lost: Option<f64>) -> Option<Judgement> {
        Judgement::with_classes(drop, lost, POINTS_LOST)
    }

    /// [`Judgement::of`] with the point classes of `kind` ([`points_lost_classes`]).
    pub fn in_game(kind: GameKind, drop: f64, lost: Option<f64>) -> Option<Judgement> {
        Judgement::with_classes(drop, lost, points_lost_classes(kind))
    }

    fn with_classes(drop: f64, lost: Option<f64>, points: [f64; 3]) -> Option<Judgement> {
        let class = |value: f64, limits: [f64; 3]| limits.iter().rposition(|&l| value >= l - 1e-9);
        let by_rate = class(drop, WIN_RATE_DROPS);
        let by_points = lost.and_then(|l| class(l, points));
        by_rate.max(by_points).map(|i| Judgement::ALL[i])
    }
}

/// What the engine thinks of one position, from the first side's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The first side's chance to win, 0–1.
    pub win_rate: f64,
    /// The expected final margin for the first side (games with points).
    pub margin: Option<f64>,
    /// The turn (or, in a turn the search did not plan to its end, the steps) the engine
    /// prefers; empty when the game is over.
    pub best: String,
}

impl Evaluation {
    /// The exact value of a finished game: its result and final margin. `None` while it goes
    /// on.
    pub fn exact(game: &AnyGame) -> Option<Evaluation> {
        let outcome = game.outcome()?;
        Some(Evaluation {
            win_rate: outcome.reward(Side::First),
            margin: game.points().map(|p| p[0] - p[1]),
            best: String::new(),
        })
    }

    /// An evaluation from a search of `game`: `win_rate` and `score` are the side to move's,
    /// as the search reports them.
    pub fn from_search(game: &AnyGame, win_rate: f64, score: Option<f64>, best: String) -> Self {
        let first = game.to_move() == Side::First;
        Evaluation {
            win_rate: if first { win_rate } else { 1.0 - win_rate },
            margin: game.points().and(score).map(|s| if first { s } else { -s }),
            best,
        }
    }

    /// Appends this evaluation to a stored review (win rates to 3 decimals, margins to 2).
    /// In a game with points (`points`) every position gets a margin: one the search did
    /// not give keeps the previous position's (0 at the start), so the arrays stay aligned.
    pub fn push_to(&self, section: &mut StoredReview, points: bool) {
        section.win_rate.push(r3(self.win_rate));
        if points {
            let m = self
                .margin
                .or(section.margin.last().copied())
                .unwrap_or(0.0);
            section.margin.push(r2(m));
        }
        section.best.push(self.best.clone());
    }
}

/// A position is decided for the review's preferred turn ([`preferred_turn`]) when the
/// search's leader leaves its mover under this win chance, or over one minus it.
pub const DECIDED: f64 = 0.1;

/// How much of the mover's win chance a candidate may give up against the search's leader and
/// still be the preferred turn of a decided position for its margin ([`preferred_turn`]).
pub const MARGIN_TIE: f64 = 0.02;

/// The turn a review judges the turn played against, from the search of the position before
/// it (`game`, its `best` turn and its `candidates`, most visited first): the search's
/// leader, except in a decided position ([`DECIDED`]) of a game with points, where another
/// candidate that the search followed at least half as often as the leader, keeping the
/// mover's win chance within [`MARGIN_TIE`] of the leader's, may expect a larger margin: the
/// one with the largest margin is preferred.
///
/// Why: once a game is decided every turn wins about 0 % or 100 %, the win chance no longer
/// tells the leading candidates apart, and which of them the search follows most is chance
/// (the prior and the threads' timing). The review's points classes would then judge the
/// turn played against one of them or another from one review to the next: a turn that
/// gives up 6 points against one candidate loses nothing against its twin. The margin is
/// what still tells them apart. Not in an open position: there the win chance decides, and
/// a network's margin can differ by a points class between turns its value head calls
/// equal (Keil's opening).
pub fn preferred_turn(game: &AnyGame, best: String, candidates: &[Candidate]) -> String {
    let Some(lead) = candidates.first() else {
        return best;
    };
    let decided = lead.win_rate < DECIDED || lead.win_rate > 1.0 - DECIDED;
    let Some(lead_margin) = lead.score.filter(|_| decided && game.points().is_some()) else {
        return best;
    };
    // Only when the best turn is the leader's: a proven win is chosen for itself.
    let leads = game
        .parse_turn(&best)
        .ok()
        .and_then(|steps| steps.first().map(|&s| game.format_step(s)))
        .is_some_and(|first| first == lead.step);
    if !leads {
        return best;
    }
    candidates
        .iter()
        .filter(|c| 2 * c.visits >= lead.visits && c.win_rate >= lead.win_rate - MARGIN_TIE)
        .filter_map(|c| Some((c, c.score?)))
        .filter(|&(_, m)| m > lead_margin)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(best, |(c, _)| c.step.clone())
}

/// `w` to 3 decimals, as stored and printed (never `-0`: a loss of nothing reads 0).
pub(crate) fn r3(w: f64) -> f64 {
    (w * 1000.0).round() / 1000.0 + 0.0
}

/// `m` to 2 decimals, as margins are stored (never `-0`).
pub(crate) fn r2(m: f64) -> f64 {
    (m * 100.0).round() / 100.0 + 0.0
}

/// What the engine should search for `game`: the position after every step the rules force
/// (a single legal step), and the first of those steps, if any (it is the preferred turn).
pub fn past_forced(game: &AnyGame) -> (AnyGame, Option<Step>) {
    let mut g = game.clone();
    let mut first = None;
    let mut v = Vec::new();
    // Each forced step ends a turn or the game; a few thousand covers any board.
    for _ in 0..4096 {
        if g.is_over() {
            break;
        }
        g.legal_steps(&mut v);
        match v.as_slice() {
            [only] => {
                first.get_or_insert(*only);
                g.play(*only);
            }
            _ => break,
        }
    }
    (g, first)
}

/// Evaluates one position with `engine` within `limits` (`stop` ends the search early).
pub fn evaluate(
    engine: &mut Engine,
    game: &AnyGame,
    limits: Limits,
    stop: Arc<AtomicBool>,
) -> Evaluation {
    let (g, forced) = past_forced(game);
    let forced_text = forced.map(|s| game.format_step(s));
    if let Some(mut e) = Evaluation::exact(&g) {
        e.best = forced_text.unwrap_or_default();
        return e;
    }
    let d = engine
        .think(&g, limits, stop, None)
        .expect("a game that is not over has a legal step");
    let best = match forced_text {
        Some(forced) => forced,
        None => preferred_turn(&g, d.report.best, &d.report.candidates),
    };
    Evaluation::from_search(&g, d.report.win_rate, d.report.score, best)
}

/// Reviews every position of `session` with the engine `spec` (see [`default_engine`]),
/// then judges the turns against the engine's preferred ones ([`check::Checker`]), calling
/// `progress(done, total)` after each search: the positions come first (`total` is then the
/// number of positions), then the turns (`done` and `total` count the positions too).
/// `stop` ends the review early: the section then holds what was done so far.
pub fn review(
    session: &Session,
    spec: &str,
    stop: Arc<AtomicBool>,
    progress: impl FnMut(usize, usize),
) -> Result<StoredReview, String> {
    resume(session, StoredReview::new(spec), stop, progress)
}

/// [`review`] going on from `section` (a stored review, possibly incomplete) with its own
/// engine: only the positions and turns it lacks are searched.
pub fn resume(
    session: &Session,
    mut section: StoredReview,
    stop: Arc<AtomicBool>,
    mut progress: impl FnMut(usize, usize),
) -> Result<StoredReview, String> {
    let player: PlayerSpec = section.engine.parse()?;
    let limits = player.limits;
    let mut engine = Engine::new(player).with_komi_table(crate::komi_file::shared());
    let total = session.turns().len() + 1;
    let stopped = || stop.load(std::sync::atomic::Ordering::Relaxed);
    for i in section.len()..total {
        if stopped() {
            return Ok(section);
        }
        let game = session.position_after(i);
        let points = game.points().is_some();
        evaluate(&mut engine, &game, limits, stop.clone()).push_to(&mut section, points);
        progress(i + 1, total);
    }
    let mut checker = check::Checker::new(session, &section);
    while let Some(job) = checker.next(session, &mut section) {
        if stopped() {
            break;
        }
        match job {
            check::Job::Evaluate { game } => {
                let e = evaluate(&mut engine, &game, limits, stop.clone());
                checker.answer(session, &mut section, e);
            }
            check::Job::FinishTurn { game } => {
                let steps = engine.play_turn(&game, limits, stop.clone(), None);
                checker.answer_turn(session, &mut section, &steps);
            }
        }
        let (done, all) = checker.progress();
        progress(total + done, total + all);
    }
    // Turns equal to the preferred turn at the end were judged without a search.
    let (done, all) = checker.progress();
    if done == all {
        progress(total + done, total + all);
    }
    Ok(section)
}

/// Whether `section` reviews the whole of `session`: every position evaluated and every turn
/// but the bid's judged (a check, or the preferred turn played: records from before every
/// turn had a check have none for those). A stored review from before the comparison was
/// made for every turn lacks some checks: it is incomplete, and a review resumed from it
/// judges only those turns.
pub fn is_complete(session: &Session, section: &StoredReview) -> bool {
    let n = session.turns().len();
    section.is_complete(n)
        && (0..n).all(|i| {
            check::is_bid(session, i)
                || section.best[i] == session.turns()[i].token
                || section.checks.iter().any(|c| c.turn == i + 1)
        })
}

/// One turn of a reviewed game: the numbers its mark rests on.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TurnReview {
    /// The turn's number, from 1.
    pub turn: usize,
    /// The side that played it (for a bid step, the side the rules give it: not a player's).
    #[serde(serialize_with = "side_name")]
    pub mover: Side,
    /// The turn as played (SPEC §2 token).
    pub played: String,
    /// A step of the komi bid, named by what happened (`komi set to 0.5`, `took Vertical`);
    /// such a turn is not judged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bid: Option<String>,
    /// The mover's win rate after the turn played, 0–1 (the second look's where there was
    /// one).
    pub win_rate: f64,
    /// The mover's expected final margin after the turn played (games with points).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
    /// The mover's win rate after the preferred turn minus after the turn played, 0–1 (0
    /// when the turn is the preferred one or did as well); `None` for a bid step or a turn
    /// not judged yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_rate_lost: Option<f64>,
    /// The same for the expected final margin, in points (games with points).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points_lost: Option<f64>,
    /// The turn the engine preferred (completed to the end of the turn).
    pub best: String,
    /// Whether the numbers are the second look's (the first look would have marked
    /// the turn).
    pub second_look: bool,
    /// The class of `win_rate_lost` and `points_lost` ([`Judgement::in_game`]), if any.
    pub judgement: Option<Judgement>,
}

fn side_name<S: serde::Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match side {
        Side::First => "first",
        Side::Second => "second",
    })
}

/// What a judged turn lost, in words: "lost 23.4% of win rate and 4.1 points (its side's
/// win rate after it: 41%)".
pub fn loss_text(r: &TurnReview) -> String {
    let mut s = format!(
        "lost {:.1}% of win rate",
        100.0 * r.win_rate_lost.unwrap_or(0.0)
    );
    if let Some(p) = r.points_lost {
        s += &format!(" and {p:.1} points");
    }
    s + &format!(
        " (its side's win rate after it: {:.0}%)",
        100.0 * r.win_rate
    )
}

/// A bid step named by what happened: `komi set to 6.5`, `took Vertical`.
pub fn bid_text(kind: GameKind, steps: &[Step]) -> Option<String> {
    steps.iter().find_map(|s| match *s {
        Step::Komi(half) => Some(format!("komi set to {}", crate::games::format_komi(half))),
        Step::Choose(side) => Some(format!("took {}", kind.side_title(side))),
        _ => None,
    })
}

/// Judges the turns of `session` that `section` has both neighbouring positions of. A turn
/// without a check is judged only when it is the preferred turn (0 lost); else its losses
/// and judgement stay `None` until the review is complete ([`is_complete`]).
pub fn judge(session: &Session, section: &StoredReview) -> Vec<TurnReview> {
    let turns = session.turns();
    let kind = session.kind();
    let points = session.game().points().is_some();
    let evaluated = section.len().saturating_sub(1).min(turns.len());
    (0..evaluated)
        .map(|i| {
            let t = &turns[i];
            let sign = if t.side == Side::First { 1.0 } else { -1.0 };
            let view = |w: f64| if t.side == Side::First { w } else { 1.0 - w };
            let bid = bid_text(kind, &t.steps);
            let check = section.checks.iter().find(|c| c.turn == i + 1);
            let mut row = TurnReview {
                turn: i + 1,
                mover: t.side,
                played: t.token.clone(),
                bid: bid.clone(),
                win_rate: view(section.win_rate[i + 1]),
                margin: section.margin.get(i + 1).map(|m| sign * m),
                win_rate_lost: None,
                points_lost: None,
                best: section.best[i].clone(),
                second_look: false,
                judgement: None,
            };
            if bid.is_some() {
                return row;
            }
            match check {
                Some(c) => {
                    let (lost, by_points) = check::stored_losses(points, t.side, c);
                    row.win_rate = view(c.played);
                    if points {
                        row.margin = c.played_margin.map(|m| sign * m).or(row.margin);
                    }
                    row.win_rate_lost = Some(lost);
                    row.points_lost = by_points;
                    row.best = c.preferred.clone().unwrap_or(row.best);
                    row.second_look = c.second_look;
                    row.judgement = Judgement::in_game(kind, lost, by_points);
                }
                None if row.best == t.token => {
                    row.win_rate_lost = Some(0.0);
                    row.points_lost = points.then_some(0.0);
                }
                None => {}
            }
            row
        })
        .collect()
}

/// The milliseconds of a review's engine spec (`ms=`), 0 when it has none.
pub(crate) fn limits_ms(spec: &str) -> u64 {
    spec.parse::<PlayerSpec>()
        .ok()
        .and_then(|p| p.limits.ms)
        .unwrap_or(0)
}

/// How many turns of each judgement each side made: `counts[side][judgement]`.
pub fn summary(reviews: &[TurnReview]) -> [[usize; 3]; 2] {
    let mut counts = [[0; 3]; 2];
    for r in reviews {
        if let Some(j) = r.judgement {
            counts[r.mover.index()][j as usize] += 1;
        }
    }
    counts
}

#[cfg(test)]
mod tests;
