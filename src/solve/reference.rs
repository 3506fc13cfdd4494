//! A simple, obviously correct solver to cross-check the fast one: depth-first search over
//! cells, always branching on a cell with the fewest candidates, digits in increasing order.

use crate::board::{box_of, col_of, row_of, Board};

/// Counts solutions up to `limit`, returning the count and the first solution.
pub fn count_up_to(puzzle: &Board, limit: u32) -> (u32, Option<Board>) {
    count_within(puzzle, &[ANY; 81], limit)
}

/// Every digit, as a set of candidates (bit d for digit d).
const ANY: u16 = 0b11_1111_1110;

/// Counts, up to `limit`, the solutions of `puzzle` whose every blank cell holds one of the
/// digits `allowed` for it (bit d for digit d), returning the count and the first solution.
pub fn count_within(puzzle: &Board, allowed: &[u16; 81], limit: u32) -> (u32, Option<Board>) {
    let mut b = *puzzle;
    let mut first = None;
    let mut count = 0;
    dfs(&mut b, &peers(), allowed, limit, &mut count, &mut first);
    (count, first)
}

/// For each cell, the 20 other cells of its row, column or box.
pub fn peers() -> [[usize; 20]; 81] {
    let mut t = [[0; 20]; 81];
    for (cell, list) in t.iter_mut().enumerate() {
        let mut n = 0;
        for other in 0..81 {
            let same = row_of(other) == row_of(cell)
                || col_of(other) == col_of(cell)
                || box_of(other) == box_of(cell);
            if same && other != cell {
                list[n] = other;
                n += 1;
            }
        }
        assert_eq!(n, 20);
    }
    t
}

/// The digits (bit d for digit d) that no peer of `cell` holds.
fn candidates(b: &Board, peers: &[usize; 20]) -> u16 {
    let used = peers.iter().fold(0u16, |m, &p| m | 1 << b.0[p]);
    !used & ANY
}

fn dfs(
    b: &mut Board,
    peers: &[[usize; 20]; 81],
    allowed: &[u16; 81],
    limit: u32,
    count: &mut u32,
    first: &mut Option<Board>,
) {
    let mut best: Option<(usize, u16)> = None;
    for (cell, cell_peers) in peers.iter().enumerate() {
        if b.0[cell] == 0 {
            let c = candidates(b, cell_peers) & allowed[cell];
            if best.is_none_or(|(_, m)| c.count_ones() < m.count_ones()) {
                best = Some((cell, c));
            }
        }
    }
    let Some((cell, cands)) = best else {
        *count += 1;
        if first.is_none() {
            *first = Some(*b);
        }
        return;
    };
    for d in 1..=9u8 {
        if cands & (1 << d) != 0 {
            b.0[cell] = d;
            dfs(b, peers, allowed, limit, count, first);
            b.0[cell] = 0;
            if *count >= limit {
                return;
            }
        }
    }
}

/// The puzzle lines of the committed excerpts of every shared set.
pub(crate) fn excerpts() -> impl Iterator<Item = &'static str> {
    include_str!("../../tests/data/excerpts.txt")
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
}
