//! Slides by an exact distance (`slide FROM by N`, `by line-count(S)`) on
//! small games written here; Lines of Action has its own tests. Also the
//! cell of a set picked by its number (`nth`, `div`, `mod`).

use super::*;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The moves of the piece on `from`.
fn moves_from(g: &Game, st: &State, from: &str) -> BTreeSet<String> {
    let prefix = format!("{from}-");
    legal(g, st)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .collect()
}

#[test]
fn a_fixed_distance_crosses_only_its_path() {
    // x's piece on c3 goes exactly two cells over empty cells; o's stone
    // on c4 blocks the way north, and x's own on e3 the landing east.
    let g = compile(
        "game T board square(5) players x, o pieces man
         setup: x man at cells(c3, e3), o man at cells(c4)
         turn: slide own by 2 to empty | pass",
    );
    let st = g.start();
    assert_eq!(moves_from(&g, &st, "c3"), set(&["c3-c1", "c3-a3"]));
    // Over `not enemy`, own pieces may be crossed but not landed on.
    let g = compile(
        "game T board square(5) players x, o pieces man
         setup: x man at cells(c3, d3, a3), o man at cells(c4)
         turn: slide own by 2 over not enemy to not own | pass",
    );
    assert_eq!(moves_from(&g, &g.start(), "c3"), set(&["c3-c1", "c3-e3"]));
}

#[test]
fn line_count_counts_the_set_on_the_whole_line_both_ways() {
    // Only x's pieces count: the line a1-e1 holds three of them (a1, c1,
    // e1) and o's b1, so c1 moves three cells, and off the board along it;
    // up the c column it is alone: one cell.
    let g = compile(
        "game T board square(5) with diagonals players x, o pieces man
         setup: x man at cells(a1, c1, e1), o man at cells(b1)
         turn: slide own by line-count(own) over all to empty | pass",
    );
    let st = g.start();
    assert_eq!(moves_from(&g, &st, "c1"), set(&["c1-c2", "c1-b2", "c1-d2"]));
    // a1: three along the row (to d1), one up the column and diagonal.
    assert_eq!(moves_from(&g, &st, "a1"), set(&["a1-d1", "a1-a2", "a1-b2"]));
}

#[test]
fn line_count_follows_the_axes_of_a_hex_board_and_stops_at_holes() {
    // On a hexhex board of side 2 (7 cells), the centre's three lines
    // each hold three cells. With the centre and two pieces on one line,
    // the centre moves nowhere along it (off the board), and one cell
    // along the other two.
    let g = compile(
        "game T board hexhex(2) players x, o pieces man
         setup: x man at cells(b2), o man at cells(a2, c2)
         turn: slide own by line-count(occupied) over all to empty | pass",
    );
    let st = g.start();
    assert_eq!(
        moves_from(&g, &st, "b2"),
        set(&["b2-b1", "b2-c1", "b2-b3", "b2-a3"])
    );
    // A deleted cell ends the line: a1's row stops at the hole on c1, so
    // o's d1 and e1 do not count and a1 moves one cell east.
    let g = compile(
        "game T board square(5) without c1 players x, o pieces man
         setup: x man at cells(a1), o man at cells(d1, e1)
         turn: slide own by line-count(occupied) over all to empty | pass",
    );
    assert_eq!(moves_from(&g, &g.start(), "a1"), set(&["a1-b1", "a1-a2"]));
}

#[test]
fn a_distance_worked_out_in_the_position_follows_the_roll() {
    // `by die`: each roll moves the piece that many cells; a roll of 0
    // offers no move (the step is skipped, the turn passes).
    let g = compile(
        "game T board square(5) players x, o pieces man variables die
         setup: x man at cells(a1)
         turn: roll die from 0, 1, 3, slide own n or e by die to empty",
    );
    let after_roll = |roll: &str| {
        let mut st = g.start();
        notation::play_moves(&g, &mut st, roll).expect("legal");
        st
    };
    assert_eq!(
        moves_from(&g, &after_roll("die=3"), "a1"),
        set(&["a1-a4", "a1-d1"])
    );
    assert_eq!(
        moves_from(&g, &after_roll("die=1"), "a1"),
        set(&["a1-a2", "a1-b1"])
    );
    assert_eq!(
        legal(&g, &after_roll("die=0")),
        set(&["die=0", "die=1", "die=3"])
    );
}

#[test]
fn a_slide_along_a_track_follows_each_players_list() {
    // Each player's list turns where the board's lines do not: x goes
    // up column a then along row 3, o along row 3 the other way; a piece
    // crosses only PATH, and one too near its list's end has no move.
    let g = compile(
        "game T board square(3) players x, o pieces man variables die
         setup: x man at cells(a1, b3), o man at cells(c3)
         track way: x = a1 a2 a3 b3 c3, o = c3 b3 a3 a2 a1
         turn: roll die from 1, 2, 3, slide own along way by die over all to not own",
    );
    let play = |moves: &str| {
        let mut st = g.start();
        notation::play_moves(&g, &mut st, moves).expect("legal");
        st
    };
    // Three from a1 is b3, x's own, and b3 is too near the end: no move,
    // so the turn passes to o's roll. b3 takes o's c3 on a 1.
    assert_eq!(legal(&g, &play("die=3")), set(&["die=1", "die=2", "die=3"]));
    assert_eq!(legal(&g, &play("die=1")), set(&["a1-a2", "b3-c3"]));
    assert_eq!(legal(&g, &play("die=2")), set(&["a1-a3"]));
    // o's list runs the other way: c3 takes x's b3 on a 1, lands on a3 on
    // a 2 over b3 (`over all`).
    assert_eq!(legal(&g, &play("die=2 a1-a3 die=1")), set(&["c3-b3"]));
    assert_eq!(legal(&g, &play("die=1 a1-a2 die=2")), set(&["c3-a3"]));
    // Over `empty` (no `over`), a piece may not cross one.
    let g = compile(
        "game T board square(3) players x, o pieces man variables die
         setup: x man at cells(a1, a2)
         track way = a1 a2 a3 b3 c3
         turn: roll die from 2, slide own along way by die to empty",
    );
    let mut st = g.start();
    notation::play_moves(&g, &mut st, "die=2").expect("legal");
    assert_eq!(legal(&g, &st), set(&["a2-b3"]));
}

#[test]
fn nth_div_and_mod_pick_a_cell_by_its_number() {
    // x places on the cell of the first row numbered by the formula (a1
    // is 0): div(7, 2) = 3 is d1, mod(7, 3) = 1 is b1, a negative
    // number rounds down (div(-1, 2) = -1: no cell), and a number past the
    // set's last cell picks none.
    let place = |k: &str| {
        let g = compile(&format!(
            "game T board square(5) players x, o pieces man
             turn: place man at nth(row(1), {k}) | pass"
        ));
        let placed: BTreeSet<String> = legal(&g, &g.start())
            .into_iter()
            .filter(|m| m != "pass")
            .collect();
        placed
    };
    assert_eq!(place("div(7, 2)"), set(&["d1"]));
    assert_eq!(place("mod(7, 3)"), set(&["b1"]));
    assert_eq!(place("mod(-1, 5)"), set(&["e1"]));
    assert!(place("div(-1, 2)").is_empty());
    assert!(place("5").is_empty());
    assert_eq!(place("div(3, 0)"), set(&["a1"]), "div by 0 is 0");
}
