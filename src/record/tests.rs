use super::*;
use crate::files::tests::{dir_entries, temp_dir};
use crate::games::{AnyGame, Step};
use crate::games::{Describe, SearchHints};
use crate::rng::FastRng;

/// `GameKind::ALL`, after checking that each game starts: one that cannot fails the test.
fn all_games() -> [GameKind; GameKind::ALL.len()] {
    for k in GameKind::ALL {
        if let Err(e) = AnyGame::new(k, &GameOptions::defaults(k)) {
            panic!("{k} cannot start: {e}");
        }
    }
    GameKind::ALL
}

/// A session of `kind` after `random_steps` random steps (the bench policy), then — when
/// `finish` — played to its end by passing (or ending the turn, or taking Keil's button) as
/// soon as that is legal, so that even Keil's long random games end quickly.
fn random_session(kind: GameKind, seed: u64, random_steps: usize, finish: bool) -> Session {
    let mut s = Session::new(kind, GameOptions::defaults(kind)).unwrap();
    let mut rng = FastRng::seed(seed);
    let mut buf = Vec::new();
    for _ in 0..random_steps {
        if s.game().is_over() {
            break;
        }
        let step = s.game().random_step(&mut rng, &mut buf);
        s.play_step(step).unwrap();
    }
    while finish && !s.game().is_over() {
        s.game().legal_steps(&mut buf);
        let step = [Step::Pass, Step::End, Step::Button]
            .into_iter()
            .find(|x| buf.contains(x))
            .unwrap_or(buf[rng.below(buf.len())]);
        s.play_step(step).unwrap();
    }
    s
}

fn minimal(game: &str, extra: &str) -> String {
    format!("game = \"{game}\"\nstarted = 2025-01-31T18:00:00Z\nturns = []\n{extra}\n[options]\n")
}

#[test]
fn options_keep_only_what_the_game_uses() {
    for kind in all_games() {
        let s = Session::new(kind, GameOptions::defaults(kind)).unwrap();
        let r = Record::from_session(&s, Players::default(), utc_now());
        assert_eq!(r.options.size, Some(kind.default_size()));
        assert_eq!(r.options.protocol.is_some(), kind.has_komi(), "{kind}");
        assert_eq!(r.options.button.is_some(), kind == GameKind::Keil);
        assert_eq!(r.game_options().unwrap(), GameOptions::defaults(kind));
    }
}

#[test]
fn komi_is_written_as_a_number() {
    let r = Record {
        game: GameKind::Linage,
        started: utc_from_unix(0),
        result: None,
        turns: vec![],
        in_progress: vec![],
        options: RecordOptions {
            size: Some(7),
            protocol: Some(Protocol::Agreed),
            komi: Some(Komi(13)),
            button: None,
        },
        players: Players::default(),
        puzzle: None,
        hints: Vec::new(),
        analysis: None,
        clock: None,
    };
    let text = r.to_toml();
    assert!(text.contains("komi = 6.5"), "{text}");
    assert!(text.contains("started = 1970-01-01T00:00:00Z"), "{text}");
    assert_eq!(Record::from_toml(&text).unwrap(), r);
    let whole = text.replace("komi = 6.5", "komi = 6");
    assert_eq!(
        Record::from_toml(&whole).unwrap().options.komi,
        Some(Komi(12))
    );
    let float = text.replace("komi = 6.5", "komi = 6.0");
    assert_eq!(
        Record::from_toml(&float).unwrap().options.komi,
        Some(Komi(12))
    );
    let game_options = Record::from_toml(&text).unwrap().game_options().unwrap();
    assert_eq!(game_options.komi_half, 13);
    assert_eq!(game_options.protocol, Protocol::Agreed);
}

#[test]
fn fields_round_trip_through_toml() {
    let r = Record {
        game: GameKind::Keil,
        started: utc_from_unix(1_700_000_000),
        result: Some("W+2.5".into()),
        turns: vec!["d4".into(), "pass".into()],
        in_progress: vec![],
        options: RecordOptions {
            size: Some(5),
            protocol: Some(Protocol::Bid),
            komi: None,
            button: Some(ButtonMode::On),
        },
        players: Players {
            first: Player::human("Ann \"the quick\""),
            second: Player {
                engine: Some("mcts:ms=100".into()),
                ..Player::ai("tessera", 7)
            },
        },
        puzzle: Some(Puzzle {
            title: Some("Ladder".into()),
            goal: Some("White to live".into()),
            solution: vec!["e5".into()],
        }),
        hints: Vec::new(),
        analysis: None,
        clock: Some(RecordClock {
            control: "absolute:300".into(),
            left_ms: vec![[295_000, 300_000], [295_000, 290_500]],
        }),
    };
    let text = r.to_toml();
    assert_eq!(Record::from_toml(&text).unwrap(), r, "{text}");
    // The documented layout: plain keys first, arrays one element a line, tables last.
    let expected = r#"# tessera game record (see README.md, "Game records")
game = "keil"
started = 2023-11-14T22:13:20Z
result = "W+2.5"
turns = [
    "d4",
    "pass",
]

[options]
size = 5
protocol = "bid"
button = "on"

[players.first]
name = 'Ann "the quick"'
kind = "human"

[players.second]
name = "tessera"
kind = "ai"
level = 7
engine = "mcts:ms=100"

[puzzle]
title = "Ladder"
goal = "White to live"
solution = ["e5"]

[clock]
control = "absolute:300"
left_ms = [
    "295000 300000",
    "295000 290500",
]
"#;
    assert_eq!(text, expected);
}

#[test]
fn bad_fields_are_refused_with_the_reason() {
    let cases: &[(&str, &str)] = &[
        // (file text, expected part of the message)
        (
            "game = \"linage\"\nstarted = 2025-01-31T18:00:00Z\nturns = [\n",
            "line 3, column 10: unclosed array",
        ),
        (
            "game = \"linage\"\nstarted = 2025-01-31T18:00:00Z\nturns = []\n[options\n",
            "line 4, column",
        ),
        (
            "game = \"chess\"\nstarted = 2025-01-31T18:00:00Z\nturns = []\n[options]\n",
            "chess",
        ),
        (
            "started = 2025-01-31T18:00:00Z\nturns = []\n[options]\n",
            "game",
        ),
        ("game = \"linage\"\nturns = []\n[options]\n", "started"),
        (
            "game = \"linage\"\nstarted = 2025-01-31T18:00:00Z\n[options]\n",
            "turns",
        ),
        (
            "game = \"linage\"\nstarted = 2025-01-31\nturns = []\n[options]\n",
            "date and time",
        ),
        (
            "game = \"linage\"\nstarted = \"yesterday\"\nturns = []\n[options]\n",
            "datetime",
        ),
        (
            "game = \"linage\"\nstarted = 2025-01-31T18:00:00Z\nturns = [3]\n[options]\n",
            "string",
        ),
    ];
    for (text, expected) in cases {
        let e = Record::from_toml(text).unwrap_err().to_string();
        assert!(e.contains(expected), "{text:?} gave {e:?}");
    }
    let with = |extra: &str, options: &str| {
        let text = format!("{}{options}\n", minimal("linage", extra));
        Record::from_toml(&text).unwrap_err().to_string()
    };
    let e = with("", "size = 4");
    assert!(e.contains("size must be 5..19"), "{e}");
    let e = with("", "size = \"big\"");
    assert!(e.starts_with("line 6, column 8:"), "{e}");
    let e = with("", "komi = 6.3");
    assert!(e.contains("multiple of 0.5"), "{e}");
    let e = with("", "komi = -1");
    assert!(e.contains("multiple of 0.5"), "{e}");
    let e = with("", "protocol = \"auction\"");
    assert!(e.contains("auction"), "{e}");
    let e = with("", "button = \"maybe\"");
    assert!(e.contains("maybe"), "{e}");
    let e = with("", "colour = \"red\"");
    assert!(e.contains("colour"), "{e}");
    let e = with("moves = []", "");
    assert!(e.contains("moves"), "{e}");
    let players = |p: &str| {
        let text = format!(
            "{}[players.first]\n{p}\n[players.second]\nname = \"b\"\nkind = \"human\"\n",
            minimal("linage", "")
        );
        Record::from_toml(&text).unwrap_err().to_string()
    };
    let e = players("name = \"a\"\nkind = \"robot\"");
    assert!(e.contains("robot"), "{e}");
    let e = players("name = \"a\"\nkind = \"human\"\nlevel = 3");
    assert!(e.contains("human player has no level"), "{e}");
    let e = players("name = \"a\"\nkind = \"ai\"\nlevel = 11");
    assert!(e.contains("level 11"), "{e}");
    let e = players("kind = \"ai\"");
    assert!(e.contains("name"), "{e}");
}

#[test]
fn a_minimal_record_takes_the_defaults() {
    let r = Record::from_toml(&minimal("carteso", "")).unwrap();
    assert_eq!(
        r.game_options().unwrap(),
        GameOptions::defaults(GameKind::Carteso)
    );
    assert_eq!(r.players, Players::default());
    let r = Record::from_toml(&format!("{}komi = 0.5\n", minimal("linage", ""))).unwrap();
    let o = r.game_options().unwrap();
    assert_eq!((o.protocol, o.komi_half), (Protocol::Agreed, 1));
}

#[test]
fn sessions_round_trip_through_a_file() {
    let dir = temp_dir("round-trip");
    for kind in all_games() {
        for (seed, steps, finish) in [(1, 0, false), (2, 7, false), (3, 60, true)] {
            let s = random_session(kind, seed, steps, finish);
            let players = Players {
                first: Player::human("Ann"),
                second: Player::ai("tessera", 3),
            };
            let r = Record::from_session(&s, players, utc_now());
            let path = dir.join(format!("{kind}-{seed}.toml"));
            r.save(&path).unwrap();
            let (back, loaded) = Record::load(&path).unwrap();
            assert_eq!(back, r);
            assert_eq!(loaded.tokens(), s.tokens(), "{kind} {seed}");
            assert_eq!(loaded.pending(), s.pending(), "{kind} {seed}");
            assert_eq!(loaded.game().state_json(), s.game().state_json());
            assert_eq!(loaded.game().hash(), s.game().hash());
            if finish {
                assert!(s.game().is_over());
                assert_eq!(back.result, s.game().result_text());
                assert!(back.result.is_some());
            }
        }
    }
    assert!(dir_entries(&dir).iter().all(|f| f.ends_with(".toml")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_turns_are_refused_with_number_and_reason() {
    for kind in all_games() {
        let s = random_session(kind, 11, 40, true);
        let good = Record::from_session(&s, Players::default(), utc_now());
        assert!(good.turns.len() >= 3, "{kind}: {:?}", good.turns);
        let game = AnyGame::new(kind, &GameOptions::defaults(kind)).unwrap();
        // A token that is not a move at all.
        let mut r = good.clone();
        r.turns[1] = "zz99".into();
        match r.replay() {
            Err(RecordError::Turn {
                turn: 2,
                token,
                reason,
                ..
            }) => {
                assert_eq!(token, "zz99");
                assert!(!reason.is_empty());
            }
            other => panic!("{kind}: {other:?}"),
        }
        // A turn played twice: the second one is illegal (an occupied cell, or a bid token
        // out of turn) or at least not the same game.
        let mut r = good.clone();
        let first_place = s
            .turns()
            .iter()
            .position(|t| t.steps.iter().any(|st| st.is_place()))
            .expect("a random game places stones");
        r.turns
            .insert(first_place + 1, r.turns[first_place].clone());
        match r.replay() {
            Err(RecordError::Turn { turn, .. }) => assert!(turn >= first_place + 2),
            Err(RecordError::Invalid { field, .. }) => assert_eq!(field, "result"),
            other => panic!("{kind}: {other:?}"),
        }
        // A turn after the end.
        let mut r = good.clone();
        r.turns.push("pass".into());
        match r.replay() {
            Err(RecordError::Turn { turn, reason, .. }) => {
                assert_eq!(turn, good.turns.len() + 1);
                assert!(reason.contains("over"), "{reason}");
            }
            other => panic!("{kind}: {other:?}"),
        }
        // A result that the turns do not give.
        let mut r = good.clone();
        r.result = Some("nobody won".into());
        let e = r.replay().unwrap_err().to_string();
        assert!(e.contains("result: says 'nobody won'"), "{e}");
        // A result on an unfinished game is kept as written (resignations).
        let mut r = good.clone();
        r.turns.truncate(2);
        r.result = Some("B+R".into());
        assert!(r.replay().is_ok());
        // A step in progress on a finished game.
        let mut r = good.clone();
        r.in_progress = vec![game.format_step(Step::Pass)];
        assert!(
            matches!(r.replay(), Err(RecordError::Step { .. })),
            "{kind}"
        );
        // A puzzle solution that is not legal.
        let mut r = good.clone();
        r.turns.truncate(2);
        r.result = None;
        r.puzzle = Some(Puzzle {
            solution: vec![good.turns[2].clone(), "nonsense".into()],
            ..Puzzle::default()
        });
        match r.replay() {
            Err(RecordError::Solution { turn: 2, token, .. }) => assert_eq!(token, "nonsense"),
            other => panic!("{kind}: {other:?}"),
        }
    }
}

#[test]
fn a_refused_load_changes_nothing_on_disk() {
    let dir = temp_dir("refused");
    let path = dir.join("game.toml");
    let text = format!("{}size = 4\n", minimal("linage", ""));
    std::fs::write(&path, &text).unwrap();
    assert!(Record::load(&path).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert_eq!(dir_entries(&dir), vec!["game.toml"]);
    let missing = Record::load(&dir.join("missing.toml")).unwrap_err();
    assert!(matches!(missing, RecordError::Read { .. }));
    assert!(missing.to_string().contains("missing.toml"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_that_cannot_be_made_is_reported() {
    let dir = temp_dir("unsaved");
    let record = Record::from_toml(&minimal("linage", "")).unwrap();
    let e = record.save(&dir.join("no/such/dir/x.toml")).unwrap_err();
    assert!(matches!(e, RecordError::Write { .. }), "{e}");
    assert!(dir_entries(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn problems_after_parsing_give_the_line_of_the_field() {
    let head = "game = \"linage\"\nstarted = 2025-01-31T18:00:00Z\n";
    let load = |text: &str| Record::from_toml_replayed(text).unwrap_err().to_string();
    // A turn: the line of its token.
    let text = format!(
        "{head}turns = [\n  \"komi=6.5\",\n  \"play=vertical\",\n  \"zz99\",\n]\n[options]\n"
    );
    let e = load(&text);
    assert!(e.starts_with("line 6, column 3: turn 3 'zz99': "), "{e}");
    // An option out of range, in a table or inline.
    let e = load(&format!("{head}turns = []\n[options]\nsize = 99\n"));
    assert_eq!(
        e,
        "line 5, column 8: options.size: linage size must be 5..19, not 99"
    );
    let e = load(&format!("{head}turns = []\noptions = {{ size = 4 }}\n"));
    assert!(e.starts_with("line 4, column 20: options.size:"), "{e}");
    // A komi larger than the board (checked by the game).
    let e = load(&format!(
        "{head}turns = []\n[options]\nsize = 5\nkomi = 26\n"
    ));
    assert!(
        e.starts_with("line 6, column 8: options.komi: komi 26 is more than"),
        "{e}"
    );
    // A level out of range.
    let e = load(&format!(
        "{head}turns = []\n[options]\n[players.first]\nname = \"a\"\nkind = \"human\"\n\
         [players.second]\nname = \"b\"\nkind = \"ai\"\nlevel = 0\n"
    ));
    assert_eq!(
        e,
        "line 11, column 9: players.second.level: level 0 is not in 1..10"
    );
    // A result the turns contradict.
    let text = format!(
        "{head}result = \"V+8.5\"\nturns = [\"komi=0\", \"play=vertical\", \"pass\", \"pass\"]\n\
         [options]\nsize = 5\n"
    );
    let e = load(&text);
    assert!(
        e.starts_with("line 3, column 10: result: says 'V+8.5' but the turns give"),
        "{e}"
    );
    // A step in progress and a puzzle solution.
    let e = load(&format!(
        "{head}turns = [\"komi=0\", \"play=vertical\"]\nin_progress = [\"c3\"]\n[options]\n"
    ));
    assert!(
        e.starts_with("line 4, column 16: turn 3 (in progress), step 'c3'"),
        "{e}"
    );
    let e = load(&format!(
        "{head}turns = [\"komi=0\", \"play=vertical\"]\n[options]\n\
         [puzzle]\nsolution = [\"c3\", \"c3\"]\n"
    ));
    assert!(
        e.starts_with("line 6, column 19: puzzle solution turn 2 'c3'"),
        "{e}"
    );
    // Errors found by the parser keep its span.
    let e = load(&format!("{head}turns = []\n[options]\nsize = \"big\"\n"));
    assert!(e.starts_with("line 5, column 8:"), "{e}");
}

#[test]
fn komi_with_the_bid_is_a_contradiction() {
    let text = format!("{}protocol = \"bid\"\nkomi = 5000\n", minimal("linage", ""));
    let e = Record::from_toml(&text).unwrap_err();
    assert!(matches!(&e, RecordError::Invalid { field, .. } if field == "options.komi"));
    let e = e.to_string();
    assert!(
        e.starts_with("line 7, column 8: options.komi: komi=X and protocol=bid"),
        "{e}"
    );
    // Each alone is fine.
    let text = format!("{}protocol = \"bid\"\n", minimal("linage", ""));
    assert!(Record::from_toml(&text).is_ok());
    let text = format!("{}komi = 5\n", minimal("linage", ""));
    assert!(Record::from_toml(&text).is_ok());
}

#[test]
fn invisible_characters_in_tokens_are_shown_escaped() {
    let text = "game = \"carteso\"\nstarted = 2025-01-31T18:00:00Z\n\
                turns = [\"komi=0\", \"play=vertical\", \"\u{feff}Bc3\"]\n[options]\n";
    let e = Record::from_toml_replayed(text).unwrap_err().to_string();
    assert!(
        e.contains("turn 3 '\\u{feff}Bc3': '\\u{feff}Bc3' is not"),
        "{e}"
    );
    assert!(!e.contains("'Bc3'"), "{e}");
}

#[test]
fn a_file_that_is_not_utf8_gives_the_place_of_the_bad_byte() {
    let dir = temp_dir("record-utf8");
    let path = dir.join("game.toml");
    let mut bytes = minimal("linage", "").into_bytes();
    bytes.extend_from_slice(b"size = 9 # caf\xe9\n");
    std::fs::write(&path, &bytes).unwrap();
    let e = Record::load(&path).unwrap_err();
    assert!(matches!(e, RecordError::Read { .. }), "{e:?}");
    let e = e.to_string();
    assert!(
        e.ends_with(
            "game.toml: line 6, column 15: byte 0xe9 is not UTF-8 text (save the file as UTF-8)"
        ),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn reviewed_linage() -> Record {
    let mut r = Record::from_toml(&minimal("linage", "")).unwrap();
    r.options.komi = Some(Komi(1));
    r.options.protocol = Some(Protocol::Agreed);
    r.turns = vec!["c3".into(), "pass".into()];
    r.hints = vec![1];
    r.analysis = Some(StoredReview {
        engine: "level:10,ms=500".into(),
        win_rate: vec![0.5, 0.625, 0.25],
        margin: vec![0.5, 3.25, -2.0],
        best: vec!["c3".into(), "b2".into(), "a1".into()],
        checks: Vec::new(),
    });
    r
}

#[test]
fn a_record_with_analysis_round_trips() {
    let r = reviewed_linage();
    let text = r.to_toml();
    assert!(text.contains("[analysis]"), "{text}");
    assert!(text.contains("hints = [1]"), "{text}");
    let back = Record::from_toml(&text).unwrap();
    assert_eq!(back, r, "{text}");
    back.replay().unwrap();
    // Saved and loaded from a file too.
    let dir = temp_dir("analysis-round-trip");
    let path = dir.join("reviewed.toml");
    r.save(&path).unwrap();
    assert_eq!(Record::load(&path).unwrap().0, r);
}

#[test]
fn a_record_without_analysis_still_loads() {
    let r = Record::from_toml(&minimal("keil", "")).unwrap();
    assert_eq!(r.analysis, None);
    assert!(r.hints.is_empty());
    assert!(!r.to_toml().contains("analysis"));
}

#[test]
fn a_bad_analysis_section_is_refused_with_its_field() {
    let mut r = reviewed_linage();
    r.analysis.as_mut().unwrap().best.pop();
    let err = Record::from_toml(&r.to_toml()).unwrap_err().to_string();
    assert!(err.contains("analysis.best"), "{err}");
    let mut r = reviewed_linage();
    r.analysis.as_mut().unwrap().win_rate[1] = 1.5;
    let err = Record::from_toml(&r.to_toml()).unwrap_err().to_string();
    assert!(err.contains("analysis.win_rate"), "{err}");
    let mut r = reviewed_linage();
    let a = r.analysis.as_mut().unwrap();
    a.win_rate.push(0.5);
    a.best.push(String::new());
    a.margin.push(0.0);
    let err = Record::from_toml(&r.to_toml()).unwrap_err().to_string();
    assert!(
        err.contains("3 turns") || err.contains("positions"),
        "{err}"
    );
    let mut r = reviewed_linage();
    r.hints = vec![9];
    let err = Record::from_toml(&r.to_toml()).unwrap_err().to_string();
    assert!(err.contains("hints"), "{err}");
}

#[test]
fn an_analysis_from_before_win_rate_lost_loads_and_the_new_fields_round_trip() {
    let mut r = reviewed_linage();
    let old = format!(
        "{}\n[[analysis.checks]]\nturn = 2\nms = 2000\nplayed = 0.25\nbest = 0.6\n",
        r.to_toml()
    );
    let back = Record::from_toml(&old).unwrap();
    let c = &back.analysis.as_ref().unwrap().checks[0];
    assert_eq!(
        (c.turn, c.win_rate_lost, c.preferred.as_deref()),
        (2, None, None)
    );
    assert!(!c.second_look);
    // Written now, a check carries what the turn lost.
    r.analysis.as_mut().unwrap().checks.push(TurnCheck {
        turn: 2,
        ms: 1000,
        preferred: Some("b2".into()),
        played: 0.25,
        best: 0.6,
        played_margin: Some(-2.0),
        best_margin: Some(1.5),
        win_rate_lost: Some(0.35),
        points_lost: Some(3.5),
        second_look: true,
    });
    let text = r.to_toml();
    assert!(
        text.contains("win_rate_lost = 0.35") && text.contains("points_lost = 3.5"),
        "{text}"
    );
    assert_eq!(Record::from_toml(&text).unwrap(), r);
}

#[test]
fn a_clock_section_is_checked_and_old_records_load_without_one() {
    let base = "game = \"linage\"\nstarted = 2025-01-01T00:00:00Z\nturns = [\"komi=6.5\"]\n\n[options]\nsize = 9\n";
    assert_eq!(Record::from_toml(base).unwrap().clock, None);
    let ok = format!("{base}\n[clock]\ncontrol = \"move:30\"\nleft_ms = [\"30000 30000\"]\n");
    let c = Record::from_toml(&ok).unwrap().clock.unwrap();
    assert_eq!(c.left_ms, vec![[30_000, 30_000]]);
    let bad = ok.replace("move:30", "hourglass");
    let e = Record::from_toml(&bad).unwrap_err().to_string();
    assert!(e.contains("clock.control"), "{e}");
    let long = ok.replace("[\"30000 30000\"]", "[\"1 2\", \"3 4\"]");
    let e = Record::from_toml(&ok.replace("30000 30000", "30000"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("two numbers"), "{e}");
    let e = Record::from_toml(&long).unwrap_err().to_string();
    assert!(
        e.contains("clock.left_ms") && e.contains("2 entries for 1 turns"),
        "{e}"
    );
}
