//! Manuals, help and completions: all built from the flag tables, committed, and in sync.

use crate::util::*;
use std::collections::HashSet;
use std::path::Path;
use std::process::Command;
use sudoku_filters::cli::doc::{generated_files, tools};

// sudoku --generate DIR (and --generate=DIR), then compare with man/ and completions/
#[test]
fn committed_files_equal_what_the_code_generates() {
    let (dir, joined) = (temp_dir(), temp_dir());
    let r = run("sudoku", &["--generate", dir.to_str().unwrap()], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    let arg = format!("--generate={}", joined.display());
    let r = run("sudoku", &[&arg], b"");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{arg}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("SUDOKU_BLESS").is_some();
    for (rel, text) in generated_files() {
        for d in [&dir, &joined] {
            let written = std::fs::read_to_string(d.join(&rel)).unwrap();
            assert_eq!(written, text, "{rel}: the binary and the library disagree");
        }
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

// groff -ww -man -z man/*
#[test]
#[ignore = "needs groff"]
fn man_pages_render_without_warnings() {
    need("groff");
    for (path, text) in generated_files()
        .into_iter()
        .filter(|(p, _)| p.starts_with("man/"))
    {
        let file = temp_dir().join("page");
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

/// The committed completion file of `tool` for `shell`.
fn completion(tool: &str, shell: &str) -> std::path::PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("completions");
    match shell {
        "zsh" => root.join(format!("_{tool}")),
        _ => root.join(format!("{tool}.{shell}")),
    }
}

/// Runs the bash completion function of `tool` on the words `line` (the last one being
/// completed) in `dir`; returns the replies and the options it set with compopt.
fn bash_complete(dir: &Path, tool: &str, line: &[&str]) -> (Vec<String>, String) {
    let words: Vec<String> = line.iter().map(|w| format!("'{w}'")).collect();
    let script = format!(
        "compopt() {{ echo \"$*\" >> compopt.log; }}; source '{}'; \
         COMP_WORDS=({}); COMP_CWORD={}; _{}; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        completion(tool, "bash").display(),
        words.join(" "),
        line.len() - 1,
        tool.replace('-', "_")
    );
    let _ = std::fs::remove_file(dir.join("compopt.log"));
    let out = Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let replies = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    let opts = std::fs::read_to_string(dir.join("compopt.log")).unwrap_or_default();
    (replies, opts)
}

// cd DIR-with-"my puzzles.txt"; sudoku-solve my<Tab>; sudoku --generate <Tab>
#[test]
fn bash_completes_file_names_as_it_does_for_ls() {
    let dir = temp_dir();
    std::fs::write(dir.join("my puzzles.txt"), b"").unwrap();
    std::fs::create_dir(dir.join("data")).unwrap();
    let (r, opts) = bash_complete(&dir, "sudoku-solve", &["sudoku-solve", "my"]);
    assert_eq!(r, ["my puzzles.txt"]);
    assert_eq!(opts, "-o filenames\n");
    let (r, opts) = bash_complete(&dir, "sudoku-check", &["sudoku-check", "--solves", "my"]);
    assert_eq!(r, ["my puzzles.txt"]);
    assert_eq!(opts, "-o filenames\n");
    let (r, _) = bash_complete(&dir, "sudoku", &["sudoku", "--generate", ""]);
    assert_eq!(r, ["data"]);
    let (r, opts) = bash_complete(&dir, "sudoku-check", &["sudoku-check", "--fi"]);
    assert_eq!((r, opts.as_str()), (vec!["--first".to_string()], ""));
    let (r, _) = bash_complete(&dir, "sudoku-gen", &["sudoku-gen", "--first", ""]);
    assert_eq!(r.len(), 9);
}

// zsh: the file autoloaded from $fpath completes (its spec for each flag reaches _arguments)
#[test]
#[ignore = "needs zsh"]
fn zsh_completion_loads_from_fpath_and_completes_a_flag() {
    need("zsh");
    let dir = temp_dir();
    for t in tools() {
        let script = format!(
            "fpath=('{}' $fpath); autoload -U compinit; compinit -u -d '{}/dump'; \
             _arguments() {{ print -rl -- \"$@\" }}; compdef() {{ }}; _{}",
            completion(t.name, "zsh").parent().unwrap().display(),
            dir.display(),
            t.name
        );
        let out = Command::new("zsh").arg("-fc").arg(script).output().unwrap();
        let specs = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}: {}",
            t.name,
            String::from_utf8_lossy(&out.stderr)
        );
        for f in &t.flags {
            assert!(
                specs.contains(&format!("--{}", f.long)),
                "{}: --{} not passed to _arguments:\n{specs}",
                t.name,
                f.long
            );
        }
    }
}

// fish -c 'source completions/sudoku-solve.fish; complete -C "sudoku-solve --gri"'
#[test]
#[ignore = "needs fish"]
fn fish_completion_completes_a_flag() {
    need("fish");
    for t in tools() {
        let f = t.flags[0];
        let script = format!(
            "source '{}'; complete -C '{} --{}'",
            completion(t.name, "fish").display(),
            t.name,
            &f.long[..f.long.len() - 1]
        );
        let out = Command::new("fish").arg("-c").arg(script).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("--{}\t", f.long))),
            "{}: {text}{}",
            t.name,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

// sudoku -h; sudoku --help: every word of the tables, wherever the lines break
#[test]
fn help_says_what_the_flag_tables_say() {
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    for t in tools() {
        let short = words(&run(t.name, &["-h"], b"").out());
        let long = words(&run(t.name, &["--help"], b"").out());
        let mut both = vec![t.about];
        both.extend(t.operands.iter().map(|(_, doc)| *doc));
        let mut only_long = vec![t.exit_status];
        only_long.extend(t.description.split("\n\n"));
        only_long.extend(t.examples.iter().flat_map(|(cmd, what)| [*cmd, *what]));
        only_long.extend(t.flags.iter().map(|f| f.long_doc));
        for text in both.iter().chain(t.flags.iter().map(|f| &f.doc)) {
            assert!(short.contains(&words(text)), "{} -h: {text:?}", t.name);
        }
        for text in both.iter().chain(&only_long) {
            assert!(long.contains(&words(text)), "{} --help: {text:?}", t.name);
        }
    }
}

// sudoku -h; sudoku --help; man pages: 80 columns, no Markdown, each tool its exit status
#[test]
fn help_and_manuals_read_as_plain_text() {
    for t in tools() {
        for flag in ["-h", "--help"] {
            let text = run(t.name, &[flag], b"").out();
            for line in text.lines() {
                assert!(line.chars().count() <= 80, "{} {flag}: {line:?}", t.name);
            }
            assert!(!text.contains('`'), "{} {flag}: a backtick", t.name);
        }
    }
    for (path, text) in generated_files() {
        assert!(!text.contains('`'), "{path}: a backtick");
        if path.starts_with("man/") && !path.ends_with(".5") {
            assert!(
                text.contains(".BR sudoku\\-board (5)"),
                "{path}: no SEE ALSO sudoku-board(5)"
            );
        }
    }
    let gen = run("sudoku-gen", &["--help"], b"").out();
    let status = &gen[gen.find("Exit status:").unwrap()..];
    assert!(!status.contains("board failed"), "{status}");
}

// Every line of the README's Pipelines block, as written, in a fresh directory that has the
// clone's tests/data, with the binaries on PATH (bash, set -o pipefail)
#[test]
fn readme_pipelines_work_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let section = &readme[readme.find("## Pipelines").expect("a Pipelines section")..];
    let start = section.find("```sh\n").expect("a sh block") + 6;
    let block = &section[start..start + section[start..].find("```").unwrap()];
    let lines: Vec<&str> = block.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(lines.len() >= 8, "{} lines", lines.len());
    let dir = temp_dir();
    std::fs::create_dir(dir.join("tests")).unwrap();
    std::os::unix::fs::symlink(root.join("tests/data"), dir.join("tests/data")).unwrap();
    let path = format!("{}:{}", bin_dir().display(), std::env::var("PATH").unwrap());
    for line in lines {
        let out = Command::new("bash")
            .args(["-o", "pipefail", "-c", line])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{line}\n{err}");
        assert!(!err.contains("No such file"), "{line}\n{err}");
    }
}
