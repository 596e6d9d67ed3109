//! Ecalper rules, played out on the shipped game file.

use super::*;
use gdl::ids::Cell;

// The 7-cell board (size 2):    b1 c1
//                             a2 b2 c2
//                               a3 b3

const ECALPER2: &[&str] = &["size=2", "pie=off"];

#[test]
fn ecalper_first_turn_is_three_stones() {
    let g = game("games/ecalper.gdl", ECALPER2);
    let st = after(&g, "b1 c1");
    assert_eq!(g.rules.players[st.mover.index()], "black");
    let st = after(&g, "b1 c1 a2");
    assert_eq!(g.rules.players[st.mover.index()], "white");
}

#[test]
fn ecalper_replaces_only_stones_added_last_turn() {
    let g = game("games/ecalper.gdl", ECALPER2);
    // White may replace exactly Black's three added stones.
    assert_eq!(legal(&g, &after(&g, "b1 c1 a2")), set(&["b1", "c1", "a2"]));
    // White replaces b1 and adds three. Black may replace White's added
    // stones, never b1, which White gained by replacement.
    let st = after(&g, "b1 c1 a2 b1 b2 c2 a3");
    assert_eq!(at(&g, &st, "b1"), "white");
    assert_eq!(legal(&g, &st), set(&["b2", "c2", "a3"]));
}

#[test]
fn ecalper_marks_the_stones_to_replace_and_a_turn_is_replace_then_three() {
    let g = game("games/ecalper.gdl", &["size=3", "pie=off"]);
    let st = after(&g, "c1 d1 e1 d1 c3 d3 e3");
    let added = g
        .rules
        .marks
        .iter()
        .position(|m| m == "added")
        .expect("mark");
    let marked: Vec<&str> = (0..g.board().len())
        .filter(|&c| g.has_mark(&st, Cell::new(c), added))
        .map(|c| g.board().label(Cell::new(c)))
        .collect();
    // White's three additions are marked; Black's remaining c1 and e1 are
    // not (they were added the turn before), nor White's replacement d1.
    assert_eq!(marked, vec!["c3", "d3", "e3"]);
    assert_eq!(legal(&g, &st), set(&["c3", "d3", "e3"]));
    // Black: replace, then three additions, then White's turn, who may
    // replace Black's three additions but not c3, which Black gained.
    let st = after(&g, "c1 d1 e1 d1 c3 d3 e3 c3 a3 b3");
    assert_eq!(g.rules.players[st.mover.index()], "black");
    let st = after(&g, "c1 d1 e1 d1 c3 d3 e3 c3 a3 b3 b2");
    assert_eq!(g.rules.players[st.mover.index()], "white");
    assert_eq!(legal(&g, &st), set(&["a3", "b3", "b2"]));
}

#[test]
fn ecalper_pie_rule() {
    let g = game("games/ecalper.gdl", &["size=2"]);
    let st = after(&g, "b1 c1 a2");
    assert_eq!(legal(&g, &st), set(&["b1", "c1", "a2", "swap"]));
    // After the swap, the first seat holds White and must still replace.
    let st = after(&g, "b1 c1 a2 swap");
    assert_eq!(g.rules.players[st.mover.index()], "white");
    assert_eq!(g.seat_of(&st, Player::new(1)), 0);
    assert_eq!(legal(&g, &st), set(&["b1", "c1", "a2"]));
    // Declining (replacing) takes no action and ends the offer.
    assert!(!legal(&g, &after(&g, "b1 c1 a2 b1")).contains("swap"));
}

#[test]
fn ecalper_last_turn_is_the_replacement_alone() {
    let g = game("games/ecalper.gdl", ECALPER2);
    // After White's turn one cell (b3) is empty: Black replaces and it ends.
    let st = after(&g, "b1 c1 a2 c1 b2 c2 a3");
    assert!(!st.is_over());
    assert_eq!(legal(&g, &st), set(&["b2", "c2", "a3"]));
    let st = after(&g, "b1 c1 a2 c1 b2 c2 a3 a3");
    assert!(st.is_over());
    assert_eq!(at(&g, &st, "b3"), "");
    assert_eq!(st.ply, 8);
}

#[test]
fn ecalper_largest_group_wins() {
    let g = game("games/ecalper.gdl", ECALPER2);
    // Black b1 c1 a2; White replaces c1, adds b2 c2 b3; Black replaces b3. Black: b1 a2 b3 (b1-a2 joined; b3 alone:
    // largest 2). White: c1 b2 c2 (joined: largest 3). White wins.
    let st = after(&g, "b1 c1 a2 c1 b2 c2 b3 b3");
    assert!(st.is_over());
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
}

#[test]
fn ecalper_largest_group_then_equal_groups_draw() {
    let g = game("games/ecalper.gdl", ECALPER2);
    // Black b1 c1 a2, White replaces a2 and adds b2 c2 b3, Black replaces b2.
    // Black: b1 c1 b2 (one group of 3). White: a2 c2 b3: a2 alone, c2-b3
    // joined: largest 2. Black wins.
    let st = after(&g, "b1 c1 a2 a2 b2 c2 b3 b2");
    assert_eq!(winner(&g, &st).as_deref(), Some("black"));
    // Black b2 a3 b3, White replaces b2, adds b1 c2 a2; Black replaces c2.
    // Black: a3 b3 c2: c2-b3 adjacent, a3-b3 adjacent: one group of 3.
    // White: b2 b1 a2: one group of 3. Equal largest, equal groups: draw.
    let st = after(&g, "b2 a3 b3 b2 b1 c2 a2 c2");
    assert_eq!(winner(&g, &st).as_deref(), Some("draw"));
}

/// Largest group and number of groups of a player, computed here.
fn group_stats(g: &Game, st: &State, player: usize) -> (usize, usize) {
    let n = g.board().len();
    let mut seen = vec![false; n];
    let (mut largest, mut count) = (0, 0);
    let mine = |c: usize| {
        g.piece_at(st, Cell::new(c))
            .and_then(|p| p.owner)
            .map(|o| o.index())
            == Some(player)
    };
    for s in 0..n {
        if seen[s] || !mine(s) {
            continue;
        }
        count += 1;
        let mut size = 0;
        let mut stack = vec![s];
        seen[s] = true;
        while let Some(c) = stack.pop() {
            size += 1;
            for &m in g.board().neighbors(Cell::new(c)) {
                let m = m.index();
                if !seen[m] && mine(m) {
                    seen[m] = true;
                    stack.push(m);
                }
            }
        }
        largest = largest.max(size);
    }
    (largest, count)
}

#[test]
fn ecalper_scoring_matches_the_rules_over_random_games() {
    // The result of every random game agrees with the rule page: larger
    // largest group wins, then fewer groups, else a draw. The three cases
    // must each occur, so that every tie-breaker is exercised.
    let g = game("games/ecalper.gdl", &["size=3"]);
    let mut cases = [0; 3];
    for seed in 0..3000 {
        let p = gdl::run::playout(&g, &g.start(), seed, true);
        let mut st = g.start();
        for &a in &p.actions {
            g.play(&mut st, a).expect("legal");
        }
        assert!(st.is_over(), "seed {seed}");
        assert_eq!(
            g.board().len()
                - (0..g.board().len())
                    .filter(|&c| g.piece_at(&st, Cell::new(c)).is_some())
                    .count(),
            1
        );
        let (b, w) = (group_stats(&g, &st, 0), group_stats(&g, &st, 1));
        let (expected, case) = if b.0 != w.0 {
            (
                if b.0 > w.0 {
                    GameResult::Win(Player::new(0))
                } else {
                    GameResult::Win(Player::new(1))
                },
                0,
            )
        } else if b.1 != w.1 {
            (
                if b.1 < w.1 {
                    GameResult::Win(Player::new(0))
                } else {
                    GameResult::Win(Player::new(1))
                },
                1,
            )
        } else {
            (GameResult::Draw, 2)
        };
        cases[case] += 1;
        assert_eq!(
            st.result(),
            Some(expected),
            "seed {seed}: black {b:?}, white {w:?}"
        );
    }
    assert!(
        cases.iter().all(|&n| n > 0),
        "every tie-breaker case should occur: {cases:?}"
    );
}
