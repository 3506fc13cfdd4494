//! Wings: short chains through cells with two or three candidates.
//!
//! - XY-wing: a pivot {x,y} sees pincers {x,z} and {y,z}; one pincer is z whatever the
//!   pivot is, so a cell seeing both pincers loses z.
//! - XYZ-wing: a pivot {x,y,z} sees pincers {x,z} and {y,z}; one of the three is z, so a
//!   cell seeing all three loses z.
//! - W-wing: two cells {x,y} that do not see each other, joined by a house where x has just
//!   two places, one seen by each: one of the two cells is y, so a cell seeing both loses y.

use super::candidates::{cell, cells, count, digit, digits, sees, Cells, Grid, PEERS};
use super::chains::link;
use super::{Step, Technique};

/// The open cells with exactly `n` candidates.
fn with_candidates(g: &Grid, n: u32) -> Cells {
    cells(g.open)
        .filter(|&c| count(g.cand[c as usize]) == n)
        .fold(0, |m, c| m | cell(c))
}

fn wing(g: &Grid, t: Technique, pattern: Cells, z: u16, sees: Cells) -> Option<Step> {
    let d = z.trailing_zeros() as usize;
    let mut s = Step::new(t);
    s.cells = pattern;
    s.digits = cells(pattern).fold(0, |m, c| m | g.cand[c as usize]);
    s.remove[d] = g.pos[d] & sees;
    s.removes().then_some(s)
}

pub fn xy_wing(g: &Grid) -> Option<Step> {
    let two = with_candidates(g, 2);
    cells(two).find_map(|p| {
        let xy = g.cand[p as usize];
        let near = two & PEERS[p as usize];
        cells(near).find_map(|a| {
            let ca = g.cand[a as usize];
            if (ca & xy).count_ones() != 1 {
                return None;
            }
            let z = ca & !xy;
            let want = (xy & !ca) | z;
            cells(near & !cell(a)).find_map(|b| {
                (g.cand[b as usize] == want).then_some(())?;
                let sees = PEERS[a as usize] & PEERS[b as usize];
                wing(g, Technique::XyWing, cell(p) | cell(a) | cell(b), z, sees)
            })
        })
    })
}

pub fn xyz_wing(g: &Grid) -> Option<Step> {
    let two = with_candidates(g, 2);
    cells(with_candidates(g, 3)).find_map(|p| {
        let xyz = g.cand[p as usize];
        let near = two & PEERS[p as usize];
        cells(near).find_map(|a| {
            let ca = g.cand[a as usize];
            if ca & !xyz != 0 {
                return None;
            }
            cells(near & !cell(a)).find_map(|b| {
                let cb = g.cand[b as usize];
                if cb & !xyz != 0 || cb == ca || b < a {
                    return None;
                }
                let z = ca & cb;
                let sees = PEERS[p as usize] & PEERS[a as usize] & PEERS[b as usize];
                wing(g, Technique::XyzWing, cell(p) | cell(a) | cell(b), z, sees)
            })
        })
    })
}

pub fn w_wing(g: &Grid) -> Option<Step> {
    let two = with_candidates(g, 2);
    cells(two).find_map(|a| {
        let xy = g.cand[a as usize];
        let mut far =
            cells(two & !PEERS[a as usize]).filter(|&b| b > a && g.cand[b as usize] == xy);
        far.find_map(|b| {
            let ends = cell(a) | cell(b);
            digits(xy).find_map(|x| {
                let y = xy & !digit(x);
                (0..27u8).find_map(|h| {
                    let (p, q) = link(g, x, h)?;
                    let strong = cell(p) | cell(q);
                    if strong & ends != 0 || !(sees(p, a) && sees(q, b) || sees(p, b) && sees(q, a))
                    {
                        return None;
                    }
                    let both = PEERS[a as usize] & PEERS[b as usize];
                    let mut s = wing(g, Technique::WWing, ends | strong, y, both)?;
                    s.digits = xy;
                    s.houses = 1 << h;
                    Some(s)
                })
            })
        })
    })
}
