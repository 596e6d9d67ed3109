//! A reference move generator for two sowing games, Oware (abapa rules) and
//! Kalah, written directly in Rust with no gdl involved: the counts a gdl
//! file of either game gives must equal these (issue 22).
//!
//! Pits are numbered counter-clockwise from the first player's left, the
//! way seeds are sown: in Oware the first player owns pits 0-5 and the
//! second 6-11; in Kalah each side's store follows its pits (see [`Kalah`]).
//!
//! Perft counts sequences of whole turns of exactly `d` turns from the start:
//! a position at depth `d` counts 1 (even if the game is over there), and a
//! game over before depth `d` counts 0 at every deeper depth (as `gdl perft
//! --turns` does). In Oware a turn is one sowing; in Kalah it is every
//! sowing a player makes until the last seed falls outside their store, or
//! the game ends. Two different sequences count twice even if they reach the
//! same position.

/// An Oware position: 12 pits of 6 per side, the seeds each player captured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oware {
    pub pits: [u8; 12],
    pub captured: [u8; 2],
    /// The player to move: 0 or 1.
    pub mover: usize,
    pub over: bool,
}

fn side(player: usize) -> std::ops::Range<usize> {
    player * 6..player * 6 + 6
}

impl Oware {
    /// Four seeds in each pit, the first player to move.
    pub fn start() -> Oware {
        Oware {
            pits: [4; 12],
            captured: [0; 2],
            mover: 0,
            over: false,
        }
    }

    pub fn seeds_of(&self, player: usize) -> u32 {
        self.pits[side(player)].iter().map(|&s| s as u32).sum()
    }

    /// Sows the mover's `pit` counter-clockwise, skipping the pit itself
    /// when it held 12 seeds or more, then captures: if the last seed made
    /// an opponent's pit 2 or 3, that pit and the ones before it on the
    /// opponent's side holding 2 or 3, going backwards, are taken, unless
    /// that would take every seed the opponent has (the grand slam: the
    /// move is legal and captures nothing). The mover does not change.
    fn sow(&self, pit: usize) -> Oware {
        let mut next = self.clone();
        let mut seeds = next.pits[pit];
        next.pits[pit] = 0;
        let mut last = pit;
        while seeds > 0 {
            last = (last + 1) % 12;
            if last != pit {
                next.pits[last] += 1;
                seeds -= 1;
            }
        }
        let them = 1 - self.mover;
        let mut caught = Vec::new();
        let mut i = last;
        while side(them).contains(&i) && (2..=3).contains(&next.pits[i]) {
            caught.push(i);
            if i == side(them).start {
                break;
            }
            i -= 1;
        }
        let taken: u32 = caught.iter().map(|&i| next.pits[i] as u32).sum();
        if taken < next.seeds_of(them) {
            for i in caught {
                next.captured[self.mover] += next.pits[i];
                next.pits[i] = 0;
            }
        }
        next
    }

    /// The pits the mover may sow: any of theirs with seeds, but when the
    /// opponent has none, only those that give the opponent seeds.
    pub fn moves(&self) -> Vec<usize> {
        if self.over {
            return Vec::new();
        }
        let them = 1 - self.mover;
        let starving = self.seeds_of(them) == 0;
        side(self.mover)
            .filter(|&p| self.pits[p] > 0)
            .filter(|&p| !starving || self.sow(p).seeds_of(them) > 0)
            .collect()
    }

    /// Plays a legal move, then ends the game if it is over: a player has
    /// more than 24 seeds or both have 24; or the player now to move has no
    /// legal move (they cannot feed an opponent without seeds), and then
    /// takes the seeds left on their own side.
    pub fn play(&self, pit: usize) -> Oware {
        let mut next = self.sow(pit);
        next.mover = 1 - self.mover;
        if next.captured.iter().any(|&c| c > 24) || next.captured == [24, 24] {
            next.over = true;
        } else if next.moves().is_empty() {
            for p in side(next.mover) {
                next.captured[next.mover] += next.pits[p];
                next.pits[p] = 0;
            }
            next.over = true;
        }
        next
    }
}

/// Sequences of `depth` turns of Oware from the start.
pub fn perft_oware(depth: usize) -> u64 {
    fn walk(pos: &Oware, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = pos.moves();
        moves.iter().map(|&p| walk(&pos.play(p), depth - 1)).sum()
    }
    walk(&Oware::start(), depth)
}

/// A Kalah position: `n` pits a side and a store after each side's pits,
/// all in one ring: the first player's pits `0..n` and store `n`, the
/// second's pits `n+1..2n+1` and store `2n+1`. Pit `i` faces pit `2n - i`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kalah {
    pub board: Vec<u8>,
    pub mover: usize,
    pub over: bool,
}

impl Kalah {
    /// `pits` pits a side of `seeds` seeds each, the first player to move.
    pub fn start(pits: usize, seeds: u8) -> Kalah {
        assert!(
            2 * pits * seeds as usize <= u8::MAX as usize,
            "a store holds them all"
        );
        let mut board = vec![seeds; 2 * pits + 2];
        board[pits] = 0;
        board[2 * pits + 1] = 0;
        Kalah {
            board,
            mover: 0,
            over: false,
        }
    }

    /// Pits a side.
    pub fn n(&self) -> usize {
        self.board.len() / 2 - 1
    }

    /// Where `player`'s store is in [`Kalah::board`].
    pub fn store(&self, player: usize) -> usize {
        player * (self.n() + 1) + self.n()
    }

    fn side(&self, player: usize) -> std::ops::Range<usize> {
        player * (self.n() + 1)..self.store(player)
    }

    fn seeds_of(&self, player: usize) -> u32 {
        self.board[self.side(player)]
            .iter()
            .map(|&s| s as u32)
            .sum()
    }

    pub fn moves(&self) -> Vec<usize> {
        if self.over {
            return Vec::new();
        }
        self.side(self.mover)
            .filter(|&p| self.board[p] > 0)
            .collect()
    }

    /// One sowing of the mover's `pit`: one seed into each following pit
    /// and the mover's own store, never the opponent's store; a pit with
    /// enough seeds to lap (13 when n = 6) sows its own pit too. A last
    /// seed in the mover's store gives another sowing in the same turn. A
    /// last seed in an empty pit of the mover's captures it and the seeds
    /// of the pit opposite into the mover's store, if that pit has seeds
    /// (Wikipedia's Kalah rules; some play it without the `if`). When
    /// either side has no seeds left the game ends, and each player puts
    /// the seeds left on their side into their store.
    pub fn sow(&self, pit: usize) -> Kalah {
        let (me, len) = (self.mover, self.board.len());
        let (mine, theirs) = (self.store(me), self.store(1 - me));
        let mut next = self.clone();
        let mut seeds = next.board[pit];
        next.board[pit] = 0;
        let mut last = pit;
        while seeds > 0 {
            last = (last + 1) % len;
            if last != theirs {
                next.board[last] += 1;
                seeds -= 1;
            }
        }
        if self.side(me).contains(&last) && next.board[last] == 1 {
            let facing = 2 * self.n() - last;
            if next.board[facing] > 0 {
                next.board[mine] += 1 + next.board[facing];
                next.board[last] = 0;
                next.board[facing] = 0;
            }
        }
        if next.seeds_of(0) == 0 || next.seeds_of(1) == 0 {
            for player in 0..2 {
                let store = next.store(player);
                for p in next.side(player) {
                    next.board[store] += next.board[p];
                    next.board[p] = 0;
                }
            }
            next.over = true;
        }
        if last != mine {
            next.mover = 1 - me;
        }
        next
    }

    /// The position after each whole turn the mover can make, one per
    /// sequence of sowings.
    pub fn turns(&self) -> Vec<Kalah> {
        let mut ends = Vec::new();
        for p in self.moves() {
            let next = self.sow(p);
            if next.over || next.mover != self.mover {
                ends.push(next);
            } else {
                ends.extend(next.turns());
            }
        }
        ends
    }
}

/// Sequences of `depth` whole turns of Kalah(`pits`, `seeds`) from the start.
pub fn perft_kalah(depth: usize, pits: usize, seeds: u8) -> u64 {
    fn walk(pos: &Kalah, depth: usize) -> u64 {
        match depth {
            0 => 1,
            1 => pos.turns().len() as u64,
            _ => pos.turns().iter().map(|t| walk(t, depth - 1)).sum(),
        }
    }
    walk(&Kalah::start(pits, seeds), depth)
}

/// Sequences of `depth` sowings of Kalah(`pits`, `seeds`), an extra sowing
/// counted as a depth of its own: what `gdl perft` counts without `--turns`
/// in a file where one sowing is one action.
pub fn perft_kalah_sowings(depth: usize, pits: usize, seeds: u8) -> u64 {
    fn walk(pos: &Kalah, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = pos.moves();
        moves.iter().map(|&p| walk(&pos.sow(p), depth - 1)).sum()
    }
    walk(&Kalah::start(pits, seeds), depth)
}

// Oware, from the start (pits 0-5 the mover's, 6-11 the opponent's).
// Depth 1: six pits of 4, so 6 moves; each sows the next four pits, which
// then hold 5 (or 1 for a pit just emptied): no capture.
// Depth 2: the opponent has six pits of 4 or 5 whatever was played: 6 * 6.
// No capture either: a last seed makes a pit 5, 6 or 1.
// Depth 3: the first player's moves are the pits with seeds, 5 or 6. Pit i
// (4 seeds) gives 4 seeds to the pits i+1..i+4; a reply from pit j with c
// seeds refills pit i if j + c >= 12 + i. Pit 0: the opponent has six 4s,
// and j = 8..11 refill it: 4 * 6 + 2 * 5 = 34. Pit 1:
// j = 9..11, 33. Pit 2 (pit 6 now holds 5): j = 10, 11, 32. Pit 3 (pits 6, 7
// hold 5): j = 11, 31. Pits 4 and 5 cannot be refilled: 30 each. In all 190.
// Depths 4-7 (1014 5219 27332 139157) equal the ladder recorded by a Perl
// Game::Oware engine under abapa (its xt perft test, which calls itself a
// regression baseline, not an oracle): counted independently, they agree.
#[test]
fn oware_counts() {
    let counts: Vec<u64> = (1..=8).map(perft_oware).collect();
    assert_eq!(
        counts,
        [6, 36, 190, 1014, 5219, 27332, 139157, 711414],
        "depth 9 is 3592872"
    );
}

// Kalah(6, 4) by whole turns (pits 0-5 the mover's, 6 their store).
// Depth 1: pit 2 ends in the store (2 + 4 = 6): another sowing. Pits 0, 1,
// 3, 4, 5 end the turn (last seeds in pits of 5, or across): 5 turns. After
// pit 2 the pits are 4 4 0 5 5 5, and no pit reaches the store again
// (0+4, 1+4, 3+5, 4+5, 5+5 are not 6) nor ends in an empty pit: 5 more. 10.
// Depth 2: the opponent's turns after each of the 10. Its pits (numbered
// 0-5 from its side) hold 4s, plus one more in each pit the first turn
// reached. All 4s: pit 2 gives a second sowing, as at depth 1: 10 (after
// pit 0, pit 1, and pit 2 then 0 or 1). Pit 0 holding 5 (after pit 3):
// pit 2 still gives 4 + 1 + 5 with nothing new: 10. Pits 0, 1 holding 5
// (after pit 4, or pit 2 then 3): pit 1 (1 + 5 = 6) and pit 2 reach the
// store; 4 plain turns, 5 after pit 1, and after pit 2 four plain ones plus
// pit 1 again (5 seeds) then 5 ends: 4 + 5 + 4 + 5 = 18. Pits 0-2 holding 5
// (after pit 5, or pit 2 then 4), or 0-3 (pit 2 then 5): only pit 1 gives a
// second sowing, then 5 ends: 10. In all 4 * 10 + 10 + 2 * 18 + 3 * 10 =
// 116. Depths 7 and 8: 10171475 and 80250512 (5 s here).
#[test]
fn kalah_counts_by_whole_turns() {
    let counts: Vec<u64> = (1..=6).map(|d| perft_kalah(d, 6, 4)).collect();
    assert_eq!(counts, [10, 116, 1022, 9682, 125843, 1090937]);
}

// Kalah(2, 1): pits 0 1, store 2; the opponent's pits 3 4, store 5; pit 1
// faces pit 3. Depth 1: pit 0 ends in pit 1; pit 1 reaches the store, then
// pit 0 ends in the empty pit 1 and takes pit 3's seed, and the first
// player's side is empty: the game is over. 2 turns. Depth 2: after pit 0
// the opponent plays pit 3, or pit 4 (to its store) then pit 3, whose seed
// ends in the empty pit 4 facing the empty pit 0: no capture. 2 (the game
// that ended counts 0). Depth 3: in both the first player has pit 1 (2
// seeds) only, which empties their side: 2. Depth 4: 0.
#[test]
fn kalah_counts_stop_at_the_end_of_the_game() {
    let counts: Vec<u64> = (1..=5).map(|d| perft_kalah(d, 2, 1)).collect();
    assert_eq!(counts, [2, 2, 2, 0, 0]);
}

// By sowings, depth 1 is the 6 pits, depth 2 is 5 * 6 + 5 (pit 2's second
// sowing). cubrink/mancala's perft test gives 6 35 184 918 4405 20830 97014
// 447866: its capture also works on a last seed in an empty pit of the
// opponent's, and with that rule this generator gives those eight counts.
#[test]
fn kalah_counts_by_sowings() {
    let counts: Vec<u64> = (1..=6).map(|d| perft_kalah_sowings(d, 6, 4)).collect();
    assert_eq!(counts, [6, 35, 185, 942, 4690, 23233]);
}

fn oware(pits: [u8; 12], captured: [u8; 2], mover: usize) -> Oware {
    Oware {
        pits,
        captured,
        mover,
        over: false,
    }
}

#[test]
fn oware_captures_twos_and_threes_backwards_on_the_opponents_side() {
    // Pit 5 sows 6-9 into 4 3 2 3: 9, 8, 7 are taken; 6 (4) stops it.
    let pos = oware([0, 0, 0, 0, 0, 4, 3, 2, 1, 2, 5, 0], [15, 16], 0);
    let next = pos.play(5);
    assert_eq!(next.pits, [0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 5, 0]);
    assert_eq!((next.captured, next.mover, next.over), ([23, 16], 1, false));
    // Pit 10 sows 11 and 0, both into 2: only pit 0 is the opponent's.
    let pos = oware([1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1], [20, 20], 1);
    let next = pos.play(10);
    assert_eq!(next.pits, [0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    assert_eq!(next.captured, [20, 22]);
}

#[test]
fn oware_grand_slam_is_legal_and_captures_nothing() {
    // Pit 5 would take 3 and 2, all the opponent has.
    let pos = oware([1, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0], [20, 22], 0);
    assert_eq!(pos.moves(), [0, 5]);
    let next = pos.play(5);
    assert_eq!(next.pits, [1, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0]);
    assert_eq!((next.captured, next.over), ([20, 22], false));
}

#[test]
fn oware_must_feed_an_opponent_without_seeds() {
    // Pit 0's seed stays on the mover's side; pit 5's reaches pit 6.
    let pos = oware([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], [23, 23], 0);
    assert_eq!(pos.moves(), [5]);
}

#[test]
fn oware_ends_when_no_move_feeds_and_the_mover_takes_the_rest() {
    // The second player sows its last seed into pit 0; the first player's
    // seeds (pits 0 and 1) cannot reach pit 6, so the game ends there and
    // the first player takes them.
    let pos = oware([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [23, 23], 1);
    let next = pos.play(11);
    assert_eq!(next.pits, [0; 12]);
    assert_eq!((next.captured, next.mover, next.over), ([25, 23], 0, true));
    assert!(next.moves().is_empty());
}

#[test]
fn oware_skips_the_origin_when_a_pit_laps() {
    // 12 seeds: pits 1-11, then pit 1 again, never pit 0.
    let pos = oware([12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [18, 18], 0);
    let next = pos.play(0);
    assert_eq!(next.pits, [0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(next.captured, [18, 18]);
    // 17 seeds: round once, then 1-6; pit 6 ends on 2 and is taken.
    let pos = oware([17, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [15, 16], 0);
    let next = pos.play(0);
    assert_eq!(next.pits, [0, 2, 2, 2, 2, 2, 0, 1, 1, 1, 1, 1]);
    assert_eq!(next.captured, [17, 16]);
}

fn kalah(board: [u8; 14], mover: usize) -> Kalah {
    Kalah {
        board: board.to_vec(),
        mover,
        over: false,
    }
}

#[test]
fn kalah_last_seed_in_the_own_store_gives_another_sowing() {
    let start = Kalah::start(6, 4);
    let next = start.sow(2);
    assert_eq!(next.board, [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0]);
    assert_eq!(next.mover, 0);
    assert_eq!(next.sow(0).mover, 1);
    assert_eq!(start.turns().len(), 10);
}

#[test]
fn kalah_captures_the_opposite_pit_only_if_it_has_seeds() {
    // Pit 0's seed ends in the empty pit 1, which faces pit 11.
    let pos = kalah([1, 0, 0, 0, 0, 3, 0, 2, 2, 2, 2, 5, 2, 0], 0);
    let next = pos.sow(0);
    assert_eq!(next.board, [0, 0, 0, 0, 0, 3, 6, 2, 2, 2, 2, 0, 2, 0]);
    assert_eq!(next.mover, 1);
    let pos = kalah([1, 0, 0, 0, 0, 3, 0, 2, 2, 2, 2, 0, 2, 0], 0);
    let next = pos.sow(0);
    assert_eq!(next.board, [0, 1, 0, 0, 0, 3, 0, 2, 2, 2, 2, 0, 2, 0]);
}

#[test]
fn kalah_laps_past_the_opponents_store_into_the_origin() {
    // 13 seeds: pits 1-5, the store, pits 7-12, not 13, then pit 0, empty
    // until now: it takes pit 12's two seeds.
    let pos = kalah([13, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0], 0);
    let next = pos.sow(0);
    assert_eq!(next.board, [0, 1, 1, 1, 1, 1, 4, 2, 2, 2, 2, 2, 0, 0]);
    assert_eq!((next.mover, next.over), (1, false));
}

#[test]
fn kalah_ends_when_a_side_is_empty_and_each_side_goes_to_its_owner() {
    // The mover's last seed reaches the store and empties their side.
    let pos = kalah([0, 0, 0, 0, 0, 1, 10, 1, 2, 3, 0, 0, 0, 5], 0);
    let next = pos.sow(5);
    assert_eq!(next.board, [0, 0, 0, 0, 0, 0, 11, 0, 0, 0, 0, 0, 0, 11]);
    assert!(next.over);
    assert_eq!(pos.turns(), [next]);
    // A capture empties the opponent's side: the mover's pit 5 goes home.
    let pos = kalah([1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 3, 0, 0], 0);
    let next = pos.sow(0);
    assert_eq!(next.board, [0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]);
    assert!(next.over);
}

// gdl's games against this generator: the same counts at every depth
// checked, and the same legal sowings and pits along random games.

use gdl::engine::{Game, State};
use gdl::run::{perft, perft_turns};
use gdl::{OptionChoice, load, load_source};
use std::path::Path;

fn gdl_game(file: &str, options: &[&str]) -> Game {
    let options: Vec<OptionChoice> = options.iter().map(|o| o.parse().expect("option")).collect();
    load(Path::new(file), &options).unwrap_or_else(|e| panic!("{file}: {}", e.message()))
}

fn nodes(counts: Vec<gdl::run::PerftDepth>) -> Vec<u64> {
    counts.iter().map(|d| d.nodes).collect()
}

#[test]
fn gdl_oware_counts_equal_the_reference() {
    let game = gdl_game("games/oware.gdl", &[]);
    let gdl = nodes(perft(&game, &game.start(), 7, false));
    let reference: Vec<u64> = (1..=7).map(perft_oware).collect();
    assert_eq!(gdl, reference);
}

#[test]
fn gdl_kalah_counts_equal_the_reference() {
    let game = gdl_game("games/kalah.gdl", &[]);
    let turns = nodes(perft_turns(&game, &game.start(), 5, false).expect("turns"));
    assert_eq!(
        turns,
        (1..=5).map(|d| perft_kalah(d, 6, 4)).collect::<Vec<_>>()
    );
    let sowings = nodes(perft(&game, &game.start(), 6, false));
    let reference: Vec<u64> = (1..=6).map(|d| perft_kalah_sowings(d, 6, 4)).collect();
    assert_eq!(sowings, reference);
    for seeds in 1..=6u8 {
        let game = gdl_game("games/kalah.gdl", &[&format!("seeds={seeds}")]);
        let turns = nodes(perft_turns(&game, &game.start(), 3, false).expect("turns"));
        let reference: Vec<u64> = (1..=3).map(|d| perft_kalah(d, 6, seeds)).collect();
        assert_eq!(turns, reference, "{seeds} seeds");
    }
}

/// Kalah of two pits a side and one seed, played to its end: the same
/// rules as `games/kalah.gdl` on a board of 2 + 2 pits and 2 stores.
#[test]
fn gdl_kalah_of_two_pits_ends_as_the_reference() {
    let text = "game Kalah-2
board square(4, 2) without a1, d2
players south, north
counters seed
region home: south = row(1) except cells(d1), north = row(2) except cells(a2)
region store: south = cells(d1), north = cells(a2)
region their-store: south = cells(a2), north = cells(d1)
ring ccw, cw = b1 c1 d1 c2 b2 a2
setup: 1 x seed at cells(b1, c1, b2, c2)
define across = ray(last-sown, all, n or s)
action sowing = sow home along ccw skipping their-store
  then if last-sown and home and tally(last-sown) = 1 and tally(across) > 0:
         take last-sown or across into store
turn: sowing, while last-sown and store: sowing
end if tally(row(1) except cells(d1)) = 0 or tally(row(2) except cells(a2)) = 0:
  most tally(store or home)
";
    let game = load_source(text, "kalah-2.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.message()));
    let turns = nodes(perft_turns(&game, &game.start(), 5, false).expect("turns"));
    assert_eq!(
        turns,
        (1..=5).map(|d| perft_kalah(d, 2, 1)).collect::<Vec<_>>()
    );
    assert_eq!(turns, [2, 2, 2, 0, 0]);
}

/// The cell of each Oware pit (0-5 south's a1-f1, 6-11 north's f2-a2).
fn oware_cell(pit: usize) -> String {
    match pit {
        0..6 => format!("{}1", (b'a' + pit as u8) as char),
        _ => format!("{}2", (b'a' + (11 - pit) as u8) as char),
    }
}

/// The cell of each Kalah pit and store (0-5 b1-g1, 6 h1, 7-12 g2-b2, 13 a2).
fn kalah_cell(pit: usize) -> String {
    match pit {
        0..6 => format!("{}1", (b'b' + pit as u8) as char),
        6 => "h1".into(),
        7..13 => format!("{}2", (b'g' - (pit - 7) as u8) as char),
        _ => "a2".into(),
    }
}

/// The cells of the legal sowings, sorted.
fn legal_cells(game: &Game, st: &State) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(st, &mut out);
    let mut cells: Vec<String> = out
        .iter()
        .map(|a| {
            game.board()
                .label(a.cell().expect("a sowing is on a cell"))
                .to_string()
        })
        .collect();
    cells.sort();
    cells
}

fn tally_at(game: &Game, st: &State, label: &str) -> u64 {
    game.tally(st, game.board().cell_by_label(label).expect("a cell"))
}

/// A small generator of pseudo-random numbers, for the games below.
fn next_random(x: &mut u64) -> usize {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x as usize
}

#[test]
fn gdl_oware_plays_as_the_reference_along_random_games() {
    let game = gdl_game("games/oware.gdl", &[]);
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    let mut plies = 0;
    for _ in 0..200 {
        let (mut pos, mut st) = (Oware::start(), game.start());
        loop {
            // At the end the reference gives the pits left to their owner;
            // gdl leaves them and counts hand and side. Before it, alike.
            assert_eq!(st.is_over(), pos.over);
            if pos.over {
                break;
            }
            for pit in 0..12 {
                assert_eq!(tally_at(&game, &st, &oware_cell(pit)), pos.pits[pit] as u64);
            }
            for p in 0..2 {
                let player = gdl::ids::Player::new(p);
                assert_eq!(game.counters_in_hand(&st, player), pos.captured[p] as u64);
            }
            assert_eq!(st.mover.index(), pos.mover);
            let mut moves: Vec<String> = pos.moves().iter().map(|&p| oware_cell(p)).collect();
            moves.sort();
            assert_eq!(legal_cells(&game, &st), moves);
            let pit = pos.moves()[next_random(&mut seed) % moves.len()];
            let cell = game.board().cell_by_label(&oware_cell(pit)).expect("cell");
            let mut out = Vec::new();
            game.legal_actions(&st, &mut out);
            let a = *out.iter().find(|a| a.cell() == Some(cell)).expect("legal");
            game.play_unchecked(&mut st, a);
            pos = pos.play(pit);
            plies += 1;
        }
    }
    assert!(plies > 5000, "{plies} plies");
}

#[test]
fn gdl_kalah_plays_as_the_reference_along_random_games() {
    let game = gdl_game("games/kalah.gdl", &[]);
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut plies = 0;
    for _ in 0..200 {
        let (mut pos, mut st) = (Kalah::start(6, 4), game.start());
        loop {
            assert_eq!(st.is_over(), pos.over);
            if pos.over {
                break;
            }
            // The reference gathers each side into its store at the end;
            // gdl leaves them and counts store and side. Before it, alike.
            for pit in 0..14 {
                assert_eq!(
                    tally_at(&game, &st, &kalah_cell(pit)),
                    pos.board[pit] as u64
                );
            }
            assert_eq!(st.mover.index(), pos.mover);
            let mut moves: Vec<String> = pos.moves().iter().map(|&p| kalah_cell(p)).collect();
            moves.sort();
            assert_eq!(legal_cells(&game, &st), moves);
            let pit = pos.moves()[next_random(&mut seed) % moves.len()];
            let cell = game.board().cell_by_label(&kalah_cell(pit)).expect("cell");
            let mut out = Vec::new();
            game.legal_actions(&st, &mut out);
            let a = *out.iter().find(|a| a.cell() == Some(cell)).expect("legal");
            game.play_unchecked(&mut st, a);
            pos = pos.sow(pit);
            plies += 1;
        }
    }
    assert!(plies > 5000, "{plies} plies");
}
