//! Equi rules, played out on the shipped game file.

use super::*;
use gdl::ids::Cell;

// On `square5` (a1 bottom left, orthogonal). The first territory piece is
// Black's; after it, a cell's placement is a territory piece where the
// mover's and the opponent's neighbours balance, and a Disc elsewhere.

fn equi(options: &[&str]) -> Game {
    let mut all = vec!["board=square5"];
    all.extend_from_slice(options);
    game("games/equi.gdl", &all)
}

/// "black territory", "white disc", or "" for an empty cell.
fn piece(g: &Game, st: &State, label: &str) -> String {
    let c = g.board().cell_by_label(label).expect("cell");
    match g.piece_at(st, c) {
        Some(p) => format!(
            "{} {}",
            p.owner.map_or("", |o| g.rules.players[o.index()].as_str()),
            g.rules.pieces[p.kind.index()]
        ),
        None => String::new(),
    }
}

#[test]
fn equi_first_placement_avoids_corners_unless_allowed() {
    let g = equi(&[]);
    let first = legal(&g, &g.start());
    assert_eq!(first.len(), 21);
    assert!(!first.contains("a1") && !first.contains("e5") && first.contains("c3"));
    let g = equi(&["corner-rule=off"]);
    assert_eq!(legal(&g, &g.start()).len(), 25);
}

#[test]
fn equi_placement_type_comes_from_the_neighbours() {
    let g = equi(&[]);
    // Next to Black's c3, White's neighbours do not balance: a Disc.
    assert_eq!(piece(&g, &after(&g, "c3 b3"), "b3"), "white disc");
    // Away from it they do (none each): a territory piece.
    assert_eq!(piece(&g, &after(&g, "c3 a1"), "a1"), "white territory");
    // Black next to its own c3: unbalanced too.
    assert_eq!(piece(&g, &after(&g, "c3 a1 d3"), "d3"), "black disc");
}

#[test]
fn equi_forced_start_jump_yields_territory() {
    let g = equi(&[]);
    // White's Disc b3 can jump Black's c3 (d3 is empty): it must.
    let st = after(&g, "c3 b3 e5");
    assert_eq!(legal(&g, &st), set(&["b3-d3"]));
    let st = after(&g, "c3 b3 e5 b3-d3");
    assert_eq!(piece(&g, &st, "c3"), "white territory");
    assert_eq!(piece(&g, &st, "d3"), "white disc");
    assert_eq!(piece(&g, &st, "b3"), "");
    // Still White's turn: no more jumps (c3 was jumped already), so the
    // placement, possibly on the cell the Disc left.
    assert_eq!(g.rules.players[st.mover.index()], "white");
    let moves = legal(&g, &st);
    assert!(
        moves.contains("b3") && !moves.iter().any(|m| m.contains('-')),
        "{moves:?}"
    );
}

#[test]
fn equi_a_landing_next_to_an_enemy_must_jump_again() {
    let g = equi(&[]);
    // Black d4 stands above d3, with d5 empty behind it.
    let st = after(&g, "c3 b3 d4 b3-d3");
    assert_eq!(legal(&g, &st), set(&["d3-d5"]));
    let st = after(&g, "c3 b3 d4 b3-d3 d3-d5");
    assert_eq!(piece(&g, &st, "d4"), "white territory");
    assert_eq!(piece(&g, &st, "d5"), "white disc");
}

#[test]
fn equi_steps_end_the_move() {
    let g = equi(&[]);
    // Black's Disc d3 blocks the jump over c3: White may step, jump nothing.
    let st = after(&g, "c3 b3 d3");
    let moves = legal(&g, &st);
    for step in ["b3-a3", "b3-b2", "b3-b4"] {
        assert!(moves.contains(step), "{step} in {moves:?}");
    }
    assert!(moves.contains("e5"), "placing without moving is allowed");
    // After a step only the placement is left.
    let st = after(&g, "c3 b3 d3 b3-b4");
    assert!(!legal(&g, &st).iter().any(|m| m.contains('-')));
    assert_eq!(piece(&g, &st, "b4"), "white disc");
}

#[test]
fn equi_friendly_jumps_are_optional_and_never_twice() {
    let g = equi(&[]);
    // White's Disc d3 (after jumping c3) may, a turn later, jump its own
    // territory c3 back to b3, or just place.
    let st = after(&g, "c3 b3 e5 b3-d3 a1 e1");
    let moves = legal(&g, &st);
    assert!(moves.contains("d3-b3") && moves.contains("b5"), "{moves:?}");
    // Without friendly jumps (Equiversi's hopping) it is not offered.
    let g2 = equi(&["hopping=mandatory-no-friends"]);
    let st2 = after(&g2, "c3 b3 e5 b3-d3 a1 e1");
    assert!(!legal(&g2, &st2).contains("d3-b3"));
    // The same turn cannot jump c3 twice.
    let st = after(&g, "c3 b3 e5 b3-d3");
    assert!(!legal(&g, &st).contains("d3-b3"));
}

#[test]
fn equi_capture_modes() {
    // White's Disc jumps Black's territory c3; what does c3 become?
    for (mode, expected) in [
        ("yield", "white territory"),
        ("none", "white territory"),
        ("morph-own", "white territory"),
        ("morph-all", "white disc"),
        ("morph-enemy", "white disc"),
    ] {
        let g = equi(&[&format!("capture={mode}")]);
        let st = after(&g, "c3 b3 e5 b3-d3");
        assert_eq!(piece(&g, &st, "c3"), expected, "capture={mode}");
    }
}

#[test]
fn equi_optional_hopping_lets_the_jump_wait() {
    let g = equi(&["hopping=optional"]);
    let moves = legal(&g, &after(&g, "c3 b3 e5"));
    assert!(
        moves.contains("b3-d3") && moves.contains("a1") && moves.contains("b3-b2"),
        "{moves:?}"
    );
}

#[test]
fn equi_disc_placement_modes() {
    // After c3 (Black) and b3 (White's Disc), Black places. b4 is a Disc
    // cell that White's b3 could jump at once (b5 behind it is empty); a3
    // is a Disc cell it could not (nothing behind it).
    let moves = |discs: &str| {
        legal(
            &equi(&[&format!("discs={discs}")]),
            &after(&equi(&[&format!("discs={discs}")]), "c3 b3"),
        )
    };
    let non_territory = moves("non-territory");
    assert!(non_territory.contains("b4") && non_territory.contains("a3"));
    let safe = moves("safe-non-territory");
    assert!(!safe.contains("b4") && safe.contains("a3"), "{safe:?}");
    // Anywhere: a balanced cell takes a territory piece or a Disc.
    let anywhere = moves("anywhere");
    assert!(
        anywhere.contains("add-territory:a1") && anywhere.contains("disc-anywhere:a1"),
        "{anywhere:?}"
    );
    let safe_anywhere = moves("safe");
    assert!(
        safe_anywhere.contains("disc-safe:a1")
            && !safe_anywhere
                .iter()
                .any(|m| m.ends_with("b4") && m.starts_with("disc")),
        "{safe_anywhere:?}"
    );
}

#[test]
fn equi_passing_modes_and_the_first_to_stop() {
    // Always-place (Equi): no stopping at all.
    let g = equi(&[]);
    assert!(!legal(&g, &after(&g, "c3")).contains("stop"));
    // Partial: stopping only after a move.
    let g = equi(&["passing=partial"]);
    assert!(!legal(&g, &after(&g, "c3")).contains("stop"));
    assert!(legal(&g, &after(&g, "c3 b3 d3 b3-b4")).contains("stop"));
    // A Disc may not be placed after moving under partial passing: after the
    // step, unbalanced cells (d2 beside Black's d3, a4 beside White's b4)
    // are not offered; balanced ones (c4: b4 against c3; a1) are.
    let after_step = legal(&g, &after(&g, "c3 b3 d3 b3-b4"));
    assert!(
        !after_step.contains("d2") && !after_step.contains("a4"),
        "{after_step:?}"
    );
    assert!(
        after_step.contains("c4") && after_step.contains("a1"),
        "{after_step:?}"
    );
    // Full: a whole turn may be stopped; two stops in a row end the game,
    // and with equal scores the first to stop wins.
    let g = equi(&["passing=full"]);
    let st = after(&g, "c3 a1 stop");
    assert!(!st.is_over());
    let st = after(&g, "c3 a1 stop stop");
    assert_eq!(
        winner(&g, &st).as_deref(),
        Some("black"),
        "1-1, Black stopped first"
    );
    // A placement in between resets it: Black stops, White places (the stop
    // no longer counts), Black places, then White stops first: 2-2, White.
    let st = after(&g, "c3 a1 stop e5 e1 stop");
    assert!(!st.is_over());
    let st = after(&g, "c3 a1 stop e5 e1 stop stop");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
}

#[test]
fn equi_scores_count_territory_and_discs() {
    // Full passing to end at once: Black c3 (territory) and d3 (a Disc next
    // to it: -3), White a1 (territory): Black -2, White 1.
    let g = equi(&["passing=full"]);
    let st = after(&g, "c3 a1 d3 stop stop");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
    // With Discs worth 0 (Equiversi 2's value), Black has 1 and White 1:
    // White stopped first and wins.
    let g = equi(&["passing=full", "disc-value=0"]);
    let st = after(&g, "c3 a1 d3 stop stop");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
    // Territory worth 3: Black 3 - 3 = 0 against White 3.
    let g = equi(&["passing=full", "territory-value=3"]);
    let st = after(&g, "c3 a1 d3 stop stop");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
}

#[test]
fn equi_always_place_ends_on_a_full_board_by_score() {
    // Random games under Equi's rules end with a full board, and the result
    // agrees with the scores computed here.
    let g = game("games/equi.gdl", &[]);
    let mut seen = [0; 3];
    for seed in 0..200 {
        let p = gdl::run::playout(&g, &g.start(), seed, true);
        let mut st = g.start();
        for &a in &p.actions {
            g.play(&mut st, a).expect("legal");
        }
        assert!(st.is_over());
        let n = g.board().len();
        assert!(
            (0..n).all(|c| g.piece_at(&st, Cell::new(c)).is_some()),
            "seed {seed}: board full"
        );
        let score = |p: usize| -> i64 {
            (0..n)
                .filter_map(|c| g.piece_at(&st, Cell::new(c)))
                .filter(|x| x.owner.map(|o| o.index()) == Some(p))
                .map(|x| {
                    if g.rules.pieces[x.kind.index()] == "territory" {
                        1
                    } else {
                        -3
                    }
                })
                .sum()
        };
        let expected = match score(0).cmp(&score(1)) {
            std::cmp::Ordering::Greater => Some("black"),
            std::cmp::Ordering::Less => Some("white"),
            std::cmp::Ordering::Equal => Some("draw"),
        };
        assert_eq!(winner(&g, &st).as_deref(), expected, "seed {seed}");
        seen[match expected {
            Some("black") => 0,
            Some("white") => 1,
            _ => 2,
        }] += 1;
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

#[test]
fn equi_boards_have_ludiis_graphs() {
    // Cells, edges and the degree histogram of each board, as counted from
    // Ludii's own neighbour lists for these boards (hex3-4, hex5-6, hex4,
    // the 5 omni and 5 orthogonal squares) and by formula for the others.
    type Case = (&'static str, usize, usize, &'static [(usize, usize)]);
    let cases: &[Case] = &[
        ("hex3-4", 27, 63, &[(3, 6), (4, 9), (6, 12)]),
        ("hex5-6", 75, 195, &[(3, 6), (4, 21), (6, 48)]),
        ("hex7-8", 147, 399, &[(3, 6), (4, 33), (6, 108)]),
        ("hex4", 37, 90, &[(3, 6), (4, 12), (6, 19)]),
        ("hex7", 127, 342, &[(3, 6), (4, 30), (6, 91)]),
        ("square5", 25, 40, &[(2, 4), (3, 12), (4, 9)]),
        ("omni4", 25, 72, &[(3, 4), (5, 8), (6, 4), (7, 4), (8, 5)]),
        (
            "omni5",
            41,
            128,
            &[(3, 4), (5, 12), (6, 4), (7, 8), (8, 13)],
        ),
    ];
    for (board, cells, edges, degrees) in cases {
        let g = game("games/equi.gdl", &[&format!("board={board}")]);
        let b = g.board();
        assert_eq!(b.len(), *cells, "{board} cells");
        assert_eq!(b.graph().edge_count(), *edges, "{board} edges");
        assert_eq!(b.degree_histogram(), degrees.to_vec(), "{board} degrees");
    }
}

/// The score of each player under the stuck rule's first key (`most score`).
fn stuck_scores(g: &Game, st: &State) -> Vec<f64> {
    let score = match g.rules.stuck.first().map(|(_, o)| o) {
        Some(gdl::rules::Outcome::Compare(keys)) => keys[0].1.clone(),
        other => panic!("{other:?}"),
    };
    (0..g.rules.players.len())
        .map(|p| g.evaluate(&mut st.clone(), &score, Player::new(p)))
        .collect()
}

#[test]
fn equi_a_turn_that_cannot_be_completed_ends_the_game() {
    // Issue 12, found by replaying Ludii's random games: White's forced
    // jump d1-d3 leaves no legal placement (d1, e1, c4 and c5 are
    // unbalanced, and a Disc on any of them could be jumped at once), so
    // White is stuck mid-turn. Ludii ends the game there: Black wins, -13
    // to -16, counted on the board with the jump's conversions.
    let g = game("games/equi.gdl", &["discs=safe", "corner-rule=off"]);
    let moves = "e2 f1 disc-safe:d4 f1-d3 d3-d5 add-territory:b3 b4 add-territory:a4 \
        b4-b2 f2 e3 f2-d2 e1 disc-safe:a6 d2-c3 c2 a6-b5 d2 disc-safe:b4 d2-f2 b6 \
        c3-c1 d1 a3 f3 a3-c3 c3-a5 a5-a3 a6 f3-d3 d3-f1 f1-f3 f1 d3 d1-d2 \
        add-territory:e4 d3-d1 a5 e1-c3 c6 d1-d3";
    let before = moves.rsplit_once(' ').expect("several moves").0;
    let st = after(&g, before);
    assert_eq!(g.rules.players[st.mover.index()], "white");
    assert_eq!(legal(&g, &st), set(&["d1-d3"]), "the jump is forced");
    let st = after(&g, moves);
    assert!(st.is_over(), "White cannot place: {:?}", legal(&g, &st));
    assert_eq!(piece(&g, &st, "d3"), "white disc", "the jump stands");
    assert_eq!(stuck_scores(&g, &st), vec![-13.0, -16.0]);
    assert_eq!(winner(&g, &st).as_deref(), Some("black"));
}

#[test]
fn equi_a_friendly_jump_into_a_dead_end_is_legal_but_ends_the_game() {
    // The rules say "the player must then place a piece": a friendly jump
    // after which no placement is possible is still offered (the jump is
    // optional and legal), but it leaves the mover stuck mid-turn. Found by
    // random playouts: the Disc on c3 jumps its own d3 to e3, after which
    // no cell is balanced for a territory piece and each empty cell is
    // unsafe for a Disc.
    let g = equi(&["discs=safe", "corner-rule=off"]);
    let moves = "b3 disc-safe:d4 add-territory:a1 disc-safe:c2 d5 disc-safe:b2 d5-d3 \
        disc-safe:e5 b2-b4 e3 d3-d5 b1 disc-safe:d1 disc-safe:c4 c2-c1 disc-safe:d3 c4-a4 \
        add-territory:b2 d1-e1 d1 e5-c5 disc-safe:a3 c3 add-territory:e4 e3-e5 d2 b5 \
        e1-e2 c2 a5 c2-a2 e1 c2 c3-e3";
    let (before, jump) = moves.rsplit_once(' ').expect("several moves");
    let st = after(&g, before);
    assert_eq!(g.rules.players[st.mover.index()], "white");
    let offered = legal(&g, &st);
    assert!(offered.contains(jump) && offered.len() > 1, "{offered:?}");
    let st = after(&g, moves);
    assert!(
        st.is_over(),
        "no placement after the jump: {:?}",
        legal(&g, &st)
    );
    assert_eq!(piece(&g, &st, "c3"), "", "the jump stands");
    assert_eq!(stuck_scores(&g, &st), vec![-17.0, -20.0]);
    assert_eq!(winner(&g, &st).as_deref(), Some("black"));
}
