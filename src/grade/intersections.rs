//! Locked candidates: a digit confined to one line within a box leaves the rest of that
//! line (pointing); a digit confined to one box within a line leaves the rest of that box
//! (claiming).

use super::candidates::{cells, Grid, BOX, COL, HOUSES};
use super::{Step, Technique};
use crate::board::{box_of, col_of, row_of};

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

/// A digit confined to one line within a box. Only the row and the column of the digit's
/// first place in the box can hold all its places: the others are not tried.
pub fn pointing(g: &Grid) -> Option<Step> {
    (0..9u8).find_map(|b| {
        (1..=9).find_map(|d| {
            let first = cells(g.in_house(d, BOX + b)).next()? as usize;
            [row_of(first) as u8, COL + col_of(first) as u8]
                .into_iter()
                .find_map(|l| locked(g, Technique::Pointing, d, BOX + b, l))
        })
    })
}

/// A digit confined to one box within a line: the box of its first place in the line.
pub fn claiming(g: &Grid) -> Option<Step> {
    (0..BOX).find_map(|l| {
        (1..=9).find_map(|d| {
            let first = cells(g.in_house(d, l)).next()? as usize;
            locked(g, Technique::Claiming, d, l, BOX + box_of(first) as u8)
        })
    })
}
