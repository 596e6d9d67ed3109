//! `shift`: a block (a cell and its neighbours) moved along a line, on
//! small games written here; Gess's rules are in `games/gess.tests`.

use super::*;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// Without diagonals a block is a cross of five cells. White's block
/// round c3 holds c3 and c4; a black stone waits on d6.
const CROSS: &str = "
game Cross
board square(7)
players white, black
pieces stone
setup: white stone at cells(c3, c4), black stone at cells(d6)
turn: shift own toward own to all
end if turn > 4: draw
";

#[test]
fn a_block_moves_toward_a_stone_of_its_rim_until_it_covers_another_stone() {
    let g = compile(CROSS);
    let st = g.start();
    // c3's block goes north toward c4, and stops on c6, where its eastern
    // cell covers d6; c4's block goes south toward c3, to the edge.
    assert_eq!(
        legal(&g, &st),
        set(&["c3-c4", "c3-c5", "c3-c6", "c4-c3", "c4-c2", "c4-c1"])
    );
    // On c6 the block's cells take what c3's held: d6 is taken.
    let st = after(&g, "c3-c6");
    assert_eq!(at(&g, &st, "c6"), "white");
    assert_eq!(at(&g, &st, "c7"), "white");
    for empty in ["c3", "c4", "c5", "d6"] {
        assert_eq!(at(&g, &st, empty), "", "{empty}");
    }
}

#[test]
fn what_a_block_carries_off_the_board_is_lost() {
    let g = compile(CROSS);
    // c4's block on c1: c3, its southern cell, would go below the board.
    let st = after(&g, "c4-c1");
    assert_eq!(at(&g, &st, "c1"), "white");
    assert_eq!(at(&g, &st, "c2"), "");
    let whites = ["a1", "b1", "c1", "d1", "e1", "c2", "c3", "c4"]
        .iter()
        .filter(|c| at(&g, &st, c) == "white")
        .count();
    assert_eq!(whites, 1);
}

#[test]
fn up_to_limits_the_distance_and_over_the_cells_crossed() {
    let g = compile(&CROSS.replace("toward own to all", "toward own up to 2 to all"));
    assert_eq!(
        legal(&g, &g.start()),
        set(&["c3-c4", "c3-c5", "c4-c3", "c4-c2"])
    );
    // With a white stone on b5, c3's block stops on c5, where it covers
    // b5; over any cell but an enemy's, it goes on to d6 as before.
    let crowded = CROSS.replace("cells(c3, c4)", "cells(c3, c4, b5)");
    let g = compile(&crowded);
    assert_eq!(
        legal(&g, &g.start()),
        set(&["c3-c4", "c3-c5", "c4-c3", "c4-c2", "c4-c1"])
    );
    let g = compile(&crowded.replace("toward own to all", "toward own over not enemy to all"));
    assert_eq!(
        legal(&g, &g.start()),
        set(&["c3-c4", "c3-c5", "c3-c6", "c4-c3", "c4-c2", "c4-c1"])
    );
    // Toward any cell: every direction of the board.
    let g = compile(&CROSS.replace("toward own to all", "up to 1 to all"));
    assert_eq!(
        legal(&g, &g.start()),
        set(&[
            "c3-c4", "c3-d3", "c3-c2", "c3-b3", "c4-c5", "c4-d4", "c4-c3", "c4-b4"
        ])
    );
}

/// With `captures to hand`, the pieces a block covers go to the mover's
/// hand; the pieces it carries, an enemy's included, do not.
#[test]
fn the_pieces_a_block_covers_go_to_the_hand_and_those_it_carries_do_not() {
    // b3, black's, is in c3's block and travels with it to b6.
    let source = CROSS
        .replace(
            "pieces stone\n",
            "pieces stone\nreserve: stone = 0\ncaptures to hand\n",
        )
        .replace("cells(d6)", "cells(d6, b3)");
    let g = compile(&source);
    let st = after(&g, "c3-c6");
    let kinds = g.rules.pieces.len();
    assert_eq!(st.in_hand(0, 0, kinds), 1, "d6, black's");
    assert_eq!(st.in_hand(1, 0, kinds), 0);
    assert_eq!(at(&g, &st, "b6"), "black");
}

/// On a hex board a block is seven cells; what it carries past the edge
/// is lost there too.
#[test]
fn a_hex_block_moves_along_its_six_directions() {
    let g = compile(
        "game H\nboard hexhex(3)\nplayers white, black\npieces stone\n\
         setup: white stone at cells(c3, d3)\n\
         turn: shift own toward own to all\nend if turn > 4: draw\n",
    );
    let st = g.start();
    assert_eq!(
        legal(&g, &st),
        set(&["c3-d3", "c3-e3", "d3-c3", "d3-b3", "d3-a3"])
    );
    // On e3, the edge: d3's stone, east of the centre, falls off.
    let st = after(&g, "c3-e3");
    let whites: Vec<String> = g
        .board()
        .cells()
        .filter(|&c| g.piece_at(&st, c).is_some())
        .map(|c| g.board().label(c).to_string())
        .collect();
    assert_eq!(whites, ["e3"]);
}
