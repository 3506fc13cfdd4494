//! The fuzz corpus kept as regression tests: every input that once crashed, hung or found
//! new code in `tests/fuzz` goes through the same checks again, without libFuzzer.

use std::path::Path;
use sudoku_filters::fuzzing::{
    check_grader, check_maker, check_reader, check_solver, grader_puzzle,
};
use sudoku_filters::grade::{grade, Level};
use sudoku_filters::solve::unique_solution;

fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz")
        .join(target);
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no corpus in {}", dir.display());
    v
}

#[test]
fn reader_corpus() {
    for (_, data) in corpus("reader") {
        check_reader(&data);
    }
}

#[test]
fn solver_corpus() {
    // The slow units found by fuzzing took 0.4 to 44 seconds once. How long they take now is
    // for the fuzzer's -timeout and the benchmark to watch, not for a timed test.
    for (_, data) in corpus("solver") {
        check_solver(&data);
    }
}

#[test]
fn grader_corpus() {
    let corpus = corpus("grader");
    for (_, data) in &corpus {
        check_grader(data);
    }
    // The kept inputs are puzzles the grader grades (one solution each), at every level.
    let graded: Vec<Level> = corpus
        .iter()
        .filter_map(|(_, d)| grader_puzzle(d))
        .filter_map(|p| {
            let s = unique_solution(&p).ok()?;
            grade(&p, &s, Level::Expert, |_, _| {})
        })
        .map(|g| g.level)
        .collect();
    for level in Level::ALL {
        assert!(graded.contains(&level), "no {level:?} puzzle in the corpus");
    }
}

#[test]
fn maker_corpus() {
    let made: Vec<_> = corpus("maker")
        .iter()
        .filter_map(|(_, data)| check_maker(data))
        .map(|(spec, _)| spec)
        .collect();
    // The kept requests make puzzles of every kind: at each level, minimal, symmetric, and
    // ones that need not be unique.
    for level in Level::ALL {
        assert!(
            made.iter().any(|s| s.level == Some(level)),
            "no {level:?} puzzle made from the corpus"
        );
    }
    assert!(made.iter().any(|s| s.minimal), "no minimal puzzle");
    assert!(made.iter().any(|s| s.symmetric), "no symmetric puzzle");
    assert!(
        made.iter().any(|s| !s.unique_puzzles()),
        "no puzzle that need not be unique"
    );
}
