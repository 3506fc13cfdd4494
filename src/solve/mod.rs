//! The solver: one primitive, [`count_up_to`], that counts solutions up to a limit and keeps
//! the first one found. Solving is limit 1, a uniqueness check limit 2.
//!
//! Two solvers are here, behind that one entry:
//!
//! - the *triad solver* (`triad`, after tdoku's design) takes every puzzle on a CPU with
//!   AVX2: boxes and bands of digit masks in vector registers (and AVX-512's 16-bit
//!   popcount where the CPU has it, in a tree that is the same, guess for guess);
//! - the *band solver* (`band`, bitboards of 27-cell bands) takes every puzzle on a CPU
//!   without AVX2, where the triad solver's portable backend, which takes the same steps,
//!   is too slow; it also takes over a triad search that runs past its guess budget (never
//!   on the shared sets; a guard for grids the fuzzer may find), and it checks the triad
//!   solver in the tests and the fuzzer.
//!
//! The outcome is deterministic: the same puzzle always yields the same first solution on a
//! given kind of CPU. Counts are the same on every CPU, and so is the solution of a puzzle
//! that has one; a puzzle with several may print another of them on a CPU without AVX2.

mod band;
mod triad;

use crate::board::{Board, Clash};

/// What [`count_up_to`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A digit repeats in a row, column or box of the puzzle itself.
    Invalid(Clash),
    /// `count` solutions (capped at the limit); the first one when `count > 0`.
    Solved { count: u32, first: Option<Board> },
}

/// Counts the solutions of `puzzle` up to `limit` (at least 1), keeping the first found.
///
/// A puzzle whose givens clash is [`Outcome::Invalid`]; any other has `count` solutions
/// (0 ..= `limit`) and, when `count > 0`, the first one found. Which solvers take a puzzle
/// is in the module's documentation; the choices that did not pay are in the table of
/// `benches/README.md`.
///
/// # Examples
///
/// ```
/// use sudoku_filters::solve::{count_up_to, Outcome};
/// use sudoku_filters::Board;
///
/// let puzzle = Board::from_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// );
/// match count_up_to(&puzzle, 2) {
///     Outcome::Solved { count: 1, first: Some(solution) } => assert!(solution.is_solved()),
///     other => panic!("{other:?}"),
/// }
/// // Two 5s in the first row: invalid, whatever the limit.
/// let clash = Board::from_line(&format!("55{}", ".".repeat(79)));
/// assert!(matches!(count_up_to(&clash, 1), Outcome::Invalid(_)));
/// ```
pub fn count_up_to(puzzle: &Board, limit: u32) -> Outcome {
    let shared = triad::avx2_available()
        .then(|| triad::count_up_to(puzzle, limit))
        .flatten();
    let (count, first) = shared.unwrap_or_else(|| band::count(puzzle, limit));
    if count == 0 {
        // A clash among the givens always ends in a contradiction; tell it apart only
        // now, off the path of every good puzzle.
        if let Some(c) = puzzle.first_clash() {
            return Outcome::Invalid(c);
        }
    }
    let first = (count > 0).then_some(first);
    Outcome::Solved { count, first }
}

/// Why a puzzle has not exactly one solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotOne {
    /// A digit repeats among the givens.
    Invalid(Clash),
    NoSolution,
    Several,
}

impl std::fmt::Display for NotOne {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotOne::Invalid(c) => write!(f, "invalid puzzle: {c}"),
            NotOne::NoSolution => f.write_str("no solution"),
            NotOne::Several => f.write_str("more than one solution"),
        }
    }
}

/// The one solution of `puzzle` (a count up to 2), or why it has not exactly one: what the
/// grader, the game and `sudoku-check --unique` ask of a puzzle.
pub fn unique_solution(puzzle: &Board) -> Result<Board, NotOne> {
    match count_up_to(puzzle, 2) {
        Outcome::Invalid(c) => Err(NotOne::Invalid(c)),
        Outcome::Solved {
            count: 1,
            first: Some(s),
        } => Ok(s),
        Outcome::Solved { count: 0, .. } => Err(NotOne::NoSolution),
        Outcome::Solved { .. } => Err(NotOne::Several),
    }
}

/// A solution of `puzzle` that does not put digit `d` in cell `c`, a blank of it, if there
/// is one: the question a puzzle maker asks of a given it has just blanked (`d` was there,
/// and the puzzle with it had one solution), answered without proving the known solution
/// again. The solution found is the other half of an unavoidable set: the cells where it
/// differs from the known one. On a CPU without AVX2 it is asked as a count up to 2, then
/// (when the first solution is the known one) once for each other digit of `c`.
pub fn solution_without(puzzle: &Board, c: usize, d: u8) -> Option<Board> {
    let forbid = Some((c, d));
    let found = triad::avx2_available()
        .then(|| triad::count_forbidding(puzzle, 1, forbid))
        .flatten();
    match found {
        Some((n, s)) => (n > 0).then_some(s),
        None => band_solution_without(puzzle, c, d),
    }
}

/// [`solution_without`] on a CPU without AVX2, by the band solver.
fn band_solution_without(puzzle: &Board, c: usize, d: u8) -> Option<Board> {
    let (n, first) = band::count(puzzle, 2);
    if n < 2 {
        return None;
    }
    if first.0[c] != d {
        return Some(first);
    }
    (1..=9).filter(|&e| e != d).find_map(|e| {
        let mut q = *puzzle;
        q.0[c] = e;
        if q.first_clash().is_some() {
            return None;
        }
        let (n, s) = band::count(&q, 1);
        (n > 0).then_some(s)
    })
}

/// For the fuzzer and the tests: the band solver and the triad solver find the same number
/// of solutions up to `limit`, and every triad backend this CPU runs the same result as the
/// portable one (the same first solution, or all give up). Returns the triad solver's
/// result (None: it gave up).
pub(crate) fn check_solvers_agree(puzzle: &Board, limit: u32) -> Option<(u32, Board)> {
    let band = band::count(puzzle, limit);
    let portable = triad::count_portable(puzzle, limit);
    for (name, count) in triad::backends().into_iter().skip(1) {
        assert_eq!(count(puzzle, limit), portable, "{name}: {puzzle:?}");
    }
    assert_eq!(triad::count_up_to(puzzle, limit), portable, "{puzzle:?}");
    if let Some((count, first)) = portable {
        assert_eq!(count, band.0, "{puzzle:?}");
        if count > 0 {
            assert!(first.is_solved() && first.first_changed_given(puzzle).is_none());
        }
    }
    portable
}

#[cfg(test)]
pub(crate) mod reference;

#[cfg(test)]
mod tests {
    use super::*;
    use reference::excerpts;

    #[test]
    fn empty_and_one_clue_grids_solve() {
        for p in [
            Board::EMPTY,
            Board::from_line(&format!("5{}", ".".repeat(80))),
        ] {
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
        let clash = Board::from_line(&format!("55{}", ".".repeat(79)));
        assert!(matches!(count_up_to(&clash, 1), Outcome::Invalid(_)));
        // Row 1 leaves only 9 for the last cell, but column 9 already has a 9.
        let none = Board::from_line(&format!("12345678.{}9", ".".repeat(71)));
        assert_eq!(
            count_up_to(&none, 2),
            Outcome::Solved {
                count: 0,
                first: None
            }
        );
    }

    /// Found by fuzzing: the givens empty digit 1's word in the bottom band before the first
    /// sweep reaches it. That word must count as a contradiction at once; it used to look
    /// unchanged (0, as the initial "previous" value), and the search took 2 seconds.
    #[test]
    fn a_word_emptied_by_the_givens_is_a_contradiction() {
        let p = Board::from_line(
            "......4...............4...9............1....683.7.....21.....1....1...8....15....",
        );
        assert!(matches!(count_up_to(&p, 2), Outcome::Invalid(_)));
    }

    /// Found by fuzzing: three digits locked into the two free cells of a box row, on an
    /// otherwise empty grid (44 s to refute before the triad check), and the same down a
    /// column (0.7 s).
    #[test]
    fn locked_triads_are_refuted() {
        for p in [
            ".6............6.9.........6........2618.........618..............................",
            "...9.6.....................9........4..261......4..261......3.4....1.7...........",
            "71.............7.52.........7.52.............12..................8...............",
        ] {
            assert_eq!(
                count_up_to(&Board::from_line(p), 2),
                Outcome::Solved {
                    count: 0,
                    first: None
                },
                "{p}"
            );
        }
    }

    /// Both ways of asking for a solution without a digit in a cell agree with the
    /// reference: a unique puzzle less one given (the question of a puzzle maker),
    /// the puzzle itself with a blank's own digit forbidden (never), and a puzzle with no
    /// solution at all (never).
    #[test]
    fn solutions_without_a_digit_agree_with_the_reference() {
        let (mut found, mut none) = (0, 0);
        for line in excerpts().step_by(7).take(60) {
            let p = Board::from_line(line);
            let (1, Some(s)) = reference::count_up_to(&p, 2) else {
                continue;
            };
            let givens: Vec<usize> = (0..81).filter(|&c| p.0[c] != 0).collect();
            let blank = (0..81).find(|&c| p.0[c] == 0).unwrap();
            let mut asked = vec![(p, blank, s.0[blank])];
            for &c in givens.iter().step_by(5) {
                let mut q = p;
                q.0[c] = 0;
                asked.push((q, c, p.0[c]));
            }
            for (q, c, d) in asked {
                let want = (1..=9).filter(|&e| e != d).any(|e| {
                    let mut r = q;
                    r.0[c] = e;
                    r.first_clash().is_none() && reference::count_up_to(&r, 1).0 > 0
                });
                for got in [solution_without(&q, c, d), band_solution_without(&q, c, d)] {
                    assert_eq!(got.is_some(), want, "{q:?} without {d} at {c}");
                    if let Some(b) = got {
                        assert!(b.is_solved() && b.first_changed_given(&q).is_none());
                        assert_ne!(b.0[c], d, "{q:?}");
                    }
                }
                *(if want { &mut found } else { &mut none }) += 1;
            }
        }
        assert!(found > 50 && none > 30, "{found} found, {none} none");
        let dead = Board::from_line(&format!("12345678.{}9", ".".repeat(71)));
        for c in [8, 40] {
            for d in 1..=9 {
                assert_eq!(solution_without(&dead, c, d), None, "{c} {d}");
                assert_eq!(band_solution_without(&dead, c, d), None, "{c} {d}");
            }
        }
    }

    /// Every solver's search fits a thread's stack with room to spare, in an unoptimised
    /// build too (CI runs this test so): a level of a recursion holds a state, not the
    /// temporaries of its propagation, which unoptimised come to some 200 KB a level.
    #[test]
    fn searches_fit_a_small_stack() {
        let searched = std::thread::Builder::new()
            .name("search on a 1 MiB stack".into())
            .stack_size(1 << 20)
            .spawn(|| {
                let puzzles = excerpts().map(Board::from_line);
                for p in [Board::EMPTY].into_iter().chain(puzzles) {
                    check_solvers_agree(&p, 2).expect("no give-up");
                    assert!(matches!(count_up_to(&p, 2), Outcome::Solved { .. }));
                }
            })
            .unwrap()
            .join();
        assert!(searched.is_ok());
    }

    /// Sparse random grids (as the fuzzer makes them): every solver agrees, none gives up.
    #[test]
    fn solvers_agree_on_sparse_grids() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..3000 {
            let mut bytes = [0u8; 81];
            for b in bytes.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *b = (x >> 24) as u8;
            }
            let p = crate::fuzzing::solver_puzzle(&bytes);
            assert!(check_solvers_agree(&p, 2).is_some(), "gave up on {p:?}");
        }
    }

    /// Cross-checks against the simple reference solver on excerpts of every shared set:
    /// the entry, and the triad solver alone (both backends, and against the band solver),
    /// so that the puzzles [`count_up_to`] hands to the band solver test the triad solver
    /// too. The reference runs once a puzzle: it is most of this test's time.
    #[test]
    fn agrees_with_reference_on_excerpts() {
        let mut n = 0;
        for line in excerpts() {
            let p = Board::from_line(line);
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
            let (count, first) = check_solvers_agree(&p, 2).expect("no give-up");
            assert_eq!(count, want_count, "{line}");
            if want_count == 1 {
                assert_eq!(Some(first), want_first, "{line}");
            }
            check_solvers_agree(&p, 1);
            n += 1;
        }
        assert!(n > 100, "only {n} puzzles in the excerpts");
    }
}
