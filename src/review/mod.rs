//! Reviewing a game: the engine's view of every position, and each turn judged by what it
//! cost its mover.
//!
//! A review evaluates the positions of a game one by one ([`evaluate`]) into an
//! [`AnalysisSection`] (the record's `[analysis]`, first side's view), then [`judge`] turns
//! each pair of neighbouring positions into a [`TurnReview`]: the mover's win rate before and
//! after the turn, the points it lost in the territory games, the engine's preferred turn, and
//! a [`Judgement`] by lichess's and KaTrain's yardsticks ([`WIN_RATE_DROPS`],
//! [`POINTS_LOST`]).
//!
//! The interface runs the same evaluation step by step on its AI thread (the review keeps the
//! interface usable); `tessera analyze` (`cli`) runs it here, in a loop.
//!
//! Decisions the rules force (a single legal step) are not searched: the position after them
//! is evaluated instead, and a finished game's value is its result (1, 0 or ½, and its score
//! margin). The turns of the komi bid (`komi=`, `play=`) are evaluated but not judged: the
//! chooser's aim is an even game, not a high win rate.
//!
//! A turn is judged by comparing the position after it with the position after the engine's
//! preferred turn, searched alike, and a turn that would be marked is searched again longer
//! before it is ([`check`]): comparing the positions before and after a turn marked most
//! turns, because a search favours the side to move.

pub(crate) mod check;
pub(crate) mod cli;

use crate::games::{AnyGame, Game, GameKind, Side, Step};
use crate::record::AnalysisSection;
use crate::search::{Engine, Limits, PlayerSpec};
use crate::session::Session;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub use cli::{run as run_analyze, AnalyzeArgs};

/// Drops in the mover's win rate (0–1) that make a turn an inaccuracy, a mistake, a blunder
/// (lichess's thresholds: 10, 20, 30 points of win chance).
pub const WIN_RATE_DROPS: [f64; 3] = [0.10, 0.20, 0.30];

/// Points lost (Keil, Linage) that make a turn an inaccuracy, a mistake, a blunder
/// (KaTrain's default point classes 3, 6 and 12).
pub const POINTS_LOST: [f64; 3] = [3.0, 6.0, 12.0];

/// Carteso's classes: twice KaTrain's. Its margins move by whole groups (a group that goes
/// to the other side moves the margin by twice its size): with KaTrain's classes two reviews
/// of an 85-turn level-4 vs level-5 game at the default setting marked 35 and 29 turns,
/// only 23 of them in both (issue 14's closing note).
pub const CARTESO_POINTS_LOST: [f64; 3] = [6.0, 12.0, 24.0];

/// The point classes of a game (see [`POINTS_LOST`]).
pub fn points_lost_classes(kind: GameKind) -> [f64; 3] {
    match kind {
        GameKind::Carteso => CARTESO_POINTS_LOST,
        _ => POINTS_LOST,
    }
}

/// The engine settings a review uses when none are given: level 10 (the strongest player,
/// all cores) limited to this many milliseconds a position.
pub const DEFAULT_MS: u64 = 500;

/// The player spec of a review at `ms` milliseconds a position.
pub fn default_engine(ms: u64) -> String {
    format!("level:10,ms={ms}")
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
    pub fn push_to(&self, section: &mut AnalysisSection, points: bool) {
        section
            .win_rate
            .push((self.win_rate * 1000.0).round() / 1000.0);
        if points {
            let m = self
                .margin
                .or(section.margin.last().copied())
                .unwrap_or(0.0);
            section.margin.push((m * 100.0).round() / 100.0);
        }
        section.best.push(self.best.clone());
    }
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
    let best = forced_text.unwrap_or(d.report.best);
    Evaluation::from_search(&g, d.report.win_rate, d.report.score, best)
}

/// Reviews every position of `session` with the engine `spec` (see [`default_engine`]),
/// then compares the turns with the engine's preferred ones ([`check::Checker`]), calling
/// `progress(done, total)` after each search: the positions come first (`total` is then the
/// number of positions), then the comparisons (`done` and `total` count the positions too).
/// `stop` ends the review early: the section then holds what was done so far.
pub fn review(
    session: &Session,
    spec: &str,
    stop: Arc<AtomicBool>,
    mut progress: impl FnMut(usize, usize),
) -> Result<AnalysisSection, String> {
    let player: PlayerSpec = spec.parse()?;
    let limits = player.limits;
    let mut engine = Engine::new(player);
    let total = session.turns().len() + 1;
    let mut section = AnalysisSection::new(spec);
    let stopped = || stop.load(std::sync::atomic::Ordering::Relaxed);
    for i in 0..total {
        if stopped() {
            return Ok(section);
        }
        let game = session.position_after(i);
        let points = game.points().is_some();
        evaluate(&mut engine, &game, limits, stop.clone()).push_to(&mut section, points);
        progress(i + 1, total);
    }
    let mut checker = check::Checker::new(session, &section);
    while let Some((game, deep)) = checker.next(session, &section) {
        if stopped() {
            break;
        }
        let l = if deep { check::deeper(limits) } else { limits };
        let e = evaluate(&mut engine, &game, l, stop.clone());
        checker.answer(session, &mut section, e);
        let (done, all) = checker.progress();
        progress(total + done, total + all);
    }
    Ok(section)
}

/// One turn of a reviewed game.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TurnReview {
    /// The turn's number, from 1.
    pub turn: usize,
    /// The side that played it.
    #[serde(serialize_with = "side_name")]
    pub mover: Side,
    /// The turn as played (SPEC §2 token).
    pub played: String,
    /// The mover's win rate before the turn, 0–1.
    pub win_rate_before: f64,
    /// The mover's win rate after it.
    pub win_rate_after: f64,
    /// The expected final margin for the mover after the turn (games with points).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
    /// Points the turn lost against the engine's expectation before it (games with points;
    /// negative when it gained).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points_lost: Option<f64>,
    /// The turn the engine preferred.
    pub best: String,
    /// How costly the turn was, if it was; never for the bid's turns or the preferred turn.
    pub judgement: Option<Judgement>,
}

impl TurnReview {
    /// The drop in the mover's win rate (0–1; negative when the turn did better than
    /// expected).
    pub fn drop(&self) -> f64 {
        self.win_rate_before - self.win_rate_after
    }
}

fn side_name<S: serde::Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match side {
        Side::First => "first",
        Side::Second => "second",
    })
}

/// Judges the turns of `session` that `section` has both neighbouring positions of.
pub fn judge(session: &Session, section: &AnalysisSection) -> Vec<TurnReview> {
    let turns = session.turns();
    let evaluated = section.len().saturating_sub(1).min(turns.len());
    (0..evaluated)
        .map(|i| {
            let t = &turns[i];
            let view = |w: f64| if t.side == Side::First { w } else { 1.0 - w };
            let sign = if t.side == Side::First { 1.0 } else { -1.0 };
            let margin = |k: usize| section.margin.get(k).map(|m| sign * m);
            let (before, after) = (view(section.win_rate[i]), view(section.win_rate[i + 1]));
            let points_lost = margin(i).zip(margin(i + 1)).map(|(b, a)| b - a);
            let bid = t
                .steps
                .iter()
                .any(|s| matches!(s, Step::Komi(_) | Step::Choose(_)));
            let best = section.best[i].clone();
            let check = section.checks.iter().find(|c| c.turn == i + 1);
            let judgement = if bid || best == t.token {
                None
            } else if let Some(c) = check {
                let (drop, lost) = check::check_costs(t.side, c);
                Judgement::in_game(session.kind(), drop, lost)
            } else {
                Judgement::in_game(session.kind(), before - after, points_lost)
            };
            TurnReview {
                turn: i + 1,
                mover: t.side,
                played: t.token.clone(),
                win_rate_before: before,
                win_rate_after: after,
                margin: margin(i + 1),
                points_lost,
                best,
                judgement,
            }
        })
        .collect()
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
