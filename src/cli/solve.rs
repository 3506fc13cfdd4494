//! `sudoku-solve [FILE]...`: solves every puzzle it reads, in input order, on every core.
//!
//! Boards are read in chunks; with `-j 1` each chunk is solved and written in turn, with more
//! jobs the chunks go to worker threads and come back in input order through a reorder
//! buffer. A fixed number of tokens bounds the chunks in flight, so memory stays bounded
//! whatever the input and however unequal the puzzles.
//!
//! A puzzle that fails (invalid, no solution, not unique under `--unique`) is reported on
//! standard error, and the puzzle itself, unchanged, stands in its place in the output: the
//! output keeps one board per puzzle, a downstream `sudoku-check` flags the blanks, and no
//! wrong board is ever written.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, Write};
use std::sync::mpsc::{sync_channel, Receiver};
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
    seq: u64,
    name: Arc<str>,
    entries: Vec<Entry>,
}

/// A chunk solved: its output bytes and its failures, as messages.
struct Done {
    seq: u64,
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
        seq: chunk.seq,
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

impl Output<'_> {
    fn put(&mut self, d: Done) -> Result<(), Error> {
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

/// Reads the inputs chunk by chunk and hands each chunk to `sink`. A read error ends that
/// input: it is reported and the next input is read. Returns true when an input failed.
fn read_chunks(
    cfg: &Config,
    mut sink: impl FnMut(Chunk) -> Result<(), Error>,
) -> Result<bool, Error> {
    let mut trouble = false;
    let mut seq = 0;
    for path in &cfg.files {
        let (name, input) = match Input::open(path) {
            Ok(x) => x,
            Err(e) => {
                report(e);
                trouble = true;
                continue;
            }
        };
        let name: Arc<str> = name.into();
        let mut reader = Reader::new(input);
        let mut entries = Vec::with_capacity(cfg.chunk);
        let mut error = None;
        loop {
            match reader.next() {
                Ok(Some(item)) => {
                    entries.push(Entry {
                        board: item.board,
                        form: item.form,
                        index: item.index,
                        line: item.line,
                    });
                    if entries.len() < cfg.chunk {
                        continue;
                    }
                }
                Ok(None) => {}
                Err(e) => error = Some(e),
            }
            let full = entries.len() == cfg.chunk;
            if !entries.is_empty() {
                let batch = std::mem::replace(&mut entries, Vec::with_capacity(cfg.chunk));
                sink(Chunk {
                    seq,
                    name: name.clone(),
                    entries: batch,
                })?;
                seq += 1;
            }
            if !full || error.is_some() {
                break;
            }
        }
        if let Some(e) = error {
            // Everything read before the error has been handed on; now say where it stopped.
            sink(Chunk {
                seq: u64::MAX,
                name: name.clone(),
                entries: Vec::new(),
            })?;
            report(read_error(&name, e));
            trouble = true;
        }
    }
    Ok(trouble)
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
    let trouble = if cfg.jobs <= 1 {
        read_chunks(cfg, |chunk| {
            if chunk.seq == u64::MAX {
                return output.out.flush().map_err(|e| io_error(out_name, e));
            }
            output.put(solve_chunk(cfg, chunk))
        })?
    } else {
        solve_parallel(cfg, &mut output)?
    };
    output.out.flush().map_err(|e| io_error(out_name, e))?;
    let status = if trouble {
        TROUBLE
    } else if output.failed > 0 {
        FAILED
    } else {
        OK
    };
    Ok((status, output.boards))
}

fn solve_parallel(cfg: &Config, output: &mut Output) -> Result<bool, Error> {
    let in_flight = cfg.jobs * 4;
    let (job_tx, job_rx) = sync_channel::<Chunk>(in_flight);
    let (done_tx, done_rx) = sync_channel::<Done>(in_flight);
    // A token is a chunk allowed in flight: the reader takes one per chunk, the writer gives
    // it back once the chunk is written. This bounds the reorder buffer too.
    let (token_tx, token_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        token_tx.send(()).unwrap();
    }
    let job_rx = Mutex::new(job_rx);
    std::thread::scope(|scope| {
        for _ in 0..cfg.jobs {
            let (job_rx, done_tx) = (&job_rx, done_tx.clone());
            scope.spawn(move || loop {
                let next = job_rx.lock().unwrap().recv();
                let Ok(chunk) = next else { return };
                if done_tx.send(solve_chunk(cfg, chunk)).is_err() {
                    return;
                }
            });
        }
        drop(done_tx);
        let reader = scope.spawn(move || {
            let mut sent = 0u64;
            // Tokens taken back from the writer while waiting out a read error.
            let mut held = 0;
            let r = read_chunks(cfg, |mut chunk| {
                if chunk.seq == u64::MAX {
                    // A read error follows: wait until everything before it is written, so
                    // its message comes after the failures of the boards before it.
                    while held < in_flight {
                        token_rx.recv().map_err(|_| Error::BrokenPipe)?;
                        held += 1;
                    }
                    return Ok(());
                }
                if held > 0 {
                    held -= 1;
                } else {
                    token_rx.recv().map_err(|_| Error::BrokenPipe)?;
                }
                chunk.seq = sent;
                sent += 1;
                job_tx.send(chunk).map_err(|_| Error::BrokenPipe)
            });
            drop(job_tx);
            r
        });
        let written = write_in_order(output, done_rx, token_tx);
        let read = reader.join().expect("reader thread panicked");
        written?;
        read
    })
}

/// Writes chunks in sequence order as they come back from the workers.
fn write_in_order(
    output: &mut Output,
    done_rx: Receiver<Done>,
    tokens: std::sync::mpsc::SyncSender<()>,
) -> Result<(), Error> {
    let mut pending = BTreeMap::new();
    let mut next = 0u64;
    for d in done_rx {
        pending.insert(d.seq, d);
        while let Some(d) = pending.remove(&next) {
            output.put(d)?;
            next += 1;
            // The reader may have stopped taking tokens; that is not an error here.
            let _ = tokens.try_send(());
        }
    }
    Ok(())
}
