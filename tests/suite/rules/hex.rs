//! Hex rules, played out on the shipped game file.

use super::*;

#[test]
fn hex_connects_own_sides_only() {
    let g = game("games/hex.gdl", &["size=3", "swap=off"]);
    // Black a1 a2 a3 runs down the left side: top to bottom, a Black win.
    let st = after(&g, "a1 b1 a2 b2 a3");
    assert_eq!(winner(&g, &st).as_deref(), Some("black"));
    // White's b1 b2 b3 column also runs top to bottom: no White win.
    let st = after(&g, "c1 b1 c3 b2 a3 b3");
    assert_eq!(winner(&g, &st), None);
    // White a2 b2 c2 joins left and right.
    let st = after(&g, "a1 a2 b1 b2 a3 c2");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
}

#[test]
fn hex_cells_touch_along_the_short_diagonal_only() {
    let g = game("games/hex.gdl", &["size=3", "swap=off"]);
    // c1 and a3 are not adjacent... but b2 joins c1 (its ne) and a3 (its sw).
    let st = after(&g, "c1 a1 a3 b1");
    assert_eq!(winner(&g, &st), None);
    let st = after(&g, "c1 a1 a3 b1 b2");
    assert_eq!(winner(&g, &st).as_deref(), Some("black"));
    // a1 and b2 are not adjacent (long diagonal): no connection.
    let st = after(&g, "a1 b1 b2 c1 c3");
    assert_eq!(winner(&g, &st), None);
}
