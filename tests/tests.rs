//! One integration-test binary: every test runs the real binaries on real inputs.

mod util;

mod bad_input;
mod check;
mod docs;
mod faults;
mod front;
mod fuzz_corpus;
mod games;
mod gen;
mod grade;
mod memory;
#[cfg(feature = "play")]
mod play;
mod progress;
mod promises;
mod props;
mod solve;
