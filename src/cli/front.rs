//! `sudoku -c N` and `sudoku -s FILE`: the front for the university assignment.
//!
//! It calls the same run functions as `sudoku-gen` and `sudoku-solve --grid`, so the two
//! cannot drift apart, and writes `sudoku.txt` atomically (see [`super::write_output`]).

use std::ffi::OsString;
use std::path::Path;

use super::flags::{Arg, Flag, Tool, HELP, VERSION};
use super::gen::{generate, Config as GenConfig, FIRST, ID};
use super::solve::{default_jobs, solve_all, Config as SolveConfig, JOBS};
use super::{parse_first, parse_number, write_output, Error};
use crate::stream::Form;

/// The assignment's bound on `-c`.
pub const MAX_CREATE: u64 = 1_000_000;

static FLAGS: [Flag; 9] = [
    Flag::valued(
        "create",
        Some('c'),
        "N",
        "write N distinct solved grids (1 to 1000000) to sudoku.txt",
        "Write N distinct solved grids, 1 to 1000000, to sudoku.txt (or the -o file) in the assignment's \
         layout: the same bytes as sudoku-gen N.",
    ),
    Flag::valued(
        "solve",
        Some('s'),
        "FILE",
        "write the solutions of FILE's puzzles to sudoku.txt",
        "Solve every puzzle of FILE (the assignment's layout with 0 for a blank, or any form sudoku-solve \
         reads) and write the solutions to sudoku.txt in grid form: the same bytes as sudoku-solve --grid FILE. \
         If any puzzle fails, every failing puzzle is reported and sudoku.txt is left as it was. FILE is only read.",
    ),
    Flag::valued(
        "output",
        Some('o'),
        "FILE",
        "write to FILE instead of sudoku.txt (- for standard output)",
        "Write to FILE instead of sudoku.txt; - is standard output. The file is replaced atomically: it is \
         written beside the target under a temporary name and renamed over it only when complete, so an \
         error or Ctrl-C never leaves it half-written. An existing target that is not a regular file (a \
         device, a FIFO) is written in place.",
    ),
    FIRST,
    ID,
    JOBS,
    Flag::valued(
        "generate",
        None,
        "DIR",
        "write the man pages and shell completions of all four tools under DIR",
        "Write the manual pages (DIR/man/*.1) and the bash, zsh and fish completions (DIR/completions/) of \
         all four tools, generated from the same flag tables as their parsers and --help.",
    ),
    HELP,
    VERSION,
];

pub static TOOL: Tool = Tool {
    name: "sudoku",
    about: "Create distinct sudoku grids or solve puzzles into sudoku.txt (the assignment's front).",
    usage: &["-c N [--first D | --id NUMBER] [-o FILE]", "-s FILE [-o FILE] [-j N]", "--generate DIR"],
    description: "The front for the well-known sudoku assignment. sudoku -c N writes N distinct solved grids \
to sudoku.txt; sudoku -s FILE writes the solutions of the puzzles in FILE to sudoku.txt. Both write the \
assignment's layout: nine rows of nine digits separated by single spaces, one empty line between grids, \
none at the end.\n\nsudoku.txt is replaced only when the whole job succeeded: on a bad command line, a bad \
puzzle or an interruption it is left exactly as it was.",
    flags: &FLAGS,
    operands: &[],
    examples: &[
        ("sudoku -c 1000000", "a million distinct grids in sudoku.txt"),
        ("sudoku -c 20 --id 2023123456", "grids whose top-left digit comes from a student id"),
        ("sudoku -s game.txt && cat sudoku.txt", "solve the puzzles of game.txt"),
        ("sudoku -c 1000 -o - | sudoku-check --distinct --strict", "check the output of -c"),
    ],
};

enum Mode {
    Create(GenConfig),
    Solve(SolveConfig),
    Generate(OsString),
}

fn parse(args: Vec<Arg>) -> Result<(Mode, OsString), Error> {
    let t = &TOOL;
    let mut create = None;
    let mut solve: Option<OsString> = None;
    let mut first = None;
    let mut output = None;
    let mut jobs = None;
    let mut generate = None;
    for a in args {
        match a {
            Arg::Flag(f, Some(v)) => {
                let slot_taken = match f.long {
                    "create" => create
                        .replace(parse_number(t, "--create", &v, 1, MAX_CREATE)?)
                        .is_some(),
                    "solve" => solve.replace(v).is_some(),
                    "first" | "id" => first.replace(parse_first(t, &f.name(), &v)?).is_some(),
                    "output" => output.replace(v).is_some(),
                    "jobs" => jobs
                        .replace(parse_number(t, "--jobs", &v, 1, 1024)? as usize)
                        .is_some(),
                    "generate" => generate.replace(v).is_some(),
                    _ => unreachable!("flag --{} is in the table but not handled", f.long),
                };
                if slot_taken {
                    return Err(t.usage(format!("{} given twice", option_text(f))));
                }
            }
            Arg::Flag(f, None) => unreachable!("flag --{} is in the table but not handled", f.long),
            Arg::Operand(v) => {
                return Err(t.usage(format!("unexpected argument '{}'", v.to_string_lossy())))
            }
        }
    }
    if let Some(dir) = generate {
        if create.is_some()
            || solve.is_some()
            || first.is_some()
            || output.is_some()
            || jobs.is_some()
        {
            return Err(t.usage("--generate goes alone".into()));
        }
        return Ok((Mode::Generate(dir), OsString::new()));
    }
    let output = output.unwrap_or_else(|| "sudoku.txt".into());
    let mode = match (create, solve) {
        (Some(_), Some(_)) => return Err(t.usage("-c and -s cannot be used together".into())),
        (None, None) => return Err(t.usage("expected -c N or -s FILE".into())),
        (Some(n), None) => {
            if jobs.is_some() {
                return Err(t.usage("-j goes with -s, not -c".into()));
            }
            Mode::Create(GenConfig {
                count: n,
                first: first.unwrap_or(1),
                skip: 0,
                form: Form::Grid,
            })
        }
        (None, Some(file)) => {
            if first.is_some() {
                return Err(t.usage("--first and --id go with -c, not -s".into()));
            }
            if file == "-" {
                return Err(t.usage("-s needs a file, not standard input".into()));
            }
            if same_file(&file, &output) {
                return Err(t.usage(format!(
                    "-s {0}: {0} is also the output; choose another with -o",
                    file.to_string_lossy()
                )));
            }
            let mut cfg = SolveConfig::new(jobs.unwrap_or_else(default_jobs));
            cfg.form = Some(Form::Grid);
            cfg.files = vec![file];
            Mode::Solve(cfg)
        }
    };
    Ok((mode, output))
}

fn option_text(f: &Flag) -> String {
    match f.short {
        Some(c) => format!("-{c}"),
        None => f.name(),
    }
}

/// True when both paths name one existing file.
fn same_file(a: &OsString, b: &OsString) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

pub fn run(args: Vec<Arg>) -> Result<i32, Error> {
    let (mode, output) = parse(args)?;
    if let Mode::Generate(dir) = &mode {
        return generate_docs(Path::new(dir));
    }
    let name = if output == "-" {
        "standard output".to_string()
    } else {
        output.to_string_lossy().into_owned()
    };
    write_output(&output, |out| match &mode {
        Mode::Create(cfg) => generate(&TOOL, cfg, out, &name),
        Mode::Solve(cfg) => match solve_all(cfg, out, &name)? {
            // An empty puzzle file is a mistake, not an empty answer.
            (super::OK, 0) => {
                eprintln!("sudoku: {}: no puzzles", cfg.files[0].to_string_lossy());
                Ok(super::FAILED)
            }
            (status, _) => Ok(status),
        },
        Mode::Generate(_) => unreachable!(),
    })
}

/// Writes the generated manuals and completions under `dir`.
fn generate_docs(dir: &Path) -> Result<i32, Error> {
    for (rel, text) in super::doc::generated_files() {
        let path = dir.join(rel);
        let shown = path.display().to_string();
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| super::io_error(parent.display(), e))?;
        }
        std::fs::write(&path, text).map_err(|e| super::io_error(&shown, e))?;
    }
    Ok(super::OK)
}
