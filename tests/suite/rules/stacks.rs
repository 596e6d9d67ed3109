//! `stacks`: a cell holds a stack of one kind and owner. Moves take the
//! top piece, land on the same piece's stack or capture what is there,
//! and the heights are in the hash and the position text.

use super::*;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

fn height(g: &Game, st: &State, label: &str) -> u64 {
    g.height(st, g.board().cell_by_label(label).expect("a cell"))
}

/// Stacks of 3 on a1 (x) and 2 on c1 (o); a step east onto the own stack,
/// onto an empty cell, or onto o's stack (captured onto o's bar, d2).
fn race() -> Game {
    compile(
        "game T board square(4, 2) players x, o pieces man
         stacks
         setup: 3 x x man at cells(a1), 2 x o man at cells(c1)
         region bar: x = cells(d1), o = cells(d2)
         captures to bar
         turn: step own e to not bar | pass",
    )
}

#[test]
fn a_move_takes_the_top_piece_and_lands_on_top_or_captures_the_whole_stack() {
    let g = race();
    let st = g.start();
    assert_eq!((height(&g, &st, "a1"), height(&g, &st, "c1")), (3, 2));
    // One piece of three moves: two stay.
    let st = after(&g, "a1-b1");
    assert_eq!((height(&g, &st, "a1"), height(&g, &st, "b1")), (2, 1));
    assert_eq!(at(&g, &st, "a1"), "x");
    // o passes; x moves another onto its own piece on b1: a stack of two.
    let st = after(&g, "a1-b1 pass a1-b1");
    assert_eq!((height(&g, &st, "a1"), height(&g, &st, "b1")), (1, 2));
    // The top of b1 onto o's stack of two: both go onto o's bar.
    let st = after(&g, "a1-b1 pass b1-c1");
    assert_eq!((height(&g, &st, "b1"), height(&g, &st, "c1")), (0, 1));
    assert_eq!(at(&g, &st, "c1"), "x");
    assert_eq!(
        (at(&g, &st, "d2"), height(&g, &st, "d2")),
        ("o".to_string(), 2)
    );
}

#[test]
fn heights_are_in_the_hash_and_the_position_text() {
    let g = race();
    // The same pieces on the same cells, stacked differently.
    let three = notation::read_position(&g, "4/M(3)1m(2)1 x").expect("reads");
    let two = notation::read_position(&g, "4/M(2)1m(2)1 x").expect("reads");
    let (three, two) = (g.start_at(&three), g.start_at(&two));
    assert_ne!(three.hash(), two.hash());
    assert_eq!(three.hash(), g.start().hash());
    assert_eq!(notation::write_position(&g, &g.start()), "4/M(3)1m(2)1 x");
    // A height is two or more, in brackets, and only in a game with stacks.
    for bad in ["4/M(1)1m(2)1 x", "4/M(3x1m(2)1 x"] {
        assert!(notation::read_position(&g, bad).is_err(), "{bad}");
    }
    let flat = compile("game T board square(2) players x, o pieces man turn: pass");
    let err = notation::read_position(&flat, "M(2)1/2 x").expect_err("no stacks");
    assert!(err.to_string().contains("no stacks"), "{err}");
}

#[test]
fn a_region_turned_carries_its_stacks_whole() {
    // The 2x2 board turned a quarter: the stack of three on a1 and the
    // lone piece on b1 go to their images, heights and all.
    let g = compile(
        "game T board square(2) players x, o pieces man
         stacks
         setup: 3 x x man at cells(a1), x man at cells(b1)
         region q = all
         turn: rotate q by 90",
    );
    let st = after(&g, "q+90");
    // Counter-clockwise: a1 to b1, b1 to b2.
    let heights: Vec<u64> = ["a1", "b1", "a2", "b2"]
        .iter()
        .map(|c| height(&g, &st, c))
        .collect();
    assert_eq!(heights, vec![0, 3, 0, 1]);
    assert_eq!(notation::write_position(&g, &st), "1M/1M(3) o");
}

/// `place`, the action and the effect, goes on an empty cell or on top of
/// a stack of the same piece, never on another piece.
#[test]
fn a_placement_stacks_on_the_same_piece_only() {
    let g = compile(
        "game T board square(3, 1) players x, o pieces man, king
         stacks
         setup: x man at cells(a1), o man at cells(b1), x king at cells(c1)
         action drop = place man at all
         action both = pass then (place man at cells(a1, c1))
         turn: drop | both",
    );
    let st = g.start();
    // Man on a1 (the same piece): yes; o's man on b1 or x's king on c1: no.
    let offered = legal(&g, &st);
    assert!(offered.contains("a1"), "{offered:?}");
    assert!(
        !offered.iter().any(|m| m.contains("b1") || m.contains("c1")),
        "{offered:?}"
    );
    let st = after(&g, "a1");
    assert_eq!(height(&g, &st, "a1"), 2);
    // o's man goes on o's own man on b1, not on x's stack on a1.
    let st = after(&g, "a1 b1");
    assert_eq!((height(&g, &st, "a1"), height(&g, &st, "b1")), (2, 2));
    // The effect: on x's stack of a1, and not over the king on c1.
    let st = after(&g, "both");
    assert_eq!((height(&g, &st, "a1"), height(&g, &st, "c1")), (2, 1));
    assert_eq!(at(&g, &st, "c1"), "x");
}
