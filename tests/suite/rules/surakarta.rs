//! Surakarta, played out on the shipped game file (`circuit`, `slide ...
//! around`), and against a reference implementation written here that
//! finds the circuits by walking the board's lines and turning round its
//! corners, not from the file's lists.

use super::*;

fn surakarta() -> Game {
    game("games/surakarta.gdl", &[])
}

/// The position written as `gdl show` prints it (`6/4m1/6/6/1M4/6 white`).
fn from(g: &Game, text: &str) -> State {
    g.start_at(&notation::read_position(g, text).expect("reads"))
}

#[test]
fn a_piece_passes_its_own_cell_and_takes_after_a_loop() {
    // White on b2 alone, black on e5: b2 goes up column b (b3..b6), round
    // the top left loop onto row 5 (a5, then b5: its own column again,
    // empty), on to c5, d5, and takes e5.
    let g = surakarta();
    let st = from(&g, "6/4m1/6/6/1M4/6 white 0");
    let l = legal(&g, &st);
    assert!(l.contains("b2-e5"), "{l:?}");
    // Black on c5 too: the way up column b takes c5 first; e5 is still
    // reached the other way, along row 2 and round the bottom right loop
    // up column e (through e2, where the two runs cross).
    let st = from(&g, "6/2m1m1/6/6/1M4/6 white 0");
    let l = legal(&g, &st);
    assert!(l.contains("b2-c5") && l.contains("b2-e5"), "{l:?}");
    // White on d2 shuts that way: only c5, and d2's own moves.
    let st = from(&g, "6/2m1m1/6/6/1M1M2/6 white 0");
    let l = legal(&g, &st);
    assert!(l.contains("b2-c5") && !l.contains("b2-e5"), "{l:?}");
    // Straight along a line, with no loop between: no capture. b2 meets
    // c2 at once going east; its other ways are shut by its own b1 and
    // b3 (west: a2, round the loop, b1). b3 takes c2: west along row 3,
    // round the outer loop, up column c.
    let st = from(&g, "6/6/6/1M4/1Mm3/1M4 white 0");
    let l = legal(&g, &st);
    assert!(!l.contains("b2-c2") && l.contains("b3-c2"), "{l:?}");
}

#[test]
fn taking_the_last_enemy_piece_wins() {
    let g = surakarta();
    let mut st = from(&g, "6/4m1/6/6/1M4/6 white 0");
    notation::play_moves(&g, &mut st, "b2-e5").expect("legal");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
}

/// Surakarta's rules on a 6 x 6 array, cell `x + 6 * y` (x the column, y
/// the row, from 0 at a1), 0 white and 1 black.
struct Reference {
    cells: [Option<u8>; 36],
}

impl Reference {
    fn start() -> Reference {
        let mut cells = [None; 36];
        for x in 0..6 {
            for y in [0, 1] {
                cells[x + 6 * y] = Some(0);
                cells[x + 6 * (5 - y)] = Some(1);
            }
        }
        Reference { cells }
    }

    fn at(&self, x: i32, y: i32) -> Option<u8> {
        self.cells[(x + 6 * y) as usize]
    }

    /// One step of a piece travelling a circuit: on to the next point, or
    /// off the board's side round the corner's loop, onto the line at the
    /// same distance from that corner, heading into the board. The second
    /// value says whether it went round a loop.
    fn travel(x: i32, y: i32, dx: i32, dy: i32) -> ((i32, i32, i32, i32), bool) {
        let (nx, ny) = (x + dx, y + dy);
        if (0..6).contains(&nx) && (0..6).contains(&ny) {
            return ((nx, ny, dx, dy), false);
        }
        let next = match (dx, dy) {
            (0, 1) if x < 3 => (0, 5 - x, 1, 0),
            (0, 1) => (5, x, -1, 0),
            (0, -1) if x < 3 => (0, x, 1, 0),
            (0, -1) => (5, 5 - x, -1, 0),
            (-1, 0) if y < 3 => (y, 0, 0, 1),
            (-1, 0) => (5 - y, 5, 0, -1),
            (1, 0) if y < 3 => (5 - y, 0, 0, 1),
            _ => (y, 5, 0, -1),
        };
        (next, true)
    }

    fn label(x: i32, y: i32) -> String {
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    }

    fn legal(&self, me: u8) -> BTreeSet<String> {
        let mut moves = BTreeSet::new();
        for y in 0..6 {
            for x in 0..6 {
                if self.at(x, y) != Some(me) {
                    continue;
                }
                for (dx, dy) in [
                    (1, 0),
                    (1, 1),
                    (0, 1),
                    (-1, 1),
                    (-1, 0),
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                ] {
                    let (nx, ny) = (x + dx, y + dy);
                    if (0..6).contains(&nx) && (0..6).contains(&ny) && self.at(nx, ny).is_none() {
                        moves.insert(format!("{}-{}", Self::label(x, y), Self::label(nx, ny)));
                    }
                }
                // The circuits run along the lines 1 to 4 of each axis.
                let mut headings = Vec::new();
                if (1..5).contains(&x) {
                    headings.extend([(0, 1), (0, -1)]);
                }
                if (1..5).contains(&y) {
                    headings.extend([(1, 0), (-1, 0)]);
                }
                for (dx, dy) in headings {
                    let mut at = (x, y, dx, dy);
                    let mut loops = 0;
                    for _ in 0..100 {
                        let (next, looped) = Self::travel(at.0, at.1, at.2, at.3);
                        at = next;
                        loops += usize::from(looped);
                        if at == (x, y, dx, dy) {
                            break;
                        }
                        if (at.0, at.1) == (x, y) {
                            continue;
                        }
                        match self.at(at.0, at.1) {
                            None => continue,
                            Some(p) => {
                                if p != me && loops > 0 {
                                    let m = format!(
                                        "{}-{}",
                                        Self::label(x, y),
                                        Self::label(at.0, at.1)
                                    );
                                    moves.insert(m);
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
        moves
    }

    fn play(&mut self, m: &str) -> bool {
        let cell = |s: &str| {
            let b = s.as_bytes();
            (b[0] - b'a') as usize + 6 * (s[1..].parse::<usize>().unwrap() - 1)
        };
        let (a, b) = m.split_once('-').expect("FROM-TO");
        let (a, b) = (cell(a), cell(b));
        let took = self.cells[b].is_some();
        self.cells[b] = self.cells[a].take();
        took
    }
}

#[test]
fn surakarta_matches_a_reference_implementation() {
    let g = surakarta();
    let (mut captures, mut wins, mut long) = (0, 0, 0);
    for seed in 0..200 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut st = g.start();
        let mut o = Reference::start();
        let mut quiet = 0;
        loop {
            let me = st.mover.index() as u8;
            let want = o.legal(me);
            assert_eq!(legal(&g, &st), want, "seed {seed}, ply {}", st.ply);
            let Some(a) = g.random_action(&st, &mut rng) else {
                break;
            };
            let m = notation::format(&g, &[a], a);
            g.play(&mut st, a).expect("legal");
            if o.play(&m) {
                captures += 1;
                quiet = 0;
            } else {
                quiet += 1;
            }
            let count = |p| o.cells.iter().filter(|c| **c == Some(p)).count();
            let (mine, theirs) = (count(me), count(1 - me));
            let expected = if theirs == 0 {
                wins += 1;
                Some(g.rules.players[me as usize].clone())
            } else if quiet >= 50 {
                long += 1;
                Some(match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => g.rules.players[me as usize].clone(),
                    std::cmp::Ordering::Less => g.rules.players[1 - me as usize].clone(),
                    std::cmp::Ordering::Equal => "draw".into(),
                })
            } else {
                None
            };
            assert_eq!(winner(&g, &st), expected, "seed {seed}, ply {}", st.ply);
            if expected.is_some() {
                break;
            }
        }
    }
    assert!(captures > 1000, "captures should be common: {captures}");
    assert!(
        wins > 0 && long > 0,
        "both endings: {wins} wins, {long} long games"
    );
}

#[test]
fn a_circuits_mistakes_are_errors_at_their_place() {
    let error = |body: &str| -> String {
        let src = format!("game T\nboard square(4)\nplayers x, o\npieces man\n{body}\n");
        match gdl::load_source(&src, "test.gdl", &[]) {
            Ok(_) => panic!("compiled:\n{src}"),
            Err(e) => e.render(),
        }
    };
    let apart = error("circuit c = a1 a2 a4 loop\nturn: slide own around c to enemy");
    assert!(
        apart.contains("`a4` is not next to `a2`") && apart.contains("test.gdl:5:"),
        "{apart}"
    );
    let no_loop = error("circuit c = a1 a2 b2 b1\nturn: slide own around c to enemy");
    assert!(
        no_loop.contains("a circuit needs two cells and a loop at least"),
        "{no_loop}"
    );
    let open = error("circuit c = a1 a2 a3 loop a4 b4 c4\nturn: slide own around c to enemy");
    assert!(
        open.contains("last cell is not next to its first"),
        "{open}"
    );
    let twice = error("circuit c = a1 a2 loop loop b2 b1\nturn: slide own around c to enemy");
    assert!(twice.contains("a loop joins two cells"), "{twice}");
    let track = error("track t = a1 a2 a3\nturn: slide own around t to enemy");
    assert!(track.contains("`t` is not a circuit"), "{track}");
    let by = error("circuit c = a1 a2 loop b2 b1 loop\nturn: slide own around c by 2 to enemy");
    assert!(by.contains("it takes no distance"), "{by}");
    let off = error("circuit c = a1 a2 loop z9 loop\nturn: slide own around c to enemy");
    assert!(off.contains("`z9` is not a cell of the board"), "{off}");
}

#[test]
fn explain_names_where_each_way_round_stops() {
    let g = surakarta();
    let st = from(&g, "6/4m1/1M4/6/1MM3/6 white 0");
    let why = gdl::explain::why_not(&g, &st, "b2-e5").expect("refused");
    assert!(
        why.contains("no way round from b2 gets there: b4 holds white's man; c2 holds white's man"),
        "{why}"
    );
}
