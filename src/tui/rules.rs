//! The Rules screen: each game's rules in our own words, with a small board picture drawn by
//! the board widget (a hand-made position, so it works whether or not the game is built in).

use super::board::{BoardLayout, BoardView, BoardWidget, Glyphs};
use super::commands::{Command, Table};
use super::layout::{key_line, panel, wrap_words};
use super::screen::{Component, Ctx, Transition, ViewCtx};
use crate::board::Geometry;
use crate::games::{GameKind, Mark, Side, Stone};
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

/// The Rules screen's state.
#[derive(Clone, Debug, Default)]
pub struct RulesScreen {
    /// Index into [`GameKind::ALL`].
    pub game: usize,
    /// Lines scrolled.
    pub scroll: u16,
}

/// The rules with, for games with komi, where the default agreed komi comes from.
pub fn full_text(kind: GameKind) -> String {
    let mut t = text(kind).to_string();
    if kind.has_komi() {
        t.push_str("\n\n");
        t.push_str(&crate::komi_file::table().summary(kind));
    }
    t
}

/// The rules of a game, in our words (SPEC §3 decides every detail).
pub fn text(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Keil => {
            "\
Go on a hexagonal board, with links. Black (●) moves first; on your turn place a stone of \
your colour or pass.

Links: two adjacent stones of one colour, or a stone and an adjacent empty point, are linked \
when at least one point next to both is not held by the other colour. A group is stones \
joined by links; its liberties are the empty points linked to it.

After you place, enemy groups without liberties are removed. Your stone's group must keep a \
liberty, and you may not repeat a position you left at the end of one of your earlier turns.

Territory: empty points joined by adjacency; it is yours when every stone linked to it is \
yours. Score: your stones + your territory (+ komi for White, + 0.5 for the button). The game \
ends after two passes in a row.

Button: while nobody has taken it you may not pass, but you may take it instead of a stone.

In a game, t shows the territory: b Black's, w White's, - nobody's."
        }
        GameKind::Carteso => {
            "\
Vertical moves first, then Horizontal. On your turn place one stone of EITHER colour (c \
switches) or pass.

A group (same-coloured stones joined orthogonally) belongs to Vertical when it spans more \
rows than columns, to Horizontal when it spans more columns than rows; when square, to the \
opponent of whoever just placed.

A group is finished when it can no longer grow taller or wider. After every placement each \
unclaimed finished group is claimed by its owner (marked | for Vertical, - for Horizontal \
next to its stones, as in the picture) and stays claimed.

Score: stones in the groups you claimed (+ komi for Horizontal). Two passes in a row end the \
game. Komi is bid: the first player sets it, the second picks a side."
        }
        GameKind::Iris => {
            "\
Black moves first with ONE stone on a gray (inner) cell. After that every turn is TWO stones:

- first stone on a coloured edge cell: the second goes on the cell of the same colour on the \
opposite side (placed for you);
- first stone on a gray cell: the second goes on any empty gray cell not next to the first \
(highlighted); if there is none, it is forfeited.

You may pass a whole turn. The game ends when the board is full or after two passes.

A group's score is the number of coloured cells in it. Compare your best groups: the higher \
wins; if equal, compare the next best, and so on."
        }
        GameKind::Linage => {
            "\
Vertical moves first, then Horizontal. Stones (◆) belong to nobody.

A region is a set of empty points joined orthogonally. A line is three empty points in a row: \
horizontal or vertical. A region with vertical lines but no horizontal line is Vertical's; \
with horizontal lines but no vertical line, Horizontal's; with both, it is free.

Place a stone in a free region, or pass; afterwards every region must still hold a line.

Score: the points of your regions (+ komi for Horizontal). Two passes in a row end the game. \
Komi is bid: the first player sets it, the second picks a side.

In a game, t shows who owns what: v Vertical's region, h Horizontal's, * free (as in the \
picture)."
        }
        GameKind::Wunchunk => {
            "\
Black moves first. A chunk is a group of 2 or more stones of one colour; a crumb is a single \
stone.

On your turn place up to as many stones as you have chunks (at least 1), of EITHER colour (c \
switches); e ends the turn early, p passes. On White's first turn White may swap (s) \
instead: the players exchange colours.

The game ends when the board is full or both pass in a row. Fewest chunks of your colour \
wins; then fewest crumbs; then fewest groups of 2, of 3, and so on."
        }
    }
}

/// The board of a game's picture.
fn picture_geometry(kind: GameKind) -> &'static Geometry {
    match kind {
        GameKind::Carteso | GameKind::Linage => Geometry::square(5),
        _ => Geometry::hex(3),
    }
}

/// A small hand-made position showing the game's idea.
pub fn picture(kind: GameKind) -> BoardView {
    let geo = picture_geometry(kind);
    let letters = match kind {
        GameKind::Carteso | GameKind::Linage => ['v', 'h'],
        _ => ['b', 'w'],
    };
    let mut v = BoardView::empty(geo, letters);
    fn put(v: &mut BoardView, name: &str, stone: Stone) -> usize {
        let c = v
            .geometry
            .parse(name)
            .expect("picture cells are on the board") as usize;
        v.cells[c].stone = Some(stone);
        c
    }
    match kind {
        GameKind::Keil => {
            for c in ["b3", "c3", "c4"] {
                put(&mut v, c, Stone::Black);
            }
            for c in ["b4", "d3", "d2"] {
                put(&mut v, c, Stone::White);
            }
        }
        GameKind::Wunchunk => {
            for c in ["b3", "b4", "d1"] {
                put(&mut v, c, Stone::Black);
            }
            for c in ["c4", "d4", "d3", "a5"] {
                put(&mut v, c, Stone::White);
            }
        }
        GameKind::Iris => {
            for (i, c) in geo.ring().into_iter().enumerate() {
                let label = (i % (3 * (geo.size() - 1))) as u16;
                v.cells[c as usize].pair = Some(label);
            }
            put(&mut v, "c3", Stone::Black);
            put(&mut v, "a3", Stone::White);
            put(&mut v, "e3", Stone::White);
        }
        GameKind::Carteso => {
            // a1-a2 black, walled in by white: finished, taller than wide, Vertical's.
            // d5-e5 white, walled in by black: finished, wider than tall, Horizontal's.
            for (cells, stone, claim) in [
                (&["a1", "a2"][..], Stone::Black, Some(Side::First)),
                (&["d5", "e5"][..], Stone::White, Some(Side::Second)),
                (&["b1", "b2", "a3"][..], Stone::White, None),
                (&["c5", "d4", "e4"][..], Stone::Black, None),
            ] {
                for c in cells {
                    let i = put(&mut v, c, stone);
                    v.cells[i].claim = claim;
                }
            }
        }
        GameKind::Linage => {
            for c in ["b1", "b2", "b3", "a4", "b4", "c4", "d5"] {
                put(&mut v, c, Stone::Neutral);
            }
            // a1-a3: only a vertical line (Vertical's); a5-c5: only a horizontal line
            // (Horizontal's); the rest has both (free).
            for c in geo.all_cells() {
                if v.cells[c as usize].stone.is_some() {
                    continue;
                }
                let (x, y) = geo.coords(c);
                v.cells[c as usize].mark = Some(match (x, y) {
                    (0, 0..=2) => Mark::Owned(Side::First),
                    (0..=2, 4) => Mark::Owned(Side::Second),
                    _ => Mark::Free,
                });
            }
        }
    }
    v
}

/// What the marks of a game's picture mean (one line), if it has any.
pub fn legend(kind: GameKind) -> Option<&'static str> {
    match kind {
        GameKind::Linage => Some("v Vertical's, h Horizontal's, * free"),
        GameKind::Carteso => Some("| claimed by Vertical, - by Horizontal"),
        GameKind::Iris => Some("letters or colours: coloured cells, a pair each"),
        _ => None,
    }
}

/// What a command of the Rules screen does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The previous game.
    Previous,
    /// The next game.
    Next,
    /// Scroll by some lines (negative: up).
    Scroll(i32),
    /// Back to the menu.
    Back,
}

fn always(_: &RulesScreen) -> bool {
    true
}

/// The Rules screen's commands.
#[rustfmt::skip]
pub static TABLE: Table<RulesScreen, Action> = Table {
    screen: "rules",
    rows: &[
        Command::new(Action::Previous, "previous", &["Left", "h", "BackTab"], always, "game", "the previous game"),
        Command::new(Action::Next, "next", &["Right", "l", "Tab"], always, "game", "the next game"),
        Command::new(Action::Scroll(-1), "line_up", &["Up", "k"], always, "", "scroll a line"),
        Command::new(Action::Scroll(1), "line_down", &["Down", "j"], always, "", "scroll a line"),
        Command::new(Action::Scroll(-10), "page_up", &["PgUp"], always, "scroll", "scroll a page"),
        Command::new(Action::Scroll(10), "page_down", &["PgDn", "Space"], always, "scroll", "scroll a page"),
        Command::new(Action::Back, "back", &["Esc", "q"], always, "back", "back to the menu"),
    ],
};

/// Where the picture and the text go on a screen of `size`: the picture's left column (if
/// shown) and the text's area (its panel, title rule included).
fn areas(kind: GameKind, size: (u16, u16)) -> (Option<Rect>, Rect) {
    let (w, h) = size;
    let l = BoardLayout::of(picture_geometry(kind));
    let body_h = h.saturating_sub(3);
    let pic_w = l.width() + 2;
    let side = w > pic_w + 20;
    let pic = (side && body_h >= l.height() + 2).then(|| Rect::new(1, 2, l.width(), l.height()));
    let text_x = if side { pic_w + 1 } else { 1 };
    (
        pic,
        Rect::new(text_x, 1, w.saturating_sub(text_x + 1), body_h + 1),
    )
}

/// The most the text scrolls on a screen of `size`: its wrapped lines less the rows shown.
pub fn max_scroll(kind: GameKind, size: (u16, u16)) -> u16 {
    let (_, tr) = areas(kind, size);
    // Wrapped exactly as the view wraps it.
    let lines = Paragraph::new(full_text(kind))
        .wrap(Wrap { trim: false })
        .line_count(tr.width);
    (lines as u16).saturating_sub(tr.height.saturating_sub(1))
}

impl Component for RulesScreen {
    /// Handles a key.
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        match TABLE.lookup(self, &cx.settings.keymap, &k) {
            None => {}
            Some(Action::Back) => return Transition::Menu,
            Some(Action::Previous) => {
                self.game = (self.game + 4) % 5;
                self.scroll = 0;
            }
            Some(Action::Next) => {
                self.game = (self.game + 1) % 5;
                self.scroll = 0;
            }
            Some(Action::Scroll(n)) => {
                let max = max_scroll(GameKind::ALL[self.game], cx.size);
                self.scroll = (i32::from(self.scroll) + n).clamp(0, i32::from(max)) as u16;
            }
        }
        Transition::stay()
    }

    /// Draws the games across the top, the picture left (with its legend), the text right.
    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        let s = v.settings;
        let t = &s.theme;
        let area = f.area();
        f.render_widget(Block::new().style(t.text), area);
        let mut tabs = Vec::new();
        for (i, k) in GameKind::ALL.iter().enumerate() {
            let style = if i == self.game { t.selected } else { t.dim };
            tabs.push(ratatui::text::Span::styled(
                format!(" {} ", k.title()),
                style,
            ));
            tabs.push(ratatui::text::Span::raw(" "));
        }
        f.render_widget(
            Paragraph::new(Line::from(tabs)),
            Rect::new(1, 0, area.width.saturating_sub(1), 1),
        );
        let kind = GameKind::ALL[self.game];
        let (pic_area, tr) = areas(kind, (area.width, area.height));
        if let Some(r) = pic_area {
            let pic = picture(kind);
            f.render_widget(
                BoardWidget {
                    view: &pic,
                    theme: &s.theme,
                    glyphs: Glyphs::for_mode(s.ascii()),
                    scale: 1,
                },
                r,
            );
            if let Some(legend) = legend(kind) {
                let lines: Vec<Line> = wrap_words(legend, r.width as usize)
                    .into_iter()
                    .map(|l| Line::styled(l, t.dim))
                    .collect();
                let lr = Rect::new(r.x, r.bottom() + 1, r.width, lines.len() as u16);
                if lr.bottom() < area.height.saturating_sub(1) {
                    f.render_widget(Paragraph::new(lines), lr);
                }
            }
        }
        let scroll = self.scroll.min(max_scroll(kind, (area.width, area.height)));
        f.render_widget(
            Paragraph::new(full_text(kind))
                .block(panel(kind.title(), s))
                .style(t.text)
                .wrap(Wrap { trim: false })
                .scroll((scroll, 0)),
            tr,
        );
        key_line(f, area, &TABLE.hints(self, &s.keymap), s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Game, GameOptions};
    use crate::session::Session;

    /// The picture's position replayed through the rules (stones in the order given, one per
    /// turn, agreed komi); a game that cannot start fails the test.
    fn replay(kind: GameKind, tokens: &[&str]) -> Session {
        let mut o = GameOptions::defaults(kind);
        o.size = picture(kind).geometry.size();
        o.protocol = crate::games::Protocol::Agreed;
        o.komi_half = 1;
        let mut s = Session::new(kind, o).unwrap_or_else(|e| panic!("{kind} cannot start: {e}"));
        for t in tokens {
            s.play_turn(t).unwrap_or_else(|e| panic!("{kind} {t}: {e}"));
        }
        s
    }

    #[test]
    fn iris_picture_pairs_are_the_rules_pairs() {
        let pic = picture(GameKind::Iris);
        let s = replay(GameKind::Iris, &["c3", "a3"]);
        for c in pic.geometry.all_cells() {
            let v = &pic.cells[c as usize];
            assert_eq!(v.pair, s.game().pair_label(c), "{}", pic.geometry.name(c));
            assert_eq!(v.stone, s.game().stone_at(c), "{}", pic.geometry.name(c));
        }
    }

    #[test]
    fn linage_picture_ownership_is_the_rules_ownership() {
        let pic = picture(GameKind::Linage);
        let order = ["b1", "b2", "b3", "a4", "b4", "c4", "d5"];
        let s = replay(GameKind::Linage, &order);
        let own = s.game().ownership();
        for c in pic.geometry.all_cells() {
            let v = &pic.cells[c as usize];
            assert_eq!(v.stone, s.game().stone_at(c), "{}", pic.geometry.name(c));
            assert_eq!(v.mark, own[c as usize], "{}", pic.geometry.name(c));
        }
    }

    #[test]
    fn carteso_picture_claims_are_the_rules_claims() {
        let pic = picture(GameKind::Carteso);
        let order = [
            "Ba1", "Wb1", "Ba2", "Wb2", "Wa3", "Bc5", "Wd5", "Bd4", "We5", "Be4",
        ];
        let s = replay(GameKind::Carteso, &order);
        for c in pic.geometry.all_cells() {
            let v = &pic.cells[c as usize];
            let name = pic.geometry.name(c);
            assert_eq!(v.stone, s.game().stone_at(c), "{name}");
            assert_eq!(v.claim, s.game().claimed_by(c), "{name}");
        }
    }
}
