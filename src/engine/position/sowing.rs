//! Counters: their start, `sow` and `take`, and the one place a count
//! changes ([`Game::set_tally`]), which keeps the set of cells holding
//! counters (`seeded`) and the counters' additive hash. A game without
//! counters never comes here.

use crate::cellset;
use crate::engine::{Game, NO_CELL, State};
use crate::limits::MAX_CELL_WORDS;
use crate::rules::*;

impl Game {
    /// The word of `State::sets` holding the counters' additive hash.
    pub(in crate::engine) fn tally_key_at(&self) -> usize {
        self.tally_at + self.rules.board.len() + 1
    }

    /// What the counters and `last-sown` add to the board hash.
    pub(in crate::engine) fn counters_hash(&self, sets: &[u64]) -> u64 {
        let cells = self.rules.board.len();
        let last = self.last_sown_of(sets) as u64;
        let key = sets[self.tally_key_at()]
            .wrapping_add(self.keys.tally[cells].wrapping_mul(last.wrapping_add(1)));
        crate::engine::mix(0xC000_0000_0000_0000 ^ key)
    }

    /// The counters of `setup` on the board, no cell sown yet.
    pub(in crate::engine) fn start_counters(&self, st: &mut State) {
        let cells = self.rules.board.len();
        st.sets[self.tally_at + cells] = NO_CELL as u64;
        for (c, &n) in self.rules.tally.iter().enumerate() {
            if n > 0 {
                self.set_tally(st, c, n as u64);
            }
        }
        st.board_hash ^= self.counters_hash(&st.sets);
    }

    /// Sets the count of `cell` to `n`: the count, `seeded` and the
    /// additive key change together (the board hash is the caller's: see
    /// [`Game::counters_changed`]).
    #[inline]
    fn set_tally(&self, st: &mut State, cell: usize, n: u64) {
        let at = self.tally_at + cell;
        let old = st.sets[at];
        st.sets[at] = n;
        let key = self.tally_key_at();
        st.sets[key] =
            st.sets[key].wrapping_add(n.wrapping_sub(old).wrapping_mul(self.keys.tally[cell]));
        let x = &mut st.sets[self.seeded_set() * self.words + cell / 64];
        let bit = 1u64 << (cell % 64);
        *x = if n > 0 { *x | bit } else { *x & !bit };
    }

    /// The board hash follows the counters from `before` (what
    /// [`Game::counters_hash`] was) to now.
    #[inline]
    fn counters_changed(&self, st: &mut State, before: u64) {
        st.board_hash ^= before ^ self.counters_hash(&st.sets);
        st.changes += 1;
    }

    /// `sow`: lifts the counters of `origin` and drops them one by one on
    /// the cells after it along the ring, passing over the cells of `skip`
    /// (seen with `here` the origin); the last one's cell becomes
    /// `last-sown`. The cells sown are listed once (in the state's spare
    /// stack); each gets the laps' share at once.
    pub(in crate::engine) fn sow(
        &self,
        st: &mut State,
        origin: usize,
        ring: &Ring,
        forward: bool,
        skip: Option<&SetExpr>,
    ) {
        let w = self.words;
        let n = self.tally_of(&st.sets, origin);
        let start = ring.place[origin];
        st.here = origin as u32;
        if n == 0 || start == u32::MAX {
            return;
        }
        let mut passed = [0u64; MAX_CELL_WORDS];
        if let Some(skip) = skip {
            let me = st.mover;
            self.with_ctx(st, me, |cx, scratch| {
                cx.set(skip, &mut passed[..w], scratch)
            });
        }
        let mut order = std::mem::take(&mut st.work.stack);
        order.clear();
        let len = ring.cells.len();
        for k in 1..=len {
            let i = match forward {
                true => (start as usize + k) % len,
                false => (start as usize + len * k - k) % len,
            };
            let c = ring.cells[i];
            if !cellset::contains(&passed[..w], c as usize) {
                order.push(c);
            }
        }
        if !order.is_empty() {
            let before = self.counters_hash(&st.sets);
            self.set_tally(st, origin, 0);
            let l = order.len() as u64;
            let (laps, rest) = (n / l, n % l);
            for (i, &c) in order.iter().enumerate() {
                let more = laps + ((i as u64) < rest) as u64;
                if more > 0 {
                    let now = self.tally_of(&st.sets, c as usize) + more;
                    self.set_tally(st, c as usize, now);
                }
            }
            let last = order[((n - 1) % l) as usize];
            st.sets[self.tally_at + self.rules.board.len()] = last as u64;
            self.counters_changed(st, before);
        }
        st.work.stack = order;
    }

    /// `take S [into T]`: the counters of S's cells go to the mover's hand,
    /// or onto T's one cell (nothing happens unless T is one cell).
    pub(in crate::engine) fn take(&self, st: &mut State, what: &SetExpr, into: Option<&SetExpr>) {
        let w = self.words;
        let me = st.mover;
        let (mut from, mut to) = ([0u64; MAX_CELL_WORDS], [0u64; MAX_CELL_WORDS]);
        self.with_ctx(st, me, |cx, scratch| {
            cx.set(what, &mut from[..w], scratch);
            if let Some(into) = into {
                cx.set(into, &mut to[..w], scratch);
            }
        });
        let target = match into {
            Some(_) if cellset::count(&to[..w]) != 1 => return,
            Some(_) => cellset::cells(&to[..w]).next(),
            None => None,
        };
        let seeded = &st.sets[self.seeded_set() * w..][..w];
        for (f, s) in from[..w].iter_mut().zip(seeded) {
            *f &= s;
        }
        if let Some(t) = target {
            from[t / 64] &= !(1u64 << (t % 64));
        }
        if from[..w].iter().all(|&x| x == 0) {
            return;
        }
        let before = self.counters_hash(&st.sets);
        let mut taken = 0;
        for c in cellset::cells(&from[..w]) {
            taken += self.tally_of(&st.sets, c);
            self.set_tally(st, c, 0);
        }
        match target {
            Some(t) => {
                let now = self.tally_of(&st.sets, t) + taken;
                self.set_tally(st, t, now);
            }
            None => {
                let hand = self.rules.players.len() * self.rules.pieces.len() + me.index();
                // Counters are never made, only moved: no hand holds more
                // than the setup's total, checked below `u16::MAX`.
                st.reserve[hand] += taken as u16;
            }
        }
        self.counters_changed(st, before);
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::same_games::game;
    use crate::engine::{Game, NO_CELL, State};
    use crate::rules::*;

    /// The sowing choice of a game: its ring, direction and skipped cells.
    fn sowing(g: &Game) -> (&Ring, bool, Option<&SetExpr>) {
        for c in &g.rules.choices {
            if let ChoiceKind::Sow {
                ring,
                forward,
                skip,
                ..
            } = &c.kind
            {
                return (&g.rules.rings[*ring as usize], *forward, skip.as_ref());
            }
        }
        panic!("no sowing")
    }

    /// Sows `origin` seed by seed, as the rules say it in words: the next
    /// cell along the ring, passed over when it is in `skipped`.
    fn walk(
        counts: &mut [u64],
        ring: &Ring,
        forward: bool,
        origin: usize,
        skipped: &[bool],
    ) -> usize {
        let len = ring.cells.len();
        let mut seeds = std::mem::take(&mut counts[origin]);
        let mut at = ring.place[origin] as usize;
        let mut last = origin;
        while seeds > 0 {
            at = if forward {
                (at + 1) % len
            } else {
                (at + len - 1) % len
            };
            let c = ring.cells[at] as usize;
            if !skipped[c] {
                counts[c] += 1;
                seeds -= 1;
                last = c;
            }
        }
        last
    }

    /// Each lap added at once equals sowing seed by seed, from every cell
    /// of the ring, for each player, with up to three laps of seeds; the
    /// counters' key and `seeded` stay those of the counts.
    #[test]
    fn sowing_by_laps_is_sowing_seed_by_seed() {
        for file in ["games/oware.gdl", "games/kalah.gdl"] {
            let g = game(&std::fs::read_to_string(file).expect("reads"), &[]);
            let (ring, forward, skip) = sowing(&g);
            let cells = g.rules.board.len();
            for mover in 0..2 {
                for &origin in &ring.cells {
                    let origin = origin as usize;
                    for n in 1..=3 * ring.cells.len() as u64 + 1 {
                        let mut st: State = g.start();
                        st.mover = Player::new(mover);
                        // Some counters everywhere, n on the origin.
                        let mut counts: Vec<u64> = (0..cells).map(|c| (c as u64 * 7) % 3).collect();
                        counts[origin] = n;
                        for (c, &k) in counts.iter().enumerate() {
                            g.set_tally(&mut st, c, k);
                        }
                        let skipped: Vec<bool> = match skip {
                            Some(s) => {
                                let set = g.probe_set(&st, s, Some(origin));
                                (0..cells).map(|c| set.contains(c)).collect()
                            }
                            None => vec![false; cells],
                        };
                        let last = walk(&mut counts, ring, forward, origin, &skipped);
                        g.sow(&mut st, origin, ring, forward, skip);
                        let sown: Vec<u64> = (0..cells).map(|c| g.tally_of(&st.sets, c)).collect();
                        assert_eq!(sown, counts, "{file}: {n} from {origin}");
                        assert_eq!(g.last_sown_of(&st.sets), last as u32);
                        assert_ne!(last as u32, NO_CELL);
                        let key = (0..cells).fold(0u64, |k, c| {
                            k.wrapping_add(counts[c].wrapping_mul(g.keys.tally[c]))
                        });
                        assert_eq!(st.sets[g.tally_key_at()], key);
                    }
                }
            }
        }
    }
}
