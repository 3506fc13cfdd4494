//! The triad solver: boxes and bands of 16-bit digit masks, propagated with vector
//! operations ([`super::lanes`]), guessing on how a digit crosses a band.
//!
//! The design is tdoku's (Tom Dillon, "Tdoku: A fast Sudoku Solver and Generator", and its
//! `solver_dpll_triad_simd.cc`): the puzzle as clauses over cells and *triads* (the three
//! cells of one row of a box, a "minirow", or of one column, a "minicol"), boxes and bands
//! passing eliminations to each other. The code, the layout and the work list are ours.
//!
//! ```text
//!   A box: 16 lanes, a 4x4 matrix (lane 4i+j), each lane a 9-bit set of digits.
//!
//!         j=0  j=1  j=2  j=3
//!   i=0   c00  c01  c02  H0      cij: the digits cell (i, j) of the box may hold
//!   i=1   c10  c11  c12  H1      Hi:  the digits that may be absent from minirow i
//!   i=2   c20  c21  c22  H2      Vj:  the digits that may be absent from minicol j
//!   i=3   V0   V1   V2   -       (lane 15 is always 0)
//!
//!   Each digit is in exactly one of the 4 lanes of rows 0..3 of the matrix (it sits in one
//!   cell of the minirow, or not in the minirow), and likewise of columns 0..3. A cell keeps
//!   at least 1 digit, an H or V lane at least 6 (3 digits fill a triad, 6 are absent).
//!
//!   A band: 8 lanes, lane c (0..6) the digits that may still take configuration c.
//!   Bands 0..3 are the rows of boxes (peers p = 0..3 are its boxes left to right, elements
//!   e its minirows), bands 3..6 the columns of boxes (peers top to bottom, elements the
//!   minicols). A digit crosses a band in one element of each peer, a different one in
//!   each: configuration c puts it in element PERMS[c][p] of peer p.
//!
//!   Triads of a band: T[p][e], the digits some configuration puts in element e of peer p,
//!   in lane 4p+e of a 16-lane vector (so peer 2 is the high half).
//! ```
//!
//! Propagation keeps a work list of the bands and boxes that changed (a mark per unit, see
//! [`Marks`]) and sweeps it, bands first. A box makes one pass: it finds what it asserts:
//! cells down to one digit (naked singles), H or V lanes down to 6 (the other 3 digits fill
//! the triad), digits left in one lane of a matrix row or column (hidden singles in a
//! triad); it clears placed digits from the rest of their minirow, minicol and box, goes
//! back on the work list if that changed anything, and tells its two bands which digits
//! are, and which are not, in each of its triads: the configurations this contradicts leave
//! the band at once, and the band goes on the work list (a digit asserted absent from a
//! triad leaves the triad's cells that way, when the band restricts the box). A band finds
//! triads down to 3 digits (they take those digits, and the band goes again until none is
//! new) and restricts the cells and H or V lanes of its three boxes to the triads that
//! remain. Locked candidates, in both directions, fall out of the bands. Besides the lane
//! minimums, a box checks that every digit stays in each matrix row and column, a band that
//! every digit keeps a configuration: without those, a contradiction can go unseen to the
//! end of propagation, and the order of the sweep changed the size of the tree. The root
//! state is the givens alone, each in its cell, with the configurations they rule out
//! already dropped from the bands (see [`State::new`]).
//!
//! A guess picks the band with the fewest configurations left (but not fixed), the digit
//! with the fewest configurations there, and tries its first configuration, then the rest.
//! The tree is tdoku's size (about 64 guesses to prove a forum_hardest puzzle unique).
//!
//! At limit 2 a puzzle with one solution has its whole tree searched, and no order of the
//! branches changes that tree: only the choice of guess and the strength of propagation
//! do. The time goes less to instructions than to waiting on mispredicted branches (most of
//! them the sweep's tests of the marks and a band's loop exit) and on the chains of
//! operations they wait for; hence a word a unit for the work list ([`Marks`]) and column
//! unions as three rotations side by side. What was tried to make the tree smaller or a
//! node cheaper, and did not pay (lookahead, dom/wdeg, stronger propagation, other orders
//! and splits, tdoku's recursion, other sweep orders), is in the table of
//! `benches/README.md`.

mod lanes;
mod tables;

use crate::board::Board;
use lanes::{Lanes, Portable};
use tables::*;

/// A search that takes more guesses than this gives up; the caller then uses the band
/// solver, whose path check settles the rare sparse grids that make any search wander.
const GUESS_BUDGET: u32 = 1 << 15;

/// The work list as the search hands it over, one bit a unit: band t is bit t, box k is
/// bit [`FIRST_BOX`] + k (bands go first).
const BAND_BIT: u32 = 1;
const EVERYTHING: u32 = (1 << UNITS) - 1;

/// Where the boxes start in the work list, as bits and as marks: after the 6 bands.
const FIRST_BOX: usize = 6;
const UNITS: usize = FIRST_BOX + 9;

/// The work list while propagating: one word a unit, at the unit's place in the bits, not 0
/// when the unit is marked. Not bits of one word: with a word `|=` by every update, each
/// test of the sweep waited for every update before it (bands mark only boxes, boxes only
/// bands and themselves), so a mispredicted test was found out late. A word a unit, each
/// test waits only for the updates that could mark it (faster on every set:
/// benches/README.md).
type Marks = [u32; UNITS];

#[derive(Clone, Copy)]
struct State<L: Lanes> {
    boxes: [L::Wide; 9],
    configs: [L::Narrow; 6],
}

/// The masks, as vectors of the backend, and the backend itself.
#[derive(Clone, Copy)]
struct Masks<L: Lanes> {
    lanes: L,
    cells: L::Wide,
    h: L::Wide,
    v: L::Wide,
    rows: L::Wide,
    cols: L::Wide,
    rows_all: L::Wide,
    cols_all: L::Wide,
    minimum: L::Wide,
    triad_minimum: L::Wide,
    /// 1 in the cells, a number larger than any count elsewhere.
    one_per_cell: L::Wide,
    free: [L::Wide; 2],
}

impl<L: Lanes> Masks<L> {
    #[inline(always)]
    fn new(lanes: L) -> Self {
        Masks {
            lanes,
            cells: lanes.wide(CELLS),
            h: lanes.wide(H_LANES),
            v: lanes.wide(V_LANES),
            rows: lanes.wide(ROWS),
            cols: lanes.wide(COLS),
            rows_all: lanes.wide(box_mask(Part::Rows, ALL)),
            cols_all: lanes.wide(box_mask(Part::Cols, ALL)),
            minimum: lanes.wide(MINIMUM),
            triad_minimum: lanes.wide(TRIAD_MINIMUM),
            one_per_cell: lanes.wide(ONE_PER_CELL),
            free: [lanes.wide(FREE_IN_ROW_BAND), lanes.wide(FREE_IN_COL_BAND)],
        }
    }
}

/// The union of the 4 lanes of each matrix row, in each of them.
#[inline(always)]
fn row_union<L: Lanes>(x: L::Wide) -> L::Wide {
    let y = L::or(x, L::rot_rows::<1>(x));
    L::or(y, L::rot_rows::<2>(y))
}

/// For each lane, the digits that no other lane of its matrix row or column has (`rest`:
/// the union of those lanes), and the digits that some lane of them has. (From the union
/// of the other lanes: 5 operations fewer than tdoku's way, counting the digits seen once
/// and twice.)
#[inline(always)]
fn lone<L: Lanes>(x: L::Wide, rest: L::Wide) -> (L::Wide, L::Wide) {
    (L::and_not(x, rest), L::or(x, rest))
}

/// For each lane, the union of the other three lanes of its matrix row: `rot1(x | rot2 x)
/// | rot2 x`, which is `rot1 | rot2 | rot3` in 4 operations instead of 5, as a chain of
/// four. (A row rotation is a `vpshufb` or `vpshufd`, of latency 1.)
#[inline(always)]
fn others_in_row<L: Lanes>(x: L::Wide) -> L::Wide {
    let half = L::rot_rows::<2>(x);
    L::or(L::rot_rows::<1>(L::or(x, half)), half)
}

/// For each lane, the union of the other three lanes of its matrix column: the three
/// rotations side by side. (A column rotation is a `vpermq`, of latency 3 on Zen 3: as a
/// chain, as in the rows, it is slower though shorter.)
#[inline(always)]
fn others_in_col<L: Lanes>(x: L::Wide) -> L::Wide {
    L::or(
        L::rot_cols::<1>(x),
        L::or(L::rot_cols::<2>(x), L::rot_cols::<3>(x)),
    )
}

impl<L: Lanes> State<L> {
    /// The state of the givens, not yet propagated: a given's cell holds its digit alone,
    /// every other lane every digit, and each band drops the configurations that put a given
    /// digit in another element of its peer (what the given's box would tell it). The
    /// boxes' first pass clears the givens from the rest of their boxes. (Clearing them here
    /// instead, one table row per given, cost about three times the instructions.)
    #[inline(always)]
    fn new(puzzle: &Board, m: &Masks<L>) -> Self {
        let mut given = [[0u16; 16]; 9];
        for (&d, &at) in puzzle.0.iter().zip(&BOX_LANE) {
            let bit = if d.wrapping_sub(1) < 9 {
                1 << (d - 1)
            } else {
                0
            };
            given[at as usize / 16][at as usize % 16] = bit;
        }
        let fresh = m.lanes.narrow([ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]);
        let mut s = State {
            boxes: [ZERO_WIDE; 9].map(|x| m.lanes.wide(x)),
            configs: [fresh; 6],
        };
        // The root's work list has every unit on it already.
        let mut mark: Marks = [0; UNITS];
        for (k, placed) in given.map(|x| m.lanes.wide(x)).into_iter().enumerate() {
            let in_other_rows = others_in_col::<L>(row_union::<L>(placed));
            let in_cols = others_in_col::<L>(placed);
            s.tell_bands(k, m, placed, in_other_rows, in_cols, &mut mark);
            let blank = L::eq(placed, m.lanes.wide(ZERO_WIDE));
            s.boxes[k] = L::or(placed, L::and(blank, m.lanes.wide(FRESH_BOX)));
        }
        s
    }

    /// Propagates the boxes and bands of the work list `todo` (bits, see [`BAND_BIT`])
    /// until nothing changes. False on a contradiction.
    #[inline(always)]
    fn propagate(&mut self, m: &Masks<L>, todo: u32) -> bool {
        let mut mark: Marks = std::array::from_fn(|u| todo >> u & 1);
        // Sweeps in a fixed order, bands then boxes, each update a copy of its own with its
        // indices constants (a jump by the lowest bit of the list instead: one mispredicted
        // indirect branch per update).
        macro_rules! sweep {
            ($($t:literal)*; $($b:literal)*) => {
                $(
                    if mark[$t] != 0 {
                        mark[$t] = 0;
                        if !self.update_band::<$t>(m, &mut mark) {
                            return false;
                        }
                    }
                )*
                $(
                    if mark[FIRST_BOX + $b] != 0 {
                        mark[FIRST_BOX + $b] = 0;
                        if !self.update_box::<$b>(m, &mut mark) {
                            return false;
                        }
                    }
                )*
            };
        }
        loop {
            sweep!(0 1 2 3 4 5; 0 1 2 3 4 5 6 7 8);
            // (A running `or` of what the box updates mark did not pay.)
            if mark.iter().fold(0, |a, &x| a | x) == 0 {
                return true;
            }
        }
    }

    /// Box `k`: one pass that asserts and eliminates, then tells its bands. A box that
    /// changed goes back on the work list for its next pass. (Looping here until the box
    /// settles instead: the loop's exit was about a third mispredicted, and its last pass
    /// always found nothing; back on the list, the next pass often takes the bands' news
    /// too.)
    #[inline(always)]
    fn update_box<const K: usize>(&mut self, m: &Masks<L>, mark: &mut Marks) -> bool {
        // Without this fence LLVM keeps some of the bands' vectors out of the state, in
        // registers and stack slots, across the sweep, and copies them between slots at
        // every box (benches/README.md).
        std::sync::atomic::compiler_fence(std::sync::atomic::Ordering::SeqCst);
        let cells = self.boxes[K];
        let counts = L::counts(cells);
        let (lone_in_row, row_has) = lone::<L>(cells, others_in_row::<L>(cells));
        let (lone_in_col, col_has) = lone::<L>(cells, others_in_col::<L>(cells));
        // Every cell keeps a digit, every H and V lane 6; every digit stays in some lane of
        // each matrix row and column 0..3 (it is in the triad or absent from it). (One test
        // for the three: they rarely fail.)
        let broken = L::or(
            L::less(counts, m.minimum),
            L::or(
                L::and_not(m.rows_all, row_has),
                L::and_not(m.cols_all, col_has),
            ),
        );
        if !L::is_zero(broken) {
            return false;
        }
        // Lanes at their minimum assert all they hold; so does a digit left in one lane of a
        // matrix row or column (rows and columns 0..3 only: row 3 holds V lanes, column 3 H
        // lanes, which are no such clause).
        let asserted = L::or(
            L::and(cells, L::eq(counts, m.minimum)),
            L::or(L::and(lone_in_row, m.rows), L::and(lone_in_col, m.cols)),
        );
        let placed = L::and(asserted, m.cells);
        // A placed digit leaves the rest of its minirow and minicol (H and V lanes included)
        // and the rest of the box, and its cell keeps only it. Two cells that place the same
        // digit so empty each other, and a cell placing a digit that an H or V lane at its
        // minimum asserts absent takes the lane below it: the contradiction shows at the
        // next count. A digit asserted absent from a triad does not leave the triad's cells
        // here: the bands learn it (`tell_bands`), drop every configuration that puts it
        // there, and take it out of the cells when they restrict the box, so the fixpoint is
        // the same (the triad's tree test pins it), with fewer operations in this pass.
        let along_rows = others_in_row::<L>(placed);
        let along_cols = others_in_col::<L>(placed);
        // The rest of the box: the digits placed in other matrix rows (those placed in the
        // same row are in `along_rows`).
        let in_other_rows = others_in_col::<L>(row_union::<L>(placed));
        let in_box = L::and(in_other_rows, m.cells);
        let gone = L::or(
            L::or(along_rows, L::or(along_cols, in_box)),
            L::and_not(L::nonzero(placed), placed),
        );
        let next = L::and_not(cells, gone);
        // Marked without a branch, as the bands are.
        mark[FIRST_BOX + K] = (next != cells) as u32;
        self.boxes[K] = next;
        self.tell_bands(K, m, asserted, in_other_rows, along_cols, mark);
        true
    }

    /// Tells the bands of box `k` its news, and marks those that lose configurations by it:
    /// per element (minirow or minicol), the digits `asserted` absent from it (in its H or V
    /// lane), and those placed in the other two elements, read from `in_other_rows` (per
    /// lane, the digits placed in the other matrix rows) and `in_cols` (per lane, those
    /// that the rest of its matrix column places).
    #[inline(always)]
    fn tell_bands(
        &mut self,
        k: usize,
        m: &Masks<L>,
        asserted: L::Wide,
        in_other_rows: L::Wide,
        in_cols: L::Wide,
        mark: &mut Marks,
    ) {
        // The news for the bands, per element of the box, in its H or V lane: the digits
        // asserted absent from it, and those placed in the other two elements (the union
        // of the other rows, or columns, as read in that lane). A configuration that puts
        // such a digit in the element goes.
        let in_other_cols = others_in_row::<L>(in_cols);
        let news = L::or(
            asserted,
            L::or(L::and(in_other_rows, m.h), L::and(in_other_cols, m.v)),
        );
        for (o, band, peer) in [(0, k / 3, k % 3), (1, 3 + k % 3, k / 3)] {
            let drop = L::gather(news, &NEWS[o][peer]);
            // Marked without a branch (the outcome is hard to predict); the configurations
            // go at once.
            mark[band] |= !L::n_is_zero(L::n_and(self.configs[band], drop)) as u32;
            self.configs[band] = L::n_and_not(self.configs[band], drop);
        }
    }

    /// Band `t`, whose configurations changed: full triads take their digits, then its
    /// boxes are restricted to the triads left. (The configurations went at once, where the
    /// news came from; kept aside for the band's update instead, the state is larger to
    /// copy at each guess.)
    #[inline(always)]
    fn update_band<const T: usize>(&mut self, m: &Masks<L>, mark: &mut Marks) -> bool {
        let t = T;
        let mut configs = self.configs[t];
        let triads = loop {
            let triads = L::or(
                L::n_spread(configs, &TRIADS[0]),
                L::n_spread(configs, &TRIADS[1]),
            );
            let counts = L::counts(triads);
            // Each triad keeps 3 digits.
            if L::any_less(counts, m.triad_minimum) {
                return false;
            }
            // A triad down to 3 digits takes them: their configurations that put them in
            // another element of that peer go (in each triad lane, the digits the peer's
            // other triads take; configuration c reads lane 4p + PERMS[c][p] of each peer).
            // (No early way out when no triad is full: the branch costs more than the few
            // operations it skips.)
            let full = L::and(triads, L::eq(counts, m.triad_minimum));
            let elsewhere = others_in_row::<L>(full);
            let drop = L::n_or(
                L::gather(elsewhere, &TRIAD_NEWS[0]),
                L::n_or(
                    L::gather(elsewhere, &TRIAD_NEWS[1]),
                    L::gather(elsewhere, &TRIAD_NEWS[2]),
                ),
            );
            let next = L::n_and_not(configs, drop);
            if next == configs {
                break triads;
            }
            configs = next;
        };
        // Each digit keeps some configuration: the union of a peer's triads is every digit.
        if L::and(row_union::<L>(triads), m.cells) != m.cells {
            return false;
        }
        self.configs[t] = configs;
        let (o, band) = (t / 3, t % 3);
        for (peer, ctl) in RESTRICT[o].iter().enumerate() {
            let k = if o == 0 {
                3 * band + peer
            } else {
                3 * peer + band
            };
            // Peer 2's triads are the high half.
            let allowed = L::or(
                L::or(
                    L::spread_half(triads, peer == 2, &ctl[0]),
                    L::spread_half(triads, peer == 2, &ctl[1]),
                ),
                m.free[o],
            );
            let next = L::and(self.boxes[k], allowed);
            mark[FIRST_BOX + k] |= (next != self.boxes[k]) as u32;
            self.boxes[k] = next;
        }
        true
    }

    /// The band and digit to guess on: the band with the fewest configurations, of those
    /// not yet fixed (a fixed band has one per digit, 9 in all), and its digit with the
    /// fewest (at least 2). None when every band is fixed.
    #[inline(always)]
    fn choose(&self) -> Option<(usize, usize)> {
        let mut best = (u32::MAX, 0);
        for (t, &c) in self.configs.iter().enumerate() {
            let n = L::n_count(c);
            if n > 9 && n < best.0 {
                best = (n, t);
            }
        }
        if best.0 == u32::MAX {
            return None;
        }
        let t = best.1;
        // How many configurations each digit has, as three bit planes (a counter per bit).
        let (mut one, mut two, mut four) = (0u16, 0u16, 0u16);
        for &x in &L::narrow_lanes(self.configs[t])[..6] {
            let carry = one & x;
            one ^= x;
            four |= two & carry;
            two ^= carry;
        }
        // The digits with 2, 3, 4, 5 and 6 configurations; the first nonempty set.
        let fewest = [
            two & !one & !four,
            two & one & !four,
            four & !two & !one,
            four & !two & one,
            four & two,
        ];
        let digits = fewest.into_iter().find(|&x| x != 0).unwrap_or(1);
        Some((t, digits.trailing_zeros() as usize))
    }

    /// The solved grid, or None when some cell is not down to one digit (a state the
    /// propagation should never leave with every band fixed; the caller then gives up
    /// rather than trust it). That every digit keeps a configuration in every band needs no
    /// check here: a box's news that takes configurations from a band puts the band on the
    /// work list, and propagation ends only after its update has checked what is left.
    #[inline(always)]
    fn solution(&self, m: &Masks<L>) -> Option<Board> {
        let mut out = Board::EMPTY;
        for (k, &b) in self.boxes.iter().enumerate() {
            if L::any_less(m.one_per_cell, L::counts(b)) {
                return None;
            }
            // A lone bit 1 << (d - 1) and the bits below it: d bits.
            let digits = L::wide_lanes(L::counts(L::xor(b, L::sub(b, m.one_per_cell))));
            for i in 0..3 {
                let at = (3 * (k / 3) + i) * 9 + 3 * (k % 3);
                for j in 0..3 {
                    out.0[at + j] = digits[4 * i + j] as u8;
                }
            }
        }
        Some(out)
    }
}

/// A search in progress.
struct Search<L: Lanes> {
    masks: Masks<L>,
    limit: u32,
    count: u32,
    first: Board,
    guesses: u32,
    /// Set when the budget ran out or a fixed state did not read as a solved grid.
    gave_up: bool,
}

impl<L: Lanes> Search<L> {
    #[inline(always)]
    fn done(&self) -> bool {
        self.count >= self.limit || self.gave_up
    }

    /// Propagates a node and either records its solution or returns the guess to branch on:
    /// the band, and the digit's configurations split into the first and the rest.
    #[inline(always)]
    fn node(&mut self, s: &mut State<L>, todo: u32) -> Option<(usize, L::Narrow, L::Narrow)> {
        if !s.propagate(&self.masks, todo) {
            return None;
        }
        let Some((t, d)) = s.choose() else {
            match s.solution(&self.masks) {
                Some(b) => {
                    if self.count == 0 {
                        self.first = b;
                    }
                    self.count += 1;
                }
                None => self.gave_up = true,
            }
            return None;
        };
        self.guesses += 1;
        if self.guesses > GUESS_BUDGET {
            self.gave_up = true;
            return None;
        }
        // In vectors from tables: building them lane by lane stalled on the stores.
        let lanes = self.masks.lanes;
        let has = L::n_and(s.configs[t], lanes.narrow(DIGIT[d]));
        let first = L::n_and(
            has,
            lanes.narrow(LANE[L::n_first_nonzero(has) as usize & 7]),
        );
        Some((t, first, L::n_and_not(has, first)))
    }
}

/// One recursive search function per backend, compiled with that backend's CPU features,
/// and beside it its node, compiled with them too so that everything it calls inlines
/// into it.
///
/// The node stays out of line so that a level of the recursion holds a state and little
/// more: inlined, the propagation's temporaries would sit in every level's frame, and an
/// unoptimised build, which gives each its own slot, takes some 200 KB a level and runs
/// out of stack a few guesses deep. One call a node is nothing beside its propagation.
macro_rules! search_fn {
    ($name:ident, $node:ident, $l:ty $(, #[$attr:meta])*) => {
        $(#[$attr])*
        #[inline(never)]
        fn $node(
            search: &mut Search<$l>,
            s: &mut State<$l>,
            todo: u32,
        ) -> Option<(usize, <$l as Lanes>::Narrow, <$l as Lanes>::Narrow)> {
            search.node(s, todo)
        }

        $(#[$attr])*
        fn $name(search: &mut Search<$l>, s: &mut State<$l>, mut todo: u32) {
            // The digit takes its first configuration (the rest go), else one of the rest:
            // a child searched in a copy, then this state narrowed in place.
            while let Some((t, first, rest)) = $node(search, s, todo) {
                let mut child = *s;
                child.configs[t] = <$l as Lanes>::n_and_not(child.configs[t], rest);
                $name(search, &mut child, BAND_BIT << t);
                if search.done() {
                    return;
                }
                s.configs[t] = <$l as Lanes>::n_and_not(s.configs[t], first);
                todo = BAND_BIT << t;
            }
        }
    };
}

search_fn!(search_portable, node_portable, Portable);

/// An x86-64 backend's entry: its search and node (see [`search_fn`]) and `$count`, which
/// runs them, all compiled with `$features`, the features its backend value proves the CPU
/// has (its `detect`).
#[cfg(target_arch = "x86_64")]
macro_rules! x86_backend {
    ($count:ident, $search:ident, $node:ident, $l:ty, $features:literal) => {
        search_fn!($search, $node, $l, #[target_feature(enable = $features)]);

        fn $count(cpu: $l, puzzle: &Board, limit: u32, forbid: Forbid) -> Option<(u32, Board)> {
            #[target_feature(enable = $features)]
            fn run(cpu: $l, puzzle: &Board, limit: u32, forbid: Forbid) -> Option<(u32, Board)> {
                let (mut search, mut s) = start(cpu, puzzle, limit, forbid);
                $search(&mut search, &mut s, EVERYTHING);
                finish(search)
            }
            // SAFETY: `cpu` exists only on a CPU with these features (its `detect`).
            unsafe { run(cpu, puzzle, limit, forbid) }
        }
    };
}

#[cfg(target_arch = "x86_64")]
x86_backend!(count_avx2, search_avx2, node_avx2, Avx2, "avx2,popcnt,bmi1");
#[cfg(target_arch = "x86_64")]
x86_backend!(
    count_avx512,
    search_avx512,
    node_avx512,
    Avx512,
    "avx2,popcnt,bmi1,avx512f,avx512vl,avx512bw,avx512bitalg"
);

#[cfg(target_arch = "x86_64")]
use lanes::{Avx2, Avx512};

/// A candidate the root state drops: (cell, digit).
type Forbid = Option<(usize, u8)>;

#[inline(always)]
fn start<L: Lanes>(lanes: L, puzzle: &Board, limit: u32, forbid: Forbid) -> (Search<L>, State<L>) {
    let search = Search {
        masks: Masks::new(lanes),
        limit: limit.max(1),
        count: 0,
        first: Board::EMPTY,
        guesses: 0,
        gave_up: false,
    };
    let mut s = State::new(puzzle, &search.masks);
    if let Some((c, d)) = forbid {
        // The root's first sweep takes every box and band, so dropping the candidate from
        // its box lane is enough: the bands learn it there, as they learn a guess.
        let at = BOX_LANE[c] as usize;
        let mut lanes = [0u16; 16];
        lanes[at % 16] = 1 << (d - 1);
        s.boxes[at / 16] = L::and_not(s.boxes[at / 16], search.masks.lanes.wide(lanes));
    }
    (search, s)
}

/// True when the CPU runs the AVX2 backend (every CPU that runs the AVX-512 one does).
/// Without it the solver module does not use this solver: the portable backend, 3-4 times
/// slower, loses to the band solver; it serves the tests and the fuzzer, which check the
/// x86-64 backends against it.
pub(crate) fn avx2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return Avx2::detect().is_some();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Counts the solutions of `puzzle` up to `limit`, keeping the first: `(count, first)`, or
/// None when the search gave up (see [`GUESS_BUDGET`]). Clashing givens end in count 0.
/// On the fastest backend the CPU has: AVX-512, AVX2, else the portable one.
pub(crate) fn count_up_to(puzzle: &Board, limit: u32) -> Option<(u32, Board)> {
    count_forbidding(puzzle, limit, None)
}

/// [`count_up_to`] over the solutions that do not put digit `forbid.1` in cell `forbid.0`
/// (a blank of `puzzle`).
pub(crate) fn count_forbidding(puzzle: &Board, limit: u32, forbid: Forbid) -> Option<(u32, Board)> {
    #[cfg(target_arch = "x86_64")]
    if let Some(cpu) = Avx512::detect() {
        return count_avx512(cpu, puzzle, limit, forbid);
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(cpu) = Avx2::detect() {
        return count_avx2(cpu, puzzle, limit, forbid);
    }
    count_portable_forbidding(puzzle, limit, forbid)
}

/// A backend's way to count, as [`count_up_to`] does on the fastest.
pub(crate) type Count = fn(&Board, u32) -> Option<(u32, Board)>;

/// Every backend this CPU runs, by name: the portable one first, the definition that the
/// tests and the fuzzer hold the others to.
pub(crate) fn backends() -> Vec<(&'static str, Count)> {
    let mut all: Vec<(&'static str, Count)> = vec![("portable", count_portable)];
    #[cfg(target_arch = "x86_64")]
    {
        if Avx2::detect().is_some() {
            all.push(("avx2", |p, n| {
                Avx2::detect().and_then(|cpu| count_avx2(cpu, p, n, None))
            }));
        }
        if Avx512::detect().is_some() {
            all.push(("avx512", |p, n| {
                Avx512::detect().and_then(|cpu| count_avx512(cpu, p, n, None))
            }));
        }
    }
    all
}

fn finish<L: Lanes>(search: Search<L>) -> Option<(u32, Board)> {
    #[cfg(test)]
    tests::GUESSES.with(|g| g.set(search.guesses));
    (!search.gave_up).then_some((search.count, search.first))
}

/// The portable backend, whatever the CPU (the tests run it beside the x86-64 ones).
pub(crate) fn count_portable(puzzle: &Board, limit: u32) -> Option<(u32, Board)> {
    count_portable_forbidding(puzzle, limit, None)
}

fn count_portable_forbidding(puzzle: &Board, limit: u32, forbid: Forbid) -> Option<(u32, Board)> {
    let (mut search, mut s) = start(Portable, puzzle, limit, forbid);
    search_portable(&mut search, &mut s, EVERYTHING);
    finish(search)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::PERMUTATIONS_OF_3 as PERMS;
    use crate::grade::{self, Level, Technique};
    use crate::solve::reference::excerpts;

    thread_local! {
        /// The guesses of the last search finished on this thread.
        pub(super) static GUESSES: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }

    /// The guesses each backend this CPU runs took to count `puzzle`'s solutions up to
    /// `limit`, by name, the portable one's first.
    fn guesses(puzzle: &Board, limit: u32) -> Vec<(&'static str, u32)> {
        backends()
            .into_iter()
            .map(|(name, count)| {
                count(puzzle, limit);
                (name, GUESSES.with(|g| g.get()))
            })
            .collect()
    }

    // The backends run one search: the same propagation, the same choice of guess, so
    // the same tree, guess for guess. A backend whose propagation is weaker (or stronger)
    // finds the same solutions in a tree of another size; only this test sees it.
    #[test]
    fn every_backend_searches_the_same_tree() {
        let names: Vec<_> = backends().iter().map(|&(name, _)| name).collect();
        if names.len() < 2 {
            eprintln!("not run: this CPU has no x86-64 backend to compare");
            return;
        }
        for missing in ["avx2", "avx512"].iter().filter(|n| !names.contains(n)) {
            eprintln!("the {missing} backend not checked: this CPU cannot run it");
        }
        let mut total = 0;
        for line in excerpts() {
            let p = Board::from_line(line);
            for limit in [1, 2] {
                let each = guesses(&p, limit);
                let portable = each[0].1;
                for &(name, n) in &each[1..] {
                    assert_eq!(n, portable, "{name}: {line} up to {limit}");
                }
                total += portable;
            }
        }
        assert!(
            total > 1000,
            "{total} guesses: the excerpts lost their hard puzzles"
        );
    }

    // The size of the tree is the design's (the module's note), pinned as a chess engine
    // pins the nodes of its bench: propagation and the choice of guess alone set it, and a
    // table or rule that goes wrong in both backends alike finds the same answers in a tree
    // of another size. A change made on purpose is measured in the benchmark, then pinned
    // here anew.
    #[test]
    fn the_tree_has_the_size_of_the_design() {
        let total: u32 = excerpts()
            .map(|line| {
                count_portable(&Board::from_line(line), 2);
                GUESSES.with(|g| g.get())
            })
            .sum();
        assert_eq!(total, 4786, "guesses to count the excerpts up to 2");
    }

    /// The choice of guess against its definition, on random bands of configurations: the
    /// first band of those not fixed (a digit with two or more configurations left) with the
    /// fewest configurations, and its first digit of those with the fewest, at least two.
    /// A band is fixed (one configuration a digit), or each of its digits keeps one
    /// configuration or a random set of at least the band's floor (2 to 6; its last digit
    /// always such a set). In some states each count from 2 to 6 is the fewest, and in some
    /// every band is fixed.
    #[test]
    fn the_guess_follows_its_definition() {
        use crate::gen::random::Rng;
        let (mut fewest, mut none) = ([0u32; 7], 0);
        for k in 0..5000 {
            let mut rng = Rng::for_item(14, k);
            let mut configs = [[0u16; 8]; 6];
            let mut count = [[0u32; 9]; 6];
            let all_fixed = rng.below(50) == 0;
            for (band, n) in configs.iter_mut().zip(&mut count) {
                let fixed = all_fixed || rng.below(3) == 0;
                let floor = 2 + rng.below(5);
                for (d, n) in n.iter_mut().enumerate() {
                    *n = match rng.below(3) {
                        _ if fixed => 1,
                        0 if d < 8 => 1,
                        _ => floor + rng.below(7 - floor),
                    };
                    let mut left = *n;
                    while left > 0 {
                        let c = rng.below(6) as usize;
                        if band[c] >> d & 1 == 0 {
                            band[c] |= 1 << d;
                            left -= 1;
                        }
                    }
                }
            }
            let total = count.map(|n| n.iter().sum::<u32>());
            let want = (0..6)
                .filter(|&t| total[t] > 9)
                .min_by_key(|&t| total[t])
                .map(|t| {
                    let open = (0..9).filter(|&d| count[t][d] > 1);
                    (t, open.min_by_key(|&d| count[t][d]).unwrap())
                });
            let s = State::<Portable> {
                boxes: [[0; 16]; 9],
                configs,
            };
            assert_eq!(s.choose(), want, "{configs:?}");
            match want {
                Some((t, d)) => fewest[count[t][d] as usize] += 1,
                None => none += 1,
            }
        }
        assert!(
            fewest[2..].iter().all(|&n| n > 0) && none > 0,
            "{fewest:?} {none}"
        );
    }

    /// Band `t`'s update, with `t` known only at run time.
    fn update_band(s: &mut State<Portable>, t: usize, mark: &mut Marks) -> bool {
        let m = Masks::new(Portable);
        match t {
            0 => s.update_band::<0>(&m, mark),
            1 => s.update_band::<1>(&m, mark),
            2 => s.update_band::<2>(&m, mark),
            3 => s.update_band::<3>(&m, mark),
            4 => s.update_band::<4>(&m, mark),
            _ => s.update_band::<5>(&m, mark),
        }
    }

    /// `[peer][element]`: the digits that some configuration puts there.
    fn triads_of(configs: [u16; 8]) -> [[u16; 3]; 3] {
        let mut triads = [[0u16; 3]; 3];
        for (c, &digits) in configs[..6].iter().enumerate() {
            for (p, triad) in triads.iter_mut().enumerate() {
                triad[PERMS[c][p]] |= digits;
            }
        }
        triads
    }

    /// A band's update by its definition, digit by digit: the triads are the digits some
    /// configuration puts in each element of each peer; a triad with fewer than 3 digits is
    /// a contradiction, one with exactly 3 takes them (their configurations that put them
    /// in another element of that peer go), again until nothing goes; a digit left without
    /// a configuration is a contradiction. Then the configurations left, and per peer what
    /// each lane of its box may keep: a cell its element's triad, the element's H or V lane
    /// the other two triads, every other lane anything.
    fn band_by_definition(configs: [u16; 8], t: usize) -> Option<([u16; 8], [[u16; 16]; 3])> {
        let (o, mut configs) = (t / 3, configs);
        let triads = loop {
            let triads = triads_of(configs);
            if triads.iter().flatten().any(|x| x.count_ones() < 3) {
                return None;
            }
            let mut next = configs;
            for (c, digits) in next[..6].iter_mut().enumerate() {
                for (p, triad) in triads.iter().enumerate() {
                    for (e, &x) in triad.iter().enumerate() {
                        if e != PERMS[c][p] && x.count_ones() == 3 {
                            *digits &= !x;
                        }
                    }
                }
            }
            if next == configs {
                break triads;
            }
            configs = next;
        };
        if configs.iter().fold(0, |a, &x| a | x) != ALL {
            return None;
        }
        let allowed = triads.map(|triad| {
            std::array::from_fn(|l| {
                let (i, j) = (l / 4, l % 4);
                let (e, absent) = if o == 0 { (i, j == 3) } else { (j, i == 3) };
                if e == 3 {
                    ONES
                } else if is_cell(i, j) {
                    triad[e]
                } else if absent {
                    triad[(e + 1) % 3] | triad[(e + 2) % 3]
                } else {
                    ONES
                }
            })
        });
        Some((configs, allowed))
    }

    /// A band's update against its definition, on random configurations (each digit with
    /// none to six of them, mostly few, so that triads fill and run short) and random boxes.
    /// Each way the update can end is met: a triad short at once, a contradiction only
    /// after full triads took their digits, a digit without a configuration from the
    /// start, and success with and without configurations dropped.
    #[test]
    fn a_band_update_follows_its_definition() {
        use crate::gen::random::Rng;
        // Short at once, a contradiction after drops, a digit without a configuration,
        // success with drops, success without.
        let mut seen = [0u32; 5];
        for k in 0..20_000 {
            let mut rng = Rng::for_item(15, k);
            let t = rng.below(6) as usize;
            let mut configs = [0u16; 8];
            for d in 0..9 {
                let n = match rng.below(8) {
                    0 if rng.below(30) == 0 => 0,
                    0..=2 => 1,
                    3 | 4 => 2,
                    _ => 1 + rng.below(6),
                };
                let mut left = n;
                while left > 0 {
                    let c = rng.below(6) as usize;
                    if configs[c] >> d & 1 == 0 {
                        configs[c] |= 1 << d;
                        left -= 1;
                    }
                }
            }
            let mut boxes = [[0u16; 16]; 9];
            for b in &mut boxes {
                for x in &mut b[..15] {
                    *x = (rng.next_u64() as u16 | rng.next_u64() as u16) & ALL;
                }
            }
            let mut s = State::<Portable> {
                boxes,
                configs: [[0; 8]; 6],
            };
            s.configs[t] = configs;
            let mut mark = [0u32; UNITS];
            let ok = update_band(&mut s, t, &mut mark);
            let want = band_by_definition(configs, t);
            assert_eq!(ok, want.is_some(), "band {t}: {configs:?}");
            let Some((left, allowed)) = want else {
                let any_short = triads_of(configs)
                    .iter()
                    .flatten()
                    .any(|x| x.count_ones() < 3);
                let all_digits = configs.iter().fold(0, |a, &x| a | x) == ALL;
                seen[match (any_short, all_digits) {
                    (true, _) => 0,
                    (false, true) => 1,
                    (false, false) => 2,
                }] += 1;
                continue;
            };
            seen[if left == configs { 4 } else { 3 }] += 1;
            assert_eq!(s.configs[t], left, "band {t}: {configs:?}");
            let mut want_marks = [0u32; UNITS];
            for (p, allowed) in allowed.iter().enumerate() {
                let k = if t < 3 {
                    3 * (t % 3) + p
                } else {
                    3 * p + t % 3
                };
                let restricted = std::array::from_fn(|l| boxes[k][l] & allowed[l]);
                assert_eq!(s.boxes[k], restricted, "band {t}, box {k}: {configs:?}");
                want_marks[FIRST_BOX + k] = (restricted != boxes[k]) as u32;
            }
            assert_eq!(mark, want_marks, "band {t}: {configs:?}");
        }
        assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
    }

    // The propagation of the module's note takes naked and hidden singles and locked
    // candidates in its stride: a puzzle that those solve is solved without a guess. The
    // puzzles are the grader's, easy and medium, kept when its steps use no more than
    // those techniques.
    #[test]
    fn singles_and_locked_candidates_need_no_guess() {
        use crate::gen::puzzle::{make, Spec};
        let mut tried = 0;
        for level in [Level::Easy, Level::Medium] {
            let spec = Spec {
                blanks: (0, 64),
                unique: true,
                minimal: false,
                symmetric: false,
                level: Some(level),
            };
            for k in 0..300 {
                let p = make(&spec, 7, k, 0).unwrap();
                let s = crate::solve::unique_solution(&p).unwrap();
                let mut simple = true;
                grade::grade(&p, &s, Level::Medium, |_, step| {
                    simple &= step.technique <= Technique::Claiming;
                });
                if simple {
                    tried += 1;
                    for (name, n) in guesses(&p, 2) {
                        assert_eq!(n, 0, "{name}: {p:?}");
                    }
                }
            }
        }
        assert!(
            tried >= 400,
            "only {tried} puzzles of singles and locked candidates"
        );
    }
}
