//! Manuals, help and completions: all built from the flag tables, committed, and in sync.

use crate::util::*;
use std::collections::HashSet;
use std::path::Path;
use std::process::Command;
use sudoku_filters::cli::doc::{generated_files, tools};

// sudoku --generate DIR, then compare with man/ and completions/
#[test]
fn committed_files_equal_what_the_code_generates() {
    let dir = temp_dir();
    let r = run("sudoku", &["--generate", dir.to_str().unwrap()], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("SUDOKU_BLESS").is_some();
    for (rel, text) in generated_files() {
        let written = std::fs::read_to_string(dir.join(&rel)).unwrap();
        assert_eq!(written, text, "{rel}: the binary and the library disagree");
        let committed = root.join(&rel);
        if bless {
            std::fs::create_dir_all(committed.parent().unwrap()).unwrap();
            std::fs::write(&committed, &text).unwrap();
        }
        let old = std::fs::read_to_string(&committed).unwrap_or_default();
        assert!(
            old == text,
            "{rel} is stale: run `cargo run --bin sudoku -- --generate .` and commit"
        );
    }
}

#[test]
fn every_flag_is_in_help_man_and_completions() {
    for t in tools() {
        let mut longs = HashSet::new();
        let mut shorts = HashSet::new();
        let help = run(t.name, &["--help"], b"").out();
        let short_help = run(t.name, &["-h"], b"").out();
        let files: Vec<(String, String)> = generated_files()
            .into_iter()
            .filter(|(p, _)| {
                p.contains(&format!("{}.", t.name)) || p.ends_with(&format!("_{}", t.name))
            })
            .collect();
        assert_eq!(files.len(), 4, "{}", t.name);
        for f in t.flags {
            assert!(longs.insert(f.long), "{}: --{} twice", t.name, f.long);
            if let Some(c) = f.short {
                assert!(shorts.insert(c), "{}: -{c} twice", t.name);
            }
            assert!(
                !f.doc.is_empty() && !f.long_doc.is_empty(),
                "{}: --{} undocumented",
                t.name,
                f.long
            );
            let long = format!("--{}", f.long);
            assert!(
                help.contains(&long) && short_help.contains(&long),
                "{}: {long} not in help",
                t.name
            );
            for (path, text) in &files {
                let shown = if path.starts_with("man/") {
                    format!("\\-\\-{}", f.long.replace('-', "\\-"))
                } else {
                    f.long.to_string()
                };
                assert!(text.contains(&shown), "{}: {long} not in {path}", t.name);
                if let (Some(c), false) = (f.short, path.starts_with("man/")) {
                    assert!(
                        text.contains(&format!("-{c}")) || text.contains(&format!("-s {c}")),
                        "{}: -{c} not in {path}",
                        t.name
                    );
                }
            }
        }
    }
}

fn have(program: &str) -> bool {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        println!("note: {program} is not installed; skipping its check");
    }
    found
}

// groff -ww -man -z man/*.1
#[test]
fn man_pages_render_without_warnings() {
    if !have("groff") {
        return;
    }
    for (path, text) in generated_files()
        .into_iter()
        .filter(|(p, _)| p.starts_with("man/"))
    {
        let file = temp_dir().join("page.1");
        std::fs::write(&file, text).unwrap();
        let out = Command::new("groff")
            .args(["-ww", "-man", "-z"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{path}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

// bash -c 'source completions/sudoku.bash'; zsh ... compinit; fish -n
#[test]
fn completions_load_in_real_shells() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("completions");
    for t in tools() {
        let bash = root.join(format!("{}.bash", t.name));
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!(
                "source {} && complete -p {}",
                bash.display(),
                t.name
            ))
            .output()
            .unwrap();
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{}: {}",
            t.name,
            String::from_utf8_lossy(&out.stderr)
        );
        if have("zsh") {
            let zsh = root.join(format!("_{}", t.name));
            let script = format!(
                "autoload -U compinit; compinit -u; source {}",
                zsh.display()
            );
            let out = Command::new("zsh").arg("-fc").arg(script).output().unwrap();
            assert!(
                out.stderr.is_empty()
                    || !String::from_utf8_lossy(&out.stderr).contains("parse error"),
                "{}: {}",
                t.name,
                String::from_utf8_lossy(&out.stderr)
            );
        }
        if have("fish") {
            let fish = root.join(format!("{}.fish", t.name));
            let out = Command::new("fish").arg("-n").arg(&fish).output().unwrap();
            assert!(
                out.status.success(),
                "{}: {}",
                t.name,
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}
