//! `keep if`: an action is offered only if its condition holds on the
//! position it leads to, after its effects, seen from the player who acted.

use super::*;
use gdl::ids::Cell;
use rand::RngExt;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// Placing next to enemy stones removes them; with the clause, an action
/// that would leave the enemy without a stone is refused.
fn capture_game(keep: &str) -> Game {
    compile(&format!(
        "game T board square(4) players x, o pieces stone
         setup: x stone at cells(a1), o stone at cells(d4)
         turn: place stone at empty then remove neighbors(here) and enemy {keep}"
    ))
}

#[test]
fn an_action_is_judged_after_its_effects() {
    let g = capture_game("keep if count(enemy) > 0");
    // x next to o's only stone (d4) would remove it.
    let start = legal(&g, &g.start());
    assert_eq!(start.len(), 12);
    assert!(!start.contains("c4") && !start.contains("d3"));
    // o at a2 or b1 would remove both of x's stones (a1, b2); c2 takes one.
    let st = after(&g, "b2");
    let kept = legal(&g, &st);
    assert_eq!(kept.len(), 11);
    assert!(!kept.contains("a2") && !kept.contains("b1") && kept.contains("c2"));
    // A refused action is not legal to play either.
    assert!(notation::play_moves(&g, &mut st.clone(), "a2").is_err());
    let mut taken = st.clone();
    notation::play_moves(&g, &mut taken, "c2").expect("kept");
    assert_eq!(
        (at(&g, &taken, "b2").as_str(), at(&g, &taken, "a1").as_str()),
        ("", "x")
    );
    // Without the clause, every empty cell.
    let plain = capture_game("");
    assert_eq!(legal(&plain, &after(&plain, "b2")).len(), 13);
}

#[test]
fn kept_actions_are_those_whose_result_satisfies_the_condition() {
    // Along random games, the kept list equals the plain game's actions
    // whose result (played in the plain game) leaves the enemy a stone;
    // random sampling and `is_legal` agree with the list.
    let (g, plain) = (capture_game("keep if count(enemy) > 0"), capture_game(""));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
    let stones = |st: &State, who: usize| {
        (0..16)
            .filter(|&c| {
                g.piece_at(st, Cell::new(c)).and_then(|p| p.owner) == Some(Player::new(who))
            })
            .count()
    };
    let mut judged = 0;
    for _ in 0..200 {
        let (mut st, mut pst) = (g.start(), plain.start());
        while !st.is_over() {
            let mover = st.mover.index();
            let mut pseudo = Vec::new();
            plain.legal_actions(&pst, &mut pseudo);
            let expected: BTreeSet<String> = pseudo
                .iter()
                .filter(|&&a| {
                    let mut next = pst.clone();
                    plain.play_unchecked(&mut next, a);
                    stones(&next, 1 - mover) > 0
                })
                .map(|&a| notation::format(&plain, &pseudo, a))
                .collect();
            assert_eq!(legal(&g, &st), expected);
            judged += pseudo.len();
            let Some(a) = g.random_action(&st, &mut rng) else {
                break;
            };
            assert!(g.is_legal(&st, a));
            let mut list = Vec::new();
            g.legal_actions(&st, &mut list);
            assert!(list.contains(&a));
            let word = notation::format(&g, &list, a);
            g.play_unchecked(&mut st, a);
            notation::play_moves(&plain, &mut pst, &word).expect("the plain game has it");
            if rng.random_range(0..8) == 0 {
                break;
            }
        }
    }
    assert!(judged > 1000, "{judged} actions judged");
}

#[test]
fn a_group_with_no_kept_action_gives_way_to_the_next() {
    let g = compile(
        "game T board square(2) players x, o pieces stone
         turn: place stone at empty keep if count(own) >= 2 else pass",
    );
    assert_eq!(legal(&g, &g.start()), set(&["pass"]));
}

#[test]
fn a_player_without_a_kept_action_is_stuck() {
    let g = compile(
        "game T board square(2) players x, o pieces stone
         turn: place stone at empty keep if count(own) >= 2
         end if stuck: mover loses",
    );
    assert_eq!(winner(&g, &g.start()).as_deref(), Some("o"));
}

#[test]
fn keep_if_after_an_action_name_is_refused_at_its_place() {
    let err = gdl::load_source(
        "game T board square(2) players x, o pieces stone
         action put = place stone at empty
         turn: put keep if count(own) > 0",
        "test.gdl",
        &[],
    )
    .expect_err("refused");
    let text = err.render();
    assert!(text.contains("test.gdl:3:16"), "{text}");
    assert!(text.contains("`keep if`"), "{text}");
}

#[test]
fn a_refused_action_is_explained_by_its_condition() {
    let g = capture_game("keep if count(enemy) > 0");
    let st = after(&g, "b2");
    let why = gdl::explain::why_not(&g, &st, "a2").expect("refused");
    assert_eq!(
        why,
        "after it, `count(enemy) > 0` (test.gdl:3) would not hold: no cell is in `enemy`"
    );
    // A kept action is legal: nothing to explain.
    assert_eq!(gdl::explain::why_not(&g, &st, "c2"), None);
}

#[test]
fn keep_actions_if_judges_every_action_of_the_game() {
    // The item form, after a turn whose last choice could have taken it
    // as its own clause; pass is judged too (and kept: it takes nothing).
    let item = compile(
        "game T board square(4) players x, o pieces stone
         setup: x stone at cells(a1), o stone at cells(d4)
         turn: place stone at empty then remove neighbors(here) and enemy | pass
         keep actions if count(enemy) > 0",
    );
    let each = capture_game("keep if count(enemy) > 0 | pass");
    for moves in ["", "b2", "b2 c3", "b2 c3 pass"] {
        assert_eq!(
            legal(&item, &after(&item, moves)),
            legal(&each, &after(&each, moves))
        );
    }
    let kept = legal(&item, &after(&item, "b2"));
    assert!(kept.contains("pass") && !kept.contains("a2"));
    assert!(item.rules.choices.iter().all(|c| c.keep.len() == 1));
}

#[test]
fn keep_turns_with_leaves_every_outcome_of_chance_offered() {
    // The roll comes in the same turn as the move it sets. Chance is not a
    // player: all three rolls stay offered, and only then are the moves
    // judged: on a 3 only the move to d1 is kept.
    let g = compile(
        "game T board square(5, 1) players x, o pieces man
         variables die
         setup: x man at cells(a1)
         track lane: x = a1 b1 c1 d1 e1, o = a1 b1 c1 d1 e1
         keep turns with most count(own and column(d))
         turn: roll die from 1, 2, 3,
               slide own along lane by die to empty | slide own along lane by 1 to empty",
    );
    assert_eq!(legal(&g, &g.start()), set(&["die=1", "die=2", "die=3"]));
    let probabilities: Vec<f64> = g.chance_outcomes(&g.start()).iter().map(|o| o.1).collect();
    assert_eq!(probabilities, vec![1.0 / 3.0; 3]);
    assert_eq!(legal(&g, &after(&g, "die=3")), set(&["a1-d1"]));
    assert_eq!(legal(&g, &after(&g, "die=2")), set(&["a1-b1", "a1-c1"]));
}

#[test]
fn a_turn_is_judged_up_to_the_chance_that_follows_its_moves() {
    // `a` leads to a roll of 0 or 10 points, `b` to 5 points for sure. The
    // player does not choose the roll: the turn is read where chance
    // decides (0 after `a`), so only `b` is kept, not the 10 that a chance
    // played as the player's own choice would promise.
    let g = compile(
        "game T board square(2) players x, o pieces man
         variables gain, pick, bonus
         keep turns with most gain
         turn: choose pick from 1, 2 then (if pick = 2: set gain to 5),
               roll bonus from 0, 10 then set gain to gain + bonus if pick = 1",
    );
    assert_eq!(legal(&g, &g.start()), set(&["pick=2"]));
}

#[test]
fn attacked_may_leave_pieces_out_as_if_their_cells_were_empty() {
    // o's rook on e1 looks along the first row at a1 through x's king on
    // c1: blocked, unless the king is left out; a piece left out does not
    // attack either.
    let game = |cond: &str| {
        compile(&format!(
            "game T board square(5) players x, o pieces rook, king, block
             setup: o rook at cells(e1), x king at cells(c1)
             turn: slide own and rook orthogonal to not own
                 | place block at cells(e5) if {cond} | place block at cells(a5)"
        ))
    };
    let offered = |cond: &str| {
        let g = game(cond);
        legal(&g, &g.start()).contains("e5")
    };
    assert!(!offered("attacked(cells(a1))"));
    assert!(offered("attacked(cells(a1), mover, own and king)"));
    assert!(!offered("attacked(cells(a1), mover, enemy and rook)"));
    assert!(offered("attacked(cells(d1))"));
    assert!(!offered("attacked(cells(d1), mover, enemy and rook)"));
}

#[test]
fn a_bound_counts_better_turns_as_it_and_stops_the_search_there() {
    // `pick=1` gains 5, `pick=2` gains 3: the larger alone is kept, unless
    // no turn counts past 3.
    let g = |bound: &str| {
        compile(&format!(
            "game T board square(2) players x, o pieces man
             variables gain, pick
             keep turns with most gain {bound}
             turn: choose pick from 1, 2 then (if pick = 1: set gain to 5 else set gain to 3)"
        ))
    };
    assert_eq!(legal(&g(""), &g("").start()), set(&["pick=1"]));
    let capped = g("up to 3");
    assert_eq!(legal(&capped, &capped.start()), set(&["pick=1", "pick=2"]));
    // Six stones a turn on 49 cells: 49 x 48 x ... ways to finish, past
    // the search's million, so the game stops; with the bound, each first
    // stone's first way reaches six and the rest are not searched.
    let stones = |bound: &str| {
        compile(&format!(
            "game T board square(7) players x, o pieces stone
             keep turns with most count(own) {bound}
             turn: 6 x place stone at empty"
        ))
    };
    let capped = stones("up to 6");
    assert_eq!(legal(&capped, &capped.start()).len(), 49);
    assert!(gdl::engine::take_turn_too_long().is_none());
    let whole = stones("");
    let mut listed = Vec::new();
    whole.legal_actions(&whole.start(), &mut listed);
    assert!(
        gdl::engine::take_turn_too_long().is_some(),
        "the whole search should pass its million positions"
    );
}
