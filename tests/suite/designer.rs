//! The designer's commands through the binary: `gdl test` (cases and
//! snapshots), `gdl play --record` / `--resume` and `gdl replay`, and
//! `gdl show --svg`.

use crate::common::{gdl, gdl_with_input};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gdl-designer-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn test_passes_on_the_shipped_games_and_fails_after_a_rule_change() {
    let run = gdl(&["test", "games"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout
            .lines()
            .last()
            .unwrap()
            .ends_with(" passed, 0 failed"),
        "{run:?}"
    );

    let dir = temp("test");
    for ext in ["gdl", "tests", "snapshot"] {
        std::fs::copy(format!("games/hex.{ext}"), dir.join(format!("hex.{ext}"))).unwrap();
    }
    let game = dir.join("hex.gdl");
    // One word: Black now joins left and right instead of top and bottom.
    let text = std::fs::read_to_string(&game).unwrap();
    let changed = text.replacen("black = top", "black = left", 1);
    assert_ne!(text, changed, "the region line moved");
    std::fs::write(&game, changed).unwrap();
    let run = gdl(&["test", game.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{run:?}");
    assert!(run.stdout.contains("FAILED  "), "{run:?}");
    assert!(run.stdout.contains("--- stored"), "a diff: {run:?}");
    assert!(run.stdout.contains("hex.tests:10"), "{run:?}");
    assert!(run.stderr.contains("checks failed"), "{run:?}");
    let accept = gdl(&["test", game.to_str().unwrap(), "--accept"]);
    // The snapshot is accepted; the cases still fail: they say what the
    // designer expects, and only they can change them.
    assert_eq!(accept.code, 1, "{accept:?}");
    assert!(accept.stdout.contains("ok      "), "{accept:?}");
    assert!(!accept.stdout.contains("snapshot changed"), "{accept:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_recorded_game_replays_and_resumes() {
    let dir = temp("record");
    let rec = dir.join("game.rec");
    let r = rec.to_str().unwrap();
    let run = gdl_with_input(
        &[
            "play",
            "games/tictactoe.gdl",
            "--record",
            r,
            "--o",
            "random",
        ],
        "b2\nquit\n",
    );
    assert_eq!(run.code, 0, "{run:?}");
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        text.starts_with("# gdl record\ngame: Tic-tac-toe\n"),
        "{text}"
    );
    assert!(text.contains("turn 1: b2\nturn 2: "), "{text}");
    assert!(!text.contains("result:"), "not over yet: {text}");

    let resumed = gdl_with_input(
        &[
            "play",
            "games/tictactoe.gdl",
            "--resume",
            r,
            "--o",
            "random",
        ],
        "moves\nquit\n",
    );
    assert_eq!(resumed.code, 0, "{resumed:?}");
    assert!(
        resumed.stdout.contains("turn 3, ply 3: x to move"),
        "{resumed:?}"
    );

    let shown = gdl(&["replay", r]);
    assert_eq!(shown.code, 0, "{shown:?}");
    assert!(shown.stdout.contains(" X "), "{shown:?}");
    let first = gdl(&["replay", r, "--ply", "1", "--svg"]);
    assert!(first.stdout.starts_with("<svg"), "{first:?}");
    assert_eq!(
        first.stdout.matches("class=\"piece\"").count(),
        1,
        "{first:?}"
    );

    // A damaged record is refused at its line.
    std::fs::write(&rec, text.replace("turn 1: b2", "turn 1: z9")).unwrap();
    let bad = gdl(&["replay", r]);
    assert_eq!(bad.code, 2, "{bad:?}");
    assert!(bad.stderr.contains("game.rec:line 8: turn 1:"), "{bad:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn show_draws_the_position_as_svg() {
    let run = gdl(&[
        "show",
        "games/hex.gdl",
        "-o",
        "size=4",
        "--moves",
        "b2 c3",
        "--svg",
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.starts_with("<svg") && run.stdout.ends_with("</svg>\n"),
        "{run:?}"
    );
    assert_eq!(run.stdout.matches("class=\"cell\"").count(), 16);
    assert_eq!(run.stdout.matches("class=\"piece\"").count(), 2);
    assert_eq!(run.stdout.matches("class=\"last\"").count(), 1);
}
