//! Breakthrough's end rules on the shipped file, with a smaller start.

use super::*;

/// The shipped game with its `setup` line replaced.
fn with_setup(setup: &str) -> Game {
    let text = std::fs::read_to_string("games/breakthrough.gdl").expect("the game file");
    let line = text
        .lines()
        .find(|l| l.starts_with("setup:"))
        .expect("a setup line");
    let changed = text.replacen(line, setup, 1);
    gdl::load_source(&changed, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

#[test]
fn capturing_every_enemy_pawn_wins() {
    let g = with_setup("setup: white pawn at cells(a1, h1), black pawn at cells(b3)");
    // White steps next to the black pawn, which takes it; one white pawn
    // is left, so the game goes on.
    let st = after(&g, "a1-a2 b3-a2");
    assert_eq!(winner(&g, &st), None);
    // White takes the last black pawn: White wins, far from the far row.
    let g = with_setup("setup: white pawn at cells(a1), black pawn at cells(b3, h8)");
    let st = after(&g, "a1-a2 h8-h7 a2-b3");
    assert_eq!(winner(&g, &st), None, "h7 is still black");
    let g = with_setup("setup: white pawn at cells(a2), black pawn at cells(b3)");
    let st = after(&g, "a2-b3");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
    assert_eq!(at(&g, &st, "b3"), "white");
}

#[test]
fn symmetries_respect_the_setup_and_forward() {
    // The left-right mirror keeps everything; the half turn and the
    // top-bottom mirror exchange the players (their rows, their forward);
    // quarter turns and diagonal mirrors move the rows onto columns.
    let g = game("games/breakthrough.gdl", &[]);
    let found: Vec<(String, bool)> = gdl::analysis::symmetry::symmetries(&g.rules)
        .iter()
        .map(|s| (s.name.clone(), s.swaps_players()))
        .collect();
    assert_eq!(
        found,
        [
            ("identity".to_string(), false),
            ("rotation 180°".to_string(), true),
            ("reflection, axis 0°".to_string(), true),
            ("reflection, axis 90°".to_string(), false),
        ]
    );
    // Without the per-player forward and far rows, but with the setup:
    // an asymmetric start (one white pawn on a1) rules out the mirror.
    let g = with_setup(
        "setup: white pawn at row(1) or row(2) or cells(a3), black pawn at row(7) or row(8)",
    );
    assert!(
        gdl::analysis::symmetry::symmetries(&g.rules)
            .iter()
            .all(|s| s.name == "identity")
    );
}
