//! One integration-test binary: every test runs the real binaries on real inputs.

mod util;

mod check;
mod docs;
mod front;
mod gen;
mod solve;
