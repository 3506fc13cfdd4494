//! The game as a pure model: a puzzle being played, its pencil marks, undo and redo, the
//! check (the assignment's "OK" button) and hints that are the grader's steps. No terminal
//! here: `cli::play` draws a [`Game`] and turns keys into [`Move`]s.
//!
//! ```text
//!   key ─► Move ─► Game::apply ─► state (digits, marks, cursor, check, hint) ─► drawn
//!                      │
//!                      └─ a change of digits or marks pushes the position before it on
//!                         the undo list and empties the redo list
//! ```
//!
//! A hint is the next step of [`crate::grade`] from the position on the board: the digits
//! placed, less the candidates that hints already removed (the model keeps those, as a
//! person keeps the pencil marks a step taught them). When a placed digit is wrong, the
//! hint says so instead: a step from a wrong position would teach nothing true.

use crate::grade::candidates::{cells, digit, Grid, ALL, HOUSES, PEERS};
use crate::grade::{next_step, Level, Step};
use crate::Board;

/// What the player can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Up,
    Down,
    Left,
    Right,
    /// Select a cell (0..81), as a mouse click does.
    Select(u8),
    /// Place a digit (1..=9), or in pencil mode toggle it as a mark.
    Digit(u8),
    Clear,
    TogglePencil,
    /// Fill every empty cell's pencil marks with its candidates: the digits its peers do
    /// not hold, less those hints removed.
    FillMarks,
    Check,
    /// Show the next step; a second hint in a row applies it.
    Hint,
    Undo,
    Redo,
}

/// The part of the state that undo and redo restore.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Position {
    digits: [u8; 81],
    marks: [u16; 81],
    /// Candidates the hints removed, a digit set a cell.
    removed: [u16; 81],
}

/// What a save keeps of a position besides its digits: a digit set (bit d - 1) a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Notes {
    /// The pencil marks, on empty cells only.
    pub marks: [u16; 81],
    /// The candidates that hints removed.
    pub removed: [u16; 81],
}

impl Notes {
    pub const NONE: Notes = Notes {
        marks: [0; 81],
        removed: [0; 81],
    };
}

/// What the last check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Cells whose digit repeats in a row, column or box.
    pub conflicts: u128,
    /// Cells whose digit is not the solution's.
    pub wrong: u128,
    /// Every cell filled, and right.
    pub solved: bool,
}

/// A hint shown and not yet applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    Step(Step),
    /// These placed digits are wrong: no step from here.
    Wrong(u128),
}

impl Hint {
    /// The cells a hint points at, to be shown: a step's pattern, the cells it takes
    /// candidates from and the one it fills; the wrong digits' cells.
    pub fn cells(&self) -> u128 {
        match self {
            Hint::Step(s) => {
                s.cells | s.remove.iter().fold(0, |m, r| m | r) | s.place.map_or(0, |(c, _)| 1 << c)
            }
            Hint::Wrong(m) => *m,
        }
    }
}

/// A puzzle being played.
#[derive(Clone, Debug)]
pub struct Game {
    puzzle: Board,
    solution: Board,
    now: Position,
    undo: Vec<Position>,
    redo: Vec<Position>,
    /// The selected cell.
    pub cursor: u8,
    /// Digits toggle pencil marks instead of placing.
    pub pencil: bool,
    pub checked: Option<Checked>,
    pub hint: Option<Hint>,
    /// Changes since the position was last saved.
    pub unsaved: bool,
}

impl Game {
    /// A game of `puzzle`, whose one solution is `solution`.
    pub fn new(puzzle: Board, solution: Board) -> Game {
        Game {
            puzzle,
            solution,
            now: Position {
                digits: puzzle.0,
                marks: [0; 81],
                removed: [0; 81],
            },
            undo: Vec::new(),
            redo: Vec::new(),
            cursor: first_empty(&puzzle.0),
            pencil: false,
            checked: None,
            hint: None,
            unsaved: false,
        }
    }

    /// A game of `puzzle` taken up again at `position` (a board [`Game::board`] gave) with
    /// `notes` (as [`Game::notes`] gave them): its digits in the puzzle's empty cells are
    /// the player's, right or wrong, with nothing to undo and nothing unsaved. Marks on a
    /// cell that holds a digit, and bits past digit 9, are dropped; so is a cell's own
    /// digit from the candidates hints removed (no hint removes it, and the hints after
    /// would stand on a grid without the solution: a hand-edited save).
    pub fn resume(puzzle: Board, solution: Board, position: &Board, notes: &Notes) -> Game {
        let mut g = Game::new(puzzle, solution);
        let now = &mut g.now;
        for c in 0..81 {
            if now.digits[c] == 0 {
                now.digits[c] = position.0[c];
            }
            if now.digits[c] == 0 {
                now.marks[c] = notes.marks[c] & ALL;
            }
            now.removed[c] = notes.removed[c] & ALL & !digit(solution.0[c]);
        }
        g.cursor = first_empty(&g.now.digits);
        g
    }

    /// The pencil marks and the candidates hints removed, for a save.
    pub fn notes(&self) -> Notes {
        Notes {
            marks: self.now.marks,
            removed: self.now.removed,
        }
    }

    pub fn puzzle(&self) -> &Board {
        &self.puzzle
    }

    /// The board as it stands: givens and the player's digits, 0 for an empty cell.
    pub fn board(&self) -> Board {
        Board(self.now.digits)
    }

    pub fn is_given(&self, c: u8) -> bool {
        self.puzzle.0[c as usize] != 0
    }

    /// The pencil marks of cell `c`, a digit set (bit d - 1).
    pub fn marks(&self, c: u8) -> u16 {
        self.now.marks[c as usize]
    }

    /// Whether every cell holds the solution's digit.
    pub fn solved(&self) -> bool {
        self.now.digits == self.solution.0
    }

    /// Plays `m`.
    pub fn apply(&mut self, m: Move) {
        let hint = self.hint.take();
        let c = self.cursor as usize;
        let (r, k) = (c / 9, c % 9);
        match m {
            Move::Up => self.cursor = (((r + 8) % 9) * 9 + k) as u8,
            Move::Down => self.cursor = (((r + 1) % 9) * 9 + k) as u8,
            Move::Left => self.cursor = (r * 9 + (k + 8) % 9) as u8,
            Move::Right => self.cursor = (r * 9 + (k + 1) % 9) as u8,
            Move::Select(s) if s < 81 => self.cursor = s,
            Move::Select(_) => {}
            Move::TogglePencil => self.pencil = !self.pencil,
            Move::Digit(d) if (1..=9).contains(&d) && !self.is_given(c as u8) => {
                let mut next = self.now;
                if self.pencil {
                    if next.digits[c] == 0 {
                        next.marks[c] ^= digit(d);
                    }
                } else if next.digits[c] == d {
                    next.digits[c] = 0;
                } else {
                    place(&mut next, c as u8, d);
                }
                self.change(next);
            }
            Move::Digit(_) => {}
            Move::Clear if !self.is_given(c as u8) => {
                let mut next = self.now;
                next.digits[c] = 0;
                next.marks[c] = 0;
                self.change(next);
            }
            Move::Clear => {}
            Move::FillMarks => {
                // The candidates as hints see them; a filled cell has none.
                let marks = self.grid().cand;
                self.change(Position { marks, ..self.now });
            }
            Move::Check => self.checked = Some(self.check()),
            Move::Hint => match hint {
                Some(Hint::Step(step)) => self.apply_step(&step),
                _ => self.hint = Some(self.next_hint()),
            },
            Move::Undo => {
                if let Some(p) = self.undo.pop() {
                    self.redo.push(self.now);
                    self.now = p;
                    self.after_change();
                }
            }
            Move::Redo => {
                if let Some(p) = self.redo.pop() {
                    self.undo.push(self.now);
                    self.now = p;
                    self.after_change();
                }
            }
        }
    }

    fn change(&mut self, next: Position) {
        if next != self.now {
            self.undo.push(self.now);
            self.redo.clear();
            self.now = next;
            self.after_change();
        }
    }

    fn after_change(&mut self) {
        self.unsaved = true;
        self.checked = None;
    }

    /// What the "OK" button says about the board as it stands.
    pub fn check(&self) -> Checked {
        let d = &self.now.digits;
        let mut conflicts = 0u128;
        for house in HOUSES {
            for a in cells(house) {
                for b in cells(house) {
                    if a < b && d[a as usize] != 0 && d[a as usize] == d[b as usize] {
                        conflicts |= 1 << a | 1 << b;
                    }
                }
            }
        }
        let wrong = (0..81u8)
            .filter(|&c| d[c as usize] != 0 && d[c as usize] != self.solution.0[c as usize])
            .fold(0u128, |m, c| m | 1 << c);
        Checked {
            conflicts,
            wrong,
            solved: self.solved(),
        }
    }

    /// The candidates as hints see them: from the digits placed, less what hints removed.
    fn grid(&self) -> Grid {
        let mut g = Grid::new(&self.board());
        for c in 0..81u8 {
            for d in 1..=9 {
                if self.now.removed[c as usize] & digit(d) != 0 {
                    g.remove(1 << c, d);
                }
            }
        }
        g
    }

    fn next_hint(&self) -> Hint {
        let wrong = self.check().wrong;
        if wrong != 0 {
            return Hint::Wrong(wrong);
        }
        // A board of right digits has a step until it is full (the last resort is a guess).
        match next_step(&self.grid(), Level::Expert, &self.solution) {
            Some(step) => Hint::Step(step),
            None => Hint::Wrong(0),
        }
    }

    /// Applies a hint's step as a move: its digit placed, or its candidates removed (and
    /// taken from the pencil marks).
    fn apply_step(&mut self, step: &Step) {
        let mut next = self.now;
        if let Some((c, d)) = step.place {
            place(&mut next, c, d);
            self.cursor = c;
        }
        for (i, &m) in step.remove.iter().enumerate() {
            for c in cells(m) {
                next.removed[c as usize] |= 1 << i;
                next.marks[c as usize] &= !(1 << i);
            }
        }
        self.change(next);
    }
}

/// The first empty cell, where the cursor starts; r1c1 on a full grid.
fn first_empty(digits: &[u8; 81]) -> u8 {
    digits.iter().position(|&d| d == 0).unwrap_or(0) as u8
}

/// Puts `d` in `c`, clearing its marks and `d` from its peers' marks.
fn place(p: &mut Position, c: u8, d: u8) {
    p.digits[c as usize] = d;
    p.marks[c as usize] = 0;
    for q in cells(PEERS[c as usize]) {
        p.marks[q as usize] &= !digit(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::candidates::{cell_name, digits, sees};
    use crate::grade::Technique;
    use crate::solve::unique_solution;

    fn game(line: &str) -> Game {
        let p = Board::from_line(line);
        let s = unique_solution(&p).unwrap_or_else(|why| panic!("{line}: {why}"));
        Game::new(p, s)
    }

    /// From the grader's tests: a puzzle whose first step is a naked pair.
    const PAIR: &str =
        "6.........8..9.1..2.4.58......7....5....1.7.85....2.4....4..3..4.2....9...3.6....";
    /// And one whose fourth step is an X-wing.
    const FISH: &str =
        ".76.....1...8......8..9..3.....1......3.2.6.549.6......6...29..........3...97.24.";

    #[test]
    fn moving_wraps_and_digits_go_where_the_cursor_is() {
        let mut g = game(PAIR);
        assert_eq!(g.cursor, 1);
        g.apply(Move::Select(0));
        g.apply(Move::Left);
        assert_eq!(g.cursor, 8);
        g.apply(Move::Up);
        assert_eq!(g.cursor, 80);
        g.apply(Move::Digit(4));
        assert_eq!(g.board().0[80], 4);
        // Givens do not change.
        g.apply(Move::Select(0));
        g.apply(Move::Digit(1));
        g.apply(Move::Clear);
        assert_eq!(g.board().0[0], 6);
    }

    #[test]
    fn moves_wrap_on_every_edge_and_clicks_off_the_board_do_nothing() {
        let mut g = game(PAIR);
        for (m, cursor) in [
            (Move::Select(40), 40),
            (Move::Up, 31),
            (Move::Down, 40),
            (Move::Left, 39),
            (Move::Right, 40),
            (Move::Select(80), 80),
            (Move::Down, 8),
            (Move::Right, 0),
            (Move::Up, 72),
            (Move::Left, 80),
            (Move::Up, 71),
            (Move::Left, 70),
            (Move::Select(81), 70),
            (Move::Select(200), 70),
        ] {
            g.apply(m);
            assert_eq!(g.cursor, cursor, "{m:?}");
        }
    }

    #[test]
    fn a_resumed_game_keeps_the_players_digits_as_theirs_right_or_wrong() {
        let mut g = game(PAIR);
        let (right, wrong) = (g.solution.0[1], g.solution.0[2] % 9 + 1);
        for (c, d) in [(1, right), (2, wrong), (0, 6)] {
            g.apply(Move::Select(c));
            g.apply(Move::Digit(d));
        }
        // Pencil marks in r1c4, as the player toggles them.
        g.apply(Move::Select(3));
        g.apply(Move::TogglePencil);
        for d in [1, 4] {
            g.apply(Move::Digit(d));
        }
        let position = g.board();
        let r = Game::resume(g.puzzle, g.solution, &position, &g.notes());
        assert_eq!((r.board(), r.notes()), (position, g.notes()));
        assert_eq!(r.marks(3), digit(1) | digit(4));
        assert!(!r.unsaved && r.undo.is_empty());
        assert!(r.is_given(0) && !r.is_given(1) && !r.is_given(2));
        // The cursor on the first cell left empty; the wrong digit is the player's to see.
        assert_eq!(r.cursor, 3);
        assert_eq!(r.check().wrong, 1 << 2);
        // The player's digits clear; the givens stay, whatever the position says.
        let mut r = r;
        for c in [1, 2] {
            r.apply(Move::Select(c));
            r.apply(Move::Clear);
        }
        assert_eq!(r.board(), g.puzzle);
        let mut other = position;
        other.0[0] = 0;
        assert_eq!(
            Game::resume(g.puzzle, g.solution, &other, &Notes::NONE).board(),
            position
        );
        // Marks on a cell that holds a digit, and bits past digit 9, are dropped; the
        // candidates hints removed are kept on any cell, but for the cell's own digit.
        let other = |c: usize| g.solution.0[c] % 9 + 1;
        let mut notes = Notes::NONE;
        notes.marks[1] = digit(2);
        notes.marks[4] = digit(5) | 0xfe00;
        notes.removed[1] = digit(other(1));
        notes.removed[5] = digit(other(5)) | 0x8000;
        notes.removed[6] = digit(other(6)) | digit(g.solution.0[6]);
        let r = Game::resume(g.puzzle, g.solution, &position, &notes);
        let mut kept = Notes::NONE;
        kept.marks[4] = digit(5);
        kept.removed[1] = digit(other(1));
        kept.removed[5] = digit(other(5));
        kept.removed[6] = digit(other(6));
        assert_eq!(r.notes(), kept);
    }

    #[test]
    fn marks_toggle_digits_clear_and_every_change_unchecks() {
        let mut g = game(PAIR);
        let (c, s) = (1u8, g.solution.0[1]); // r1c2
        g.apply(Move::Check);
        assert!(g.checked.is_some() && !g.unsaved);
        g.apply(Move::TogglePencil);
        g.apply(Move::Digit(5));
        assert!(g.checked.is_none() && g.unsaved, "a change unchecks");
        g.apply(Move::Digit(5));
        assert_eq!(g.marks(c), 0, "a second 5 takes the mark off");
        g.apply(Move::Digit(5));
        g.apply(Move::TogglePencil);
        g.apply(Move::Digit(s));
        assert_eq!((g.board().0[c as usize], g.marks(c)), (s, 0));
        // No marks in a filled cell; digits out of range do nothing.
        g.apply(Move::TogglePencil);
        g.apply(Move::Digit(3));
        g.apply(Move::TogglePencil);
        for d in [0, 10] {
            g.apply(Move::Digit(d));
        }
        assert_eq!((g.board().0[c as usize], g.marks(c)), (s, 0));
        // The same digit again empties the cell; so does clear, which unchecks.
        g.apply(Move::Digit(s));
        assert_eq!(g.board().0[c as usize], 0);
        g.apply(Move::Digit(s));
        g.apply(Move::Check);
        g.apply(Move::Clear);
        assert_eq!((g.board().0[c as usize], g.checked), (0, None));
        // Undo is a change too: it unchecks.
        g.apply(Move::Check);
        g.apply(Move::Undo);
        assert_eq!((g.board().0[c as usize], g.checked), (s, None));
    }

    #[test]
    fn check_marks_exactly_the_cells_that_repeat() {
        let mut g = game(PAIR);
        // A 6 at r1c2 repeats the given 6 at r1c1 (row and box), nothing else.
        g.apply(Move::Select(1));
        g.apply(Move::Digit(6));
        g.apply(Move::Check);
        assert_eq!(g.checked.unwrap().conflicts, 1 << 0 | 1 << 1);
    }

    #[test]
    fn undo_and_redo_cross_pencil_marks_and_digits() {
        let mut g = game(PAIR);
        g.apply(Move::Select(1));
        g.apply(Move::TogglePencil);
        g.apply(Move::Digit(3));
        g.apply(Move::Digit(5));
        g.apply(Move::Select(2));
        g.apply(Move::Digit(3));
        assert_eq!((g.marks(1), g.marks(2)), (0b10100, 0b100));
        g.apply(Move::TogglePencil);
        // Placing a 3 at r1c4 takes 3 from the marks of its peers r1c2 and r1c3.
        g.apply(Move::Select(3));
        g.apply(Move::Digit(3));
        assert_eq!((g.marks(1), g.marks(2)), (0b10000, 0));
        g.apply(Move::Undo);
        assert_eq!(
            (g.board().0[3], g.marks(1), g.marks(2)),
            (0, 0b10100, 0b100)
        );
        g.apply(Move::Undo);
        g.apply(Move::Undo);
        assert_eq!((g.marks(1), g.marks(2)), (0b100, 0));
        g.apply(Move::Redo);
        g.apply(Move::Redo);
        g.apply(Move::Redo);
        assert_eq!((g.board().0[3], g.marks(1), g.marks(2)), (3, 0b10000, 0));
        g.apply(Move::Redo);
        assert_eq!(g.board().0[3], 3);
        // A new move after an undo ends the redo list.
        g.apply(Move::Undo);
        g.apply(Move::Select(4));
        g.apply(Move::Digit(7));
        g.apply(Move::Redo);
        assert_eq!(g.board().0[3], 0);
    }

    #[test]
    fn check_marks_conflicts_and_wrong_digits_and_says_solved() {
        let mut g = game(PAIR);
        let s = g.solution;
        let open: Vec<u8> = (0..81).filter(|&c| !g.is_given(c)).collect();
        let first = open[0];
        let wrong = (s.0[first as usize] % 9) + 1;
        g.apply(Move::Select(first));
        g.apply(Move::Digit(wrong));
        let c = g.apply_and(Move::Check);
        assert_eq!(c.wrong, 1 << first);
        assert!(!c.solved);
        // The same digit again in its row is a conflict too.
        for &o in &open[1..] {
            if o / 9 == first / 9 {
                g.apply(Move::Select(o));
                g.apply(Move::Digit(wrong));
                let c = g.apply_and(Move::Check);
                assert_eq!(c.conflicts & (1 << first | 1 << o), 1 << first | 1 << o);
                break;
            }
        }
        for &o in &open {
            g.apply(Move::Select(o));
            g.apply(Move::Digit(s.0[o as usize]));
        }
        let c = g.apply_and(Move::Check);
        assert_eq!((c.wrong, c.conflicts, c.solved), (0, 0, true));
    }

    impl Game {
        fn apply_and(&mut self, m: Move) -> Checked {
            self.apply(m);
            self.checked.unwrap()
        }
    }

    /// Asks hints until one of `technique` shows; returns it after checking each hint's
    /// placement against the solution.
    fn hint_until(g: &mut Game, technique: Technique) -> Step {
        for _ in 0..100 {
            g.apply(Move::Hint);
            let Some(Hint::Step(step)) = g.hint else {
                panic!("{:?}", g.hint)
            };
            if step.technique == technique {
                return step;
            }
            g.apply(Move::Hint);
            if let Some((c, d)) = step.place {
                assert_eq!(g.board().0[c as usize], d);
                assert_eq!(g.solution.0[c as usize], d);
            }
        }
        panic!("no {technique:?}");
    }

    #[test]
    fn a_game_resumed_with_any_notes_is_led_to_its_solution_by_hints() {
        // Notes as a hand-edited save might hold them, any bits on any cell: the hints from
        // there are steps true to the solution until the grid is full.
        let mut rng = crate::gen::random::Rng::for_item(7, 0);
        for line in [PAIR, FISH] {
            let g = game(line);
            for _ in 0..10 {
                let mut notes = Notes::NONE;
                for c in 0..81 {
                    notes.marks[c] = rng.next_u64() as u16;
                    notes.removed[c] = rng.next_u64() as u16;
                }
                let mut r = Game::resume(g.puzzle, g.solution, &g.puzzle, &notes);
                let mut steps = 0;
                while !r.solved() {
                    r.apply(Move::Hint);
                    let Some(Hint::Step(step)) = r.hint else {
                        panic!("{line}: no step after {steps}: {:?}", r.hint);
                    };
                    for (i, &m) in step.remove.iter().enumerate() {
                        for c in cells(m) {
                            assert_ne!(g.solution.0[c as usize], i as u8 + 1, "{line}");
                        }
                    }
                    r.apply(Move::Hint);
                    steps += 1;
                    assert!(steps < 1000);
                }
                assert_eq!(r.check().wrong, 0);
            }
        }
    }

    #[test]
    fn filled_marks_are_the_candidates_less_what_hints_removed_and_undo_takes_them_back() {
        let mut g = game(PAIR);
        // The player's marks in r1c2, a hint's step applied, and a wrong digit in r1c3
        // (taken out while the hint is asked: hints need right digits).
        g.apply(Move::TogglePencil);
        g.apply(Move::Digit(5));
        g.apply(Move::TogglePencil);
        g.apply(Move::Select(2));
        let wrong = g.solution.0[2] % 9 + 1;
        g.apply(Move::Digit(wrong));
        g.apply(Move::Clear);
        let step = hint_until(&mut g, Technique::NakedPair);
        g.apply(Move::Hint);
        g.apply(Move::Select(2));
        g.apply(Move::Digit(wrong));
        let before = (g.board(), g.notes());
        g.apply(Move::FillMarks);
        assert!(g.unsaved && g.checked.is_none());
        // Cell by cell, from the rules alone: a digit is marked when no peer holds it and
        // the hint did not take it away; a filled cell has none.
        let board = g.board();
        for c in 0..81u8 {
            let want: Vec<u8> = if board.0[c as usize] != 0 {
                vec![]
            } else {
                (1..=9)
                    .filter(|&d| {
                        (0..81u8).all(|q| q == c || !sees(q, c) || board.0[q as usize] != d)
                            && step.remove[d as usize - 1] >> c & 1 == 0
                    })
                    .collect()
            };
            let got: Vec<u8> = digits(g.marks(c)).collect();
            assert_eq!(got, want, "{}", cell_name(c));
        }
        assert!(step.remove.iter().any(|&m| m != 0));
        g.apply(Move::Undo);
        assert_eq!((g.board(), g.notes()), before);
        g.apply(Move::Redo);
        let undo = g.undo.len();
        g.apply(Move::FillMarks);
        assert_eq!(g.undo.len(), undo, "filling again changes nothing");
    }

    #[test]
    fn hints_teach_a_pair_and_a_fish_then_apply_them() {
        let mut g = game(PAIR);
        let step = hint_until(&mut g, Technique::NakedPair);
        assert!(
            step.describe().starts_with("r1c7 <> 9; r4c7 <> 69"),
            "{}",
            step.describe()
        );
        // The pencil marks lose what the step removes, and only that.
        g.apply(Move::Select(3 * 9 + 6));
        g.apply(Move::TogglePencil);
        g.apply(Move::Digit(6));
        g.apply(Move::Digit(2));
        g.apply(Move::TogglePencil);
        assert_eq!(g.marks(3 * 9 + 6), 0b100010);
        g.apply(Move::Hint);
        assert!(matches!(g.hint, Some(Hint::Step(s)) if s == step));
        g.apply(Move::Hint);
        assert_eq!(g.marks(3 * 9 + 6), 0b10, "the 6 goes, the 2 stays");
        let mut g = game(FISH);
        let step = hint_until(&mut g, Technique::XWing);
        assert!(step.describe().contains("X-wing 6"), "{}", step.describe());
        g.apply(Move::Hint);
        g.apply(Move::Hint);
        assert!(matches!(g.hint, Some(Hint::Step(s)) if s.technique != Technique::XWing));
        // Hints alone solve the puzzle.
        for _ in 0..400 {
            g.apply(Move::Hint);
            g.apply(Move::Hint);
        }
        assert!(g.solved());
    }

    #[test]
    fn a_wrong_digit_is_named_instead_of_a_step() {
        let mut g = game(PAIR);
        let c = (0..81).find(|&c| !g.is_given(c)).unwrap();
        let wrong = g.solution.0[c as usize] % 9 + 1;
        g.apply(Move::Select(c));
        g.apply(Move::Digit(wrong));
        g.apply(Move::Hint);
        assert_eq!(g.hint, Some(Hint::Wrong(1 << c)));
        g.apply(Move::Hint);
        assert_eq!(g.board().0[c as usize], wrong, "a second ? applies nothing");
    }

    #[test]
    fn a_hint_points_at_its_pattern_what_it_clears_and_what_it_fills() {
        let mut pair = Step::new(Technique::NakedPair);
        pair.cells = 1 << 6 | 1 << 33;
        pair.remove[5] = 1 << 60 | 1 << 69;
        pair.remove[8] = 1 << 69 | 1 << 78;
        assert_eq!(
            Hint::Step(pair).cells(),
            1 << 6 | 1 << 33 | 1 << 60 | 1 << 69 | 1 << 78
        );
        let mut single = Step::new(Technique::HiddenSingle);
        single.place = Some((80, 4));
        assert_eq!(Hint::Step(single).cells(), 1 << 80);
        single.cells = 1 << 0;
        assert_eq!(Hint::Step(single).cells(), 1 << 0 | 1 << 80);
        // A hidden pair clears the other digits from its own cells: they are shown all
        // the same.
        let mut hidden = Step::new(Technique::HiddenPair);
        hidden.cells = 1 << 6 | 1 << 33;
        hidden.remove[2] = 1 << 6;
        assert_eq!(Hint::Step(hidden).cells(), 1 << 6 | 1 << 33);
        assert_eq!(Hint::Wrong(1 << 3 | 1 << 40).cells(), 1 << 3 | 1 << 40);
    }
}
