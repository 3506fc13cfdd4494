//! `sudoku-gen N`: N distinct solved grids on standard output.

use std::io::{self, Write};

use super::flags::{Arg, Flag, Tool};
use super::shared::{self, FIRST, ID, LINE};
use super::{out_error, stdout, Error, OK};
use crate::gen::{Gen, FAMILY, TEXT};
use crate::stream::{Form, Writer};

/// The flags of `sudoku-gen`.
#[derive(Clone, Copy, Debug)]
pub enum Opt {
    Line,
    First,
    Id,
    Skip,
}

static FLAGS: [(Opt, Flag); 4] = [
    (
        Opt::Line,
        Flag {
            doc: "write line form (81 cells a line) instead of grid form",
            long_doc: "Write each grid as one line of 81 digits instead of the assignment's grid form.",
            ..LINE
        },
    ),
    (Opt::First, FIRST),
    (Opt::Id, ID),
    (
        Opt::Skip,
        Flag::valued(
            "skip",
            None,
            "K",
            "start at grid K+1 of the enumeration (to shard)",
            "Start at grid K+1 of the enumeration instead of the first. sudoku-gen 500000 followed by \
             sudoku-gen 500000 --skip 500000 is byte for byte sudoku-gen 1000000 split in two, so \
             generation can be spread over processes or machines.",
        ),
    ),
];

/// What `sudoku-gen` and `sudoku -c` answer with.
pub const EXIT_STATUS: &str = "0 when every grid asked for was written; 2 on a usage error (a count or \
--skip past the end of the enumeration, a bad option) or an I/O error (unwritable output). A closed pipe \
downstream ends the run quietly, with status 0.";

pub static TOOL: Tool<Opt> = Tool {
    name: "sudoku-gen",
    about: "Write N distinct solved sudoku grids to standard output.",
    usage: &["[--line] [--first D | --id NUMBER] [--skip K] N"],
    description: "Writes N distinct, valid, complete grids, all with the same top-left digit, in the \
assignment's grid form (nine rows of nine digits separated by single spaces, one empty line between grids) \
or, with --line, one grid a line. The output is deterministic: the same command writes the same bytes.\n\n\
The grids are an indexed family: a base grid with no symmetry, transformed by row and column permutations \
inside bands and stacks, band and stack permutations, transposition and a relabelling of the digits. Each \
top-left digit has 135,444,234,240 distinct grids; --skip picks where to start.",
    flags: &FLAGS,
    operands: &[("N", "how many grids to write (0 or more)")],
    exit_status: EXIT_STATUS,
    generates: false,
    examples: &[
        ("sudoku-gen 1000 | sudoku-check --distinct --strict", "generate 1000 grids and check them"),
        ("sudoku-gen --line 5", "five grids, one a line"),
        (
            "sudoku-gen 500000 > a.txt; sudoku-gen 500000 --skip 500000 > b.txt",
            "generate a million grids in two shards",
        ),
    ],
};

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub count: u64,
    pub first: u8,
    pub skip: u64,
    pub form: Form,
}

fn parse(args: Vec<Arg<Opt>>) -> Result<Config, Error> {
    let t = &TOOL;
    let mut cfg = Config {
        count: 0,
        first: 1,
        skip: 0,
        form: Form::Grid,
    };
    let mut count = None;
    for a in args {
        match a {
            Arg::Flag { id, value, .. } => {
                let v = value.unwrap_or_default();
                match id {
                    Opt::Line => cfg.form = Form::Line,
                    Opt::First => cfg.first = shared::first(t, &v)?,
                    Opt::Id => cfg.first = shared::id(t, &v)?,
                    Opt::Skip => cfg.skip = t.number("--skip", &v, 0..=FAMILY)?,
                }
            }
            Arg::Operand(v) if count.is_none() => count = Some(t.number("N", &v, 0..=FAMILY)?),
            Arg::Operand(v) => return Err(t.unexpected(&v)),
        }
    }
    cfg.count = count.ok_or_else(|| t.usage("missing N, the number of grids".into()))?;
    Ok(cfg)
}

/// Writes the grids `cfg` asks for to `out` (named `out_name` in messages). Errors in the
/// request are usage errors of `tool`.
pub fn generate<I>(
    tool: &Tool<I>,
    cfg: &Config,
    out: &mut dyn Write,
    out_name: &str,
) -> Result<i32, Error> {
    let mut g = Gen::new(cfg.first, cfg.skip, cfg.count).map_err(|e| tool.usage(e.to_string()))?;
    let mut w = Writer::new(out);
    let mut text = [0u8; TEXT];
    let mut write = || -> io::Result<()> {
        for i in 0..cfg.count {
            if i > 0 {
                g.advance();
            }
            w.raw(g.text(cfg.form, &mut text), cfg.form)?;
        }
        w.flush()
    };
    write().map_err(|e| out_error(out_name, e))?;
    Ok(OK)
}

pub fn run(args: Vec<Arg<Opt>>) -> Result<i32, Error> {
    let cfg = parse(args)?;
    generate(&TOOL, &cfg, &mut stdout()?, "standard output")
}
