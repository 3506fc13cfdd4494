//! `sudoku-check [FILE]...`: judges every board it reads.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};

use super::flags::{Arg, Flag, Tool, EXIT_STATUS};
use super::shared::{self, DIGITS};
use super::{plural, read_error, report, Error, Input, FAILED, OK, TROUBLE};
use crate::check::{check_board, layout_failure, Checks, Distinct, DistinctError, Failure};
use crate::stream::{Item, Reader};

/// The flags of `sudoku-check`.
#[derive(Clone, Copy, Debug)]
pub enum Opt {
    Puzzles,
    Unique,
    Distinct,
    First,
    Strict,
    Solves,
    Count,
}

static FLAGS: [(Opt, Flag); 7] = [
    (
        Opt::Puzzles,
        Flag::switch(
            "puzzles",
            Some('p'),
            "boards may have blanks (check puzzles, not solutions)",
            "Accept blank cells (0 or .): check puzzles rather than solved grids. The rules still hold.",
        ),
    ),
    (
        Opt::Unique,
        Flag::switch(
            "unique",
            Some('u'),
            "every puzzle must have exactly one solution",
            "Fail every puzzle with no solution or more than one (counted to two). Implies \
             --puzzles.",
        ),
    ),
    (
        Opt::Distinct,
        Flag::switch(
            "distinct",
            Some('d'),
            "fail every board that repeats an earlier one",
            "Fail every board that repeats an earlier board, across all inputs. Duplicates are reported \
             after the other failures, each naming the board it repeats. Each board is remembered as a \
             128-bit digest and its place, 24 bytes: two different boards share a digest with a chance \
             under one in 10^20 even among a billion boards.",
        ),
    ),
    (
        Opt::First,
        Flag::valued(
            "first",
            None,
            "D",
            "every board must have D in its top-left cell",
            "Fail every board whose top-left digit is not D (1 to 9).",
        )
        .with_choices(DIGITS),
    ),
    (
        Opt::Strict,
        Flag::switch(
            "strict",
            None,
            "demand the assignment's exact layout",
            "Demand the assignment's exact layout: grid form, cells separated by single spaces, 0 for a \
             blank, each row ended by a newline, exactly one empty line between boards and none at the \
             end, no CR, no byte-order mark, no comments or rule lines. The first departure of each \
             board is reported with its line.",
        ),
    ),
    (
        Opt::Solves,
        Flag::valued(
            "solves",
            None,
            "FILE",
            "board i must solve puzzle i of FILE",
            "Pair the boards read with the puzzles of FILE, in order: each board must keep every given \
             of its puzzle, and there must be as many boards as puzzles. FILE and the boards cannot \
             both be standard input.",
        ),
    ),
    (
        Opt::Count,
        Flag::valued(
            "count",
            None,
            "N",
            "there must be exactly N boards",
            "Fail unless exactly N boards are read in all.",
        ),
    ),
];

pub static TOOL: Tool<Opt> = Tool {
    name: "sudoku-check",
    about: "Judge every sudoku board read: rules, completeness, layout, distinctness.",
    usage: &[
        "[--puzzles] [--unique] [--distinct] [--strict] [--first D] [--solves FILE] [--count N] \
         [FILE]...",
    ],
    description: "Reads boards from the FILEs (standard input when there are none, or for -) in grid \
form or line form and checks each one: no digit repeats in a row, column or box, and no cell is blank \
(unless --puzzles). The options add checks. Each failing board is reported on standard error as \
file:line: board N: reason, and a summary line ends the run (1000 boards: 1000 ok).\n\n\
Input that is not a board stream (a letter, a row of 8 cells, a board cut short) stops the reading of that \
input with an error that names its line and column; the status is then 2.",
    flags: &FLAGS,
    operands: &[("FILE", "files to read; - or none for standard input")],
    exit_status: EXIT_STATUS,
    generates: false,
    examples: &[
        ("sudoku-gen 1000 | sudoku-check --distinct", "check generated grids"),
        ("sudoku-check --strict --distinct --first 3 --count 1000 sudoku.txt", "grade an assignment's output"),
        ("sudoku-solve puzzles.txt | sudoku-check --solves puzzles.txt", "check that solutions solve their puzzles"),
    ],
};

struct Config {
    checks: Checks,
    distinct: bool,
    solves: Option<OsString>,
    count: Option<u64>,
    files: Vec<OsString>,
}

fn parse(args: Vec<Arg<Opt>>) -> Result<Config, Error> {
    let t = &TOOL;
    let mut cfg = Config {
        checks: Checks::default(),
        distinct: false,
        solves: None,
        count: None,
        files: Vec::new(),
    };
    for a in args {
        let (id, v) = match a {
            Arg::Flag { id, value, .. } => (id, value.unwrap_or_default()),
            Arg::Operand(v) => {
                cfg.files.push(v);
                continue;
            }
        };
        match id {
            Opt::Puzzles => cfg.checks.puzzles = true,
            Opt::Unique => (cfg.checks.unique, cfg.checks.puzzles) = (true, true),
            Opt::Distinct => cfg.distinct = true,
            Opt::Strict => cfg.checks.strict = true,
            Opt::First => cfg.checks.first = Some(shared::first(t, &v)?),
            Opt::Solves => cfg.solves = Some(v),
            Opt::Count => cfg.count = Some(t.number("--count", &v, 0..=u64::MAX)?),
        }
    }
    if cfg.files.is_empty() {
        cfg.files.push("-".into());
    }
    if let Some(p) = &cfg.solves {
        if super::is_stdin(p) && cfg.files.iter().any(|f| super::is_stdin(f)) {
            return Err(t.usage(
                "--solves and the boards cannot both be standard input; put one in a file".into(),
            ));
        }
    }
    Ok(cfg)
}

/// The running tally, and the failures written to standard error as they are found (a
/// message that cannot be written is lost; the tally is not).
struct Judge {
    err: BufWriter<io::Stderr>,
    boards: u64,
    failed: u64,
    /// One bit a board (in reading order): set when it has failed already.
    failed_bits: Vec<u64>,
}

impl Judge {
    fn say(&mut self, args: std::fmt::Arguments) {
        let _ = self.err.write_fmt(args);
    }

    /// Reports board `index` of input `name`, the `ordinal`-th board read (0-based).
    fn fail(&mut self, ordinal: u64, name: &str, index: u64, f: &Failure) {
        let bit = 1u64 << (ordinal % 64);
        let word = &mut self.failed_bits[(ordinal / 64) as usize];
        if *word & bit == 0 {
            *word |= bit;
            self.failed += 1;
        }
        let col = f.col.map(|c| format!(":{c}")).unwrap_or_default();
        self.say(format_args!(
            "{name}:{}{col}: board {index}: {}\n",
            f.line, f.reason
        ));
    }

    /// An error that stops an input, in its place among the failures.
    fn stop(&mut self, e: Error) {
        let _ = self.err.flush();
        report(e);
    }

    fn count(&mut self) {
        self.boards += 1;
        if (self.boards - 1).is_multiple_of(64) {
            self.failed_bits.push(0);
        }
    }
}

pub fn run(args: Vec<Arg<Opt>>) -> Result<i32, Error> {
    let cfg = parse(args)?;
    let mut j = Judge {
        err: BufWriter::new(io::stderr()),
        boards: 0,
        failed: 0,
        failed_bits: Vec::new(),
    };
    let r = judge(&cfg, &mut j);
    let _ = j.err.flush();
    r
}

fn judge(cfg: &Config, j: &mut Judge) -> Result<i32, Error> {
    let mut trouble = false;
    let mut other_failures = 0u64;
    let mut puzzles = match &cfg.solves {
        Some(p) => {
            let (name, input) = Input::open(p, None)?;
            Some((name, Reader::new(input), 0u64))
        }
        None => None,
    };
    let mut distinct = cfg.distinct.then(Distinct::default);
    let mut names = Vec::new();
    for path in &cfg.files {
        let (name, input) = match Input::open(path, None) {
            Ok(x) => x,
            Err(e) => {
                j.stop(e);
                trouble = true;
                continue;
            }
        };
        let mut reader = Reader::new(input);
        let first_ordinal = j.boards;
        if let Some(d) = &mut distinct {
            d.start_input(first_ordinal);
        }
        let mut last = None;
        loop {
            let item: &Item = match reader.next() {
                Ok(Some(item)) => item,
                Ok(None) => break,
                Err(e) => {
                    j.stop(read_error(&name, e));
                    trouble = true;
                    break;
                }
            };
            j.count();
            last = Some(item.index);
            let puzzle = match &mut puzzles {
                Some((pname, preader, seen)) => match preader.next() {
                    Ok(Some(p)) => {
                        *seen += 1;
                        Some(p.board)
                    }
                    Ok(None) => {
                        let f = Failure {
                            line: item.line,
                            col: None,
                            reason: format!(
                                "no puzzle for it: {pname} has only {}",
                                plural(*seen, "puzzle", "puzzles")
                            ),
                        };
                        j.fail(j.boards - 1, &name, item.index, &f);
                        None
                    }
                    Err(e) => return Err(read_error(pname, e)),
                },
                None => None,
            };
            if let Some(f) = check_board(item, &cfg.checks, puzzle.as_ref()) {
                j.fail(j.boards - 1, &name, item.index, &f);
            }
            if let Some(d) = &mut distinct {
                d.add(&item.board, j.boards - 1, item.line).map_err(|e| {
                    Error::Msg(match e {
                        DistinctError::OutOfMemory => "--distinct: out of memory".into(),
                        DistinctError::TooMany => {
                            format!("--distinct: more than {} boards", u32::MAX)
                        }
                    })
                })?;
            }
        }
        if cfg.checks.strict {
            if let (Some(index), Some(issue)) = (last, reader.trailing_layout()) {
                // The end of the input belongs to its last board.
                j.fail(
                    first_ordinal + index - 1,
                    &name,
                    index,
                    &layout_failure(issue),
                );
            }
        }
        names.push(name);
    }
    if let Some((pname, mut preader, seen)) = puzzles {
        let mut more = 0;
        loop {
            match preader.next() {
                Ok(Some(_)) => more += 1,
                Ok(None) => break,
                Err(e) => return Err(read_error(&pname, e)),
            }
        }
        if more > 0 {
            let (puzzles, boards) = (
                plural(seen + more, "puzzle", "puzzles"),
                plural(j.boards, "board", "boards"),
            );
            j.say(format_args!("{pname}: {puzzles} but only {boards}\n"));
            other_failures += 1;
        }
    }
    if let Some(d) = distinct {
        for dup in d.duplicates() {
            let here = &names[dup.input];
            let there = if dup.first_input == dup.input {
                String::new()
            } else {
                format!(" of {}", names[dup.first_input])
            };
            let f = Failure {
                line: dup.line,
                col: None,
                reason: format!(
                    "same as board {}{there} (line {})",
                    dup.first_index, dup.first_line
                ),
            };
            j.fail(dup.ordinal, here, dup.index, &f);
        }
    }
    if let Some(want) = cfg.count {
        if want != j.boards {
            let (want, found) = (plural(want, "board", "boards"), j.boards);
            j.say(format_args!("expected {want}, found {found}\n"));
            other_failures += 1;
        }
    }
    if j.boards == 0 && !trouble && cfg.count.is_none() {
        j.say(format_args!("no boards\n"));
        other_failures += 1;
    }
    let ok = j.boards - j.failed;
    let mut summary = format!("{}: {ok} ok", plural(j.boards, "board", "boards"));
    if j.failed > 0 {
        summary += &format!(", {} failed", j.failed);
    }
    j.say(format_args!("{summary}\n"));
    Ok(if trouble {
        TROUBLE
    } else if j.failed > 0 || other_failures > 0 {
        FAILED
    } else {
        OK
    })
}
