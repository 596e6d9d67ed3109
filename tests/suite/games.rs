//! The shipped games' own tests, through the code of `gdl test`: each
//! game's cases (`games/NAME.tests`) and its snapshot document
//! (`games/NAME.snapshot`: options, board, start, perft, a seeded random
//! game). Review every change of a snapshot against the rules; accept it
//! with `gdl test games --accept`.

use std::path::{Path, PathBuf};

use gdl::verify::{self, Settings, Verdict};

fn games() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    verify::game_files(&[dir]).expect("the games folder")
}

#[test]
fn every_shipped_game_passes_its_cases_and_snapshot() {
    let settings = Settings {
        accept: false,
        // A missing snapshot fails here, CI or not: shipped games have one.
        ci: true,
    };
    let mut failures = Vec::new();
    let mut checks = 0;
    for game in games() {
        assert!(
            verify::beside(&game, "tests").exists(),
            "{} has no .tests file beside it",
            game.display()
        );
        for o in verify::check_game(&game, settings) {
            checks += 1;
            if o.verdict != Verdict::Passed {
                failures.push(format!("{}: {}: {:?}", game.display(), o.what, o.verdict));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(checks >= 6, "only {checks} checks ran");
}

/// A one-word change of a rule in a copy of a game shows in its snapshot,
/// as a diff, and fails the run; accepting it makes the next run pass.
#[test]
fn a_rule_change_shows_in_the_snapshot_diff() {
    let dir = std::env::temp_dir().join(format!("gdl-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let game = dir.join("pinch.gdl");
    for ext in ["gdl", "tests", "snapshot"] {
        std::fs::copy(
            root.join(format!("pinch.{ext}")),
            dir.join(format!("pinch.{ext}")),
        )
        .expect("copied");
    }
    let same = verify::check_game(&game, Settings::default());
    assert!(
        same.iter().all(|o| o.verdict == Verdict::Passed),
        "{same:?}"
    );

    // The pinch angle: 90 degrees becomes 180 (stones on opposite sides).
    let text = std::fs::read_to_string(&game).expect("read");
    let changed = text.replace("rotate(d, 90)", "rotate(d, 180)");
    assert_ne!(text, changed);
    std::fs::write(&game, changed).expect("written");
    let out = verify::check_game(&game, Settings::default());
    let snapshot = out.last().expect("the snapshot check");
    let Verdict::Failed(why) = &snapshot.verdict else {
        panic!("the change went unnoticed: {out:?}");
    };
    assert!(
        why.contains("--- stored") && why.contains("+++ now"),
        "{why}"
    );
    assert!(
        why.lines()
            .any(|l| l.starts_with('-') && l.contains("result:")),
        "{why}"
    );
    assert!(
        dir.join("pinch.snapshot.new").exists(),
        "a pending file to review"
    );

    let accepted = verify::check_game(
        &game,
        Settings {
            accept: true,
            ci: false,
        },
    );
    assert!(
        accepted.iter().all(|o| o.verdict == Verdict::Passed),
        "{accepted:?}"
    );
    assert!(!dir.join("pinch.snapshot.new").exists());
    let again = verify::check_game(&game, Settings::default());
    assert!(
        again.iter().all(|o| o.verdict == Verdict::Passed),
        "{again:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A case that expects the wrong thing fails with the line of the
/// expectation and what the game says instead; a game without a snapshot
/// gets one written as pending, which fails in CI.
#[test]
fn failing_cases_and_missing_snapshots() {
    let dir = std::env::temp_dir().join(format!("gdl-verify-cases-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let game = dir.join("ttt.gdl");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("games/tictactoe.gdl"),
        &game,
    )
    .expect("copied");
    std::fs::write(
        dir.join("ttt.tests"),
        "case \"right\"\n  moves: a1 a2 b1 b2 c1\n  result: x wins\n  illegal: b2\n\n\
         case \"wrong\"\n  moves: b2\n  legal: a1\n  result: o wins\n  perft: 8 99\n",
    )
    .expect("written");
    let ci = Settings {
        accept: false,
        ci: true,
    };
    let out = verify::check_game(&game, ci);
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(out[0].verdict, Verdict::Passed, "{out:?}");
    let Verdict::Failed(why) = &out[1].verdict else {
        panic!("{out:?}");
    };
    assert!(why.contains("ttt.tests:8: legal actions differ"), "{why}");
    assert!(
        why.contains("ttt.tests:9: result: expected `o wins`, the game says `not over`"),
        "{why}"
    );
    assert!(
        why.contains("ttt.tests:10: perft: expected [8, 99], counted [8, 56]"),
        "{why}"
    );
    assert!(
        matches!(&out[2].verdict, Verdict::Failed(w) if w.contains("no snapshot")),
        "{out:?}"
    );
    let local = verify::check_game(&game, Settings::default());
    assert!(
        matches!(&local[2].verdict, Verdict::Pending(_)),
        "{local:?}"
    );
    assert!(dir.join("ttt.snapshot.new").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
