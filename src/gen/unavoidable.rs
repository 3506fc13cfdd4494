//! Unavoidable sets of a solved grid: sets of cells whose digits can be rearranged into
//! another solved grid, so that a puzzle with no given among them has two solutions.
//!
//! A digger that knows some of them answers "is the puzzle still unique?" with a mask test
//! where the solver would search: a blank that empties one of them loses uniqueness. The
//! sets found here are those of two digits, the easiest to list (unavoidable sets are
//! what McGuire, Tugemann and Civario's search in "There is no 16-clue Sudoku", 2012, is
//! built on: a puzzle must hit every one). For digits a and b, every row
//! holds one a-cell and one b-cell. Swapping a and b on a set of rows keeps each row valid,
//! and keeps a column or box valid when its a-cell and b-cell are both swapped or both not.
//! So the rows fall into the components of a graph whose edges join, for each column and
//! each box, the row of its a and the row of its b:
//!
//! ```text
//!   a . | b .       rows 1 and 2: column 1 joins them (a above b),
//!   b . | a .       and so do columns 4 and the two boxes;
//!                   the 4 cells are one set (a deadly rectangle)
//! ```
//!
//! The cells of each component's rows holding a or b form an unavoidable set (the whole
//! 18 cells, when every row is in one component).
//!
//! A grid has at most 36 × 4 of them (a component has at least two rows).

use crate::board::{box_of, col_of, Board};

/// The most sets [`two_digit`] can find: 36 pairs of digits, at most 4 components each.
const MOST: usize = 36 * 4;

/// The most sets [`Sets::add`] keeps beyond those (256 in all, 4 KiB).
const ADDED: usize = 112;

/// Unavoidable sets of a grid, as masks of cells (bit c for cell c): the two-digit ones,
/// and those a digger adds as it finds them. An added set waits for the next pass: in the
/// pass that found it, it holds the given just kept, so it would never be missed there.
pub struct Sets {
    sets: [u128; MOST + ADDED],
    len: usize,
    /// The sets `missed_by` reads: those before the pass began.
    active: usize,
}

impl Sets {
    /// Whether the givens (bit c for a given in cell c) miss one of the sets.
    pub fn missed_by(&self, givens: u128) -> bool {
        self.sets[..self.active].iter().any(|&s| s & givens == 0)
    }

    /// Keeps `set` (not empty: every set needs a given), for the next pass, while there is
    /// room.
    pub fn add(&mut self, set: u128) {
        debug_assert!(set != 0);
        if self.len < self.sets.len() {
            self.sets[self.len] = set;
            self.len += 1;
        }
    }

    /// Starts a pass: the sets added so far are read from now on.
    pub fn next_pass(&mut self) {
        self.active = self.len;
    }

    #[cfg(test)]
    fn iter(&self) -> impl Iterator<Item = u128> + '_ {
        self.sets[..self.len].iter().copied()
    }
}

/// The cells where two solved grids differ: an unavoidable set of either. Eight cells at a
/// time: the bytes that differ get their top bit, and a multiply gathers those eight bits
/// into the top byte.
pub fn difference(a: &Board, b: &Board) -> u128 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // Bit 7 of byte i times 2^(7 (7 - i)) lands on bit 56 + i; no other product reaches
    // the top byte.
    const GATHER: u64 = 0x0002_0408_1020_4081;
    let mut m = u128::from(a.0[80] != b.0[80]) << 80;
    for (i, (x, y)) in a.0.chunks_exact(8).zip(b.0.chunks_exact(8)).enumerate() {
        let word = |c: &[u8]| u64::from_le_bytes(c.try_into().expect("eight bytes"));
        let x = word(x) ^ word(y);
        let top = (((x & LOW7) + LOW7) | x) & !LOW7;
        m |= u128::from(top.wrapping_mul(GATHER) >> 56) << (8 * i);
    }
    m
}

/// The two-digit unavoidable sets of solved `grid`.
pub fn two_digit(grid: &Board) -> Sets {
    // For each digit, its row in each column and in each box, and its cell in each row.
    let mut row_in_col = [[0u8; 9]; 10];
    let mut row_in_box = [[0u8; 9]; 10];
    let mut cell_in_row = [[0u8; 9]; 10];
    for (c, &d) in grid.0.iter().enumerate() {
        let d = d as usize;
        row_in_col[d][col_of(c)] = (c / 9) as u8;
        row_in_box[d][box_of(c)] = (c / 9) as u8;
        cell_in_row[d][c / 9] = c as u8;
    }
    let mut out = Sets {
        sets: [0; MOST + ADDED],
        len: 0,
        active: 0,
    };
    for a in 1..=9 {
        for b in a + 1..=9 {
            // Bit s of links[r]: row s is joined to row r.
            let mut links = [0u16; 9];
            for i in 0..9 {
                for (ra, rb) in [
                    (row_in_col[a][i], row_in_col[b][i]),
                    (row_in_box[a][i], row_in_box[b][i]),
                ] {
                    links[ra as usize] |= 1 << rb;
                    links[rb as usize] |= 1 << ra;
                }
            }
            let mut left: u16 = 0x1FF;
            while left != 0 {
                // The component of the lowest row left: grow it until it holds its links.
                let mut rows = left & left.wrapping_neg();
                loop {
                    let grown = bits(rows).fold(rows, |m, r| m | links[r]);
                    if grown == rows {
                        break;
                    }
                    rows = grown;
                }
                left &= !rows;
                out.add(bits(rows).fold(0, |m, r| {
                    m | 1 << cell_in_row[a][r] | 1 << cell_in_row[b][r]
                }));
            }
        }
    }
    out.next_pass();
    out
}

/// The set bits of `m`, lowest first.
fn bits(mut m: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let r = m.trailing_zeros() as usize;
            m &= m - 1;
            r
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::random::{Grids, Rng};
    use crate::solve::reference;

    #[test]
    fn every_set_found_is_unavoidable_and_they_partition_each_pair() {
        for k in 0..50 {
            let g = Grids::new(3).grid(k, &mut Rng::for_item(3, k));
            let sets = two_digit(&g);
            let mut pairs = 0;
            for s in sets.iter() {
                let digits: std::collections::BTreeSet<u8> = (0..81)
                    .filter(|&c| s >> c & 1 == 1)
                    .map(|c| g.0[c])
                    .collect();
                assert_eq!(digits.len(), 2, "{g:?} {s:x}");
                // Blank the set: the puzzle has two solutions.
                let mut p = g;
                (0..81)
                    .filter(|&c| s >> c & 1 == 1)
                    .for_each(|c| p.0[c] = 0);
                assert_eq!(reference::count_up_to(&p, 2).0, 2, "{g:?} {s:x}");
                pairs += s.count_ones();
            }
            // The sets of a pair of digits cover its 18 cells once.
            assert_eq!(pairs, 36 * 18);
            assert!(sets.missed_by(0) && !sets.missed_by(u128::MAX));
        }
    }

    #[test]
    fn a_grid_keeps_room_for_the_sets_added_and_no_more() {
        for k in 0..50 {
            let g = Grids::new(5).grid(k, &mut Rng::for_item(5, k));
            let mut sets = two_digit(&g);
            let found = sets.iter().count();
            assert!(found <= MOST, "{found}");
            // Distinct sets of two cells (two-digit sets have four or more): each is read
            // once a pass has begun, and those past the room (at least ADDED) are dropped.
            let room = MOST + ADDED - found;
            let added = |i: usize| 1u128 << (i % 40) | 1 << (40 + i / 40);
            for i in 0..room + 10 {
                sets.add(added(i));
            }
            assert!(!sets.missed_by(!added(0)));
            sets.next_pass();
            assert_eq!(sets.iter().count(), MOST + ADDED);
            for i in 0..room + 10 {
                assert_eq!(sets.missed_by(!added(i)), i < room, "{i}");
            }
            assert!(!sets.missed_by(u128::MAX));
        }
    }

    #[test]
    fn difference_marks_the_cells_that_differ() {
        let mut rng = Rng::for_item(9, 0);
        let g = Grids::new(9).grid(0, &mut rng);
        for _ in 0..2000 {
            let mut h = g;
            let mut want = 0u128;
            for c in 0..81 {
                if rng.below(4) == 0 {
                    h.0[c] = (h.0[c] + rng.below(9) as u8) % 10;
                    if h.0[c] != g.0[c] {
                        want |= 1 << c;
                    }
                }
            }
            assert_eq!(difference(&g, &h), want, "{h:?}");
        }
    }

    #[test]
    fn a_second_solution_differs_on_an_unavoidable_set() {
        let mut found = 0;
        for k in 0..200 {
            let mut rng = Rng::for_item(4, k);
            let g = Grids::new(4).grid(k, &mut rng);
            // Blank two thirds of the grid at random, then ask for a solution without one blank's
            // digit: any such solution and the grid differ on an unavoidable set.
            let mut p = g;
            for c in 0..81 {
                if rng.below(3) != 0 {
                    p.0[c] = 0;
                }
            }
            let Some(c) = (0..81).find(|&c| p.0[c] == 0) else {
                continue;
            };
            let Some(other) = crate::solve::solution_without(&p, c, g.0[c]) else {
                // No solution puts another digit there.
                for e in (1..=9).filter(|&e| e != g.0[c]) {
                    let mut q = p;
                    q.0[c] = e;
                    if q.first_clash().is_none() {
                        assert_eq!(reference::count_up_to(&q, 1).0, 0, "{q:?}");
                    }
                }
                continue;
            };
            found += 1;
            assert!(other.is_solved() && other.0[c] != g.0[c]);
            assert!((0..81).all(|e| p.0[e] == 0 || other.0[e] == p.0[e]));
            let set = difference(&g, &other);
            assert_ne!(set & 1 << c, 0);
            // The grid with the set blanked has both solutions.
            let mut q = g;
            (0..81)
                .filter(|&e| set >> e & 1 == 1)
                .for_each(|e| q.0[e] = 0);
            assert_eq!(reference::count_up_to(&q, 2).0, 2, "{g:?} {set:x}");
            let mut sets = two_digit(&g);
            let before = sets.missed_by(!set);
            sets.add(set);
            // Read from the next pass on.
            assert_eq!(sets.missed_by(!set), before);
            sets.next_pass();
            assert!(sets.missed_by(!set));
        }
        assert!(found > 50, "{found}");
    }
}
