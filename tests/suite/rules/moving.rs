//! Starting positions, directions as values and moves limited to some
//! directions, on small games written here.

use super::*;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The piece on a cell as `player kind` (or `kind` for a neutral one).
fn piece(g: &Game, st: &State, label: &str) -> String {
    let c = g.board().cell_by_label(label).expect("a cell");
    match g.piece_at(st, c) {
        None => String::new(),
        Some(x) => match x.owner {
            Some(o) => format!(
                "{} {}",
                g.rules.players[o.index()],
                g.rules.pieces[x.kind.index()]
            ),
            None => g.rules.pieces[x.kind.index()].clone(),
        },
    }
}

#[test]
fn setup_places_pieces_before_the_first_turn() {
    let g = compile(
        "game T board square(4) players white, black
        pieces pawn
        neutral pieces rock
        option rocks: on | off = on
        setup: white pawn at row(1), black pawn at cells(a4, d4)
        setup if rocks = on: rock at cells(b3)
        turn: place pawn at empty",
    );
    let st = g.start();
    assert_eq!(piece(&g, &st, "a1"), "white pawn");
    assert_eq!(piece(&g, &st, "d1"), "white pawn");
    assert_eq!(piece(&g, &st, "d4"), "black pawn");
    assert_eq!(piece(&g, &st, "b4"), "");
    assert_eq!(piece(&g, &st, "b3"), "rock");
    assert_eq!(st.turn, 1);
    assert_eq!(st.ply, 0);
    // 16 cells, 7 taken: 9 placements.
    assert_eq!(legal(&g, &st).len(), 9);
    // Placed as play places them: the same legal actions as after play,
    // and groups that count the pieces of the setup.
    let empty = compile(
        "game T board square(3) players white, black pieces pawn
        turn: place pawn at empty
        end if largest(own) >= 3: mover wins",
    );
    let set_up = compile(
        "game T board square(3) players white, black pieces pawn
        setup: white pawn at cells(a1, a2), black pawn at cells(c1, c2)
        turn: place pawn at empty
        end if largest(own) >= 3: mover wins",
    );
    let played = after(&empty, "a1 c1 a2 c2");
    let st = set_up.start();
    assert_eq!(st.mover, played.mover);
    assert_eq!(legal(&set_up, &st), legal(&empty, &played));
    let mut st = st;
    let a3 = action(&set_up, &st, "a3");
    set_up.play(&mut st, a3).unwrap();
    assert_eq!(winner(&set_up, &st).as_deref(), Some("white"));
}

/// The legal action written `text`.
fn action(g: &Game, st: &State, text: &str) -> gdl::engine::Action {
    let mut list = Vec::new();
    g.legal_actions(st, &mut list);
    *list
        .iter()
        .find(|&&a| notation::format(g, &list, a) == text)
        .unwrap_or_else(|| panic!("`{text}` is not legal here"))
}

#[test]
fn setup_without_the_condition_leaves_the_board_empty() {
    let src = "game T board square(3) players x, o pieces stone
        option start: full | none = none
        setup if start = full: x stone at all
        turn: place stone at empty";
    let g = gdl::load_source(src, "test.gdl", &[]).unwrap();
    assert_eq!(legal(&g, &g.start()).len(), 9);
    let full: gdl::OptionChoice = "start=full".parse().unwrap();
    let g = gdl::load_source(src, "test.gdl", &[full]).unwrap();
    // Every cell taken: x cannot place, and the game is a draw.
    assert_eq!(winner(&g, &g.start()).as_deref(), Some("draw"));
}

#[test]
fn dark_and_light_squares_alternate_from_a_dark_a1() {
    let g = compile(
        "game T board square(4) players x, o pieces man
        setup: x man at dark and row(1), o man at light and row(4)
        turn: pass",
    );
    let st = g.start();
    let row = |r: u32| -> String {
        ["a", "b", "c", "d"]
            .iter()
            .map(|c| {
                if piece(&g, &st, &format!("{c}{r}")).is_empty() {
                    '.'
                } else {
                    'M'
                }
            })
            .collect()
    };
    assert_eq!(row(1), "M.M.");
    assert_eq!(row(4), "M.M.");
}

#[test]
fn per_player_forward_and_rotated_sets() {
    // White's forward is n, black's s; the diagonals forward are the
    // forward direction turned by 45 degrees either way.
    let g = compile(
        "game T board square(3) with diagonals players white, black
        pieces pawn
        setup: white pawn at cells(b1), black pawn at cells(b3)
        define forward: white = n, black = s
        define forward-diagonals = rotate(forward, 45) or rotate(forward, -45)
        turn: step own forward to empty | step own forward-diagonals to empty",
    );
    let st = g.start();
    assert_eq!(legal(&g, &st), set(&["b1-b2", "b1-a2", "b1-c2"]));
    let st = after(&g, "b1-a2");
    assert_eq!(legal(&g, &st), set(&["b3-b2", "b3-c2"]));
}

#[test]
fn toward_orthogonal_diagonal_and_except() {
    let g = compile(
        "game T board square(3) with diagonals players x, o
        pieces king
        setup: x king at cells(b2)
        action up = step own toward(n) to empty
        action straight = step own (orthogonal except n) to empty
        action slanted = step own diagonal to empty
        turn: up | straight | slanted",
    );
    let st = g.start();
    let mut list = Vec::new();
    g.legal_actions(&st, &mut list);
    let by = |name: &str| -> BTreeSet<String> {
        list.iter()
            .filter(|a| g.rules.choices[a.choice as usize].name == name)
            .map(|a| {
                let (f, t) = a.move_cells().unwrap();
                format!("{}-{}", g.board().label(f), g.board().label(t))
            })
            .collect()
    };
    assert_eq!(by("up"), set(&["b2-a3", "b2-b3", "b2-c3"]));
    assert_eq!(by("straight"), set(&["b2-c2", "b2-b1", "b2-a2"]));
    assert_eq!(by("slanted"), set(&["b2-a3", "b2-c3", "b2-a1", "b2-c1"]));
}

#[test]
fn at_a_set_of_directions_looks_along_each() {
    // A stone may go where an own stone is diagonally behind it (seen
    // from the mover: x looks s, o looks n).
    let g = compile(
        "game T board square(3) with diagonals players x, o pieces stone
        define back: x = s, o = n
        setup: x stone at cells(b1), o stone at cells(b3)
        turn: place stone at empty where own at (rotate(back, 45) or rotate(back, -45))",
    );
    let st = g.start();
    assert_eq!(legal(&g, &st), set(&["a2", "c2"]));
    let st = after(&g, "a2");
    // o looks n from a2 and c2 to b3 diagonally: both; from b2 nothing.
    assert_eq!(legal(&g, &st), set(&["c2"]));
}

#[test]
fn jumps_limited_to_some_directions() {
    // A man jumps forward-diagonally only: from b1 over c2 to d3, not back.
    let g = compile(
        "game T board square(4) with diagonals players white, black
        pieces man
        setup: white man at cells(b1), black man at cells(c2, a2)
        define forward: white = n, black = s
        turn: jump own (rotate(forward, 45) or rotate(forward, -45)) over enemy to empty
                then remove jumped
            else pass",
    );
    let st = g.start();
    assert_eq!(legal(&g, &st), set(&["b1-d3"]));
    // Black's men jump south only: none can.
    let st = after(&g, "b1-d3");
    assert_eq!(piece(&g, &st, "c2"), "");
    assert_eq!(legal(&g, &st), set(&["pass"]));
}

#[test]
fn a_while_possible_step_that_offers_nothing_ends() {
    // The same turn as `a_while_step_that_offers_nothing_leaves_the_player_stuck`
    // (rules::turns), with `and possible`: o's b2 ends o's turn instead.
    let g = compile(
        "game T board square(2) players x, o pieces stone
        turn: place stone at empty,
              while count(own) < 2 and possible: place stone at cells(a1)
        end if stuck: mover loses",
    );
    let st = after(&g, "b1 a1 b2");
    assert!(!st.is_over());
    assert_eq!(g.rules.players[st.mover.index()], "x");
    // `possible` alone: the step repeats while it offers anything.
    let g = compile(
        "game T board square(2) players x, o pieces stone
        turn: while possible: place stone at empty",
    );
    let st = g.start();
    let mut st2 = st.clone();
    for m in ["a1", "b1", "a2", "b2"] {
        let a = action(&g, &st2, m);
        g.play(&mut st2, a).unwrap();
    }
    assert_eq!(
        winner(&g, &st2).as_deref(),
        Some("draw"),
        "x filled the board in one turn"
    );
    assert_eq!(st.turn, 1);
}

#[test]
fn move_directions_joined_by_or_need_no_parentheses() {
    let g = compile(
        "game T board square(3) with diagonals players x, o pieces man
        setup: x man at cells(b2)
        turn: step own n or s or rotate(e, 45) to empty",
    );
    assert_eq!(legal(&g, &g.start()), set(&["b2-b3", "b2-b1", "b2-c3"]));
}

#[test]
fn symmetries_keep_the_sets_of_directions() {
    // Moving north (for both players, or for everyone) leaves only the
    // left-right mirror; north for x and south for o adds the symmetries
    // that exchange the players with north and south.
    let names = |src: &str| -> Vec<(String, bool)> {
        gdl::analysis::symmetry::symmetries(&compile(src).rules)
            .iter()
            .map(|s| (s.name.clone(), s.swaps_players()))
            .collect()
    };
    let mirror_only = [
        ("identity".to_string(), false),
        ("reflection, axis 90°".to_string(), false),
    ];
    let base = "game T board square(3) players x, o pieces man
        turn: place man at empty | step own forward to empty";
    assert_eq!(names(&format!("{base}\ndefine forward = n")), mirror_only);
    assert_eq!(
        names(&format!("{base}\ndefine forward: x = n, o = n")),
        mirror_only
    );
    let swapped = names(&format!("{base}\ndefine forward: x = n, o = s"));
    assert!(
        swapped.contains(&("rotation 180°".to_string(), true)),
        "{swapped:?}"
    );
    assert!(
        !swapped.contains(&("rotation 90°".to_string(), false)),
        "{swapped:?}"
    );
}

/// Custodial capture: an enemy piece between the piece that just moved and
/// another of the mover's is taken. `action-cell` names the moved piece's cell
/// inside the `where`, where `here` is the cell tested.
const CUSTODIAL: &str = "
game Custodial
board square(5)
players white, black
pieces stone
setup: white stone at cells(a1, c2), black stone at cells(b2, e5)
turn: slide own orthogonal over empty to empty
      then remove enemy where some d: action-cell at d and own at rotate(d, 180)
end if count(action-cell and row(5)) > 0: mover wins
end if count(enemy) = 0: mover wins
";

#[test]
fn action_cell_is_the_moved_pieces_cell_inside_a_where() {
    let g = compile(CUSTODIAL);
    // a1-a2 closes b2 between a2 and c2: taken, and black's last stone
    // is left.
    let st = after(&g, "a1-a2");
    assert_eq!(at(&g, &st, "b2"), "");
    assert_eq!(at(&g, &st, "a2"), "white");
    // A slide that closes nothing takes nothing.
    let st = after(&g, "a1-b1");
    assert_eq!(at(&g, &st, "b2"), "black");
    // With `here` the `where` asks about the cell it tests: nothing taken.
    let g = compile(&CUSTODIAL.replace("action-cell at d", "here at d"));
    assert_eq!(at(&g, &after(&g, "a1-a2"), "b2"), "black");
    // Outside a `where`, `action-cell` is the action's cell, as `here`.
    let g = compile(CUSTODIAL);
    assert_eq!(
        winner(&g, &after(&g, "a1-b1 e5-e4 c2-c5")),
        Some("white".into())
    );
}
