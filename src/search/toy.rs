//! Tiny games implementing [`Game`], for testing the search without the real games: tic-tac-toe,
//! and a multi-step Nim ("race") whose turns take one to three tokens one step at a time, with
//! an optional pie swap like Wunchunk's.

use crate::board::{Cell, Geometry};
use crate::games::{
    Game, GameKind, Illegal, NotationError, Outcome, SearchHints, Side, Step, Stone,
};

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Tic-tac-toe on cells 0..9 (row-major); Black moves first.
#[derive(Clone, Debug, Default)]
pub struct TicTacToe {
    board: [Option<Stone>; 9],
    history: Vec<usize>,
}

impl TicTacToe {
    /// A position from a 9-character picture: `x`, `o`, `.`.
    pub fn from_picture(p: &str) -> TicTacToe {
        let mut t = TicTacToe::default();
        let (xs, os): (Vec<_>, Vec<_>) = p
            .chars()
            .enumerate()
            .filter(|(_, c)| *c != '.')
            .partition(|(_, c)| *c == 'x');
        assert!(xs.len() == os.len() || xs.len() == os.len() + 1);
        for i in 0..xs.len() {
            t.put(xs[i].0);
            if i < os.len() {
                t.put(os[i].0);
            }
        }
        t
    }

    fn put(&mut self, c: usize) {
        let s = Stone::of_side(self.to_move());
        self.board[c] = Some(s);
        self.history.push(c);
    }

    fn winner(&self) -> Option<Side> {
        LINES.iter().find_map(|l| match self.board[l[0]] {
            Some(s) if self.board[l[1]] == Some(s) && self.board[l[2]] == Some(s) => {
                Some(if s == Stone::Black {
                    Side::First
                } else {
                    Side::Second
                })
            }
            _ => None,
        })
    }
}

impl Game for TicTacToe {
    /// Not a game of the program's: the search reads a game's measured settings (tuning,
    /// levels, network) by its kind, and a toy has none of its own, so tic-tac-toe borrows
    /// those of Iris, the real game it is most like (one stone a turn, no points). Iris's
    /// network does not fit its input ([`crate::games::NetInput`]), so `net` plays it with
    /// playouts.
    fn kind(&self) -> GameKind {
        GameKind::Iris
    }
    fn geometry(&self) -> &'static Geometry {
        Geometry::hex(3)
    }
    fn to_move(&self) -> Side {
        Side::from_index(self.history.len() % 2)
    }
    fn is_over(&self) -> bool {
        self.winner().is_some() || self.history.len() == 9
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some(s) => Some(Outcome::Win(s)),
            None if self.history.len() == 9 => Some(Outcome::Draw),
            None => None,
        }
    }
    fn legal_steps(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let stone = Stone::of_side(self.to_move());
        out.extend(
            (0..9)
                .filter(|&c| self.board[c].is_none())
                .map(|c| Step::Place {
                    cell: c as Cell,
                    stone,
                }),
        );
    }
    fn check(&self, step: Step) -> Result<(), Illegal> {
        if self.is_over() {
            return Err(Illegal::GameOver);
        }
        match step {
            Step::Place { cell, stone }
                if (cell as usize) < 9 && stone == Stone::of_side(self.to_move()) =>
            {
                if self.board[cell as usize].is_some() {
                    Err(Illegal::Occupied)
                } else {
                    Ok(())
                }
            }
            _ => Err(Illegal::Rule("not a move")),
        }
    }
    fn play(&mut self, step: Step) {
        debug_assert!(self.check(step).is_ok(), "{step:?}");
        self.put(step.cell().unwrap() as usize);
    }
    fn undo(&mut self) -> Option<Step> {
        let c = self.history.pop()?;
        let stone = self.board[c].take().unwrap();
        Some(Step::Place {
            cell: c as Cell,
            stone,
        })
    }
    fn hash(&self) -> u64 {
        self.board.iter().fold(7u64, |h, s| {
            h.wrapping_mul(31)
                .wrapping_add(s.map_or(0, |s| s.index() as u64 + 1))
        })
    }
    fn stone_at(&self, cell: Cell) -> Option<Stone> {
        self.board.get(cell as usize).copied().flatten()
    }
    fn turns_completed(&self) -> usize {
        self.history.len()
    }
    fn steps_in_turn(&self) -> usize {
        0
    }
    fn result_text(&self) -> Option<String> {
        self.outcome().map(|o| format!("{o:?}"))
    }
    fn parse_step(&self, text: &str) -> Result<Step, NotationError> {
        let c: Cell = text.parse().map_err(|_| NotationError::Toy("bad cell"))?;
        Ok(Step::Place {
            cell: c,
            stone: Stone::of_side(self.to_move()),
        })
    }
    fn format_step(&self, step: Step) -> String {
        match step {
            Step::Place { cell, .. } => cell.to_string(),
            s => format!("{s:?}"),
        }
    }
    fn parse_turn(&self, token: &str) -> Result<Vec<Step>, NotationError> {
        Ok(vec![self.parse_step(token)?])
    }
    fn format_turn(&self, steps: &[Step]) -> String {
        self.format_step(steps[0])
    }
}

impl SearchHints for TicTacToe {}
impl crate::games::NetInput for TicTacToe {}

/// Multi-step Nim: a pile of tokens; a turn takes 1 to 3 of them one step at a time (a
/// placement on the next cell), `end` after at least one; taking the last token wins. With
/// `pie`, the second player may `swap` on its first turn (sides stay, players exchange them).
#[derive(Clone, Debug)]
pub struct Race {
    state: RaceState,
    history: Vec<RaceState>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct RaceState {
    start: u8,
    pile: u8,
    side: Side,
    in_turn: u8,
    turns: usize,
    swapped: bool,
    pie: bool,
    winner: Option<Side>,
    points: Option<[i16; 2]>,
}

impl Race {
    /// A race over `pile` tokens.
    pub fn new(pile: u8, pie: bool) -> Race {
        Race {
            state: RaceState {
                start: pile,
                pile,
                side: Side::First,
                in_turn: 0,
                turns: 0,
                swapped: false,
                pie,
                winner: None,
                points: None,
            },
            history: Vec::new(),
        }
    }

    /// Tokens left.
    pub fn pile(&self) -> u8 {
        self.state.pile
    }

    /// Gives the game points: each side scores the tokens it took, so the winner is still
    /// whoever takes the last token but the margin varies.
    pub fn with_points(mut self) -> Race {
        self.state.points = Some([0, 0]);
        self
    }

    fn end_turn(&mut self) {
        self.state.turns += 1;
        self.state.in_turn = 0;
        self.state.side = self.state.side.other();
    }
}

impl Game for Race {
    /// Not a game of the program's: like [`TicTacToe`], the race borrows the measured
    /// settings of the real game it is most like, Wunchunk (several steps a turn, a pie).
    fn kind(&self) -> GameKind {
        GameKind::Wunchunk
    }
    fn geometry(&self) -> &'static Geometry {
        Geometry::hex(12)
    }
    fn to_move(&self) -> Side {
        self.state.side
    }
    fn is_over(&self) -> bool {
        self.state.winner.is_some()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.state.winner.map(Outcome::Win)
    }
    fn legal_steps(&self, out: &mut Vec<Step>) {
        out.clear();
        let s = &self.state;
        if s.winner.is_some() {
            return;
        }
        out.push(Step::Place {
            cell: (s.start - s.pile) as Cell,
            stone: Stone::Black,
        });
        if s.in_turn > 0 {
            out.push(Step::End);
        }
        if s.pie && s.turns == 1 && s.in_turn == 0 && !s.swapped {
            out.push(Step::Swap);
        }
    }
    fn check(&self, step: Step) -> Result<(), Illegal> {
        let mut v = Vec::new();
        self.legal_steps(&mut v);
        if v.contains(&step) {
            Ok(())
        } else {
            Err(Illegal::Rule("not now"))
        }
    }
    fn play(&mut self, step: Step) {
        debug_assert!(self.check(step).is_ok(), "{step:?} in {self:?}");
        self.history.push(self.state);
        match step {
            Step::Place { .. } => {
                self.state.pile -= 1;
                self.state.in_turn += 1;
                if let Some(p) = &mut self.state.points {
                    p[self.state.side.index()] += 1;
                }
                if self.state.pile == 0 {
                    self.state.winner = Some(self.state.side);
                    self.state.turns += 1;
                } else if self.state.in_turn == 3 {
                    self.end_turn();
                }
            }
            Step::End => self.end_turn(),
            Step::Swap => {
                self.state.swapped = true;
                self.state.turns += 1;
            }
            _ => unreachable!(),
        }
    }
    fn undo(&mut self) -> Option<Step> {
        let prev = self.history.pop()?;
        let step = if prev.pile != self.state.pile {
            Step::Place {
                cell: (prev.start - prev.pile) as Cell,
                stone: Stone::Black,
            }
        } else if prev.swapped != self.state.swapped {
            Step::Swap
        } else {
            Step::End
        };
        self.state = prev;
        Some(step)
    }
    fn hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.state.hash(&mut h);
        h.finish()
    }
    fn stone_at(&self, _: Cell) -> Option<Stone> {
        None
    }
    fn turns_completed(&self) -> usize {
        self.state.turns
    }
    fn steps_in_turn(&self) -> usize {
        self.state.in_turn as usize
    }
    fn swapped(&self) -> bool {
        self.state.swapped
    }
    fn points(&self) -> Option<[f64; 2]> {
        self.state.points.map(|p| [p[0] as f64, p[1] as f64])
    }
    fn result_text(&self) -> Option<String> {
        self.outcome().map(|o| format!("{o:?}"))
    }
    fn parse_step(&self, text: &str) -> Result<Step, NotationError> {
        match text {
            "take" => {
                let mut v = Vec::new();
                self.legal_steps(&mut v);
                v.first().copied().ok_or(NotationError::Toy("over"))
            }
            "end" => Ok(Step::End),
            "swap" => Ok(Step::Swap),
            _ => Err(NotationError::Toy("take, end or swap")),
        }
    }
    fn format_step(&self, step: Step) -> String {
        match step {
            Step::Place { .. } => "take".into(),
            Step::End => "end".into(),
            Step::Swap => "swap".into(),
            s => format!("{s:?}"),
        }
    }
    fn parse_turn(&self, token: &str) -> Result<Vec<Step>, NotationError> {
        token.split(',').map(|t| self.parse_step(t)).collect()
    }
    fn format_turn(&self, steps: &[Step]) -> String {
        let takes = steps.iter().filter(|s| s.is_place()).count();
        match steps {
            [Step::Swap] => "swap".into(),
            _ => format!("take{takes}"),
        }
    }
}

impl SearchHints for Race {}
impl crate::games::NetInput for Race {}
