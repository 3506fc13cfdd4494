//! Bit layout of the solver and its named helpers and tables.
//!
//! The grid is three bands of 27 cells. For each digit and band, one `u32` holds the cells
//! where that digit can still go (a "digit-band"); 9 digits × 3 bands = 27 words.
//!
//! ```text
//!             box 0      box 1      box 2
//!   row 0   b0  b1  b2 | b3  b4  b5 | b6  b7  b8        word = cand[digit * 3 + band]
//!   row 1   b9  b10 b11| b12 b13 b14| b15 b16 b17       bits 27..31 are always 0
//!   row 2   b18 b19 b20| b21 b22 b23| b24 b25 b26
//!
//!   ROW[r]  = 0o777 << 9r           (the 9 cells of row r of the band)
//!   COL[c]  = 0o1001001 << c        (column c in each row of the band)
//!   segment = 3 bits: one row of one box (a "triad"); segment k of a row = bits 3k..3k+2
//! ```
//!
//! Inside a band a digit sits once in each row and once in each box: the rows map onto the
//! boxes by one of 6 permutations. [`SHRINK`] folds a row's 9 bits into which of its 3
//! segments are still possible; three of those make a 9-bit (row, box) pattern, and
//! [`COMPLEX`] gives, for each pattern, the union of the segments used by the permutations
//! the pattern still allows. `cand & COMPLEX[pattern]` is pointing and claiming (locked
//! candidates) for one digit in one band, in one lookup. The technique is JCZSolve's
//! (Zhou Yundong and the enjoysudoku forum's fsss2); the code and tables here are ours.

/// All 27 cells of a band.
pub const BAND: u32 = 0o777_777_777;

/// The 9 cells of row `r` (0..3) of a band.
pub const ROW: [u32; 3] = [0o777, 0o777 << 9, 0o777 << 18];

/// Column `c` (0..9) in the three rows of a band.
pub const fn col(c: usize) -> u32 {
    0o1_001_001 << c
}

/// The columns (9 bits) where a band word has a cell in any of its three rows.
#[inline(always)]
pub const fn columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 0o777
}

/// Clears the lowest set bit.
#[inline(always)]
pub const fn clear_low_bit(x: u32) -> u32 {
    x & x.wrapping_sub(1)
}

/// Index of the lowest set bit (`x` must not be 0).
#[inline(always)]
pub const fn low_bit_index(x: u32) -> u32 {
    x.trailing_zeros()
}

/// True when `x` has at most one bit set.
#[inline(always)]
pub const fn at_most_one_bit(x: u32) -> bool {
    clear_low_bit(x) == 0
}

/// The mask that keeps a digit-band's candidates in the row of cell `bit` only at that cell
/// (the digit placed there); the other rows are untouched.
#[inline(always)]
pub const fn only_in_its_row(bit: u32) -> u32 {
    !ROW[low_bit_index(bit) as usize / 9] | bit
}

/// For a row's 9 bits: which of its 3 segments (boxes) have a candidate, as 3 bits.
pub const SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// The 6 ways to put a band's 3 rows in its 3 boxes: row r goes to box PERMS[p][r].
use crate::board::PERMUTATIONS_OF_3 as PERMS;

/// For a 9-bit pattern (bit 3r+k: row r may use box k), the cells that some permutation
/// allowed by the pattern uses. 0 when no permutation fits: the digit cannot be placed.
pub const COMPLEX: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut pat = 0;
    while pat < 512 {
        let mut p = 0;
        while p < 6 {
            let m = PERMS[p];
            let fits = (pat >> m[0]) & 1 != 0
                && (pat >> (3 + m[1])) & 1 != 0
                && (pat >> (6 + m[2])) & 1 != 0;
            if fits {
                let mut r = 0;
                while r < 3 {
                    t[pat] |= 0o7 << (9 * r + 3 * m[r]);
                    r += 1;
                }
            }
            p += 1;
        }
        pat += 1;
    }
    t
};

/// The set bits of `x`, lowest first, each as a word of its own.
#[inline(always)]
pub fn low_bits(x: u32) -> impl Iterator<Item = u32> {
    let mut rest = x;
    std::iter::from_fn(move || {
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        (bit != 0).then_some(bit)
    })
}

/// Bit-slice counters over words added one by one: bit i of `at_least(k)` is set when bit i
/// was set in at least k of them (k = 1..=N). Counting candidates per cell this way takes
/// N operations a word instead of a loop over the cells.
#[derive(Clone, Copy)]
pub struct Slices<const N: usize>([u32; N]);

impl<const N: usize> Slices<N> {
    #[inline(always)]
    pub fn new() -> Self {
        Slices([0; N])
    }

    #[inline(always)]
    pub fn add(&mut self, m: u32) {
        for k in (1..N).rev() {
            self.0[k] |= self.0[k - 1] & m;
        }
        self.0[0] |= m;
    }

    /// The bits set in at least `k` (1..=N) of the words added.
    #[inline(always)]
    pub fn at_least(&self, k: usize) -> u32 {
        self.0[k - 1]
    }
}

/// The (row, box) pattern of a digit-band: which segments still hold a candidate.
#[inline(always)]
pub fn pattern(a: u32) -> usize {
    SHRINK[(a & 0o777) as usize] as usize
        | (SHRINK[((a >> 9) & 0o777) as usize] as usize) << 3
        | (SHRINK[(a >> 18) as usize] as usize) << 6
}

/// Calls `f(unit, cells)` for the cells of band word `x` (band `b`) in each unit that meets
/// the band, as 9 bits in reading order: rows `3b..3b+3`, boxes `9+3b..9+3b+3`, and the 9
/// columns `18..27` (bits `3b..3b+3`).
#[inline(always)]
pub fn unit_cells(x: u32, b: usize, mut f: impl FnMut(usize, u16)) {
    for r in 0..3 {
        f(3 * b + r, ((x >> (9 * r)) & 0o777) as u16);
    }
    for k in 0..3 {
        let boxed =
            (x >> (3 * k)) & 7 | ((x >> (9 + 3 * k)) & 7) << 3 | ((x >> (18 + 3 * k)) & 7) << 6;
        f(9 + 3 * b + k, boxed as u16);
    }
    for c in 0..9 {
        let col = (x >> c) & 1 | ((x >> (9 + c)) & 1) << 1 | ((x >> (18 + c)) & 1) << 2;
        f(18 + c, (col << (3 * b)) as u16);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complex_masks() {
        // Every segment possible: every cell stays.
        assert_eq!(COMPLEX[0o777], BAND);
        // Row 0 only in box 0 (pointing): rows 1 and 2 lose box 0.
        let pat = 0o771;
        assert_eq!(COMPLEX[pat], 0o7 | (0o770 << 9) | (0o770 << 18));
        // No row may use box 2: impossible.
        assert_eq!(COMPLEX[0o333], 0);
        assert_eq!(pattern(0o100_000_001), 0o4 << 6 | 0o1);
        assert_eq!(col(2), 0o4_004_004);
    }

    #[test]
    fn slices_count_and_low_bits_iterate() {
        let mut s = Slices::<3>::new();
        for m in [0b1111, 0b0111, 0b0011, 0b0001, 0b0001] {
            s.add(m);
        }
        assert_eq!(
            (s.at_least(1), s.at_least(2), s.at_least(3)),
            (0b1111, 0b0111, 0b0011)
        );
        assert_eq!(
            low_bits(0b1010_0100).collect::<Vec<_>>(),
            [0b100, 0b10_0000, 0b1000_0000]
        );
        assert_eq!(low_bits(0).count(), 0);
    }
}
