//! Locked candidates: a digit confined to one line within a box leaves the rest of that
//! line (pointing); a digit confined to one box within a line leaves the rest of that box
//! (claiming).

use super::candidates::{Grid, BOX, COL, HOUSES};
use super::{Step, Technique};

/// The lines through box `b` (0..9): its three rows, then its three columns.
fn lines_of_box(b: u8) -> [u8; 6] {
    let (r, c) = (b / 3 * 3, b % 3 * 3);
    [r, r + 1, r + 2, COL + c, COL + c + 1, COL + c + 2]
}

/// The boxes a line crosses.
fn boxes_of_line(l: u8) -> [u8; 3] {
    if l < COL {
        let b = l / 3 * 3;
        [BOX + b, BOX + b + 1, BOX + b + 2]
    } else {
        let b = (l - COL) / 3;
        [BOX + b, BOX + b + 3, BOX + b + 6]
    }
}

/// Digit `d`'s cells in house `inner` all lie in house `outer`: the rest of `outer` loses
/// `d`.
fn locked(g: &Grid, t: Technique, d: u8, inner: u8, outer: u8) -> Option<Step> {
    let at = g.in_house(d, inner);
    if at == 0 || at & !HOUSES[outer as usize] != 0 {
        return None;
    }
    let mut s = Step::new(t).house(inner);
    s.digits = super::candidates::digit(d);
    s.cells = at;
    s.remove[d as usize - 1] = g.in_house(d, outer) & !HOUSES[inner as usize];
    s.removes().then_some(s)
}

/// A digit confined to one line within a box.
pub fn pointing(g: &Grid) -> Option<Step> {
    (0..9u8).find_map(|b| {
        (1..=9).find_map(|d| {
            lines_of_box(b)
                .into_iter()
                .find_map(|l| locked(g, Technique::Pointing, d, BOX + b, l))
        })
    })
}

/// A digit confined to one box within a line.
pub fn claiming(g: &Grid) -> Option<Step> {
    (0..BOX).find_map(|l| {
        (1..=9).find_map(|d| {
            boxes_of_line(l)
                .into_iter()
                .find_map(|b| locked(g, Technique::Claiming, d, l, b))
        })
    })
}
