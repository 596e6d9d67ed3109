//! Floods over the board: connections (with the union-find when it can
//! answer), group counts and sizes, and escapes from a bounding box.

use crate::cellset;
use crate::engine::eval::Ctx;
use crate::ids::Cell;
use crate::rules::*;

impl Ctx<'_> {
    /// `Touches`: a cell of `target` next to a cell of the flood of `seed`
    /// through `through`; the flood stops at the first one it finds.
    pub(in crate::engine) fn touches(
        &mut self,
        seed: &SetExpr,
        through: &SetExpr,
        target: &SetExpr,
        tmp: &mut [u64],
    ) -> bool {
        let w = self.w();
        let (t, rest) = tmp.split_at_mut(w);
        self.set(through, t, rest);
        let (goal, rest) = rest.split_at_mut(w);
        self.set(target, goal, rest);
        let (seen, rest) = rest.split_at_mut(w);
        self.set(seed, seen, rest);
        self.flood_until(seen, t, |n| cellset::contains(goal, n))
    }

    /// Floods from the cells of `seen` through the cells of `through`,
    /// adding what it reaches to `seen`; true as soon as `stop(n)` holds
    /// for a neighbour `n` of a flooded cell (asked before `n` is crossed),
    /// false when the flood is done.
    pub(in crate::engine) fn flood_until(
        &mut self,
        seen: &mut [u64],
        through: &[u64],
        stop: impl Fn(usize) -> bool,
    ) -> bool {
        self.stack.clear();
        self.stack.extend(cellset::cells(seen).map(|c| c as u32));
        let board = &self.g.rules.board;
        while let Some(c) = self.stack.pop() {
            for &n in board.neighbors(Cell::new(c as usize)) {
                let n = n.index();
                if stop(n) {
                    return true;
                }
                if cellset::contains(through, n) && !cellset::contains(seen, n) {
                    cellset::insert(seen, n);
                    self.stack.push(n as u32);
                }
            }
        }
        false
    }

    /// `Escapes` for the common shape `reach(S, E or like(S)) except box(S)`
    /// with stored `S` and `E` (a flood through empty cells and the group's
    /// own pieces, out of its bounding box): the flood grows a ring of cells
    /// at a time, as whole sets, and stops at the first ring that leaves the
    /// box, which for an open group is the first. `None` for other shapes.
    pub(in crate::engine) fn escapes_box(
        &mut self,
        seed: &SetExpr,
        through: &SetExpr,
        bound: &SetExpr,
        tmp: &mut [u64],
    ) -> Option<bool> {
        let SetExpr::Box(inner) = bound else {
            return None;
        };
        let SetExpr::Union(a, b) = through else {
            return None;
        };
        let (plain, like) = match (&**a, &**b) {
            (x, SetExpr::Like(l)) | (SetExpr::Like(l), x) => (x, &**l),
            _ => return None,
        };
        let (s, p, l, i) = (
            self.stored(seed)?,
            self.stored(plain)?,
            self.stored(like)?,
            self.stored(inner)?,
        );
        // One copy per small number of words, the loops unrolled.
        Some(match self.w() {
            1 => self.escapes_ring(1, [s, p, l, i], tmp),
            2 => self.escapes_ring(2, [s, p, l, i], tmp),
            3 => self.escapes_ring(3, [s, p, l, i], tmp),
            w => self.escapes_ring(w, [s, p, l, i], tmp),
        })
    }

    /// The flood of `escapes_box`, from `seed` through `plain` and cells
    /// like `like`, out of the box of `inner`.
    #[inline(always)]
    fn escapes_ring(
        &self,
        w: usize,
        [seed, plain, like, inner]: [&[u64]; 4],
        tmp: &mut [u64],
    ) -> bool {
        let (bx, rest) = tmp.split_at_mut(w);
        let (open, rest) = rest.split_at_mut(w);
        let (seen, rest) = rest.split_at_mut(w);
        let (ring, rest) = rest.split_at_mut(w);
        let next = &mut rest[..w];
        let (seed, plain) = (&seed[..w], &plain[..w]);
        self.g.board_sets.box_of(inner, bx);
        self.like_cells(like, open);
        for j in 0..w {
            open[j] |= plain[j];
        }
        if (0..w).any(|j| seed[j] & !bx[j] != 0) {
            return true;
        }
        seen.copy_from_slice(seed);
        ring.copy_from_slice(seed);
        loop {
            self.g.board_sets.neighbors_of(ring, next);
            let (mut grew, mut left) = (0, 0);
            for j in 0..w {
                let n = next[j] & open[j] & !seen[j];
                grew |= n;
                left |= n & !bx[j];
                seen[j] |= n;
                ring[j] = n;
            }
            if left != 0 {
                return true;
            }
            if grew == 0 {
                return false;
            }
        }
    }

    /// The player whose pieces a set is, when the union-find answers for
    /// it: groups are of one kind of piece, so only with one owned kind.
    pub(in crate::engine) fn owner_of_set(&self, s: &SetExpr) -> Option<usize> {
        if !self.g.single_owned_kind {
            return None;
        }
        match s {
            SetExpr::Owned(w) => Some(self.who(*w)),
            SetExpr::Enemy if self.g.players == 2 => Some(1 - self.me.index()),
            _ => None,
        }
    }

    pub(in crate::engine) fn fresh_groups(&mut self, p: usize) {
        if self.groups.is_exact(p) {
            return;
        }
        let w = self.w();
        let g = self.g;
        let owner = &self.sets[g.owner_set(p) * w..(g.owner_set(p) + 1) * w];
        let board = &g.rules.board;
        self.groups
            .rebuild_with(p, cellset::cells(owner), &g.cell_anchors, |c, f| {
                for &n in board.neighbors(Cell::new(c)) {
                    if cellset::contains(owner, n.index()) {
                        f(n.index())
                    }
                }
            });
    }

    pub(in crate::engine) fn anchor_bit(&self, e: &SetExpr) -> Option<u32> {
        let id = match e {
            SetExpr::Fixed(i) => *i,
            SetExpr::PerPlayer(v) => v[self.me.index()],
            _ => return None,
        };
        self.g
            .anchor_sets
            .iter()
            .position(|&x| x == id)
            .map(|b| b as u32)
    }

    pub(in crate::engine) fn connected(
        &mut self,
        s: &SetExpr,
        a: &SetExpr,
        b: &SetExpr,
        tmp: &mut [u64],
    ) -> bool {
        let w = self.w();
        // Both sides anchored: whether one tree touches both is one bit
        // (asked first: cheaper than any other test).
        if let (Some(p), Some(i), Some(j)) =
            (self.owner_of_set(s), self.anchor_bit(a), self.anchor_bit(b))
            && self.g.track_groups
            && let Some(joined) = self.groups.joins(p, i, j)
        {
            if !joined || self.groups.is_exact(p) {
                return joined;
            }
            // An inexact forest's "yes" may be its ghosts': the pieces
            // themselves are followed, cheaper than a rebuild (about
            // 19,000 instructions on Pinch 13), and the usual "yes" is a
            // game's winning move. A "no" rebuilds the forest, so that the
            // ghosts stop answering.
            let found = self.flood_connected(s, a, b, tmp);
            if !found {
                self.fresh_groups(p);
            }
            return found;
        }
        // No cell of the set on one of the sides: no connection (cheap, and
        // common early in a game).
        if let (Some(sw), Some(aw), Some(bw)) = (self.stored(s), self.stored(a), self.stored(b)) {
            let touches = |x: &[u64]| (0..w).any(|j| sw[j] & x[j] != 0);
            if !touches(aw) || !touches(bw) {
                return false;
            }
        }
        // Connection is symmetric: one side with an anchor bit is enough, and
        // the other (say `here`, or the cells just placed) is any set whose
        // groups are asked for that bit.
        let anchored = match (self.anchor_bit(b), self.anchor_bit(a)) {
            (Some(bit), _) => Some((bit, a)),
            (None, Some(bit)) => Some((bit, b)),
            (None, None) => None,
        };
        if let (Some(p), Some((bit, other))) = (self.owner_of_set(s), anchored)
            && self.g.track_groups
        {
            let (t, rest) = tmp.split_at_mut(w);
            self.set(other, t, rest);
            let owner = self.raw(self.g.owner_set(p));
            for j in 0..w {
                t[j] &= owner[j];
            }
            // An inexact forest may join what is apart, never the reverse:
            // its "no" is final, its "yes" is checked on a rebuilt forest.
            for round in 0..2 {
                let joined =
                    cellset::cells(t).any(|c| self.groups.anchors_of(p, c) >> bit & 1 == 1);
                if !joined || self.groups.is_exact(p) || round == 1 {
                    return joined;
                }
                self.fresh_groups(p);
            }
            return false;
        }
        self.flood_connected(s, a, b, tmp)
    }

    /// `connected(s, a, b)` by a flood from the cells of `s` in `a`
    /// through `s`.
    fn flood_connected(&mut self, s: &SetExpr, a: &SetExpr, b: &SetExpr, tmp: &mut [u64]) -> bool {
        let w = self.w();
        let (within, rest) = tmp.split_at_mut(w);
        self.set(s, within, rest);
        let (seen, rest) = rest.split_at_mut(w);
        let (target, rest) = rest.split_at_mut(w);
        self.set(b, target, rest);
        self.set(a, seen, rest);
        for j in 0..w {
            seen[j] &= within[j];
        }
        self.stack.clear();
        self.stack.extend(cellset::cells(seen).map(|c| c as u32));
        let board = &self.g.rules.board;
        while let Some(c) = self.stack.pop() {
            let c = c as usize;
            if cellset::contains(target, c) {
                return true;
            }
            for &n in board.neighbors(Cell::new(c)) {
                let n = n.index();
                if cellset::contains(within, n) && !cellset::contains(seen, n) {
                    cellset::insert(seen, n);
                    self.stack.push(n as u32);
                }
            }
        }
        false
    }

    /// (number of groups, size of the largest) among the cells of `s`.
    /// The union-find answers when it is exact; otherwise the groups are
    /// grown ring by ring (a conversion or a removal leaves the union-find
    /// to be rebuilt, which costs more than the rings).
    pub(in crate::engine) fn group_stats(&mut self, s: &SetExpr, tmp: &mut [u64]) -> (i64, i64) {
        let w = self.w();
        let owner = self.owner_of_set(s);
        if let Some(p) = owner
            && self.groups.is_exact(p)
        {
            let mut largest = 0;
            let owner = &self.sets[self.g.owner_set(p) * w..(self.g.owner_set(p) + 1) * w];
            for c in cellset::cells(owner) {
                if let Some(size) = self.groups.root_size(p, c) {
                    largest = largest.max(size);
                }
            }
            return (self.groups.count(p) as i64, largest as i64);
        }
        let (within, rest) = tmp.split_at_mut(w);
        match owner {
            Some(p) => within.copy_from_slice(self.raw(self.g.owner_set(p))),
            None => self.set(s, within, rest),
        }
        // One copy per small number of words, the loops unrolled.
        match w {
            1 => self.group_rings(1, within, rest),
            2 => self.group_rings(2, within, rest),
            3 => self.group_rings(3, within, rest),
            w => self.group_rings(w, within, rest),
        }
    }

    /// (number of groups, size of the largest) of the cells of `within`,
    /// which it empties.
    #[inline(always)]
    fn group_rings(&self, w: usize, within: &mut [u64], tmp: &mut [u64]) -> (i64, i64) {
        let within = &mut within[..w];
        let (same, rest) = tmp.split_at_mut(w);
        let (group, rest) = rest.split_at_mut(w);
        let (ring, rest) = rest.split_at_mut(w);
        let next = &mut rest[..w];
        let (mut count, mut largest) = (0, 0);
        while let Some(start) = cellset::cells(within).next() {
            self.g.same_piece(self.sets, self.cells[start], same);
            for j in 0..w {
                same[j] &= within[j];
            }
            self.g.grow_group(start, same, group, ring, next);
            count += 1;
            largest = largest.max(cellset::count(group) as i64);
            for j in 0..w {
                within[j] &= !group[j];
            }
        }
        (count, largest)
    }
}

impl crate::engine::Game {
    /// `out` = the cells holding piece `code` (as in `State::cells`: 0 for
    /// none). Words as `neighbors_of`.
    #[inline(always)]
    pub(in crate::engine) fn same_piece(&self, sets: &[u64], code: u8, out: &mut [u64]) {
        let w = out.len();
        let set = |s: usize| &sets[s * w..(s + 1) * w];
        match (code as usize).checked_sub(1) {
            Some(code) => {
                let owners = self.players + 1;
                let kind = set(self.piece_set(code / owners));
                let owner = set(self.owner_set(code % owners));
                for j in 0..w {
                    out[j] = kind[j] & owner[j];
                }
            }
            None => out.copy_from_slice(set(crate::engine::EMPTY)),
        }
    }

    /// `group` = the cells of `same` connected to `start` (a cell of it),
    /// grown a ring of neighbours at a time. Words as `neighbors_of`.
    #[inline(always)]
    pub(in crate::engine) fn grow_group(
        &self,
        start: usize,
        same: &[u64],
        group: &mut [u64],
        ring: &mut [u64],
        next: &mut [u64],
    ) {
        let w = group.len();
        cellset::clear(group);
        cellset::clear(ring);
        cellset::insert(group, start);
        cellset::insert(ring, start);
        loop {
            self.board_sets.neighbors_of(ring, next);
            let mut grew = 0;
            for j in 0..w {
                let n = next[j] & same[j] & !group[j];
                grew |= n;
                group[j] |= n;
                ring[j] = n;
            }
            if grew == 0 {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cellset;
    use crate::engine::same_games::{game, same_games};
    use crate::ids::Cell;
    use crate::rules::Player;

    const CARTESO: &str = include_str!("../../../games/carteso.gdl");
    const PINCH: &str = include_str!("../../../games/pinch.gdl");
    const GO: &str = include_str!("../../../games/go.gdl");

    /// Go's liberty test, `neighbors(reach(here, like(here))) and empty`
    /// asked for a cell, searched until the first liberty (`Touches`), against the
    /// same set built whole; the legal actions must agree along random
    /// games, with suicides refused among them.
    #[test]
    fn a_liberty_search_agrees_with_the_whole_set() {
        let liberty = "count(neighbors(reach(here, like(here))) and empty) > 0";
        assert!(GO.contains(liberty));
        let general = GO.replace(
            liberty,
            "count(neighbors(reach(here, like(here))) and empty and empty) > 0",
        );
        for size in ["5", "7", "9"] {
            let g = game(GO, &[("size", size)]);
            let plain = game(&general, &[("size", size)]);
            let mut refused = 0;
            same_games(&g, &plain, 12, 400, |s, _| {
                let mut legal = Vec::new();
                g.legal_actions(s, &mut legal);
                let empty = cellset::count(&s.sets[..g.words]);
                refused += usize::from(!s.is_over() && legal.len() < empty + 1);
            });
            assert!(refused > 0, "size {size}: no placement refused");
        }
    }

    /// Pinch's `connected(own, start, finish)` by the union-find (inexact
    /// after every capture: a "yes" followed on the pieces, a "no" read
    /// from the forest) against the same rule written so that it is a
    /// flood every time; the games must end alike, with wins among them.
    #[test]
    fn connections_on_an_inexact_forest_are_the_floods() {
        let flood = PINCH.replace(
            "connected(own, start, finish)",
            "connected(own and own, start, finish)",
        );
        assert_ne!(flood, PINCH);
        for (size, capture) in [
            ("5", "flip"),
            ("7", "flip"),
            ("9", "remove"),
            ("13", "flip"),
        ] {
            let options = [("size", size), ("capture", capture)];
            let (g, plain) = (game(PINCH, &options), game(&flood, &options));
            let mut wins = 0;
            same_games(&g, &plain, 12, 400, |s, _| {
                wins += usize::from(matches!(
                    s.result(),
                    Some(crate::engine::GameResult::Win(_))
                ));
            });
            assert!(wins > 0, "size {size}: no game won");
        }
    }

    /// Carteso's claims found by the ring flood of `escapes_box` and by the
    /// general cell-by-cell flood (the same rule written so that the shape
    /// is not recognised), on boards of 1, 2, 3, 5 and 9 words.
    #[test]
    fn escaping_a_box_by_rings_agrees_with_the_general_flood() {
        let general = CARTESO.replace(
            "reach(g, empty or like(g))",
            "reach(g, empty or like(g) or like(g))",
        );
        assert_ne!(general, CARTESO);
        for size in ["5", "9", "13", "17", "23"] {
            let g = game(CARTESO, &[("size", size)]);
            let plain = game(&general, &[("size", size)]);
            let (w, mut claims) = (g.words, 0);
            let claimed = g.mark_set(0)..g.mark_set(1) + 1;
            same_games(&g, &plain, 8, 600, |s, t| {
                assert_eq!(s.sets, t.sets, "size {size}");
                claims += cellset::count(&s.sets[claimed.start * w..claimed.end * w]);
            });
            assert!(claims > 0, "size {size}: no claim made");
        }
    }

    /// `take_group` (whole-set rings) against a flood from cell to cell
    /// through neighbours holding the same piece, for every cell of
    /// positions along random Carteso games on boards of 1 to 5 words.
    #[test]
    fn a_group_taken_by_rings_is_the_flood_of_its_piece() {
        for size in ["5", "9", "13", "17"] {
            let g = game(CARTESO, &[("size", size)]);
            let w = g.words;
            let board = &g.rules.board;
            same_games(&g, &g, 4, 300, |s, _| {
                for start in 0..board.len() {
                    let mut within = vec![!0u64; w];
                    g.take_group(w, s, 0, start, &mut within);
                    let mut want = vec![0u64; w];
                    let mut stack = vec![start];
                    cellset::insert(&mut want, start);
                    while let Some(c) = stack.pop() {
                        for &n in board.neighbors(Cell::new(c)) {
                            let n = n.index();
                            if s.cells[n] == s.cells[start] && !cellset::contains(&want, n) {
                                cellset::insert(&mut want, n);
                                stack.push(n);
                            }
                        }
                    }
                    assert_eq!(&s.set_vars[..w], &want[..], "size {size}, cell {start}");
                    assert!(within.iter().zip(&want).all(|(r, g)| r & g == 0));
                }
            });
        }
    }

    /// `groups(S)` and `largest(S)` against a flood from cell to cell, for
    /// each player's stones (the union-find when exact, else rings; Ecalper
    /// converts stones, Hex never does) and for every stone (`occupied`:
    /// rings, one piece per group), along random games.
    #[test]
    fn group_counts_and_sizes_agree_with_a_plain_flood() {
        use crate::rules::{SetExpr, Who};
        let games = [
            game(include_str!("../../../games/ecalper.gdl"), &[("size", "5")]),
            game(include_str!("../../../games/ecalper.gdl"), &[("size", "8")]),
            game(include_str!("../../../games/hex.gdl"), &[("size", "9")]),
        ];
        for g in &games {
            let board = &g.rules.board;
            let mut checked = 0;
            same_games(g, g, 6, 400, |s, _| {
                let sets = [
                    SetExpr::Owned(Who::Player(Player::new(0))),
                    SetExpr::Owned(Who::Player(Player::new(1))),
                    SetExpr::Occupied,
                ];
                for (i, e) in sets.iter().enumerate() {
                    let got = g.with_ctx(s, Player::new(0), |cx, tmp| cx.group_stats(e, tmp));
                    let (mut count, mut largest) = (0, 0);
                    let mut seen = vec![false; board.len()];
                    for start in 0..board.len() {
                        let code = s.cells[start];
                        let within = match i {
                            2 => code != 0,
                            p => code != 0 && g.code_at(s, start).map(|(_, o)| o) == Some(p),
                        };
                        if !within || seen[start] {
                            continue;
                        }
                        let (mut size, mut stack) = (0, vec![start]);
                        seen[start] = true;
                        while let Some(c) = stack.pop() {
                            size += 1;
                            for &n in board.neighbors(Cell::new(c)) {
                                let n = n.index();
                                if s.cells[n] == code && !seen[n] {
                                    seen[n] = true;
                                    stack.push(n);
                                }
                            }
                        }
                        count += 1;
                        largest = largest.max(size);
                    }
                    assert_eq!(got, (count, largest), "{}", g.rules.name);
                    checked += count;
                }
            });
            assert!(checked > 1000, "{}: {checked} groups", g.rules.name);
        }
    }
}
