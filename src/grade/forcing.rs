//! Past hard: a forcing chain by contradiction (assume a candidate, follow singles; when
//! they break the grid, the candidate is false), and, when no candidate breaks the grid so,
//! a guess (the solution's digit in a cell with the fewest candidates).
//!
//! A chain of strong and weak links that ends in a contradiction is a run of singles from
//! its first assumption, so X-chains, XY-chains and Nishio eliminations are all found here
//! (at one score: the length is not measured).

use super::candidates::{
    at_most_one, cell, cells, count, digit, digits, low_cell, low_digit, Cells, Digits, Grid,
    ALL_CELLS, HOUSES, PEERS,
};
use super::{Step, Technique};
use crate::Board;

/// Places every single, naked or hidden, until none is left. False when the grid breaks:
/// an open cell with no candidate, or a digit with no place left in a house.
pub(crate) fn propagate(g: &mut Grid) -> bool {
    loop {
        let mut progress = false;
        for c in cells(g.open) {
            let m = g.cand[c as usize];
            if m == 0 {
                return false;
            }
            if count(m) == 1 {
                g.place(c, low_digit(m));
                progress = true;
            }
        }
        for h in 0..27u8 {
            for d in digits(super::candidates::ALL & !g.placed[h as usize]) {
                let at = g.in_house(d, h);
                if at == 0 {
                    return false;
                }
                if at_most_one(at) {
                    g.place(low_cell(at), d);
                    progress = true;
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
    (2..=9u32).flat_map(move |n| cells(g.open).filter(move |&c| count(g.cand[c as usize]) == n))
}

/// The candidates as digits' cells alone, for [`forcing_chain`]'s many trial runs of
/// singles: a copy is about 300 bytes, a placement a few mask operations, naked singles
/// are found by counting across the digits rather than cell by cell, and hidden singles
/// are sought only for the digits whose cells changed since they were last sought.
///
/// ```text
///   pos[d - 1]:    d's candidate cells (open cells only)   bit c = cell c, as in Grid
///   placed[d - 1]: the cells that hold d                   open: the open cells
///   dirty:         bit d - 1: d may have a house with one place, or none
/// ```
///
/// [`propagate`] stays on the grid: the level route runs singles after every step, a few
/// placements at a time, where building the marks would cost more than they save.
#[derive(Clone, Copy)]
struct Marks {
    pos: [Cells; 9],
    placed: [Cells; 9],
    open: Cells,
    dirty: Digits,
}

impl Marks {
    fn of(g: &Grid) -> Marks {
        let mut placed = [0; 9];
        for c in cells(ALL_CELLS & !g.open) {
            placed[g.value[c as usize] as usize - 1] |= cell(c);
        }
        let mut m = Marks {
            pos: g.pos,
            placed,
            open: g.open,
            dirty: 0,
        };
        // A digit with a house left at one place or none is sought in every trial; where
        // the techniques before forcing chains have stalled, there is none.
        m.dirty = (1..=9u8)
            .filter(|&d| {
                HOUSES.iter().any(|&house| {
                    m.placed[d as usize - 1] & house == 0
                        && at_most_one(m.pos[d as usize - 1] & house)
                })
            })
            .fold(0, |set, d| set | digit(d));
        m
    }

    fn place(&mut self, c: u8, d: u8) {
        let bit = cell(c);
        for (e, p) in self.pos.iter_mut().enumerate() {
            if *p & bit != 0 {
                *p &= !bit;
                self.dirty |= 1 << e;
            }
        }
        self.pos[d as usize - 1] &= !PEERS[c as usize];
        self.dirty |= digit(d);
        self.placed[d as usize - 1] |= bit;
        self.open &= !bit;
    }

    /// [`propagate`] on these marks: the same placements, and false when it is false.
    fn propagate(&mut self) -> bool {
        loop {
            // The open cells with at least one candidate, and with two or more.
            let (mut once, mut twice) = (0 as Cells, 0 as Cells);
            for &p in &self.pos {
                twice |= once & p;
                once |= p;
            }
            if self.open & !once != 0 {
                return false;
            }
            let mut progress = false;
            for c in cells(once & !twice) {
                // A placement before it in this pass may have taken its one candidate.
                let Some(d) = (1..=9u8).find(|&d| self.pos[d as usize - 1] & cell(c) != 0) else {
                    return false;
                };
                self.place(c, d);
                progress = true;
            }
            let todo = std::mem::take(&mut self.dirty);
            for d in digits(todo) {
                match self.hidden_singles(d) {
                    None => return false,
                    Some(found) => progress |= found,
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// Places `d` in each house where it has one place left (and has not been placed):
    /// whether it placed any, or `None` when a house has no place left for it.
    fn hidden_singles(&mut self, d: u8) -> Option<bool> {
        let mut found = false;
        for house in HOUSES {
            if self.placed[d as usize - 1] & house != 0 {
                continue;
            }
            let at = self.pos[d as usize - 1] & house;
            if at == 0 {
                return None;
            }
            if at_most_one(at) {
                self.place(low_cell(at), d);
                found = true;
            }
        }
        Some(found)
    }
}

/// The first candidate, in [`by_candidates`] order, whose assumption singles break.
///
/// Singles are monotone: from a grid with fewer candidates they reach a grid with fewer
/// still. So when assuming `d` in `c` does not break the grid, no placement it led to
/// breaks it either (that assumption's singles reach a grid with more candidates than
/// `c = d`'s did, and a broken cell there would be broken here), and those candidates are
/// skipped: the step found is the same, after fewer searches.
pub fn forcing_chain(g: &Grid) -> Option<Step> {
    let marks = Marks::of(g);
    // Each digit's cells whose assumption is known not to break the grid.
    let mut sound = [0 as Cells; 9];
    by_candidates(g).find_map(|c| {
        digits(g.cand[c as usize]).find_map(|d| {
            if sound[d as usize - 1] & cell(c) != 0 {
                return None;
            }
            let mut t = marks;
            t.place(c, d);
            if t.propagate() {
                for (known, placed) in sound.iter_mut().zip(t.placed) {
                    *known |= placed & g.open;
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::puzzle::{make, Spec};
    use crate::grade::{grade, Level};
    use crate::solve::unique_solution;

    /// The grids met in grading `n` minimal puzzles made with `seed`, before each step
    /// that `keep` takes.
    fn grids_met(seed: u64, n: u64, keep: impl Fn(&Step) -> bool) -> Vec<Grid> {
        let mut grids = Vec::new();
        for k in 0..n {
            let p = make(&Spec::MINIMAL, seed, k, 0).unwrap();
            let solution = unique_solution(&p).unwrap();
            grade(&p, &solution, Level::Expert, |g, step| {
                if keep(step) {
                    grids.push(*g);
                }
            });
        }
        grids
    }

    /// The grids where grading minimal puzzles reached past hard.
    fn grids_past_hard() -> Vec<Grid> {
        grids_met(5, 150, |step| step.technique.level() == Level::Expert)
    }

    // The marks' singles against the grid's: for every candidate assumed in those grids,
    // the same verdict, and where the grid holds, the same digits placed. Every grid met in
    // grading some puzzles is among them, with singles still to find: there the hidden
    // singles a digit already has must be sought though the assumption does not touch it.
    #[test]
    fn marks_place_what_the_grid_places() {
        let mut grids = grids_past_hard();
        let past_hard = grids.len();
        grids.extend(grids_met(6, 20, |_| true));
        let (mut broken, mut held) = (0, 0);
        for g in &grids {
            for c in cells(g.open) {
                for d in digits(g.cand[c as usize]) {
                    let mut t = *g;
                    t.place(c, d);
                    let mut m = Marks::of(g);
                    m.place(c, d);
                    let ok = propagate(&mut t);
                    assert_eq!(m.propagate(), ok, "{c} {d}");
                    if !ok {
                        broken += 1;
                        continue;
                    }
                    held += 1;
                    for (i, &placed) in m.placed.iter().enumerate() {
                        let by_grid = (0..81u8)
                            .filter(|&x| t.value[x as usize] == i as u8 + 1)
                            .fold(0 as Cells, |set, x| set | cell(x));
                        assert_eq!(placed, by_grid, "{c} {d}: digit {}", i + 1);
                    }
                }
            }
        }
        assert!(
            past_hard >= 40 && broken > 1000 && held > 1000,
            "{past_hard} {broken} {held}"
        );
    }

    // The search, skipping what earlier assumptions showed sound, finds the step that the
    // plain search finds: the first candidate whose singles break the grid.
    #[test]
    fn skipping_sound_candidates_finds_the_same_chain() {
        for g in grids_past_hard() {
            let plain = by_candidates(&g).find_map(|c| {
                digits(g.cand[c as usize]).find_map(|d| {
                    let mut t = g;
                    t.place(c, d);
                    (!propagate(&mut t)).then_some((c, d))
                })
            });
            let found = forcing_chain(&g).map(|s| {
                let d = low_digit(s.digits);
                (low_cell(s.remove[d as usize - 1]), d)
            });
            assert_eq!(found, plain);
        }
    }
}
