//! The ordered parallel pipeline: inputs read in chunks, worked on N threads, handed to one
//! writer in input order: `sudoku-solve` and `sudoku-grade` run through [`filter`], which
//! also writes each chunk's failures after the boards before them and draws the progress
//! line. (Puzzle making, whose items are numbers rather than inputs, has its own makers in
//! `dig.rs`.)
//!
//! ```text
//!   files ─► Source ──(lock)──► worker 1 ─┐
//!            chunk 0, 1, 2 …    worker 2 ─┼─► (seq, done) ─► reorder buffer ─► put, in order
//!                    ▲          worker N ─┘                        │
//!                    └──────────── a token back per chunk put ◄────┘
//! ```
//!
//! A worker takes a token before it reads a chunk, and the writer gives one back for each
//! chunk it puts, so at most `4 × threads` chunks are in flight. The chunk size is cut so
//! that those chunks hold at most [`BOARDS_IN_FLIGHT`] boards whatever `-j` and `--chunk`
//! say: memory stays bounded (about 300 bytes a board in flight, 20 MB in all) whatever the
//! flags and the input. An input that cannot be opened or read is handed to the writer in its
//! place in that order too. No reader thread of its own: on two cores it preempted the
//! workers (see benches/README.md).
//!
//! When the system refuses a thread, or starting one would leave less than 32 MiB of
//! memory to allocate, the pipeline goes on with the threads it has, or in this thread alone
//! when it has none.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};

use super::progress::{input_size, Progress};
use super::{diag, out_error, read_error, report, Error, FileId, Input, FAILED, OK, TROUBLE};
use crate::stream::{Form, Part, Reader, Writer};
use crate::Board;

/// The most boards read and not yet written, whatever the flags.
pub const BOARDS_IN_FLIGHT: usize = 1 << 16;

/// Chunks in flight for each thread.
const CHUNKS_PER_THREAD: usize = 4;

/// The memory that must be left free after a thread is started: the chunks in flight
/// (about 20 MB at most) and the rest of the job; for `sudoku-gen`'s makers, the window
/// of items and the set of those written.
const HEADROOM: usize = 32 << 20;

/// One board as read.
#[derive(Clone, Copy)]
pub struct Entry {
    pub board: Board,
    pub form: Form,
    /// 1-based board number in its input.
    pub index: u64,
    /// The line it starts on.
    pub line: u64,
}

/// A run of boards from one input.
pub struct Chunk {
    /// The input's name in messages.
    pub name: Arc<str>,
    pub entries: Vec<Entry>,
}

/// A piece of the stream, in input order: a chunk (read, or worked on), or the error that
/// ended an input there.
pub enum Piece<T> {
    Chunk(T),
    Failed(Error),
}

/// What the pipeline reads and how.
pub struct Plan<'a> {
    pub files: &'a [OsString],
    /// The job's output file, which no input may be.
    pub output: Option<FileId>,
    pub jobs: usize,
    pub chunk: usize,
}

/// A chunk worked on, as a filter writes it: its output, and its failures as messages.
pub struct Done {
    pub part: Part,
    /// One `file:line: board N: reason` line a failure.
    pub failures: String,
    pub failed: u64,
    pub boards: u64,
}

/// What a filter's run did.
#[derive(Clone, Copy, Debug)]
pub struct Tally {
    /// 0, 1 (a board failed) or 2 (an input could not be read).
    pub status: i32,
    pub boards: u64,
    pub failed: u64,
}

/// A filter's run: every input of `plan` worked on by `work`, chunk by chunk, and written
/// to `out` (named `out_name` in messages) in input order, each chunk's failures on
/// standard error after the boards before them, with a progress line counting `noun`s
/// (unless `quiet`).
pub fn filter(
    plan: &Plan,
    work: impl Fn(Chunk) -> Done + Sync,
    out: &mut dyn std::io::Write,
    out_name: &str,
    noun: &'static str,
    quiet: bool,
) -> Result<Tally, Error> {
    let mut w = Writer::new(out);
    let (mut failed, mut boards) = (0u64, 0u64);
    let mut progress = Progress::new(noun, input_size(plan.files), quiet);
    let put = |piece: Piece<Done>| -> Result<(), Error> {
        let d = match piece {
            Piece::Chunk(d) => d,
            Piece::Failed(e) => {
                // After the boards before it, so the messages keep the order of the input.
                w.flush().map_err(|e| out_error(out_name, e))?;
                progress.finish();
                report(e);
                return Ok(());
            }
        };
        boards += d.boards;
        failed += d.failed;
        if !d.failures.is_empty() {
            w.flush().map_err(|e| out_error(out_name, e))?;
            progress.finish();
            diag(&d.failures);
        }
        w.append(&d.part).map_err(|e| out_error(out_name, e))?;
        progress.update(boards);
        Ok(())
    };
    let trouble = run(plan, work, put)?;
    drop(progress);
    w.flush().map_err(|e| out_error(out_name, e))?;
    let status = if trouble {
        TROUBLE
    } else if failed > 0 {
        FAILED
    } else {
        OK
    };
    Ok(Tally {
        status,
        boards,
        failed,
    })
}

/// Reads every input of `plan` in chunks, has `work` turn each into a result on up to
/// `plan.jobs` threads, and gives the results to `put` in input order. Returns true when an
/// input could not be opened or read (each such error was given to `put` in its place).
pub fn run<D: Send>(
    plan: &Plan,
    work: impl Fn(Chunk) -> D + Sync,
    mut put: impl FnMut(Piece<D>) -> Result<(), Error>,
) -> Result<bool, Error> {
    let tokens = if plan.jobs <= 1 {
        1
    } else {
        plan.jobs * CHUNKS_PER_THREAD
    };
    let chunk = plan.chunk.clamp(1, (BOARDS_IN_FLIGHT / tokens).max(1));
    let mut source = Source::new(plan, chunk);
    let threaded = plan.jobs > 1 && parallel(&mut source, plan.jobs, tokens, &work, &mut put)?;
    if !threaded {
        while let Some((_, piece)) = source.next() {
            put(apply(&work, piece))?;
        }
    }
    Ok(source.trouble)
}

fn apply<D>(work: &impl Fn(Chunk) -> D, piece: Piece<Chunk>) -> Piece<D> {
    match piece {
        Piece::Chunk(c) => Piece::Chunk(work(c)),
        Piece::Failed(e) => Piece::Failed(e),
    }
}

/// `jobs` workers, each reading a chunk (under a lock) and working on it; this thread puts
/// the results in input order. Returns false when no thread could be started (nothing was
/// read then).
fn parallel<D: Send>(
    source: &mut Source,
    jobs: usize,
    tokens: usize,
    work: &(impl Fn(Chunk) -> D + Sync),
    put: &mut impl FnMut(Piece<D>) -> Result<(), Error>,
) -> Result<bool, Error> {
    let (done_tx, done_rx) = sync_channel::<(u64, Piece<D>)>(tokens);
    let (token_tx, token_rx) = sync_channel::<()>(tokens);
    let (source, token_rx) = (Mutex::new(source), Mutex::new(token_rx));
    std::thread::scope(|scope| {
        let mut started = 0;
        for _ in 0..jobs {
            let (source, token_rx, done_tx) = (&source, &token_rx, done_tx.clone());
            let worker = move || loop {
                // The writer hung up (an error, or the end) when a token or a send fails.
                if lock(token_rx).recv().is_err() {
                    return;
                }
                let Some((seq, piece)) = lock(source).next() else {
                    return;
                };
                if done_tx.send((seq, apply(work, piece))).is_err() {
                    return;
                }
            };
            if !spawn_with_headroom(scope, worker) {
                break;
            }
            started += 1;
        }
        drop(done_tx);
        if started == 0 {
            return Ok(false);
        }
        for _ in 0..(started * CHUNKS_PER_THREAD).min(tokens) {
            token_tx
                .send(())
                .expect("the channel has room for every token");
        }
        put_in_order(put, done_rx, token_tx)?;
        Ok(true)
    })
}

/// Starts `f` on a thread of `scope`, unless the system refuses the thread or starting it
/// would leave less than `HEADROOM` (32 MiB) to allocate: a thread that takes the last of the
/// memory (under `ulimit -v`, its stack's address space) would leave the next ordinary
/// allocation to abort the process. The headroom is reserved while the thread starts, and
/// given back after. False when no thread was started.
pub fn spawn_with_headroom<'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    f: impl FnOnce() + Send + 'scope,
) -> bool {
    let mut headroom = Vec::<u8>::new();
    headroom.try_reserve_exact(HEADROOM).is_ok()
        && std::thread::Builder::new().spawn_scoped(scope, f).is_ok()
}

/// A lock that a panicked worker left poisoned is still usable: the panic itself is
/// reported when the scope joins it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Puts results in sequence order as they come back from the workers. Returning drops both
/// channels, which stops the workers (on an error too).
fn put_in_order<D>(
    put: &mut impl FnMut(Piece<D>) -> Result<(), Error>,
    done_rx: Receiver<(u64, Piece<D>)>,
    tokens: SyncSender<()>,
) -> Result<(), Error> {
    let mut pending = BTreeMap::new();
    let mut next = 0u64;
    for (seq, piece) in done_rx {
        pending.insert(seq, piece);
        while let Some(p) = pending.remove(&next) {
            put(p)?;
            next += 1;
            // Workers that found the end no longer take tokens; that is not an error.
            let _ = tokens.try_send(());
        }
    }
    Ok(())
}

/// The inputs read chunk by chunk, in order; each piece gets the next sequence number.
struct Source<'a> {
    files: std::slice::Iter<'a, OsString>,
    output: Option<FileId>,
    chunk: usize,
    current: Option<(Arc<str>, Reader<Input>)>,
    /// The read error that ends the current input, due after the chunk read before it.
    error: Option<Error>,
    seq: u64,
    /// An input failed: the exit status is 2.
    trouble: bool,
}

impl<'a> Source<'a> {
    fn new(plan: &'a Plan, chunk: usize) -> Self {
        Source {
            files: plan.files.iter(),
            output: plan.output,
            chunk,
            current: None,
            error: None,
            seq: 0,
            trouble: false,
        }
    }

    fn next(&mut self) -> Option<(u64, Piece<Chunk>)> {
        let piece = self.read()?;
        self.seq += 1;
        Some((self.seq - 1, piece))
    }

    fn read(&mut self) -> Option<Piece<Chunk>> {
        loop {
            if let Some(e) = self.error.take() {
                return Some(Piece::Failed(e));
            }
            let Some((name, reader)) = &mut self.current else {
                match Input::open(self.files.next()?, self.output) {
                    Ok((name, input)) => self.current = Some((name.into(), Reader::new(input))),
                    Err(e) => {
                        self.trouble = true;
                        return Some(Piece::Failed(e));
                    }
                }
                continue;
            };
            let name = name.clone();
            let mut entries = Vec::with_capacity(self.chunk);
            while entries.len() < self.chunk {
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
            if entries.len() < self.chunk {
                self.current = None; // the input's end, or its error
            }
            if !entries.is_empty() {
                return Some(Piece::Chunk(Chunk { name, entries }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Condvar;
    use std::time::Duration;

    /// `-j 2` works on two chunks at once: each chunk's work waits (a while at most) until
    /// two have been in work together.
    #[test]
    fn two_jobs_work_on_two_chunks_at_once() {
        let dir = crate::cli::scratch_dir("pipeline");
        let path = dir.join("boards.txt");
        std::fs::write(&path, format!("{}\n", ".".repeat(81)).repeat(2)).unwrap();
        let files = [path.clone().into_os_string()];
        let plan = Plan {
            files: &files,
            output: None,
            jobs: 2,
            chunk: 1,
        };
        // (chunks in work now, the most in work at once)
        let busy = (Mutex::new((0usize, 0usize)), Condvar::new());
        let work = |c: Chunk| {
            let (m, cv) = &busy;
            let mut g = lock(m);
            g.0 += 1;
            g.1 = g.1.max(g.0);
            cv.notify_all();
            let wait = Duration::from_secs(5);
            let (mut g, _) = cv.wait_timeout_while(g, wait, |g| g.1 < 2).unwrap();
            g.0 -= 1;
            c.entries.len()
        };
        let mut put = Vec::new();
        let trouble = run(&plan, work, |p| {
            put.push(matches!(p, Piece::Chunk(1)));
            Ok(())
        });
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(matches!(trouble, Ok(false)));
        assert_eq!(put, [true, true]);
        assert_eq!(
            lock(&busy.0).1,
            2,
            "the chunks were worked on one after the other"
        );
    }
}
