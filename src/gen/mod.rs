//! Grids and puzzles.
//!
//! - [`family`]: the indexed family of distinct grids behind `sudoku-gen N` and `sudoku -c`
//!   (index → grid; distinct by construction, shardable with `--skip`);
//! - [`random`]: seeded grids drawn from the whole space of solved grids, item k depending
//!   only on (seed, k);
//! - [`puzzle`]: puzzles dug out of random grids: blanks in a range, unique, minimal,
//!   symmetric;
//! - [`unavoidable`]: sets of a grid's cells that every unique puzzle has a given in.

pub mod family;
pub mod puzzle;
pub mod random;
pub mod unavoidable;

pub use family::*;
