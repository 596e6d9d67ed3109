//! Families of regions (`region board = blocks(3)`, `places(3)`; called
//! as `board(S)`, `board(N)`, `index(board, S)`) and definitions with
//! parameters (`define pair(s, d) = ...`), on small games written here;
//! ultimate tic-tac-toe's rules are in `games/ultimate-tictactoe.tests`.

use super::*;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The cells carrying mark `m`, by label.
fn marked(g: &Game, st: &State, m: &str) -> BTreeSet<String> {
    let b = g.board();
    let m = g.rules.marks.iter().position(|x| x == m).expect("a mark");
    (0..b.len())
        .filter(|&c| g.has_mark(st, gdl::ids::Cell::new(c), m))
        .map(|c| b.label(gdl::ids::Cell::new(c)).to_string())
        .collect()
}

/// The first error's message and help of a file that must not compile.
fn error(src: &str) -> String {
    match gdl::load_source(src, "test.gdl", &[]) {
        Ok(_) => panic!("compiled:\n{src}"),
        Err(e) => e.render(),
    }
}

/// A stone sends the next one to the block at the place, in the grid of
/// blocks, that it took in its own block (ultimate tic-tac-toe's rule,
/// without its small wins); the first stone goes anywhere.
const SENT: &str = "
game Sent
board square(9)
players x, o
pieces stone
region board = blocks(3)
region spot = places(3)
turn: place stone at board(index(spot, here)) and empty else place stone at empty
";

#[test]
fn a_stone_sends_the_next_to_the_block_at_its_place() {
    let g = compile(SENT);
    // Before any stone, `here` is empty: index 0, no block, so anywhere.
    assert_eq!(legal(&g, &g.start()).len(), 81);
    // Blocks and places are numbered in the board's order, the top line
    // first: a1 is place 7 of its block, and block 7 is a1 to c3.
    let st = after(&g, "a1");
    assert_eq!(
        legal(&g, &st),
        set(&["b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"])
    );
    // b2 is the middle of its block: place 5, so block 5, d4 to f6.
    let st = after(&g, "a1 b2");
    let five = set(&["d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"]);
    assert_eq!(legal(&g, &st), five);
    // f5 is the middle of its block's right side: place 6 and block 6,
    // g4 to i6.
    let st = after(&g, "a1 b2 f5");
    let six = set(&["g4", "h4", "i4", "g5", "h5", "i5", "g6", "h6", "i6"]);
    assert_eq!(legal(&g, &st), six);
    // i9 is place 3 (its block's top right): block 3, g7 to i9, less i9.
    let st = after(&g, "i9");
    assert_eq!(
        legal(&g, &st),
        set(&["g7", "h7", "i7", "g8", "h8", "i8", "g9", "h9"])
    );
}

/// Blocks that do not fill the board: 2 wide and 3 high on a 5 x 4
/// board, the last column and row of blocks cut short. The game marks
/// the block of each stone, and block number 3 from the start.
const UNEVEN: &str = "
game Uneven
board square(5, 4)
players x, o
pieces stone
marks seen, third
region block = blocks(2, 3)
setup: third at block(3)
turn: place stone at empty then mark seen at block(here)
";

#[test]
fn blocks_that_do_not_fill_the_board_are_cut_short() {
    let g = compile(UNEVEN);
    let marked = |st: &State, m: &str| marked(&g, st, m);
    // Blocks start at a1; they are numbered by their first cell in the
    // board's order (the top line first, left to right): block 1 is a4
    // and b4 (one row high), 2 is c4 and d4, 3 is e4 alone, 4 is a1 to b3.
    assert_eq!(marked(&g.start(), "third"), set(&["e4"]));
    let st = after(&g, "b4");
    assert_eq!(marked(&st, "seen"), set(&["a4", "b4"]));
    let st = after(&g, "b4 d2");
    assert_eq!(
        marked(&st, "seen"),
        set(&["a4", "b4", "c1", "d1", "c2", "d2", "c3", "d3"])
    );
}

#[test]
fn a_familys_misuses_are_errors_that_say_how_to_use_it() {
    let base = "game T\nboard square(6)\nplayers x, o\npieces stone\nregion board = blocks(3)\n";
    let bare = error(&format!("{base}turn: place stone at board"));
    assert!(bare.contains("`board` is a family of regions"), "{bare}");
    assert!(bare.contains("`board(S)`"), "{bare}");
    let two = error(&format!("{base}turn: place stone at board(here, 2)"));
    assert!(two.contains("`board` takes 1 argument, not 2"), "{two}");
    let elsewhere = error(
        "game T\nboard square(6)\nplayers x, o\npieces stone\nturn: place stone at blocks(3)",
    );
    assert!(
        elsewhere.contains("`blocks` makes a family of regions"),
        "{elsewhere}"
    );
    let zero = error(
        "game T\nboard square(6)\nplayers x, o\npieces stone\nregion b = blocks(0)\nturn: pass",
    );
    assert!(
        zero.contains("a block is 1 cell across or more, not 0"),
        "{zero}"
    );
    assert!(zero.contains("test.gdl:5:"), "{zero}");
    let args = error(
        "game T\nboard square(6)\nplayers x, o\npieces stone\nregion b = places(1, 2, 3)\nturn: pass",
    );
    assert!(
        args.contains("`places` takes 1 or 2 arguments, not 3"),
        "{args}"
    );
    let wrong = error(&format!("{base}turn: place stone at board(turn > 1)"));
    assert!(wrong.contains("a set"), "{wrong}");
}

#[test]
fn a_fixed_argument_gives_a_fixed_region() {
    // `board(2)` and `board(cells(a1))` are fixed: usable in regions.
    let g = compile(
        "game T\nboard square(6)\nplayers x, o\npieces stone\nregion board = blocks(3)\nregion two = board(2)\nregion first = board(cells(b2))\nturn: place stone at two or first",
    );
    // Block 2 is d4 to f6 (the top line comes first); b2's is a1 to c3.
    let all = legal(&g, &g.start());
    assert_eq!(all.len(), 18);
    assert!(all.contains("d4") && all.contains("f6") && all.contains("a1") && all.contains("c3"));
    assert!(!all.contains("a4") && !all.contains("d1"));
}

/// Stones go where a pair of stones of one colour flanks the cell: written
/// with a definition that has parameters, and written out.
const PAIRS: &str = "
game Pairs
board square(5) with diagonals
players x, o
pieces stone
define pair(s, d) = s at d and s at rotate(d, 180)
turn 1: place stone at empty
turn 2: place stone at empty
turn: place stone at empty where some d: pair(own, d) or pair(enemy, d)
    else place stone at empty
end if line(own, 3): mover wins
";

#[test]
fn a_definition_with_parameters_is_its_body_with_the_arguments_written_in() {
    let by_hand = PAIRS.replace(
        "some d: pair(own, d) or pair(enemy, d)",
        "some d: (own at d and own at rotate(d, 180)) or (enemy at d and enemy at rotate(d, 180))",
    );
    let (with, without) = (compile(PAIRS), compile(&by_hand));
    let plain = compile(&PAIRS.replace("where some d: pair(own, d) or pair(enemy, d)", ""));
    let counts = |g: &Game| -> Vec<u64> {
        gdl::run::perft(g, &g.start(), 4, false)
            .iter()
            .map(|d| d.nodes)
            .collect()
    };
    assert_eq!(counts(&with), counts(&without));
    assert_ne!(counts(&with), counts(&plain), "the rule must bite");
    // a1 and c1 flank b1 (east and west): on turn 3 only b1 and the
    // cells some other pair flanks.
    let st = after(&with, "a1 e5 c1");
    assert!(legal(&with, &st).contains("b1"));
    assert_eq!(
        legal(&with, &st),
        legal(&without, &after(&without, "a1 e5 c1"))
    );
}

#[test]
fn a_definitions_parameters_are_refused_where_they_would_change_meaning() {
    let base = "game T\nboard square(5) with diagonals\nplayers x, o\npieces stone\n";
    let bare = error(&format!(
        "{base}define pair(s, d) = s at d\nturn: place stone at pair"
    ));
    assert!(
        bare.contains("`pair` takes 2 arguments") && bare.contains("`pair(s, d)`"),
        "{bare}"
    );
    let few = error(&format!(
        "{base}define pair(s, d) = s at d\nturn: place stone at empty where pair(own)"
    ));
    assert!(few.contains("`pair` takes 2 arguments, not 1"), "{few}");
    // The body's `some d:` would take the argument's `d`.
    let taken = error(&format!(
        "{base}define near(s) = some d: s at d\nturn: place stone at empty where some d: near(own at d)"
    ));
    assert!(
        taken.contains("which the definition's own `d` would take"),
        "{taken}"
    );
    // The argument's `here` would become the cell the body's `where` tests.
    let rebound = error(&format!(
        "{base}define beside(c) = empty where c at n\nturn: place stone at beside(here)"
    ));
    assert!(
        rebound.contains("reads `here`, but lands inside a `where`"),
        "{rebound}"
    );
    assert!(rebound.contains("action-cell"), "{rebound}");
    // The body does not see the variables of the place of use.
    let hidden = error(&format!(
        "{base}define ahead(s) = s at d\nturn: place stone at empty where some d: ahead(own)"
    ));
    assert!(
        hidden.contains("uses `d`, a variable where it is used"),
        "{hidden}"
    );
    let itself = error(&format!(
        "{base}define f(s) = f(s)\nturn: place stone at f(empty)"
    ));
    assert!(itself.contains("defined in terms of itself"), "{itself}");
}

/// After each stone, every block holding two of the mover's stones or
/// more is marked: a loop over the family's members.
const LOOP: &str = "
game Loop
board square(4)
players x, o
pieces stone
marks two
region block = blocks(2)
turn: place stone at empty then each b in block: if count(own and b) >= 2: mark two at b
";

#[test]
fn each_member_of_a_family_runs_the_effect_with_its_cells() {
    let g = compile(LOOP);
    let marked = |st: &State| marked(&g, st, "two");
    // x: a1 and b2 (the bottom left block), o: c3 and d4 (the top right).
    assert!(marked(&after(&g, "a1 c3")).is_empty());
    let st = after(&g, "a1 c3 b2");
    assert_eq!(marked(&st), set(&["a1", "b1", "a2", "b2"]));
    let st = after(&g, "a1 c3 b2 d4");
    assert_eq!(
        marked(&st),
        set(&["a1", "b1", "a2", "b2", "c3", "d3", "c4", "d4"])
    );
    // x's a3 and b4 lie in the top left block: marked on its turn.
    let st = after(&g, "a1 c3 b2 d4 a3 c1 b4");
    assert!(marked(&st).contains("a4") && !marked(&st).contains("c1"));
    let bad = error(&LOOP.replace("each b in block", "each b in two"));
    assert!(bad.contains("`two` is not a family of regions"), "{bad}");
}
