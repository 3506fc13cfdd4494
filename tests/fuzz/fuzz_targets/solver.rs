//! The solver on arbitrary 81-byte puzzles: never a panic or a hang, and every answer holds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_filters::fuzzing::check_solver;

fuzz_target!(|data: &[u8]| check_solver(data));
