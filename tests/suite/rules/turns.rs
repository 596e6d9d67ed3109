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

#[test]
fn the_first_stuck_rule_whose_condition_holds_decides() {
    // The board fills up and the player to move is stuck: with fewer stones
    // (o on 3x3) that player wins; otherwise (x on 2x2) a draw.
    let rules = |size: u32| {
        compile(&format!(
            "game T board square({size}) players x, o pieces stone
            turn: place stone at empty
            end if stuck and count(own) < count(enemy): mover wins
            end if stuck: draw"
        ))
    };
    let g = rules(3);
    let st = after(&g, "a1 a2 a3 b1 b2 b3 c1 c2 c3");
    assert_eq!(winner(&g, &st).as_deref(), Some("o"));
    let g = rules(2);
    assert_eq!(
        winner(&g, &after(&g, "a1 a2 b1 b2")).as_deref(),
        Some("draw")
    );
}

#[test]
fn nothing_may_follow_a_plain_stuck_rule() {
    let err = gdl::load_source(
        "game T board square(2) players x, o pieces stone
        turn: place stone at empty
        end if stuck: draw
        end if stuck and count(own) > 1: mover wins",
        "test.gdl",
        &[],
    )
    .expect_err("refused");
    assert!(err.render().contains("test.gdl:4:16"), "{}", err.render());
}

#[test]
fn again_gives_the_mover_the_next_turn_too() {
    // x places until it has two stones, a turn each; then o does.
    let g = compile(
        "game T board square(3) players x, o pieces stone
        turn: place stone at empty, (if count(own) < 2: again)",
    );
    let st = after(&g, "a1");
    assert_eq!(g.rules.players[st.mover.index()], "x");
    assert_eq!(st.turn, 2);
    let st = after(&g, "a1 b1");
    assert_eq!(g.rules.players[st.mover.index()], "o");
    assert_eq!(st.turn, 3);
    let st = after(&g, "a1 b1 c1 a2");
    assert_eq!(
        (at(&g, &st, "c1"), at(&g, &st, "a2")),
        ("o".into(), "o".into())
    );
    assert_eq!(g.rules.players[st.mover.index()], "x");
    // Each extra turn is a whole turn of its own: 9, 9 * 8, 9 * 8 * 7.
    let counts = gdl::run::perft_turns(&g, &g.start(), 3, false).expect("turns end");
    let nodes: Vec<u64> = counts.iter().map(|d| d.nodes).collect();
    assert_eq!(nodes, vec![9, 72, 504]);
}

#[test]
fn an_action_group_offers_each_of_its_actions_with_both_guards() {
    // `put` is a drop on any empty cell, or from turn 3 a block on an
    // empty corner; `any` adds `pass` from turn 2, and the turn offers
    // `any` until turn 4 (then only a drop, as `else`).
    let g = compile(
        "game T board square(3) players x, o pieces stone, block
        action drop = place stone at empty
        action wall = place block at corners
        action put = drop | wall if turn > 2
        action any = put | pass if turn > 1
        turn: any if turn < 4 else drop",
    );
    let counts = gdl::run::perft_turns(&g, &g.start(), 4, false).expect("turns end");
    let nodes: Vec<u64> = counts.iter().map(|d| d.nodes).collect();
    // 9; 8 + pass; at turn 3 the 7 or 8 empty cells, the empty corners
    // and a pass; at turn 4 the drops alone.
    assert_eq!(nodes[..2], [9, 9 * 9]);
    let st = after(&g, "a1 b2");
    let listed = legal(&g, &st);
    assert!(
        listed.contains("pass") && listed.contains("wall:c3"),
        "{listed:?}"
    );
    assert!(
        !listed.contains("wall:a1") && !listed.contains("drop:a1"),
        "{listed:?}"
    );
    let st = after(&g, "a1 b2 drop:c1 a2");
    assert!(
        legal(&g, &st)
            .iter()
            .all(|w| !w.contains("wall") && w != "pass")
    );
    assert_eq!(g.rules.turns.len(), 1);
}

#[test]
fn turn_zero_comes_before_the_first_players_turn_one() {
    // Turn 0: chance puts x's stone on a corner and o's on the opposite
    // one (`place o stone`), past `keep actions if`, which is the
    // players'; then x plays turn 1.
    let g = compile(
        "game T board square(3) players x, o pieces stone
        keep actions if count(own) <= 2
        turn 0: by chance: place stone at corners,
                (place o stone at corners and not neighbors(neighbors(own)) and not own)
        turn: place stone at empty",
    );
    let st = g.start();
    assert_eq!((st.turn, st.mover.index()), (0, 0));
    assert!(g.is_chance(&st));
    assert_eq!(g.chance_outcomes(&st).len(), 4);
    let st = after(&g, "a1");
    assert_eq!((st.turn, st.mover.index()), (1, 0), "x moves after turn 0");
    assert_eq!(
        (at(&g, &st, "a1"), at(&g, &st, "c3")),
        ("x".into(), "o".into())
    );
    assert!(!g.is_chance(&st));
    assert_eq!(legal(&g, &st).len(), 7);
    // The players' keep: x, with 2 stones, may place no third.
    let st = after(&g, "a1 b2 b1");
    assert_eq!(g.rules.players[st.mover.index()], "x");
    assert!(legal(&g, &st).is_empty());
    // A position read from text starts after turn 0.
    let read = gdl::notation::read_position(&g, "3/3/3 x").expect("reads");
    assert_eq!(g.start_at(&read).turn, 1);
}

/// With `changed`, two positions in the middle of a turn that began on
/// different positions play differently, so they hash apart: Gold's dog
/// on d5 and cat on e4, two steps into a turn begun with the dog on d4 or
/// on d6 (the last step, the cat's, the same in both).
#[test]
fn states_in_the_middle_of_turns_begun_apart_hash_apart() {
    let g = crate::common::game("games/arimaa.gdl", &[]);
    let from = gdl::notation::read_position(&g, "r7/8/8/8/8/3DC3/8/7R g - 33").expect("a position");
    let play = |moves: &str| {
        let mut st = g.start_at(&from);
        gdl::notation::play_moves(&g, &mut st, moves).unwrap_or_else(|e| panic!("{moves}: {e}"));
        st
    };
    let up = play("d3-d4 finish a8-a7 finish d4-d5 e3-e4");
    let down = play("d3-d4 d4-d5 d5-d6 finish a8-a7 finish d6-d5 e3-e4");
    assert_eq!(
        gdl::notation::write_position(&g, &up),
        gdl::notation::write_position(&g, &down),
        "the same board"
    );
    // Both steps undone, the turn would end where it began in one only.
    let undone = |st: &gdl::engine::State| {
        let mut st = st.clone();
        gdl::notation::play_moves(&g, &mut st, "e4-e3").expect("a step");
        legal(&g, &st)
    };
    assert!(!undone(&up).contains("d5-d4"));
    assert!(undone(&down).contains("d5-d4"));
    assert_ne!(up.hash(), down.hash());
}
