//! Single-digit chains of strong links. A strong link is a house where a digit has just two
//! places: one of them holds it.
//!
//! - Skyscraper: two strong links in parallel lines whose ends meet in one crossing line;
//!   one of the two far ends holds the digit, so a cell seeing both loses it.
//! - Two-string kite: a strong link in a row and one in a column with an end of each in
//!   one box; one of the two far ends holds the digit.
//! - Simple colouring: the strong links of a digit, coloured alternately. Two cells of one
//!   colour that see each other make that colour false (colour wrap); a cell that sees both
//!   colours loses the digit (colour trap).

use super::candidates::{
    at_most, cell, cells, digit, low_cell, Cells, Grid, BOX, COL, HOUSES_OF, PEERS,
};
use super::{Step, Technique};

/// The two cells of digit `d` in house `h`, when it has just two.
pub(super) fn link(g: &Grid, d: u8, h: u8) -> Option<(u8, u8)> {
    let at = g.in_house(d, h);
    (at_most(at, 2) == Some(2)).then(|| (low_cell(at), low_cell(at & (at - 1))))
}

/// A step removing `d` from the cells that see both far ends `e1`, `e2` of a chain.
fn ends(g: &Grid, t: Technique, d: u8, e1: u8, e2: u8, chain: Cells, houses: u32) -> Option<Step> {
    let mut s = Step::new(t);
    s.digits = digit(d);
    s.cells = chain;
    s.houses = houses;
    s.remove[d as usize - 1] = g.pos[d as usize - 1] & PEERS[e1 as usize] & PEERS[e2 as usize];
    s.removes().then_some(s)
}

pub fn skyscraper(g: &Grid) -> Option<Step> {
    (1..=9u8).find_map(|d| {
        [0, COL].into_iter().find_map(|kind| {
            // For rows the crossing lines are columns, and the other way round.
            let across = |c: u8| if kind == 0 { c % 9 } else { c / 9 };
            (kind..kind + 9).find_map(|l1| {
                let (a1, a2) = link(g, d, l1)?;
                (l1 + 1..kind + 9).find_map(|l2| {
                    let (b1, b2) = link(g, d, l2)?;
                    let chain = cell(a1) | cell(a2) | cell(b1) | cell(b2);
                    let houses = 1 << l1 | 1 << l2;
                    [
                        (a1, a2, b1, b2),
                        (a1, a2, b2, b1),
                        (a2, a1, b1, b2),
                        (a2, a1, b2, b1),
                    ]
                    .into_iter()
                    .find_map(|(base_a, end_a, base_b, end_b)| {
                        let parallel =
                            across(base_a) == across(base_b) && across(end_a) != across(end_b);
                        parallel.then_some(())?;
                        ends(g, Technique::Skyscraper, d, end_a, end_b, chain, houses)
                    })
                })
            })
        })
    })
}

pub fn two_string_kite(g: &Grid) -> Option<Step> {
    let box_of = |c: u8| HOUSES_OF[c as usize][2] - BOX;
    (1..=9u8).find_map(|d| {
        (0..COL).find_map(|r| {
            let (a1, a2) = link(g, d, r)?;
            (COL..BOX).find_map(|k| {
                let (b1, b2) = link(g, d, k)?;
                let chain = cell(a1) | cell(a2) | cell(b1) | cell(b2);
                if chain.count_ones() != 4 {
                    return None;
                }
                [
                    (a1, a2, b1, b2),
                    (a1, a2, b2, b1),
                    (a2, a1, b1, b2),
                    (a2, a1, b2, b1),
                ]
                .into_iter()
                .find_map(|(in_a, end_a, in_b, end_b)| {
                    (box_of(in_a) == box_of(in_b)).then_some(())?;
                    let houses = 1 << r | 1 << k | 1 << (BOX + box_of(in_a));
                    ends(g, Technique::TwoStringKite, d, end_a, end_b, chain, houses)
                })
            })
        })
    })
}

pub fn simple_colouring(g: &Grid) -> Option<Step> {
    (1..=9u8).find_map(|d| {
        // Each cell's partners through strong links.
        let mut partners = [0 as Cells; 81];
        let mut linked: Cells = 0;
        for h in 0..27 {
            if let Some((p, q)) = link(g, d, h) {
                partners[p as usize] |= cell(q);
                partners[q as usize] |= cell(p);
                linked |= cell(p) | cell(q);
            }
        }
        let mut seen: Cells = 0;
        cells(linked).find_map(|start| {
            if seen & cell(start) != 0 {
                return None;
            }
            // Colour the component of `start`: colours[0] holds start.
            let mut colours = [cell(start), 0 as Cells];
            let mut todo = vec![(start, 0usize)];
            while let Some((c, k)) = todo.pop() {
                for p in cells(partners[c as usize] & !(colours[0] | colours[1])) {
                    colours[1 - k] |= cell(p);
                    todo.push((p, 1 - k));
                }
            }
            let component = colours[0] | colours[1];
            seen |= component;
            let mut s = Step::new(Technique::SimpleColouring);
            s.digits = digit(d);
            s.cells = component;
            let sight = |m: Cells| cells(m).fold(0 as Cells, |v, c| v | PEERS[c as usize]);
            if let Some(&wrong) = colours.iter().find(|&&m| sight(m) & m != 0) {
                s.remove[d as usize - 1] = wrong;
            } else {
                s.remove[d as usize - 1] =
                    g.pos[d as usize - 1] & sight(colours[0]) & sight(colours[1]) & !component;
            }
            s.removes().then_some(s)
        })
    })
}
