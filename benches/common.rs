//! What the benchmarks share: where the project is, its binaries (built once, release), a
//! scratch directory, and how a rate is printed.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The project's root, beside this crate.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The path of the project's binary `name`, the binaries built (release) on the first call.
pub fn bin(name: &str) -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let manifest = root().join("Cargo.toml");
        let status = Command::new(cargo)
            .args(["build", "--release", "--bins", "--manifest-path"])
            .arg(&manifest)
            .status()
            .expect("cargo");
        assert!(status.success(), "building the project failed");
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map_or_else(|| root().join("target"), PathBuf::from);
        target.join("release")
    })
    .join(name)
}

/// Where generated inputs go.
pub fn scratch() -> PathBuf {
    let d = std::env::temp_dir().join("sudoku-bench");
    std::fs::create_dir_all(&d).unwrap();
    d
}

pub fn rate(n: usize, t: Duration) -> String {
    let s = t.as_secs_f64();
    format!("{:>9.0}/s {:>8.2} µs", n as f64 / s, s * 1e6 / n as f64)
}

/// The median of `xs`.
pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}
