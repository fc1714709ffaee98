//! Every clause of SPEC §3 Linage on a hand-built position that fails if the clause is wrong.

use super::*;
use crate::games::Describe;
use crate::games::{Game, Mark, Outcome, Protocol, Stone};

/// Options for an `n`×`n` board with agreed komi `komi_half / 2`.
fn agreed(n: usize, komi_half: u16) -> GameOptions {
    GameOptions {
        size: n,
        protocol: Protocol::Agreed,
        komi_half,
        ..GameOptions::defaults(GameKind::Linage)
    }
}

/// A position from a picture, top row first: `X` a stone, `.` an empty point.
fn position(rows: &[&str], komi_half: u16) -> Linage {
    let n = rows.len();
    let mut stones = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let y = n - 1 - i;
        for (x, ch) in row.split_whitespace().enumerate() {
            if ch == "X" {
                stones.push((y * n + x) as Cell);
            }
        }
    }
    Linage::from_stones(&agreed(n, komi_half), &stones, Side::First).expect("valid position")
}

fn step(g: &Linage, text: &str) -> Step {
    g.parse_step(text).unwrap()
}

fn check(g: &Linage, text: &str) -> Result<(), Illegal> {
    g.check(step(g, text))
}

fn play(g: &mut Linage, text: &str) {
    let s = step(g, text);
    g.try_play(s)
        .unwrap_or_else(|e| panic!("{text} refused: {e}"));
}

/// The legal placements by name, in board order.
fn legal_points(g: &Linage) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    v.into_iter()
        .filter_map(|s| s.cell())
        .map(|c| g.geometry().name(c))
        .collect()
}

fn owner_at(g: &Linage, point: &str) -> Option<Option<Side>> {
    g.region_owner(g.geometry().parse(point).unwrap())
}

#[test]
fn owner_follows_the_kinds_of_line_a_region_holds() {
    // Row 5: a 5×1 bar (horizontal lines only). Rows 1–3: two 2×3 blocks, a–b and d–e
    // (each column is a vertical line, no row has three points in a row).
    let g = position(
        &[
            ". . . . .", //
            "X X X X X",
            ". . X . .",
            ". . X . .",
            ". . X . .",
        ],
        0,
    );
    assert_eq!(
        owner_at(&g, "a5"),
        Some(Some(Side::Second)),
        "bar: horizontal"
    );
    assert_eq!(
        owner_at(&g, "a1"),
        Some(Some(Side::First)),
        "2×3 block: vertical"
    );
    assert_eq!(owner_at(&g, "e3"), Some(Some(Side::First)));
    assert_eq!(owner_at(&g, "c1"), None, "a stone");
    assert_eq!(g.owned_points(), [12, 5]);
    assert_eq!(g.free_points(), 0);

    // A 3×2 block is the other way round: rows are lines, columns are too short.
    let g = position(
        &[
            ". . . X .", //
            ". . . X .",
            "X X X X .",
            "X X X X .",
            "X X X X .",
        ],
        0,
    );
    assert_eq!(owner_at(&g, "a5"), Some(Some(Side::Second)));
    assert_eq!(owner_at(&g, "e1"), Some(Some(Side::First)));

    // Both kinds: free. A plus sign holds one line of each kind through its centre.
    let g = position(
        &[
            "X X X X X", //
            "X X . X X",
            "X . . . X",
            "X X . X X",
            "X X X X X",
        ],
        0,
    );
    assert_eq!(owner_at(&g, "c3"), Some(None));
    assert_eq!(g.free_points(), 5);
    assert_eq!(g.owned_points(), [0, 0]);
}

#[test]
fn stones_go_only_into_free_regions() {
    // Column a is Vertical's (a vertical bar), columns c–e are free.
    let g = position(
        &[
            ". X . . .", //
            ". X . . .",
            ". X . . .",
            ". X . . .",
            ". X . . .",
        ],
        0,
    );
    assert_eq!(owner_at(&g, "a3"), Some(Some(Side::First)));
    assert_eq!(check(&g, "a3"), Err(Illegal::NotInFreeRegion));
    assert_eq!(check(&g, "a1"), Err(Illegal::NotInFreeRegion));
    assert_eq!(check(&g, "b3"), Err(Illegal::Occupied));
    assert_eq!(check(&g, "d3"), Ok(()));
    let legal = legal_points(&g);
    assert!(legal.iter().all(|p| !p.starts_with('a')), "{legal:?}");
    assert!(legal.contains(&"c1".to_string()));
    assert_eq!(
        Illegal::NotInFreeRegion.to_string(),
        "not in a free region",
        "the reason a person reads"
    );
}

#[test]
fn every_region_must_keep_a_line() {
    // An L: a1–c1 (horizontal line) and a1–a3 (vertical line), both through a1.
    let g = position(
        &[
            "X X X X X", //
            "X X X X X",
            ". X X X X",
            ". X X X X",
            ". . . X X",
        ],
        0,
    );
    assert_eq!(owner_at(&g, "a1"), Some(None));
    // a1 cuts it into b1–c1 and a2–a3: neither holds a line.
    assert_eq!(check(&g, "a1"), Err(Illegal::LeavesRegionWithoutLine));
    // b1 strands c1; a2 strands a3.
    assert_eq!(check(&g, "b1"), Err(Illegal::LeavesRegionWithoutLine));
    assert_eq!(check(&g, "a2"), Err(Illegal::LeavesRegionWithoutLine));
    // c1 and a3 each leave one piece that keeps a line.
    assert_eq!(legal_points(&g), vec!["c1", "a3"]);
    assert_eq!(
        Illegal::LeavesRegionWithoutLine.to_string(),
        "would leave a region with no line"
    );

    // Without cutting: a2–b2 close a loop, so a1 leaves one connected piece — with no line.
    let g = position(
        &[
            "X X X X X", //
            "X X X X X",
            ". X X X X",
            ". . X X X",
            ". . . X X",
        ],
        0,
    );
    assert_eq!(owner_at(&g, "a1"), Some(None));
    assert_eq!(check(&g, "a1"), Err(Illegal::LeavesRegionWithoutLine));
    // b2 keeps both lines' points: legal, and the L stays free.
    assert_eq!(check(&g, "b2"), Ok(()));
}

#[test]
fn a_placement_hands_the_pieces_to_their_owners() {
    let mut g = position(
        &[
            "X X X X X", //
            "X X X X X",
            ". X X X X",
            ". X X X X",
            ". . . X X",
        ],
        0,
    );
    let mut after_c1 = g.clone();
    play(&mut after_c1, "c1");
    // a1, b1, a2, a3: only the vertical line is left.
    assert_eq!(after_c1.owned_points(), [4, 0]);
    assert_eq!(after_c1.free_points(), 0);
    play(&mut g, "a3");
    assert_eq!(g.owned_points(), [0, 4]);
    assert_eq!(legal_points(&g), Vec::<String>::new());
}

#[test]
fn score_is_owned_points_plus_komi_for_horizontal() {
    // Vertical: a1–b3 (6) and d1–d3 (3); Horizontal: row 5 (5). Nothing free.
    let rows = [
        ". . . . .", //
        "X X X X X",
        ". . X . X",
        ". . X . X",
        ". . X . X",
    ];
    for (komi_half, result, outcome) in [
        (7, "V+0.5", Outcome::Win(Side::First)),
        (8, "Draw", Outcome::Draw),
        (9, "H+0.5", Outcome::Win(Side::Second)),
        (0, "V+4", Outcome::Win(Side::First)),
    ] {
        let mut g = position(&rows, komi_half);
        assert_eq!(g.owned_points(), [9, 5]);
        let komi = komi_half as f64 / 2.0;
        assert_eq!(g.points(), Some([9.0, 5.0 + komi]));
        let state = g.state_json();
        assert_eq!(state["score"]["vertical"], 9);
        assert_eq!(state["score"]["horizontal"], number(5.0 + komi));
        assert_eq!(state["vertical_points"], 9);
        assert_eq!(state["horizontal_points"], 5, "before komi");
        assert_eq!(g.outcome(), None);
        let mut steps = Vec::new();
        g.legal_steps(&mut steps);
        assert_eq!(steps, vec![Step::Pass], "no free region: only pass");
        play(&mut g, "pass");
        play(&mut g, "pass");
        assert!(g.is_over());
        assert_eq!(g.outcome(), Some(outcome));
        assert_eq!(g.result_text().as_deref(), Some(result));
    }
}

fn number(v: f64) -> serde_json::Value {
    crate::games::state::number(v)
}

#[test]
fn pass_is_always_legal_and_two_in_succession_end_the_game() {
    let mut g = Linage::new(&agreed(5, 1)).unwrap();
    assert_eq!(check(&g, "pass"), Ok(()), "legal with placements available");
    play(&mut g, "pass");
    assert_eq!(g.to_move(), Side::Second);
    play(&mut g, "c3");
    play(&mut g, "pass");
    assert!(
        !g.is_over(),
        "a pass, a stone, a pass: not two in succession"
    );
    play(&mut g, "pass");
    assert!(g.is_over());
    assert_eq!(g.check(Step::Pass), Err(Illegal::GameOver));
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    assert!(v.is_empty());
    assert_eq!(g.turns_completed(), 4);
    assert_eq!(g.undo(), Some(Step::Pass));
    assert!(!g.is_over());
    assert_eq!(g.to_move(), Side::Second);
}

#[test]
fn bid_sets_komi_then_the_second_player_picks_a_side() {
    let options = GameOptions {
        size: 5,
        ..GameOptions::defaults(GameKind::Linage)
    };
    assert_eq!(options.protocol, Protocol::Bid, "the bid is the default");
    let mut g = Linage::new(&options).unwrap();
    assert_eq!(g.to_move(), Side::First);
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    assert_eq!(v.len(), 51, "komi 0, 0.5, …, 25 on 25 points");
    assert_eq!(v[0], Step::Komi(0));
    assert!(matches!(check(&g, "c3"), Err(Illegal::NotNow(_))));
    assert!(check(&g, "komi=25.5").is_err());
    play(&mut g, "komi=3.5");
    assert_eq!(g.to_move(), Side::Second);
    g.legal_steps(&mut v);
    assert_eq!(
        v.iter().map(|&s| g.format_step(s)).collect::<Vec<_>>(),
        ["play=vertical", "play=horizontal"]
    );
    assert_eq!(g.points(), Some([0.0, 3.5]), "komi counts once set");
    let mut keep = g.clone();
    play(&mut g, "play=vertical");
    assert!(g.swapped(), "the chooser's opponent took Vertical");
    assert_eq!(g.to_move(), Side::First, "Vertical moves first");
    assert_eq!(g.turns_completed(), 2);
    assert_eq!(g.state_json()["komi"], number(3.5));
    assert_eq!(g.state_json()["turn"], 2);
    assert_eq!(check(&g, "c3"), Ok(()));
    play(&mut keep, "play=h");
    assert!(!keep.swapped());
    assert_eq!(keep.to_move(), Side::First);
}

#[test]
fn tokens_read_case_insensitively_and_write_canonically() {
    let g = Linage::new(&agreed(9, 1)).unwrap();
    let c5 = g.parse_step("C5").unwrap();
    assert_eq!(
        c5,
        Step::Place {
            cell: g.geometry().parse("c5").unwrap(),
            stone: Stone::Neutral
        }
    );
    assert_eq!(g.format_step(c5), "c5");
    assert_eq!(g.parse_turn(" PASS "), Ok(vec![Step::Pass]));
    assert_eq!(g.format_turn(&[Step::Komi(13)]), "komi=6.5");
    assert!(g.parse_step("j5").is_err(), "off the 9×9 board");
    assert!(g.parse_step("Bc5").is_err(), "Linage stones have no colour");
    let wrong = Step::Place {
        cell: 0,
        stone: Stone::Black,
    };
    assert!(matches!(g.check(wrong), Err(Illegal::WrongColour(_))));
}

#[test]
fn state_json_lists_regions_by_owner_then_size() {
    let g = position(
        &[
            ". . . . .", //
            "X X X X X",
            ". . X . X",
            ". . X . X",
            ". . X . X",
        ],
        1,
    );
    let s = g.state_json();
    assert_eq!(s["game"], "linage");
    assert_eq!(s["board"]["c1"], "N");
    assert_eq!(
        s["regions"],
        serde_json::json!([
            {"owner": "horizontal", "size": 5},
            {"owner": "vertical", "size": 3},
            {"owner": "vertical", "size": 6},
        ])
    );
    assert_eq!(s["free_points"], 0);
    assert_eq!(s["komi"], number(0.5));
    let marks = g.ownership();
    assert_eq!(marks[0], Some(Mark::Owned(Side::First)));
    assert_eq!(marks[2], None, "c1 holds a stone");
    assert_eq!(marks[20], Some(Mark::Owned(Side::Second)));
    let free = Linage::new(&agreed(5, 1)).unwrap();
    assert!(free.ownership().iter().all(|m| *m == Some(Mark::Free)));
}

#[test]
fn set_up_positions_are_checked() {
    let opts = agreed(5, 1);
    assert!(Linage::from_stones(&opts, &[0, 0], Side::First).is_err());
    assert!(Linage::from_stones(&opts, &[25], Side::First).is_err());
    // A lone empty corner has no line.
    assert!(Linage::from_stones(&opts, &[1, 5], Side::First)
        .unwrap_err()
        .to_string()
        .contains("a1"));
    let g = Linage::from_stones(&opts, &[12], Side::Second).unwrap();
    assert_eq!(g.to_move(), Side::Second);
    assert_eq!(g.hash(), g.recompute_hash());
}

#[test]
fn sizes_outside_5_to_19_are_refused() {
    for n in [4, 20] {
        let err = Linage::new(&agreed(n, 1)).unwrap_err().to_string();
        assert!(err.contains("size"), "{err}");
    }
    for n in [5, 11, 12, 19] {
        let g = Linage::new(&agreed(n, 1)).unwrap();
        assert_eq!(g.geometry().cells(), n * n);
    }
    assert!(
        Linage::new(&agreed(5, 51)).is_err(),
        "komi above the points"
    );
}
