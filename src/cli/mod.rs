//! The I/O shell: everything that touches argv, files, standard streams and exit statuses.
//!
//! The library proper is pure; this module turns its outcomes into messages and statuses
//! (0 ok, 1 a board failed, 2 usage or I/O error), opens inputs, and treats a closed pipe on
//! standard output as the end of the job, not an error.
//!
//! Two rules hold everywhere in the shell:
//! - Diagnostics go through [`diag`], which cannot fail: a message that cannot be written
//!   (stderr closed, full or a closed pipe) changes neither the work done nor the status.
//! - Only an output the job writes to ends it quietly when its reader goes away
//!   ([`out_error`]); any other I/O error is an error.

pub mod check;
pub mod dig;
pub mod doc;
pub mod flags;
pub mod front;
pub mod gen;
pub mod grade;
pub mod output;
pub mod pipeline;
#[cfg(feature = "play")]
pub mod play;
pub mod progress;
pub mod shared;
pub mod solve;

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use flags::{Arg, Parsed, Tool};
use progress::Counted;

/// Exit statuses, as grep's.
pub const OK: i32 = 0;
pub const FAILED: i32 = 1;
pub const TROUBLE: i32 = 2;

/// What ends a run early.
#[derive(Debug)]
pub enum Error {
    /// A bad command line: the message and the synopsis to show after it.
    Usage {
        tool: &'static str,
        msg: String,
        usage: String,
    },
    /// An I/O error or bad input, already phrased with its file (and line).
    Msg(String),
    /// The reader of the output went away: stop quietly.
    BrokenPipe,
}

/// Writes a diagnostic to standard error. It never fails and never panics: when standard
/// error cannot take it, the message is lost and nothing else changes.
pub fn diag(msg: &str) {
    let _ = io::stderr().lock().write_all(msg.as_bytes());
}

/// Phrases an I/O error with what it happened to, without Rust's "(os error N)" tail.
pub fn io_error(what: impl std::fmt::Display, e: io::Error) -> Error {
    let text = e.to_string();
    let text = match text.find(" (os error") {
        Some(i) => &text[..i],
        None => &text,
    };
    Error::Msg(format!("{what}: {text}"))
}

/// An error writing the job's output: a closed pipe there ends the job quietly.
pub fn out_error(what: impl std::fmt::Display, e: io::Error) -> Error {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return Error::BrokenPipe;
    }
    io_error(what, e)
}

/// Standard input and output found closed at start (`<&-`, `>&-`).
static STDIN_CLOSED: AtomicBool = AtomicBool::new(false);
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Puts `/dev/null` on each of descriptors 0, 1 and 2 that is closed, so that no file the
/// tool opens later takes its number, and remembers that standard input or output was
/// closed: reading or writing it is then an error ("Bad file descriptor"), as in coreutils.
fn guard_std_streams() {
    for fd in 0..3 {
        // SAFETY: F_GETFD only queries the descriptor.
        let closed = unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1
            && io::Error::last_os_error().raw_os_error() == Some(libc::EBADF);
        if !closed {
            continue;
        }
        // SAFETY: a C string literal; open returns the lowest free descriptor, this one.
        let null = unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
        if null >= 0 && null != fd {
            // SAFETY: both descriptors are ours.
            unsafe {
                libc::dup2(null, fd);
                libc::close(null);
            }
        }
        match fd {
            0 => STDIN_CLOSED.store(true, Ordering::Relaxed),
            1 => STDOUT_CLOSED.store(true, Ordering::Relaxed),
            _ => {}
        }
    }
}

fn bad_descriptor(what: &str) -> Error {
    io_error(what, io::Error::from_raw_os_error(libc::EBADF))
}

/// Standard output for the job's output, or an error when it was closed at start.
pub fn stdout() -> Result<io::StdoutLock<'static>, Error> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Err(bad_descriptor("standard output"));
    }
    Ok(io::stdout().lock())
}

/// Asks the kernel for a 1 MiB pipe when `fd` is a pipe (Linux `F_SETPIPE_SZ`; elsewhere or on
/// refusal nothing changes). The default 64 KiB pipe costs a context switch every 64 KiB: with
/// `sudoku-gen | sudoku-check` that is most of the time spent.
fn widen_pipe(fd: i32) {
    #[cfg(target_os = "linux")]
    // SAFETY: fcntl on a descriptor we own; on anything but a pipe it fails harmlessly.
    unsafe {
        libc::fcntl(fd, libc::F_SETPIPE_SZ, 1i32 << 20);
    }
    let _ = fd;
}

/// Defines the C `main` of a binary that runs the tool of module `$m` (its `TOOL` and `run`),
/// in a crate with `#![no_main]` (and `test = false`: a test harness would bring its own
/// `main`):
///
/// ```ignore
/// #![no_main]
/// sudoku_filters::entry!(sudoku_filters::cli::gen);
/// ```
///
/// Not Rust's own `main`, because the runtime that calls it first reopens closed standard
/// descriptors on `/dev/null` (`sanitize_standard_fds` in the standard library), after which
/// `sudoku-gen 5 >&-` cannot be told from `sudoku-gen 5 > /dev/null`: coreutils report the
/// first as an error, and so do the filters.
#[macro_export]
macro_rules! entry {
    ($m:path) => {
        #[no_mangle]
        extern "C" fn main(argc: i32, argv: *const *const std::ffi::c_char) -> i32 {
            use $m as tool;
            // SAFETY: the C runtime passes `argc` valid C strings in `argv`.
            let args = unsafe { $crate::cli::args(argc, argv) };
            $crate::cli::main(&tool::TOOL, tool::run, args)
        }
    };
}

/// Under a limit on address space (`ulimit -v`), glibc's malloc keeps to one arena. Each
/// thread's own arena reserves 64 MiB of address space; a few of them take what the limit
/// leaves, and glibc then aborts the process where it cannot fail (registering a thread's
/// TLS destructor) instead of letting a thread be refused, which the pipeline handles.
fn few_arenas_under_a_memory_limit() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: getrlimit fills the struct it is given; mallopt before any thread starts.
    unsafe {
        let mut lim: libc::rlimit = std::mem::zeroed();
        if libc::getrlimit(libc::RLIMIT_AS, &mut lim) == 0 && lim.rlim_cur != libc::RLIM_INFINITY {
            libc::mallopt(libc::M_ARENA_MAX, 1);
        }
    }
}

/// The arguments the C runtime passed to `main`.
///
/// # Safety
/// `argv` holds `argc` pointers to NUL-terminated strings.
pub unsafe fn args(argc: i32, argv: *const *const std::ffi::c_char) -> Vec<OsString> {
    use std::os::unix::ffi::OsStrExt;
    (0..argc.max(0) as usize)
        .map(|i| {
            // SAFETY: as the caller promised.
            let c = unsafe { std::ffi::CStr::from_ptr(*argv.add(i)) };
            OsStr::from_bytes(c.to_bytes()).to_os_string()
        })
        .collect()
}

/// The program's name in messages.
static PROGRAM: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Runs a tool: checks the standard descriptors, parses the command line (`args`, the
/// program's name first), answers help, version and `--generate`, calls `run`, prints what
/// went wrong, and exits with the status.
pub fn main<I: Copy + 'static>(
    tool: &'static Tool<I>,
    run: fn(Vec<Arg<I>>) -> Result<i32, Error>,
    mut args: Vec<OsString>,
) -> ! {
    guard_std_streams();
    few_arenas_under_a_memory_limit();
    // As Rust's runtime does: a write to a closed pipe is an error (EPIPE), not a signal.
    // SAFETY: setting a signal's disposition to ignore.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let name = args
        .first()
        .and_then(|a| Path::new(a).file_name())
        .map_or(tool.name.to_string(), |n| n.to_string_lossy().into_owned());
    let _ = PROGRAM.set(name);
    if !args.is_empty() {
        args.remove(0);
    }
    let code = match tool.parse(args) {
        Ok(Parsed::Args(a)) => {
            widen_pipe(0);
            widen_pipe(1);
            run(a).unwrap_or_else(report)
        }
        Ok(Parsed::Generate(dir)) => doc::write_generated(Path::new(&dir)).unwrap_or_else(report),
        Ok(Parsed::Help { long }) => answer(&tool.doc().help(long)),
        Ok(Parsed::Version) => answer(&format!("{} {}\n", tool.name, env!("CARGO_PKG_VERSION"))),
        Err(e) => report(e),
    };
    std::process::exit(code)
}

/// Prints help or the version.
fn answer(text: &str) -> i32 {
    let written = stdout().and_then(|mut out| {
        out.write_all(text.as_bytes())
            .and_then(|_| out.flush())
            .map_err(|e| out_error("standard output", e))
    });
    written.map(|_| OK).unwrap_or_else(report)
}

/// Prints an error on standard error and gives its exit status.
pub fn report(e: Error) -> i32 {
    match e {
        Error::Usage { tool, msg, usage } => diag(&format!(
            "{tool}: {msg}\n{usage}Try '{tool} --help' for more.\n"
        )),
        Error::Msg(m) => diag(&format!("{}: {m}\n", program_name())),
        Error::BrokenPipe => return OK,
    }
    TROUBLE
}

pub(crate) fn program_name() -> &'static str {
    PROGRAM.get().map_or("sudoku", |s| s.as_str())
}

/// A file's identity: device and inode.
pub type FileId = (u64, u64);

/// The identity of standard output when it is a regular file: an input with the same one
/// would be read while it grows with the output (`sudoku-solve x >> x`).
pub fn stdout_file() -> Option<FileId> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return None;
    }
    regular_file(1)
}

/// The identity of the file open on `fd`, when it is a regular file.
fn regular_file(fd: i32) -> Option<FileId> {
    // SAFETY: fstat only fills the struct it is given.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    let ok = unsafe { libc::fstat(fd, &mut st) } == 0;
    let regular = ok && st.st_mode & libc::S_IFMT == libc::S_IFREG;
    #[allow(clippy::unnecessary_cast)] // the field types differ by platform
    regular.then_some((st.st_dev as u64, st.st_ino as u64))
}

/// True when `path` names standard input: `-`, or the descriptor paths of fd 0 (or a link
/// to one).
pub fn is_stdin(path: &OsStr) -> bool {
    path == "-" || output::followed_descriptor(Path::new(path)) == Some(0)
}

/// True when both paths name one existing file.
pub(crate) fn same_file(a: &OsStr, b: &OsStr) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

/// An input: standard input or a file, buffered for the board reader.
pub enum Input {
    /// `Stdin`, not its lock: `sudoku-solve`'s workers take the input in turn.
    Stdin(BufReader<Counted<io::Stdin>>),
    File(BufReader<Counted<File>>),
}

/// Input buffers are large: reading is a hot path for `sudoku-check` and `sudoku-solve`.
const IN_BUF: usize = 256 * 1024;

impl Input {
    /// Opens `-` (standard input) or a file; returns it with the name messages use. An input
    /// that is the file `output` (the job's output) is refused, as grep refuses it.
    pub fn open(path: &OsStr, output: Option<FileId>) -> Result<(String, Input), Error> {
        let (name, input, id) = if path == "-" {
            if STDIN_CLOSED.load(Ordering::Relaxed) {
                return Err(bad_descriptor("standard input"));
            }
            let r = BufReader::with_capacity(IN_BUF, Counted(io::stdin()));
            ("<stdin>".to_string(), Input::Stdin(r), regular_file(0))
        } else {
            let name = path.to_string_lossy().into_owned();
            let f = File::open(path).map_err(|e| io_error(&name, e))?;
            let id = f
                .metadata()
                .ok()
                .filter(|m| m.is_file())
                .map(|m| (m.dev(), m.ino()));
            (
                name,
                Input::File(BufReader::with_capacity(IN_BUF, Counted(f))),
                id,
            )
        };
        if id.is_some() && id == output {
            return Err(Error::Msg(format!("{name}: input file is also the output")));
        }
        Ok((name, input))
    }
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Input::Stdin(r) => r.read(buf),
            Input::File(r) => r.read(buf),
        }
    }
}

impl BufRead for Input {
    #[inline]
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self {
            Input::Stdin(r) => r.fill_buf(),
            Input::File(r) => r.fill_buf(),
        }
    }
    #[inline]
    fn consume(&mut self, n: usize) {
        match self {
            Input::Stdin(r) => r.consume(n),
            Input::File(r) => r.consume(n),
        }
    }
}

/// Phrases a reader error with the input's name (`file:line:col: ...`).
pub fn read_error(name: &str, e: crate::stream::ReadError) -> Error {
    match e {
        crate::stream::ReadError::Io(e) => io_error(name, e),
        e => Error::Msg(format!("{name}{e}")),
    }
}

/// `n thing` or `n things`.
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A fresh, empty directory of a test's own under the system's temporary directory, named
/// by `name`, the process and a count; the test removes it.
#[cfg(test)]
pub(crate) fn scratch_dir(name: &str) -> std::path::PathBuf {
    static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = MADE.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("sudoku-{name}-{}-{n}", std::process::id()));
    // A crashed run's, left with the same process id.
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs the test `name` (its full path) alone in a process of its own, this test binary
/// started again with `var=value` set, and returns what it did; the test tells the child
/// by `var` that it is one.
#[cfg(test)]
pub(crate) fn rerun_in_child(name: &str, var: &str, value: &str) -> std::process::Output {
    std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", name, "--test-threads=1"])
        .env(var, value)
        .output()
        .unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsRawFd;

    /// Closed standard descriptors are taken by `/dev/null` and stay taken, so that the next
    /// file opened does not get their number. In a process of its own: this test's binary
    /// run again for this test alone, told by `CHILD`.
    #[test]
    fn closed_standard_descriptors_stay_taken() {
        const CHILD: &str = "SUDOKU_STD_STREAMS_CHILD";
        if std::env::var_os(CHILD).is_some() {
            // SAFETY: closing descriptors of this process that nothing else here uses (the
            // harness reports on standard output).
            unsafe {
                libc::close(0);
                libc::close(2);
            }
            guard_std_streams();
            let next = File::open("/dev/null").unwrap();
            assert!(
                next.as_raw_fd() > 2,
                "the next file took {}",
                next.as_raw_fd()
            );
            assert!(STDIN_CLOSED.load(Ordering::Relaxed));
            assert!(!STDOUT_CLOSED.load(Ordering::Relaxed));
            return;
        }
        let name = "cli::tests::closed_standard_descriptors_stay_taken";
        let out = rerun_in_child(name, CHILD, "1");
        let report = String::from_utf8_lossy(&out.stdout);
        // The child ran this test, not none.
        assert!(
            out.status.success() && report.contains(" 1 passed"),
            "{:?}: {report}",
            out.status
        );
    }
}
