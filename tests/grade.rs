//! `sudoku-grade`: grades, scores and steps pinned by a golden file; failures reported in
//! place; the same output whatever -j; levels checked against qqwing's and against the
//! Sudoku Explainer ratings the public sets were chosen by.

use crate::util::*;

// sudoku-grade --steps tests/data/grade_sample.txt (golden: SUDOKU_BLESS=1 rewrites it)
#[test]
fn grades_scores_and_steps_of_a_fixed_sample() {
    let sample = data("grade_sample.txt");
    let r = run("sudoku-grade", &["--steps", sample.to_str().unwrap()], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    let want = golden("grade_steps.txt", &r.out());
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

// head -20000 ../shared/data/random_minimal_100k.txt | qqwing --solve --stats --csv
// against sudoku-grade, and the same for sudoku-gen -p --level L --seed 11 1000
#[test]
#[ignore = "needs qqwing and ../shared/data"]
fn qqwing_draws_the_easy_and_medium_boundaries_where_we_do() {
    // An independent grader: qqwing (Debian's package) takes naked and hidden singles
    // while there are any, then naked pairs, pointing, box/line reduction and hidden pairs,
    // and guesses only when those stall. It rates Simple or Easy what singles solve,
    // Intermediate what its other techniques need, Expert what needs a guess. Its set is
    // our medium set less triples, and solvability by a set does not depend on the order
    // of steps, so: Simple or Easy is exactly our easy; Intermediate is our medium, whose
    // hardest step is then one of qqwing's; Expert is our hard or expert, or our medium
    // through a triple.
    need("qqwing");
    let minimal = std::fs::read_to_string(shared("random_minimal_100k.txt")).unwrap();
    let mut puzzles: Vec<u8> = minimal
        .lines()
        .take(20_000)
        .flat_map(|l| format!("{l}\n").into_bytes())
        .collect();
    for level in ["easy", "medium", "hard", "expert"] {
        let args = ["-p", "--level", level, "--line", "--seed", "11", "1000"];
        let r = run("sudoku-gen", &args, b"");
        assert_eq!((r.status, r.stderr.as_str()), (0, ""));
        puzzles.extend(r.stdout);
    }
    let n = puzzles.iter().filter(|&&b| b == b'\n').count();
    let file = temp_dir().join("puzzles.txt");
    std::fs::write(&file, &puzzles).unwrap();
    let qq = std::process::Command::new("qqwing")
        .args(["--solve", "--stats", "--csv", "--nosolution"])
        .stdin(std::fs::File::open(&file).unwrap())
        .output()
        .unwrap();
    assert!(qq.status.success());
    // Givens,Singles,...,Guesses,Backtracks,Difficulty, (a header line first)
    let theirs: Vec<String> = String::from_utf8(qq.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(9).unwrap().to_string())
        .collect();
    let r = run("sudoku-grade", &["-j2"], &puzzles);
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    let ours: Vec<(String, String)> = r
        .out()
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            (f[1].to_string(), f[3].to_string())
        })
        .collect();
    assert_eq!((theirs.len(), ours.len()), (n, n));
    let mut table = std::collections::BTreeMap::new();
    for (i, (qq, (level, hardest))) in theirs.iter().zip(&ours).enumerate() {
        let class = match (qq.as_str(), level.as_str(), hardest.as_str()) {
            ("Simple" | "Easy", "easy", _) => "singles",
            ("Intermediate", "medium", "pointing" | "claiming" | "naked-pair" | "hidden-pair") => {
                "qqwing's medium"
            }
            ("Expert", "medium", "naked-triple" | "hidden-triple") => "a triple",
            ("Expert", "hard", _) => "hard",
            ("Expert", "expert", _) => "expert",
            _ => panic!("puzzle {}: qqwing {qq}, ours {level} {hardest}", i + 1),
        };
        *table.entry(class).or_insert(0) += 1;
    }
    // Each class is met, so each rule above was put to the test.
    assert_eq!(table.len(), 5, "{table:?}");
    assert!(table.values().all(|&k| k >= 50), "{table:?}");
}

// sudoku-grade ../shared/data/sudoku_exchange_diabolical.txt, and the first 10,000 lines of
// forum_hardest_1905_11plus.txt, against the Sudoku Explainer ratings the sets were chosen by
#[test]
#[ignore = "needs ../shared/data"]
fn the_sets_rated_by_sudoku_explainer_grade_where_its_ratings_put_them() {
    // Sudoku Explainer takes, at each step, the applicable rule it rates lowest, and rates a
    // puzzle by the hardest step it took. Our easy and medium sets are rules it rates 4.0 or
    // less, and X-wings, swordfish, XY- and XYZ-wings 4.4 or less. A set of monotone rules
    // that solves a puzzle makes progress from every position of any logical path, so a
    // puzzle those rules solve is rated at most 4.4 by Sudoku Explainer. The exchange's diabolical
    // bank is rated 5 or more: none of its puzzles is easy or medium, and one graded hard
    // with a score under 5.0 must owe it to a unique rectangle, the one rule of the hard
    // set that is not monotone (and one a rater can leave out).
    let dia = std::fs::read(shared("sudoku_exchange_diabolical.txt")).unwrap();
    let r = run("sudoku-grade", &["-j2"], &dia);
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    let out = r.out();
    let mut hard = 0;
    for l in out.lines() {
        let f: Vec<&str> = l.split(' ').collect();
        let score: f32 = f[2].parse().unwrap();
        match f[1] {
            "expert" => {}
            "hard" => {
                hard += 1;
                assert!(score >= 5.0 || f[3].starts_with("unique-rectangle-"), "{l}");
            }
            _ => panic!("rated 5 or more by Sudoku Explainer: {l}"),
        }
    }
    assert_eq!(out.lines().count(), 39_719);
    // Both branches are taken: the bank is not all expert to us.
    assert!(hard > 1000, "{hard}");

    // The forum's list is rated 11 or more. In Sudoku Explainer v1.2.1's table (see
    // `Technique::score`) every hard rule is rated 8.0 or less: unique rectangles 4.5-5.0,
    // quads and jellyfish 5.0-5.4, and the others chains of one digit or of bivalue cells
    // (X-chains, Y-cycles, forcing chains: 6.5-8.0). A forcing chain here, one assumption
    // followed by singles, is at most a dynamic forcing chain (8.8-9.6); past 11 the
    // chains are nested. So each of these puzzles needs a guess of the grader.
    let forum = std::fs::read_to_string(shared("forum_hardest_1905_11plus.txt")).unwrap();
    let first: String = forum
        .lines()
        .take(10_000)
        .map(|l| format!("{l}\n"))
        .collect();
    let r = run("sudoku-grade", &["-j2"], first.as_bytes());
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    let out = r.out();
    assert_eq!(out.lines().count(), 10_000);
    for l in out.lines() {
        assert!(l.ends_with(" expert 8.2 guess"), "rated 11 or more: {l}");
    }
}
