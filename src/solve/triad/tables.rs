//! The triad solver's constant tables: box masks by part, the shuffles that carry news
//! between boxes and bands, and the lanes of digits and configurations. Built at compile
//! time from the layout in the parent module's diagram.

use super::lanes::{Ctl16, Ctl8, ZERO};
use crate::board::PERMUTATIONS_OF_3 as PERMS;

/// All 9 digits.
pub(super) const ALL: u16 = 0x1FF;
/// A lane of all ones.
pub(super) const ONES: u16 = 0xFFFF;

/// Which lanes of a box a mask covers.
#[derive(Clone, Copy)]
pub(super) enum Part {
    Cells,
    H,
    V,
    /// Matrix rows 0..3 (cells and H lanes).
    Rows,
    /// Matrix columns 0..3 (cells and V lanes).
    Cols,
    /// Matrix row 3: the V lanes and the corner.
    Row3,
    /// Matrix column 3: the H lanes and the corner.
    Col3,
}

pub(super) const fn is_cell(i: usize, j: usize) -> bool {
    i < 3 && j < 3
}

/// Per lane of a box: `value` in the lanes of `part`, 0 elsewhere.
pub(super) const fn box_mask(part: Part, value: u16) -> [u16; 16] {
    let mut t = [0u16; 16];
    let mut l = 0;
    while l < 16 {
        let (i, j) = (l / 4, l % 4);
        let inside = match part {
            Part::Cells => is_cell(i, j),
            Part::H => i < 3 && j == 3,
            Part::V => i == 3 && j < 3,
            Part::Rows => i < 3,
            Part::Cols => j < 3,
            Part::Row3 => i == 3,
            Part::Col3 => j == 3,
        };
        if inside {
            t[l] = value;
        }
        l += 1;
    }
    t
}

pub(super) const CELLS: [u16; 16] = box_mask(Part::Cells, ALL);
pub(super) const H_LANES: [u16; 16] = box_mask(Part::H, ONES);
pub(super) const V_LANES: [u16; 16] = box_mask(Part::V, ONES);
pub(super) const ROWS: [u16; 16] = box_mask(Part::Rows, ONES);
pub(super) const COLS: [u16; 16] = box_mask(Part::Cols, ONES);
/// The fewest digits each lane may keep: 1 in a cell, 6 in an H or V lane.
pub(super) const MINIMUM: [u16; 16] = {
    let mut t = box_mask(Part::Cells, 1);
    let mut l = 0;
    while l < 15 {
        if !is_cell(l / 4, l % 4) {
            t[l] = 6;
        }
        l += 1;
    }
    t
};
pub(super) const ONE_PER_CELL: [u16; 16] = {
    let mut t = [0x100; 16];
    let mut l = 0;
    while l < 16 {
        if is_cell(l / 4, l % 4) {
            t[l] = 1;
        }
        l += 1;
    }
    t
};
/// Every lane 0.
pub(super) const ZERO_WIDE: [u16; 16] = [0; 16];
/// A box before any clue: every digit everywhere (lane 15 stays 0).
pub(super) const FRESH_BOX: [u16; 16] = {
    let mut t = [ALL; 16];
    t[15] = 0;
    t
};
/// The lanes of a triad vector that hold triads (lane 4p+e, p, e < 3): at least 3 digits.
pub(super) const TRIAD_MINIMUM: [u16; 16] = box_mask(Part::Cells, 3);
/// A box restriction leaves every digit in these lanes: V lanes for a row band, H lanes for
/// a column band (and lane 15, which is empty anyway).
pub(super) const FREE_IN_ROW_BAND: [u16; 16] = box_mask(Part::Row3, ONES);
pub(super) const FREE_IN_COL_BAND: [u16; 16] = box_mask(Part::Col3, ONES);

/// Lane `4 * elem + 3` (an H lane) or `12 + elem` (a V lane) of a box: where a row band
/// (`vertical` false) or a column band reads the box's news about element `elem`.
pub(super) const fn news_lane(vertical: bool, elem: usize) -> u8 {
    if vertical {
        12 + elem as u8
    } else {
        4 * elem as u8 + 3
    }
}

/// `[orientation][peer]`: configuration c takes lane `news_lane(PERMS[c][peer])`, the
/// element the configuration uses.
pub(super) const NEWS: [[Ctl8; 3]; 2] = {
    let mut t = [[Ctl8::gather([ZERO; 8]); 3]; 2];
    let mut o = 0;
    while o < 2 {
        let mut p = 0;
        while p < 3 {
            let mut lanes = [ZERO; 8];
            let mut c = 0;
            while c < 6 {
                lanes[c] = news_lane(o == 1, PERMS[c][p]);
                c += 1;
            }
            t[o][p] = Ctl8::gather(lanes);
            p += 1;
        }
        o += 1;
    }
    t
};

/// Configurations to triads: lane 4p+e of the triads is the union of the two
/// configurations that put the digit in element e of peer p (one control each).
pub(super) const TRIADS: [Ctl16; 2] = {
    let mut t = [[ZERO; 16]; 2];
    let mut n = [0usize; 16];
    let mut c = 0;
    while c < 6 {
        let mut p = 0;
        while p < 3 {
            let lane = 4 * p + PERMS[c][p];
            t[n[lane]][lane] = c as u8;
            n[lane] += 1;
            p += 1;
        }
        c += 1;
    }
    [Ctl16::spread(t[0]), Ctl16::spread(t[1])]
};

/// `[peer]`: configuration c takes triad lane `4 * peer + PERMS[c][peer]`, the triad of
/// the peer it uses.
pub(super) const TRIAD_NEWS: [Ctl8; 3] = {
    let mut t = [Ctl8::gather([ZERO; 8]); 3];
    let mut p = 0;
    while p < 3 {
        let mut lanes = [ZERO; 8];
        let mut c = 0;
        while c < 6 {
            lanes[c] = (4 * p + PERMS[c][p]) as u8;
            c += 1;
        }
        t[p] = Ctl8::gather(lanes);
        p += 1;
    }
    t
};

/// `[orientation][peer][k]`: the restriction a band puts on box `peer`, from the half of
/// the triads that holds the peer's row (lanes `base..base + 3`). k = 0: each cell takes
/// its element's triad, each H (row band) or V (column band) lane the next element's;
/// k = 1: each H or V lane the element after that.
pub(super) const RESTRICT: [[[Ctl16; 2]; 3]; 2] = {
    let mut t = [[[Ctl16::spread([ZERO; 16]); 2]; 3]; 2];
    let mut o = 0;
    while o < 2 {
        let mut p = 0;
        while p < 3 {
            let base = if p == 1 { 4 } else { 0 };
            let mut first = [ZERO; 16];
            let mut second = [ZERO; 16];
            let mut l = 0;
            while l < 16 {
                let (i, j) = (l / 4, l % 4);
                // The element a lane belongs to, and whether it is the band's "absent" lane.
                let (elem, absent) = if o == 0 { (i, j == 3) } else { (j, i == 3) };
                if elem < 3 {
                    if is_cell(i, j) {
                        first[l] = (base + elem) as u8;
                    } else if absent {
                        first[l] = (base + (elem + 1) % 3) as u8;
                        second[l] = (base + (elem + 2) % 3) as u8;
                    }
                }
                l += 1;
            }
            t[o][p] = [Ctl16::spread(first), Ctl16::spread(second)];
            p += 1;
        }
        o += 1;
    }
    t
};

/// Per cell of the grid: 16 * box + lane.
pub(super) const BOX_LANE: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        t[cell] = (16 * (3 * (r / 3) + c / 3) + 4 * (r % 3) + c % 3) as u8;
        cell += 1;
    }
    t
};

/// Per digit, its bit in every lane of a band's configurations.
pub(super) static DIGIT: [[u16; 8]; 9] = {
    let mut t = [[0; 8]; 9];
    let mut d = 0;
    while d < 9 {
        t[d] = [1 << d; 8];
        d += 1;
    }
    t
};

/// Per lane of a band's configurations, all ones in that lane alone.
pub(super) static LANE: [[u16; 8]; 8] = {
    let mut t = [[0; 8]; 8];
    let mut c = 0;
    while c < 8 {
        t[c][c] = ONES;
        c += 1;
    }
    t
};
