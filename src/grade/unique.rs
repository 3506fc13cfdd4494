//! Unique rectangles: four open cells at the corners of a rectangle in two rows, two
//! columns and two boxes, all with candidates {a,b}, would give the puzzle two solutions
//! (swap a and b). The puzzle has one, so that pattern cannot be the answer:
//!
//! ```text
//!   floor  ab ── ab        type 1: three corners are just {a,b}: the fourth loses a and b
//!           │     │        type 2: the roof cells are {a,b,z}: one of them is z, so cells
//!   roof   abz ─ abz               seeing both lose z
//! ```
//! Type 3: the roof's extra digits act as one cell in a naked subset of a house both roof
//! cells are in. Type 4: a or b has no place in such a house but the roof, so it is in the
//! roof, and the roof loses the other.
//! (Types as HoDoKu numbers them: hodoku.sourceforge.net/en/tech_ur.php.)

use super::candidates::{
    cell, cells, count, digits, Cells, Digits, Grid, HOUSES, HOUSES_OF, PEERS,
};
use super::{Step, Technique};

/// A rectangle with its pair: corners in the order (r1,c1), (r1,c2), (r2,c1), (r2,c2).
struct Rect {
    corners: [u8; 4],
    ab: Digits,
}

impl Rect {
    fn cells(&self) -> Cells {
        self.corners.iter().fold(0, |m, &c| m | cell(c))
    }

    fn step(&self, t: Technique) -> Step {
        let mut s = Step::new(t);
        s.digits = self.ab;
        s.cells = self.cells();
        s
    }
}

/// The first step `f` finds over every rectangle and pair of digits.
fn each_rect(g: &Grid, mut f: impl FnMut(&Rect) -> Option<Step>) -> Option<Step> {
    for r1 in 0..8u8 {
        for r2 in r1 + 1..9 {
            for c1 in 0..8u8 {
                for c2 in c1 + 1..9 {
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue; // one box, or four
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let common = corners
                        .iter()
                        .fold(super::candidates::ALL, |m, &c| m & g.cand[c as usize]);
                    if common.count_ones() < 2 {
                        continue;
                    }
                    for a in digits(common) {
                        for b in digits(common & !((2 << (a - 1)) - 1)) {
                            let ab = super::candidates::digit(a) | super::candidates::digit(b);
                            if let Some(s) = f(&Rect { corners, ab }) {
                                return Some(s);
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// The floor and roof pairs: two corners sharing a line, and the other two.
const SIDES: [([usize; 2], [usize; 2]); 4] = [
    ([0, 1], [2, 3]),
    ([2, 3], [0, 1]),
    ([0, 2], [1, 3]),
    ([1, 3], [0, 2]),
];

/// The houses two cells share.
fn shared(p: u8, q: u8) -> impl Iterator<Item = u8> {
    let (hp, hq) = (HOUSES_OF[p as usize], HOUSES_OF[q as usize]);
    (0..3).filter(move |&i| hp[i] == hq[i]).map(move |i| hp[i])
}

/// Type 1.
pub fn rectangle_1(g: &Grid) -> Option<Step> {
    each_rect(g, |r| {
        let mut odd = r
            .corners
            .into_iter()
            .filter(|&c| g.cand[c as usize] != r.ab);
        let (Some(c), None) = (odd.next(), odd.next()) else {
            return None;
        };
        let mut s = r.step(Technique::UniqueRectangle1);
        for d in digits(r.ab) {
            s.remove[d as usize - 1] = cell(c);
        }
        Some(s)
    })
}

/// The roof of `r`, when it has a floor: the two corners that are more than {a,b}.
fn roofs(g: &Grid, r: &Rect) -> impl Iterator<Item = (u8, u8)> {
    let exact = r.corners.map(|c| g.cand[c as usize] == r.ab);
    let corners = r.corners;
    SIDES.into_iter().filter_map(move |(floor, roof)| {
        let ok = floor.iter().all(|&i| exact[i]) && roof.iter().all(|&i| !exact[i]);
        ok.then_some((corners[roof[0]], corners[roof[1]]))
    })
}

/// Types 2 and 4.
pub fn rectangle_2_4(g: &Grid) -> Option<Step> {
    each_rect(g, |r| {
        roofs(g, r).find_map(|(p, q)| {
            let (xp, xq) = (g.cand[p as usize] & !r.ab, g.cand[q as usize] & !r.ab);
            if xp == xq && xp.count_ones() == 1 {
                let mut s = r.step(Technique::UniqueRectangle2);
                let z = xp.trailing_zeros() as usize;
                s.remove[z] = g.pos[z] & PEERS[p as usize] & PEERS[q as usize];
                if s.removes() {
                    return Some(s);
                }
            }
            let roof = cell(p) | cell(q);
            shared(p, q).find_map(|h| {
                digits(r.ab).find_map(|u| {
                    if g.in_house(u, h) != roof {
                        return None;
                    }
                    let v = (r.ab & !super::candidates::digit(u)).trailing_zeros() as usize;
                    let mut s = r.step(Technique::UniqueRectangle4).house(h);
                    s.remove[v] = g.pos[v] & roof;
                    s.removes().then_some(s)
                })
            })
        })
    })
}

/// Type 3, the roof's extra digits with 1 to 3 other cells of a house the roof shares.
pub fn rectangle_3(g: &Grid) -> Option<Step> {
    each_rect(g, |r| {
        roofs(g, r).find_map(|(p, q)| {
            let extra = (g.cand[p as usize] | g.cand[q as usize]) & !r.ab;
            if extra.count_ones() < 2 {
                return None;
            }
            shared(p, q).find_map(|h| {
                let others: Vec<u8> =
                    cells(g.open & HOUSES[h as usize] & !(cell(p) | cell(q))).collect();
                (1u32..1 << others.len()).find_map(|m| {
                    let n = m.count_ones() + 1;
                    if n > 4 {
                        return None;
                    }
                    let mut set: Cells = 0;
                    let mut union = extra;
                    for (i, &c) in others.iter().enumerate() {
                        if m & (1 << i) != 0 {
                            set |= cell(c);
                            union |= g.cand[c as usize];
                        }
                    }
                    if count(union) != n {
                        return None;
                    }
                    let mut s = Step {
                        score: 45 + n as u8 - 1,
                        ..r.step(Technique::UniqueRectangle3).house(h)
                    };
                    s.cells |= set;
                    let rest = HOUSES[h as usize] & !(set | cell(p) | cell(q));
                    for d in digits(union) {
                        s.remove[d as usize - 1] = g.pos[d as usize - 1] & rest;
                    }
                    s.removes().then_some(s)
                })
            })
        })
    })
}
