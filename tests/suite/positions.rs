//! Positions as text (`position text`, `--position`, a test's `from:`):
//! reading what was written gives back the same position, along random
//! games of several shipped games; bad text is refused with its column.

use crate::common::{game, gdl};
use gdl::engine::{Action, Game, State};
use gdl::notation::{read_position, write_position};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// Plays random games; at the start of every turn, writes the position,
/// reads it back into a fresh state and checks that it writes the same
/// text and, when `same_moves`, offers the same actions.
fn round_trips(g: &Game, games: u64, same_moves: bool) -> usize {
    let mut checked = 0;
    for seed in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut st = g.start();
        let mut turn = 0;
        for _ in 0..300 {
            if st.is_over() {
                break;
            }
            if st.turn != turn {
                turn = st.turn;
                let text = write_position(g, &st);
                let read =
                    read_position(g, &text).unwrap_or_else(|e| panic!("{text}: {e} (seed {seed})"));
                let again = g.start_at(&read);
                assert_eq!(write_position(g, &again), text, "seed {seed}");
                if same_moves {
                    assert_eq!(legal(g, &again), legal(g, &st), "{text} (seed {seed})");
                }
                checked += 1;
            }
            let a = g
                .random_action(&st, &mut rng)
                .expect("a game not over has an action");
            g.play(&mut st, a).expect("a random action is legal");
        }
    }
    checked
}

fn legal(g: &Game, st: &State) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(st, &mut out);
    out.sort();
    out
}

#[test]
fn chess_positions_read_back_the_same_fen_and_moves() {
    let g = game("games/chess.gdl", &[]);
    assert!(round_trips(&g, 12, true) > 1000);
}

#[test]
fn games_without_a_position_text_read_back_their_board_and_mover() {
    // Breakthrough and Amazons keep nothing else; Amazons has neutral
    // arrows (capitals) beside the players' queens.
    for file in [
        "games/breakthrough.gdl",
        "games/amazons.gdl",
        "games/reversi.gdl",
    ] {
        let g = game(file, &[]);
        assert!(round_trips(&g, 4, true) > 40, "{file}");
    }
    // Go and draughts keep more (history, marks): the text still reads back.
    for file in ["games/draughts.gdl", "games/nine-mens-morris.gdl"] {
        let g = game(file, &[]);
        assert!(round_trips(&g, 4, false) > 40, "{file}");
    }
}

#[test]
fn the_default_text_is_the_board_and_the_mover_by_name() {
    let g = game("games/breakthrough.gdl", &["size=5"]);
    assert_eq!(
        write_position(&g, &g.start()),
        "ppppp/ppppp/5/PPPPP/PPPPP white"
    );
}

#[test]
fn show_prints_the_text_and_position_starts_there() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let run = gdl(&["show", "games/chess.gdl", "--position", fen]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains(&format!("position: {fen}\n")),
        "{run:?}"
    );
    let run = gdl(&["moves", "games/chess.gdl", "--position", fen]);
    assert_eq!(run.stdout.split_whitespace().count(), 48, "{run:?}");
    let run = gdl(&[
        "perft",
        "games/chess.gdl",
        "--turns",
        "-d",
        "2",
        "--position",
        fen,
    ]);
    assert!(run.stdout.contains("depth 2: 2039 nodes"), "{run:?}");
    // After moves from it, the text follows the game.
    let run = gdl(&[
        "show",
        "games/chess.gdl",
        "--position",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "--moves",
        "e2-e4",
    ]);
    assert!(
        run.stdout
            .contains("position: 4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1\n"),
        "{run:?}"
    );
}

#[test]
fn bad_text_is_refused_with_its_column() {
    let cases = [
        ("", "column 1: the position is empty"),
        ("8/8/8 w", "the board has 8 rows"),
        (
            "8/8/8/8/8/8/8/7 w",
            "column 15: row 8 from the top (`7`) has fewer than its 8 cells",
        ),
        (
            "9/8/8/8/8/8/8/8 w",
            "row 1 from the top (`9`) has more than its 8 cells",
        ),
        ("x7/8/8/8/8/8/8/8 w", "column 1: `x` is no piece"),
        (
            "8/8/8/8/8/8/8/8 white",
            "column 17: `white` is no player: write w or b",
        ),
        ("8/8/8/8/8/8/8/8 w KX", "column 20: `X` is no flag here"),
        ("8/8/8/8/8/8/8/8 w KQK", "column 21: `K` is given twice"),
        ("8/8/8/8/8/8/8/8 w - i9", "`i9` is no cell of the board"),
        ("8/8/8/8/8/8/8/8 w - - x", "`x` is not a whole number"),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1 more",
            "`more` is one field too many",
        ),
        ("8/8/8/8/8/8/8/8 w - - 0 4000000", "the turn is at most"),
        (
            "99999999999999999999999/8/8/8/8/8/8/8 w",
            "has more than its 8 cells",
        ),
    ];
    for (text, message) in cases {
        let run = gdl(&["moves", "games/chess.gdl", "--position", text]);
        assert_eq!(run.code, 2, "{text}: {run:?}");
        assert!(
            run.stderr.starts_with("error: in --position, ") && run.stderr.contains(message),
            "{text}: {run:?}"
        );
    }
    // Three-check's checks left: two numbers joined by `+`.
    for (text, message) in [
        (
            "4k3/8/8/8/8/8/8/4K3 b - - 2 10 40",
            "column 27: `2`: expected 2 whole numbers joined by `+` (white-checks + black-checks)",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 b - - 2+x 10 40",
            "`x` is not a whole number",
        ),
    ] {
        let run = gdl(&["moves", "games/three-check.gdl", "--position", text]);
        assert_eq!(run.code, 2, "{text}: {run:?}");
        assert!(run.stderr.contains(message), "{text}: {run:?}");
    }
    // X-FEN's `k` (the last black rook of row 8) with no black rook there.
    let text = "4k3/8/8/8/8/8/8/R3K2R w KQk -";
    let run = gdl(&["moves", "games/chess960.gdl", "--position", text]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr
            .contains("column 27: `k` finds no such piece on the board"),
        "{run:?}"
    );
}

#[test]
fn a_game_played_from_a_position_is_recorded_replayed_and_resumed_from_it() {
    let dir = std::env::temp_dir().join(format!("gdl-positions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let record = dir.join("castle.record");
    let record = record.to_str().expect("a UTF-8 path");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let run = crate::common::gdl_with_input(
        &[
            "play",
            "games/chess.gdl",
            "--position",
            fen,
            "--record",
            record,
            "--black",
            "human",
        ],
        "e1-g1\ne8-c8\nquit\n",
    );
    assert_eq!(run.code, 0, "{run:?}");
    let text = std::fs::read_to_string(record).expect("the record");
    assert!(text.contains(&format!("position: {fen}\n")), "{text}");
    assert!(text.contains("turn 1: e1-g1\nturn 2: e8-c8\n"), "{text}");
    // Replayed from the position: castling both ways was legal there.
    let run = gdl(&["replay", record]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains(" 8 . . k r . . . r 8"), "{run:?}");
    // Resumed from it too; another position on top is refused.
    let run =
        crate::common::gdl_with_input(&["play", "games/chess.gdl", "--resume", record], "quit\n");
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains(" 1 R . . . . R K . 1"), "{run:?}");
    let run = gdl(&[
        "play",
        "games/chess.gdl",
        "--resume",
        record,
        "--position",
        fen,
    ]);
    assert_eq!(run.code, 2, "{run:?}");
    // A damaged position line is refused at its line.
    let damaged = text.replace(fen, "r3k2r/8/8 w KQkq - 0 1");
    std::fs::write(record, damaged).expect("written");
    let run = gdl(&["replay", record]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr
            .contains("line 8: the position: column 1: the board has 8 rows"),
        "{run:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn xiangqi_reads_the_usual_fen_with_its_unused_fields() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let g = game("games/xiangqi.gdl", &[]);
    assert_eq!(write_position(&g, &g.start()), fen);
    let run = gdl(&["moves", "games/xiangqi.gdl", "--position", fen]);
    assert_eq!(run.stdout.split_whitespace().count(), 44, "{run:?}");
    let run = gdl(&[
        "moves",
        "games/xiangqi.gdl",
        "--position",
        "9/9/9/9/9/9/9/9/9/4K4 w x",
    ]);
    assert!(
        run.stderr.contains("column 25: expected `-` here, not `x`"),
        "{run:?}"
    );
}

/// Reads `text`, writes the position read, and reads that back: the second
/// reading gives the same position as the first, and writes the same text.
/// Returns the text written.
fn reads_back_exactly(g: &Game, text: &str) -> String {
    let first = g.start_at(&read_position(g, text).unwrap_or_else(|e| panic!("{text}: {e}")));
    let written = write_position(g, &first);
    let again = read_position(g, &written).unwrap_or_else(|e| panic!("{text} -> {written}: {e}"));
    let again = g.start_at(&again);
    assert_eq!(
        (again.hash(), again.result(), again.turn),
        (first.hash(), first.result(), first.turn),
        "{text} -> {written}: another position"
    );
    assert_eq!(write_position(g, &again), written, "{text} -> {written}");
    written
}

/// The shipped games (`games/*.gdl`) with their first options, by file.
fn shipped_games() -> Vec<(String, Game)> {
    let mut files: Vec<String> = std::fs::read_dir("games")
        .expect("the games folder")
        .map(|e| e.expect("an entry").path().display().to_string())
        .filter(|p| p.ends_with(".gdl"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let g = game(&f, &[]);
            (f, g)
        })
        .collect()
}

#[test]
fn every_position_of_seeded_games_reads_back_exactly_over_every_shipped_game() {
    let (mut checked, mut declared, mut pending) = (0, 0, 0);
    for (file, g) in &shipped_games() {
        // A text writes the first player's pieces in capitals and the
        // second's in small letters: games of more players have none.
        if g.rules.players.len() > 2 {
            continue;
        }
        // The games that declare a text are played to their end; the
        // others write their board and mover only.
        let seeds = if g.rules.position_text.declared {
            10
        } else {
            3
        };
        declared += usize::from(g.rules.position_text.declared);
        let mut over = 0;
        for seed in 0..seeds {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut st = g.start();
            let mut turn_began = st.ply;
            // Every ply, in the middle of turns too, and the last position
            // of a game that ends (mate, stalemate, a draw by rule).
            for _ in 0..5000 {
                let text = write_position(g, &st);
                let read_back = |text: &str| {
                    let from = read_position(g, text)
                        .unwrap_or_else(|e| panic!("{file} seed {seed}: {text}: {e}"));
                    write_position(g, &g.start_at(&from))
                };
                let again = read_back(&text);
                if again != text && st.ply > turn_began {
                    // A text is read as the start of its player's turn. In the
                    // middle of a turn whose first decision that player could
                    // not make (Horde: a pawn to promote, every other white
                    // pawn blocked), the turn's effects run up to the pending
                    // one, counting a quiet move: the board is the same.
                    let board = |t: &str| t.split(' ').next().unwrap_or("").to_string();
                    assert_eq!(board(&again), board(&text), "{file} seed {seed}");
                    pending += 1;
                } else {
                    assert_eq!(again, text, "{file} seed {seed}: written again");
                    assert_eq!(reads_back_exactly(g, &text), text, "{file} seed {seed}");
                }
                checked += 1;
                if st.is_over() {
                    over += 1;
                    break;
                }
                let a = g
                    .random_action(&st, &mut rng)
                    .expect("a game not over has an action");
                let turn = st.turn;
                g.play(&mut st, a).expect("a random action is legal");
                if st.turn != turn {
                    turn_began = st.ply;
                }
            }
        }
        // Random games of those that declare a text all end within the
        // plies, by a win or a rule's draw (Arimaa's 200 turns, chess's
        // fifty moves).
        if g.rules.position_text.declared {
            assert_eq!(over, seeds, "{file}: games over");
        }
    }
    // Arimaa, chess, Gess, shogi and xiangqi today.
    assert!(declared >= 5, "{declared} games declare a position text");
    assert!(checked > 20000, "{checked} positions");
    assert!(
        pending < 10,
        "{pending} positions in the middle of a turn read back otherwise"
    );
}

#[test]
fn a_game_over_position_reads_back_with_the_same_quiet_count() {
    // Fool's mate: White is mated, two quiet moves since the last pawn move.
    let g = game("games/chess.gdl", &[]);
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 2 3";
    assert!(
        g.start_at(&read_position(&g, mate).expect("a position"))
            .is_over()
    );
    assert_eq!(reads_back_exactly(&g, mate), mate);
    let run = gdl(&["show", "games/chess.gdl", "--position", mate]);
    assert!(
        run.stdout.contains(&format!("position: {mate}\n")),
        "{run:?}"
    );
    // At the quiet limit, the turn not played drew by the fifty-move rule
    // and was counted too: the count still reads back as given.
    let at_the_limit = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 137 3";
    assert_eq!(reads_back_exactly(&g, at_the_limit), at_the_limit);
    // Stalemate too.
    let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 7 40";
    assert_eq!(reads_back_exactly(&g, stalemate), stalemate);
}

#[test]
fn a_fen_without_its_move_number_is_read_as_the_first_move() {
    let g = game("games/chess.gdl", &[]);
    for (text, written, turn) in [
        ("4k3/8/8/8/8/8/8/4K3 b", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", 2),
        ("4k3/8/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 1),
        (
            "4k3/8/8/8/8/8/8/4K3 b - - 3",
            "4k3/8/8/8/8/8/8/4K3 b - - 3 1",
            2,
        ),
    ] {
        let read = read_position(&g, text).expect("a position");
        assert_eq!(read.turn, turn, "{text}");
        assert_eq!(reads_back_exactly(&g, text), written);
    }
}

#[test]
fn a_kind_given_twice_in_the_hands_is_refused_at_its_column() {
    let board = "4k4/9/9/9/9/9/9/9/4K4 b";
    let cases = [
        ("2P2P", 27, "`P` is given twice in the hands"),
        ("PP", 26, "`P` is given twice in the hands"),
        ("2pG3p", 28, "`p` is given twice in the hands"),
    ];
    for (hands, column, message) in cases {
        let text = format!("{board} {hands} 1");
        let run = gdl(&["moves", "games/shogi.gdl", "--position", &text]);
        assert_eq!(run.code, 2, "{text}: {run:?}");
        assert!(
            run.stderr
                .starts_with(&format!("error: in --position, column {column}: {message}")),
            "{text}: {run:?}"
        );
    }
    // One piece of each side, and counts written once, read as given.
    let g = game("games/shogi.gdl", &[]);
    let text = format!("{board} G2Pr3p 1");
    assert_eq!(reads_back_exactly(&g, &text), text);
}

#[test]
fn control_characters_are_refused_at_their_column() {
    let fen = "4k3/8/8/8/8/8/8/4K3";
    let cases = [
        (format!("{fen}\nw"), "`\\n`"),
        (format!("{fen}\tw"), "`\\t`"),
        (format!("{fen} w\r"), "`\\r`"),
        (format!("{fen} w\u{7f}"), "`\\u{7f}`"),
        (format!("{fen} w\u{85}"), "`\\u{85}`"),
        ("\n".to_string(), "`\\n`"),
    ];
    for (text, shown) in cases {
        let column = text.find(char::is_control).expect("a control character") + 1;
        let run = gdl(&["moves", "games/chess.gdl", "--position", &text]);
        assert_eq!(run.code, 2, "{text:?}: {run:?}");
        assert!(
            run.stderr.starts_with(&format!(
                "error: in --position, column {column}: {shown} is a control character"
            )),
            "{text:?}: {run:?}"
        );
    }
}

#[test]
fn a_position_with_a_line_break_is_refused_before_a_record_is_written() {
    let dir = std::env::temp_dir().join(format!("gdl-positions-break-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let record = dir.join("broken.record");
    let record = record.to_str().expect("a UTF-8 path");
    let run = crate::common::gdl_with_input(
        &[
            "play",
            "games/chess.gdl",
            "--position",
            "4k3/8/8/8/8/8/8/4K3\nw - - 0 1",
            "--record",
            record,
            "--black",
            "human",
        ],
        "e1-d1\nquit\n",
    );
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr
            .contains("in --position, column 20: `\\n` is a control character"),
        "{run:?}"
    );
    assert!(
        !std::path::Path::new(record).exists(),
        "no record: {:?}",
        std::fs::read_to_string(record)
    );
    std::fs::remove_dir_all(&dir).ok();
}
