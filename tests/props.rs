//! Properties over random inputs (proptest): round trips, solutions, shards.

use proptest::prelude::*;
use sudoku_filters::cli::gen::{generate, Config, TOOL};
use sudoku_filters::gen::{Gen, FAMILY};
use sudoku_filters::solve::{count_up_to, Outcome};
use sudoku_filters::stream::{Form, Reader, Writer};
use sudoku_filters::Board;

fn board() -> impl Strategy<Value = Board> {
    prop::array::uniform32(0u8..=9).prop_flat_map(|a| {
        prop::array::uniform32(0u8..=9).prop_flat_map(move |b| {
            prop::array::uniform17(0u8..=9).prop_map(move |c| {
                let mut cells = [0u8; 81];
                cells[..32].copy_from_slice(&a);
                cells[32..64].copy_from_slice(&b);
                cells[64..].copy_from_slice(&c);
                Board(cells)
            })
        })
    })
}

/// A sparse board: up to 16 givens at random cells, so that some clash, some have no
/// solution, and most have one or many.
fn sparse_board() -> impl Strategy<Value = Board> {
    prop::collection::vec((0usize..81, 1u8..=9), 0..=16).prop_map(|givens| {
        let mut b = Board::EMPTY;
        for (cell, digit) in givens {
            b.0[cell] = digit;
        }
        b
    })
}

// Whatever the solver returns for a sparse board is right; and the solved branch is taken
// often enough for that to mean something.
#[test]
fn any_solution_keeps_the_givens() {
    use proptest::test_runner::{Config, TestRunner};
    use std::cell::Cell;
    let cases = 400;
    let (solved, invalid) = (Cell::new(0u32), Cell::new(0u32));
    let mut runner = TestRunner::new(Config {
        cases,
        ..Config::default()
    });
    runner
        .run(&sparse_board(), |puzzle| {
            match count_up_to(&puzzle, 1) {
                Outcome::Invalid(_) => {
                    invalid.set(invalid.get() + 1);
                    prop_assert!(puzzle.first_clash().is_some());
                }
                Outcome::Solved { count: 0, first } => {
                    prop_assert!(first.is_none());
                    prop_assert!(puzzle.first_clash().is_none());
                }
                Outcome::Solved { first: Some(s), .. } => {
                    solved.set(solved.get() + 1);
                    prop_assert!(s.is_solved());
                    prop_assert_eq!(s.first_changed_given(&puzzle), None);
                }
                o => prop_assert!(false, "{:?}", o),
            }
            Ok(())
        })
        .unwrap();
    println!(
        "{} of {cases} sparse boards solved, {} invalid",
        solved.get(),
        invalid.get()
    );
    assert!(
        solved.get() >= cases / 3,
        "only {} of {cases} solved",
        solved.get()
    );
    assert!(
        invalid.get() >= cases / 20,
        "only {} of {cases} invalid",
        invalid.get()
    );
}

/// A grid of the family, with the cells where `mask` has a bit blanked.
fn blanked(index: u64, first: u8, mask: u128) -> (Board, Board) {
    let grid = Gen::new(first, index % FAMILY, 1).unwrap().board();
    let mut p = grid;
    for (i, c) in p.0.iter_mut().enumerate() {
        if mask >> i & 1 == 1 {
            *c = 0;
        }
    }
    (grid, p)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn write_then_read_returns_the_boards(boards in prop::collection::vec((board(), any::<bool>()), 0..12)) {
        let mut w = Writer::new(Vec::new());
        for (b, line) in &boards {
            w.write(b, if *line { Form::Line } else { Form::Grid }).unwrap();
        }
        let bytes = w.into_inner().unwrap();
        let mut r = Reader::new(&bytes[..]);
        for (b, line) in &boards {
            let item = r.next().unwrap().unwrap();
            prop_assert_eq!(&item.board, b);
            prop_assert_eq!(item.form == Form::Line, *line);
        }
        prop_assert!(r.next().unwrap().is_none());
    }

    #[test]
    fn a_blanked_grid_solves_to_a_valid_grid(index in any::<u64>(), first in 1u8..=9, mask in any::<u128>()) {
        let (grid, puzzle) = blanked(index, first, mask);
        match count_up_to(&puzzle, 2) {
            Outcome::Solved { count, first: Some(s) } => {
                prop_assert!(count >= 1);
                prop_assert!(s.is_solved());
                prop_assert_eq!(s.first_changed_given(&puzzle), None);
                if count == 1 {
                    prop_assert_eq!(s, grid);
                }
            }
            o => prop_assert!(false, "{:?}", o),
        }
    }

    #[test]
    fn skip_shards_concatenate(total in 0u64..300, cut in 0u64..300, start in 0u64..100_000_000, first in 1u8..=9) {
        let cut = cut.min(total);
        let gen = |skip: u64, count: u64, form: Form| {
            let mut out = Vec::new();
            let cfg = Config { count, first, skip: start + skip, form };
            generate(&TOOL, &cfg, &mut out, "-").unwrap();
            out
        };
        prop_assert!(gen(0, total, Form::Line) == [gen(0, cut, Form::Line), gen(cut, total - cut, Form::Line)].concat());
        let (a, b) = (gen(0, cut, Form::Grid), gen(cut, total - cut, Form::Grid));
        let sep: &[u8] = if a.is_empty() || b.is_empty() { b"" } else { b"\n" };
        prop_assert!(gen(0, total, Form::Grid) == [&a[..], sep, &b[..]].concat());
    }
}
