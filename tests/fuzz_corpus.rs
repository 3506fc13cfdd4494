//! The fuzz corpus kept as regression tests: every input that once crashed, hung or found
//! new code in `tests/fuzz` goes through the same checks again, without libFuzzer.

use std::path::Path;
use std::time::{Duration, Instant};
use sudoku_filters::fuzzing::{check_reader, check_solver};

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
    for (name, data) in corpus("reader") {
        let start = Instant::now();
        check_reader(&data);
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{name} took {:?}",
            start.elapsed()
        );
    }
}

#[test]
fn solver_corpus() {
    for (name, data) in corpus("solver") {
        let start = Instant::now();
        check_solver(&data);
        // "Never a hang": the slow units found by fuzzing took 2 to 44 seconds once.
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{name} took {:?}",
            start.elapsed()
        );
    }
}
