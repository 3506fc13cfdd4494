//! The board reader on arbitrary bytes: never a panic, and every board it yields survives a
//! write-then-read round trip in both forms.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_filters::fuzzing::check_reader;

fuzz_target!(|data: &[u8]| check_reader(data));
