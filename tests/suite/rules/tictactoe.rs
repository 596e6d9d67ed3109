//! Tic-tac-toe rules, played out on the shipped game file.

use super::*;

#[test]
fn tictactoe_lines_and_draws() {
    let g = game("games/tictactoe.gdl", &[]);
    assert_eq!(
        winner(&g, &after(&g, "a1 a2 b2 a3 c3")).as_deref(),
        Some("x")
    );
    assert_eq!(
        winner(&g, &after(&g, "a1 b1 c1 b2 a3 b3")).as_deref(),
        Some("o")
    );
    // A full board without a line.
    let st = after(&g, "a3 b2 c3 b3 b1 a1 c1 c2 a2");
    assert_eq!(winner(&g, &st).as_deref(), Some("draw"));
    assert!(legal(&g, &st).is_empty());
    // No more actions after the end.
    let err = notation::play_moves(&g, &mut after(&g, "a1 a2 b2 a3 c3"), "b1").unwrap_err();
    assert!(err.to_string().contains("over"), "{err}");
}
