//! A board: 81 cells in row-major order, each `0` (blank) or `1..=9`.
//!
//! This module is pure: no I/O, no allocation. It knows the rules (no digit twice in a
//! row, column or box) and nothing about files, forms or solving.

/// 81 cells, row-major, `0` for a blank and `1..=9` for a digit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board(pub [u8; 81]);

/// Which unit a rule violation was found in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Row,
    Column,
    Box,
}

/// The first place where a digit repeats: the unit, its number (1-based) and the digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    pub unit: Unit,
    pub index: usize,
    pub digit: u8,
    /// The cell (0..81) where the digit is seen again, in reading order within the unit.
    pub cell: usize,
}

impl std::fmt::Display for Clash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let unit = match self.unit {
            Unit::Row => "row",
            Unit::Column => "column",
            Unit::Box => "box",
        };
        write!(f, "digit {} repeats in {} {}", self.digit, unit, self.index)
    }
}

/// The 6 permutations of 0..3, in lexicographic order: the ways to order the 3 rows of a
/// band, the 3 bands of a grid, or to map a band's rows onto its boxes.
pub const PERMUTATIONS_OF_3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Row, column and box (0-based) of every cell.
pub const fn row_of(cell: usize) -> usize {
    cell / 9
}
pub const fn col_of(cell: usize) -> usize {
    cell % 9
}
pub const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

impl Board {
    pub const EMPTY: Board = Board([0; 81]);

    /// The board of a line of the public collections' form, taken as it is: its first 81
    /// characters, a digit 1-9 a given and anything else a blank (a short line ends in
    /// blanks). For tests and benchmarks; [`crate::stream::Reader`] is the way in that
    /// checks its input.
    ///
    /// ```
    /// use sudoku_filters::Board;
    /// let b = Board::from_line("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    /// assert_eq!((b.0[0], b.0[2], b.0[80]), (5, 0, 9));
    /// ```
    pub fn from_line(line: &str) -> Board {
        let mut b = Board::EMPTY;
        for (cell, ch) in b.0.iter_mut().zip(line.bytes()) {
            *cell = match ch {
                b'1'..=b'9' => ch - b'0',
                _ => 0,
            };
        }
        b
    }

    /// The first digit that repeats in a row, column or box, or `None` when the board keeps
    /// the rules (blanks never clash). Rows are checked first, then columns, then boxes.
    pub fn first_clash(&self) -> Option<Clash> {
        // One 9-bit "seen" mask per unit; a digit seen twice is a clash. The cheap pass
        // finds out whether there is any clash at all; the ordered search below runs only
        // on the rare bad board, so the message is stable (rows, then columns, then boxes).
        let mut rows = [0u16; 9];
        let mut cols = [0u16; 9];
        let mut boxes = [0u16; 9];
        let mut bad = false;
        for (cell, &d) in self.0.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let bit = 1u16 << d;
            let (r, c, b) = (row_of(cell), col_of(cell), box_of(cell));
            bad |= (rows[r] | cols[c] | boxes[b]) & bit != 0;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
        if !bad {
            return None;
        }
        for (unit, cell_at) in [
            (Unit::Row, (|u, k| u * 9 + k) as fn(usize, usize) -> usize),
            (Unit::Column, |u, k| k * 9 + u),
            (Unit::Box, |u, k| {
                (u / 3) * 27 + (u % 3) * 3 + (k / 3) * 9 + k % 3
            }),
        ] {
            for u in 0..9 {
                let mut seen = 0u16;
                for k in 0..9 {
                    let d = self.0[cell_at(u, k)];
                    if d != 0 {
                        if seen & (1 << d) != 0 {
                            return Some(Clash {
                                unit,
                                index: u + 1,
                                digit: d,
                                cell: cell_at(u, k),
                            });
                        }
                        seen |= 1 << d;
                    }
                }
            }
        }
        unreachable!("the fast pass saw a clash that the ordered pass did not")
    }

    /// How many cells are blank (0).
    pub fn blanks(&self) -> usize {
        self.0.iter().filter(|&&d| d == 0).count()
    }

    /// True when the board is complete and keeps the rules: a solved grid.
    ///
    /// A unit of 9 cells holds each digit once exactly when the OR of `1 << d` over its cells
    /// is `0b11_1111_1110`; a blank sets bit 0 and fails it. Every unit is an OR of
    /// independent words, which the compiler keeps in vector registers: this is the fast
    /// path `sudoku-check` takes for every good board.
    pub fn is_solved(&self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2, the feature the function is compiled with.
                return unsafe { self.is_solved_avx2() };
            }
        }
        self.is_solved_plain()
    }

    /// [`Board::is_solved`] compiled for AVX2, where `1 << d` becomes one vector shift.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn is_solved_avx2(&self) -> bool {
        self.is_solved_plain()
    }

    #[inline(always)]
    fn is_solved_plain(&self) -> bool {
        const ALL: u16 = 0b11_1111_1110;
        let mut rows = [[0u16; 9]; 9];
        for (row, cells) in rows.iter_mut().zip(self.0.chunks_exact(9)) {
            for (b, &d) in row.iter_mut().zip(cells) {
                *b = 1 << (d & 15);
            }
        }
        let mut bad = 0u16;
        let mut cols = [0u16; 9];
        for band in rows.chunks_exact(3) {
            // Fold the band's three rows: columns of the band, then its boxes.
            let mut folded = [0u16; 9];
            for row in band {
                bad |= row.iter().fold(0, |m, &b| m | b) ^ ALL;
                for c in 0..9 {
                    folded[c] |= row[c];
                }
            }
            for c in 0..9 {
                cols[c] |= folded[c];
            }
            for bx in folded.chunks_exact(3) {
                bad |= (bx[0] | bx[1] | bx[2]) ^ ALL;
            }
        }
        for c in cols {
            bad |= c ^ ALL;
        }
        bad == 0
    }

    /// The first cell (0-based) where `self` differs from a given of `puzzle`.
    pub fn first_changed_given(&self, puzzle: &Board) -> Option<usize> {
        (0..81).find(|&i| puzzle.0[i] != 0 && puzzle.0[i] != self.0[i])
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s: String = self
            .0
            .iter()
            .map(|&c| if c == 0 { '.' } else { (b'0' + c) as char })
            .collect();
        write!(f, "Board({s})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: &str =
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645";

    #[test]
    fn solved_grid_keeps_rules() {
        let b = Board::from_line(GRID);
        assert!(b.is_solved());
        assert_eq!(b.first_clash(), None);
    }

    #[test]
    fn a_full_board_bad_in_one_kind_of_unit_is_not_solved() {
        // Two cells of one column and box swapped: only rows break; of one row and box:
        // only columns; a Latin square of shifted rows: only boxes.
        let swapped = |a: usize, b: usize| {
            let mut g = Board::from_line(GRID);
            g.0.swap(a, b);
            g
        };
        let mut latin = Board::EMPTY;
        for (c, d) in latin.0.iter_mut().enumerate() {
            *d = ((c / 9 + c % 9) % 9 + 1) as u8;
        }
        for (b, unit) in [
            (swapped(0, 9), Unit::Row),
            (swapped(0, 1), Unit::Column),
            (latin, Unit::Box),
        ] {
            assert!(!b.is_solved(), "{b:?}");
            assert!(!b.is_solved_plain(), "{b:?}");
            assert_eq!(b.first_clash().map(|c| c.unit), Some(unit), "{b:?}");
        }
    }

    #[test]
    fn clashes_are_found_in_order() {
        let mut b = Board::from_line(GRID);
        b.0[1] = 1; // row 1 now holds two 1s; column 2 and box 1 too
        assert_eq!(
            b.first_clash(),
            Some(Clash {
                unit: Unit::Row,
                index: 1,
                digit: 1,
                cell: 1
            })
        );
        let mut b = Board::from_line(GRID);
        b.0[0] = 0;
        b.0[9] = 0;
        b.0[18] = 4; // column 1 holds 4 twice (rows 2 gone); row 3 holds 4 twice
        assert_eq!(b.first_clash().unwrap().unit, Unit::Row);
        let mut b = Board::EMPTY;
        b.0[0] = 5;
        b.0[10] = 5;
        assert_eq!(
            b.first_clash(),
            Some(Clash {
                unit: Unit::Box,
                index: 1,
                digit: 5,
                cell: 10
            })
        );
        let mut b = Board::EMPTY;
        b.0[4] = 7;
        b.0[76] = 7;
        assert_eq!(
            b.first_clash(),
            Some(Clash {
                unit: Unit::Column,
                index: 5,
                digit: 7,
                cell: 76
            })
        );
        // The one clash of the board seen in two units at once: its column and box (r1c1,
        // r2c1), then its row and column (r5c5 against r5c1 and r1c5).
        for (cells, unit, index, cell) in [
            (&[0, 9][..], Unit::Column, 1, 9),
            (&[4, 36, 40], Unit::Row, 5, 40),
        ] {
            let mut b = Board::EMPTY;
            for &c in cells {
                b.0[c] = 3;
            }
            assert_eq!(
                b.first_clash(),
                Some(Clash {
                    unit,
                    index,
                    digit: 3,
                    cell
                }),
                "{cells:?}"
            );
        }
    }

    #[test]
    fn debug_shows_the_line_form() {
        let line = format!("..3{}", &GRID[3..]);
        assert_eq!(
            format!("{:?}", Board::from_line(&line)),
            format!("Board({line})")
        );
    }

    #[test]
    fn box_numbering() {
        assert_eq!(box_of(0), 0);
        assert_eq!(box_of(8), 2);
        assert_eq!(box_of(30), 4);
        assert_eq!(box_of(80), 8);
    }
}
