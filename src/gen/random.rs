//! Seeded randomness and random solved grids.
//!
//! [`Rng`] is counter-based: the stream of item k is a function of (seed, k) alone, so item
//! k is the same whichever thread makes it and wherever a run starts (`--skip`). Its steps
//! are splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//! OOPSLA 2014): a Weyl sequence through a 64-bit finaliser.
//!
//! [`Grids::grid`] draws from the whole space of 6.67e21 solved grids, not from one grid's
//! transformations: the three boxes of the main diagonal, which constrain each other not at
//! all, are filled with permutations (9!³ ways, and every such filling extends to a grid),
//! then the rest by a depth-first search that takes the cell with the fewest candidates and
//! tries its digits in a random order. It is not exactly uniform over the grids (a grid with
//! more completions of its diagonal is likelier); it does reach every grid, and every
//! symmetry class.
//!
//! The diagonal is not drawn but numbered, so that a run's grids are distinct by
//! construction and no run has to remember the grids it made:
//!
//! ```text
//!   grid number n ─► n mod 9!³ ─► keyed permutation of 0..9!³ ─► y = a + 9!·b + 9!²·c
//!                                  (the seed is the key)           │
//!   boxes 1, 5, 9 ◄─ the a-th, b-th and c-th permutations of 1..9 ◄┘ (factorial base)
//! ```
//!
//! Distinct numbers (mod 9!³) give distinct diagonals, hence distinct grids. The keyed
//! permutation is a Feistel network on 56 bits, walked along its cycle until it lands below
//! 9!³ (Black and Rogaway, "Ciphers with arbitrary finite domains", CT-RSA 2002): a
//! bijection of 0..9!³, which scatters consecutive numbers over the whole range.

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

/// The ways to fill the three boxes of the main diagonal: 9!³.
pub const DIAGONALS: u64 = FACTORIAL[9] * FACTORIAL[9] * FACTORIAL[9];

/// n! for n in 0..=9.
const FACTORIAL: [u64; 10] = {
    let mut f = [1u64; 10];
    let mut n = 1;
    while n < 10 {
        f[n] = f[n - 1] * n as u64;
        n += 1;
    }
    f
};

/// The bits of each half of the Feistel network's 56-bit block (2^56 > 9!³).
const HALF: u32 = 28;
const HALF_MASK: u64 = (1 << HALF) - 1;
const _: () = assert!(DIAGONALS <= 1 << (2 * HALF));

/// The grids of one run under one seed (see the module's documentation).
#[derive(Clone, Copy, Debug)]
pub struct Grids {
    key: u64,
}

impl Grids {
    pub fn new(seed: u64) -> Grids {
        Grids {
            key: mix(seed ^ 0x243F_6A88_85A3_08D3),
        }
    }

    /// Grid number `n`: its diagonal boxes are `n`'s (numbers equal mod [`DIAGONALS`] give
    /// the same ones, others different ones), the rest filled at random from `rng`.
    pub fn grid(&self, n: u64, rng: &mut Rng) -> Board {
        let mut f = Filler {
            cells: [0; 81],
            houses: Houses::default(),
        };
        let mut y = self.permute(n % DIAGONALS);
        for b in [0, 4, 8] {
            let digits = nth_permutation(y % FACTORIAL[9]);
            y /= FACTORIAL[9];
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

    /// The image of `x` (below [`DIAGONALS`]) under the run's permutation of
    /// 0..[`DIAGONALS`]: the Feistel network again and again until the block falls in the
    /// range. It does: the network permutes 0..2^56, and `x`'s cycle comes back to `x`.
    fn permute(&self, x: u64) -> u64 {
        let mut y = self.feistel(x);
        while y >= DIAGONALS {
            y = self.feistel(y);
        }
        y
    }

    /// Four Feistel rounds on a 56-bit block: each swaps the halves and masks one with a
    /// keyed hash of the other, which makes each round, and so the network, a bijection
    /// whatever the hash.
    fn feistel(&self, x: u64) -> u64 {
        let (mut left, mut right) = (x >> HALF, x & HALF_MASK);
        for round in 0..4u64 {
            let f = mix(self.key ^ (round << 60) ^ right) & HALF_MASK;
            (left, right) = (right, left ^ f);
        }
        left << HALF | right
    }

    /// [`Grids::feistel`] undone, for the tests: the rounds in reverse.
    #[cfg(test)]
    fn feistel_inverse(&self, y: u64) -> u64 {
        let (mut left, mut right) = (y >> HALF, y & HALF_MASK);
        for round in (0..4u64).rev() {
            let f = mix(self.key ^ (round << 60) ^ left) & HALF_MASK;
            (left, right) = (right ^ f, left);
        }
        left << HALF | right
    }
}

/// The `r`-th permutation of 1..=9 in lexicographic order (`r` below 9!): `r` in the
/// factorial number system, each digit the index of the next element among those left.
fn nth_permutation(mut r: u64) -> [u8; 9] {
    let mut left = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    let mut out = [0u8; 9];
    for (i, slot) in out.iter_mut().enumerate() {
        let f = FACTORIAL[8 - i];
        let at = (r / f) as usize;
        r %= f;
        *slot = left[at];
        left.copy_within(at + 1..9 - i, at);
    }
    out
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
        // The same grid for the same number, a valid one, and different ones for others.
        let grids = Grids::new(1);
        let g = grids.grid(99, &mut Rng::for_item(1, 99));
        assert_eq!(g, grids.grid(99, &mut Rng::for_item(1, 99)));
        assert!(g.is_solved());
        let made: std::collections::HashSet<Board> = (0..500)
            .map(|k| grids.grid(k, &mut Rng::for_item(1, k)))
            .collect();
        assert_eq!(made.len(), 500);
        assert!(made.iter().all(Board::is_solved));
    }

    /// Boxes 1, 5 and 9 of a grid: the digits in reading order.
    fn diagonal(g: &Board) -> [[u8; 9]; 3] {
        [0, 4, 8]
            .map(|b| std::array::from_fn(|i| g.0[(b / 3) * 27 + (b % 3) * 3 + (i / 3) * 9 + i % 3]))
    }

    #[test]
    fn the_factorial_base_reads_every_permutation_once_in_order() {
        let mut last = nth_permutation(0);
        assert_eq!(last, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        for r in 1..FACTORIAL[9] {
            let p = nth_permutation(r);
            let mut sorted = p;
            sorted.sort_unstable();
            assert_eq!(sorted, [1, 2, 3, 4, 5, 6, 7, 8, 9], "{r}");
            assert!(p > last, "{r}: {p:?} after {last:?}");
            last = p;
        }
        assert_eq!(last, [9, 8, 7, 6, 5, 4, 3, 2, 1]);
    }

    #[test]
    fn grid_numbers_are_a_bijection_onto_the_diagonals() {
        for seed in [0, 1, u64::MAX] {
            let grids = Grids::new(seed);
            let mut rng = Rng::for_item(seed, 0);
            // The network undoes: a bijection of the 56-bit blocks.
            for _ in 0..10_000 {
                let x = rng.next_u64() >> 8;
                assert_eq!(grids.feistel_inverse(grids.feistel(x)), x);
            }
            // Walked into range, numbers at both ends of the range and at random: each lands
            // in range, and walking back (through the inverse while out of range) returns it.
            let ends = (0..2000).chain(DIAGONALS - 2000..DIAGONALS);
            let random = (0..2000).map(|_| rng.next_u64() % DIAGONALS);
            for x in ends.chain(random) {
                let y = grids.permute(x);
                assert!(y < DIAGONALS);
                let mut back = grids.feistel_inverse(y);
                while back >= DIAGONALS {
                    back = grids.feistel_inverse(back);
                }
                assert_eq!(back, x);
            }
            // Grid numbers that differ below 9!³ have different diagonals; equal mod 9!³,
            // the same.
            let mut seen = std::collections::HashSet::new();
            for n in (0..3000).chain(DIAGONALS - 3000..DIAGONALS) {
                let g = grids.grid(n, &mut Rng::for_item(seed, n));
                assert!(g.is_solved());
                assert!(seen.insert(diagonal(&g)), "{seed} {n}");
                let again = grids.grid(n + DIAGONALS, &mut Rng::for_item(7, n));
                assert_eq!(diagonal(&again), diagonal(&g));
            }
        }
    }

    #[test]
    fn consecutive_numbers_spread_over_every_digit_of_the_diagonal() {
        // A digit's count in a cell over 90,000 numbers in a row: 10,000 expected, standard deviation
        // 94. Every cell of the three boxes, most and least significant alike.
        let grids = Grids::new(5);
        let mut count = [[[0u32; 10]; 9]; 3];
        for n in 0..90_000 {
            let y = grids.permute(n);
            for (b, box_count) in count.iter_mut().enumerate() {
                let p = nth_permutation(y / FACTORIAL[9].pow(b as u32) % FACTORIAL[9]);
                for (i, &d) in p.iter().enumerate() {
                    box_count[i][d as usize] += 1;
                }
            }
        }
        for (b, box_count) in count.iter().enumerate() {
            for (i, cell) in box_count.iter().enumerate() {
                for (d, &n) in cell.iter().enumerate().skip(1) {
                    assert!(
                        (9_400..10_600).contains(&n),
                        "box {b} cell {i} digit {d}: {n}"
                    );
                }
            }
        }
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
