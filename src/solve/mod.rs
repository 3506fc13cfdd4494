//! The solver: one primitive, [`count_up_to`], that counts solutions up to a limit and keeps
//! the first one found. Solving is limit 1, a uniqueness check limit 2.
//!
//! The state is 27 candidate words (see [`bits`] for the layout) and a few masks, ~240
//! bytes, copied onto the stack at each guess instead of undone. Propagation runs over a
//! worklist of changed digit-bands: the band table (locked candidates), rows where a digit
//! is left in one cell (hidden singles in rows; boxes follow from the band table), clearing
//! the placed cell from the other digits and its column from the other bands. When that
//! stalls, naked singles by bit-slice counting, then a guess on a bivalue cell.
//!
//! The outcome is deterministic: the same puzzle always yields the same first solution.

pub mod bits;

use crate::board::{Board, Clash};
use bits::*;

/// What [`count_up_to`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A digit repeats in a row, column or box of the puzzle itself.
    Invalid(Clash),
    /// `count` solutions (capped at the limit); the first one when `count > 0`.
    Solved { count: u32, first: Option<Board> },
}

/// Counts the solutions of `puzzle` up to `limit` (at least 1), keeping the first found.
pub fn count_up_to(puzzle: &Board, limit: u32) -> Outcome {
    if let Some(c) = puzzle.first_clash() {
        return Outcome::Invalid(c);
    }
    let mut search = Search {
        limit: limit.max(1),
        count: 0,
        first: Board::EMPTY,
    };
    let mut s = State::new(puzzle);
    let changed = BAND_WORDS;
    search.run(&mut s, changed);
    let first = (search.count > 0).then_some(search.first);
    Outcome::Solved {
        count: search.count,
        first,
    }
}

/// All 27 digit-bands.
const BAND_WORDS: u32 = (1 << 27) - 1;

#[derive(Clone, Copy)]
struct State {
    /// Candidate cells per digit-band: `cand[digit * 3 + band]`.
    cand: [u32; 27],
    /// The value each digit-band had when last propagated, to skip ones that did not change.
    prev: [u32; 27],
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
    /// Per band, bit `digit * 3 + row`: the digit is not yet placed in that row of the band.
    rows_left: [u32; 3],
}

impl State {
    fn new(puzzle: &Board) -> State {
        let mut s = State {
            cand: [BAND; 27],
            prev: [0; 27],
            unsolved: [BAND; 3],
            rows_left: [BAND; 3],
        };
        for (cell, &d) in puzzle.0.iter().enumerate() {
            if d != 0 {
                let (band, pos) = (cell / 27, cell % 27);
                // Keep the digit only at this cell of its row; propagation does the rest.
                s.cand[(d as usize - 1) * 3 + band] &= !ROW[pos / 9] | 1 << pos;
            }
        }
        s
    }

    /// Propagates the digit-band `i` after its candidates changed. False on a contradiction.
    #[inline(always)]
    fn update(&mut self, i: usize, changed: &mut u32) -> bool {
        let a = self.cand[i] & COMPLEX[pattern(self.cand[i])];
        if a == 0 {
            return false;
        }
        self.cand[i] = a;
        self.prev[i] = a;
        let (d, b) = (i / 3, i % 3);
        // Rows of this band where the digit is newly down to one cell: place it there.
        let mut rows = (self.rows_left[b] >> (3 * d)) & 7;
        while rows != 0 {
            let r = low_bit_index(rows) as usize;
            rows = clear_low_bit(rows);
            let in_row = a & ROW[r];
            if !at_most_one_bit(in_row) {
                continue;
            }
            let pos = low_bit_index(in_row) as usize;
            self.rows_left[b] &= !(1 << (3 * d + r));
            self.unsolved[b] &= !in_row;
            // The cell is taken: no other digit may go there.
            for other in (b..27).step_by(3) {
                if other != i {
                    let before = self.cand[other];
                    self.cand[other] = before & !in_row;
                    *changed |= ((before != self.cand[other]) as u32) << other;
                }
            }
            // The column is taken: not in the other bands either.
            let column = col(pos % 9);
            for other in d * 3..d * 3 + 3 {
                if other != i {
                    let before = self.cand[other];
                    self.cand[other] = before & !column;
                    *changed |= ((before != self.cand[other]) as u32) << other;
                }
            }
        }
        true
    }

    /// Runs the worklist of changed digit-bands, then naked singles, until nothing changes.
    /// False on a contradiction.
    fn propagate(&mut self, mut changed: u32) -> bool {
        loop {
            while changed != 0 {
                let i = low_bit_index(changed) as usize;
                changed = clear_low_bit(changed);
                if self.cand[i] != self.prev[i] && !self.update(i, &mut changed) {
                    return false;
                }
            }
            // Naked singles: count candidates per cell in bit slices (`once`, `twice`).
            for b in 0..3 {
                if self.unsolved[b] == 0 {
                    continue;
                }
                let (mut once, mut twice) = (0, 0);
                for d in 0..9 {
                    let m = self.cand[d * 3 + b];
                    twice |= once & m;
                    once |= m;
                }
                if once != BAND {
                    return false; // a cell with no candidate left
                }
                let mut singles = self.unsolved[b] & !twice;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    // An earlier single of this pass may have taken the cell's last digit.
                    let Some(d) = (0..9).find(|&d| self.cand[d * 3 + b] & bit != 0) else {
                        return false;
                    };
                    let i = d * 3 + b;
                    let row = ROW[low_bit_index(bit) as usize / 9];
                    self.cand[i] &= !row | bit;
                    changed |= 1 << i;
                }
            }
            if changed == 0 {
                return true;
            }
        }
    }

    fn solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// The cell to guess on: a bivalue cell if there is one, else one with fewest
    /// candidates among the first found with 3, else any unsolved cell. As (band, bit).
    fn guess_cell(&self) -> (usize, u32) {
        let mut fallback = None;
        for b in 0..3 {
            if self.unsolved[b] == 0 {
                continue;
            }
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for d in 0..9 {
                let m = self.cand[d * 3 + b];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            let two = self.unsolved[b] & twice & !thrice;
            if two != 0 {
                return (b, two & two.wrapping_neg());
            }
            if fallback.is_none() {
                let u = self.unsolved[b];
                fallback = Some((b, u & u.wrapping_neg()));
            }
        }
        fallback.expect("guess on a solved grid")
    }

    fn board(&self) -> Board {
        let mut out = Board::EMPTY;
        for (i, &word) in self.cand.iter().enumerate() {
            let (d, b) = (i / 3, i % 3);
            let mut m = word;
            while m != 0 {
                out.0[b * 27 + low_bit_index(m) as usize] = d as u8 + 1;
                m = clear_low_bit(m);
            }
        }
        out
    }
}

struct Search {
    limit: u32,
    count: u32,
    first: Board,
}

impl Search {
    fn run(&mut self, s: &mut State, changed: u32) {
        if !s.propagate(changed) {
            return;
        }
        if s.solved() {
            if self.count == 0 {
                self.first = s.board();
            }
            self.count += 1;
            return;
        }
        let (b, bit) = s.guess_cell();
        let row = ROW[low_bit_index(bit) as usize / 9];
        let mut digits: u32 = (0..9)
            .filter(|&d| s.cand[d * 3 + b] & bit != 0)
            .fold(0, |m, d| m | 1 << d);
        // Digit-bands changed by excluding the digits already tried.
        let mut excluded = 0;
        while digits != 0 {
            let d = low_bit_index(digits) as usize;
            digits = clear_low_bit(digits);
            let i = d * 3 + b;
            if digits == 0 {
                // The last candidate: the others were excluded one by one below.
                s.cand[i] &= !row | bit;
                return self.run(s, excluded | 1 << i);
            }
            let mut t = *s;
            t.cand[i] &= !row | bit;
            self.run(&mut t, 1 << i);
            if self.count >= self.limit {
                return;
            }
            s.cand[i] &= !bit;
            excluded |= 1 << i;
        }
    }
}

#[cfg(test)]
pub(crate) mod reference;

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Board {
        let mut b = Board::EMPTY;
        for (i, ch) in s.bytes().take(81).enumerate() {
            b.0[i] = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        b
    }

    #[test]
    fn empty_and_one_clue_grids_solve() {
        for p in [Board::EMPTY, parse(&format!("5{}", ".".repeat(80)))] {
            match count_up_to(&p, 2) {
                Outcome::Solved {
                    count: 2,
                    first: Some(b),
                } => {
                    assert!(b.is_solved());
                    assert_eq!(b.first_changed_given(&p), None);
                }
                o => panic!("{o:?}"),
            }
        }
    }

    #[test]
    fn invalid_and_unsolvable() {
        let clash = parse(&format!("55{}", ".".repeat(79)));
        assert!(matches!(count_up_to(&clash, 1), Outcome::Invalid(_)));
        // Row 1 leaves only 9 for the last cell, but column 9 already has a 9.
        let none = parse(&format!("12345678.{}9", ".".repeat(71)));
        assert_eq!(
            count_up_to(&none, 2),
            Outcome::Solved {
                count: 0,
                first: None
            }
        );
    }

    /// Cross-checks against the simple reference solver on excerpts of every shared set.
    #[test]
    fn agrees_with_reference_on_excerpts() {
        let text = include_str!("../../tests/data/excerpts.txt");
        let mut n = 0;
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        {
            let p = parse(line);
            let (want_count, want_first) = reference::count_up_to(&p, 2);
            match count_up_to(&p, 2) {
                Outcome::Solved { count, first } => {
                    assert_eq!(count, want_count, "{line}");
                    if let Some(f) = first {
                        assert!(
                            f.is_solved() && f.first_changed_given(&p).is_none(),
                            "{line}"
                        );
                        if want_count == 1 {
                            assert_eq!(Some(f), want_first, "{line}");
                        }
                    }
                }
                o => panic!("{line}: {o:?}"),
            }
            n += 1;
        }
        assert!(n > 100, "only {n} puzzles in the excerpts");
    }
}
