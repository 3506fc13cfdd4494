//! The pencil-mark grid the techniques read and write.
//!
//! Two views of the same candidates are kept in step, each what some technique reads best:
//!
//! ```text
//!   cand[c]: u16, one cell's candidates     pos[d - 1]: u128, one digit's cells
//!     bit:  8 7 6 5 4 3 2 1 0                 bit c = cell c (row-major, r*9 + c):
//!   digit:  9 8 7 6 5 4 3 2 1                 row 0 = bits 0..9, row 1 = bits 9..18, ...
//! ```
//!
//! A placed cell has no candidates (`cand` 0, no `pos` bit) and its digit in `value`.
//! Houses are numbered 0..9 rows, 9..18 columns, 18..27 boxes; `HOUSES[h]` is the house's
//! cells as a `pos`-style set, so "digit d's cells in house h" is `pos[d - 1] & HOUSES[h]`.

use crate::board::{box_of, col_of, row_of};
use crate::Board;

/// A set of digits: bit `d - 1` for digit `d`.
pub type Digits = u16;

/// A set of cells: bit `c` for cell `c`.
pub type Cells = u128;

/// All nine digits.
pub const ALL: Digits = 0x1ff;

/// All 81 cells.
pub const ALL_CELLS: Cells = (1 << 81) - 1;

/// Digit `d` (1..=9) as a set.
pub const fn digit(d: u8) -> Digits {
    1 << (d - 1)
}

/// Cell `c` as a set.
pub const fn cell(c: u8) -> Cells {
    1 << c
}

/// How many digits a set holds (or, for any set of nine things as bits 0..9, how many
/// things). The default x86-64 target has no POPCNT instruction, and `count_ones` stands
/// in with a dozen; the table is one load.
pub const fn count(m: Digits) -> u32 {
    const COUNTS: [u8; 512] = {
        let mut t = [0; 512];
        let mut m = 1;
        while m < 512 {
            t[m] = t[m & (m - 1)] + 1;
            m += 1;
        }
        t
    };
    COUNTS[m as usize] as u32
}

/// Whether a set of cells holds one cell at most (no popcount, as for [`count`]).
pub const fn at_most_one(m: Cells) -> bool {
    m & m.wrapping_sub(1) == 0
}

/// How many cells a set holds, when that is `k` at most (no popcount, as for [`count`]).
pub const fn at_most(mut m: Cells, k: u32) -> Option<u32> {
    let mut n = 0;
    while n <= k {
        if m == 0 {
            return Some(n);
        }
        m &= m - 1;
        n += 1;
    }
    None
}

/// The lowest digit of a non-empty set.
pub const fn low_digit(m: Digits) -> u8 {
    m.trailing_zeros() as u8 + 1
}

/// The lowest cell of a non-empty set.
pub const fn low_cell(m: Cells) -> u8 {
    m.trailing_zeros() as u8
}

/// The digits of a set, lowest first.
pub fn digits(mut m: Digits) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = low_digit(m);
            m &= m - 1;
            d
        })
    })
}

/// The cells of a set, lowest first.
pub fn cells(mut m: Cells) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = low_cell(m);
            m &= m - 1;
            c
        })
    })
}

/// The house kinds, by number: rows, columns, boxes.
pub const ROW: u8 = 0;
pub const COL: u8 = 9;
pub const BOX: u8 = 18;

const fn house_cells(h: usize) -> Cells {
    let mut m = 0;
    let mut c = 0;
    while c < 81 {
        let of = if h < 9 {
            row_of(c)
        } else if h < 18 {
            col_of(c) + 9
        } else {
            box_of(c) + 18
        };
        if of == h {
            m |= 1 << c;
        }
        c += 1;
    }
    m
}

/// Every house's cells.
pub const HOUSES: [Cells; 27] = {
    let mut t = [0; 27];
    let mut h = 0;
    while h < 27 {
        t[h] = house_cells(h);
        h += 1;
    }
    t
};

/// The three houses of every cell: row, column, box.
pub const HOUSES_OF: [[u8; 3]; 81] = {
    let mut t = [[0; 3]; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = [
            row_of(c) as u8,
            col_of(c) as u8 + COL,
            box_of(c) as u8 + BOX,
        ];
        c += 1;
    }
    t
};

/// The 20 cells that share a house with each cell.
pub const PEERS: [Cells; 81] = {
    let mut t = [0; 81];
    let mut c = 0;
    while c < 81 {
        let [r, k, b] = HOUSES_OF[c];
        t[c] = (HOUSES[r as usize] | HOUSES[k as usize] | HOUSES[b as usize]) & !(1 << c);
        c += 1;
    }
    t
};

/// Whether two cells share a house.
pub const fn sees(a: u8, b: u8) -> bool {
    PEERS[a as usize] & cell(b) != 0
}

/// A cell's name in a step: `r3c5` (1-based).
pub fn cell_name(c: u8) -> String {
    format!("r{}c{}", c / 9 + 1, c % 9 + 1)
}

/// The candidates of a puzzle as they stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Each cell's digit, 0 while it is open.
    pub value: [u8; 81],
    /// Each open cell's candidates.
    pub cand: [Digits; 81],
    /// Each digit's candidate cells (`pos[d - 1]`).
    pub pos: [Cells; 9],
    /// The open cells.
    pub open: Cells,
    /// The digits placed in each house.
    pub placed: [Digits; 27],
}

impl Grid {
    /// The candidates of `board`: every digit in every blank, less those its peers hold.
    /// Those are right whatever the digits, but a technique needs givens that do not
    /// clash: every caller that grades has checked them (a grader's puzzle has one
    /// solution, a hint's board only digits of the solution).
    pub fn new(board: &Board) -> Grid {
        let mut g = Grid {
            value: [0; 81],
            cand: [ALL; 81],
            pos: [ALL_CELLS; 9],
            open: ALL_CELLS,
            placed: [0; 27],
        };
        for (c, &d) in board.0.iter().enumerate() {
            if d != 0 {
                g.place(c as u8, d);
            }
        }
        g
    }

    /// The board as it stands, 0 for an open cell.
    pub fn board(&self) -> Board {
        Board(self.value)
    }

    /// Puts `d` in cell `c` and takes it from the candidates of the cell's peers.
    pub fn place(&mut self, c: u8, d: u8) {
        let bit = cell(c);
        self.value[c as usize] = d;
        for m in digits(self.cand[c as usize]) {
            self.pos[m as usize - 1] &= !bit;
        }
        self.cand[c as usize] = 0;
        self.open &= !bit;
        for h in HOUSES_OF[c as usize] {
            self.placed[h as usize] |= digit(d);
        }
        let hit = self.pos[d as usize - 1] & PEERS[c as usize];
        self.pos[d as usize - 1] &= !hit;
        for p in cells(hit) {
            self.cand[p as usize] &= !digit(d);
        }
    }

    /// Takes digit `d` from the candidates of `cs`.
    pub fn remove(&mut self, cs: Cells, d: u8) {
        let hit = self.pos[d as usize - 1] & cs;
        self.pos[d as usize - 1] &= !hit;
        for p in cells(hit) {
            self.cand[p as usize] &= !digit(d);
        }
    }

    /// Whether every cell holds a digit.
    pub fn solved(&self) -> bool {
        self.open == 0
    }

    /// Digit `d`'s cells in house `h`.
    pub fn in_house(&self, d: u8, h: u8) -> Cells {
        self.pos[d as usize - 1] & HOUSES[h as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_hold_what_they_say() {
        assert!(HOUSES.iter().all(|h| h.count_ones() == 9));
        for c in 0..81u8 {
            assert_eq!(PEERS[c as usize].count_ones(), 20);
            for h in HOUSES_OF[c as usize] {
                assert_ne!(HOUSES[h as usize] & cell(c), 0);
            }
        }
        assert_eq!(cell_name(22), "r3c5");
        for m in 0..=ALL {
            assert_eq!(count(m), m.count_ones());
        }
        for m in [0, 1, 1 << 80, 3, 1 << 80 | 1, 7 << 70, 0xf] {
            assert_eq!(at_most_one(m), m.count_ones() <= 1);
            for k in 0..5 {
                let n = m.count_ones();
                assert_eq!(at_most(m, k), (n <= k).then_some(n), "{m:x} {k}");
            }
        }
    }

    #[test]
    fn placing_takes_the_digit_from_the_peers_only() {
        let mut g = Grid::new(&Board([0; 81]));
        g.place(0, 5);
        assert_eq!(g.value[0], 5);
        assert_eq!(g.cand[0], 0);
        assert_eq!(g.cand[1], ALL & !digit(5));
        assert_eq!(g.cand[80], ALL);
        assert_eq!(g.pos[4].count_ones(), 81 - 21);
        assert_eq!(g.placed.map(|p| p.count_ones()).iter().sum::<u32>(), 3);
        g.remove(PEERS[80], 3);
        assert_eq!(g.cand[79] & digit(3), 0);
        assert_eq!(g.cand[80], ALL);
        assert_eq!(g.pos[2].count_ones(), 81 - 1 - 20);
    }
}
