//! The flags more than one tool takes, defined once with their parsing.

use std::ffi::OsStr;

use super::flags::{Flag, Tool};
use super::Error;

pub const DIGITS: &[&str] = &["1", "2", "3", "4", "5", "6", "7", "8", "9"];

pub const FIRST: Flag = Flag::valued(
    "first",
    None,
    "D",
    "top-left digit of every grid (1-9, default 1)",
    "The digit in the top-left cell of every grid, 1 to 9 (default 1).",
)
.with_choices(DIGITS);

pub const ID: Flag = Flag::valued(
    "id",
    None,
    "NUMBER",
    "top-left digit from a student id (last two digits' sum % 9 + 1)",
    "Take the top-left digit from a student id: the sum of its last two digits, modulo 9, plus 1. \
     The id must have two or more digits.",
);

pub const QUIET: Flag = Flag::switch(
    "quiet",
    Some('q'),
    "no progress line on a terminal",
    "Do not show the progress line. On a run that passes a second with standard error on a \
     terminal, one line there shows the boards done, the rate and, when the total is known \
     (the count asked for, or inputs that are regular files), the share done and the time \
     left; it is erased at the end, and never written when standard error is not a terminal. \
     SUDOKU_PROGRESS_DELAY=S in the environment shows it after S seconds instead of one.",
);

pub const JOBS: Flag = Flag::valued(
    "jobs",
    Some('j'),
    "N",
    "work on N threads (0 or default: all cores)",
    "Work on N threads, 1 to 1024; 0, the default, is one a core (as make -j and xz -T0 read it). \
     The output is the same, in input order, whatever N.",
);

pub const LINE: Flag = Flag::switch(
    "line",
    Some('l'),
    "write line form (81 cells a line)",
    "Write every board as one line of 81 cells instead of grid form.",
);

pub const SEED: Flag = Flag::valued(
    "seed",
    None,
    "S",
    "seed of the random grids and puzzles (default: from the clock)",
    "Seed the random grids and puzzles with S, a whole number (default: one from the clock). The \
     same seed writes the same bytes on any machine and with any -j; item k depends only on the \
     seed and k, so --skip shards a seeded run.",
);

/// The most threads `-j` asks for.
pub const MAX_JOBS: usize = 1024;

/// `--first D`: a top-left digit.
pub fn first<I>(tool: &Tool<I>, v: &OsStr) -> Result<u8, Error> {
    tool.number("--first", v, 1..=9)
}

/// `--first D` or `--id NUMBER` (which `flag` says) into `slot`, the top-left digit and
/// the flag that set it: the two are alternatives, and neither is given twice.
pub fn top_left<I>(
    tool: &Tool<I>,
    flag: &'static Flag,
    slot: &mut Option<(&'static Flag, u8)>,
    v: &OsStr,
) -> Result<(), Error> {
    let digit = if flag.long == ID.long {
        id(tool, v)?
    } else {
        first(tool, v)?
    };
    match slot.replace((flag, digit)) {
        Some((f, _)) if f.long == flag.long => {
            Err(tool.usage(format!("--{} given twice", flag.long)))
        }
        Some(_) => Err(tool.usage(
            "--first and --id cannot be used together: each sets the top-left digit".into(),
        )),
        None => Ok(()),
    }
}

/// `--id NUMBER`: the top-left digit from a student id.
pub fn id<I>(tool: &Tool<I>, v: &OsStr) -> Result<u8, Error> {
    let s = v.to_string_lossy();
    crate::gen::digit_for_id(&s).ok_or_else(|| {
        tool.usage(format!(
            "--id: expected a student id of two or more digits, found '{s}'"
        ))
    })
}

/// `--seed S`.
pub fn seed<I>(tool: &Tool<I>, v: &OsStr) -> Result<u64, Error> {
    tool.number("--seed", v, 0..=u64::MAX)
}

/// `-j N`: the number of threads, 0 for one a core.
pub fn jobs<I>(tool: &Tool<I>, v: &OsStr) -> Result<usize, Error> {
    match tool.number("--jobs", v, 0..=MAX_JOBS)? {
        0 => Ok(all_cores()),
        n => Ok(n),
    }
}

/// The number of cores, or 1 when it cannot be told.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A value given twice is a usage error.
pub fn once<I, T>(
    tool: &Tool<I>,
    flag: &Flag,
    slot: &mut Option<T>,
    value: T,
) -> Result<(), Error> {
    if slot.replace(value).is_some() {
        return Err(tool.usage(format!("{} given twice", flag.name())));
    }
    Ok(())
}
