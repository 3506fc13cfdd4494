//! `sudoku-solve`: every shared set solved and checked; failures reported in place.

use crate::util::*;

fn check_solves(puzzles: &str, solutions: &[u8]) -> Run {
    run("sudoku-check", &["--solves", puzzles], solutions)
}

// for f in ../shared/data/*.txt; do sudoku-solve $f | sudoku-check --solves $f; done
#[test]
#[ignore = "needs ../shared/data"]
fn every_shared_set_is_solved_and_checked() {
    for set in SHARED_SETS.lines() {
        let path = shared(set);
        let path = path.to_str().unwrap();
        let r = run("sudoku-solve", &["-j2", path], b"");
        assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{set}");
        let c = check_solves(path, &r.stdout);
        assert_eq!(c.status, 0, "{set}: {}", c.stderr);
    }
}

// sudoku-solve --count ../shared/data/serg_benchmark.txt
#[test]
#[ignore = "needs ../shared/data"]
fn serg_puzzles_have_several_solutions() {
    let path = shared("serg_benchmark.txt");
    let r = run("sudoku-solve", &["--count", path.to_str().unwrap()], b"");
    assert_eq!(r.status, 0);
    let counts: Vec<&str> = std::str::from_utf8(&r.stdout).unwrap().lines().collect();
    assert_eq!(counts.len(), 10000);
    assert!(counts.iter().all(|c| *c == "2"));
}

// sudoku-solve tests/data/excerpts.txt | sudoku-check --solves tests/data/excerpts.txt
#[test]
fn excerpts_solve_the_same_on_one_or_two_threads() {
    let p = data("excerpts.txt");
    let p = p.to_str().unwrap();
    let one = run("sudoku-solve", &["-j1", p], b"");
    let two = run("sudoku-solve", &["-j2", "--chunk", "7", p], b"");
    assert_eq!(one.status, 0, "{}", one.stderr);
    assert!(one.stdout == two.stdout);
    assert_eq!(check_solves(p, &one.stdout).status, 0);
    let r = run("sudoku-solve", &["--unique", p], b"");
    assert_eq!(r.status, 1);
    assert_eq!(r.stderr.lines().count(), 25, "{}", r.stderr); // the 25 serg puzzles
    assert!(
        r.stderr
            .contains("excerpts.txt:158: board 151: more than one solution"),
        "{}",
        r.stderr
    );
}

#[test]
fn failing_puzzles_stand_unchanged_in_place() {
    let solvable =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let clash = format!("44{}", &solvable[2..]);
    let unsolvable = format!("12345678.{}9", ".".repeat(71));
    let input = format!("{solvable}\n{clash}\n{unsolvable}\n{solvable}\n");
    for jobs in ["-j1", "-j2"] {
        let r = run("sudoku-solve", &[jobs, "--chunk", "1"], input.as_bytes());
        assert_eq!(r.status, 1);
        assert_eq!(
            r.stderr,
            "<stdin>:2: board 2: invalid puzzle: digit 4 repeats in row 1\n<stdin>:3: board 3: no solution\n"
        );
        let lines: Vec<&str> = std::str::from_utf8(&r.stdout).unwrap().lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[1], clash);
        assert_eq!(lines[2], unsolvable);
        assert_eq!(lines[0], lines[3]);
        assert!(!lines[0].contains('.'));
    }
}

#[test]
fn forms_follow_the_input_unless_asked() {
    let puzzles = std::fs::read(data("assignment_puzzles.txt")).unwrap();
    let line = format!("{}\n", "5".to_string() + &".".repeat(80));
    let input = [&puzzles[..], b"\n\n", line.as_bytes()].concat();
    let r = run("sudoku-solve", &[], &input);
    assert_eq!(r.status, 0, "{}", r.stderr);
    let out = r.out();
    assert_eq!(out.len(), 163 * 5 - 1 + 82);
    assert!(out.ends_with('\n') && out.lines().last().unwrap().len() == 81);
    let r = run("sudoku-solve", &["--grid"], &input);
    assert_eq!(strict_grids(&r.stdout).len(), 6);
    let r = run("sudoku-solve", &["--line"], &input);
    assert_eq!(r.out().lines().count(), 6);
}

#[test]
fn a_syntax_error_stops_after_the_boards_before_it() {
    let input = format!("{}\n{}x\n", ".".repeat(81), ".".repeat(40));
    let r = run("sudoku-solve", &[], input.as_bytes());
    assert_eq!(r.status, 2);
    assert_eq!(r.out().lines().count(), 1);
    assert_eq!(
        r.stderr,
        "sudoku-solve: <stdin>:2:41: unexpected character 'x'\n"
    );
}

/// With several files, failures, a missing file and a syntax error are reported in input
/// order, on one thread or two, and every board readable is solved.
#[test]
fn messages_keep_the_order_of_the_inputs() {
    let dir = temp_dir();
    let solvable =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let unsolvable = format!("12345678.{}9", ".".repeat(71));
    std::fs::write(dir.join("a.txt"), format!("{solvable}\n{unsolvable}\n")).unwrap();
    std::fs::write(dir.join("b.txt"), format!("{unsolvable}\n{solvable}x\n")).unwrap();
    std::fs::write(dir.join("c.txt"), format!("{solvable}\n")).unwrap();
    for jobs in ["-j1", "-j2"] {
        let r = run_in(
            Some(&dir),
            "sudoku-solve",
            &[
                jobs,
                "--chunk",
                "1",
                "a.txt",
                "missing.txt",
                "b.txt",
                "c.txt",
            ],
            b"",
        );
        assert_eq!(r.status, 2, "{jobs}");
        assert_eq!(
            r.stderr,
            "a.txt:2: board 2: no solution\n\
             sudoku-solve: missing.txt: No such file or directory\n\
             b.txt:1: board 1: no solution\n\
             sudoku-solve: b.txt:2:82: unexpected character 'x'\n",
            "{jobs}"
        );
        let out = r.out();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4, "{jobs}");
        assert_eq!(lines[1], unsolvable);
        assert_eq!(lines[2], unsolvable);
        assert!(!lines[0].contains('.') && lines[0] == lines[3]);
    }
}

// sudoku-solve --count --limit N: each count stops at N; --limit alone is a usage error
#[test]
fn a_count_stops_at_its_limit() {
    let unique =
        "6.........8..9.1..2.4.58......7....5....1.7.85....2.4....4..3..4.2....9...3.6....";
    let one_given = format!("5{}", ".".repeat(80));
    let input = format!("{unique}\n{one_given}\n");
    for (limit, out) in [("1", "1\n1\n"), ("3", "1\n3\n"), ("1000", "1\n1000\n")] {
        let r = run(
            "sudoku-solve",
            &["--count", "--limit", limit],
            input.as_bytes(),
        );
        assert_eq!(
            (r.status, r.out().as_str()),
            (0, out),
            "{limit}: {}",
            r.stderr
        );
    }
    let r = run("sudoku-solve", &["--limit", "3"], input.as_bytes());
    assert_eq!(r.status, 2);
    assert!(r.out().is_empty());
    assert!(
        r.stderr
            .starts_with("sudoku-solve: --limit goes with --count\nUsage: sudoku-solve "),
        "{}",
        r.stderr
    );
}
