//! The AI as the interface and the server use it: a worker thread that takes one job at a
//! time and reports through a callback (the interface's runtime turns reports into messages
//! on its event channel; the server runs jobs on a shared pool of such threads).
//!
//! Jobs run on [`crate::search`] at the requested level (see [`crate::search::levels`]); the
//! rest of the interface only sees [`Request`] and [`AiEvent`]. A turn is reported no sooner
//! than the request's pace, so a fast AI's reply is still visible as a reply.

use crate::games::{AnyGame, Game, Step};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a job is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Choose and return a whole turn for the side to move.
    Turn,
    /// Only analyse the position (for example the AI's estimate before a player picks a side
    /// in the komi bid, or one position of a review).
    Estimate,
    /// Analysis mode: think about the position until stopped or until the request's time is
    /// up, whatever the level's own limits (the level gives the threads and the player).
    Analyse,
    /// The AI's choice for a person who asked for a hint (`H`), at level 10 whatever the
    /// opponent's level.
    Hint,
}

/// One job for the engine.
#[derive(Clone, Debug)]
pub struct Request {
    /// Identifies the job in its reports.
    pub id: u64,
    /// The position, with the turn to play (or analyse) next.
    pub game: AnyGame,
    /// Strength, 1–10.
    pub level: u8,
    /// Time to think.
    pub time: Duration,
    /// The least time the job takes before its result is reported (so that people can follow
    /// a fast AI); the search itself does not use it.
    pub pace: Duration,
    /// Turn or estimate.
    pub purpose: Purpose,
    /// Whether the search starts from a fresh tree instead of the one kept from the last job
    /// (a review's searches: the two positions of a comparison are searched alike, see
    /// [`crate::review::default_engine`]).
    pub fresh: bool,
}

/// What the search knows so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// The best turn so far, as a token.
    pub best: Option<String>,
    /// Win rate of the side to move in the analysed position, 0–1 (none when the search
    /// did not sample the position: a forced step).
    pub win_rate: Option<f64>,
    /// `win`, `loss` or `draw` for the side to move, once the search has proven it.
    pub proven: Option<&'static str>,
    /// Expected final score margin for the side to move (games with points).
    pub score: Option<f64>,
    /// Principal variation, as tokens (starting with the best turn).
    pub pv: Vec<String>,
    /// The most visited candidates (up to 5), with their visits, win rates (side to move)
    /// and margins.
    pub candidates: Vec<crate::search::Candidate>,
    /// Analysis only: per cell, the share of the search's playouts that ended with the cell
    /// the first side's and the second side's (the heat map).
    pub ownership: Option<Vec<[f64; 2]>>,
    /// Iterations (playouts, nodes) done so far.
    pub iterations: u64,
    /// Time spent so far.
    pub elapsed: Duration,
}

impl Analysis {
    /// Iterations per second, when measurable.
    pub fn rate(&self) -> Option<f64> {
        let s = self.elapsed.as_secs_f64();
        (s > 0.0 && self.iterations > 0).then(|| self.iterations as f64 / s)
    }
}

/// A report from the engine.
#[derive(Clone, Debug, PartialEq)]
pub enum AiEvent {
    /// The search is still running.
    Progress {
        /// The job.
        id: u64,
        /// What it knows so far.
        analysis: Analysis,
    },
    /// A [`Purpose::Turn`] job finished: the steps of the chosen turn.
    Turn {
        /// The job.
        id: u64,
        /// The turn's steps, in order.
        steps: Vec<Step>,
        /// The final analysis.
        analysis: Analysis,
    },
    /// A [`Purpose::Estimate`] job finished.
    Estimate {
        /// The job.
        id: u64,
        /// The final analysis.
        analysis: Analysis,
    },
    /// The job could not be done.
    Failed {
        /// The job.
        id: u64,
        /// Why.
        message: String,
    },
}

impl AiEvent {
    /// The job a report belongs to.
    pub fn id(&self) -> u64 {
        match self {
            AiEvent::Progress { id, .. }
            | AiEvent::Turn { id, .. }
            | AiEvent::Estimate { id, .. }
            | AiEvent::Failed { id, .. } => *id,
        }
    }
}

/// The name of the engine's worker thread.
pub const THREAD_NAME: &str = "tessera-engine";

/// What the interface needs of an AI: start a job (stopping the one in progress), stop it.
/// A local [`AiWorker`] has its own thread; on a server every session's jobs share one pool.
pub trait Thinker: Send {
    /// Starts a job, stopping the one in progress (whose reports the caller ignores by id).
    fn start(&mut self, req: Request);
    /// Asks the job in progress to stop as soon as it can.
    fn stop(&mut self);
}

/// How a session gets its AI: given where the reports go, the thinker to use.
pub type AiStart = Box<dyn FnOnce(Box<dyn Fn(AiEvent) + Send>) -> Box<dyn Thinker> + Send>;

/// The AI of a program alone on its machine: an [`AiWorker`] with its own thread, at the
/// levels' own settings.
pub fn local() -> AiStart {
    Box::new(|sink| Box::new(AiWorker::spawn(sink)))
}

/// Handle to the worker thread. Dropping it ends the thread once its job is done.
pub struct AiWorker {
    jobs: Sender<(Request, Arc<AtomicBool>)>,
    current: Option<Arc<AtomicBool>>,
}

/// How a worker runs one job: [`think`] at the levels' own settings ([`AiWorker::spawn`]);
/// a test may run another job in its place (one that panics, as a search once did).
pub(crate) type Job =
    Box<dyn FnMut(Request, &Arc<AtomicBool>, &dyn Fn(AiEvent), &mut Cached) + Send>;

impl AiWorker {
    /// Starts the worker; `sink` receives every report (from the worker thread).
    pub fn spawn(sink: impl Fn(AiEvent) + Send + 'static) -> AiWorker {
        AiWorker::spawn_with(
            sink,
            Box::new(|req, stop, sink, cache| {
                think(req, stop, &sink, cache, &crate::search::levels::spec)
            }),
        )
    }

    /// A worker that runs `job` instead of the search (tests: a job that panics).
    #[cfg(test)]
    pub(crate) fn with_job(sink: impl Fn(AiEvent) + Send + 'static, job: Job) -> AiWorker {
        AiWorker::spawn_with(sink, job)
    }

    fn spawn_with(sink: impl Fn(AiEvent) + Send + 'static, mut job: Job) -> AiWorker {
        let (tx, rx) = channel::<(Request, Arc<AtomicBool>)>();
        std::thread::Builder::new()
            .name(THREAD_NAME.into())
            .spawn(move || {
                // Blocks while there is no job: an idle engine costs nothing.
                let mut cache: Cached = None;
                while let Ok((req, stop)) = rx.recv() {
                    let id = req.id;
                    let run = std::panic::AssertUnwindSafe(|| job(req, &stop, &sink, &mut cache));
                    if let Err(p) = std::panic::catch_unwind(run) {
                        // What the engine kept may be half changed: the next job starts anew.
                        cache = None;
                        let message =
                            format!("the AI crashed: {}", crate::crash::account(p.as_ref()));
                        sink(AiEvent::Failed { id, message });
                    }
                }
            })
            .expect("spawn the engine thread");
        AiWorker {
            jobs: tx,
            current: None,
        }
    }
}

impl Thinker for AiWorker {
    fn start(&mut self, req: Request) {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        self.current = Some(stop.clone());
        // A send error means the worker died; the caller sees no report.
        let _ = self.jobs.send((req, stop));
    }

    fn stop(&mut self) {
        if let Some(s) = self.current.take() {
            s.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for AiWorker {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Waits until `pace` has passed since `t0`, waking every 10 ms to see whether the job was
/// stopped. Returns false when it was.
fn wait_for_pace(t0: Instant, pace: Duration, stop: &AtomicBool) -> bool {
    while t0.elapsed() < pace {
        if stop.load(Ordering::Relaxed) {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10).min(pace - t0.elapsed().min(pace)));
    }
    !stop.load(Ordering::Relaxed)
}

/// The search engine kept between jobs, so MCTS can reuse its tree from one turn to the next
/// (a new one is made when the level or the kind of job changes), with its level, whether it
/// is an analysis engine (no limits of its own) and whether it starts every search afresh
/// ([`Request::fresh`]).
pub type Cached = Option<((u8, bool, bool), crate::search::Engine)>;

/// What the interface shows of a search report.
fn analysis_of(r: &crate::search::Report, t0: Instant) -> Analysis {
    Analysis {
        best: Some(r.best.clone()),
        // A forced step is reported without a search: its 50 % means nothing. A result
        // proven before (a kept tree) needs no new iterations to mean something.
        win_rate: (r.iterations > 0 || r.proven.is_some()).then_some(r.win_rate),
        proven: r.proven,
        score: r.score.filter(|_| r.iterations > 0 || r.proven.is_some()),
        pv: r.pv.clone(),
        candidates: if r.iterations > 0 {
            r.candidates.clone()
        } else {
            Vec::new()
        },
        ownership: r.ownership.clone(),
        iterations: r.iterations,
        elapsed: t0.elapsed(),
    }
}

/// Runs one job on the search at the requested level (`spec_of` says what a level is: the
/// levels' own settings, or capped threads and memory on a server): reports progress as the
/// search sends it, then (once the pace has passed) the chosen turn or the estimate.
pub fn think(
    req: Request,
    stop: &Arc<AtomicBool>,
    sink: &impl Fn(AiEvent),
    cache: &mut Cached,
    spec_of: &dyn Fn(u8) -> crate::search::PlayerSpec,
) {
    let t0 = Instant::now();
    sink(AiEvent::Progress {
        id: req.id,
        analysis: Analysis::default(),
    });
    if req.game.is_over() {
        sink(AiEvent::Failed {
            id: req.id,
            message: "the game is over".into(),
        });
        return;
    }
    let key = (req.level, req.purpose == Purpose::Analyse, req.fresh);
    if !matches!(cache, Some((k, _)) if *k == key) {
        let mut spec = spec_of(req.level);
        if key.1 {
            // Analysis thinks as long as the request says, not as long as the level would.
            spec.limits = crate::search::Limits::default();
        }
        if key.2 {
            spec.reuse = false;
        }
        let mut engine =
            crate::search::Engine::new(spec).with_komi_table(crate::komi_file::shared());
        // Analysis keeps the playouts' final owners for the heat map.
        engine.set_ownership(key.1);
        *cache = Some((key, engine));
    }
    let engine = &mut cache.as_mut().expect("just set").1;
    let limits = crate::search::Limits::ms(req.time.as_millis().max(1) as u64);
    let (tx, rx) = channel::<crate::search::Report>();
    let (purpose, game, job_stop) = (req.purpose, &req.game, stop.clone());
    let (steps, last) = std::thread::scope(|scope| {
        let search = scope.spawn(move || match purpose {
            Purpose::Turn => (engine.play_turn(game, limits, job_stop, Some(tx)), None),
            Purpose::Estimate | Purpose::Analyse | Purpose::Hint => {
                let d = engine.think(game, limits, job_stop, Some(tx));
                (Vec::new(), d.map(|d| d.report))
            }
        });
        // The search drops its sender when it returns, which ends this loop.
        let mut last = None;
        for r in rx {
            let a = analysis_of(&r, t0);
            sink(AiEvent::Progress {
                id: req.id,
                analysis: a.clone(),
            });
            last = Some(a);
        }
        let (steps, final_report) = match search.join() {
            Ok(v) => v,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        (steps, final_report.map(|r| analysis_of(&r, t0)).or(last))
    });
    if !wait_for_pace(t0, req.pace.min(req.time), stop) {
        return;
    }
    let mut analysis = last.unwrap_or_default();
    analysis.elapsed = t0.elapsed();
    sink(match req.purpose {
        Purpose::Turn if steps.is_empty() => AiEvent::Failed {
            id: req.id,
            message: "the AI found no move".into(),
        },
        Purpose::Turn => {
            analysis.best = Some(req.game.format_turn(&steps));
            AiEvent::Turn {
                id: req.id,
                steps,
                analysis,
            }
        }
        Purpose::Estimate | Purpose::Analyse | Purpose::Hint => AiEvent::Estimate {
            id: req.id,
            analysis,
        },
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, GameOptions};
    use crate::session::Session;
    use std::sync::mpsc::Receiver;

    fn engine() -> (AiWorker, Receiver<AiEvent>) {
        let (tx, rx) = channel();
        let e = AiWorker::spawn(move |r| {
            let _ = tx.send(r);
        });
        (e, rx)
    }

    fn request(id: u64, game: AnyGame, pace: Duration) -> Request {
        Request {
            id,
            game,
            level: 1,
            time: Duration::from_secs(60),
            pace,
            purpose: Purpose::Turn,
            fresh: false,
        }
    }

    /// The first Turn report (skipping progress).
    fn turn(rx: &Receiver<AiEvent>) -> (u64, Vec<Step>) {
        loop {
            match rx.recv().expect("the engine answers") {
                AiEvent::Turn { id, steps, .. } => return (id, steps),
                AiEvent::Progress { .. } => {}
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    #[test]
    fn every_game_gets_a_whole_legal_turn() {
        let (mut e, rx) = engine();
        for (i, kind) in GameKind::ALL.into_iter().enumerate() {
            let mut s = Session::new(kind, GameOptions::defaults(kind)).unwrap();
            // Past the opening turns (bid, Iris's single stone) into ordinary play, unless
            // the AI ends the game first (two passes are legal at any time).
            for _ in 0..3 {
                if s.game().is_over() {
                    break;
                }
                e.start(request(i as u64, s.game().clone(), Duration::ZERO));
                let (id, steps) = turn(&rx);
                assert_eq!(id, i as u64);
                let before = s.turns().len();
                for st in steps {
                    s.play_step(st)
                        .unwrap_or_else(|err| panic!("{kind}: {err}"));
                }
                assert_eq!(
                    s.turns().len(),
                    before + 1,
                    "{kind}: exactly one whole turn"
                );
            }
        }
    }

    #[test]
    fn a_stopped_job_reports_no_turn() {
        let (mut e, rx) = engine();
        let g = AnyGame::from_args("linage", &["komi=0.5"]).unwrap();
        e.start(request(1, g.clone(), Duration::from_secs(3600)));
        e.start(request(2, g, Duration::ZERO));
        assert_eq!(turn(&rx).0, 2, "the first job was stopped before its turn");
    }
}
