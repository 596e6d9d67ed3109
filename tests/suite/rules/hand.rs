//! Pieces in hand (`reserve`, `in-hand`), the `move` action, the `place` and
//! `move` effects, and links that carry a direction, on small games
//! written here.

use super::*;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The piece on a cell as `player kind`.
fn piece(g: &Game, st: &State, label: &str) -> String {
    let c = g.board().cell_by_label(label).expect("a cell");
    match g.piece_at(st, c) {
        None => String::new(),
        Some(p) => format!(
            "{} {}",
            g.rules.players[p.owner.expect("an owner").index()],
            g.rules.pieces[p.kind.index()]
        ),
    }
}

fn in_hand(g: &Game, st: &State, player: usize) -> u16 {
    st.in_hand(player, 0, g.rules.pieces.len())
}

#[test]
fn placing_takes_from_the_reserve_and_stops_when_it_is_empty() {
    let g = compile(
        "game H\nboard square(3)\nplayers x, o\npieces stone\nreserve: x stone = 1, o stone = 2\n\
         turn: place stone at empty | pass\nend if in-hand(stone) + in-hand(stone, opponent) = 5: draw\n",
    );
    let st = after(&g, "a1");
    assert_eq!((in_hand(&g, &st, 0), in_hand(&g, &st, 1)), (0, 2));
    // o still has stones; x has none left, so only passes.
    assert_eq!(legal(&g, &st).len(), 8 + 1);
    let st = after(&g, "a1 b1");
    assert_eq!(legal(&g, &st), set(&["pass"]));
}

#[test]
fn the_reserve_is_part_of_the_position() {
    // The same empty board, turn and mover; only the hands differ.
    let g = compile(
        "game H\nboard square(3)\nplayers x, o\npieces stone\nreserve: stone = 2\n\
         turn: place stone at empty | remove occupied\nend if count(all) = 0: draw\n",
    );
    let a = after(&g, "a1 b1 b1 a1");
    let b = after(&g, "a1 a1 b1 b1");
    assert_eq!((in_hand(&g, &a, 0), in_hand(&g, &a, 1)), (1, 1));
    assert_eq!((in_hand(&g, &b, 0), in_hand(&g, &b, 1)), (0, 2));
    assert_ne!(a.hash(), b.hash());
}

#[test]
fn the_place_effect_uses_the_reserve_while_it_lasts() {
    let g = compile(
        "game H\nboard square(4)\nplayers x, o\npieces king, rook\nreserve: x rook = 1, o rook = 2\n\
         turn: place king at top then place rook at neighbors(here)\nend if count(own) > 20: draw\n",
    );
    // c4's neighbours are b4, d4 and c3: x's one rook goes to the first.
    let st = after(&g, "c4");
    assert_eq!(piece(&g, &st, "b4"), "x rook");
    assert_eq!(piece(&g, &st, "c3"), "");
    assert_eq!(in_hand(&g, &st, 0), 0);
    // o's a4: b4 is taken, a3 gets a rook; one is left in hand.
    let st = after(&g, "c4 a4");
    assert_eq!(piece(&g, &st, "a3"), "o rook");
    assert_eq!(st.in_hand(1, 1, 2), 1);
}

#[test]
fn a_move_effect_brings_the_rook_when_the_king_castles() {
    let g = compile(
        "game C\nboard square(8)\nplayers white, black\npieces king, rook\n\
         setup: white king at cells(e1), white rook at cells(h1), black king at cells(e8)\n\
         action castle = leap own and king and cells(e1) (2, 0) toward e to empty\n  then move cells(h1) to cells(f1)\n\
         turn: castle | step own to empty\nend if count(enemy) = 0: mover wins\n",
    );
    let st = after(&g, "e1-g1");
    assert_eq!(piece(&g, &st, "g1"), "white king");
    assert_eq!(piece(&g, &st, "f1"), "white rook");
    assert_eq!(piece(&g, &st, "h1"), "");
}

#[test]
fn a_move_action_goes_to_any_cell_of_its_set() {
    let g = compile(
        "game M\nboard square(3)\nplayers x, o\npieces stone\nsetup: x stone at cells(a1)\n\
         turn: move own to empty or enemy\nend if count(enemy) = 0: mover wins\n",
    );
    let st = g.start();
    let all: Vec<String> = ["b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
        .iter()
        .map(|t| format!("a1-{t}"))
        .collect();
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    assert_eq!(legal(&g, &st), set(&all));
    let st = after(&g, "a1-c3");
    assert_eq!(piece(&g, &st, "c3"), "x stone");
}

#[test]
fn steps_and_lines_follow_links_across_gaps() {
    // Row 1 of a 5x2 board with b1..d1 deleted and a1 linked to e1: a
    // step goes along the link, and a line of two runs across it.
    let g = compile(
        "game L\nboard square(5, 2) without b1, c1, d1 link a1 e1\nplayers x, o\npieces stone\n\
         setup: x stone at cells(a1), o stone at cells(a2)\n\
         turn: step own e to empty\nend if count(lines(own, 2) and row(1)) = 2: mover wins\n",
    );
    let st = g.start();
    assert_eq!(legal(&g, &st), set(&["a1-e1"]));
    let g = compile(
        "game L\nboard square(5, 2) without b1, c1, d1 link a1 e1\nplayers x, o\npieces stone\n\
         turn: place stone at empty\nend if count(lines(own, 2)) = 2: mover wins\n",
    );
    let st = after(&g, "a1 a2 e1");
    assert_eq!(winner(&g, &st).as_deref(), Some("x"));
}

#[test]
fn a_step_without_directions_also_takes_links_that_have_none() {
    // a1 - c3 is a diagonal link on an orthogonal board: no direction.
    let src = |dirs: &str| {
        format!(
            "game L\nboard square(3) link a1 c3\nplayers x, o\npieces stone\n\
             setup: x stone at cells(a1)\nturn: step own {dirs} to empty\nend if count(own) = 0: draw\n"
        )
    };
    let g = compile(&src(""));
    assert_eq!(legal(&g, &g.start()), set(&["a1-a2", "a1-b1", "a1-c3"]));
    let st = after(&g, "a1-c3");
    assert_eq!(piece(&g, &st, "c3"), "x stone");
    let g = compile(&src("orthogonal"));
    assert_eq!(legal(&g, &g.start()), set(&["a1-a2", "a1-b1"]));
}
