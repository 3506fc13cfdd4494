//! The solver benchmark: every set of `../shared/data`, one thread, side by side with a peer.
//!
//! A crate of its own, so that the project's tests do not build the peer and its
//! dependencies. `cargo run --release --manifest-path benches/Cargo.toml` builds the
//! project's binaries (release) and prints, per set, puzzles/s and µs/puzzle for
//! - our library call, first solution (limit 1) and uniqueness (limit 2);
//! - the `sudoku-solve -j1` process end to end (read, solve, write), the same counting to 2
//!   (`--count`: a count a puzzle instead of its solution), and `-j2`; a set of
//!   fewer than 20,000 puzzles is given to the process repeated to at least that many (in
//!   the system's temporary directory), so that starting the process (~1 ms) does not weigh
//!   on the figure;
//! - rustoku-lib (MIT, crates.io) `solve_any_str`, on up to 2000 puzzles of the set.
//!
//! After the sets comes forum_hardest_1106 with each puzzle's digits relabeled at random
//! (a fixed seed): that set's own labels make its first solutions quick (see README.md
//! here), and this row shows the ratio of the two limits on the same puzzles without them.
//!
//! Last, it prints `-j2` against `-j1` on 17_clue, the median of 9 alternated pairs of runs.
//!
//! Everything runs in one process, each figure the best of 3 runs, the library's two limits
//! alternated and the three processes too, so the ratios within a row are comparable even on
//! a noisy machine; the absolute figures are not.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudoku_filters::solve::{count_up_to, Outcome};
use sudoku_filters::Board;

mod common;
use common::{bin, median, rate, root, scratch};

/// The shared sets, the same list the tests read.
const SETS: &str = include_str!("../tests/data/shared-sets.txt");

/// The best of 3 runs of each of `f`, the runs alternated, so that each sees the same
/// moments of the machine: the ones least disturbed by the rest of it.
fn best_of_3<const N: usize>(mut f: impl FnMut(usize) -> Duration) -> [Duration; N] {
    let mut best = [Duration::MAX; N];
    for _ in 0..3 {
        for (i, b) in best.iter_mut().enumerate() {
            *b = (*b).min(f(i));
        }
    }
    best
}

/// Times the library over all puzzles, repeating small sets so that each measurement lasts
/// ~0.3 s.
fn time_lib(puzzles: &[Board], limit: u32) -> Duration {
    let mut reps = 1;
    loop {
        let start = Instant::now();
        let mut sink = 0u32;
        for _ in 0..reps {
            for p in puzzles {
                if let Outcome::Solved { count, .. } = count_up_to(p, limit) {
                    sink += count;
                }
            }
        }
        let t = start.elapsed();
        assert!(sink as usize >= puzzles.len() * reps);
        if t > Duration::from_millis(300) || reps >= 64 {
            return t / reps as u32;
        }
        reps *= 4;
    }
}

fn time_process(path: &Path, args: &[&str]) -> Duration {
    let start = Instant::now();
    let status = Command::new(bin("sudoku-solve"))
        .args(args)
        .arg(path)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    start.elapsed()
}

/// The file the process reads for a set of `n` puzzles, and how many copies of the set it
/// holds: the set itself when it has at least `PROCESS_PUZZLES` puzzles, else a file with
/// the set repeated to that many.
fn process_input(path: &Path, text: &str, n: usize) -> (PathBuf, u32) {
    const PROCESS_PUZZLES: usize = 20_000;
    if n >= PROCESS_PUZZLES {
        return (path.to_path_buf(), 1);
    }
    let copies = PROCESS_PUZZLES.div_ceil(n);
    let stem = path.file_stem().unwrap().to_string_lossy();
    let repeated = scratch().join(format!("{stem}.x{copies}.txt"));
    let mut once = text.to_string();
    if !once.ends_with('\n') {
        once.push('\n');
    }
    std::fs::write(&repeated, once.repeat(copies)).unwrap();
    (repeated, copies as u32)
}

fn main() {
    let dir = root().join("../shared/data");
    if !dir.exists() {
        println!("note: {} is absent; nothing to benchmark", dir.display());
        return;
    }
    println!("(a process reads a set of fewer than 20,000 puzzles repeated to at least that many)");
    println!(
        "{:<32} {:>7} {:>21} {:>21} {:>21} {:>21} {:>21} {:>21}",
        "set",
        "puzzles",
        "lib limit 1",
        "lib limit 2",
        "sudoku-solve -j1",
        "-j1 --count",
        "sudoku-solve -j2",
        "rustoku-lib"
    );
    for set in SETS.lines() {
        let path = dir.join(set);
        bench_set(set, &path, &std::fs::read_to_string(&path).unwrap());
    }
    let relabeled = relabel(&std::fs::read_to_string(dir.join("forum_hardest_1106.txt")).unwrap());
    let path = scratch().join("forum_hardest_1106_relabeled.txt");
    std::fs::write(&path, &relabeled).unwrap();
    bench_set("forum_hardest_1106 relabeled", &path, &relabeled);
    threads_ratio(&dir.join("17_clue.txt"));
}

/// Each line's digits 1-9 mapped through a permutation of its own, the same every run
/// (xorshift64, Marsaglia 2003, and a Fisher-Yates shuffle): the same puzzle in other labels.
fn relabel(text: &str) -> String {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut perm = *b"123456789";
        for i in (1..9).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            perm.swap(i, (state % (i as u64 + 1)) as usize);
        }
        out.extend(line.bytes().map(|c| match c {
            b'1'..=b'9' => perm[(c - b'1') as usize] as char,
            _ => c as char,
        }));
        out.push('\n');
    }
    out
}

/// One row of the table: the set named `set`, read from `path`, whose text is `text`.
fn bench_set(set: &str, path: &Path, text: &str) {
    let lines: Vec<&str> = text.lines().filter(|l| l.len() >= 81).collect();
    let puzzles: Vec<Board> = lines.iter().map(|l| Board::from_line(l)).collect();
    let n = puzzles.len();
    let [one, two] = best_of_3(|i| time_lib(&puzzles, i as u32 + 1));
    let (input, copies) = process_input(path, text, n);
    let runs: [&[&str]; 3] = [&["-j1"], &["-j1", "--count"], &["-j2"]];
    let [j1, count, j2] = best_of_3(|i| time_process(&input, runs[i]) / copies);
    let peer_n = n.min(2000);
    let start = Instant::now();
    for l in &lines[..peer_n] {
        let s = rustoku_lib::bind::solve_any_str(&l[..81]).unwrap();
        assert!(s.is_some());
    }
    let peer = start.elapsed();
    println!(
        "{set:<32} {n:>7} {} {} {} {} {} {}",
        rate(n, one),
        rate(n, two),
        rate(n, j1),
        rate(n, count),
        rate(n, j2),
        rate(peer_n, peer)
    );
}

/// `-j2` against `-j1` on one set, as the median ratio of alternated pairs of runs. (The
/// table's best of 3 favours `-j1`, which needs one quiet core where `-j2` needs two.)
fn threads_ratio(path: &Path) {
    const PAIRS: usize = 9;
    let mut ratios: Vec<f64> = (0..PAIRS)
        .map(|_| {
            let one = time_process(path, &["-j1"]);
            one.as_secs_f64() / time_process(path, &["-j2"]).as_secs_f64()
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    println!(
        "sudoku-solve -j2 against -j1 on {}, {PAIRS} alternated pairs of runs: median {:.2}x \
         (from {:.2}x to {:.2}x)",
        path.file_name().unwrap().to_string_lossy(),
        median(ratios.clone()),
        ratios[0],
        ratios[PAIRS - 1]
    );
}
