//! The puzzle maker on requests the fuzzer picks (kind, blank range, seed, item): every
//! puzzle made is what its spec promises, by the solver and the grader.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_filters::fuzzing::check_maker;

fuzz_target!(|data: &[u8]| {
    check_maker(data);
});
