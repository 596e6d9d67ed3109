//! `gdl uci`: the UCI handshake, positions with moves, `go` and its
//! limits, promotion letters, errors; and long algebraic notation read
//! wherever actions are read.

use gdl::notation;

use crate::common::{game, gdl, gdl_with_input};

/// The `bestmove` lines of a session, in order.
fn bestmoves(stdout: &str) -> Vec<&str> {
    (stdout.lines())
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect()
}

#[test]
fn handshake_and_a_bounded_search() {
    let run = gdl_with_input(
        &["uci", "games/chess.gdl"],
        // No `quit`: it would stop the search at once.
        "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo nodes 20\n",
    );
    assert_eq!(run.code, 0, "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "id name gdl Chess",
            "id author the gdl authors",
            "uciok",
            "readyok"
        ]
    );
    assert!(run.stdout.contains("info nodes 20 "), "{run:?}");
    let best = bestmoves(&run.stdout);
    assert_eq!(best.len(), 1, "{run:?}");
    // White's moves after 1. e4 e5, written as UCI writes them.
    let g = game("games/chess.gdl", &[]);
    let mut st = g.start();
    for m in ["e2-e4", "e7-e5"] {
        notation::play_word(&g, &mut st, &mut Vec::new(), m, &mut Vec::new()).unwrap();
    }
    let legal: Vec<String> = (notation::list_turns(&g, &st).unwrap().iter())
        .map(|t| notation::long_algebraic(&g, &st, t).unwrap())
        .collect();
    assert!(
        legal.iter().any(|m| m == best[0]),
        "{best:?} among {legal:?}"
    );
}

#[test]
fn searches_with_nodes_repeat_and_find_mate_in_one() {
    // Scholar's mate is on: Qh5xf7.
    let session = "position startpos moves e2e4 e7e5 f1c4 b8c6 d1h5 g8f6\ngo nodes 1500\n";
    let one = gdl_with_input(&["uci", "games/chess.gdl", "--seed", "3"], session);
    let two = gdl_with_input(&["uci", "games/chess.gdl", "--seed", "3"], session);
    assert_eq!(bestmoves(&one.stdout), ["h5f7"], "{one:?}");
    assert_eq!(bestmoves(&one.stdout), bestmoves(&two.stdout));
}

#[test]
fn promotions_carry_the_kinds_letter() {
    // The king on a1 cannot move: only the pawn can, and it promotes.
    let run = gdl_with_input(
        &["uci", "games/chess.gdl"],
        "position fen 8/4P3/8/8/8/1q6/2k5/K7 w - - 0 1\ngo nodes 40\n\
         position fen 8/4P3/8/8/8/1q6/2k5/K7 w - - 0 1 moves e7e8n\ngo nodes 40\n",
    );
    let best = bestmoves(&run.stdout);
    assert_eq!(best.len(), 2, "{run:?}");
    assert!(
        ["e7e8q", "e7e8r", "e7e8b", "e7e8n"].contains(&best[0]),
        "{best:?}"
    );
    // After e7e8n it is Black's move: one of its king's or queen's.
    assert!(
        best[1].starts_with("c2") || best[1].starts_with("b3"),
        "{best:?}"
    );
}

#[test]
fn clocks_infinite_stop_and_the_end() {
    let run = gdl_with_input(
        &["uci", "games/chess.gdl"],
        "position startpos\ngo wtime 2000 btime 2000 winc 0 binc 0\n\
         go infinite\nisready\nstop\n\
         position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo nodes 10\nquit\n",
    );
    assert_eq!(run.code, 0, "{run:?}");
    let best = bestmoves(&run.stdout);
    assert_eq!(best.len(), 3, "{run:?}");
    // Black is stalemated: no move.
    assert_eq!(best[2], "(none)");
    // `isready` is answered while the infinite search runs.
    let ready = run.stdout.find("readyok").expect("readyok");
    let second = run.stdout.match_indices("bestmove").nth(1).unwrap().0;
    assert!(ready < second, "{run:?}");
}

#[test]
fn bad_commands_are_reported_and_the_position_kept() {
    let run = gdl_with_input(
        &["uci", "games/chess.gdl"],
        "position startpos moves e2e4\nposition startpos moves e2e5\n\
         position fen 8/8/8/8 w\nposition sideways\nhello\ngo nodes 5\n",
    );
    assert_eq!(run.code, 0, "{run:?}");
    let infos: Vec<&str> = (run.stdout.lines())
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(infos.len(), 4, "{run:?}");
    assert!(infos[0].contains("move 1 (`e2e5`)"), "{infos:?}");
    assert!(infos[1].contains("in the position"), "{infos:?}");
    assert!(infos[2].contains("position startpos"), "{infos:?}");
    assert!(infos[3].contains("unknown command `hello`"), "{infos:?}");
    // The position is still the one after e2e4: Black moves.
    let best = bestmoves(&run.stdout);
    assert!(best[0].ends_with('6') || best[0].ends_with('5'), "{best:?}");
}

#[test]
fn a_game_file_that_does_not_load_fails_at_once() {
    let run = gdl(&["uci", "no-such-game.gdl"]);
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains("no-such-game.gdl"), "{run:?}");
}

#[test]
fn long_algebraic_is_read_where_moves_are_read() {
    let long = gdl(&["moves", "games/chess.gdl", "--moves", "e2e4 e7e5 g1f3"]);
    let plain = gdl(&["moves", "games/chess.gdl", "--moves", "e2-e4 e7-e5 g1-f3"]);
    assert_eq!(long.code, 0, "{long:?}");
    assert_eq!(long.stdout, plain.stdout);
    let promoted = gdl(&[
        "show",
        "games/chess.gdl",
        "--position",
        "8/4P3/8/8/8/1q6/2k5/K7 w - - 0 1",
        "--moves",
        "e7e8n",
    ]);
    assert!(
        promoted.stdout.contains(" 8 . . . . N . . . 8"),
        "{promoted:?}"
    );
    // Castling is the king's move.
    let castled = gdl(&[
        "show",
        "games/chess.gdl",
        "--moves",
        "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1",
    ]);
    assert!(
        castled.stdout.contains(" 1 R N B Q . R K . 1"),
        "{castled:?}"
    );
    // A word no legal turn writes so is refused as before.
    let bad = gdl(&["moves", "games/chess.gdl", "--moves", "e2e5"]);
    assert_ne!(bad.code, 0);
    assert!(bad.stderr.contains("`e2e5`"), "{bad:?}");
}

#[test]
fn turns_that_are_not_one_move_have_no_long_form() {
    let g = game("games/amazons.gdl", &[]);
    assert_eq!(notation::long_algebraic(&g, &g.start(), "d1-d7/g7"), None);
    // A placement not from the hand is no drop.
    let g = game("games/tictactoe.gdl", &[]);
    assert_eq!(notation::long_algebraic(&g, &g.start(), "b2"), None);
    let g = game("games/chess.gdl", &[]);
    assert_eq!(
        notation::long_algebraic(&g, &g.start(), "e7-e8/promotion=queen").as_deref(),
        Some("e7e8q")
    );
    assert_eq!(
        notation::long_algebraic(&g, &g.start(), "castle-short:e1-g1").as_deref(),
        Some("e1g1")
    );
}

#[test]
fn san_is_read_where_moves_are_read() {
    // Morphy's Opera game (Paris, 1858), as players write it.
    let opera = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 \
                 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 \
                 Qb8+ Nxb8 Rd8#";
    let run = gdl(&["show", "games/chess.gdl", "--moves", opera]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains("game over after 33 plies: white wins"),
        "{run:?}"
    );
    assert!(run.stdout.contains(" 1 . . K . . . . . 1"), "{run:?}");
    // A capture that promotes, and `0-0` for castling.
    let run = gdl(&[
        "show",
        "games/chess.gdl",
        "--position",
        "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "--moves",
        "bxa8=N 0-0",
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains(" 8 N . . . . r k . 8"), "{run:?}");
    // Two knights can reach e2: the column tells them apart.
    let before = "e4 e5 Nf3 Nc6 Nc3 Nf6 Ng5 d6 Nh3 Be7 Ng1 O-O";
    let run = gdl(&[
        "show",
        "games/chess.gdl",
        "--moves",
        &format!("{before} Ne2"),
    ]);
    assert_ne!(run.code, 0);
    assert!(
        run.stderr.contains("`Ne2` could mean c3-e2 or g1-e2"),
        "{run:?}"
    );
    let run = gdl(&[
        "show",
        "games/chess.gdl",
        "--moves",
        &format!("{before} Nce2"),
    ]);
    assert!(run.stdout.contains(" 2 P P P P N P P P 2"), "{run:?}");
}

#[test]
fn usi_speaks_shogi_s_words() {
    let run = gdl_with_input(
        &["usi", "games/shogi.gdl"],
        // A fen is UCI's word: refused, and the position stays as it was.
        "usi\nisready\nusinewgame\nposition fen 4k4/9/9/9/9/9/9/9/4K4 b - 1\n\
         position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves 5i4h 5a4b\n\
         go btime 0 wtime 0 byoyomi 100\ngameover lose\n\
         position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*5e\ngo nodes 20\n",
    );
    assert_eq!(run.code, 0, "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "id name gdl Shogi",
            "id author the gdl authors",
            "usiok",
            "readyok"
        ]
    );
    assert!(
        run.stdout
            .contains("info string error: expected `position startpos` or `position sfen TEXT`"),
        "{run:?}"
    );
    let best = bestmoves(&run.stdout);
    assert_eq!(best.len(), 2, "{run:?}");
    // Each answer is one of the legal moves there, in USI's notation.
    let listed = |position: &str, moves: &str| {
        let mut args = vec![
            "moves",
            "games/shogi.gdl",
            "--notation",
            "usi",
            "--moves",
            moves,
        ];
        if !position.is_empty() {
            args.extend(["--position", position]);
        }
        gdl(&args).stdout
    };
    let first = listed("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "5i4h 5a4b");
    assert!(
        first.split_whitespace().any(|m| m == best[0]),
        "{first} {best:?}"
    );
    let second = listed("", "7g7f 3c3d 8h2b+ 3a2b B*5e");
    assert!(
        second.split_whitespace().any(|m| m == best[1]),
        "{second} {best:?}"
    );
    // The drops and promotions read are those written.
    assert!(
        second.contains("B*5b") && first.contains("5c5b+"),
        "{first} {second}"
    );
}
