use super::*;
use crate::games::Step;

/// Feeds `input` to the engine and returns the raw output.
fn talk(gtp: &mut Gtp, input: &str) -> String {
    let mut out = Vec::new();
    gtp.serve(input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// Splits raw output into responses (each without its closing empty line), checking that every
/// response ends with exactly one empty line.
fn responses(output: &str) -> Vec<String> {
    assert!(output.is_empty() || output.ends_with("\n\n"), "{output:?}");
    output
        .split_terminator("\n\n")
        .map(str::to_string)
        .collect()
}

/// One command, through the line protocol; returns `Ok(text)` for `= text`, `Err(reason)` for
/// `? reason`.
fn ask(gtp: &mut Gtp, command: &str) -> Result<String, String> {
    let out = talk(gtp, &format!("{command}\n"));
    let r = responses(&out);
    assert_eq!(r.len(), 1, "{command}: {out:?}");
    let r = &r[0];
    if let Some(text) = r.strip_prefix("= ") {
        Ok(text.to_string())
    } else if let Some(reason) = r.strip_prefix("? ") {
        Err(reason.to_string())
    } else {
        panic!("{command}: malformed response {r:?}")
    }
}

fn state(gtp: &mut Gtp) -> serde_json::Value {
    serde_json::from_str(&ask(gtp, "tessera-state").unwrap()).unwrap()
}

/// `GameKind::ALL`, after checking that each game starts: one that cannot fails the test.
fn all_games() -> [GameKind; GameKind::ALL.len()] {
    for k in GameKind::ALL {
        if let Err(e) = Session::new(k, GameOptions::defaults(k)) {
            panic!("{k} cannot start: {e}");
        }
    }
    GameKind::ALL
}

#[test]
fn framing_ids_comments_and_whitespace() {
    let mut gtp = Gtp::new(Some(1));
    let out = talk(
        &mut gtp,
        "protocol_version\n\
         7 name\n\
         \n   \n\
         # a comment line\n\
         version # trailing comment\n\
         \t8\tknown_command\tplay\r\n\
         9 known_command frobnicate\n\
         na\x01me\n\
         10\n\
         11 frobnicate\n",
    );
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        out,
        format!(
            "= 2\n\n=7 tessera\n\n= {version}\n\n=8 true\n\n=9 false\n\n= tessera\n\n\
             ?10 no command after the id\n\n?11 unknown command\n\n"
        )
    );
}

#[test]
fn quit_answers_and_stops() {
    let mut gtp = Gtp::new(Some(1));
    let out = talk(&mut gtp, "name\n5 quit\nname\n");
    assert_eq!(out, "= tessera\n\n=5 \n\n");
    // End of input without quit simply ends the session.
    assert_eq!(talk(&mut gtp, "name"), "= tessera\n\n");
    assert_eq!(talk(&mut gtp, ""), "");
}

#[test]
fn every_listed_command_is_known_and_handled() {
    let mut gtp = Gtp::new(Some(1));
    let listed = ask(&mut gtp, "list_commands").unwrap();
    assert_eq!(listed.lines().collect::<Vec<_>>(), COMMANDS);
    for name in COMMANDS {
        assert_eq!(
            ask(&mut gtp, &format!("known_command {name}")),
            Ok("true".into())
        );
        if name != "quit" {
            let reply = gtp.execute(name, &["zz", "zz", "zz"]);
            assert_ne!(reply, Err(GtpError::UnknownCommand), "{name}");
        }
    }
    assert_eq!(ask(&mut gtp, "known_command PLAY"), Ok("false".into()));
}

#[test]
fn argument_counts_are_checked() {
    let mut gtp = Gtp::new(Some(1));
    for command in [
        "known_command",
        "boardsize",
        "boardsize 9 9",
        "clear_board now",
        "komi",
        "play black",
        "play",
        "genmove",
        "genmove black white",
        "undo 2",
        "tessera-play",
        "tessera-play a b",
        "tessera-step",
        "tessera-analyze",
    ] {
        let e = ask(&mut gtp, command).unwrap_err();
        assert!(e.starts_with("syntax error: usage is '"), "{command}: {e}");
    }
    assert!(ask(&mut gtp, "tessera-analyze soon")
        .unwrap_err()
        .contains("milliseconds"));
    assert!(ask(&mut gtp, "boardsize nine")
        .unwrap_err()
        .contains("not a board size"));
    assert!(ask(&mut gtp, "komi lots").unwrap_err().contains("komi"));
}

#[test]
fn bad_game_commands_change_nothing() {
    let mut gtp = Gtp::new(Some(1));
    let before = gtp.session().map(|s| s.game().state_json());
    for (command, expected) in [
        ("tessera-game", "needs a game name"),
        ("tessera-game chess", "unknown game 'chess'"),
        ("tessera-game linage size=3", "size must be 5..19"),
        ("tessera-game keil size=13", "size must be 3..12"),
        ("tessera-game linage komi=0.3", "multiple of 0.5"),
        ("tessera-game linage protocol=auction", "protocol must be"),
        ("tessera-game keil button=maybe", "button must be"),
        ("tessera-game linage colour=red", "unknown option 'colour'"),
        ("tessera-game linage 9", "expected key=value"),
    ] {
        let e = ask(&mut gtp, command).unwrap_err();
        assert!(e.contains(expected), "{command}: {e}");
        assert_eq!(gtp.session().map(|s| s.game().state_json()), before);
    }
}

#[test]
fn colours_name_sides() {
    use GameKind::*;
    for kind in GameKind::ALL {
        assert_eq!(parse_colour(kind, "black"), Some(Side::First));
        assert_eq!(parse_colour(kind, "B"), Some(Side::First));
        assert_eq!(parse_colour(kind, "white"), Some(Side::Second));
        assert_eq!(parse_colour(kind, "w"), Some(Side::Second));
        let square = matches!(kind, Carteso | Linage);
        assert_eq!(parse_colour(kind, "vertical").is_some(), square, "{kind}");
        assert_eq!(
            parse_colour(kind, "h"),
            square.then_some(Side::Second),
            "{kind}"
        );
        assert_eq!(parse_colour(kind, "red"), None);
    }
}

#[test]
fn starts_with_the_first_game_of_the_build() {
    let gtp = Gtp::new(Some(1));
    let kind = all_games()[0];
    let s = gtp.session().unwrap();
    assert_eq!(s.kind(), kind);
    assert_eq!(s.options(), &GameOptions::defaults(kind));
}

/// Plays every game through `genmove` for 40 turns, checking at each turn that the
/// generated turn began with a step `tessera-legal` listed, that bad commands change nothing,
/// that `undo` restores the state and that `play` of the generated token gives it back; then
/// ends the game with `tessera-step` (pass, end or button as soon as legal: Keil's random games
/// are very long) and checks the finished game's answers.
#[test]
fn random_games_through_the_protocol() {
    for kind in all_games() {
        let mut gtp = Gtp::new(Some(3));
        ask(&mut gtp, &format!("tessera-game {kind}")).unwrap();
        assert!(ask(&mut gtp, "undo").unwrap_err().contains("cannot undo"));
        let mut checked = 0;
        loop {
            let st = state(&mut gtp);
            let legal = ask(&mut gtp, "tessera-legal").unwrap();
            if st["over"] == true {
                assert_eq!(legal, "", "{kind}");
                break;
            }
            if checked == 40 {
                let words: Vec<&str> = legal.split(' ').collect();
                let step = ["pass", "end", "button"]
                    .into_iter()
                    .find(|w| words.contains(w))
                    .unwrap_or(words[0]);
                ask(&mut gtp, &format!("tessera-step {step}")).unwrap();
                assert!(
                    st["turn"].as_u64().unwrap() < 5000,
                    "{kind}: the game does not end"
                );
                continue;
            }
            checked += 1;
            let to_move = st["to_move"].as_str().unwrap().to_string();
            let before = gtp.session().unwrap().game().clone();
            let other = before.side_name(before.to_move().other());
            // Refused commands leave the state as it was.
            for bad in [
                format!("genmove {other}"),
                format!("play {other} pass"),
                format!("play {to_move} zz99"),
                format!("play {to_move} "),
                "tessera-play zz99".into(),
                "tessera-step zz99".into(),
                "komi 0.5".into(),
            ] {
                if bad == "komi 0.5" && (st["turn"] == 0 || !kind.has_komi()) {
                    continue;
                }
                assert!(ask(&mut gtp, &bad).is_err(), "{kind}: {bad}");
                assert_eq!(state(&mut gtp), st, "{kind}: {bad}");
            }
            let token = ask(&mut gtp, &format!("genmove {to_move}")).unwrap();
            let turn = gtp.session().unwrap().turns().last().unwrap().clone();
            assert_eq!(turn.token, token);
            let first_step = before.format_step(turn.steps[0]);
            assert!(
                legal.split(' ').any(|w| w == first_step),
                "{kind}: {first_step} not in {legal}"
            );
            let after = state(&mut gtp);
            assert_eq!(after["turn"], st["turn"].as_u64().unwrap() + 1);
            ask(&mut gtp, "undo").unwrap();
            assert_eq!(state(&mut gtp), st, "{kind}: undo after {token}");
            ask(&mut gtp, &format!("play {to_move} {token}")).unwrap();
            assert_eq!(state(&mut gtp), after, "{kind}: replay of {token}");
        }
        let result = gtp.session().unwrap().game().result_text().unwrap();
        assert_eq!(ask(&mut gtp, "final_score"), Ok(result));
        assert!(ask(&mut gtp, "genmove b").unwrap_err().contains("over"));
        assert!(ask(&mut gtp, "tessera-play pass")
            .unwrap_err()
            .contains("over"));
        assert!(ask(&mut gtp, "tessera-step pass")
            .unwrap_err()
            .contains("over"));
    }
}

#[test]
fn new_games_boardsize_clear_board_and_komi() {
    for kind in all_games() {
        let mut gtp = Gtp::new(Some(5));
        ask(&mut gtp, &format!("tessera-game {kind}")).unwrap();
        let small = *kind.sizes().start();
        ask(&mut gtp, &format!("boardsize {small}")).unwrap();
        assert_eq!(state(&mut gtp)["size"], small);
        assert_eq!(gtp.session().unwrap().kind(), kind);
        let before = state(&mut gtp);
        let too_big = kind.sizes().end() + 1;
        let e = ask(&mut gtp, &format!("boardsize {too_big}")).unwrap_err();
        assert!(e.starts_with("unacceptable size"), "{e}");
        assert_eq!(state(&mut gtp), before);
        // clear_board keeps kind, size and options.
        let to_move = before["to_move"].as_str().unwrap().to_string();
        ask(&mut gtp, &format!("genmove {to_move}")).unwrap();
        ask(&mut gtp, "clear_board").unwrap();
        assert_eq!(state(&mut gtp), before);
        // komi: sets agreed komi on a fresh game, refused once a turn is played.
        ask(&mut gtp, "komi 2.5").unwrap();
        if kind.has_komi() {
            let o = gtp.session().unwrap().options();
            assert_eq!(
                (o.protocol, o.komi_half, o.size),
                (Protocol::Agreed, 5, small)
            );
            assert_eq!(state(&mut gtp)["komi"], 2.5);
            let e = ask(&mut gtp, "komi 1000").unwrap_err();
            assert!(e.contains("komi"), "{e}");
            let to_move = state(&mut gtp)["to_move"].as_str().unwrap().to_string();
            ask(&mut gtp, &format!("genmove {to_move}")).unwrap();
            let st = state(&mut gtp);
            let e = ask(&mut gtp, "komi 3").unwrap_err();
            assert!(e.contains("before the first turn"), "{e}");
            assert_eq!(state(&mut gtp), st);
        } else {
            assert_eq!(state(&mut gtp), before, "{kind}: komi is ignored");
        }
        // tessera-game with options.
        let size = kind.default_size() - 1;
        ask(&mut gtp, &format!("tessera-game {kind} size={size}")).unwrap();
        assert_eq!(state(&mut gtp)["size"], size);
        assert_eq!(state(&mut gtp)["turn"], 0);
    }
}

#[test]
fn showboard_draws_every_cell_and_no_empty_line() {
    for kind in all_games() {
        let mut gtp = Gtp::new(Some(9));
        ask(&mut gtp, &format!("tessera-game {kind}")).unwrap();
        for _ in 0..6 {
            let to_move = state(&mut gtp)["to_move"].as_str().unwrap().to_string();
            ask(&mut gtp, &format!("genmove {to_move}")).unwrap();
        }
        let out = talk(&mut gtp, "showboard\n");
        let body = out
            .strip_prefix("= \n")
            .unwrap()
            .strip_suffix("\n\n")
            .unwrap();
        assert!(body.lines().all(|l| !l.trim().is_empty()), "{body}");
        let game = gtp.session().unwrap().game();
        let geo = game.geometry();
        let drawn: usize = body
            .lines()
            .take(geo.rows() + 2)
            .map(|l| {
                l.chars()
                    .filter(|c| matches!(c, '.' | 'X' | 'O' | '#'))
                    .count()
            })
            .sum();
        assert_eq!(drawn, geo.cells(), "{body}");
        let stones = geo
            .all_cells()
            .filter(|&c| game.stone_at(c).is_some())
            .count();
        let drawn_stones = body
            .chars()
            .filter(|c| matches!(c, 'X' | 'O' | '#'))
            .count();
        assert_eq!(drawn_stones, stones, "{body}");
        assert!(body.contains(" to move, turn 7"), "{body}");
    }
}

#[test]
fn step_walks_a_turn_and_undo_takes_it_back() {
    for kind in all_games() {
        let mut gtp = Gtp::new(Some(2));
        ask(&mut gtp, &format!("tessera-game {kind}")).unwrap();
        // Settle any bid through tessera-step with the first listed steps.
        while gtp.session().unwrap().game().turns_completed() < 3 {
            let legal = ask(&mut gtp, "tessera-legal").unwrap();
            let step = legal.split(' ').next().unwrap().to_string();
            ask(&mut gtp, &format!("tessera-step {step}")).unwrap();
        }
        let st = state(&mut gtp);
        let legal = ask(&mut gtp, "tessera-legal").unwrap();
        let place = legal
            .split(' ')
            .find(|w| {
                let g = gtp.session().unwrap().game();
                g.parse_step(w).is_ok_and(Step::is_place)
            })
            .unwrap()
            .to_string();
        ask(&mut gtp, &format!("tessera-step {place}")).unwrap();
        assert_ne!(state(&mut gtp), st);
        // The same stone again is refused: its cell is occupied now.
        let before = state(&mut gtp);
        assert!(ask(&mut gtp, &format!("tessera-step {place}")).is_err());
        assert_eq!(state(&mut gtp), before);
        ask(&mut gtp, "undo").unwrap();
        assert_eq!(state(&mut gtp), st, "{kind}");
    }
}

#[test]
fn analyze_answers_one_json_line_and_changes_nothing() {
    let mut gtp = Gtp::with_player("mcts:iters=300,threads=1,seed=1".parse().unwrap(), Some(1));
    ask(&mut gtp, "tessera-game linage size=5 komi=0.5").unwrap();
    ask(&mut gtp, "tessera-play c3").unwrap();
    let before = state(&mut gtp);
    let a = ask(&mut gtp, "tessera-analyze 50").unwrap();
    assert!(!a.contains('\n'));
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    let legal = ask(&mut gtp, "tessera-legal").unwrap();
    let best = v["best"].as_str().unwrap();
    assert!(legal.split(' ').any(|t| t == best), "{best} not in {legal}");
    assert!((0.0..=1.0).contains(&v["win_rate"].as_f64().unwrap()));
    assert!(v["pv"].as_array().is_some_and(|pv| !pv.is_empty()));
    assert!(v["candidates"].as_array().is_some_and(|c| !c.is_empty()));
    assert_eq!(state(&mut gtp), before);
    assert!(ask(&mut gtp, "tessera-analyze soon").is_err());
}

#[test]
fn genmove_with_the_search_plays_a_legal_whole_turn() {
    let mut gtp = Gtp::with_player("mcts:iters=200,threads=1,seed=2".parse().unwrap(), Some(1));
    ask(&mut gtp, "tessera-game wunchunk size=4").unwrap();
    ask(&mut gtp, "tessera-play Bc3").unwrap();
    let token = ask(&mut gtp, "genmove white").unwrap();
    assert!(!token.is_empty());
    assert_eq!(state(&mut gtp)["turn"], 2, "{token}");
}

#[test]
fn over_long_lines_are_refused_and_nothing_long_is_echoed() {
    let mut gtp = Gtp::new(Some(1));
    let before = state(&mut gtp);
    let long = format!("7 play b {}\nname\n", "a".repeat(1 << 20));
    let out = talk(&mut gtp, &long);
    assert_eq!(
        out,
        format!("?7 line too long (the limit is {MAX_LINE} bytes)\n\n= tessera\n\n")
    );
    assert_eq!(state(&mut gtp), before);
    // Under the limit, a long bad token is quoted by its first characters only.
    let token = "b".repeat(MAX_LINE - 40);
    for command in [
        format!("play b {token}"),
        format!("tessera-play {token}"),
        format!("tessera-step {token}"),
        format!("tessera-game {token}"),
        format!("tessera-game keil {token}"),
        format!("tessera-game keil size={token}"),
        format!("boardsize {token}"),
        format!("komi {token}"),
        format!("genmove {token}"),
        format!("tessera-analyze {token}"),
    ] {
        let reason = ask(&mut gtp, &command).unwrap_err();
        assert!(reason.len() < 300, "{}: {reason}", &command[..20]);
        assert!(reason.contains("bbbb…'"), "{}: {reason}", &command[..20]);
    }
    assert_eq!(state(&mut gtp), before);
}

#[test]
fn invisible_characters_are_shown_escaped() {
    let mut gtp = Gtp::new(Some(1));
    ask(&mut gtp, "tessera-game carteso").unwrap();
    ask(&mut gtp, "tessera-play komi=0").unwrap();
    ask(&mut gtp, "tessera-play play=vertical").unwrap();
    let reason = ask(&mut gtp, "play v \u{feff}Bc3").unwrap_err();
    assert!(reason.contains("'\\u{feff}Bc3'"), "{reason}");
    assert!(!reason.contains("'Bc3'"), "{reason}");
    let reason = ask(&mut gtp, "tessera-play B\u{441}3").unwrap_err();
    assert!(reason.contains("'B\\u{441}3'"), "{reason}");
    let reason = ask(&mut gtp, "tessera-game lin\u{200b}age").unwrap_err();
    assert!(reason.contains("'lin\\u{200b}age'"), "{reason}");
}

#[test]
fn komi_with_the_bid_is_refused() {
    let mut gtp = Gtp::new(Some(1));
    let before = state(&mut gtp);
    let reason = ask(&mut gtp, "tessera-game linage komi=5000 protocol=bid").unwrap_err();
    assert!(reason.contains("komi=X and protocol=bid"), "{reason}");
    let reason = ask(&mut gtp, "tessera-game linage protocol=bid komi=5").unwrap_err();
    assert!(reason.contains("komi=X and protocol=bid"), "{reason}");
    assert_eq!(state(&mut gtp), before);
    ask(&mut gtp, "tessera-game linage protocol=bid").unwrap();
    ask(&mut gtp, "tessera-game linage komi=5 protocol=agreed").unwrap();
    assert_eq!(state(&mut gtp)["komi"], 5);
}

/// On a solved board the bid is the komi that draws under perfect play (Linage 6×6: 0, 5×5:
/// 7), whatever the probes would say.
#[test]
fn the_bid_on_a_solved_board_is_the_drawing_komi() {
    let mut gtp = Gtp::with_player("mcts:iters=200,threads=1,seed=3".parse().unwrap(), Some(1));
    for (size, komi) in [(6, "komi=0"), (5, "komi=7")] {
        let game = format!("tessera-game linage size={size} protocol=bid");
        ask(&mut gtp, &game).unwrap();
        assert_eq!(ask(&mut gtp, "genmove b").unwrap(), komi);
    }
    // A board the table does not know is probed, and still gets a komi (Linage 19x19).
    ask(&mut gtp, "tessera-game linage size=19 protocol=bid").unwrap();
    assert!(ask(&mut gtp, "genmove b").unwrap().starts_with("komi="));
}

/// A command line the engine refuses, what the protocol answers, and which error it is.
struct Refusal {
    line: &'static str,
    text: &'static str,
    is: fn(&GtpError) -> bool,
}

#[test]
fn refusals_are_typed_and_say_what_the_protocol_answers() {
    let mut gtp = Gtp::new(Some(1));
    for r in [
        Refusal {
            line: "bogus",
            text: "unknown command",
            is: |e| *e == GtpError::UnknownCommand,
        },
        Refusal {
            line: "play black",
            text: "syntax error: usage is 'play COLOUR MOVE'",
            is: |e| {
                matches!(
                    e,
                    GtpError::Usage {
                        usage: "play COLOUR MOVE"
                    }
                )
            },
        },
        Refusal {
            line: "undo",
            text: "cannot undo: no turn has been played",
            is: |e| *e == GtpError::CannotUndo,
        },
        Refusal {
            line: "boardsize 2",
            text: "unacceptable size: keil boards are 3..12",
            is: |e| matches!(e, GtpError::UnacceptableSize { size: 2, .. }),
        },
        Refusal {
            line: "tessera-analyze soon",
            text: "'soon' is not a number of milliseconds",
            is: |e| matches!(e, GtpError::NotMilliseconds { .. }),
        },
        Refusal {
            line: "genmove red",
            text: "'red' is not a side of keil (black, white)",
            is: |e| matches!(e, GtpError::NotASide { .. }),
        },
        Refusal {
            line: "genmove white",
            text: "it is black's turn, not white's",
            is: |e| {
                matches!(
                    e,
                    GtpError::NotYourTurn {
                        to_move: Side::First,
                        ..
                    }
                )
            },
        },
        Refusal {
            line: "tessera-game chess",
            text: "unknown game 'chess' (games: keil, carteso, iris, linage, wunchunk)",
            is: |e| matches!(e, GtpError::Game(crate::games::GameError::UnknownGame(_))),
        },
        Refusal {
            line: "play black zz99",
            text: "invalid move: 'zz99' is not a point of this board, pass, button, komi=X or \
                   play=black|white",
            is: |e| matches!(e, GtpError::InvalidMove(_)),
        },
    ] {
        let mut words = r.line.split(' ');
        let command = words.next().expect("a command");
        let args: Vec<&str> = words.collect();
        let e = gtp.execute(command, &args).unwrap_err();
        assert!((r.is)(&e), "{}: {e:?}", r.line);
        assert_eq!(e.to_string(), r.text, "{}", r.line);
        assert_eq!(ask(&mut gtp, r.line), Err(e.to_string()), "{}", r.line);
    }
}
