//! The grader on puzzles whose givens the fuzzer picks from a seeded grid: every step true
//! to the solution, and the same level on both of its routes at every ceiling.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_filters::fuzzing::check_grader;

fuzz_target!(|data: &[u8]| check_grader(data));
