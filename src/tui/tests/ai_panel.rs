//! Issue 44, items 4 and 5: hints come from the strong engine whatever the opponent's level,
//! and the AI panel shows only numbers it may show (`show_estimate`), says whose they are,
//! and never keeps them once the position on screen changed. The pure `update` with
//! synthetic engine reports (no engine runs).

use super::analysis::jobs;
use crate::ai::{AiEvent, Analysis, Purpose};
use crate::config::ShowEstimate;
use crate::games::{Game, GameKind, GameOptions, Step};
use crate::session::Session;
use crate::tui::app::{update, App, Msg};
use crate::tui::effect::Effect;
use crate::tui::game::ai_panel::ai_lines;
use crate::tui::game::analysis::{ANALYSIS_LEVEL, HINT_LEAST};
use crate::tui::game::controller::Controller;
use crate::tui::game::play::Play;
use crate::tui::testing::{app, buffer_text, ch, game_screen as play, key, render};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::Terminal;
use std::time::Duration;

const HUMAN: Controller = Controller::Human;
const LEVEL_1: Controller = Controller::Ai { level: 1 };

/// A game of Linage 7×7 (komi agreed) against the AI, with the setting.
fn open(players: [Controller; 2], show: ShowEstimate, ai_time: Duration) -> (App, Vec<Effect>) {
    let mut a = app(100, 40);
    a.settings.config.show_estimate = show;
    let options =
        GameOptions::parse(GameKind::Linage, &["size=7", "komi=0.5", "protocol=agreed"]).unwrap();
    let session = Session::new(GameKind::Linage, options).unwrap();
    let fx = a.open_game(Play::new(session, players, ai_time, "t".into()));
    (a, fx)
}

fn typed(a: &mut App, text: &str) -> Vec<Effect> {
    let mut fx = update(a, ch(':'));
    for c in text.chars() {
        fx.extend(update(a, ch(c)));
    }
    fx.extend(update(a, key(KeyCode::Enter)));
    fx
}

/// An opponent's estimate as a level-1 search reports it: sure of itself and wrong.
fn estimate(best: &str) -> Analysis {
    Analysis {
        best: Some(best.into()),
        win_rate: Some(0.99),
        score: Some(42.5),
        pv: vec![best.into(), "b2".into()],
        iterations: 10,
        elapsed: Duration::from_millis(400),
        ..Analysis::default()
    }
}

/// The AI panel's text at a width.
fn panel_text(a: &App, width: u16) -> String {
    ai_lines(play(a), &a.settings, width)
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The AI panel drawn in its box, for snapshots.
fn panel_box(a: &App) -> String {
    let mut term = Terminal::new(TestBackend::new(36, 9)).unwrap();
    term.draw(|f| {
        let lines = ai_lines(play(a), &a.settings, 36);
        f.render_widget(
            ratatui::widgets::Paragraph::new(lines)
                .block(crate::tui::layout::panel("AI", &a.settings)),
            f.area(),
        )
    })
    .unwrap();
    buffer_text(term.backend().buffer())
}

/// No win rate, score or best turn in the text.
fn no_numbers(text: &str) -> bool {
    !text.contains('%') && !text.contains("score") && !text.contains("best ")
}

/// The person plays `turn`; the AI's turn job starts and reports `progress`. Returns its id.
fn person_then_ai_thinks(a: &mut App, turn: &str, analysis: Analysis) -> u64 {
    let fx = typed(a, turn);
    let job = jobs(&fx)
        .into_iter()
        .find(|r| r.purpose == Purpose::Turn)
        .expect("the AI thinks about its turn");
    progress(a, job.id, analysis);
    job.id
}

/// The engine reports progress on job `id`.
fn progress(a: &mut App, id: u64, analysis: Analysis) {
    update(a, Msg::Ai(AiEvent::Progress { id, analysis }));
}

fn ai_plays(a: &mut App, id: u64, turn: &str, analysis: Analysis) -> Vec<Effect> {
    let step = play(a).game().parse_step(turn).unwrap();
    update(
        a,
        Msg::Ai(AiEvent::Turn {
            id,
            steps: vec![step],
            analysis,
        }),
    )
}

#[test]
fn the_hint_asks_the_strong_engine_whatever_the_opponents_level() {
    for level in [1, 3, 8] {
        for ai_time in [Duration::from_millis(10), Duration::from_secs(2)] {
            let (mut a, _) = open(
                [HUMAN, Controller::Ai { level }],
                ShowEstimate::AfterGame,
                ai_time,
            );
            let hint = jobs(&update(&mut a, ch('H')));
            assert_eq!(hint.len(), 1, "level {level}");
            let r = &hint[0];
            assert_eq!(r.purpose, Purpose::Hint);
            assert_eq!(
                r.level, ANALYSIS_LEVEL,
                "level {level}: level 10's settings"
            );
            assert!(
                r.time >= HINT_LEAST && r.time >= ai_time,
                "level {level}: {:?}",
                r.time
            );
            let spec = crate::search::levels::spec(r.level);
            assert_eq!(spec.threads, None, "all cores");
            assert_eq!(spec.temperature, 0.0, "no sampling: the same answer twice");
            // Asked again before the answer: the same strong request.
            let again = jobs(&update(&mut a, ch('H')));
            assert_eq!(
                (again[0].level, again[0].time, again[0].game.hash()),
                (r.level, r.time, r.game.hash())
            );
            // Once answered, the same position gets the same hint, without a new search.
            done(&mut a, again[0].id, estimate("c5"));
            let fx = update(&mut a, ch('H'));
            assert!(jobs(&fx).is_empty(), "{fx:?}");
            assert_eq!(play(&a).hinted_turn(), Some("c5"));
            let note = &play(&a).note().unwrap().text;
            assert!(note.contains("as before") && note.contains("c5"), "{note}");
        }
    }
}

#[test]
fn the_hinted_turn_is_marked_on_the_board_until_the_position_changes() {
    let (mut a, _) = open([HUMAN, LEVEL_1], ShowEstimate::AfterGame, Duration::ZERO);
    let hint = jobs(&update(&mut a, ch('H')));
    update(
        &mut a,
        Msg::Ai(AiEvent::Estimate {
            id: hint[0].id,
            analysis: Analysis {
                elapsed: Duration::from_millis(1200),
                ..estimate("c5")
            },
        }),
    );
    let p = play(&a);
    let c5 = p.game().geometry().parse("c5").unwrap();
    assert_eq!(p.hint_cells(), [c5]);
    assert_eq!(p.hinted_turn(), Some("c5"));
    let note = p.note().unwrap().text.clone();
    assert!(
        note.contains("level 10") && note.contains("c5") && note.contains("noted"),
        "{note}"
    );
    let screen = render(&a);
    assert!(screen.contains("hint c5 (! on the board)"), "{screen}");
    // The board row of c5 has the mark at c5's place.
    let row5 = screen
        .lines()
        .find(|l| l.trim_start().starts_with("5 "))
        .unwrap();
    assert!(row5.contains('!'), "{row5}");
    // A history step shows another position: no mark there.
    typed(&mut a, "d4");
    assert!(play(&a).hint_cells().is_empty(), "the position changed");
    assert!(play(&a).hinted_turn().is_none());
    assert!(!render(&a).contains("hint c5"));
}

/// Analysis on, and one progress report of `searched` on the live position.
fn analysed_for(searched: Duration, best: &str) -> App {
    let (mut a, _) = open([HUMAN, LEVEL_1], ShowEstimate::AfterGame, Duration::ZERO);
    let job = jobs(&update(&mut a, ch('a')));
    assert_eq!(job[0].purpose, Purpose::Analyse);
    let elapsed = searched;
    progress(
        &mut a,
        job[0].id,
        Analysis {
            elapsed,
            ..estimate(best)
        },
    );
    a
}

#[test]
fn a_running_analysis_of_the_position_is_the_hint_at_once() {
    // Too short a search is not enough: the hint searches.
    let mut a = analysed_for(Duration::from_millis(300), "b6");
    let hint = jobs(&update(&mut a, ch('H')));
    assert_eq!(hint[0].purpose, Purpose::Hint);
    // Once analysis has searched the position long enough, H takes its best turn.
    let mut a = analysed_for(HINT_LEAST + Duration::from_millis(500), "e3");
    let fx = update(&mut a, ch('H'));
    assert!(jobs(&fx).is_empty(), "no new search: {fx:?}");
    assert_eq!(play(&a).hinted_turn(), Some("e3"));
    let note = play(&a).note().unwrap().text.clone();
    assert!(note.contains("analysis, level 10, 1.5 s"), "{note}");
    assert_eq!(play(&a).saved().hints, [1]);
}

#[test]
fn after_game_hides_the_opponents_estimate_during_the_game() {
    let (mut a, _) = open([HUMAN, LEVEL_1], ShowEstimate::AfterGame, Duration::ZERO);
    let text = panel_text(&a, 36);
    assert!(text.contains("waiting for you"), "{text}");
    assert!(text.contains("a: analysis · H: hint"), "{text}");
    let id = person_then_ai_thinks(&mut a, "d4", estimate("a1"));
    let text = panel_text(&a, 36);
    assert!(text.contains("AI level 1 thinking…"), "{text}");
    assert!(text.contains("estimate: after the game"), "{text}");
    assert!(no_numbers(&text), "{text}");
    insta::assert_snapshot!("ai_panel_after_game_thinking", panel_box(&a));
    ai_plays(&mut a, id, "a1", estimate("a1"));
    let text = panel_text(&a, 36);
    assert!(no_numbers(&text), "{text}");
    // The screen as a whole shows none of it either (the status panel, the bid aside).
    let screen = render(&a);
    assert!(
        !screen.contains("99%") && !screen.contains("by 42.5"),
        "{screen}"
    );
}

#[test]
fn always_shows_the_opponents_estimate_and_says_whose_it_is() {
    let (mut a, _) = open([HUMAN, LEVEL_1], ShowEstimate::Always, Duration::ZERO);
    let id = person_then_ai_thinks(&mut a, "d4", estimate("a1"));
    let text = panel_text(&a, 36);
    assert!(text.contains("AI level 1's own view"), "{text}");
    assert!(text.contains("99%") && text.contains("best a1"), "{text}");
    insta::assert_snapshot!("ai_panel_always_thinking", panel_box(&a));
    ai_plays(&mut a, id, "a1", estimate("a1"));
    let text = panel_text(&a, 36);
    assert!(text.contains("AI level 1's view after a1"), "{text}");
    assert!(
        !text.contains("best"),
        "its best turn is the one played: {text}"
    );
    assert!(text.contains("pv   b2"), "{text}");
}

#[test]
fn never_shows_no_estimate_and_no_analysis_after_the_game() {
    let (mut a, _) = open([HUMAN, LEVEL_1], ShowEstimate::Never, Duration::ZERO);
    person_then_ai_thinks(&mut a, "d4", estimate("a1"));
    let text = panel_text(&a, 36);
    assert!(no_numbers(&text), "{text}");
    assert!(text.contains("estimate: off (Settings)"), "{text}");
    let mut a = finished(ShowEstimate::Never);
    let fx = update(&mut a, ch('['));
    assert!(jobs(&fx).is_empty(), "no analysis unasked: {fx:?}");
}

/// A game against level 1 that the person resigned after two turns each.
fn finished(show: ShowEstimate) -> App {
    let (mut a, _) = open([HUMAN, LEVEL_1], show, Duration::ZERO);
    for (mine, its) in [("d4", "a1"), ("c3", "a2")] {
        let id = person_then_ai_thinks(&mut a, mine, estimate(its));
        ai_plays(&mut a, id, its, estimate(its));
    }
    typed(&mut a, "resign");
    assert!(play(&a).finished());
    a
}

#[test]
fn after_the_game_analysis_follows_the_position_shown() {
    let mut a = finished(ShowEstimate::AfterGame);
    assert!(play(&a).analysing());
    // A resigned position is not over by the rules: analysis looks at it; the AI's last
    // estimate (of the position before its last turn) is gone.
    let text = panel_text(&a, 36);
    assert!(text.contains("analysis (level 10)"), "{text}");
    assert!(no_numbers(&text), "nothing stale at the end: {text}");
    assert!(!text.contains("a2"), "{text}");
    // Back to the result popup's position and one turn back: analysis of that position.
    update(&mut a, key(KeyCode::Esc));
    let fx = update(&mut a, ch('['));
    let job = jobs(&fx);
    assert_eq!(job.len(), 1, "{fx:?}");
    assert_eq!(
        (job[0].purpose, job[0].level),
        (Purpose::Analyse, ANALYSIS_LEVEL)
    );
    progress(&mut a, job[0].id, estimate("e5"));
    let text = panel_text(&a, 36);
    assert!(text.contains("analysis (level 10)"), "{text}");
    assert!(text.contains("99%") && text.contains("best e5"), "{text}");
    // a turns it off, and it stays off.
    update(&mut a, ch('a'));
    assert!(!play(&a).analysing());
    let fx = update(&mut a, ch('['));
    assert!(jobs(&fx).is_empty(), "{fx:?}");
}

#[test]
fn analysis_turned_off_during_the_game_still_comes_after_it() {
    let (mut a, _) = open([HUMAN, LEVEL_1], ShowEstimate::AfterGame, Duration::ZERO);
    update(&mut a, ch('a'));
    update(&mut a, ch('a'));
    assert!(!play(&a).analysing());
    let fx = typed(&mut a, "resign");
    assert!(play(&a).analysing());
    let job = jobs(&fx);
    assert_eq!(job[0].purpose, Purpose::Analyse, "{fx:?}");
}

#[test]
fn analysis_during_the_game_shows_its_numbers_and_says_so() {
    let (mut a, _) = open([HUMAN, LEVEL_1], ShowEstimate::AfterGame, Duration::ZERO);
    let job = jobs(&update(&mut a, ch('a')));
    progress(&mut a, job[0].id, estimate("d4"));
    let text = panel_text(&a, 36);
    assert!(text.contains("analysis (level 10)"), "{text}");
    assert!(text.contains("best d4") && text.contains("99%"), "{text}");
    insta::assert_snapshot!("ai_panel_analysis", panel_box(&a));
}

#[test]
fn a_takeback_and_a_history_step_leave_no_stale_line() {
    let (mut a, _) = open([HUMAN, LEVEL_1], ShowEstimate::Always, Duration::ZERO);
    let id = person_then_ai_thinks(&mut a, "d4", estimate("b1"));
    ai_plays(&mut a, id, "b1", estimate("b1"));
    let id = person_then_ai_thinks(&mut a, "c3", estimate("b2"));
    assert!(panel_text(&a, 36).contains("best b2"));
    // A history step shows an earlier position: the estimate is not about it.
    update(&mut a, ch('['));
    let text = panel_text(&a, 36);
    assert!(no_numbers(&text), "{text}");
    update(&mut a, key(KeyCode::End));
    assert!(
        panel_text(&a, 36).contains("best b2"),
        "back on the live game"
    );
    ai_plays(&mut a, id, "b2", estimate("b2"));
    // The take-back goes back to the person's previous turn: nothing about another position.
    update(&mut a, ch('u'));
    assert_eq!(play(&a).session().tokens(), ["d4", "b1"]);
    let text = panel_text(&a, 36);
    assert!(no_numbers(&text), "{text}");
    assert!(!text.contains("b2"), "{text}");
}

/// A Linage game with the bid against level 1 (it sets komi, the person picks a side), with
/// the setting: the effects after the AI set komi 6.5.
fn bid_against_the_ai(show: ShowEstimate) -> (App, Vec<Effect>) {
    let mut a = app(100, 40);
    a.settings.config.show_estimate = show;
    let options = GameOptions::parse(GameKind::Linage, &[]).unwrap();
    let session = Session::new(GameKind::Linage, options).unwrap();
    let play = Play::new(session, [LEVEL_1, HUMAN], Duration::ZERO, "t".into());
    let komi = jobs(&a.open_game(play))[0].id;
    let steps = vec![Step::Komi(13)];
    let analysis = Analysis::default();
    let fx = update(
        &mut a,
        Msg::Ai(AiEvent::Turn {
            id: komi,
            steps,
            analysis,
        }),
    );
    (a, fx)
}

/// The engine finishes job `id` (an estimate, analysis or hint).
fn done(a: &mut App, id: u64, analysis: Analysis) -> Vec<Effect> {
    update(a, Msg::Ai(AiEvent::Estimate { id, analysis }))
}

#[test]
fn the_side_choice_leaves_no_stale_estimate() {
    let (mut a, fx) = bid_against_the_ai(ShowEstimate::Always);
    let est = jobs(&fx)[0].clone();
    assert_eq!(est.purpose, Purpose::Estimate);
    done(&mut a, est.id, estimate("play=horizontal"));
    assert!(panel_text(&a, 36).contains("best play=horizontal"));
    update(&mut a, ch('v'));
    let text = panel_text(&a, 36);
    assert!(!text.contains("play="), "{text}");
    // With after_game the AI does not even estimate the side choice.
    let (_, fx) = bid_against_the_ai(ShowEstimate::AfterGame);
    assert!(jobs(&fx).is_empty(), "{fx:?}");
}

#[test]
fn a_hides_and_shows_the_ai_panel_and_the_help_lists_it() {
    let (mut a, _) = open([HUMAN, LEVEL_1], ShowEstimate::AfterGame, Duration::ZERO);
    assert!(render(&a).contains("waiting for you"));
    update(&mut a, ch('A'));
    assert!(play(&a).ai_panel_hidden());
    let screen = render(&a);
    assert!(!screen.contains("waiting for you"), "{screen}");
    update(&mut a, ch('?'));
    let help = render(&a);
    assert!(help.contains("hide or show the AI panel"), "{help}");
    update(&mut a, ch('x'));
    update(&mut a, ch('A'));
    assert!(render(&a).contains("waiting for you"));
}

#[test]
fn an_ai_against_ai_game_shows_each_ais_own_view_unless_never() {
    for (show, shown) in [
        (ShowEstimate::AfterGame, true),
        (ShowEstimate::Always, true),
        (ShowEstimate::Never, false),
    ] {
        let (mut a, fx) = open([LEVEL_1, Controller::Ai { level: 4 }], show, Duration::ZERO);
        let job = jobs(&fx)[0].clone();
        assert_eq!(job.purpose, Purpose::Turn);
        progress(&mut a, job.id, estimate("a1"));
        let text = panel_text(&a, 36);
        assert!(text.contains("AI level 1 thinking"), "{text}");
        assert_eq!(
            text.contains("AI level 1's own view"),
            shown,
            "{show:?}: {text}"
        );
        assert_eq!(text.contains("best a1"), shown, "{show:?}: {text}");
    }
}
