//! The checks of `sudoku-check`, as pure functions over boards as read.
//!
//! Per board: the rules, completeness, the top-left digit, the strict layout and, against a
//! puzzle, that every given is kept. Across boards: distinctness ([`Distinct`]), which keeps
//! a 24-byte record per board (a 128-bit digest and the board's place) and settles
//! duplicates at the end by sorting in place, so memory stays at 24 bytes a board whatever
//! the input.

use crate::board::Board;
use crate::gen::random::mix;
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
    /// Exactly one solution (a puzzle; implies `puzzles`).
    pub unique: bool,
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
        let (line, col) = item.place(c.cell);
        return Some(Failure {
            line,
            col,
            reason: c.to_string(),
        });
    }
    if !checks.puzzles && !solved {
        if let Some(cell) = b.0.iter().position(|&d| d == 0) {
            let (line, col) = item.place(cell);
            return Some(Failure {
                line,
                col,
                reason: format!("blank cell at {}", cell_name(cell)),
            });
        }
    }
    if let Some(want) = checks.first {
        match b.0[0] {
            d if d == want => {}
            0 => return at(format!("top-left cell is blank, expected {want}")),
            d => return at(format!("top-left digit is {d}, expected {want}")),
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
    if checks.unique {
        use crate::solve::{unique_solution, NotOne};
        match unique_solution(b) {
            Ok(_) => {}
            // A clash is said as the rules say it, without the solver's "invalid puzzle".
            Err(NotOne::Invalid(c)) => return at(c.to_string()),
            Err(why) => return at(why.to_string()),
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

/// One board as remembered for the distinctness check: a 128-bit digest of its cells, its
/// ordinal among all the boards read, and its line. 24 bytes (the digest is two `u64`s, not
/// a `u128`, whose alignment of 16 would make it 32).
#[derive(Clone, Copy)]
struct Seen {
    digest: [u64; 2],
    ordinal: u32,
    line: u32,
}

/// A board that repeats an earlier one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    /// Which input (0-based), the board's number in it and its line.
    pub input: usize,
    pub index: u64,
    pub line: u64,
    /// Its ordinal among all the boards read (0-based).
    pub ordinal: u64,
    pub first_input: usize,
    pub first_index: u64,
    pub first_line: u64,
}

/// The distinctness check: remembers every board compactly, reports repeats at the end.
#[derive(Default)]
pub struct Distinct {
    seen: Vec<Seen>,
    /// The ordinal of each input's first board.
    starts: Vec<u64>,
}

/// Why a board could not be remembered.
#[derive(Debug)]
pub enum DistinctError {
    OutOfMemory,
    /// More boards than the record's ordinal can number.
    TooMany,
}

/// The 8 cells of `b` (each 0..=9) as 8 nibbles: SWAR, three steps of shifts and masks.
#[inline(always)]
fn nibbles(b: &[u8]) -> u64 {
    let x = u64::from_le_bytes(b.try_into().expect("8 bytes"));
    let x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
    let x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    (x | x >> 16) & 0xFFFF_FFFF
}

/// One step of a hash: the state and the word's XOR multiplied by `k` as 128-bit numbers, the
/// product's two halves folded together (the folded multiply of ahash and foldhash). The
/// high half brings every bit of the input down to the low bits, so a change in one cell
/// spreads over the whole state and a change in the next word's cells cannot cancel it. A
/// 64-bit product alone could not do that: its bits depend only on the input's lower bits,
/// so a change in a word's last cell stays in a few high bits, where one cell of the next
/// word undid it.
#[inline(always)]
fn fold(h: u64, w: u64, k: u64) -> u64 {
    let m = u128::from(h ^ w) * u128::from(k);
    m as u64 ^ (m >> 64) as u64
}

/// [`digest`]'s two hashes: their starting states (the first 128 bits of pi's fraction),
/// their multipliers (the golden ratio's, and xxHash64's second prime) and what the second's
/// state is XORed with before the finaliser, so that equal states give unequal halves.
const START: [u64; 2] = [0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344];
const MULTIPLIER: [u64; 2] = [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F];
const SECOND_SALT: u64 = 0xA076_1D64_78BD_642F;

/// Two independent 64-bit hashes of the cells, packed four bits a cell into six words (the
/// 81st cell on its own), each word folded into the state ([`fold`]) and the result spread
/// by the splitmix finaliser. Boards that differ get the same digest with a chance of about
/// 2^-128 a pair (not against an adversary, who is not a concern of a checker of its own
/// user's boards).
#[inline]
pub(crate) fn digest(b: &Board) -> [u64; 2] {
    let c = &b.0;
    let mut words = [0u64; 6];
    for (i, w) in words.iter_mut().take(5).enumerate() {
        *w = nibbles(&c[16 * i..16 * i + 8]) | nibbles(&c[16 * i + 8..16 * i + 16]) << 32;
    }
    words[5] = u64::from(c[80]);
    let [mut h1, mut h2] = START;
    for w in words {
        h1 = fold(h1, w, MULTIPLIER[0]);
        h2 = fold(h2, w, MULTIPLIER[1]);
    }
    [mix(h1), mix(h2 ^ SECOND_SALT)]
}

impl Distinct {
    /// Starts a new input, whose first board will have ordinal `first`.
    pub fn start_input(&mut self, first: u64) {
        self.starts.push(first);
    }

    /// Remembers `board`, the `ordinal`-th board read (0-based), at `line` of the current
    /// input.
    pub fn add(&mut self, board: &Board, ordinal: u64, line: u64) -> Result<(), DistinctError> {
        let ordinal = u32::try_from(ordinal).map_err(|_| DistinctError::TooMany)?;
        if self.seen.len() == self.seen.capacity() {
            // Grow by a quarter, not double: the slack is never touched, so it costs address
            // space, not memory, but a smaller step keeps the copy of a reallocation small.
            self.seen
                .try_reserve_exact(self.seen.len() / 4 + 1024)
                .map_err(|_| DistinctError::OutOfMemory)?;
        }
        self.seen.push(Seen {
            digest: digest(board),
            ordinal,
            line: u32::try_from(line).unwrap_or(u32::MAX),
        });
        Ok(())
    }

    /// The input and 1-based index of the board of `ordinal`.
    fn place(&self, ordinal: u64) -> (usize, u64) {
        let input = self.starts.partition_point(|&s| s <= ordinal) - 1;
        (input, ordinal - self.starts[input] + 1)
    }

    /// The boards that repeat an earlier board, in input order.
    pub fn duplicates(mut self) -> Vec<Duplicate> {
        self.seen.sort_unstable_by_key(|s| (s.digest, s.ordinal));
        let mut dups = Vec::new();
        let mut first = 0;
        for i in 1..self.seen.len() {
            if self.seen[i].digest != self.seen[first].digest {
                first = i;
                continue;
            }
            let (d, f) = (self.seen[i], self.seen[first]);
            let ((input, index), (first_input, first_index)) =
                (self.place(d.ordinal.into()), self.place(f.ordinal.into()));
            dups.push(Duplicate {
                input,
                index,
                line: d.line.into(),
                ordinal: d.ordinal.into(),
                first_input,
                first_index,
                first_line: f.line.into(),
            });
        }
        dups.sort_unstable_by_key(|d| d.ordinal);
        dups
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::random::Rng;
    use crate::stream::Form;

    fn item(board: Board, index: u64) -> Item {
        Item {
            board,
            form: Form::Grid,
            index,
            line: index * 10 - 9,
            layout: None,
            row_lines: [0, 1, 2, 3, 4, 5, 6, 7, 8],
            plain: true,
        }
    }

    #[test]
    fn distinct_reports_later_copies() {
        let mut a = Board::EMPTY;
        a.0[80] = 1;
        let b = Board::EMPTY;
        let mut d = Distinct::default();
        d.start_input(0);
        for (i, board) in [a, b, a].into_iter().enumerate() {
            let it = item(board, i as u64 + 1);
            d.add(&it.board, i as u64, it.line).unwrap();
        }
        d.start_input(3);
        for (i, board) in [a, b].into_iter().enumerate() {
            let it = item(board, i as u64 + 4);
            d.add(&it.board, i as u64 + 3, it.line).unwrap();
        }
        let dups = d.duplicates();
        let pairs: Vec<(usize, u64, usize, u64)> = dups
            .iter()
            .map(|d| (d.input, d.index, d.first_input, d.first_index))
            .collect();
        assert_eq!(pairs, [(0, 3, 0, 1), (1, 1, 0, 1), (1, 2, 0, 2)]);
        assert_eq!(dups[0].line, 21);
    }

    // Each of the two hashes on its own, over every board one or two cells away from a grid:
    // the 2^-128 holds only if neither half loses what the other keeps.
    #[test]
    fn the_digest_sees_every_cell() {
        let base = Board(crate::gen::BASE);
        let mut seen = [(); 2].map(|_| std::collections::HashSet::new());
        let mut add = |b: &Board| {
            for (half, h) in digest(b).into_iter().enumerate() {
                assert!(seen[half].insert(h), "hash {half}: {b:?}");
            }
        };
        add(&base);
        let other = |cell: usize| (0..=9).filter(move |&v| v != base.0[cell]);
        for a in 0..81 {
            for va in other(a) {
                let mut b = base;
                b.0[a] = va;
                add(&b);
                for c in a + 1..81 {
                    for vc in other(c) {
                        let mut b = b;
                        b.0[c] = vc;
                        add(&b);
                    }
                }
            }
        }
        let boards = 1 + 81 * 9 + 81 * 80 / 2 * 81;
        assert_eq!(seen.map(|s| s.len()), [boards; 2]);
    }

    /// [`digest`] as its doc says it, without the word packing's shifts and masks or a
    /// 128-bit type: cells four bits apiece, lowest cell lowest, sixteen to a word; the
    /// product's halves by 32-bit schoolbook multiplication.
    fn digest_as_documented(b: &Board) -> [u64; 2] {
        let folded = |h: u64, w: u64, k: u64| {
            let x = h ^ w;
            let half = |v: u64| (v & 0xFFFF_FFFF, v >> 32);
            let ((x0, x1), (k0, k1)) = (half(x), half(k));
            let (low, high) = (x0 * k0, x1 * k1);
            let (mid_a, mid_b) = (half(x0 * k1), half(x1 * k0));
            let carry = ((low >> 32) + mid_a.0 + mid_b.0) >> 32;
            x.wrapping_mul(k) ^ (high + mid_a.1 + mid_b.1 + carry)
        };
        let [mut h1, mut h2] = START;
        for word in b.0.chunks(16) {
            let w = word.iter().rev().fold(0, |w, &v| w << 4 | u64::from(v));
            h1 = folded(h1, w, MULTIPLIER[0]);
            h2 = folded(h2, w, MULTIPLIER[1]);
        }
        [mix(h1), mix(h2 ^ SECOND_SALT)]
    }

    // The neighbourhood test above cannot tell a weaker fold from this one (the product's
    // halves ORed still give distinct digests there); a reference can.
    #[test]
    fn the_digest_is_the_documented_hash() {
        let base = Board(crate::gen::BASE);
        let mut boards = vec![base, Board::EMPTY, Board([9; 81])];
        for c in 0..81 {
            for v in 0..=9 {
                let mut b = base;
                b.0[c] = v;
                boards.push(b);
            }
        }
        let mut rng = Rng::for_item(1, 0);
        for _ in 0..1000 {
            let mut b = Board::EMPTY;
            for v in &mut b.0 {
                *v = rng.below(10) as u8;
            }
            boards.push(b);
        }
        for b in &boards {
            assert_eq!(digest(b), digest_as_documented(b), "{b:?}");
        }
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
            (f.line, f.col, f.reason.as_str()),
            (5, Some(9), "blank cell at row 5 column 5")
        );
        let checks = Checks {
            puzzles: true,
            first: Some(3),
            ..Checks::default()
        };
        let f = check_board(&item(b, 1), &checks, None).unwrap();
        assert_eq!(f.reason, "top-left digit is 8, expected 3");
        b.0[0] = 0;
        let f = check_board(&item(b, 1), &checks, None).unwrap();
        assert_eq!(f.reason, "top-left cell is blank, expected 3");
    }
}
