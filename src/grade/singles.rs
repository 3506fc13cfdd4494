//! Singles: a house with one open cell left (full house), a digit with one place left in a
//! house (hidden single), a cell with one candidate left (naked single).

use super::candidates::{low_cell, low_digit, Grid, BOX, HOUSES};
use super::{Step, Technique};

/// The last open cell of a house.
pub fn full_house(g: &Grid) -> Option<Step> {
    (0..27u8).find_map(|h| {
        let open = g.open & HOUSES[h as usize];
        if open.count_ones() != 1 {
            return None;
        }
        let c = low_cell(open);
        let cand = g.cand[c as usize];
        (cand.count_ones() == 1)
            .then(|| Step::placing(Technique::FullHouse, c, low_digit(cand)).house(h))
    })
}

fn hidden_single(g: &Grid, houses: std::ops::Range<u8>, score: u8) -> Option<Step> {
    houses.into_iter().find_map(|h| {
        (1..=9u8).find_map(|d| {
            let at = g.in_house(d, h);
            (at.count_ones() == 1).then(|| Step {
                score,
                ..Step::placing(Technique::HiddenSingle, low_cell(at), d).house(h)
            })
        })
    })
}

/// A digit with one place left in a box (Sudoku Explainer rates it 1.2).
pub fn hidden_single_in_box(g: &Grid) -> Option<Step> {
    hidden_single(g, BOX..BOX + 9, 12)
}

/// A digit with one place left in a row or column (1.5).
pub fn hidden_single_in_line(g: &Grid) -> Option<Step> {
    hidden_single(g, 0..BOX, 15)
}

/// A cell with one candidate left.
pub fn naked_single(g: &Grid) -> Option<Step> {
    super::candidates::cells(g.open).find_map(|c| {
        let cand = g.cand[c as usize];
        (cand.count_ones() == 1).then(|| Step::placing(Technique::NakedSingle, c, low_digit(cand)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn hidden_singles_score_by_their_house() {
        // Both kinds are open here; Sudoku Explainer rates a box's 1.2, a line's 1.5.
        let p = Board::from_line(
            "....573....4.1.58..78..3...2.....9.6...42....6..7..81...2.......9......5...1.5...",
        );
        let g = Grid::new(&p);
        let in_box = hidden_single_in_box(&g).unwrap();
        let in_line = hidden_single_in_line(&g).unwrap();
        assert_eq!((in_box.score, in_line.score), (12, 15));
        assert!(
            in_line.houses.trailing_zeros() < u32::from(BOX),
            "{in_line:?}"
        );
    }
}
