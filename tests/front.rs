//! `sudoku -c` and `sudoku -s`: the assignment's front, and sudoku.txt never half-written.

use crate::util::*;
use std::collections::HashSet;
use std::path::Path;

const SENTINEL: &[u8] = b"the previous sudoku.txt\n";

/// Runs `sudoku args` in a fresh directory holding a sentinel sudoku.txt.
fn in_dir(args: &[&str]) -> (Run, std::path::PathBuf) {
    let dir = temp_dir();
    std::fs::write(dir.join("sudoku.txt"), SENTINEL).unwrap();
    (run_in(Some(&dir), "sudoku", args, b""), dir)
}

// sudoku -c 1000000 && sudoku-check --strict --distinct --first 1 sudoku.txt
#[test]
fn create_a_million() {
    let (r, dir) = in_dir(&["-c", "1000000"]);
    assert_eq!((r.status, r.stderr.as_str(), r.stdout.len()), (0, "", 0));
    assert_eq!(files_in(&dir), ["sudoku.txt"]);
    let path = dir.join("sudoku.txt");
    let text = std::fs::read(&path).unwrap();
    assert_eq!(text.len(), 163 * 1_000_000 - 1);
    let r = run(
        "sudoku-check",
        &[
            "--strict",
            "--distinct",
            "--first",
            "1",
            path.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(
        (r.status, r.stderr.as_str()),
        (0, "1000000 boards: 1000000 ok\n")
    );
    // An independent check: strict layout, rules, distinctness.
    let boards = strict_grids(&text);
    assert_eq!(boards.len(), 1_000_000);
    assert!(boards.iter().all(|b| b[0] == 1 && valid_solution(b)));
    assert_eq!(boards.iter().collect::<HashSet<_>>().len(), 1_000_000);
}

// sudoku -c 1000 --id 2023123456 = sudoku-gen 1000 --id 2023123456
#[test]
fn create_equals_gen() {
    let (r, dir) = in_dir(&["-c", "1000", "--id", "2023123456"]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    let gen = run("sudoku-gen", &["1000", "--id", "2023123456"], b"").stdout;
    assert!(std::fs::read(dir.join("sudoku.txt")).unwrap() == gen);
    let r = run(
        "sudoku",
        &["-c", "1000", "--id", "2023123456", "-o", "-"],
        b"",
    );
    assert!(r.stdout == gen);
}

#[test]
fn bad_command_lines_leave_sudoku_txt_alone() {
    for (args, rule) in [
        (&[][..], "expected -c N, -s FILE, -n N or --play"),
        (&["-c"], "missing argument for option '-c'"),
        (
            &["-c", "abc"],
            "-c: expected a whole number from 1 to 1000000, found 'abc'",
        ),
        (
            &["-c", "0"],
            "-c: expected a whole number from 1 to 1000000, found '0'",
        ),
        (
            &["-c", "-5"],
            "-c: expected a whole number from 1 to 1000000, found '-5'",
        ),
        (
            &["-c", "1000001"],
            "-c: expected a whole number from 1 to 1000000, found '1000001'",
        ),
        (
            &["-c", "12abc"],
            "-c: expected a whole number from 1 to 1000000, found '12abc'",
        ),
        (
            &["-c", ""],
            "-c: expected a whole number from 1 to 1000000, found ''",
        ),
        (
            &["-c", " 5"],
            "-c: expected a whole number from 1 to 1000000, found ' 5'",
        ),
        (
            &["-c", "1e3"],
            "-c: expected a whole number from 1 to 1000000, found '1e3'",
        ),
        (&["-x"], "invalid option '-x'"),
        (&["--generate"], "--generate DIR goes alone"),
        (&["-c", "5", "--generate", "d"], "--generate DIR goes alone"),
        (&["--generate=d", "extra"], "--generate DIR goes alone"),
        (
            &["--generate", ""],
            "--generate: expected a directory, found ''",
        ),
        (
            &["--generate="],
            "--generate: expected a directory, found ''",
        ),
        (&["--bogus"], "invalid option '--bogus'"),
        (
            &["-c", "5", "-s", "f"],
            "-c, -s, -n and --play cannot be used together",
        ),
        (&["-c", "5", "extra"], "unexpected argument 'extra'"),
        (&["-c", "5", "-c", "6"], "-c given twice"),
        (
            &["-c", "5", "--first", "10"],
            "--first: expected a whole number from 1 to 9, found '10'",
        ),
        (&["-c", "5", "-j", "2"], "-j goes with -s or -n, not -c"),
        (&["-s"], "missing argument for option '-s'"),
        (&["-s", "-"], "-s needs a file, not standard input"),
        (
            &["-s", "sudoku.txt"],
            "-s sudoku.txt: sudoku.txt is also the output; choose another with -o",
        ),
        (
            &["-s", "game.txt", "--first", "2"],
            "--first and --id go with -c, not -s",
        ),
    ] {
        let (r, dir) = in_dir(args);
        assert_eq!(r.status, 2, "{args:?}");
        assert!(r.stdout.is_empty(), "{args:?}");
        let mut lines = r.stderr.lines();
        assert!(
            lines
                .next()
                .unwrap()
                .starts_with(&format!("sudoku: {rule}")),
            "{args:?}: {}",
            r.stderr
        );
        assert!(
            lines.next().unwrap().starts_with("Usage: sudoku "),
            "{args:?}: {}",
            r.stderr
        );
        assert_eq!(
            std::fs::read(dir.join("sudoku.txt")).unwrap(),
            SENTINEL,
            "{args:?}"
        );
        assert_eq!(files_in(&dir), ["sudoku.txt"], "{args:?}");
    }
}

fn puzzle_file(dir: &Path, text: &[u8]) -> String {
    let p = dir.join("game.txt");
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

// sudoku -s game.txt (the assignment's layout, no final newline)
#[test]
fn solve_the_assignment_file() {
    let dir = temp_dir();
    let puzzles = std::fs::read(data("assignment_puzzles.txt")).unwrap();
    let game = puzzle_file(&dir, &puzzles);
    let r = run_in(Some(&dir), "sudoku", &["-s", &game], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    let got = std::fs::read(dir.join("sudoku.txt")).unwrap();
    // The student's solutions file ends with an extra empty line; compare boards.
    let want = std::fs::read_to_string(data("assignment_solutions.txt")).unwrap();
    assert_eq!(
        strict_grids(&got),
        strict_grids(format!("{}\n", want.trim_end()).as_bytes())
    );
    assert_eq!(
        std::fs::read(&game).unwrap(),
        puzzles,
        "the input file changed"
    );
    let solve = run("sudoku-solve", &["--grid", &game], b"");
    assert!(
        solve.stdout == got,
        "sudoku -s and sudoku-solve --grid differ"
    );
}

#[test]
fn a_failing_puzzle_leaves_sudoku_txt_alone() {
    let dir = temp_dir();
    std::fs::write(dir.join("sudoku.txt"), SENTINEL).unwrap();
    let puzzles = std::fs::read(data("assignment_puzzles.txt")).unwrap();
    // Board 2 (lines 11-19) gets a clash in its first row: 9 twice.
    let text =
        String::from_utf8(puzzles)
            .unwrap()
            .replacen("9 1 2 3 4 5 7 6 8", "9 9 2 3 4 5 7 6 8", 1);
    let game = puzzle_file(&dir, text.as_bytes());
    let r = run_in(Some(&dir), "sudoku", &["-s", &game], b"");
    assert_eq!(r.status, 1);
    assert!(
        r.stderr.starts_with(&format!(
            "{game}:11: board 2: invalid puzzle: digit 9 repeats in row 1\n"
        )),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read(dir.join("sudoku.txt")).unwrap(), SENTINEL);
    assert_eq!(files_in(&dir), ["game.txt", "sudoku.txt"]);
    let r = run_in(Some(&dir), "sudoku", &["-s", "missing.txt"], b"");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr
            .starts_with("sudoku: missing.txt: No such file or directory"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read(dir.join("sudoku.txt")).unwrap(), SENTINEL);
}

// cargo build --no-default-features: sudoku --play says what is missing
#[cfg(not(feature = "play"))]
#[test]
fn play_without_the_feature_is_an_error() {
    let r = run("sudoku", &["--play"], b"");
    assert_eq!(r.status, 2);
    assert_eq!(
        r.stderr,
        "sudoku: --play: this sudoku was built without the play feature\n"
    );
}
