//! Making random grids and puzzles on N threads, written in order: `sudoku-gen --random`,
//! `sudoku-gen --puzzles` and `sudoku -n`.
//!
//! ```text
//!   items 0 .. count (item k of the run is k + skip of the seeded stream); each thread
//!   takes the next item that no thread has taken, within WINDOW of those written:
//!     maker 1 .. maker N-1:  take ─► make ─► (k, item) ─┐ channel
//!     this thread:           take ─► make ──────────────┴─► ready[k] ─► in order:
//!                            (between items, or waiting       distinct? ─► write
//!                             when none is left to take)        │ a repeat
//!                                                               └─► made again, retry 1, 2, ...
//! ```
//!
//! Item k depends only on (seed, k) ([`crate::gen::random::Rng`]), and repeats are replaced
//! in order by this thread, so the bytes are the same whatever the number of threads. This
//! thread makes items as the others do and writes between them, so no thread idles while
//! another writes; at most `WINDOW` (4,096) items are made and not yet written, so memory stays
//! flat in N. Random grids and unique puzzles are distinct by construction (no two items of
//! a run share a grid, [`crate::gen::random::Grids`]); other puzzles could repeat, and the
//! distinctness check remembers a 128-bit digest of each one written (16 bytes an item).

use std::collections::HashSet;
use std::ffi::OsStr;
use std::io::{self, Write};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Condvar, Mutex};

use super::flags::{whole_number, Tool};
use super::pipeline::spawn_with_headroom;
use super::progress::{Progress, Total};
use super::{out_error, Error, OK};
use crate::check::digest;
use crate::gen::puzzle::{self, Spec, ATTEMPTS};
use crate::gen::random::{mix, Grids, Rng};
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

/// The most items made and not yet written.
const WINDOW: u64 = 4096;

/// Items a maker takes at once, and sends in one message.
const CHUNK: u64 = 8;

/// Items written between two notes to the makers (and to the progress line).
const PUBLISH: u64 = 64;

/// A seed from the clock and the process, for a run without `--seed`.
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    mix(nanos ^ u64::from(std::process::id()) << 40)
}

/// A range of blanks, `L-U` or `L~U` (`form` says which the flag's help shows) or one
/// number, with `allowed.0 <= L <= U <= allowed.1`; one message for every way it can be
/// wrong.
pub fn blanks<I>(
    tool: &Tool<I>,
    flag: &str,
    form: &str,
    allowed: (u8, u8),
    v: &OsStr,
) -> Result<(u8, u8), Error> {
    let s = v.to_string_lossy();
    let (lo, hi) = s.split_once(['-', '~']).unwrap_or((&s, &s));
    match (whole_number::<u8>(lo), whole_number::<u8>(hi)) {
        (Some(lo), Some(hi)) if allowed.0 <= lo && lo <= hi && hi <= allowed.1 => Ok((lo, hi)),
        _ => Err(tool.usage(format!(
            "{flag}: expected {form} (or one number) with {} <= L <= U <= {}, found '{s}'",
            allowed.0, allowed.1
        ))),
    }
}

impl What {
    /// Whether the items of a run are distinct by construction, so that nothing need be
    /// remembered to keep them so: random grids (numbered, [`random::Grids`]), and puzzles
    /// with one solution (their grids are, [`puzzle`]).
    fn distinct(&self) -> bool {
        match self {
            What::Grids => true,
            What::Puzzles(spec) => spec.unique_puzzles(),
        }
    }
}

/// Item `k`, made again for the `retry`-th time when the ones before were repeats (never
/// for items [`What::distinct`]).
fn item(what: &What, seed: u64, k: u64, retry: u64) -> Option<Board> {
    match what {
        What::Grids => Some(Grids::new(seed).grid(k, &mut Rng::for_item(seed, k))),
        What::Puzzles(spec) => puzzle::make(spec, seed, k, retry),
    }
}

/// The items of a run as the threads take them: the next index no thread has taken, and
/// how many are written. A thread takes an item only within [`WINDOW`] of the items
/// written, so memory stays flat in N whatever the speed of each thread.
struct Items<'a> {
    d: &'a Dig,
    next: AtomicU64,
    written: AtomicU64,
    /// Set when the writer stops early: the makers take nothing more.
    stop: AtomicBool,
    /// Where makers wait for the window to move (`moved`, notified under `lock`).
    lock: Mutex<()>,
    moved: Condvar,
}

impl Items<'_> {
    /// The items of `d`, none taken yet.
    fn new(d: &Dig) -> Items<'_> {
        Items {
            d,
            next: AtomicU64::new(0),
            written: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            lock: Mutex::new(()),
            moved: Condvar::new(),
        }
    }

    /// A maker's next items (up to [`CHUNK`] in a row), waiting while they lie past the
    /// window; None when every item is taken or the writer has stopped.
    fn take(&self) -> Option<Range<u64>> {
        let i = self.next.fetch_add(CHUNK, Ordering::Relaxed);
        if i >= self.d.count || self.stop.load(Ordering::Relaxed) {
            return None;
        }
        let end = (i + CHUNK).min(self.d.count);
        let behind = || {
            end > self.written.load(Ordering::Acquire) + WINDOW
                && !self.stop.load(Ordering::Relaxed)
        };
        if behind() {
            let guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
            drop(self.moved.wait_while(guard, |_| behind()));
        }
        (!self.stop.load(Ordering::Relaxed)).then_some(i..end)
    }

    /// The writer's own next item, when one is left within the window (it never waits).
    fn take_now(&self, written: u64) -> Option<u64> {
        let (n, end) = (self.d.count, written + WINDOW);
        self.next
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |i| {
                (i < n && i < end).then_some(i + 1)
            })
            .ok()
    }

    /// Item `i` of the run, made for the first time.
    fn make(&self, i: u64) -> Option<Board> {
        item(&self.d.what, self.d.seed, self.d.skip + i, 0)
    }

    /// Tells the makers that `written` items are written.
    fn publish(&self, written: u64) {
        self.written.store(written, Ordering::Release);
        self.wake();
    }

    /// Tells every thread that no more items are to be made.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wake();
    }

    fn wake(&self) {
        let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        self.moved.notify_all();
    }
}

/// Items made and not yet written: item i in slot i mod the slots. Those in flight lie in
/// written .. written + [`WINDOW`], so no two share a slot.
struct Ready(Vec<Option<Option<Board>>>);

impl Ready {
    fn new(count: u64) -> Ready {
        Ready(vec![None; WINDOW.min(count).max(1) as usize])
    }

    fn slot(&self, i: u64) -> usize {
        (i % self.0.len() as u64) as usize
    }

    /// Items `first`, `first + 1`, ...
    fn put(&mut self, first: u64, boards: impl IntoIterator<Item = Option<Board>>) {
        for (i, b) in (first..).zip(boards) {
            let k = self.slot(i);
            self.0[k] = Some(b);
        }
    }

    /// Item `i`, when it is made.
    fn take(&mut self, i: u64) -> Option<Option<Board>> {
        let k = self.slot(i);
        self.0[k].take()
    }
}

/// Stops the run when a thread unwinds, so that no maker waits for a window that will not
/// move and the scope can join them (and then re-raise the panic).
struct StopOnPanic<'a, 'b>(&'a Items<'b>);

impl Drop for StopOnPanic<'_, '_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

/// Why puzzle `k` (0-based) of `spec` could not be made, as a sentence. Unique puzzles
/// fail when no attempt met the spec; others are always dug, so they fail only when every
/// attempt repeated a puzzle already written.
fn not_made(spec: &Spec, k: u64) -> String {
    let kind = match (
        spec.minimal,
        spec.unique && spec.level.is_none(),
        spec.symmetric,
    ) {
        (true, _, true) => "minimal symmetric puzzle",
        (true, _, false) => "minimal puzzle",
        (false, true, true) => "unique symmetric puzzle",
        (false, true, false) => "unique puzzle",
        (false, false, true) => "symmetric puzzle",
        (false, false, false) => "puzzle",
    };
    let kind = match spec.level {
        Some(l) => format!("{} {kind}", l.name()),
        None => kind.to_string(),
    };
    let blanks = spec.blanks_text();
    let new = if spec.unique_puzzles() {
        ""
    } else {
        " that is not a repeat"
    };
    format!(
        "puzzle {}: no {kind} with {blanks} blanks{new} in {ATTEMPTS} attempts (a wider \
         --blanks makes one likelier)",
        k + 1
    )
}

/// Makes the items of `d` and writes them to `out` (named `out_name` in messages), distinct
/// and in order.
pub fn run(d: &Dig, out: &mut dyn Write, out_name: &str) -> Result<i32, Error> {
    let items = &Items::new(d);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        // A thread that the system refuses, or that would leave too little memory, is not
        // an error: the others make its share.
        for _ in 1..d.jobs.max(1) {
            let tx = tx.clone();
            let maker = move || {
                let _stop = StopOnPanic(items);
                while let Some(range) = items.take() {
                    let first = range.start;
                    if tx
                        .send((first, range.map(|i| items.make(i)).collect()))
                        .is_err()
                    {
                        return;
                    }
                }
            };
            if !spawn_with_headroom(scope, maker) {
                break;
            }
        }
        drop(tx);
        let _stop = StopOnPanic(items);
        let result = write_all(items, &rx, out, out_name);
        items.stop();
        result
    })
}

/// The writer's side of [`run`]: it makes items too, and between them writes those made
/// (by any thread) in order, replacing repeats.
fn write_all(
    items: &Items,
    made: &Receiver<(u64, Vec<Option<Board>>)>,
    out: &mut dyn Write,
    out_name: &str,
) -> Result<i32, Error> {
    let d = items.d;
    let mut w = Writer::new(out);
    // Only items that could repeat are remembered.
    let mut seen =
        (!d.what.distinct()).then(|| HashSet::with_capacity(d.count.min(1 << 16) as usize));
    let io = |e: io::Error| out_error(out_name, e);
    let noun = match d.what {
        What::Grids => "grids",
        What::Puzzles(_) => "puzzles",
    };
    let mut progress = Progress::new(noun, Total::Items(d.count), d.quiet);
    let mut ready = Ready::new(d.count);
    let mut written = 0;
    while written < d.count {
        for (first, boards) in made.try_iter() {
            ready.put(first, boards);
        }
        let Some(first) = ready.take(written) else {
            // Item `written` is not made yet: make one, or (when none is left within the
            // window) wait for it from the thread making it.
            match items.take_now(written) {
                Some(i) => ready.put(i, [items.make(i)]),
                None => match made.recv() {
                    Ok((first, boards)) => ready.put(first, boards),
                    // Every maker is gone without it: one panicked, and the scope says so.
                    Err(_) => break,
                },
            }
            continue;
        };
        let idx = d.skip + written;
        let mut made = first;
        let mut retry = 0;
        loop {
            let Some(b) = made else {
                let What::Puzzles(spec) = &d.what else {
                    unreachable!("random grids are always made, and never repeat");
                };
                w.flush().map_err(io)?;
                progress.finish();
                return Err(Error::Msg(not_made(spec, idx)));
            };
            if seen.as_mut().is_none_or(|seen| seen.insert(digest(&b))) {
                w.write(&b, d.form).map_err(io)?;
                break;
            }
            retry += 1;
            made = (retry <= u64::from(ATTEMPTS))
                .then(|| item(&d.what, d.seed, idx, retry))
                .flatten();
        }
        written += 1;
        if written % PUBLISH == 0 || written == d.count {
            items.publish(written);
            progress.update(written);
        }
    }
    drop(progress);
    w.flush().map_err(io)?;
    Ok(OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dig(count: u64) -> Dig {
        Dig {
            what: What::Grids,
            count,
            skip: 0,
            seed: 0,
            jobs: 2,
            form: Form::Line,
            quiet: true,
        }
    }

    #[test]
    fn makers_take_chunks_in_order_and_nothing_past_the_end() {
        let d = dig(2 * CHUNK + 3);
        let items = Items::new(&d);
        let taken: Vec<_> = std::iter::from_fn(|| items.take()).collect();
        assert_eq!(
            taken,
            [0..CHUNK, CHUNK..2 * CHUNK, 2 * CHUNK..2 * CHUNK + 3]
        );
        assert_eq!(items.take_now(0), None);
        // The writer's own, after the last.
        let d = dig(CHUNK);
        let items = Items::new(&d);
        assert_eq!(items.take(), Some(0..CHUNK));
        assert_eq!(items.take_now(0), None);
    }

    /// Asserts that `maker` has not returned from [`Items::take`] after a while.
    fn still_waiting<T>(maker: &std::thread::ScopedJoinHandle<'_, T>) {
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(!maker.is_finished(), "a maker took items past the window");
    }

    #[test]
    fn a_maker_past_the_window_waits_for_the_writer() {
        let d = dig(3 * WINDOW);
        let items = Items::new(&d);
        // The window's items, at once.
        for k in 0..WINDOW / CHUNK {
            assert_eq!(items.take(), Some(k * CHUNK..(k + 1) * CHUNK));
        }
        // The next chunk waits until the writer has written as many.
        std::thread::scope(|s| {
            let maker = s.spawn(|| items.take());
            still_waiting(&maker);
            items.publish(CHUNK - 1);
            still_waiting(&maker);
            items.publish(CHUNK);
            assert_eq!(maker.join().unwrap(), Some(WINDOW..WINDOW + CHUNK));
        });
        // The writer never waits: it takes an item within the window, or none.
        assert_eq!(items.take_now(CHUNK), None);
        assert_eq!(items.take_now(CHUNK + 1), Some(WINDOW + CHUNK));
        // Stopped, a waiting maker wakes with nothing, and no maker takes more.
        std::thread::scope(|s| {
            let maker = s.spawn(|| items.take());
            still_waiting(&maker);
            items.stop();
            assert_eq!(maker.join().unwrap(), None);
        });
        assert_eq!(items.take(), None);
    }

    #[test]
    fn a_thread_that_unwinds_stops_the_run() {
        let d = dig(3 * WINDOW);
        let items = Items::new(&d);
        while items.take() != Some(WINDOW - CHUNK..WINDOW) {}
        // Dropped in the normal way, the guard stops nothing: the next maker waits.
        drop(StopOnPanic(&items));
        std::thread::scope(|s| {
            let maker = s.spawn(|| items.take());
            still_waiting(&maker);
            // Unwinding (without the panic hook's message), it wakes the waiting maker.
            let unwound = s.spawn(|| {
                let _stop = StopOnPanic(&items);
                std::panic::resume_unwind(Box::new("a maker's bug"));
            });
            assert!(unwound.join().is_err());
            let start = std::time::Instant::now();
            while !maker.is_finished() && start.elapsed().as_secs() < 5 {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            let woke = maker.is_finished();
            items.stop(); // so that the scope can join a maker left waiting
            assert!(woke, "a maker still waits after a thread unwound");
            assert_eq!(maker.join().unwrap(), None);
        });
    }
}
