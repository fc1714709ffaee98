//! Puzzle mode through the pure `update`: open a puzzle from the list, a wrong turn shown with
//! its refutation and taken back, the right turn answered by the solver's defence, another
//! still-winning turn accepted, the streak and the saved progress, hint, give up and the main
//! line. The solver's jobs are answered here on the test's thread, as the runtime's worker
//! would.

use crate::games::{Game, GameKind, Step};
use crate::puzzle::set;
use crate::puzzle::Solver;
use crate::tui::app::{update, App, Msg, Screen};
use crate::tui::effect::Effect;
use crate::tui::form::Selection;
use crate::tui::puzzle::job::{self, Job, Question};
use crate::tui::puzzle::progress::{Progress, Status};
use crate::tui::puzzle::screen::Phase;
use crate::tui::puzzle::{PuzzleList, PuzzleScreen};
use crate::tui::testing::{app, ch, key, render, run_jobs};
use crate::tui::testing::{puzzle_screen as puzzle, puzzle_screen_mut as puzzle_mut};
use ratatui::crossterm::event::KeyCode;

/// A Linage 5×5 puzzle: Vertical wins in 5 with b3 only.
const SET: &str = include_str!("../../../tests/data/linage-5x5-puzzle.toml");

fn list() -> PuzzleList {
    let mut entries = set::parse(SET).unwrap().entries;
    // A second entry (the same position) to go on to with `n`.
    let mut second = entries[0].clone();
    second.id = "linage-0002".into();
    second.rating = 20.0;
    entries.push(second);
    PuzzleList {
        sets: vec![(GameKind::Linage, entries)],
        game: Selection::default(),
        selected: Selection::default(),
        progress: Progress::default(),
        problems: Vec::new(),
    }
}

fn opened() -> App {
    let mut a = app(100, 40);
    a.screen = Screen::PuzzleList(list());
    update(&mut a, key(KeyCode::Enter));
    a
}

/// Places a stone at the named cell (cursor there, Enter), answering the solver's job.
fn place(a: &mut App, name: &str) -> Vec<Effect> {
    let cell = match puzzle(a).game().parse_step(name).unwrap() {
        Step::Place { cell, .. } => cell,
        s => panic!("{s:?}"),
    };
    puzzle_mut(a).set_cursor(cell);
    let fx = update(a, key(KeyCode::Enter));
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Solve(_))),
        "a whole turn goes to the solver: {fx:?} {}",
        note(a)
    );
    assert!(matches!(puzzle(a).phase(), Phase::Judging(_)));
    run_jobs(a, fx)
}

/// A wrong first turn of the fixture: any legal placement but b3.
fn wrong_first_turn(a: &App) -> String {
    let g = puzzle(a).game().clone();
    let mut steps = Vec::new();
    g.legal_steps(&mut steps);
    steps
        .iter()
        .filter(|s| s.cell().is_some())
        .map(|&s| g.format_step(s))
        .find(|t| t != "b3")
        .expect("another legal placement")
}

fn note(a: &App) -> String {
    puzzle(a).note().map(|n| n.text.clone()).unwrap_or_default()
}

fn saved_progress(fx: &[Effect]) -> Option<&Progress> {
    fx.iter().rev().find_map(|e| match e {
        Effect::SavePuzzleProgress(p) => Some(p),
        _ => None,
    })
}

#[test]
fn menu_opens_the_puzzle_list_and_asks_for_the_progress() {
    let mut a = app(100, 40);
    let fx = update(&mut a, ch('p'));
    assert!(matches!(a.screen, Screen::PuzzleList(_)), "{:?}", a.screen);
    assert!(fx.iter().any(|e| matches!(e, Effect::LoadPuzzleProgress)));
    let p = Progress {
        best_streak: 4,
        ..Progress::default()
    };
    update(&mut a, Msg::PuzzleProgress(Ok(p)));
    let screen = render(&a);
    assert!(screen.contains("best streak 4"), "{screen}");
    assert!(screen.contains("Linage"), "{screen}");
}

#[test]
fn a_wrong_turn_is_refuted_and_taken_back_then_the_puzzle_is_solved() {
    let mut a = opened();
    let screen = render(&a);
    assert!(
        screen.contains("Vertical to win in 3 turns of yours (5 in all)"),
        "{screen}"
    );
    // A wrong first turn (any legal placement but b3): shown with the refutation, then
    // taken back.
    let wrong = wrong_first_turn(&a);
    let fx = place(&mut a, &wrong);
    assert!(matches!(puzzle(&a).phase(), Phase::Wrong(_)));
    let text = note(&a);
    assert!(
        text.starts_with(&format!("after {wrong}, Horizontal escapes with"))
            && text.contains("Taken back"),
        "{text}"
    );
    let p = saved_progress(&fx).expect("the mistake is saved");
    assert_eq!(p.status("linage-0001"), Some(Status::Failed));
    assert!(render(&a).contains("wrong"));
    // The next key takes it back: the position is the puzzle's again.
    update(&mut a, key(KeyCode::Left));
    assert!(matches!(puzzle(&a).phase(), Phase::Move));
    assert_eq!(puzzle(&a).game().turns_completed(), 14);
    // The right turn: Horizontal answers with its most resistant defence, c1.
    place(&mut a, "b3");
    assert!(note(&a).contains("Horizontal answers c1"), "{}", note(&a));
    assert_eq!(puzzle(&a).plies_left(), 3);
    assert!(render(&a).contains("Vertical to win in 2 turns of yours (3 in all)"));
    // Any turn that still wins in the 3 plies left is accepted, not only the main line's e5.
    let g = puzzle(&a).game().clone();
    let winners = Solver::with_megabytes(4)
        .turns_winning(&g, g.to_move(), 3, usize::MAX)
        .unwrap();
    let tokens: Vec<String> = winners.iter().map(|t| g.format_turn(t)).collect();
    assert!(tokens.contains(&"e5".to_string()), "{tokens:?}");
    assert_eq!(
        tokens,
        ["e5"],
        "(the other test covers several winning turns)"
    );
    place(&mut a, "e5");
    assert!(note(&a).contains("right"), "{}", note(&a));
    // Then the last turn (a pass ends it).
    let fx = update(&mut a, ch('p'));
    let fx = run_jobs(&mut a, fx);
    assert!(
        matches!(puzzle(&a).phase(), Phase::Solved),
        "{:?} {}",
        puzzle(&a).phase(),
        note(&a)
    );
    assert!(
        note(&a).contains("with help (a wrong turn)"),
        "{}",
        note(&a)
    );
    let p = saved_progress(&fx).expect("the solve is saved");
    assert_eq!(p.status("linage-0001"), Some(Status::SolvedAfterMistake));
    assert_eq!(p.streak, 0, "a solve with help adds nothing to the streak");
    // The panel and the list say the same.
    let screen = render(&a);
    assert!(screen.contains("in the list: solved with help"), "{screen}");

    // After it: the main line, stepped with [ ].
    update(&mut a, ch('['));
    assert_eq!(puzzle(&a).line_at(), Some(4));
    update(&mut a, ch('['));
    update(&mut a, ch(']'));
    assert_eq!(puzzle(&a).line_at(), Some(4));
    assert!(note(&a).contains("main line 4/5"), "{}", note(&a));
    // n: the next puzzle of the list.
    update(&mut a, ch('n'));
    assert_eq!(puzzle(&a).entry.id, "linage-0002");
    // The list says what the panel said.
    update(&mut a, key(KeyCode::Esc));
    let screen = render(&a);
    assert!(screen.contains("1 of 2 solved (1 with help)"), "{screen}");
    let row = screen.lines().find(|l| l.contains("linage-0001")).unwrap();
    assert!(row.contains("solved with help"), "{row}");
}

#[test]
fn a_clean_solve_grows_the_streak_and_the_best_streak() {
    let mut a = opened();
    place(&mut a, "b3");
    place(&mut a, "e5");
    let fx = update(&mut a, ch('p'));
    let fx = run_jobs(&mut a, fx);
    assert!(matches!(puzzle(&a).phase(), Phase::Solved), "{}", note(&a));
    let p = saved_progress(&fx).expect("saved");
    assert_eq!((p.streak, p.best_streak), (1, 1));
    assert_eq!(p.status("linage-0001"), Some(Status::Solved));
    assert!(note(&a).contains("Streak 1"), "{}", note(&a));
    // Esc: back to the list, which shows it solved.
    update(&mut a, key(KeyCode::Esc));
    let screen = render(&a);
    assert!(screen.contains("1 of 2 solved"), "{screen}");
    assert!(screen.contains("solved"), "{screen}");
}

/// The solver job that `H` asked for.
fn hint_job(fx: &[Effect]) -> Job {
    fx.iter()
        .find_map(|e| match e {
            Effect::Solve(j) => Some(j.clone()),
            _ => None,
        })
        .expect("a hint job")
}

/// A win reached after a hint is "solved with help", and the message says it was a hint (not
/// a mistake: no wrong turn was played).
#[test]
fn a_solve_after_a_hint_is_solved_with_help() {
    let mut a = opened();
    let fx = update(&mut a, ch('H'));
    let job = hint_job(&fx);
    update(&mut a, Msg::PuzzleReply(job::answer(&job)));
    place(&mut a, "b3");
    place(&mut a, "e5");
    let fx = update(&mut a, ch('p'));
    let fx = run_jobs(&mut a, fx);
    assert!(matches!(puzzle(&a).phase(), Phase::Solved), "{}", note(&a));
    assert!(note(&a).contains("with help (a hint)"), "{}", note(&a));
    assert!(!note(&a).contains("mistake"), "{}", note(&a));
    let p = saved_progress(&fx).expect("saved");
    assert_eq!(p.status("linage-0001"), Some(Status::SolvedAfterMistake));
    assert!(render(&a).contains("in the list: solved with help"));
}

#[test]
fn hint_and_give_up() {
    let mut a = opened();
    let fx = update(&mut a, ch('H'));
    let job = hint_job(&fx);
    assert!(matches!(job.question, Question::Hint { plies: 5, .. }));
    assert_eq!(
        saved_progress(&fx).map(|p| p.streak),
        Some(0),
        "a hint ends the streak"
    );
    // While the solver thinks, placing does nothing.
    assert!(update(&mut a, key(KeyCode::Enter)).is_empty());
    update(&mut a, Msg::PuzzleReply(job::answer(&job)));
    assert!(
        note(&a).contains("hint: the turn starts at b3"),
        "{}",
        note(&a)
    );
    let b3 = puzzle(&a).board().cursor();
    assert_eq!(puzzle(&a).game().geometry().name(b3), "b3");
    // A stale answer (an old job id) is dropped.
    let mut stale = job::answer(&job);
    stale.answer = job::Answer::Hint(None);
    update(&mut a, Msg::PuzzleReply(stale));
    assert!(note(&a).contains("b3"));
    // g: the solution, shown at its end; [ steps back to the start.
    update(&mut a, ch('g'));
    assert!(matches!(puzzle(&a).phase(), Phase::GaveUp));
    assert!(note(&a).contains("b3 c1 e5 pass pass"), "{}", note(&a));
    assert!(puzzle(&a).game().is_over());
    // Given up: failed, in the panel and in the list alike.
    let screen = render(&a);
    assert!(screen.contains("failed: given up"), "{screen}");
    assert!(screen.contains("in the list: failed"), "{screen}");
    assert_eq!(puzzle(&a).record(), Some(Status::Failed));
    for _ in 0..5 {
        update(&mut a, ch('['));
    }
    assert_eq!(puzzle(&a).line_at(), Some(0));
    assert_eq!(puzzle(&a).game().turns_completed(), 14);
    // Exploring freely afterwards: any legal stone, no solver.
    let fx = update(&mut a, key(KeyCode::Enter));
    assert!(fx.iter().all(|e| !matches!(e, Effect::Solve(_))));
}

/// After the first turn, any turn that still wins in the plies left is accepted: found in the
/// shipped Linage set, a position where the player has a winning turn besides the main line's.
#[test]
fn after_the_first_turn_any_winning_turn_is_accepted() {
    let full = PuzzleList::new(Some(GameKind::Linage));
    let mut solver = Solver::with_megabytes(16);
    let mut found = None;
    for (i, e) in full.entries().iter().enumerate() {
        if e.win_in < 5 || e.win_in > 7 {
            continue;
        }
        let p = PuzzleScreen::open(full.clone(), i).unwrap();
        let mut g = p.game().clone();
        for token in &e.solution[..2] {
            for s in g.parse_turn(token).unwrap() {
                g.play(s);
            }
        }
        let winners = solver
            .turns_winning(&g, g.to_move(), e.win_in - 2, 3)
            .unwrap();
        let other = winners
            .iter()
            .map(|t| g.format_turn(t))
            .find(|t| *t != e.solution[2] && !t.contains(',') && t != "pass");
        if let Some(t) = other {
            found = Some((i, t));
            break;
        }
    }
    let (i, other) = found.expect("a shipped Linage puzzle with two winning second turns");
    let mut a = app(100, 40);
    let mut l = full;
    l.selected = Selection::at(i);
    a.screen = Screen::PuzzleList(l);
    update(&mut a, key(KeyCode::Enter));
    let first = puzzle(&a).entry.solution[0].clone();
    place(&mut a, &first);
    assert!(note(&a).contains("right"), "{}", note(&a));
    place(&mut a, &other);
    assert!(
        note(&a).starts_with(&format!("{other}: right")),
        "{other}: {}",
        note(&a)
    );
}

#[test]
fn the_puzzle_screen_at_80x24() {
    let mut a = opened();
    update(&mut a, Msg::Resize(80, 24));
    insta::assert_snapshot!(render(&a));
}

/// The list and the panel agree on every result: new, failed after a wrong turn (before
/// solving), solved with help, solved; the list's header counts the same.
#[test]
fn the_list_and_the_panel_agree_on_the_result() {
    let mut a = opened();
    let panel_says = |a: &App| {
        let screen = render(a);
        let line = screen
            .lines()
            .find(|l| l.contains("in the list: "))
            .unwrap_or_else(|| panic!("{screen}"))
            .to_string();
        line[line.find("in the list: ").unwrap() + 13..]
            .trim()
            .to_string()
    };
    let list_says = |a: &mut App| {
        update(a, key(KeyCode::Esc));
        let screen = render(a);
        let row = screen
            .lines()
            .find(|l| l.contains("linage-0001"))
            .unwrap()
            .to_string();
        update(a, key(KeyCode::Enter));
        row
    };
    assert_eq!(panel_says(&a), "new");
    assert!(list_says(&mut a).trim_end().ends_with("new"));
    // A wrong turn: failed at once (leaving now keeps it so).
    let wrong = wrong_first_turn(&a);
    place(&mut a, &wrong);
    assert_eq!(panel_says(&a), "failed");
    assert!(list_says(&mut a).trim_end().ends_with("failed"));
    // Back in it (a fresh try: no mistake yet), solved cleanly: solved in both.
    place(&mut a, "b3");
    place(&mut a, "e5");
    let fx = update(&mut a, ch('p'));
    run_jobs(&mut a, fx);
    assert!(matches!(puzzle(&a).phase(), Phase::Solved), "{}", note(&a));
    assert_eq!(panel_says(&a), "solved");
    assert!(render(&a).contains("solved"));
    let row = list_says(&mut a);
    assert!(row.trim_end().ends_with("solved"), "{row}");
    update(&mut a, key(KeyCode::Esc));
    assert!(render(&a).contains("1 of 2 solved ·"), "{}", render(&a));
}
