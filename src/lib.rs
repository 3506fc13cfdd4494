//! sudoku-filters: streaming Unix filters for sudoku boards.
//!
//! Four binaries share this library: `sudoku-gen` writes distinct solved grids,
//! `sudoku-solve` solves the puzzles it reads, `sudoku-check` judges the boards it reads, and
//! `sudoku` is the front for the BUAA software-engineering assignment (`-c N`, `-s FILE`, into `sudoku.txt`).
//!
//! Data flows `bytes → stream::read → Board → (gen | solve | check) → stream::write → bytes`.
//! Everything outside [`cli`] is pure: it reads from a `BufRead`, writes to a `Write` and
//! returns outcomes. [`cli`] owns the process: arguments, files, messages and exit statuses
//! (0 all good, 1 a board failed, 2 usage or I/O error; the same as grep's).

pub mod board;
pub mod check;
pub mod cli;
pub mod fuzzing;
pub mod gen;
pub mod solve;
pub mod stream;

pub use board::Board;
