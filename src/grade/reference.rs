//! A slow, plain reimplementation of the easy and medium technique sets, to check the
//! grader's boundaries against: candidates as a table of booleans, every rule applied
//! everywhere by brute force until nothing changes. And single techniques past singles by
//! their definitions, each as every elimination it makes in a grid, to check a search
//! against; the whole solve applies those of locked candidates and subsets.

// Cells and digits are indexed as the rules read: "for each digit d, cand[c][d]".
#![allow(clippy::needless_range_loop)]

use super::candidates::Grid;
use crate::board::{box_of, col_of, row_of};
use crate::Board;

type Cands = [[bool; 10]; 81];

/// Eliminations as (digit, cell) pairs.
pub type Eliminations = Vec<(u8, usize)>;

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
    a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b))
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
        // Locked candidates, and naked and hidden pairs and triples, by the definitions
        // below. Those leave out a cell or digit down to one candidate or place, and houses
        // of k open cells or fewer; here singles have placed the ones, and a subset of a
        // whole house removes nothing.
        let t = Table(&value, &cand);
        let mut out = locked(&t, true);
        out.extend(locked(&t, false));
        for k in 2..=3 {
            out.extend(naked(&t, k));
            out.extend(hidden(&t, k));
        }
        for (d, c) in out {
            changed |= std::mem::take(&mut cand[c][d as usize]);
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

/// Whether open cell `c` of `g` has candidate `d`.
fn has(g: &Grid, c: usize, d: u8) -> bool {
    g.value[c] == 0 && g.cand[c] & (1 << (d - 1)) != 0
}

/// Every elimination simple colouring makes in `g`, as (digit, cell) pairs, by its
/// definition: for each digit, each component of its strong links (houses where it has
/// just two places) coloured alternately; a colour two of whose cells see each other is
/// false, and all its cells lose the digit; otherwise every other cell that sees a cell of
/// each colour loses it.
pub fn colouring(g: &Grid) -> Eliminations {
    (1..=9u8)
        .flat_map(|d| components(g, d).into_iter().flat_map(|(_, out)| out))
        .collect()
}

/// What simple colouring removes in `g` through digit `d`'s component whose cells are
/// `cells`, if it is one.
pub fn colouring_of(g: &Grid, d: u8, cells: &[usize]) -> Option<Eliminations> {
    let mut cells = cells.to_vec();
    cells.sort();
    components(g, d)
        .into_iter()
        .find_map(|(c, out)| (c == cells).then_some(out))
}

/// Each component of digit `d`'s strong links in `g` (its cells in order), with the
/// eliminations it makes.
fn components(g: &Grid, d: u8) -> Vec<(Vec<usize>, Eliminations)> {
    let has = |c: usize| has(g, c, d);
    let mut links = vec![Vec::new(); 81];
    for (_, [p, q]) in strong_links(g, d) {
        links[p].push(q);
        links[q].push(p);
    }
    let mut coloured = [false; 81];
    let mut all = Vec::new();
    for start in 0..81 {
        if links[start].is_empty() || coloured[start] {
            continue;
        }
        let mut colours = [Vec::new(), Vec::new()];
        let mut todo = vec![(start, 0)];
        coloured[start] = true;
        while let Some((c, k)) = todo.pop() {
            colours[k].push(c);
            for &p in &links[c] {
                if !coloured[p] {
                    coloured[p] = true;
                    todo.push((p, 1 - k));
                }
            }
        }
        let sees_one = |of: &Vec<usize>, c: usize| of.iter().any(|&a| sees(a, c));
        let out: Eliminations =
            match (0..2).find(|&k| colours[k].iter().any(|&c| sees_one(&colours[k], c))) {
                Some(k) => colours[k].iter().map(|&c| (d, c)).collect(),
                None => (0..81)
                    .filter(|&c| {
                        let outside = !colours[0].contains(&c) && !colours[1].contains(&c);
                        has(c) && outside && sees_one(&colours[0], c) && sees_one(&colours[1], c)
                    })
                    .map(|c| (d, c))
                    .collect(),
            };
        let mut cells = [&colours[0][..], &colours[1][..]].concat();
        cells.sort();
        all.push((cells, out));
    }
    all
}

/// What the definitions of locked candidates and subsets read of a position: a grid, or the
/// whole solve's table of values and candidates.
pub trait Position {
    /// Whether cell `c` is open.
    fn open(&self, c: usize) -> bool;
    /// Whether open cell `c` has candidate `d`.
    fn has(&self, c: usize, d: u8) -> bool;
}

impl Position for Grid {
    fn open(&self, c: usize) -> bool {
        self.value[c] == 0
    }

    fn has(&self, c: usize, d: u8) -> bool {
        has(self, c, d)
    }
}

/// The whole solve's values and candidates (a filled cell has none).
struct Table<'a>(&'a [u8; 81], &'a Cands);

impl Position for Table<'_> {
    fn open(&self, c: usize) -> bool {
        self.0[c] == 0
    }

    fn has(&self, c: usize, d: u8) -> bool {
        self.1[c][d as usize]
    }
}

/// Every elimination locked candidates make in `g`, as (digit, cell) pairs: a box and a
/// line that cross, and a digit whose places in one of them (the box for `pointing`, the
/// line for claiming) all lie in the other; the other's remaining cells lose the digit.
pub fn locked(g: &impl Position, pointing: bool) -> Eliminations {
    let hs = houses();
    let mut out = Vec::new();
    for b in 18..27 {
        for l in 0..18 {
            let (inner, outer) = if pointing {
                (&hs[b], &hs[l])
            } else {
                (&hs[l], &hs[b])
            };
            for d in 1..=9u8 {
                let at: Vec<usize> = inner.iter().copied().filter(|&c| g.has(c, d)).collect();
                if at.is_empty() || !at.iter().all(|c| outer.contains(c)) {
                    continue;
                }
                for &c in outer {
                    if !inner.contains(&c) && g.has(c, d) {
                        out.push((d, c));
                    }
                }
            }
        }
    }
    out
}

/// The open cells of each house of `g` with more than `k` of them (a subset of k cells in a
/// house of k open cells removes nothing).
fn open_houses(g: &impl Position, k: usize) -> impl Iterator<Item = Vec<usize>> + '_ {
    houses()
        .into_iter()
        .map(|h| h.into_iter().filter(|&c| g.open(c)).collect::<Vec<_>>())
        .filter(move |open| open.len() > k)
}

/// Every elimination a naked subset of size `k` makes in `g` (pair 2, triple 3, quad 4), as
/// (digit, cell) pairs: in a house with more than k open cells, k of them, each with two to
/// k candidates (one is a single's), whose candidates together are k digits; the house's
/// other cells lose those digits.
pub fn naked(g: &impl Position, k: usize) -> Eliminations {
    let mut out = Vec::new();
    for open in open_houses(g, k) {
        let small: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&c| (2..=k).contains(&(1..=9).filter(|&d| g.has(c, d)).count()))
            .collect();
        for set in choose(&small, k) {
            let ds: Vec<u8> = (1..=9)
                .filter(|&d| set.iter().any(|&c| g.has(c, d)))
                .collect();
            if ds.len() != k {
                continue;
            }
            for &c in open.iter().filter(|c| !set.contains(c)) {
                out.extend(ds.iter().filter(|&&d| g.has(c, d)).map(|&d| (d, c)));
            }
        }
    }
    out
}

/// Every elimination a hidden subset of size `k` makes in `g` (pair 2, triple 3, quad 4),
/// as (digit, cell) pairs: in a house with more than k open cells, k digits, each with two
/// to k places there (one is a single's), whose places together are k cells; those cells
/// lose every other digit.
pub fn hidden(g: &impl Position, k: usize) -> Eliminations {
    let mut out = Vec::new();
    for open in open_houses(g, k) {
        let places = |d: usize| -> Vec<usize> {
            open.iter()
                .copied()
                .filter(|&c| g.has(c, d as u8))
                .collect()
        };
        let few: Vec<usize> = (1..=9)
            .filter(|&d| (2..=k).contains(&places(d).len()))
            .collect();
        for ds in choose(&few, k) {
            let set: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| ds.iter().any(|&d| g.has(c, d as u8)))
                .collect();
            if set.len() != k {
                continue;
            }
            for &c in &set {
                let others = (1..=9u8).filter(|&e| !ds.contains(&(e as usize)) && g.has(c, e));
                out.extend(others.map(|e| (e, c)));
            }
        }
    }
    out
}

/// Every elimination a basic fish of size `k` makes in `g` (X-wing 2, swordfish 3,
/// jellyfish 4), as (digit, cell) pairs: for each digit, k base lines of one kind (rows, or
/// columns), each with two to k places for it (a line with one is a single's), whose
/// places lie in k cover lines of the other kind together; the cover lines' other cells
/// lose the digit.
pub fn fish(g: &Grid, k: usize) -> Eliminations {
    let mut out = Vec::new();
    for d in 1..=9u8 {
        let has = |c: usize| has(g, c, d);
        for rows in [true, false] {
            let at = |line: usize, across: usize| {
                if rows {
                    line * 9 + across
                } else {
                    across * 9 + line
                }
            };
            let places =
                |line: usize| -> Vec<usize> { (0..9).filter(|&j| has(at(line, j))).collect() };
            let lines: Vec<usize> = (0..9)
                .filter(|&l| (2..=k).contains(&places(l).len()))
                .collect();
            for base in choose(&lines, k) {
                let mut cover: Vec<usize> = base.iter().flat_map(|&l| places(l)).collect();
                cover.sort();
                cover.dedup();
                if cover.len() != k {
                    continue;
                }
                for &j in &cover {
                    for line in (0..9).filter(|l| !base.contains(l)) {
                        if has(at(line, j)) {
                            out.push((d, at(line, j)));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every elimination the unique rectangles of the types in `types` (1 to 4) make in `g`, as
/// (digit, cell) pairs. A rectangle: four open corners in two rows, two columns and two
/// boxes, all with candidates a and b. Type 1: three corners hold just {a, b}, and the
/// fourth loses both. The others need a floor, two corners in a line holding just {a, b},
/// and a roof, the other two, each holding more. Type 2: the roof's extras are one digit z,
/// the same in both, and every cell that sees both roof cells loses z. Type 4: in a house
/// holding both roof cells, one of a and b has no other place, and the roof loses the
/// other. Type 3: in a house holding both roof cells, the roof's extras (two or more
/// digits) and one to three of the house's other open cells hold as many digits as there
/// are cells, the roof counting as one, and the house's remaining cells lose those digits.
pub fn rectangles(g: &Grid, types: &[u8]) -> Eliminations {
    let has = |c: usize, d: u8| has(g, c, d);
    let cands = |c: usize| cands(g, c);
    let hs = houses();
    let mut out = Vec::new();
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    for a in 1..=9u8 {
                        for b in a + 1..=9 {
                            if !corners.iter().all(|&c| has(c, a) && has(c, b)) {
                                continue;
                            }
                            let exact = |c: usize| cands(c) == [a, b];
                            let ab = |d: &u8| *d != a && *d != b;
                            let odd: Vec<usize> =
                                corners.into_iter().filter(|&c| !exact(c)).collect();
                            if types.contains(&1) && odd.len() == 1 {
                                out.extend([(a, odd[0]), (b, odd[0])]);
                            }
                            for (floor, roof) in [
                                ([0, 1], [2, 3]),
                                ([2, 3], [0, 1]),
                                ([0, 2], [1, 3]),
                                ([1, 3], [0, 2]),
                            ] {
                                let (p, q) = (corners[roof[0]], corners[roof[1]]);
                                if !floor.iter().all(|&i| exact(corners[i])) || exact(p) || exact(q)
                                {
                                    continue;
                                }
                                let xp: Vec<u8> = cands(p).into_iter().filter(ab).collect();
                                let xq: Vec<u8> = cands(q).into_iter().filter(ab).collect();
                                if types.contains(&2) && xp == xq && xp.len() == 1 {
                                    out.extend(seeing_all(g, xp[0], &[p, q]));
                                }
                                let mut extra: Vec<u8> = xp.iter().chain(&xq).copied().collect();
                                extra.sort();
                                extra.dedup();
                                for h in hs.iter().filter(|h| h.contains(&p) && h.contains(&q)) {
                                    for (u, v) in [(a, b), (b, a)] {
                                        let alone =
                                            h.iter().all(|&c| !has(c, u) || c == p || c == q);
                                        if types.contains(&4) && alone {
                                            out.extend([(v, p), (v, q)]);
                                        }
                                    }
                                    if !types.contains(&3) || extra.len() < 2 {
                                        continue;
                                    }
                                    let others: Vec<usize> = h
                                        .iter()
                                        .copied()
                                        .filter(|&c| c != p && c != q && g.value[c] == 0)
                                        .collect();
                                    for k in 1..=3 {
                                        for set in choose(&others, k) {
                                            let mut union = extra.clone();
                                            union.extend(set.iter().flat_map(|&c| cands(c)));
                                            union.sort();
                                            union.dedup();
                                            if union.len() != k + 1 {
                                                continue;
                                            }
                                            for &c in h
                                                .iter()
                                                .filter(|&&c| c != p && c != q && !set.contains(&c))
                                            {
                                                out.extend(
                                                    union
                                                        .iter()
                                                        .filter(|&&d| has(c, d))
                                                        .map(|&d| (d, c)),
                                                );
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// The candidates of open cell `c` of `g`.
fn cands(g: &Grid, c: usize) -> Vec<u8> {
    (1..=9).filter(|&d| has(g, c, d)).collect()
}

/// (d, c) for every cell `c` holding candidate `d` that sees every cell of `of`.
fn seeing_all(g: &Grid, d: u8, of: &[usize]) -> Eliminations {
    (0..81)
        .filter(|&c| has(g, c, d) && of.iter().all(|&e| sees(c, e)))
        .map(|c| (d, c))
        .collect()
}

/// Every elimination an XY-wing makes in `g`: a pivot with just {x, y} seeing two pincers
/// with just {x, z} and {y, z}; every cell that sees both pincers loses z.
pub fn xy_wing(g: &Grid) -> Eliminations {
    let mut out = Vec::new();
    let two: Vec<usize> = (0..81).filter(|&c| cands(g, c).len() == 2).collect();
    for &p in &two {
        let (x, y) = (cands(g, p)[0], cands(g, p)[1]);
        for &a in two.iter().filter(|&&a| sees(a, p)) {
            for &b in two.iter().filter(|&&b| sees(b, p) && b != a) {
                for z in (1..=9).filter(|&z| z != x && z != y) {
                    if cands(g, a) == sorted([x, z]) && cands(g, b) == sorted([y, z]) {
                        out.extend(seeing_all(g, z, &[a, b]));
                    }
                }
            }
        }
    }
    out
}

/// Every elimination an XYZ-wing makes in `g`: a pivot with just {x, y, z} seeing two
/// pincers with just {x, z} and {y, z}; every cell that sees all three loses z.
pub fn xyz_wing(g: &Grid) -> Eliminations {
    let mut out = Vec::new();
    for p in (0..81).filter(|&c| cands(g, c).len() == 3) {
        let xyz = cands(g, p);
        for a in (0..81).filter(|&a| sees(a, p)) {
            for b in (0..81).filter(|&b| sees(b, p) && b != a) {
                let (ca, cb) = (cands(g, a), cands(g, b));
                let inside = |c: &Vec<u8>| c.len() == 2 && c.iter().all(|d| xyz.contains(d));
                if !inside(&ca) || !inside(&cb) || ca == cb {
                    continue;
                }
                let z = *ca.iter().find(|d| cb.contains(d)).unwrap();
                out.extend(seeing_all(g, z, &[p, a, b]));
            }
        }
    }
    out
}

/// Every elimination a W-wing makes in `g`: two cells that do not see each other, each with
/// just {x, y}, and a house where x has just two places, neither of them those cells, one
/// seeing each; every cell that sees both loses y.
pub fn w_wing(g: &Grid) -> Eliminations {
    let mut out = Vec::new();
    for a in 0..81 {
        for b in a + 1..81 {
            let xy = cands(g, a);
            if xy.len() != 2 || cands(g, b) != xy || sees(a, b) {
                continue;
            }
            for (x, y) in [(xy[0], xy[1]), (xy[1], xy[0])] {
                for (_, [p, q]) in strong_links(g, x) {
                    let apart = ![p, q].iter().any(|e| [a, b].contains(e));
                    if apart && (sees(p, a) && sees(q, b) || sees(p, b) && sees(q, a)) {
                        out.extend(seeing_all(g, y, &[a, b]));
                    }
                }
            }
        }
    }
    out
}

/// The two places of digit `d` in each house of `g` where it has just two, with the house.
fn strong_links(g: &Grid, d: u8) -> Vec<(usize, [usize; 2])> {
    let mut out = Vec::new();
    for (i, h) in houses().into_iter().enumerate() {
        let at: Vec<usize> = h.into_iter().filter(|&c| has(g, c, d)).collect();
        if let [p, q] = at[..] {
            out.push((i, [p, q]));
        }
    }
    out
}

/// Every elimination a skyscraper makes in `g`: for a digit, two parallel lines where it
/// has just two places, one place of each in one crossing line and the other two not; every
/// cell that sees both of those other two loses the digit.
pub fn skyscraper(g: &Grid) -> Eliminations {
    let mut out = Vec::new();
    for d in 1..=9 {
        let links = strong_links(g, d);
        for (i, &(h1, l1)) in links.iter().enumerate() {
            for &(h2, l2) in &links[i + 1..] {
                // Both rows (across them, columns) or both columns (across, rows).
                let across = match (h1 / 9, h2 / 9) {
                    (0, 0) => |c: usize| c % 9,
                    (1, 1) => |c: usize| c / 9,
                    _ => continue,
                };
                for [base1, end1] in [l1, [l1[1], l1[0]]] {
                    for [base2, end2] in [l2, [l2[1], l2[0]]] {
                        if across(base1) == across(base2) && across(end1) != across(end2) {
                            out.extend(seeing_all(g, d, &[end1, end2]));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every elimination a two-string kite makes in `g`: for a digit, a row and a column where
/// it has just two places, four cells in all, one place of each in one box; every cell that
/// sees both of the other two places loses the digit.
pub fn kite(g: &Grid) -> Eliminations {
    let mut out = Vec::new();
    for d in 1..=9 {
        let links = strong_links(g, d);
        for &(_, row) in links.iter().filter(|l| l.0 < 9) {
            for &(_, col) in links.iter().filter(|l| (9..18).contains(&l.0)) {
                if row.iter().any(|c| col.contains(c)) {
                    continue;
                }
                for [in1, end1] in [row, [row[1], row[0]]] {
                    for [in2, end2] in [col, [col[1], col[0]]] {
                        if box_of(in1) == box_of(in2) {
                            out.extend(seeing_all(g, d, &[end1, end2]));
                        }
                    }
                }
            }
        }
    }
    out
}

fn sorted(mut ds: [u8; 2]) -> Vec<u8> {
    ds.sort();
    ds.to_vec()
}
