//! Making random grids and puzzles on N threads, written in order: `sudoku-gen --random`,
//! `sudoku-gen --puzzles` and `sudoku -n`.
//!
//! ```text
//!   items k = skip .. skip+count, in batches of 256 a thread; each thread takes the
//!   next item of the batch that no thread has taken:
//!     thread 1: k, k+2, k+3, ...  ─┐
//!     thread 2: k+1, k+4, ...     ─┴─► in order: distinct? ─► write
//!                                                  │ a repeat
//!                                                  └─► made again, retry 1, 2, ... (here)
//! ```
//!
//! Item k depends only on (seed, k) ([`crate::gen::random::Rng`]), and repeats are replaced
//! in order by this thread, so the bytes are the same whatever the number of threads. The
//! distinctness check remembers a 128-bit digest of each item written (16 bytes an item).

use std::collections::HashSet;
use std::ffi::OsStr;
use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::flags::Tool;
use super::progress::{Progress, Total};
use super::{out_error, Error, OK};
use crate::check::digest;
use crate::gen::puzzle::{self, Spec, ATTEMPTS};
use crate::gen::random::{self, mix, Rng};
use crate::stream::{Form, Writer};
use crate::Board;

/// What to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    /// Random solved grids from the whole space.
    Grids,
    Puzzles(Spec),
}

/// A request.
#[derive(Clone, Copy, Debug)]
pub struct Dig {
    pub what: What,
    pub count: u64,
    /// The index of the first item.
    pub skip: u64,
    pub seed: u64,
    pub jobs: usize,
    pub form: Form,
    /// No progress line.
    pub quiet: bool,
}

/// Items a batch holds for each thread (the threads start and join once a batch).
const BATCH: usize = 256;

/// A seed from the clock and the process, for a run without `--seed`.
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    mix(nanos ^ u64::from(std::process::id()) << 40)
}

/// `--blanks L-U` (or `L~U`, or one number).
pub fn blanks<I>(tool: &Tool<I>, flag: &str, v: &OsStr) -> Result<(u8, u8), Error> {
    let s = v.to_string_lossy();
    let (lo, hi) = match s.split_once(['-', '~']) {
        Some((l, u)) => (l, u),
        None => (&*s, &*s),
    };
    let lo = tool.number(flag, OsStr::new(lo), 0..=81u8)?;
    let hi = tool.number(flag, OsStr::new(hi), 0..=81u8)?;
    if lo > hi {
        return Err(tool.usage(format!("{flag}: expected L-U with L <= U, found '{s}'")));
    }
    Ok((lo, hi))
}

/// Item `k`, made again for the `retry`-th time when the ones before were repeats.
fn item(what: &What, seed: u64, k: u64, retry: u64) -> Option<Board> {
    match what {
        What::Grids => {
            let seed = if retry == 0 { seed } else { seed ^ mix(retry) };
            Some(random::grid(&mut Rng::for_item(seed, k)))
        }
        What::Puzzles(spec) => puzzle::make(spec, seed, k, retry),
    }
}

/// Items `start..start + n` on up to `jobs` threads, in order. Each thread takes the next
/// item not yet taken, so a slow item holds up no other; a thread that the system refuses
/// is not an error: the others, this one among them, make its share.
fn batch(d: &Dig, start: u64, n: usize) -> Vec<Option<Board>> {
    let next = AtomicUsize::new(0);
    let work = || {
        let mut made = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= n {
                return made;
            }
            made.push((i, item(&d.what, d.seed, start + i as u64, 0)));
        }
    };
    let work = &work;
    // Every index is made once; one that could not be made stays None.
    let mut items = vec![None; n];
    std::thread::scope(|scope| {
        let others: Vec<_> = (1..d.jobs.max(1))
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let mut place = |made: Vec<(usize, Option<Board>)>| {
            for (i, b) in made {
                items[i] = b;
            }
        };
        place(work());
        for h in others {
            place(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
    });
    items
}

/// What could not be made, as a sentence.
fn not_made(d: &Dig, k: u64) -> String {
    let What::Puzzles(s) = d.what else {
        return format!("grid {}: no new grid in {ATTEMPTS} draws", k + 1);
    };
    let kind = match (s.minimal, s.unique, s.symmetric) {
        (true, _, true) => "minimal symmetric puzzle",
        (true, _, false) => "minimal puzzle",
        (false, true, true) => "unique symmetric puzzle",
        (false, true, false) => "unique puzzle",
        (false, false, true) => "symmetric puzzle",
        (false, false, false) => "puzzle",
    };
    let kind = match s.level {
        Some(l) => format!("{} {kind}", l.name()),
        None => kind.to_string(),
    };
    format!(
        "puzzle {}: no {kind} with {}-{} blanks in {ATTEMPTS} attempts (a wider --blanks makes \
         one likelier)",
        k + 1,
        s.blanks.0,
        s.blanks.1
    )
}

/// Makes the items of `d` and writes them to `out` (named `out_name` in messages), distinct
/// and in order.
pub fn run(d: &Dig, out: &mut dyn Write, out_name: &str) -> Result<i32, Error> {
    let mut w = Writer::new(out);
    let mut seen = HashSet::with_capacity(d.count.min(1 << 16) as usize);
    let step = (BATCH * d.jobs.max(1)) as u64;
    let end = d.skip.saturating_add(d.count);
    let mut k = d.skip;
    let io = |e: io::Error| out_error(out_name, e);
    let noun = match d.what {
        What::Grids => "grids",
        What::Puzzles(_) => "puzzles",
    };
    let mut progress = Progress::new(noun, Total::Items(d.count), d.quiet);
    while k < end {
        let n = step.min(end - k) as usize;
        for (i, first) in batch(d, k, n).into_iter().enumerate() {
            let idx = k + i as u64;
            let mut made = first;
            let mut retry = 0;
            loop {
                let Some(b) = made else {
                    w.flush().map_err(io)?;
                    progress.finish();
                    return Err(Error::Msg(not_made(d, idx)));
                };
                if seen.insert(digest(&b)) {
                    w.write(&b, d.form).map_err(io)?;
                    break;
                }
                retry += 1;
                made = (retry <= u64::from(ATTEMPTS))
                    .then(|| item(&d.what, d.seed, idx, retry))
                    .flatten();
            }
        }
        k += n as u64;
        progress.update(k - d.skip);
    }
    drop(progress);
    w.flush().map_err(io)?;
    Ok(OK)
}
