//! Seeded randomness and random solved grids.
//!
//! [`Rng`] is counter-based: the stream of item k is a function of (seed, k) alone, so item
//! k is the same whichever thread makes it and wherever a run starts (`--skip`). Its steps
//! are splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//! OOPSLA 2014): a Weyl sequence through a 64-bit finaliser.
//!
//! [`grid`] draws from the whole space of 6.67e21 solved grids, not from one grid's
//! transformations: the three boxes of the main diagonal, which constrain each other not at
//! all, are filled with random permutations (9!³ ways, and every such filling extends to a
//! grid), then the rest by a depth-first search that takes the cell with the fewest
//! candidates and tries its digits in a random order. It is not exactly uniform over the
//! grids (a grid with more completions of its diagonal is likelier); it does reach every
//! grid, and every symmetry class.

use crate::board::Board;
use crate::grade::candidates::HOUSES_OF;

/// The splitmix64 increment: 2^64 divided by the golden ratio, odd.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The splitmix64 finaliser: a bijection in which every input bit moves about half the
/// output bits.
pub const fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A stream of random numbers for one item.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The stream of item `k` under `seed`.
    pub fn for_item(seed: u64, k: u64) -> Rng {
        Rng(mix(seed.wrapping_add(mix(
            k.wrapping_mul(GOLDEN) ^ 0x5851_F42D_4C95_7F2D
        ))))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix(self.0)
    }

    /// A number in `0..n` (`n` > 0): the high half of a 64x64-bit product (Lemire, "Fast
    /// random integer generation in an interval", 2019), whose bias for the small `n` used
    /// here is under 2^-58.
    pub fn below(&mut self, n: u32) -> u32 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u32
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i as u32 + 1) as usize);
        }
    }
}

/// A random solved grid (see the module's documentation).
pub fn grid(rng: &mut Rng) -> Board {
    let mut f = Filler {
        cells: [0; 81],
        houses: Houses::default(),
    };
    for b in [0, 4, 8] {
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        for (i, &d) in digits.iter().enumerate() {
            let cell = (b / 3) * 27 + (b % 3) * 3 + (i / 3) * 9 + i % 3;
            f.place(cell, d);
        }
    }
    let empty = (0..81)
        .filter(|&c| f.cells[c] == 0)
        .fold(0, |m, c| m | 1 << c);
    assert!(
        f.fill(empty, rng),
        "a filling of the diagonal boxes always extends"
    );
    Board(f.cells)
}

/// The digits a set of cells holds in each row, column and box (bit d): what a filling or
/// a digging keeps to see which digits a cell can take.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Houses([u16; 27]);

impl Houses {
    /// The digits of `board`'s filled cells.
    pub(super) fn of(board: &Board) -> Houses {
        let mut h = Houses::default();
        for (c, &d) in board.0.iter().enumerate() {
            if d != 0 {
                h.toggle(c, d);
            }
        }
        h
    }

    /// Adds digit `d` at `cell` when it is not there, takes it away when it is (a house
    /// holds a digit once).
    pub(super) fn toggle(&mut self, cell: usize, d: u8) {
        for h in HOUSES_OF[cell] {
            self.0[h as usize] ^= 1 << d;
        }
    }

    /// The digits `cell`'s row, column and box lack (bits 1 to 9).
    pub(super) fn free(&self, cell: usize) -> u16 {
        let [r, c, b] = HOUSES_OF[cell].map(usize::from);
        !(self.0[r] | self.0[c] | self.0[b]) & 0b11_1111_1110
    }
}

/// A grid being filled: its cells and the digits they hold.
struct Filler {
    cells: [u8; 81],
    houses: Houses,
}

impl Filler {
    fn place(&mut self, cell: usize, d: u8) {
        self.cells[cell] = d;
        self.houses.toggle(cell, d);
    }

    fn clear(&mut self, cell: usize) {
        self.houses.toggle(cell, self.cells[cell]);
        self.cells[cell] = 0;
    }

    fn free(&self, cell: usize) -> u16 {
        self.houses.free(cell)
    }

    /// Fills the empty cells (bit c of `empty` set for each); false when no filling exists
    /// from here. The cell taken is the first, in index order, with the fewest candidates.
    fn fill(&mut self, empty: u128, rng: &mut Rng) -> bool {
        let mut best: Option<(usize, u16)> = None;
        let mut rest = empty;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = self.free(cell);
            if best.is_none_or(|(_, b)| f.count_ones() < b.count_ones()) {
                best = Some((cell, f));
                if f.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, free)) = best else {
            return true;
        };
        let empty = empty & !(1 << cell);
        let mut digits = [0u8; 9];
        let mut n = 0;
        for d in 1..=9u8 {
            if free & (1 << d) != 0 {
                digits[n] = d;
                n += 1;
            }
        }
        rng.shuffle(&mut digits[..n]);
        for &d in &digits[..n] {
            self.place(cell, d);
            if self.fill(empty, rng) {
                return true;
            }
            self.clear(cell);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_depend_on_seed_and_index_only() {
        let a: Vec<u64> = (0..4).map(|_| Rng::for_item(7, 3).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(
            Rng::for_item(7, 3).next_u64(),
            Rng::for_item(7, 4).next_u64()
        );
        assert_ne!(
            Rng::for_item(7, 3).next_u64(),
            Rng::for_item(8, 3).next_u64()
        );
        // The same grid for the same item, a valid one, and different ones for others.
        let g = grid(&mut Rng::for_item(1, 99));
        assert_eq!(g, grid(&mut Rng::for_item(1, 99)));
        assert!(g.is_solved());
        let grids: std::collections::HashSet<Board> =
            (0..500).map(|k| grid(&mut Rng::for_item(1, k))).collect();
        assert_eq!(grids.len(), 500);
        assert!(grids.iter().all(Board::is_solved));
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut r = Rng::for_item(0, 0);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[r.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }
}
