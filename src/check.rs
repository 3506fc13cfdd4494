//! The checks of `sudoku-check`, as pure functions over boards as read.
//!
//! Per board: the rules, completeness, the top-left digit, the strict layout and, against a
//! puzzle, that every given is kept. Across boards: distinctness ([`Distinct`]), which keeps
//! a 48-byte record per board and settles duplicates at the end by sorting, so memory stays
//! under 64 bytes a board whatever the input.

use crate::board::Board;
use crate::stream::{Item, LayoutIssue};

/// What `sudoku-check` was asked to check.
#[derive(Clone, Debug, Default)]
pub struct Checks {
    /// Boards may have blanks (puzzles); the rules still hold.
    pub puzzles: bool,
    /// The top-left digit every board must have.
    pub first: Option<u8>,
    /// The exact assignment layout.
    pub strict: bool,
}

/// Why a board failed, with the line it points at when that is not the board's first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub line: u64,
    pub col: Option<u64>,
    pub reason: String,
}

fn cell_name(cell: usize) -> String {
    format!("row {} column {}", cell / 9 + 1, cell % 9 + 1)
}

/// The first check `item` fails, if any. `puzzle` is the puzzle the board must solve.
pub fn check_board(item: &Item, checks: &Checks, puzzle: Option<&Board>) -> Option<Failure> {
    let at = |reason: String| {
        Some(Failure {
            line: item.line,
            col: None,
            reason,
        })
    };
    let b = &item.board;
    let solved = b.is_solved();
    if let Some(c) = (!solved).then(|| b.first_clash()).flatten() {
        return at(c.to_string());
    }
    if !checks.puzzles && !solved {
        if let Some(cell) = b.0.iter().position(|&d| d == 0) {
            return Some(Failure {
                line: item.line
                    + if item.form == crate::stream::Form::Grid {
                        cell as u64 / 9
                    } else {
                        0
                    },
                col: None,
                reason: format!("blank cell at {}", cell_name(cell)),
            });
        }
    }
    if let Some(want) = checks.first {
        if b.0[0] != want {
            return at(format!("top-left digit is {}, expected {want}", b.0[0]));
        }
    }
    if let Some(p) = puzzle {
        if let Some(cell) = b.first_changed_given(p) {
            return at(format!(
                "does not keep the puzzle's given {} at {}",
                p.0[cell],
                cell_name(cell)
            ));
        }
    }
    if checks.strict {
        if let Some(issue) = item.layout {
            return Some(layout_failure(issue));
        }
    }
    None
}

/// A strict-layout issue as a failure.
pub fn layout_failure(issue: LayoutIssue) -> Failure {
    Failure {
        line: issue.line,
        col: issue.col,
        reason: format!("layout: {}", issue.what),
    }
}

/// One board as remembered for the distinctness check: the 81 cells in base 10, nine to a
/// word (10^9 < 2^32), and where the board was.
#[derive(Clone, Copy)]
struct Seen {
    key: [u32; 9],
    input: u32,
    index: u32,
    line: u32,
}

/// A board that repeats an earlier one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    pub input: u32,
    pub index: u64,
    pub line: u64,
    pub first_input: u32,
    pub first_index: u64,
    pub first_line: u64,
}

/// The distinctness check: remembers every board compactly, reports repeats at the end.
#[derive(Default)]
pub struct Distinct {
    seen: Vec<Seen>,
}

impl Distinct {
    /// Remembers the board `item` of input number `input`.
    pub fn add(&mut self, input: u32, item: &Item) {
        if self.seen.len() == self.seen.capacity() {
            // Grow by a quarter, not double, to keep the worst case under 64 bytes a board.
            self.seen.reserve_exact(self.seen.len() / 4 + 1024);
        }
        let mut key = [0u32; 9];
        for (k, chunk) in key.iter_mut().zip(item.board.0.chunks_exact(9)) {
            *k = chunk.iter().fold(0u32, |acc, &d| acc * 10 + d as u32);
        }
        let narrow = |x: u64| u32::try_from(x).unwrap_or(u32::MAX);
        self.seen.push(Seen {
            key,
            input,
            index: narrow(item.index),
            line: narrow(item.line),
        });
    }

    /// The boards that repeat an earlier board, in input order.
    pub fn duplicates(mut self) -> Vec<Duplicate> {
        self.seen
            .sort_unstable_by_key(|s| (s.key, s.input, s.index));
        let mut dups = Vec::new();
        let mut first = 0;
        for i in 1..self.seen.len() {
            if self.seen[i].key != self.seen[first].key {
                first = i;
                continue;
            }
            let (d, f) = (self.seen[i], self.seen[first]);
            dups.push(Duplicate {
                input: d.input,
                index: d.index as u64,
                line: d.line as u64,
                first_input: f.input,
                first_index: f.index as u64,
                first_line: f.line as u64,
            });
        }
        dups.sort_unstable_by_key(|d| (d.input, d.index));
        dups
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stream::Form;

    fn item(board: Board, index: u64) -> Item {
        Item {
            board,
            form: Form::Grid,
            index,
            line: index * 10 - 9,
            layout: None,
        }
    }

    #[test]
    fn distinct_reports_later_copies() {
        let mut a = Board::EMPTY;
        a.0[80] = 1;
        let b = Board::EMPTY;
        let mut d = Distinct::default();
        for (i, board) in [a, b, a, a, b].into_iter().enumerate() {
            d.add(0, &item(board, i as u64 + 1));
        }
        let dups = d.duplicates();
        let pairs: Vec<(u64, u64)> = dups.iter().map(|d| (d.index, d.first_index)).collect();
        assert_eq!(pairs, [(3, 1), (4, 1), (5, 2)]);
        assert_eq!(dups[0].line, 21);
    }

    #[test]
    fn check_order_and_reasons() {
        let mut b = Board(crate::gen::BASE);
        let checks = Checks {
            first: Some(8),
            ..Checks::default()
        };
        assert_eq!(check_board(&item(b, 1), &checks, None), None);
        b.0[40] = 0;
        let f = check_board(&item(b, 1), &checks, None).unwrap();
        assert_eq!(
            (f.line, f.reason.as_str()),
            (5, "blank cell at row 5 column 5")
        );
        let checks = Checks {
            puzzles: true,
            first: Some(3),
            ..Checks::default()
        };
        let f = check_board(&item(b, 1), &checks, None).unwrap();
        assert_eq!(f.reason, "top-left digit is 8, expected 3");
    }
}
