//! Turn rules of the language itself, on small games written here.

use super::*;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

#[test]
fn a_while_step_that_offers_nothing_leaves_the_player_stuck() {
    // Each turn places a stone, then (while the mover has fewer than two)
    // one on a1. After x's b1 a1, o's b2 leaves o needing a1, which is
    // taken: o is stuck mid-turn, and its b2 stands.
    let g = compile(
        "game T board square(2) players x, o pieces stone
        turn: place stone at empty,
              while count(own) < 2: place stone at cells(a1)
        end if stuck: mover loses",
    );
    let st = after(&g, "b1 a1 b2");
    assert_eq!(winner(&g, &st).as_deref(), Some("x"));
    assert_eq!(at(&g, &st, "b2"), "o");
    // Without `end if stuck`, a draw.
    let g = compile(
        "game T board square(2) players x, o pieces stone
        turn: place stone at empty,
              while count(own) < 2: place stone at cells(a1)",
    );
    assert_eq!(winner(&g, &after(&g, "b1 a1 b2")).as_deref(), Some("draw"));
}

#[test]
fn a_plain_step_that_offers_nothing_is_skipped() {
    // The same turn with a plain step: o's turn ends after b2, and x plays.
    let g = compile(
        "game T board square(2) players x, o pieces stone
        turn: place stone at empty, place stone at cells(a1)
        end if stuck: mover loses",
    );
    let st = after(&g, "b1 a1 b2");
    assert!(!st.is_over());
    assert_eq!(g.rules.players[st.mover.index()], "x");
}
