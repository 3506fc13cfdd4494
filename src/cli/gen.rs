//! `sudoku-gen N`: N distinct solved grids on standard output.

use std::io::{self, Write};

use super::flags::{Arg, Flag, Tool, HELP, VERSION};
use super::{io_error, parse_first, parse_number, Error, OK};
use crate::gen::{Gen, FAMILY, TEXT};
use crate::stream::{Form, Writer};

pub const DIGITS: &[&str] = &["1", "2", "3", "4", "5", "6", "7", "8", "9"];

pub const FIRST: Flag = Flag::valued(
    "first",
    None,
    "D",
    "top-left digit of every grid (1-9, default 1)",
    "The digit in the top-left cell of every grid, 1 to 9 (default 1).",
)
.with_choices(DIGITS);
pub const ID: Flag = Flag::valued(
    "id",
    None,
    "NUMBER",
    "top-left digit from a student id: (sum of its last two digits) % 9 + 1",
    "Take the top-left digit from a student id: the sum of its last two digits, modulo 9, plus 1. \
     The id must have two or more digits.",
);

static FLAGS: [Flag; 6] = [
    Flag::switch(
        "line",
        Some('l'),
        "write line form (81 cells a line) instead of grid form",
        "Write each grid as one line of 81 digits instead of the assignment's grid form.",
    ),
    FIRST,
    ID,
    Flag::valued(
        "skip",
        None,
        "K",
        "start at grid K+1 of the enumeration (to shard generation)",
        "Start at grid K+1 of the enumeration instead of the first. `sudoku-gen 500000` followed by \
         `sudoku-gen 500000 --skip 500000` is byte for byte `sudoku-gen 1000000` split in two, so \
         generation can be spread over processes or machines.",
    ),
    HELP,
    VERSION,
];

pub static TOOL: Tool = Tool {
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

fn parse(args: Vec<Arg>) -> Result<Config, Error> {
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
            Arg::Flag(f, v) => match (f.long, v) {
                ("line", _) => cfg.form = Form::Line,
                ("first" | "id", Some(v)) => cfg.first = parse_first(t, &f.name(), &v)?,
                ("skip", Some(v)) => cfg.skip = parse_number(t, "--skip", &v, 0, FAMILY)?,
                _ => unreachable!("flag --{} is in the table but not handled", f.long),
            },
            Arg::Operand(v) if count.is_none() => {
                count = Some(parse_number(t, "N", &v, 0, FAMILY)?)
            }
            Arg::Operand(v) => {
                return Err(t.usage(format!("unexpected argument '{}'", v.to_string_lossy())))
            }
        }
    }
    cfg.count = count.ok_or_else(|| t.usage("missing N, the number of grids".into()))?;
    Ok(cfg)
}

/// Writes the grids `cfg` asks for to `out` (named `out_name` in messages). Errors in the
/// request are usage errors of `tool`.
pub fn generate(
    tool: &Tool,
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
    write().map_err(|e| io_error(out_name, e))?;
    Ok(OK)
}

pub fn run(args: Vec<Arg>) -> Result<i32, Error> {
    let cfg = parse(args)?;
    generate(&TOOL, &cfg, &mut io::stdout().lock(), "standard output")
}
