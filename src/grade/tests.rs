//! The grader's tests: each technique on a board where it, and nothing simpler, makes
//! progress; every step true to the solution (and that check telling a false step); the
//! grade named by the first of its hardest steps; the easy and medium boundaries against a
//! plain reference; hard searches against their definitions on every grid of a route, and
//! every search past singles on those grids thinned; levels unchanged by the grid's symmetries.

use super::*;
use crate::gen::puzzle::{make, Spec};
use crate::solve::unique_solution;
use candidates::{cell, count};

fn solution(p: &Board) -> Board {
    unique_solution(p).unwrap_or_else(|why| panic!("{p:?}: {why}"))
}

/// Puzzle `k` of a seeded run: minimal ones, and unique ones with 40-55 blanks.
fn puzzle(k: u64, minimal: bool) -> Board {
    let spec = Spec {
        blanks: if minimal { (0, 64) } else { (40, 55) },
        unique: true,
        minimal,
        symmetric: k.is_multiple_of(3),
        level: None,
    };
    make(&spec, 7, k, 0).unwrap()
}

/// For each technique, a puzzle (from the shared sets' random_minimal_100k, 17_clue and
/// forum_hardest_1905_11plus) and its step (1-based) where the technique is first the
/// simplest that makes progress, with that step's description.
#[rustfmt::skip]
const EXAMPLES: &[(Technique, usize, &str, &str)] = {
    use Technique::*;
    &[
    (
        FullHouse,
        2,
        "........2......586.2....173..5..739..1.6.9.....7..5....8437..1...39..2......8....",
        "r1c8 = 4: full house in box 3",
    ),
    (
        HiddenSingle,
        1,
        "5.....4197............5...8...123.9.....6..2.9.4..5.....5.16...8.3.4...2......3..",
        "r6c2 = 2: hidden single in box 4",
    ),
    (
        NakedSingle,
        1,
        "....8........2...1.8.6.79...2473.5.......56.9..8......17...............3.62..4.5.",
        "r4c9 = 8: naked single",
    ),
    (
        Pointing,
        1,
        "..2.....65...2....6....7..4.6...5...1.7.849..4..27..........5.989.....17..1.4.8.3",
        "r5c8, r6c8 <> 5: pointing 5 in box 3 (r1c8, r3c8)",
    ),
    (
        Claiming,
        1,
        "..4...2.3....1.5..3...4...7.1..5.3.98..2...6..6.7..4..6...2.8.....1......2..6.95.",
        "r2c4, r2c6, r3c4, r3c6 <> 6: claiming 6 in row 1 (r1c4, r1c6)",
    ),
    (
        NakedPair,
        1,
        "6.........8..9.1..2.4.58......7....5....1.7.85....2.4....4..3..4.2....9...3.6....",
        "r1c7 <> 9; r4c7 <> 69; r8c7 <> 6: naked pair 69 in column 7 (r3c7, r6c7)",
    ),
    (
        HiddenPair,
        1,
        "2...7...4....289...1.6....3..3....46...23..9.15..6......1....7.3.7.59...8........",
        "r7c6 <> 34; r9c6 <> 1347: hidden pair 26 in column 6 (r7c6, r9c6)",
    ),
    (
        NakedTriple,
        1,
        "........8.6...2.457..6..9.....3....612..7.....4...1....7.9.8..4.5...42.........9.",
        "r4c3, r4c5 <> 589; r4c7, r4c8 <> 58: naked triple 589 in row 4 (r4c1, r4c2, r4c6)",
    ),
    (
        HiddenTriple,
        2,
        "1.9.2.......46..3...48..2..9.5.......2.....1.........65....3..74..28..69....4.38.",
        "r4c6 <> 167; r5c6 <> 5679; r6c6 <> 1579: hidden triple 248 in column 6 (r4c6, r5c6, r6c6)",
    ),
    (
        XWing,
        4,
        ".76.....1...8......8..9..3.....1......3.2.6.549.6......6...29..........3...97.24.",
        "r2c6, r2c9, r8c6 <> 6: X-wing 6 in rows 3, 9 and columns 6, 9 (r3c6, r3c9, r9c6, r9c9)",
    ),
    (
        Swordfish,
        2,
        "98.7..6..5.7........4.9..7.4..8..9...5..3..8......2..1.4..8..3...56..8.......1..2",
        "r2c4, r2c7, r8c1 <> 1: swordfish 1 in rows 3, 5, 7 and columns 1, 4, 7 (r3c4, r3c7, r5c1, r5c4, r7c1, r7c7)",
    ),
    (
        XyWing,
        3,
        "...5..9......1.84..6...9.17.8...5...94...13.8..38.....1.....4...526...3..7..2....",
        "r7c8, r9c8 <> 6: XY-wing 256 (r1c8, r3c7, r9c7)",
    ),
    (
        XyzWing,
        2,
        "..48..69.6..5......5...4..8..9.2..8.51...8..6.3...19.....1..3.7.....7..9..5.3..4.",
        "r5c8 <> 2: XYZ-wing 247 (r5c3, r5c7, r6c9)",
    ),
    (
        UniqueRectangle1,
        8,
        ".6.5...9.......48.....13..7.7...2....216..8....4...6..3..........7....4929..457..",
        "r7c3 <> 68: unique rectangle type 1 68 (r7c3, r7c9, r9c3, r9c9)",
    ),
    (
        UniqueRectangle2,
        6,
        "..49...1.7........963.4.8..51.8...9.2......65.....7..1.9..2......5.1.......3.6..8",
        "r1c5, r4c6, r5c6 <> 3: unique rectangle type 2 25 (r1c2, r1c6, r2c2, r2c6)",
    ),
    (
        UniqueRectangle4,
        8,
        ".7.....486...7.1...1....5..34...7.5..6.1.......869.....5.4...32.....67..2........",
        "r8c4, r8c5 <> 8: unique rectangle type 4 28 in row 8 (r4c4, r4c5, r8c4, r8c5)",
    ),
    (
        UniqueRectangle3,
        6,
        ".2.1....8..7.3.4....3..42.5.5.8...........6.7..63......35.9...4..86..5..79...8...",
        "r1c7, r1c8 <> 9: unique rectangle type 3 67 in row 1 (r1c1, r1c3, r1c5, r1c6, r4c5, r4c6)",
    ),
    (
        NakedQuad,
        7,
        "8.9....4...2...3...74....65..7.4.......3.5..9.9..2.6.....8.6.3.....5..9..2...7..1",
        "r1c4, r2c4, r2c5, r2c6 <> 1; r1c5 <> 13: naked quad 1238 in box 2 (r1c6, r3c4, r3c5, r3c6)",
    ),
    (
        Jellyfish,
        15,
        "....7...1.....39.6.3.1.....9.36.4.....7.9.2..61.5......6.94...5........22.87..4..",
        "r1c2, r1c7, r1c8, r3c5, r3c7, r3c8, r5c2, r8c5 <> 8: jellyfish 8 in rows 2, 4, 6, 7 and columns 2, 5, 7, 8 (r2c2, r2c5, r2c8, r4c2, r4c5, r6c5, r6c7, r6c8, r7c7, r7c8)",
    ),
    (
        HiddenQuad,
        9,
        ".2..86...8.....6...3...9......47..9......31.....6.8.27.71..5.6.9......4...57....1",
        "r4c1 <> 135; r4c3 <> 3; r5c1 <> 5; r5c3 <> 49: hidden quad 2678 in box 4 (r4c1, r4c3, r5c1, r5c3)",
    ),
    (
        Skyscraper,
        3,
        "..48..69.6..5......5...4..8..9.2..8.51...8..6.3...19.....1..3.7.....7..9..5.3..4.",
        "r7c8, r8c5 <> 5: skyscraper 5 in columns 6, 7 (r4c6, r4c7, r7c6, r8c7)",
    ),
    (
        TwoStringKite,
        1,
        "...9....11...3..24....4.....6..7..3...2.....93....8.5..3.4...8.7........82...5..6",
        "r3c2 <> 8: two-string kite 8 in row 5, column 9 and box 6 (r3c9, r4c9, r5c2, r5c7)",
    ),
    (
        WWing,
        4,
        "..2..5..1..19..3.......4.9.....6.9...7...3.4..8.5.2...4..2....631...8.5...7....1.",
        "r8c4, r9c1, r9c2 <> 6: W-wing 69 in column 9 (r8c3, r8c9, r9c6, r9c9)",
    ),
    (
        SimpleColouring,
        5,
        "6.......37.54..6....4.9....4.....5....9..5.8...3.7...2...9....5....32..72..7..8..",
        "r9c6 <> 4: simple colouring 4 (r5c5, r5c9, r6c6, r9c9)",
    ),
    (
        ForcingChain,
        2,
        "...9....11...3..24....4.....6..7..3...2.....93....8.5..3.4...8.7........82...5..6",
        "r9c5 <> 9: forcing chain 9",
    ),
    (
        Guess,
        1,
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "r9c8 = 9: guess",
    ),
    ]
};

#[test]
fn each_technique_where_nothing_simpler_makes_progress() {
    let mut seen = Vec::new();
    for &(technique, at, line, text) in EXAMPLES {
        let p = Board::from_line(line);
        let s = solution(&p);
        let mut i = 0;
        grade(&p, &s, Level::Expert, |g, step| {
            i += 1;
            if i != at {
                return;
            }
            assert_eq!(step.technique, technique, "{line}");
            assert_eq!(step.describe(), text, "{line}");
            assert!(step.true_to(&s), "{line}: {}", step.describe());
            // Every search before the one that found it finds nothing here.
            match FINDERS.iter().find_map(|(_, find)| find(g)) {
                Some(found) => assert_eq!(found.technique, technique, "{line}"),
                None => assert_eq!(technique.level(), Level::Expert, "{line}"),
            }
        });
        assert!(i >= at, "{line}");
        // Unique rectangles, and they alone, rest on the puzzle having one solution.
        assert_eq!(
            technique.rests_on_uniqueness(),
            technique.name().starts_with("unique-rectangle"),
            "{line}"
        );
        seen.push(technique);
    }
    seen.sort();
    assert_eq!(seen, Technique::ALL, "one example a technique");
}

#[test]
fn every_step_is_true_to_the_solution() {
    // Each step holds in the solution, the last leaves it, and the level is the same on
    // both routes (the grader fuzz target's checks).
    let examples = EXAMPLES.iter().map(|e| Board::from_line(e.2));
    let made = (0..600).map(|k| puzzle(k, k % 2 == 0));
    for p in examples.chain(made) {
        crate::fuzzing::check_graded(&p, &solution(&p));
    }
}

// The check above fails a step that places another digit than the solution's, or takes
// the solution's digit from a cell, placing or not; it passes one that takes another digit.
#[test]
fn steps_untrue_to_the_solution_are_told() {
    let s = solution(&puzzle(0, true));
    let removing = |mut step: Step, c: u8, d: u8| {
        step.remove[d as usize - 1] |= 1 << c;
        step
    };
    for c in [0u8, 40, 80] {
        let (d, other) = (s.0[c as usize], s.0[c as usize] % 9 + 1);
        let right = Step::placing(Technique::NakedSingle, c, d);
        assert!(right.true_to(&s), "{c} = {d}");
        assert!(!Step::placing(Technique::NakedSingle, c, other).true_to(&s));
        assert!(removing(right, c, other).true_to(&s), "{c} <> {other}");
        assert!(!removing(right, c, d).true_to(&s), "{c} <> {d}");
        assert!(!removing(Step::new(Technique::Pointing), c, d).true_to(&s));
    }
}

// The grade is the highest (level, score) of the steps, named by the first step that
// reached it: where a later step ties with it (a kite after a skyscraper, both 6.5), the
// name stays the first's. And it counts every step.
#[test]
fn the_first_of_the_hardest_steps_names_the_grade() {
    let mut ties = 0;
    for k in 0..2000 {
        let p = puzzle(k, true);
        let mut steps = Vec::new();
        let graded = grade(&p, &solution(&p), Level::Expert, |_, step| {
            steps.push((step.technique.level(), step.score, step.technique))
        })
        .unwrap();
        let top = steps.iter().map(|&(l, score, _)| (l, score)).max().unwrap();
        let at_top = || steps.iter().filter(|&&(l, score, _)| (l, score) == top);
        let (first, last) = (at_top().next().unwrap().2, at_top().next_back().unwrap().2);
        assert_eq!((graded.level, graded.score), top, "{p:?}");
        assert_eq!(graded.hardest, Some(first), "{p:?}");
        assert_eq!(graded.steps as usize, steps.len(), "{p:?}");
        ties += u32::from(first != last);
    }
    assert!(ties >= 5, "{ties} puzzles with two techniques at the top");
}

#[test]
fn easy_and_medium_boundaries_agree_with_a_plain_reference() {
    let mut levels = [0; 4];
    for k in 0..2400 {
        let p = puzzle(k, k % 3 != 2);
        let s = solution(&p);
        let graded = grade(&p, &s, Level::Expert, |_, _| {}).unwrap().level;
        levels[graded as usize] += 1;
        assert_eq!(graded == Level::Easy, reference::solves(&p, false), "{p:?}");
        assert_eq!(
            graded <= Level::Medium,
            reference::solves(&p, true),
            "{p:?}"
        );
        assert_eq!(
            level(&p, &s, Level::Medium),
            (graded <= Level::Medium).then_some(graded)
        );
    }
    // Both sides of both boundaries are well represented.
    assert!(levels.iter().all(|&n| n > 200), "{levels:?}");
}

/// `p` transposed, its digits relabelled d -> 10 - d, and its first two rows swapped.
fn transformed(p: &Board) -> Board {
    let mut q = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let d = p.0[c * 9 + r];
            let r2 = [1, 0, 2, 3, 4, 5, 6, 7, 8][r];
            q[r2 * 9 + c] = if d == 0 { 0 } else { 10 - d };
        }
    }
    Board(q)
}

#[test]
fn levels_do_not_change_under_the_grid_symmetries() {
    let examples = EXAMPLES.iter().map(|e| Board::from_line(e.2));
    for p in examples.chain((0..300).map(|k| puzzle(k, true))) {
        let q = transformed(&p);
        let (s, t) = (solution(&p), solution(&q));
        assert_eq!(
            level(&p, &s, Level::Expert),
            level(&q, &t, Level::Expert),
            "{p:?}"
        );
    }
}

#[test]
fn steps_read_as_sentences() {
    let mut s = Step::new(Technique::XWing);
    s.digits = candidates::digit(5);
    s.houses = 1 << 1 | 1 << 6 | 1 << (9 + 2) | 1 << (9 + 7);
    s.remove[4] = 1 << 2 | 1 << 29;
    assert_eq!(
        s.describe(),
        "r1c3, r4c3 <> 5: X-wing 5 in rows 2, 7 and columns 3, 8"
    );
    let p = Step::placing(Technique::HiddenSingle, 22, 7).house(BOX_2);
    assert_eq!(p.describe(), "r3c5 = 7: hidden single in box 2");
    assert_eq!(
        houses_text(1 | 1 << 17 | 1 << 20),
        "row 1, column 9 and box 3"
    );
}

const BOX_2: u8 = candidates::BOX + 1;

// route's hard list is FINDERS' medium and hard searches, each once, in another order.
#[test]
fn the_level_grader_tries_every_search_once() {
    let address = |f: Finder| f as usize;
    let mut ours: Vec<usize> = HARD_BY_COST.iter().map(|&f| address(f)).collect();
    let mut theirs: Vec<usize> = FINDERS
        .iter()
        .filter(|(l, _)| *l > Level::Easy)
        .map(|&(_, f)| address(f))
        .collect();
    ours.sort_unstable();
    theirs.sort_unstable();
    assert_eq!(ours, theirs);
    ours.dedup();
    assert_eq!(ours.len(), HARD_BY_COST.len());
}

/// Puzzles where the level's route and `grade`'s part at the hard/expert boundary:
/// on the first three, the route solves with a unique rectangle that `grade`'s route never
/// meets (it solves a corner first) and stalls; on the last three, `grade`'s route solves
/// with a unique rectangle that the route passes by.
const ROUTES_PART: [(&str, Level); 6] = [
    (
        "....4578..1.6.....8...7..35.67..1.4.......39..3....5...8..1........6345.4..2.....",
        Level::Expert,
    ),
    (
        ".....3.7.3.86..29....5.8......39....48...69...6......2.31.....7............2.74.5",
        Level::Expert,
    ),
    (
        "93.7.2.....8....15.2..86...7...684.3....9.....96..3.52.19..4...5.2....6........2.",
        Level::Expert,
    ),
    (
        "5...64.31......5..61....2.7....1...8.5..89........6.73..9..3....8.......3.1.5..9.",
        Level::Hard,
    ),
    (
        "1..34..6.8..9...7.39..2.8.4....3.42..3....1.7...4....8.85.....2....1.6.......2...",
        Level::Hard,
    ),
    (
        "174...2...5........3..94.15..6...1.9.9...34...8.........27.....5....1.......3.9.2",
        Level::Hard,
    ),
];

#[test]
fn the_level_follows_grade_where_the_routes_part() {
    for (line, want) in ROUTES_PART {
        let p = Board::from_line(line);
        let s = solution(&p);
        let graded = grade(&p, &s, Level::Expert, |_, _| {}).unwrap().level;
        assert_eq!(graded, want, "{line}");
        // The faster route alone would say otherwise...
        let r = route(&mut Grid::new(&p), Level::Expert);
        assert_ne!(r.level, Some(want), "{line}");
        if want == Level::Expert {
            assert!(r.by_uniqueness, "{line}");
        }
        // ...and the level settles on grade's, at every ceiling that reaches it.
        assert_eq!(level(&p, &s, Level::Expert), Some(want), "{line}");
        let at_hard = (want == Level::Hard).then_some(Level::Hard);
        assert_eq!(level(&p, &s, Level::Hard), at_hard, "{line}");
    }
}

/// Checks `find` on every grid that grading 400 minimal puzzles passes through against
/// `every`, all the eliminations of its technique there (see [`agrees_with_definition`]).
/// Returns the steps found.
fn against_definition(
    find: Finder,
    every: impl Fn(&Grid) -> reference::Eliminations,
    whole: impl Fn(&Grid, &Step) -> Option<reference::Eliminations>,
) -> Vec<Step> {
    let mut found = Vec::new();
    for k in 0..400 {
        let p = puzzle(k, true);
        grade(&p, &solution(&p), Level::Expert, |g, _| {
            found.extend(agrees_with_definition(find, &every, &whole, g));
        });
    }
    found
}

/// Checks `find` in `g` against `every`, all the eliminations of its technique there: it
/// finds a step exactly where there is one, and removes only what the definition does;
/// and, where `whole` names what the definition removes through the step's own pattern,
/// all of that. Returns the step found.
fn agrees_with_definition(
    find: Finder,
    every: impl Fn(&Grid) -> reference::Eliminations,
    whole: impl Fn(&Grid, &Step) -> Option<reference::Eliminations>,
    g: &Grid,
) -> Option<Step> {
    let all = every(g);
    let Some(step) = find(g) else {
        assert_eq!(all, [], "at {:?}", g.board());
        return None;
    };
    let removed: reference::Eliminations = (1..=9u8)
        .flat_map(|d| cells(step.remove[d as usize - 1]).map(move |c| (d, c as usize)))
        .collect();
    for what in &removed {
        assert!(
            all.contains(what),
            "at {:?}: {}",
            g.board(),
            step.describe()
        );
    }
    if let Some(mut want) = whole(g, &step) {
        want.sort();
        want.dedup();
        assert_eq!(removed, want, "at {:?}: {}", g.board(), step.describe());
    }
    Some(step)
}

/// For [`against_definition`], when only soundness is checked.
fn any_part(_: &Grid, _: &Step) -> Option<reference::Eliminations> {
    None
}

#[test]
fn simple_colouring_removes_what_its_definition_does() {
    // A step is one component of one digit's strong links, and removes all it can.
    let component = |g: &Grid, s: &Step| {
        let d = s.digits.trailing_zeros() as u8 + 1;
        let cells: Vec<usize> = cells(s.cells).map(usize::from).collect();
        Some(reference::colouring_of(g, d, &cells).expect("a component"))
    };
    let found = against_definition(chains::simple_colouring, reference::colouring, component).len();
    assert!(found > 8000, "{found}");
}

#[test]
fn fish_remove_what_their_definition_does() {
    for (find, k, least) in [
        (fish::x_wing as Finder, 2, 5000),
        (fish::swordfish, 3, 4000),
        (fish::jellyfish, 4, 3000),
    ] {
        let found = against_definition(find, |g| reference::fish(g, k), any_part).len();
        assert!(found > least, "size {k}: {found}");
    }
}

#[test]
fn unique_rectangles_remove_what_their_definition_does() {
    for (find, types, least) in [
        (unique::rectangle_1 as Finder, &[1][..], 1000),
        (unique::rectangle_2_4, &[2, 4], 1500),
        (unique::rectangle_3, &[3], 600),
    ] {
        let found = against_definition(find, |g| reference::rectangles(g, types), any_part);
        assert!(found.len() > least, "types {types:?}: {}", found.len());
        if types == [3] {
            // 4.6 for a naked pair with the roof, 0.1 more a cell past it: the set's other
            // cells are the step's cells less the four corners.
            let mut sizes = [0; 4];
            for s in &found {
                let others = s.cells.count_ones() - 4;
                assert_eq!(s.score, 45 + others as u8, "{}", s.describe());
                sizes[others as usize] += 1;
            }
            assert!(sizes[1..].iter().all(|&n| n > 20), "{sizes:?}");
        }
    }
}

// The type 1 example at its step, with the fourth corner's candidates a or b taken away
// (neither is its solution's digit, so the grid is one the puzzle can reach): three corners
// hold just {a, b} and the fourth lacks one of them, which is no rectangle of the
// definition, and the type 1 search must not take it for one.
#[test]
fn a_fourth_corner_without_both_digits_is_no_rectangle() {
    let &(_, at, line, _) = EXAMPLES
        .iter()
        .find(|e| e.0 == Technique::UniqueRectangle1)
        .unwrap();
    let p = Board::from_line(line);
    let (mut i, mut checked) = (0, 0);
    grade(&p, &solution(&p), Level::Expert, |g, step| {
        i += 1;
        if i != at {
            return;
        }
        let fourth = step.remove.iter().fold(0, |m, &r| m | r);
        assert_eq!(fourth.count_ones(), 1, "{}", step.describe());
        for d in digits(step.digits) {
            let mut t = *g;
            t.remove(fourth, d);
            let every = |g: &Grid| reference::rectangles(g, &[1]);
            let found = agrees_with_definition(unique::rectangle_1, every, any_part, &t);
            assert!(found.is_none_or(|s| s.cells != step.cells), "without {d}");
            checked += 1;
        }
    });
    assert_eq!(checked, 2);
}

#[test]
fn wings_and_strong_link_chains_remove_what_their_definitions_do() {
    for (find, every, least) in [
        (
            wings::xy_wing as Finder,
            reference::xy_wing as fn(&Grid) -> _,
            1800,
        ),
        (wings::xyz_wing, reference::xyz_wing, 2400),
        (wings::w_wing, reference::w_wing, 2000),
        (chains::skyscraper, reference::skyscraper, 3000),
        (chains::two_string_kite, reference::kite, 2500),
    ] {
        let found = against_definition(find, every, any_part).len();
        assert!(found > least, "{found} steps, {least} wanted");
    }
}

/// The grids that grading `n` minimal puzzles passes through, each thinned at random:
/// candidates taken away one at a time, never the solution's, so the grid stays one the
/// puzzle can reach and every technique stays sound there (a strong link of a grid that
/// had lost the solution's digit could close an odd cycle, which colours either way).
/// Grading's own grids rarely hold some patterns a search must tell apart (a rectangle
/// whose fourth corner lacks one of its digits, say); thinned ones do.
fn thinned_grids(n: u64) -> Vec<Grid> {
    let mut grids = Vec::new();
    for k in 0..n {
        let p = puzzle(k, true);
        let s = solution(&p);
        let mut rng = crate::gen::random::Rng::for_item(17, k);
        grade(&p, &s, Level::Expert, |g, _| {
            let mut t = *g;
            for _ in 0..rng.below(60) {
                let c = rng.below(81) as u8;
                let m = t.cand[c as usize] & !candidates::digit(s.0[c as usize]);
                if t.open & cell(c) != 0 && m != 0 {
                    t.remove(
                        cell(c),
                        digits(m).nth(rng.below(count(m)) as usize).unwrap(),
                    );
                }
            }
            grids.push(t);
        });
    }
    grids
}

#[test]
fn searches_agree_with_their_definitions_on_thinned_grids() {
    type Every = fn(&Grid) -> reference::Eliminations;
    type Whole = fn(&Grid, &Step) -> Option<reference::Eliminations>;
    let component: Whole = |g, s| {
        let d = s.digits.trailing_zeros() as u8 + 1;
        let cells: Vec<usize> = cells(s.cells).map(usize::from).collect();
        Some(reference::colouring_of(g, d, &cells).expect("a component"))
    };
    #[rustfmt::skip]
    let searches: [(&str, Finder, Every, Whole); 20] = [
        ("pointing",       intersections::pointing,  |g| reference::locked(g, true),        any_part),
        ("claiming",       intersections::claiming,  |g| reference::locked(g, false),       any_part),
        ("naked pair",     subsets::naked_pair,      |g| reference::naked(g, 2),            any_part),
        ("hidden pair",    subsets::hidden_pair,     |g| reference::hidden(g, 2),           any_part),
        ("naked triple",   subsets::naked_triple,    |g| reference::naked(g, 3),            any_part),
        ("hidden triple",  subsets::hidden_triple,   |g| reference::hidden(g, 3),           any_part),
        ("naked quad",     subsets::naked_quad,      |g| reference::naked(g, 4),            any_part),
        ("hidden quad",    subsets::hidden_quad,     |g| reference::hidden(g, 4),           any_part),
        ("x-wing",         fish::x_wing,             |g| reference::fish(g, 2),             any_part),
        ("swordfish",      fish::swordfish,          |g| reference::fish(g, 3),             any_part),
        ("jellyfish",      fish::jellyfish,          |g| reference::fish(g, 4),             any_part),
        ("xy-wing",        wings::xy_wing,           reference::xy_wing,                    any_part),
        ("xyz-wing",       wings::xyz_wing,          reference::xyz_wing,                   any_part),
        ("w-wing",         wings::w_wing,            reference::w_wing,                     any_part),
        ("skyscraper",     chains::skyscraper,       reference::skyscraper,                 any_part),
        ("kite",           chains::two_string_kite,  reference::kite,                       any_part),
        ("colouring",      chains::simple_colouring, reference::colouring,                  component),
        ("rectangle 1",    unique::rectangle_1,      |g| reference::rectangles(g, &[1]),    any_part),
        ("rectangle 2, 4", unique::rectangle_2_4,    |g| reference::rectangles(g, &[2, 4]), any_part),
        ("rectangle 3",    unique::rectangle_3,      |g| reference::rectangles(g, &[3]),    any_part),
    ];
    let grids = thinned_grids(150);
    assert!(grids.len() > 5000, "{}", grids.len());
    for (name, find, every, whole) in searches {
        let found = grids
            .iter()
            .filter_map(|g| agrees_with_definition(find, every, whole, g))
            .count();
        // Each search met its patterns there: 341 steps or more a search.
        assert!(found > 250, "{name}: {found} steps");
    }
}
