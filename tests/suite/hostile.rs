//! Hostile input (issue 25): game files whose board uses itself, records,
//! rule tests, snapshots and shards that are damaged, endless or tampered
//! with, outputs that would overwrite work, and counts that could grow
//! without bound. Each must end in a clear message naming the file (and
//! line), with the documented exit code, never a panic, a hang or a check
//! that passes wrongly.

use std::path::{Path, PathBuf};

use crate::common::gdl;

/// A fresh folder for one test's files, removed first if a previous run
/// left it.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gdl-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn text(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

// ---------------------------------------------------------------- boards

#[test]
fn a_board_that_uses_itself_is_refused_at_its_place() {
    let dir = scratch("board");
    let game = dir.join("b.gdl");
    for (board, col) in [
        ("square(corners)", 14),
        ("square(row(1))", 14),
        ("square(dark)", 14),
        ("square(cells(a1))", 14),
        ("square(count(box(corners)))", 14),
        ("square(3, count(top))", 17),
        ("square(3) if count(corners) = 4", 20),
        ("square(3) if top", 20),
        ("hexhex(2) if some d: own at d", 20),
    ] {
        std::fs::write(
            &game,
            format!(
                "game b\nboard {board}\nplayers x, o\npieces stone\nturn: place stone at empty\n"
            ),
        )
        .expect("written");
        let r = gdl(&["check", text(&game)]);
        assert_eq!(r.code, 1, "board {board}: {r:?}");
        let place = format!("{}:2:{col}", game.display());
        assert!(
            r.stderr.contains(&place),
            "board {board}: no {place}: {r:?}"
        );
        assert!(
            r.stderr.contains("cannot use the board") || r.stderr.contains("only use options"),
            "board {board}: {r:?}"
        );
    }
}
