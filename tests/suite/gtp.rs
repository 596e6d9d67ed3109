//! `gdl gtp`: a GTP session as a Go GUI drives it: the handshake, board
//! size and komi as the game's options, moves in GTP's vertices (no `I`),
//! `genmove`, `undo`, errors.

use crate::common::gdl_with_input;

/// The answers of a session, each without its blank line.
fn answers(stdout: &str) -> Vec<String> {
    stdout
        .split("\n\n")
        .filter(|a| !a.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn a_session_plays_by_the_rules() {
    let session = "protocol_version\n7 name\nknown_command genmove\nknown_command resign\n\
                   boardsize 9\nkomi 6.5\nclear_board\nplay b D4\nplay w J9\n\
                   genmove b\nplay w pass\nundo\nshowboard\nquit\n";
    let run = gdl_with_input(&["gtp", "games/go.gdl", "--budget", "50"], session);
    assert_eq!(run.code, 0, "{run:?}");
    let a = answers(&run.stdout);
    assert_eq!(
        a[..8],
        ["= 2", "=7 gdl Go", "= true", "= false", "=", "=", "=", "="]
    );
    // J9 is gdl's i9: GTP's columns skip I.
    assert_eq!(a[8], "=");
    let genmove = a[9].strip_prefix("= ").expect("a vertex");
    assert!(
        genmove == "pass" || genmove.len() == 2 && !genmove.starts_with('I'),
        "{a:?}"
    );
    assert_eq!(a[10..12], ["=", "="]);
    // After the undo white's pass is gone: white (seat 2) is to move
    // again, with three stones on the board.
    assert!(a[12].contains(" 9 . . . . . . . . W 9"), "{a:?}");
    assert!(a[12].contains(" 4 . . . B . . . . . 4"), "{a:?}");
    assert!(a[12].contains("white to move"), "{a:?}");
    assert_eq!(a[13], "=");
}

#[test]
fn searches_with_iterations_repeat() {
    let session = "boardsize 7\nplay b D4\ngenmove w\ngenmove b\n";
    let one = gdl_with_input(
        &["gtp", "games/go.gdl", "--budget", "300", "--seed", "4"],
        session,
    );
    let two = gdl_with_input(
        &["gtp", "games/go.gdl", "--budget", "300", "--seed", "4"],
        session,
    );
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(answers(&one.stdout).len(), 4, "{one:?}");
}

#[test]
fn bad_commands_are_answered_with_errors() {
    let session = "boardsize 4\nkomi 3\nplay w D4\nplay b Z1\nplay b I3\nplay b D4\nplay b D4\n\
                   play green D4\nfrobnicate\nundo\nundo\nundo\n";
    let run = gdl_with_input(&["gtp", "games/go.gdl"], session);
    assert_eq!(run.code, 0, "{run:?}");
    let a = answers(&run.stdout);
    assert!(a[0].starts_with("? unacceptable size"), "{a:?}");
    assert!(a[0].contains("5..19"), "{a:?}");
    assert!(a[1].starts_with("? ") && a[1].contains("`3`"), "{a:?}");
    assert_eq!(a[2], "? it is black's move");
    assert_eq!(a[3], "? invalid coordinate");
    assert_eq!(a[4], "? invalid coordinate", "GTP has no column I");
    assert_eq!(a[5], "=");
    assert!(a[6].starts_with("? it is white's move"), "{a:?}");
    assert!(a[7].starts_with("? syntax error"), "{a:?}");
    assert_eq!(a[8], "? unknown command");
    assert_eq!(
        a[9..],
        [
            "=",
            "? cannot undo: no move played",
            "? cannot undo: no move played"
        ]
    );
}
