//! Games built on games (`based on`, `omit`): which of the base's items a
//! file's items replace, add to or leave out, the whole game `gdl show
//! --rules` prints, and errors named in the file they are in.

use std::path::Path;

use gdl::Game;

use crate::common::*;

/// A base game in a folder of its own, and a file based on it there.
const BASE: &str = "# The base.
game Base
option size: 2..9 = 4
board square(size)
players x, o
pieces stone, block
marks new
define open = empty
action drop = place stone at open marking new
action wall = place block at open
turn: (clear new), drop | wall
end if count(empty) = 0: draw
end if count(own) >= 5: mover wins
";

fn folder(derived: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("base.gdl"), BASE).expect("written");
    let path = dir.path().join("derived.gdl");
    std::fs::write(&path, derived).expect("written");
    (dir, path)
}

fn load(path: &Path) -> Result<Game, String> {
    gdl::load(path, &[]).map_err(|e| e.render())
}

fn counts(g: &Game, depth: usize) -> Vec<u64> {
    gdl::perft(g, &g.start(), depth, false)
        .iter()
        .map(|d| d.nodes)
        .collect()
}

#[test]
fn a_file_replaces_named_items_kinds_and_end_rules_adds_names_and_omits() {
    let (_dir, path) = folder(
        "game Derived
         based on base
         omit wall, block
         pieces ring
         define open = empty except corners
         action hoop = place ring at open
         turn: hoop | drop
         end if count(own) >= 5: mover loses",
    );
    let g = load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.rules.name, "Derived");
    // `block` left out of `pieces stone, block`, `ring` added.
    assert_eq!(g.rules.pieces, ["stone", "ring"]);
    // The replaced `open` (no corners) for both actions: 12 cells each.
    let mut list = Vec::new();
    g.legal_actions(&g.start(), &mut list);
    assert_eq!(list.len(), 24);
    // The base's option and its other end rule stay; the end rule with the
    // same condition is the file's.
    assert_eq!(g.rules.options.len(), 1);
    assert_eq!(g.rules.ends.len(), 2);
    let rules = gdl::show::rules_text(&g);
    assert!(
        rules.contains("mover loses") && !rules.contains("mover wins"),
        "{rules}"
    );
    assert!(
        !rules.contains("action wall") && !rules.contains("block"),
        "{rules}"
    );
}

#[test]
fn the_rules_shown_are_the_game() {
    let g = game("games/canadian-draughts.gdl", &[]);
    let whole = gdl::show::rules_text(&g);
    assert!(
        whole.contains("# ---- from games/international-draughts.gdl"),
        "{whole}"
    );
    let again = gdl::load_source(&whole, "whole.gdl", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(counts(&again, 4), counts(&g, 4));
    // The same rules as the base's, on 12x12: 11 first moves, not 9.
    let base = game("games/international-draughts.gdl", &[]);
    assert_eq!(counts(&base, 1), [9]);
    assert_eq!(counts(&g, 4), [11, 121, 1222, 10053]);
    let run = gdl(&["show", "games/canadian-draughts.gdl", "--rules"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, whole);
}

#[test]
fn a_turn_rule_replaces_the_bases_for_the_same_turns() {
    // `turn 1:` is added before the base's `turn:`, which stays: x's first
    // turn places a block on a corner (4), then every turn is the base's
    // (16 cells, drop or wall, less the one taken).
    let (_dir, path) = folder("game D\nbased on base\nturn 1: place block at corners\n");
    let g = load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(counts(&g, 2), [4, 4 * 15 * 2]);
    // A `turn:` of the file replaces the base's, and a second `turn 1:`
    // on top of the file's base would replace that one.
    let (_dir, path) = folder("game D\nbased on base\nturn: wall\n");
    let g = load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(counts(&g, 2), [16, 16 * 15]);
    assert_eq!(g.rules.turns.len(), 1);
}

#[test]
fn omit_turn_leaves_out_the_bases_rule_for_that_turn() {
    // A base with a `turn 1:` of its own, and a file based on it that
    // leaves that rule out: every turn is the base's `turn:` again.
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("base.gdl"), BASE).expect("written");
    let middle = "game M\nbased on base\nturn 1: place block at corners\n";
    std::fs::write(dir.path().join("middle.gdl"), middle).expect("written");
    let path = dir.path().join("derived.gdl");
    std::fs::write(&path, "game D\nbased on middle\nomit turn 1\n").expect("written");
    let g = load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(counts(&g, 2), [32, 32 * 30]);
    assert_eq!(g.rules.turns.len(), 1);
    // A turn the base has no rule for.
    std::fs::write(&path, "game D\nbased on middle\nomit turn 2\n").expect("written");
    let err = load(&path).expect_err("no turn 2");
    assert!(
        err.contains("derived.gdl:3:6") && err.contains("has no rule for turn 2"),
        "{err}"
    );
}

#[test]
fn errors_are_named_in_their_own_file() {
    // A name the file leaves out, still used by the base's turn.
    let (_dir, path) = folder("game D\nbased on base\nomit drop\n");
    let err = load(&path).expect_err("drop is used by the turn");
    assert!(err.contains("unknown name `drop`"), "{err}");
    assert!(err.contains("base.gdl:11:20"), "{err}");
    // A mistake in the file itself, at its own line.
    let (_dir, path) = folder("game D\nbased on base\ndefine open = nowhere\n");
    let err = load(&path).expect_err("nowhere");
    assert!(err.contains("derived.gdl:3:15"), "{err}");
    for (text, message) in [
        (
            "game D\nbased on base\nomit nothing\n",
            "`nothing` is not a name of the base game",
        ),
        (
            "game D\nbased on nowhere\n",
            "cannot read the base game `nowhere`",
        ),
        ("game D\nbased on derived\n", "on this file itself"),
        (
            "game D\nbased on base\nbased on base\n",
            "based on one other game",
        ),
    ] {
        let (_dir, path) = folder(text);
        let err = load(&path).expect_err(text);
        assert!(err.contains(message), "{text}: {err}");
        assert!(err.contains("derived.gdl:"), "{text}: {err}");
    }
    // Parsed alone, without its base, the text is refused.
    let err = gdl::load_source("game D\nbased on base\n", "", &[])
        .map(|_| ())
        .expect_err("alone");
    assert!(err.render().contains("cannot read the base game"), "{err}");
}
