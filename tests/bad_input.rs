//! Every malformed input a class of students can produce, through each binary that reads
//! boards: exact status, the file and line on stderr, no wrong board on stdout, and the
//! input file and an existing sudoku.txt byte-identical afterwards.

use crate::util::*;
use sudoku_filters::stream::Reader;

const PUZZLE: &str = "0 0 3 0 2 0 6 0 0
9 0 0 3 0 5 0 0 1
0 0 1 8 0 6 4 0 0
0 0 8 1 0 2 9 0 0
7 0 0 0 0 0 0 0 8
0 0 6 7 0 8 2 0 0
0 0 2 6 0 9 5 0 0
8 0 0 2 0 3 0 0 9
0 0 5 0 1 0 3 0 0
";

/// Two good puzzles in the assignment's layout (boards start on lines 1 and 11).
fn good() -> String {
    format!("{PUZZLE}\n{PUZZLE}")
}

/// Replaces line `n` (1-based) of `text`.
fn set_line(text: &str, n: usize, new: &str) -> String {
    let mut lines: Vec<&str> = text.split('\n').collect();
    lines[n - 1] = new;
    lines.join("\n")
}

/// What a case must do: the status of sudoku-check, of sudoku-solve (and sudoku -s), and
/// what stderr must say (after `file` or `file:`).
struct Case {
    name: &'static str,
    input: Vec<u8>,
    check: i32,
    solve: i32,
    says: &'static str,
}

fn cases() -> Vec<Case> {
    let g = good();
    let mut v = vec![
        Case { name: "empty input", input: vec![], check: 1, solve: 0, says: "" },
        Case { name: "only blank lines", input: b"\n\n  \n\t\n".to_vec(), check: 1, solve: 0, says: "" },
        Case {
            name: "10 cells in a row",
            input: set_line(&g, 3, "0 0 1 8 0 6 4 0 0 5").into_bytes(),
            check: 2,
            solve: 2,
            says: ":3: expected 9 cells in a row, found 10",
        },
        Case {
            name: "8 cells in a row",
            input: set_line(&g, 14, "0 0 8 1 0 2 9 0").into_bytes(),
            check: 2,
            solve: 2,
            says: ":14: expected 9 cells in a row, found 8",
        },
        Case {
            name: "a letter",
            input: set_line(&g, 5, "7 0 0 0 x 0 0 0 8").into_bytes(),
            check: 2,
            solve: 2,
            says: ":5:9: unexpected character 'x'",
        },
        Case {
            name: "a dash for a blank",
            input: set_line(&g, 2, "9 - 0 3 0 5 0 0 1").into_bytes(),
            check: 2,
            solve: 2,
            says: ":2:3: unexpected character '-'",
        },
        Case {
            name: "a NUL byte",
            input: set_line(&g, 12, "9 0 0 3 \0 5 0 0 1").into_bytes(),
            check: 2,
            solve: 2,
            says: ":12:9: unexpected character NUL",
        },
        Case {
            name: "invalid UTF-8",
            input: [&g.as_bytes()[..40], b"\xff", &g.as_bytes()[41..]].concat(),
            check: 2,
            solve: 2,
            says: ":3:5: unexpected byte 0xFF",
        },
        Case {
            name: "a BOM in the middle",
            input: g.replacen("\n\n", "\n\n\u{feff}", 1).into_bytes(),
            check: 2,
            solve: 2,
            says: ":11:1: unexpected byte-order mark",
        },
        Case {
            name: "a line-form board of 80 cells",
            input: format!("{}\n", ".".repeat(80)).into_bytes(),
            check: 2,
            solve: 2,
            says: ":1: expected 9 cells (a grid row) or 81 (a line-form board), found 80",
        },
        Case {
            name: "a line-form board of 82 cells",
            input: format!("{}\n", ".".repeat(82)).into_bytes(),
            check: 2,
            solve: 2,
            says: ":1: expected 81 cells in a line, found more",
        },
        Case {
            name: "a digit clash",
            input: set_line(&g, 11, "3 0 3 0 2 0 6 0 0").into_bytes(),
            check: 1,
            solve: 1,
            says: ":11: board 2: ",
        },
        Case {
            name: "an unsolvable puzzle",
            input: format!("{PUZZLE}\n1 2 3 4 5 6 7 8 0\n0 0 0 0 0 0 0 0 9\n{}", "0 0 0 0 0 0 0 0 0\n".repeat(7)).into_bytes(),
            check: 1,
            solve: 1,
            says: ":11: board 2: no solution",
        },
        Case {
            name: "an empty grid",
            input: "0 0 0 0 0 0 0 0 0\n".repeat(9).into_bytes(),
            check: 1,
            solve: 0,
            says: "",
        },
        Case {
            name: "mixed forms and leniency",
            input: format!("\u{feff}# two forms\n{}\r\n\n\n{}", PUZZLE.replace('\n', "\r\n"), "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. rated\n").into_bytes(),
            check: 1,
            solve: 0,
            says: "",
        },
    ];
    // A board cut short at every row count.
    for rows in 1..=8usize {
        let cut: String = g.split_inclusive('\n').take(10 + rows).collect();
        let says = format!(": input ends inside board 2 ({rows} of 9 rows)").leak();
        v.push(Case {
            name: "board cut short",
            input: cut.into_bytes(),
            check: 2,
            solve: 2,
            says,
        });
        let gap = format!(
            "{}\n{}",
            PUZZLE.split_inclusive('\n').take(rows).collect::<String>(),
            PUZZLE
        );
        let says = format!(":{}: board 1 ends after {rows} of 9 rows", rows + 1).leak();
        v.push(Case {
            name: "board cut short before another",
            input: gap.into_bytes(),
            check: 2,
            solve: 2,
            says,
        });
    }
    v
}

fn name_in(stderr: &str, file: &str, says: &str) -> bool {
    says.is_empty() || stderr.contains(&format!("{file}{says}"))
}

/// Every board on stdout is a solved grid or one of the input's puzzles, unchanged.
fn no_wrong_board(stdout: &[u8], input: &[u8]) {
    let mut puzzles = Vec::new();
    let mut r = Reader::new(input);
    while let Ok(Some(item)) = r.next() {
        puzzles.push(item.board);
    }
    let mut r = Reader::new(stdout);
    let mut i = 0;
    while let Some(item) = r.next().expect("stdout is a board stream") {
        let b = item.board;
        assert!(
            b.is_solved() || puzzles.get(i) == Some(&b),
            "wrong board {i} on stdout: {b:?}"
        );
        if let Some(p) = puzzles.get(i) {
            assert_eq!(
                b.first_changed_given(p),
                None,
                "board {i} does not keep its givens"
            );
        }
        i += 1;
    }
}

#[test]
fn bad_inputs_through_every_reader() {
    let mut n = 0;
    for case in cases() {
        let dir = temp_dir();
        let file = dir.join("game.txt");
        std::fs::write(&file, &case.input).unwrap();
        std::fs::write(dir.join("sudoku.txt"), b"previous\n").unwrap();
        let path = file.to_str().unwrap();
        let what = case.name;

        // sudoku-check < game.txt ; sudoku-check game.txt
        // (A board that breaks the rules gets sudoku-check's own reason, not the solver's.)
        let says = if case.check == 2 { case.says } else { "" };
        let r = run("sudoku-check", &[], &case.input);
        assert_eq!(r.status, case.check, "check stdin, {what}: {}", r.stderr);
        assert!(
            name_in(&r.stderr, "<stdin>", says),
            "check stdin, {what}: {}",
            r.stderr
        );
        let r = run("sudoku-check", &[path], b"");
        assert_eq!(r.status, case.check, "check file, {what}: {}", r.stderr);
        assert!(
            name_in(&r.stderr, path, says),
            "check file, {what}: {}",
            r.stderr
        );
        if case.check == 1 && !case.input.iter().all(u8::is_ascii_whitespace) {
            assert!(
                r.stderr.contains(&format!("{path}:")),
                "check file, {what}: {}",
                r.stderr
            );
        }

        // sudoku-solve game.txt, on one thread and two
        for jobs in ["-j1", "-j2"] {
            let r = run("sudoku-solve", &[jobs, path], b"");
            assert_eq!(r.status, case.solve, "solve {jobs}, {what}: {}", r.stderr);
            assert!(
                name_in(&r.stderr, path, case.says),
                "solve {jobs}, {what}: {}",
                r.stderr
            );
            no_wrong_board(&r.stdout, &case.input);
        }

        // sudoku -s game.txt: sudoku.txt replaced only when every puzzle was solved
        let r = run_in(Some(&dir), "sudoku", &["-s", "game.txt"], b"");
        let want = if case.solve == 0 && !case.input.iter().all(|b| b.is_ascii_whitespace()) {
            0
        } else {
            case.solve.max(1)
        };
        assert_eq!(r.status, want, "sudoku -s, {what}: {}", r.stderr);
        assert!(
            name_in(&r.stderr, "game.txt", case.says),
            "sudoku -s, {what}: {}",
            r.stderr
        );
        if want != 0 {
            assert_eq!(
                std::fs::read(dir.join("sudoku.txt")).unwrap(),
                b"previous\n",
                "sudoku -s, {what}"
            );
        }
        assert_eq!(
            std::fs::read(&file).unwrap(),
            case.input,
            "{what}: the input file changed"
        );
        assert_eq!(
            files_in(&dir),
            ["game.txt", "sudoku.txt"],
            "{what}: files left behind"
        );
        n += 5;
    }
    assert!(n >= 60, "only {n} cases");
}
