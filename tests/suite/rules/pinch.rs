//! Pinch rules, played out on the shipped game file.

use super::*;

const PINCH5: &[&str] = &["size=5", "pie=off"];
const PINCH5_REMOVE: &[&str] = &["size=5", "pie=off", "capture=remove"];

#[test]
fn pinch_needs_a_right_angle() {
    let g = game("games/pinch.gdl", PINCH5);
    // White c4 (north of c3) and c2 (south): opposite, no pinch.
    let st = after(&g, "c3 c4 a1 c2");
    assert_eq!(at(&g, &st, "c3"), "black");
    // d3 (east) with c4 (north): a right angle; c3 turns white.
    let st = after(&g, "c3 c4 a1 c2 a2 d3");
    assert_eq!(at(&g, &st, "c3"), "white");
}

#[test]
fn pinch_needs_a_new_stone() {
    let g = game("games/pinch.gdl", PINCH5);
    // Black steps between White's c4 and d3: the mover never loses a stone.
    let st = after(&g, "a1 c4 a2 d3 c3");
    assert_eq!(at(&g, &st, "c3"), "black");
    // White plays elsewhere: the old pair c4 + d3 captures nothing.
    let st = after(&g, "a1 c4 a2 d3 c3 e5");
    assert_eq!(at(&g, &st, "c3"), "black");
}

#[test]
fn pinch_chain_reaction_converts_through_converted_stones() {
    let g = game("games/pinch.gdl", PINCH5);
    // d3 pinches c3 (with c4); the converted c3 pinches b3 (with b2).
    let st = after(&g, "c3 c4 b3 b2 e1 d3");
    assert_eq!(at(&g, &st, "c3"), "white");
    assert_eq!(at(&g, &st, "b3"), "white");
    assert_eq!(at(&g, &st, "e1"), "black");
}

#[test]
fn pinch_removal_vacates_without_chain_and_bars_the_next_turn_only() {
    let g = game("games/pinch.gdl", PINCH5_REMOVE);
    let st = after(&g, "c3 c4 b3 b2 e1 d3");
    assert_eq!(at(&g, &st, "c3"), "", "the pinched stone is removed");
    assert_eq!(
        at(&g, &st, "b3"),
        "black",
        "removal makes no chain reaction"
    );
    // Black may not play on the vacated point on the very next turn...
    assert!(!legal(&g, &st).contains("c3"));
    let err = gdl::explain::play_moves(&g, &mut st.clone(), "c3").unwrap_err();
    assert!(err.to_string().contains("not legal"), "{err}");
    // ...but after that turn the point is free again, for both players.
    let st = after(&g, "c3 c4 b3 b2 e1 d3 a5");
    assert!(legal(&g, &st).contains("c3"));
    let st = after(&g, "c3 c4 b3 b2 e1 d3 a5 a4");
    assert!(legal(&g, &st).contains("c3"));
}

#[test]
fn pinch_win_is_a_connection_of_own_edges() {
    let g = game("games/pinch.gdl", &["size=3", "pie=off"]);
    // Black joins top and bottom down the b column.
    let st = after(&g, "b1 a3 b2 c3");
    assert_eq!(winner(&g, &st), None);
    let st = after(&g, "b1 a3 b2 c3 b3");
    assert_eq!(winner(&g, &st).as_deref(), Some("black"));
    // White's left-right line does not count for Black, and vice versa:
    // White joins a2-b2-c2 (left to right).
    let st = after(&g, "a1 a2 c1 b2 a3 c2");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
}

#[test]
fn pinch_pie_rule_swaps_seats_once() {
    let g = game("games/pinch.gdl", &["size=5"]);
    let st = after(&g, "c3");
    assert!(legal(&g, &st).contains("swap"));
    let st = after(&g, "c3 swap");
    // The stone stays black; the second seat now holds Black, and White
    // (the first seat) places next.
    assert_eq!(at(&g, &st, "c3"), "black");
    assert_eq!(g.seat_of(&st, Player::new(0)), 1);
    assert_eq!(g.seat_of(&st, Player::new(1)), 0);
    assert_eq!(g.rules.players[st.mover.index()], "white");
    assert!(!legal(&g, &st).contains("swap"));
    // Never offered later, nor with the option off.
    assert!(!legal(&g, &after(&g, "c3 c4")).contains("swap"));
    let off = game("games/pinch.gdl", &["size=5", "pie=off"]);
    assert!(!legal(&off, &after(&off, "c3")).contains("swap"));
}

/// A plain reimplementation of Pinch, to check the game file against.
struct PinchOracle {
    n: i32,
    flip: bool,
    cells: Vec<Option<u8>>,
    vacated: Vec<bool>,
}

impl PinchOracle {
    fn idx(&self, c: i32, r: i32) -> Option<usize> {
        (c >= 0 && r >= 0 && c < self.n && r < self.n).then(|| (r * self.n + c) as usize)
    }

    fn get(&self, c: i32, r: i32) -> Option<u8> {
        self.idx(c, r).and_then(|i| self.cells[i])
    }

    fn place(&mut self, c: i32, r: i32, me: u8) {
        let i = self.idx(c, r).expect("on board");
        assert!(
            self.cells[i].is_none() && !self.vacated[i],
            "oracle: illegal placement"
        );
        self.cells[i] = Some(me);
        self.vacated.iter_mut().for_each(|v| *v = false);
        let mut new = vec![false; self.cells.len()];
        new[i] = true;
        let dirs = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        loop {
            let mut pinched = Vec::new();
            for r in 0..self.n {
                for c in 0..self.n {
                    if self.get(c, r) != Some(1 - me) {
                        continue;
                    }
                    let hit = (0..4).any(|k| {
                        let (a, b) = (dirs[k], dirs[(k + 1) % 4]);
                        let (ia, ib) = (self.idx(c + a.0, r + a.1), self.idx(c + b.0, r + b.1));
                        match (ia, ib) {
                            (Some(ia), Some(ib)) => {
                                self.cells[ia] == Some(me)
                                    && self.cells[ib] == Some(me)
                                    && (new[ia] || new[ib])
                            }
                            _ => false,
                        }
                    });
                    if hit {
                        pinched.push(self.idx(c, r).expect("on board"));
                    }
                }
            }
            if pinched.is_empty() {
                break;
            }
            for &p in &pinched {
                if self.flip {
                    self.cells[p] = Some(me);
                    new[p] = true;
                } else {
                    self.cells[p] = None;
                    self.vacated[p] = true;
                }
            }
            if !self.flip {
                break;
            }
        }
    }

    /// Does `me` (0 = black: rows; 1 = white: columns) join its two edges?
    fn connected(&self, me: u8) -> bool {
        let n = self.n;
        let mut seen = vec![false; self.cells.len()];
        let mut stack: Vec<(i32, i32)> = (0..n)
            .map(|k| if me == 0 { (k, n - 1) } else { (0, k) })
            .filter(|&(c, r)| self.get(c, r) == Some(me))
            .collect();
        while let Some((c, r)) = stack.pop() {
            let i = self.idx(c, r).expect("on board");
            if seen[i] {
                continue;
            }
            seen[i] = true;
            if (me == 0 && r == 0) || (me == 1 && c == n - 1) {
                return true;
            }
            for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                if self.get(c + dc, r + dr) == Some(me) {
                    stack.push((c + dc, r + dr));
                }
            }
        }
        false
    }
}

fn pinch_against_oracle(capture: &str, size: i32, games: u64) {
    let size_opt = format!("size={size}");
    let capture_opt = format!("capture={capture}");
    let g = game("games/pinch.gdl", &[&size_opt, &capture_opt, "pie=off"]);
    let mut outcomes = [0; 3];
    let mut captures = 0;
    let mut passes = 0;
    for seed in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut st = g.start();
        let mut o = PinchOracle {
            n: size,
            flip: capture == "flip",
            cells: vec![None; (size * size) as usize],
            vacated: vec![false; (size * size) as usize],
        };
        let mut expected = None;
        while let Some(a) = g.random_action(&st, &mut rng) {
            let me = st.mover.index() as u8;
            let Some(cell) = a.cell() else {
                // A pass: only when every empty point was just vacated.
                assert!(
                    o.cells
                        .iter()
                        .zip(&o.vacated)
                        .all(|(c, v)| c.is_some() || *v),
                    "seed {seed}: pass"
                );
                o.vacated.iter_mut().for_each(|v| *v = false);
                passes += 1;
                g.play(&mut st, a).expect("legal");
                continue;
            };
            let label = g.board().label(cell).to_string();
            let (c, r) = (
                label.as_bytes()[0] as i32 - 'a' as i32,
                label[1..].parse::<i32>().unwrap() - 1,
            );
            let stones_before = o.cells.iter().filter(|x| x.is_some()).count();
            o.place(c, r, me);
            if o.cells.iter().filter(|x| x.is_some()).count() != stones_before + 1
                || o.cells.iter().filter(|x| **x == Some(me)).count() > stones_before
            {
                captures += 1;
            }
            g.play(&mut st, a).expect("legal");
            for rr in 0..size {
                for cc in 0..size {
                    let label = format!("{}{}", (b'a' + cc as u8) as char, rr + 1);
                    let want = match o.get(cc, rr) {
                        Some(p) => g.rules.players[p as usize].clone(),
                        None => String::new(),
                    };
                    assert_eq!(
                        at(&g, &st, &label),
                        want,
                        "seed {seed}, ply {}, cell {label}",
                        st.ply
                    );
                }
            }
            if o.connected(me) {
                expected = Some(g.rules.players[me as usize].clone());
                break;
            }
            if o.cells.iter().all(Option::is_some) {
                expected = Some("draw".into());
                break;
            }
            // The legal placements agree too.
            let mut oracle_legal: BTreeSet<String> = (0..size * size)
                .filter(|&i| o.cells[i as usize].is_none() && !o.vacated[i as usize])
                .map(|i| format!("{}{}", (b'a' + (i % size) as u8) as char, i / size + 1))
                .collect();
            if oracle_legal.is_empty() {
                oracle_legal.insert("pass".into());
            }
            assert_eq!(legal(&g, &st), oracle_legal, "seed {seed}, ply {}", st.ply);
        }
        assert_eq!(winner(&g, &st), expected, "seed {seed}");
        let k = match expected.as_deref() {
            Some("black") => 0,
            Some("white") => 1,
            _ => 2,
        };
        outcomes[k] += 1;
    }
    assert!(
        outcomes[0] > 0 && outcomes[1] > 0,
        "both colours should win some games: {outcomes:?}"
    );
    assert!(captures > games, "captures should be common: {captures}");
    if capture == "remove" {
        assert!(passes > 0, "some game should reach a forced pass");
    }
}

#[test]
fn pinch_flip_matches_a_reference_implementation() {
    pinch_against_oracle("flip", 7, 300);
}

#[test]
fn pinch_remove_matches_a_reference_implementation() {
    pinch_against_oracle("remove", 6, 300);
}
