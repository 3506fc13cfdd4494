//! Past hard: a forcing chain by contradiction (assume a candidate, follow singles; when
//! they break the grid, the candidate is false), and, when no candidate breaks the grid so,
//! a guess (the solution's digit in a cell with the fewest candidates).
//!
//! A chain of strong and weak links that ends in a contradiction is a run of singles from
//! its first assumption, so X-chains, XY-chains and Nishio eliminations are all found here
//! (at one score: the length is not measured).

use super::candidates::{cell, cells, digit, digits, low_cell, low_digit, Grid};
use super::{Step, Technique};
use crate::Board;

/// Places every single, naked or hidden, until none is left. False when the grid breaks:
/// an open cell with no candidate, or a digit with no place left in a house.
pub(crate) fn propagate(g: &mut Grid) -> bool {
    loop {
        let mut progress = false;
        for c in cells(g.open) {
            let m = g.cand[c as usize];
            match m.count_ones() {
                0 => return false,
                1 => {
                    g.place(c, low_digit(m));
                    progress = true;
                }
                _ => {}
            }
        }
        for h in 0..27u8 {
            for d in digits(super::candidates::ALL & !g.placed[h as usize]) {
                let at = g.in_house(d, h);
                match at.count_ones() {
                    0 => return false,
                    1 => {
                        g.place(low_cell(at), d);
                        progress = true;
                    }
                    _ => {}
                }
            }
        }
        if !progress {
            return true;
        }
    }
}

/// The open cells, fewest candidates first (and in reading order among equals).
fn by_candidates(g: &Grid) -> impl Iterator<Item = u8> + '_ {
    (2..=9u32)
        .flat_map(move |n| cells(g.open).filter(move |&c| g.cand[c as usize].count_ones() == n))
}

pub fn forcing_chain(g: &Grid) -> Option<Step> {
    by_candidates(g).find_map(|c| {
        digits(g.cand[c as usize]).find_map(|d| {
            let mut t = *g;
            t.place(c, d);
            if propagate(&mut t) {
                return None;
            }
            let mut s = Step::new(Technique::ForcingChain);
            s.remove[d as usize - 1] = cell(c);
            s.digits = digit(d);
            Some(s)
        })
    })
}

pub fn guess(g: &Grid, solution: &Board) -> Option<Step> {
    let c = by_candidates(g).next().or_else(|| cells(g.open).next())?;
    Some(Step::placing(Technique::Guess, c, solution.0[c as usize]))
}
