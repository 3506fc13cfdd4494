//! Naked and hidden subsets. Naked: k cells of a house whose candidates together are k
//! digits: those digits leave the house's other cells. Hidden: k digits of a house whose
//! places together are k cells: those cells lose every other digit.

use super::candidates::{cells, digit, digits, Cells, Digits, Grid, HOUSES};
use super::{Step, Technique};

/// The k-element subsets of n items, as index masks, in increasing order.
pub(super) fn subsets(n: usize, k: u32) -> impl Iterator<Item = u32> {
    (0u32..1 << n).filter(move |m| m.count_ones() == k)
}

/// The items of `items` whose bits are set in `m`.
pub(super) fn chosen<T>(items: &[T], m: u32) -> impl Iterator<Item = &T> {
    items
        .iter()
        .enumerate()
        .filter(move |(i, _)| m & (1 << i) != 0)
        .map(|(_, x)| x)
}

fn naked(g: &Grid, k: u32, t: Technique) -> Option<Step> {
    (0..27u8).find_map(|h| {
        let open = g.open & HOUSES[h as usize];
        if open.count_ones() <= k {
            return None;
        }
        // The house's cells with 2..=k candidates.
        let mut small = [0u8; 9];
        let mut n = 0;
        for c in cells(open) {
            if (2..=k).contains(&g.cand[c as usize].count_ones()) {
                small[n] = c;
                n += 1;
            }
        }
        subsets(n, k).find_map(|m| {
            let mut ds: Digits = 0;
            let mut set: Cells = 0;
            for &c in chosen(&small[..n], m) {
                ds |= g.cand[c as usize];
                set |= 1 << c;
            }
            if ds.count_ones() != k {
                return None;
            }
            let mut s = Step::new(t).house(h);
            s.digits = ds;
            s.cells = set;
            for d in digits(ds) {
                s.remove[d as usize - 1] = g.in_house(d, h) & !set;
            }
            s.removes().then_some(s)
        })
    })
}

fn hidden(g: &Grid, k: u32, t: Technique) -> Option<Step> {
    (0..27u8).find_map(|h| {
        if (g.open & HOUSES[h as usize]).count_ones() <= k {
            return None;
        }
        // The house's digits with 2..=k places, and the places.
        let mut few = [(0u8, 0 as Cells); 9];
        let mut n = 0;
        for d in 1..=9u8 {
            let at = g.in_house(d, h);
            if (2..=k).contains(&at.count_ones()) {
                few[n] = (d, at);
                n += 1;
            }
        }
        subsets(n, k).find_map(|m| {
            let mut ds: Digits = 0;
            let mut set: Cells = 0;
            for &(d, at) in chosen(&few[..n], m) {
                ds |= digit(d);
                set |= at;
            }
            if set.count_ones() != k {
                return None;
            }
            let mut s = Step::new(t).house(h);
            s.digits = ds;
            s.cells = set;
            for d in digits(super::candidates::ALL & !ds) {
                s.remove[d as usize - 1] = g.pos[d as usize - 1] & set;
            }
            s.removes().then_some(s)
        })
    })
}

pub fn naked_pair(g: &Grid) -> Option<Step> {
    naked(g, 2, Technique::NakedPair)
}

pub fn hidden_pair(g: &Grid) -> Option<Step> {
    hidden(g, 2, Technique::HiddenPair)
}

pub fn naked_triple(g: &Grid) -> Option<Step> {
    naked(g, 3, Technique::NakedTriple)
}

pub fn hidden_triple(g: &Grid) -> Option<Step> {
    hidden(g, 3, Technique::HiddenTriple)
}

pub fn naked_quad(g: &Grid) -> Option<Step> {
    naked(g, 4, Technique::NakedQuad)
}

pub fn hidden_quad(g: &Grid) -> Option<Step> {
    hidden(g, 4, Technique::HiddenQuad)
}
