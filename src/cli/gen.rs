//! `sudoku-gen N`: N distinct solved grids on standard output.

use std::io::{self, Write};

use super::dig::{self, Dig, What};
use super::flags::{Arg, Flag, Tool};
use super::shared::{self, FIRST, ID, JOBS, LINE, QUIET, SEED};
use super::{out_error, stdout, Error, OK};
use crate::gen::puzzle::Spec;
use crate::gen::{Gen, FAMILY, TEXT};
use crate::stream::{Form, Writer};

/// The flags of `sudoku-gen`.
#[derive(Clone, Copy, Debug)]
pub enum Opt {
    Line,
    First,
    Id,
    Skip,
    Random,
    Puzzles,
    Blanks,
    Unique,
    Minimal,
    Symmetric,
    Level,
    Seed,
    Jobs,
    Quiet,
}

static FLAGS: [(Opt, Flag); 14] = [
    (
        Opt::Line,
        Flag {
            doc: "write line form (81 cells a line) instead of grid form",
            long_doc:
                "Write each grid as one line of 81 digits instead of the assignment's grid form.",
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
            "Start at grid K+1 of the enumeration instead of the first (with --random or \
             --puzzles, at item K+1 of the seeded run). sudoku-gen 500000 followed by sudoku-gen \
             500000 --skip 500000 is byte for byte sudoku-gen 1000000 split in two, so \
             generation can be spread over processes or machines.",
        ),
    ),
    (
        Opt::Random,
        Flag::switch(
            "random",
            Some('r'),
            "random grids from the whole space instead of the family",
            "Write N random solved grids drawn from all 6.67e21 grids (not one grid's \
             transformations, as the family is), distinct, seeded by --seed.",
        ),
    ),
    (
        Opt::Puzzles,
        Flag::switch(
            "puzzles",
            Some('p'),
            "write N distinct puzzles (0 for a blank)",
            "Write N distinct puzzles, each dug out of a random grid: its blanks drawn in the \
             --blanks range, made blank in a random order. Grid form writes a blank as 0, line \
             form as a dot.",
        ),
    ),
    (
        Opt::Blanks,
        Flag::valued(
            "blanks",
            None,
            "L-U",
            "blank cells a puzzle, drawn in L..U (also L~U; default 40-55)",
            "Each puzzle's number of blank cells, drawn in L to U (L-U or L~U, or one number); \
             default 40-55, or 0-64 with --minimal. A unique puzzle has at least 17 givens, so \
             --unique with L over 64 is refused at once, and so is N over the number of \
             distinct puzzles with at least 79 blanks (one has 81, 729 have 80). A range that \
             is merely unlikely (unique with 60-64 blanks) gets 1000 attempts a puzzle, then \
             the run stops with status 2 and says which puzzle it could not make.",
        ),
    ),
    (
        Opt::Unique,
        Flag::switch(
            "unique",
            Some('u'),
            "every puzzle has exactly one solution",
            "Every puzzle has exactly one solution: a cell stays a given when blanking it would \
             allow a second solution.",
        ),
    ),
    (
        Opt::Minimal,
        Flag::switch(
            "minimal",
            Some('m'),
            "unique, and no given can go without losing that",
            "Every puzzle is unique and minimal: no given can be blanked without a second \
             solution (with --symmetric: no pair of givens opposite through the centre).",
        ),
    ),
    (
        Opt::Symmetric,
        Flag::switch(
            "symmetric",
            Some('s'),
            "givens symmetric under a half turn",
            "The givens are symmetric under a half turn of the grid: a cell and the cell opposite \
             it through the centre are both given or both blank.",
        ),
    ),
    (
        Opt::Level,
        Flag::valued(
            "level",
            None,
            "LEVEL",
            "puzzles of this level (easy, medium, hard, expert), unique",
            "Every puzzle is unique and grades at LEVEL as sudoku-grade rates it: easy, medium, \
             hard or expert. Each is dug as far as the top of --blanks allows (default 0-64), \
             graded, and given back the solution's digit where the level's techniques stall \
             until they solve it; it is kept when it grades at LEVEL exactly with its blanks in \
             range (with --minimal, kept only as dug).",
        )
        .with_choices(LEVELS),
    ),
    (Opt::Seed, SEED),
    (Opt::Jobs, JOBS),
    (Opt::Quiet, QUIET),
];

/// The names `--level` takes.
pub const LEVELS: &[&str] = &["easy", "medium", "hard", "expert"];

/// What `sudoku-gen` and `sudoku -c` answer with.
pub const EXIT_STATUS: &str = "0 when every grid or puzzle asked for was written; 2 on a usage error (a \
count or --skip past the end of the enumeration, a request no puzzle can meet, a bad option), on a \
puzzle that its attempts could not make, or on an I/O error (unwritable output). A closed pipe downstream \
ends the run quietly, with status 0.";

pub static TOOL: Tool<Opt> = Tool {
    name: "sudoku-gen",
    about: "Write N distinct sudoku grids, or puzzles dug out of them, to standard output.",
    usage: &[
        "[--line] [--first D | --id NUMBER] [--skip K] N",
        "--random [--line] [--seed S] [--skip K] [-j N] [-q] N",
        "--puzzles [--blanks L-U] [--unique | --minimal] [--level LEVEL] [--symmetric] [--line] \
         [--seed S] [--skip K] [-j N] [-q] N",
    ],
    description: "Writes N distinct, valid, complete grids, all with the same top-left digit, in the \
assignment's grid form (nine rows of nine digits separated by single spaces, one empty line between grids) \
or, with --line, one grid a line. The output is deterministic: the same command writes the same bytes.\n\n\
The grids are an indexed family: a base grid with no symmetry, transformed by row and column permutations \
inside bands and stacks, band and stack permutations, transposition and a relabelling of the digits. Each \
top-left digit has 135,444,234,240 distinct grids; --skip picks where to start.\n\n\
With --random the grids are drawn from the whole space instead, and with --puzzles the output is puzzles \
dug out of such grids, graded at a level with --level (as sudoku-grade rates them). Both are seeded (--seed) and made on every core (-j); item k depends only on the seed \
and k, and the output is the same whatever -j.",
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
        ("sudoku-gen --puzzles --unique --seed 7 10", "ten puzzles with one solution each"),
        (
            "sudoku-gen -p --minimal --symmetric --line 1000 | sudoku-check --unique",
            "a thousand minimal symmetric puzzles, checked",
        ),
        (
            "sudoku-gen -p --level hard -l 1000 | sudoku-grade | sort -k3 -n | tail",
            "a thousand hard puzzles, the hardest of them last",
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

/// A run of `sudoku-gen`: the family, or random grids or puzzles.
enum Job {
    Family(Config),
    Dig(Dig),
}

fn parse(args: Vec<Arg<Opt>>) -> Result<Job, Error> {
    let t = &TOOL;
    let mut cfg = Config {
        count: 0,
        first: 1,
        skip: 0,
        form: Form::Grid,
    };
    let (mut count, mut first, mut skip) = (None, None, None);
    let (mut random, mut puzzles) = (false, false);
    let mut spec = Spec {
        blanks: (40, 55),
        unique: false,
        minimal: false,
        symmetric: false,
        level: None,
    };
    let (mut blanks, mut seed, mut jobs) = (None, None, None);
    let mut quiet = false;
    // The flags that make sense only with --puzzles, as given.
    let mut puzzle_flags = Vec::new();
    for a in args {
        match a {
            Arg::Flag { id, flag, value } => {
                let v = value.unwrap_or_default();
                match id {
                    Opt::Line => cfg.form = Form::Line,
                    Opt::First | Opt::Id => shared::top_left(t, flag, &mut first, &v)?,
                    Opt::Skip => skip = Some(t.number("--skip", &v, 0..=u64::MAX)?),
                    Opt::Random => random = true,
                    Opt::Puzzles => puzzles = true,
                    Opt::Blanks => blanks = Some(dig::blanks(t, "--blanks", "L-U", (0, 81), &v)?),
                    Opt::Unique => spec.unique = true,
                    Opt::Minimal => spec.minimal = true,
                    Opt::Symmetric => spec.symmetric = true,
                    Opt::Level => spec.level = Some(level(t, &v)?),
                    Opt::Seed => seed = Some(shared::seed(t, &v)?),
                    Opt::Jobs => jobs = Some(shared::jobs(t, &v)?),
                    Opt::Quiet => quiet = true,
                }
                if matches!(
                    id,
                    Opt::Blanks | Opt::Unique | Opt::Minimal | Opt::Symmetric | Opt::Level
                ) {
                    puzzle_flags.push(flag);
                }
            }
            Arg::Operand(v) if count.is_none() => count = Some(t.number("N", &v, 0..=u64::MAX)?),
            Arg::Operand(v) => return Err(t.unexpected(&v)),
        }
    }
    let count = count.ok_or_else(|| t.usage("missing N, the number of grids".into()))?;
    if !(random || puzzles) {
        if let Some(f) = puzzle_flags.first() {
            return Err(t.usage(format!("--{} goes with --puzzles", f.long)));
        }
        if seed.is_some() || jobs.is_some() {
            return Err(t.usage("--seed and -j go with --random or --puzzles".into()));
        }
        for (name, n) in [("N", count), ("--skip", skip.unwrap_or(0))] {
            if n > FAMILY {
                return Err(t.usage(format!(
                    "{name}: expected a whole number from 0 to {FAMILY}, found '{n}'"
                )));
            }
        }
        (cfg.count, cfg.skip) = (count, skip.unwrap_or(0));
        cfg.first = first.map_or(1, |(_, d)| d);
        return Ok(Job::Family(cfg));
    }
    if random && puzzles {
        return Err(t.usage("--random and --puzzles cannot be used together".into()));
    }
    if let Some((f, _)) = first {
        return Err(t.usage(format!(
            "--{} goes with the family of grids, not --random or --puzzles",
            f.long
        )));
    }
    let what = if puzzles {
        let deep = spec.minimal || spec.level.is_some();
        spec.blanks = blanks.unwrap_or(if deep { (0, 64) } else { (40, 55) });
        if let Some(why) = spec.impossible() {
            return Err(t.usage(format!("--blanks: {why}")));
        }
        if let Some(most) = spec.most_distinct().filter(|&most| count > most) {
            return Err(t.usage(format!(
                "{}--blanks {} allows {most} distinct puzzle{}, not {count}",
                if spec.symmetric { "--symmetric " } else { "" },
                spec.blanks_text(),
                if most == 1 { "" } else { "s" },
            )));
        }
        What::Puzzles(spec)
    } else {
        if let Some(f) = puzzle_flags.first() {
            return Err(t.usage(format!("--{} goes with --puzzles", f.long)));
        }
        What::Grids
    };
    let skip = skip.unwrap_or(0);
    if skip.checked_add(count).is_none() {
        return Err(t.usage("--skip K plus N is past the last item".into()));
    }
    Ok(Job::Dig(Dig {
        what,
        count,
        skip,
        seed: seed.unwrap_or_else(dig::clock_seed),
        jobs: jobs.unwrap_or_else(shared::all_cores),
        form: cfg.form,
        quiet,
    }))
}

/// A `--level` (or `-m`) value.
pub fn level<I>(t: &Tool<I>, v: &std::ffi::OsStr) -> Result<crate::grade::Level, Error> {
    let s = v.to_string_lossy();
    crate::grade::Level::from_name(&s).ok_or_else(|| {
        t.usage(format!(
            "--level: expected easy, medium, hard or expert, found '{s}'"
        ))
    })
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
    match parse(args)? {
        Job::Family(cfg) => generate(&TOOL, &cfg, &mut stdout()?, "standard output"),
        Job::Dig(d) => dig::run(&d, &mut stdout()?, "standard output"),
    }
}
