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

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, Write};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};

use super::flags::{Arg, Flag, Tool, HELP, VERSION};
use super::{io_error, parse_number, read_error, report, Error, Input, FAILED, OK, TROUBLE};
use crate::solve::{count_up_to, Outcome};
use crate::stream::{Form, Reader, Writer};
use crate::Board;

pub const JOBS: Flag = Flag::valued(
    "jobs",
    Some('j'),
    "N",
    "solve on N threads (default: all cores)",
    "Solve on N threads (default: the number of cores). The output is in input order whatever N.",
);

static FLAGS: [Flag; 9] = [
    Flag::switch(
        "grid",
        Some('g'),
        "write every solution in grid form",
        "Write every solution in grid form (the assignment's layout), whatever the puzzle's form.",
    ),
    Flag::switch(
        "line",
        Some('l'),
        "write every solution in line form",
        "Write every solution as one line of 81 digits, whatever the puzzle's form. Without --grid or \
         --line each solution takes the form of its puzzle.",
    ),
    Flag::switch(
        "count",
        Some('c'),
        "write the number of solutions (up to --limit) instead of a solution",
        "Write, for each puzzle, one line with its number of solutions, counted up to --limit, instead of \
         a solution. A puzzle with no solution still fails.",
    ),
    Flag::valued(
        "limit",
        None,
        "N",
        "with --count, stop counting at N (default 2)",
        "With --count, stop counting at N solutions (default 2, enough to tell unique from not).",
    ),
    Flag::switch(
        "unique",
        Some('u'),
        "fail a puzzle that has more than one solution",
        "Fail a puzzle that has more than one solution (it is reported, and stands unchanged in the output).",
    ),
    JOBS,
    Flag::valued(
        "chunk",
        None,
        "N",
        "boards handed to a thread at a time (default 256)",
        "Boards read and handed to a thread at a time (default 256). Larger chunks cost memory and \
         latency, smaller ones overhead.",
    ),
    HELP,
    VERSION,
];

pub static TOOL: Tool = Tool {
    name: "sudoku-solve",
    about: "Solve every sudoku puzzle read; write the solutions in input order.",
    usage: &["[--grid | --line] [--count [--limit N]] [--unique] [-j N] [FILE]..."],
    description: "Reads puzzles from the FILEs (standard input when there are none, or for -) in grid form \
or line form, 0 or . for a blank, and writes one solution per puzzle, in the puzzle's form unless --grid or \
--line says otherwise. When a puzzle has several solutions, the one written is always the same.\n\n\
A puzzle that fails (a digit repeats: invalid; no solution; more than one under --unique) is reported on \
standard error as file:line: board N: reason, and stands unchanged in the output, so that the output keeps \
one board per puzzle; sudoku-check flags it by its blanks. The other puzzles are solved and the status is 1.",
    flags: &FLAGS,
    operands: &[("FILE", "files to read; - or none for standard input")],
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
            "parallel -k --pipe --recend '\\n\\n' sudoku-solve --line < grids.txt | sudoku-solve --grid > solutions.txt",
            "the same for grid form: blocks end at an empty line; the jobs write line form, which joins cleanly, and a \
             last sudoku-solve --grid lays the solved boards out again",
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
    pub files: Vec<OsString>,
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
            files: Vec::new(),
        }
    }
}

/// The number of cores, or 1 when it cannot be told.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn parse(args: Vec<Arg>) -> Result<Config, Error> {
    let t = &TOOL;
    let mut cfg = Config::new(default_jobs());
    for a in args {
        match a {
            Arg::Flag(f, v) => match (f.long, v) {
                ("grid", _) => cfg.form = Some(Form::Grid),
                ("line", _) => cfg.form = Some(Form::Line),
                ("count", _) => cfg.count = true,
                ("limit", Some(v)) => {
                    cfg.limit = parse_number(t, "--limit", &v, 1, u32::MAX as u64)? as u32
                }
                ("unique", _) => cfg.unique = true,
                ("jobs", Some(v)) => cfg.jobs = parse_number(t, "--jobs", &v, 1, 1024)? as usize,
                ("chunk", Some(v)) => {
                    cfg.chunk = parse_number(t, "--chunk", &v, 1, 1 << 20)? as usize
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

pub fn run(args: Vec<Arg>) -> Result<i32, Error> {
    let cfg = parse(args)?;
    solve_all(&cfg, &mut io::stdout().lock(), "standard output").map(|(status, _)| status)
}

/// One puzzle as read.
#[derive(Clone, Copy)]
struct Entry {
    board: Board,
    form: Form,
    index: u64,
    line: u64,
}

/// A run of puzzles from one input.
struct Chunk {
    name: Arc<str>,
    entries: Vec<Entry>,
}

/// A chunk solved: its output bytes and its failures, as messages.
struct Done {
    bytes: Vec<u8>,
    /// Form of the first and last board written, to put empty lines between grid boards
    /// across chunk boundaries.
    first: Option<Form>,
    last: Option<Form>,
    failures: Vec<u8>,
    failed: u64,
    boards: u64,
}

/// Solves every puzzle of `chunk` into output bytes.
fn solve_chunk(cfg: &Config, chunk: Chunk) -> Done {
    let mut failures = Vec::new();
    let mut failed = 0;
    let mut w = Writer::with_threshold(Vec::with_capacity(chunk.entries.len() * 164), 0);
    let limit = match (cfg.count, cfg.unique) {
        (true, false) => cfg.limit,
        (true, true) => cfg.limit.max(2),
        (false, true) => 2,
        (false, false) => 1,
    };
    // (Solving the whole chunk first and then writing it, so that each loop keeps its own
    // code hot: no change, medians of 31 alternated pairs of runs 0.995x to 1.055x the time
    // on kaggle, random_minimal and 17_clue.)
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
            failed += 1;
            let _ = writeln!(
                failures,
                "{}:{}: board {}: {r}",
                chunk.name, e.line, e.index
            );
        }
        // Writing into a Vec cannot fail.
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
    let (first, last) = w.forms();
    Done {
        bytes: w.into_inner().unwrap_or_default(),
        first,
        last,
        failures,
        failed,
        boards: chunk.entries.len() as u64,
    }
}

/// Writes solved chunks in order, and their failures to standard error.
struct Output<'a> {
    out: &'a mut dyn Write,
    out_name: &'a str,
    last: Option<Form>,
    failed: u64,
    boards: u64,
}

/// An item of the output, in input order.
enum Solved {
    Chunk(Done),
    Failed(Error),
}

impl Output<'_> {
    /// Writes a solved chunk, or reports the error that stopped an input (after flushing
    /// the boards before it).
    fn put(&mut self, s: Solved) -> Result<(), Error> {
        let d = match s {
            Solved::Chunk(d) => d,
            Solved::Failed(e) => {
                self.out.flush().map_err(|e| io_error(self.out_name, e))?;
                report(e);
                return Ok(());
            }
        };
        self.boards += d.boards;
        if !d.failures.is_empty() {
            let _ = self.out.flush();
            io::stderr()
                .write_all(&d.failures)
                .map_err(|e| io_error("standard error", e))?;
        }
        self.failed += d.failed;
        if d.first == Some(Form::Grid) && self.last == Some(Form::Grid) {
            self.out
                .write_all(b"\n")
                .map_err(|e| io_error(self.out_name, e))?;
        }
        self.out
            .write_all(&d.bytes)
            .map_err(|e| io_error(self.out_name, e))?;
        if d.last.is_some() {
            self.last = d.last;
        }
        Ok(())
    }
}

/// What the inputs yield, in order: chunks of puzzles, and the errors that end an input.
enum Read {
    Chunk(Chunk),
    /// An input could not be opened, or stopped here: reported once everything before it is
    /// written, so the messages keep the order of the input.
    Failed(Error),
}

impl Read {
    /// The item's place in the output: its chunk solved, or its error passed on.
    fn solve(self, cfg: &Config) -> Solved {
        match self {
            Read::Chunk(chunk) => Solved::Chunk(solve_chunk(cfg, chunk)),
            Read::Failed(e) => Solved::Failed(e),
        }
    }
}

/// The inputs read chunk by chunk, in order; each item gets the next sequence number.
struct Source<'a> {
    cfg: &'a Config,
    files: std::slice::Iter<'a, OsString>,
    current: Option<(Arc<str>, Reader<Input>)>,
    /// The read error that ends the current input, due after the chunk read before it.
    error: Option<Error>,
    seq: u64,
    /// An input failed: the exit status is 2.
    trouble: bool,
}

impl<'a> Source<'a> {
    fn new(cfg: &'a Config) -> Self {
        Source {
            cfg,
            files: cfg.files.iter(),
            current: None,
            error: None,
            seq: 0,
            trouble: false,
        }
    }

    fn next(&mut self) -> Option<(u64, Read)> {
        let read = self.read()?;
        self.seq += 1;
        Some((self.seq - 1, read))
    }

    fn read(&mut self) -> Option<Read> {
        loop {
            if let Some(e) = self.error.take() {
                return Some(Read::Failed(e));
            }
            let Some((name, reader)) = &mut self.current else {
                match Input::open(self.files.next()?) {
                    Ok((name, input)) => self.current = Some((name.into(), Reader::new(input))),
                    Err(e) => {
                        self.trouble = true;
                        return Some(Read::Failed(e));
                    }
                }
                continue;
            };
            let name = name.clone();
            let mut entries = Vec::with_capacity(self.cfg.chunk);
            while entries.len() < self.cfg.chunk {
                match reader.next() {
                    Ok(Some(item)) => entries.push(Entry {
                        board: item.board,
                        form: item.form,
                        index: item.index,
                        line: item.line,
                    }),
                    Ok(None) => break,
                    Err(e) => {
                        self.error = Some(read_error(&name, e));
                        self.trouble = true;
                        break;
                    }
                }
            }
            if entries.len() < self.cfg.chunk {
                self.current = None; // the input's end, or its error
            }
            if !entries.is_empty() {
                return Some(Read::Chunk(Chunk { name, entries }));
            }
        }
    }
}

/// Solves every puzzle of `cfg.files` into `out`. Returns the exit status and the number of
/// puzzles read.
pub fn solve_all(cfg: &Config, out: &mut dyn Write, out_name: &str) -> Result<(i32, u64), Error> {
    let mut output = Output {
        out,
        out_name,
        last: None,
        failed: 0,
        boards: 0,
    };
    let mut source = Source::new(cfg);
    if cfg.jobs <= 1 {
        while let Some((_, read)) = source.next() {
            output.put(read.solve(cfg))?;
        }
    } else {
        solve_parallel(cfg, &mut source, &mut output)?;
    }
    output.out.flush().map_err(|e| io_error(out_name, e))?;
    let status = if source.trouble {
        TROUBLE
    } else if output.failed > 0 {
        FAILED
    } else {
        OK
    };
    Ok((status, output.boards))
}

/// `cfg.jobs` workers, each reading a chunk (under a lock) and solving it; this thread
/// writes the chunks in input order. A token is an item allowed in flight (read and not yet
/// written): a worker takes one before it reads, the writer gives it back, so memory stays
/// bounded. No reader thread of its own: on two cores, the extra thread preempted the
/// workers ~500 times a run of the 17-clue set. (Nor does this thread's waking cost much:
/// with it solving chunks too, between its writes, and `jobs - 1` workers, a run of that
/// set had ~12 context switches instead of ~280, and `-j2` was no faster: 1.77x `-j1`
/// against 1.81x, medians of 21 alternated runs.)
fn solve_parallel(cfg: &Config, source: &mut Source, output: &mut Output) -> Result<(), Error> {
    let in_flight = cfg.jobs * 4;
    let (done_tx, done_rx) = sync_channel::<(u64, Solved)>(in_flight);
    let (token_tx, token_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        token_tx.send(()).unwrap();
    }
    let (source, token_rx) = (Mutex::new(source), Mutex::new(token_rx));
    std::thread::scope(|scope| {
        for _ in 0..cfg.jobs {
            let (source, token_rx, done_tx) = (&source, &token_rx, done_tx.clone());
            scope.spawn(move || loop {
                // The writer hung up (an error, or the end) when a token or a send fails.
                if token_rx.lock().unwrap().recv().is_err() {
                    return;
                }
                let Some((seq, read)) = source.lock().unwrap().next() else {
                    return;
                };
                if done_tx.send((seq, read.solve(cfg))).is_err() {
                    return;
                }
            });
        }
        drop(done_tx);
        write_in_order(output, done_rx, token_tx)
    })
}

/// Writes items in sequence order as they come back from the workers. Returning drops both
/// channels, which stops the workers (on an error too).
fn write_in_order(
    output: &mut Output,
    done_rx: Receiver<(u64, Solved)>,
    tokens: SyncSender<()>,
) -> Result<(), Error> {
    let mut pending = BTreeMap::new();
    let mut next = 0u64;
    for (seq, solved) in done_rx {
        pending.insert(seq, solved);
        while let Some(s) = pending.remove(&next) {
            output.put(s)?;
            next += 1;
            // Workers that found the end no longer take tokens; that is not an error.
            let _ = tokens.try_send(());
        }
    }
    Ok(())
}
