//! `sudoku-solve [FILE]...`: solves every puzzle it reads, in input order, on every core.
//!
//! Boards are read in chunks; with `-j 1` each chunk is solved and written in turn, with more
//! jobs worker threads read chunks in turn and solve them, and the main thread writes them in
//! input order through a reorder buffer. A fixed number of tokens bounds the chunks in
//! flight, so memory stays bounded whatever the input and however unequal the puzzles. An
//! input that cannot be opened or read is reported in its place in that order too.
//!
//! A puzzle that fails (invalid, no solution, not unique under `--unique`) is reported on
//! standard error, and the puzzle itself, unchanged, stands in its place in the output: the
//! output keeps one board per puzzle, a downstream `sudoku-check` flags the blanks, and no
//! wrong board is ever written.

use std::ffi::OsString;
use std::io::Write;

use super::flags::{Arg, Flag, Tool, EXIT_STATUS};
use super::pipeline::{self, Chunk, Done, Plan, Tally};
use super::shared::{self, JOBS, QUIET};
use super::{stdout, Error, FileId};
use crate::solve::{count_up_to, Outcome};
use crate::stream::{Form, Writer};

/// The flags of `sudoku-solve`.
#[derive(Clone, Copy, Debug)]
pub enum Opt {
    Grid,
    Line,
    Count,
    Limit,
    Unique,
    Jobs,
    Chunk,
    Quiet,
}

static FLAGS: [(Opt, Flag); 8] = [
    (
        Opt::Grid,
        Flag::switch(
            "grid",
            Some('g'),
            "write every solution in grid form",
            "Write every solution in grid form (the assignment's layout), whatever the puzzle's form.",
        ),
    ),
    (
        Opt::Line,
        Flag {
            doc: "write every solution in line form",
            long_doc: "Write every solution as one line of 81 digits, whatever the puzzle's form. \
                       Without --grid or --line each solution takes the form of its puzzle.",
            ..shared::LINE
        },
    ),
    (
        Opt::Count,
        Flag::switch(
            "count",
            Some('c'),
            "write each puzzle's number of solutions (up to --limit)",
            "Write, for each puzzle, one line with its number of solutions, counted up to --limit, \
             instead of a solution. A puzzle with no solution still fails.",
        ),
    ),
    (
        Opt::Limit,
        Flag::valued(
            "limit",
            None,
            "N",
            "with --count, stop counting at N (default 2)",
            "With --count, stop counting at N solutions (default 2, enough to tell unique from not).",
        ),
    ),
    (
        Opt::Unique,
        Flag::switch(
            "unique",
            Some('u'),
            "fail a puzzle that has more than one solution",
            "Fail a puzzle that has more than one solution (it is reported, and stands unchanged in \
             the output).",
        ),
    ),
    (Opt::Jobs, JOBS),
    (
        Opt::Chunk,
        Flag::valued(
            "chunk",
            None,
            "N",
            "boards handed to a thread at a time (default 256)",
            "Boards read and handed to a thread at a time (default 256). However large N and -j, at \
             most 65536 boards are in flight (read and not yet written): the chunks shrink to fit.",
        ),
    ),
    (Opt::Quiet, QUIET),
];

pub static TOOL: Tool<Opt> = Tool {
    name: "sudoku-solve",
    about: "Solve every sudoku puzzle read; write the solutions in input order.",
    usage: &["[--grid | --line] [--count [--limit N]] [--unique] [-j N] [-q] [FILE]..."],
    description: "Reads puzzles from the FILEs (standard input when there are none, or for -) in grid form \
or line form, 0 or . for a blank, and writes one solution per puzzle, in the puzzle's form unless --grid or \
--line says otherwise. When a puzzle has several solutions, the one written is always the same.\n\n\
A puzzle that fails (a digit repeats: invalid; no solution; more than one under --unique) is reported on \
standard error as file:line: board N: reason, and stands unchanged in the output, so that the output keeps \
one board per puzzle; sudoku-check flags it by its blanks. The other puzzles are solved and the status is 1.",
    flags: &FLAGS,
    operands: &[("FILE", "files to read; - or none for standard input")],
    exit_status: EXIT_STATUS,
    generates: false,
    examples: &[
        ("sudoku-solve < puzzles.txt > solutions.txt", "solve a file of puzzles"),
        ("sudoku-solve --count puzzles.txt | sort | uniq -c", "how many puzzles have 0, 1 or 2+ solutions"),
        ("sudoku-solve puzzles.txt | sudoku-check --solves puzzles.txt", "solve and verify"),
        (
            "parallel -k --pipe -N 10000 sudoku-solve < puzzles.txt > solutions.txt",
            "spread a line-form file over cores or machines (with -S) with GNU parallel: 10000 puzzles a job, \
             output kept in order",
        ),
        (
            "parallel -k --pipe --recend '\\n\\n' sudoku-solve -l < in.txt | sudoku-solve -g",
            "the same for grid form: blocks end at an empty line; the jobs write line form, which joins cleanly, and a \
             last sudoku-solve -g (--grid) lays the solved boards out again",
        ),
    ],
};

/// What to do with each puzzle.
#[derive(Clone, Debug)]
pub struct Config {
    /// The output form, or `None` to follow each puzzle's form.
    pub form: Option<Form>,
    pub count: bool,
    pub limit: u32,
    pub unique: bool,
    pub jobs: usize,
    pub chunk: usize,
    /// No progress line.
    pub quiet: bool,
    pub files: Vec<OsString>,
    /// The output file, which no input may be.
    pub output: Option<FileId>,
}

impl Config {
    pub fn new(jobs: usize) -> Config {
        Config {
            form: None,
            count: false,
            limit: 2,
            unique: false,
            jobs,
            chunk: 256,
            quiet: false,
            files: Vec::new(),
            output: None,
        }
    }
}

fn parse(args: Vec<Arg<Opt>>) -> Result<Config, Error> {
    let t = &TOOL;
    let mut cfg = Config::new(shared::all_cores());
    let mut limit = false;
    for a in args {
        let (id, flag, v) = match a {
            Arg::Flag { id, flag, value } => (id, flag, value.unwrap_or_default()),
            Arg::Operand(v) => {
                cfg.files.push(v);
                continue;
            }
        };
        let name = format!("--{}", flag.long);
        match id {
            Opt::Grid => cfg.form = Some(Form::Grid),
            Opt::Line => cfg.form = Some(Form::Line),
            Opt::Count => cfg.count = true,
            Opt::Limit => {
                cfg.limit = t.number(&name, &v, 1..=u32::MAX)?;
                limit = true;
            }
            Opt::Unique => cfg.unique = true,
            Opt::Jobs => cfg.jobs = shared::jobs(t, &v)?,
            Opt::Chunk => cfg.chunk = t.number(&name, &v, 1..=1 << 20)?,
            Opt::Quiet => cfg.quiet = true,
        }
    }
    if limit && !cfg.count {
        return Err(t.usage("--limit goes with --count".into()));
    }
    if cfg.files.is_empty() {
        cfg.files.push("-".into());
    }
    Ok(cfg)
}

pub fn run(args: Vec<Arg<Opt>>) -> Result<i32, Error> {
    let mut cfg = parse(args)?;
    cfg.output = super::stdout_file();
    solve_all(&cfg, &mut stdout()?, "standard output").map(|t| t.status)
}

/// Solves every puzzle of `chunk` into output bytes.
fn solve_chunk(cfg: &Config, chunk: Chunk) -> Done {
    let mut failures = String::new();
    let mut failed = 0;
    let mut w = Writer::part(chunk.entries.len() * 164);
    let limit = match (cfg.count, cfg.unique) {
        (true, false) => cfg.limit,
        (true, true) => cfg.limit.max(2),
        (false, true) => 2,
        (false, false) => 1,
    };
    // (Solving the whole chunk first and then writing it, so that each loop keeps its own
    // code hot, made no difference: see benches/README.md.)
    for e in &chunk.entries {
        let outcome = count_up_to(&e.board, limit);
        let (board, reason) = match outcome {
            Outcome::Invalid(c) => (None, Some(format!("invalid puzzle: {c}"))),
            Outcome::Solved { count: 0, .. } => (None, Some("no solution".to_string())),
            Outcome::Solved { count, .. } if cfg.unique && count > 1 => {
                (None, Some("more than one solution".to_string()))
            }
            Outcome::Solved { first, .. } => (first, None),
        };
        if let Some(r) = reason {
            use std::fmt::Write as _;
            failed += 1;
            let _ = writeln!(
                failures,
                "{}:{}: board {}: {r}",
                chunk.name, e.line, e.index
            );
        }
        // Writing into a part cannot fail.
        let _ = if cfg.count {
            let n = match outcome {
                Outcome::Invalid(_) => 0,
                Outcome::Solved { count, .. } => count,
            };
            let mut itoa = itoa::Buffer::new();
            let digits = itoa.format(n).as_bytes();
            let mut line = [b'\n'; 11];
            line[..digits.len()].copy_from_slice(digits);
            w.raw(&line[..=digits.len()], Form::Line)
        } else {
            // A failed puzzle stands unchanged in its place.
            w.write(
                board.as_ref().unwrap_or(&e.board),
                cfg.form.unwrap_or(e.form),
            )
        };
    }
    Done {
        part: w.into_part(),
        failures,
        failed,
        boards: chunk.entries.len() as u64,
    }
}

/// Solves every puzzle of `cfg.files` into `out`.
pub fn solve_all(cfg: &Config, out: &mut dyn Write, out_name: &str) -> Result<Tally, Error> {
    let plan = Plan {
        files: &cfg.files,
        output: cfg.output,
        jobs: cfg.jobs,
        chunk: cfg.chunk,
    };
    let work = |c| solve_chunk(cfg, c);
    pipeline::filter(&plan, work, out, out_name, "puzzles", cfg.quiet)
}
