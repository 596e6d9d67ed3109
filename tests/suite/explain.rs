//! "Why not?": the message for each kind of refused action, pinned in one
//! snapshot (the rule quoted from the file with its line, and the reason
//! in the game's terms), and `gdl explain` for legal actions.

use gdl::ids::Cell;
use std::path::Path;

use gdl::{Game, OptionChoice, notation};

fn load(file: &str, options: &[&str]) -> Game {
    let options: Vec<OptionChoice> = options
        .iter()
        .map(|o| o.parse().expect("NAME=VALUE"))
        .collect();
    gdl::load(Path::new(file), &options).unwrap_or_else(|e| panic!("{}", e.render()))
}

fn inline(name: &str, source: &str) -> Game {
    gdl::load_source(source, name, &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The error of playing `moves`, which must be refused at the last word.
fn refused(game: &Game, moves: &str) -> String {
    let mut st = game.start();
    let e = gdl::explain::play_moves(game, &mut st, moves).expect_err("refused");
    assert_eq!(e.index, moves.split_whitespace().count(), "{e}");
    e.error.to_string()
}

const AND_GAME: &str = "game T\nboard square(3)\nplayers x, o\npieces stone\n\
                        turn: place stone at empty and corners\n";
const WHERE_GAME: &str = "game T\nboard square(3)\nplayers x, o\npieces stone\n\
                          turn: convert enemy where not (own at n)\n    | place stone at empty\n";

#[test]
fn each_kind_of_refusal_says_which_rule_refuses_it() {
    let pinch = load("games/pinch.gdl", &["size=5", "pie=off", "capture=remove"]);
    let pinch_pie = load("games/pinch.gdl", &["size=5"]);
    let draughts = load("games/draughts.gdl", &[]);
    let amazons = load("games/amazons.gdl", &[]);
    let hex = load("games/hex.gdl", &["size=3"]);
    let carteso = load("games/carteso.gdl", &["size=3", "komi=0.5,1.5"]);
    let and_game = inline("and.gdl", AND_GAME);
    let where_game = inline("where.gdl", WHERE_GAME);
    let cases: Vec<(&str, &Game, &str)> = vec![
        ("A except B: the cell is in B", &pinch, "b3 c3 c4 c3"),
        ("A and B: missing from B", &and_game, "b2"),
        ("A and B: missing from A", &and_game, "a1 a1"),
        ("S where C: C fails there", &where_game, "a2 a1 a1"),
        ("a guard that does not hold", &pinch, "c3 pass"),
        (
            "an earlier priority group comes first",
            &draughts,
            "c3-d4 f6-e5 b2-c3",
        ),
        ("the origin is not the mover's piece", &draughts, "f6-e5"),
        ("no piece on the origin", &draughts, "d4-e5"),
        ("the target is taken", &draughts, "c3-d4 f6-e5 d4-e5"),
        (
            "a direction the move does not take",
            &draughts,
            "c3-d4 f6-e5 a3-b2",
        ),
        ("a slide's way is blocked", &amazons, "a4-a8"),
        ("an action of a later step of the turn", &amazons, "d5"),
        (
            "an action of an earlier step of the turn",
            &amazons,
            "d1-d5 d1-d2",
        ),
        ("an action of another turn", &carteso, "komi-value=0.5 a1"),
        ("a value not offered", &carteso, "komi-value=7"),
        ("the pie rule after its turn", &pinch_pie, "c3 d4 swap"),
        ("the game is over", &hex, "a1 b1 a2 b2 a3 c3"),
        ("an unknown word", &hex, "zz"),
        ("a misspelt action", &pinch, "pas"),
        (
            "a misspelt action's name before a move",
            &draughts,
            "jum:c3-d4",
        ),
    ];
    let mut doc = String::new();
    for (what, game, moves) in cases {
        doc.push_str(&format!("{what}: {moves}\n  {}\n", refused(game, moves)));
    }
    insta::assert_snapshot!("why_not", doc);
}

#[test]
fn explain_says_which_rule_offers_a_legal_action_and_what_it_changes() {
    let pinch = load("games/pinch.gdl", &["size=5", "pie=off", "capture=remove"]);
    let draughts = load("games/draughts.gdl", &[]);
    let ecalper = load("games/ecalper.gdl", &[]);
    let mut doc = String::new();
    for (game, moves, action) in [
        (&pinch, "b3 c3", "c4"),
        (&pinch, "b3 c3 c4", "c3"),
        (&draughts, "c3-d4 f6-e5", "d4-f6"),
        (&ecalper, "", "d4/e5/f6"),
    ] {
        let mut st = game.start();
        notation::play_moves(game, &mut st, moves).expect("plays");
        doc.push_str(&format!(
            "after `{moves}`:\n{}",
            gdl::explain::explain(game, &st, action)
        ));
    }
    insta::assert_snapshot!("explain", doc);
}

#[test]
fn the_explain_command_prints_the_same() {
    let r = crate::common::gdl(&[
        "explain",
        "games/draughts.gdl",
        "--moves",
        "c3-d4 f6-e5",
        "b2-c3",
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout.contains(
            "`jump own and man ahead over enemy to empty` (games/draughts.gdl:20) is possible"
        ),
        "{r:?}"
    );
    // A refusal in --moves carries the same reason.
    let r = crate::common::gdl(&[
        "moves",
        "games/draughts.gdl",
        "--moves",
        "c3-d4 f6-e5 b2-c3",
    ]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr
            .contains("comes first, before `step own and man ahead to empty`"),
        "{r:?}"
    );
}

/// Every shipped game, along a seeded random game: every cell and every
/// step to a neighbour is explained without a panic, and every refused one
/// that a rule names has a reason.
#[test]
fn every_word_of_every_game_is_explained() {
    use rand::SeedableRng;
    let mut files: Vec<_> = std::fs::read_dir("games")
        .expect("games/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "gdl"))
        .collect();
    files.sort();
    for file in files {
        let game = gdl::load(&file, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let board = game.board();
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(3);
        let mut st = game.start();
        for _ in 0..6 {
            let mut words: Vec<String> = (0..board.len())
                .map(|c| board.label(Cell::new(c)).to_string())
                .collect();
            for c in 0..board.len() {
                for &n in board.neighbors(Cell::new(c)) {
                    words.push(format!("{}-{}", board.label(Cell::new(c)), board.label(n)));
                }
            }
            words.extend(["pass", "swap"].map(String::from));
            for w in &words {
                let text = gdl::explain::explain(&game, &st, w);
                assert!(!text.trim().is_empty(), "{}: {w}", file.display());
                // A word some rule could make always gets that rule's reason.
                if !gdl::explain::intent::intents(&game, w).is_empty() {
                    assert!(
                        !text.contains("not legal here"),
                        "{}: {text}",
                        file.display()
                    );
                }
            }
            let Some(a) = game.random_action(&st, &mut rng) else {
                break;
            };
            game.play_unchecked(&mut st, a);
        }
    }
}

/// A sowing is refused on a pit without seeds, off the mover's pits, or
/// when it would leave a starving opponent without seeds.
#[test]
fn refused_sowings_say_why() {
    let oware = load("games/oware.gdl", &[]);
    let kalah = load("games/kalah.gdl", &[]);
    assert_eq!(
        refused(&oware, "c1 d2 c1"),
        "`c1` is not legal: `sow home` (games/oware.gdl:20): c1 holds no seed"
    );
    assert_eq!(
        refused(&oware, "c1 c1"),
        "`c1` is not legal: `sow home` (games/oware.gdl:20): c1 is not in `home`"
    );
    assert!(refused(&kalah, "d1 h1").contains("h1 is not in `home`"));
    let starving = "a1 d2 c1 e2 b1 b2 d1 b2 f1 f2 e1 d2 f1 e2";
    assert_eq!(
        refused(&oware, starving),
        "`e2` is not legal: after it, `tally(away) > 0` (games/oware.gdl:22) would not hold: \
         `tally(away)` is 0"
    );
}

/// A leap with a leg and a hop say what on their way refuses them.
#[test]
fn legs_and_screens_are_named() {
    let game = inline(
        "legs.gdl",
        "game T\nboard square(5)\nplayers x, o\npieces horse, cannon, stone\n\
         setup: x horse at cells(a1), x stone at cells(a2), x cannon at cells(e1),\n\
         o stone at cells(e2, e3, e5)\n\
         turn: leap own and horse (1, 2) over empty to empty\n\
         | hop own and cannon orthogonal over occupied to enemy\n",
    );
    let why = refused(&game, "a1-b3");
    assert!(
        why.contains("its leg: a2 is not in `empty`: a2 holds x's stone"),
        "{why}"
    );
    // The leg of a1-c2 is b1, empty: offered.
    let mut st = game.start();
    gdl::explain::play_moves(&game, &mut st, "a1-c2").expect("a free leg");
    // e1 over e2 lands on e3 (the next piece); e5 is behind two pieces.
    let mut st = game.start();
    gdl::explain::play_moves(&game, &mut st, "e1-e3").expect("one screen");
    let why = refused(&game, "e1-e5");
    assert!(why.contains("a hop goes over one piece only: e3"), "{why}");
}

/// A refused Gess move says how far its piece may go, which way it may
/// go, and where it stops.
#[test]
fn refused_block_moves_say_why() {
    let gess = load("games/gess.gdl", &[]);
    assert_eq!(
        refused(&gess, "c3-c7"),
        "`c3-c7` is not legal: `shift centres and own toward own to inside` (games/gess.gdl:29): \
         the block stops at c6, where it covers c7: c7 holds black's stone"
    );
    assert!(
        refused(&gess, "c6-c10")
            .ends_with("a block moves at most 3 cells by this rule, and this move goes 4"),
        "{}",
        refused(&gess, "c6-c10")
    );
    assert!(
        refused(&gess, "c6-d7").ends_with(
            "toward a cell next to its centre that its rule's `toward` names, and d7 is empty"
        ),
        "{}",
        refused(&gess, "c6-d7")
    );
}

/// A turn refused by `keep turns with` names the number, the best value
/// and the best a turn starting with the action reaches.
#[test]
fn a_turn_that_takes_fewer_pieces_is_explained() {
    let game = load("games/international-draughts.gdl", &[]);
    let text = "10/10/10/10/5m4/10/3m3m2/2M3M3/10/10 white";
    let st = game.start_at(&notation::read_position(&game, text).expect("a position"));
    let why = gdl::explain::explain(&game, &st, "g3-i5");
    assert!(
        why.contains(
            "`keep turns with least count(enemy)` (games/international-draughts.gdl:26) allows \
             only the turns after which `count(enemy)` is 1 (for white), and every turn starting \
             with it ends with `count(enemy)` at 2 or more"
        ),
        "{why}"
    );
    assert!(gdl::explain::explain(&game, &st, "c3-e5").contains("is legal"));
}

/// `gdl explain` on `action`, from `position` (the game's text of one, or
/// the start) after `moves`.
fn explained(game: &Game, position: &str, moves: &str, action: &str) -> String {
    let mut st = if position.is_empty() {
        game.start()
    } else {
        game.start_at(&notation::read_position(game, position).expect("a position"))
    };
    gdl::explain::play_moves(game, &mut st, moves).expect("plays");
    gdl::explain::explain(game, &st, action)
}

/// An action refused by its result is explained by the part of the `keep
/// if` that fails after it, down to the cells and the pieces that make it
/// fail: the attacker of a king (and the action it would move by), the
/// enemy general faced, the next player
/// left without a move, the turn whose position would come back, the
/// group without a liberty. Pinned in one snapshot.
#[test]
fn refusals_by_the_result_name_the_rule_the_cells_and_the_pieces() {
    let chess = load("games/chess.gdl", &[]);
    let xiangqi = load("games/xiangqi.gdl", &[]);
    let shogi = load("games/shogi.gdl", &[]);
    let go = load("games/go.gdl", &["size=5"]);
    let oware = load("games/oware.gdl", &[]);
    let draughts = load("games/international-draughts.gdl", &[]);
    let cases: Vec<(&str, &Game, &str, &str, &str)> = vec![
        (
            "chess: the king steps onto a rook's line",
            &chess,
            "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
            "",
            "e1-d2",
        ),
        (
            "chess: a pinned knight",
            &chess,
            "4k3/8/8/8/4r3/8/4N3/4K3 w - - 0 1",
            "",
            "e2-c3",
        ),
        (
            "chess: the king steps next to a pawn",
            &chess,
            "4k3/8/8/8/8/3p4/8/4K3 w - - 0 1",
            "",
            "e1-e2",
        ),
        (
            "chess: a queen on the diagonal",
            &chess,
            "4k3/8/8/8/8/5q2/8/4K3 w - - 0 1",
            "",
            "e1-e2",
        ),
        (
            "xiangqi: the generals would face each other",
            &xiangqi,
            "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
            "",
            "d1-e1",
        ),
        (
            "xiangqi: a horse's leg is free",
            &xiangqi,
            "3k5/9/9/9/9/9/9/2n6/9/4K4 w - - 0 1",
            "",
            "e1-e2",
        ),
        (
            "xiangqi: a cannon over one screen",
            &xiangqi,
            "5k3/9/9/9/9/4c4/9/9/4P4/3K5 w - - 0 1",
            "",
            "d1-e1",
        ),
        (
            "chess: a knight's leap",
            &chess,
            "4k3/8/8/8/8/3n4/8/4K2r w - - 0 1",
            "",
            "e1-f2",
        ),
        (
            "shogi: a knight's leap forward",
            &shogi,
            "k8/9/9/9/9/9/4n4/9/4K4 b - 1",
            "",
            "e1-d1",
        ),
        (
            "shogi: a pawn drop that mates",
            &shogi,
            "k8/2G6/9/9/L8/9/9/9/8K b LP 1",
            "",
            "drop-pawn:a8",
        ),
        (
            "shogi: the king steps onto a rook's rank",
            &shogi,
            "k8/9/9/9/9/9/9/9/r7K b - 1",
            "",
            "i1-h1",
        ),
        ("go: suicide", &go, "", "a2 e5 b1", "a1"),
        (
            "go: superko (the ko retaken at once)",
            &go,
            "",
            "b2 c2 c1 d1 c3 d3 a5 e2 d2",
            "c2",
        ),
        (
            "oware: a sowing that leaves the opponent no seed",
            &oware,
            "",
            "a1 d2 c1 e2 b1 b2 d1 b2 f1 f2 e1 d2 f1",
            "e2",
        ),
        (
            "international draughts: a capture of fewer pieces",
            &draughts,
            "10/10/10/10/5m4/10/3m3m2/2M3M3/10/10 white",
            "",
            "g3-i5",
        ),
    ];
    let mut doc = String::new();
    for (what, game, position, moves, action) in cases {
        let text = explained(game, position, moves, action);
        assert!(text.contains("is not legal"), "{what}: {text}");
        doc.push_str(&format!("{what}: {action}\n  {text}"));
    }
    insta::assert_snapshot!("kept", doc);
}

/// `repetitions` and `seen-before` in a `keep if` name the turns whose
/// position would come back; a chain that fails in every part says each.
#[test]
fn history_and_chains_in_a_keep_if_are_explained() {
    let game = |keep: &str| {
        inline(
            "walk.gdl",
            &format!(
                "game T\nboard square(3)\nplayers x, o\npieces stone\n\
                 setup: x stone at cells(a1), o stone at cells(c3)\n\
                 turn: step own to empty {keep}\n"
            ),
        )
    };
    // Back to where the game began, at turn 5.
    let back = "a1-a2 c3-c2 a2-a1";
    let why = explained(&game("keep if not seen-before"), "", back, "c2-c3");
    assert_eq!(
        why,
        "`c2-c3` is not legal: after it, `not seen-before` (walk.gdl:6) would not hold: \
         `seen-before` holds: it would repeat the position at the start of turn 1\n"
    );
    let twice = "a1-a2 c3-c2 a2-a1 c2-c3 a1-a2 c3-c2 a2-a1";
    let why = explained(&game("keep if repetitions < 2"), "", twice, "c2-c3");
    assert!(
        why.ends_with(
            "`repetitions` is 2: it would repeat the position at the start of turns 1 and 5\n"
        ),
        "{why}"
    );
    let why = explained(
        &game("keep if count(own and row(2)) > 0 or turn > 10"),
        "",
        "",
        "a1-b1",
    );
    assert_eq!(
        why,
        "`a1-b1` is not legal: after it, `count(own and row(2)) > 0 or turn > 10` (walk.gdl:6) \
         would not hold: none of its parts holds: `count(own and row(2)) > 0` (no cell is in \
         `own and row(2)`), `turn > 10` (`turn` is 1)\n"
    );
}

/// Along seeded random games of the games with `attacked`, every action
/// offered but refused because the king (general) would be attacked names
/// the piece that attacks it: the explanation's own search for attackers
/// agrees with the engine's `attacked`.
#[test]
fn every_king_left_attacked_is_explained_by_its_attacker() {
    use rand::SeedableRng;
    for file in ["games/chess.gdl", "games/xiangqi.gdl", "games/shogi.gdl"] {
        let game = load(file, &[]);
        let mut checked = 0;
        for seed in 0..5 {
            let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut st = game.start();
            let mut legal = Vec::new();
            for _ in 0..80 {
                game.legal_actions(&st, &mut legal);
                let offered = game.offers_unfiltered(&st);
                for &a in offered.iter().filter(|a| !legal.contains(a)) {
                    let text = notation::format(&game, &offered, a);
                    let Some(why) = gdl::explain::why_not(&game, &st, &text) else {
                        continue;
                    };
                    if why.contains("`in-check` holds") {
                        assert!(why.contains("is attacked by the "), "{file}: {why}");
                        checked += 1;
                    }
                }
                let Some(a) = game.random_action(&st, &mut rng) else {
                    break;
                };
                game.play_unchecked(&mut st, a);
            }
        }
        assert!(checked > 0, "{file}: no move refused for check");
    }
}

/// A move refused only by its guard is explained by that guard (not by
/// another rule the word could mean), with why the guard fails now:
/// castling out of, through or into check, or with a piece in the way.
#[test]
fn a_guard_that_alone_refuses_a_move_says_why() {
    let chess = load("games/chess.gdl", &[]);
    let castle = "`e1-g1` is not legal: `move own and king and unmoved to short-king` \
                  (games/chess.gdl:70) is offered only when `short-castling` (games/chess.gdl:128) \
                  holds, and it does not now: ";
    for (position, why) in [
        (
            "4k3/8/8/8/1b6/8/8/4K2R w K - 0 1",
            "`attacked(short-safe)` holds: e1 (white king) is attacked by the black bishop on \
             b4 (`diagonal-line`, games/chess.gdl:67)",
        ),
        (
            "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1",
            "`attacked(short-safe)` holds: f1 is attacked by the black bishop on c4 \
             (`diagonal-line`, games/chess.gdl:67)",
        ),
        (
            "4k3/8/8/8/8/8/8/4K1NR w K - 0 1",
            "`count(short-between and occupied) = 0` does not hold: `short-between and \
             occupied` has the white knight on g1",
        ),
    ] {
        assert_eq!(
            explained(&chess, position, "", "e1-g1"),
            format!("{castle}{why}\n"),
            "{position}"
        );
    }
}

/// A finished game says which `end if` ended it, a step of the turn
/// included, and why it held: the turns whose position came back, the
/// piece that gives mate; a stalemate names the plain `end if stuck`.
#[test]
fn the_end_of_a_game_says_which_rule_ended_it_and_why() {
    let chess = load("games/chess.gdl", &[]);
    let knights = "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1 f6-g8";
    assert_eq!(
        explained(&chess, "", knights, "e2-e4"),
        "the game is over: it was drawn (threefold repetition), as `repetition = on and repetitions >= 2` \
         (games/chess.gdl:101) holds: `repetitions` is 2: it repeats the position at the \
         start of turns 1 and 5\n"
    );
    assert_eq!(
        explained(&chess, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1-f8", "h8-h7"),
        "the game is over: white won (checkmate): black could not act, under `stuck and in-check` \
         (games/chess.gdl:103): `in-check` holds: h8 (black king) is attacked by the white \
         queen on f8 (`straight-line`, games/chess.gdl:66)\n"
    );
    assert_eq!(
        explained(&chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", "h8-h7"),
        "the game is over: it was drawn (stalemate): black could not act, under `stuck` \
         (games/chess.gdl:104)\n"
    );
}

#[test]
fn refused_moves_along_a_track_say_why() {
    let ur = load("games/ur.gdl", &[]);
    // Entered on a1 (a rosette: roll again), a 2 goes to b2, not c2.
    assert_eq!(
        refused(&ur, "die=4 a1 die=2 a1-c2"),
        "`a1-c2` is not legal: `slide own along path by die over all to landing` \
         (games/ur.gdl:47): a slide of this rule goes exactly as many places as its `by` \
         number says now along track `path`, which does not take the piece from a1 to c2"
    );
    // Two places along the track from c1 is a1, a rosette: legal; b1 is not.
    let why = refused(&ur, "die=2 c1 die=2 c3 die=2 c1-b1");
    assert!(
        why.contains("does not take the piece from c1 to b1"),
        "{why}"
    );
}

/// A rule is quoted whole: a parenthesised operand at either end of an
/// `and` or `or` keeps its parentheses (the quote once stopped before the
/// last `)`).
#[test]
fn a_quoted_rule_keeps_its_parentheses() {
    let game = inline(
        "paren.gdl",
        "game T\nboard square(3)\nplayers x, o\npieces stone\n\
         turn: place stone at (corners or cells(b2)) and (not own)\n",
    );
    let text = refused(&game, "a2");
    assert!(
        text.contains("`place stone at (corners or cells(b2)) and (not own)`"),
        "{text}"
    );
}

/// A move whose piece stays (`staying`) is explained as such, and what its
/// effects changed: Stratego's general attacks a marshal and is lost.
#[test]
fn a_move_whose_piece_stays_says_so() {
    let stratego = load("games/stratego.gdl", &[]);
    let text = explained(
        &stratego,
        "t8f/10/10/10/6/2m3/4G5/10/10/F8T r 0 - - -",
        "",
        "e4-e5",
    );
    assert!(
        text.contains("`staying`: the piece stays on its cell"),
        "{text}"
    );
    assert!(text.contains("e4 red general -> empty"), "{text}");
    assert!(text.contains("mark shown: +e5"), "{text}");
    assert!(!text.contains("e5 blue marshal ->"), "{text}");
}
