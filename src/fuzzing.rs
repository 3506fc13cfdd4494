//! The properties the fuzz targets (`tests/fuzz`) check, here so that the test suite replays
//! the kept corpus (`tests/data/fuzz`) through the very same code without libFuzzer.

use crate::board::Board;
use crate::gen::random::{Grids, Rng};
use crate::grade::{self, Level};
use crate::solve::{count_up_to, unique_solution, Outcome};
use crate::stream::{Form, Reader, Writer};

/// Reads `data` as a board stream to its end or first error; every board read must be made of
/// cells 0-9 and read back the same after being written in either form.
pub fn check_reader(data: &[u8]) {
    let mut r = Reader::new(data);
    let mut boards = Vec::new();
    while let Ok(Some(item)) = r.next() {
        assert!(item.board.0.iter().all(|&c| c <= 9));
        assert_eq!(item.index as usize, boards.len() + 1);
        boards.push(item.board);
    }
    for form in [Form::Grid, Form::Line] {
        let mut w = Writer::new(Vec::new());
        for b in &boards {
            w.write(b, form).unwrap();
        }
        let bytes = w.into_inner().unwrap();
        let mut again = Reader::new(&bytes[..]);
        for b in &boards {
            assert_eq!(&again.next().unwrap().unwrap().board, b);
        }
        assert!(again.next().unwrap().is_none());
    }
}

/// The puzzle made of the first 81 bytes of `data`: mostly blanks (a byte below 180 is a
/// blank, others a digit).
pub fn solver_puzzle(data: &[u8]) -> Board {
    let mut p = Board::EMPTY;
    for (c, &b) in p.0.iter_mut().zip(data) {
        *c = if b < 180 { 0 } else { b % 9 + 1 };
    }
    p
}

/// Solves [`solver_puzzle`] of the first 81 bytes, counting to 2; every outcome must hold.
pub fn check_solver(data: &[u8]) {
    if data.len() < 81 {
        return;
    }
    let p = solver_puzzle(data);
    crate::solve::check_solvers_agree(&p, 2);
    match count_up_to(&p, 2) {
        Outcome::Invalid(clash) => assert_eq!(p.first_clash(), Some(clash)),
        Outcome::Solved { count: 0, first } => {
            assert!(first.is_none());
            assert!(p.first_clash().is_none());
        }
        Outcome::Solved { count, first } => {
            assert!(count <= 2);
            let s = first.expect("a solution");
            assert!(s.is_solved());
            assert_eq!(s.first_changed_given(&p), None);
            // Solving the solution finds it again, and only it.
            assert_eq!(
                count_up_to(&s, 2),
                Outcome::Solved {
                    count: 1,
                    first: Some(s)
                }
            );
        }
    }
}

/// The puzzle [`check_grader`] grades: the first 8 bytes of `data` seed a random grid, and
/// each of the next 81 keeps its cell a given when it is below 110 (about 35 givens, so
/// that most such puzzles have one solution). `None` for fewer than 89 bytes.
pub fn grader_puzzle(data: &[u8]) -> Option<Board> {
    let (seed, mask) = data.split_first_chunk::<8>()?;
    let mask = mask.get(..81)?;
    let seed = u64::from_le_bytes(*seed);
    let grid = Grids::new(seed).grid(0, &mut Rng::for_item(seed, 0));
    let mut p = grid;
    for (c, &b) in p.0.iter_mut().zip(mask) {
        if b >= 110 {
            *c = 0;
        }
    }
    Some(p)
}

/// Grades [`grader_puzzle`] when it has one solution, as [`check_graded`] says.
pub fn check_grader(data: &[u8]) {
    let Some(p) = grader_puzzle(data) else {
        return;
    };
    if let Ok(s) = unique_solution(&p) {
        check_graded(&p, &s);
    }
}

/// Grades `p`, whose one solution is `s`: every step holds in `s` ([`grade::Step::true_to`]),
/// the steps end at `s`, and the level found on the faster route, settled, is the grader's
/// at every ceiling.
pub fn check_graded(p: &Board, s: &Board) {
    let mut last = grade::candidates::Grid::new(p);
    let graded = grade::grade(p, s, Level::Expert, |g, step| {
        assert!(step.true_to(s), "{p:?}: {}", step.describe());
        last = *g;
    })
    .expect("past hard the grader always goes on");
    if graded.steps > 0 {
        let step = grade::next_step(&last, Level::Expert, s).expect("a last step");
        step.apply(&mut last);
    }
    assert_eq!(last.board(), *s, "{p:?}");
    for ceiling in Level::ALL {
        let want = (graded.level <= ceiling).then_some(graded.level);
        assert_eq!(grade::level(p, s, ceiling), want, "{p:?} at {ceiling:?}");
    }
}
