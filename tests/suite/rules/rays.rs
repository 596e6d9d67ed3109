//! Rays, runs and leaps (`ray`, `flanked`, `leaps`, `slide`, `leap`) on
//! small games written here.

use super::*;
use gdl::ids::Cell;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

fn errors(src: &str) -> Vec<String> {
    match gdl::load_source(src, "test.gdl", &[]) {
        Ok(_) => Vec::new(),
        Err(e) => e.diagnostics().iter().map(|d| d.message.clone()).collect(),
    }
}

#[test]
fn a_ray_runs_while_its_path_holds_and_leaves_out_its_start() {
    // x's stones on c5 and a1 block the north and south-west rays of o's
    // stone on c3, which marks the cells of ray(here, empty).
    let g = compile(
        "game T board square(5) with diagonals players x, o pieces stone marks seen
         turn 1: place stone at cells(c5)
         turn 2: pass
         turn 3: place stone at cells(a1)
         turn: place stone at cells(c3) then mark seen at ray(here, empty)",
    );
    let st = after(&g, "c5 pass a1 c3");
    let seen: BTreeSet<String> = (0..g.board().len())
        .filter(|&c| g.has_mark(&st, Cell::new(c), 0))
        .map(|c| g.board().label(Cell::new(c)).to_string())
        .collect();
    assert_eq!(
        seen,
        set(&[
            "c4", "d4", "e5", "d3", "e3", "d2", "e1", "c2", "c1", "b2", "b3", "a3", "b4", "a5"
        ])
    );
}

#[test]
fn flanked_closes_runs_by_the_other_set() {
    // Both players place freely; o may also place where it flanks.
    let g = compile(
        "game T board square(5) with diagonals players x, o pieces stone marks turned
         action flank = place stone at empty where flanked(enemy, here, own)
           then mark turned at flanked(enemy, here, own)
           then convert flanked(enemy, here, own)
         turn: place stone at empty except cells(a1) | flank",
    );
    // x: b1 c1 (east of a1), b2 (north-east of a1), a2 a3 (north, closed
    // by o's a4); o: d1 (closes the east run), c3 (closes the diagonal),
    // a4. x's e5 is far away.
    let st = after(&g, "b1 d1 c1 c3 b2 a4 a2 e4 a3 e3 e5");
    assert_eq!(g.rules.players[st.mover.index()], "o");
    let mut list = Vec::new();
    g.legal_actions(&st, &mut list);
    let a1 = list
        .iter()
        .copied()
        .find(|a| {
            notation::format(&g, &list, *a) == "flank:a1" || notation::format(&g, &list, *a) == "a1"
        })
        .expect("o may flank from a1");
    let mut st = st;
    g.play(&mut st, a1).expect("legal");
    for c in ["a1", "b1", "c1", "b2", "a2", "a3"] {
        assert_eq!(at(&g, &st, c), "o", "{c}");
    }
    assert_eq!(at(&g, &st, "e5"), "x");
}

#[test]
fn a_slide_stops_on_cells_it_crosses_and_may_take_the_first_other() {
    let g = compile(
        "game T board square(4) with diagonals players x, o pieces stone
         turn 1: place stone at cells(a1)
         turn 2: place stone at cells(c1)
         turn 3: place stone at cells(a3)
         turn 4: place stone at cells(c3)
         turn: slide own to empty or enemy | pass",
    );
    let st = after(&g, "a1 c1 a3 c3");
    let moves: BTreeSet<String> = legal(&g, &st)
        .into_iter()
        .filter(|m| m.starts_with("a1-"))
        .collect();
    // East: b1, then c1 (o's, taken); north: a2, not a3 (own); north-east:
    // b2, then c3 (o's).
    assert_eq!(moves, set(&["a1-b1", "a1-c1", "a1-a2", "a1-b2", "a1-c3"]));
    let st = after(&g, "a1 c1 a3 c3 a1-c3");
    assert_eq!(at(&g, &st, "c3"), "x");
    assert_eq!(at(&g, &st, "a1"), "");
}

#[test]
fn a_slide_goes_over_its_path_only() {
    // Over own stones, to empty cells: a1 passes a2 (own) to a3, a4.
    let g = compile(
        "game T board square(4) players x, o pieces stone
         turn 1: place stone at cells(a1)
         turn 2: place stone at cells(d4)
         turn 3: place stone at cells(a2)
         turn 4: place stone at cells(d3)
         turn: slide own and cells(a1) over own or empty to empty | pass",
    );
    let st = after(&g, "a1 d4 a2 d3");
    assert_eq!(
        legal(&g, &st),
        set(&["a1-a3", "a1-a4", "a1-b1", "a1-c1", "a1-d1", "pass"])
    );
}

#[test]
fn a_knight_leaps_over_anything_to_cells_on_the_board() {
    let g = compile(
        "game T board square(4) with diagonals players x, o pieces stone
         turn 1: place stone at cells(a1)
         turn 2: place stone at cells(b2)
         turn 3: place stone at cells(c2)
         turn 4: pass
         turn: leap own (2, 1) to not own | pass",
    );
    let st = after(&g, "a1 b2 c2 pass");
    // From a1: b3, and c2 (own: not offered); from c2: a3, b4, d4, and
    // a1 (own); e1 and e3 would be off the board. b2 is leapt over.
    assert_eq!(
        legal(&g, &st),
        set(&["a1-b3", "c2-a3", "c2-b4", "c2-d4", "pass"])
    );
    // `leaps` gives the same cells as a set.
    let g = compile(
        "game T board square(4) with diagonals players x, o pieces stone
         turn: place stone at leaps(cells(a1), 2, 1) | pass",
    );
    assert_eq!(legal(&g, &g.start()), set(&["b3", "c2", "pass"]));
}

#[test]
fn a_hex_knight_has_twelve_leaps() {
    let g = compile(
        "game T board hexhex(5) players x, o pieces stone
         turn: place stone at leaps(cells(e5), 2, 1)",
    );
    assert_eq!(legal(&g, &g.start()).len(), 12);
}

#[test]
fn a_leap_pattern_must_go_somewhere() {
    let e = errors(
        "game T board square(4) players x, o pieces stone
         turn: leap own (0, 0) to empty",
    );
    assert!(e.iter().any(|m| m.contains("leap pattern")), "{e:?}");
    let e = errors(
        "game T board square(4) players x, o pieces stone
         turn: place stone at leaps(own, 1001, 1)",
    );
    assert!(e.iter().any(|m| m.contains("leap pattern")), "{e:?}");
}

#[test]
fn an_amazon_that_cannot_move_shoots_no_arrow_and_its_player_loses() {
    // Amazons' turn on a 4x1 board: white a1, black d1. White moves to b1
    // and shoots at c1: black's amazon is walled in, and black loses.
    let g = compile(
        "game T board square(4, 1) players white, black pieces amazon
         neutral pieces arrow marks landed
         turn 1: place amazon at cells(a1)
         turn 2: place amazon at cells(d1)
         turn: slide own to empty marking landed,
               place arrow at ray(landed, empty) then clear landed
         end if stuck: mover loses",
    );
    let st = after(&g, "a1 d1 a1-b1");
    // The arrow from b1: back over a1, or on to c1 (d1 is black's).
    assert_eq!(legal(&g, &st), set(&["a1", "c1"]));
    let st = after(&g, "a1 d1 a1-b1 c1");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
    // Shooting back instead leaves black a move.
    let st = after(&g, "a1 d1 a1-b1 a1");
    assert_eq!(legal(&g, &st), set(&["d1-c1"]));
}

#[test]
fn slides_rays_and_runs_keep_to_their_directions() {
    // A rook: `slide own orthogonal`; a ray and a run along the diagonals
    // only.
    let g = compile(
        "game T board square(3) with diagonals players x, o pieces stone marks seen
         turn 1: place stone at cells(a1)
         turn 2: pass
         turn: slide own orthogonal to empty then mark seen at ray(here, empty, diagonal)",
    );
    let st = after(&g, "a1 pass");
    assert_eq!(legal(&g, &st), set(&["a1-a2", "a1-a3", "a1-b1", "a1-c1"]));
    let st = after(&g, "a1 pass a1-a2");
    let seen: BTreeSet<String> = (0..g.board().len())
        .filter(|&c| g.has_mark(&st, Cell::new(c), 0))
        .map(|c| g.board().label(Cell::new(c)).to_string())
        .collect();
    assert_eq!(seen, set(&["b3", "b1"]));
    // flanked(..., orthogonal): the diagonal run b2 from a1 to c3 is not one.
    let g = compile(
        "game T board square(3) with diagonals players x, o pieces stone
         turn 1: place stone at cells(b2)
         turn 2: place stone at cells(c3)
         turn 3: place stone at cells(b1)
         turn 4: place stone at cells(c1)
         turn: place stone at empty where flanked(enemy, here, own, orthogonal) | pass",
    );
    // o to move: a1 closes b1 (east, to c1); a3 would close b2 only
    // diagonally (to c1), and a1's own diagonal b2-c3 does not count.
    assert_eq!(legal(&g, &after(&g, "b2 c3 b1 c1")), set(&["pass"]));
    assert_eq!(
        legal(&g, &after(&g, "b2 c3 b1 c1 pass")),
        set(&["a1", "pass"])
    );
}

#[test]
fn a_leap_toward_a_direction_keeps_the_leaps_within_90_degrees() {
    // Knights toward the north: (+-1, 2) and (+-2, 1) only.
    let g = compile(
        "game T board square(5) players x, o pieces knight
         turn 1: place knight at cells(c3)
         turn 2: pass
         turn: leap own (2, 1) toward n to empty | pass",
    );
    assert_eq!(
        legal(&g, &after(&g, "c3 pass")),
        set(&["c3-b5", "c3-d5", "c3-a4", "c3-e4", "pass"])
    );
    // Per player, as `define forward: x = n, o = s`: o's knight goes south.
    let g = compile(
        "game T board square(5) players x, o pieces knight
         define forward: x = n, o = s
         turn 1: pass
         turn 2: place knight at cells(c3)
         turn: leap own (2, 1) toward forward to empty | pass",
    );
    assert_eq!(
        legal(&g, &after(&g, "pass c3 pass")),
        set(&["c3-b1", "c3-d1", "c3-a2", "c3-e2", "pass"])
    );
}

#[test]
fn a_hex_knight_toward_a_direction_keeps_six_of_its_twelve_leaps() {
    let g = compile(
        "game T board hexhex(5) players x, o pieces knight
         turn 1: place knight at cells(e5)
         turn 2: pass
         turn: leap own (2, 1) toward e to empty | pass",
    );
    // The leaps are at 19.1 and 40.9 degrees from each of the six
    // directions; those less than 90 degrees from east: 6.
    assert_eq!(legal(&g, &after(&g, "e5 pass")).len(), 6 + 1);
}

#[test]
fn after_a_slide_here_is_where_it_stopped_and_origin_where_it_started() {
    let g = compile(
        "game T board square(4) players x, o pieces stone marks left, reached
         turn 1: place stone at cells(a1)
         turn 2: pass
         turn: slide own to empty then mark left at origin then mark reached at here",
    );
    let st = after(&g, "a1 pass a1-a4");
    let marked = |m: usize| -> Vec<String> {
        (0..g.board().len())
            .filter(|&c| g.has_mark(&st, Cell::new(c), m))
            .map(|c| g.board().label(Cell::new(c)).to_string())
            .collect()
    };
    assert_eq!(marked(0), ["a1"]);
    assert_eq!(marked(1), ["a4"]);
}

#[test]
fn a_symmetry_maps_the_cells_of_slides_and_leaps() {
    use gdl::engine::{Action, ActionKind};
    use gdl::rules::ChoiceKind;
    let g = compile(
        "game T board square(4) with diagonals players x, o pieces stone
         turn 1: place stone at cells(a1)
         turn 2: pass
         turn: slide own to empty | leap own (2, 1) to empty",
    );
    let mut list = Vec::new();
    g.legal_actions(&after(&g, "a1 pass"), &mut list);
    // The reflection in the long diagonal: a1-d4 stays, b1 <-> a2.
    let b = g.board();
    let mirror = |c: Cell| {
        let info = b.cell(c);
        b.cell_by_label(&format!(
            "{}{}",
            (b'a' + info.row as u8) as char,
            info.col + 1
        ))
    };
    let image = |a: Action| a.map_cells(mirror, Some).map(|m| m.kind);
    let find = |f: &str, t: &str| {
        let (f, t) = (b.cell_by_label(f).unwrap(), b.cell_by_label(t).unwrap());
        *list
            .iter()
            .find(|a| a.move_cells() == Some((f, t)))
            .expect("legal")
    };
    let slide = find("a1", "c1");
    let kind_of = |a: Action| &g.rules.choices[a.choice as usize].kind;
    assert!(matches!(kind_of(slide), ChoiceKind::Slide { .. }));
    let (f, t) = image(slide)
        .map(|k| match k {
            ActionKind::Moves { from, to } => (from.index(), to.index()),
            other => panic!("a slide maps to a move: {other:?}"),
        })
        .expect("cells map");
    assert_eq!((b.label(Cell::new(f)), b.label(Cell::new(t))), ("a1", "a3"));
    let leap = find("a1", "b3");
    assert!(matches!(kind_of(leap), ChoiceKind::Leap { .. }));
    match image(leap) {
        Some(ActionKind::Moves { from, to }) => {
            assert_eq!((b.label(from), b.label(to)), ("a1", "c2"))
        }
        other => panic!("a leap maps to a leap: {other:?}"),
    }
}

#[test]
fn directions_joined_by_or_limit_leaps_and_slides() {
    let g = compile(
        "game T board square(5) players x, o pieces knight
         turn 1: place knight at cells(c3)
         turn 2: pass
         turn: leap own (2, 1) toward n or e to empty
             | slide own n or s to empty
             | pass",
    );
    assert_eq!(
        legal(&g, &after(&g, "c3 pass")),
        set(&[
            "c3-b5", "c3-d5", "c3-a4", "c3-e4", "c3-e2", "c3-d1", "c3-c4", "c3-c5", "c3-c2",
            "c3-c1", "pass"
        ])
    );
}

#[test]
fn leaps_toward_a_direction_on_a_large_board() {
    // 900 cells: the table of the four northward leaps is walked, not
    // kept as sets.
    let g = compile(
        "game T board square(30) players x, o pieces knight
         turn 1: place knight at cells(o15)
         turn 2: pass
         turn: leap own (2, 1) toward n to empty | pass",
    );
    assert_eq!(
        legal(&g, &after(&g, "o15 pass")),
        set(&["o15-n17", "o15-p17", "o15-m16", "o15-q16", "pass"])
    );
}

#[test]
fn a_game_has_at_most_sixteen_leap_patterns() {
    let calls: Vec<String> = (1..=17).map(|k| format!("leaps(own, {k}, 0)")).collect();
    let e = errors(&format!(
        "game T board square(4) players x, o pieces stone
         turn: place stone at {}",
        calls.join(" or ")
    ));
    assert!(
        e.iter()
            .any(|m| m.contains("at most 16 different leap patterns")),
        "{e:?}"
    );
}

#[test]
fn a_named_leap_no_turn_uses_is_harmless() {
    // The action is checked but never offered; its pattern once had no
    // table, and building the game panicked.
    let g = compile(
        "game T board square(4) players x, o pieces knight
         setup: x knight at cells(a1), o knight at cells(d4)
         action jump-about = leap own (2, 1) to empty
         turn: step own to empty",
    );
    assert_eq!(legal(&g, &g.start()), set(&["a1-a2", "a1-b1"]));
}
