//! The progress line: on a long run whose standard error is a terminal, one line there
//! with the boards done, the rate and, when the total is known, the share done and the time
//! left, redrawn in place and erased at the end.
//!
//! ```text
//!   sudoku-grade: 61,440 puzzles, 5,120/s, 42%, 0:14 left
//! ```
//!
//! It starts after a second (`SUDOKU_PROGRESS_DELAY` seconds, as git's `GIT_PROGRESS_DELAY`),
//! is redrawn at most four times a second, and is never written
//! when standard error is not a terminal or `-q` says so. The total is the count asked for
//! (`sudoku-gen`), or the size of the inputs when they are all regular files: the share
//! done is then the bytes read ([`INPUT_BYTES`], counted as the buffers fill) over it.

use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::diag;

/// Bytes read from the inputs so far, by every reader of the process.
pub static INPUT_BYTES: AtomicU64 = AtomicU64::new(0);

/// A reader that adds what it reads to [`INPUT_BYTES`] (it sits under the input buffers, so
/// the count moves once a buffer).
pub struct Counted<R>(pub R);

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.read(buf)?;
        INPUT_BYTES.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// What the run's end is measured in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Total {
    /// This many items.
    Items(u64),
    /// The inputs' size in bytes.
    Bytes(u64),
    Unknown,
}

/// The total of a run reading `files`: their size when every one is a regular file
/// (standard input too, when it is one).
pub fn input_size(files: &[std::ffi::OsString]) -> Total {
    let mut size = 0;
    for f in files {
        let meta = if super::is_stdin(f) {
            std::fs::metadata("/dev/stdin")
        } else {
            std::fs::metadata(f)
        };
        match meta {
            Ok(m) if m.is_file() => size += m.len(),
            _ => return Total::Unknown,
        }
    }
    Total::Bytes(size)
}

/// The time before the line first shows, unless `SUDOKU_PROGRESS_DELAY` says otherwise, and
/// between redraws.
const DELAY: Duration = Duration::from_secs(1);
const REDRAW: Duration = Duration::from_millis(250);

pub struct Progress {
    on: bool,
    tool: &'static str,
    noun: &'static str,
    total: Total,
    delay: Duration,
    start: Instant,
    last: Option<Instant>,
}

impl Progress {
    /// A progress line for this run, counting `noun`s (plural), shown only when standard
    /// error is a terminal and not `quiet`.
    pub fn new(noun: &'static str, total: Total, quiet: bool) -> Progress {
        // SAFETY: isatty only asks about the descriptor.
        let tty = unsafe { libc::isatty(2) } == 1;
        INPUT_BYTES.store(0, Ordering::Relaxed);
        Progress {
            on: tty && !quiet,
            tool: super::program_name(),
            noun,
            total,
            delay: std::env::var("SUDOKU_PROGRESS_DELAY")
                .ok()
                .and_then(|v| Duration::try_from_secs_f64(v.parse().ok()?).ok())
                .unwrap_or(DELAY),
            start: Instant::now(),
            last: None,
        }
    }

    /// `done` items are written: redraws the line when it is due.
    pub fn update(&mut self, done: u64) {
        if !self.on {
            return;
        }
        let now = Instant::now();
        if !self.due(now) {
            return;
        }
        self.last = Some(now);
        let read = INPUT_BYTES.load(Ordering::Relaxed);
        diag(&format!(
            "\r{}\x1b[K",
            self.line(done, read, now - self.start)
        ));
    }

    /// Whether the line is drawn at `now`: the delay has passed, and so has [`REDRAW`]
    /// since the last time.
    fn due(&self, now: Instant) -> bool {
        now - self.start >= self.delay && self.last.is_none_or(|t| now - t >= REDRAW)
    }

    /// The line after `elapsed`, with `done` items written and `read` bytes read.
    fn line(&self, done: u64, read: u64, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64();
        let rate = done as f64 / secs;
        let mut s = format!(
            "{}: {} {}, {}/s",
            self.tool,
            grouped(done),
            self.noun,
            grouped(rate as u64)
        );
        let share = match self.total {
            Total::Items(n) if n > 0 => done as f64 / n as f64,
            Total::Bytes(n) if n > 0 => read as f64 / n as f64,
            _ => return s,
        };
        let share = share.clamp(0.0, 1.0);
        s.push_str(&format!(", {}%", (share * 100.0) as u32));
        if share > 0.0 {
            let left = (secs / share - secs).max(0.0) as u64;
            s.push_str(&format!(", {}:{:02} left", left / 60, left % 60));
        }
        s
    }

    /// Erases the line, if it was drawn.
    pub fn finish(&mut self) {
        if self.last.take().is_some() {
            diag("\r\x1b[K");
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// `1234567` as `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_reads_well() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(1234567), "1,234,567");
        let p = Progress {
            on: true,
            tool: "sudoku-gen",
            noun: "puzzles",
            total: Total::Items(1000),
            delay: DELAY,
            start: Instant::now(),
            last: None,
        };
        let two = Duration::from_secs(2);
        assert_eq!(
            p.line(250, 0, two),
            "sudoku-gen: 250 puzzles, 125/s, 25%, 0:06 left"
        );
        // Nothing done yet: no time left to tell.
        assert_eq!(p.line(0, 0, two), "sudoku-gen: 0 puzzles, 0/s, 0%");
        // A share of the bytes read, and at most all of them.
        let bytes = |n| Progress {
            total: Total::Bytes(n),
            noun: "boards",
            ..p
        };
        assert_eq!(
            bytes(4000).line(100, 1000, two),
            "sudoku-gen: 100 boards, 50/s, 25%, 0:06 left"
        );
        assert_eq!(
            bytes(400).line(100, 1000, two),
            "sudoku-gen: 100 boards, 50/s, 100%, 0:00 left"
        );
        // No total, or an empty one: no share.
        for total in [Total::Unknown, Total::Items(0), Total::Bytes(0)] {
            let p = Progress { total, ..p };
            assert_eq!(
                p.line(3000, 0, Duration::from_secs(3)),
                "sudoku-gen: 3,000 puzzles, 1,000/s",
                "{total:?}"
            );
        }
    }

    #[test]
    fn the_line_waits_for_the_delay_then_for_each_redraw() {
        let start = Instant::now();
        let mut p = Progress::new("boards", Total::Unknown, false);
        (p.start, p.delay) = (start, DELAY);
        let at = |ms| start + Duration::from_millis(ms);
        assert!(!p.due(at(999)));
        assert!(p.due(at(1000)));
        p.last = Some(at(1000));
        assert!(!p.due(at(1249)));
        assert!(p.due(at(1250)));
    }

    #[test]
    fn the_total_of_files_is_their_size_when_all_are_regular() {
        let dir = crate::cli::scratch_dir("progress");
        let (a, b) = (dir.join("a"), dir.join("b"));
        std::fs::write(&a, [0; 10]).unwrap();
        std::fs::write(&b, [0; 32]).unwrap();
        let total = |files: &[&std::path::Path]| {
            input_size(
                &files
                    .iter()
                    .map(|f| f.as_os_str().to_owned())
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(total(&[&a, &b]), Total::Bytes(42));
        let (null, missing) = (std::path::Path::new("/dev/null"), dir.join("c"));
        assert_eq!(total(&[&a, null]), Total::Unknown);
        assert_eq!(total(&[&missing, &a]), Total::Unknown);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
