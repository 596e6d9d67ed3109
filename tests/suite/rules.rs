//! Rule tests: each rule of the rule pages (`../shared/rules/`) played out on
//! the shipped game files, plus independent reference implementations of
//! Pinch's captures and Ecalper's scoring, checked against many random games.

use crate::common::{after, game};
use std::collections::BTreeSet;

use gdl::engine::{Game, GameResult, State};
use gdl::notation;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

fn legal(g: &Game, st: &State) -> BTreeSet<String> {
    let mut list = Vec::new();
    g.legal_actions(st, &mut list);
    list.iter()
        .map(|&a| notation::format(g, &list, a))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The player name on a cell, or "" when empty.
fn at(g: &Game, st: &State, label: &str) -> String {
    let c = g
        .board()
        .cell_by_label(label)
        .unwrap_or_else(|| panic!("no cell {label}"));
    match g.piece_at(st, c) {
        Some((_, owner)) => g.rules.players[owner].clone(),
        None => String::new(),
    }
}

fn winner(g: &Game, st: &State) -> Option<String> {
    match st.result() {
        Some(GameResult::Win(p)) => Some(g.rules.players[p as usize].clone()),
        Some(GameResult::Draw) => Some("draw".into()),
        None => None,
    }
}

// ---------------------------------------------------------------- Pinch

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
    let err = notation::play_moves(&g, &mut st.clone(), "c3").unwrap_err();
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
    assert_eq!(g.seat_of(&st, 0), 1);
    assert_eq!(g.seat_of(&st, 1), 0);
    assert_eq!(g.rules.players[st.mover as usize], "white");
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
            let me = st.mover;
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

// ---------------------------------------------------------------- Ecalper
//
// The 7-cell board (size 2):    b1 c1
//                             a2 b2 c2
//                               a3 b3

const ECALPER2: &[&str] = &["size=2", "pie=off"];

#[test]
fn ecalper_first_turn_is_three_stones() {
    let g = game("games/ecalper.gdl", ECALPER2);
    let st = after(&g, "b1 c1");
    assert_eq!(g.rules.players[st.mover as usize], "black");
    let st = after(&g, "b1 c1 a2");
    assert_eq!(g.rules.players[st.mover as usize], "white");
}

#[test]
fn ecalper_replaces_only_stones_added_last_turn() {
    let g = game("games/ecalper.gdl", ECALPER2);
    // White may replace exactly Black's three added stones.
    assert_eq!(legal(&g, &after(&g, "b1 c1 a2")), set(&["b1", "c1", "a2"]));
    // White replaces b1 and adds three. Black may replace White's added
    // stones, never b1, which White gained by replacement.
    let st = after(&g, "b1 c1 a2 b1 b2 c2 a3");
    assert_eq!(at(&g, &st, "b1"), "white");
    assert_eq!(legal(&g, &st), set(&["b2", "c2", "a3"]));
}

#[test]
fn ecalper_marks_the_stones_to_replace_and_a_turn_is_replace_then_three() {
    let g = game("games/ecalper.gdl", &["size=3", "pie=off"]);
    let st = after(&g, "c1 d1 e1 d1 c3 d3 e3");
    let added = g
        .rules
        .marks
        .iter()
        .position(|m| m == "added")
        .expect("mark");
    let marked: Vec<&str> = (0..g.board().len())
        .filter(|&c| g.has_mark(&st, c, added))
        .map(|c| g.board().label(c))
        .collect();
    // White's three additions are marked; Black's remaining c1 and e1 are
    // not (they were added the turn before), nor White's replacement d1.
    assert_eq!(marked, vec!["c3", "d3", "e3"]);
    assert_eq!(legal(&g, &st), set(&["c3", "d3", "e3"]));
    // Black: replace, then three additions, then White's turn, who may
    // replace Black's three additions but not c3, which Black gained.
    let st = after(&g, "c1 d1 e1 d1 c3 d3 e3 c3 a3 b3");
    assert_eq!(g.rules.players[st.mover as usize], "black");
    let st = after(&g, "c1 d1 e1 d1 c3 d3 e3 c3 a3 b3 b2");
    assert_eq!(g.rules.players[st.mover as usize], "white");
    assert_eq!(legal(&g, &st), set(&["a3", "b3", "b2"]));
}

#[test]
fn ecalper_pie_rule() {
    let g = game("games/ecalper.gdl", &["size=2"]);
    let st = after(&g, "b1 c1 a2");
    assert_eq!(legal(&g, &st), set(&["b1", "c1", "a2", "swap"]));
    // After the swap, the first seat holds White and must still replace.
    let st = after(&g, "b1 c1 a2 swap");
    assert_eq!(g.rules.players[st.mover as usize], "white");
    assert_eq!(g.seat_of(&st, 1), 0);
    assert_eq!(legal(&g, &st), set(&["b1", "c1", "a2"]));
    // Declining (replacing) takes no action and ends the offer.
    assert!(!legal(&g, &after(&g, "b1 c1 a2 b1")).contains("swap"));
}

#[test]
fn ecalper_last_turn_is_the_replacement_alone() {
    let g = game("games/ecalper.gdl", ECALPER2);
    // After White's turn one cell (b3) is empty: Black replaces and it ends.
    let st = after(&g, "b1 c1 a2 c1 b2 c2 a3");
    assert!(!st.is_over());
    assert_eq!(legal(&g, &st), set(&["b2", "c2", "a3"]));
    let st = after(&g, "b1 c1 a2 c1 b2 c2 a3 a3");
    assert!(st.is_over());
    assert_eq!(at(&g, &st, "b3"), "");
    assert_eq!(st.ply, 8);
}

#[test]
fn ecalper_largest_group_wins() {
    let g = game("games/ecalper.gdl", ECALPER2);
    // Black b1 c1 a2; White replaces c1, adds b2 c2 b3; Black replaces b3. Black: b1 a2 b3 (b1-a2 joined; b3 alone:
    // largest 2). White: c1 b2 c2 (joined: largest 3). White wins.
    let st = after(&g, "b1 c1 a2 c1 b2 c2 b3 b3");
    assert!(st.is_over());
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
}

#[test]
fn ecalper_largest_group_then_equal_groups_draw() {
    let g = game("games/ecalper.gdl", ECALPER2);
    // Black b1 c1 a2, White replaces a2 and adds b2 c2 b3, Black replaces b2.
    // Black: b1 c1 b2 (one group of 3). White: a2 c2 b3: a2 alone, c2-b3
    // joined: largest 2. Black wins.
    let st = after(&g, "b1 c1 a2 a2 b2 c2 b3 b2");
    assert_eq!(winner(&g, &st).as_deref(), Some("black"));
    // Black b2 a3 b3, White replaces b2, adds b1 c2 a2; Black replaces c2.
    // Black: a3 b3 c2: c2-b3 adjacent, a3-b3 adjacent: one group of 3.
    // White: b2 b1 a2: one group of 3. Equal largest, equal groups: draw.
    let st = after(&g, "b2 a3 b3 b2 b1 c2 a2 c2");
    assert_eq!(winner(&g, &st).as_deref(), Some("draw"));
}

/// Largest group and number of groups of a player, computed here.
fn group_stats(g: &Game, st: &State, player: usize) -> (usize, usize) {
    let n = g.board().len();
    let mut seen = vec![false; n];
    let (mut largest, mut count) = (0, 0);
    let mine = |c: usize| g.piece_at(st, c).map(|(_, o)| o) == Some(player);
    for s in 0..n {
        if seen[s] || !mine(s) {
            continue;
        }
        count += 1;
        let mut size = 0;
        let mut stack = vec![s];
        seen[s] = true;
        while let Some(c) = stack.pop() {
            size += 1;
            for &m in g.board().neighbors(c) {
                let m = m as usize;
                if !seen[m] && mine(m) {
                    seen[m] = true;
                    stack.push(m);
                }
            }
        }
        largest = largest.max(size);
    }
    (largest, count)
}

#[test]
fn ecalper_scoring_matches_the_rules_over_random_games() {
    // The result of every random game agrees with the rule page: larger
    // largest group wins, then fewer groups, else a draw. The three cases
    // must each occur, so that every tie-breaker is exercised.
    let g = game("games/ecalper.gdl", &["size=3"]);
    let mut cases = [0; 3];
    for seed in 0..3000 {
        let p = gdl::run::playout(&g, &g.start(), seed, true);
        let mut st = g.start();
        for &a in &p.actions {
            g.play(&mut st, a).expect("legal");
        }
        assert!(st.is_over(), "seed {seed}");
        assert_eq!(
            g.board().len()
                - (0..g.board().len())
                    .filter(|&c| g.piece_at(&st, c).is_some())
                    .count(),
            1
        );
        let (b, w) = (group_stats(&g, &st, 0), group_stats(&g, &st, 1));
        let (expected, case) = if b.0 != w.0 {
            (
                if b.0 > w.0 {
                    GameResult::Win(0)
                } else {
                    GameResult::Win(1)
                },
                0,
            )
        } else if b.1 != w.1 {
            (
                if b.1 < w.1 {
                    GameResult::Win(0)
                } else {
                    GameResult::Win(1)
                },
                1,
            )
        } else {
            (GameResult::Draw, 2)
        };
        cases[case] += 1;
        assert_eq!(
            st.result(),
            Some(expected),
            "seed {seed}: black {b:?}, white {w:?}"
        );
    }
    assert!(
        cases.iter().all(|&n| n > 0),
        "every tie-breaker case should occur: {cases:?}"
    );
}

// ---------------------------------------------------------------- Hex

#[test]
fn hex_connects_own_sides_only() {
    let g = game("games/hex.gdl", &["size=3", "swap=off"]);
    // Black a1 a2 a3 runs down the left side: top to bottom, a Black win.
    let st = after(&g, "a1 b1 a2 b2 a3");
    assert_eq!(winner(&g, &st).as_deref(), Some("black"));
    // White's b1 b2 b3 column also runs top to bottom: no White win.
    let st = after(&g, "c1 b1 c3 b2 a3 b3");
    assert_eq!(winner(&g, &st), None);
    // White a2 b2 c2 joins left and right.
    let st = after(&g, "a1 a2 b1 b2 a3 c2");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
}

#[test]
fn hex_cells_touch_along_the_short_diagonal_only() {
    let g = game("games/hex.gdl", &["size=3", "swap=off"]);
    // c1 and a3 are not adjacent... but b2 joins c1 (its ne) and a3 (its sw).
    let st = after(&g, "c1 a1 a3 b1");
    assert_eq!(winner(&g, &st), None);
    let st = after(&g, "c1 a1 a3 b1 b2");
    assert_eq!(winner(&g, &st).as_deref(), Some("black"));
    // a1 and b2 are not adjacent (long diagonal): no connection.
    let st = after(&g, "a1 b1 b2 c1 c3");
    assert_eq!(winner(&g, &st), None);
}

// ---------------------------------------------------------------- Tic-tac-toe

#[test]
fn tictactoe_lines_and_draws() {
    let g = game("games/tictactoe.gdl", &[]);
    assert_eq!(
        winner(&g, &after(&g, "a1 a2 b2 a3 c3")).as_deref(),
        Some("x")
    );
    assert_eq!(
        winner(&g, &after(&g, "a1 b1 c1 b2 a3 b3")).as_deref(),
        Some("o")
    );
    // A full board without a line.
    let st = after(&g, "a3 b2 c3 b3 b1 a1 c1 c2 a2");
    assert_eq!(winner(&g, &st).as_deref(), Some("draw"));
    assert!(legal(&g, &st).is_empty());
    // No more actions after the end.
    let err = notation::play_moves(&g, &mut after(&g, "a1 a2 b2 a3 c3"), "b1").unwrap_err();
    assert!(err.to_string().contains("over"), "{err}");
}

// ---------------------------------------------------------------- Carteso
//
// Square boards with `a1` at the bottom left; the game starts with the komi
// choice (first seat) and the side choice (second seat), then Vertical moves.

const CARTESO3: &[&str] = &["size=3", "komi=0.5,1.5"];

/// The marks on a cell, by name.
fn marks_at(g: &Game, st: &State, label: &str) -> Vec<String> {
    let c = g.board().cell_by_label(label).expect("cell");
    (0..g.rules.marks.len())
        .filter(|&m| g.has_mark(st, c, m))
        .map(|m| g.rules.marks[m].clone())
        .collect()
}

fn stone(g: &Game, st: &State, label: &str) -> String {
    let c = g.board().cell_by_label(label).expect("cell");
    match g.piece_at(st, c) {
        Some((kind, _)) => g.rules.pieces[kind].clone(),
        None => String::new(),
    }
}

#[test]
fn carteso_komi_and_side_are_chosen_first() {
    let g = game("games/carteso.gdl", CARTESO3);
    assert_eq!(
        legal(&g, &g.start()),
        set(&["komi-value=0.5", "komi-value=1.5"])
    );
    let st = after(&g, "komi-value=1.5");
    assert_eq!(legal(&g, &st), set(&["side=vertical", "side=horizontal"]));
    // The second seat keeps Horizontal: Vertical (the first seat) moves.
    let st = after(&g, "komi-value=1.5 side=horizontal");
    assert_eq!(g.rules.players[st.mover as usize], "vertical");
    assert_eq!(g.seat_of(&st, 0), 0);
    assert_eq!(st.var(0), 1.5);
    // Taking Vertical moves the second seat to Vertical, who moves first.
    let st = after(&g, "komi-value=1.5 side=vertical");
    assert_eq!(g.rules.players[st.mover as usize], "vertical");
    assert_eq!(g.seat_of(&st, 0), 1);
    // Either player places either colour, or passes.
    assert!(legal(&g, &st).contains("black:b2") && legal(&g, &st).contains("white:b2"));
    assert!(legal(&g, &st).contains("pass"));
}

#[test]
fn carteso_a_cell_is_never_a_chosen_value() {
    // Actions used to carry one number, a cell or a value's index: the
    // cell `a2` was read as a value's index, so on the 2x2 board
    // `komi-value=0.5 a2` played `side=vertical`, and `a1` at the komi
    // prompt chose a komi. Now a cell names only an action on that cell.
    let g = game("games/carteso.gdl", &["size=2"]);
    let err = notation::play_moves(&g, &mut g.start(), "komi-value=0.5 a2").unwrap_err();
    assert_eq!(err.index, 2, "{err}");
    assert!(
        matches!(err.error, notation::NotationError::NotACell(..)),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "action 2 (`a2`): `a2` is a cell, but no action here is on a cell: \
         type one such as `side=vertical` or `side=horizontal`"
    );
    // At the komi prompt, a cell is no komi either.
    let st = g.start();
    let mut list = Vec::new();
    g.legal_actions(&st, &mut list);
    for cell in ["a1", "a2", "b1"] {
        assert!(
            matches!(
                notation::parse(&g, &st, &list, cell),
                Err(notation::NotationError::NotACell(..))
            ),
            "{cell}"
        );
    }
    // Through the command line: refused, with the message, not played.
    let r = crate::common::gdl(&[
        "show",
        "games/carteso.gdl",
        "-o",
        "size=2",
        "--moves",
        "komi-value=0.5 a2",
    ]);
    assert_ne!(r.code, 0, "{r:?}");
    assert!(r.stderr.contains("`a2` is a cell"), "{r:?}");
    let r = crate::common::gdl_with_input(
        &[
            "play",
            "games/carteso.gdl",
            "--vertical",
            "human",
            "--horizontal",
            "human",
            "-o",
            "size=2",
        ],
        "a1\nquit\n",
    );
    assert!(r.stdout.contains("`a1` is a cell"), "{r:?}");
    assert!(r.stdout.ends_with("actions so far: \n"), "{r:?}");
}

#[test]
fn carteso_claims_a_group_when_it_is_finished_by_its_span() {
    let g = game("games/carteso.gdl", CARTESO3);
    // Black a1-a2 spans two rows and one column. With a3 empty it can still
    // grow (the flood leaves its box), so it is not claimed yet.
    let st = after(
        &g,
        "komi-value=0.5 side=horizontal black:a1 white:b1 black:a2 white:b2",
    );
    assert!(marks_at(&g, &st, "a1").is_empty());
    // White a3 closes it: finished, taller than wide, so Vertical's.
    let st = after(
        &g,
        "komi-value=0.5 side=horizontal black:a1 white:b1 black:a2 white:b2 white:a3",
    );
    assert_eq!(marks_at(&g, &st, "a1"), vec!["vertical-claim"]);
    assert_eq!(marks_at(&g, &st, "a2"), vec!["vertical-claim"]);
    // White b1-b2 can still reach c1, c2, b3...: unfinished, unclaimed.
    assert!(marks_at(&g, &st, "b1").is_empty());
    assert_eq!(stone(&g, &st, "a3"), "white");
}

#[test]
fn carteso_square_span_goes_to_the_opponent_of_the_last_placer() {
    let g = game("games/carteso.gdl", CARTESO3);
    // Vertical's white b1 finishes black a1 (1x1): Horizontal's.
    let st = after(
        &g,
        "komi-value=0.5 side=horizontal black:a1 white:a2 white:b1",
    );
    assert_eq!(marks_at(&g, &st, "a1"), vec!["horizontal-claim"]);
    // Horizontal's white b1 finishes it instead: Vertical's.
    let st = after(
        &g,
        "komi-value=0.5 side=horizontal black:a1 white:a2 pass white:b1",
    );
    assert_eq!(marks_at(&g, &st, "a1"), vec!["vertical-claim"]);
}

#[test]
fn carteso_wider_groups_are_horizontal_and_claims_stay() {
    let g = game("games/carteso.gdl", CARTESO3);
    // Black a1-b1 (one row, two columns), closed by a2, b2 and c1.
    let st = after(
        &g,
        "komi-value=0.5 side=horizontal black:a1 black:b1 white:a2 white:b2 white:c1",
    );
    assert_eq!(marks_at(&g, &st, "a1"), vec!["horizontal-claim"]);
    assert_eq!(marks_at(&g, &st, "b1"), vec!["horizontal-claim"]);
    // Later stones never move a claim.
    let st = after(
        &g,
        "komi-value=0.5 side=horizontal black:a1 black:b1 white:a2 white:b2 white:c1 black:c3",
    );
    assert_eq!(marks_at(&g, &st, "a1"), vec!["horizontal-claim"]);
}

#[test]
fn carteso_ends_after_two_passes_and_counts_komi() {
    let g = game("games/carteso.gdl", &["size=2", "komi=0.5,1.5"]);
    // Black a1-a2 and white b1-b2 are both finished and taller than wide:
    // Vertical has 4, Horizontal 0 + komi.
    let moves = "komi-value=1.5 side=horizontal black:a1 black:a2 white:b1 white:b2";
    let st = after(&g, moves);
    assert_eq!(marks_at(&g, &st, "b2"), vec!["vertical-claim"]);
    assert!(
        !after(&g, &format!("{moves} pass")).is_over(),
        "one pass does not end the game"
    );
    let st = after(&g, &format!("{moves} pass pass"));
    assert_eq!(winner(&g, &st).as_deref(), Some("vertical"));
    // A pass, a placement, then one more pass: not two in a row.
    let st = after(
        &g,
        "komi-value=1.5 side=horizontal black:a1 pass black:a2 pass",
    );
    assert!(!st.is_over());
}

#[test]
fn carteso_komi_decides_close_games_and_ties_draw() {
    // White a1-b1 closed by black a2-b2: both one row, two columns, so both
    // Horizontal's: 4 + komi against 0.
    let g = game("games/carteso.gdl", &["size=2", "komi=0.5"]);
    let st = after(
        &g,
        "komi-value=0.5 side=horizontal white:a1 white:b1 black:a2 black:b2 pass pass",
    );
    assert_eq!(winner(&g, &st).as_deref(), Some("horizontal"));
    // A checkerboard: four single stones, each claimed (1x1) for the
    // opponent of whoever placed the stone that finished it. Vertical's a2
    // finishes black a1 (Horizontal's); Horizontal's b2 finishes b2, a2 and
    // b1 (Vertical's). Vertical 3, Horizontal 1 + komi.
    let moves = "side=horizontal black:a1 white:b1 white:a2 black:b2 pass pass";
    let g = game("games/carteso.gdl", &["size=2", "komi=0.5"]);
    let st = after(&g, &format!("komi-value=0.5 {moves}"));
    assert_eq!(marks_at(&g, &st, "a1"), vec!["horizontal-claim"]);
    assert_eq!(marks_at(&g, &st, "b2"), vec!["vertical-claim"]);
    assert_eq!(marks_at(&g, &st, "b1"), vec!["vertical-claim"]);
    assert_eq!(winner(&g, &st).as_deref(), Some("vertical"));
    // With a komi of 2 the scores tie, 3 to 3: a draw.
    let g = game("games/carteso.gdl", &["size=2", "komi=2"]);
    let st = after(&g, &format!("komi-value=2 {moves}"));
    assert_eq!(winner(&g, &st).as_deref(), Some("draw"));
}

#[test]
fn carteso_a_group_with_both_markers_scores_for_both() {
    // In Carteso two claimed groups never merge: a finished group's flood
    // stays in its box, so two groups sharing a liberty would have the same
    // box and would both cross it side to side, which orthogonally connected
    // groups cannot do without touching. The rule for the case is fixed all
    // the same, and tested here with Carteso's own scoring on a variant that
    // claims by hand: black a1 for Vertical, black b2 for Horizontal, then
    // a2 joins them into one group of three carrying both markers.
    let src = std::fs::read_to_string("games/carteso.gdl").expect("carteso");
    let scoring = &src[src.find("define score:").expect("score")..];
    let variant = format!(
        "game Merge
        board square(2)
        players vertical, horizontal
        neutral pieces black, white
        marks vertical-claim, horizontal-claim
        variables komi-value
        turn 1: place black at cells(a1) then mark vertical-claim here
        turn 2: place black at cells(b2) then mark horizontal-claim here
        turn 3: place black at cells(a2)
        turn: pass
        {scoring}"
    );
    let file = gdl::syntax::parse(&variant).expect("parses");
    let g = Game::new(gdl::check::compile(&file, &[]).unwrap_or_else(|e| panic!("{e:?}")));
    let mut st = g.start();
    notation::play_moves(&g, &mut st, "a1 b2 a2 pass pass").expect("legal");
    let mut view = st.clone();
    let score = match &g.rules.ends[0].1 {
        gdl::rules::Outcome::Compare(keys) => keys[0].1.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        g.evaluate(&mut view, &score, 0),
        3.0,
        "Vertical scores the whole group"
    );
    assert_eq!(
        g.evaluate(&mut view, &score, 1),
        3.0,
        "and so does Horizontal"
    );
    assert_eq!(winner(&g, &st).as_deref(), Some("draw"));
}

// ---------------------------------------------------------------- Equi
//
// On `square5` (a1 bottom left, orthogonal). The first territory piece is
// Black's; after it, a cell's placement is a territory piece where the
// mover's and the opponent's neighbours balance, and a Disc elsewhere.

fn equi(options: &[&str]) -> Game {
    let mut all = vec!["board=square5"];
    all.extend_from_slice(options);
    game("games/equi.gdl", &all)
}

/// "black territory", "white disc", or "" for an empty cell.
fn piece(g: &Game, st: &State, label: &str) -> String {
    let c = g.board().cell_by_label(label).expect("cell");
    match g.piece_at(st, c) {
        Some((kind, owner)) => format!("{} {}", g.rules.players[owner], g.rules.pieces[kind]),
        None => String::new(),
    }
}

#[test]
fn equi_first_placement_avoids_corners_unless_allowed() {
    let g = equi(&[]);
    let first = legal(&g, &g.start());
    assert_eq!(first.len(), 21);
    assert!(!first.contains("a1") && !first.contains("e5") && first.contains("c3"));
    let g = equi(&["corner-rule=off"]);
    assert_eq!(legal(&g, &g.start()).len(), 25);
}

#[test]
fn equi_placement_type_comes_from_the_neighbours() {
    let g = equi(&[]);
    // Next to Black's c3, White's neighbours do not balance: a Disc.
    assert_eq!(piece(&g, &after(&g, "c3 b3"), "b3"), "white disc");
    // Away from it they do (none each): a territory piece.
    assert_eq!(piece(&g, &after(&g, "c3 a1"), "a1"), "white territory");
    // Black next to its own c3: unbalanced too.
    assert_eq!(piece(&g, &after(&g, "c3 a1 d3"), "d3"), "black disc");
}

#[test]
fn equi_forced_start_jump_yields_territory() {
    let g = equi(&[]);
    // White's Disc b3 can jump Black's c3 (d3 is empty): it must.
    let st = after(&g, "c3 b3 e5");
    assert_eq!(legal(&g, &st), set(&["b3-d3"]));
    let st = after(&g, "c3 b3 e5 b3-d3");
    assert_eq!(piece(&g, &st, "c3"), "white territory");
    assert_eq!(piece(&g, &st, "d3"), "white disc");
    assert_eq!(piece(&g, &st, "b3"), "");
    // Still White's turn: no more jumps (c3 was jumped already), so the
    // placement, possibly on the cell the Disc left.
    assert_eq!(g.rules.players[st.mover as usize], "white");
    let moves = legal(&g, &st);
    assert!(
        moves.contains("b3") && !moves.iter().any(|m| m.contains('-')),
        "{moves:?}"
    );
}

#[test]
fn equi_a_landing_next_to_an_enemy_must_jump_again() {
    let g = equi(&[]);
    // Black d4 stands above d3, with d5 empty behind it.
    let st = after(&g, "c3 b3 d4 b3-d3");
    assert_eq!(legal(&g, &st), set(&["d3-d5"]));
    let st = after(&g, "c3 b3 d4 b3-d3 d3-d5");
    assert_eq!(piece(&g, &st, "d4"), "white territory");
    assert_eq!(piece(&g, &st, "d5"), "white disc");
}

#[test]
fn equi_steps_end_the_move() {
    let g = equi(&[]);
    // Black's Disc d3 blocks the jump over c3: White may step, jump nothing.
    let st = after(&g, "c3 b3 d3");
    let moves = legal(&g, &st);
    for step in ["b3-a3", "b3-b2", "b3-b4"] {
        assert!(moves.contains(step), "{step} in {moves:?}");
    }
    assert!(moves.contains("e5"), "placing without moving is allowed");
    // After a step only the placement is left.
    let st = after(&g, "c3 b3 d3 b3-b4");
    assert!(!legal(&g, &st).iter().any(|m| m.contains('-')));
    assert_eq!(piece(&g, &st, "b4"), "white disc");
}

#[test]
fn equi_friendly_jumps_are_optional_and_never_twice() {
    let g = equi(&[]);
    // White's Disc d3 (after jumping c3) may, a turn later, jump its own
    // territory c3 back to b3, or just place.
    let st = after(&g, "c3 b3 e5 b3-d3 a1 e1");
    let moves = legal(&g, &st);
    assert!(moves.contains("d3-b3") && moves.contains("b5"), "{moves:?}");
    // Without friendly jumps (Equiversi's hopping) it is not offered.
    let g2 = equi(&["hopping=mandatory-no-friends"]);
    let st2 = after(&g2, "c3 b3 e5 b3-d3 a1 e1");
    assert!(!legal(&g2, &st2).contains("d3-b3"));
    // The same turn cannot jump c3 twice.
    let st = after(&g, "c3 b3 e5 b3-d3");
    assert!(!legal(&g, &st).contains("d3-b3"));
}

#[test]
fn equi_capture_modes() {
    // White's Disc jumps Black's territory c3; what does c3 become?
    for (mode, expected) in [
        ("yield", "white territory"),
        ("none", "white territory"),
        ("morph-own", "white territory"),
        ("morph-all", "white disc"),
        ("morph-enemy", "white disc"),
    ] {
        let g = equi(&[&format!("capture={mode}")]);
        let st = after(&g, "c3 b3 e5 b3-d3");
        assert_eq!(piece(&g, &st, "c3"), expected, "capture={mode}");
    }
}

#[test]
fn equi_optional_hopping_lets_the_jump_wait() {
    let g = equi(&["hopping=optional"]);
    let moves = legal(&g, &after(&g, "c3 b3 e5"));
    assert!(
        moves.contains("b3-d3") && moves.contains("a1") && moves.contains("b3-b2"),
        "{moves:?}"
    );
}

#[test]
fn equi_disc_placement_modes() {
    // After c3 (Black) and b3 (White's Disc), Black places. b4 is a Disc
    // cell that White's b3 could jump at once (b5 behind it is empty); a3
    // is a Disc cell it could not (nothing behind it).
    let moves = |discs: &str| {
        legal(
            &equi(&[&format!("discs={discs}")]),
            &after(&equi(&[&format!("discs={discs}")]), "c3 b3"),
        )
    };
    let non_territory = moves("non-territory");
    assert!(non_territory.contains("b4") && non_territory.contains("a3"));
    let safe = moves("safe-non-territory");
    assert!(!safe.contains("b4") && safe.contains("a3"), "{safe:?}");
    // Anywhere: a balanced cell takes a territory piece or a Disc.
    let anywhere = moves("anywhere");
    assert!(
        anywhere.contains("add-territory:a1") && anywhere.contains("disc-anywhere:a1"),
        "{anywhere:?}"
    );
    let safe_anywhere = moves("safe");
    assert!(
        safe_anywhere.contains("disc-safe:a1")
            && !safe_anywhere
                .iter()
                .any(|m| m.ends_with("b4") && m.starts_with("disc")),
        "{safe_anywhere:?}"
    );
}

#[test]
fn equi_passing_modes_and_the_first_to_stop() {
    // Always-place (Equi): no stopping at all.
    let g = equi(&[]);
    assert!(!legal(&g, &after(&g, "c3")).contains("stop"));
    // Partial: stopping only after a move.
    let g = equi(&["passing=partial"]);
    assert!(!legal(&g, &after(&g, "c3")).contains("stop"));
    assert!(legal(&g, &after(&g, "c3 b3 d3 b3-b4")).contains("stop"));
    // A Disc may not be placed after moving under partial passing: after the
    // step, unbalanced cells (d2 beside Black's d3, a4 beside White's b4)
    // are not offered; balanced ones (c4: b4 against c3; a1) are.
    let after_step = legal(&g, &after(&g, "c3 b3 d3 b3-b4"));
    assert!(
        !after_step.contains("d2") && !after_step.contains("a4"),
        "{after_step:?}"
    );
    assert!(
        after_step.contains("c4") && after_step.contains("a1"),
        "{after_step:?}"
    );
    // Full: a whole turn may be stopped; two stops in a row end the game,
    // and with equal scores the first to stop wins.
    let g = equi(&["passing=full"]);
    let st = after(&g, "c3 a1 stop");
    assert!(!st.is_over());
    let st = after(&g, "c3 a1 stop stop");
    assert_eq!(
        winner(&g, &st).as_deref(),
        Some("black"),
        "1-1, Black stopped first"
    );
    // A placement in between resets it: Black stops, White places (the stop
    // no longer counts), Black places, then White stops first: 2-2, White.
    let st = after(&g, "c3 a1 stop e5 e1 stop");
    assert!(!st.is_over());
    let st = after(&g, "c3 a1 stop e5 e1 stop stop");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
}

#[test]
fn equi_scores_count_territory_and_discs() {
    // Full passing to end at once: Black c3 (territory) and d3 (a Disc next
    // to it: -3), White a1 (territory): Black -2, White 1.
    let g = equi(&["passing=full"]);
    let st = after(&g, "c3 a1 d3 stop stop");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
    // With Discs worth 0 (Equiversi 2's value), Black has 1 and White 1:
    // White stopped first and wins.
    let g = equi(&["passing=full", "disc-value=0"]);
    let st = after(&g, "c3 a1 d3 stop stop");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
    // Territory worth 3: Black 3 - 3 = 0 against White 3.
    let g = equi(&["passing=full", "territory-value=3"]);
    let st = after(&g, "c3 a1 d3 stop stop");
    assert_eq!(winner(&g, &st).as_deref(), Some("white"));
}

#[test]
fn equi_always_place_ends_on_a_full_board_by_score() {
    // Random games under Equi's rules end with a full board, and the result
    // agrees with the scores computed here.
    let g = game("games/equi.gdl", &[]);
    let mut seen = [0; 3];
    for seed in 0..200 {
        let p = gdl::run::playout(&g, &g.start(), seed, true);
        let mut st = g.start();
        for &a in &p.actions {
            g.play(&mut st, a).expect("legal");
        }
        assert!(st.is_over());
        let n = g.board().len();
        assert!(
            (0..n).all(|c| g.piece_at(&st, c).is_some()),
            "seed {seed}: board full"
        );
        let score = |p: usize| -> i64 {
            (0..n)
                .filter_map(|c| g.piece_at(&st, c))
                .filter(|(_, o)| *o == p)
                .map(|(k, _)| {
                    if g.rules.pieces[k] == "territory" {
                        1
                    } else {
                        -3
                    }
                })
                .sum()
        };
        let expected = match score(0).cmp(&score(1)) {
            std::cmp::Ordering::Greater => Some("black"),
            std::cmp::Ordering::Less => Some("white"),
            std::cmp::Ordering::Equal => Some("draw"),
        };
        assert_eq!(winner(&g, &st).as_deref(), expected, "seed {seed}");
        seen[match expected {
            Some("black") => 0,
            Some("white") => 1,
            _ => 2,
        }] += 1;
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

#[test]
fn equi_boards_have_ludiis_graphs() {
    // Cells, edges and the degree histogram of each board, as counted from
    // Ludii's own neighbour lists for these boards (hex3-4, hex5-6, hex4,
    // the 5 omni and 5 orthogonal squares) and by formula for the others.
    type Case = (&'static str, usize, usize, &'static [(usize, usize)]);
    let cases: &[Case] = &[
        ("hex3-4", 27, 63, &[(3, 6), (4, 9), (6, 12)]),
        ("hex5-6", 75, 195, &[(3, 6), (4, 21), (6, 48)]),
        ("hex7-8", 147, 399, &[(3, 6), (4, 33), (6, 108)]),
        ("hex4", 37, 90, &[(3, 6), (4, 12), (6, 19)]),
        ("hex7", 127, 342, &[(3, 6), (4, 30), (6, 91)]),
        ("square5", 25, 40, &[(2, 4), (3, 12), (4, 9)]),
        ("omni4", 25, 72, &[(3, 4), (5, 8), (6, 4), (7, 4), (8, 5)]),
        (
            "omni5",
            41,
            128,
            &[(3, 4), (5, 12), (6, 4), (7, 8), (8, 13)],
        ),
    ];
    for (board, cells, edges, degrees) in cases {
        let g = game("games/equi.gdl", &[&format!("board={board}")]);
        let b = g.board();
        assert_eq!(b.len(), *cells, "{board} cells");
        assert_eq!(b.graph().edge_count(), *edges, "{board} edges");
        assert_eq!(b.degree_histogram(), degrees.to_vec(), "{board} degrees");
    }
}

/// The score of each player under the stuck rule's first key (`most score`).
fn stuck_scores(g: &Game, st: &State) -> Vec<f64> {
    let score = match &g.rules.stuck {
        Some(gdl::rules::Outcome::Compare(keys)) => keys[0].1.clone(),
        other => panic!("{other:?}"),
    };
    (0..g.rules.players.len())
        .map(|p| g.evaluate(&mut st.clone(), &score, p as u8))
        .collect()
}

#[test]
fn equi_a_turn_that_cannot_be_completed_ends_the_game() {
    // Issue 12, found by replaying Ludii's random games: White's forced
    // jump d1-d3 leaves no legal placement (d1, e1, c4 and c5 are
    // unbalanced, and a Disc on any of them could be jumped at once), so
    // White is stuck mid-turn. Ludii ends the game there: Black wins, -13
    // to -16, counted on the board with the jump's conversions.
    let g = game("games/equi.gdl", &["discs=safe", "corner-rule=off"]);
    let moves = "e2 f1 disc-safe:d4 f1-d3 d3-d5 add-territory:b3 b4 add-territory:a4 \
        b4-b2 f2 e3 f2-d2 e1 disc-safe:a6 d2-c3 c2 a6-b5 d2 disc-safe:b4 d2-f2 b6 \
        c3-c1 d1 a3 f3 a3-c3 c3-a5 a5-a3 a6 f3-d3 d3-f1 f1-f3 f1 d3 d1-d2 \
        add-territory:e4 d3-d1 a5 e1-c3 c6 d1-d3";
    let before = moves.rsplit_once(' ').expect("several moves").0;
    let st = after(&g, before);
    assert_eq!(g.rules.players[st.mover as usize], "white");
    assert_eq!(legal(&g, &st), set(&["d1-d3"]), "the jump is forced");
    let st = after(&g, moves);
    assert!(st.is_over(), "White cannot place: {:?}", legal(&g, &st));
    assert_eq!(piece(&g, &st, "d3"), "white disc", "the jump stands");
    assert_eq!(stuck_scores(&g, &st), vec![-13.0, -16.0]);
    assert_eq!(winner(&g, &st).as_deref(), Some("black"));
}

#[test]
fn equi_a_friendly_jump_into_a_dead_end_is_legal_but_ends_the_game() {
    // The rules say "the player must then place a piece": a friendly jump
    // after which no placement is possible is still offered (the jump is
    // optional and legal), but it leaves the mover stuck mid-turn. Found by
    // random playouts: the Disc on c3 jumps its own d3 to e3, after which
    // no cell is balanced for a territory piece and each empty cell is
    // unsafe for a Disc.
    let g = equi(&["discs=safe", "corner-rule=off"]);
    let moves = "b3 disc-safe:d4 add-territory:a1 disc-safe:c2 d5 disc-safe:b2 d5-d3 \
        disc-safe:e5 b2-b4 e3 d3-d5 b1 disc-safe:d1 disc-safe:c4 c2-c1 disc-safe:d3 c4-a4 \
        add-territory:b2 d1-e1 d1 e5-c5 disc-safe:a3 c3 add-territory:e4 e3-e5 d2 b5 \
        e1-e2 c2 a5 c2-a2 e1 c2 c3-e3";
    let (before, jump) = moves.rsplit_once(' ').expect("several moves");
    let st = after(&g, before);
    assert_eq!(g.rules.players[st.mover as usize], "white");
    let offered = legal(&g, &st);
    assert!(offered.contains(jump) && offered.len() > 1, "{offered:?}");
    let st = after(&g, moves);
    assert!(
        st.is_over(),
        "no placement after the jump: {:?}",
        legal(&g, &st)
    );
    assert_eq!(piece(&g, &st, "c3"), "", "the jump stands");
    assert_eq!(stuck_scores(&g, &st), vec![-17.0, -20.0]);
    assert_eq!(winner(&g, &st).as_deref(), Some("black"));
}

// ---------------------------------------------------------------- Groups

#[test]
fn groups_count_every_neighbour_of_a_cell_with_many_links() {
    // Issue 7: a1 linked to 17 cells, pairwise not adjacent (all of a1's
    // colour on a chessboard). The group tracker kept at most 16 neighbours
    // of a new piece, so `largest(own)` never saw a1 join all 17, while a
    // flood (`largest(stone)`) did.
    let linked = "b2 c1 a3 b4 c3 d2 e1 a5 b6 c5 d4 e3 f2 g1 a7 b8 c7";
    let links: Vec<String> = linked.split(' ').map(|c| format!("a1 {c}")).collect();
    let others = "i9 h9 g9 f9 e9 d9 c9 b9 a9 i8 h8 g8 f8 e8 d8 c8 a8";
    let mut moves: Vec<&str> = Vec::new();
    for (x, o) in linked.split(' ').zip(others.split(' ')) {
        moves.extend([x, o]);
    }
    moves.push("a1");
    for set in ["own", "stone"] {
        let src = format!(
            "game Links
            board square(9) link {}
            players x, o
            pieces stone
            turn: place stone at empty
            end if largest({set}) >= 18: mover wins",
            links.join(", ")
        );
        let file = gdl::syntax::parse(&src).expect("parses");
        let g = Game::new(gdl::check::compile(&file, &[]).unwrap_or_else(|e| panic!("{e:?}")));
        let a1 = g.board().cell_by_label("a1").expect("a1");
        assert_eq!(g.board().neighbors(a1).len(), 19);
        let before = after(&g, &moves[..moves.len() - 1].join(" "));
        assert!(!before.is_over(), "largest({set})");
        let st = after(&g, &moves.join(" "));
        assert_eq!(winner(&g, &st).as_deref(), Some("x"), "largest({set})");
    }
}
