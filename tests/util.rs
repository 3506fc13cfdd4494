//! Running the real binaries: stdin fed from a thread, status, stdout and stderr captured.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

pub fn bin(name: &str) -> &'static str {
    match name {
        "sudoku" => env!("CARGO_BIN_EXE_sudoku"),
        "sudoku-gen" => env!("CARGO_BIN_EXE_sudoku-gen"),
        "sudoku-solve" => env!("CARGO_BIN_EXE_sudoku-solve"),
        "sudoku-check" => env!("CARGO_BIN_EXE_sudoku-check"),
        "sudoku-grade" => env!("CARGO_BIN_EXE_sudoku-grade"),
        _ => panic!("no binary {name}"),
    }
}

pub struct Run {
    pub status: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Run {
    pub fn out(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// Starts `name args` (in `dir`) with all three streams piped, and a thread that writes
/// `chunk` `times` over to its stdin, stopping quietly if the child stops reading.
pub fn spawn_fed(
    dir: Option<&Path>,
    name: &str,
    args: &[&str],
    chunk: Vec<u8>,
    times: usize,
) -> (std::process::Child, std::thread::JoinHandle<()>) {
    let mut cmd = Command::new(bin(name));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    let mut child = cmd.spawn().expect("spawn");
    let mut pipe = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        for _ in 0..times {
            if pipe.write_all(&chunk).is_err() {
                return;
            }
        }
    });
    (child, feeder)
}

/// Runs `name args` in `dir` with `stdin` fed from a thread.
pub fn run_in(dir: Option<&Path>, name: &str, args: &[&str], stdin: &[u8]) -> Run {
    let (child, feeder) = spawn_fed(dir, name, args, stdin.to_vec(), 1);
    let out = child.wait_with_output().expect("wait");
    feeder.join().unwrap();
    Run {
        status: out.status.code().unwrap_or(-1),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

pub fn run(name: &str, args: &[&str], stdin: &[u8]) -> Run {
    run_in(None, name, args, stdin)
}

/// A fresh empty directory under the target directory.
pub fn temp_dir() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let base = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let d = base.join(format!(
        "t{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The shared puzzle sets, one name a line (the benchmark reads the same list).
pub const SHARED_SETS: &str = include_str!("data/shared-sets.txt");

/// A file of the shared puzzle sets (`../shared/data`). Tests that call it are marked
/// `#[ignore = "needs ../shared/data"]` and run by `.ci/run`; run without the data, they fail.
pub fn shared(name: &str) -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(name);
    assert!(
        p.exists(),
        "{} is absent: this test cannot run",
        p.display()
    );
    p
}

/// Fails the test when `program` is not installed. Tests that call it are marked
/// `#[ignore = "needs PROGRAM"]` and run by `.ci/run`, which installs it.
pub fn need(program: &str) {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(found, "{program} is not installed: this test cannot run");
}

/// The directory of the binaries, to put first on PATH for shell lines.
pub fn bin_dir() -> PathBuf {
    Path::new(bin("sudoku")).parent().unwrap().to_path_buf()
}

/// Runs `sh -c script` in `dir` with the binaries first on PATH.
pub fn sh(dir: &Path, script: &str) -> Run {
    let path = format!(
        "{}:{}",
        bin_dir().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .output()
        .expect("sh");
    Run {
        status: out.status.code().unwrap_or(-1),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A committed test file.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Asserts that `got` is the golden file `tests/data/NAME` (which `SUDOKU_BLESS=1`
/// rewrites to `got` first), and returns the file's text.
pub fn golden(name: &str, got: &str) -> String {
    let path = data(name);
    if std::env::var_os("SUDOKU_BLESS").is_some() {
        std::fs::write(&path, got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert_eq!(got, want, "{name}");
    want
}

/// An independent reading of grid-form text: boards as 81-digit strings, checking the exact
/// layout on the way (panics on any deviation).
pub fn strict_grids(text: &[u8]) -> Vec<[u8; 81]> {
    let text = std::str::from_utf8(text).expect("utf-8");
    assert!(text.is_empty() || text.ends_with('\n') && !text.ends_with("\n\n"));
    let mut boards = Vec::new();
    for block in text.split_terminator("\n\n") {
        let rows: Vec<&str> = block.trim_end_matches('\n').split('\n').collect();
        assert_eq!(rows.len(), 9, "block {block:?}");
        let mut b = [0u8; 81];
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<&str> = row.split(' ').collect();
            assert_eq!(cells.len(), 9, "row {row:?}");
            for (c, cell) in cells.iter().enumerate() {
                assert_eq!(cell.len(), 1, "row {row:?}");
                b[r * 9 + c] = cell.as_bytes()[0] - b'0';
            }
        }
        boards.push(b);
    }
    boards
}

/// True when `b` is complete and no digit repeats in a row, column or box: written apart
/// from the library, unit by unit.
pub fn valid_solution(b: &[u8; 81]) -> bool {
    let units = (0..9).flat_map(|u| {
        [
            (0..9).map(|k| u * 9 + k).collect::<Vec<_>>(),
            (0..9).map(|k| k * 9 + u).collect(),
            (0..9)
                .map(|k| (u / 3) * 27 + (u % 3) * 3 + (k / 3) * 9 + k % 3)
                .collect(),
        ]
    });
    units.into_iter().all(|unit| {
        let mut digits: Vec<u8> = unit.iter().map(|&i| b[i]).collect();
        digits.sort();
        digits == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    })
}

/// The names of the entries of `dir`, sorted.
pub fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}
