//! The group tracker against floods, on a board with many links.

use super::*;

#[test]
fn groups_count_every_neighbour_of_a_cell_with_many_links() {
    // Issue 7: a1 linked to 17 cells, pairwise not adjacent (all of a1's
    // colour on a chessboard). The group tracker kept at most 16 neighbours
    // of a new piece, so `largest(own)` never saw a1 join all 17, while a
    // flood (`largest(stone)`) did.
    let linked = "b2 c1 a3 b4 c3 d2 e1 a5 b6 c5 d4 e3 f2 g1 a7 b8 c7";
    let links: Vec<String> = linked.split(' ').map(|c| format!("a1 {c}")).collect();
    let others = "i9 h9 g9 f9 e9 d9 c9 b9 a9 i8 h8 g8 f8 e8 d8 c8 a8";
    let mut moves: Vec<&str> = Vec::new();
    for (x, o) in linked.split(' ').zip(others.split(' ')) {
        moves.extend([x, o]);
    }
    moves.push("a1");
    for set in ["own", "stone"] {
        let src = format!(
            "game Links
            board square(9) link {}
            players x, o
            pieces stone
            turn: place stone at empty
            end if largest({set}) >= 18: mover wins",
            links.join(", ")
        );
        let g =
            gdl::load_source(&src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let a1 = g.board().cell_by_label("a1").expect("a1");
        assert_eq!(g.board().neighbors(a1).len(), 19);
        let before = after(&g, &moves[..moves.len() - 1].join(" "));
        assert!(!before.is_over(), "largest({set})");
        let st = after(&g, &moves.join(" "));
        assert_eq!(winner(&g, &st).as_deref(), Some("x"), "largest({set})");
    }
}
