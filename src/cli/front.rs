//! `sudoku -c N` and `sudoku -s FILE`: the front for the BUAA software-engineering assignment.
//!
//! It calls the same run functions as `sudoku-gen` and `sudoku-solve --grid`, so the two
//! cannot drift apart, and writes `sudoku.txt` atomically (see [`super::output`]).

use std::ffi::OsString;

use super::dig::{self, Dig, What};
use super::flags::{Arg, Flag, Tool};
use super::gen::{generate, Config as GenConfig};
use super::output::write_output;
use super::shared::{self, FIRST, ID, JOBS, SEED};
use super::solve::{solve_all, Config as SolveConfig};
use super::{diag, Error, OK};
use crate::gen::puzzle::Spec;
use crate::grade::Level;
use crate::stream::Form;

/// The assignment's bound on `-c`.
pub const MAX_CREATE: u64 = 1_000_000;
/// The assignment's bounds on `-n` and on the range of `-r`.
pub const MAX_GAMES: u64 = 10_000;
pub const GAME_BLANKS: (u8, u8) = (20, 55);

/// The blanks of a `-m` game: as many as its level allows (a unique puzzle has at least 17
/// givens).
pub const LEVEL_BLANKS: (u8, u8) = (20, 64);

/// The flags of `sudoku`.
#[derive(Clone, Copy, Debug)]
pub enum Opt {
    Create,
    Solve,
    Games,
    Play,
    Level,
    Range,
    Unique,
    Seed,
    Output,
    First,
    Id,
    Jobs,
}

static FLAGS: [(Opt, Flag); 12] = [
    (
        Opt::Create,
        Flag::valued(
            "create",
            Some('c'),
            "N",
            "write N distinct solved grids (1-1000000) to sudoku.txt",
            "Write N distinct solved grids, 1 to 1000000, to sudoku.txt (or the -o file) in the \
             assignment's layout: the same bytes as sudoku-gen N.",
        ),
    ),
    (
        Opt::Solve,
        Flag::valued(
            "solve",
            Some('s'),
            "FILE",
            "write the solutions of FILE's puzzles to sudoku.txt",
            "Solve every puzzle of FILE (the assignment's layout with 0 for a blank, or any form \
             sudoku-solve reads) and write the solutions to sudoku.txt in grid form: the same bytes as \
             sudoku-solve --grid FILE. If any puzzle fails, every failing puzzle is reported, a last \
             line says how many failed, and sudoku.txt is left as it was. FILE is only read.",
        ),
    ),
    (
        Opt::Games,
        Flag::valued(
            "games",
            Some('n'),
            "N",
            "write N distinct games (1-10000) to game.txt",
            "Write N distinct games (puzzles), 1 to 10000, to game.txt (or the -o file) in the \
             assignment's layout, 0 for a blank; sudoku -s game.txt then solves them into \
             sudoku.txt. Each game is dug out of a random grid from the whole space.",
        ),
    ),
    (
        Opt::Play,
        Flag::switch(
            "play",
            None,
            "play the puzzles of FILE, or new ones at -m, in the terminal",
            "Play in the terminal: the puzzles of FILE in order (any form sudoku-solve reads; \
             not standard input, the keyboard is there), or, without FILE, new ones at the -m \
             level (default 1). Arrows or hjkl move, a click selects; 1-9 place; 0, ., space, \
             Backspace or Delete clear; p toggles pencil marks; m fills every empty cell's \
             marks with its candidates (the digits no peer holds, less those hints took \
             away); c checks (conflicts and wrong digits marked, a solved grid says so with \
             the time; filling the last empty cell checks by itself); ? shows the next \
             logical step, as sudoku-grade --steps would, and a second ? applies it; u and r \
             undo and redo; n deals the next puzzle; s saves the puzzle, then the position \
             reached, then FILE's puzzles after it, to the -o file (default sudoku-saved.txt; \
             never over a FILE of other puzzles too unless FILE is a save) as a board stream, \
             the clock, pencil marks and number in a comment before them, and --play on that \
             file resumes the game, then deals the puzzles, from FILE or new, that were to \
             follow it (in FILE, a board that keeps every given of the puzzle before it and \
             fills more cells is that puzzle's position, not a puzzle); q quits (n and q ask \
             first when the position is changed, not saved and not solved); Ctrl-Z stops the \
             game as a shell job, fg resumes it with the clock paused. NO_COLOR turns colour \
             off. Needs a terminal of at least 40x20; from 44 rows up the board is drawn \
             large, with each empty cell's pencil marks in it (those a hint takes \
             underlined).",
        ),
    ),
    (
        Opt::Level,
        Flag::valued(
            "level",
            Some('m'),
            "1|2|3",
            "with -n or --play: games at a level (1 easy, 2 medium, 3 hard)",
            "With -n or --play: every game has exactly one solution and grades at this level, as \
             sudoku-grade rates it: 1 easy (singles), 2 medium (also locked candidates, pairs and \
             triples), 3 hard (also quads, fish, wings, colouring, unique rectangles). The level \
             sets the blanks, so -m goes without -r and -u.",
        )
        .with_choices(&["1", "2", "3"]),
    ),
    (
        Opt::Range,
        Flag::valued(
            "range",
            Some('r'),
            "L~U",
            "with -n: blanks a game, drawn in L..U (20 <= L <= U <= 55)",
            "With -n: each game's number of blank cells, drawn in L to U, 20 <= L <= U <= 55 \
             (L~U, L-U, or one number; default 20~55).",
        ),
    ),
    (
        Opt::Unique,
        Flag::switch(
            "unique",
            Some('u'),
            "with -n: every game has exactly one solution",
            "With -n: every game has exactly one solution.",
        ),
    ),
    (Opt::Seed, SEED),
    (
        Opt::Output,
        Flag::valued(
            "output",
            Some('o'),
            "FILE",
            "write to FILE, not sudoku.txt (- is standard output)",
            "Write to FILE instead of sudoku.txt; - is standard output, and so are /dev/stdout and \
             /dev/fd/1 (the shell's redirection is kept: sudoku -c 5 -o /dev/stdout >> log appends). \
             A regular file is replaced atomically: the output is written beside it and renamed over \
             it only when complete, so an error or a signal never leaves it half-written and leaves \
             no temporary file behind. It keeps its permission bits (and its owner and group where \
             the user may set them), and one the user may not write is refused, as the shell's > \
             refuses it; other hard links to it keep the old content; a symbolic link is \
             followed and the file it points to replaced (or created), and a link to /dev/stdout \
             is standard output. A target that is not a regular file (a terminal, a FIFO) is \
             written in place.",
        ),
    ),
    (Opt::First, FIRST),
    (Opt::Id, ID),
    (Opt::Jobs, JOBS),
];

pub static TOOL: Tool<Opt> = Tool {
    name: "sudoku",
    about: "Create sudoku grids and games, solve puzzles, or play, for the BUAA assignment.",
    usage: &[
        "-c N [--first D | --id NUMBER] [-o FILE]",
        "-s FILE [-o FILE] [-j N]",
        "-n N [-m 1|2|3 | [-r L~U] [-u]] [--seed S] [-o FILE] [-j N]",
        "--play [-m 1|2|3] [--seed S] [-o FILE] [FILE]",
        "--generate DIR",
    ],
    description: "The front for the BUAA software-engineering assignment (the personal project, Sudoku). \
sudoku -c N writes N distinct solved grids \
to sudoku.txt; sudoku -s FILE writes the solutions of the puzzles in FILE to sudoku.txt; sudoku -n N writes N \
distinct games to game.txt (-m: at a level, -r: their blanks, -u: one solution each); sudoku --play plays \
them in the terminal. All write the assignment's layout: nine rows of nine digits separated by single spaces, one empty line between grids, \
none at the end.\n\nsudoku.txt (game.txt with -n) is replaced only when the whole job succeeded: on a bad command line, a bad \
puzzle or an interruption it is left exactly as it was.",
    flags: &FLAGS,
    operands: &[("FILE", "with --play: the puzzles to play")],
    exit_status: EXIT_STATUS,
    generates: true,
    examples: &[
        ("sudoku -c 1000000", "a million distinct grids in sudoku.txt"),
        ("sudoku -c 20 --id 2023123456", "grids whose top-left digit comes from a student id"),
        ("sudoku -s game.txt && cat sudoku.txt", "solve the puzzles of game.txt"),
        ("sudoku -c 1000 -o - | sudoku-check --distinct --strict", "check the output of -c"),
        ("sudoku -n 100 -r 30~40 -u && sudoku -s game.txt", "100 unique games, then their solutions"),
        ("sudoku -n 20 -m 3", "twenty hard games in game.txt"),
        ("sudoku --play -m 2", "play medium puzzles in the terminal"),
        ("sudoku --play game.txt", "play the games of game.txt"),
    ],
};

/// What `sudoku` answers with.
const EXIT_STATUS: &str = "0 when the whole job was done and the output written; 1 when -s found a \
puzzle that fails (invalid, or no solution: each is reported as file:line: board N: reason, and the output \
is left as it was); 2 on a usage error or an I/O error (missing or unreadable FILE, input that is not a \
board stream, an output that cannot be written).";

enum Mode {
    Create(GenConfig),
    Solve(SolveConfig),
    Games(Dig),
    Play {
        file: Option<OsString>,
        level: Level,
        seed: u64,
    },
}

fn parse(args: Vec<Arg<Opt>>) -> Result<(Mode, OsString), Error> {
    let t = &TOOL;
    let (mut create, mut solve, mut first, mut output, mut jobs) = (None, None, None, None, None);
    let (mut games, mut range, mut unique, mut seed) = (None, None, None, None);
    let (mut level, mut play, mut file) = (None, None, None);
    for a in args {
        let (id, flag, v) = match a {
            Arg::Flag { id, flag, value } => (id, flag, value.unwrap_or_default()),
            Arg::Operand(v) if file.is_none() => {
                file = Some(v);
                continue;
            }
            Arg::Operand(v) => return Err(t.unexpected(&v)),
        };
        match id {
            Opt::Play => shared::once(t, flag, &mut play, true)?,
            Opt::Create => {
                let n = t.number("-c", &v, 1..=MAX_CREATE)?;
                shared::once(t, flag, &mut create, n)?
            }
            Opt::Solve => shared::once(t, flag, &mut solve, v)?,
            Opt::Games => {
                let n = t.number("-n", &v, 1..=MAX_GAMES)?;
                shared::once(t, flag, &mut games, n)?
            }
            Opt::Range => {
                let (lo, hi) = dig::blanks(t, "-r", "L~U", GAME_BLANKS, &v)?;
                shared::once(t, flag, &mut range, (lo, hi))?
            }
            Opt::Level => {
                let l = match t.number("-m", &v, 1..=3u8)? {
                    1 => Level::Easy,
                    2 => Level::Medium,
                    _ => Level::Hard,
                };
                shared::once(t, flag, &mut level, l)?
            }
            Opt::Unique => shared::once(t, flag, &mut unique, true)?,
            Opt::Seed => shared::once(t, flag, &mut seed, shared::seed(t, &v)?)?,
            Opt::First | Opt::Id => shared::top_left(t, flag, &mut first, &v)?,
            Opt::Output => shared::once(t, flag, &mut output, v)?,
            Opt::Jobs => shared::once(t, flag, &mut jobs, shared::jobs(t, &v)?)?,
        }
    }
    let modes = [
        create.is_some(),
        solve.is_some(),
        games.is_some(),
        play.is_some(),
    ];
    if modes.iter().filter(|&&m| m).count() > 1 {
        return Err(t.usage("-c, -s, -n and --play cannot be used together: one job a run".into()));
    }
    if let Some(f) = &file {
        if play.is_none() {
            return Err(t.unexpected(f));
        }
    }
    if play.is_some() {
        for (given, name) in [
            (range.is_some(), "-r"),
            (unique.is_some(), "-u"),
            (first.is_some(), "--first and --id"),
            (jobs.is_some(), "-j"),
        ] {
            if given {
                return Err(t.usage(format!("{name}: not with --play")));
            }
        }
        if file.as_ref().is_some_and(|f| super::is_stdin(f)) {
            return Err(t.usage("--play reads the keyboard: FILE cannot be standard input".into()));
        }
        if file.is_some() && (level.is_some() || seed.is_some()) {
            return Err(t.usage("-m and --seed make new puzzles: not with --play FILE".into()));
        }
        let save = output.unwrap_or_else(|| "sudoku-saved.txt".into());
        return Ok((
            Mode::Play {
                file,
                level: level.unwrap_or(Level::Easy),
                seed: seed.unwrap_or_else(dig::clock_seed),
            },
            save,
        ));
    }
    if games.is_none() {
        for (given, rule) in [
            (level.is_some(), "-m goes with -n or --play"),
            (range.is_some(), "-r goes with -n"),
            (unique.is_some(), "-u goes with -n"),
            (seed.is_some(), "--seed goes with -n or --play"),
        ] {
            if given {
                return Err(t.usage(rule.into()));
            }
        }
    }
    if level.is_some() {
        if let Some(name) = [(range.is_some(), "-r"), (unique.is_some(), "-u")]
            .into_iter()
            .find_map(|(given, name)| given.then_some(name))
        {
            return Err(t.usage(format!(
                "-m goes without {name}: a level sets the blanks and makes every game unique"
            )));
        }
    }
    let default_output = if games.is_some() {
        "game.txt"
    } else {
        "sudoku.txt"
    };
    let output = output.unwrap_or_else(|| default_output.into());
    let mode = match (create, solve, games) {
        (None, None, None) => return Err(t.usage("expected -c N, -s FILE, -n N or --play".into())),
        (Some(n), _, _) => {
            if jobs.is_some() {
                return Err(t.usage("-j goes with -s or -n, not -c".into()));
            }
            Mode::Create(GenConfig {
                count: n,
                first: first.map_or(1, |(_, d)| d),
                skip: 0,
                form: Form::Grid,
            })
        }
        (None, None, Some(n)) => {
            if first.is_some() {
                return Err(t.usage("--first and --id go with -c, not -n".into()));
            }
            Mode::Games(Dig {
                what: What::Puzzles(game_spec(level, range, unique.is_some())),
                count: n,
                skip: 0,
                seed: seed.unwrap_or_else(dig::clock_seed),
                jobs: jobs.unwrap_or_else(shared::all_cores),
                form: Form::Grid,
                // The front keeps to the assignment's interface: no progress line.
                quiet: true,
            })
        }
        (None, Some(file), _) => {
            if first.is_some() {
                return Err(t.usage("--first and --id go with -c, not -s".into()));
            }
            if super::is_stdin(&file) {
                return Err(t.usage("-s needs a file, not standard input".into()));
            }
            if super::same_file(&file, &output) {
                return Err(t.usage(format!(
                    "-s {0}: {0} is also the output; choose another with -o",
                    file.to_string_lossy()
                )));
            }
            let mut cfg = SolveConfig::new(jobs.unwrap_or_else(shared::all_cores));
            cfg.form = Some(Form::Grid);
            cfg.quiet = true;
            cfg.files = vec![file];
            if output == "-" || super::output::followed_descriptor(output.as_ref()) == Some(1) {
                cfg.output = super::stdout_file();
            }
            Mode::Solve(cfg)
        }
    };
    Ok((mode, output))
}

#[cfg(feature = "play")]
fn play(file: Option<OsString>, level: Level, seed: u64, save: OsString) -> Result<i32, Error> {
    super::play::run(file, level, seed, save)
}

#[cfg(not(feature = "play"))]
fn play(_: Option<OsString>, _: Level, _: u64, _: OsString) -> Result<i32, Error> {
    Err(Error::Msg(
        "--play: this sudoku was built without the play feature".into(),
    ))
}

/// The puzzles of `sudoku -n` (and of `--play` without a file): at a level (unique, as many
/// blanks as it allows), or with `range` blanks (default 20~55), unique if asked.
pub fn game_spec(level: Option<Level>, range: Option<(u8, u8)>, unique: bool) -> Spec {
    Spec {
        blanks: match level {
            Some(_) => LEVEL_BLANKS,
            None => range.unwrap_or(GAME_BLANKS),
        },
        unique: unique || level.is_some(),
        minimal: false,
        symmetric: false,
        level,
    }
}

pub fn run(args: Vec<Arg<Opt>>) -> Result<i32, Error> {
    let (mode, output) = parse(args)?;
    if let Mode::Play { file, level, seed } = mode {
        return play(file, level, seed, output);
    }
    let name = if output == "-" {
        "standard output".to_string()
    } else {
        output.to_string_lossy().into_owned()
    };
    write_output(&output, |out| match &mode {
        Mode::Create(cfg) => generate(&TOOL, cfg, out, &name),
        Mode::Games(d) => dig::run(d, out, &name),
        Mode::Play { .. } => unreachable!("played above"),
        Mode::Solve(cfg) => {
            let file = cfg.files[0].to_string_lossy();
            let t = solve_all(cfg, out, &name)?;
            let atomic =
                output != "-" && super::output::followed_descriptor(output.as_ref()).is_none();
            if t.status == OK && t.boards == 0 {
                // An empty puzzle file is a mistake, not an empty answer.
                diag(&format!("sudoku: {file}: no puzzles; {name} not written\n"));
                return Ok(super::FAILED);
            }
            if t.status != OK && atomic {
                let why = if t.failed > 0 {
                    format!(
                        "{} of {} failed",
                        t.failed,
                        super::plural(t.boards, "puzzle", "puzzles")
                    )
                } else {
                    format!("{file} could not be read to its end")
                };
                diag(&format!("sudoku: {name} not written: {why}\n"));
            }
            Ok(t.status)
        }
    })
}
