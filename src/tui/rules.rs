//! The Rules screen: each game's rules in our own words, with a small board picture drawn by
//! the board widget (a hand-made position, so it works whether or not the game is built in).

use super::board::{BoardLayout, BoardView, BoardWidget, Glyphs};
use super::commands::{Command, Table};
use super::form::{tabs, Move, Selection};
use super::layout::{key_line, panel, wrap_words};
use super::screen::transition::Transition;
use super::screen::{Component, Ctx, ViewCtx};
use crate::board::Geometry;
use crate::games::GameKind;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

/// The Rules screen's state.
#[derive(Clone, Debug, Default)]
pub struct RulesScreen {
    /// The game shown, of [`GameKind::ALL`].
    pub game: Selection,
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
    kind.rules_text().text
}

/// The board of a game's picture.
fn picture_geometry(kind: GameKind) -> &'static Geometry {
    kind.rules_text().picture.geometry()
}

/// A small hand-made position showing the game's idea.
pub fn picture(kind: GameKind) -> BoardView {
    let p = &kind.rules_text().picture;
    let geo = p.geometry();
    let mut v = BoardView::empty(geo, p.letters);
    let cell = |name: &str| geo.parse(name).expect("picture cells are on the board") as usize;
    for &(stone, cells) in p.stones {
        for c in cells {
            v.cells[cell(c)].stone = Some(stone);
        }
    }
    for &(side, cells) in p.claims {
        for c in cells {
            v.cells[cell(c)].claim = Some(side);
        }
    }
    for &(mark, cells) in p.marks {
        for c in cells {
            v.cells[cell(c)].mark = Some(mark);
        }
    }
    if let Some(mark) = p.other_empty {
        for c in v.cells.iter_mut() {
            if c.stone.is_none() && c.mark.is_none() {
                c.mark = Some(mark);
            }
        }
    }
    if p.ring_pairs {
        for (i, c) in geo.ring().into_iter().enumerate() {
            let label = (i % (3 * (geo.size() - 1))) as u16;
            v.cells[c as usize].pair = Some(label);
        }
    }
    v
}

/// What the marks of a game's picture mean (one line), if it has any.
pub fn legend(kind: GameKind) -> Option<&'static str> {
    kind.rules_text().legend
}

/// What a command of the Rules screen does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The previous or next game.
    Game(Move),
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
        Command::new(Action::Game(Move::Prev), "previous", &["Left", "h", "BackTab"], always, "game", "the previous game"),
        Command::new(Action::Game(Move::Next), "next", &["Right", "l", "Tab"], always, "game", "the next game"),
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

impl RulesScreen {
    /// The game shown.
    fn kind(&self) -> GameKind {
        GameKind::ALL[self.game.index()]
    }
}

impl Component<Transition> for RulesScreen {
    /// Handles a key.
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        match TABLE.lookup(self, &cx.settings.keymap, &k) {
            None => {}
            Some(Action::Back) => return Transition::Menu,
            Some(Action::Game(m)) => {
                self.game.go(m, GameKind::ALL.len());
                self.scroll = 0;
            }
            Some(Action::Scroll(n)) => {
                let max = max_scroll(self.kind(), cx.size);
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
        let titles = GameKind::ALL.iter().map(|k| k.title().to_string());
        f.render_widget(
            Paragraph::new(Line::from(tabs(titles, self.game.index(), " ", t))),
            Rect::new(1, 0, area.width.saturating_sub(1), 1),
        );
        let kind = self.kind();
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
    use crate::games::{Describe, Game, GameOptions};
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
