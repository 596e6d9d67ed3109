//! Lines drawn between cells (`lines`, `draw`, `KIND(S)`, `reach(SEED,
//! THROUGH, KIND)`), on small games written here; paper soccer's rules are
//! in `games/paper-soccer.tests`.

use super::*;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The lines of the first kind, as `a1-b1` (lower cell index first: the
/// upper row first on a square board).
fn lines(g: &Game, st: &State) -> Vec<String> {
    let b = g.board();
    g.lines_drawn(st, 0)
        .iter()
        .map(|&(x, y)| format!("{}-{}", b.label(x), b.label(y)))
        .collect()
}

/// A pawn walks between walls; each step leaves a wall behind it.
const WALLS: &str = "
game Walls
board square(3)
players white, black
pieces pawn
lines wall
setup: white pawn at cells(a1), black pawn at cells(c3), wall from column(a) to column(b)
turn: step own to empty and not wall(own) then draw wall from origin to here
end if stuck: mover loses
";

#[test]
fn a_wall_of_the_setup_stops_a_step_and_a_step_draws_one() {
    let g = compile(WALLS);
    let st = g.start();
    // a1-b1 is walled: only a2 is open to white's pawn.
    assert_eq!(lines(&g, &st), ["a3-b3", "a2-b2", "a1-b1"]);
    assert_eq!(legal(&g, &st), set(&["a1-a2"]));
    let st = after(&g, "a1-a2");
    assert_eq!(lines(&g, &st), ["a3-b3", "a2-b2", "a2-a1", "a1-b1"]);
    // Black is free; white, back on its move, can go neither back to a1
    // (the wall it drew) nor right (the setup's wall).
    let st = after(&g, "a1-a2 c3-c2");
    assert_eq!(legal(&g, &st), set(&["a2-a3"]));
}

/// White walls column a off (a pass that draws), and wins when the cells
/// its corner reaches without crossing a wall are that column.
const FENCE: &str = "
game Fence
board square(3)
players white, black
lines wall
turn 1: pass then draw wall from column(a) to column(b)
turn: pass
end if count(reach(cells(a1), all, wall)) = 3: white wins
end if turn > 4: draw
";

#[test]
fn reach_with_a_kind_of_line_does_not_cross_its_lines() {
    let g = compile(FENCE);
    let st = g.start();
    assert_eq!(winner(&g, &st), None);
    let st = after(&g, "pass");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
    // Without the kind, the flood crosses the walls.
    let g = compile(&FENCE.replace("all, wall)) = 3", "all)) = 3"));
    assert_eq!(winner(&g, &after(&g, "pass")), None);
}

#[test]
fn lines_are_part_of_the_position() {
    // The same game but for the walls drawn: the same start, and after the
    // pass the same pieces, turn and player, but not the same position.
    let walled = compile(FENCE);
    let open = compile(&FENCE.replace(" then draw wall from column(a) to column(b)", ""));
    assert_eq!(walled.start().hash(), open.start().hash());
    assert_ne!(after(&walled, "pass").hash(), after(&open, "pass").hash());
}

/// The action `draw`: a player draws one line at a time between
/// neighbours; whoever closes the square wins.
const SIDES: &str = "
game Sides
board square(2)
players white, black
pieces claim
marks first, last
lines side
setup: side from cells(a2) to cells(b2)
action stroke = draw side from all to all then mark first at origin then mark last at here
turn: stroke
end if count(side(cells(a1, b1))) = 4: mover wins
";

#[test]
fn a_draw_offers_each_line_not_drawn_once_and_names_its_ends() {
    let g = compile(SIDES);
    let st = g.start();
    // Four sides on a 2x2 board without diagonals; the setup drew a2-b2.
    // A line between two cells of both sets is offered from one end only,
    // the one listed first (the upper row first).
    assert_eq!(legal(&g, &st), set(&["a2-a1", "b2-b1", "a1-b1"]));
    let st = after(&g, "a2-a1");
    assert_eq!(legal(&g, &st), set(&["b2-b1", "a1-b1"]));
    assert_eq!(lines(&g, &st), ["a2-b2", "a2-a1"]);
    // Nothing moves: the ends are named by `origin` and `here`.
    let marked =
        |label: &str, m: usize| g.has_mark(&st, g.board().cell_by_label(label).unwrap(), m);
    assert!(marked("a2", 0) && marked("a1", 1) && !marked("a2", 1) && !marked("a1", 0));
    // The same line written from its other end is not an action.
    let mut other = st.clone();
    assert!(gdl::notation::play_moves(&g, &mut other, "a1-a2").is_err());
    let st = after(&g, "a2-a1 a1-b1");
    assert_eq!(legal(&g, &st), set(&["b2-b1"]));
    let st = after(&g, "a2-a1 a1-b1 b2-b1");
    assert_eq!(winner(&g, &st), Some("white".into()));
}

#[test]
fn a_draw_only_from_its_cells_to_its_cells() {
    let one_way = SIDES.replace(
        "draw side from all to all",
        "draw side from cells(a1) to all",
    );
    let g = compile(&one_way);
    assert_eq!(legal(&g, &g.start()), set(&["a1-a2", "a1-b1"]));
    // Each cell of FROM to each neighbour in TO: b1's lines go nowhere else.
    let g = compile(&SIDES.replace(
        "draw side from all to all",
        "draw side from cells(b1) to column(b)",
    ));
    assert_eq!(legal(&g, &g.start()), set(&["b1-b2"]));
}
