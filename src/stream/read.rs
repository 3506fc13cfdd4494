//! The board reader: a zero-copy streaming parser over any `BufRead` (FORMAT.md).
//!
//! The loop is bstr's `for_byte_line`: `fill_buf`, find the newline inside the buffer, hand
//! the line out as a slice, `consume`. Only a line that straddles the end of the buffer is
//! copied, into one bounded `Vec`; a line longer than [`MAX_LINE`] is an error, so memory stays
//! bounded whatever the input. Two fast paths skip the per-line machinery: a whole board in
//! the exact assignment layout (162 bytes) and a bare 81-cell line. Everything else goes
//! through `State::line` (private), which is lenient and builds precise errors only when
//! it must.
//!
//! The reader checks layout, not rules: a board with a repeated digit is still a board.
//! Deviations from the strict assignment layout (CRLF, a BOM, tabs, extra empty lines...) are
//! not errors; the first one of each board is recorded in [`Item::layout`] for
//! `sudoku-check --strict`.

use std::io::{self, BufRead};

use bstr::ByteSlice;

use crate::board::Board;

/// The longest line the reader accepts, in bytes. A line-form board with a long name after
/// it fits easily; a 1 GB file with no newline is reported instead of swallowed.
pub const MAX_LINE: usize = 64 * 1024;

/// The two forms of a board (FORMAT.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Nine rows of nine cells, boards separated by empty lines.
    Grid,
    /// One board a line, 81 cells.
    Line,
}

/// A departure from the exact assignment layout, at a line (and column when it helps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutIssue {
    pub line: u64,
    pub col: Option<u64>,
    pub what: &'static str,
}

/// One board as read, with where it came from.
#[derive(Clone, Debug)]
pub struct Item {
    pub board: Board,
    pub form: Form,
    /// 1-based board number in this input.
    pub index: u64,
    /// The line the board starts on.
    pub line: u64,
    /// The first departure from the strict assignment layout in or before this board.
    pub layout: Option<LayoutIssue>,
    /// For each row, its line less the board's first line (all 0 in line form).
    pub row_lines: [u32; 9],
    /// The cells stand at their plain columns: `2c + 1` in a grid row, `c + 1` in a line.
    pub plain: bool,
}

impl Item {
    /// The line and column of `cell` in the input, the column when it is known.
    pub fn place(&self, cell: usize) -> (u64, Option<u64>) {
        let (row, col) = (cell / 9, cell % 9);
        let line = self.line + u64::from(self.row_lines[row]);
        let col = self.plain.then(|| match self.form {
            Form::Grid => 2 * col as u64 + 1,
            Form::Line => cell as u64 + 1,
        });
        (line, col)
    }
}

/// The row offsets of a grid read in one piece.
const PLAIN_ROWS: [u32; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/// Why reading stopped.
#[derive(Debug)]
pub enum ReadError {
    Io(io::Error),
    /// The input is not a board stream at this line (and column).
    Syntax {
        line: u64,
        col: Option<u64>,
        msg: String,
    },
    /// The input ended inside a grid-form board.
    Truncated {
        board: u64,
        rows: u8,
    },
}

impl std::fmt::Display for ReadError {
    /// Formats the part after `file:` (or `file` for a truncated board).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, ": {e}"),
            ReadError::Syntax {
                line,
                col: Some(c),
                msg,
            } => write!(f, ":{line}:{c}: {msg}"),
            ReadError::Syntax {
                line,
                col: None,
                msg,
            } => write!(f, ":{line}: {msg}"),
            ReadError::Truncated { board, rows } => {
                write!(f, ": input ends inside board {board} ({rows} of 9 rows)")
            }
        }
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        ReadError::Io(e)
    }
}

/// Describes an unexpected byte the way a person reads it: `'x'`, `'é'`, or `byte 0xFF`.
fn describe_char(rest: &[u8]) -> String {
    let (ch, _) = bstr::decode_utf8(rest);
    match ch {
        Some('\0') => "character NUL".to_string(),
        Some('\u{feff}') => "byte-order mark (U+FEFF)".to_string(),
        Some(c) if !c.is_control() => format!("character '{c}'"),
        Some(c) => format!("control character U+{:04X}", c as u32),
        None => format!("byte 0x{:02X}", rest[0]),
    }
}

/// The UTF-8 byte-order mark, which some editors put at the start of a file.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Everything but the input itself, so a line borrowed from the input's buffer can be
/// handed to it.
struct State {
    /// Lines started so far (the current line's number once it is being read).
    line_no: u64,
    /// Boards completed so far.
    boards: u64,
    /// Rows of the grid-form board being read (0 when between boards).
    rows: u8,
    /// Empty lines since the last board.
    blank_run: u64,
    /// The first layout issue seen since the last board (belongs to the next one).
    pending: Option<LayoutIssue>,
    /// Layout issues after the last board, reported by [`Reader::trailing_layout`].
    item: Item,
}

impl State {
    fn note(&mut self, col: Option<u64>, what: &'static str) {
        if self.pending.is_none() {
            self.pending = Some(LayoutIssue {
                line: self.line_no,
                col,
                what,
            });
        }
    }

    /// Starts a board at the current line: settles the layout of the gap before it (a
    /// line-form board is itself the departure, whatever the gap).
    fn start_board(&mut self, form: Form) {
        let expected = if self.boards == 0 { 0 } else { 1 };
        if self.blank_run != expected && form == Form::Grid {
            let what = if self.boards == 0 {
                "empty line before the first board"
            } else if self.blank_run == 0 {
                "no empty line between boards"
            } else {
                "more than one empty line between boards"
            };
            self.note(None, what);
        }
        self.blank_run = 0;
        self.item.line = self.line_no;
        self.item.layout = self.pending.take();
    }

    /// Ends the board: what was noted since it started belongs to it (the first departure
    /// only), never to the next one.
    fn finish_board(&mut self, form: Form) {
        self.boards += 1;
        self.rows = 0;
        self.item.form = form;
        self.item.index = self.boards;
        let inside = self.pending.take();
        if self.item.layout.is_none() {
            self.item.layout = inside;
        }
    }

    fn syntax(&self, col: Option<u64>, msg: String) -> ReadError {
        ReadError::Syntax {
            line: self.line_no,
            col,
            msg,
        }
    }

    /// Takes one line (without its `\n`). Returns true when it completed a board.
    fn line(&mut self, raw: &[u8], had_newline: bool) -> Result<bool, ReadError> {
        self.line_no += 1;
        let mut s = raw;
        if self.line_no == 1 && s.starts_with(BOM) {
            s = &s[BOM.len()..];
            self.note(Some(1), "byte-order mark at the start of the input");
        }
        if let Some(t) = s.strip_suffix(b"\r") {
            s = t;
            self.note(Some(s.len() as u64 + 1), "CRLF line ending");
        }
        if !had_newline {
            self.note(None, "no newline at the end of the input");
        }
        // Column numbers are 1-based over `s`, after a leading BOM.
        let lead = s.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
        // Trailing whitespace stays: the cell loop skips it, and after a line-form board
        // it is an empty comment.
        let body = &s[lead..];
        if body.is_empty() {
            if self.rows > 0 {
                return Err(self.syntax(None, self.short_board_msg()));
            }
            if !s.is_empty() {
                self.note(Some(1), "whitespace on an empty line");
            }
            self.blank_run += 1;
            return Ok(false);
        }
        if body[0] == b'#' {
            self.note(Some(lead as u64 + 1), "comment line");
            return Ok(false);
        }
        if body.iter().all(|b| b"-+|=* \t".contains(b)) {
            self.note(Some(lead as u64 + 1), "rule line");
            return Ok(false);
        }

        // Cells, separated by any run of spaces, tabs and `|`, or by nothing. A line-form
        // board ends after its 81st cell; what follows it after whitespace is ignored.
        let mut cells = [0u8; 81];
        let mut n = 0usize;
        let mut i = 0usize;
        while i < body.len() {
            let v = match body[i] {
                b @ b'1'..=b'9' => b - b'0',
                b'0' | b'.' => 0,
                b' ' | b'\t' | b'|' => {
                    i += 1;
                    continue;
                }
                _ => break,
            };
            if n < 81 {
                cells[n] = v;
            }
            n += 1;
            i += 1;
            if n == 81 && self.rows == 0 {
                break;
            }
        }
        let rest = &body[i..];
        let rest_col = (lead + i) as u64 + 1;

        if self.rows == 0 && n == 81 {
            match rest.first() {
                None => {}
                Some(b' ') | Some(b'\t') => {
                    // Text after the board is a comment, unless it is another board.
                    let skip = rest
                        .iter()
                        .take_while(|&&b| b == b' ' || b == b'\t')
                        .count();
                    let next = &rest[skip..];
                    let cells = next
                        .iter()
                        .take_while(|&&b| b.is_ascii_digit() || b == b'.');
                    if cells.count() >= 81 {
                        return Err(self.syntax(
                            Some(rest_col + skip as u64),
                            "a second board on the line: line form is one board a line".into(),
                        ));
                    }
                }
                Some(b'0'..=b'9') | Some(b'.') => {
                    return Err(self.syntax(None, "expected 81 cells in a line, found more".into()))
                }
                Some(_) => {
                    return Err(self.syntax(
                        Some(rest_col),
                        format!("unexpected {}", describe_char(rest)),
                    ))
                }
            }
            self.start_board(Form::Line);
            self.check_row_layout(s, lead, Form::Line);
            self.item.board.0 = cells;
            self.item.row_lines = [0; 9];
            self.item.plain = false;
            self.finish_board(Form::Line);
            return Ok(true);
        }
        if !rest.is_empty() {
            return Err(self.syntax(
                Some(rest_col),
                format!("unexpected {}", describe_char(rest)),
            ));
        }
        if n != 9 {
            let msg = if self.rows > 0 {
                format!("expected 9 cells in a row, found {n}")
            } else {
                format!("expected 9 cells (a grid row) or 81 (a line-form board), found {n}")
            };
            return Err(self.syntax(None, msg));
        }
        if self.rows == 0 {
            self.start_board(Form::Grid);
        }
        self.check_row_layout(s, lead, Form::Grid);
        let r = self.rows as usize;
        self.item.board.0[r * 9..r * 9 + 9].copy_from_slice(&cells[..9]);
        self.item.row_lines[r] = (self.line_no - self.item.line) as u32;
        self.item.plain = false;
        self.rows += 1;
        if self.rows == 9 {
            self.finish_board(Form::Grid);
            return Ok(true);
        }
        Ok(false)
    }

    /// Records how a row departs from the strict layout `d d d d d d d d d` (0 for blanks).
    fn check_row_layout(&mut self, s: &[u8], lead: usize, form: Form) {
        if self.pending.is_some() {
            return;
        }
        if form == Form::Line {
            return self.note(
                None,
                "line form (one board a line) where grid form is expected",
            );
        }
        if lead > 0 {
            return self.note(Some(1), "whitespace before the first cell");
        }
        if let Some(pos) = s.iter().position(|&b| b == b'.') {
            return self.note(Some(pos as u64 + 1), "'.' for a blank where 0 is expected");
        }
        for (pos, &b) in s.iter().enumerate() {
            let want_cell = pos % 2 == 0;
            let ok = if want_cell {
                b.is_ascii_digit()
            } else {
                b == b' '
            };
            if !ok || pos >= 17 {
                let what = match b {
                    _ if pos < 17 => "cells must be separated by exactly one space",
                    b'|' => "'|' after the last cell",
                    _ => "trailing whitespace after the last cell",
                };
                return self.note(Some(pos as u64 + 1), what);
            }
        }
        // Nothing more to check: the row has 9 cells, and the loop found a digit at every
        // even column and a space at every odd one, so it is exactly 17 bytes.
    }

    fn short_board_msg(&self) -> String {
        format!(
            "board {} ends after {} of 9 rows",
            self.boards + 1,
            self.rows
        )
    }
}

/// Reads boards from any `BufRead`, one at a time, without allocating per board.
///
/// # Examples
///
/// ```
/// use sudoku_filters::stream::{Form, Reader};
///
/// let text = "# two boards, one a line\n\
///             53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 named\n\
///             x\n";
/// let mut r = Reader::new(text.as_bytes());
/// let first = r.next().unwrap().unwrap();
/// assert_eq!((first.index, first.line, first.form), (1, 2, Form::Line));
/// assert_eq!(first.board.0[0], 5);
/// // Not a board stream: the error names the line and column.
/// assert_eq!(r.next().unwrap_err().to_string(), ":3:1: unexpected character 'x'");
/// ```
pub struct Reader<R> {
    inner: R,
    /// A line that straddles the end of the input's buffer, at most [`MAX_LINE`] bytes.
    partial: Vec<u8>,
    st: State,
    done: bool,
}

/// Per byte of a 162-byte grid in the exact layout: the lowest value allowed and how far
/// above it a byte may go (`0`..`9` at cells, exactly ` ` between them, `\n` at row ends).
const GRID_LO: [u8; 162] = grid_table(b'0', b' ', b'\n');
const GRID_SPAN: [u8; 162] = grid_table(9, 0, 0);

const fn grid_table(cell: u8, space: u8, newline: u8) -> [u8; 162] {
    let mut t = [0u8; 162];
    let mut i = 0;
    while i < 162 {
        let col = i % 18;
        t[i] = if col == 17 {
            newline
        } else if col % 2 == 1 {
            space
        } else {
            cell
        };
        i += 1;
    }
    t
}

/// True when `b` is 9 rows in the exact assignment layout with digits `0`-`9`, each row
/// `d d d d d d d d d\n` (18 bytes); the cells are decoded into `out`. One branch-free pass
/// of saturating subtractions that the compiler turns into vector code.
#[inline]
fn exact_grid(b: &[u8; 162], out: &mut [u8; 81]) -> bool {
    let mut bad = 0u8;
    for i in 0..162 {
        bad |= b[i].wrapping_sub(GRID_LO[i]).saturating_sub(GRID_SPAN[i]);
    }
    if bad != 0 {
        return false;
    }
    for (row, o) in b.chunks_exact(18).zip(out.chunks_exact_mut(9)) {
        o[..4].copy_from_slice(&even_bytes(&row[..8]));
        o[4..8].copy_from_slice(&even_bytes(&row[8..16]));
        o[8] = row[16] - b'0';
    }
    true
}

/// The 4 bytes at even offsets of `b` (8 bytes: `"d d d d "`), less `'0'`: SWAR, so the
/// compiler does not turn the gather into 81 single loads.
#[inline(always)]
fn even_bytes(b: &[u8]) -> [u8; 4] {
    let x = u64::from_le_bytes(b.try_into().unwrap()) & 0x00FF_00FF_00FF_00FF;
    let x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    let x = ((x | (x >> 16)) as u32).wrapping_sub(0x3030_3030);
    x.to_le_bytes()
}

/// True when `b` is 81 cells of `1`-`9`, `0` or `.`, decoded into `out`.
#[inline]
fn exact_line(b: &[u8; 81], out: &mut [u8; 81]) -> bool {
    // Branch-free (`|`, not `||`), so the loop compiles to vector compares: 6 times fewer
    // instructions than with the short-circuit.
    let mut bad = 0u8;
    for (o, &c) in out.iter_mut().zip(b) {
        let d = c.wrapping_sub(b'0');
        bad |= !((d <= 9) | (c == b'.')) as u8;
        *o = if d <= 9 { d } else { 0 };
    }
    bad == 0
}

/// Checks that `more` bytes still fit in the straddling line `partial` (of line `line_no + 1`).
fn room(partial: &[u8], more: usize, line_no: u64, done: &mut bool) -> Result<(), ReadError> {
    if partial.len() + more > MAX_LINE {
        *done = true;
        return Err(ReadError::Syntax {
            line: line_no + 1,
            col: None,
            msg: format!("line is longer than {MAX_LINE} bytes"),
        });
    }
    Ok(())
}

impl<R: BufRead> Reader<R> {
    pub fn new(inner: R) -> Self {
        Reader {
            inner,
            partial: Vec::new(),
            st: State {
                line_no: 0,
                boards: 0,
                rows: 0,
                blank_run: 0,
                pending: None,
                item: Item {
                    board: Board::EMPTY,
                    form: Form::Grid,
                    index: 0,
                    line: 0,
                    layout: None,
                    row_lines: [0; 9],
                    plain: false,
                },
            },
            done: false,
        }
    }

    /// After the last board: the first departure from the strict layout that came after it
    /// (empty lines or comments at the end, a missing final newline after a comment...).
    pub fn trailing_layout(&self) -> Option<LayoutIssue> {
        if self.st.blank_run > 0 && self.st.pending.is_none() {
            return Some(LayoutIssue {
                line: self.st.line_no,
                col: None,
                what: "empty line after the last board",
            });
        }
        self.st.pending
    }

    /// The next board, or `None` at the end of the input.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Option<&Item>, ReadError> {
        if self.done {
            return Ok(None);
        }
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if buf.is_empty() {
                return self.finish();
            }
            if self.partial.is_empty() && self.st.rows == 0 {
                // Fast paths: a whole board in one piece, already inside the buffer (in
                // grid form with the empty line before it, if there is one).
                let gap = usize::from(buf[0] == b'\n');
                // (A grid's first row ends at byte 17: a cheap test that keeps line-form
                // streams from paying for the grid check.)
                if buf.len() >= gap + 162 && buf[gap + 17] == b'\n' {
                    let mut cells = [0u8; 81];
                    if exact_grid(buf[gap..gap + 162].try_into().unwrap(), &mut cells) {
                        let st = &mut self.st;
                        st.line_no += gap as u64 + 1;
                        st.blank_run += gap as u64;
                        st.start_board(Form::Grid);
                        st.line_no += 8;
                        st.item.board.0 = cells;
                        st.item.row_lines = PLAIN_ROWS;
                        st.item.plain = true;
                        st.finish_board(Form::Grid);
                        self.inner.consume(gap + 162);
                        return Ok(Some(&self.st.item));
                    }
                }
                if buf.len() >= 82 && buf[81] == b'\n' {
                    let mut cells = [0u8; 81];
                    if exact_line(buf[..81].try_into().unwrap(), &mut cells) {
                        let st = &mut self.st;
                        st.line_no += 1;
                        st.start_board(Form::Line);
                        st.note(
                            None,
                            "line form (one board a line) where grid form is expected",
                        );
                        st.item.board.0 = cells;
                        st.item.row_lines = [0; 9];
                        st.item.plain = true;
                        st.finish_board(Form::Line);
                        self.inner.consume(82);
                        return Ok(Some(&self.st.item));
                    }
                }
            }
            let complete = match buf.find_byte(b'\n') {
                Some(i) if self.partial.is_empty() => {
                    room(&[], i, self.st.line_no, &mut self.done)?;
                    let r = self.st.line(&buf[..i], true);
                    self.inner.consume(i + 1);
                    r?
                }
                Some(i) => {
                    room(&self.partial, i, self.st.line_no, &mut self.done)?;
                    self.partial.extend_from_slice(&buf[..i]);
                    self.inner.consume(i + 1);
                    let r = self.st.line(&self.partial, true);
                    self.partial.clear();
                    r?
                }
                None => {
                    let n = buf.len();
                    room(&self.partial, n, self.st.line_no, &mut self.done)?;
                    self.partial.extend_from_slice(buf);
                    self.inner.consume(n);
                    false
                }
            };
            if complete {
                return Ok(Some(&self.st.item));
            }
        }
    }

    fn finish(&mut self) -> Result<Option<&Item>, ReadError> {
        self.done = true;
        if !self.partial.is_empty() {
            let line = std::mem::take(&mut self.partial);
            if self.st.line(&line, false)? {
                return Ok(Some(&self.st.item));
            }
        }
        if self.st.rows > 0 {
            return Err(ReadError::Truncated {
                board: self.st.boards + 1,
                rows: self.st.rows,
            });
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(input: &[u8]) -> Result<Vec<Item>, String> {
        let mut r = Reader::new(input);
        let mut v = Vec::new();
        loop {
            match r.next() {
                Ok(Some(it)) => v.push(it.clone()),
                Ok(None) => return Ok(v),
                Err(e) => return Err(format!("f{e}")),
            }
        }
    }

    const ROWS: [&str; 9] = [
        "1 2 3 4 5 6 7 8 9",
        "4 5 6 7 8 9 1 2 3",
        "7 8 9 1 2 3 4 5 6",
        "2 3 1 5 6 4 8 9 7",
        "5 6 4 8 9 7 2 3 1",
        "8 9 7 2 3 1 5 6 4",
        "3 1 2 6 4 5 9 7 8",
        "6 4 5 9 7 8 3 1 2",
        "9 7 8 3 1 2 6 4 5",
    ];

    fn grid() -> String {
        ROWS.iter().map(|r| format!("{r}\n")).collect()
    }

    #[test]
    fn exact_layout_has_no_issue() {
        let text = format!("{}\n{}", grid(), grid());
        let v = read_all(text.as_bytes()).unwrap();
        assert_eq!(v.len(), 2);
        assert!(v.iter().all(|i| i.layout.is_none() && i.form == Form::Grid));
        assert_eq!((v[0].line, v[1].line), (1, 11));
        assert_eq!(v[0].board.0[..9], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(trailing(&text), None);
    }

    /// Each board's layout issue, as (line, column, what).
    fn layouts(text: &str) -> Vec<Option<(u64, Option<u64>, &'static str)>> {
        let v = read_all(text.as_bytes()).unwrap();
        v.iter()
            .map(|i| i.layout.as_ref().map(|l| (l.line, l.col, l.what)))
            .collect()
    }

    // The gap before a grid-form board: none before the first, one empty line before each
    // other; the board after a wrong gap carries it, the next one not. A line-form board
    // is itself the departure, whatever its gap.
    #[test]
    fn gaps_between_boards_are_named() {
        let (g, line) = (grid(), "1".repeat(81));
        assert_eq!(
            layouts(&format!("\n{g}\n{g}")),
            [Some((2, None, "empty line before the first board")), None]
        );
        assert_eq!(
            layouts(&format!("{g}{g}\n{g}")),
            [None, Some((10, None, "no empty line between boards")), None]
        );
        assert_eq!(
            layouts(&format!("{g}\n\n{g}\n{g}")),
            [
                None,
                Some((12, None, "more than one empty line between boards")),
                None
            ]
        );
        let line_form = "line form (one board a line) where grid form is expected";
        assert_eq!(
            layouts(&format!("{g}{line}\n\n\n{line}\n")),
            [
                None,
                Some((10, None, line_form)),
                Some((13, None, line_form))
            ]
        );
    }

    /// What `text` holds after its last board, as (line, column, what).
    fn trailing(text: &str) -> Option<(u64, Option<u64>, &'static str)> {
        let mut r = Reader::new(text.as_bytes());
        while r.next().unwrap().is_some() {}
        r.trailing_layout().map(|i| (i.line, i.col, i.what))
    }

    #[test]
    fn what_follows_the_last_board_is_its_own_departure() {
        let grid = grid();
        assert_eq!(trailing(&grid), None);
        assert_eq!(
            trailing(&format!("{grid}\n\n")),
            Some((11, None, "empty line after the last board"))
        );
        assert_eq!(
            trailing(&format!("{grid}\n# end\n\n")),
            Some((11, Some(1), "comment line"))
        );
    }

    /// A `BufRead` over `text` whose first `fill_buf` fails with `kind`.
    struct FailsOnce<'a> {
        text: &'a [u8],
        kind: Option<io::ErrorKind>,
    }

    impl io::Read for FailsOnce<'_> {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            unreachable!("read through fill_buf")
        }
    }

    impl BufRead for FailsOnce<'_> {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            match self.kind.take() {
                Some(kind) => Err(kind.into()),
                None => Ok(self.text),
            }
        }
        fn consume(&mut self, n: usize) {
            self.text = &self.text[n..];
        }
    }

    #[test]
    fn an_interrupted_read_is_retried_and_other_errors_end_the_stream() {
        let text = grid();
        let read = |kind| {
            let mut r = Reader::new(FailsOnce {
                text: text.as_bytes(),
                kind: Some(kind),
            });
            r.next()
                .map(|it| it.map(|it| it.index))
                .map_err(|e| e.to_string())
        };
        assert_eq!(read(io::ErrorKind::Interrupted), Ok(Some(1)));
        let err = read(io::ErrorKind::PermissionDenied).unwrap_err();
        assert!(err.starts_with(": permission denied"), "{err}");
    }

    #[test]
    fn lenient_forms_read_the_same_board() {
        let want = read_all(grid().as_bytes()).unwrap()[0].board;
        let crlf = grid().replace('\n', "\r\n");
        let packed = grid().replace(' ', "");
        let tabs = format!("\u{feff}\n# a comment\n{}", grid().replace(' ', "\t"));
        let pretty = ROWS
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let c: Vec<&str> = r.split(' ').collect();
                let rule = if i % 3 == 0 && i > 0 {
                    "------+-------+------\n"
                } else {
                    ""
                };
                format!(
                    "{rule} {} | {} | {} \n",
                    c[..3].join(" "),
                    c[3..6].join(" "),
                    c[6..].join(" ")
                )
            })
            .collect::<String>();
        let line = format!("{}  rated 1.2\n", packed.replace('\n', ""));
        let no_final_newline = grid().trim_end().to_string();
        let indented_comment = format!("\t # a comment\n{}", grid());
        let indented_rule = format!("  ------+-------+------\n{}", grid());
        let barred = grid().replacen('\n', "|\n", 1);
        let spaced = grid().replacen('\n', " \t\n", 1);
        // Each form with the first departure from the exact layout it makes.
        let forms = [
            (crlf, 1, Some(18), "CRLF line ending"),
            (
                packed,
                1,
                Some(2),
                "cells must be separated by exactly one space",
            ),
            (
                tabs,
                1,
                Some(1),
                "byte-order mark at the start of the input",
            ),
            (pretty, 1, Some(1), "whitespace before the first cell"),
            (
                line,
                1,
                None,
                "line form (one board a line) where grid form is expected",
            ),
            (
                no_final_newline,
                9,
                None,
                "no newline at the end of the input",
            ),
            (indented_comment, 1, Some(3), "comment line"),
            (indented_rule, 1, Some(3), "rule line"),
            (barred, 1, Some(18), "'|' after the last cell"),
            (
                spaced,
                1,
                Some(18),
                "trailing whitespace after the last cell",
            ),
        ];
        for (text, line, col, what) in forms {
            let v = read_all(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(v.len(), 1, "{text}");
            assert_eq!(v[0].board, want, "{text}");
            assert_eq!(v[0].layout, Some(LayoutIssue { line, col, what }), "{text}");
        }
        let dotted = grid().replacen('3', ".", 1);
        assert_eq!(
            read_all(dotted.as_bytes()).unwrap()[0].layout,
            Some(LayoutIssue {
                line: 1,
                col: Some(5),
                what: "'.' for a blank where 0 is expected"
            })
        );
    }

    #[test]
    fn a_cell_is_placed_at_its_line_and_column() {
        let line = format!("{}\n", ".".repeat(81));
        let spaced = format!("{} x\n", ".".repeat(81));
        let commented = grid().replacen('\n', "\n# between rows\n", 1);
        let text = format!("{}\n{line}{spaced}{commented}", grid());
        let v = read_all(text.as_bytes()).unwrap();
        let at = |i: usize, cell| v[i].place(cell);
        // The exact layouts, read in one piece, know their columns (cells whose row and
        // column differ, so that one is not taken for the other).
        assert_eq!(
            (at(0, 0), at(0, 14), at(0, 73), at(0, 80)),
            ((1, Some(1)), (2, Some(11)), (9, Some(3)), (9, Some(17)))
        );
        assert_eq!((at(1, 0), at(1, 80)), ((11, Some(1)), (11, Some(81))));
        // The others know their lines only, rows after a comment one further on.
        assert_eq!(
            (at(2, 80), at(3, 8), at(3, 9)),
            ((12, None), (13, None), (15, None))
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let mut text = grid();
        text.replace_range(4..5, "x");
        assert_eq!(
            read_all(text.as_bytes()).unwrap_err(),
            "f:1:5: unexpected character 'x'"
        );
        let short: String = ROWS[..6].iter().map(|r| format!("{r}\n")).collect();
        assert_eq!(
            read_all(short.as_bytes()).unwrap_err(),
            "f: input ends inside board 1 (6 of 9 rows)"
        );
        let gap = format!("{short}\n{}", grid());
        assert_eq!(
            read_all(gap.as_bytes()).unwrap_err(),
            "f:7: board 1 ends after 6 of 9 rows"
        );
        let ten = format!("{} 1\n", ROWS[0]);
        assert_eq!(
            read_all(ten.as_bytes()).unwrap_err(),
            "f:1: expected 9 cells (a grid row) or 81 (a line-form board), found 10"
        );
        // An exact-length line (the fast path's shape) with a character that is no cell.
        let mut bad = ".".repeat(81) + "\n";
        bad.replace_range(4..5, "x");
        assert_eq!(
            read_all(bad.as_bytes()).unwrap_err(),
            "f:1:5: unexpected character 'x'"
        );
        // Inside a grid, a row of more cells than a line-form board holds.
        let row90 = format!("{}\n{}\n", ROWS[0], "1".repeat(90));
        assert_eq!(
            read_all(row90.as_bytes()).unwrap_err(),
            "f:2: expected 9 cells in a row, found 90"
        );
        let line80 = ".".repeat(80);
        assert!(read_all(line80.as_bytes())
            .unwrap_err()
            .contains("found 80"));
        let line82 = ".".repeat(82);
        assert_eq!(
            read_all(line82.as_bytes()).unwrap_err(),
            "f:1: expected 81 cells in a line, found more"
        );
        let puzzle =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(
            read_all(format!("{puzzle} \t{puzzle} named\n").as_bytes()).unwrap_err(),
            "f:1:84: a second board on the line: line form is one board a line"
        );
        for (text, what) in [
            ("\x01", "control character U+0001"),
            ("9\x7f", "control character U+007F"),
        ] {
            assert_eq!(
                read_all(text.as_bytes()).unwrap_err(),
                format!("f:1:{}: unexpected {what}", text.len())
            );
        }
        let long = vec![b'1'; MAX_LINE + 10];
        assert!(read_all(&long).unwrap_err().contains("longer than"));
    }

    /// Every board and the error of `input`, read through a buffer of `cap` bytes.
    fn read_chunked(input: &[u8], cap: usize) -> (Vec<Board>, Option<String>) {
        let mut r = Reader::new(io::BufReader::with_capacity(cap, input));
        let mut boards = Vec::new();
        loop {
            match r.next() {
                Ok(Some(it)) => boards.push(it.board),
                Ok(None) => return (boards, None),
                Err(e) => return (boards, Some(format!("{e}"))),
            }
        }
    }

    #[test]
    fn the_verdict_does_not_depend_on_where_reads_end() {
        let board = ".".repeat(81);
        let comment = |n: usize| format!("#{}", "x".repeat(n - 1));
        let inputs = [
            format!("{}\n{board}\n", comment(MAX_LINE)),
            format!("{}\n{board}\n", comment(MAX_LINE + 1)),
            format!("{board}\n{}\n{board}\n", comment(70_000)),
            format!("{board}\n{}", comment(MAX_LINE + 1)),
            format!("{board} {}\n", "y".repeat(MAX_LINE)),
            format!("{}{}", grid(), ROWS[0]),
        ];
        for input in &inputs {
            let whole = read_chunked(input.as_bytes(), 1 << 20);
            for cap in [
                1,
                2,
                7,
                81,
                82,
                163,
                4096,
                MAX_LINE - 1,
                MAX_LINE,
                MAX_LINE + 1,
                70_001,
            ] {
                assert_eq!(
                    read_chunked(input.as_bytes(), cap),
                    whole,
                    "buffer of {cap} bytes, input of {} bytes",
                    input.len()
                );
            }
        }
        assert_eq!(read_chunked(inputs[0].as_bytes(), 1 << 20).1, None);
        assert_eq!(
            read_chunked(inputs[1].as_bytes(), 1 << 20).1.as_deref(),
            Some(":1: line is longer than 65536 bytes")
        );
    }

    #[test]
    fn small_buffers_straddle_lines() {
        let text = format!(
            "{}\n{}\n{}",
            grid(),
            ".".repeat(81),
            grid().replace('\n', "\r\n")
        );
        let reader = io::BufReader::with_capacity(7, text.as_bytes());
        let mut r = Reader::new(reader);
        let mut n = 0;
        while let Some(it) = r.next().unwrap() {
            n += 1;
            assert_eq!(it.index, n);
        }
        assert_eq!(n, 3);
    }
}
