//! The shell's promises under a hostile environment, one test a class: diagnostics that
//! cannot be written, refused threads, closed standard streams, descriptor paths, signals,
//! temporary files, the replaced file's mode and links, an input that is the output, and
//! the board stream's edge cases (several boards on a line, --solves and stdin, --strict on
//! line form, a clash's own line, the closing line of sudoku -s).

use crate::util::*;
use std::fs::File;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const SENTINEL: &[u8] = b"the previous sudoku.txt\n";

/// A line-form puzzle with one solution, and one with many.
const UNIQUE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Three puzzles, the second with a clash in its first row (it fails).
fn failing_file(dir: &Path) -> String {
    let bad = format!("11{}", &UNIQUE[2..]);
    std::fs::write(dir.join("bad.txt"), format!("{UNIQUE}\n{bad}\n{UNIQUE}\n")).unwrap();
    "bad.txt".into()
}

/// How standard error is spoiled.
#[derive(Clone, Copy, Debug)]
enum Stderr {
    Full,
    ClosedPipe,
    Closed,
}

fn spoiled(cmd: &mut Command, how: Stderr) {
    match how {
        Stderr::Full => {
            cmd.stderr(File::create("/dev/full").unwrap());
        }
        Stderr::ClosedPipe => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            cmd.stderr(writer);
        }
        Stderr::Closed => {
            // SAFETY: close is async-signal-safe; the child has not started yet.
            unsafe {
                cmd.pre_exec(|| {
                    libc::close(2);
                    Ok(())
                });
            }
        }
    }
}

/// Runs `name args` in `dir`, stdin empty, stderr spoiled as `how`; status and stdout.
fn run_spoiled(dir: &Path, name: &str, args: &[&str], how: Stderr) -> (i32, Vec<u8>) {
    let mut cmd = Command::new(bin(name));
    cmd.args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped());
    spoiled(&mut cmd, how);
    let out = cmd.output().unwrap();
    (out.status.code().unwrap_or(-1), out.stdout)
}

// sudoku-solve -u bad.txt 2>&1 >out | head -0 ; ... 2>/dev/full ; ... 2>&-
#[test]
fn a_diagnostic_that_cannot_be_written_changes_nothing() {
    let dir = temp_dir();
    let bad = failing_file(&dir);
    std::fs::write(dir.join("sudoku.txt"), SENTINEL).unwrap();
    let whole = run_in(Some(&dir), "sudoku-solve", &["-u", &bad], b"").stdout;
    assert_eq!(whole.iter().filter(|&&b| b == b'\n').count(), 3);
    for how in [Stderr::Full, Stderr::ClosedPipe, Stderr::Closed] {
        let (status, out) = run_spoiled(&dir, "sudoku-solve", &["-u", &bad], how);
        assert_eq!(status, 1, "{how:?}");
        assert!(out == whole, "{how:?}: the output was cut short");
        let (status, _) = run_spoiled(&dir, "sudoku-check", &["--puzzles", &bad], how);
        assert_eq!(status, 1, "{how:?}");
        let (status, _) = run_spoiled(&dir, "sudoku", &["-s", &bad], how);
        assert_eq!(status, 1, "{how:?}");
        assert_eq!(std::fs::read(dir.join("sudoku.txt")).unwrap(), SENTINEL);
        assert_eq!(files_in(&dir), ["bad.txt", "sudoku.txt"], "{how:?}");
        let (status, _) = run_spoiled(&dir, "sudoku-gen", &[], how);
        assert_eq!(status, 2, "{how:?}: a usage error");
        let (status, _) = run_spoiled(&dir, "sudoku", &["-c", "3", "-o", "three.txt"], how);
        assert_eq!(status, 0, "{how:?}");
        assert_eq!(
            std::fs::metadata(dir.join("three.txt")).unwrap().len(),
            163 * 3 - 1
        );
        std::fs::remove_file(dir.join("three.txt")).unwrap();
    }
}

// (ulimit -v 65536; sudoku-solve -j 1024 puzzles.txt), and 48 and 200 MB; the same for
// sudoku-gen's makers
#[test]
fn refused_threads_mean_fewer_threads() {
    let dir = temp_dir();
    let puzzles = format!("{UNIQUE}\n").repeat(3000);
    std::fs::write(dir.join("p.txt"), &puzzles).unwrap();
    for (name, args) in [
        ("sudoku-solve", &["--chunk", "1", "p.txt"][..]),
        (
            "sudoku-gen",
            &["--puzzles", "3000", "--seed", "1", "--line"],
        ),
        (
            "sudoku-gen",
            &["--random", "100000", "--seed", "1", "--line"],
        ),
    ] {
        let want = run_in(Some(&dir), name, &[args, &["-j1"]].concat(), b"").stdout;
        for limit_mb in [48u64, 64, 200] {
            let mut cmd = Command::new(bin(name));
            cmd.args(args).args(["-j", "1024"]).current_dir(&dir);
            // SAFETY: setrlimit is async-signal-safe.
            unsafe {
                cmd.pre_exec(move || {
                    let lim = libc::rlimit {
                        rlim_cur: limit_mb << 20,
                        rlim_max: limit_mb << 20,
                    };
                    libc::setrlimit(libc::RLIMIT_AS, &lim);
                    Ok(())
                });
            }
            let out = cmd.output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{name} at {limit_mb} MB: {err}");
            assert!(out.stdout == want, "{name} at {limit_mb} MB");
            assert_eq!(err, "");
        }
    }
}

/// Runs `name args` in `dir` with descriptor `fd` closed.
fn with_closed(dir: &Path, fd: i32, name: &str, args: &[&str]) -> (i32, String) {
    let mut cmd = Command::new(bin(name));
    cmd.args(args).current_dir(dir).stderr(Stdio::piped());
    // SAFETY: close is async-signal-safe.
    unsafe {
        cmd.pre_exec(move || {
            libc::close(fd);
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

// sudoku-gen 3 >&- ; sudoku-solve <&- ; sudoku -c 3 >&- (writes sudoku.txt: fine)
#[test]
fn a_closed_standard_stream_is_an_error_when_used() {
    let dir = temp_dir();
    std::fs::write(dir.join("p.txt"), format!("{UNIQUE}\n")).unwrap();
    let out_err = "standard output: Bad file descriptor\n";
    let in_err = "standard input: Bad file descriptor\n";
    for (fd, name, args, want) in [
        (1, "sudoku-gen", vec!["3"], Some(out_err)),
        (1, "sudoku-solve", vec!["p.txt"], Some(out_err)),
        (1, "sudoku", vec!["-c", "3", "-o", "-"], Some(out_err)),
        (
            1,
            "sudoku",
            vec!["-s", "p.txt", "-o", "/dev/stdout"],
            Some(out_err),
        ),
        (1, "sudoku-gen", vec!["--version"], Some(out_err)),
        (0, "sudoku-solve", vec![], Some(in_err)),
        (0, "sudoku-check", vec!["-"], Some(in_err)),
        (0, "sudoku-check", vec!["--puzzles", "p.txt"], None),
        (1, "sudoku-check", vec!["--puzzles", "p.txt"], None),
        (1, "sudoku", vec!["-c", "3"], None),
        (0, "sudoku", vec!["-s", "p.txt"], None),
    ] {
        let (status, err) = with_closed(&dir, fd, name, &args);
        match want {
            Some(w) => {
                assert_eq!(status, 2, "{name} {args:?} with {fd} closed: {err}");
                assert!(
                    err.starts_with(&format!("{name}: {w}")),
                    "{name} {args:?}: {err}"
                );
            }
            None => assert_eq!(status, 0, "{name} {args:?} with {fd} closed: {err}"),
        }
    }
}

// echo keep > log; sudoku -c 1 -o /dev/stdout >> log (and /dev/fd/1, /dev/stderr, /dev/fd/3,
// a link to /dev/stdout)
#[test]
fn descriptor_paths_write_through_the_shells_descriptors() {
    let dir = temp_dir();
    let grid = run("sudoku-gen", &["1"], b"").stdout;
    std::fs::write(dir.join("p.txt"), format!("{UNIQUE}\n")).unwrap();
    let solved = run_in(Some(&dir), "sudoku-solve", &["-g", "p.txt"], b"").stdout;
    for (line, want) in [
        ("sudoku -c 1 -o /dev/stdout >> log", &grid),
        ("sudoku -c 1 -o /dev/fd/1 >> log", &grid),
        ("sudoku -c 1 -o /proc/self/fd/1 >> log", &grid),
        ("sudoku -c 1 -o /dev/stderr 2>> log", &grid),
        ("sudoku -c 1 -o /dev/fd/3 3>> log", &grid),
        ("sudoku -s p.txt -o /dev/stdout >> log", &solved),
        // A link to a descriptor's path writes through the descriptor too.
        (
            "ln -s /dev/stdout out && sudoku -c 1 -o out >> log; s=$?; rm out; exit $s",
            &grid,
        ),
        (
            "ln -s /dev/stdout out && sudoku -c 1 -o out | cat >> log; s=$?; rm out; exit $s",
            &grid,
        ),
    ] {
        std::fs::write(dir.join("log"), b"keep\n").unwrap();
        let r = sh(&dir, line);
        assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{line}");
        let log = std::fs::read(dir.join("log")).unwrap();
        assert!(
            log == [b"keep\n".as_slice(), want].concat(),
            "{line}: {}",
            String::from_utf8_lossy(&log)
        );
    }
    // A target that is not a regular file (a FIFO here, as /dev/null or a terminal) is
    // written in place, not replaced. (Not /dev/null itself: a binary that replaced it
    // would, run as root, leave a regular file there for the whole machine.)
    let line = "mkfifo fifo && { cat fifo > got & }; sudoku -c 1 -o fifo; s=$?; \
                if [ -p fifo ]; then wait; rm fifo; exit $s; else kill $!; exit 3; fi";
    let r = sh(&dir, line);
    assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{line}");
    assert!(std::fs::read(dir.join("got")).unwrap() == grid, "{line}");
    std::fs::remove_file(dir.join("got")).unwrap();
    let r = sh(&dir, "sudoku -c 1 -o /dev/fd/9");
    assert_eq!(r.status, 2);
    assert_eq!(r.stderr, "sudoku: /dev/fd/9: Bad file descriptor\n");
    assert_eq!(files_in(&dir), ["log", "p.txt"]);
}

/// `sudoku -c 1000000` in `dir` (holding the sentinel sudoku.txt), sent `sig` after
/// `delay`; returns how it ended.
fn interrupted(dir: &Path, prelude: &str, sig: &str, delay: Duration) -> std::process::ExitStatus {
    std::fs::write(dir.join("sudoku.txt"), SENTINEL).unwrap();
    let path = format!("{}:{}", bin_dir().display(), std::env::var("PATH").unwrap());
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{prelude} exec sudoku -c 1000000"))
        .current_dir(dir)
        .env("PATH", path)
        .spawn()
        .unwrap();
    std::thread::sleep(delay);
    let _ = Command::new("kill")
        .args([&format!("-{sig}"), &child.id().to_string()])
        .status();
    child.wait().unwrap()
}

/// The outcome of a run that may have been cut: the old file and nothing else, or the new
/// one, whole. SIGKILL, which cannot be held, may also land between the link that names
/// the finished file and the rename (src/cli/output.rs): then the old file stays, the new
/// one is whole under its temporary name, and the next run removes that.
fn old_or_whole_new(dir: &Path, what: &str, killed: bool) -> bool {
    let files = files_in(dir);
    if killed && files.len() == 2 && files[1] == "sudoku.txt" {
        let temp = &files[0];
        assert!(
            temp.starts_with(".sudoku.txt.") && temp.ends_with(".tmp"),
            "{what}: {files:?}"
        );
        let len = std::fs::metadata(dir.join(temp)).unwrap().len();
        assert_eq!(len, 163 * 1_000_000 - 1, "{what}: a cut file named {temp}");
        assert_eq!(std::fs::read(dir.join("sudoku.txt")).unwrap(), SENTINEL);
        let r = run_in(Some(dir), "sudoku", &["-c", "1"], b"");
        assert_eq!(r.status, 0, "{}", r.stderr);
        assert_eq!(files_in(dir), ["sudoku.txt"], "{what}: not removed");
        return false;
    }
    assert_eq!(files, ["sudoku.txt"], "{what}: a file was left behind");
    let now = std::fs::read(dir.join("sudoku.txt")).unwrap();
    if now == SENTINEL {
        return false;
    }
    assert_eq!(now.len(), 163 * 1_000_000 - 1, "{what}: a cut file");
    true
}

// sudoku -c 1000000 & sleep T; kill -SIG $!   (for several signals and moments)
#[test]
fn a_signal_at_any_moment_leaves_the_old_file_or_the_whole_new_one() {
    let dir = temp_dir();
    for sig in ["INT", "TERM", "HUP", "KILL", "USR1", "ALRM"] {
        for ms in [0u64, 20, 60, 120, 250] {
            let what = format!("SIG{sig} after {ms} ms");
            let status = interrupted(&dir, "", sig, Duration::from_millis(ms));
            let replaced = old_or_whole_new(&dir, &what, sig == "KILL");
            // Replaced means the job succeeded: a catchable signal is held from the rename
            // on (SIGKILL cannot be, and may still end the process after it).
            if replaced && sig != "KILL" {
                assert_eq!(status.code(), Some(0), "{what}: {status:?}");
            } else if !replaced {
                assert!(status.signal().is_some(), "{what}: {status:?}");
            }
        }
    }
}

// trap '' INT; sudoku -c 1000000 & kill -INT $!   (nohup and the like)
#[test]
fn signals_ignored_at_start_stay_ignored() {
    let dir = temp_dir();
    for sig in ["INT", "TERM", "HUP"] {
        let status = interrupted(
            &dir,
            &format!("trap '' {sig};"),
            sig,
            Duration::from_millis(60),
        );
        assert_eq!(status.code(), Some(0), "SIG{sig} ignored: {status:?}");
        assert!(
            old_or_whole_new(&dir, sig, false),
            "SIG{sig} ignored, and the job did not finish"
        );
    }
}

// (ulimit -f 1024; sudoku -c 100000)   SIGXFSZ: the old file stays, nothing is left
#[test]
fn a_file_size_limit_leaves_the_old_file() {
    let dir = temp_dir();
    for prelude in ["ulimit -f 1024;", "trap '' XFSZ; ulimit -f 1024;"] {
        std::fs::write(dir.join("sudoku.txt"), SENTINEL).unwrap();
        let r = sh(&dir, &format!("{prelude} exec sudoku -c 100000"));
        assert_ne!(r.status, 0, "{prelude}");
        assert_eq!(files_in(&dir), ["sudoku.txt"], "{prelude}");
        assert_eq!(
            std::fs::read(dir.join("sudoku.txt")).unwrap(),
            SENTINEL,
            "{prelude}"
        );
    }
}

// a stale .sudoku.txt.PID.*.tmp of a dead process is removed; a live one's is kept
#[test]
fn temporary_names_do_not_collide_and_stale_ones_go() {
    let dir = temp_dir();
    // A PID above the kernel's pid_max cannot be alive.
    let dead = 99_999_999;
    let live = std::process::id();
    let names = [
        format!(".sudoku.txt.{dead}.tmp"),
        format!(".sudoku.txt.{dead}.0123456789abcdef.tmp"),
        format!(".sudoku.txt.{live}.tmp"),
    ];
    for n in &names {
        std::fs::write(dir.join(n), b"stale").unwrap();
    }
    let r = run_in(Some(&dir), "sudoku", &["-c", "2"], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    assert_eq!(files_in(&dir), [names[2].as_str(), "sudoku.txt"]);
    // A target whose name leaves no room for a temporary name's additions.
    let long = "a".repeat(250);
    let r = run_in(Some(&dir), "sudoku", &["-c", "2", "-o", &long], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    assert_eq!(
        std::fs::metadata(dir.join(&long)).unwrap().len(),
        163 * 2 - 1
    );
    assert_eq!(files_in(&dir).len(), 3);
}

// chmod 600 sudoku.txt; sudoku -c 2   (and the owner, hard links, symbolic links)
#[test]
fn the_replaced_file_keeps_its_mode_owner_and_links() {
    let dir = temp_dir();
    let target = dir.join("sudoku.txt");
    for mode in [0o600, 0o640, 0o755, 0o444, 0o2775] {
        std::fs::write(&target, SENTINEL).unwrap();
        std::fs::set_permissions(&target, PermissionsExt::from_mode(mode)).unwrap();
        let r = run_in(Some(&dir), "sudoku", &["-c", "2"], b"");
        assert_eq!(r.status, 0, "{mode:o}: {}", r.stderr);
        let m = std::fs::metadata(&target).unwrap();
        assert_eq!(m.mode() & 0o7777, mode, "{mode:o}");
        assert_eq!(m.len(), 163 * 2 - 1);
    }
    std::fs::set_permissions(&target, PermissionsExt::from_mode(0o644)).unwrap();
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        std::os::unix::fs::chown(&target, Some(1234), Some(1235)).unwrap();
        let r = run_in(Some(&dir), "sudoku", &["-c", "3"], b"");
        assert_eq!(r.status, 0, "{}", r.stderr);
        let m = std::fs::metadata(&target).unwrap();
        assert_eq!((m.uid(), m.gid()), (1234, 1235));
    }
    // A hard link keeps the old content; a symbolic link is followed and stays a link.
    std::fs::write(&target, SENTINEL).unwrap();
    std::fs::hard_link(&target, dir.join("other.txt")).unwrap();
    std::os::unix::fs::symlink("sudoku.txt", dir.join("link.txt")).unwrap();
    let r = run_in(Some(&dir), "sudoku", &["-c", "2", "-o", "link.txt"], b"");
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(std::fs::read(dir.join("other.txt")).unwrap(), SENTINEL);
    assert!(std::fs::symlink_metadata(dir.join("link.txt"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::metadata(&target).unwrap().len(), 163 * 2 - 1);
    assert_eq!(files_in(&dir), ["link.txt", "other.txt", "sudoku.txt"]);
}

// ln -s sub/new.txt dangling.txt; sudoku -c 2 -o dangling.txt   (as `>` would: new.txt made)
#[test]
fn a_dangling_or_chained_link_is_followed_and_a_loop_refused() {
    let dir = temp_dir();
    std::fs::create_dir(dir.join("sub")).unwrap();
    std::os::unix::fs::symlink("sub/new.txt", dir.join("dangling.txt")).unwrap();
    // A chain: first.txt -> dangling.txt -> sub/new.txt, each relative to its own directory.
    std::os::unix::fs::symlink("dangling.txt", dir.join("first.txt")).unwrap();
    let r = run_in(Some(&dir), "sudoku", &["-c", "2", "-o", "first.txt"], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    for link in ["first.txt", "dangling.txt"] {
        let m = std::fs::symlink_metadata(dir.join(link)).unwrap();
        assert!(m.file_type().is_symlink(), "{link} stays a link");
    }
    assert_eq!(
        std::fs::metadata(dir.join("sub/new.txt")).unwrap().len(),
        163 * 2 - 1
    );
    assert_eq!(files_in(&dir.join("sub")), ["new.txt"]);
    // A link into a directory that does not exist, and a loop: status 2, nothing made.
    std::os::unix::fs::symlink("nowhere/x.txt", dir.join("lost.txt")).unwrap();
    std::os::unix::fs::symlink("loop-b.txt", dir.join("loop-a.txt")).unwrap();
    std::os::unix::fs::symlink("loop-a.txt", dir.join("loop-b.txt")).unwrap();
    let before = files_in(&dir);
    for (link, says) in [
        ("lost.txt", "cannot create a temporary file in ./nowhere"),
        ("loop-a.txt", "Too many levels of symbolic links"),
    ] {
        let r = run_in(Some(&dir), "sudoku", &["-c", "2", "-o", link], b"");
        assert_eq!(r.status, 2, "{link}");
        let said = format!("sudoku: {link}: {says}");
        assert!(r.stderr.starts_with(&said), "{}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert_eq!(files_in(&dir), before, "{link}");
    }
}

// chmod a-w sudoku.txt; sudoku -c 2   (as `>` would: "Permission denied", sudoku.txt kept)
#[test]
fn a_file_the_user_may_not_write_is_refused() {
    // Root may write any file, so as root the job runs as nobody, from a copy of the binary
    // in a directory under /tmp that nobody can reach (the build's may be in /root).
    // SAFETY: geteuid only reads the process's user id.
    let root = unsafe { libc::geteuid() } == 0;
    let dir = if root {
        let d = std::env::temp_dir().join(format!("sudoku-read-only-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("bin")).unwrap();
        std::fs::copy(bin("sudoku"), d.join("bin/sudoku")).unwrap();
        d
    } else {
        temp_dir()
    };
    // The directory lets the job make and rename files in it; the file's mode alone stops it.
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    let target = dir.join("sudoku.txt");
    std::fs::write(&target, SENTINEL).unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o444)).unwrap();
    let line = if root {
        "exec setpriv --reuid=65534 --regid=65534 --clear-groups bin/sudoku -c 2"
    } else {
        "exec sudoku -c 2"
    };
    let r = sh(&dir, line);
    assert_eq!(
        (r.status, r.stderr.as_str()),
        (2, "sudoku: sudoku.txt: Permission denied\n")
    );
    assert_eq!(std::fs::read(&target).unwrap(), SENTINEL);
    let made = files_in(&dir);
    if root {
        std::fs::remove_dir_all(&dir).unwrap();
    }
    let want: &[&str] = if root {
        &["bin", "sudoku.txt"]
    } else {
        &["sudoku.txt"]
    };
    assert_eq!(made, want);
}

// sudoku-solve x.txt >> x.txt  (grep: "input file is also the output")
#[test]
fn an_input_that_is_the_output_is_refused() {
    let dir = temp_dir();
    let text = format!("{UNIQUE}\n").repeat(5);
    for line in [
        "sudoku-solve x.txt >> x.txt",
        "sudoku-solve -j2 x.txt >> x.txt",
        "sudoku-solve < x.txt >> x.txt",
        "sudoku-solve - < x.txt 1<> x.txt",
        "sudoku -s x.txt -o - >> x.txt",
        "sudoku -s x.txt -o /dev/stdout >> x.txt",
    ] {
        std::fs::write(dir.join("x.txt"), &text).unwrap();
        let r = sh(&dir, line);
        assert_eq!(r.status, 2, "{line}: {}", r.stderr);
        assert!(r.stderr.contains("also the output"), "{line}: {}", r.stderr);
        assert_eq!(
            std::fs::read_to_string(dir.join("x.txt")).unwrap(),
            text,
            "{line}"
        );
    }
    // Standard output on the input is no matter when the output goes elsewhere.
    for line in [
        "sudoku-solve x.txt > y.txt && sudoku-check --solves x.txt y.txt",
        "sudoku -s x.txt >> x.txt && sudoku-check --solves x.txt sudoku.txt",
    ] {
        std::fs::write(dir.join("x.txt"), &text).unwrap();
        let r = sh(&dir, line);
        assert_eq!(r.status, 0, "{line}: {}", r.stderr);
        assert_eq!(
            std::fs::read_to_string(dir.join("x.txt")).unwrap(),
            text,
            "{line}"
        );
    }
}

// sudoku-check --solves - < p.txt  (and - or /dev/stdin twice, or a link to it)
#[test]
fn solves_and_the_boards_cannot_both_be_stdin() {
    let dir = temp_dir();
    std::fs::write(dir.join("p.txt"), format!("{UNIQUE}\n")).unwrap();
    std::os::unix::fs::symlink("/dev/stdin", dir.join("in")).unwrap();
    for args in [
        vec!["--solves", "-"],
        vec!["--solves", "-", "-"],
        vec!["--solves", "/dev/stdin", "-"],
        vec!["--solves", "-", "/dev/fd/0"],
        vec!["--solves", "in"],
        vec!["--solves", "-", "in"],
    ] {
        let r = run_in(Some(&dir), "sudoku-check", &args, UNIQUE.as_bytes());
        assert_eq!(r.status, 2, "{args:?}");
        assert!(
            r.stderr
                .starts_with("sudoku-check: --solves and the boards cannot both be standard input"),
            "{args:?}: {}",
            r.stderr
        );
    }
    let r = run_in(
        Some(&dir),
        "sudoku-check",
        &["--puzzles", "--solves", "p.txt"],
        UNIQUE.as_bytes(),
    );
    assert_eq!((r.status, r.stderr.as_str()), (0, "1 board: 1 ok\n"));
}

// echo $(sudoku-gen --line 3) | sudoku-check
#[test]
fn several_boards_on_one_line_are_an_error() {
    let three = run("sudoku-gen", &["--line", "3"], b"").out();
    let boards: Vec<&str> = three.lines().collect();
    for (sep, col) in [(" ", 83), ("\t", 83), ("  ", 84), (" \t ", 85)] {
        let line = format!("{}\n", boards.join(sep));
        let r = run("sudoku-check", &[], line.as_bytes());
        assert_eq!(r.status, 2, "{sep:?}");
        assert_eq!(
            r.stderr,
            format!(
                "sudoku-check: <stdin>:1:{col}: a second board on the line: line form is one board a line\n0 boards: 0 ok\n"
            ),
            "{sep:?}"
        );
    }
    // A comment after the board, even one with digits, is still a comment.
    let named = format!("{} rated 81 {}\n", boards[0], &boards[1][..40]);
    let r = run("sudoku-check", &[], named.as_bytes());
    assert_eq!((r.status, r.stderr.as_str()), (0, "1 board: 1 ok\n"));
}

// sudoku-gen --line 6 | sudoku-check --strict
#[test]
fn strict_on_line_form_names_each_board_once() {
    let r = run(
        "sudoku-check",
        &["--strict"],
        &run("sudoku-gen", &["--line", "6"], b"").stdout,
    );
    let mut want = String::new();
    for i in 1..=6 {
        want += &format!("<stdin>:{i}: board {i}: layout: line form (one board a line) where grid form is expected\n");
    }
    want += "6 boards: 0 ok, 6 failed\n";
    assert_eq!((r.status, r.stderr.as_str()), (1, want.as_str()));
    let r = run(
        "sudoku-check",
        &["--strict"],
        &run("sudoku-gen", &["1"], b"").stdout,
    );
    assert_eq!((r.status, r.stderr.as_str()), (0, "1 board: 1 ok\n"));
}

// a clash in row 5 of a grid with a comment among its rows: the row's own line
#[test]
fn a_clash_names_its_own_row_line() {
    let grid = run("sudoku-gen", &["2"], b"").out();
    let mut lines: Vec<String> = grid.lines().map(String::from).collect();
    // Board 2 is lines 11-19; its row 5 (line 15) gets its first cell's digit twice.
    let row = lines[14].clone();
    lines[14] = format!("{}{}", &row[2..3], &row[1..]);
    let plain = lines.join("\n") + "\n";
    let r = run("sudoku-check", &[], plain.as_bytes());
    assert!(r.stderr.starts_with("<stdin>:15:"), "{}", r.stderr);
    assert!(r.stderr.contains(": board 2: digit"), "{}", r.stderr);
    lines.insert(12, "# a comment among the rows".into());
    let commented = lines.join("\n") + "\n";
    let r = run("sudoku-check", &[], commented.as_bytes());
    assert!(
        r.stderr.starts_with("<stdin>:16: board 2: digit"),
        "{}",
        r.stderr
    );
}

// sudoku -s bad.txt: the per-puzzle messages, then one closing line
#[test]
fn sudoku_s_says_the_file_was_not_written() {
    let dir = temp_dir();
    let bad = failing_file(&dir);
    std::fs::write(dir.join("sudoku.txt"), SENTINEL).unwrap();
    let r = run_in(Some(&dir), "sudoku", &["-s", &bad], b"");
    assert_eq!(r.status, 1);
    assert_eq!(
        r.stderr,
        "bad.txt:2: board 2: invalid puzzle: digit 1 repeats in row 1\n\
         sudoku: sudoku.txt not written: 1 of 3 puzzles failed\n"
    );
    assert_eq!(std::fs::read(dir.join("sudoku.txt")).unwrap(), SENTINEL);
    // A file that stops being a board stream: its error, then why nothing was written.
    std::fs::write(dir.join("cut.txt"), format!("{UNIQUE}\n{UNIQUE}\nxyz\n")).unwrap();
    let r = run_in(Some(&dir), "sudoku", &["-s", "cut.txt"], b"");
    assert_eq!(r.status, 2);
    assert_eq!(
        r.stderr,
        "sudoku: cut.txt:3:1: unexpected character 'x'\n\
         sudoku: sudoku.txt not written: cut.txt could not be read to its end\n"
    );
    assert_eq!(std::fs::read(dir.join("sudoku.txt")).unwrap(), SENTINEL);
    // To standard output the boards go out as they are solved, so there is no such line.
    for out in ["-", "/dev/stdout"] {
        let r = run_in(Some(&dir), "sudoku", &["-s", &bad, "-o", out], b"");
        assert_eq!(r.status, 1, "{out}");
        assert_eq!(
            r.stderr, "bad.txt:2: board 2: invalid puzzle: digit 1 repeats in row 1\n",
            "{out}"
        );
        assert_eq!(r.stdout.len(), 163 * 3 - 1, "{out}");
    }
}

// sudoku-solve -j 0 = one thread a core: the same output
#[test]
fn jobs_zero_means_every_core() {
    let p = data("excerpts.txt");
    let one = run("sudoku-solve", &["-j1", p.to_str().unwrap()], b"");
    let all = run("sudoku-solve", &["-j", "0", p.to_str().unwrap()], b"");
    assert_eq!(all.status, 0, "{}", all.stderr);
    assert!(one.stdout == all.stdout);
}
