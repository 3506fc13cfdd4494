//! The board writer: exact grid form or line form, formatted into one reused buffer.
//!
//! Grid form is the assignment layout byte for byte: N boards are exactly `163 * N - 1`
//! bytes (9 rows of 17 characters and a newline, one empty line between boards, none at the
//! end). Blanks are `0` in grid form and `.` in line form (FORMAT.md).

use std::io::{self, Write};

use crate::board::Board;
use crate::stream::Form;

/// Bytes gathered before one `write_all` to the inner writer.
const CHUNK: usize = 256 * 1024;

/// Writes boards in grid or line form, the empty line between two grid boards included.
///
/// # Examples
///
/// ```
/// use sudoku_filters::stream::{Form, Writer};
/// use sudoku_filters::Board;
///
/// let mut b = Board::EMPTY;
/// b.0[0] = 7;
/// let mut w = Writer::new(Vec::new());
/// w.write(&b, Form::Line)?;
/// w.write(&b, Form::Grid)?;
/// w.write(&b, Form::Grid)?;
/// let out = String::from_utf8(w.into_inner()?).unwrap();
/// assert!(out.starts_with(&format!("7{}\n7 0 0 0 0 0 0 0 0\n", ".".repeat(80))));
/// assert_eq!(out.len(), 82 + 163 * 2 - 1);
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Writer<W: Write> {
    inner: W,
    buf: Vec<u8>,
    /// Bytes gathered before they go to `inner`.
    threshold: usize,
    /// Form of the first board, and of the previous one, to put the empty line only
    /// between two grid boards (and, for a caller joining outputs, between theirs).
    first: Option<Form>,
    last: Option<Form>,
}

/// Offset of each cell's character inside a 162-byte grid (row r at 18*r, cell c at 2*c).
const GRID_POS: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = ((i / 9) * 18 + (i % 9) * 2) as u8;
        i += 1;
    }
    t
};

/// A 162-byte grid's spaces and newlines; `format_grid` fills the cells' places.
const GRID_TEMPLATE: [u8; 162] = {
    let mut t = [b' '; 162];
    let mut r = 0;
    while r < 9 {
        t[r * 18 + 17] = b'\n';
        r += 1;
    }
    t
};

/// Formats one board in grid form (162 bytes, no separator line).
pub fn format_grid(b: &Board, out: &mut [u8; 162]) {
    *out = GRID_TEMPLATE;
    for (i, &d) in b.0.iter().enumerate() {
        out[GRID_POS[i] as usize] = b'0' + d;
    }
}

/// Formats one board in line form (81 bytes, no newline).
pub fn format_line(b: &Board, out: &mut [u8; 81]) {
    for (o, &d) in out.iter_mut().zip(b.0.iter()) {
        *o = if d == 0 { b'.' } else { b'0' + d };
    }
}

impl<W: Write> Writer<W> {
    /// A writer that hands its bytes on to `inner` in blocks of about 256 KiB.
    pub fn new(inner: W) -> Self {
        Writer {
            inner,
            buf: Vec::with_capacity(CHUNK + 512),
            threshold: CHUNK,
            first: None,
            last: None,
        }
    }

    /// Appends raw bytes (a board formatted elsewhere, a count line) to the output.
    pub fn raw(&mut self, bytes: &[u8], form: Form) -> io::Result<()> {
        if form == Form::Grid && self.last == Some(Form::Grid) {
            self.buf.push(b'\n');
        }
        self.buf.extend_from_slice(bytes);
        self.first.get_or_insert(form);
        self.last = Some(form);
        if self.buf.len() >= self.threshold {
            self.drain()?;
        }
        Ok(())
    }

    pub fn write(&mut self, b: &Board, form: Form) -> io::Result<()> {
        match form {
            Form::Grid => {
                let mut g = [0u8; 162];
                format_grid(b, &mut g);
                self.raw(&g, Form::Grid)
            }
            Form::Line => {
                let mut l = [0u8; 82];
                format_line(b, (&mut l[..81]).try_into().unwrap());
                l[81] = b'\n';
                self.raw(&l, Form::Line)
            }
        }
    }

    /// Appends boards that another writer formatted ([`Writer::into_part`]), with the
    /// empty line between them and what came before when both sides are grid form.
    pub fn append(&mut self, part: &Part) -> io::Result<()> {
        let Some(first) = part.first else {
            return Ok(());
        };
        if first == Form::Grid && self.last == Some(Form::Grid) {
            self.buf.push(b'\n');
        }
        self.first.get_or_insert(first);
        self.last = part.last;
        if self.buf.len() + part.bytes.len() >= self.threshold {
            self.drain()?;
            return self.inner.write_all(&part.bytes);
        }
        self.buf.extend_from_slice(&part.bytes);
        Ok(())
    }

    fn drain(&mut self) -> io::Result<()> {
        self.inner.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    /// Writes out what is buffered and flushes the inner writer.
    pub fn flush(&mut self) -> io::Result<()> {
        self.drain()?;
        self.inner.flush()
    }

    /// Flushes and gives back the inner writer.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.flush()?;
        let Writer { inner, .. } = self;
        Ok(inner)
    }
}

/// Boards formatted apart (on another thread), to be joined to a stream by
/// [`Writer::append`].
#[derive(Debug, Default)]
pub struct Part {
    bytes: Vec<u8>,
    first: Option<Form>,
    last: Option<Form>,
}

impl Writer<Vec<u8>> {
    /// A writer that formats boards for [`Writer::append`].
    pub fn part(capacity: usize) -> Self {
        Writer {
            inner: Vec::new(),
            buf: Vec::with_capacity(capacity),
            threshold: usize::MAX,
            first: None,
            last: None,
        }
    }

    /// The boards written, to be appended to a stream.
    pub fn into_part(self) -> Part {
        let Writer {
            buf, first, last, ..
        } = self;
        Part {
            bytes: buf,
            first,
            last,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_form_is_163n_minus_1_bytes() {
        let mut w = Writer::new(Vec::new());
        let mut b = Board::EMPTY;
        b.0[0] = 5;
        for _ in 0..3 {
            w.write(&b, Form::Grid).unwrap();
        }
        let out = w.into_inner().unwrap();
        assert_eq!(out.len(), 163 * 3 - 1);
        assert!(out.starts_with(b"5 0 0 0 0 0 0 0 0\n0 0"));
        assert!(out.ends_with(b"0 0\n"));
        assert_eq!(&out[162..163], b"\n");
    }

    #[test]
    fn parts_join_with_one_empty_line_between_grids() {
        let b = Board::EMPTY;
        let mut whole = Writer::new(Vec::new());
        let forms = [Form::Grid, Form::Line, Form::Grid, Form::Grid, Form::Line];
        for &f in &forms {
            whole.write(&b, f).unwrap();
        }
        let mut joined = Writer::new(Vec::new());
        for pair in forms.chunks(2) {
            let mut part = Writer::part(0);
            for &f in pair {
                part.write(&b, f).unwrap();
            }
            joined.append(&part.into_part()).unwrap();
        }
        joined.append(&Part::default()).unwrap();
        assert_eq!(joined.into_inner().unwrap(), whole.into_inner().unwrap());
    }

    /// A part that would fill the buffer goes straight on to the inner writer (after what
    /// was buffered), so a large part is neither copied nor held back; a small one waits.
    #[test]
    fn a_large_part_goes_straight_through_and_a_small_one_waits() {
        let mut b = Board::EMPTY;
        b.0[40] = 3;
        let part_of = |n: usize| {
            let mut p = Writer::part(0);
            for _ in 0..n {
                p.write(&b, Form::Grid).unwrap();
            }
            p.into_part()
        };
        let small = part_of(2);
        let large = part_of(CHUNK / 163 + 1);
        let mut w = Writer::new(Vec::new());
        w.append(&large).unwrap();
        assert!(
            w.buf.is_empty(),
            "a large part is not copied into the buffer"
        );
        let sent = w.inner.len();
        w.append(&small).unwrap();
        assert_eq!(w.inner.len(), sent, "a small part is buffered");
        w.append(&large).unwrap();
        assert!(w.buf.is_empty(), "nor is one that follows a small part");
        let before_flush = w.inner.clone();
        let mut whole = Writer::new(Vec::new());
        for _ in 0..2 + 2 * (CHUNK / 163 + 1) {
            whole.write(&b, Form::Grid).unwrap();
        }
        let whole = whole.into_inner().unwrap();
        assert_eq!(before_flush, whole, "everything is out before the flush");
        assert_eq!(w.into_inner().unwrap(), whole);
    }

    #[test]
    fn line_form_uses_dots() {
        let mut w = Writer::new(Vec::new());
        let mut b = Board::EMPTY;
        b.0[80] = 9;
        w.write(&b, Form::Line).unwrap();
        w.write(&b, Form::Line).unwrap();
        let out = w.into_inner().unwrap();
        let line = format!("{}9\n", ".".repeat(80));
        assert_eq!(out, format!("{line}{line}").into_bytes());
    }
}
