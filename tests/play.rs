//! `sudoku --play` in a real terminal: tmux at 80x24, keys sent with send-keys, the screen
//! read with capture-pane.

use crate::util::*;
use std::process::Command;
use std::time::{Duration, Instant};

/// Two puzzles: the first's first step is a naked pair, the second's a single.
const PUZZLES: &str =
    "6.........8..9.1..2.4.58......7....5....1.7.85....2.4....4..3..4.2....9...3.6....\n\
.76.....1...8......8..9..3.....1......3.2.6.549.6......6...29..........3...97.24.\n";

/// A tmux server of the test's own, with one window running a shell line.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(dir: &std::path::Path, name: &str, line: &str) -> Tmux {
        need("tmux");
        let socket = format!("sudoku-{name}-{}", std::process::id());
        let t = Tmux { socket };
        let path = format!("{}:/usr/bin:/bin", bin_dir().display());
        let script = format!("cd '{}' && export PATH='{path}' && {line}", dir.display());
        t.tmux(&["new-session", "-d", "-x", "80", "-y", "24", &script]);
        t
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        self.tmux(&[&["send-keys", "-t", "0"][..], keys].concat());
    }

    /// The left button pressed at screen row and column `from` (from 0) and released at
    /// `to`, as the mouse reports it to a program that asked for SGR reports.
    fn drag(&self, from: (usize, usize), to: (usize, usize)) {
        let at =
            |(row, col): (usize, usize), end: char| format!("\x1b[<0;{};{}{end}", col + 1, row + 1);
        self.keys(&["-l", &(at(from, 'M') + &at(to, 'm'))]);
    }

    fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "0"])
    }

    /// The screen once it shows `text` (within 10 s).
    fn wait_for(&self, text: &str) -> String {
        self.wait_until(|s| s.contains(text))
            .unwrap_or_else(|s| panic!("no {text:?} in:\n{s}"))
    }

    /// The screen once its board (as [`board`] reads it) passes `test` (within 10 s).
    fn wait_for_board(&self, test: impl Fn(&[u8]) -> bool) -> Vec<u8> {
        self.wait_until(|s| test(board(s).as_bytes()))
            .map(|s| board(&s).into_bytes())
            .unwrap_or_else(|s| panic!("no such board in:\n{s}"))
    }

    /// The screen once its line `row` (from 0) is `text` (within 10 s).
    fn wait_for_line(&self, row: usize, text: &str) -> String {
        let line = |s: &str| s.lines().nth(row).unwrap_or("").trim_end().to_string();
        self.wait_until(|s| line(s) == text)
            .unwrap_or_else(|s| panic!("line {row} is not {text:?} in:\n{s}"))
    }

    /// The first screen that passes `test` within 10 s, or the last one seen.
    fn wait_until(&self, test: impl Fn(&str) -> bool) -> Result<String, String> {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if test(&s) {
                return Ok(s);
            }
            if start.elapsed() > Duration::from_secs(10) {
                return Err(s);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// The screen row and column (from 0) where cell `c` is drawn.
fn place(c: usize) -> (usize, usize) {
    let (r, k) = (c / 9, c % 9);
    (1 + r + r / 3, 2 + 2 * k + 2 * (k / 3))
}

/// The screen row and column (from 0) of the middle of cell `c` on the large board.
fn large_place(c: usize) -> (usize, usize) {
    (2 + 4 * (c / 9), 2 + 4 * (c % 9))
}

/// Whether cells `a` and `b` share a row, a column or a box (a cell shares them with
/// itself).
fn same_house(a: usize, b: usize) -> bool {
    a / 9 == b / 9 || a % 9 == b % 9 || (a / 27, a % 9 / 3) == (b / 27, b % 9 / 3)
}

/// The board on the screen, as 81 bytes: digits, and `.` for an empty cell.
fn board(screen: &str) -> String {
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    (0..81)
        .map(|c| {
            let (row, col) = place(c);
            lines[row][col]
        })
        .collect()
}

/// The seconds of a clock shown as `M:SS`.
fn minutes_seconds(t: &str) -> u64 {
    let (m, s) = t.split_once(':').unwrap_or_else(|| panic!("{t:?}"));
    m.parse::<u64>().unwrap() * 60 + s.parse::<u64>().unwrap()
}

fn solution(puzzle: &str) -> Vec<u8> {
    let r = run("sudoku-solve", &[], format!("{puzzle}\n").as_bytes());
    r.stdout[..81].iter().map(|b| b - b'0').collect()
}

/// The keys that take the cursor from `from` to `to`.
fn path(from: usize, to: usize) -> Vec<&'static str> {
    let (dr, dc) = (
        to as i32 / 9 - from as i32 / 9,
        to as i32 % 9 - from as i32 % 9,
    );
    let mut keys = Vec::new();
    keys.extend(std::iter::repeat_n(
        if dr > 0 { "j" } else { "k" },
        dr.unsigned_abs() as usize,
    ));
    keys.extend(std::iter::repeat_n(
        if dc > 0 { "l" } else { "h" },
        dc.unsigned_abs() as usize,
    ));
    keys
}

const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

// tmux: sudoku --play p.txt; move, type, c, the whole solution, n, ? ?, u r, a click, k,
// p and marks, s, q s q; stty -a; sudoku --play sudoku-saved.txt, c, move to the marks, q
#[test]
#[ignore = "needs tmux"]
fn play_in_a_real_terminal() {
    let dir = temp_dir();
    std::fs::write(dir.join("p.txt"), PUZZLES).unwrap();
    let t = Tmux::start(
        &dir,
        "play",
        "sudoku --play p.txt; echo EXIT=$?; stty -a | grep -o -- '-*icanon'; read go; \
         sudoku --play sudoku-saved.txt; echo RESUMED=$?; sleep 30",
    );
    let (first, second) = PUZZLES.split_once('\n').unwrap();
    let second = second.trim_end();
    // The givens where they belong.
    let s = t.wait_for("Puzzle 1 · ");
    assert_eq!(board(&s), first);
    // Past a second with no signal, the watcher thread has left the terminal as it is:
    // raw, so that the keys below arrive one by one.
    std::thread::sleep(Duration::from_millis(1500));
    // The cursor starts at the first empty cell, r1c2; one to the right, a wrong digit.
    let sol = solution(first);
    let wrong = sol[2] % 9 + 1;
    t.keys(&["l", DIGITS[wrong as usize]]);
    let s = t.wait_for("r1c3");
    assert_eq!(board(&s).as_bytes()[2], b'0' + wrong);
    t.keys(&["c"]);
    t.wait_for("1 wrong: r1c3.");
    // Every empty cell its digit, the last one wrong: the full grid is told so without a
    // check; the right digit there, and it says solved.
    let mut at = 2;
    let open: Vec<usize> = (0..81).filter(|&c| first.as_bytes()[c] == b'.').collect();
    let (&last, others) = open.split_last().unwrap();
    for &c in others {
        let mut keys = path(at, c);
        keys.push(DIGITS[sol[c] as usize]);
        t.keys(&keys);
        at = c;
    }
    let mut keys = path(at, last);
    keys.push(DIGITS[(sol[last] % 9 + 1) as usize]);
    t.keys(&keys);
    t.wait_for("Every cell is filled, but not every digit is right");
    t.keys(&[DIGITS[sol[last] as usize]]);
    let s = t.wait_for("Solved in ");
    assert!(!board(&s).contains('.'));
    // The next puzzle, a hint and the hint applied.
    t.keys(&["n"]);
    let s = t.wait_for("Puzzle 2 · ");
    assert_eq!(board(&s), second);
    t.keys(&["?"]);
    let s = t.wait_for("Hint: ");
    let hint = s.lines().find(|l| l.starts_with("Hint: ")).unwrap();
    assert!(hint.contains("single"), "{hint}");
    let (cell, digit) = hint[6..].split_once(" = ").unwrap();
    let (r, c) = cell[1..].split_once('c').unwrap();
    let cell = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
    let digit = digit.as_bytes()[0];
    t.keys(&["?"]);
    let s = t.wait_for("Done: ");
    assert_eq!(board(&s).as_bytes()[cell], digit);
    assert_eq!(solution(second)[cell], digit - b'0');
    // Undone and redone.
    t.keys(&["u"]);
    t.wait_for_board(|b| b[cell] == b'.');
    t.keys(&["r"]);
    t.wait_for_board(|b| b[cell] == digit);
    // Pressed at r5c5 and released at r6c6, the mouse selects r5c5; k goes up a row.
    t.drag(place(40), place(50));
    t.wait_for_line(13, "r5c5");
    t.keys(&["k"]);
    t.wait_for_line(13, "r4c5");
    // p switches digits to pencil marks (2 and 5 marked in an empty cell away from the
    // hint's, which a digit placed there later leaves alone) and back.
    t.keys(&["p"]);
    t.wait_for(" · pencil marks");
    let marked = (0..81)
        .find(|&c| second.as_bytes()[c] == b'.' && !same_house(c, cell))
        .unwrap();
    let marked_name = format!("r{}c{}", marked / 9 + 1, marked % 9 + 1);
    let mut keys = path(31, marked);
    keys.extend(["2", "5"]);
    t.keys(&keys);
    t.wait_for_line(13, &format!("{marked_name}  marks 2 5"));
    t.keys(&["p"]);
    t.wait_for(" · digits");
    // Back to the hint's cell with a click.
    t.drag(place(cell), place(cell));
    t.wait_for_line(13, &format!("r{r}c{c}"));
    // Saved as a board stream that sudoku-check reads: the clock (past a second, to be
    // seen), the marks and the game's number in a comment, the puzzle, then the position.
    std::thread::sleep(Duration::from_millis(1100));
    t.keys(&["s"]);
    t.wait_for("Saved to sudoku-saved.txt.");
    let saved = dir.join("sudoku-saved.txt");
    let checked = run("sudoku-check", &["--puzzles", saved.to_str().unwrap()], b"");
    assert_eq!(
        (checked.status, checked.stderr.as_str()),
        (0, "2 boards: 2 ok\n")
    );
    // The saved file: the clock's seconds from its second comment line (the clock, the
    // marks, then the number: the file's second puzzle), and the boards after it, read
    // strictly, in line form. And the puzzle with one cell filled.
    let read_save = || -> (u64, Vec<String>) {
        let text = std::fs::read_to_string(&saved).unwrap();
        let (comment, rest) = text.split_once('\n').unwrap();
        let (notes, grids) = rest.split_once('\n').unwrap();
        assert!(comment.starts_with("# "), "{text}");
        let time = notes.strip_prefix("# clock ").unwrap();
        let time = time
            .strip_suffix(&format!("; marks {marked_name} 25; puzzle 2"))
            .unwrap();
        let shown = |d: u8| if d == 0 { '.' } else { char::from(b'0' + d) };
        let boards = strict_grids(grids.as_bytes())
            .iter()
            .map(|b| b.iter().map(|&d| shown(d)).collect())
            .collect();
        (minutes_seconds(time), boards)
    };
    let with = |d: u8| {
        let mut b = second.as_bytes().to_vec();
        b[cell] = d;
        String::from_utf8(b).unwrap()
    };
    let (time, boards) = read_save();
    assert!(time > 0);
    assert_eq!(boards, [second.to_string(), with(digit)]);
    // A move after the save (a wrong digit in the hint's cell), then q asks; s answers by
    // saving, and q then leaves the terminal as it was.
    let wrong = (digit - b'0') % 9 + 1;
    t.keys(&[DIGITS[wrong as usize], "q"]);
    t.wait_for("not saved: q again");
    t.keys(&["s"]);
    t.wait_for("Saved to sudoku-saved.txt.");
    t.keys(&["q"]);
    let s = t.wait_for("icanon");
    assert!(s.contains("EXIT=0\nicanon\n"), "{s}");
    let (saved_time, boards) = read_save();
    assert_eq!(boards, [second.to_string(), with(b'0' + wrong)]);
    // The saved game played again: its clock goes on from the time saved; the wrong digit
    // is back as the player's, which a check finds, and so are the marks; q leaves at
    // once, nothing being changed. It is puzzle 2 still.
    t.keys(&["Enter"]);
    let s = t.wait_for("Puzzle 2 · ");
    assert_eq!(board(&s), with(b'0' + wrong));
    let status = s.lines().find(|l| l.starts_with("Puzzle 2 · ")).unwrap();
    let shown = status.split(" · ").nth(2).unwrap();
    assert!(
        minutes_seconds(shown) >= saved_time,
        "{shown} < {saved_time} s"
    );
    t.keys(&["c"]);
    t.wait_for(&format!("1 wrong: r{r}c{c}."));
    let first_open = with(b'0' + wrong).find('.').unwrap();
    t.keys(&path(first_open, marked));
    t.wait_for_line(13, &format!("{marked_name}  marks 2 5"));
    t.keys(&["q"]);
    t.wait_for("RESUMED=0");
}

// tmux: sudoku --play FILE, for files that cannot be played
#[test]
#[ignore = "needs tmux"]
fn a_file_that_cannot_be_played_is_told_before_the_game_starts() {
    let dir = temp_dir();
    let (first, _) = PUZZLES.split_once('\n').unwrap();
    let files = [
        ("empty.txt", String::new()),
        ("two.txt", format!("{first}\n{}\n", ".".repeat(81))),
        ("bad.txt", format!("{first}\n{first}x\n")),
        ("clash.txt", format!("66{}\n", &first[2..])),
    ];
    let mut line = String::new();
    for (name, text) in &files {
        std::fs::write(dir.join(name), text).unwrap();
        line += &format!("sudoku --play {name} 2>>err; echo $? >>err; ");
    }
    let t = Tmux::start(&dir, "unplayable", &(line + "echo END; sleep 30"));
    t.wait_for("END");
    assert_eq!(
        std::fs::read_to_string(dir.join("err")).unwrap(),
        "sudoku: empty.txt: no puzzles to play\n2\n\
         sudoku: two.txt:2: board 2: more than one solution: every puzzle played needs one \
         solution\n2\n\
         sudoku: bad.txt:2:82: unexpected character 'x'\n2\n\
         sudoku: clash.txt:1: board 1: invalid puzzle: digit 6 repeats in row 1: every \
         puzzle played needs one solution\n2\n"
    );
}

// tmux: sudoku --play (a small window, then back, then a tall one: a click, marks, m),
// then kill -TERM; stty -a
#[test]
#[ignore = "needs tmux"]
fn a_small_terminal_is_told_and_sigterm_restores_the_terminal() {
    let dir = temp_dir();
    let t = Tmux::start(
        &dir,
        "term",
        "sh -c 'echo $$ > pid; exec sudoku --play -m 2 --seed 5'; echo EXIT=$?; \
         stty -a | grep -o -- '-*icanon'; sleep 30",
    );
    t.wait_for("Puzzle 1 · medium · ");
    t.tmux(&["resize-window", "-t", "0", "-x", "30", "-y", "15"]);
    t.wait_for("The terminal is 30x15;");
    t.tmux(&["resize-window", "-t", "0", "-x", "80", "-y", "24"]);
    let s = t.wait_for("Puzzle 1 · medium · ");
    // Nothing of the message is left beside the board.
    let top: Vec<&str> = s.lines().take(2).map(str::trim_end).collect();
    assert_eq!(top[0], "╔═══════╤═══════╤═══════╗", "{s}");
    assert!(top[1].ends_with('║') && !s.contains("at least"), "{s}");
    // With the rows for it, the board is drawn large: a click on the top left corner of
    // the last empty cell (its middle a '.'; the cursor starts on the first) selects it,
    // and its pencil marks show in it.
    t.tmux(&["resize-window", "-t", "0", "-x", "80", "-y", "50"]);
    let s = t.wait_for_line(0, "╔═══╤═══╤═══╦═══╤═══╤═══╦═══╤═══╤═══╗");
    let lines: Vec<Vec<char>> = s.lines().map(|l| l.chars().collect()).collect();
    let digit_at = |q: usize| {
        let (row, col) = large_place(q);
        lines[row][col]
    };
    let c = (0..81).rfind(|&c| digit_at(c) == '.').unwrap();
    let (row, col) = (large_place(c).0 - 1, large_place(c).1 - 1);
    let name = format!("r{}c{}", c / 9 + 1, c % 9 + 1);
    t.drag((row, col), (row, col));
    t.wait_for_line(37, &name);
    t.keys(&["p", "2", "5"]);
    let s = t.wait_for_line(37, &format!("{name}  marks 2 5"));
    let marked: Vec<Vec<char>> = s.lines().map(|l| l.chars().collect()).collect();
    let cell: Vec<String> = (row..row + 3)
        .map(|r| marked[r][col..col + 3].iter().collect())
        .collect();
    assert_eq!(cell, [" 2 ", " 5 ", "   "], "{s}");
    // m fills every empty cell's marks with its candidates: in this cell, the digits none
    // of its peers on the screen holds.
    let candidates: Vec<String> = ('1'..='9')
        .filter(|&d| (0..81).all(|q| q == c || !same_house(q, c) || digit_at(q) != d))
        .map(String::from)
        .collect();
    t.keys(&["m"]);
    t.wait_for_line(37, &format!("{name}  marks {}", candidates.join(" ")));
    let pid = std::fs::read_to_string(dir.join("pid")).unwrap();
    let r = Command::new("kill")
        .args(["-TERM", pid.trim()])
        .status()
        .unwrap();
    assert!(r.success());
    let s = t.wait_for("icanon");
    assert!(s.contains("EXIT=143\nicanon\n"), "{s}");
}

// sudoku --play < /dev/null; sudoku --play > file
#[test]
fn play_needs_a_terminal() {
    let dir = temp_dir();
    std::fs::write(dir.join("p.txt"), PUZZLES).unwrap();
    for args in [&["--play"][..], &["--play", "p.txt"]] {
        let r = run_in(Some(&dir), "sudoku", args, b"");
        assert_eq!(r.status, 2, "{args:?}");
        assert_eq!(
            r.stderr,
            "sudoku: --play needs a terminal: standard input and output must both be one\n"
        );
    }
    for args in [
        &["--play", "-"][..],
        &["--play", "p.txt", "-m", "2"],
        &["--play", "-r", "20~30"],
        &["--play", "-u"],
        &["--play", "-c", "5"],
        &["--play", "-n", "5"],
        &["--play", "p.txt", "q.txt"],
        &["p.txt"],
    ] {
        let r = run_in(Some(&dir), "sudoku", args, b"");
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.contains("\nUsage: sudoku "),
            "{args:?}: {}",
            r.stderr
        );
    }
    assert_eq!(files_in(&dir), ["p.txt"]);
}

/// Whether process `pid` has ended (gone, or a zombie not yet reaped), as ps(1) sees it.
fn ended(pid: &str) -> bool {
    let out = Command::new("ps")
        .args(["-o", "stat=", "-p", pid])
        .output()
        .unwrap();
    let stat = String::from_utf8_lossy(&out.stdout);
    stat.trim().is_empty() || stat.trim_start().starts_with('Z')
}

// tmux: sudoku --play, then the terminal goes away (kill-server): the game ends, by the
// SIGHUP that comes, or (in a session of its own, which no SIGHUP reaches) by the hangup
#[test]
#[ignore = "needs tmux and setsid"]
fn a_terminal_that_goes_away_ends_the_game() {
    need("setsid");
    for (name, session) in [("gone", ""), ("gone-setsid", "setsid -w ")] {
        let dir = temp_dir();
        let t = Tmux::start(
            &dir,
            name,
            &format!("{session}sh -c 'echo $$ > pid; exec sudoku --play -m 1 --seed 6'"),
        );
        t.wait_for("Puzzle 1 · easy · ");
        let pid = std::fs::read_to_string(dir.join("pid")).unwrap();
        let pid = pid.trim();
        assert!(!ended(pid));
        t.tmux(&["kill-server"]);
        let start = Instant::now();
        while !ended(pid) && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(50));
        }
        let alive = !ended(pid);
        if alive {
            // Not left behind spinning: crossterm's reader does, on a hung-up terminal.
            let _ = Command::new("kill").args(["-KILL", pid]).status();
        }
        assert!(
            !alive,
            "{name}: sudoku --play still runs 5 s after its terminal went away"
        );
    }
}

// tmux: an interactive bash runs sudoku --play; Ctrl-Z, stty -a, fg, q
#[test]
#[ignore = "needs tmux and bash"]
fn ctrl_z_stops_the_game_with_the_terminal_put_back_and_fg_resumes_it() {
    need("bash");
    let dir = temp_dir();
    let t = Tmux::start(&dir, "stop", "PS1='$ ' exec bash --norc --noprofile -i");
    // A terminal on one side only is not enough.
    t.keys(&[
        "sudoku --play > out; echo A=$?; sudoku --play < /dev/null; echo B=$?",
        "Enter",
    ]);
    t.wait_for("B=2");
    t.wait_for("A=2");
    t.keys(&["clear; sudoku --play -m 1 --seed 7", "Enter"]);
    let s = t.wait_for("Puzzle 1 · easy · 0:0");
    let before = board(&s);
    t.keys(&["C-z"]);
    t.wait_for("Stopped");
    // Stopped, the terminal is as the shell keeps it: canonical, the main screen. The
    // clock stands still meanwhile.
    t.keys(&[
        "stty -a | grep -o -- '-*icanon' > mode; sleep 3; fg",
        "Enter",
    ]);
    let s = t.wait_for("Puzzle 1 · easy · ");
    assert_eq!(board(&s), before);
    let clock = s.split(" · ").nth(2).unwrap();
    assert!(["0:00", "0:01", "0:02"].contains(&clock), "{s}");
    assert_eq!(
        std::fs::read_to_string(dir.join("mode")).unwrap(),
        "icanon\n"
    );
    // q ends it, and the shell reads lines again.
    t.keys(&["q"]);
    t.wait_for("fg\nsudoku --play -m 1 --seed 7\n$");
    t.keys(&["echo done-$((6 * 7))", "Enter"]);
    t.wait_for("done-42");
}
