//! Lines of Action, played out on the shipped game file and checked
//! against an independent reference implementation (plain Rust, no rule
//! tables): the legal moves and the result of hundreds of random games,
//! and the perft counts of `tests/perft/counts.txt` beyond depth 1.

use super::*;
use gdl::ids::Cell;

const FILE: &str = "games/lines-of-action.gdl";

/// A position: 8x8 cells by (column, row) from a1, the player to move.
#[derive(Clone)]
struct Loa {
    cells: [[Option<u8>; 8]; 8],
    mover: u8,
    /// Passes in a row: two end the game in a draw.
    passes: u8,
}

const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn label(c: i32, r: i32) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

impl Loa {
    fn start() -> Loa {
        let mut cells = [[None; 8]; 8];
        // Black on b1-g1 and b8-g8, White on a2-a7 and h2-h7.
        for k in 1..7 {
            for (c, r, p) in [(k, 0, 0), (k, 7, 0), (0, k, 1), (7, k, 1)] {
                cells[c][r] = Some(p);
            }
        }
        Loa {
            cells,
            mover: 0,
            passes: 0,
        }
    }

    fn get(&self, c: i32, r: i32) -> Option<Option<u8>> {
        ((0..8).contains(&c) && (0..8).contains(&r)).then(|| self.cells[c as usize][r as usize])
    }

    /// The moves as (from, to), in no particular order.
    fn moves(&self) -> Vec<((i32, i32), (i32, i32))> {
        let mut out = Vec::new();
        for c in 0..8 {
            for r in 0..8 {
                if self.get(c, r) != Some(Some(self.mover)) {
                    continue;
                }
                for (dc, dr) in DIRS {
                    // The pieces on the whole line, both ways, itself included.
                    let mut n = 1;
                    for sign in [1, -1] {
                        let (mut x, mut y) = (c + sign * dc, r + sign * dr);
                        while let Some(cell) = self.get(x, y) {
                            n += i32::from(cell.is_some());
                            x += sign * dc;
                            y += sign * dr;
                        }
                    }
                    let (tc, tr) = (c + n * dc, r + n * dr);
                    let Some(target) = self.get(tc, tr) else {
                        continue;
                    };
                    let enemy_crossed = (1..n).any(|k| {
                        matches!(self.get(c + k * dc, r + k * dr), Some(Some(p)) if p != self.mover)
                    });
                    if target != Some(self.mover) && !enemy_crossed {
                        out.push(((c, r), (tc, tr)));
                    }
                }
            }
        }
        out
    }

    /// Whether `p`'s pieces form one group (8-neighbourhood).
    fn connected(&self, p: u8) -> bool {
        let pieces: Vec<(i32, i32)> = (0..8)
            .flat_map(|c| (0..8).map(move |r| (c, r)))
            .filter(|&(c, r)| self.get(c, r) == Some(Some(p)))
            .collect();
        let mut seen = vec![pieces[0]];
        let mut stack = vec![pieces[0]];
        while let Some((c, r)) = stack.pop() {
            for (dc, dr) in DIRS {
                let n = (c + dc, r + dr);
                if self.get(n.0, n.1) == Some(Some(p)) && !seen.contains(&n) {
                    seen.push(n);
                    stack.push(n);
                }
            }
        }
        seen.len() == pieces.len()
    }

    /// Plays a move (or a pass, `None`); the winner, if the game ends (a
    /// draw is 2).
    fn play(&mut self, m: Option<((i32, i32), (i32, i32))>) -> Option<u8> {
        let me = self.mover;
        self.passes = if m.is_some() { 0 } else { self.passes + 1 };
        if self.passes == 2 {
            return Some(2);
        }
        if let Some(((fc, fr), (tc, tr))) = m {
            self.cells[fc as usize][fr as usize] = None;
            self.cells[tc as usize][tr as usize] = Some(me);
        }
        self.mover = 1 - me;
        if self.connected(me) {
            Some(me)
        } else if self.connected(1 - me) {
            Some(1 - me)
        } else {
            None
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves.is_empty() {
            let mut next = self.clone();
            return match next.play(None) {
                Some(_) => 1,
                None => next.perft(depth - 1),
            };
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                match next.play(Some(m)) {
                    Some(_) => 1,
                    None => next.perft(depth - 1),
                }
            })
            .sum()
    }
}

#[test]
fn lines_of_action_perft_of_the_reference_implementation() {
    // The counts stated in tests/perft/counts.txt come from here.
    let start = Loa::start();
    let counts: Vec<u64> = (1..=3).map(|d| start.perft(d)).collect();
    assert_eq!(counts, [36, 1244, 44952]);
}

#[test]
fn lines_of_action_matches_a_reference_implementation() {
    let g = game(FILE, &[]);
    let mut wins = [0; 2];
    let mut captures = 0;
    let mut jumps_over_own = 0;
    for seed in 0..300 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut st = g.start();
        let mut o = Loa::start();
        let mut expected = None;
        while let Some(a) = g.random_action(&st, &mut rng) {
            let moves = o.moves();
            let want: BTreeSet<String> = if moves.is_empty() {
                set(&["pass"])
            } else {
                moves
                    .iter()
                    .map(|&((fc, fr), (tc, tr))| format!("{}-{}", label(fc, fr), label(tc, tr)))
                    .collect()
            };
            assert_eq!(legal(&g, &st), want, "seed {seed}, ply {}", st.ply);
            let chosen = a.move_cells().map(|(from, to)| {
                let cell = |x: usize| {
                    let l = g.board().label(Cell::new(x)).as_bytes();
                    (i32::from(l[0] - b'a'), i32::from(l[1] - b'1'))
                };
                (cell(from.index()), cell(to.index()))
            });
            if let Some(((fc, fr), (tc, tr))) = chosen {
                captures += usize::from(o.get(tc, tr) == Some(Some(1 - o.mover)));
                let (dc, dr) = ((tc - fc).signum(), (tr - fr).signum());
                let n = (tc - fc).abs().max((tr - fr).abs());
                jumps_over_own += usize::from(
                    (1..n).any(|k| o.get(fc + k * dc, fr + k * dr) == Some(Some(o.mover))),
                );
            }
            expected = o.play(chosen);
            g.play(&mut st, a).expect("legal");
            if expected.is_some() {
                break;
            }
        }
        let want = expected.map(|p| match p {
            2 => "draw".to_string(),
            p => g.rules.players[p as usize].clone(),
        });
        assert_eq!(winner(&g, &st), want, "seed {seed}");
        if let Some(p @ 0..=1) = expected {
            wins[p as usize] += 1;
        }
    }
    assert!(wins[0] > 0 && wins[1] > 0, "both should win: {wins:?}");
    assert!(captures > 300, "captures should be common: {captures}");
    assert!(
        jumps_over_own > 300,
        "jumps over own pieces too: {jumps_over_own}"
    );
}
