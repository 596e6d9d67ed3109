//! Region turns (`rotate R by A`): each turn is worked out from the board's
//! coordinates; here it is checked against the board graph itself. A turn
//! must move the region onto itself, carry neighbours to neighbours and
//! directions to the turned directions, and a full circle of turns must
//! bring every piece home.

use gdl::ids::Cell;
use gdl::rules::{ChoiceKind, RegionTurn};

use super::*;

fn turns_of(source: &str) -> (Game, Vec<RegionTurn>) {
    let g = gdl::load_source(source, "t.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    let turns = g
        .rules
        .choices
        .iter()
        .find_map(|c| match &c.kind {
            ChoiceKind::Rotate(t) => Some(t.clone()),
            _ => None,
        })
        .expect("a rotate choice");
    (g, turns)
}

/// The turn is a bijection of the region that keeps adjacency and turns
/// each direction by its angle.
fn check_turn(g: &Game, t: &RegionTurn) {
    let board = g.board();
    let map: std::collections::HashMap<usize, usize> = t
        .cells
        .iter()
        .map(|&(a, b)| (a as usize, b as usize))
        .collect();
    let images: BTreeSet<usize> = map.values().copied().collect();
    let cells: BTreeSet<usize> = map.keys().copied().collect();
    assert_eq!(
        images, cells,
        "{} by {}: not onto itself",
        t.region, t.angle
    );
    for (&a, &fa) in &map {
        for d in (0..board.ndirs()).map(gdl::board::Dir::new) {
            let Some(n) = board.neighbor(Cell::new(a), d) else {
                continue;
            };
            let Some(&fn_) = map.get(&n.index()) else {
                continue;
            };
            let turned = board.rotate(d, t.angle).expect("a direction of the board");
            assert_eq!(
                board.neighbor(Cell::new(fa), turned),
                Some(Cell::new(fn_)),
                "{} by {}: {} {} {} not carried along",
                t.region,
                t.angle,
                board.label(Cell::new(a)),
                d,
                board.label(n)
            );
        }
    }
}

#[test]
fn square_quadrants_turn_by_quarters() {
    let (g, turns) = turns_of(
        "game T board square(6) players x, o pieces stone
         region q = box(cells(d4, f6)) region mid = box(cells(b2, e5))
         turn: place stone at empty, rotate q, mid by 90, -90, 180",
    );
    assert_eq!(turns.len(), 6);
    for t in &turns {
        check_turn(&g, t);
    }
}

#[test]
fn hex_regions_turn_by_sixths_about_a_cell() {
    let (g, turns) = turns_of(
        "game T board hexhex(4) players x, o pieces stone
         region ring = neighbors(cells(d4)) or cells(d4)
         region board = all
         turn: place stone at empty, rotate ring, board by 60, 120, 180, -60, -120",
    );
    assert_eq!(turns.len(), 10);
    for t in &turns {
        check_turn(&g, t);
    }
}

#[test]
fn a_hex_triangle_turns_by_thirds_about_a_corner_point() {
    // Three cells around a point: a turn by 120 degrees, not by 60.
    let (g, turns) = turns_of(
        "game T board hexhex(3) players x, o pieces stone
         region tri = cells(c3, d3, c4)
         turn: place stone at empty, rotate tri by 120, -120",
    );
    for t in &turns {
        check_turn(&g, t);
    }
    let err = gdl::load_source(
        "game T board hexhex(3) players x, o pieces stone
         region tri = cells(c3, d3, c4)
         turn: place stone at empty, rotate tri by 60",
        "t.gdl",
        &[],
    )
    .map(drop)
    .unwrap_err();
    assert!(
        err.render().contains("does not turn onto itself"),
        "{}",
        err.render()
    );
}

#[test]
fn four_quarter_turns_bring_a_marble_home() {
    let g = game("games/pentago.gdl", &[]);
    // White's a1 turns with quadrant c four times: c1, c3, a3, then a1.
    let path = ["c1", "c3", "a3", "a1"];
    let moves = ["a1/c+90", "f6/c+90", "b2/c+90", "f5/c+90"];
    for k in 0..4 {
        let st = after(&g, &moves[..=k].join(" "));
        for (i, cell) in path.iter().enumerate() {
            let want = if i == k { "white" } else { "" };
            assert_eq!(at(&g, &st, cell), want, "after {} turns, {cell}", k + 1);
        }
    }
    // The centre of a quadrant and the other quadrants stay.
    let st = after(&g, &moves.join(" "));
    assert_eq!(at(&g, &st, "b2"), "white");
    assert_eq!(at(&g, &st, "f6"), "black");
    assert_eq!(at(&g, &st, "f5"), "black");
}
