//! Puzzles dug out of random grids.
//!
//! Puzzle k under a seed is a function of (seed, k) alone ([`make`]): a random grid
//! ([`super::random::Grids`]), then one pass over its cells in a random order, each cell (or,
//! with `symmetric`, each pair of cells opposite through the centre, the centre alone) made
//! blank in turn:
//!
//! ```text
//!   grid ─► for each unit, in random order:  blank it ─► unique still? ── yes ─► keep it blank
//!                                                              │ no
//!                                                              └──► put the givens back
//!   stop at the target number of blanks (not for `minimal`, which visits every unit)
//! ```
//!
//! With a level, the pass goes as far as the range's top allows, and the puzzle is then
//! graded ([`crate::grade`]) with the techniques up to that level. One they do not solve
//! gets back the solution's digit in a cell where they stalled (the open cell with the
//! fewest candidates; with `symmetric`, its partner too) until they do, and is kept when it
//! grades at the level exactly (not easier) with its blanks still in range; `minimal`
//! puzzles are kept or thrown away as they are.
//!
//! Uniqueness is asked of the solver as "is there a solution without this given's digit
//! here?" ([`crate::solve::solution_without`]): the puzzle had one solution with the given,
//! so any other lacks it, and the search need not prove the known one again. A given whose
//! removal loses uniqueness stays necessary as more givens go (fewer givens allow more
//! solutions, never fewer), so after the pass no given of a `minimal` puzzle can go: it is
//! minimal (with `symmetric`, no pair can go).
//!
//! An attempt that misses (blanks outside the range, or the wrong level) is thrown away,
//! and the next one digs the same grid in a new order, up to [`GRID_ATTEMPTS`] a grid and
//! [`ATTEMPTS`] in all. The grid's unavoidable sets carry over: the second solutions the
//! solver found in one pass answer, as sets, the same questions in the next.
//!
//! Item k's grids are numbered k·[`GRIDS`] + j for its j-th grid ([`Grids`]), so no
//! two items of a run share a grid; a unique puzzle's one solution is its grid, so unique
//! puzzles of a run are distinct by construction.

use super::random::{mix, Grids, Houses, Rng, DIAGONALS};
use super::unavoidable::{self, Sets};
use crate::board::Board;
use crate::grade::candidates::{cells, Grid, HOUSES, HOUSES_OF, PEERS};
use crate::grade::{self, Level};
use crate::solve::solution_without;

/// Attempts a puzzle may take before [`make`] gives up on it.
pub const ATTEMPTS: u32 = 1000;

/// Attempts dug out of one grid, each in its own order, before the next grid is drawn.
pub const GRID_ATTEMPTS: u32 = 8;

/// The grids one item may draw: its block of grid numbers.
pub const GRIDS: u64 = (ATTEMPTS / GRID_ATTEMPTS) as u64;

// Blocks of GRIDS numbers tile 0..DIAGONALS, so items less than DIAGONALS / GRIDS (3.8e14)
// apart never share a grid.
const _: () = assert!(ATTEMPTS.is_multiple_of(GRID_ATTEMPTS) && DIAGONALS.is_multiple_of(GRIDS));

/// The fewest givens a puzzle with one solution can have (McGuire, Tugemann and Civario,
/// "There is no 16-clue Sudoku", 2012): at most 64 blanks.
pub const MAX_UNIQUE_BLANKS: u8 = 81 - 17;

/// What puzzles to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    /// Each puzzle's number of blanks is drawn in `lo..=hi` (with `minimal`, it must fall
    /// there).
    pub blanks: (u8, u8),
    /// Exactly one solution.
    pub unique: bool,
    /// Unique, and no given can go without losing that.
    pub minimal: bool,
    /// Givens symmetric under a half turn of the grid.
    pub symmetric: bool,
    /// Graded at this level (unique as well).
    pub level: Option<Level>,
}

impl Spec {
    /// Minimal puzzles, as many blanks as they come, not symmetric, at any level.
    pub const MINIMAL: Spec = Spec {
        blanks: (0, MAX_UNIQUE_BLANKS),
        unique: true,
        minimal: true,
        symmetric: false,
        level: None,
    };

    /// Whether every puzzle has exactly one solution (its grid).
    pub fn unique_puzzles(&self) -> bool {
        self.unique || self.minimal || self.level.is_some()
    }

    /// Why no puzzle can meet the spec, if that is so (as a sentence).
    pub fn impossible(&self) -> Option<String> {
        let (lo, hi) = self.blanks;
        if lo > hi || hi > 81 {
            return Some(format!("blanks {lo}-{hi}: expected L-U with L <= U <= 81"));
        }
        if self.unique_puzzles() && lo > MAX_UNIQUE_BLANKS {
            return Some(format!(
                "a unique puzzle has at least 17 givens, so at most {MAX_UNIQUE_BLANKS} blanks, \
                 not {lo}-{hi}"
            ));
        }
        None
    }

    /// How many distinct puzzles meet the spec, when that is few enough for a run to ask
    /// for more: when none has more than two givens (at least 79 blanks). Every board of
    /// two givens that do not clash has solutions, so each such board is a puzzle.
    pub fn most_distinct(&self) -> Option<u64> {
        let (lo, hi) = self.blanks;
        if lo < 79 || self.impossible().is_some() {
            return None;
        }
        // Two givens take 9 x 9 pairs of digits, or 9 x 8 when they share a house.
        let digits = |a: u8, b: u8| {
            if PEERS[a as usize] >> b & 1 == 1 {
                72
            } else {
                81
            }
        };
        let units = units(self.symmetric);
        let cells: Vec<u8> = units
            .iter()
            .filter(|u| u[0] == u[1])
            .map(|u| u[0])
            .collect();
        let pairs_of_cells = cells
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| cells[i + 1..].iter().map(move |&b| digits(a, b)));
        let paired_units = units.iter().filter(|u| u[0] != u[1]);
        let by_givens = [
            1,
            9 * cells.len() as u64,
            pairs_of_cells.sum::<u64>() + paired_units.map(|u| digits(u[0], u[1])).sum::<u64>(),
        ];
        Some((lo..=hi).map(|b| by_givens[usize::from(81 - b)]).sum())
    }

    /// The blank range as a person would write it: `40-55`, or `81` for one count.
    pub fn blanks_text(&self) -> String {
        match self.blanks {
            (lo, hi) if lo == hi => format!("{lo}"),
            (lo, hi) => format!("{lo}-{hi}"),
        }
    }
}

/// The cells blanked together: one, or two opposite through the centre.
fn units(symmetric: bool) -> Vec<[u8; 2]> {
    if symmetric {
        (0..=40u8).map(|c| [c, 80 - c]).collect()
    } else {
        (0..81u8).map(|c| [c, c]).collect()
    }
}

/// A second solution of `p`, unique before cells `a` and `b` (perhaps one cell) were
/// blanked, if it has one now: one that differs from `grid` at `a`, or (with `a` as it
/// was) at `b`.
fn second_solution(p: &Board, grid: &Board, a: usize, b: usize) -> Option<Board> {
    #[cfg(test)]
    tests::SOLVER_QUESTIONS.with(|n| n.set(n.get() + 1));
    if let Some(s) = solution_without(p, a, grid.0[a]) {
        return Some(s);
    }
    if a == b {
        return None;
    }
    let mut q = *p;
    q.0[a] = grid.0[a];
    solution_without(&q, b, grid.0[b])
}

/// Whether blank `c`, whose digit is `d`, is forced by the givens (`h`, their digits by
/// house; `blank`, the blank cells): a naked single (its houses hold every other digit) or
/// a hidden one (in one of its houses no other blank can take `d`). A puzzle unique before
/// `c` was blanked stays unique when it is.
fn forced(h: &Houses, blank: u128, c: usize, d: u8) -> bool {
    h.free(c).count_ones() == 1
        || HOUSES_OF[c].iter().any(|&house| {
            cells(HOUSES[house as usize] & blank & !(1 << c))
                .all(|e| h.free(e as usize) & 1 << d == 0)
        })
}

/// Tries to blank each unit of `order` in turn while `p` has fewer than `target` blanks
/// (it has `blanks`), keeping a blank when `p` stays unique (if `sets`, the unavoidable
/// sets known of `grid`, are given: uniqueness is asked for). Returns the blanks.
///
/// Two tests spare the solver most questions. A blank that the givens left in its houses
/// force (they hold every other digit) keeps the puzzle unique: early in a pass, that is
/// most of them. A blank that leaves one of the grid's unavoidable sets without a given
/// loses uniqueness: late in a pass, that is about a third of the givens kept. A second
/// solution the solver finds is one more set, for the next pass over the same grid.
fn dig(
    p: &mut Board,
    grid: &Board,
    order: &[[u8; 2]],
    mut sets: Option<&mut Sets>,
    mut blanks: u8,
    target: u8,
) -> u8 {
    let mut givens = Houses::of(p);
    let mut given_cells = (0..81)
        .filter(|&c| p.0[c] != 0)
        .fold(0u128, |m, c| m | 1 << c);
    if let Some(sets) = &mut sets {
        sets.next_pass();
    }
    for &[a, b] in order {
        let (a, b) = (a as usize, b as usize);
        let size = 1 + u8::from(a != b);
        if blanks + size > target || p.0[a] == 0 {
            continue;
        }
        let unit = 1 << a | 1 << b;
        for c in [a, b].into_iter().take(size as usize) {
            p.0[c] = 0;
            givens.toggle(c, grid.0[c]);
        }
        let blank = !given_cells | unit;
        let unique = match &mut sets {
            None => true, // uniqueness not asked for
            Some(sets) => {
                forced(&givens, blank, a, grid.0[a])
                    && (a == b || forced(&givens, blank, b, grid.0[b]))
                    || !sets.missed_by(given_cells & !unit)
                        && second_solution(p, grid, a, b)
                            .map(|s| sets.add(unavoidable::difference(&s, grid)))
                            .is_none()
            }
        };
        if !unique {
            for c in [a, b].into_iter().take(size as usize) {
                p.0[c] = grid.0[c];
                givens.toggle(c, grid.0[c]);
            }
            continue;
        }
        given_cells &= !unit;
        blanks += size;
        if blanks == target {
            break;
        }
    }
    blanks
}

/// Puzzle `k` under `seed` (and `retry`, for a replacement of a puzzle made before), or
/// `None` when [`ATTEMPTS`] attempts did not meet the spec.
pub fn make(spec: &Spec, seed: u64, k: u64, retry: u64) -> Option<Board> {
    let seed = if retry == 0 { seed } else { seed ^ mix(retry) };
    let mut rng = Rng::for_item(seed, k);
    let grids = Grids::new(seed);
    let mut order = units(spec.symmetric);
    let (lo, hi) = spec.blanks;
    let check = spec.unique_puzzles();
    let mut grid = Board([0; 81]);
    let mut sets = None;
    for attempt in 0..ATTEMPTS {
        if attempt % GRID_ATTEMPTS == 0 {
            let j = u64::from(attempt / GRID_ATTEMPTS);
            grid = grids.grid((k % DIAGONALS) * GRIDS + j, &mut rng);
            sets = check.then(|| unavoidable::two_digit(&grid));
        }
        rng.shuffle(&mut order);
        let target = if spec.minimal {
            81
        } else if spec.level.is_some() {
            hi
        } else {
            lo + rng.below(u32::from(hi - lo) + 1) as u8
        };
        let mut p = grid;
        let blanks = dig(&mut p, &grid, &order, sets.as_mut(), 0, target);
        if !(lo..=hi).contains(&blanks) {
            continue;
        }
        let Some(level) = spec.level else {
            return Some(p);
        };
        if let Some(p) = at_level(p, &grid, level, spec) {
            return Some(p);
        }
    }
    None
}

/// `p` (whose solution is `grid`) graded at `level` as [`grade::grade`] grades it, with
/// givens put back where the techniques of `level` stall (not for `minimal`), or `None`.
fn at_level(mut p: Board, grid: &Board, level: Level, spec: &Spec) -> Option<Board> {
    let mut g = Grid::new(&p);
    let route = grade::route(&mut g, level);
    if route.level.is_some() {
        return (grade::settle(&p, grid, level, route) == Some(level)).then_some(p);
    }
    if spec.minimal {
        return None;
    }
    // Each given put back goes into the stalled grid too, and the techniques go on from
    // there; the puzzle is graded afresh once they solve it.
    loop {
        let c =
            grade::candidates::cells(g.open).min_by_key(|&c| g.cand[c as usize].count_ones())?;
        for c in [c as usize, 80 - c as usize]
            .into_iter()
            .take(1 + usize::from(spec.symmetric))
        {
            p.0[c] = grid.0[c];
            if g.value[c] == 0 {
                g.place(c as u8, grid.0[c]);
            }
        }
        if (p.blanks() as u8) < spec.blanks.0 {
            return None;
        }
        if grade::route(&mut g, level).level.is_some() {
            return (grade::level(&p, grid, level) == Some(level)).then_some(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{box_of, col_of, row_of};
    use crate::solve::reference;

    thread_local! {
        /// Questions [`second_solution`] put to the solver on this thread.
        pub(super) static SOLVER_QUESTIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    fn spec(lo: u8, hi: u8) -> Spec {
        Spec {
            blanks: (lo, hi),
            unique: false,
            minimal: false,
            symmetric: false,
            level: None,
        }
    }

    #[test]
    fn blanks_symmetry_and_givens_are_as_asked() {
        for symmetric in [false, true] {
            for k in 0..50 {
                let s = Spec {
                    symmetric,
                    ..spec(30, 50)
                };
                let p = make(&s, 5, k, 0).unwrap();
                let blanks = p.blanks();
                assert!((30..=50).contains(&blanks), "{blanks}");
                assert!(p.first_clash().is_none());
                if symmetric {
                    assert!(
                        (0..81).all(|c| (p.0[c] == 0) == (p.0[80 - c] == 0)),
                        "{p:?}"
                    );
                }
                assert_eq!(make(&s, 5, k, 0), Some(p));
            }
        }
    }

    #[test]
    fn unique_and_minimal_puzzles_are_so_by_the_reference() {
        for (k, symmetric) in (0..40).zip([false, true].into_iter().cycle()) {
            let s = Spec {
                symmetric,
                ..Spec::MINIMAL
            };
            let p = make(&s, 11, k, 0).unwrap();
            assert_eq!(reference::count_up_to(&p, 2).0, 1, "{p:?}");
            // No given (or pair of givens) can go.
            for c in 0..81 {
                if p.0[c] == 0 || (symmetric && c > 40) {
                    continue;
                }
                let mut q = p;
                q.0[c] = 0;
                if symmetric {
                    q.0[80 - c] = 0;
                }
                assert_eq!(reference::count_up_to(&q, 2).0, 2, "{p:?} less cell {c}");
            }
        }
        let s = Spec {
            unique: true,
            ..spec(40, 45)
        };
        for k in 0..40 {
            let p = make(&s, 3, k, 0).unwrap();
            assert_eq!(reference::count_up_to(&p, 2).0, 1);
        }
    }

    /// [`forced`] by its definition, read off the board: the digits of the givens `c` sees,
    /// and for each house of `c` whether every other blank there sees a given `d`.
    fn forced_by_definition(p: &Board, c: usize, d: u8) -> (bool, bool) {
        let peers = reference::peers();
        let house = |e: usize, kind: usize| [row_of(e), col_of(e), box_of(e)][kind];
        let seen = |e: usize, x: u8| peers[e].iter().any(|&f| p.0[f] == x);
        let naked = (1..=9).all(|x| x == d || seen(c, x));
        let hidden = (0..3).any(|kind| {
            (0..81)
                .filter(|&e| e != c && p.0[e] == 0 && house(e, kind) == house(c, kind))
                .all(|e| seen(e, d))
        });
        (naked, hidden)
    }

    #[test]
    fn forced_blanks_are_the_naked_and_hidden_singles_of_the_givens() {
        // Blanks that are naked singles only, hidden only, both, neither.
        let mut kinds = [0; 4];
        for k in 0..300 {
            let mut rng = Rng::for_item(7, k);
            let grid = Grids::new(7).grid(k, &mut rng);
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            let order = &order[..20 + rng.below(45) as usize];
            let mut p = grid;
            for &c in order {
                p.0[c] = 0;
            }
            let h = Houses::of(&p);
            let blank = order.iter().fold(0u128, |m, &c| m | 1 << c);
            for &c in order {
                let (naked, hidden) = forced_by_definition(&p, c, grid.0[c]);
                let got = forced(&h, blank, c, grid.0[c]);
                assert_eq!(got, naked || hidden, "{p:?}, cell {c}");
                kinds[usize::from(naked) * 2 + usize::from(hidden)] += 1;
            }
        }
        assert!(kinds.iter().all(|&n| n > 400), "{kinds:?}");
    }

    #[test]
    fn the_solver_is_asked_only_what_the_shortcuts_cannot_answer() {
        // A question per unit dug, but the shortcuts of `dig` answer most: forced blanks
        // (of both cells of a pair) and the grid's two-digit sets. Either one left out
        // raises the questions of these digs past the bounds.
        for (symmetric, most) in [(false, 34 * 200), (true, 19 * 200)] {
            let s = Spec {
                symmetric,
                ..Spec::MINIMAL
            };
            SOLVER_QUESTIONS.with(|n| n.set(0));
            for k in 0..200 {
                make(&s, 1, k, 0).unwrap();
            }
            let asked = SOLVER_QUESTIONS.with(|n| n.get());
            assert!(asked <= most, "symmetric {symmetric}: {asked} questions");
        }
    }

    #[test]
    fn impossible_requests_are_told() {
        // Unique, minimal and level puzzles all have one solution.
        for s in [
            Spec {
                unique: true,
                ..spec(65, 70)
            },
            Spec {
                minimal: true,
                ..spec(65, 70)
            },
            Spec {
                level: Some(Level::Easy),
                ..spec(65, 70)
            },
        ] {
            assert!(
                s.impossible().unwrap().contains("at least 17 givens"),
                "{s:?}"
            );
        }
        assert_eq!(spec(65, 70).impossible(), None);
        assert!(spec(50, 40).impossible().is_some());
        assert_eq!(spec(0, 81).impossible(), None);
        // Merely unlikely: 64 blanks and unique, in a handful of attempts, does not happen.
        let hard = Spec {
            unique: true,
            ..spec(64, 64)
        };
        assert_eq!(hard.impossible(), None);
    }

    // Every board of at most two givens (two opposite through the centre, or the centre
    // alone, when symmetric), each one put to the solver: those with a solution are the
    // puzzles there are.
    #[test]
    fn the_few_puzzles_of_two_givens_or_fewer_are_counted() {
        for symmetric in [false, true] {
            let mut by_givens = [1u64, 0, 0];
            for a in 0..81usize {
                for b in a..81 {
                    let one = a == b;
                    let shape = if symmetric { b == 80 - a } else { true };
                    if !shape || one && symmetric && a != 40 {
                        continue;
                    }
                    let pairs = (1..=9u8).flat_map(|x| (1..=9u8).map(move |y| (x, y)));
                    for (da, db) in pairs.filter(|(x, y)| !one || x == y) {
                        let mut p = Board([0; 81]);
                        (p.0[a], p.0[b]) = (da, db);
                        if let crate::solve::Outcome::Solved { count: 1.., .. } =
                            crate::solve::count_up_to(&p, 1)
                        {
                            by_givens[if one { 1 } else { 2 }] += 1;
                        }
                    }
                }
            }
            for (lo, hi) in [(81, 81), (80, 80), (79, 79), (80, 81), (79, 81)] {
                let s = Spec {
                    symmetric,
                    ..spec(lo, hi)
                };
                let want = (lo..=hi).map(|b| by_givens[81 - b as usize]).sum::<u64>();
                assert_eq!(s.most_distinct(), Some(want), "{s:?}");
            }
            let s = Spec {
                symmetric,
                ..spec(78, 81)
            };
            assert_eq!(s.most_distinct(), None);
        }
    }
}
