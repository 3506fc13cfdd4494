//! The I/O shell: everything that touches argv, files, standard streams and exit statuses.
//!
//! The library proper is pure; this module turns its outcomes into messages and statuses
//! (0 ok, 1 a board failed, 2 usage or I/O error), opens inputs, replaces output files
//! atomically, and treats a closed pipe downstream as the end of the job, not an error.

pub mod check;
pub mod doc;
pub mod flags;
pub mod front;
pub mod gen;
pub mod solve;

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use flags::{Parsed, Tool};

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
    /// The reader downstream went away: stop quietly.
    BrokenPipe,
}

/// Phrases an I/O error with what it happened to, without Rust's "(os error N)" tail.
pub fn io_error(what: impl std::fmt::Display, e: io::Error) -> Error {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return Error::BrokenPipe;
    }
    let text = e.to_string();
    let text = match text.find(" (os error") {
        Some(i) => &text[..i],
        None => &text,
    };
    Error::Msg(format!("{what}: {text}"))
}

/// An error writing standard output.
pub fn stdout_error(e: io::Error) -> Error {
    io_error("standard output", e)
}

/// Asks the kernel for a 1 MiB pipe when `fd` is a pipe (Linux `F_SETPIPE_SZ`; elsewhere or on
/// refusal nothing changes). The default 64 KiB pipe costs a context switch every 64 KiB: with
/// `sudoku-gen | sudoku-check` that is most of the time spent.
pub fn widen_pipe(fd: i32) {
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn fcntl(fd: i32, cmd: i32, ...) -> i32;
        }
        const F_SETPIPE_SZ: i32 = 1031;
        // SAFETY: fcntl on a descriptor we own; on anything but a pipe it fails harmlessly.
        unsafe {
            fcntl(fd, F_SETPIPE_SZ, 1i32 << 20);
        }
    }
    let _ = fd;
}

/// Runs a tool: parses the command line, answers help and version, calls `run`, prints what
/// went wrong, and exits with the status.
pub fn main(tool: &'static Tool, run: fn(Vec<flags::Arg>) -> Result<i32, Error>) -> ! {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let code = match tool.parse(args) {
        Ok(Parsed::Args(a)) => {
            widen_pipe(0);
            widen_pipe(1);
            run(a).unwrap_or_else(report)
        }
        Ok(other) => answer(tool, other),
        Err(e) => report(e),
    };
    std::process::exit(code)
}

/// Prints help or the version.
pub fn answer(tool: &Tool, p: Parsed) -> i32 {
    let text = match p {
        Parsed::Help { long } => tool.help(long),
        Parsed::Version => format!("{} {}\n", tool.name, env!("CARGO_PKG_VERSION")),
        Parsed::Args(_) => unreachable!(),
    };
    match io::stdout().write_all(text.as_bytes()) {
        Ok(()) => OK,
        Err(e) => report(stdout_error(e)),
    }
}

/// Prints an error on standard error and gives its exit status.
pub fn report(e: Error) -> i32 {
    let name = program_name();
    match e {
        Error::Usage { tool, msg, usage } => {
            eprint!("{tool}: {msg}\n{usage}Try '{tool} --help' for more.\n");
        }
        Error::Msg(m) => eprintln!("{name}: {m}"),
        Error::BrokenPipe => return OK,
    }
    TROUBLE
}

fn program_name() -> String {
    std::env::args_os()
        .next()
        .map(|a| {
            Path::new(&a)
                .file_name()
                .unwrap_or(OsStr::new("sudoku"))
                .to_string_lossy()
                .into_owned()
        })
        .unwrap_or_else(|| "sudoku".into())
}

/// Parses a whole number in `min..=max`: ASCII digits only, no sign, no exponent.
pub fn parse_number(tool: &Tool, flag: &str, v: &OsStr, min: u64, max: u64) -> Result<u64, Error> {
    let s = v.to_string_lossy();
    let n = if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse::<u64>().ok()
    } else {
        None
    };
    match n {
        Some(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(tool.usage(format!(
            "{flag}: expected a whole number from {min} to {max}, found '{s}'"
        ))),
    }
}

/// A top-left digit from `--first D` or `--id NUMBER`.
pub fn parse_first(tool: &Tool, flag: &str, v: &OsStr) -> Result<u8, Error> {
    if flag == "--id" {
        let s = v.to_string_lossy();
        return crate::gen::digit_for_id(&s).ok_or_else(|| {
            tool.usage(format!(
                "--id: expected a student id of two or more digits, found '{s}'"
            ))
        });
    }
    Ok(parse_number(tool, flag, v, 1, 9)? as u8)
}

/// An input: standard input or a file, buffered for the board reader.
pub enum Input {
    /// `Stdin`, not its lock: `sudoku-solve`'s workers take the input in turn.
    Stdin(BufReader<io::Stdin>),
    File(BufReader<File>),
}

/// Input buffers are large: reading is a hot path for `sudoku-check` and `sudoku-solve`.
const IN_BUF: usize = 256 * 1024;

impl Input {
    /// Opens `-` (standard input) or a file; returns it with the name messages use.
    pub fn open(path: &OsStr) -> Result<(String, Input), Error> {
        if path == "-" {
            let r = BufReader::with_capacity(IN_BUF, io::stdin());
            return Ok(("<stdin>".into(), Input::Stdin(r)));
        }
        let name = path.to_string_lossy().into_owned();
        let f = File::open(path).map_err(|e| io_error(&name, e))?;
        Ok((name, Input::File(BufReader::with_capacity(IN_BUF, f))))
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

/// Writes an output file so that it is never seen half-written: `produce` writes into a
/// temporary file beside `path`, which replaces `path` by a rename only when `produce`
/// returns status 0. On an error, a failed board or a signal (SIGINT, SIGTERM, SIGHUP), the
/// temporary file is removed and `path` is left as it was. `-` is standard output; an
/// existing target that is not a regular file (a device, a FIFO) is written in place.
pub fn write_output(
    path: &OsStr,
    produce: impl FnOnce(&mut dyn Write) -> Result<i32, Error>,
) -> Result<i32, Error> {
    if path == "-" {
        let mut out = io::stdout().lock();
        return produce(&mut out);
    }
    let path = Path::new(path);
    let shown = path.display().to_string();
    // Follow a symlink, so the file it points to is what gets replaced.
    let target = match std::fs::canonicalize(path) {
        Ok(p) => p,
        Err(_) => path.to_path_buf(),
    };
    if let Ok(meta) = std::fs::metadata(&target) {
        if !meta.is_file() {
            if meta.is_dir() {
                return Err(Error::Msg(format!("{shown}: is a directory")));
            }
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .open(&target)
                .map_err(|e| io_error(&shown, e))?;
            return produce(&mut f);
        }
    }
    let temp = temp_path(&target);
    // Armed before the file exists: a signal between the two would leave it behind (seen
    // once in the SIGINT test). Unlinking a file not yet created is harmless.
    signals::remove_on_signal(&temp);
    let mut file = match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
    {
        Ok(f) => f,
        Err(e) => {
            signals::forget();
            return Err(io_error(&shown, e));
        }
    };
    // No fsync: like cat and cp, leave durability to the file system (ext4, xfs and btrfs
    // flush a file renamed over another before the rename is committed).
    let result = produce(&mut file);
    drop(file);
    let result = match result {
        Ok(OK) => std::fs::rename(&temp, &target)
            .map(|_| OK)
            .map_err(|e| io_error(&shown, e)),
        other => other,
    };
    if result.as_ref().map_or(true, |&s| s != OK) {
        let _ = std::fs::remove_file(&temp);
    }
    signals::forget();
    result
}

/// `dir/.name.PID.tmp` beside the target, so the final rename stays on one file system.
fn temp_path(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    target.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Removal of the temporary output file when the process is interrupted.
///
/// Only `unlink` and `_exit` run in the handler, both async-signal-safe (signal-safety(7)).
/// The path is a leaked C string published through an atomic pointer before the handler is
/// installed.
mod signals {
    use std::ffi::{c_char, c_int, CString};
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::ptr::null_mut;
    use std::sync::atomic::{AtomicPtr, Ordering};

    static TEMP: AtomicPtr<c_char> = AtomicPtr::new(null_mut());

    extern "C" {
        fn signal(signum: c_int, handler: usize) -> usize;
        fn unlink(path: *const c_char) -> c_int;
        fn _exit(status: c_int) -> !;
    }

    const SIGHUP: c_int = 1;
    const SIGINT: c_int = 2;
    const SIGTERM: c_int = 15;

    extern "C" fn on_signal(sig: c_int) {
        let p = TEMP.load(Ordering::SeqCst);
        // SAFETY: `p` is null or a C string leaked by `remove_on_signal`, never freed while
        // published; unlink and _exit are async-signal-safe.
        unsafe {
            if !p.is_null() {
                unlink(p);
            }
            _exit(128 + sig)
        }
    }

    pub fn remove_on_signal(path: &Path) {
        let Ok(c) = CString::new(path.as_os_str().as_bytes()) else {
            return;
        };
        let old = TEMP.swap(c.into_raw(), Ordering::SeqCst);
        debug_assert!(old.is_null());
        let handler: extern "C" fn(c_int) = on_signal;
        // SAFETY: installing a handler that only calls async-signal-safe functions.
        unsafe {
            for s in [SIGHUP, SIGINT, SIGTERM] {
                signal(s, handler as usize);
            }
        }
    }

    pub fn forget() {
        let p = TEMP.swap(null_mut(), Ordering::SeqCst);
        if !p.is_null() {
            // SAFETY: `p` came from `CString::into_raw` and is no longer published.
            drop(unsafe { CString::from_raw(p) });
        }
    }
}
