//! A slow, plain reimplementation of the easy and medium technique sets, to check the
//! grader's boundaries against: candidates as a table of booleans, every rule applied
//! everywhere by brute force until nothing changes.

// Cells and digits are indexed as the rules read: "for each digit d, cand[c][d]".
#![allow(clippy::needless_range_loop)]

use crate::Board;

type Cands = [[bool; 10]; 81];

fn houses() -> Vec<Vec<usize>> {
    let mut hs = Vec::new();
    for r in 0..9 {
        hs.push((0..9).map(|c| r * 9 + c).collect());
    }
    for c in 0..9 {
        hs.push((0..9).map(|r| r * 9 + c).collect());
    }
    for b in 0..9 {
        let (r0, c0) = (b / 3 * 3, b % 3 * 3);
        hs.push((0..9).map(|i| (r0 + i / 3) * 9 + c0 + i % 3).collect());
    }
    hs
}

fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// All k-element subsets of `items`.
fn choose(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for (i, &x) in items.iter().enumerate() {
        for mut rest in choose(&items[i + 1..], k - 1) {
            rest.insert(0, x);
            out.push(rest);
        }
    }
    out
}

/// Whether the rules of `medium` (or singles alone) solve `puzzle`.
pub fn solves(puzzle: &Board, medium: bool) -> bool {
    let hs = houses();
    let mut value = puzzle.0;
    let mut cand: Cands = [[false; 10]; 81];
    for c in 0..81 {
        if value[c] == 0 {
            for d in 1..=9 {
                cand[c][d] = (0..81).all(|p| !(sees(c, p) && value[p] as usize == d));
            }
        }
    }
    loop {
        let mut changed = false;
        // Singles.
        for c in 0..81 {
            let ds: Vec<usize> = (1..=9).filter(|&d| cand[c][d]).collect();
            if value[c] == 0 && ds.len() == 1 {
                place(&mut value, &mut cand, c, ds[0]);
                changed = true;
            }
        }
        for h in &hs {
            for d in 1..=9 {
                let at: Vec<usize> = h.iter().copied().filter(|&c| cand[c][d]).collect();
                if at.len() == 1 {
                    place(&mut value, &mut cand, at[0], d);
                    changed = true;
                }
            }
        }
        if changed {
            continue;
        }
        if value.iter().all(|&v| v != 0) {
            return true;
        }
        if !medium {
            return false;
        }
        // Locked candidates: a digit of house a all in house b leaves the rest of b.
        for a in &hs {
            for b in &hs {
                for d in 1..=9 {
                    let at: Vec<usize> = a.iter().copied().filter(|&c| cand[c][d]).collect();
                    if at.is_empty() || !at.iter().all(|c| b.contains(c)) {
                        continue;
                    }
                    for &c in b {
                        if !a.contains(&c) && cand[c][d] {
                            cand[c][d] = false;
                            changed = true;
                        }
                    }
                }
            }
        }
        // Naked and hidden pairs and triples.
        for h in &hs {
            let open: Vec<usize> = h.iter().copied().filter(|&c| value[c] == 0).collect();
            for k in 2..=3 {
                for set in choose(&open, k) {
                    let ds: Vec<usize> = (1..=9)
                        .filter(|&d| set.iter().any(|&c| cand[c][d]))
                        .collect();
                    if ds.len() == k {
                        for &c in &open {
                            for &d in &ds {
                                if !set.contains(&c) && cand[c][d] {
                                    cand[c][d] = false;
                                    changed = true;
                                }
                            }
                        }
                    }
                }
                let digits: Vec<usize> = (1..=9).collect();
                for ds in choose(&digits, k) {
                    let placed = |d: usize| !open.iter().any(|&c| cand[c][d]);
                    if ds.iter().any(|&d| placed(d)) {
                        continue;
                    }
                    let at: Vec<usize> = open
                        .iter()
                        .copied()
                        .filter(|&c| ds.iter().any(|&d| cand[c][d]))
                        .collect();
                    if at.len() == k {
                        for &c in &at {
                            for d in 1..=9 {
                                if !ds.contains(&d) && cand[c][d] {
                                    cand[c][d] = false;
                                    changed = true;
                                }
                            }
                        }
                    }
                }
            }
        }
        if !changed {
            return false;
        }
    }
}

fn place(value: &mut [u8; 81], cand: &mut Cands, c: usize, d: usize) {
    value[c] = d as u8;
    cand[c] = [false; 10];
    for p in 0..81 {
        if sees(c, p) {
            cand[p][d] = false;
        }
    }
}
