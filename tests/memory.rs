//! Memory stays bounded whatever the input: peak RSS of the real binaries on streams far
//! larger than their buffers, generated on the fly into a pipe (nothing stored).

use crate::util::*;
use std::io::Read;

/// Runs `name args`, feeding `chunk` repeated `times` on stdin and draining
/// stdout. Returns the exit status, the bytes written on stdout, stderr, and the peak RSS in
/// KiB when the child lived long enough to be seen.
fn measure(
    name: &str,
    args: &[&str],
    chunk: Vec<u8>,
    times: usize,
) -> (i32, u64, String, Option<i64>) {
    // The child is reaped by the wait below.
    #[allow(clippy::zombie_processes)]
    let (mut child, feeder) = spawn_fed(None, name, args, chunk, times);
    let mut stdout = child.stdout.take().unwrap();
    let drain = std::thread::spawn(move || {
        let mut buf = vec![0u8; 1 << 16];
        let mut n = 0u64;
        while let Ok(k) = stdout.read(&mut buf) {
            if k == 0 {
                break;
            }
            n += k as u64;
        }
        n
    });
    // The child's own high-water mark, VmHWM, read while it runs: rusage's maxrss would
    // count the test process it was forked from (Linux carries the larger of the two
    // across exec), and a child too quick to be seen running has no figure.
    let status_file = format!("/proc/{}/status", child.id());
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watch = {
        let done = done.clone();
        std::thread::spawn(move || {
            let mut hwm = None;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                if let Ok(text) = std::fs::read_to_string(&status_file) {
                    if let Some(line) = text.lines().find(|l| l.starts_with("VmHWM:")) {
                        hwm = line
                            .split_whitespace()
                            .nth(1)
                            .and_then(|v| v.parse::<i64>().ok())
                            .or(hwm);
                    }
                }
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            hwm
        })
    };
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    feeder.join().unwrap();
    let out = drain.join().unwrap();
    let code = status.code().unwrap_or(-1);
    let rss = watch.join().unwrap();
    (code, out, stderr, rss)
}

const GIB: usize = 1 << 30;

// yes-like stream of 1 GiB of puzzles | sudoku-solve -j2 | wc -c
#[test]
fn solving_a_gigabyte_of_puzzles_in_bounded_memory() {
    // One easy puzzle in grid form with its empty line: 163 bytes.
    let puzzle = "0 0 3 0 2 0 6 0 0\n9 0 0 3 0 5 0 0 1\n0 0 1 8 0 6 4 0 0\n0 0 8 1 0 2 9 0 0\n7 0 0 0 0 0 0 0 8\n\
                  0 0 6 7 0 8 2 0 0\n0 0 2 6 0 9 5 0 0\n8 0 0 2 0 3 0 0 9\n0 0 5 0 1 0 3 0 0\n\n";
    let block = puzzle.repeat(1000).into_bytes();
    let times = GIB / block.len() + 1;
    let (status, out, stderr, rss) = measure("sudoku-solve", &["-j2"], block, times);
    let rss = rss.expect("a run of seconds is seen");
    println!(
        "sudoku-solve -j2 on {} puzzles (1 GiB): peak RSS {rss} KiB",
        times * 1000
    );
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert_eq!(out, 163 * (times as u64 * 1000) - 1);
    assert!(rss < 32 * 1024, "peak RSS {rss} KiB");
}

// head -c 1G /dev/zero | tr '\0' 1 | sudoku-check
#[test]
fn a_gigabyte_line_is_reported_not_swallowed() {
    let block = vec![b'1'; 1 << 20];
    let (status, _, stderr, rss) = measure("sudoku-check", &[], block, 1024);
    assert_eq!(status, 2);
    assert!(
        stderr.starts_with("sudoku-check: <stdin>:1: line is longer than 65536 bytes\n"),
        "{stderr}"
    );
    // It stops after 64 KiB: usually too quick to be seen at all.
    match rss {
        Some(rss) => {
            println!("sudoku-check on a 1 GiB line: peak RSS {rss} KiB");
            assert!(rss < 16 * 1024, "peak RSS {rss} KiB");
        }
        None => println!("note: sudoku-check stopped before its memory could be read"),
    }
}

// head -c 100M /dev/zero | tr '\0' '\n' | sudoku-check ; sudoku-gen 1000000 | sudoku-check
#[test]
fn blank_lines_and_long_streams_in_bounded_memory() {
    let (status, _, stderr, rss) = measure("sudoku-check", &[], vec![b'\n'; 1 << 20], 100);
    let rss = rss.expect("seen");
    println!("sudoku-check on 100 MiB of empty lines: peak RSS {rss} KiB");
    assert_eq!(
        (status, stderr.as_str()),
        (1, "no boards\n0 boards: 0 ok\n")
    );
    assert!(rss < 16 * 1024, "peak RSS {rss} KiB");
    let (status, out, _, rss) = measure("sudoku-gen", &["1000000"], vec![], 0);
    let rss = rss.expect("seen");
    println!("sudoku-gen 1000000: peak RSS {rss} KiB");
    assert_eq!((status, out), (0, 163_000_000 - 1));
    assert!(rss < 16 * 1024, "peak RSS {rss} KiB");
}

// sudoku-gen --random 400000 -j2 --line ; sudoku-gen -p -u 30000 -j2 --line
#[test]
fn random_grids_and_unique_puzzles_take_no_memory_an_item() {
    // They are distinct by construction, so nothing is remembered of them: a digest an
    // item, as other puzzles have, would take over 8 MiB here (about 15 MiB at peak).
    let (status, out, stderr, rss) = measure(
        "sudoku-gen",
        &["--random", "400000", "-j2", "--line", "--seed", "1"],
        vec![],
        0,
    );
    let rss = rss.expect("seen");
    println!("sudoku-gen --random 400000 -j2: peak RSS {rss} KiB");
    assert_eq!((status, stderr.as_str(), out), (0, "", 82 * 400_000));
    assert!(rss < 8 * 1024, "peak RSS {rss} KiB");
}

// a stream of one puzzle repeated | sudoku-solve -j 64 --chunk 1000000
#[test]
fn the_boards_in_flight_are_bounded_whatever_the_flags() {
    let line = format!(
        "{}\n",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    );
    let block = line.repeat(10_000).into_bytes();
    let (status, out, stderr, rss) = measure(
        "sudoku-solve",
        &["-j", "64", "--chunk", "1000000"],
        block,
        300,
    );
    let rss = rss.expect("seen");
    println!("sudoku-solve -j 64 --chunk 1000000 on 3 million puzzles: peak RSS {rss} KiB");
    assert_eq!((status, stderr.as_str(), out), (0, "", 82 * 3_000_000));
    assert!(rss < 48 * 1024, "peak RSS {rss} KiB");
}

/// Peak RSS in KiB of `sudoku-check args` reading `sudoku-gen --line n`, with its status.
fn check_after_gen(n: u64, args: &[&str]) -> (i32, String, i64) {
    let mut gen = std::process::Command::new(bin("sudoku-gen"))
        .args(["--line", &n.to_string()])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = std::process::Command::new(bin("sudoku-check"))
        .args(args)
        .stdin(gen.stdout.take().unwrap())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let mut hwm = 0;
    while child.try_wait().unwrap().is_none() {
        if let Ok(text) = std::fs::read_to_string(&status_file) {
            if let Some(l) = text.lines().find(|l| l.starts_with("VmHWM:")) {
                hwm = l.split_whitespace().nth(1).unwrap().parse().unwrap();
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    gen.wait().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        hwm,
    )
}

// sudoku-gen --line N | sudoku-check --distinct, for two N: the memory a board is the slope
#[test]
fn distinct_takes_24_bytes_a_board() {
    let (small, big) = (500_000u64, 4_500_000u64);
    let (s1, e1, m1) = check_after_gen(small, &["--distinct"]);
    let (s2, e2, m2) = check_after_gen(big, &["--distinct"]);
    assert_eq!((s1, e1.as_str()), (0, "500000 boards: 500000 ok\n"));
    assert_eq!((s2, e2.as_str()), (0, "4500000 boards: 4500000 ok\n"));
    let per_board = (m2 - m1) as f64 * 1024.0 / (big - small) as f64;
    println!("sudoku-check --distinct: {per_board:.1} bytes a board ({m1} KiB, {m2} KiB)");
    assert!(per_board <= 24.5, "{per_board:.1} bytes a board");
}

// (ulimit -v 65536; sudoku-gen --line 5000000 | sudoku-check --distinct)
#[test]
fn distinct_out_of_memory_is_a_message() {
    let r = sh(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")),
        "sudoku-gen --line 5000000 | (ulimit -v 65536; exec sudoku-check --distinct)",
    );
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with("sudoku-check: --distinct: out of memory\n"),
        "{}",
        r.stderr
    );
}
