//! Grading: solving a puzzle the way a person does, one step at a time, always with the
//! simplest technique that makes progress.
//!
//! ```text
//!   puzzle ─► Grid (candidates) ─► try each technique in TECHNIQUES order ─► first that
//!                 ▲                 (level, then score: singles first)       finds a step
//!                 └────────────── apply the step (a digit placed, or candidates removed) ◄┘
//!   solved ─► Grade { level of the hardest level used, score and name of the hardest step }
//! ```
//!
//! The levels are HoDoKu's ("Difficulty levels", hodoku.sourceforge.net/en/docs_lev.php):
//! **easy** needs only singles; **medium** also locked candidates and naked and hidden pairs
//! and triples; **hard** also quads, fish up to jellyfish, XY-, XYZ- and W-wings,
//! skyscrapers, two-string kites, simple colouring and unique rectangles (types 1-4);
//! **expert** needs more. Every technique here only removes what is false (or, for unique
//! rectangles, what would give a second solution).
//!
//! Whether a set of techniques solves a puzzle does not depend on the order of the steps
//! when each pattern, once there, keeps its eliminations within reach: a fish, subset, wing
//! or chain that progress elsewhere breaks up (one of its cells solved, a link cut) leaves
//! singles or a simpler pattern that remove what it removed. So the easy and medium
//! boundaries are exact, and any correct grader draws them where this one does. A unique
//! rectangle is the exception: once one of its corners is solved, what it would have
//! removed rests on uniqueness alone, and nothing else here removes it. So on rare puzzles
//! (about one minimal puzzle in 10,000) whether the hard set solves a puzzle depends on the
//! route. The level is the one found on [`grade`]'s route, the simplest step each time,
//! which `sudoku-grade` reports; [`level`] takes a faster route ([`route`]) and settles on
//! [`grade`]'s where the two can differ ([`settle`]).
//!
//! The score is Sudoku Explainer's rating of the hardest step ([`Technique::score`] cites
//! the table). Past hard, a step is a forcing chain (an assumption that singles lead to a
//! contradiction) or, failing that, a guess, and its score is an estimate (as
//! [`Technique::score`] says).
//!
//! The grader is not a solver: it expects a puzzle with exactly one solution, which it is
//! given (uniqueness is the solver's question, and unique rectangles rest on it).

pub mod candidates;
mod chains;
mod fish;
mod forcing;
mod intersections;
mod singles;
mod subsets;
mod unique;
mod wings;

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;

use std::fmt::Write as _;

use candidates::{cell_name, cells, digits, Cells, Digits, Grid};

use crate::Board;

/// An enum whose variants are also its constant `ALL`, in order: one list, so the two
/// cannot drift apart.
macro_rules! listed_enum {
    ($(#[$meta:meta])* pub enum $name:ident { $($variant:ident,)* }) => {
        $(#[$meta])*
        pub enum $name {
            $($variant,)*
        }

        impl $name {
            /// Every one, in order.
            pub const ALL: [$name; [$($name::$variant),*].len()] = [$($name::$variant),*];
        }
    };
}

listed_enum! {
    /// A difficulty level.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub enum Level {
        Easy,
        Medium,
        Hard,
        Expert,
    }
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    pub fn from_name(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s)
    }
}

listed_enum! {
    /// A solving technique, in the order the grader tries them.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub enum Technique {
        FullHouse,
        HiddenSingle,
        NakedSingle,
        Pointing,
        Claiming,
        NakedPair,
        HiddenPair,
        NakedTriple,
        HiddenTriple,
        XWing,
        Swordfish,
        XyWing,
        XyzWing,
        UniqueRectangle1,
        UniqueRectangle2,
        UniqueRectangle4,
        UniqueRectangle3,
        NakedQuad,
        Jellyfish,
        HiddenQuad,
        Skyscraper,
        TwoStringKite,
        WWing,
        SimpleColouring,
        ForcingChain,
        Guess,
    }
}

impl Technique {
    /// Its name in `sudoku-grade`'s output.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "full-house",
            HiddenSingle => "hidden-single",
            NakedSingle => "naked-single",
            Pointing => "pointing",
            Claiming => "claiming",
            NakedPair => "naked-pair",
            HiddenPair => "hidden-pair",
            NakedTriple => "naked-triple",
            HiddenTriple => "hidden-triple",
            XWing => "x-wing",
            Swordfish => "swordfish",
            XyWing => "xy-wing",
            XyzWing => "xyz-wing",
            UniqueRectangle1 => "unique-rectangle-1",
            UniqueRectangle2 => "unique-rectangle-2",
            UniqueRectangle3 => "unique-rectangle-3",
            UniqueRectangle4 => "unique-rectangle-4",
            NakedQuad => "naked-quad",
            Jellyfish => "jellyfish",
            HiddenQuad => "hidden-quad",
            Skyscraper => "skyscraper",
            TwoStringKite => "two-string-kite",
            WWing => "w-wing",
            SimpleColouring => "simple-colouring",
            ForcingChain => "forcing-chain",
            Guess => "guess",
        }
    }

    /// Its name in a step's description.
    pub fn words(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "full house",
            HiddenSingle => "hidden single",
            NakedSingle => "naked single",
            NakedPair => "naked pair",
            HiddenPair => "hidden pair",
            NakedTriple => "naked triple",
            HiddenTriple => "hidden triple",
            XWing => "X-wing",
            XyWing => "XY-wing",
            XyzWing => "XYZ-wing",
            UniqueRectangle1 => "unique rectangle type 1",
            UniqueRectangle2 => "unique rectangle type 2",
            UniqueRectangle3 => "unique rectangle type 3",
            UniqueRectangle4 => "unique rectangle type 4",
            NakedQuad => "naked quad",
            HiddenQuad => "hidden quad",
            TwoStringKite => "two-string kite",
            WWing => "W-wing",
            SimpleColouring => "simple colouring",
            ForcingChain => "forcing chain",
            t => t.name(),
        }
    }

    /// Whether a step rests on the puzzle having one solution (a unique rectangle): the
    /// only kind whose eliminations can be lost when progress elsewhere breaks its pattern
    /// up (the module's note).
    pub fn rests_on_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle4 | UniqueRectangle3
        )
    }

    /// The level that first allows it.
    pub fn level(self) -> Level {
        use Technique::*;
        match self {
            FullHouse | HiddenSingle | NakedSingle => Level::Easy,
            Pointing | Claiming | NakedPair | HiddenPair | NakedTriple | HiddenTriple => {
                Level::Medium
            }
            ForcingChain | Guess => Level::Expert,
            _ => Level::Hard,
        }
    }

    /// Its score in tenths: Sudoku Explainer's rating (the table of Sudoku Explainer
    /// v1.2.1 as SukakuExplainer's wiki gives it, "Difficulty ratings in Sudoku Explainer
    /// v1.2.1"): full house 1.0, hidden single 1.2 in a box and 1.5 in a line (the step
    /// says which: [`Step::score`]), naked single 2.3, pointing 2.6, claiming 2.8, naked
    /// pair 3.0, X-wing 3.2, hidden pair 3.4, naked triple 3.6, swordfish 3.8, hidden
    /// triple 4.0, XY-wing 4.2, XYZ-wing 4.4, naked quad 5.0, jellyfish 5.2, hidden quad
    /// 5.4, forcing chains 7.1-7.5.
    ///
    /// Where that table gives a range, or Sudoku Explainer has no such rule, the choice is
    /// ours: unique rectangles (the table's 4.5-5.0) are 4.5 for type 1, 4.6 for types 2
    /// and 4, and 4.6 plus 0.1 a cell past a pair for type 3's naked set; skyscrapers and
    /// two-string kites are the shortest X-chains (6.5), W-wings and simple colouring
    /// longer chains (6.6).
    ///
    /// Past hard the scores are estimates. Sudoku Explainer rates what a forcing chain here
    /// finds by the chain's kind and length, from 6.5 (a short X-chain) to past 9 (a dynamic
    /// chain); a forcing chain, whose kind and length are not measured, takes 7.5, the top
    /// of the table's range for forcing chains. A guess takes 8.2, the lowest rating past
    /// what one assumption followed by singles finds (cell and region forcing chains): a
    /// lower bound, except where Sudoku Explainer has a technique the grader lacks (a BUG,
    /// an aligned pair exclusion).
    pub fn score(self) -> u8 {
        use Technique::*;
        match self {
            FullHouse => 10,
            HiddenSingle => 12,
            NakedSingle => 23,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            XyWing => 42,
            XyzWing => 44,
            UniqueRectangle1 => 45,
            UniqueRectangle2 | UniqueRectangle4 | UniqueRectangle3 => 46,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            Skyscraper | TwoStringKite => 65,
            WWing | SimpleColouring => 66,
            ForcingChain => 75,
            Guess => 82,
        }
    }
}

/// One step of a logical solution: a digit placed, or candidates removed, and the pattern
/// it rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// In tenths (see [`Technique::score`]).
    pub score: u8,
    /// The cell and digit placed.
    pub place: Option<(u8, u8)>,
    /// For each digit (`remove[d - 1]`), the cells that lose it.
    pub remove: [Cells; 9],
    /// The digits of the pattern.
    pub digits: Digits,
    /// The houses of the pattern: bit h for house h.
    pub houses: u32,
    /// The cells of the pattern.
    pub cells: Cells,
}

impl Step {
    pub(crate) fn new(technique: Technique) -> Step {
        Step {
            technique,
            score: technique.score(),
            place: None,
            remove: [0; 9],
            digits: 0,
            houses: 0,
            cells: 0,
        }
    }

    /// A step that places `d` in `c`.
    pub(crate) fn placing(technique: Technique, c: u8, d: u8) -> Step {
        Step {
            place: Some((c, d)),
            ..Step::new(technique)
        }
    }

    pub(crate) fn house(mut self, h: u8) -> Step {
        self.houses |= 1 << h;
        self
    }

    /// Whether it holds in `solution`: it places the digit `solution` has there, and
    /// removes only candidates `solution` does not use.
    pub fn true_to(&self, solution: &Board) -> bool {
        self.place.is_none_or(|(c, d)| solution.0[c as usize] == d)
            && (0..81).all(|c| self.remove[solution.0[c] as usize - 1] & (1 << c) == 0)
    }

    /// Whether it removes anything (a step that places always does something).
    pub(crate) fn removes(&self) -> bool {
        self.remove.iter().any(|&m| m != 0)
    }

    /// Applies it to `g`.
    pub fn apply(&self, g: &mut Grid) {
        if let Some((c, d)) = self.place {
            g.place(c, d);
        }
        for (i, &m) in self.remove.iter().enumerate() {
            if m != 0 {
                g.remove(m, i as u8 + 1);
            }
        }
    }

    /// The step as a line: `r3c5 = 7: hidden single in box 2`, `r1c1, r1c4 <> 3:
    /// pointing 3 in box 1`.
    pub fn describe(&self) -> String {
        let mut s = String::new();
        if let Some((c, d)) = self.place {
            let _ = write!(s, "{} = {d}", cell_name(c));
        } else {
            // Cells that lose the same digits go together, in the order of their first cell.
            let mut lost = [0 as Digits; 81];
            for (i, &m) in self.remove.iter().enumerate() {
                for c in cells(m) {
                    lost[c as usize] |= 1 << i;
                }
            }
            let mut done: Cells = 0;
            for c in 0..81u8 {
                let ds = lost[c as usize];
                if ds == 0 || done & (1 << c) != 0 {
                    continue;
                }
                let same: Vec<u8> = (c..81).filter(|&o| lost[o as usize] == ds).collect();
                if !s.is_empty() {
                    s.push_str("; ");
                }
                let names: Vec<String> = same.iter().map(|&o| cell_name(o)).collect();
                let _ = write!(s, "{} <> {}", names.join(", "), digit_string(ds));
                for o in same {
                    done |= 1 << o;
                }
            }
        }
        let _ = write!(s, ": {}", self.technique.words());
        if self.digits != 0 {
            let _ = write!(s, " {}", digit_string(self.digits));
        }
        if self.houses != 0 {
            let _ = write!(s, " in {}", houses_text(self.houses));
        }
        if self.cells != 0 {
            let names: Vec<String> = cells(self.cells).map(cell_name).collect();
            let _ = write!(s, " ({})", names.join(", "));
        }
        s
    }
}

/// `row 3`, `rows 2, 7 and columns 3, 8`, `row 1, column 9 and box 3`.
fn houses_text(houses: u32) -> String {
    let mut parts = Vec::new();
    for (first, one, many) in [
        (0u8, "row", "rows"),
        (9, "column", "columns"),
        (18, "box", "boxes"),
    ] {
        let numbers: Vec<String> = (0..9u8)
            .filter(|i| houses & (1 << (first + i)) != 0)
            .map(|i| (i + 1).to_string())
            .collect();
        match numbers.len() {
            0 => {}
            1 => parts.push(format!("{one} {}", numbers[0])),
            _ => parts.push(format!("{many} {}", numbers.join(", "))),
        }
    }
    match parts.len() {
        0 | 1 => parts.concat(),
        n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

/// A digit set as its digits, `69`.
pub(crate) fn digit_string(ds: Digits) -> String {
    digits(ds).map(|d| char::from(b'0' + d)).collect()
}

/// What grading found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grade {
    pub level: Level,
    /// The hardest step's score, in tenths; 0 for a board with no blank.
    pub score: u8,
    /// The hardest step's technique: the first step of the highest level, and of the
    /// highest score within it. `None` for a board with no blank.
    pub hardest: Option<Technique>,
    pub steps: u32,
}

impl Grade {
    /// `1.2`, from tenths.
    pub fn score_text(&self) -> String {
        format!("{}.{}", self.score / 10, self.score % 10)
    }
}

/// A technique's search: the first step it finds in `g`, if any.
type Finder = fn(&Grid) -> Option<Step>;

/// The searches up to hard, in order, each with the level it belongs to. Finders may
/// return several techniques (the unique rectangles' types are one search each).
const FINDERS: [(Level, Finder); 24] = [
    (Level::Easy, singles::full_house),
    (Level::Easy, singles::hidden_single_in_box),
    (Level::Easy, singles::hidden_single_in_line),
    (Level::Easy, singles::naked_single),
    (Level::Medium, intersections::pointing),
    (Level::Medium, intersections::claiming),
    (Level::Medium, subsets::naked_pair),
    (Level::Medium, subsets::hidden_pair),
    (Level::Medium, subsets::naked_triple),
    (Level::Medium, subsets::hidden_triple),
    (Level::Hard, fish::x_wing),
    (Level::Hard, fish::swordfish),
    (Level::Hard, wings::xy_wing),
    (Level::Hard, wings::xyz_wing),
    (Level::Hard, unique::rectangle_1),
    (Level::Hard, unique::rectangle_2_4),
    (Level::Hard, unique::rectangle_3),
    (Level::Hard, subsets::naked_quad),
    (Level::Hard, fish::jellyfish),
    (Level::Hard, subsets::hidden_quad),
    (Level::Hard, chains::skyscraper),
    (Level::Hard, chains::two_string_kite),
    (Level::Hard, wings::w_wing),
    (Level::Hard, chains::simple_colouring),
];

/// The medium searches in the order [`route`] tries them: [`FINDERS`]' own.
const MEDIUM: [Finder; 6] = {
    let mut t = [FINDERS[0].1; 6];
    let (mut i, mut n) = (0, 0);
    while i < FINDERS.len() {
        if matches!(FINDERS[i].0, Level::Medium) {
            t[n] = FINDERS[i].1;
            n += 1;
        }
        i += 1;
    }
    assert!(n == t.len(), "MEDIUM holds every medium search");
    t
};

/// The searches up to hard in the order [`route`] tries them once the medium ones have
/// stalled, where the order changes the time and, but for unique rectangles ([`settle`]),
/// not the level: the fewest microseconds a step found first, as measured on the
/// generator's minimal puzzles past medium (the figures are in benches/README.md).
const HARD_BY_COST: [Finder; 20] = [
    intersections::pointing,
    chains::two_string_kite,
    wings::xy_wing,
    wings::xyz_wing,
    wings::w_wing,
    intersections::claiming,
    subsets::naked_pair,
    fish::x_wing,
    unique::rectangle_1,
    unique::rectangle_2_4,
    chains::skyscraper,
    subsets::hidden_pair,
    chains::simple_colouring,
    fish::swordfish,
    subsets::naked_triple,
    unique::rectangle_3,
    subsets::naked_quad,
    subsets::hidden_triple,
    subsets::hidden_quad,
    fish::jellyfish,
];

/// The searches [`route`] tries at each level it has reached.
fn searches(level: Level) -> &'static [Finder] {
    match level {
        Level::Easy | Level::Expert => &[],
        Level::Medium => &MEDIUM,
        Level::Hard => &HARD_BY_COST,
    }
}

/// The simplest step in `g` within `ceiling` (for expert, `solution` is the puzzle's one
/// solution, for the guess that always exists).
pub fn next_step(g: &Grid, ceiling: Level, solution: &Board) -> Option<Step> {
    for (level, find) in FINDERS {
        if level > ceiling {
            return None;
        }
        if let Some(s) = find(g) {
            return Some(s);
        }
    }
    if ceiling < Level::Expert {
        return None;
    }
    forcing::forcing_chain(g).or_else(|| forcing::guess(g, solution))
}

/// The level of `puzzle` (one solution, `solution`) if the techniques up to `ceiling` solve
/// it: what [`grade`] finds, without the steps, mostly on a faster route ([`route`],
/// [`settle`]).
pub fn level(puzzle: &Board, solution: &Board, ceiling: Level) -> Option<Level> {
    let route = route(&mut Grid::new(puzzle), ceiling);
    settle(puzzle, solution, ceiling, route)
}

/// Where [`route`] ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    /// The level needed on the way, or `None` when the techniques up to the ceiling (below
    /// expert) stalled.
    pub level: Option<Level>,
    /// Whether a step on the way rested on uniqueness (a unique rectangle).
    pub by_uniqueness: bool,
}

/// The techniques up to `ceiling` on `g`, which is left where they stall when they do, on
/// a route faster than [`grade`]'s, which takes the level's step each time rather than the
/// simplest: singles in bulk until they stall, then the medium searches until they stall,
/// then every search up to hard, cheapest per step found first. The level it finds is
/// [`grade`]'s below hard; at hard and past it, [`settle`] says whether it is.
pub fn route(g: &mut Grid, ceiling: Level) -> Route {
    // The level needed so far: singles, until they stall; then the medium searches until
    // they stall; then all of them.
    let mut level = Level::Easy;
    let mut by_uniqueness = false;
    loop {
        if !forcing::propagate(g) {
            // Only a puzzle with no solution breaks; it is harder than anything.
            return Route {
                level: None,
                by_uniqueness,
            };
        }
        if g.solved() {
            return Route {
                level: Some(level),
                by_uniqueness,
            };
        }
        if let Some(step) = searches(level).iter().find_map(|find| find(g)) {
            by_uniqueness |= step.technique.rests_on_uniqueness();
            step.apply(g);
        } else if level < ceiling.min(Level::Hard) {
            level = Level::ALL[level as usize + 1];
        } else {
            // Past hard there is no stalling: the puzzle is expert.
            return Route {
                level: (ceiling == Level::Expert).then_some(Level::Expert),
                by_uniqueness,
            };
        }
    }
}

/// [`grade`]'s level for `puzzle` (one solution, `solution`) up to `ceiling`, given where
/// [`route`] ended from it: the route's own where the two agree by the module's note (below
/// hard, or hard without a unique rectangle on the way), [`grade`]'s otherwise (the route
/// may have used a unique rectangle that [`grade`]'s passes by, or passed one by).
pub fn settle(puzzle: &Board, solution: &Board, ceiling: Level, route: Route) -> Option<Level> {
    let agree = match route.level {
        Some(level) => level < Level::Hard || level == Level::Hard && !route.by_uniqueness,
        None => ceiling < Level::Hard,
    };
    if agree {
        return route.level;
    }
    match grade(puzzle, solution, ceiling.min(Level::Hard), |_, _| {}) {
        Some(g) => Some(g.level),
        // Where the hard techniques stall on grade's route, it goes on past hard.
        None => (ceiling == Level::Expert).then_some(Level::Expert),
    }
}

/// Grades `puzzle`, whose one solution is `solution`, with the techniques up to `ceiling`,
/// calling `each` with the grid before every step. `None` when they do not solve it: the
/// puzzle is harder than `ceiling` (never so for [`Level::Expert`]).
pub fn grade(
    puzzle: &Board,
    solution: &Board,
    ceiling: Level,
    mut each: impl FnMut(&Grid, &Step),
) -> Option<Grade> {
    let mut g = Grid::new(puzzle);
    let mut grade = Grade {
        level: Level::Easy,
        score: 0,
        hardest: None,
        steps: 0,
    };
    while !g.solved() {
        let step = next_step(&g, ceiling, solution)?;
        debug_assert!(step.true_to(solution), "{step:?} contradicts the solution");
        each(&g, &step);
        step.apply(&mut g);
        grade.steps += 1;
        // The hardest step is the first of the highest (level, score): a hard puzzle's
        // hardest step is a hard one even when a medium step scored more.
        let level = step.technique.level();
        if grade.hardest.is_none() || (level, step.score) > (grade.level, grade.score) {
            grade.level = level;
            grade.score = step.score;
            grade.hardest = Some(step.technique);
        }
    }
    Some(grade)
}
