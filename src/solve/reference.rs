//! A simple, obviously correct solver to cross-check the fast one: depth-first search over
//! cells, always branching on a cell with the fewest candidates, digits in increasing order.

use crate::board::{box_of, col_of, row_of, Board};

/// Counts solutions up to `limit`, returning the count and the first solution.
pub fn count_up_to(puzzle: &Board, limit: u32) -> (u32, Option<Board>) {
    let mut b = *puzzle;
    let mut first = None;
    let mut count = 0;
    dfs(&mut b, limit, &mut count, &mut first);
    (count, first)
}

fn candidates(b: &Board, cell: usize) -> u16 {
    let mut used = 0u16;
    for other in 0..81 {
        let same = row_of(other) == row_of(cell)
            || col_of(other) == col_of(cell)
            || box_of(other) == box_of(cell);
        if same && other != cell {
            used |= 1 << b.0[other];
        }
    }
    !used & 0b11_1111_1110
}

fn dfs(b: &mut Board, limit: u32, count: &mut u32, first: &mut Option<Board>) {
    let mut best: Option<(usize, u16)> = None;
    for cell in 0..81 {
        if b.0[cell] == 0 {
            let c = candidates(b, cell);
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
            dfs(b, limit, count, first);
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
