//! Ranks: `stronger(S)` and `weaker(S)` compare kinds by the order of
//! `pieces`, the first the strongest.

use super::*;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// A big and a mid piece of x's, a small and a big one of o's, and a turn
/// that removes one of the pieces of SET.
fn ranked(set: &str) -> Game {
    compile(&format!(
        "game R board square(3) players x, o pieces big, mid, small
         setup: x big at cells(a1), x mid at cells(b1), o small at cells(c1), o big at cells(a3)
         turn: remove {set}"
    ))
}

#[test]
fn stronger_and_weaker_follow_the_order_of_pieces() {
    let g = ranked("stronger(cells(b1))");
    assert_eq!(legal(&g, &g.start()), set(&["a1", "a3"]));
    let g = ranked("weaker(cells(b1))");
    assert_eq!(legal(&g, &g.start()), set(&["c1"]));
    // Nothing is stronger than the strongest, nor weaker than the weakest.
    let g = ranked("stronger(cells(a3))");
    assert!(legal(&g, &g.start()).is_empty());
    let g = ranked("weaker(cells(c1))");
    assert!(legal(&g, &g.start()).is_empty());
}

#[test]
fn of_several_pieces_the_weakest_and_the_strongest_count() {
    // Above the small piece, the weakest of the two: the bigs and the mid.
    let g = ranked("stronger(cells(b1, c1))");
    assert_eq!(legal(&g, &g.start()), set(&["a1", "a3", "b1"]));
    // Below the big piece, the strongest of the two.
    let g = ranked("weaker(cells(a1, b1))");
    assert_eq!(legal(&g, &g.start()), set(&["b1", "c1"]));
    // Empty cells rank nothing.
    let g = ranked("stronger(cells(b2)) or weaker(cells(b2))");
    assert!(legal(&g, &g.start()).is_empty());
    // With `enemy`: the enemy pieces stronger than x's mid piece.
    let g = ranked("enemy and stronger(cells(b1))");
    assert_eq!(legal(&g, &g.start()), set(&["a3"]));
}
