//! The board as a component of the game and puzzle screens: the cursor (with the column
//! hexhex up/down moves aim for), the stone colour a placement puts down where the player
//! chooses it, and the ownership overlay; the board's commands (cursor, place, colour, end
//! turn, pass, button, overlay) as rows for the screens' command tables and what they do;
//! the mouse click on a cell; and the board's drawing.
//!
//! A screen keeps a [`BoardInput`], implements [`BoardHost`] (the position the keys act on,
//! whether a person may play now), puts the board's rows in its table where its key order
//! wants them ([`BoardAction::row`]) and hands a [`BoardAction`] to
//! [`BoardInput::on_action`]: what is left to the screen is to play the [`Step`] it gets.

use super::cursor::{self, Dir};
use super::layout::BoardLayout;
use super::view::{BoardView, Decorations};
use super::widget::{BoardWidget, Glyphs};
use crate::board::{BoardKind, Cell, Geometry};
use crate::games::{AnyGame, Describe, Game, GameKind, Placement, SearchHints, Spec, Step, Stone};
use crate::tui::commands::Command;
use crate::tui::game::areas::GameAreas;
use crate::tui::settings::Settings;
use ratatui::layout::Rect;
use ratatui::Frame;

/// Whether a game lets the player choose the stone colour (`c`).
pub fn has_colour_choice(kind: GameKind) -> bool {
    kind.spec().placement == Placement::Chosen
}

/// Whether a game has an ownership overlay (`t`).
pub fn has_overlay(kind: GameKind) -> bool {
    kind.spec().overlay_legend.is_some()
}

/// What a screen with a board tells the board's commands.
pub trait BoardHost {
    /// The position the board's keys act on.
    fn board_game(&self) -> &AnyGame;
    /// Whether a person at the keyboard may play a step now.
    fn may_step(&self) -> bool;
}

/// A board command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardAction {
    /// Move the cursor.
    Move(Dir),
    /// Place a stone at the cursor.
    Place,
    /// Switch the stone colour (Carteso, Wunchunk).
    Colour,
    /// End the turn early (Wunchunk).
    EndTurn,
    /// Pass.
    Pass,
    /// Take the button (Keil).
    Button,
    /// The ownership overlay on or off.
    Overlay,
}

/// What a board command leaves to its screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardOutcome {
    /// Nothing: the board's own state changed (the cursor, the overlay).
    Done,
    /// The colour to place switched to this one.
    Colour(Stone),
    /// Play this step (a placement at the cursor, the early end, a pass, the button).
    Step(Step),
}

fn always<S>(_: &S) -> bool {
    true
}

/// A hexhex board (its diagonal moves).
pub fn hex<S: BoardHost>(s: &S) -> bool {
    s.board_game().geometry().kind() == BoardKind::Hex
}

/// Whether `step` is legal now, in a game whose spec has the capability `has` (a game's
/// special step is offered while it is legal).
pub fn legal_now<S: BoardHost>(s: &S, has: fn(&Spec) -> bool, step: Step) -> bool {
    if !s.may_step() || !has(s.board_game().kind().spec()) {
        return false;
    }
    let mut v = Vec::new();
    s.board_game().legal_steps(&mut v);
    v.contains(&step)
}

fn may_end<S: BoardHost>(s: &S) -> bool {
    legal_now(s, |spec| spec.early_end, Step::End)
}

fn may_button<S: BoardHost>(s: &S) -> bool {
    legal_now(s, |spec| spec.button, Step::Button)
}

/// A game with an ownership overlay.
pub fn overlay<S: BoardHost>(s: &S) -> bool {
    has_overlay(s.board_game().kind())
}

/// A game where the player chooses the stone colour.
pub fn colour_choice<S: BoardHost>(s: &S) -> bool {
    has_colour_choice(s.board_game().kind())
}

const MOVE: &str = "move the cursor";
const DIAGONAL: &str = "move to the diagonal neighbours";

impl BoardAction {
    /// The command table row of a board command both screens bind alike: the cursor's
    /// moves, the early end, the button and the overlay. `action` is the screen's action
    /// that wraps this one. Placing, the colour and passing differ between the screens
    /// (when they are offered, their help): the screens write those rows, and asking for one
    /// here panics (in a `static` table: the build fails).
    pub const fn row<S: BoardHost, A>(self, action: A) -> Command<S, A> {
        let (name, keys, when, hint, help): (_, &'static [&'static str], fn(&S) -> bool, _, _) =
            match self {
                BoardAction::Move(Dir::Left) => ("left", &["Left", "h"], always, "move", MOVE),
                BoardAction::Move(Dir::Right) => ("right", &["Right", "l"], always, "move", MOVE),
                BoardAction::Move(Dir::Up) => ("up", &["Up", "k"], always, "move", MOVE),
                BoardAction::Move(Dir::Down) => ("down", &["Down", "j"], always, "move", MOVE),
                BoardAction::Move(Dir::UpLeft) => ("up_left", &["y"], hex, "", DIAGONAL),
                BoardAction::Move(Dir::UpRight) => ("up_right", &["u"], hex, "", DIAGONAL),
                BoardAction::Move(Dir::DownLeft) => ("down_left", &["b"], hex, "", DIAGONAL),
                BoardAction::Move(Dir::DownRight) => ("down_right", &["n"], hex, "", DIAGONAL),
                BoardAction::EndTurn => (
                    "end_turn",
                    &["e"],
                    may_end,
                    "end turn",
                    "end the turn early",
                ),
                BoardAction::Button => ("button", &["B"], may_button, "button", "take the button"),
                BoardAction::Overlay => (
                    "overlay",
                    &["t"],
                    overlay,
                    "overlay",
                    "ownership overlay on/off",
                ),
                BoardAction::Place | BoardAction::Colour | BoardAction::Pass => {
                    panic!("each screen writes its own place, colour and pass rows")
                }
            };
        Command::new(action, name, keys, when, hint, help)
    }
}

/// The board's state on a screen: the cursor, the colour to place, the overlay.
#[derive(Clone, Debug)]
pub struct BoardInput {
    cursor: Cell,
    /// The screen column hexhex up/down moves aim for.
    column: Option<u16>,
    colour: Stone,
    overlay: bool,
}

impl BoardInput {
    /// The board of `geo`: the cursor in the centre, placing `colour` where the player
    /// chooses, the overlay off.
    pub fn new(geo: &Geometry, colour: Stone) -> BoardInput {
        BoardInput {
            cursor: cursor::centre(geo),
            column: None,
            colour,
            overlay: false,
        }
    }

    /// The cell under the cursor.
    pub fn cursor(&self) -> Cell {
        self.cursor
    }

    /// Puts the cursor on a cell (as a click or a hint does).
    pub fn set_cursor(&mut self, cell: Cell) {
        self.cursor = cell;
        self.column = None;
    }

    /// Moves the cursor one step on `geo`.
    pub fn move_cursor(&mut self, geo: &'static Geometry, dir: Dir) {
        let m = cursor::step(geo, self.cursor, dir, self.column);
        self.cursor = m.cell;
        self.column = m.column;
    }

    /// The stone colour chosen with `c` (Carteso, Wunchunk).
    pub fn colour(&self) -> Stone {
        self.colour
    }

    /// Whether the ownership overlay is on.
    pub fn overlay(&self) -> bool {
        self.overlay
    }

    /// The stone a placement puts down in `game` for the side to move.
    pub fn stone(&self, game: &AnyGame) -> Stone {
        game.kind()
            .spec()
            .placement_stone(self.colour, game.to_move())
    }

    /// Carries out a board command in `game` (the position a placement is for).
    pub fn on_action(&mut self, action: BoardAction, game: &AnyGame) -> BoardOutcome {
        match action {
            BoardAction::Move(d) => {
                self.move_cursor(game.geometry(), d);
                BoardOutcome::Done
            }
            BoardAction::Place => BoardOutcome::Step(Step::Place {
                cell: self.cursor,
                stone: self.stone(game),
            }),
            BoardAction::Colour => {
                self.colour = self.colour.opposite();
                BoardOutcome::Colour(self.colour)
            }
            BoardAction::EndTurn => BoardOutcome::Step(Step::End),
            BoardAction::Pass => BoardOutcome::Step(Step::Pass),
            BoardAction::Button => BoardOutcome::Step(Step::Button),
            BoardAction::Overlay => {
                self.overlay = !self.overlay;
                BoardOutcome::Done
            }
        }
    }

    /// A click at (`column`, `row`) of the screen on a board of `geo` drawn in `board` at
    /// `scale`: the cursor goes to the cell clicked, which is returned; `None` off the cells.
    pub fn click(
        &mut self,
        geo: &'static Geometry,
        board: Rect,
        scale: u16,
        column: u16,
        row: u16,
    ) -> Option<Cell> {
        if column < board.x || row < board.y || column >= board.right() || row >= board.bottom() {
            return None;
        }
        let cell = BoardLayout::scaled(geo, scale).cell_at(column - board.x, row - board.y)?;
        self.set_cursor(cell);
        Some(cell)
    }

    /// The picture of `game` with the screen's marks (`deco`) and the board's cursor and
    /// overlay.
    pub fn view<G: Describe + SearchHints>(&self, game: &G, deco: Decorations<'_>) -> BoardView {
        BoardView::of_game(
            game,
            Decorations {
                cursor: Some(self.cursor()),
                overlay: self.overlay(),
                ..deco
            },
        )
    }

    /// Draws `game` with the screen's marks in the board area.
    pub fn render<G: Describe + SearchHints>(
        &self,
        f: &mut Frame,
        game: &G,
        deco: Decorations<'_>,
        s: &Settings,
        a: &GameAreas,
    ) {
        draw(f, &self.view(game, deco), s, a);
    }
}

/// Draws a board picture in the board area at its scale (the game and puzzle screens).
pub fn draw(f: &mut Frame, bv: &BoardView, s: &Settings, a: &GameAreas) {
    f.render_widget(
        BoardWidget {
            view: bv,
            theme: &s.theme,
            glyphs: Glyphs::for_mode(s.ascii()),
            scale: a.scale,
        },
        a.board,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> AnyGame {
        AnyGame::from_args(name, &[]).unwrap()
    }

    /// A screen with only a board.
    struct Host(AnyGame, bool);

    impl BoardHost for Host {
        fn board_game(&self) -> &AnyGame {
            &self.0
        }
        fn may_step(&self) -> bool {
            self.1
        }
    }

    #[test]
    fn the_cursor_moves_and_places_where_it_is() {
        let g = game("carteso");
        let geo = g.geometry();
        let mut b = BoardInput::new(geo, Stone::Black);
        assert_eq!(b.cursor(), cursor::centre(geo));
        let start = b.cursor();
        let right = cursor::step(geo, start, Dir::Right, None).cell;
        assert_eq!(
            b.on_action(BoardAction::Move(Dir::Right), &g),
            BoardOutcome::Done
        );
        assert_eq!(b.cursor(), right);
        assert_eq!(
            b.on_action(BoardAction::Place, &g),
            BoardOutcome::Step(Step::Place {
                cell: right,
                stone: b.stone(&g)
            })
        );
        b.set_cursor(start);
        assert_eq!(b.cursor(), start);
        for (a, step) in [
            (BoardAction::EndTurn, Step::End),
            (BoardAction::Pass, Step::Pass),
            (BoardAction::Button, Step::Button),
        ] {
            assert_eq!(b.on_action(a, &g), BoardOutcome::Step(step));
        }
    }

    #[test]
    fn colour_and_overlay_switch() {
        let g = game("carteso");
        let mut b = BoardInput::new(g.geometry(), Stone::Black);
        assert_eq!(
            b.on_action(BoardAction::Colour, &g),
            BoardOutcome::Colour(Stone::White)
        );
        assert_eq!(b.colour(), Stone::White);
        assert!(!b.overlay());
        b.on_action(BoardAction::Overlay, &g);
        assert!(b.overlay());
        let v = b.view(&g, Decorations::default());
        assert_eq!(v.cursor, Some(b.cursor()));
    }

    #[test]
    fn a_click_on_a_cell_moves_the_cursor_there() {
        let g = game("carteso");
        let geo = g.geometry();
        let mut b = BoardInput::new(geo, Stone::Black);
        let area = Rect::new(10, 5, 40, 20);
        let start = b.cursor();
        assert_eq!(b.click(geo, area, 1, 0, 0), None, "outside the board");
        assert_eq!(b.cursor(), start);
        let layout = BoardLayout::scaled(geo, 1);
        let a1 = geo.parse("a1").unwrap();
        let (x, y) = layout.pos(a1);
        assert_eq!(b.click(geo, area, 1, area.x + x, area.y + y), Some(a1));
        assert_eq!(b.cursor(), a1);
    }

    #[test]
    fn the_shared_rows_and_their_predicates() {
        let hex = Host(game("keil"), true);
        let square = Host(game("carteso"), true);
        let up_left: Command<Host, BoardAction> =
            BoardAction::Move(Dir::UpLeft).row(BoardAction::Move(Dir::UpLeft));
        assert_eq!((up_left.name, up_left.keys), ("up_left", &["y"][..]));
        assert!((up_left.when)(&hex) && !(up_left.when)(&square));
        let button: Command<Host, BoardAction> = BoardAction::Button.row(BoardAction::Button);
        assert_eq!(button.name, "button");
        assert!(!(button.when)(&square), "no button in Carteso");
        assert!(!(button.when)(&Host(game("keil"), false)), "not to move");
    }
}
