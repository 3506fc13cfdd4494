//! `sudoku-check [FILE]...`: judges every board it reads.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};

use super::flags::{Arg, Flag, Tool, HELP, VERSION};
use super::{parse_first, parse_number, read_error, report, Error, Input, FAILED, OK, TROUBLE};
use crate::check::{check_board, layout_failure, Checks, Distinct, Failure};
use crate::stream::{Item, Reader};

static FLAGS: [Flag; 8] = [
    Flag::switch(
        "puzzles",
        Some('p'),
        "boards may have blanks (check puzzles, not solutions)",
        "Accept blank cells (0 or .): check puzzles rather than solved grids. The rules still hold.",
    ),
    Flag::switch(
        "distinct",
        Some('d'),
        "fail every board that repeats an earlier one",
        "Fail every board that repeats an earlier board, across all inputs. Duplicates are reported \
         after the other failures, each naming the board it repeats. Uses under 64 bytes of memory a board.",
    ),
    Flag::valued(
        "first",
        None,
        "D",
        "every board must have D in its top-left cell",
        "Fail every board whose top-left digit is not D (1 to 9).",
    )
    .with_choices(super::gen::DIGITS),
    Flag::switch(
        "strict",
        None,
        "demand the assignment's exact layout",
        "Demand the assignment's exact layout: grid form, cells separated by single spaces, 0 for a \
         blank, each row ended by a newline, exactly one empty line between boards and none at the end, \
         no CR, no byte-order mark, no comments or rule lines. The first departure is reported with its line.",
    ),
    Flag::valued(
        "solves",
        None,
        "FILE",
        "board i must solve puzzle i of FILE",
        "Pair the boards read with the puzzles of FILE, in order: each board must keep every given of \
         its puzzle, and there must be as many boards as puzzles.",
    ),
    Flag::valued(
        "count",
        None,
        "N",
        "there must be exactly N boards",
        "Fail unless exactly N boards are read in all.",
    ),
    HELP,
    VERSION,
];

pub static TOOL: Tool = Tool {
    name: "sudoku-check",
    about: "Judge every sudoku board read: rules, completeness, layout, distinctness.",
    usage: &["[--puzzles] [--distinct] [--strict] [--first D] [--solves FILE] [--count N] [FILE]..."],
    description: "Reads boards from the FILEs (standard input when there are none, or for -) in grid \
form or line form and checks each one: no digit repeats in a row, column or box, and no cell is blank \
(unless --puzzles). The options add checks. Each failing board is reported on standard error as \
file:line: board N: reason, and a summary line ends the run (1000 boards: 1000 ok).\n\n\
Input that is not a board stream (a letter, a row of 8 cells, a board cut short) stops the reading of that \
input with an error that names its line and column; the status is then 2.",
    flags: &FLAGS,
    operands: &[("FILE", "files to read; - or none for standard input")],
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

fn parse(args: Vec<Arg>) -> Result<Config, Error> {
    let t = &TOOL;
    let mut cfg = Config {
        checks: Checks::default(),
        distinct: false,
        solves: None,
        count: None,
        files: Vec::new(),
    };
    for a in args {
        match a {
            Arg::Flag(f, v) => match (f.long, v) {
                ("puzzles", _) => cfg.checks.puzzles = true,
                ("distinct", _) => cfg.distinct = true,
                ("strict", _) => cfg.checks.strict = true,
                ("first", Some(v)) => cfg.checks.first = Some(parse_first(t, "--first", &v)?),
                ("solves", Some(v)) => cfg.solves = Some(v),
                ("count", Some(v)) => {
                    cfg.count = Some(parse_number(t, "--count", &v, 0, u64::MAX)?)
                }
                _ => unreachable!("flag --{} is in the table but not handled", f.long),
            },
            Arg::Operand(v) => cfg.files.push(v),
        }
    }
    if cfg.files.is_empty() {
        cfg.files.push("-".into());
    }
    Ok(cfg)
}

/// The running tally and where failures go.
struct Judge<E: Write> {
    err: E,
    boards: u64,
    failed: u64,
    /// One bit a board (in reading order): set when it has failed already.
    failed_bits: Vec<u64>,
}

impl<E: Write> Judge<E> {
    /// Reports board `index` of input `name`, the `ordinal`-th board read (0-based).
    fn fail(&mut self, ordinal: u64, name: &str, index: u64, f: &Failure) -> io::Result<()> {
        let bit = 1u64 << (ordinal % 64);
        let word = &mut self.failed_bits[(ordinal / 64) as usize];
        if *word & bit == 0 {
            *word |= bit;
            self.failed += 1;
        }
        let col = f.col.map(|c| format!(":{c}")).unwrap_or_default();
        writeln!(
            self.err,
            "{name}:{}{col}: board {index}: {}",
            f.line, f.reason
        )
    }

    fn count(&mut self) {
        self.boards += 1;
        if (self.boards - 1).is_multiple_of(64) {
            self.failed_bits.push(0);
        }
    }
}

pub fn run(args: Vec<Arg>) -> Result<i32, Error> {
    let cfg = parse(args)?;
    let err = BufWriter::new(io::stderr().lock());
    let mut j = Judge {
        err,
        boards: 0,
        failed: 0,
        failed_bits: Vec::new(),
    };
    let r = judge(&cfg, &mut j);
    let _ = j.err.flush();
    r
}

fn judge<E: Write>(cfg: &Config, j: &mut Judge<E>) -> Result<i32, Error> {
    let stderr = |e: io::Error| super::io_error("standard error", e);
    let mut trouble = false;
    let mut other_failures = 0u64;
    let mut puzzles = match &cfg.solves {
        Some(p) => {
            let (name, input) = Input::open(p)?;
            Some((name, Reader::new(input), 0u64))
        }
        None => None,
    };
    let mut distinct = cfg.distinct.then(Distinct::default);
    let mut names = Vec::new();
    let mut offsets = Vec::new();
    for path in &cfg.files {
        let (name, input) = match Input::open(path) {
            Ok(x) => x,
            Err(e) => {
                let _ = j.err.flush();
                report(e);
                trouble = true;
                continue;
            }
        };
        let mut reader = Reader::new(input);
        let input_no = names.len() as u32;
        offsets.push(j.boards);
        let mut last = None;
        loop {
            let item: &Item = match reader.next() {
                Ok(Some(item)) => item,
                Ok(None) => break,
                Err(e) => {
                    let _ = j.err.flush();
                    report(read_error(&name, e));
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
                            reason: format!("no puzzle for it: {pname} has only {seen}"),
                        };
                        j.fail(j.boards - 1, &name, item.index, &f)
                            .map_err(stderr)?;
                        None
                    }
                    Err(e) => return Err(read_error(pname, e)),
                },
                None => None,
            };
            if let Some(f) = check_board(item, &cfg.checks, puzzle.as_ref()) {
                j.fail(j.boards - 1, &name, item.index, &f)
                    .map_err(stderr)?;
            }
            if let Some(d) = &mut distinct {
                d.add(input_no, item);
            }
        }
        if cfg.checks.strict {
            if let (Some(index), Some(issue)) = (last, reader.trailing_layout()) {
                // The end of the input belongs to its last board.
                let ordinal = offsets[input_no as usize] + index - 1;
                j.fail(ordinal, &name, index, &layout_failure(issue))
                    .map_err(stderr)?;
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
            writeln!(
                j.err,
                "{pname}: {} puzzles but only {} boards",
                seen + more,
                j.boards
            )
            .map_err(stderr)?;
            other_failures += 1;
        }
    }
    if let Some(d) = distinct {
        for dup in d.duplicates() {
            let here = &names[dup.input as usize];
            let there = if dup.first_input == dup.input {
                String::new()
            } else {
                format!(" of {}", names[dup.first_input as usize])
            };
            let f = Failure {
                line: dup.line,
                col: None,
                reason: format!(
                    "same as board {}{there} (line {})",
                    dup.first_index, dup.first_line
                ),
            };
            let ordinal = offsets[dup.input as usize] + dup.index - 1;
            j.fail(ordinal, here, dup.index, &f).map_err(stderr)?;
        }
    }
    if let Some(want) = cfg.count {
        if want != j.boards {
            writeln!(j.err, "expected {want} boards, found {}", j.boards).map_err(stderr)?;
            other_failures += 1;
        }
    }
    if j.boards == 0 && !trouble && cfg.count.is_none() {
        writeln!(j.err, "no boards").map_err(stderr)?;
        other_failures += 1;
    }
    let ok = j.boards - j.failed;
    let mut summary = format!("{} boards: {ok} ok", j.boards);
    if j.failed > 0 {
        summary += &format!(", {} failed", j.failed);
    }
    writeln!(j.err, "{summary}").map_err(stderr)?;
    Ok(if trouble {
        TROUBLE
    } else if j.failed > 0 || other_failures > 0 {
        FAILED
    } else {
        OK
    })
}
