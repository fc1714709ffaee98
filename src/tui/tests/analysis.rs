//! Analysis mode and review on the game screen: the pure `update` with synthetic engine
//! reports (no engine runs), and snapshots of the candidates on the board and the review
//! graph.

use crate::ai::{AiEvent, Analysis, Purpose, Request};
use crate::games::{AnyGame, Game, GameKind, GameOptions};
use crate::record::{StoredReview, TurnCheck};
use crate::search::Candidate;
use crate::session::{PlayedGame, Session};
use crate::tui::app::{update, App, Msg};
use crate::tui::effect::Effect;
use crate::tui::game::controller::Controller;
use crate::tui::game::play::Play;
use crate::tui::store::SavedGame;
use crate::tui::testing::{app, ch, game_screen as play, key, render};
use ratatui::crossterm::event::KeyCode;
use std::time::Duration;

const HUMAN: Controller = Controller::Human;

/// Linage 6×6 where Vertical passes away a won position at turn 13.
const PLANTED: [&str; 14] = [
    "d2", "a4", "d1", "b3", "a5", "b4", "d6", "c4", "b2", "a3", "a2", "c2", "pass", "pass",
];

fn linage(size: &str, turns: &[&str]) -> Session {
    let options =
        GameOptions::parse(GameKind::Linage, &[size, "komi=0.5", "protocol=agreed"]).unwrap();
    let mut s = Session::new(GameKind::Linage, options).unwrap();
    for t in turns {
        s.play_turn(t).unwrap();
    }
    s
}

fn open(a: &mut App, session: Session, players: [Controller; 2]) -> Vec<Effect> {
    let play = Play::new(session, players, Duration::from_millis(10), "t".into());
    a.open_game(play)
}

/// The engine jobs among the effects.
pub(super) fn jobs(fx: &[Effect]) -> Vec<Request> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::StartAi(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

fn analysis(best: &str, candidates: &[(&str, u64, f64)]) -> Analysis {
    Analysis {
        best: Some(best.into()),
        win_rate: Some(candidates.first().map_or(0.5, |c| c.2)),
        proven: None,
        score: Some(1.5),
        pv: vec![best.into(), "b2".into(), "pass".into()],
        candidates: candidates
            .iter()
            .map(|&(step, visits, win_rate)| Candidate {
                step: step.into(),
                visits,
                win_rate,
                score: Some(1.5),
            })
            .collect(),
        ownership: None,
        iterations: 12_345,
        elapsed: Duration::from_millis(700),
    }
}

#[test]
fn analysis_restarts_when_the_position_shown_changes() {
    let mut a = app(100, 40);
    open(
        &mut a,
        linage("size=7", &["d4", "c3", "e5"]),
        [HUMAN, HUMAN],
    );
    let first = jobs(&update(&mut a, ch('a')));
    assert_eq!(first.len(), 1, "a starts analysis");
    assert_eq!(first[0].purpose, Purpose::Analyse);
    assert_eq!(first[0].game.hash(), play(&a).game().hash());

    // A cursor move changes nothing: the analysis goes on.
    assert!(jobs(&update(&mut a, key(KeyCode::Left))).is_empty());
    // A history step shows another position: a new job for it.
    let back = jobs(&update(&mut a, ch('[')));
    assert_eq!(back.len(), 1);
    assert_ne!(back[0].id, first[0].id);
    let s = play(&a).session().clone();
    assert_eq!(back[0].game.hash(), s.position_after(2).hash());
    let start = jobs(&update(&mut a, key(KeyCode::Home)));
    assert_eq!(start[0].game.hash(), s.position_after(0).hash());
    // A report of a stopped job is ignored; the running one's is shown.
    update(
        &mut a,
        Msg::Ai(AiEvent::Progress {
            id: first[0].id,
            analysis: analysis("a1", &[("a1", 10, 0.5)]),
        }),
    );
    assert!(play(&a).current_analysis().is_none());
    update(
        &mut a,
        Msg::Ai(AiEvent::Progress {
            id: start[0].id,
            analysis: analysis("d4", &[("d4", 900, 0.56), ("c3", 300, 0.52)]),
        }),
    );
    assert_eq!(play(&a).current_analysis().unwrap().candidates.len(), 2);
    // Back to the game: the live position again.
    let live = jobs(&update(&mut a, key(KeyCode::End)));
    assert_eq!(live[0].game.hash(), play(&a).game().hash());
    assert!(
        play(&a).current_analysis().is_none(),
        "the old one is not shown"
    );
    // A turn played changes the position too.
    let after = jobs(&update(&mut a, key(KeyCode::Enter)));
    assert_eq!(after.last().unwrap().purpose, Purpose::Analyse);
    assert_eq!(after.last().unwrap().game.hash(), play(&a).game().hash());
    // Off: the job stops.
    let off = update(&mut a, ch('a'));
    assert!(off.iter().any(|e| matches!(e, Effect::StopAi)));
    assert!(jobs(&update(&mut a, ch('['))).is_empty());
}

#[test]
fn analysis_waits_while_the_ai_thinks_about_its_turn() {
    let mut a = app(100, 40);
    let fx = open(
        &mut a,
        linage("size=7", &["d4"]),
        [HUMAN, Controller::Ai { level: 1 }],
    );
    let turn = jobs(&fx);
    assert_eq!(turn[0].purpose, Purpose::Turn);
    assert!(
        jobs(&update(&mut a, ch('a'))).is_empty(),
        "the AI's turn first"
    );
    let c3 = play(&a).game().parse_step("c3").unwrap();
    let fx = update(
        &mut a,
        Msg::Ai(AiEvent::Turn {
            id: turn[0].id,
            steps: vec![c3],
            analysis: Analysis::default(),
        }),
    );
    let next = jobs(&fx);
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].purpose, Purpose::Analyse);
    assert_eq!(next[0].game.hash(), play(&a).game().hash());
}

#[test]
fn candidates_show_on_the_board_and_in_the_panel() {
    let mut a = app(80, 24);
    open(&mut a, linage("size=7", &["d4", "c3"]), [HUMAN, HUMAN]);
    let job = jobs(&update(&mut a, ch('a')))[0].id;
    let cands = [
        ("e5", 4000, 0.61),
        ("c5", 2500, 0.57),
        ("e3", 1200, 0.55),
        ("b4", 300, 0.49),
        ("pass", 20, 0.2),
    ];
    update(
        &mut a,
        Msg::Ai(AiEvent::Progress {
            id: job,
            analysis: analysis("e5", &cands),
        }),
    );
    let text = render(&a);
    insta::assert_snapshot!("analysis_candidates_80x24", text);
    assert!(text.contains("1 e5"), "{text}");
    // v steps the principal variation on a ghost board; V steps back.
    update(&mut a, ch('v'));
    assert_eq!(play(&a).analysis_mode().pv_step(), 1);
    let ghost = play(&a).ghost().expect("a ghost board");
    assert_eq!(
        ghost.0.stone_at(ghost.0.geometry().parse("e5").unwrap()),
        Some(crate::games::Stone::Neutral)
    );
    assert!(render(&a).contains("ghost 1/3"));
    update(&mut a, ch('V'));
    assert!(play(&a).ghost().is_none());
}

fn reviewed(section: Option<StoredReview>) -> Play {
    let session = linage("size=6", &PLANTED);
    let saved = SavedGame {
        game: PlayedGame {
            session,
            started: "2026-11-22T19:00:00Z".into(),
            result: Some("H+3.5".into()),
        },
        players: [HUMAN, HUMAN],
        hints: Vec::new(),
        analysis: section,
        source: Some("planted.toml".into()),
        names: None,
    };
    Play::from_saved(saved, Duration::from_millis(10)).read_only("a record under review")
}

/// A review as the engine might give it: Vertical ahead until the pass at turn 13.
fn planted_section() -> StoredReview {
    let win_rate = vec![
        0.53, 0.49, 0.56, 0.47, 0.51, 0.43, 0.46, 0.37, 0.44, 0.38, 0.43, 0.39, 0.92, 0.0, 0.0,
    ];
    let n = win_rate.len();
    StoredReview {
        engine: "level:10,ms=500".into(),
        margin: (0..n).map(|i| if i < 13 { 1.0 } else { -3.5 }).collect(),
        best: PLANTED
            .iter()
            .enumerate()
            .map(|(i, t)| if i == 12 { "b5".into() } else { t.to_string() })
            .chain([String::new()])
            .collect(),
        win_rate,
        checks: (1..=14)
            .map(|turn| {
                // The pass (turn 13) against b5, looked at twice; every other turn was the
                // preferred one.
                let i = turn - 1;
                let (played, best) = if turn == 13 { (0.0, 0.9) } else { (0.5, 0.5) };
                let (played_margin, best_margin) =
                    if turn == 13 { (-3.5, 1.0) } else { (0.0, 0.0) };
                let lost = if turn == 13 { 0.9 } else { 0.0 };
                let points = if turn == 13 { 4.5 } else { 0.0 };
                TurnCheck {
                    turn,
                    ms: if turn == 13 { 1000 } else { 500 },
                    preferred: Some(if turn == 13 {
                        "b5".into()
                    } else {
                        PLANTED[i].into()
                    }),
                    played,
                    best,
                    played_margin: Some(played_margin),
                    best_margin: Some(best_margin),
                    win_rate_lost: Some(lost),
                    points_lost: Some(points),
                    second_look: turn == 13,
                }
            })
            .collect(),
    }
}

#[test]
fn an_older_stored_review_without_the_checks_judges_only_the_turns_it_lacks() {
    let mut a = app(100, 40);
    let mut old = planted_section();
    old.checks.clear();
    // Opened, the review goes on at once with the one turn it lacks (turn 13, judged from
    // the positions around it by older versions); the turns that were the preferred ones
    // need no search.
    let fx = a.open_game(reviewed(Some(old)));
    let r = play(&a).review().expect("the stored review");
    assert!(!r.is_complete(), "turn 13 is to be compared");
    assert_eq!(r.checks_progress(), Some((12, 14)));
    let job = jobs(&fx).pop().expect("a search");
    assert_eq!(job.purpose, Purpose::Estimate);
    assert_eq!(job.game.turns_completed(), 13, "the position after b5");
}

#[test]
fn a_stored_review_opens_judged_and_n_jumps_to_the_blunder() {
    for (w, h) in [(80, 24), (160, 48)] {
        let mut a = app(w, h);
        let fx = a.open_game(reviewed(Some(planted_section())));
        assert!(jobs(&fx).is_empty(), "nothing to think about");
        update(&mut a, ch('b')); // close the result
        let r = play(&a).review().expect("the stored review");
        assert!(r.is_complete());
        let marked: Vec<usize> = r
            .reviews()
            .iter()
            .filter(|t| t.judgement.is_some())
            .map(|t| t.turn)
            .collect();
        assert_eq!(marked, [13]);
        update(&mut a, key(KeyCode::Home));
        update(&mut a, ch('n'));
        assert_eq!(play(&a).viewed_turn(), 13);
        let note = play(&a).note().unwrap().text.clone();
        assert!(note.contains("blunder") && note.contains("b5"), "{note}");
        let text = render(&a);
        insta::assert_snapshot!(format!("review_graph_{w}x{h}"), text);
        assert!(text.contains("13. V pass ??"), "{text}");
        update(&mut a, ch('n'));
        assert_eq!(play(&a).viewed_turn(), 13, "no other marked turn");
        let note = play(&a).note().unwrap().text.clone();
        assert_eq!(note, "this is the only marked turn");
        update(&mut a, ch('N'));
        assert_eq!(play(&a).viewed_turn(), 13, "none before it either");
        // From the end, n goes round to the first marked turn (a review opens at the end).
        update(&mut a, key(KeyCode::End));
        update(&mut a, ch('n'));
        assert_eq!(play(&a).viewed_turn(), 13, "round to the first marked turn");
        let note = play(&a).note().unwrap().text.clone();
        assert!(note.ends_with("(the first marked turn again)"), "{note}");
    }
}

#[test]
fn a_marked_turns_message_goes_when_another_turn_is_shown() {
    let mut a = app(80, 24);
    a.open_game(reviewed(Some(planted_section())));
    update(&mut a, ch('b')); // close the result
    update(&mut a, key(KeyCode::Home));
    update(&mut a, ch('n'));
    assert!(play(&a)
        .note()
        .is_some_and(|n| n.text.starts_with("turn 13: ")));
    update(&mut a, ch('['));
    assert_eq!(play(&a).viewed_turn(), 12);
    assert!(
        !play(&a)
            .note()
            .is_some_and(|n| n.text.starts_with("turn 13: ")),
        "the message about turn 13 stays under turn 12"
    );
    assert!(!render(&a).contains("turn 13: pass was"));
}

#[test]
fn the_graph_in_ascii_is_all_ascii() {
    let mut a = app(80, 24);
    a.settings.config.ascii = true;
    a.open_game(reviewed(Some(planted_section())));
    update(&mut a, ch('b')); // close the result
    update(&mut a, key(KeyCode::Home));
    update(&mut a, ch('n'));
    let text = render(&a);
    assert!(text.is_ascii(), "{text}");
    assert!(text.contains("100%+") && text.contains("turn "), "{text}");
    insta::assert_snapshot!("review_graph_80x24_ascii", text);
}

#[test]
fn a_review_runs_in_the_background_and_is_stored_only_when_asked() {
    let mut a = app(100, 40);
    a.open_game(reviewed(None));
    let mut fx = update(&mut a, ch('R'));
    let (mut positions, mut checks) = (0, 0);
    while let Some(job) = jobs(&fx).pop() {
        assert_eq!(job.purpose, Purpose::Estimate);
        // The interface stays usable while it runs: a history step.
        update(&mut a, ch('['));
        let r = play(&a).review().unwrap();
        let (done, total) = r.progress();
        assert_eq!(total, 15);
        // The positions first, then the turns compared with the preferred b5.
        match r.checks_progress() {
            None => {
                assert!(done < total);
                positions += 1;
            }
            Some((_, n)) => {
                assert_eq!(done, total);
                assert!(n > 0);
                checks += 1;
            }
        }
        let g: &AnyGame = &job.game;
        // Pretend the side to move is always fine, except that the pass threw the game away
        // (b5 instead would not have).
        let b5 = g.geometry().parse("b5").unwrap();
        let after_pass = g.turns_completed() == 13 && g.stone_at(b5).is_none();
        let w = if after_pass { 1.0 } else { 0.5 };
        fx = update(
            &mut a,
            Msg::Ai(AiEvent::Estimate {
                id: job.id,
                analysis: Analysis {
                    // The AI prefers the turns played, except b5 to the pass.
                    best: Some(match g.turns_completed() {
                        12 => "b5".into(),
                        n => PLANTED.get(n).copied().unwrap_or("pass").into(),
                    }),
                    win_rate: Some(w),
                    score: Some(0.0),
                    ..Analysis::default()
                },
            }),
        );
    }
    assert_eq!(positions, 14, "the finished position needs no engine");
    assert!(
        checks >= 3,
        "turn 13 compared, then looked at again: {checks}"
    );
    let r = play(&a).review().unwrap();
    assert!(r.is_complete());
    let stored = |fx: &[Effect]| {
        fx.iter().find_map(|e| match e {
            Effect::StoreAnalysis(path, turns, section) => {
                Some((path.clone(), turns.clone(), section.clone()))
            }
            _ => None,
        })
    };
    assert!(stored(&fx).is_none(), "nothing is written unless asked");
    let note = play(&a).note().unwrap().text.clone();
    assert!(note.contains(":save stores it in planted.toml"), "{note}");
    // A person who may name files (not a server): `:save` alone stores the review.
    a.storage.paths = true;
    update(&mut a, ch(':'));
    for c in "save".chars() {
        update(&mut a, ch(c));
    }
    let fx = update(&mut a, key(KeyCode::Enter));
    let (path, turns, section) = stored(&fx).expect(":save stores it in the file it came from");
    assert_eq!(path.to_str(), Some("planted.toml"));
    assert_eq!(turns.len(), 14);
    assert!(section.is_complete(14));
    assert_eq!(
        play(&a).review().unwrap().turn(13).unwrap().judgement,
        Some(crate::review::Judgement::Blunder)
    );
}

#[test]
fn the_interface_s_review_prefers_the_decided_position_s_candidate_keeping_most_points() {
    let mut a = app(100, 40);
    a.open_game(reviewed(None));
    let mut fx = update(&mut a, ch('R'));
    let mut twin = None;
    while let Some(job) = jobs(&fx).pop() {
        let g: &AnyGame = &job.game;
        // Before turn 13 the game is decided for its mover (97 %): the search leads with b5,
        // and a candidate followed almost as often keeps 4 more points.
        let analysis = if g.turns_completed() == 12 {
            let mut v = Vec::new();
            g.legal_steps(&mut v);
            let other = v
                .iter()
                .map(|&s| g.format_step(s))
                .find(|s| s != "b5" && s != "pass")
                .unwrap();
            twin = Some(other.clone());
            Analysis {
                best: Some("b5".into()),
                win_rate: Some(0.97),
                score: Some(3.0),
                candidates: vec![
                    Candidate {
                        step: "b5".into(),
                        visits: 100,
                        win_rate: 0.97,
                        score: Some(3.0),
                    },
                    Candidate {
                        step: other,
                        visits: 90,
                        win_rate: 0.965,
                        score: Some(7.0),
                    },
                ],
                ..Analysis::default()
            }
        } else {
            Analysis {
                best: Some(
                    PLANTED
                        .get(g.turns_completed())
                        .copied()
                        .unwrap_or("pass")
                        .into(),
                ),
                win_rate: Some(0.5),
                score: Some(0.0),
                ..Analysis::default()
            }
        };
        fx = update(
            &mut a,
            Msg::Ai(AiEvent::Estimate {
                id: job.id,
                analysis,
            }),
        );
    }
    let r = play(&a).review().unwrap();
    assert!(r.is_complete());
    assert_eq!(Some(r.turn(13).unwrap().best.clone()), twin);
}

#[test]
fn a_hint_shows_the_ais_choice_and_is_noted_in_the_record() {
    let mut a = app(100, 40);
    open(
        &mut a,
        linage("size=7", &[]),
        [HUMAN, Controller::Ai { level: 3 }],
    );
    let hint = jobs(&update(&mut a, ch('H')));
    assert_eq!(hint.len(), 1);
    assert_eq!(
        (hint[0].purpose, hint[0].level),
        (Purpose::Hint, crate::tui::game::analysis::ANALYSIS_LEVEL),
        "the strong engine, not the opponent's level 3"
    );
    let fx = update(
        &mut a,
        Msg::Ai(AiEvent::Estimate {
            id: hint[0].id,
            analysis: analysis("c5", &[("c5", 50, 0.5)]),
        }),
    );
    let note = play(&a).note().unwrap().text.clone();
    assert!(note.contains("c5"), "{note}");
    assert_eq!(crate::tui::testing::cursor_name(&a), "c5");
    let saved = fx
        .iter()
        .find_map(|e| match e {
            Effect::Autosave(s) => Some(s.clone()),
            _ => None,
        })
        .expect("autosaved with the hint");
    assert_eq!(saved.hints, [1]);
    let record = crate::tui::store::to_record(&saved, "me");
    assert_eq!(record.hints, [1]);
    assert!(record.to_toml().contains("hints = [1]"));
}

#[test]
fn no_analysis_keys_for_a_player_on_a_server_and_no_review_of_a_live_game() {
    let mut a = app(100, 40);
    open(&mut a, linage("size=7", &["d4"]), [HUMAN, HUMAN]);
    assert!(
        jobs(&update(&mut a, ch('R'))).is_empty(),
        "the game goes on"
    );
    assert!(play(&a).review().is_none());
    assert!(jobs(&update(&mut a, ch('H'))).is_empty(), "no AI to ask");
}

/// The heat map of a Linage 5×5 position: column a settled Vertical's, b likely Vertical's,
/// c contested, d likely Horizontal's, e settled Horizontal's; a stone on c3 in settled
/// Horizontal ground. Drawn with a 256-colour theme (`default`), a 16-colour one (`classic`),
/// without colour (`mono`, as under `NO_COLOR`) and in ASCII; the snapshot lists the board
/// and the style of every marked cell.
fn heat_board(theme: &str, ascii: bool) -> String {
    use crate::tui::board::{BoardLayout, BoardView, BoardWidget, Decorations, Glyphs};
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;
    let g = AnyGame::from_args("linage", &["size=5", "komi=0.5", "protocol=agreed"]).unwrap();
    let mut g = g;
    let geo = g.geometry();
    g.play(g.parse_step("c3").unwrap());
    let shares: Vec<[f64; 2]> = geo
        .all_cells()
        .map(
            |c| match (geo.name(c).as_bytes()[0], geo.name(c).as_str()) {
                (_, "c3") => [0.05, 0.9],
                (b'a', _) => [0.9, 0.05],
                (b'b', _) => [0.7, 0.2],
                (b'c', _) => [0.5, 0.5],
                (b'd', _) => [0.25, 0.65],
                _ => [0.0, 1.0],
            },
        )
        .collect();
    let view = BoardView::of_game(
        &g,
        Decorations {
            heat: Some(&shares),
            ..Decorations::default()
        },
    );
    let layout = BoardLayout::of(geo);
    let mut buf = Buffer::empty(Rect::new(0, 0, layout.width(), layout.height()));
    let t = crate::theme::Theme::built_in(theme).unwrap();
    BoardWidget {
        view: &view,
        theme: &t,
        glyphs: Glyphs::for_mode(ascii),
        scale: 1,
    }
    .render(buf.area, &mut buf);
    let mut out = crate::tui::testing::buffer_text(&buf);
    for name in ["a1", "b1", "c1", "d1", "e1", "c3"] {
        let (x, y) = layout.pos(geo.parse(name).unwrap());
        let cell = &buf[(x, y)];
        out += &format!(
            "{name} {:?} fg {:?} bg {:?} {:?}\n",
            cell.symbol(),
            cell.fg,
            cell.bg,
            cell.modifier
        );
    }
    out
}

#[test]
fn the_heat_map_reads_in_256_and_16_colours_without_colour_and_in_ascii() {
    for (theme, ascii) in [
        ("default", false),
        ("classic", false),
        ("mono", false),
        ("mono", true),
    ] {
        let text = heat_board(theme, ascii);
        let name = format!("heat_map_{theme}{}", if ascii { "_ascii" } else { "" });
        insta::assert_snapshot!(name, text);
        // Letters by strength whatever the colours: upper case settled, lower case likely.
        let first_row = text
            .lines()
            .find(|l| l.trim_start().starts_with('1'))
            .unwrap();
        assert!(
            first_row.contains('V') && first_row.contains('v'),
            "{first_row}"
        );
        assert!(
            first_row.contains('H') && first_row.contains('h'),
            "{first_row}"
        );
    }
    // In colour the owners differ by colour too.
    let colour = heat_board("default", false);
    let a1 = colour.lines().find(|l| l.starts_with("a1")).unwrap();
    let e1 = colour.lines().find(|l| l.starts_with("e1")).unwrap();
    assert_ne!(a1.split(" fg ").nth(1), e1.split(" fg ").nth(1));
}

#[test]
fn analysis_comes_back_after_a_hint_on_the_same_position() {
    let mut a = app(100, 40);
    open(
        &mut a,
        linage("size=7", &[]),
        [HUMAN, Controller::Ai { level: 3 }],
    );
    let first = jobs(&update(&mut a, ch('a')));
    assert_eq!(first[0].purpose, Purpose::Analyse);
    let hint = jobs(&update(&mut a, ch('H')));
    assert_eq!(hint[0].purpose, Purpose::Hint);
    let fx = update(
        &mut a,
        Msg::Ai(AiEvent::Estimate {
            id: hint[0].id,
            analysis: analysis("c5", &[("c5", 50, 0.5)]),
        }),
    );
    let again = jobs(&fx);
    assert_eq!(
        again.len(),
        1,
        "analysis restarts on the position the hint was for"
    );
    assert_eq!(again[0].purpose, Purpose::Analyse);
    assert_eq!(again[0].game.hash(), first[0].game.hash());
}

/// Where the graph is on a rendered screen: the column of its first position, the row of
/// its turn numbers (the row starting `turn` after the percentages' gutter) and the rows'
/// characters.
fn graph_place(text: &str) -> (usize, usize, Vec<Vec<char>>) {
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let (x, y) = rows
        .iter()
        .enumerate()
        .find_map(|(y, r)| {
            let line: String = r.iter().collect();
            let b = line.find("turn ^").or_else(|| line.find("turn 0"))?;
            Some((line[..b].chars().count() + 5, y))
        })
        .unwrap_or_else(|| panic!("no turn numbers on the screen:\n{text}"));
    (x, y, rows)
}

#[test]
fn a_click_on_the_graph_shows_that_position() {
    use ratatui::crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let click = |column: usize, row: usize| {
        Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: column as u16,
            row: row as u16,
            modifiers: KeyModifiers::NONE,
        })
    };
    // Beside the board in the Review panel at 80x24; in its own area under the board at
    // 160x48.
    for (w, h) in [(80, 24), (160, 48)] {
        let mut a = app(w, h);
        a.open_game(reviewed(Some(planted_section())));
        update(&mut a, ch('b')); // close the result
        let text = render(&a);
        let (left, axis_y, rows) = graph_place(&text);
        // A click on the blunder's mark (the row above the turn numbers) shows turn 13.
        let marks: String = rows[axis_y - 1].iter().collect();
        let b = marks.rfind("??").expect("the blunder's mark on the graph");
        let mark_x = marks[..b].chars().count();
        update(&mut a, click(mark_x, axis_y - 1));
        assert_eq!(play(&a).viewed_turn(), 13, "{w}x{h}");
        // A click at the graph's left edge, on its top row, shows the start.
        let top_y = text
            .lines()
            .position(|l| l.chars().skip(left - 5).take(5).collect::<String>() == "100%┤")
            .expect("the 100 % label");
        update(&mut a, click(left, top_y));
        assert_eq!(play(&a).viewed_turn(), 0, "{w}x{h}");
        // The graph shows the current turn where it was clicked: the number under it.
        let text = render(&a);
        let (_, axis_y, rows) = graph_place(&text);
        assert_eq!(rows[axis_y][left], '^', "{w}x{h}:\n{text}");
        // The turn numbers are on the graph; left of it (the percentages) and below it not.
        update(&mut a, click(mark_x, axis_y));
        assert_eq!(play(&a).viewed_turn(), 13);
        update(&mut a, click(left - 2, top_y));
        assert_eq!(play(&a).viewed_turn(), 13);
        update(&mut a, click(mark_x, axis_y + 1));
        assert_eq!(play(&a).viewed_turn(), 13);
    }
}
