//! Writing an output file so that it is never seen half-written.
//!
//! ```text
//!   produce ──► temporary file beside the target ──(status 0)──► link, rename over target ─► 0
//!                     │                                          (signals held from here on)
//!                     └── error, failed board, signal ──► temporary file gone, target as it was
//! ```
//!
//! The temporary file is, on Linux, an unnamed `O_TMPFILE` in the target's directory: a
//! process killed by any signal, SIGKILL included, leaves nothing behind. Only at the end does
//! it get a name (`linkat` through `/proc/self/fd`), which is then renamed over the target.
//! Where `O_TMPFILE` is missing (another system, a file system without it), it is a named
//! file `.NAME.PID.RANDOM.tmp` created exclusively, with a new random part on a collision,
//! removed on an error and on the fatal signals that can be caught. A name left behind all
//! the same (SIGKILL while the finished file is being linked and renamed, or on the named
//! path) is removed by the next run for the same target once its process is gone.
//!
//! From the moment the rename starts, the signals are blocked: a signal that arrives then
//! cannot cut the job after the target is replaced, and the job has succeeded.
//!
//! The replaced file keeps its permission bits, and its owner and group where the user may
//! set them. A file the user may not write is refused, as the shell's `>` refuses it, though
//! the directory would allow the rename. It is a new file: other hard links to the old one
//! keep the old content. A symbolic link, or a chain of them, is followed and stays: the
//! file it points to is replaced, or created if the link dangles, as the shell's `>` would
//! create it.
//!
//! `-` and the paths of descriptors the shell opened (`/dev/stdout`, `/dev/stderr`,
//! `/dev/fd/N`, `/proc/self/fd/N`), or a link to one, are written through those descriptors,
//! so that what the shell set up (`>> log`, a pipe) is kept; other targets that are not
//! regular files (a terminal, a FIFO) are written in place.

use std::ffi::{CString, OsStr, OsString};
use std::fs::File;
use std::io::{self, Write};
use std::mem::ManuallyDrop;
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use super::{io_error, Error, OK};

/// The descriptor a path names, for the paths that name one: `/dev/stdin`, `/dev/stdout`,
/// `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N`.
pub fn descriptor(path: &Path) -> Option<i32> {
    let s = path.to_str()?;
    match s {
        "/dev/stdin" => return Some(0),
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let n = s
        .strip_prefix("/dev/fd/")
        .or_else(|| s.strip_prefix("/proc/self/fd/"))?;
    super::flags::whole_number(n)
}

/// The descriptor a path names once its links are followed ([`descriptor`]): a link to
/// `/dev/stdout` names standard output, and is written through it.
pub fn followed_descriptor(path: &Path) -> Option<i32> {
    followed(path).ok().and_then(|p| descriptor(&p))
}

/// Writes the job's output to `path` as the module says: `produce` writes it and returns the
/// job's status; the target is replaced only when that status is 0.
pub fn write_output(
    path: &OsStr,
    produce: impl FnOnce(&mut dyn Write) -> Result<i32, Error>,
) -> Result<i32, Error> {
    if path == "-" {
        return produce(&mut super::stdout()?);
    }
    let path = Path::new(path);
    let shown = path.display().to_string();
    let target = followed(path).map_err(|e| io_error(&shown, e))?;
    if let Some(fd) = descriptor(&target) {
        if fd == 1 {
            return produce(&mut super::stdout()?);
        }
        // SAFETY: F_GETFD only queries the descriptor.
        if unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1 {
            return Err(io_error(&shown, io::Error::last_os_error()));
        }
        // SAFETY: the descriptor is open; ManuallyDrop keeps it open after the job.
        let mut f = ManuallyDrop::new(unsafe { File::from_raw_fd(fd) });
        return produce(&mut *f);
    }
    let old = match std::fs::metadata(&target) {
        Ok(m) if m.is_dir() => return Err(Error::Msg(format!("{shown}: is a directory"))),
        Ok(m) if !m.is_file() => {
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| io_error(&shown, e))?;
            return produce(&mut f);
        }
        Ok(m) => {
            // Replacing a file asks only its directory's permission, but `>` asks the file's:
            // a file the user may not write (read-only, on a read-only mount, immutable) is
            // refused as `>` refuses it, before the job starts. Opened without truncating,
            // it is left as it was.
            std::fs::OpenOptions::new()
                .write(true)
                .open(&target)
                .map_err(|e| io_error(&shown, e))?;
            Some(m)
        }
        Err(_) => None,
    };
    let mut temp = Temp::create(&target).map_err(|e| {
        io_error(
            format!(
                "{shown}: cannot create a temporary file in {}",
                temp_dir_of(&target).display()
            ),
            e,
        )
    })?;
    if let Some(m) = old {
        temp.keep_attributes(&m);
    }
    let result = produce(&mut temp.file);
    let result = match result {
        Ok(OK) => temp
            .commit(&target)
            .map(|_| OK)
            .map_err(|e| io_error(&shown, e)),
        other => other,
    };
    drop(temp);
    result
}

/// The file a path names once its symbolic links are followed, so that the file a link
/// points to is what gets replaced. A dangling link is followed too, as the shell's `>` would
/// follow it: the file it names is created, and the link stays. A path with no link is
/// itself; a loop of links is an error. The following stops at a descriptor's path
/// ([`descriptor`]): a link to `/dev/stdout` is written through standard output, whatever
/// the shell opened there (a pipe, `>> log`), not resolved to the file behind it.
fn followed(path: &Path) -> io::Result<PathBuf> {
    // The kernel's own limit on links in one lookup (Linux's MAXSYMLINKS).
    const HOPS: usize = 40;
    let mut at = path.to_path_buf();
    for _ in 0..HOPS {
        if descriptor(&at).is_some() {
            return Ok(at);
        }
        match std::fs::read_link(&at) {
            Ok(next) => at = temp_dir_of(&at).join(next),
            // Not a link (or no file at all): the links are followed to the end.
            Err(_) => return Ok(at),
        }
    }
    Err(io::Error::from_raw_os_error(libc::ELOOP))
}

/// The directory the temporary file goes in: the target's own.
fn temp_dir_of(target: &Path) -> PathBuf {
    match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The temporary file of one job.
struct Temp {
    file: File,
    dir: PathBuf,
    /// The base of the names tried: `.NAME.PID.`
    stem: OsString,
    /// The file's name while it has one; removed when the job does not succeed.
    named: Option<PathBuf>,
}

/// The longest part of the target's name kept in a temporary name, so that the whole
/// stays under NAME_MAX (255 bytes) with the PID, the random part and `.tmp`.
const STEM_BYTES: usize = 200;

impl Temp {
    fn create(target: &Path) -> io::Result<Temp> {
        let dir = temp_dir_of(target);
        let name = target.file_name().unwrap_or(OsStr::new("out")).as_bytes();
        let mut stem = b".".to_vec();
        stem.extend_from_slice(&name[..name.len().min(STEM_BYTES)]);
        stem.extend_from_slice(format!(".{}.", std::process::id()).as_bytes());
        let stem = OsString::from_vec(stem);
        remove_stale(&dir, name);
        #[cfg(target_os = "linux")]
        {
            let anonymous = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_TMPFILE)
                .mode(0o666)
                .open(&dir);
            match anonymous {
                Ok(file) => {
                    return Ok(Temp {
                        file,
                        dir,
                        stem,
                        named: None,
                    })
                }
                // Not supported here: a named file instead.
                Err(e)
                    if matches!(
                        e.raw_os_error(),
                        Some(libc::EOPNOTSUPP | libc::EISDIR | libc::EINVAL)
                    ) => {}
                Err(e) => return Err(e),
            }
        }
        let mut t = Temp {
            file: File::open("/dev/null")?,
            dir,
            stem,
            named: None,
        };
        let file = t.claim_name(|path| {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o666)
                .open(path)
        })?;
        t.file = file;
        Ok(t)
    }

    /// Makes names until `make` does not find one taken, and publishes the name to the
    /// signal handler. Returns what `make` made.
    fn claim_name<T>(&mut self, mut make: impl FnMut(&Path) -> io::Result<T>) -> io::Result<T> {
        for _ in 0..100 {
            let mut name = self.stem.clone();
            name.push(format!("{:016x}.tmp", random()));
            let path = self.dir.join(name);
            signals::remove_on_signal(&path);
            match make(&path) {
                Ok(t) => {
                    self.named = Some(path);
                    return Ok(t);
                }
                Err(e) => {
                    signals::forget();
                    if e.kind() != io::ErrorKind::AlreadyExists {
                        return Err(e);
                    }
                }
            }
        }
        Err(io::Error::from(io::ErrorKind::AlreadyExists))
    }

    /// Gives the file the permission bits, owner and group of the file it replaces (the
    /// owner and group only where the user may).
    fn keep_attributes(&self, old: &std::fs::Metadata) {
        let fd = self.file.as_raw_fd();
        // SAFETY: plain system calls on a descriptor we own; failures change nothing.
        unsafe {
            libc::fchown(fd, old.uid(), old.gid());
            libc::fchmod(fd, (old.mode() & 0o7777) as libc::mode_t);
        }
    }

    /// Puts the finished file in place of `target`, with the signals blocked from here on.
    fn commit(&mut self, target: &Path) -> io::Result<()> {
        self.file.flush()?;
        signals::block();
        if self.named.is_none() {
            let fd = self.file.as_raw_fd();
            let from = CString::new(format!("/proc/self/fd/{fd}")).unwrap();
            self.claim_name(|path| {
                let to = CString::new(path.as_os_str().as_bytes())
                    .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
                // SAFETY: two C strings that live across the call.
                let r = unsafe {
                    libc::linkat(
                        libc::AT_FDCWD,
                        from.as_ptr(),
                        libc::AT_FDCWD,
                        to.as_ptr(),
                        libc::AT_SYMLINK_FOLLOW,
                    )
                };
                if r == 0 {
                    Ok(())
                } else {
                    Err(io::Error::last_os_error())
                }
            })?;
        }
        let named = self.named.as_ref().expect("named by now");
        std::fs::rename(named, target)?;
        self.named = None;
        Ok(())
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if let Some(p) = self.named.take() {
            let _ = std::fs::remove_file(p);
        }
        signals::forget();
    }
}

/// Removes the temporary files of `name` in `dir` whose process is gone.
fn remove_stale(dir: &Path, name: &[u8]) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut prefix = b".".to_vec();
    prefix.extend_from_slice(&name[..name.len().min(STEM_BYTES)]);
    prefix.push(b'.');
    for e in entries.flatten() {
        let file = e.file_name();
        let Some(rest) = file.as_bytes().strip_prefix(prefix.as_slice()) else {
            continue;
        };
        let Some(rest) = rest.strip_suffix(b".tmp") else {
            continue;
        };
        let pid = rest.split(|&b| b == b'.').next().unwrap_or_default();
        let Some(pid) = std::str::from_utf8(pid)
            .ok()
            .and_then(|p| p.parse::<i32>().ok())
        else {
            continue;
        };
        // SAFETY: signal 0 only asks whether the process exists.
        let gone = pid > 0
            && unsafe { libc::kill(pid, 0) } == -1
            && io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH);
        if gone {
            let _ = std::fs::remove_file(dir.join(&file));
        }
    }
}

/// 64 bits that differ between processes and calls: the clock, the PID, a counter and an
/// address, through splitmix64's finaliser (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", 2014). Not for secrets: names only.
fn random() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let local = 0u8;
    let x = clock
        ^ (u64::from(std::process::id()) << 32)
        ^ CALLS
            .fetch_add(1, Ordering::Relaxed)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (&local as *const u8 as u64);
    crate::gen::random::mix(x)
}

/// Removal of a named temporary file when the process is interrupted.
///
/// A handler is installed only while there is a name to remove, and only for the signals
/// that were not ignored at start (`nohup`, `trap '' INT` keep them ignored). It runs only
/// async-signal-safe calls (signal-safety(7)): `unlink`, then it restores the default
/// action and raises the signal again, so the process ends by that signal as it would have
/// (the shell sees 128 + N), as coreutils' `sort` does with its temporary files. The path is
/// a leaked C string published through an atomic pointer before the file exists.
mod signals {
    use std::ffi::{c_char, c_int, CString};
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::ptr::null_mut;
    use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering};

    static TEMP: AtomicPtr<c_char> = AtomicPtr::new(null_mut());
    /// The signals whose handler is ours, one bit each.
    static INSTALLED: AtomicU64 = AtomicU64::new(0);

    /// The signals whose default action ends the process and that a handler can catch.
    const FATAL: [c_int; 9] = [
        libc::SIGHUP,
        libc::SIGINT,
        libc::SIGQUIT,
        libc::SIGTERM,
        libc::SIGXFSZ,
        libc::SIGXCPU,
        libc::SIGALRM,
        libc::SIGUSR1,
        libc::SIGUSR2,
    ];

    extern "C" fn on_signal(sig: c_int) {
        let p = TEMP.swap(null_mut(), Ordering::SeqCst);
        // SAFETY: `p` is null or a C string leaked by `remove_on_signal` and never freed
        // while published; every call here is async-signal-safe.
        unsafe {
            if !p.is_null() {
                libc::unlink(p);
            }
            let mut dfl: libc::sigaction = std::mem::zeroed();
            dfl.sa_sigaction = libc::SIG_DFL;
            libc::sigaction(sig, &dfl, null_mut());
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::sigaddset(&mut set, sig);
            libc::sigprocmask(libc::SIG_UNBLOCK, &set, null_mut());
            libc::raise(sig);
            libc::_exit(128 + sig)
        }
    }

    /// Publishes `path` for removal on a signal, installing the handlers the first time.
    pub fn remove_on_signal(path: &Path) {
        let Ok(c) = CString::new(path.as_os_str().as_bytes()) else {
            return;
        };
        let old = TEMP.swap(c.into_raw(), Ordering::SeqCst);
        free(old);
        for s in FATAL {
            let bit = 1u64 << s;
            if INSTALLED.load(Ordering::SeqCst) & bit != 0 {
                continue;
            }
            // SAFETY: sigaction reads and fills plain structs; the handler only makes
            // async-signal-safe calls.
            unsafe {
                let mut now: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(s, std::ptr::null(), &mut now) != 0
                    || now.sa_sigaction == libc::SIG_IGN
                {
                    continue;
                }
                let mut act: libc::sigaction = std::mem::zeroed();
                let handler: extern "C" fn(c_int) = on_signal;
                act.sa_sigaction = handler as libc::sighandler_t;
                libc::sigemptyset(&mut act.sa_mask);
                if libc::sigaction(s, &act, null_mut()) == 0 {
                    INSTALLED.fetch_or(bit, Ordering::SeqCst);
                }
            }
        }
    }

    /// No name to remove any more.
    pub fn forget() {
        free(TEMP.swap(null_mut(), Ordering::SeqCst));
    }

    fn free(p: *mut c_char) {
        if !p.is_null() {
            // SAFETY: `p` came from `CString::into_raw` and is no longer published.
            drop(unsafe { CString::from_raw(p) });
        }
    }

    /// Blocks every catchable fatal signal in this thread, for good: the job is about to
    /// succeed, and the process ends soon after with status 0.
    pub fn block() {
        // SAFETY: plain calls on a local signal set.
        unsafe {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            for s in FATAL {
                libc::sigaddset(&mut set, s);
            }
            libc::pthread_sigmask(libc::SIG_BLOCK, &set, null_mut());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> PathBuf {
        crate::cli::scratch_dir("output")
    }

    fn names(d: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn named_temporary_files_retry_on_collision_and_fit_name_max() {
        let d = dir();
        let target = d.join("x".repeat(250));
        let mut t = Temp {
            file: File::open("/dev/null").unwrap(),
            dir: d.clone(),
            stem: OsString::from(format!(
                ".{}.{}.",
                "x".repeat(STEM_BYTES),
                std::process::id()
            )),
            named: None,
        };
        // The first two names tried are taken: the third, a new name, is used.
        let mut tried = Vec::new();
        t.claim_name(|p| {
            tried.push(p.to_path_buf());
            assert!(p.file_name().unwrap().len() <= 255);
            if tried.len() < 3 {
                return Err(io::Error::from(io::ErrorKind::AlreadyExists));
            }
            File::create(p)
        })
        .unwrap();
        assert_eq!(tried.len(), 3);
        assert!(tried[0] != tried[1] && tried[1] != tried[2], "{tried:?}");
        t.commit(&target).unwrap();
        drop(t);
        assert_eq!(names(&d), ["x".repeat(250)]);
        // Another error is reported at once, and nothing is left.
        let mut t = Temp {
            file: File::open("/dev/null").unwrap(),
            dir: d.join("missing"),
            stem: OsString::from(".y."),
            named: None,
        };
        let e = t.claim_name(|p| File::create(p)).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_dropped_temporary_file_is_removed() {
        let d = dir();
        let mut t = Temp {
            file: File::open("/dev/null").unwrap(),
            dir: d.clone(),
            stem: OsString::from(".z.1."),
            named: None,
        };
        t.file = t.claim_name(|p| File::create(p)).unwrap();
        assert_eq!(names(&d).len(), 1);
        drop(t);
        assert!(names(&d).is_empty());
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn stale_files_of_dead_processes_go() {
        let d = dir();
        let live = std::process::id();
        for n in [
            ".t.txt.99999999.tmp".to_string(),
            ".t.txt.99999999.00ff.tmp".to_string(),
            format!(".t.txt.{live}.00ff.tmp"),
            ".t.txt.notapid.tmp".to_string(),
            ".other.txt.99999999.tmp".to_string(),
        ] {
            std::fs::write(d.join(n), b"").unwrap();
        }
        remove_stale(&d, b"t.txt");
        assert_eq!(
            names(&d),
            [
                ".other.txt.99999999.tmp".to_string(),
                format!(".t.txt.{live}.00ff.tmp"),
                ".t.txt.notapid.tmp".to_string()
            ]
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    /// A named temporary file and a fatal signal, in a process of its own: this test's
    /// binary run again for this test alone, told what to do by `CHILD` (the mode, then
    /// the directory).
    #[test]
    fn a_fatal_signal_removes_the_named_file_unless_ignored_or_held() {
        use std::os::unix::process::ExitStatusExt;
        const CHILD: &str = "SUDOKU_OUTPUT_SIGNAL_CHILD";
        let name =
            "cli::output::tests::a_fatal_signal_removes_the_named_file_unless_ignored_or_held";
        if let Some(v) = std::env::var_os(CHILD) {
            let v = v.into_string().unwrap();
            let (mode, d) = v.split_once(' ').unwrap();
            if mode == "ignored" {
                // SAFETY: setting a signal's disposition to ignore, as `trap '' TERM` does.
                unsafe { libc::signal(libc::SIGTERM, libc::SIG_IGN) };
            }
            let mut t = Temp {
                file: File::open("/dev/null").unwrap(),
                dir: PathBuf::from(d),
                stem: OsString::from(".s.1."),
                named: None,
            };
            t.file = t.claim_name(|p| File::create(p)).unwrap();
            if mode == "held" {
                signals::block();
            }
            // SAFETY: raising a signal in this thread.
            unsafe { libc::raise(libc::SIGTERM) };
            // Ignored or held: the job goes on, and its end removes the file.
            assert_ne!(mode, "caught", "SIGTERM did not end the process");
            return;
        }
        for (mode, signal) in [
            ("caught", Some(libc::SIGTERM)),
            ("ignored", None),
            ("held", None),
        ] {
            let d = dir();
            let status =
                crate::cli::rerun_in_child(name, CHILD, &format!("{mode} {}", d.display())).status;
            assert_eq!(status.signal(), signal, "{mode}: {status:?}");
            assert_eq!(status.success(), signal.is_none(), "{mode}: {status:?}");
            assert!(names(&d).is_empty(), "{mode}: {:?}", names(&d));
            std::fs::remove_dir_all(&d).unwrap();
        }
    }

    #[test]
    fn descriptor_paths() {
        for (p, fd) in [
            ("/dev/stdin", Some(0)),
            ("/dev/stdout", Some(1)),
            ("/dev/stderr", Some(2)),
            ("/dev/fd/7", Some(7)),
            ("/proc/self/fd/12", Some(12)),
            ("/dev/fd/", None),
            ("/dev/fd/1x", None),
            ("/dev/fd/+1", None),
            ("/dev/null", None),
            ("sudoku.txt", None),
        ] {
            assert_eq!(descriptor(Path::new(p)), fd, "{p}");
        }
    }
}
