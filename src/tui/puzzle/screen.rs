//! A puzzle being solved: the position, the player's turns checked by the solver on a worker
//! thread ([`super::job`]), the defender's most resistant answers, wrong turns shown with
//! their refutation and taken back, the hint, giving up, and free exploring afterwards with
//! `[ ]` stepping through the main line.

use super::job::{Answer, Job, Question, Reply};
use super::list::PuzzleList;
use super::progress::Status;
use crate::board::Cell;
use crate::games::{AnyGame, Game, Side, Step, Stone};
use crate::puzzle::define::goal_in_own_turns;
use crate::puzzle::set::Entry;
use crate::tui::board::input::has_colour_choice;
use crate::tui::board::{BoardHost, BoardInput};
use crate::tui::effect::Effect;
use crate::tui::note::Note;

/// Where the puzzle stands.
#[derive(Clone, Debug)]
pub enum Phase {
    /// The player is to play a turn (possibly part-way through a multi-stone turn).
    Move,
    /// The solver is judging the player's turn (this job).
    Judging(u64),
    /// The solver is looking for a hint (this job).
    Hinting(u64),
    /// A wrong turn and its refutation are shown (this position); the next key takes them
    /// back.
    Wrong(Box<AnyGame>),
    /// Solved (without a mistake when `clean`): the player explores freely.
    Solved,
    /// Given up: the solution is shown; the player explores freely.
    GaveUp,
}

/// The puzzle screen's state.
#[derive(Clone, Debug)]
pub struct PuzzleScreen {
    /// The list it came from (for going back and for the next puzzle), with the progress.
    pub list: PuzzleList,
    /// The puzzle.
    pub entry: Entry,
    pub(super) start: AnyGame,
    /// The position on the board (with the steps of a turn in progress).
    pub(super) game: AnyGame,
    /// The position at the start of the turn in progress.
    pub(super) turn_start: AnyGame,
    /// The main line, as turns.
    pub(super) solution: Vec<Vec<Step>>,
    /// The side to move in the puzzle (who must win).
    pub(super) attacker: Side,
    /// Whole turns played since the puzzle's position (the player's and the answers).
    pub(super) played: Vec<Vec<Step>>,
    pub(super) phase: Phase,
    /// The first wrong turn, hint or giving up, in `mistake_made`'s words ("a hint"): no
    /// clean solve once it is `Some`.
    first_slip: Option<&'static str>,
    /// After solving or giving up: how many turns of the main line the board shows (`None`
    /// while exploring off it).
    pub(super) line_at: Option<usize>,
    /// The board: the cursor, the colour to place, the overlay.
    pub(super) board: BoardInput,
    pub(super) help: bool,
    pub(super) note: Option<Note>,
    /// The cells of the last turn (or the wrong turn and its refutation).
    pub(super) last: Vec<Cell>,
}

impl PuzzleScreen {
    /// Opens the puzzle at `index` of the list's game.
    pub fn open(list: PuzzleList, index: usize) -> Result<PuzzleScreen, String> {
        let entry = list.entries().get(index).cloned().ok_or("no such puzzle")?;
        let start = entry.position().map_err(|e| format!("{}: {e}", entry.id))?;
        let mut g = start.clone();
        let mut solution = Vec::new();
        for token in &entry.solution {
            let turn = g
                .parse_turn(token)
                .map_err(|e| format!("{}: solution '{token}': {e}", entry.id))?;
            for &s in &turn {
                g.try_play(s)
                    .map_err(|e| format!("{}: solution '{token}': {e}", entry.id))?;
            }
            solution.push(turn);
        }
        let attacker = start.to_move();
        let mut list = list;
        list.selected = crate::tui::form::Selection::at(index);
        let mut p = PuzzleScreen {
            board: BoardInput::new(start.geometry(), Stone::of_side(attacker)),
            list,
            entry,
            game: start.clone(),
            turn_start: start.clone(),
            start,
            solution,
            attacker,
            played: Vec::new(),
            phase: Phase::Move,
            first_slip: None,
            line_at: None,
            help: false,
            note: None,
            last: Vec::new(),
        };
        p.say(format!("{}: find the only winning turn", p.goal_text()));
        Ok(p)
    }

    /// The game shown.
    pub fn game(&self) -> &AnyGame {
        match &self.phase {
            Phase::Wrong(shown) => shown,
            _ => &self.game,
        }
    }

    /// Where the puzzle stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The message shown.
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// The board: the cursor, the colour to place, the overlay.
    pub fn board(&self) -> &BoardInput {
        &self.board
    }

    /// Puts the cursor on a cell.
    pub fn set_cursor(&mut self, cell: Cell) {
        self.board.set_cursor(cell);
    }

    /// Plies left for the attacker to win in.
    pub fn plies_left(&self) -> u8 {
        self.entry.win_in.saturating_sub(self.played.len() as u8)
    }

    /// "Vertical to win in 4 turns of yours (7 in all)": the plies left, in the attacker's
    /// own turns.
    pub fn goal_text(&self) -> String {
        goal_in_own_turns(&self.start, self.attacker, self.plies_left())
    }

    /// The puzzle's result as the list shows it (the best try so far; `None`: new).
    pub fn record(&self) -> Option<Status> {
        self.list.progress.status(&self.entry.id)
    }

    /// How this try went, once it is over: solved, solved with help, or failed (given
    /// up). `None` while it goes on.
    pub fn this_try(&self) -> Option<Status> {
        match self.phase {
            Phase::Solved if self.first_slip.is_some() => Some(Status::SolvedAfterMistake),
            Phase::Solved => Some(Status::Solved),
            Phase::GaveUp => Some(Status::Failed),
            _ => None,
        }
    }

    /// The stone colour a placement puts down where the player chooses it (Carteso,
    /// Wunchunk; `c` switches it).
    pub fn colour(&self) -> Option<Stone> {
        has_colour_choice(self.game.kind()).then_some(self.board.colour())
    }

    /// Whether the puzzle is over (solved or given up): the board is free to explore.
    pub fn done(&self) -> bool {
        matches!(self.phase, Phase::Solved | Phase::GaveUp)
    }

    /// Whether the player may play a step now.
    pub fn can_move(&self) -> bool {
        match self.phase {
            Phase::Move | Phase::Wrong(_) => !self.game.is_over(),
            Phase::Solved | Phase::GaveUp => !self.game.is_over(),
            Phase::Judging(_) | Phase::Hinting(_) => false,
        }
    }

    /// Whether the puzzle is still being solved (hint and give up make sense).
    pub fn solving(&self) -> bool {
        matches!(self.phase, Phase::Move | Phase::Wrong(_))
    }

    /// The turns played so far, as tokens.
    pub fn played_tokens(&self) -> Vec<String> {
        crate::puzzle::line_tokens(&self.start, &self.played)
    }

    /// The main line as tokens.
    pub fn solution_tokens(&self) -> &[String] {
        &self.entry.solution
    }

    /// How many turns of the main line the board shows after the puzzle.
    pub fn line_at(&self) -> Option<usize> {
        self.line_at
    }

    /// The cells to mark as the last turn.
    pub fn last_cells(&self) -> &[Cell] {
        &self.last
    }

    /// Whether the help is open.
    pub fn help_open(&self) -> bool {
        self.help
    }

    pub(super) fn say(&mut self, text: impl Into<String>) {
        self.note = Some(Note::info(text));
    }

    pub(super) fn complain(&mut self, text: impl Into<String>) {
        self.note = Some(Note::error(text));
    }

    /// Leaves a shown wrong turn: back to the position before it.
    pub(super) fn take_back_wrong(&mut self) {
        if matches!(self.phase, Phase::Wrong(_)) {
            self.phase = Phase::Move;
            self.game = self.turn_start.clone();
            self.last = self
                .played
                .last()
                .map(|t| t.iter().filter_map(|s| s.cell()).collect())
                .unwrap_or_default();
        }
    }

    /// Plays a step of the player's; when it completes a turn of the puzzle, asks the solver.
    pub(super) fn step(&mut self, step: Step, next_job: &mut u64) -> Vec<Effect> {
        self.take_back_wrong();
        if !self.can_move() {
            return Vec::new();
        }
        if let Err(e) = self.game.try_play(step) {
            let what = match step.cell() {
                Some(c) => self.game.geometry().name(c),
                None => self.game.format_step(step),
            };
            self.complain(format!("{what}: {e}"));
            return Vec::new();
        }
        self.note = None;
        self.play_forced();
        let turn_done =
            self.game.turns_completed() > self.turn_start.turns_completed() || self.game.is_over();
        let steps = self.steps_since_turn_start();
        self.last = steps.iter().filter_map(|s| s.cell()).collect();
        if !turn_done {
            return Vec::new();
        }
        if self.done() {
            // Exploring: nothing is judged.
            self.line_at = None;
            self.turn_start = self.game.clone();
            return Vec::new();
        }
        *next_job += 1;
        self.phase = Phase::Judging(*next_job);
        self.say(format!("{}: thinking…", self.game.format_turn(&steps)));
        vec![Effect::Solve(Job {
            id: *next_job,
            question: Question::Turn {
                before: self.turn_start.clone(),
                turn: steps,
                plies: self.plies_left(),
            },
        })]
    }

    fn steps_since_turn_start(&self) -> Vec<Step> {
        let mut g = self.game.clone();
        let mut steps = Vec::new();
        let target = (
            self.turn_start.turns_completed(),
            self.turn_start.steps_in_turn(),
        );
        while (g.turns_completed(), g.steps_in_turn()) != target {
            match g.undo() {
                Some(s) => steps.push(s),
                None => break,
            }
        }
        steps.reverse();
        steps
    }

    /// Plays the rest of the turn while exactly one step is possible and it is a stone (the
    /// forced partner of an Iris coloured cell).
    fn play_forced(&mut self) {
        let mut v = Vec::new();
        while self.game.steps_in_turn() > 0 && !self.game.is_over() {
            self.game.legal_steps(&mut v);
            match v.as_slice() {
                [s @ Step::Place { .. }] => self.game.play(*s),
                _ => break,
            }
        }
    }

    /// Takes back the steps of a turn in progress.
    pub(super) fn undo_partial(&mut self) {
        self.take_back_wrong();
        if self.can_move() && self.game.steps_in_turn() > 0 {
            self.game = self.turn_start.clone();
            self.last.clear();
        }
    }

    /// Asks for a hint (counts as a mistake).
    pub(super) fn hint(&mut self, next_job: &mut u64) -> Vec<Effect> {
        self.take_back_wrong();
        if !matches!(self.phase, Phase::Move) {
            return Vec::new();
        }
        self.game = self.turn_start.clone();
        let mut fx = self.mistake_made("a hint");
        *next_job += 1;
        self.phase = Phase::Hinting(*next_job);
        self.say("looking for a hint…");
        fx.push(Effect::Solve(Job {
            id: *next_job,
            question: Question::Hint {
                game: self.game.clone(),
                plies: self.plies_left(),
            },
        }));
        fx
    }

    /// Gives up: the solution from the puzzle's position, stepped with `[ ]`.
    pub(super) fn give_up(&mut self) -> Vec<Effect> {
        self.take_back_wrong();
        if !self.solving() {
            return Vec::new();
        }
        let fx = self.mistake_made("giving up");
        self.phase = Phase::GaveUp;
        self.show_line(self.solution.len());
        self.say(format!(
            "the solution: {} (shown; [ ] step through it, n next puzzle)",
            self.entry.solution.join(" ")
        ));
        fx
    }

    /// Shows the main line's first `n` turns from the puzzle's position.
    pub(super) fn show_line(&mut self, n: usize) {
        let n = n.min(self.solution.len());
        let mut g = self.start.clone();
        for t in &self.solution[..n] {
            for &s in t {
                g.play(s);
            }
        }
        self.last = n
            .checked_sub(1)
            .map(|i| self.solution[i].iter().filter_map(|s| s.cell()).collect())
            .unwrap_or_default();
        self.game = g.clone();
        self.turn_start = g;
        self.line_at = Some(n);
    }

    /// Steps the main line back or forward (after the puzzle).
    pub(super) fn step_line(&mut self, forward: bool) {
        let at = self.line_at.unwrap_or(self.solution.len());
        let n = if forward {
            (at + 1).min(self.solution.len())
        } else {
            at.saturating_sub(1)
        };
        self.show_line(n);
        let tokens = &self.entry.solution;
        self.say(format!(
            "main line {n}/{}: {}",
            tokens.len(),
            if n == 0 {
                "the puzzle's position".to_string()
            } else {
                tokens[..n].join(" ")
            }
        ));
    }

    /// The first mistake of this puzzle ends the streak and marks the puzzle failed.
    /// `what` names it for the closing message ("a hint", "a wrong turn", "giving up").
    fn mistake_made(&mut self, what: &'static str) -> Vec<Effect> {
        if self.first_slip.is_some() {
            return Vec::new();
        }
        self.first_slip = Some(what);
        self.list.progress.mistake(&self.entry.id);
        vec![Effect::SavePuzzleProgress(self.list.progress.clone())]
    }

    /// The solver's answer.
    pub fn on_reply(&mut self, r: Reply) -> Vec<Effect> {
        match (&self.phase, r.answer) {
            (Phase::Judging(id), answer) if *id == r.id => self.judged(answer),
            (Phase::Hinting(id), answer) if *id == r.id => {
                self.phase = Phase::Move;
                match answer {
                    Answer::Hint(Some(turn)) => {
                        let cell = turn.iter().find_map(|s| s.cell());
                        match cell {
                            Some(c) => {
                                self.set_cursor(c);
                                let name = self.game.geometry().name(c);
                                self.say(format!("hint: the turn starts at {name}"));
                            }
                            None => {
                                let t = self.game.format_turn(&turn);
                                self.say(format!("hint: {t}"));
                            }
                        }
                    }
                    Answer::Failed(e) => self.complain(format!("no hint: {e}")),
                    _ => self.complain("no hint: no turn wins in time"),
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn judged(&mut self, answer: Answer) -> Vec<Effect> {
        let turn = self.steps_since_turn_start();
        let token = self.turn_start.format_turn(&turn);
        match answer {
            Answer::Wins { reply } => {
                self.played.push(turn);
                let mut text = format!("{token}: right.");
                if let Some(reply) = reply {
                    let rt = self.game.format_turn(&reply);
                    let who = self.game.kind().side_title(self.game.to_move());
                    for &s in &reply {
                        self.game.play(s);
                    }
                    self.last = reply.iter().filter_map(|s| s.cell()).collect();
                    self.played.push(reply);
                    text.push_str(&format!(" {who} answers {rt}."));
                }
                self.turn_start = self.game.clone();
                if self.game.is_over() {
                    return self.solved(text);
                }
                self.phase = Phase::Move;
                self.say(format!("{text} {}", self.goal_text()));
                Vec::new()
            }
            Answer::Wrong { reply, text } => {
                let mut shown = self.game.clone();
                let mut cells: Vec<Cell> = turn.iter().filter_map(|s| s.cell()).collect();
                if let Some(reply) = reply {
                    for &s in &reply {
                        shown.play(s);
                    }
                    cells.extend(reply.iter().filter_map(|s| s.cell()));
                }
                self.last = cells;
                self.phase = Phase::Wrong(Box::new(shown));
                let fx = self.mistake_made("a wrong turn");
                self.complain(format!("{text}. Taken back: try again."));
                fx
            }
            Answer::Failed(e) => {
                self.phase = Phase::Move;
                self.game = self.turn_start.clone();
                self.complain(format!("the solver could not judge {token}: {e}"));
                Vec::new()
            }
            Answer::Hint(_) => Vec::new(),
        }
    }

    fn solved(&mut self, text: String) -> Vec<Effect> {
        self.phase = Phase::Solved;
        let result = self.game.result_text().unwrap_or_default();
        if let Some(slip) = self.first_slip {
            self.list.progress.solved_after_mistake(&self.entry.id);
            self.say(format!(
                "{text} Solved ({result}) with help ({slip}): no streak. n next puzzle · [ ] \
                 the main line"
            ));
        } else {
            self.list.progress.solved(&self.entry.id);
            let streak = self.list.progress.streak;
            self.say(format!(
                "{text} Solved ({result})! Streak {streak}. n next puzzle · [ ] the main line"
            ));
        }
        self.line_at = None;
        vec![Effect::SavePuzzleProgress(self.list.progress.clone())]
    }

    /// The next puzzle of the list (rising rating).
    pub(super) fn next(&self) -> Option<Result<PuzzleScreen, String>> {
        let i = self.list.next_after(&self.entry.id)?;
        Some(PuzzleScreen::open(self.list.clone(), i))
    }
}

impl BoardHost for PuzzleScreen {
    /// The position shown (a wrong turn with its refutation while it shows).
    fn board_game(&self) -> &AnyGame {
        self.game()
    }

    fn may_step(&self) -> bool {
        self.can_move()
    }
}
