//! Puzzles and games: `sudoku-gen --puzzles` (with --level) and `sudoku -n/-m/-r/-u`.

use crate::util::*;
use std::collections::HashSet;

/// The level column of `sudoku-grade`'s output for `puzzles`.
fn levels(puzzles: &[u8]) -> Vec<String> {
    let r = run("sudoku-grade", &[], puzzles);
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    r.out()
        .lines()
        .map(|l| l.split(' ').nth(1).unwrap().to_string())
        .collect()
}

fn unique(puzzles: &[u8]) {
    let r = run("sudoku-check", &["--unique"], puzzles);
    assert_eq!(r.status, 0, "{}", r.stderr);
}

// sudoku-gen -p --level L --seed 5 40 | sudoku-grade: every line L
#[test]
fn puzzles_at_a_level_grade_at_it() {
    for level in ["easy", "medium", "hard", "expert"] {
        let args = ["-p", "--level", level, "--line", "--seed", "5", "-j2", "40"];
        let r = run("sudoku-gen", &args, b"");
        assert_eq!((r.status, r.stderr.as_str()), (0, ""));
        assert_eq!(levels(&r.stdout), vec![level; 40]);
        unique(&r.stdout);
        let one = run("sudoku-gen", &[&args[..6], &["-j1", "40"]].concat(), b"");
        assert!(one.stdout == r.stdout, "{level}: -j1 and -j2 differ");
        let tail = run(
            "sudoku-gen",
            &[&args[..7], &["--skip", "30", "10"]].concat(),
            b"",
        );
        assert!(
            tail.stdout == r.stdout[82 * 30..],
            "{level}: --skip does not shard"
        );
    }
}

// sudoku-gen -p --level expert --seed 1 100 | sudoku-grade: every line expert; and the
// same for hard puzzle 60,210 of seed 1 (--skip 60209)
#[test]
fn levels_hold_where_the_graders_routes_part() {
    // Kept on the generator's faster route alone, expert puzzle 44 of these graded hard (a
    // unique rectangle on sudoku-grade's route that the faster one passed by) and this hard
    // puzzle expert (the other way round).
    let args = ["-p", "--level", "expert", "--seed", "1", "--line", "100"];
    let r = run("sudoku-gen", &args, b"");
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(levels(&r.stdout), vec!["expert"; 100]);
    let args = [
        "-p", "--level", "hard", "--seed", "1", "--skip", "60209", "--line", "1",
    ];
    let r = run("sudoku-gen", &args, b"");
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(levels(&r.stdout), vec!["hard"]);
}

// sudoku-gen -p ... --seed S -j1 = ... -j3, for each kind of puzzle
#[test]
fn the_same_seed_gives_the_same_bytes_whatever_the_threads() {
    for kind in [
        &["--blanks", "30-50"][..],
        &["--unique"],
        &["--minimal", "--symmetric"],
        &["--level", "medium", "--symmetric"],
        &["--random"],
    ] {
        let mut args = vec!["--seed", "11", "200"];
        if kind != ["--random"] {
            args.push("-p");
        }
        args.extend_from_slice(kind);
        let one = run("sudoku-gen", &[&args[..], &["-j1"]].concat(), b"");
        let three = run("sudoku-gen", &[&args[..], &["-j3"]].concat(), b"");
        assert_eq!(one.status, 0, "{kind:?}: {}", one.stderr);
        assert!(one.stdout == three.stdout, "{kind:?}");
        let other = run("sudoku-gen", &[&args[..], &["--seed", "12"]].concat(), b"");
        assert!(other.stdout != one.stdout, "{kind:?}");
    }
}

// sudoku-gen --random 4 (three runs) and sudoku -n 4 -o - (two runs), without --seed:
// each run its own items
#[test]
fn without_a_seed_each_run_draws_its_own() {
    let runs: Vec<Vec<u8>> = (0..3)
        .map(|_| run("sudoku-gen", &["--random", "--line", "4"], b"").stdout)
        .chain((0..2).map(|_| run("sudoku", &["-n", "4", "-o", "-"], b"").stdout))
        .collect();
    for (i, a) in runs.iter().enumerate() {
        assert!(!a.is_empty());
        for b in &runs[i + 1..] {
            assert!(a != b, "two runs without --seed made the same items");
        }
    }
}

// sudoku-gen --seed 1 ... for each kind of item, and sudoku -n 2 -m 3 --seed 1 -o -
// (golden: a seed's bytes must never change without a reviewed diff; SUDOKU_BLESS=1
// rewrites it)
#[test]
fn a_seed_gives_the_bytes_it_always_gave() {
    const KINDS: [&str; 17] = [
        "--random --line 3",
        "--random 2 --skip 1000000",
        "-p --line 3",
        "-p --blanks 30-50 --line 3",
        "-p --symmetric --blanks 30-50 --line 3",
        "-p --blanks 80-81 --line 10",
        "-p --unique --line 3",
        "-p --unique 2 --skip 1000000",
        "-p --unique --line 2 --skip 18446744073709551613",
        "-p --minimal --line 3",
        "-p --minimal --symmetric --line 3",
        "-p --level easy --line 3",
        "-p --level medium --line 3",
        "-p --level hard --line 3",
        "-p --level hard --symmetric --line 3",
        "-p --level hard --blanks 53-54 --line 3",
        "-p --level expert --line 3",
    ];
    let mut got = String::new();
    for kind in KINDS {
        got += &format!("# sudoku-gen --seed 1 {kind}\n");
        let args: Vec<&str> = ["--seed", "1"].into_iter().chain(kind.split(' ')).collect();
        let r = run("sudoku-gen", &args, b"");
        assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{kind}");
        got += &r.out();
        got += "\n";
    }
    got += "# sudoku -n 2 -m 3 --seed 1 -o -\n";
    let r = run(
        "sudoku",
        &["-n", "2", "-m", "3", "--seed", "1", "-o", "-"],
        b"",
    );
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    got += &r.out();
    golden("gen_seeded.txt", &got);
}

// sudoku-gen -p --blanks 79-81 --seed 3 --line 300 -j1 = ... -j3: 300 distinct boards
#[test]
fn puzzles_that_can_repeat_are_made_again_in_order() {
    // One board has 81 blanks and 729 have 80: most draws of those repeat, and each repeat
    // is replaced, the same way on any number of threads.
    let args = ["-p", "--blanks", "79-81", "--seed", "3", "--line", "300"];
    let one = run("sudoku-gen", &[&args[..], &["-j1"]].concat(), b"");
    let three = run("sudoku-gen", &[&args[..], &["-j3"]].concat(), b"");
    assert_eq!((one.status, one.stderr.as_str()), (0, ""));
    assert!(one.stdout == three.stdout);
    let out = one.out();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 300);
    assert_eq!(lines.iter().collect::<HashSet<_>>().len(), 300);
    let mut by_blanks = [0; 82];
    for l in &lines {
        by_blanks[l.bytes().filter(|&b| b == b'.').count()] += 1;
    }
    assert_eq!(by_blanks[79] + by_blanks[80] + by_blanks[81], 300);
    assert_eq!(by_blanks[81], 1);
}

// sudoku-gen --random --seed 5 --line 20000 -j1 = ... -j5, and --skip 12345 is its tail:
// more items than the makers may run ahead of the writer (4,096), more threads than cores.
#[test]
fn a_long_run_on_many_threads_is_the_same_bytes() {
    let args = ["--random", "--seed", "5", "--line", "-q"];
    let one = run("sudoku-gen", &[&args[..], &["-j1", "20000"]].concat(), b"");
    let five = run("sudoku-gen", &[&args[..], &["-j5", "20000"]].concat(), b"");
    assert_eq!(one.status, 0, "{}", one.stderr);
    assert_eq!(one.stdout.len(), 20000 * 82);
    assert!(one.stdout == five.stdout);
    let tail = run(
        "sudoku-gen",
        &[&args[..], &["-j5", "--skip", "12345", "7655"]].concat(),
        b"",
    );
    assert!(tail.stdout[..] == one.stdout[12345 * 82..]);
}

/// The deadly rectangles of a solved grid: two rows, two columns and two boxes whose four
/// cells hold two digits crosswise. Every grid of one symmetry class (relabelled, rows or
/// columns moved within bands or stacks, bands or stacks moved, transposed) has as many.
fn deadly_rectangles(g: &[u8; 81]) -> usize {
    let mut n = 0;
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let boxes = HashSet::from([
                        (r1 / 3, c1 / 3),
                        (r1 / 3, c2 / 3),
                        (r2 / 3, c1 / 3),
                        (r2 / 3, c2 / 3),
                    ]);
                    let (a, b) = (g[r1 * 9 + c1], g[r1 * 9 + c2]);
                    if boxes.len() == 2 && g[r2 * 9 + c1] == b && g[r2 * 9 + c2] == a {
                        n += 1;
                    }
                }
            }
        }
    }
    n
}

// sudoku -n 10000 -r 20~55 -u && sudoku-check --unique game.txt && sudoku -s game.txt
#[test]
fn ten_thousand_unique_games_from_many_grids() {
    let dir = temp_dir();
    let r = run_in(
        Some(&dir),
        "sudoku",
        &["-n", "10000", "-r", "20~55", "-u"],
        b"",
    );
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    let text = std::fs::read(dir.join("game.txt")).unwrap();
    let games = strict_grids(&text);
    assert_eq!(games.len(), 10_000);
    assert_eq!(games.iter().collect::<HashSet<_>>().len(), 10_000);
    for g in &games {
        let blanks = g.iter().filter(|&&c| c == 0).count();
        assert!((20..=55).contains(&blanks), "{blanks}");
    }
    unique(&text);
    let r = run_in(Some(&dir), "sudoku-solve", &["--count", "game.txt"], b"");
    assert_eq!(r.status, 0);
    assert!(r.out().lines().all(|l| l == "1") && r.out().lines().count() == 10_000);
    let r = run_in(Some(&dir), "sudoku", &["-s", "game.txt"], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    let solutions = strict_grids(&std::fs::read(dir.join("sudoku.txt")).unwrap());
    assert!(solutions.iter().all(valid_solution));
    for (g, s) in games.iter().zip(&solutions) {
        assert!(g.iter().zip(s).all(|(&a, &b)| a == 0 || a == b));
    }
    // Grids of one class have one count; the solutions have many.
    let classes: HashSet<usize> = solutions.iter().map(deadly_rectangles).collect();
    assert!(
        classes.len() >= 12,
        "{} deadly-rectangle counts",
        classes.len()
    );
}

// sudoku -n 30 -m M: every game unique and graded at level M
#[test]
fn games_at_each_level() {
    for (m, level) in [("1", "easy"), ("2", "medium"), ("3", "hard")] {
        let dir = temp_dir();
        let r = run_in(
            Some(&dir),
            "sudoku",
            &["-n", "30", "-m", m, "--seed", "4"],
            b"",
        );
        assert_eq!((r.status, r.stderr.as_str()), (0, ""));
        let text = std::fs::read(dir.join("game.txt")).unwrap();
        assert_eq!(strict_grids(&text).len(), 30);
        assert_eq!(levels(&text), vec![level; 30]);
        unique(&text);
    }
}

#[test]
fn bad_game_command_lines_leave_game_txt_alone() {
    const SENTINEL: &[u8] = b"the previous game.txt\n";
    for (args, rule) in [
        (&["-n"][..], "missing argument for option '-n'"),
        (
            &["-n", "0"],
            "-n: expected a whole number from 1 to 10000, found '0'",
        ),
        (
            &["-n", "10001"],
            "-n: expected a whole number from 1 to 10000, found '10001'",
        ),
        (
            &["-n", "x"],
            "-n: expected a whole number from 1 to 10000, found 'x'",
        ),
        (
            &["-n", "5", "-m", "0"],
            "-m: expected a whole number from 1 to 3, found '0'",
        ),
        (
            &["-n", "5", "-m", "4"],
            "-m: expected a whole number from 1 to 3, found '4'",
        ),
        (
            &["-n", "5", "-m", "easy"],
            "-m: expected a whole number from 1 to 3, found 'easy'",
        ),
        (
            &["-n", "5", "-m", "1", "-r", "20~30"],
            "-m goes without -r: a level sets the blanks",
        ),
        (
            &["-n", "5", "-m", "2", "-u"],
            "-m goes without -u: a level sets the blanks and makes every game unique",
        ),
        (&["-n", "5", "-m", "1", "-m", "2"], "-m given twice"),
        (
            &["-n", "5", "-r", "19~30"],
            "-r: expected L~U (or one number) with 20 <= L <= U <= 55",
        ),
        (
            &["-n", "5", "-r", "20~56"],
            "-r: expected L~U (or one number) with 20 <= L <= U <= 55",
        ),
        (
            &["-n", "5", "-r", "40~30"],
            "-r: expected L~U (or one number) with 20 <= L <= U <= 55",
        ),
        (
            &["-n", "5", "-r", "a~b"],
            "-r: expected L~U (or one number) with 20 <= L <= U <= 55",
        ),
        (
            &["-n", "5", "-r", "20~30~40"],
            "-r: expected L~U (or one number) with 20 <= L <= U <= 55",
        ),
        (
            &["-n", "5", "-c", "5"],
            "-c, -s, -n and --play cannot be used together",
        ),
        (
            &["-n", "5", "-s", "game.txt"],
            "-c, -s, -n and --play cannot be used together",
        ),
        (
            &["-n", "5", "--first", "2"],
            "--first and --id go with -c, not -n",
        ),
        (&["-m", "1"], "-m goes with -n or --play"),
        (&["-r", "20~30"], "-r goes with -n"),
        (&["-u"], "-u goes with -n"),
        (&["-c", "5", "-m", "1"], "-m goes with -n or --play"),
        (&["-s", "game.txt", "-u"], "-u goes with -n"),
        (&["-c", "5", "--seed", "1"], "--seed goes with -n or --play"),
        (&["-n", "5", "extra"], "unexpected argument 'extra'"),
    ] {
        let dir = temp_dir();
        std::fs::write(dir.join("game.txt"), SENTINEL).unwrap();
        let r = run_in(Some(&dir), "sudoku", args, b"");
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.starts_with(&format!("sudoku: {rule}")),
            "{args:?}: {}",
            r.stderr
        );
        assert!(
            r.stderr.contains("\nUsage: sudoku "),
            "{args:?}: {}",
            r.stderr
        );
        assert_eq!(
            std::fs::read(dir.join("game.txt")).unwrap(),
            SENTINEL,
            "{args:?}"
        );
        assert_eq!(files_in(&dir), ["game.txt"], "{args:?}");
    }
}

// sudoku-gen -p --unique --blanks 65-70 3, and more puzzles than there are with 80 or 81
// blanks: refused at once; --level expert --blanks 20-30, --minimal --symmetric --blanks 40
// and all 729 puzzles of 80 blanks (the last one is not found): 1,000 attempts, then what
// could not be made, after what was
#[test]
fn a_request_that_cannot_be_met_says_so() {
    for (args, what) in [
        (
            &["--unique", "--blanks", "65-70", "3"][..],
            "--blanks: a unique puzzle has at least 17 givens, so at most 64 blanks, not 65-70",
        ),
        (
            &["--blanks", "81", "2"],
            "--blanks 81 allows 1 distinct puzzle, not 2",
        ),
        (
            &["--blanks", "80-81", "731"],
            "--blanks 80-81 allows 730 distinct puzzles, not 731",
        ),
        (
            &["--blanks", "80", "--symmetric", "10"],
            "--symmetric --blanks 80 allows 9 distinct puzzles, not 10",
        ),
    ] {
        let args = [&["-p"], args].concat();
        let r = run("sudoku-gen", &args, b"");
        assert_eq!((r.status, r.stdout.len()), (2, 0), "{args:?}");
        assert_eq!(
            r.stderr.lines().next().unwrap(),
            format!("sudoku-gen: {what}")
        );
    }
    for (args, written, what) in [
        (
            &["--level", "expert", "--blanks", "20-30", "3"][..],
            0,
            "puzzle 1: no expert puzzle with 20-30 blanks",
        ),
        (
            &["--minimal", "--symmetric", "--blanks", "40", "3"],
            0,
            "puzzle 1: no minimal symmetric puzzle with 40 blanks",
        ),
        (
            &["--blanks", "80", "729"],
            728,
            "puzzle 729: no puzzle with 80 blanks that is not a repeat",
        ),
    ] {
        let args = [&["-p", "--line", "--seed", "1"], args].concat();
        let r = run("sudoku-gen", &args, b"");
        assert_eq!((r.status, r.stdout.len()), (2, 82 * written), "{args:?}");
        assert_eq!(
            r.stderr,
            format!("sudoku-gen: {what} in 1000 attempts (a wider --blanks makes one likelier)\n"),
        );
    }
}

#[test]
fn a_bad_blank_range_says_what_was_expected() {
    for (tool, flag, form, bounds, values) in [
        (
            "sudoku",
            "-r",
            "L~U",
            "20 <= L <= U <= 55",
            &[
                "19~30", "20~56", "40~30", "a~b", "20~30~40", "+20~30", "20~", "", "300",
            ][..],
        ),
        (
            "sudoku-gen",
            "--blanks",
            "L-U",
            "0 <= L <= U <= 81",
            &["50-40", "82", "-3", "1-2-3", "x", "+5"],
        ),
    ] {
        for v in values {
            let args: &[&str] = if tool == "sudoku" {
                &["-n", "5", flag, v]
            } else {
                &["-p", flag, v, "5"]
            };
            let r = run_in(Some(&temp_dir()), tool, args, b"");
            assert_eq!(r.status, 2, "{args:?}");
            assert_eq!(
                r.stderr.lines().next().unwrap(),
                format!(
                    "{tool}: {flag}: expected {form} (or one number) with {bounds}, found '{v}'"
                ),
                "{args:?}"
            );
        }
    }
}
