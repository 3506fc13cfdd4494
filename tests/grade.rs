//! `sudoku-grade`: grades, scores and steps pinned by a golden file; failures reported in
//! place; the same output whatever -j.

use crate::util::*;

// sudoku-grade --steps tests/data/grade_sample.txt (golden: SUDOKU_BLESS=1 rewrites it)
#[test]
fn grades_scores_and_steps_of_a_fixed_sample() {
    let sample = data("grade_sample.txt");
    let r = run("sudoku-grade", &["--steps", sample.to_str().unwrap()], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    let golden = data("grade_steps.txt");
    if std::env::var_os("SUDOKU_BLESS").is_some() {
        std::fs::write(&golden, &r.stdout).unwrap();
    }
    let want = std::fs::read_to_string(&golden).unwrap();
    assert_eq!(r.out(), want);
    // Without --steps: the same lines less the steps.
    let r = run("sudoku-grade", &[sample.to_str().unwrap()], b"");
    let lines: Vec<&str> = want.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(r.out(), lines.join("\n") + "\n");
    // Every level is in the sample, and each line reads: puzzle level score technique.
    for level in ["easy", "medium", "hard", "expert"] {
        assert!(
            lines.iter().any(|l| l.split(' ').nth(1) == Some(level)),
            "{level}"
        );
    }
    for l in &lines {
        let f: Vec<&str> = l.split(' ').collect();
        assert_eq!(f.len(), 4, "{l}");
        assert_eq!(f[0].len(), 81);
        assert!(f[2].parse::<f32>().is_ok(), "{l}");
    }
}

// The steps are a board stream: sudoku-grade --steps | sudoku-solve reads each puzzle.
#[test]
fn steps_output_pipes_into_the_filters() {
    let sample = std::fs::read(data("grade_sample.txt")).unwrap();
    let graded = run("sudoku-grade", &["--steps"], &sample);
    let solved = run("sudoku-solve", &[], &graded.stdout);
    let direct = run("sudoku-solve", &[], &sample);
    assert_eq!((solved.status, solved.stderr.as_str()), (0, ""));
    assert!(solved.stdout == direct.stdout);
}

// printf 'invalid\nunsolvable\nnot unique\nsolved\n' | sudoku-grade
#[test]
fn bad_puzzles_are_reported_in_their_place() {
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let input = format!(
        "55{}\n12345678.{}9\n{}\n{solved}\n",
        ".".repeat(79),
        ".".repeat(71),
        ".".repeat(81)
    );
    let r = run("sudoku-grade", &[], input.as_bytes());
    assert_eq!(r.status, 1);
    assert_eq!(
        r.stderr,
        "<stdin>:1: board 1: invalid puzzle: digit 5 repeats in row 1\n\
         <stdin>:2: board 2: no solution\n\
         <stdin>:3: board 3: more than one solution\n"
    );
    let levels: Vec<String> = r.out().lines().map(|l| l[82..].to_string()).collect();
    assert_eq!(
        levels,
        [
            "invalid 0.0 none",
            "unsolvable 0.0 none",
            "not-unique 0.0 none",
            "easy 0.0 none"
        ]
    );
    let r = run("sudoku-grade", &["missing.txt"], b"");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr.starts_with("sudoku-grade: missing.txt: "),
        "{}",
        r.stderr
    );
}

// sudoku-gen -p --minimal --seed 9 400 | sudoku-grade -j1 = ... | sudoku-grade -j2
#[test]
fn the_output_is_the_same_whatever_the_threads() {
    let puzzles = run(
        "sudoku-gen",
        &["-p", "--minimal", "--seed", "9", "400"],
        b"",
    );
    assert_eq!(puzzles.status, 0);
    let one = run("sudoku-grade", &["-j1", "--steps"], &puzzles.stdout);
    let two = run("sudoku-grade", &["-j2", "--steps"], &puzzles.stdout);
    assert_eq!(one.status, 0);
    assert!(one.stdout == two.stdout);
    assert_eq!(
        one.out().lines().filter(|l| !l.starts_with('#')).count(),
        400
    );
}
