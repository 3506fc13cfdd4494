//! The progress line, through a pseudo-terminal (`script` from util-linux): shown on a
//! terminal, erased at the end, never with -q, never when standard error is not one.

use crate::util::*;

/// Runs `script` (the command line of a shell) with its standard error on a terminal that
/// `script` makes; returns what the terminal received.
fn on_terminal(dir: &std::path::Path, script: &str) -> String {
    need("script");
    let out = std::process::Command::new("script")
        .args(["-q", "-e", "-c", script, "/dev/null"])
        .current_dir(dir)
        .env("PATH", format!("{}:/usr/bin:/bin", bin_dir().display()))
        .env("SUDOKU_PROGRESS_DELAY", "0")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{script}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

// SUDOKU_PROGRESS_DELAY=0 sudoku-gen -p -u 300 > p.txt (standard error on a terminal)
#[test]
#[ignore = "needs script (util-linux)"]
fn a_terminal_gets_a_line_that_is_erased_at_the_end() {
    let dir = temp_dir();
    let screen = on_terminal(&dir, "sudoku-gen -p -u -j1 --seed 1 --line 300 > p.txt");
    assert!(screen.starts_with("\rsudoku-gen: "), "{screen:?}");
    assert!(screen.contains(" puzzles, "), "{screen:?}");
    assert!(screen.contains("%, 0:0"), "{screen:?}");
    assert!(screen.ends_with("\r\x1b[K"), "{screen:?}");
    // The output is what it is without a terminal.
    let plain = run(
        "sudoku-gen",
        &["-p", "-u", "-j1", "--seed", "1", "--line", "300"],
        b"",
    );
    assert_eq!(plain.stderr, "");
    assert!(std::fs::read(dir.join("p.txt")).unwrap() == plain.stdout);
    // A file's size is the total of sudoku-grade and sudoku-solve.
    for tool in ["sudoku-grade", "sudoku-solve"] {
        let screen = on_terminal(&dir, &format!("{tool} -j1 p.txt > out.txt"));
        assert!(screen.starts_with(&format!("\r{tool}: ")), "{screen:?}");
        assert!(screen.contains("100%"), "{screen:?}");
        assert!(screen.ends_with("\r\x1b[K"), "{screen:?}");
        let screen = on_terminal(&dir, &format!("{tool} -q -j1 p.txt > out.txt"));
        assert_eq!(screen, "", "{tool} -q");
    }
}
