//! `sudoku-gen`: distinct valid grids, exact layout, deterministic, shardable.

use crate::util::*;
use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

// sudoku-gen 20000
#[test]
fn grids_are_valid_distinct_and_exactly_laid_out() {
    let r = run("sudoku-gen", &["20000"], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    assert_eq!(r.stdout.len(), 163 * 20000 - 1);
    let boards = strict_grids(&r.stdout);
    assert_eq!(boards.len(), 20000);
    assert!(boards.iter().all(valid_solution));
    assert!(boards.iter().all(|b| b[0] == 1));
    let distinct: HashSet<_> = boards.iter().collect();
    assert_eq!(distinct.len(), 20000);
}

// sudoku-gen 3 (golden: the output must never change without a reviewed diff)
#[test]
fn output_is_deterministic() {
    let r = run("sudoku-gen", &["3"], b"");
    golden("gen_first3.txt", &r.out());
    assert_eq!(run("sudoku-gen", &["3"], b"").stdout, r.stdout);
}

// sudoku-gen 5000 = sudoku-gen 2000; echo; sudoku-gen 3000 --skip 2000 (line form: plain cat)
#[test]
fn skip_shards_the_enumeration() {
    let whole = run("sudoku-gen", &["5000"], b"").stdout;
    let mut joined = run("sudoku-gen", &["2000"], b"").stdout;
    joined.push(b'\n');
    joined.extend(run("sudoku-gen", &["3000", "--skip", "2000"], b"").stdout);
    assert!(whole == joined, "grid-form shards differ");
    let whole = run("sudoku-gen", &["--line", "5000", "--first", "4"], b"").stdout;
    let mut joined = run("sudoku-gen", &["-l", "2000", "--first", "4"], b"").stdout;
    joined.extend(
        run(
            "sudoku-gen",
            &["-l", "3000", "--skip=2000", "--first", "4"],
            b"",
        )
        .stdout,
    );
    assert!(whole == joined, "line-form shards differ");
    assert_eq!(whole.len(), 82 * 5000);
}

// sudoku-gen --id 2023123456 4 ; sudoku-gen --first 9 4
#[test]
fn top_left_digit_from_first_or_id() {
    for (args, digit) in [(["--id", "2023123456"], 3u8), (["--first", "9"], 9)] {
        let r = run("sudoku-gen", &[args[0], args[1], "4"], b"");
        let boards = strict_grids(&r.stdout);
        assert_eq!(boards.len(), 4);
        assert!(boards.iter().all(|b| b[0] == digit && valid_solution(b)));
    }
}

#[test]
fn bad_requests_are_usage_errors() {
    for (args, rule) in [
        (&[][..], "missing N, the number of grids"),
        (
            &["abc"],
            "N: expected a whole number from 0 to 18446744073709551615, found 'abc'",
        ),
        (&["-5"], "invalid option '-5'"),
        (&["1", "2"], "unexpected argument '2'"),
        (
            &["--first", "0", "1"],
            "--first: expected a whole number from 1 to 9, found '0'",
        ),
        (
            &["--id", "7", "1"],
            "--id: expected a student id of two or more digits, found '7'",
        ),
        (
            &["--first", "2", "--id", "2023123456", "1"],
            "--first and --id cannot be used together",
        ),
        (&["--symmetric", "1"], "--symmetric goes with --puzzles"),
        (&["--bogus", "1"], "invalid option '--bogus'"),
        (
            &["2", "--skip", "135444234239"],
            "asked for grids 135444234240 to 135444234241",
        ),
        (
            &["135444234241"],
            "N: expected a whole number from 0 to 135444234240, found '135444234241'",
        ),
        (
            &["--seed", "1", "1"],
            "--seed and -j go with --random or --puzzles",
        ),
        (
            &["-j", "2", "1"],
            "--seed and -j go with --random or --puzzles",
        ),
        (
            &["1e3"],
            "N: expected a whole number from 0 to 18446744073709551615, found '1e3'",
        ),
    ] {
        let r = run("sudoku-gen", args, b"");
        assert_eq!(r.status, 2, "{args:?}");
        assert!(r.stdout.is_empty(), "{args:?}");
        assert!(
            r.stderr.starts_with(&format!("sudoku-gen: {rule}")),
            "{args:?}: {}",
            r.stderr
        );
        assert!(
            r.stderr.contains("Usage: sudoku-gen"),
            "{args:?}: {}",
            r.stderr
        );
    }
    let r = run("sudoku-gen", &["2", "--skip", "135444234239"], b"");
    assert!(
        r.stderr.contains("holds 135444234240 grids"),
        "{}",
        r.stderr
    );
}

// sudoku-gen 135444234240 | head -n 1: the whole family asked for, and cut short.
#[test]
fn closed_pipe_ends_quietly() {
    let mut child = Command::new(bin("sudoku-gen"))
        .arg("135444234240")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert_eq!(line.len(), 18);
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn help_and_version_answer_first() {
    let r = run("sudoku-gen", &["--bogus", "-h"], b"");
    assert_eq!(r.status, 0);
    assert!(r.out().contains("--skip K"));
    let r = run("sudoku-gen", &["-V"], b"");
    assert_eq!(
        r.out(),
        format!("sudoku-gen {}\n", env!("CARGO_PKG_VERSION"))
    );
}

// With the front's and sudoku-solve's, which share the flag helpers.
#[test]
fn conflicting_flags_are_named_as_the_synopsis_writes_them() {
    for (tool, args, message) in [
        (
            "sudoku-gen",
            &["--first", "2", "--id", "2023123456", "1"][..],
            "--first and --id cannot be used together: each sets the top-left digit",
        ),
        (
            "sudoku-gen",
            &["--id", "12", "--id", "13", "1"],
            "--id given twice",
        ),
        (
            "sudoku-gen",
            &["-s", "1"],
            "--symmetric goes with --puzzles",
        ),
        (
            "sudoku-gen",
            &["-p", "--first", "2", "1"],
            "--first goes with the family of grids, not --random or --puzzles",
        ),
        (
            "sudoku",
            &["-c", "5", "--id", "2023123456", "--first", "2"],
            "--first and --id cannot be used together: each sets the top-left digit",
        ),
        (
            "sudoku",
            &["-c", "5", "--first", "2", "--first", "3"],
            "--first given twice",
        ),
    ] {
        let dir = temp_dir();
        let r = run_in(Some(&dir), tool, args, b"");
        assert_eq!(r.status, 2, "{args:?}");
        assert_eq!(
            r.stderr.lines().next().unwrap(),
            format!("{tool}: {message}"),
            "{args:?}"
        );
        assert!(files_in(&dir).is_empty(), "{args:?}");
    }
}
