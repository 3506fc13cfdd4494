//! `sudoku-check`: finds each kind of failure at the right line.

use crate::util::*;

fn gen(n: &str) -> Vec<u8> {
    run("sudoku-gen", &[n], b"").stdout
}

/// Replaces line `line` (1-based) of `text`.
fn with_line(text: &[u8], line: usize, new: &str) -> Vec<u8> {
    let s = String::from_utf8(text.to_vec()).unwrap();
    let mut lines: Vec<String> = s.split('\n').map(String::from).collect();
    lines[line - 1] = new.to_string();
    lines.join("\n").into_bytes()
}

// sudoku-gen 1000 | sudoku-check --distinct --strict --first 1 --count 1000
#[test]
fn generated_grids_pass() {
    let r = run(
        "sudoku-check",
        &["--distinct", "--strict", "--first", "1", "--count", "1000"],
        &gen("1000"),
    );
    assert_eq!((r.status, r.stderr.as_str()), (0, "1000 boards: 1000 ok\n"));
}

#[test]
fn each_failure_is_found_at_its_line() {
    let good = gen("5");
    // Board 2 starts on line 11; its row 3 is line 13.
    let text = String::from_utf8(good.clone()).unwrap();
    let line = |n: usize| text.lines().nth(n - 1).unwrap();
    // The line with its first cell's digit written again in its second cell.
    let clash = |n: usize| {
        let row = line(n);
        format!("{}{}{}", &row[..2], &row[..1], &row[3..])
    };
    let row = line(13);
    let blank = format!("0{}", &row[1..]);
    let cases: Vec<(Vec<u8>, &[&str], &str)> = vec![
        (
            with_line(&good, 13, &clash(13)),
            &[],
            "<stdin>:13:3: board 2: digit",
        ),
        (
            with_line(&good, 3, &clash(3)),
            &[],
            "<stdin>:3:3: board 1: digit",
        ),
        (
            with_line(&good, 13, &blank),
            &[],
            "<stdin>:13:1: board 2: blank cell at row 3 column 1",
        ),
        (
            with_line(&good, 13, &format!("{row} ")),
            &["--strict"],
            "<stdin>:13:18: board 2: layout: trailing whitespace",
        ),
        (
            with_line(&good, 13, &format!("{row}\r")),
            &["--strict"],
            "<stdin>:13:18: board 2: layout: CRLF line ending",
        ),
        (
            with_line(&good, 20, "\n"),
            &["--strict"],
            "<stdin>:22: board 3: layout: more than one empty line",
        ),
        (
            [gen("2"), b"\n".to_vec(), gen("1")].concat(),
            &["--distinct"],
            "<stdin>:21: board 3: same as board 1 (line 1)",
        ),
    ];
    for (input, args, want) in cases {
        let r = run("sudoku-check", args, &input);
        assert_eq!(r.status, 1, "{want}\n{}", r.stderr);
        assert!(
            r.stderr.starts_with(want),
            "want {want:?}, got {:?}",
            r.stderr
        );
        assert_eq!(r.stderr.lines().count(), 2, "{}", r.stderr);
    }
    // A missing empty line between boards: rows 10..18 follow row 9 directly.
    let s = String::from_utf8(gen("2"))
        .unwrap()
        .replacen("\n\n", "\n", 1);
    let r = run("sudoku-check", &["--strict"], s.as_bytes());
    assert!(
        r.stderr
            .starts_with("<stdin>:10: board 2: layout: no empty line between boards"),
        "{}",
        r.stderr
    );
}

/// A board can fail more than one check; the tally counts boards, not messages.
#[test]
fn a_board_failing_four_ways_is_counted_once() {
    // 66 grids, all with top-left 1; the 66th repeats the first, has no puzzle (the
    // puzzles are the first 65 grids, each its own solution) and is followed by an empty
    // line. It sits in the second word of the failed-board bits, past bit 0.
    let dir = temp_dir();
    let puzzles = dir.join("puzzles.txt");
    std::fs::write(&puzzles, gen("65")).unwrap();
    let input = [gen("65"), b"\n".to_vec(), gen("1"), b"\n".to_vec()].concat();
    let args = ["--distinct", "--first", "2", "--strict", "--solves"];
    let args = [&args[..], &[puzzles.to_str().unwrap()]].concat();
    let r = run("sudoku-check", &args, &input);
    assert_eq!(r.status, 1);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 65 + 4 + 1, "{}", r.stderr);
    let p = puzzles.display();
    assert_eq!(
        lines[65..],
        [
            &format!("<stdin>:651: board 66: no puzzle for it: {p} has only 65 puzzles"),
            "<stdin>:651: board 66: top-left digit is 1, expected 2",
            "<stdin>:660: board 66: layout: empty line after the last board",
            "<stdin>:651: board 66: same as board 1 (line 1)",
            "66 boards: 0 ok, 66 failed",
        ]
    );
}

/// Failures of the input as a whole, with every board ok: status 1 all the same.
#[test]
fn a_failure_of_the_whole_input_is_status_1() {
    let p = data("assignment_puzzles.txt");
    let s = std::fs::read_to_string(data("assignment_solutions.txt")).unwrap();
    // The first four solutions: 39 lines, ending with the fourth grid's newline.
    let four: String = s.split_inclusive('\n').take(39).collect();
    let puzzles = format!("{}: 5 puzzles but only 4 boards", p.display());
    let cases: [(&[&str], &[u8], &str, &str); 4] = [
        (
            &["--solves", p.to_str().unwrap()],
            four.as_bytes(),
            &puzzles,
            "4 boards: 4 ok",
        ),
        (
            &["--count", "5"],
            &gen("4"),
            "expected 5 boards, found 4",
            "4 boards: 4 ok",
        ),
        (&[], b"", "no boards", "0 boards: 0 ok"),
        (
            &["--count", "0"],
            &gen("1"),
            "expected 0 boards, found 1",
            "1 board: 1 ok",
        ),
    ];
    for (args, input, want, summary) in cases {
        let r = run("sudoku-check", args, input);
        assert_eq!(
            (r.status, r.stderr.lines().collect::<Vec<_>>()),
            (1, vec![want, summary]),
            "{args:?}"
        );
    }
    // With no boards expected, none is no failure.
    let r = run("sudoku-check", &["--count", "0"], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, "0 boards: 0 ok\n"));
}

#[test]
fn solves_pairs_boards_with_puzzles() {
    let p = data("assignment_puzzles.txt");
    let s = data("assignment_solutions.txt");
    let (p, s) = (p.to_str().unwrap(), s.to_str().unwrap());
    let r = run("sudoku-check", &["--solves", p, s], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, "5 boards: 5 ok\n"));
    let r = run("sudoku-check", &["--solves", p], &gen("5"));
    assert_eq!(r.status, 1);
    assert!(
        r.stderr
            .contains("board 1: does not keep the puzzle's given"),
        "{}",
        r.stderr
    );
    let r = run("sudoku-check", &["--solves", p], &gen("4"));
    assert!(
        r.stderr.contains("5 puzzles but only 4 boards"),
        "{}",
        r.stderr
    );
}

#[test]
fn lenient_input_is_read_and_strict_tells() {
    let crlf = data("grids_crlf.txt");
    let r = run("sudoku-check", &[crlf.to_str().unwrap()], b"");
    assert_eq!(r.status, 0, "{}", r.stderr);
    let r = run("sudoku-check", &["--strict", crlf.to_str().unwrap()], b"");
    assert_eq!(r.status, 1);
    assert!(
        r.stderr
            .contains("grids_crlf.txt:1:18: board 1: layout: CRLF line ending"),
        "{}",
        r.stderr
    );
}

#[test]
fn bad_input_is_an_error_with_line_and_column() {
    let bad = with_line(&gen("2"), 14, "1 2 3 x 5 6 7 8 9");
    let r = run("sudoku-check", &[], &bad);
    assert_eq!(r.status, 2);
    assert!(
        r.stderr
            .starts_with("sudoku-check: <stdin>:14:7: unexpected character 'x'\n"),
        "{}",
        r.stderr
    );
    let r = run("sudoku-check", &["no/such/file"], b"");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr
            .starts_with("sudoku-check: no/such/file: No such file or directory"),
        "{}",
        r.stderr
    );
    let r = run("sudoku-check", &[], b"");
    assert_eq!(
        (r.status, r.stderr.as_str()),
        (1, "no boards\n0 boards: 0 ok\n")
    );
}
