//! The properties the fuzz targets (`tests/fuzz`) check, here so that the test suite replays
//! the kept corpus (`tests/data/fuzz`) through the very same code without libFuzzer.

use crate::board::Board;
use crate::gen::puzzle::{make, Spec};
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

/// The request [`check_maker`] makes of the puzzle maker, from the first 19 bytes of
/// `data`: byte 0 the kind (bit 0 unique, bit 1 minimal, bit 2 symmetric, bits 3..6 the
/// level, bit 7 the retry), bytes 1 and 2 the blank range (any `L <= U <= 81`), bytes 3..11
/// the seed and 11..19 the item. `None` for fewer bytes.
pub fn maker_request(data: &[u8]) -> Option<(Spec, u64, u64, u64)> {
    let (head, rest) = data.split_first_chunk::<3>()?;
    let (seed, rest) = rest.split_first_chunk::<8>()?;
    let (k, _) = rest.split_first_chunk::<8>()?;
    let [kind, lo, span] = *head;
    let lo = lo % 82;
    let spec = Spec {
        blanks: (lo, lo + span % (82 - lo)),
        unique: kind & 1 != 0,
        minimal: kind & 2 != 0,
        symmetric: kind & 4 != 0,
        // Bits 3..6: 1 to 4 a level, easy to expert; 0 and 5 to 7 none.
        level: Level::ALL
            .get(usize::from(kind >> 3 & 7).wrapping_sub(1))
            .copied(),
    };
    Some((
        spec,
        u64::from_le_bytes(*seed),
        u64::from_le_bytes(*k),
        u64::from(kind >> 7),
    ))
}

/// Makes the puzzle [`maker_request`] asks for, when the spec is possible, and checks it
/// against what the spec promises, with the solver and the grader as the judges: the
/// blanks in range, no clash, a solution; with `symmetric`, blanks opposite through the
/// centre; with `unique`, `minimal` or a level, one solution; with `minimal`, none once any
/// given (pair) goes; with a level, that level by [`grade::grade`]. A puzzle that need not be
/// unique is always made, and every puzzle is made again the same from the same request.
/// Returns the spec and the puzzle, if one was made.
pub fn check_maker(data: &[u8]) -> Option<(Spec, Board)> {
    let (spec, seed, k, retry) = maker_request(data)?;
    if spec.impossible().is_some() {
        return None;
    }
    let made = make(&spec, seed, k, retry);
    assert_eq!(made, make(&spec, seed, k, retry), "{spec:?} {seed} {k}");
    let Some(p) = made else {
        assert!(spec.unique_puzzles(), "{spec:?} {seed} {k}: not made");
        return None;
    };
    let blanks = p.blanks() as u8;
    assert!(
        (spec.blanks.0..=spec.blanks.1).contains(&blanks),
        "{p:?} {spec:?}"
    );
    assert_eq!(p.first_clash(), None, "{p:?}");
    if spec.symmetric {
        assert!(
            (0..81).all(|c| (p.0[c] == 0) == (p.0[80 - c] == 0)),
            "{p:?}"
        );
    }
    let solutions = |b: &Board| match count_up_to(b, 2) {
        Outcome::Solved { count, .. } => count,
        Outcome::Invalid(_) => 0,
    };
    if !spec.unique_puzzles() {
        assert!(solutions(&p) >= 1, "{p:?}");
        return Some((spec, p));
    }
    let s = unique_solution(&p).unwrap_or_else(|e| panic!("{p:?} {spec:?}: {e}"));
    if spec.minimal {
        for c in (0..81).filter(|&c| p.0[c] != 0 && !(spec.symmetric && c > 40)) {
            let mut q = p;
            q.0[c] = 0;
            if spec.symmetric {
                q.0[80 - c] = 0;
            }
            assert_eq!(solutions(&q), 2, "{p:?} {spec:?}: a given at {c} can go");
        }
    }
    if let Some(level) = spec.level {
        let graded = grade::grade(&p, &s, Level::Expert, |_, _| {});
        assert_eq!(graded.map(|g| g.level), Some(level), "{p:?} {spec:?}");
    }
    Some((spec, p))
}
