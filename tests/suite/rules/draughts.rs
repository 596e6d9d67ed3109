//! English draughts: whole turns (a capture chain is one turn) counted from
//! the start, against the standard counts.

use super::*;
use gdl::engine::Action;

/// Sequences of `depth` complete turns from `st`: a turn is complete when
/// the turn number changes or the game ends.
fn turns(g: &Game, st: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list: Vec<Action> = Vec::new();
    g.legal_actions(st, &mut list);
    let mut n = 0;
    for a in list {
        let mut next = st.clone();
        g.play_unchecked(&mut next, a);
        let done = next.turn != st.turn || next.is_over();
        n += turns(g, &next, if done { depth - 1 } else { depth });
    }
    n
}

#[test]
fn turn_counts_match_the_standard_ones() {
    let g = game("games/draughts.gdl", &[]);
    let st = g.start();
    let counts: Vec<u64> = (1..=7).map(|d| turns(&g, &st, d)).collect();
    // Counted per action (a chain is one action per jump), depth 7 would
    // be 179,255.
    assert_eq!(counts, [7, 49, 302, 1469, 7361, 36768, 179740]);
}
