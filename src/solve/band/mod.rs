//! The band solver: bitboards of 27-cell bands (JCZSolve's family), for CPUs without AVX2,
//! for the triad solver's searches that run past their guess budget, and to check the triad
//! solver in the tests and the fuzzer.
//!
//! Its state is 27 candidate words (see [`bits`] for the layout) and a few masks, ~240 bytes,
//! copied onto the stack at each guess instead of undone. Propagation sweeps the digit-bands
//! that changed: the band table (locked candidates), rows where a digit is left in one cell
//! (hidden singles in rows; boxes follow from the band table), clearing the placed cell from
//! the other digits and its column from the other bands. When that stalls, naked singles by
//! bit-slice counting, column hidden singles, then (at the root) locked triads, then a guess
//! on a bivalue cell. A long search (every 1024 nodes) checks the nodes of its current path
//! for Hall's condition and cuts the first that fails it.

mod bits;

use crate::board::Board;
use bits::*;

/// The band solver's count, and its first solution when the count is not 0.
pub(super) fn count(puzzle: &Board, limit: u32) -> (u32, Board) {
    let mut s = State::new(puzzle);
    let mut search = Search::new(limit, s);
    search.run(&mut s, 0);
    (search.count, search.first)
}

/// The 9 cells of box `k` (0..3) of a band.
const BOX: [u32; 3] = [0o007_007_007, 0o070_070_070, 0o700_700_700];

/// For 3 bits: the bit when exactly one is set, else nothing.
const LONE: [u8; 8] = [0, 1, 2, 0, 4, 0, 0, 0];

/// For a digit-band's (row, box) pattern (bit 3r+k): the segments the digit is locked into,
/// because its row has no other segment left or its box no other row.
const LOCKS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut p = 0;
    while p < 512 {
        let mut i = 0;
        while i < 3 {
            t[p] |= (LONE[(p >> (3 * i)) & 7] as u16) << (3 * i); // row i
            let column = (p >> i) & 1 | ((p >> (3 + i)) & 1) << 1 | ((p >> (6 + i)) & 1) << 2;
            let r = LONE[column] as usize; // box i: the one row left, as a bit
            if r != 0 {
                t[p] |= 1 << (3 * (r.trailing_zeros() as usize) + i);
            }
            i += 1;
        }
        p += 1;
    }
    t
};

/// For a 9-bit set of (row, box) segments (bit 3r+k), their cells as a 27-bit mask.
const SEGMENT_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut s = 0;
        while s < 9 {
            if m & (1 << s) != 0 {
                t[m] |= 0o7 << (9 * (s / 3) + 3 * (s % 3));
            }
            s += 1;
        }
        m += 1;
    }
    t
};

/// The three rows of a band as a 27-bit mask, for each 3-bit set of rows.
const ROWS: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut m = 0;
    while m < 8 {
        let mut r = 0;
        while r < 3 {
            if m & (1 << r) != 0 {
                t[m] |= ROW[r];
            }
            r += 1;
        }
        m += 1;
    }
    t
};

/// Propagation found that the node has no solution.
struct Contradiction;

#[derive(Clone, Copy)]
struct State {
    /// Candidate cells per digit-band: `cand[digit * 3 + band]`. (Band-major order did not
    /// pay: see benches/README.md.)
    cand: [u32; 27],
    /// The value each digit-band had when last propagated, to skip ones that did not change.
    prev: [u32; 27],
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
    /// Per band, bit `digit * 3 + row`: the digit is not yet placed in that row of the band.
    rows_left: [u32; 3],
    /// Per band, the unsolved cells with two candidates, as of the last naked-single pass.
    bivalue: [u32; 3],
    /// Bit d: a word of digit d changed since the column hidden-single pass last saw it.
    col_dirty: u32,
}

/// Calls `$f::<I>()` for every digit-band I, with I a constant, so each call compiles to
/// straight-line code with its shifts and indices folded.
macro_rules! each_digit_band {
    ($m:ident!($($arg:tt)*)) => {
        $m!($($arg)*; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26)
    };
}

/// One pass over the digit-bands, in index order, propagating those that changed. `$again`
/// is set when a word already passed changed (a placement reached back): a last pass that
/// would find nothing is not run. Sweeps per node on the forum's hardest: 4.7 → 3.6.
macro_rules! sweep {
    ($s:ident, $again:ident; $($i:literal)*) => {
        $(
            if $s.cand[$i] != $s.prev[$i] {
                if !$s.update::<$i>(&mut $again) {
                    return Err(Contradiction);
                }
            }
        )*
    };
}

impl State {
    fn new(puzzle: &Board) -> State {
        // Per cell of a band: the mask that keeps a digit only at this cell of its row.
        const KEEP: [u32; 27] = {
            let mut t = [0u32; 27];
            let mut pos = 0;
            while pos < 27 {
                t[pos] = !ROW[pos / 9] | 1 << pos;
                pos += 1;
            }
            t
        };
        // Per cell value: the word of its digit in band 0; blanks go to the spare words
        // 27..30, so the loop has no branch.
        const WORD: [u8; 16] = [27, 0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 27, 27, 27, 27, 27];
        let mut cand = [BAND; 30];
        for (b, band) in puzzle.0.chunks_exact(27).enumerate() {
            for (&d, keep) in band.iter().zip(KEEP) {
                cand[WORD[(d & 15) as usize] as usize + b] &= keep;
            }
        }
        State {
            cand: cand[..27].try_into().unwrap(),
            // Not a value a word can take: every word is propagated once, and a word
            // that the givens emptied is a contradiction, not a word that did not change.
            prev: [u32::MAX; 27],
            unsolved: [BAND; 3],
            rows_left: [BAND; 3],
            bivalue: [0; 3],
            col_dirty: 0o777,
        }
    }

    /// Propagates digit-band `I` (digit `I / 3`, band `I % 3`) after its candidates changed:
    /// the band table, then the rows where the digit is newly down to one cell. False on a
    /// contradiction.
    #[inline(always)]
    fn update<const I: usize>(&mut self, again: &mut bool) -> bool {
        let (d, b) = (I / 3, I % 3);
        let a = self.cand[I] & COMPLEX[pattern(self.cand[I])];
        if a == 0 {
            return false;
        }
        self.cand[I] = a;
        self.prev[I] = a;
        self.col_dirty |= 1 << d;
        let (r0, r1, r2) = (a & ROW[0], a & ROW[1], a & ROW[2]);
        let single = at_most_one_bit(r0) as usize
            | (at_most_one_bit(r1) as usize) << 1
            | (at_most_one_bit(r2) as usize) << 2;
        let new_rows = single & (self.rows_left[b] >> (3 * d)) as usize & 7;
        if new_rows == 0 {
            return true;
        }
        // Place the digit in those rows: the cells are taken for the other digits, and the
        // columns for the other bands.
        let placed = a & ROWS[new_rows];
        self.rows_left[b] &= !((new_rows as u32) << (3 * d));
        self.unsolved[b] &= !placed;
        // A word before this one in the sweep that changes needs another pass; the
        // words after it come later in this one.
        let mut behind = 0;
        for other in 0..9 {
            if other != d {
                behind |= if other < d {
                    self.cand[other * 3 + b] & placed
                } else {
                    0
                };
                self.cand[other * 3 + b] &= !placed;
            }
        }
        let cols = columns(placed);
        let column = cols * 0o1_001_001;
        for other in 0..3 {
            if other != b {
                behind |= if other < b {
                    self.cand[d * 3 + other] & column
                } else {
                    0
                };
                self.cand[d * 3 + other] &= !column;
            }
        }
        *again |= behind != 0;
        true
    }

    /// Propagates until nothing is left to do: the sweep of the digit-bands to a fixpoint,
    /// then naked singles, then column hidden singles, then (at the root, `triads`) locked
    /// triads; each step that makes progress starts the round again. False on a
    /// contradiction.
    ///
    /// Tried and dropped instead of the fixed sweep (see benches/README.md): a worklist of
    /// dirty digit-bands, through a jump table or lowest bit first; testing four or three
    /// words at once; row triads at every node; naked singles only in bands that changed.
    fn propagate(&mut self, triads: bool) -> bool {
        self.fixpoint(triads).is_ok()
    }

    #[inline(always)]
    fn fixpoint(&mut self, triads: bool) -> Result<(), Contradiction> {
        loop {
            self.sweep()?;
            if self.naked_singles()? {
                continue;
            }
            if self.solved() {
                return Ok(());
            }
            if self.column_hidden_singles()? {
                continue;
            }
            // At the root only: at every node they cost more than the nodes they save
            // (benches/README.md).
            if !triads {
                return Ok(());
            }
            let rows = self.row_triads()?;
            if !(self.column_triads()? | rows) {
                return Ok(());
            }
        }
    }

    /// Sweeps the digit-bands that changed until none does.
    #[inline(always)]
    fn sweep(&mut self) -> Result<(), Contradiction> {
        let mut any = true;
        while any {
            any = false;
            each_digit_band!(sweep!(self, any));
        }
        Ok(())
    }

    /// Naked singles: counts candidates per cell in bit slices, places the cells with one,
    /// and keeps the cells with two for the guess. True when a cell was placed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for b in 0..3 {
            self.bivalue[b] = 0;
            if self.unsolved[b] == 0 {
                continue;
            }
            let mut count = Slices::<3>::new();
            for d in 0..9 {
                count.add(self.cand[d * 3 + b]);
            }
            if count.at_least(1) != BAND {
                return Err(Contradiction); // a cell with no candidate left
            }
            let (twice, thrice) = (count.at_least(2), count.at_least(3));
            self.bivalue[b] = self.unsolved[b] & twice & !thrice;
            let singles = self.unsolved[b] & !twice;
            if singles == 0 {
                continue;
            }
            placed = true;
            for d in 0..9 {
                let i = d * 3 + b;
                // Keep the digit only at this cell of its row. Two singles of one digit in
                // one row empty the row: the band table then fails.
                for bit in low_bits(singles & self.cand[i]) {
                    self.cand[i] &= only_in_its_row(bit);
                }
            }
        }
        Ok(placed)
    }

    /// Hidden singles in columns (rows and boxes come out of the band table), for the
    /// digits whose words changed since the last time. True when a cell was placed.
    #[inline(always)]
    fn column_hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        let dirty = self.col_dirty;
        self.col_dirty = 0;
        for d in low_bits(dirty).map(low_bit_index) {
            let d = d as usize;
            let w = [self.cand[d * 3], self.cand[d * 3 + 1], self.cand[d * 3 + 2]];
            let fold = w.map(columns);
            let multi = w.map(|x| (x & x >> 9 | x & x >> 18 | x >> 9 & x >> 18) & 0o777);
            if fold[0] | fold[1] | fold[2] != 0o777 {
                return Err(Contradiction); // a column with no place for the digit
            }
            let shared = fold[0] & fold[1] | fold[0] & fold[2] | fold[1] & fold[2];
            let lone = (fold[0] ^ fold[1] ^ fold[2]) & !shared & !(multi[0] | multi[1] | multi[2]);
            for b in 0..3 {
                let cells = w[b] & ((lone & fold[b]) * 0o1_001_001) & self.unsolved[b];
                for bit in low_bits(cells) {
                    self.cand[d * 3 + b] &= only_in_its_row(bit);
                    placed = true;
                }
            }
        }
        Ok(placed)
    }

    /// Row triads: the digits locked into one row of one box (their row has no other
    /// segment left, or their box no other row) must fit in its three cells. Four is a
    /// contradiction; three take the segment, and every other digit leaves it. True when
    /// a candidate went.
    ///
    /// At the root only: the path check ([`Search::check_path`]) catches what it would be
    /// there for deeper down, nearly empty grids whose only flaw is such a triad (found by
    /// fuzzing).
    #[inline(always)]
    fn row_triads(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        for b in 0..3 {
            let mut locked = [0u32; 9];
            let mut count = Slices::<4>::new();
            for (d, l) in locked.iter_mut().enumerate() {
                *l = LOCKS[pattern(self.cand[d * 3 + b])] as u32;
                count.add(*l);
            }
            if count.at_least(4) != 0 {
                return Err(Contradiction);
            }
            let full = count.at_least(3);
            if full == 0 {
                continue;
            }
            for (d, &l) in locked.iter().enumerate() {
                let cells = SEGMENT_CELLS[(full & !l) as usize];
                let i = d * 3 + b;
                if self.cand[i] & cells != 0 {
                    self.cand[i] &= !cells;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// Column triads, the same down the columns: digits whose column is left with cells in
    /// one band only, or whose box with cells in one column only, are locked into that
    /// column's three cells of the band. True when a candidate went.
    #[inline(always)]
    fn column_triads(&mut self) -> Result<bool, Contradiction> {
        let in_one_column = |x: u32| {
            LONE[(x & 7) as usize] as u32
                | (LONE[((x >> 3) & 7) as usize] as u32) << 3
                | (LONE[(x >> 6) as usize] as u32) << 6
        };
        let mut locked = [[0u32; 3]; 9];
        let mut count = [Slices::<4>::new(); 3];
        for (d, l) in locked.iter_mut().enumerate() {
            let f = [0, 1, 2].map(|b| columns(self.cand[d * 3 + b]));
            *l = [
                f[0] & !(f[1] | f[2]) | in_one_column(f[0]),
                f[1] & !(f[0] | f[2]) | in_one_column(f[1]),
                f[2] & !(f[0] | f[1]) | in_one_column(f[2]),
            ];
            for (b, c) in count.iter_mut().enumerate() {
                c.add(l[b]);
            }
        }
        let mut changed = false;
        for (b, c) in count.iter().enumerate() {
            if c.at_least(4) != 0 {
                return Err(Contradiction);
            }
            let full = c.at_least(3);
            if full == 0 {
                continue;
            }
            for (d, l) in locked.iter().enumerate() {
                let cells = (full & !l[b]) * 0o1_001_001;
                let i = d * 3 + b;
                if self.cand[i] & cells != 0 {
                    self.cand[i] &= !cells;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    fn solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// What to guess on. A bivalue cell of the band with the most unsolved cells (fewer
    /// nodes than the first bivalue cell). Else a cell with three candidates. Else a row
    /// where a digit has two cells left, which is as binary: on a nearly empty grid whose
    /// contradiction is local (three digits locked into two cells of a box, found by
    /// fuzzing), guessing on any unsolved cell let the search wander for seconds; the pair
    /// finds it at once. (Pairs before 3-candidate cells did not pay: benches/README.md.)
    /// Else any unsolved cell. Uses the
    /// slices of the last naked-single pass.
    fn guess(&self) -> Guess {
        let mut best: Option<(u32, usize)> = None;
        for b in 0..3 {
            if self.bivalue[b] != 0 && best.is_none_or(|(n, _)| self.unsolved[b].count_ones() > n) {
                best = Some((self.unsolved[b].count_ones(), b));
            }
        }
        if let Some((_, b)) = best {
            return Guess::Cell(b, self.best_bivalue(b));
        }
        let mut fallback = None;
        for b in 0..3 {
            let u = self.unsolved[b];
            if u == 0 {
                continue;
            }
            let mut count = Slices::<4>::new();
            for d in 0..9 {
                count.add(self.cand[d * 3 + b]);
            }
            let three = u & count.at_least(3) & !count.at_least(4);
            if three != 0 {
                return Guess::Cell(b, three & three.wrapping_neg());
            }
            fallback.get_or_insert(Guess::Cell(b, u & u.wrapping_neg()));
        }
        // A digit's row with exactly two cells is still open (`rows_left` holds the rows
        // with two or more), so the cells alone tell.
        for (i, &a) in self.cand.iter().enumerate() {
            for row in ROW {
                let x = a & row;
                if !at_most_one_bit(x) && at_most_one_bit(clear_low_bit(x)) {
                    return Guess::Pair(i, x & x.wrapping_neg());
                }
            }
        }
        fallback.expect("guess on a solved grid")
    }

    /// The digits (bit d for digit d) that may go in cell `bit` of band `b`, found without a
    /// branch per digit.
    #[inline(always)]
    fn digits_at(&self, b: usize, bit: u32) -> u32 {
        let pos = low_bit_index(bit);
        (0..9).fold(0, |m, d| m | (self.cand[d * 3 + b] >> pos & 1) << d)
    }

    /// Of the bivalue cells of band `b`, the first whose two digits have the most candidates
    /// among its peers (its row, box and column): either branch then takes out the most. The
    /// column's cells in the other two bands are counted folded onto one band, a place of
    /// the fold counting once whichever band has the digit there. (Fewer instructions than
    /// the band's first bivalue cell; scoring every band's, or counting the other bands'
    /// cells apart, did not pay: benches/README.md.)
    #[inline(always)]
    fn best_bivalue(&self, b: usize) -> u32 {
        const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];
        let (b1, b2) = OTHER_BANDS[b];
        let (mut pick, mut top) = (0, 0);
        for bit in low_bits(self.bivalue[b]) {
            let pos = low_bit_index(bit) as usize;
            let column = col(pos % 9);
            let peers = ROW[pos / 9] | column | BOX[pos % 9 / 3];
            let digits = self.digits_at(b, bit);
            let mut score = 1;
            for d in [low_bit_index(digits), low_bit_index(clear_low_bit(digits))] {
                let d = d as usize;
                let other = self.cand[d * 3 + b1] | self.cand[d * 3 + b2];
                score +=
                    (self.cand[d * 3 + b] & peers).count_ones() + (other & column).count_ones();
            }
            if score > top {
                (pick, top) = (bit, score);
            }
        }
        pick
    }

    /// True when some row, column or box has a set of digits whose candidate cells there are
    /// fewer than the digits (so no solution). Only the digits not yet placed and the cells
    /// not yet solved of each unit count: a unit with n of them has 2^n sets, the unions
    /// built up from smaller sets.
    fn violates_hall(&self) -> bool {
        // For each unit (rows 0..9, boxes 9..18, columns 18..27), its unsolved cells and each
        // digit's cells in it, as 9 bits.
        let mut free = [0u16; 27];
        let mut units = [[0u16; 9]; 27];
        for b in 0..3 {
            unit_cells(self.unsolved[b], b, |u, m| free[u] |= m);
            for (d, word) in self.cand[b..].iter().step_by(3).enumerate() {
                unit_cells(*word, b, |u, m| units[u][d] |= m);
            }
        }
        let mut union = [0u16; 512];
        for (unit, &free) in units.iter().zip(&free) {
            let mut open = [0u16; 9];
            let mut n = 0;
            for &m in unit {
                open[n] = m & free;
                n += (m & free != 0) as usize;
            }
            if n != free.count_ones() as usize {
                return true; // a digit with no cell left (or a cell with no digit)
            }
            // Sets of one digit are covered above; the set of all has all the cells.
            for set in 1..(1usize << n) - 1 {
                let low = set.trailing_zeros() as usize;
                union[set] = union[set & (set - 1)] | open[low];
                if union[set].count_ones() < set.count_ones() {
                    return true;
                }
            }
        }
        false
    }

    /// The solved grid. Each cell's digit is built from four bit planes (plane k: the cells
    /// whose digit has bit k set), 8 cells at a time, a table spreading 8 bits over 8
    /// bytes: about a third of the instructions of placing the 81 bits one by one.
    #[inline(always)]
    fn board(&self) -> Board {
        // 3 bands of 27 cells, written as 4 blocks of 8 bytes: the last block of a band
        // runs 5 bytes into the next band (written after it) or into the padding.
        let mut out = [0u8; 88];
        for b in 0..3 {
            let mut plane = [0u64; 4];
            for d in 0..9 {
                for (k, p) in plane.iter_mut().enumerate() {
                    if (d + 1) >> k & 1 != 0 {
                        *p |= self.cand[d * 3 + b] as u64;
                    }
                }
            }
            for block in 0..4 {
                let mut bytes = 0;
                for (k, p) in plane.iter().enumerate() {
                    bytes |= SPREAD[(p >> (8 * block) & 0xFF) as usize] << k;
                }
                let at = 27 * b + 8 * block;
                out[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
            }
        }
        Board(out[..81].try_into().unwrap())
    }
}

/// Byte i of `SPREAD[x]` is bit i of x.
const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut x = 0;
    while x < 256 {
        let mut i = 0;
        while i < 8 {
            t[x] |= ((x as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        x += 1;
    }
    t
};

/// A guess: a cell (band, bit) to try each of its digits in, or a digit-band and the first
/// of the two cells left to the digit in one of its rows.
enum Guess {
    Cell(usize, u32),
    Pair(usize, u32),
}

struct Search {
    limit: u32,
    count: u32,
    first: Board,
    nodes: u32,
    /// The state after the root's propagation, for the checks of long searches.
    root: State,
    /// The current path: `path[k]` is how the node at depth k came from its parent, a word
    /// and the mask it was narrowed by (depth 0, the root, has none). Every child places at
    /// least one more cell (a digit in a cell, or in the other cell of a row pair), so a path
    /// is at most 81 deep.
    path: [(u8, u32); 82],
    /// Depths `0..checked` of the current path passed the check of [`Search::check_path`].
    checked: usize,
    /// The depth of a node of the current path proven to have no solution, while the search
    /// unwinds to its parent; `usize::MAX` otherwise.
    cut: usize,
    /// The path is checked at the nodes whose number has these bits clear: `HALL_EVERY - 1`
    /// (the tests also check at every node, and at none).
    hall_mask: u32,
}

/// How often a search checks its path for Hall's condition (see [`Search::check_path`]):
/// every 1024 nodes, so only searches that are long anyway pay for it (512: faster on the
/// fuzz corpus, slower on the hardest sets; benches/README.md).
const HALL_EVERY: u32 = 1024;

impl Search {
    fn new(limit: u32, root: State) -> Search {
        Search {
            limit: limit.max(1),
            count: 0,
            first: Board::EMPTY,
            nodes: 0,
            root,
            path: [(0, 0); 82],
            checked: 0,
            cut: usize::MAX,
            hall_mask: HALL_EVERY - 1,
        }
    }

    /// Searches the node at `depth` of the path, whose state is `s`.
    fn run(&mut self, s: &mut State, depth: usize) {
        self.nodes += 1;
        if self.nodes & self.hall_mask == 0 {
            self.check_path(depth);
            if self.cut <= depth {
                return;
            }
        }
        if !s.propagate(depth == 0) {
            return;
        }
        if depth == 0 {
            self.root = *s;
        }
        if s.solved() {
            if self.count == 0 {
                self.first = s.board();
            }
            self.count += 1;
            return;
        }
        let (b, bit) = match s.guess() {
            Guess::Cell(b, bit) => (b, bit),
            Guess::Pair(i, bit) => {
                // The digit at the row's first cell, else at its other one.
                let mut t = *s;
                if !self.child(&mut t, depth, i, only_in_its_row(bit)) {
                    self.child(s, depth, i, !bit);
                }
                return;
            }
        };
        let keep = only_in_its_row(bit);
        // Not `digits_at`: here, once a guess, the branch-free form costs more.
        let mut digits: u32 = (0..9)
            .filter(|&d| s.cand[d * 3 + b] & bit != 0)
            .fold(0, |m, d| m | 1 << d);
        while digits != 0 {
            let d = low_bit_index(digits) as usize;
            digits = clear_low_bit(digits);
            let i = d * 3 + b;
            if digits == 0 {
                // The last candidate: the others were excluded one by one below.
                self.child(s, depth, i, keep);
                return;
            }
            let mut t = *s;
            if self.child(&mut t, depth, i, keep) {
                return;
            }
            s.cand[i] &= !bit;
        }
    }

    /// Searches the child of the node at `depth` made by narrowing word `i` of its state
    /// `s` to `keep`. True when the node is done: the limit is reached or it was cut.
    fn child(&mut self, s: &mut State, depth: usize, i: usize, keep: u32) -> bool {
        s.cand[i] &= keep;
        self.path[depth + 1] = (i as u8, keep);
        self.checked = self.checked.min(depth + 1);
        self.run(s, depth + 1);
        if self.cut <= depth {
            return true;
        }
        self.cut = usize::MAX;
        self.count >= self.limit
    }

    /// A long search: checks each node of the current path down to `depth`, rebuilt from
    /// the root, for Hall's condition (every set of digits of a row, column or box has as
    /// many cells left). The first node that fails it has no solution: it is cut, and
    /// the search unwinds to its parent. Nearly empty grids (found by fuzzing) take a guess
    /// early that leaves, say, four digits confined to three cells of a box; the search
    /// below it took up to 0.2 s, the check finds it in microseconds. A rebuilt node can
    /// have more candidates than the real one (the branches its ancestors excluded are
    /// not replayed), which only makes the check weaker, never wrong.
    fn check_path(&mut self, depth: usize) {
        let mut s = self.root;
        for k in 0..=depth {
            if k > 0 {
                let (i, keep) = self.path[k];
                s.cand[i as usize] &= keep;
                if !s.propagate(true) {
                    self.cut = k;
                    return;
                }
            }
            if k >= self.checked && s.violates_hall() {
                self.cut = k;
                return;
            }
        }
        self.checked = depth + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{box_of, col_of, row_of};
    use crate::solve::reference::excerpts;

    /// Counts (to 2) and nodes of a search that checks its path at the nodes picked by `mask`.
    fn search(p: &Board, mask: u32) -> (u32, u32) {
        let mut s = State::new(p);
        let mut search = Search::new(2, s);
        search.hall_mask = mask;
        search.run(&mut s, 0);
        (search.count, search.nodes)
    }

    /// The cells of a band (bit `pos` for cell `pos`) for which `f(pos)` holds.
    fn band_cells(f: impl Fn(usize) -> bool) -> u32 {
        (0..27).filter(|&pos| f(pos)).fold(0, |w, pos| w | 1 << pos)
    }

    /// Found by fuzzing: on this 15-given grid an early guess leaves a set of digits of some
    /// unit with fewer cells than digits; the search below it runs to 935,000 nodes unless
    /// the path check cuts it (at node 1024).
    #[test]
    fn a_dead_branch_is_cut() {
        let p = Board::from_line(
            "71..........1.....9..4.................5...7.1..2.....3...8...1.2.....4...8......",
        );
        let (count, nodes) = search(&p, HALL_EVERY - 1);
        assert_eq!(count, 2);
        assert!(nodes < 2 * HALL_EVERY, "{nodes} nodes");
        assert!(search(&p, u32::MAX).1 > 500_000);
    }

    /// Propagation stops only at a fixpoint: propagating again, with every word and digit
    /// marked as changed, changes nothing, and the masks of rows and cells left agree with the
    /// candidates. Checked at the root and along the first branch of every guess down to
    /// depth 8, on the excerpts. (A sweep that stopped early, say by missing a word already
    /// passed that a placement changed, would fail here; so would a placement that left its
    /// row marked as open, which costs only time.)
    #[test]
    fn propagation_stops_at_a_fixpoint() {
        fn check(s: &State, depth: usize, seen: &mut u32) {
            let mut again = *s;
            again.prev = [u32::MAX; 27];
            again.col_dirty = 0o777;
            assert!(again.propagate(false));
            assert_eq!(again.cand, s.cand);
            // The masks follow their definitions: a row of a digit is left while it has two
            // or more cells, a cell while it has two or more digits.
            for b in 0..3 {
                let unsolved = band_cells(|pos| candidates(s, 27 * b + pos) > 1);
                assert_eq!(s.unsolved[b], unsolved, "band {b}");
                for (d, r) in (0..9).flat_map(|d| (0..3).map(move |r| (d, r))) {
                    let left = (s.cand[d * 3 + b] & ROW[r]).count_ones() > 1;
                    assert_eq!(s.rows_left[b] >> (3 * d + r) & 1 != 0, left, "band {b}");
                }
            }
            *seen += 1;
            if depth == 8 || s.solved() {
                return;
            }
            let (i, bit) = match s.guess() {
                Guess::Cell(b, bit) => (low_bit_index(s.digits_at(b, bit)) as usize * 3 + b, bit),
                Guess::Pair(i, bit) => (i, bit),
            };
            let mut child = *s;
            child.cand[i] &= only_in_its_row(bit);
            if child.propagate(false) {
                check(&child, depth + 1, seen);
            }
        }
        let mut seen = 0;
        for line in excerpts() {
            let mut s = State::new(&Board::from_line(line));
            if s.propagate(true) {
                check(&s, 0, &mut seen);
            }
        }
        assert!(seen > 500, "only {seen} states checked");
    }

    /// The size of the tree is the design's, pinned as the triad solver's is: propagation
    /// (its tables among it) and the choice of guess alone set it, and a rule that goes
    /// weaker finds the same answers in a larger tree, which no other test sees. A change
    /// made on purpose is measured in the benchmark, then pinned here anew.
    #[test]
    fn the_tree_has_the_size_of_the_design() {
        let total: u32 = excerpts()
            .map(|line| search(&Board::from_line(line), HALL_EVERY - 1).1)
            .sum();
        assert_eq!(total, 19705, "nodes to count the excerpts up to 2");
    }

    /// The locking table against its definition, pattern by pattern: in a digit-band's pattern
    /// (bit 3r+k: the digit can still go in row r of box k), a segment is locked when it is
    /// the only one left in its row, or in its box.
    #[test]
    fn locks_follow_their_definition() {
        for (p, &locks) in LOCKS.iter().enumerate() {
            let has = |r: usize, k: usize| p & 1 << (3 * r + k) != 0;
            let mut want = 0u16;
            for r in 0..3 {
                for k in 0..3 {
                    let alone_in_row = (0..3).filter(|&j| has(r, j)).count() == 1;
                    let alone_in_box = (0..3).filter(|&j| has(j, k)).count() == 1;
                    if has(r, k) && (alone_in_row || alone_in_box) {
                        want |= 1 << (3 * r + k);
                    }
                }
            }
            assert_eq!(locks, want, "pattern {p:#o}");
        }
    }

    /// Checking the path at every node, or at none, changes how long a search takes, never
    /// what it finds: on the hard excerpts and the kept fuzz inputs.
    #[test]
    fn path_checks_only_cut_dead_branches() {
        let mut puzzles: Vec<Board> = excerpts().map(Board::from_line).collect();
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fuzz/solver");
        for e in std::fs::read_dir(dir).unwrap() {
            let data = std::fs::read(e.unwrap().path()).unwrap();
            if data.len() >= 81 {
                puzzles.push(crate::fuzzing::solver_puzzle(&data));
            }
        }
        let mut cut = 0;
        for p in &puzzles {
            let (every, never) = (search(p, 0), search(p, u32::MAX));
            assert_eq!(every.0, never.0, "{p:?}");
            cut += (every.1 < never.1) as u32;
        }
        assert!(cut > 0, "no search was shortened");
    }

    /// Candidate states (the digits each cell may hold, cell by cell in reading order) that
    /// guess on a row pair at the root, with their solution counts: in all, and with the
    /// pair's digit at its first cell. The rest lie in the second branch, so a search that
    /// got that branch wrong would count fewer. Such states are wide (every cell has four or
    /// more candidates) yet have few solutions, which puzzles hardly ever are: each is a
    /// random grid with four more digits in each cell but at most one, kept when its root
    /// guesses on a row pair. The counts are the reference solver's
    /// (`reference_counts_the_row_pair_states`).
    const ROW_PAIR_STATES: [(&str, u32, u32); 3] = [
        (
            "13478 24567 36789 12789 12479 23468 23578 12469 23578
             23578 23789 15789 25789 12379 35678 12569 24589 12368
             15678 23789 23459 34678 25689 12457 13479 35689 23456
             12458 23459 12456 34568 13679 13678 16789 12467 24789
             13568 23456 14579 34689 12357 24678 13458 23789 14679
             12689 24679 13456 12348 13489 24589 14679 24568 12589
             12379 35789 12378 23789 13579 13789 16789 13569 12349
             45679 12578 34679 12689 12467 24569 12348 25678 25689
             35789 14567 12389 12357 45789 23467 24789 12568 12567",
            4,
            0,
        ),
        (
            "12379 24578 36789 23468 23679 23489 12457 23479 35689
             23469 12459 24589 13569 45678 34678 23567 13468 12345
             14568 34578 25679 13458 13459 24578 14568 15678 15679
             12458 23689 12468 23478 23478 12348 56789 13489 23468
             24569 12469 12589 12358 14569 34679 15679 13457 25679
             45689 12679 13467 24689 12467 12389 12459 12568 12458
             12379 12568 12578 12345 23469 12347 13689 24567 13456
             34568 12567 24569 15679 8     23467 36789 12369 12468
             24689 12568 36789 35679 34689 25689 15689 23569 23679",
            4,
            3,
        ),
        (
            "13468 12589 23567 12356 23457 24679 14568 12348 14579
             14789 12456 46789 34567 13478 23459 24568 23479 12358
             34689 45789 24689 12368 12368 24567 15689 25689 23578
             12367 12489 12379 23478 12389 34678 34789 13456 23579
             23457 35679 23469 23478 23678 12368 23489 13459 13589
             34569 12569 13456 23589 24569 12678 23789 25689 23678
             12359 35689 23679 23579 34568 14689 23457 12789 13789
             12479 12357 8     12378 13479 23689 23478 24568 12359
             14678 12358 24567 26789 14578 23468 34589 13479 14679",
            23,
            8,
        ),
    ];

    /// The digits each cell of a [`ROW_PAIR_STATES`] text may hold (bit d for digit d).
    fn allowed(text: &str) -> [u16; 81] {
        let cells: Vec<u16> = text
            .split_whitespace()
            .map(|t| t.bytes().fold(0, |m, c| m | 1 << (c - b'0')))
            .collect();
        cells.try_into().unwrap()
    }

    /// The search's state with the candidates `allowed`.
    fn state_within(allowed: &[u16; 81]) -> State {
        let mut s = State::new(&Board::EMPTY);
        for (i, word) in s.cand.iter_mut().enumerate() {
            let (d, b) = (i / 3, i % 3);
            *word = band_cells(|pos| allowed[27 * b + pos] & 2 << d != 0);
        }
        s
    }

    /// A full count of the solutions of a state, and its first solution.
    fn count_all(s: State) -> (u32, Board) {
        let mut s = s;
        let mut search = Search::new(1000, s);
        search.run(&mut s, 0);
        (search.count, search.first)
    }

    /// A row-pair guess searches the pair's second cell too: every solution of the
    /// [`ROW_PAIR_STATES`] is found, those in the first branch and those in the second.
    #[test]
    fn a_row_pair_guess_searches_both_cells() {
        for (n, (text, all, in_first)) in ROW_PAIR_STATES.into_iter().enumerate() {
            let allowed = allowed(text);
            let s = state_within(&allowed);
            let mut root = s;
            assert!(root.propagate(true) && !root.solved());
            let Guess::Pair(i, bit) = root.guess() else {
                panic!("state {n}: the root does not guess on a row pair");
            };
            assert!(
                in_first < all,
                "state {n}: nothing to find in the second branch"
            );
            let (count, first) = count_all(s);
            assert_eq!(count, all, "state {n}: solutions");
            assert!(first.is_solved(), "state {n}");
            assert!(
                (0..81).all(|c| allowed[c] & 1 << first.0[c] != 0),
                "state {n}"
            );
            let mut branch = s;
            branch.cand[i] &= only_in_its_row(bit);
            assert_eq!(
                count_all(branch).0,
                in_first,
                "state {n}: solutions in the first branch"
            );
        }
    }

    /// The counts of [`ROW_PAIR_STATES`] by the reference solver, an exhaustive search of
    /// the states, which takes about twenty seconds.
    #[test]
    #[ignore = "slow: twenty seconds of the reference solver"]
    fn reference_counts_the_row_pair_states() {
        use crate::solve::reference::count_within;
        for (n, (text, all, in_first)) in ROW_PAIR_STATES.into_iter().enumerate() {
            let allowed = allowed(text);
            let mut root = state_within(&allowed);
            assert!(root.propagate(true), "state {n}");
            let Guess::Pair(i, bit) = root.guess() else {
                panic!("state {n}: the root does not guess on a row pair");
            };
            // The pair's first cell holds its digit.
            let mut first = allowed;
            first[27 * (i % 3) + low_bit_index(bit) as usize] = 2 << (i / 3);
            assert_eq!(
                count_within(&Board::EMPTY, &allowed, 1000).0,
                all,
                "state {n}"
            );
            assert_eq!(
                count_within(&Board::EMPTY, &first, 1000).0,
                in_first,
                "state {n}"
            );
        }
    }

    /// Whether digit index `d` (0..9) is a candidate of cell `c` (0..81) in `s`.
    fn candidate(s: &State, c: usize, d: usize) -> bool {
        s.cand[d * 3 + c / 27] >> (c % 27) & 1 != 0
    }

    /// How many candidates cell `c` (0..81) has in `s`.
    fn candidates(s: &State, c: usize) -> usize {
        (0..9).filter(|&d| candidate(s, c, d)).count()
    }

    /// Which kinds of unit (rows, boxes, columns) violate Hall's condition in `s`, found the
    /// slow way, from its definition on the grid's cells: in each unit, take its unsolved
    /// cells and the digits with a candidate among them; the unit violates it when those
    /// digits are not as many as the cells, or some set of them has fewer cells.
    fn hall_violations(s: &State) -> [bool; 3] {
        let has = |c: usize, d: usize| candidate(s, c, d);
        let unsolved = |c: usize| s.unsolved[c / 27] >> (c % 27) & 1 != 0;
        let kinds: [fn(usize) -> usize; 3] = [row_of, box_of, col_of];
        kinds.map(|unit_of| {
            (0..9).any(|u| {
                let free: Vec<usize> = (0..81)
                    .filter(|&c| unit_of(c) == u && unsolved(c))
                    .collect();
                // Per digit with a candidate there, its cells as bits of `free`.
                let cells: Vec<u32> = (0..9)
                    .map(|d| {
                        (0..free.len())
                            .filter(|&k| has(free[k], d))
                            .fold(0, |m, k| m | 1 << k)
                    })
                    .filter(|&m| m != 0)
                    .collect();
                cells.len() != free.len()
                    || (1..1u32 << cells.len()).any(|set| {
                        let digits = (0..cells.len()).filter(|&k| set >> k & 1 != 0);
                        let union = digits.fold(0, |m, k| m | cells[k]);
                        union.count_ones() < set.count_ones()
                    })
            })
        })
    }

    /// A near-valid state made from random grid `k` of `seed`: some cells solved; the others
    /// hold their digit and up to three more that no solved cell of their units holds, then
    /// a few lose a candidate (never their last, as after propagation). Its unsolved cells
    /// are the ones not solved; nothing is propagated.
    fn near_valid_state(grids: &crate::gen::random::Grids, seed: u64, k: u64) -> State {
        let peers = crate::solve::reference::peers();
        let mut rng = crate::gen::random::Rng::for_item(seed, k);
        let g = grids.grid(k, &mut rng);
        let share = rng.below(80);
        let solved: Vec<bool> = (0..81).map(|_| rng.below(100) < share).collect();
        let mut allowed = [0u16; 81];
        for c in 0..81 {
            allowed[c] = 1 << g.0[c];
            if !solved[c] {
                let placed = peers[c]
                    .iter()
                    .filter(|&&p| solved[p])
                    .fold(0, |m, &p| m | 1 << g.0[p]);
                for _ in 0..rng.below(4) {
                    allowed[c] |= 1 << (1 + rng.below(9)) & !placed;
                }
            }
        }
        for _ in 0..rng.below(6) {
            let c = rng.below(81) as usize;
            let a = allowed[c];
            if !solved[c] && a.count_ones() > 1 {
                let pick = rng.below(a.count_ones());
                let d = (1..=9)
                    .filter(|d| a >> d & 1 != 0)
                    .nth(pick as usize)
                    .unwrap();
                allowed[c] &= !(1 << d);
            }
        }
        let mut s = state_within(&allowed);
        for (b, word) in s.unsolved.iter_mut().enumerate() {
            *word = band_cells(|pos| !solved[27 * b + pos]);
        }
        s
    }

    /// The path check's test of Hall's condition against its definition, on near-valid
    /// states ([`near_valid_state`]). Each kind of unit is, in some of the states, the only
    /// one that violates the condition, so a check blind to one kind would fail here.
    #[test]
    fn the_hall_check_follows_its_definition() {
        let grids = crate::gen::random::Grids::new(11);
        let (mut only, mut holds) = ([0; 3], 0);
        for k in 0..3000 {
            let s = near_valid_state(&grids, 11, k);
            let want = hall_violations(&s);
            assert_eq!(
                s.violates_hall(),
                want.contains(&true),
                "state {k}: {want:?}"
            );
            match want {
                [false, false, false] => holds += 1,
                [true, false, false] => only[0] += 1,
                [false, true, false] => only[1] += 1,
                [false, false, true] => only[2] += 1,
                _ => {}
            }
        }
        assert!(holds > 0 && only.iter().all(|&n| n > 0), "{only:?} {holds}");
    }

    /// The bivalue guess against its definition, on near-valid states
    /// ([`near_valid_state`]) with their cells of two candidates marked: of a band's bivalue
    /// cells, the first in reading order whose two digits have the most candidates in the
    /// cell's row, box and column, counted cell by cell, the column's other two bands
    /// folded (a row of the fold counts once if either band has the digit there). In some
    /// states that is not the band's first bivalue cell.
    #[test]
    fn the_bivalue_guess_follows_its_definition() {
        let grids = crate::gen::random::Grids::new(13);
        let mut not_first = 0;
        for k in 0..2000 {
            let mut s = near_valid_state(&grids, 13, k);
            s.bivalue = [0, 1, 2].map(|b| band_cells(|pos| candidates(&s, 27 * b + pos) == 2));
            let score = |c: usize| -> usize {
                let (band, col) = (c / 27, col_of(c));
                let seen =
                    |p: usize| row_of(p) == row_of(c) || box_of(p) == box_of(c) || col_of(p) == col;
                let fold = |d: usize, r: usize| {
                    (0..3).any(|o| o != band && candidate(&s, 27 * o + 9 * r + col, d))
                };
                (0..9)
                    .filter(|&d| candidate(&s, c, d))
                    .map(|d| {
                        let in_band = (27 * band..27 * band + 27).filter(|&p| seen(p));
                        in_band.filter(|&p| candidate(&s, p, d)).count()
                            + (0..3).filter(|&r| fold(d, r)).count()
                    })
                    .sum()
            };
            for b in (0..3).filter(|&b| s.bivalue[b] != 0) {
                let cells: Vec<usize> = (27 * b..27 * b + 27)
                    .filter(|&c| candidates(&s, c) == 2)
                    .collect();
                // The last of the maxima in reverse: the first in reading order.
                let best = *cells.iter().rev().max_by_key(|&&c| score(c)).unwrap();
                assert_eq!(s.best_bivalue(b), 1 << (best % 27), "state {k}, band {b}");
                not_first += (best != cells[0]) as u32;
            }
        }
        assert!(not_first > 0);
    }

    /// A full locked triad found the slow way, from the definition on the grid's cells.
    struct FullTriad {
        /// The stack (column of boxes) the triad is in.
        stack: usize,
        /// The digits locked into it by its line alone, and by its box alone.
        line_only: u16,
        box_only: u16,
    }

    /// Locked triads from their definition, `rows` (a row's three cells in one box) or
    /// columns (a column's three cells in one band): a digit is locked into a triad when
    /// it has a candidate there and none elsewhere in its line, or none elsewhere in its
    /// box. Four locked digits are a contradiction (`None`); three fill the triad, and the
    /// other digits leave its cells. The state after every triad's eliminations, and the
    /// full triads, all found from `s` as given.
    fn triads_by_definition(s: &State, rows: bool) -> Option<(State, Vec<FullTriad>)> {
        let has = |c: usize, d: usize| candidate(s, c, d);
        let (mut after, mut full) = (*s, Vec::new());
        for t in 0..27 {
            // Row t / 3 in stack t % 3, or column t / 3 in band t % 3.
            let cells: Vec<usize> = if rows {
                (0..3).map(|i| 9 * (t / 3) + 3 * (t % 3) + i).collect()
            } else {
                (0..3).map(|i| 9 * (3 * (t % 3) + i) + t / 3).collect()
            };
            let line_of: fn(usize) -> usize = if rows { row_of } else { col_of };
            let (line, bx) = (line_of(cells[0]), box_of(cells[0]));
            let elsewhere = |d: usize, in_unit: &dyn Fn(usize) -> bool| {
                (0..81).any(|c| in_unit(c) && !cells.contains(&c) && has(c, d))
            };
            let (mut locked, mut line_only, mut box_only) = (0u16, 0u16, 0u16);
            for d in (0..9).filter(|&d| cells.iter().any(|&c| has(c, d))) {
                let by_line = !elsewhere(d, &|c| line_of(c) == line);
                let by_box = !elsewhere(d, &|c| box_of(c) == bx);
                locked |= ((by_line || by_box) as u16) << d;
                line_only |= ((by_line && !by_box) as u16) << d;
                box_only |= ((by_box && !by_line) as u16) << d;
            }
            match locked.count_ones() {
                4.. => return None,
                3 => {
                    for d in (0..9).filter(|&d| locked >> d & 1 == 0) {
                        for &c in &cells {
                            after.cand[d * 3 + c / 27] &= !(1 << (c % 27));
                        }
                    }
                    let stack = col_of(cells[0]) / 3;
                    full.push(FullTriad {
                        stack,
                        line_only,
                        box_only,
                    });
                }
                _ => {}
            }
        }
        Some((after, full))
    }

    /// Row and column triads against their definition ([`triads_by_definition`]) on
    /// near-valid states ([`near_valid_state`]): the same candidates left, the same answer
    /// to "did anything change", the same contradictions. In some of the states, a full
    /// triad of each stack, of each direction, holds a digit locked by its line alone, and
    /// one locked by its box alone, so a rule blind to either reason in any stack would
    /// fail here; and each direction finds some contradiction.
    #[test]
    fn locked_triads_follow_their_definition() {
        let grids = crate::gen::random::Grids::new(12);
        // [direction: rows, columns][stack][reason: line alone, box alone]
        let mut seen = [[[0u32; 2]; 3]; 2];
        let mut contradictions = [0u32; 2];
        for k in 0..3000 {
            let s = near_valid_state(&grids, 12, k);
            for (dir, rows) in [true, false].into_iter().enumerate() {
                let mut got = s;
                let changed = if rows {
                    got.row_triads()
                } else {
                    got.column_triads()
                };
                let what = ["row", "column"][dir];
                let Some((want, full)) = triads_by_definition(&s, rows) else {
                    assert!(
                        changed.is_err(),
                        "state {k}: {what} triads miss a contradiction"
                    );
                    contradictions[dir] += 1;
                    continue;
                };
                assert_eq!(
                    changed.ok(),
                    Some(want.cand != s.cand),
                    "state {k}, {what} triads"
                );
                assert_eq!(got.cand, want.cand, "state {k}, {what} triads");
                for t in full {
                    seen[dir][t.stack][0] += (t.line_only != 0) as u32;
                    seen[dir][t.stack][1] += (t.box_only != 0) as u32;
                }
            }
        }
        assert!(
            seen.iter().flatten().flatten().all(|&n| n > 0)
                && contradictions.iter().all(|&n| n > 0),
            "{seen:?} {contradictions:?}"
        );
    }
}
