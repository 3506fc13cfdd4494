//! Naked and hidden subsets. Naked: k cells of a house whose candidates together are k
//! digits: those digits leave the house's other cells. Hidden: k digits of a house whose
//! places together are k cells: those cells lose every other digit.

use super::candidates::{at_most, cells, count, digit, digits, Cells, Digits, Grid, HOUSES};
use super::{Step, Technique};

/// The k-element subsets of n items (k ≥ 1), as index masks, in increasing order: each
/// the next larger number with k bits set (Gosper's hack, HAKMEM item 175).
pub(super) fn subsets(n: usize, k: u32) -> impl Iterator<Item = u32> {
    let end = 1u32 << n;
    let first = if k as usize <= n {
        (1u32 << k) - 1
    } else {
        end
    };
    std::iter::successors(Some(first), |&m| {
        let low = m & m.wrapping_neg();
        let up = m + low;
        Some(up | (((m ^ up) >> 2) / low))
    })
    .take_while(move |&m| m < end)
}

/// The items of `items` whose bits are set in `m`.
pub(super) fn chosen<T>(items: &[T], mut m: u32) -> impl Iterator<Item = &T> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            &items[i]
        })
    })
}

/// The step of a subset of `digits` on `cells` in house `h`, when it removes anything: a
/// subset that leaves its house as it is (found again at every later step) is none.
fn step(t: Technique, h: u8, digits: Digits, cells: Cells, remove: [Cells; 9]) -> Option<Step> {
    if remove == [0; 9] {
        return None;
    }
    let mut s = Step::new(t).house(h);
    s.digits = digits;
    s.cells = cells;
    s.remove = remove;
    Some(s)
}

fn naked(g: &Grid, k: u32, t: Technique) -> Option<Step> {
    (0..27u8).find_map(|h| {
        let open = g.open & HOUSES[h as usize];
        if at_most(open, k).is_some() {
            return None;
        }
        // The house's cells with 2..=k candidates.
        let mut small = [0u8; 9];
        let mut n = 0;
        for c in cells(open) {
            if (2..=k).contains(&count(g.cand[c as usize])) {
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
            if count(ds) != k {
                return None;
            }
            let mut remove = [0; 9];
            for d in digits(ds) {
                remove[d as usize - 1] = g.in_house(d, h) & !set;
            }
            step(t, h, ds, set, remove)
        })
    })
}

fn hidden(g: &Grid, k: u32, t: Technique) -> Option<Step> {
    (0..27u8).find_map(|h| {
        if at_most(g.open & HOUSES[h as usize], k).is_some() {
            return None;
        }
        // The house's digits with 2..=k places, and the places.
        let mut few = [(0u8, 0 as Cells); 9];
        let mut n = 0;
        for d in 1..=9u8 {
            let at = g.in_house(d, h);
            if at_most(at, k).is_some_and(|places| places >= 2) {
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
            if at_most(set, k) != Some(k) {
                return None;
            }
            let mut remove = [0; 9];
            for d in digits(super::candidates::ALL & !ds) {
                remove[d as usize - 1] = g.pos[d as usize - 1] & set;
            }
            step(t, h, ds, set, remove)
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

#[cfg(test)]
mod tests {
    #[test]
    fn subsets_are_every_mask_of_k_bits_in_order() {
        for n in 0..=9 {
            for k in 1..=4 {
                let slow: Vec<u32> = (0u32..1 << n).filter(|m| m.count_ones() == k).collect();
                assert_eq!(super::subsets(n, k).collect::<Vec<_>>(), slow, "{n} {k}");
            }
        }
    }
}
