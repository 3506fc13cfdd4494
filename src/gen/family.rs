//! An indexed family of distinct solved grids: index → grid, so generation is deterministic,
//! can start anywhere (`--skip`) and shards across processes.
//!
//! Every grid of the family is `σ(g(BASE))`: `g` a geometric transformation (rows permuted
//! inside bands, bands permuted, the same for columns, optionally transposed: 1296 · 1296 · 2
//! of them) and `σ` a relabelling of the digits. `BASE` has no automorphism (a test checks
//! all 3,359,232 transformations), so distinct `(g, σ)` give distinct grids. Fixing the
//! top-left digit fixes `σ` on one digit and leaves 8! relabellings, so each top-left digit
//! owns 1296² · 2 · 8! = 135,444,234,240 grids.
//!
//! Index order: `k = geo * 8! + perm`. The relabelling changes fastest, so consecutive grids
//! share one geometric template and each costs one 162-byte translation through a 16-entry
//! table: eleven `pshufb` instructions where SSSE3 is there, a byte loop elsewhere.

use crate::board::{Board, PERMUTATIONS_OF_3};
use crate::stream::write::{format_grid, format_line};
use crate::stream::Form;

/// A random solved grid (seeded), checked to have no automorphism.
pub const BASE: [u8; 81] = {
    let s = b"851429637273516498964387152498273561615948723327651849146832975582794316739165284";
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = s[i] - b'0';
        i += 1;
    }
    t
};

/// Line arrangements of one axis: band order × the order inside each of the 3 bands.
pub const ARRANGEMENTS: u64 = 6 * 6 * 6 * 6;
/// Geometric transformations: row arrangement × column arrangement × transposed or not.
pub const GEOMETRIC: u64 = ARRANGEMENTS * ARRANGEMENTS * 2;
/// Relabellings that keep the top-left digit: 8!.
pub const RELABELS: u64 = 40320;
/// Grids in the family for one top-left digit.
pub const FAMILY: u64 = GEOMETRIC * RELABELS;

/// Arrangement `a` (0..1296) as a map from output line to source line.
pub fn arrangement(a: u64) -> [u8; 9] {
    let bands = PERMUTATIONS_OF_3[(a / 216) as usize];
    let mut m = [0u8; 9];
    for (out_band, &src_band) in bands.iter().enumerate() {
        let inner = PERMUTATIONS_OF_3[((a / [36, 6, 1][out_band]) % 6) as usize];
        for (i, &src) in inner.iter().enumerate() {
            m[out_band * 3 + i] = (src_band * 3 + src) as u8;
        }
    }
    m
}

/// The geometric transformation `geo` (0..GEOMETRIC) applied to `grid`.
pub fn transform(grid: &[u8; 81], geo: u64) -> [u8; 81] {
    let cols = arrangement(geo % ARRANGEMENTS);
    let rows = arrangement((geo / ARRANGEMENTS) % ARRANGEMENTS);
    let transposed = geo / (ARRANGEMENTS * ARRANGEMENTS) == 1;
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = (rows[r] as usize, cols[c] as usize);
            out[r * 9 + c] = if transposed {
                grid[sc * 9 + sr]
            } else {
                grid[sr * 9 + sc]
            };
        }
    }
    out
}

/// The permutation of 0..8 with lexicographic rank `k` (0..8!).
fn unrank(mut k: u64) -> [u8; 8] {
    let mut pool: Vec<u8> = (0..8).collect();
    let mut out = [0u8; 8];
    for (i, o) in out.iter_mut().enumerate() {
        let f = (1..(8 - i as u64)).product::<u64>();
        *o = pool.remove((k / f) as usize);
        k %= f;
    }
    out
}

/// Steps `p` to the next permutation in lexicographic order; false after the last.
fn next_permutation(p: &mut [u8; 8]) -> bool {
    let Some(i) = (0..7).rev().find(|&i| p[i] < p[i + 1]) else {
        return false;
    };
    let j = (i + 1..8).rev().find(|&j| p[j] > p[i]).unwrap();
    p.swap(i, j);
    p[i + 1..].reverse();
    true
}

/// Bytes of a grid's text, padded to whole 16-byte blocks.
pub const TEXT: usize = 176;
const SPACE: u8 = 10;
const NEWLINE: u8 = 11;

/// `out[i] = lut[code[i]]` for every byte.
#[inline]
fn translate(code: &[u8; TEXT], lut: &[u8; 16], out: &mut [u8; TEXT]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("ssse3") {
        // SAFETY: the CPU has SSSE3, the feature the function is compiled with.
        unsafe { translate_ssse3(code, lut, out) };
        return;
    }
    translate_bytes(code, lut, out);
}

/// [`translate`] a byte at a time, for CPUs without SSSE3.
fn translate_bytes(code: &[u8; TEXT], lut: &[u8; 16], out: &mut [u8; TEXT]) {
    for (o, &c) in out.iter_mut().zip(code) {
        *o = lut[(c & 15) as usize];
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
fn translate_ssse3(code: &[u8; TEXT], lut: &[u8; 16], out: &mut [u8; TEXT]) {
    use std::arch::x86_64::*;
    // SAFETY: every load and store is of 16 bytes inside an array of 16 or TEXT bytes
    // (TEXT is a multiple of 16).
    unsafe {
        let table = _mm_loadu_si128(lut.as_ptr().cast());
        for i in (0..TEXT).step_by(16) {
            let c = _mm_loadu_si128(code.as_ptr().add(i).cast());
            _mm_storeu_si128(out.as_mut_ptr().add(i).cast(), _mm_shuffle_epi8(table, c));
        }
    }
}

/// Why a generation request cannot be met.
#[derive(Debug, PartialEq, Eq)]
pub enum GenError {
    BadDigit(u64),
    TooMany { first: u8, skip: u64, count: u64 },
}

impl std::fmt::Display for GenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenError::BadDigit(d) => write!(f, "top-left digit must be 1 to 9, not {d}"),
            GenError::TooMany { first, skip, count } => write!(
                f,
                "asked for grids {} to {} but the family with top-left digit {first} holds \
                 {FAMILY} grids",
                skip + 1,
                *skip as u128 + *count as u128
            ),
        }
    }
}

/// Walks the family from a start index, producing grids as text or boards.
pub struct Gen {
    first: u8,
    geo: u64,
    perm: [u8; 8],
    /// The digits of `g(BASE)` other than its top-left one, ascending.
    others: [u8; 8],
    /// The digits other than `first`, ascending: where `perm` sends `others`.
    targets: [u8; 8],
    /// `g(BASE)` formatted in grid form and line form, as codes: digit `d` is `d`, a space
    /// [`SPACE`], a newline [`NEWLINE`]. Padded to whole 16-byte blocks.
    grid_code: [u8; TEXT],
    line_code: [u8; TEXT],
    /// The current relabelling as a code → ASCII table.
    lut: [u8; 16],
}

impl Gen {
    /// Starts at grid `start` (0-based) of the family with top-left digit `first`, ready to
    /// produce `count` grids.
    pub fn new(first: u8, start: u64, count: u64) -> Result<Gen, GenError> {
        if !(1..=9).contains(&first) {
            return Err(GenError::BadDigit(first as u64));
        }
        if start.checked_add(count).is_none_or(|end| end > FAMILY) {
            return Err(GenError::TooMany {
                first,
                skip: start,
                count,
            });
        }
        let mut targets = [0u8; 8];
        for (t, d) in targets.iter_mut().zip((1..=9u8).filter(|&d| d != first)) {
            *t = d;
        }
        let mut g = Gen {
            first,
            geo: start / RELABELS,
            perm: unrank(start % RELABELS),
            others: [0; 8],
            targets,
            grid_code: [0; TEXT],
            line_code: [0; TEXT],
            lut: [0; 16],
        };
        g.load_geometry();
        g.load_table();
        Ok(g)
    }

    fn load_geometry(&mut self) {
        let t = Board(transform(&BASE, self.geo));
        for (o, d) in self
            .others
            .iter_mut()
            .zip((1..=9u8).filter(|&d| d != t.0[0]))
        {
            *o = d;
        }
        let mut grid = [0u8; 162];
        format_grid(&t, &mut grid);
        let mut line = [b'\n'; 82];
        format_line(&t, (&mut line[..81]).try_into().unwrap());
        let code = |c: u8| match c {
            b' ' => SPACE,
            b'\n' => NEWLINE,
            d => d - b'0',
        };
        for (o, &c) in self.grid_code.iter_mut().zip(&grid) {
            *o = code(c);
        }
        for (o, &c) in self.line_code.iter_mut().zip(&line) {
            *o = code(c);
        }
    }

    fn load_table(&mut self) {
        self.lut[SPACE as usize] = b' ';
        self.lut[NEWLINE as usize] = b'\n';
        self.lut[self.grid_code[0] as usize] = b'0' + self.first;
        for (i, &o) in self.others.iter().enumerate() {
            self.lut[o as usize] = b'0' + self.targets[self.perm[i] as usize];
        }
    }

    /// The current grid as text in `form` (162 bytes for grid form, 82 for line form).
    #[inline]
    pub fn text<'a>(&self, form: Form, out: &'a mut [u8; TEXT]) -> &'a [u8] {
        let (code, len) = match form {
            Form::Grid => (&self.grid_code, 162),
            Form::Line => (&self.line_code, 82),
        };
        translate(code, &self.lut, out);
        &out[..len]
    }

    /// The current grid as a board.
    pub fn board(&self) -> Board {
        let mut b = Board::EMPTY;
        for (cell, &c) in b.0.iter_mut().zip(&self.line_code[..81]) {
            *cell = self.lut[c as usize] - b'0';
        }
        b
    }

    /// Moves to the next grid of the family.
    #[inline]
    pub fn advance(&mut self) {
        if !next_permutation(&mut self.perm) {
            self.perm = [0, 1, 2, 3, 4, 5, 6, 7];
            self.geo += 1;
            if self.geo < GEOMETRIC {
                self.load_geometry();
            }
        }
        self.load_table();
    }
}

/// The top-left digit for a student id: (sum of its last two digits) % 9 + 1.
pub fn digit_for_id(id: &str) -> Option<u8> {
    let b = id.as_bytes();
    if b.len() < 2 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let sum = (b[b.len() - 1] - b'0') + (b[b.len() - 2] - b'0');
    Some(sum % 9 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn base_is_a_solved_grid() {
        assert!(Board(BASE).is_solved());
    }

    /// The family is injective only if no transformation but the identity maps BASE to a
    /// relabelling of itself. Check all 3,359,232 of them.
    #[test]
    fn base_has_no_automorphism() {
        let mut fixed = 0;
        for geo in 0..GEOMETRIC {
            let t = transform(&BASE, geo);
            let mut map = [0u8; 10];
            let mut used = [false; 10];
            let is_relabel = t.iter().zip(&BASE).all(|(&x, &y)| {
                if map[x as usize] == 0 && !used[y as usize] {
                    map[x as usize] = y;
                    used[y as usize] = true;
                }
                map[x as usize] == y
            });
            if is_relabel {
                assert_eq!(geo, 0, "transformation {geo} is an automorphism");
                fixed += 1;
            }
        }
        assert_eq!(fixed, 1);
    }

    #[test]
    fn arrangements_are_distinct_permutations() {
        let all: HashSet<[u8; 9]> = (0..ARRANGEMENTS).map(arrangement).collect();
        assert_eq!(all.len(), 1296);
        assert_eq!(arrangement(0), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        for m in &all {
            let mut s = *m;
            s.sort();
            assert_eq!(s, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        }
    }

    #[test]
    fn walking_equals_jumping_and_grids_are_valid_and_distinct() {
        let mut seen = HashSet::new();
        let start = RELABELS - 3; // cross a change of geometry
        let mut g = Gen::new(7, start, 60000).unwrap();
        for k in 0..60000u64 {
            let b = g.board();
            assert!(b.is_solved());
            assert_eq!(b.0[0], 7);
            assert!(seen.insert(b), "grid {} repeats", start + k);
            if k % 9973 == 0 {
                assert_eq!(Gen::new(7, start + k, 1).unwrap().board(), b);
            }
            g.advance();
        }
        // Sparse indices across the whole family.
        for i in 0..20000u64 {
            let k = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % FAMILY;
            assert!(seen.insert(Gen::new(7, k, 1).unwrap().board()) || k < start + 60000);
        }
        assert_eq!(Gen::new(7, FAMILY - 1, 1).unwrap().board().0[0], 7);
    }

    /// The byte loop runs only where SSSE3 is missing, so it is checked here against the
    /// grids' own text and against the path this CPU takes.
    #[test]
    fn both_translations_write_the_grids_text() {
        let mut g = Gen::new(4, RELABELS - 2, 4).unwrap();
        for _ in 0..4 {
            let (mut bytes, mut fast) = ([0u8; TEXT], [0u8; TEXT]);
            let mut grid = [0u8; 162];
            format_grid(&g.board(), &mut grid);
            translate_bytes(&g.grid_code, &g.lut, &mut bytes);
            translate(&g.grid_code, &g.lut, &mut fast);
            assert_eq!(bytes[..162], grid);
            assert_eq!(bytes, fast);
            let mut line = [b'\n'; 82];
            format_line(&g.board(), (&mut line[..81]).try_into().unwrap());
            translate_bytes(&g.line_code, &g.lut, &mut bytes);
            translate(&g.line_code, &g.lut, &mut fast);
            assert_eq!(bytes[..82], line);
            assert_eq!(bytes, fast);
            g.advance();
        }
    }

    #[test]
    fn bounds_and_ids() {
        assert!(Gen::new(1, FAMILY, 1).is_err());
        assert!(Gen::new(1, 0, FAMILY).is_ok());
        assert!(Gen::new(1, u64::MAX, 2).is_err());
        assert!(Gen::new(0, 0, 1).is_err());
        assert_eq!(digit_for_id("2023123456"), Some(3)); // (5+6) % 9 + 1
        assert_eq!(digit_for_id("99"), Some(1));
        assert_eq!(digit_for_id("7"), None);
        assert_eq!(digit_for_id("12a4"), None);
    }
}
