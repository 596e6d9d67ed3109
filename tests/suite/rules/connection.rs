//! Havannah's rings, bridges and forks, and Y's three sides, checked against
//! independent reference rules over many random games: after every stone, the
//! game must be won exactly when the reference finds a winning shape for the
//! player who placed it.

use super::*;
use gdl::ids::Cell;

/// The stones of one player, cell by cell.
fn own_cells(g: &Game, st: &State, player: usize) -> Vec<bool> {
    (0..g.board().len())
        .map(|c| {
            g.piece_at(st, Cell::new(c))
                .and_then(|p| p.owner)
                .map(|o| o.index())
                == Some(player)
        })
        .collect()
}

/// The groups of `own`: a group number per cell (`usize::MAX` off the groups).
fn groups_of(g: &Game, own: &[bool]) -> Vec<usize> {
    let mut group = vec![usize::MAX; own.len()];
    let mut next = 0;
    for start in 0..own.len() {
        if !own[start] || group[start] != usize::MAX {
            continue;
        }
        let mut stack = vec![start];
        group[start] = next;
        while let Some(c) = stack.pop() {
            for &n in g.board().neighbors(Cell::new(c)) {
                let n = n.index();
                if own[n] && group[n] == usize::MAX {
                    group[n] = next;
                    stack.push(n);
                }
            }
        }
        next += 1;
    }
    group
}

fn cells_of(g: &Game, side: &str) -> Vec<usize> {
    g.board()
        .side(side)
        .unwrap_or_else(|| panic!("no side {side}"))
        .into_iter()
        .map(Cell::index)
        .collect()
}

/// A cell is enclosed when every path from it off the board passes through
/// another of `own`'s stones: a ring is a loop of stones around such a cell.
fn has_ring(g: &Game, own: &[bool]) -> bool {
    let board = g.board();
    let on_rim = |c: usize| board.neighbors(Cell::new(c)).len() < 6;
    (0..own.len()).any(|start| {
        let mut seen = vec![false; own.len()];
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(c) = stack.pop() {
            if on_rim(c) {
                return false;
            }
            for &n in board.neighbors(Cell::new(c)) {
                let n = n.index();
                if !own[n] && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        true
    })
}

const HEX_SIDES: [&str; 6] = [
    "top",
    "top-right",
    "bottom-right",
    "bottom",
    "bottom-left",
    "top-left",
];

#[derive(Default, Debug)]
struct Wins {
    ring: usize,
    bridge: usize,
    fork: usize,
    draw: usize,
}

/// Which Havannah shapes `own` makes: (ring, bridge, fork).
fn havannah_shapes(g: &Game, own: &[bool]) -> (bool, bool, bool) {
    let group = groups_of(g, own);
    let corners = g.board().corners();
    let groups = group
        .iter()
        .filter(|&&x| x != usize::MAX)
        .max()
        .map_or(0, |m| m + 1);
    let mut bridge = false;
    let mut fork = false;
    for k in 0..groups {
        let joined_corners = corners.iter().filter(|&&c| group[c.index()] == k).count();
        let joined_sides = HEX_SIDES
            .iter()
            .filter(|side| {
                cells_of(g, side)
                    .into_iter()
                    .any(|c| group[c] == k && !corners.contains(&Cell::new(c)))
            })
            .count();
        bridge |= joined_corners >= 2;
        fork |= joined_sides >= 3;
    }
    (has_ring(g, own), bridge, fork)
}

fn havannah_against_reference(size: u32, games: u64) -> Wins {
    let g = game("games/havannah.gdl", &[&format!("size={size}")]);
    let mut wins = Wins::default();
    for seed in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut st = g.start();
        while let Some(a) = g.random_action(&st, &mut rng) {
            let me = st.mover.index();
            g.play(&mut st, a).expect("legal");
            let own = own_cells(&g, &st, me);
            let (ring, bridge, fork) = havannah_shapes(&g, &own);
            let full = (0..own.len()).all(|c| g.piece_at(&st, Cell::new(c)).is_some());
            let expected = if ring || bridge || fork {
                Some(g.rules.players[me].clone())
            } else if full {
                Some("draw".to_string())
            } else {
                None
            };
            assert_eq!(winner(&g, &st), expected, "seed {seed}, ply {}", st.ply);
            wins.ring += ring as usize;
            wins.bridge += bridge as usize;
            wins.fork += fork as usize;
            wins.draw += (expected.as_deref() == Some("draw")) as usize;
        }
    }
    wins
}

#[test]
fn havannah_matches_a_reference_implementation() {
    // Small boards make every shape common; each must occur, or the test
    // would not show that it is recognised.
    let wins = havannah_against_reference(4, 400);
    assert!(
        wins.ring > 0 && wins.bridge > 0 && wins.fork > 0,
        "{wins:?}"
    );
    let wins = havannah_against_reference(6, 100);
    assert!(
        wins.ring > 0 && wins.bridge > 0 && wins.fork > 0,
        "{wins:?}"
    );
}

#[test]
fn y_matches_a_reference_implementation() {
    for size in [4, 7] {
        let g = game("games/y.gdl", &[&format!("size={size}")]);
        let sides: Vec<Vec<usize>> = ["top", "bottom-left", "bottom-right"]
            .iter()
            .map(|s| cells_of(&g, s))
            .collect();
        let mut winners = [0; 2];
        for seed in 0..300 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut st = g.start();
            while let Some(a) = g.random_action(&st, &mut rng) {
                let me = st.mover.index();
                g.play(&mut st, a).expect("legal");
                let group = groups_of(&g, &own_cells(&g, &st, me));
                let won = (0..group.len()).any(|c| {
                    group[c] != usize::MAX
                        && sides
                            .iter()
                            .all(|s| s.iter().any(|&x| group[x] == group[c]))
                });
                let expected = won.then(|| g.rules.players[me].clone());
                assert_eq!(winner(&g, &st), expected, "size {size} seed {seed}");
                winners[me] += won as usize;
            }
            // Y cannot end without a winner.
            assert!(st.is_over(), "size {size} seed {seed}");
        }
        assert!(winners[0] > 0 && winners[1] > 0, "{winners:?}");
    }
}
