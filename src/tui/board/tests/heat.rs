//! The heat map on real positions (issue 14): who each cell ends as must read in 256
//! colours, in 16, and without colour (`NO_COLOR`, `--ascii`), for stones as for empty cells.
//!
//! The positions come from level-4 vs level-5 games (`tessera match … --out`, kept in
//! `tests/data/heat-*.toml`). Their heat maps are made from the games themselves rather than
//! from a search, so that the pictures do not change with the engine: a cell ends as the side
//! it counts for at the end of the game, settled (90 %) when it already counted so twenty
//! turns later, likely (70 %) otherwise, contested (50 %) when it ends as nobody's. So a Keil
//! stone captured later in the game is a dead stone here. A test at the end checks the same
//! drawing on a real search's map.

use super::*;
use crate::games::{AnyGame, SearchHints};
use crate::record::Record;
use crate::search::{Engine, Limits};
use crate::tui::board::view::{Heat, Strength};
use ratatui::style::Style;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn record(name: &str) -> (AnyGame, Vec<AnyGame>) {
    let text = match name {
        "keil" => include_str!("../../../../tests/data/heat-keil.toml"),
        "carteso" => include_str!("../../../../tests/data/heat-carteso.toml"),
        _ => include_str!("../../../../tests/data/heat-iris.toml"),
    };
    let (_, session) = Record::from_toml_replayed(text).expect("a valid record");
    let n = session.turns().len();
    let positions = (0..=n).map(|i| session.position_after(i)).collect();
    (session.game().clone(), positions)
}

/// The heat map of `positions[at]` as the game itself tells it (see the module docs).
fn oracle_heat(positions: &[AnyGame], at: usize) -> Vec<[f64; 2]> {
    let owners = |g: &AnyGame| {
        let mut v = Vec::new();
        g.final_owners(&mut v);
        v
    };
    let end = owners(positions.last().unwrap());
    let later = owners(&positions[(at + 20).min(positions.len() - 1)]);
    end.iter()
        .zip(later)
        .map(|(&e, l)| match e {
            None => [0.5, 0.5],
            Some(side) => {
                let p = if l == Some(side) { 0.9 } else { 0.7 };
                if side == Side::First {
                    [p, 1.0 - p]
                } else {
                    [1.0 - p, p]
                }
            }
        })
        .collect()
}

fn view_of(game: &AnyGame, heat: &[[f64; 2]]) -> BoardView {
    BoardView::of_game(
        game,
        Decorations {
            heat: Some(heat),
            ..Decorations::default()
        },
    )
}

/// The board's text, then the same grid with every drawn character replaced by the letter of
/// its style (`A` the first style met, `B` the next…), then the styles.
fn picture(buf: &Buffer) -> String {
    let area = buf.area;
    let mut styles: Vec<Style> = Vec::new();
    let mut grid = String::new();
    for y in 0..area.height {
        let mut line = String::new();
        for x in 0..area.width {
            let c = &buf[(x, y)];
            if c.symbol() == " " {
                line.push(' ');
                continue;
            }
            let s = c.style();
            let k = styles.iter().position(|&t| t == s).unwrap_or_else(|| {
                styles.push(s);
                styles.len() - 1
            });
            line.push(char::from(b'A' + (k % 26) as u8));
        }
        grid += line.trim_end();
        grid.push('\n');
    }
    let mut out = buffer_text(buf) + "\n" + &grid + "\n";
    for (k, s) in styles.iter().enumerate() {
        out += &format!(
            "{} fg {:?} bg {:?} {:?}\n",
            char::from(b'A' + (k % 26) as u8),
            s.fg.unwrap_or_default(),
            s.bg.unwrap_or_default(),
            s.add_modifier
        );
    }
    out
}

fn theme(name: &str) -> Theme {
    match name {
        "no-color" => Theme::default().without_colour(),
        _ => Theme::built_in(name).unwrap(),
    }
}

/// Every mode the issue names: 256 colours (`default`), 16 (`classic`), `NO_COLOR` (the
/// default theme without colour) and `--ascii` without colour.
const MODES: [(&str, bool); 4] = [
    ("default", false),
    ("classic", false),
    ("no-color", false),
    ("no-color", true),
];

/// Keil 7 at turn 90: White's stones captured later in the game are dead stones in Black's
/// ground, Black's captured ones dead in White's.
#[test]
fn keil_dead_stones_in_every_mode() {
    let (_, positions) = record("keil");
    let at = 90;
    let heat = oracle_heat(&positions, at);
    let game = &positions[at];
    let view = view_of(game, &heat);
    let dead: Vec<usize> = (0..view.cells.len())
        .filter(|&c| {
            view.cells[c]
                .heat
                .is_some_and(|h| view.cells[c].stone.is_some() && h.now != Some(h.owner))
        })
        .collect();
    assert!(dead.len() >= 2, "the position has dead stones: {dead:?}");
    for (name, ascii) in MODES {
        let buf = draw(&view, &theme(name), ascii);
        let layout = BoardLayout::of(view.geometry);
        let g = Glyphs::for_mode(ascii);
        for &c in &dead {
            let (x, y) = layout.pos(c as u16);
            let stone = view.cells[c].stone.unwrap();
            assert_eq!(
                buf[(x, y)].symbol(),
                g.dead_stone(stone).unwrap().to_string(),
                "{name}: a dead stone has its own glyph"
            );
        }
        let mode = if ascii { "_ascii" } else { "" };
        insta::assert_snapshot!(format!("keil_heat_{name}{mode}"), picture(&buf));
    }
}

/// Iris 7 at turn 30: stones never change hands; the empty cells show the colour they end
/// with.
#[test]
fn iris_colours_in_every_mode() {
    let (_, positions) = record("iris");
    let at = 30;
    let heat = oracle_heat(&positions, at);
    let view = view_of(&positions[at], &heat);
    for (name, ascii) in MODES {
        let buf = draw(&view, &theme(name), ascii);
        let text = buffer_text(&buf);
        for letter in ['B', 'b', 'W', 'w'] {
            assert!(text.contains(letter), "{name}: {letter} in\n{text}");
        }
        let mode = if ascii { "_ascii" } else { "" };
        insta::assert_snapshot!(format!("iris_heat_{name}{mode}"), picture(&buf));
    }
}

/// Carteso 9 at turn 50: unclaimed stones whose group the game later gave to a side get that
/// side's claim-to-be mark in their claim column; claimed stones keep their claim marker.
#[test]
fn carteso_claims_to_be_without_colour() {
    let (_, positions) = record("carteso");
    let at = 50;
    let heat = oracle_heat(&positions, at);
    let game = &positions[at];
    let view = view_of(game, &heat);
    let layout = BoardLayout::of(view.geometry);
    for ascii in [false, true] {
        let buf = draw(&view, &theme("no-color"), ascii);
        let g = Glyphs::for_mode(ascii);
        let mut to_claim = 0;
        for (c, v) in view.cells.iter().enumerate() {
            let (x, y) = layout.pos(c as u16);
            let beside = buf[(x + 1, y)].symbol().to_string();
            match (v.claim, v.stone, v.heat) {
                (Some(side), ..) => {
                    assert_eq!(beside, if side == Side::First { "|" } else { "-" });
                }
                (None, Some(_), Some(h)) if h.now.is_none() => {
                    to_claim += 1;
                    assert_eq!(beside, g.to_claim[h.owner.index()].to_string());
                    let underlined = buf[(x + 1, y)].modifier.contains(Modifier::UNDERLINED);
                    assert_eq!(underlined, h.strength == Strength::Settled);
                }
                _ => {}
            }
        }
        assert!(to_claim > 0, "the position has groups still to be claimed");
        if ascii {
            insta::assert_snapshot!("carteso_heat_no-color_ascii", picture(&buf));
        }
    }
}

/// Without colour, settled is underlined and likely is not, on letters, marks and stones;
/// a stone that keeps its owner keeps its glyph.
#[test]
fn strength_reads_without_colour() {
    let g = Glyphs::ASCII;
    let t = theme("no-color");
    for (stone, now, owner, glyph) in [
        (None, None, Side::First, Some('V')),
        (Some(Stone::Black), Some(Side::First), Side::First, None),
        (
            Some(Stone::Black),
            Some(Side::First),
            Side::Second,
            Some('&'),
        ),
        (
            Some(Stone::White),
            Some(Side::Second),
            Side::First,
            Some('@'),
        ),
    ] {
        for strength in [Strength::Settled, Strength::Likely] {
            let h = Heat {
                owner,
                strength,
                now,
            };
            let d = widget::heat_drawing(&t, g, stone, h, ['v', 'h']);
            let want = match (glyph, strength) {
                (Some(c), Strength::Likely) if stone.is_none() => Some(c.to_ascii_lowercase()),
                _ => glyph,
            };
            assert_eq!(d.glyph, want, "{stone:?} {h:?}");
            assert_eq!(
                d.style.add_modifier.contains(Modifier::UNDERLINED),
                strength == Strength::Settled,
                "{stone:?} {h:?}"
            );
        }
    }
}

/// The same drawing on a real search's map (one thread, fixed seed, an iteration limit) of
/// the Keil position above: the stones the playouts give to the other side are drawn dead,
/// the others keep their glyphs.
#[test]
fn searched_dead_stones_are_drawn_dead() {
    let (_, positions) = record("keil");
    let game = &positions[90];
    let spec = "mcts:iters=2000,threads=1,seed=5".parse().unwrap();
    let mut engine = Engine::new(spec);
    engine.set_ownership(true);
    let d = engine
        .think(
            game,
            Limits::default(),
            Arc::new(AtomicBool::new(false)),
            None,
        )
        .unwrap();
    let shares = d.report.ownership.expect("ownership asked for");
    let view = view_of(game, &shares);
    let buf = draw(&view, &theme("no-color"), true);
    let picture = buffer_text(&buf);
    let layout = BoardLayout::of(view.geometry);
    let mut dead = 0;
    for (c, v) in view.cells.iter().enumerate() {
        let Some(stone) = v.stone else { continue };
        let (x, y) = layout.pos(c as u16);
        let shown = buf[(x, y)].symbol().chars().next().unwrap();
        match v.heat {
            Some(h) if h.now != Some(h.owner) => {
                dead += 1;
                assert_eq!(Some(shown), Glyphs::ASCII.dead_stone(stone), "{picture}");
            }
            _ => assert_eq!(shown, Glyphs::ASCII.stone(stone), "{picture}"),
        }
    }
    assert!(dead > 0, "the search sees dead stones here:\n{picture}");
}

/// The ASCII pass over the whole screen (`--ascii`) turns the Unicode marks into the ASCII
/// ones, so the heat map's note reads the same as the board.
#[test]
fn ascii_pass_matches_the_ascii_glyphs() {
    let (u, a) = (Glyphs::UNICODE, Glyphs::ASCII);
    for (x, y) in u
        .dead
        .iter()
        .zip(a.dead)
        .chain(u.to_claim.iter().zip(a.to_claim))
    {
        assert_eq!(crate::tui::view::ascii_of(*x), y);
    }
}
