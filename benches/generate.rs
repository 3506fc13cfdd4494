//! The generator and grader benchmark, side by side with peers, one thread unless said:
//!
//! - minimal unique puzzles: our library (`gen::puzzle::make`) and `sudoku-gen -p --minimal
//!   -j1` end to end, against rustoku-lib's `generate_board(17)` (MIT, crates.io: it digs a
//!   random grid until no given can go, the same kind of puzzle);
//! - graded puzzles: `sudoku-gen -p --level L -j1` against qqwing (Debian's `qqwing`,
//!   `--generate N --difficulty D --one-line`) at each comparable level: easy ↔ easy,
//!   medium ↔ intermediate, hard ↔ expert (when `qqwing` is on `PATH`);
//! - `sudoku-grade -j1` on 17_clue, random_minimal_100k (first 20,000) and
//!   forum_hardest_1905_11plus (first 1,000) of `../shared/data`;
//! - the front on both cores: `sudoku -n 10000 -r 20~55 -u` and `sudoku -n 10000 -m M`,
//!   wall time, and `-j2` against `-j1` for `-r 20~55 -u` (21 pairs) and `-m 3`.
//!
//! Each figure is the median of 3 runs, the peers' runs alternated with ours, so the ratios
//! are comparable on a noisy machine; the absolute figures are not.
//! `cargo run --release --manifest-path benches/Cargo.toml --bin generate`

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudoku_filters::gen::puzzle::{make, Spec};

mod common;
use common::{bin, median, rate, root, scratch};

const RUNS: usize = 3;

/// Runs `cmd args` with its output thrown away; the wall time.
fn time(cmd: &std::path::Path, args: &[&str]) -> Duration {
    let start = Instant::now();
    let status = Command::new(cmd)
        .args(args)
        .stdout(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("{}: {e}", cmd.display()));
    assert!(status.success(), "{} {args:?}", cmd.display());
    start.elapsed()
}

/// Medians of `RUNS` alternated runs of each of `fs`, as seconds.
fn medians<const N: usize>(mut f: impl FnMut(usize) -> Duration) -> [f64; N] {
    let mut runs: [Vec<f64>; N] = std::array::from_fn(|_| Vec::new());
    for _ in 0..RUNS {
        for (i, r) in runs.iter_mut().enumerate() {
            r.push(f(i).as_secs_f64());
        }
    }
    runs.map(median)
}

fn minimal() {
    let spec = Spec::MINIMAL;
    const OURS: u64 = 5000;
    const PROCESS: &str = "20000";
    const THEIRS: usize = 500;
    let gen = bin("sudoku-gen");
    let [lib, process, theirs] = medians(|i| match i {
        0 => {
            let start = Instant::now();
            let givens: usize = (0..OURS)
                .map(|k| {
                    make(&spec, 1, k, 0)
                        .unwrap()
                        .0
                        .iter()
                        .filter(|&&d| d != 0)
                        .count()
                })
                .sum();
            assert!(givens > 0);
            start.elapsed()
        }
        1 => time(
            &gen,
            &["-p", "--minimal", "-j1", "-l", "--seed", "1", PROCESS],
        ),
        _ => {
            let start = Instant::now();
            for _ in 0..THEIRS {
                rustoku_lib::generate_board(17).unwrap();
            }
            start.elapsed()
        }
    });
    let n: usize = PROCESS.parse().unwrap();
    println!("minimal unique puzzles, one thread:");
    println!(
        "  ours, library          {}",
        rate(OURS as usize, Duration::from_secs_f64(lib))
    );
    println!(
        "  ours, sudoku-gen -j1   {}",
        rate(n, Duration::from_secs_f64(process))
    );
    println!(
        "  rustoku-lib            {}",
        rate(THEIRS, Duration::from_secs_f64(theirs))
    );
    println!(
        "  ratio (process / rustoku-lib): {:.1}x",
        (n as f64 / process) / (THEIRS as f64 / theirs)
    );
}

fn on_path(program: &str) -> Option<std::path::PathBuf> {
    std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join(program))
            .find(|f| f.is_file())
    })
}

fn graded() {
    let Some(qqwing) = on_path("qqwing") else {
        println!("graded puzzles: qqwing is not on PATH (apt-get install qqwing); not run");
        return;
    };
    println!("graded puzzles, one thread (ours: sudoku-gen -p --level L -j1; qqwing --generate):");
    let gen = bin("sudoku-gen");
    for (ours, theirs, n_ours, n_theirs) in [
        ("easy", "easy", "20000", "200"),
        ("medium", "intermediate", "5000", "100"),
        ("hard", "expert", "3000", "200"),
    ] {
        let [a, b] = medians(|i| match i {
            0 => time(
                &gen,
                &["-p", "--level", ours, "-j1", "-l", "--seed", "1", n_ours],
            ),
            _ => time(
                &qqwing,
                &["--generate", n_theirs, "--difficulty", theirs, "--one-line"],
            ),
        });
        let (ra, rb) = (
            n_ours.parse::<f64>().unwrap() / a,
            n_theirs.parse::<f64>().unwrap() / b,
        );
        println!(
            "  {ours:<7} {ra:>8.0}/s   qqwing {theirs:<12} {rb:>6.1}/s   ratio {:.0}x",
            ra / rb
        );
    }
}

fn grading() {
    let data = root().join("../shared/data");
    if !data.exists() {
        println!("sudoku-grade: ../shared/data is missing; not run");
        return;
    }
    println!("sudoku-grade -j1:");
    let grade = bin("sudoku-grade");
    for (set, take) in [
        ("17_clue", usize::MAX),
        ("random_minimal_100k", 20_000),
        ("forum_hardest_1905_11plus", 1000),
    ] {
        let text = std::fs::read_to_string(data.join(format!("{set}.txt"))).unwrap();
        let lines: Vec<&str> = text.lines().take(take).collect();
        let path = scratch().join(format!("{set}.grade.txt"));
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        let [t] = medians(|_| time(&grade, &["-j1", "-q", path.to_str().unwrap()]));
        println!(
            "  {set:<28} {}",
            rate(lines.len(), Duration::from_secs_f64(t))
        );
    }
}

fn front() {
    let sudoku = bin("sudoku");
    let out = scratch().join("game.txt");
    let out = out.to_str().unwrap();
    println!("the front, sudoku -n 10000 (wall time, both cores unless -j1):");
    for args in [
        &["-r", "20~55", "-u"][..],
        &["-m", "1"],
        &["-m", "2"],
        &["-m", "3"],
    ] {
        let all: Vec<&str> = [&["-n", "10000", "-o", out][..], args].concat();
        let [t] = medians(|_| time(&sudoku, &all));
        println!("  {:<14} {t:.2} s", args.join(" "));
    }
    // A run of -r takes a tenth of a second, so it gets more pairs than -m 3.
    for (args, pairs) in [(&["-r", "20~55", "-u"][..], 21), (&["-m", "3"], RUNS)] {
        let base: Vec<&str> = [&["-n", "10000", "-o", out][..], args].concat();
        let mut ratios = Vec::new();
        for _ in 0..pairs {
            let one = time(&sudoku, &[&base[..], &["-j1"]].concat());
            let two = time(&sudoku, &[&base[..], &["-j2"]].concat());
            ratios.push(one.as_secs_f64() / two.as_secs_f64());
        }
        let (lo, hi) = ratios
            .iter()
            .fold((f64::MAX, 0f64), |(lo, hi), &r| (lo.min(r), hi.max(r)));
        println!(
            "  {:<14} -j2 against -j1: {:.2}x (median of {pairs} alternated pairs; {lo:.2}x-{hi:.2}x)",
            args.join(" "),
            median(ratios)
        );
    }
}

fn main() {
    minimal();
    graded();
    grading();
    front();
}
