//! `sudoku-grade [FILE]...`: rates every puzzle it reads the way a person solves it, one
//! line a puzzle, in input order, on every core (the pipeline of [`super::pipeline`]).
//!
//! ```text
//!   4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ hard 6.6 w-wing
//!   └──────────────── the puzzle, line form ───────────────────────────────────────┘ level score technique
//! ```
//!
//! A puzzle that is invalid, has no solution or has more than one is reported on standard
//! error (`file:line: board N: reason`, as `sudoku-solve` does), and its line says so in the
//! level's place (`invalid`, `unsolvable`, `not-unique`, with `0.0 none`), so that the output
//! keeps one line a puzzle and its columns; the status is then 1.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::Write;

use super::flags::{Arg, Flag, Tool, EXIT_STATUS};
use super::pipeline::{self, Chunk, Done, Plan};
use super::shared::{self, JOBS, QUIET};
use super::{stdout, Error, FileId};
use crate::grade::{grade, Level};
use crate::solve::{unique_solution, NotOne};
use crate::stream::write::format_line;
use crate::stream::{Form, Writer};

/// The flags of `sudoku-grade`.
#[derive(Clone, Copy, Debug)]
pub enum Opt {
    Steps,
    Jobs,
    Quiet,
}

static FLAGS: [(Opt, Flag); 3] = [
    (
        Opt::Steps,
        Flag::switch(
            "steps",
            Some('s'),
            "write each puzzle's logical solution, one step a line",
            "After each puzzle's line, write its whole logical solution, one step a line, as \
             comments (# r3c5 = 7: hidden single in box 2, # r1c1, r1c4 <> 3: pointing 3 in box \
             1): a digit placed (=) or candidates removed (<>), the technique and the pattern's \
             digits, houses and cells. The output is still a board stream.",
        ),
    ),
    (Opt::Jobs, JOBS),
    (Opt::Quiet, QUIET),
];

pub static TOOL: Tool<Opt> = Tool {
    name: "sudoku-grade",
    about: "Rate every sudoku puzzle read the way a person solves it.",
    usage: &["[--steps] [-j N] [-q] [FILE]..."],
    description: "Reads puzzles from the FILEs (standard input when there are none, or for -) in grid form \
or line form, and writes one line a puzzle, in input order: the puzzle in line form, its level, its score and \
the hardest technique it needed, separated by spaces.\n\n\
The grader solves as a person does, one step at a time, always with the simplest technique that makes progress. \
The levels are HoDoKu's. easy: full house, hidden and naked singles. medium: also pointing, claiming, naked and \
hidden pairs and triples. hard: also naked and hidden quads, X-wing, swordfish, jellyfish, XY-wing, XYZ-wing, \
W-wing, skyscraper, two-string kite, simple colouring and unique rectangles of types 1 to 4. expert: needs \
more; the grader goes on with forcing chains (an assumption that singles break) and guesses. Every technique \
only removes what is false, so the easy and medium boundaries do not depend on the order of the steps. A \
unique rectangle is the exception: once one of its corners is solved, what it would remove rests on uniqueness \
alone, so on rare puzzles (about one minimal puzzle in 10,000) whether the hard techniques solve a puzzle \
depends on the order, and the level is the one found in this order, simplest first. sudoku-gen --level makes \
puzzles at the level this grader gives.\n\n\
The hardest technique is the first step of the highest level, and of the highest score within it. The score \
is Sudoku Explainer's rating of that step (1.0 full house, 1.2 hidden single in a box, 1.5 in a line, 2.3 \
naked single, 2.6 pointing, 2.8 claiming, 3.0 naked pair, 3.2 X-wing, 3.4 hidden pair, 3.6 naked triple, 3.8 \
swordfish, 4.0 hidden triple, 4.2 XY-wing, 4.4 XYZ-wing, 4.5-4.8 unique rectangles, 5.0 naked quad, 5.2 \
jellyfish, 5.4 hidden quad, 6.5 skyscraper and two-string kite, 6.6 W-wing and simple colouring, 7.5 forcing \
chain, 8.2 guess). Expert scores are estimates: Sudoku Explainer rates a chain by its kind and length, from \
6.5 to past 9, where a forcing chain here is 7.5 whatever it is, and a guess 8.2, the bottom of the range of \
the chains it stands for.\n\n\
A puzzle that is invalid, has no solution or more than one is reported on standard error as file:line: board \
N: reason, and its line has invalid, unsolvable or not-unique for a level, 0.0 and none; the status is then 1.",
    flags: &FLAGS,
    operands: &[("FILE", "files to read; - or none for standard input")],
    exit_status: EXIT_STATUS,
    generates: false,
    examples: &[
        ("sudoku-grade puzzles.txt | sort -k3 -n | tail", "the hardest puzzles of a file"),
        ("sudoku-grade puzzles.txt | cut -d' ' -f2 | sort | uniq -c", "how many puzzles of each level"),
        ("sudoku-grade --steps puzzle.txt", "a puzzle's logical solution, step by step"),
        (
            "sudoku-grade puzzles.txt | grep ' hard ' | sudoku-solve",
            "solve the hard ones (the solvers read the line and ignore the rest)",
        ),
    ],
};

/// What to do.
#[derive(Clone, Debug)]
pub struct Config {
    pub steps: bool,
    pub jobs: usize,
    pub quiet: bool,
    pub files: Vec<OsString>,
    pub output: Option<FileId>,
}

fn parse(args: Vec<Arg<Opt>>) -> Result<Config, Error> {
    let mut cfg = Config {
        steps: false,
        jobs: shared::all_cores(),
        quiet: false,
        files: Vec::new(),
        output: None,
    };
    for a in args {
        match a {
            Arg::Operand(v) => cfg.files.push(v),
            Arg::Flag { id, value, .. } => match id {
                Opt::Steps => cfg.steps = true,
                Opt::Quiet => cfg.quiet = true,
                Opt::Jobs => cfg.jobs = shared::jobs(&TOOL, &value.unwrap_or_default())?,
            },
        }
    }
    if cfg.files.is_empty() {
        cfg.files.push("-".into());
    }
    Ok(cfg)
}

pub fn run(args: Vec<Arg<Opt>>) -> Result<i32, Error> {
    let mut cfg = parse(args)?;
    cfg.output = super::stdout_file();
    grade_all(&cfg, &mut stdout()?, "standard output")
}

/// Puzzles a thread grades at a time: a grade takes far longer than a solve.
const CHUNK: usize = 32;

fn grade_chunk(cfg: &Config, chunk: Chunk) -> Done {
    let mut failures = String::new();
    let mut failed = 0;
    let mut text = String::with_capacity(chunk.entries.len() * 110);
    for e in &chunk.entries {
        let mut line = [0u8; 81];
        format_line(&e.board, &mut line);
        // The line is ASCII digits and dots.
        text.push_str(std::str::from_utf8(&line).unwrap_or_default());
        let solution = match unique_solution(&e.board) {
            Ok(s) => s,
            Err(why) => {
                let word = match why {
                    NotOne::Invalid(_) => "invalid",
                    NotOne::NoSolution => "unsolvable",
                    NotOne::Several => "not-unique",
                };
                failed += 1;
                let _ = writeln!(text, " {word} 0.0 none");
                let _ = writeln!(
                    failures,
                    "{}:{}: board {}: {why}",
                    chunk.name, e.line, e.index
                );
                continue;
            }
        };
        let mut steps = String::new();
        let each = |_: &_, s: &crate::grade::Step| {
            if cfg.steps {
                let _ = writeln!(steps, "# {}", s.describe());
            }
        };
        // Expert grading always ends: its last resort is a guess.
        if let Some(g) = grade(&e.board, &solution, Level::Expert, each) {
            let name = g.hardest.map_or("none", |t| t.name());
            let _ = writeln!(text, " {} {} {name}", g.level.name(), g.score_text());
        }
        text.push_str(&steps);
    }
    let mut w = Writer::part(text.len());
    // Writing into a part cannot fail.
    let _ = w.raw(text.as_bytes(), Form::Line);
    Done {
        part: w.into_part(),
        failures,
        failed,
        boards: chunk.entries.len() as u64,
    }
}

/// Grades every puzzle of `cfg.files` into `out`.
pub fn grade_all(cfg: &Config, out: &mut dyn Write, out_name: &str) -> Result<i32, Error> {
    let plan = Plan {
        files: &cfg.files,
        output: cfg.output,
        jobs: cfg.jobs,
        chunk: CHUNK,
    };
    let work = |c| grade_chunk(cfg, c);
    pipeline::filter(&plan, work, out, out_name, "puzzles", cfg.quiet).map(|t| t.status)
}
