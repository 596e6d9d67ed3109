use super::*;

fn board(shape: Shape) -> Board {
    build(&BoardSpec::new(shape)).unwrap()
}

fn sq(w: u32, h: u32, diagonals: bool) -> Board {
    board(Shape::Square { w, h, diagonals })
}

fn labels(b: &Board, cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&c| b.label(c).to_string()).collect()
}

fn cell(b: &Board, l: &str) -> Cell {
    b.cell_by_label(l).unwrap_or_else(|| panic!("no cell {l}"))
}

fn spec(shape: Shape, remove: &[&str], links: &[(&str, &str)]) -> BoardSpec {
    BoardSpec {
        shape,
        remove: remove.iter().map(|s| s.to_string()).collect(),
        links: links
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
    }
}

/// Structural invariants every board must satisfy.
fn check_invariants(b: &Board) {
    let nd = b.ndirs();
    assert_eq!(b.neighbor_table().len(), b.len() * nd);
    for c in b.cells() {
        let ns = b.neighbors(c);
        assert!(ns.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicates");
        assert!(!ns.contains(&c));
        for d in 0..nd {
            if let Some(n) = b.neighbor(c, Dir::new(d)) {
                assert_eq!(b.neighbor(n, b.opposite(Dir::new(d))), Some(c));
                assert!(ns.contains(&n));
            }
        }
        for &n in ns {
            assert!(b.neighbors(n).contains(&c));
        }
        assert_eq!(b.cell_by_label(b.label(c)), Some(c));
    }
    let total: usize = b.cells().map(|c| b.neighbors(c).len()).sum();
    assert_eq!(total, 2 * b.graph().edge_count());
    for e in b.graph().edge_indices() {
        let (s, t) = b.graph().edge_endpoints(e).unwrap();
        assert!(s.index() < t.index());
        if let Some(d) = b.graph()[e].dir {
            assert_eq!(
                b.neighbor(Cell::new(s.index()), d),
                Some(Cell::new(t.index()))
            );
        }
    }
    // Index order is rendering order.
    for c in 1..b.len() {
        let (p, q) = (b.cell(Cell::new(c - 1)), b.cell(Cell::new(c)));
        assert!((p.y, p.x) < (q.y, q.x));
    }
    let r = b.render(&|_| '.');
    assert!(
        r.lines().all(|l| l == l.trim_end()),
        "trailing spaces in\n{r}"
    );
    assert_eq!(r.matches('.').count(), b.len());
}

#[test]
fn cell_counts() {
    assert_eq!(sq(3, 3, false).len(), 9);
    assert_eq!(sq(8, 8, true).len(), 64);
    for n in 1..=8u32 {
        let b = board(Shape::HexHex { n });
        assert_eq!(b.len(), (3 * n * (n - 1) + 1) as usize);
        check_invariants(&b);
    }
    assert_eq!(board(Shape::Rhombus { w: 11, h: 11 }).len(), 121);
    assert_eq!(board(Shape::Rhombus { w: 5, h: 3 }).len(), 15);
}

#[test]
fn hexagon_row_lengths() {
    let b = board(Shape::Hexagon {
        sides: [4, 3, 4, 3, 4, 3],
    });
    let rows: Vec<usize> = (1..=6).map(|k| b.row(k).len()).collect();
    assert_eq!(rows, [4, 5, 6, 5, 4, 3]);
    assert_eq!(b.len(), 27);
    let b = board(Shape::Hexagon {
        sides: [6, 5, 6, 5, 6, 5],
    });
    let rows: Vec<usize> = (1..=10).map(|k| b.row(k).len()).collect();
    assert_eq!(rows, [6, 7, 8, 9, 10, 9, 8, 7, 6, 5]);
    // A triangle is a hexagon with 1-cell sides.
    let t = board(Shape::Hexagon {
        sides: [4, 1, 4, 1, 4, 1],
    });
    assert_eq!(t.len(), 10);
    assert_eq!(t.corners().len(), 3);
    check_invariants(&t);
}

#[test]
fn hexhex_is_regular_hexagon() {
    for n in 1..=5 {
        let a = board(Shape::HexHex { n });
        let b = board(Shape::Hexagon { sides: [n; 6] });
        assert_eq!(a.len(), b.len());
        assert_eq!(a.graph().edge_count(), b.graph().edge_count());
        for c in 0..a.len() {
            assert_eq!(a.cell(Cell::new(c)), b.cell(Cell::new(c)));
            assert_eq!(a.neighbors(Cell::new(c)), b.neighbors(Cell::new(c)));
        }
    }
}

/// Numbers verified against Ludii's boards (/work/shared/reference/ludii/equi-boards,
/// equi_Hex_3-4.txt, equi_Hex_5-6.txt, equi_Hex_4.txt): the graphs were checked
/// isomorphic with petgraph::algo::is_isomorphic; here only the invariants are kept.
#[test]
fn equi_boards_match_ludii() {
    let cases = [
        (
            Shape::Hexagon {
                sides: [4, 3, 4, 3, 4, 3],
            },
            27,
            63,
            vec![(3, 6), (4, 9), (6, 12)],
        ),
        (
            Shape::Hexagon {
                sides: [6, 5, 6, 5, 6, 5],
            },
            75,
            195,
            vec![(3, 6), (4, 21), (6, 48)],
        ),
        (
            Shape::HexHex { n: 4 },
            37,
            90,
            vec![(3, 6), (4, 12), (6, 19)],
        ),
    ];
    for (shape, cells, edges, hist) in cases {
        let b = board(shape);
        assert_eq!(b.len(), cells);
        assert_eq!(b.graph().edge_count(), edges);
        assert_eq!(b.degree_histogram(), hist);
        check_invariants(&b);
    }
}

#[test]
fn edge_counts() {
    assert_eq!(sq(3, 3, false).graph().edge_count(), 12);
    assert_eq!(sq(3, 3, true).graph().edge_count(), 20);
    assert_eq!(board(Shape::HexHex { n: 2 }).graph().edge_count(), 12);
    assert_eq!(board(Shape::Rhombus { w: 2, h: 2 }).graph().edge_count(), 5);
    assert_eq!(board(Shape::HexHex { n: 1 }).graph().edge_count(), 0);
    for b in [
        sq(3, 3, false),
        sq(4, 2, true),
        board(Shape::Rhombus { w: 11, h: 11 }),
        sq(1, 1, true),
    ] {
        check_invariants(&b);
    }
}

#[test]
fn square_directions() {
    let b = sq(3, 3, true);
    let d = |n: &str| b.dir_by_name(n).unwrap();
    let names: Vec<&str> = b.dirs().iter().map(|d| d.name).collect();
    assert_eq!(names, ["n", "e", "s", "w", "ne", "se", "sw", "nw"]);
    assert_eq!(sq(3, 3, false).ndirs(), 4);
    let a1 = cell(&b, "a1");
    assert_eq!(a1, Cell::new(6), "row-major from the top-left");
    assert_eq!(b.label(Cell::new(0)), "a3");
    assert_eq!(b.neighbor(a1, d("n")), Some(cell(&b, "a2")));
    assert_eq!(b.neighbor(a1, d("e")), Some(cell(&b, "b1")));
    assert_eq!(b.neighbor(a1, d("ne")), Some(cell(&b, "b2")));
    assert_eq!(b.neighbor(a1, d("s")), None);
    assert_eq!(b.neighbor(a1, d("w")), None);
    assert_eq!(b.neighbor(cell(&b, "b2"), d("nw")), Some(cell(&b, "a3")));
    let c = b.cell(cell(&b, "c2"));
    assert_eq!((c.col, c.row, c.x, c.y), (2, 1, 4, 1));
    // Angles counterclockwise from east.
    assert_eq!(b.rotate(d("n"), 90), Some(d("w")));
    assert_eq!(b.rotate(d("e"), -90), Some(d("s")));
    assert_eq!(b.rotate(d("e"), 45), Some(d("ne")));
    assert_eq!(b.rotate(d("sw"), 360 + 90), Some(d("se")));
    assert_eq!(sq(3, 3, false).rotate(Dir::new(0), 45), None);
    for (x, y) in [("n", "s"), ("e", "w"), ("ne", "sw"), ("se", "nw")] {
        assert_eq!(b.opposite(d(x)), d(y));
        assert_eq!(b.opposite(d(y)), d(x));
    }
    assert_eq!(b.dir_by_name("up"), None);
}

#[test]
fn hex_directions() {
    let b = board(Shape::Rhombus { w: 3, h: 3 });
    let d = |n: &str| b.dir_by_name(n).unwrap();
    let names: Vec<&str> = b.dirs().iter().map(|d| d.name).collect();
    assert_eq!(names, ["e", "ne", "nw", "w", "sw", "se"]);
    let angles: Vec<i32> = b.dirs().iter().map(|d| d.angle).collect();
    assert_eq!(angles, [0, 60, 120, 180, 240, 300]);
    let a1 = cell(&b, "a1");
    assert_eq!(a1, Cell::new(0), "a1 is the top-left corner");
    assert_eq!(b.neighbor(a1, d("se")), Some(cell(&b, "a2")));
    assert_eq!(b.neighbor(a1, d("e")), Some(cell(&b, "b1")));
    assert_eq!(b.neighbor(a1, d("sw")), None);
    assert_eq!(b.neighbor(cell(&b, "b2"), d("ne")), Some(cell(&b, "c1")));
    assert_eq!(b.neighbor(cell(&b, "b2"), d("nw")), Some(cell(&b, "b1")));
    assert_eq!(b.neighbor(cell(&b, "b2"), d("sw")), Some(cell(&b, "a3")));
    assert_eq!(b.neighbors(cell(&b, "b2")).len(), 6);
    assert_eq!(b.rotate(d("e"), 60), Some(d("ne")));
    assert_eq!(b.rotate(d("e"), -60), Some(d("se")));
    assert_eq!(b.rotate(d("e"), 90), None);
    assert_eq!(b.opposite(d("ne")), d("sw"));
    assert_eq!(b.opposite(d("e")), d("w"));
    let c = b.cell(cell(&b, "c2"));
    assert_eq!((c.col, c.row, c.x, c.y), (2, 1, 5, 1));

    let h = board(Shape::HexHex { n: 2 });
    assert_eq!(
        labels(&h, &h.all()),
        ["b1", "c1", "a2", "b2", "c2", "a3", "b3"]
    );
    let center = cell(&h, "b2");
    assert_eq!(h.neighbors(center).len(), 6);
    assert_eq!(h.neighbor(center, d("nw")), Some(cell(&h, "b1")));
    assert_eq!(h.neighbor(center, d("sw")), Some(cell(&h, "a3")));
}

#[test]
fn edges_sides_corners() {
    let b = sq(3, 3, false);
    let d = |n: &str| b.dir_by_name(n).unwrap();
    assert_eq!(labels(&b, &b.edge(d("n"))), ["a3", "b3", "c3"]);
    assert_eq!(labels(&b, &b.edge(d("w"))), ["a3", "a2", "a1"]);
    assert_eq!(b.side_names(), ["top", "bottom", "left", "right"]);
    assert_eq!(labels(&b, &b.side("bottom").unwrap()), ["a1", "b1", "c1"]);
    assert_eq!(labels(&b, &b.side("right").unwrap()), ["c3", "c2", "c1"]);
    assert_eq!(b.side("middle"), None);
    assert_eq!(labels(&b, &b.corners()), ["a3", "c3", "a1", "c1"]);
    assert_eq!(b.all().len(), 9);
    assert_eq!(sq(1, 1, false).corners().len(), 1);
    assert_eq!(sq(3, 1, false).corners().len(), 2);

    let r = board(Shape::Rhombus { w: 4, h: 3 });
    assert_eq!(
        labels(&r, &r.side("top").unwrap()),
        ["a1", "b1", "c1", "d1"]
    );
    assert_eq!(labels(&r, &r.side("left").unwrap()), ["a1", "a2", "a3"]);
    assert_eq!(labels(&r, &r.corners()), ["a1", "d1", "a3", "d3"]);
    let se = r.dir_by_name("se").unwrap();
    assert_eq!(labels(&r, &r.edge(se)), ["a3", "b3", "c3", "d3"]);
    let ne = r.dir_by_name("ne").unwrap();
    assert_eq!(r.edge(ne).len(), 4 + 3 - 1);

    let h = board(Shape::HexHex { n: 3 });
    assert_eq!(h.side_names().len(), 6);
    for s in h.side_names() {
        assert_eq!(h.side(s).unwrap().len(), 3, "side {s}");
    }
    assert_eq!(labels(&h, &h.side("top-left").unwrap()), ["c1", "b2", "a3"]);
    assert_eq!(
        labels(&h, &h.side("bottom-right").unwrap()),
        ["e3", "d4", "c5"]
    );
    assert_eq!(
        labels(&h, &h.corners()),
        ["c1", "e1", "a3", "e3", "a5", "c5"]
    );
    for d in 0..h.ndirs() {
        assert_eq!(h.edge(Dir::new(d)).len(), 5);
    }
    let g = board(Shape::Hexagon {
        sides: [4, 3, 4, 3, 4, 3],
    });
    let lens: Vec<usize> = g
        .side_names()
        .iter()
        .map(|s| g.side(s).unwrap().len())
        .collect();
    assert_eq!(lens, [4, 3, 4, 3, 4, 3]);
    assert_eq!(g.corners().len(), 6);
}

#[test]
fn rows_and_columns() {
    let b = sq(3, 3, false);
    assert_eq!(labels(&b, &b.row(1)), ["a1", "b1", "c1"]);
    assert_eq!(labels(&b, &b.column(2)), ["b3", "b2", "b1"]);
    assert_eq!(b.column_by_name("B"), Some(b.column(2)));
    assert_eq!(b.column_by_name("2"), Some(b.column(2)));
    assert_eq!(b.column_by_name("?"), None);
    assert!(b.row(4).is_empty());
    let h = board(Shape::HexHex { n: 3 });
    assert_eq!(labels(&h, &h.column(1)), ["a3", "a4", "a5"]);
    assert_eq!(labels(&h, &h.column(5)), ["e1", "e2", "e3"]);
    assert_eq!(labels(&h, &h.row(1)), ["c1", "d1", "e1"]);
}

#[test]
fn labels_and_letters() {
    assert_eq!(column_letters(0), "a");
    assert_eq!(column_letters(25), "z");
    assert_eq!(column_letters(26), "aa");
    assert_eq!(column_letters(27), "ab");
    assert_eq!(column_letters(26 + 26 * 26), "aaa");
    for i in 0..2000 {
        assert_eq!(column_index(&column_letters(i)), Some(i));
    }
    assert_eq!(column_index("AB"), Some(27));
    assert_eq!(column_index(""), None);
    assert_eq!(column_index("a1"), None);
    let b = sq(30, 2, false);
    assert_eq!(b.label(Cell::new(b.len() - 1)), "ad1");
    assert_eq!(b.cell_by_label("AD1"), Some(Cell::new(b.len() - 1)));
    assert_eq!(b.cell_by_label("A1"), b.cell_by_label("a1"));
    assert_eq!(b.cell_by_label("a3"), None);
    check_invariants(&b);
}

#[test]
fn removal() {
    let b = build(&spec(
        Shape::Square {
            w: 3,
            h: 3,
            diagonals: false,
        },
        &["B2", "a1"],
        &[],
    ))
    .unwrap();
    assert_eq!(b.len(), 7);
    assert_eq!(b.graph().edge_count(), 12 - 4 - 2);
    assert_eq!(b.cell_by_label("b2"), None);
    assert_eq!(b.cell_by_label("a1"), None);
    assert_eq!(
        labels(&b, &b.all()),
        ["a3", "b3", "c3", "a2", "c2", "b1", "c1"]
    );
    let e = b.dir_by_name("e").unwrap();
    assert_eq!(b.neighbor(cell(&b, "a2"), e), None);
    assert_eq!(b.neighbor(cell(&b, "b1"), e), Some(cell(&b, "c1")));
    assert_eq!(labels(&b, &b.corners()), ["a3", "c3", "c1"]);
    assert_eq!(labels(&b, &b.side("left").unwrap()), ["a3", "a2"]);
    // edge() follows the table, so cells next to a hole are on it.
    assert_eq!(labels(&b, &b.edge(e)), ["c3", "a2", "c2", "c1"]);
    assert_eq!(b.degree_histogram(), [(1, 2), (2, 5)]);
    check_invariants(&b);
    assert_eq!(
        b.render(&|_| '.'),
        "   a b c\n 3 . . . 3\n 2 .   . 2\n 1   . . 1\n   a b c\n"
    );

    let h = build(&spec(Shape::HexHex { n: 2 }, &["b2"], &[])).unwrap();
    assert_eq!(h.len(), 6);
    assert_eq!(h.graph().edge_count(), 6);
    check_invariants(&h);
}

#[test]
fn links() {
    let b = build(&spec(
        Shape::Square {
            w: 3,
            h: 3,
            diagonals: false,
        },
        &["b2"],
        &[("a1", "C3"), ("a1", "a2"), ("c3", "a1")],
    ))
    .unwrap();
    assert_eq!(
        b.link_count(),
        1,
        "links to already adjacent cells and repeats are dropped"
    );
    assert_eq!(b.graph().edge_count(), 8 + 1);
    let (a1, c3) = (cell(&b, "a1"), cell(&b, "c3"));
    assert!(b.neighbors(a1).contains(&c3));
    assert!(b.neighbors(c3).contains(&a1));
    assert_eq!(b.neighbors(a1).len(), 3);
    for d in 0..b.ndirs() {
        assert_ne!(
            b.neighbor(a1, Dir::new(d)),
            Some(c3),
            "links have no direction"
        );
    }
    let link = b
        .graph()
        .edge_indices()
        .find(|&e| b.graph()[e].dir.is_none())
        .unwrap();
    let (s, t) = b.graph().edge_endpoints(link).unwrap();
    assert_eq!(
        (s.index(), t.index()),
        (c3.min(a1).index(), c3.max(a1).index())
    );
    assert!(b.summary().contains("1 links"));
    check_invariants(&b);
}

#[test]
fn links_across_a_gap_have_a_direction() {
    let square = Shape::Square {
        w: 4,
        h: 2,
        diagonals: false,
    };
    // a1 - d1 across the deleted b1 c1: east; a2 - d2 across the kept b2:
    // no direction; a1 - c2 is not in line: no direction.
    let b = build(&spec(
        square,
        &["b1", "c1", "c2"],
        &[("d1", "a1"), ("a2", "d2"), ("a1", "b2")],
    ))
    .unwrap();
    let [a1, d1, a2, d2, b2] = ["a1", "d1", "a2", "d2", "b2"].map(|l| cell(&b, l));
    let (n, e, w) = (Dir::new(0), Dir::new(1), Dir::new(3));
    assert_eq!(b.neighbor(a1, e), Some(d1));
    assert_eq!(b.neighbor(d1, w), Some(a1));
    assert_eq!(b.neighbor(a2, e), Some(b2), "a grid neighbour stays");
    for d in 0..b.ndirs() {
        assert_ne!(b.neighbor(a2, Dir::new(d)), Some(d2));
        assert_ne!(b.neighbor(a1, Dir::new(d)), Some(b2));
    }
    assert_eq!(b.neighbor(a1, n), Some(a2));
    assert_eq!(b.link_count(), 3);
    check_invariants(&b);
}

#[test]
fn errors() {
    let err = |s: BoardSpec| build(&s).unwrap_err();
    let sq3 = Shape::Square {
        w: 3,
        h: 3,
        diagonals: false,
    };
    let e = err(spec(sq3.clone(), &["z9"], &[]));
    assert_eq!(e, BoardError::UnknownLabel("z9".into()));
    assert!(e.to_string().contains("\"z9\""), "{e}");
    assert_eq!(
        err(spec(sq3.clone(), &[], &[("a1", "d1")])),
        BoardError::UnknownLabel("d1".into())
    );
    assert_eq!(
        err(spec(sq3.clone(), &[], &[("a1", "A1")])),
        BoardError::SelfLink("a1".into())
    );
    assert_eq!(
        err(spec(sq3.clone(), &["b2"], &[("a1", "b2")])),
        BoardError::LinkToRemoved("b2".into())
    );
    let all: Vec<String> = sq(3, 3, false)
        .all()
        .iter()
        .map(|&c| sq(3, 3, false).label(c).to_string())
        .collect();
    let all: Vec<&str> = all.iter().map(|s| s.as_str()).collect();
    assert_eq!(err(spec(sq3, &all, &[])), BoardError::Empty);
    let bad = |shape: Shape| err(BoardSpec::new(shape));
    assert!(matches!(
        bad(Shape::Square {
            w: 0,
            h: 3,
            diagonals: false
        }),
        BoardError::BadSize(_)
    ));
    assert!(matches!(
        bad(Shape::Rhombus { w: 3, h: 0 }),
        BoardError::BadSize(_)
    ));
    assert!(matches!(
        bad(Shape::HexHex { n: 0 }),
        BoardError::BadSize(_)
    ));
    assert_eq!(
        bad(Shape::Square {
            w: 65,
            h: 64,
            diagonals: false
        }),
        BoardError::TooLarge(4160)
    );
    assert_eq!(
        bad(Shape::Square {
            w: u32::MAX,
            h: u32::MAX,
            diagonals: true
        }),
        BoardError::TooLarge(u32::MAX as u64 * u32::MAX as u64)
    );
    assert!(sq(64, 64, true).len() == 4096);
    assert_eq!(board(Shape::HexHex { n: 37 }).len(), 3997);
    assert_eq!(bad(Shape::HexHex { n: 38 }), BoardError::TooLarge(4219));
    assert!(matches!(
        bad(Shape::HexHex { n: u32::MAX }),
        BoardError::TooLarge(_)
    ));
    assert!(matches!(
        bad(Shape::Rhombus { w: 100, h: 100 }),
        BoardError::TooLarge(10000)
    ));
    for sides in [
        [4, 3, 4, 3, 4, 4],
        [3, 3, 3, 3, 3, 0],
        [4, 4, 3, 4, 3, 4],
        [1, 1, 1, 1, 1, 2],
    ] {
        let e = bad(Shape::Hexagon { sides });
        assert_eq!(e, BoardError::ImpossibleHexagon(sides));
        assert!(e.to_string().contains("impossible hexagon"), "{e}");
    }
    assert!(matches!(
        bad(Shape::Hexagon {
            sides: [5000, 1, 5000, 1, 5000, 1]
        }),
        BoardError::TooLarge(_)
    ));
    assert!(matches!(
        bad(Shape::Hexagon {
            sides: [91, 1, 91, 1, 91, 1]
        }),
        BoardError::TooLarge(4186)
    ));
    assert!(
        bad(Shape::Square {
            w: 65,
            h: 64,
            diagonals: false
        })
        .to_string()
        .contains("too large")
    );
    assert!(BoardError::Empty.to_string().contains("empty"));
}

#[test]
fn render_hex_3x3() {
    let b = board(Shape::Rhombus { w: 3, h: 3 });
    let expected = "   a b c\n 1  . . .  1\n  2  . . .  2\n   3  . . .  3\n       a b c\n";
    assert_eq!(b.render(&|_| '.'), expected);
    let x = cell(&b, "b2");
    let r = b.render(&|c| if c == x { 'X' } else { '.' });
    assert_eq!(r.lines().nth(2), Some("  2  . X .  2"));
}

#[test]
fn render_square_and_hexhex() {
    let b = sq(3, 2, false);
    assert_eq!(
        b.render(&|_| '.'),
        "   a b c\n 2 . . . 2\n 1 . . . 1\n   a b c\n"
    );
    let h = board(Shape::HexHex { n: 2 });
    let r = h.render(&|c| h.label(c).chars().next().unwrap());
    assert_eq!(r, " b1  b c  c1\na2  a b c  c2\n a3  a b  b3\n");
    // Two-digit rows and two-letter columns stay aligned.
    let big = board(Shape::Rhombus { w: 11, h: 11 });
    let r = big.render(&|_| '.');
    assert_eq!(
        r.lines().nth(10),
        Some("         10  . . . . . . . . . . .  10")
    );
    let wide = sq(28, 1, false);
    let r = wide.render(&|_| '.');
    assert!(r.starts_with("   a   b   c"), "{r}");
    assert!(r.lines().next().unwrap().ends_with("z   aa  ab"), "{r}");
}

#[test]
fn summary_text() {
    let s = sq(3, 3, false).summary();
    assert!(s.contains("square 3x3"), "{s}");
    assert!(s.contains("cells: 9"), "{s}");
    assert!(s.contains("n: 6"), "{s}");
    assert!(s.contains("edges: 12"), "{s}");
    assert!(s.contains("degree 2: 4, degree 3: 4, degree 4: 1"), "{s}");
    let s = board(Shape::Hexagon {
        sides: [4, 3, 4, 3, 4, 3],
    })
    .summary();
    assert!(s.contains("hexagon 4,3,4,3,4,3"), "{s}");
}

/// A new generator is one entry in the table plus its documentation: each
/// builds a board from each count of sizes it takes, and is documented.
#[test]
fn every_generator_builds_and_is_documented() {
    let docs = include_str!("../../docs/language.md");
    for g in GENERATORS {
        assert!(
            docs.contains(&format!("board {}(", g.name)),
            "`{}` is not in docs/language.md",
            g.name
        );
        assert_eq!(generator(g.name).map(|x| x.name), Some(g.name));
        for &n in g.sizes {
            let b = board((g.shape)(&vec![3; n], g.diagonals));
            assert!(b.len() > 1, "{}({n} sizes)", g.name);
        }
    }
}

#[test]
fn star_is_a_hexagon_with_six_triangles() {
    for n in 1..=6u32 {
        let b = board(Shape::Star { n });
        assert_eq!(b.len(), (6 * n * (n - 1) + 1) as usize);
        check_invariants(&b);
        // Each point is a triangle of n - 1 cells a side; its tip is a corner.
        let points: Vec<usize> = (0..6)
            .map(|k| b.side(b.side_names()[k]).map_or(0, |s| s.len()))
            .collect();
        let t = (n * (n - 1) / 2) as usize;
        assert_eq!(points, [t; 6]);
        assert_eq!(b.corners().len(), if n == 1 { 1 } else { 6 });
    }
    // Chinese checkers: 121 holes, rows of 1 2 3 4 13 12 11 10 9 10 ... 1.
    let b = board(Shape::Star { n: 5 });
    let rows: Vec<usize> = (1..=17).map(|k| b.row(k).len()).collect();
    assert_eq!(
        rows,
        [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
    );
    let top = b.cell_by_label("m1").expect("the top tip");
    assert_eq!(b.neighbors(top).len(), 2);
    let labels =
        |s: &str| -> Vec<&str> { b.side(s).unwrap().iter().map(|&c| b.label(c)).collect() };
    assert_eq!(
        labels("top"),
        ["m1", "l2", "m2", "k3", "l3", "m3", "j4", "k4", "l4", "m4"]
    );
    assert_eq!(
        labels("bottom"),
        [
            "e14", "f14", "g14", "h14", "e15", "f15", "g15", "e16", "f16", "e17"
        ]
    );
    // The hexagon of side 5 in the middle: 61 cells outside every point.
    let points: usize = b
        .side_names()
        .iter()
        .map(|s| b.side(s).unwrap().len())
        .sum();
    assert_eq!(b.len() - points, 61);
    // Six neighbours: the hexagon's cells but its six corners (where two
    // points meet, five), and in each point the middle of its two lower rows.
    let six = b.cells().filter(|&c| b.neighbors(c).len() == 6).count();
    assert_eq!(six, 61 - 6 + 6 * 3);
}
