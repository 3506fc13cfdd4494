//! Basic fish: a digit whose places in k rows lie in k columns together (X-wing k = 2,
//! swordfish 3, jellyfish 4) is in those columns only in those rows, so the columns' other
//! cells lose it; and the same with rows and columns swapped.
//!
//! ```text
//!   x-wing on 5, rows 2 and 7:   . 5 . . . . 5 . .   row 2      columns 2 and 7 lose 5
//!                                . 5 . . . . 5 . .   row 7      everywhere else
//! ```

use super::candidates::{count, digit, Cells, Grid, COL, HOUSES};
use super::{Step, Technique};

/// For each line of one kind (rows from `ROW`, columns from `COL`), the positions of `d`
/// across it as a 9-bit mask: row r's are bits 9r..9r+9 of the digit's cells, and a
/// column's are gathered from the rows.
fn spread(g: &Grid, d: u8, first: u8) -> [u16; 9] {
    let at = g.pos[d as usize - 1];
    let row = |r: usize| (at >> (9 * r)) as u16 & 0x1FF;
    let mut t = [0u16; 9];
    if first == 0 {
        for (r, m) in t.iter_mut().enumerate() {
            *m = row(r);
        }
    } else {
        for r in 0..9 {
            let mut across = row(r);
            while across != 0 {
                t[across.trailing_zeros() as usize] |= 1 << r;
                across &= across - 1;
            }
        }
    }
    t
}

fn fish(g: &Grid, k: u32, t: Technique) -> Option<Step> {
    (1..=9u8).find_map(|d| {
        [0, COL].into_iter().find_map(|base| {
            let cover = COL - base;
            let spread = spread(g, d, base);
            // The lines where d has 2..=k places, as (line, places across it).
            let mut lines = [(0u8, 0u16); 9];
            let mut n = 0;
            for (i, &at) in spread.iter().enumerate() {
                if (2..=k).contains(&count(at)) {
                    lines[n] = (i as u8, at);
                    n += 1;
                }
            }
            super::subsets::subsets(n, k).find_map(|m| {
                let mut across = 0u16;
                let mut base_cells: Cells = 0;
                let mut houses = 0u32;
                for &(i, at) in super::subsets::chosen(&lines[..n], m) {
                    across |= at;
                    base_cells |= HOUSES[(base + i) as usize];
                    houses |= 1 << (base + i);
                }
                if count(across) != k {
                    return None;
                }
                let mut cover_cells: Cells = 0;
                for j in 0..9 {
                    if across & (1 << j) != 0 {
                        cover_cells |= HOUSES[cover as usize + j];
                        houses |= 1 << (cover as usize + j);
                    }
                }
                let remove = g.pos[d as usize - 1] & cover_cells & !base_cells;
                if remove == 0 {
                    return None;
                }
                let mut s = Step::new(t);
                s.digits = digit(d);
                s.houses = houses;
                s.cells = g.pos[d as usize - 1] & base_cells & cover_cells;
                s.remove[d as usize - 1] = remove;
                Some(s)
            })
        })
    })
}

pub fn x_wing(g: &Grid) -> Option<Step> {
    fish(g, 2, Technique::XWing)
}

pub fn swordfish(g: &Grid) -> Option<Step> {
    fish(g, 3, Technique::Swordfish)
}

pub fn jellyfish(g: &Grid) -> Option<Step> {
    fish(g, 4, Technique::Jellyfish)
}
