//! `tessera bench --ui`: how long the interface takes to draw a game screen, and how long a key
//! waits while the AI thinks (playing, or analysing with the heat map on). Both go through the real `update` and `view` and a real
//! crossterm backend (writing to a sink instead of a terminal).

use crate::ai::{AiWorker, Thinker};
use crate::games::{Game, GameKind, SearchHints};
use crate::rng::FastRng;
use crate::session::Session;
use crate::tui::app::{update, App, Msg, Screen};
use crate::tui::game::controller::Controller;
use crate::tui::game::play::Play;
use crate::tui::{effect::Effect, testing, view};
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Timing figures of one measurement.
#[derive(Clone, Debug)]
pub struct Timing {
    /// What was measured.
    pub what: String,
    /// Samples taken.
    pub samples: usize,
    /// Median.
    pub median: Duration,
    /// 99th percentile.
    pub p99: Duration,
    /// Slowest.
    pub max: Duration,
}

impl Timing {
    /// The figures of a set of samples, through an HDR histogram of nanoseconds (3
    /// significant figures: a reported median or p99 is within 0.1 % of a sample).
    fn of(what: String, v: Vec<Duration>) -> Timing {
        let mut h = hdrhistogram::Histogram::<u64>::new(3).expect("3 significant figures");
        for d in &v {
            h.record(d.as_nanos() as u64)
                .expect("an auto-resizing histogram");
        }
        let ns = Duration::from_nanos;
        Timing {
            what,
            samples: v.len(),
            median: ns(h.value_at_quantile(0.5)),
            p99: ns(h.value_at_quantile(0.99)),
            max: ns(h.max()),
        }
    }
}

fn sink_terminal(w: u16, h: u16) -> Terminal<CrosstermBackend<std::io::Sink>> {
    Terminal::with_options(
        CrosstermBackend::new(std::io::sink()),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, w, h)),
        },
    )
    .expect("a terminal on a sink")
}

/// A game half played out at random (agreed komi so the bid is skipped), on the game screen:
/// half of a random game's steps, but no more steps than the board has cells (random Keil
/// games capture back and forth for tens of thousands of turns, which no person plays).
pub fn midgame_app(kind: GameKind, size: usize, players: [Controller; 2]) -> Result<App, String> {
    let mut session =
        Session::new(kind, super::bench::start_options(kind, size)).map_err(|e| e.to_string())?;
    // Find a random game's length, then replay half of it.
    let mut rng = FastRng::seed(7);
    let mut buf = Vec::new();
    let mut trial = session.clone();
    let mut steps = Vec::new();
    while !trial.game().is_over() {
        let s = trial.game().random_step(&mut rng, &mut buf);
        trial.play_step(s).map_err(|e| e.to_string())?;
        steps.push(s);
    }
    let cells = session.game().geometry().cells();
    for &s in &steps[..(steps.len() / 2).min(cells)] {
        session.play_step(s).map_err(|e| e.to_string())?;
    }
    while session.game().steps_in_turn() > 0 {
        session.undo_step();
    }
    let mut app = testing::app(100, 40);
    let play = Play::new(session, players, Duration::from_secs(3600), String::new());
    app.screen = Screen::Game(Box::new(play));
    Ok(app)
}

/// Draw time of the game screen at 100×40: `full` redraws everything (as after a resize),
/// otherwise the cursor moves between frames (as when a key is pressed).
pub fn draw_time(kind: GameKind, size: usize, frames: usize, full: bool) -> Result<Timing, String> {
    let mut app = midgame_app(kind, size, [Controller::Human, Controller::Human])?;
    let mut term = sink_terminal(100, 40);
    let mut times = Vec::with_capacity(frames);
    for i in 0..frames {
        update(
            &mut app,
            testing::key(if i % 2 == 0 {
                KeyCode::Left
            } else {
                KeyCode::Right
            }),
        );
        if full {
            // A fresh terminal has an empty previous frame: the draw writes every cell.
            term = sink_terminal(100, 40);
        }
        let t0 = Instant::now();
        term.draw(|f| view::view(f, &app))
            .map_err(|e| e.to_string())?;
        times.push(t0.elapsed());
    }
    let what = format!(
        "draw {} {} 100x40{}",
        kind.name(),
        size,
        if full {
            " (full redraw)"
        } else {
            " (cursor moved)"
        }
    );
    Ok(Timing::of(what, times))
}

/// What thinks while the keys of [`key_latency`] arrive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thinking {
    /// The AI of this level plays the side to move.
    Ai(u8),
    /// Two people play; analysis mode (`a`) with the heat map (`o`) thinks on all cores.
    Analysis,
}

/// Key latency while the AI thinks: keys arrive every 20 ms on the same channel as the
/// engine's reports; latency is from sending the key to the end of the redraw after it.
pub fn key_latency(
    kind: GameKind,
    size: usize,
    thinking: Thinking,
    keys: usize,
) -> Result<Timing, String> {
    // With the AI playing the side to move, it starts thinking at once.
    let players = match thinking {
        Thinking::Ai(level) => [Controller::Ai { level }; 2],
        _ => [Controller::Human, Controller::Human],
    };
    let mut app = midgame_app(kind, size, players)?;
    let Screen::Game(play) = std::mem::replace(&mut app.screen, Screen::Menu(Default::default()))
    else {
        unreachable!()
    };
    let mut first = app.open_game(*play);
    if thinking == Thinking::Analysis {
        first.extend(update(&mut app, testing::key(KeyCode::Char('a'))));
        first.extend(update(&mut app, testing::key(KeyCode::Char('o'))));
    }
    let (tx, rx) = channel::<Msg>();
    let etx = tx.clone();
    let mut engine = AiWorker::spawn(move |r| {
        let _ = etx.send(Msg::Ai(r));
    });
    let run = |fx: Vec<Effect>, engine: &mut AiWorker| {
        for e in fx {
            match e {
                Effect::StartAi(r) => engine.start(r),
                Effect::StopAi => engine.stop(),
                _ => {}
            }
        }
    };
    run(first, &mut engine);
    let sent: Arc<Mutex<Vec<Instant>>> = Arc::default();
    let sender = {
        let sent = sent.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            for i in 0..keys {
                sent.lock().expect("lock").push(Instant::now());
                let code = if i % 2 == 0 {
                    KeyCode::Left
                } else {
                    KeyCode::Right
                };
                if tx.send(testing::key(code)).is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    let mut term = sink_terminal(100, 40);
    let mut times = Vec::with_capacity(keys);
    let mut done = 0;
    while done < keys {
        let first = rx.recv().map_err(|e| e.to_string())?;
        let mut batch = vec![first];
        batch.extend(rx.try_iter());
        let mut keys_in_batch = 0;
        for m in batch {
            keys_in_batch += usize::from(matches!(m, Msg::Key(_)));
            let fx = update(&mut app, m);
            run(fx, &mut engine);
        }
        term.draw(|f| view::view(f, &app))
            .map_err(|e| e.to_string())?;
        let now = Instant::now();
        let sent = sent.lock().expect("lock");
        for i in done..done + keys_in_batch {
            times.push(now - sent[i]);
        }
        done += keys_in_batch;
    }
    let still_thinking = matches!(&app.screen, Screen::Game(p) if p.ai().job().is_some());
    engine.stop();
    sender.join().map_err(|_| "key sender crashed")?;
    if !still_thinking {
        return Err("the AI stopped thinking before the keys were done".into());
    }
    let what = match thinking {
        Thinking::Ai(level) => format!("AI level {level} thinking"),
        Thinking::Analysis => "analysis + heat map".to_string(),
    };
    Ok(Timing::of(
        format!("key latency {} {size}, {what}", kind.name()),
        times,
    ))
}

/// The largest board of every game, hexhex first (side 12).
pub fn largest_boards() -> Vec<(GameKind, usize)> {
    GameKind::ALL
        .into_iter()
        .map(|k| (k, *k.sizes().end()))
        .collect()
}

/// Prints every figure of `tessera bench --ui`.
pub fn run(games: &[GameKind]) -> Result<(), String> {
    let boards: Vec<(GameKind, usize)> = largest_boards()
        .into_iter()
        .filter(|(k, _)| games.is_empty() || games.contains(k))
        .collect();
    println!(
        "{:<52} {:>7} {:>10} {:>10} {:>10}",
        "measurement", "samples", "median", "p99", "max"
    );
    let show = |t: Timing| {
        println!(
            "{:<52} {:>7} {:>10.3?} {:>10.3?} {:>10.3?}",
            t.what, t.samples, t.median, t.p99, t.max
        )
    };
    for &(kind, size) in &boards {
        show(draw_time(kind, size, 400, false)?);
        show(draw_time(kind, size, 200, true)?);
    }
    for &(kind, size) in &boards {
        show(key_latency(kind, size, Thinking::Ai(10), 100)?);
        show(key_latency(kind, size, Thinking::Analysis, 100)?);
    }
    Ok(())
}
