//! Board pictures: for every board family the SVG parses as XML, draws one
//! cell per board cell with its label, one piece per occupied cell in its
//! owner's colour (neutral pieces apart), the marks, the links and the last
//! action, and labels the edges with the board's coordinates.

use gdl::ids::Cell;
use std::collections::BTreeSet;

use crate::common::{after, game};
use gdl::engine::{Action, Game, State};
use gdl::notation;
use gdl::picture::svg;

/// The elements of `class` in the picture, as (attribute -> value) lists.
fn elements(doc: &roxmltree::Document, class: &str) -> Vec<Vec<(String, String)>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .map(|n| {
            n.attributes()
                .map(|a| (a.name().to_string(), a.value().to_string()))
                .collect()
        })
        .collect()
}

fn attr<'a>(e: &'a [(String, String)], name: &str) -> &'a str {
    e.iter()
        .find(|(k, _)| k == name)
        .map_or("", |(_, v)| v.as_str())
}

/// The last action of `moves` from the start, and the position after them.
fn last_of(g: &Game, moves: &str) -> (State, Option<Action>) {
    let mut words: Vec<&str> = moves.split_whitespace().collect();
    let Some(last) = words.pop() else {
        return (g.start(), None);
    };
    let st = after(g, &words.join(" "));
    let mut legal = Vec::new();
    g.legal_actions(&st, &mut legal);
    let a = notation::parse(g, &st, &legal, last).expect("a legal last action");
    let mut next = st.clone();
    g.play_unchecked(&mut next, a);
    (next, Some(a))
}

/// Draws `file` after `moves` and checks the picture against the position.
fn check_picture(file: &str, options: &[&str], moves: &str) -> String {
    let g = game(file, options);
    let (st, last) = last_of(&g, moves);
    let text = svg(&g, &st, last, "a <test> & caption");
    let doc = roxmltree::Document::parse(&text)
        .unwrap_or_else(|e| panic!("{file} {options:?}: not XML: {e}\n{text}"));
    let board = g.board();

    let cells = elements(&doc, "cell");
    assert_eq!(cells.len(), board.len(), "{file}: one shape per cell");
    let labels: BTreeSet<&str> = cells.iter().map(|c| attr(c, "data-cell")).collect();
    let expected: BTreeSet<&str> = (0..board.len())
        .map(|c| board.label(Cell::new(c)))
        .collect();
    assert_eq!(labels, expected, "{file}: every cell by its label");

    let pieces = elements(&doc, "piece");
    let occupied: Vec<usize> = (0..board.len())
        .filter(|&c| g.piece_at(&st, Cell::new(c)).is_some())
        .collect();
    assert_eq!(pieces.len(), occupied.len(), "{file}: one shape per piece");
    for (p, &c) in pieces.iter().zip(&occupied) {
        let piece = g.piece_at(&st, Cell::new(c)).expect("occupied");
        let kind = piece.kind.index();
        let owner_name = piece
            .owner
            .map_or("neutral", |o| g.rules.players[o.index()].as_str());
        assert_eq!(attr(p, "data-owner"), owner_name, "{file}: owner at {c}");
        assert_eq!(
            attr(p, "data-kind"),
            g.rules.pieces[kind],
            "{file}: kind at {c}"
        );
    }
    let marked = (0..board.len())
        .map(|c| {
            (0..g.rules.marks.len())
                .filter(|&m| g.has_mark(&st, Cell::new(c), m))
                .count()
        })
        .sum::<usize>();
    assert_eq!(
        elements(&doc, "mark").len(),
        marked,
        "{file}: one ring per mark"
    );
    let links = board
        .graph()
        .edge_weights()
        .filter(|e| e.dir.is_none())
        .count();
    assert_eq!(elements(&doc, "link").len(), links, "{file}: links drawn");
    let want_last = match last {
        Some(a) if a.cell().is_some() => 1,
        Some(a) if a.move_cells().is_some() => 2,
        _ => 0,
    };
    assert_eq!(
        elements(&doc, "last").len(),
        want_last,
        "{file}: last action"
    );
    assert!(
        text.contains("a &lt;test&gt; &amp; caption"),
        "{file}: caption escaped"
    );

    // Coordinates: the letter of every column and the number of every row.
    let texts: BTreeSet<String> = doc
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text().map(str::to_string))
        .collect();
    for c in 0..board.len() {
        let info = board.cell(Cell::new(c));
        let letter = gdl::board::column_letters(info.col as usize);
        assert!(texts.contains(&letter), "{file}: column {letter}");
        assert!(texts.contains(&(info.row + 1).to_string()), "{file}: row");
    }
    text
}

#[test]
fn every_board_family_is_drawn() {
    // Square, with a piece, a mark-free position and the last move.
    check_picture("games/tictactoe.gdl", &[], "b2 a1 c3");
    // Rhombus.
    check_picture("games/hex.gdl", &["size=5"], "c3 b4");
    // Hexhex, with marks (Ecalper's stones added last turn).
    check_picture("games/ecalper.gdl", &["size=3"], "c1 d1 e1");
    // Hexagon with unequal sides, two owned kinds, a move as the last action.
    check_picture("games/equi.gdl", &["corner-rule=off"], "c3 d3 c2");
    // A cut board with diagonals.
    check_picture("games/equi.gdl", &["board=omni5"], "e5");
    // Neutral pieces.
    check_picture(
        "games/carteso.gdl",
        &["size=3", "komi=0.5"],
        "komi-value=0.5 side=vertical black:b2 white:a1",
    );
}

#[test]
fn links_are_drawn() {
    let dir = std::env::temp_dir().join(format!("gdl-picture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("linked.gdl");
    std::fs::write(
        &file,
        "game Linked\nboard square(3) without b2 link a1 c3, a3 c1\nplayers x, o\n\
         pieces stone\nturn: place stone at empty\nend if count(empty) = 0: draw\n",
    )
    .expect("written");
    let text = check_picture(file.to_str().expect("UTF-8"), &[], "a1");
    assert_eq!(text.matches("class=\"link\"").count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stacks_show_their_heights() {
    // Backgammon's start: a height beside each stack of two or more (two,
    // three and five checkers), none beside a lone checker.
    let g = game("games/backgammon.gdl", &[]);
    let st = after(&g, "pair=12 l1-k1");
    let text = svg(&g, &st, None, "backgammon");
    let doc = roxmltree::Document::parse(&text).expect("XML");
    let heights = elements(&doc, "height");
    let shown: Vec<u64> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("height"))
        .map(|n| n.text().unwrap_or("").parse().expect("a number"))
        .collect();
    let stacked = (0..g.board().len())
        .filter(|&c| g.height(&st, Cell::new(c)) > 1)
        .count();
    // l1's two became one on l1 and one on k1: seven stacks of two or more.
    assert_eq!((heights.len(), stacked), (7, 7));
    assert_eq!(shown.iter().sum::<u64>(), 30 - 2);
}

/// A game's `picture`: light and dark squares (a1 dark, as `dark` holds),
/// and each piece as its kind's glyph in its owner's colour.
#[test]
fn chess_is_drawn_checkered_with_its_symbols() {
    let g = game("games/chess.gdl", &[]);
    let text = svg(&g, &g.start(), None, "chess");
    let doc = roxmltree::Document::parse(&text).expect("XML");
    let cells = elements(&doc, "cell");
    let fill = |label: &str| {
        let cell = cells.iter().find(|c| attr(c, "data-cell") == label);
        attr(cell.expect("a cell"), "fill").to_string()
    };
    assert_eq!(fill("a1"), fill("h8"));
    assert_eq!(fill("a8"), fill("h1"));
    assert_ne!(fill("a1"), fill("a8"));
    assert_ne!(fill("a1"), fill("b1"));
    let glyphs: Vec<(String, String, String)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("piece"))
        .map(|n| {
            (
                n.attribute("data-owner").unwrap_or("").to_string(),
                n.attribute("data-kind").unwrap_or("").to_string(),
                n.text().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(glyphs.len(), 32);
    assert!(glyphs.iter().all(|(_, _, t)| t.ends_with('\u{FE0E}')));
    let king: Vec<&(String, String, String)> = glyphs.iter().filter(|g| g.1 == "king").collect();
    assert_eq!(king.len(), 2);
    assert!(king.iter().all(|k| k.2.starts_with('♚')));
    assert_eq!(glyphs.iter().filter(|g| g.2.starts_with('♟')).count(), 16);
    // In the owner's colour: the two kings are filled differently.
    let fills: BTreeSet<&str> = doc
        .descendants()
        .filter(|n| n.attribute("data-kind") == Some("king"))
        .map(|n| n.attribute("fill").unwrap_or(""))
        .collect();
    assert_eq!(fills.len(), 2);
    // Xiangqi's characters are written on its discs (`discs`).
    let xiangqi = game("games/xiangqi.gdl", &[]);
    let text = svg(&xiangqi, &xiangqi.start(), None, "xiangqi");
    let doc = roxmltree::Document::parse(&text).expect("XML");
    let discs = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "circle" && n.attribute("class") == Some("piece"))
        .count();
    assert_eq!(discs, 32);
    let written: Vec<&str> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "text")
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(written.iter().filter(|t| **t == "車").count(), 4);
    assert_eq!(written.iter().filter(|t| **t == "將").count(), 2);
    // A game without a picture keeps its discs on one colour.
    let plain = game("games/breakthrough.gdl", &[]);
    let text = svg(&plain, &plain.start(), None, "plain");
    let doc = roxmltree::Document::parse(&text).expect("XML");
    let fills: BTreeSet<String> = elements(&doc, "cell")
        .iter()
        .map(|c| attr(c, "fill").to_string())
        .collect();
    assert_eq!(fills.len(), 1);
    assert!(
        doc.descendants()
            .any(|n| n.tag_name().name() == "circle" && n.attribute("class") == Some("piece"))
    );
}

#[test]
fn a_king_in_check_is_shown_under_its_piece() {
    // The glow is on the attacked king's cell: the cell's shape and the
    // glow share a centre.
    let shown = |file: &str, moves: &str| {
        let g = game(file, &[]);
        let st = after(&g, moves);
        let text = svg(&g, &st, None, "check");
        let doc = roxmltree::Document::parse(&text).expect("XML");
        let centres: Vec<(String, String)> = elements(&doc, "check")
            .iter()
            .map(|c| (attr(c, "cx").to_string(), attr(c, "cy").to_string()))
            .collect();
        (centres, elements(&doc, "cell"))
    };
    // Scholar's mate: black's king on e8.
    let (centres, cells) = shown("games/chess.gdl", "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7");
    assert_eq!(centres.len(), 1, "{centres:?}");
    let e8 = (cells.iter().find(|c| attr(c, "data-cell") == "e8")).expect("e8");
    let inside = |c: &[(String, String)], (x, y): &(String, String)| {
        let num = |k: &str| attr(c, k).parse::<f64>().unwrap_or(f64::NAN);
        let (x, y) = (x.parse::<f64>().unwrap(), y.parse::<f64>().unwrap());
        (num("x")..num("x") + num("width")).contains(&x)
            && (num("y")..num("y") + num("height")).contains(&y)
    };
    assert!(inside(e8, &centres[0]), "{e8:?} {centres:?}");
    // No check: nothing shown.
    assert!(shown("games/chess.gdl", "e4 e5").0.is_empty());
    // Xiangqi's general, checked by a cannon along its row, over the
    // advisor.
    assert_eq!(shown("games/xiangqi.gdl", "c1-a3 b8-b1").0.len(), 1);
    assert!(shown("games/xiangqi.gdl", "c1-a3").0.is_empty());
}
