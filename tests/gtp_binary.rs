//! `tessera gtp` through the real binary, as another program drives it.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `tessera gtp` with `input` on stdin; returns stdout after checking a clean exit.
fn gtp(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["gtp", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tessera binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn responses(output: &str) -> Vec<&str> {
    assert!(output.ends_with("\n\n"), "{output:?}");
    output.split_terminator("\n\n").collect()
}

#[test]
fn protocol_basics_and_bad_input_keep_the_session() {
    let out = gtp("1 protocol_version\nbogus command\n2 play black zz99\n\n3 name\nquit\nname\n");
    let r = responses(&out);
    assert_eq!(r.len(), 5, "{out}");
    assert_eq!(r[0], "=1 2");
    assert_eq!(r[1], "? unknown command");
    assert!(r[2].starts_with("?2 "), "{}", r[2]);
    assert_eq!(r[3], "=3 tessera");
    assert_eq!(r[4], "= ");
    // Without quit, the end of input ends the session cleanly.
    assert_eq!(gtp("name\n"), "= tessera\n\n");
}

#[test]
fn the_issue_example_and_an_illegal_move() {
    let input = "tessera-game linage size=9 komi=0.5\n\
                 tessera-play c5\n\
                 tessera-legal\n\
                 tessera-state\n\
                 tessera-play c5\n\
                 tessera-state\n\
                 quit\n";
    let out = gtp(input);
    let r = responses(&out);
    assert_eq!(r.len(), 7, "{out}");
    assert_eq!(r[0], "= ");
    assert_eq!(r[1], "= ");
    // After c5 on an empty 9×9 board every other point is legal (one stone cannot cut off a
    // region), in board order, then pass.
    let mut expected: Vec<String> = (1..=9)
        .flat_map(|row| ('a'..='i').map(move |col| format!("{col}{row}")))
        .filter(|c| c != "c5")
        .collect();
    expected.push("pass".into());
    assert_eq!(r[2], format!("= {}", expected.join(" ")));
    let state: serde_json::Value = serde_json::from_str(r[3].strip_prefix("= ").unwrap()).unwrap();
    let expected_state = serde_json::json!({
        "game": "linage", "size": 9, "to_move": "horizontal", "turn": 1,
        "over": false, "winner": null, "board": {"c5": "N"},
        "score": {"vertical": 0, "horizontal": 0.5},
        "regions": [{"owner": "free", "size": 80}],
        "vertical_points": 0, "horizontal_points": 0, "free_points": 80, "komi": 0.5
    });
    assert_eq!(state, expected_state);
    assert!(r[4].starts_with("? "), "{}", r[4]);
    assert!(r[4].contains("occupied"), "{}", r[4]);
    assert_eq!(r[5], r[3], "an illegal move changes nothing");
    assert_eq!(r[6], "= ");
}
