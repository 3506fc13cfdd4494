//! `sudoku --play`: the game in the terminal, a thin shell around [`crate::play::Game`]
//! (behind the `play` feature, on crossterm): it draws the model and turns keys and clicks
//! into its moves.
//!
//! ```text
//!   ╔═══════╤═══════╤═══════╗     the board, givens bold, the player's digits in colour;
//!   ║ 6 . . │ . . . │ . . . ║     the selected cell reversed, its row, column and box
//!   ║ . 8 . │ . 9 . │ 1 . . ║     shaded, its digit lit wherever it is
//!   ╟───────┼───────┼───────╢
//!   ...
//!   ╚═══════╧═══════╧═══════╝
//!   r1c2  marks 3 5               the selected cell and its pencil marks
//!   Hint: r1c7 <> 9; ...          the last message: a check, a hint, a save
//!   Puzzle 1 · medium · 0:42 · digits          the status line
//!   arrows/hjkl move · 1-9 place · ...         the keys, unless the message needs
//!                                              their rows (`fit_under`)
//! ```
//!
//! That is the small board, on any terminal of at least 40x20 (`MIN`); from 40x44
//! (`LARGE`) up the board is large, three by three characters a cell, an empty cell's
//! pencil marks in it (see `Layout`), and the same lines follow it.
//!
//! The terminal is put back (raw mode off, main screen, cursor shown) however the game
//! ends: `q`, Ctrl-C, a panic (a hook restores it first), or SIGTERM, SIGHUP or SIGINT (the
//! handler only notes the signal; the loop, which wakes four times a second, restores the
//! terminal and the process then ends by that signal); and while Ctrl-Z has it stopped.
//!
//! A terminal that goes away (its window closed, `tmux kill-server`) ends the game too, by
//! SIGHUP, with nothing left to restore. The loop cannot see that itself: crossterm's event
//! source (0.28 and 0.29) reads a hung-up terminal again and again without returning
//! (github.com/crossterm-rs/crossterm/issues/793), so the loop would spin there for ever,
//! deaf to signals. A watcher thread (`watch_terminal`) sleeps in poll(2) on standard
//! input for a hangup or an error alone, and ends the process when one comes, or when a
//! signal caught has not ended the loop within a second.

use std::ffi::OsString;
use std::io::{self, BufRead, Read, Write};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant};

use crossterm::event::{
    self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use crossterm::style::{
    Attribute, Color, Print, ResetColor, SetAttribute, SetBackgroundColor, SetForegroundColor,
};
use crossterm::{cursor, execute, queue, terminal};

use super::flags::whole_number;
use super::front::game_spec;
use super::{io_error, read_error, Error, Input, OK};
use crate::gen::puzzle;
use crate::grade::candidates::{cell_name, cells, digit, PEERS};
use crate::grade::{self, Level};
use crate::play::{Game, Hint, Move, Notes};
use crate::solve::unique_solution;
use crate::stream::read::BOM;
use crate::stream::{Form, Reader, Writer};
use crate::Board;

/// The smallest terminal the board and its lines fit in.
const MIN: (u16, u16) = (40, 20);

/// Where the puzzles come from.
enum Deck {
    File {
        path: OsString,
        name: String,
        /// Each puzzle with its solution and the position to start from: the puzzle
        /// itself, or the position a save kept after it.
        puzzles: Vec<(Board, Board, Board)>,
        /// What a save kept besides the boards, for the first puzzle's game and after it.
        saved: Option<Box<Saved>>,
    },
    /// New puzzles, made as they are dealt.
    Made(New),
}

/// New puzzles: at a level, from a seed, item `from` first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct New {
    level: Level,
    seed: u64,
    from: u64,
}

impl Deck {
    /// The game of puzzle `k` (from 0) and its level, if there is one.
    fn deal(&self, k: u64) -> Option<(Game, Level)> {
        match self {
            Deck::File { puzzles, .. } if k < puzzles.len() as u64 => {
                // Graded when dealt, not all at the start: an expert puzzle takes milliseconds.
                let (p, s, at) = &puzzles[k as usize];
                Some((
                    Game::resume(*p, *s, at, self.saved(k).1),
                    grade::level(p, s, Level::Expert).unwrap_or(Level::Expert),
                ))
            }
            _ => made(self.new_ones(k)?),
        }
    }

    /// Whether there is a puzzle `k` to deal (one to be made may still fail).
    fn has(&self, k: u64) -> bool {
        match self {
            Deck::File { puzzles, .. } => k < puzzles.len() as u64 || self.new_ones(k).is_some(),
            Deck::Made(_) => true,
        }
    }

    /// The new puzzles from puzzle `k` on. A file has them when a save named the ones to
    /// follow its game; they come after the file's own puzzles, so while `k` is among
    /// those they start at the first.
    fn new_ones(&self, k: u64) -> Option<New> {
        let (n, past) = match self {
            Deck::File { puzzles, saved, .. } => (
                saved.as_ref()?.then?,
                k.saturating_sub(puzzles.len() as u64),
            ),
            &Deck::Made(n) => (n, k),
        };
        Some(New {
            from: n.from.checked_add(past)?,
            ..n
        })
    }

    /// The number game `k` (from 0) is shown by, from 1. New puzzles are counted from the
    /// first their seed makes, and a saved game taken up again keeps its count: the number
    /// its save names, or else the file's puzzles come right before the new ones it names.
    fn number(&self, k: u64) -> u64 {
        let first = match self {
            Deck::File { puzzles, saved, .. } => saved
                .as_ref()
                .and_then(|s| s.number)
                .map(|n| n.saturating_sub(1))
                .or_else(|| {
                    let n = self.new_ones(0)?;
                    n.from.checked_sub(puzzles.len() as u64)
                })
                .unwrap_or(0),
            Deck::Made(n) => n.from,
        };
        first.saturating_add(k).saturating_add(1)
    }

    /// What a save kept of game `k` besides its position: the time the game had taken,
    /// and its notes. Nothing but for a saved game.
    fn saved(&self, k: u64) -> (Duration, &Notes) {
        match self {
            Deck::File { saved: Some(s), .. } if k == 0 => (s.clock, &s.notes),
            _ => (Duration::ZERO, &Notes::NONE),
        }
    }
}

/// The game of the first puzzle of `new`.
fn made(new: New) -> Option<(Game, Level)> {
    let spec = game_spec(Some(new.level), None, false);
    let p = puzzle::make(&spec, new.seed, new.from, 0)?;
    Some((Game::new(p, unique_solution(&p).ok()?), new.level))
}

/// The puzzles of `file`, each with one solution, or the error that names the first that
/// has not. A board that continues the puzzle before it (the same givens, and digits
/// besides, as `s` saves a game) is not a puzzle but the position that game resumes at,
/// checked for nothing more: its digits are the player's, wrong ones included. A file
/// that starts as a save does ([`SAVED`], then the [`notes_line`]) gives its first game
/// the clock and notes of that line.
fn load(file: &OsString) -> Result<Deck, Error> {
    let (name, mut input) = Input::open(file, None)?;
    // The first two lines are read aside, then handed to the reader in front of the rest
    // (to it they are comments), so that its line numbers stay the file's.
    let mut head = Vec::new();
    let mut line = |head: &mut Vec<u8>, most: usize| -> Result<Vec<u8>, Error> {
        let from = head.len();
        (&mut input)
            .take(most as u64)
            .read_until(b'\n', head)
            .map_err(|e| io_error(&name, e))?;
        let l = &head[from..];
        let l = l.strip_suffix(b"\n").unwrap_or(l);
        Ok(l.strip_suffix(b"\r").unwrap_or(l).to_vec())
    };
    let mut saved = None;
    // A byte-order mark and \r\n endings, as the reader takes them.
    let first = line(&mut head, BOM.len() + SAVED.len() + 1)?;
    if first.strip_prefix(BOM).unwrap_or(&first) == &SAVED[..SAVED.len() - 1] {
        let second = line(&mut head, NOTES_MOST)?;
        if second.starts_with(CLOCK.as_bytes()) {
            let text = String::from_utf8_lossy(&second);
            let notes = parse_saved(&text).map_err(|why| {
                Error::Msg(format!("{name}:2: the clock and marks a save keeps: {why}"))
            })?;
            saved = Some(Box::new(notes));
        }
    }
    let mut reader = Reader::new(io::Cursor::new(head).chain(input));
    let mut puzzles: Vec<(Board, Board, Board)> = Vec::new();
    while let Some(item) = reader.next().map_err(|e| read_error(&name, e))? {
        if let Some((p, _, at)) = puzzles.last_mut() {
            if at == p && continues(p, &item.board) {
                *at = item.board;
                continue;
            }
        }
        let why = match unique_solution(&item.board) {
            Ok(s) => {
                puzzles.push((item.board, s, item.board));
                continue;
            }
            Err(why) => why,
        };
        return Err(Error::Msg(format!(
            "{name}:{}: board {}: {why}: every puzzle played needs one solution",
            item.line, item.index
        )));
    }
    if puzzles.is_empty() {
        return Err(Error::Msg(format!("{name}: no puzzles to play")));
    }
    if let Some(Saved { notes, .. }) = saved.as_deref() {
        let at = &puzzles[0].2;
        if let Some(c) = (0..81).find(|&c| notes.marks[c] != 0 && at.0[c] != 0) {
            return Err(Error::Msg(format!(
                "{name}:2: the clock and marks a save keeps: pencil marks in {}, which \
                 holds a digit",
                cell_name(c as u8)
            )));
        }
    }
    Ok(Deck::File {
        path: file.clone(),
        name,
        puzzles,
        saved,
    })
}

/// Whether `later` keeps every given of `puzzle` and fills at least one cell besides.
fn continues(puzzle: &Board, later: &Board) -> bool {
    let kept = (0..81).all(|c| puzzle.0[c] == 0 || puzzle.0[c] == later.0[c]);
    kept && later != puzzle
}

/// The signal that ended the game, 0 while none has come.
static SIGNAL: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_signal(sig: libc::c_int) {
    SIGNAL.store(sig, Ordering::Relaxed);
}

const SIGNALS: [libc::c_int; 3] = [libc::SIGTERM, libc::SIGHUP, libc::SIGINT];

fn catch_signals() {
    for sig in SIGNALS {
        // SAFETY: the handler only stores to an atomic; the struct is fully initialised.
        unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
            libc::sigemptyset(&mut sa.sa_mask);
            libc::sigaction(sig, &sa, std::ptr::null_mut());
        }
    }
}

/// Starts the thread that ends the process when the terminal goes away, or when the loop
/// has not acted on a caught signal within a second (the module's note).
fn watch_terminal() {
    const GONE: libc::c_short = libc::POLLHUP | libc::POLLERR | libc::POLLNVAL;
    std::thread::spawn(|| {
        let mut caught: Option<Instant> = None;
        loop {
            // No events asked for: poll reports only a hangup, an error or a closed
            // descriptor, and otherwise sleeps out its quarter second.
            let mut fd = libc::pollfd {
                fd: 0,
                events: 0,
                revents: 0,
            };
            // SAFETY: one pollfd, which lives across the call.
            let n = unsafe { libc::poll(&mut fd, 1, 250) };
            let sig = if n > 0 && fd.revents & GONE != 0 {
                libc::SIGHUP
            } else {
                let sig = SIGNAL.load(Ordering::Relaxed);
                if sig == 0
                    || caught.get_or_insert_with(Instant::now).elapsed() < Duration::from_secs(1)
                {
                    continue;
                }
                restore();
                sig
            };
            end_by(sig);
        }
    });
}

/// Ends the process by `sig` (SIGTERM, SIGHUP or SIGINT), by that signal's default action,
/// from whichever thread calls it.
fn end_by(sig: libc::c_int) {
    // SAFETY: the default action of these signals ends the whole process; raise delivers
    // the signal to the calling thread before it returns.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

/// Puts the terminal back as the game found it.
fn restore() {
    let _ = execute!(
        io::stdout(),
        event::DisableMouseCapture,
        terminal::LeaveAlternateScreen,
        cursor::Show
    );
    let _ = terminal::disable_raw_mode();
}

/// The game's screen: raw mode, the alternate screen, the mouse; restored when dropped.
struct Screen;

impl Screen {
    fn enter() -> io::Result<Screen> {
        terminal::enable_raw_mode()?;
        let screen = Screen;
        screen.show()?;
        Ok(screen)
    }

    /// The alternate screen and the mouse, the cursor hidden (raw mode being on).
    fn show(&self) -> io::Result<()> {
        execute!(
            io::stdout(),
            terminal::EnterAlternateScreen,
            event::EnableMouseCapture,
            cursor::Hide
        )
    }

    /// Ctrl-Z, which raw mode delivers as a key: the terminal put back, the process stopped
    /// as the shell's job control stops it, and the game's screen back once it continues
    /// (`fg`). Where nothing can continue it (a group with no shell to do so), the system
    /// drops the stop and the game goes on at once.
    fn suspend(&self) -> io::Result<()> {
        restore();
        // SAFETY: SIGTSTP's default action stops the process until SIGCONT.
        unsafe {
            libc::raise(libc::SIGTSTP);
        }
        terminal::enable_raw_mode()?;
        self.show()
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

/// Everything on the screen.
struct Ui {
    deck: Deck,
    number: u64,
    game: Game,
    level: Level,
    /// When the clock last started.
    started: Instant,
    /// The time a saved game had taken before it was taken up again.
    earlier: Duration,
    solved_in: Option<Duration>,
    message: String,
    /// The key (`q` or `n`) that, pressed again, drops the unsaved position it asked about.
    asking: Option<char>,
    save: OsString,
    colour: bool,
}

/// Plays: the puzzles of `file`, or new ones at `level` from `seed`; `s` saves to `save`.
pub fn run(file: Option<OsString>, level: Level, seed: u64, save: OsString) -> Result<i32, Error> {
    // SAFETY: isatty only asks about the descriptors.
    let tty = unsafe { libc::isatty(0) == 1 && libc::isatty(1) == 1 };
    if !tty {
        return Err(Error::Msg(
            "--play needs a terminal: standard input and output must both be one".into(),
        ));
    }
    let deck = match &file {
        Some(f) => load(f)?,
        None => Deck::Made(New {
            level,
            seed,
            from: 0,
        }),
    };
    let Some((game, level)) = deck.deal(0) else {
        return Err(Error::Msg("no puzzle could be made at that level".into()));
    };
    let mut ui = Ui {
        deck,
        number: 0,
        game,
        level,
        started: Instant::now(),
        earlier: Duration::ZERO,
        solved_in: None,
        message: String::new(),
        asking: None,
        save,
        colour: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    start(&mut ui);
    catch_signals();
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        default_hook(info);
    }));
    let screen = Screen::enter().map_err(|e| io_error("terminal", e))?;
    watch_terminal();
    let ended = game_loop(&screen, &mut ui);
    drop(screen);
    let sig = SIGNAL.load(Ordering::Relaxed);
    if sig != 0 {
        end_by(sig);
    }
    ended.map(|()| OK).map_err(|e| io_error("terminal", e))
}

fn game_loop(screen: &Screen, ui: &mut Ui) -> io::Result<()> {
    let mut out = io::stdout();
    queue!(out, terminal::Clear(terminal::ClearType::All))?;
    loop {
        draw(&mut out, ui, terminal::size()?)?;
        if SIGNAL.load(Ordering::Relaxed) != 0 {
            return Ok(());
        }
        let ready = match event::poll(Duration::from_millis(250)) {
            Ok(r) => r,
            // crossterm 0.28 retries EINTR itself; the arm is for a source that does not.
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if !ready {
            continue;
        }
        match event::read()? {
            Event::Key(k) if ctrl(&k, 'z') && k.kind != KeyEventKind::Release => {
                let stopped = Instant::now();
                screen.suspend()?;
                // The clock stands still while the game is stopped.
                ui.started += stopped.elapsed();
                queue!(out, terminal::Clear(terminal::ClearType::All))?;
            }
            Event::Key(k) if !key(ui, k) => return Ok(()),
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                if let Some(c) = Layout::of(terminal::size()?).cell_at(m.column, m.row) {
                    ui.game.apply(Move::Select(c));
                }
            }
            Event::Resize(..) => queue!(out, terminal::Clear(terminal::ClearType::All))?,
            _ => {}
        }
    }
}

/// Whether `k` is Ctrl and `c`.
fn ctrl(k: &KeyEvent, c: char) -> bool {
    k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char(c)
}

/// Handles a key; false to quit.
fn key(ui: &mut Ui, k: KeyEvent) -> bool {
    if k.kind == KeyEventKind::Release {
        return true;
    }
    if ctrl(&k, 'c') {
        return false;
    }
    // After a question: the same key again does what it asked about, s saves, and any
    // other key only puts the question away.
    if let Some(again) = ui.asking.take() {
        ui.message.clear();
        if k.code == KeyCode::Char(again) {
            return leave(ui, again);
        }
        if k.code != KeyCode::Char('s') {
            return true;
        }
    }
    let m = match k.code {
        KeyCode::Up | KeyCode::Char('k') => Move::Up,
        KeyCode::Down | KeyCode::Char('j') => Move::Down,
        KeyCode::Left | KeyCode::Char('h') => Move::Left,
        KeyCode::Right | KeyCode::Char('l') => Move::Right,
        KeyCode::Char(d @ '1'..='9') => Move::Digit(d as u8 - b'0'),
        KeyCode::Char('0' | '.' | ' ') | KeyCode::Backspace | KeyCode::Delete => Move::Clear,
        KeyCode::Char('p') => Move::TogglePencil,
        KeyCode::Char('m') => Move::FillMarks,
        KeyCode::Char('c') => Move::Check,
        KeyCode::Char('?') => Move::Hint,
        KeyCode::Char('u') => Move::Undo,
        KeyCode::Char('r') => Move::Redo,
        KeyCode::Char('s') => {
            save(ui);
            return true;
        }
        KeyCode::Char(c @ ('n' | 'q')) => {
            // Work would be lost: changes not saved, on a grid not solved, and (for n) a
            // next puzzle to go to.
            let last = !ui.deck.has(ui.number + 1);
            if ui.game.unsaved && !ui.game.solved() && !(c == 'n' && last) {
                ui.asking = Some(c);
                let what = if c == 'q' {
                    "quit"
                } else {
                    "deal the next puzzle"
                };
                ui.message = format!(
                    "The position is not saved: {c} again to {what}, s to save first \
                     (any other key stays)."
                );
                return true;
            }
            return leave(ui, c);
        }
        _ => return true,
    };
    let pending = ui.game.hint;
    let before = ui.game.board();
    ui.game.apply(m);
    ui.message = match (m, pending) {
        (Move::Check, _) => check_text(ui),
        (Move::Hint, Some(Hint::Step(s))) => format!("Done: {}", s.describe()),
        (Move::Hint, _) => hint_text(ui),
        _ => String::new(),
    };
    // A move that fills the last empty cell is told how the grid stands without a check:
    // solved (which stops the clock), or full with a mistake somewhere.
    let now = ui.game.board();
    if now != before && now.blanks() == 0 {
        if ui.game.solved() {
            ui.game.apply(Move::Check);
            ui.message = check_text(ui);
        } else {
            ui.message =
                "Every cell is filled, but not every digit is right: c shows where.".into();
        }
    }
    true
}

/// Leaves the position: `q` quits (false), `n` deals the next puzzle.
fn leave(ui: &mut Ui, key: char) -> bool {
    if key == 'n' {
        next(ui);
    }
    key != 'q'
}

/// The game's time: stopped when it was solved, else running.
fn elapsed(ui: &Ui) -> Duration {
    ui.solved_in.unwrap_or_else(|| running(ui))
}

fn running(ui: &Ui) -> Duration {
    ui.earlier + ui.started.elapsed()
}

fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

fn names(m: u128) -> String {
    let all: Vec<String> = cells(m).map(cell_name).collect();
    all.join(", ")
}

fn check_text(ui: &mut Ui) -> String {
    let Some(c) = ui.game.checked else {
        return String::new();
    };
    if c.solved {
        let t = match ui.solved_in {
            Some(t) => t,
            None => *ui.solved_in.insert(running(ui)),
        };
        return format!("Solved in {}! n deals the next puzzle.", clock(t));
    }
    let open = ui.game.board().blanks();
    match (c.conflicts, c.wrong) {
        (0, 0) => format!("No mistakes so far; {open} cells to go."),
        (x, w) => {
            let mut parts = Vec::new();
            if x != 0 {
                parts.push(format!("conflicts at {}", names(x)));
            }
            if w != 0 {
                parts.push(format!("{} wrong: {}", w.count_ones(), names(w)));
            }
            format!("Check: {}.", parts.join("; "))
        }
    }
}

fn hint_text(ui: &Ui) -> String {
    match ui.game.hint {
        Some(Hint::Step(s)) => format!("Hint: {} (? again applies it)", s.describe()),
        Some(Hint::Wrong(0)) => "Nothing to hint: the grid is full.".into(),
        Some(Hint::Wrong(w)) => format!("Hint: {} wrong; fix that first.", names(w)),
        None => String::new(),
    }
}

fn next(ui: &mut Ui) {
    let k = ui.number + 1;
    match ui.deck.deal(k) {
        Some((game, level)) => {
            ui.number = k;
            ui.game = game;
            ui.level = level;
            start(ui);
        }
        None => {
            ui.message = match &ui.deck {
                Deck::File { name, .. } if !ui.deck.has(k) => {
                    format!("That was the last puzzle of {name}.")
                }
                _ => "No puzzle could be made at that level.".into(),
            }
        }
    }
}

/// Starts the clock on the game just dealt, from the time a save kept. A game dealt
/// already solved (a saved game finished before its save, or a file of solved grids) has
/// nothing left to time: its clock stands still and the line under the board says so.
fn start(ui: &mut Ui) {
    ui.started = Instant::now();
    ui.earlier = ui.deck.saved(ui.number).0;
    ui.solved_in = None;
    ui.message.clear();
    if ui.game.solved() {
        ui.solved_in = Some(ui.earlier);
        ui.message = "Already solved: n deals the next puzzle.".into();
    }
}

/// The line a saved game starts with.
const SAVED: &[u8] = b"# sudoku --play: the puzzle, then the position reached; --play resumes it\n";

/// How the second line of a save starts.
const CLOCK: &str = "# clock ";

/// The longest second line read: every cell with every digit in both lists fits.
const NOTES_MOST: usize = 4096;

/// What the second line of a save holds: what the boards do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Saved {
    /// The time the game had taken.
    clock: Duration,
    notes: Notes,
    /// The new puzzles that follow the game, when it was dealt among new ones.
    then: Option<New>,
    /// The number the game was shown by, when it was not the first of a file's and no new
    /// puzzles follow it (those give its number).
    number: Option<u64>,
}

/// The second line of a save, what the boards do not hold: the game's time; the cells with
/// pencil marks and those with candidates hints removed, each as `rXcY DIGITS`; for a
/// game dealt new, the level, seed and item of the next new puzzle; for a later game of a
/// file, the number it was shown by:
///
/// ```text
/// # clock 4:12; marks r1c2 35, r1c3 1479; hints removed r2c2 4; then medium seed 7 item 3
/// # clock 0:40; puzzle 17
/// ```
///
/// Other tools read it as the comment it is.
fn notes_line(saved: &Saved) -> String {
    let notes = &saved.notes;
    let mut line = format!("{CLOCK}{}", clock(saved.clock));
    for (what, sets) in [("marks", &notes.marks), ("hints removed", &notes.removed)] {
        let listed: Vec<String> = (0..81u8)
            .filter(|&c| sets[c as usize] != 0)
            .map(|c| {
                let ds = grade::digit_string(sets[c as usize]);
                format!("{} {ds}", cell_name(c))
            })
            .collect();
        if !listed.is_empty() {
            line += &format!("; {what} {}", listed.join(", "));
        }
    }
    if let Some(n) = saved.then {
        line += &format!("; then {} seed {} item {}", n.level.name(), n.seed, n.from);
    }
    if let Some(n) = saved.number {
        line += &format!("; puzzle {n}");
    }
    line + "\n"
}

/// Reads a line as [`notes_line`] writes it, or says what it expected.
fn parse_saved(line: &str) -> Result<Saved, String> {
    let mut parts = line.trim_end().split("; ");
    let first = parts.next().unwrap_or_default();
    let clock = first
        .strip_prefix(CLOCK)
        .and_then(parse_clock)
        .ok_or_else(|| format!("expected '# clock M:SS', found '{first}'"))?;
    let mut saved = Saved {
        clock,
        notes: Notes::NONE,
        then: None,
        number: None,
    };
    const PARTS: [&str; 4] = ["marks", "hints removed", "then", "puzzle"];
    let mut seen = [false; 4];
    for part in parts {
        let Some((i, rest)) = PARTS.iter().enumerate().find_map(|(i, name)| {
            let rest = part.strip_prefix(name)?.strip_prefix(' ')?;
            Some((i, rest))
        }) else {
            return Err(format!(
                "expected 'marks', 'hints removed', 'then' or 'puzzle', found '{part}'"
            ));
        };
        if std::mem::replace(&mut seen[i], true) {
            return Err(format!("'{}' twice", PARTS[i]));
        }
        let sets = match i {
            0 => &mut saved.notes.marks,
            1 => &mut saved.notes.removed,
            3 => {
                let n = whole_number::<u64>(rest).filter(|&n| n > 0);
                saved.number = Some(n.ok_or_else(|| {
                    format!("expected 'puzzle N', N a whole number from 1, found '{part}'")
                })?);
                continue;
            }
            _ => {
                saved.then = Some(parse_then(rest).ok_or_else(|| {
                    format!(
                        "expected 'then LEVEL seed S item K', LEVEL easy, medium or hard, \
                         found '{part}'"
                    )
                })?);
                continue;
            }
        };
        for entry in rest.split(", ") {
            let (c, set) = parse_cell_digits(entry).ok_or_else(|| {
                format!("expected a cell and digits, as 'r1c2 35', found '{entry}'")
            })?;
            if sets[c as usize] != 0 {
                return Err(format!("{} listed twice", cell_name(c)));
            }
            sets[c as usize] = set;
        }
    }
    Ok(saved)
}

/// `LEVEL seed S item K`, as [`notes_line`] writes a game's new puzzles.
fn parse_then(t: &str) -> Option<New> {
    let [level, "seed", seed, "item", from] = *t.split(' ').collect::<Vec<_>>() else {
        return None;
    };
    let level = Level::from_name(level).filter(|&l| l != Level::Expert)?;
    Some(New {
        level,
        seed: whole_number(seed)?,
        from: whole_number(from)?,
    })
}

/// `M:SS`, as [`clock`] writes it.
fn parse_clock(t: &str) -> Option<Duration> {
    let (m, s) = t.split_once(':')?;
    if m.len() > 9 || s.len() != 2 {
        return None;
    }
    let (m, s): (u64, u64) = (whole_number(m)?, whole_number(s)?);
    (s < 60).then(|| Duration::from_secs(m * 60 + s))
}

/// `rXcY DIGITS`: the cell and its digit set, each digit once.
fn parse_cell_digits(entry: &str) -> Option<(u8, u16)> {
    let (cell, ds) = entry.split_once(' ')?;
    let &[b'r', r @ b'1'..=b'9', b'c', c @ b'1'..=b'9'] = cell.as_bytes() else {
        return None;
    };
    let mut set = 0u16;
    for b in ds.bytes() {
        let bit = digit(b.checked_sub(b'0').filter(|d| (1..=9).contains(d))?);
        if set & bit != 0 {
            return None;
        }
        set |= bit;
    }
    (set != 0).then_some(((r - b'1') * 9 + c - b'1', set))
}

/// Saves the game as `load` takes it up again: the [`notes_line`], the puzzle, then the
/// position when the player has placed digits; then a file's puzzles after the game, each
/// with its position if it has one, so that the save goes on as the file did.
fn save(ui: &mut Ui) {
    // A save replaces its file whole. The file being played is replaced only when it is a
    // save itself, or holds this game alone: a file of other puzzles is the player's.
    let mut rest: &[(Board, Board, Board)] = &[];
    if let Deck::File {
        path,
        name,
        puzzles,
        saved,
    } = &ui.deck
    {
        if saved.is_none() && puzzles.len() > 1 && super::same_file(path, &ui.save) {
            ui.message = format!(
                "Not saved: {name} holds the {} puzzles being played, which a save would \
                 replace; -o names another file.",
                puzzles.len()
            );
            return;
        }
        rest = puzzles.get(ui.number as usize + 1..).unwrap_or_default();
    }
    let (puzzle, position) = (*ui.game.puzzle(), ui.game.board());
    let then = ui.deck.new_ones(ui.number + 1);
    let number = Some(ui.deck.number(ui.number)).filter(|&n| then.is_none() && n > 1);
    let notes = notes_line(&Saved {
        clock: elapsed(ui),
        notes: ui.game.notes(),
        then,
        number,
    });
    let mut w = Writer::part(SAVED.len() + notes.len() + (2 + 2 * rest.len()) * 163);
    // Writing into a part cannot fail. The comment lines count as line form, so the
    // puzzle after them has no empty line before it.
    let _ = w.raw(SAVED, Form::Line);
    let _ = w.raw(notes.as_bytes(), Form::Line);
    for (p, _, at) in [(puzzle, puzzle, position)].iter().chain(rest) {
        let _ = w.write(p, Form::Grid);
        if at != p {
            let _ = w.write(at, Form::Grid);
        }
    }
    let part = w.into_part();
    let name = ui.save.to_string_lossy().into_owned();
    let done = super::output::write_output(&ui.save, |out| {
        let mut w = Writer::new(out);
        w.append(&part)
            .and_then(|()| w.flush())
            .map_err(|e| io_error(&name, e))?;
        Ok(OK)
    });
    ui.message = match done {
        Ok(_) => {
            ui.game.unsaved = false;
            match rest.len() {
                0 => format!("Saved to {name}."),
                1 => format!("Saved to {name}, and the puzzle after it."),
                n => format!("Saved to {name}, and the {n} puzzles after it."),
            }
        }
        Err(Error::Msg(m) | Error::Usage { msg: m, .. }) => format!("Not saved: {m}"),
        Err(Error::BrokenPipe) => format!("Not saved: {name}: broken pipe"),
    };
}

/// How the board is drawn at the top left: small, a character a cell, on any terminal of
/// at least [`MIN`]; or large, on one of at least [`LARGE`], three by three characters a
/// cell, with an empty cell's pencil marks in it where a phone keypad has them:
///
/// ```text
///   ╔═══╤═══╤═══╦═══   cell rXcY (r, k from 0) takes rows 4r+1..=4r+3 and columns
///   ║1 3│   │   ║        4k+1..=4k+3: its digit in the middle, (4r+2, 4k+2); or its
///   ║   │ 7 │ . ║        pencil marks, dim, mark m at (4r+1 + (m-1)/3, 4k+1 + (m-1)%3),
///   ║  9│   │   ║        those the hint shown takes underlined (and red), those of the
///   ╟───┼───┼───╫───     selected cell's digit lit like its digits (yellow, not dim);
///                        or, with neither, a '.' in the middle. Thin rules part the
///                        cells, double ones the boxes.
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    Small,
    Large,
}

/// The smallest terminal the large board and its lines fit in.
const LARGE: (u16, u16) = (40, 44);

impl Layout {
    fn of((w, h): (u16, u16)) -> Layout {
        if w >= LARGE.0 && h >= LARGE.1 {
            Layout::Large
        } else {
            Layout::Small
        }
    }

    /// The rows the board takes, its frame included.
    fn rows(self) -> u16 {
        match self {
            Layout::Small => 13,
            Layout::Large => 37,
        }
    }

    /// Screen row and column of the digit of cell `c`.
    fn place_of(self, c: u8) -> (u16, u16) {
        let (r, k) = (c as u16 / 9, c as u16 % 9);
        match self {
            Layout::Small => (1 + r + r / 3, 2 + 2 * k + 2 * (k / 3)),
            Layout::Large => (2 + 4 * r, 2 + 4 * k),
        }
    }

    /// The cell a click at `column`, `row` selects: small, the digit and the space on
    /// each side of it; large, the cell's three by three characters.
    fn cell_at(self, column: u16, row: u16) -> Option<u8> {
        (0..81u8).find(|&c| {
            let (r, k) = self.place_of(c);
            let rows = match self {
                Layout::Small => r..=r,
                Layout::Large => r - 1..=r + 1,
            };
            rows.contains(&row) && column + 1 >= k && column <= k + 1
        })
    }

    /// Row `row` of the board's frame, with spaces where the cells are.
    fn frame(self, row: u16) -> String {
        if self == Layout::Small {
            return match row {
                0 => "╔═══════╤═══════╤═══════╗",
                4 | 8 => "╟───────┼───────┼───────╢",
                12 => "╚═══════╧═══════╧═══════╝",
                _ => "║       │       │       ║",
            }
            .to_string();
        }
        // The left end, the fill, the joints between cells and between boxes, the right end.
        let [left, fill, thin, thick, right] = match row {
            0 => ['╔', '═', '╤', '╦', '╗'],
            36 => ['╚', '═', '╧', '╩', '╝'],
            12 | 24 => ['╠', '═', '╪', '╬', '╣'],
            _ if row.is_multiple_of(4) => ['╟', '─', '┼', '╫', '╢'],
            _ => ['║', ' ', '│', '║', '║'],
        };
        let mut line = String::from(left);
        for k in 0..9 {
            if k > 0 {
                line.push(if k % 3 == 0 { thick } else { thin });
            }
            line.extend([fill; 3]);
        }
        line.push(right);
        line
    }
}

/// The keys, as words.
const KEYS: &str = "arrows/hjkl move · 1-9 place · 0 clear · p pencil · m fill · c check · \
                    ? hint · u undo · r redo · n next · s save · q quit";

/// `text` cut into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let last = lines.last_mut().unwrap();
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// The lines under the board cut to `rows` rows, the status line's among them: `under`
/// (the cell line and the message's lines) first, then `keys` only if the whole of both
/// fits, so that a long hint takes the keys' rows until the next key clears it; a message
/// that still does not fit ends, cut, in '…' on the last row it has.
fn fit_under(
    mut under: Vec<String>,
    keys: Vec<String>,
    rows: u16,
    width: usize,
) -> (Vec<String>, Vec<String>) {
    let room = rows as usize - 1;
    if under.len() + keys.len() <= room {
        return (under, keys);
    }
    if under.len() > room {
        under.truncate(room);
        let last = under.last_mut().unwrap();
        while last.chars().count() + 1 > width {
            last.pop();
        }
        last.push('…');
    }
    (under, Vec::new())
}

/// Draws `ui` on a terminal of `w` columns and `h` rows.
fn draw<W: Write>(out: &mut W, ui: &Ui, (w, h): (u16, u16)) -> io::Result<()> {
    if w < MIN.0 || h < MIN.1 {
        queue!(
            out,
            terminal::Clear(terminal::ClearType::All),
            cursor::MoveTo(0, 0)
        )?;
        for (i, line) in wrap(
            &format!(
                "The terminal is {w}x{h}; the game needs {}x{} at least.",
                MIN.0, MIN.1
            ),
            w.max(1) as usize,
        )
        .iter()
        .enumerate()
        {
            queue!(out, cursor::MoveTo(0, i as u16), Print(line))?;
        }
        return out.flush();
    }
    let layout = Layout::of((w, h));
    for row in 0..layout.rows() {
        queue!(out, cursor::MoveTo(0, row), Print(layout.frame(row)))?;
    }
    let g = &ui.game;
    let board = g.board();
    let sel = g.cursor;
    let sel_digit = board.0[sel as usize];
    let near = PEERS[sel as usize];
    let checked = g.checked.map_or(0, |c| c.conflicts | c.wrong);
    let hinted = g.hint.map_or(0, |h| h.cells());
    for c in 0..81u8 {
        let (r, k) = layout.place_of(c);
        let d = board.0[c as usize];
        let bit = 1u128 << c;
        // The whole cell's background: red checked, green hinted, grey seen by the cursor.
        let background = if !ui.colour {
            None
        } else if checked & bit != 0 {
            Some(Color::Red)
        } else if hinted & bit != 0 {
            Some(Color::DarkGreen)
        } else if near & bit != 0 {
            Some(Color::DarkGrey)
        } else {
            None
        };
        let cell_style = |out: &mut W| -> io::Result<()> {
            if let Some(b) = background {
                queue!(out, SetBackgroundColor(b))?;
            }
            if c == sel {
                queue!(out, SetAttribute(Attribute::Reverse))?;
            }
            Ok(())
        };
        // The pencil marks drawn in the cell: an empty one's on the large board.
        let marks = if d == 0 && layout == Layout::Large {
            g.marks(c)
        } else {
            0
        };
        // The marks a hint shown takes from this cell: underlined (and red) instead of dim.
        let struck = match g.hint {
            Some(Hint::Step(step)) => {
                (0..9).fold(0u16, |m, i| m | ((step.remove[i] >> c & 1) as u16) << i)
            }
            _ => 0,
        };
        // Mark `i + 1` (dim, apart from digits; lit like the digits when it is the
        // selected cell's digit) or a space, at the cursor.
        let mark = |out: &mut W, i: u16| -> io::Result<()> {
            if marks >> i & 1 == 1 {
                let (taken, lit) = (struck >> i & 1 == 1, i as u8 + 1 == sel_digit);
                match (taken, lit, ui.colour) {
                    (false, false, _) => queue!(out, SetAttribute(Attribute::Dim))?,
                    (false, true, true) => queue!(out, SetForegroundColor(Color::Yellow))?,
                    (false, true, false) => {}
                    (true, _, true) => queue!(
                        out,
                        SetForegroundColor(Color::Red),
                        SetAttribute(Attribute::Underlined)
                    )?,
                    (true, _, false) => queue!(out, SetAttribute(Attribute::Underlined))?,
                }
                queue!(out, Print(char::from(b'1' + i as u8)))?;
            } else {
                queue!(out, Print(' '))?;
            }
            queue!(out, SetAttribute(Attribute::Reset), ResetColor)
        };
        if layout == Layout::Large {
            // The eight characters around the digit.
            for i in (0..9u16).filter(|&i| i != 4) {
                queue!(out, cursor::MoveTo(k - 1 + i % 3, r - 1 + i / 3))?;
                cell_style(out)?;
                mark(out, i)?;
            }
        }
        queue!(out, cursor::MoveTo(k, r))?;
        if g.is_given(c) {
            queue!(out, SetAttribute(Attribute::Bold))?;
        } else if ui.colour && d != 0 {
            queue!(out, SetForegroundColor(Color::Cyan))?;
        }
        if d != 0 && d == sel_digit {
            if ui.colour {
                queue!(out, SetForegroundColor(Color::Yellow))?;
            }
            queue!(out, SetAttribute(Attribute::Underlined))?;
        }
        if !ui.colour && (checked | hinted) & bit != 0 {
            queue!(
                out,
                SetAttribute(Attribute::Italic),
                SetAttribute(Attribute::Underlined)
            )?;
        }
        cell_style(out)?;
        if marks != 0 {
            // The middle of a marked cell: its 5, or a space.
            mark(out, 4)?;
        } else {
            let ch = if d == 0 { '.' } else { char::from(b'0' + d) };
            queue!(out, Print(ch), SetAttribute(Attribute::Reset), ResetColor)?;
        }
    }
    // The lines under the board.
    let width = w as usize;
    let marks: String = crate::grade::candidates::digits(g.marks(sel))
        .map(|d| format!(" {d}"))
        .collect();
    let mut under = vec![format!(
        "{}{}{}",
        cell_name(sel),
        if marks.is_empty() { "" } else { "  marks" },
        marks
    )];
    under.extend(wrap(&ui.message, width));
    let top = layout.rows();
    let (under, keys) = fit_under(under, wrap(KEYS, width), h - top, width);
    let status = format!(
        "Puzzle {} · {} · {} · {}",
        ui.deck.number(ui.number),
        ui.level.name(),
        clock(elapsed(ui)),
        if g.pencil { "pencil marks" } else { "digits" }
    );
    let status_row = h - 1 - keys.len() as u16;
    for row in top..h {
        let text = if row < status_row {
            under.get((row - top) as usize).cloned().unwrap_or_default()
        } else if row == status_row {
            status.clone()
        } else {
            keys[(row - status_row - 1) as usize].clone()
        };
        queue!(
            out,
            cursor::MoveTo(0, row),
            Print(text),
            terminal::Clear(terminal::ClearType::UntilNewLine)
        )?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One character cell of a terminal.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Glyph {
        ch: char,
        bold: bool,
        dim: bool,
        italic: bool,
        underlined: bool,
        reverse: bool,
        /// 256-colour palette numbers.
        fg: Option<u8>,
        bg: Option<u8>,
    }

    const BLANK: Glyph = Glyph {
        ch: ' ',
        bold: false,
        dim: false,
        italic: false,
        underlined: false,
        reverse: false,
        fg: None,
        bg: None,
    };

    /// What crossterm's colours are in the 256-colour palette.
    const CYAN: u8 = 14;
    const YELLOW: u8 = 11;
    const RED: u8 = 9;
    const DARK_GREEN: u8 = 2;
    const DARK_GREY: u8 = 8;

    /// The screen a `w`×`h` terminal shows after `bytes`: a terminal that knows the
    /// sequences the game writes (cursor moves, clearing, attributes and colours) and
    /// fails on any other.
    fn render(bytes: &[u8], (w, h): (u16, u16)) -> Vec<Vec<Glyph>> {
        let mut screen = vec![vec![BLANK; w as usize]; h as usize];
        let (mut row, mut col, mut pen) = (0, 0, BLANK);
        let mut chars = std::str::from_utf8(bytes).unwrap().chars();
        while let Some(ch) = chars.next() {
            if ch != '\x1b' {
                screen[row][col] = Glyph { ch, ..pen };
                col += 1;
                continue;
            }
            assert_eq!(chars.next(), Some('['));
            let mut params = String::new();
            let end = loop {
                match chars.next().unwrap() {
                    c if c.is_ascii_alphabetic() => break c,
                    c => params.push(c),
                }
            };
            let mut n = params.split(';').map(|p| p.parse::<usize>().unwrap_or(0));
            match end {
                'H' => {
                    row = n.next().unwrap() - 1;
                    col = n.next().unwrap() - 1;
                }
                'J' if params == "2" => screen.iter_mut().for_each(|l| l.fill(BLANK)),
                'K' if params.is_empty() => screen[row][col..].fill(BLANK),
                'm' => {
                    while let Some(a) = n.next() {
                        match a {
                            0 => pen = BLANK,
                            1 => pen.bold = true,
                            2 => pen.dim = true,
                            3 => pen.italic = true,
                            4 => pen.underlined = true,
                            7 => pen.reverse = true,
                            38 | 48 => {
                                assert_eq!(n.next(), Some(5), "{params}");
                                let c = Some(n.next().unwrap() as u8);
                                *(if a == 38 { &mut pen.fg } else { &mut pen.bg }) = c;
                            }
                            _ => panic!("SGR {params}"),
                        }
                    }
                }
                _ => panic!("unknown sequence ESC [ {params} {end}"),
            }
        }
        screen
    }

    fn text(line: &[Glyph]) -> String {
        line.iter()
            .map(|g| g.ch)
            .collect::<String>()
            .trim_end()
            .to_string()
    }

    /// The terminal test's puzzles: the first's first step is a naked pair, the second's
    /// a single.
    const PAIR_FIRST: &str =
        "6.........8..9.1..2.4.58......7....5....1.7.85....2.4....4..3..4.2....9...3.6....";
    const SINGLE_FIRST: &str =
        ".76.....1...8......8..9..3.....1......3.2.6.549.6......6...29..........3...97.24.";

    /// A game of the first puzzle, its clock stopped at 1:15.
    fn new_ui(colour: bool) -> Ui {
        ui_of(PAIR_FIRST, colour)
    }

    fn ui_of(puzzle: &str, colour: bool) -> Ui {
        let p = Board::from_line(puzzle);
        Ui {
            deck: Deck::Made(New {
                level: Level::Medium,
                seed: 0,
                from: 0,
            }),
            number: 2,
            game: Game::new(p, unique_solution(&p).unwrap()),
            level: Level::Medium,
            started: Instant::now(),
            earlier: Duration::ZERO,
            solved_in: Some(Duration::from_secs(75)),
            message: String::new(),
            asking: None,
            save: "unused".into(),
            colour,
        }
    }

    /// Draws `ui` at `size` and checks every cell of the board against the module's
    /// picture (the large board's against `Layout`'s), from the game's state alone: frame,
    /// digits, pencil marks, attributes, colours; then the lines under it. Returns the
    /// screen.
    fn check_drawn(ui: &Ui, size: (u16, u16)) -> Vec<Vec<Glyph>> {
        let mut out = Vec::new();
        draw(&mut out, ui, size).unwrap();
        let screen = render(&out, size);
        let large = size.0 >= 40 && size.1 >= 44;
        let board_rows = if large { 37 } else { 13 };
        if large {
            for (row, line) in screen[..37].iter().enumerate() {
                let want = match row {
                    0 => "╔═══╤═══╤═══╦═══╤═══╤═══╦═══╤═══╤═══╗",
                    12 | 24 => "╠═══╪═══╪═══╬═══╪═══╪═══╬═══╪═══╪═══╣",
                    36 => "╚═══╧═══╧═══╩═══╧═══╧═══╩═══╧═══╧═══╝",
                    _ if row % 4 == 0 => "╟───┼───┼───╫───┼───┼───╫───┼───┼───╢",
                    _ => "║???│???│???║???│???│???║???│???│???║",
                };
                // '?' stands for whatever a cell shows there, checked below.
                let got = text(line);
                assert_eq!(got.chars().count(), want.chars().count(), "row {row}");
                for (g, w) in got.chars().zip(want.chars()) {
                    assert!(w == g || w == '?', "row {row}: {got}");
                }
            }
        } else {
            for (row, left) in [(0, '╔'), (4, '╟'), (8, '╟'), (12, '╚'), (1, '║'), (11, '║')]
            {
                assert_eq!(screen[row][0].ch, left, "row {row}");
            }
            assert_eq!(text(&screen[0]), "╔═══════╤═══════╤═══════╗");
            assert_eq!(text(&screen[12]), "╚═══════╧═══════╧═══════╝");
        }
        let g = &ui.game;
        let board = g.board();
        let sel = g.cursor as usize;
        let lit = board.0[sel];
        let (checked, hinted) = (
            g.checked.map_or(0, |c| c.conflicts | c.wrong),
            g.hint.map_or(0, |h| h.cells()),
        );
        for c in 0..81 {
            let (r, k) = (c / 9, c % 9);
            let (row, col) = if large {
                (2 + 4 * r, 2 + 4 * k)
            } else {
                (1 + r + r / 3, 2 + 2 * k + 2 * (k / 3))
            };
            let glyph = screen[row][col];
            let d = board.0[c];
            let marks = if d == 0 && large { g.marks(c as u8) } else { 0 };
            let near = c != sel
                && (r == sel / 9 || k == sel % 9 || (r / 3, k / 3) == (sel / 27, sel % 9 / 3));
            let marked = (checked | hinted) >> c & 1 == 1;
            let lit = d != 0 && d == lit;
            let bg = if !ui.colour {
                None
            } else if checked >> c & 1 == 1 {
                Some(RED)
            } else if hinted >> c & 1 == 1 {
                Some(DARK_GREEN)
            } else {
                near.then_some(DARK_GREY)
            };
            // Mark m: shown dim, or, when the hint shown takes it from this cell,
            // underlined and red.
            let shown = |m: usize| marks >> (m - 1) & 1 == 1;
            let taken = |m: usize| {
                shown(m) && matches!(g.hint, Some(Hint::Step(s)) if s.remove[m - 1] >> c & 1 == 1)
            };
            // Lit (yellow, not dim) when it is the selected cell's digit.
            let lit_mark = |m: usize| shown(m) && !taken(m) && m as u8 == board.0[sel];
            // Its colour: red taken, yellow lit, else none.
            let mark_fg = |m: usize| match (ui.colour, taken(m), lit_mark(m)) {
                (false, _, _) => None,
                (true, true, _) => Some(RED),
                (true, false, lit) => lit.then_some(YELLOW),
            };
            let want = Glyph {
                ch: match d {
                    0 if shown(5) => '5',
                    0 if marks != 0 => ' ',
                    0 => '.',
                    _ => char::from(b'0' + d),
                },
                bold: g.is_given(c as u8),
                dim: shown(5) && !taken(5) && !lit_mark(5),
                italic: !ui.colour && marked,
                underlined: lit || !ui.colour && marked || taken(5),
                reverse: c == sel,
                fg: match (ui.colour, lit, d != 0 && !g.is_given(c as u8)) {
                    (false, _, _) => None,
                    (true, true, _) => Some(YELLOW),
                    (true, false, player) => player.then_some(CYAN).or(mark_fg(5)),
                },
                bg,
            };
            assert_eq!(glyph, want, "cell {}", cell_name(c as u8));
            if large {
                // Around the digit: the pencil marks, keypad-wise, on the cell's
                // background.
                for m in (1..=9).filter(|&m| m != 5) {
                    let (y, x) = (row - 1 + (m - 1) / 3, col - 1 + (m - 1) % 3);
                    let want = Glyph {
                        ch: if marks >> (m - 1) & 1 == 1 {
                            char::from(b'0' + m as u8)
                        } else {
                            ' '
                        },
                        dim: shown(m) && !taken(m) && !lit_mark(m),
                        underlined: taken(m),
                        fg: mark_fg(m),
                        reverse: c == sel,
                        bg,
                        ..BLANK
                    };
                    assert_eq!(screen[y][x], want, "{} mark {m}", cell_name(c as u8));
                }
            } else {
                // The spaces around a digit are plain.
                let right = screen[row][col + 1];
                assert_eq!(right, BLANK, "right of {}", cell_name(c as u8));
            }
        }
        // Under the board: the cell and its marks, the message, the status line last but
        // the keys, and nothing else; the keys only where the message leaves them room,
        // and a message too long even without them cut, in '…'.
        let rows: Vec<String> = screen[board_rows..].iter().map(|l| text(l)).collect();
        let marks: Vec<String> = crate::grade::candidates::digits(g.marks(sel as u8))
            .map(|d| d.to_string())
            .collect();
        let mut want = vec![if marks.is_empty() {
            cell_name(sel as u8)
        } else {
            format!("{}  marks {}", cell_name(sel as u8), marks.join(" "))
        }];
        want.extend(wrap(&ui.message, size.0 as usize));
        let mut keys = wrap(KEYS, size.0 as usize);
        let room = rows.len() - 1;
        if want.len() + keys.len() > room {
            keys.clear();
        }
        if want.len() > room {
            let cut: String = want[room - 1].chars().take(size.0 as usize - 1).collect();
            want.truncate(room - 1);
            want.push(cut + "…");
        }
        want.resize(room - keys.len(), String::new());
        want.push(format!(
            "Puzzle {} · {} · {} · {}",
            ui.deck.number(ui.number),
            ui.level.name(),
            clock(elapsed(ui)),
            if g.pencil { "pencil marks" } else { "digits" }
        ));
        want.extend(keys);
        assert_eq!(rows, want);
        screen
    }

    /// `check_drawn` on the large board, at its least size and roomier, then on the small
    /// one, whose screen it returns.
    fn check_sizes(ui: &Ui) -> Vec<Vec<Glyph>> {
        for large in [(40, 44), (100, 50)] {
            let screen = check_drawn(ui, large);
            assert!(screen[36][0].ch == '╚', "{large:?}");
        }
        for small in [(40, 43), (120, 43)] {
            assert_eq!(check_drawn(ui, small)[12][0].ch, '╚', "{small:?}");
        }
        check_drawn(ui, (80, 24))
    }

    #[test]
    fn the_board_is_drawn_as_the_picture_says() {
        for colour in [true, false] {
            let mut ui = new_ui(colour);
            let screen = check_sizes(&ui);
            assert_eq!(text(&screen[21]), "Puzzle 3 · medium · 1:15 · digits");
            assert_eq!(ui.game.cursor, 1);
            // Digits of the player, one wrong; a check; the cursor on a given (its 8s lit),
            // then on a digit of the player's (lit with the givens of its digit).
            let s = unique_solution(ui.game.puzzle()).unwrap();
            let (right, wrong) = (9, 2);
            for (c, d) in [
                (1, s.0[1]),
                (right, s.0[right]),
                (wrong, s.0[wrong] % 9 + 1),
            ] {
                ui.game.apply(Move::Select(c as u8));
                ui.game.apply(Move::Digit(d));
            }
            ui.game.apply(Move::Select(10));
            ui.game.apply(Move::Check);
            ui.message = check_text(&mut ui);
            assert!(ui.game.checked.unwrap().wrong != 0);
            check_sizes(&ui);
            ui.game.apply(Move::Select(1));
            check_sizes(&ui);
            // Pencil marks in an empty selected cell; a hint of wrong digits.
            ui.game.apply(Move::Select(3));
            ui.game.apply(Move::TogglePencil);
            for d in [5, 2] {
                ui.game.apply(Move::Digit(d));
            }
            ui.game.apply(Move::Hint);
            ui.message = hint_text(&ui);
            assert!(matches!(ui.game.hint, Some(Hint::Wrong(_))));
            let screen = check_sizes(&ui);
            assert_eq!(text(&screen[13]), "r1c4  marks 2 5");
            // On the large board, in r1c4 itself: the 2 above the middle, the 5 in it
            // (beside the player's 3 and wrong 2).
            let large = check_drawn(&ui, (80, 50));
            assert!(text(&large[1]).starts_with("║   │   │   ║ 2 │"));
            assert!(text(&large[2]).starts_with("║ 6 │ 3 │ 2 ║ 5 │"));
            assert_eq!(text(&screen[14]), "Hint: r1c3 wrong; fix that first.");
            // A new game's first hint, a naked pair: the pair's cells and those it
            // clears; on a narrow terminal, the clock running.
            let mut ui = new_ui(colour);
            ui.game.apply(Move::TogglePencil);
            ui.game.apply(Move::Hint);
            ui.message = hint_text(&ui);
            let Some(Hint::Step(step)) = ui.game.hint else {
                panic!("{:?}", ui.game.hint);
            };
            assert!(ui.message.contains("naked pair"), "{}", ui.message);
            assert!(step.cells != 0 && step.remove.iter().any(|&r| r != 0));
            ui.solved_in = None;
            ui.started = Instant::now() - Duration::from_secs(61);
            let screen = check_drawn(&ui, (40, 20));
            assert!(text(&screen[19]).contains(" · 1:01 · pencil marks"));
            // All of it there, in three lines where the keys were; at 80 columns, in two
            // lines above the keys.
            let shown: Vec<String> = screen[14..17].iter().map(|l| text(l)).collect();
            assert_eq!(shown.join(" "), ui.message);
            assert_eq!(text(&screen[17]), "");
            let wide = check_drawn(&ui, (80, 24));
            assert!(text(&wide[23]).ends_with("q quit"));
            // A message too long for the rows under the board even without the keys.
            ui.message = [ui.message.as_str(); 3].join(" ");
            let screen = check_drawn(&ui, (40, 20));
            assert!(text(&screen[18]).ends_with('…'));
            check_sizes(&ui);
            // A hint of a single: its cell.
            let mut ui = ui_of(SINGLE_FIRST, colour);
            ui.game.apply(Move::Hint);
            assert!(matches!(ui.game.hint, Some(Hint::Step(s)) if s.place.is_some()));
            check_sizes(&ui);
            // Every empty cell's candidates as marks: some with a 5 in the middle, some
            // without.
            ui.game.apply(Move::FillMarks);
            let fives = (0..81).filter(|&c| ui.game.marks(c) & 1 << 4 != 0).count();
            assert!(fives > 0 && fives < ui.game.board().blanks());
            check_sizes(&ui);
            // The cursor on the given 7 of r1c2: the 7s among the marks are lit too.
            ui.game.apply(Move::Select(1));
            assert_eq!(ui.game.board().0[1], 7);
            assert!((0..81).any(|c| ui.game.marks(c) & digit(7) != 0));
            check_sizes(&ui);
            // The naked pair's hint on every cell's marks: those it takes are
            // underlined (red), r1c7's 9 the first.
            let mut ui = new_ui(colour);
            ui.game.apply(Move::FillMarks);
            ui.game.apply(Move::Hint);
            assert!(hint_text(&ui).contains("r1c7 <> 9; r4c7 <> 69"));
            check_sizes(&ui);
            let nine = check_drawn(&ui, (80, 50))[3][27];
            assert_eq!((nine.ch, nine.underlined), ('9', true));
        }
    }

    /// `b` in grid form, without the empty line that parts boards.
    fn grid_text(b: &Board) -> String {
        let mut g = [0u8; 162];
        crate::stream::write::format_grid(b, &mut g);
        String::from_utf8(g.to_vec()).unwrap()
    }

    /// Every game of `d`, dealt in order: its puzzle and the position it starts at.
    fn games(d: &Deck) -> Vec<(Board, Board)> {
        (0..)
            .map_while(|k| d.deal(k))
            .map(|(g, _)| (*g.puzzle(), g.board()))
            .collect()
    }

    /// `b` in line form, with its newline.
    fn line_text(b: &Board) -> String {
        let mut l = [0u8; 81];
        crate::stream::write::format_line(b, &mut l);
        String::from_utf8(l.to_vec()).unwrap() + "\n"
    }

    fn press(ui: &mut Ui, c: char) -> bool {
        key(ui, KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
    }

    #[test]
    fn n_and_q_ask_before_dropping_a_changed_position_and_s_answers_by_saving() {
        let dir = crate::cli::scratch_dir("play-keys");
        let puzzles = [PAIR_FIRST, SINGLE_FIRST, PAIR_FIRST].map(|l| {
            let p = Board::from_line(l);
            (p, unique_solution(&p).unwrap(), p)
        });
        let mut ui = new_ui(false);
        ui.deck = Deck::File {
            path: "p.txt".into(),
            name: "p.txt".into(),
            puzzles: puzzles.to_vec(),
            saved: None,
        };
        ui.number = 0;
        ui.save = dir.join("missing").join("saved.txt").into();
        let asked = |c: char, what: &str| {
            format!("The position is not saved: {c} again to {what}, s to save first (any other key stays).")
        };
        // Nothing changed: n deals at once.
        assert!(press(&mut ui, 'n'));
        assert_eq!((ui.number, ui.message.as_str()), (1, ""));
        // A digit placed: n asks; another key puts the question away and does nothing
        // else; n, n deals.
        assert!(press(&mut ui, '5'));
        let (board, cursor) = (ui.game.board(), ui.game.cursor);
        assert!(press(&mut ui, 'n'));
        assert_eq!(ui.message, asked('n', "deal the next puzzle"));
        assert!(press(&mut ui, 'l'));
        assert_eq!((ui.number, ui.message.as_str()), (1, ""));
        assert_eq!((ui.game.board(), ui.game.cursor), (board, cursor));
        assert!(press(&mut ui, 'n') && press(&mut ui, 'n'));
        assert_eq!((ui.number, ui.message.as_str()), (2, ""));
        assert_eq!(ui.game.board(), puzzles[2].0);
        // On the last puzzle, n has nothing to deal and so nothing to ask.
        assert!(press(&mut ui, '5') && press(&mut ui, 'n'));
        assert_eq!(ui.message, "That was the last puzzle of p.txt.");
        // q asks; s answers by saving, which fails here, so q asks again; saved, q quits.
        assert!(press(&mut ui, 'q'));
        assert_eq!(ui.message, asked('q', "quit"));
        assert!(press(&mut ui, 's'));
        assert!(ui.message.starts_with("Not saved: "), "{}", ui.message);
        assert!(press(&mut ui, 'q'));
        assert_eq!(ui.message, asked('q', "quit"));
        let saved = dir.join("saved.txt");
        ui.save = saved.clone().into();
        assert!(press(&mut ui, 's'));
        assert_eq!(ui.message, format!("Saved to {}.", saved.display()));
        assert!(std::fs::read_to_string(&saved).unwrap().contains(" 5 "));
        assert!(!press(&mut ui, 'q'));
        // q, q quits a changed position unsaved.
        let mut ui = new_ui(false);
        assert!(press(&mut ui, '5') && press(&mut ui, 'q') && !press(&mut ui, 'q'));
        // A solved grid is not asked about.
        let mut ui = new_ui(false);
        let (p, s, _) = puzzles[0];
        for c in (0..81).filter(|&c| p.0[c] == 0) {
            ui.game.apply(Move::Select(c as u8));
            ui.game.apply(Move::Digit(s.0[c]));
        }
        assert!(ui.game.unsaved && ui.game.solved());
        assert!(!press(&mut ui, 'q'));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_saved_game_is_resumed_where_it_was_left() {
        let dir = crate::cli::scratch_dir("play-resume");
        let saved = dir.join("saved.txt");
        let mut ui = new_ui(false);
        ui.save = saved.clone().into();
        let puzzle = *ui.game.puzzle();
        let deck = |text: &str| {
            let f = dir.join("deck.txt");
            std::fs::write(&f, text).unwrap();
            load(&f.into_os_string())
        };
        // The game is puzzle 3 (from 1) of new medium ones from seed 0, and the save names
        // those after it: a deck of the game, then them.
        let made = Deck::Made(New {
            level: Level::Medium,
            seed: 0,
            from: 0,
        });
        let played = |d: &Deck, k: u64| d.deal(k).map(|(g, l)| (*g.puzzle(), g.board(), l));
        let fourth = played(&made, 3).unwrap();
        assert_ne!(fourth.0, puzzle);
        // Nothing placed: the save is the clock and the puzzle alone, and plays as it, its
        // clock going on from the time saved (the game's stands at 1:15).
        assert!(press(&mut ui, 's'));
        let header = std::str::from_utf8(SAVED).unwrap();
        let text = std::fs::read_to_string(&saved).unwrap();
        assert_eq!(
            text,
            format!(
                "{header}# clock 1:15; then medium seed 0 item 3\n{}",
                grid_text(&puzzle)
            )
        );
        let d = deck(&text).unwrap();
        let (p, at, _) = played(&d, 0).unwrap();
        assert_eq!((p, at), (puzzle, puzzle));
        assert_eq!(played(&d, 1), Some(fourth));
        assert!(d.has(1) && d.has(9));
        assert_eq!(
            (d.saved(0).0, d.saved(1).0),
            (Duration::from_secs(75), Duration::ZERO)
        );
        // A right digit, a wrong one that repeats a given in its row (r1c1 is 6), and pencil
        // marks: the position follows the puzzle, and comes back with both digits as the
        // player's and the marks where they were.
        let right = unique_solution(&puzzle).unwrap().0[1];
        // The cursor starts at r1c2, the first empty cell.
        for k in [
            char::from(b'0' + right),
            'l',
            '6',
            'l',
            'p',
            '5',
            '2',
            'p',
            's',
        ] {
            assert!(press(&mut ui, k));
        }
        let position = ui.game.board();
        assert_eq!((position.0[1], position.0[2]), (right, 6));
        let text = std::fs::read_to_string(&saved).unwrap();
        assert_eq!(
            text,
            format!(
                "{header}# clock 1:15; marks r1c4 25; then medium seed 0 item 3\n{}\n{}",
                grid_text(&puzzle),
                grid_text(&position)
            )
        );
        let d = deck(&text).unwrap();
        let (p, at, _) = played(&d, 0).unwrap();
        assert_eq!((p, at), (puzzle, position));
        let (g, _) = d.deal(0).unwrap();
        assert!(!g.unsaved && !g.is_given(1) && !g.is_given(2));
        assert_eq!((g.cursor, g.check().conflicts.count_ones()), (3, 2));
        assert_eq!(g.notes(), ui.game.notes());
        assert_eq!(g.marks(3), digit(2) | digit(5));
        // Dealt, the game's clock goes on from the time saved.
        let mut resumed = new_ui(false);
        (resumed.deck, resumed.number) = (d, 0);
        resumed.save = saved.clone().into();
        resumed.game = g;
        start(&mut resumed);
        assert_eq!(
            (clock(elapsed(&resumed)).as_str(), resumed.message.as_str()),
            ("1:15", "")
        );
        // It is still puzzle 3, and the one dealt after it puzzle 4.
        let status = |ui: &Ui| self::text(&check_drawn(ui, (80, 24))[21]);
        assert_eq!(status(&resumed), "Puzzle 3 · medium · 1:15 · digits");
        // n (nothing changed since the save): the next new puzzle, whose save names the one
        // after it.
        assert!(press(&mut resumed, 'n'));
        assert_eq!(resumed.number, 1);
        assert_eq!(status(&resumed), "Puzzle 4 · medium · 0:00 · digits");
        assert_eq!(
            (*resumed.game.puzzle(), resumed.level),
            (fourth.0, Level::Medium)
        );
        assert!(press(&mut resumed, 's'));
        let text = std::fs::read_to_string(&saved).unwrap();
        assert!(
            text.contains("\n# clock 0:00; then medium seed 0 item 4\n"),
            "{text}"
        );
        // Among other puzzles, each board that continues the puzzle before it is that
        // puzzle's position (a board the same as it is a puzzle again, as is a board after a
        // position, which must then be one).
        let other = Board::from_line(SINGLE_FIRST);
        let text = [puzzle, position, other, other, puzzle]
            .map(|b| line_text(&b))
            .concat();
        assert_eq!(
            games(&deck(&text).unwrap()),
            [
                (puzzle, position),
                (other, other),
                (other, other),
                (puzzle, puzzle)
            ]
        );
        let text = [puzzle, position, position].map(|b| line_text(&b)).concat();
        match deck(&text) {
            Err(Error::Msg(m)) => assert!(m.contains("deck.txt:3: board 3: invalid puzzle"), "{m}"),
            _ => panic!("a second position read as one"),
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_game_dealt_solved_has_its_clock_stopped_at_naught() {
        let dir = crate::cli::scratch_dir("play-solved");
        let file = dir.join("deck.txt");
        let puzzle = Board::from_line(PAIR_FIRST);
        let solution = unique_solution(&puzzle).unwrap();
        let other = Board::from_line(SINGLE_FIRST);
        let text = [puzzle, solution, solution, other].map(|b| line_text(&b));
        std::fs::write(&file, text.concat()).unwrap();
        let mut ui = new_ui(false);
        ui.deck = load(&file.into_os_string()).unwrap();
        ui.number = 0;
        (ui.game, ui.level) = ui.deck.deal(0).unwrap();
        // The saved position is the whole solution: solved, and the clock at 0:00 however
        // long the screen stands.
        start(&mut ui);
        assert!(ui.game.solved());
        assert_eq!(ui.message, "Already solved: n deals the next puzzle.");
        ui.started = Instant::now() - Duration::from_secs(61);
        assert_eq!(clock(elapsed(&ui)), "0:00");
        // A solved grid read as a puzzle is dealt the same way; a puzzle with cells to fill
        // has its clock running from the deal, with nothing said.
        assert!(press(&mut ui, 'n'));
        assert_eq!((ui.number, ui.game.board()), (1, solution));
        assert_eq!(ui.message, "Already solved: n deals the next puzzle.");
        assert_eq!(ui.solved_in, Some(Duration::ZERO));
        assert!(press(&mut ui, 'n'));
        assert_eq!((ui.number, ui.game.board()), (2, other));
        assert_eq!((ui.solved_in, ui.message.as_str()), (None, ""));
        ui.started = Instant::now() - Duration::from_secs(61);
        assert_eq!(clock(elapsed(&ui)), "1:01");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_clock_and_marks_line_reads_back_as_written_and_a_bad_one_is_named() {
        let mut notes = Notes::NONE;
        notes.marks[1] = digit(3) | digit(5);
        notes.marks[80] = crate::grade::candidates::ALL;
        notes.removed[10] = digit(4);
        let saved = Saved {
            clock: Duration::from_secs(252),
            notes,
            then: Some(New {
                level: Level::Hard,
                seed: 7,
                from: 3,
            }),
            number: None,
        };
        let line = notes_line(&saved);
        assert_eq!(
            line,
            "# clock 4:12; marks r1c2 35, r9c9 123456789; hints removed r2c2 4; \
             then hard seed 7 item 3\n"
        );
        assert_eq!(parse_saved(&line), Ok(saved));
        let alone = Saved {
            then: None,
            number: Some(17),
            ..saved
        };
        let line = notes_line(&alone);
        assert!(
            line.ends_with("; hints removed r2c2 4; puzzle 17\n"),
            "{line}"
        );
        assert_eq!(parse_saved(&line), Ok(alone));
        // The longest line there can be is read whole.
        let full = Saved {
            clock: Duration::from_secs(999_999 * 60 + 59),
            notes: Notes {
                marks: [crate::grade::candidates::ALL; 81],
                removed: [crate::grade::candidates::ALL; 81],
            },
            then: Some(New {
                level: Level::Medium,
                seed: u64::MAX,
                from: u64::MAX,
            }),
            number: Some(u64::MAX),
        };
        let long = notes_line(&full);
        assert!(long.len() < NOTES_MOST, "{}", long.len());
        assert_eq!(parse_saved(&long), Ok(full));
        // From a file: the line after the save's first, with the file's line number.
        let dir = crate::cli::scratch_dir("play-notes");
        let file = dir.join("deck.txt");
        let load_text = |text: &str| {
            std::fs::write(&file, text).unwrap();
            load(&file.clone().into_os_string())
        };
        let header = std::str::from_utf8(SAVED).unwrap();
        let at = format!(
            "{}:2: the clock and marks a save keeps: ",
            file.to_string_lossy()
        );
        let bad_cell = |e: &str| format!("expected a cell and digits, as 'r1c2 35', found '{e}'");
        let bad_part =
            |p: &str| format!("expected 'marks', 'hints removed', 'then' or 'puzzle', found '{p}'");
        let bad_clock = |c: &str| format!("expected '# clock M:SS', found '{c}'");
        let clocks = [
            "# clock 4:2",
            "# clock 4:60",
            "# clock :12",
            "# clock -1:12",
            "# clock +1:12",
            "# clock 1:+2",
            "# clock 1:12;marks r1c2 3",
        ];
        let clocks = clocks.map(|c| (c, bad_clock(c)));
        let bad_then = |t: &str| {
            format!("expected 'then LEVEL seed S item K', LEVEL easy, medium or hard, found '{t}'")
        };
        let thens = [
            "then expert seed 1 item 2",
            "then medium seed +1 item 2",
            "then medium seed 1 item -2",
            "then medium seed 1 item",
            "then medium seed 1 item 2 3",
            "then medium  seed 1 item 2",
            "then medium seed 18446744073709551616 item 2",
            "then  item 2",
        ];
        let thens = thens.map(|t| (format!("# clock 4:12; {t}"), bad_then(t)));
        let thens = thens.iter().map(|(l, why)| (l.as_str(), why.clone()));
        for (second, why) in clocks.into_iter().chain(thens).chain([
            ("# clock 4:12; pencil r1c2 3", bad_part("pencil r1c2 3")),
            ("# clock 4:12; marks r1c2", bad_cell("r1c2")),
            ("# clock 4:12; marks r0c2 3", bad_cell("r0c2 3")),
            ("# clock 4:12; marks r1c2 33", bad_cell("r1c2 33")),
            ("# clock 4:12; marks r1c2 30", bad_cell("r1c2 30")),
            (
                "# clock 4:12; marks r1c2 3,r1c3 4",
                bad_cell("r1c2 3,r1c3 4"),
            ),
            (
                "# clock 4:12; marks r1c2 3, r1c2 4",
                "r1c2 listed twice".into(),
            ),
            (
                "# clock 4:12; marks r1c2 3; marks r1c3 4",
                "'marks' twice".into(),
            ),
            (
                "# clock 4:12; hints removed r1c2 3; hints removed r1c3 4",
                "'hints removed' twice".into(),
            ),
            (
                "# clock 4:12; marks r1c1 3",
                "pencil marks in r1c1, which holds a digit".into(),
            ),
            (
                "# clock 4:12; then medium seed 1 item 2; then easy seed 1 item 3",
                "'then' twice".into(),
            ),
            ("# clock 4:12; puzzle 2; puzzle 3", "'puzzle' twice".into()),
            (
                "# clock 4:12; puzzle 0",
                "expected 'puzzle N', N a whole number from 1, found 'puzzle 0'".into(),
            ),
            (
                "# clock 4:12; puzzle 2 of 3",
                "expected 'puzzle N', N a whole number from 1, found 'puzzle 2 of 3'".into(),
            ),
            (
                "# clock 4:12; thenmedium seed 1 item 2",
                bad_part("thenmedium seed 1 item 2"),
            ),
        ]) {
            match load_text(&format!("{header}{second}\n{PAIR_FIRST}\n")) {
                Err(Error::Msg(m)) => assert_eq!(m, format!("{at}{why}")),
                _ => panic!("{second}: loaded"),
            }
        }
        // Candidates removed from a filled cell are no error (a cell filled after a hint
        // took candidates from it keeps them so); a byte-order mark and \r\n endings are
        // read; the line is a comment like any other where the file does not start as a
        // save, and a save without it has no clock.
        let clock_of = |text: &str| load_text(text).unwrap().saved(0).0.as_secs();
        let puzzle = format!("{PAIR_FIRST}\n");
        assert_eq!(
            clock_of(&format!(
                "{header}# clock 0:05; hints removed r1c1 3\n{puzzle}"
            )),
            5
        );
        let crlf = format!(
            "\u{feff}{}\r\n# clock 2:00\r\n{PAIR_FIRST}\r\n",
            header.trim_end()
        );
        assert_eq!(clock_of(&crlf), 120);
        assert_eq!(clock_of(&format!("# saved\n# clock 2:00\n{puzzle}")), 0);
        assert_eq!(
            clock_of(&format!("{header}# a note\n# clock 2:00\n{puzzle}")),
            0
        );
        assert_eq!(clock_of(&format!("{header}{puzzle}")), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_clock_and_marks_line_bent_byte_by_byte_is_read_or_refused_without_a_panic() {
        // Lines a byte or a few away from one notes_line writes: each is refused, or read
        // as notes that notes_line writes back to a line read as the same.
        let mut notes = Notes::NONE;
        notes.marks[1] = digit(3) | digit(5);
        notes.marks[40] = digit(9);
        notes.removed[10] = digit(4) | digit(1);
        let then = Some(New {
            level: Level::Easy,
            seed: 12,
            from: 345,
        });
        let line = notes_line(&Saved {
            clock: Duration::from_secs(252),
            notes,
            then,
            number: Some(6),
        })
        .into_bytes();
        let alphabet = b"# clock:;,rc0123456789 markshintsremovedthenasyseeditmpuz\xff";
        let mut rng = crate::gen::random::Rng::for_item(3, 0);
        let (mut read, mut refused) = (0, 0);
        for _ in 0..20_000 {
            let mut bent = line.clone();
            for _ in 0..=rng.below(3) {
                let at = rng.below(bent.len() as u32) as usize;
                let b = alphabet[rng.below(alphabet.len() as u32) as usize];
                match rng.below(3) {
                    0 => bent[at] = b,
                    1 => bent.insert(at, b),
                    _ => drop(bent.remove(at)),
                }
            }
            let text = String::from_utf8_lossy(&bent);
            match parse_saved(&text) {
                Ok(saved) => {
                    read += 1;
                    assert_eq!(parse_saved(&notes_line(&saved)), Ok(saved), "{text}");
                }
                Err(_) => refused += 1,
            }
        }
        assert!(
            read > 100 && refused > 1000,
            "{read} read, {refused} refused"
        );
    }

    #[test]
    fn a_save_keeps_the_files_later_puzzles_and_replaces_only_a_save_or_that_game() {
        let dir = crate::cli::scratch_dir("play-save-over");
        let file = dir.join("p.txt");
        // Two puzzles, the second with a position: its first empty cell filled.
        let (first, second) = (Board::from_line(PAIR_FIRST), Board::from_line(SINGLE_FIRST));
        let mut reached = second;
        let open = (0..81).find(|&c| second.0[c] == 0).unwrap();
        reached.0[open] = unique_solution(&second).unwrap().0[open];
        let two = format!("{PAIR_FIRST}\n{SINGLE_FIRST}\n{}", line_text(&reached));
        std::fs::write(&file, &two).unwrap();
        let mut ui = new_ui(false);
        ui.deck = load(&file.clone().into_os_string()).unwrap();
        (ui.game, ui.number) = (ui.deck.deal(0).unwrap().0, 0);
        ui.save = file.clone().into();
        // Two puzzles: s keeps them, and says why.
        assert!(press(&mut ui, '5') && press(&mut ui, 's'));
        let name = file.display();
        assert_eq!(
            ui.message,
            format!(
                "Not saved: {name} holds the 2 puzzles being played, which a save would \
                 replace; -o names another file."
            )
        );
        assert!(ui.game.unsaved);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), two);
        // Through another name for the same file, the same.
        let link = dir.join("link.txt");
        std::fs::hard_link(&file, &link).unwrap();
        ui.save = link.into();
        assert!(press(&mut ui, 's') && ui.message.starts_with("Not saved: "));
        // Elsewhere, saved with the puzzle after the game; and that file, played, is saved
        // over: it is a save. From its second game on, the save starts there.
        let saved = dir.join("saved.txt");
        ui.save = saved.clone().into();
        assert!(press(&mut ui, 's'));
        let told = |n: &str| format!("Saved to {}{n}.", saved.display());
        assert_eq!(ui.message, told(", and the puzzle after it"));
        ui.deck = load(&saved.clone().into_os_string()).unwrap();
        assert_eq!(
            games(&ui.deck),
            [(first, ui.game.board()), (second, reached)]
        );
        ui.game = ui.deck.deal(0).unwrap().0;
        assert!(press(&mut ui, 'l') && press(&mut ui, '6') && press(&mut ui, 's'));
        assert_eq!(ui.message, told(", and the puzzle after it"));
        let again = load(&saved.clone().into_os_string()).unwrap();
        assert_eq!(games(&again), [(first, ui.game.board()), (second, reached)]);
        (ui.deck, ui.number) = (again, 1);
        ui.game = ui.deck.deal(1).unwrap().0;
        assert!(press(&mut ui, 's'));
        assert_eq!(ui.message, told(""));
        // That save starts at the second game, and shows it as puzzle 2 still; so does the
        // next save of it.
        let later = load(&saved.clone().into_os_string()).unwrap();
        assert_eq!(games(&later), [(second, reached)]);
        assert_eq!((later.number(0), ui.deck.number(0)), (2, 1));
        (ui.deck, ui.number) = (later, 0);
        ui.game = ui.deck.deal(0).unwrap().0;
        assert!(press(&mut ui, 's'));
        let text = std::fs::read_to_string(&saved).unwrap();
        assert!(
            text.lines().nth(1).unwrap().ends_with("; puzzle 2"),
            "{text}"
        );
        assert_eq!(load(&saved.into_os_string()).unwrap().number(0), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_small_terminal_is_told_its_size_and_the_least_needed() {
        for size in [(39, 24), (80, 19), (12, 6)] {
            let mut out = Vec::new();
            draw(&mut out, &new_ui(true), size).unwrap();
            let lines: Vec<String> = render(&out, size).iter().map(|l| text(l)).collect();
            let (w, h) = size;
            assert_eq!(
                lines.join(" ").trim_end(),
                format!("The terminal is {w}x{h}; the game needs 40x20 at least.")
            );
        }
    }

    #[test]
    fn check_texts_name_conflicts_and_wrong_digits_apart() {
        let mut ui = new_ui(false);
        let s = unique_solution(ui.game.puzzle()).unwrap();
        // r1c2 wrong, in no conflict (a digit absent from its houses).
        let board = ui.game.board();
        let seen = |d| (0..81).any(|e| PEERS[1] >> e & 1 == 1 && board.0[e] == d);
        let free = (1..=9).find(|&d| d != s.0[1] && !seen(d)).unwrap();
        ui.game.apply(Move::Digit(free));
        ui.game.apply(Move::Check);
        assert_eq!(check_text(&mut ui), "Check: 1 wrong: r1c2.");
        // An 8 next to the given 8 of r2c2: both conflict, r1c2 is wrong.
        ui.game.apply(Move::Digit(8));
        ui.game.apply(Move::Check);
        assert_eq!(
            check_text(&mut ui),
            "Check: conflicts at r1c2, r2c2; 1 wrong: r1c2."
        );
        ui.game.apply(Move::Digit(s.0[1]));
        ui.game.apply(Move::Check);
        assert_eq!(check_text(&mut ui), "No mistakes so far; 57 cells to go.");
    }

    #[test]
    fn clicks_select_the_cell_under_them() {
        let small = Layout::Small;
        for c in 0..81u8 {
            let (row, k) = small.place_of(c);
            // The digit and the space on each side select it (the space between two
            // cells of a box, the left one).
            assert_eq!(small.cell_at(k, row), Some(c));
            assert_eq!(small.cell_at(k + 1, row), Some(c));
            let left = if c % 3 == 0 { c } else { c - 1 };
            assert_eq!(small.cell_at(k - 1, row), Some(left));
        }
        // The frame's rows and columns, and past it, select nothing.
        for row in [0, 4, 8, 12, 13, 30] {
            assert!(
                (0..80).all(|k| small.cell_at(k, row).is_none()),
                "row {row}"
            );
        }
        for row in 1..12 {
            for k in [0, 8, 16, 24, 25, 79] {
                assert_eq!(small.cell_at(k, row), None, "row {row} column {k}");
            }
        }
        // Large: a cell's three by three characters select it, the frame nothing.
        let large = Layout::Large;
        for row in 0..60 {
            for k in 0..80 {
                let want = (row % 4 != 0 && k % 4 != 0 && row < 36 && k < 36)
                    .then(|| (row / 4 * 9 + k / 4) as u8);
                assert_eq!(large.cell_at(k, row), want, "row {row} column {k}");
            }
        }
        assert_eq!(large.place_of(80), (34, 34));
    }

    #[test]
    fn wrap_fills_each_line_with_the_words_that_fit() {
        let t = "aa bbb c dddd ee";
        for width in 1..20 {
            let lines = wrap(t, width);
            assert_eq!(lines.join(" "), t);
            for (i, l) in lines.iter().enumerate() {
                // No line longer than the width unless it is one word; none that could
                // have taken the next line's first word.
                assert!(l.len() <= width || !l.contains(' '), "{width}: {lines:?}");
                if let Some(next) = lines.get(i + 1) {
                    let first = next.split(' ').next().unwrap();
                    assert!(l.len() + 1 + first.len() > width, "{width}: {lines:?}");
                }
            }
        }
        assert_eq!(wrap(t, 8), ["aa bbb c", "dddd ee"]);
        assert_eq!(wrap("", 5), [""]);
        assert_eq!(clock(Duration::from_secs(3599)), "59:59");
        assert_eq!(clock(Duration::from_secs(3600 + 5)), "60:05");
    }
}
