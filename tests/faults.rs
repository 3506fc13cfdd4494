//! Faults outside the input: closed pipes, full devices, missing folders, directories for
//! files, and an interrupt in the middle of writing sudoku.txt.

use crate::util::*;
use std::fs::File;
use std::io::Read;
use std::process::{Command, Stdio};

// sudoku-gen 1000000 | head -c 10 ; sudoku-solve big.txt | head -c 10 ; sudoku-grade
// big.txt | head -c 10 ; and the seeded makers, whose threads wait for the window to move
// until the writer stops them
#[test]
fn stdout_closed_early_ends_quietly() {
    let puzzles =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
            .repeat(20000);
    for (name, args, input) in [
        ("sudoku-gen", vec!["1000000"], String::new()),
        ("sudoku-gen", vec!["-p", "100000", "-j", "2"], String::new()),
        (
            "sudoku-gen",
            vec!["--random", "1000000", "-j", "2"],
            String::new(),
        ),
        ("sudoku-solve", vec![], puzzles.clone()),
        ("sudoku-grade", vec!["-j", "2"], puzzles),
        (
            "sudoku",
            vec!["-n", "10000", "-r", "20~55", "-o", "-"],
            String::new(),
        ),
    ] {
        let (mut child, feeder) = spawn_fed(None, name, &args, input.into_bytes(), 1);
        let mut ten = [0u8; 10];
        let mut stdout = child.stdout.take().unwrap();
        stdout.read_exact(&mut ten).unwrap();
        // Half a second for the pipe to fill and the makers to run a window ahead of the
        // writer and wait; then the reader downstream is gone.
        std::thread::sleep(std::time::Duration::from_millis(500));
        drop(stdout);
        // A tool that hangs instead of ending is killed after a minute, and fails.
        let start = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if start.elapsed() > std::time::Duration::from_secs(60) {
                child.kill().unwrap();
                panic!("{name} {args:?} still running a minute after its reader left");
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let out = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{name}");
        assert_eq!(out.status.code(), Some(0), "{name}");
    }
}

// sudoku-gen 10 > /dev/full ; sudoku-solve puzzles > /dev/full ; the makers and the grader
#[test]
fn a_full_device_is_an_error() {
    if !std::path::Path::new("/dev/full").exists() {
        println!("note: no /dev/full here; skipping");
        return;
    }
    let p = data("assignment_puzzles.txt");
    for (name, args) in [
        ("sudoku-gen", vec!["10"]),
        ("sudoku-solve", vec![p.to_str().unwrap()]),
        ("sudoku", vec!["-c", "10", "-o", "-"]),
        ("sudoku-gen", vec!["-p", "10", "--level", "hard"]),
        ("sudoku-grade", vec![p.to_str().unwrap()]),
        ("sudoku", vec!["-n", "10", "-o", "-"]),
    ] {
        let out = Command::new(bin(name))
            .args(&args)
            .stdout(File::create("/dev/full").unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("{name}: standard output: No space left on device\n"),
            "{name}"
        );
    }
}

#[test]
fn missing_files_directories_and_folders() {
    let dir = temp_dir();
    std::fs::write(dir.join("sudoku.txt"), b"keep\n").unwrap();
    let d = dir.to_str().unwrap();
    // sudoku-check DIR ; sudoku-solve DIR ; sudoku -s DIR
    for (name, args) in [("sudoku-check", vec![d]), ("sudoku-solve", vec![d])] {
        let r = run(name, &args, b"");
        assert_eq!(r.status, 2, "{name}");
        assert!(
            r.stderr
                .starts_with(&format!("{name}: {d}: Is a directory")),
            "{name}: {}",
            r.stderr
        );
    }
    let r = run_in(Some(&dir), "sudoku", &["-s", "."], b"");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr.starts_with("sudoku: .: Is a directory"),
        "{}",
        r.stderr
    );
    // sudoku -c 5 -o no/such/folder/sudoku.txt
    let r = run_in(
        Some(&dir),
        "sudoku",
        &["-c", "5", "-o", "no/such/folder/sudoku.txt"],
        b"",
    );
    assert_eq!(r.status, 2);
    assert!(
        r.stderr
            .starts_with("sudoku: no/such/folder/sudoku.txt: cannot create a temporary file in no/such/folder: No such file or directory"),
        "{}",
        r.stderr
    );
    // sudoku -c 5 -o DIR
    let r = run_in(Some(&dir), "sudoku", &["-c", "5", "-o", "."], b"");
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("is a directory"), "{}", r.stderr);
    assert_eq!(std::fs::read(dir.join("sudoku.txt")).unwrap(), b"keep\n");
    // An unreadable file: only meaningful when not running as root.
    let locked = dir.join("locked.txt");
    std::fs::write(&locked, b"").unwrap();
    std::fs::set_permissions(&locked, std::os::unix::fs::PermissionsExt::from_mode(0o000)).unwrap();
    if File::open(&locked).is_ok() {
        println!("note: running as root, an unreadable file can be read; skipping that case");
    } else {
        let r = run("sudoku-check", &[locked.to_str().unwrap()], b"");
        assert_eq!(r.status, 2);
        assert!(r.stderr.contains("Permission denied"), "{}", r.stderr);
    }
}
