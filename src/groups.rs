//! Connected groups of each player's pieces, kept up to date incrementally.
//!
//! One union-find forest per player over the cells, one tree per group.
//! Placing a piece joins it to its neighbours' groups in near-constant time.
//!
//! Taking a piece away cannot be undone in a union-find. Instead the forest
//! keeps the piece as a "ghost" and becomes *inexact*: its trees may join
//! cells that are no longer connected, but never separate cells that are.
//! So an inexact forest still proves that two sides are **not** connected,
//! which is the common answer during a game; only a "yes" (or a question
//! about group sizes or counts) needs the forest rebuilt from the board.
//! Each tree root knows which "anchor" regions (the sides used in
//! `connected(...)`) its group touches, so a connection test reads a few roots.

#[derive(Clone, Debug)]
pub struct Groups {
    cells: usize,
    /// Per player, per cell (`player * cells + cell`).
    parent: Vec<u32>,
    size: Vec<u32>,
    anchors: Vec<u64>,
    /// Whether the node is in the player's forest (a piece, or a ghost).
    member: Vec<bool>,
    /// Per player: the forest matches the board exactly.
    exact: Vec<bool>,
    /// Per player: number of groups (valid when exact).
    count: Vec<u32>,
    /// Per player: bit `8 * i + j` is set when some tree touches anchors
    /// `i` and `j` (both below 8), so that a connection between two such
    /// anchors is one bit to read. Trees only merge until a rebuild, so
    /// the bits only grow.
    pairs: Vec<u64>,
}

/// The pairs of anchors (below 8) that one tree touching `anchors` joins.
#[inline]
fn pair_bits(anchors: u64) -> u64 {
    let low = anchors & 0xff;
    let (mut bits, mut out) = (low, 0);
    while bits != 0 {
        let i = bits.trailing_zeros();
        bits &= bits - 1;
        out |= low << (8 * i);
    }
    out
}

impl Groups {
    pub fn new(cells: usize, players: usize) -> Groups {
        Groups {
            cells,
            parent: (0..(cells * players) as u32).collect(),
            size: vec![1; cells * players],
            anchors: vec![0; cells * players],
            member: vec![false; cells * players],
            exact: vec![true; players],
            count: vec![0; players],
            pairs: vec![0; players],
        }
    }

    pub fn clone_from(&mut self, other: &Groups) {
        self.cells = other.cells;
        self.parent.clone_from(&other.parent);
        self.size.clone_from(&other.size);
        self.anchors.clone_from(&other.anchors);
        self.member.clone_from(&other.member);
        self.exact.clone_from(&other.exact);
        self.count.clone_from(&other.count);
        self.pairs.clone_from(&other.pairs);
    }

    #[inline]
    fn find_node(&mut self, mut n: usize) -> usize {
        // Path halving.
        while self.parent[n] as usize != n {
            let p = self.parent[n] as usize;
            self.parent[n] = self.parent[p];
            n = self.parent[n] as usize;
        }
        n
    }

    /// The anchors touched by the tree of `cell` in `player`'s forest.
    #[inline]
    pub fn anchors_of(&mut self, player: usize, cell: usize) -> u64 {
        let root = self.find_node(player * self.cells + cell);
        self.anchors[root]
    }

    #[inline]
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find_node(a), self.find_node(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a as u32;
        self.size[a] += self.size[b];
        if self.anchors[b] & !self.anchors[a] != 0 {
            self.anchors[a] |= self.anchors[b];
            self.pairs[a / self.cells] |= pair_bits(self.anchors[a]);
        }
        true
    }

    /// Whether some tree of `player`'s forest touches anchors `i` and `j`,
    /// when both are below 8 (`None` otherwise: ask the roots).
    #[inline]
    pub fn joins(&self, player: usize, i: u32, j: u32) -> Option<bool> {
        (i < 8 && j < 8).then(|| self.pairs[player] >> (8 * i + j) & 1 == 1)
    }

    /// Forgets every forest, as a copy of a state whose forests nobody
    /// keeps up would have them: any question rebuilds.
    pub fn forget(&mut self) {
        self.exact.fill(false);
    }

    pub fn is_exact(&self, player: usize) -> bool {
        self.exact[player]
    }

    /// A piece of `player` left a cell: the forest keeps it as a ghost.
    pub fn remove(&mut self, player: usize) {
        self.exact[player] = false;
    }

    /// A piece of `player` arrived on `cell`; `same` are the neighbouring
    /// cells that hold pieces of the same player.
    #[inline]
    pub fn add(
        &mut self,
        player: usize,
        cell: usize,
        anchors: u64,
        same: impl Iterator<Item = usize>,
    ) {
        let node = player * self.cells + cell;
        if !self.member[node] {
            self.member[node] = true;
            self.parent[node] = node as u32;
            self.size[node] = 1;
            self.anchors[node] = anchors;
            self.pairs[player] |= pair_bits(anchors);
            self.count[player] += 1;
        }
        for n in same {
            if self.union(node, player * self.cells + n) {
                self.count[player] -= 1;
            }
        }
    }

    /// Rebuilds a player's forest exactly: `cells` are the cells the player
    /// occupies, and `each_same(c, f)` calls `f` on every neighbour of `c`
    /// holding a piece of the same player.
    pub fn rebuild_with(
        &mut self,
        player: usize,
        cells: impl Iterator<Item = usize> + Clone,
        anchors: &[u64],
        mut each_same: impl FnMut(usize, &mut dyn FnMut(usize)),
    ) {
        let base = player * self.cells;
        self.member[base..base + self.cells].fill(false);
        self.pairs[player] = 0;
        let mut count = 0;
        for c in cells.clone() {
            let node = base + c;
            self.member[node] = true;
            self.parent[node] = node as u32;
            self.size[node] = 1;
            self.anchors[node] = anchors[c];
            self.pairs[player] |= pair_bits(anchors[c]);
            count += 1;
        }
        for c in cells {
            let mut joins = 0;
            each_same(c, &mut |n| {
                if n < c && self.union(base + c, base + n) {
                    joins += 1;
                }
            });
            count -= joins;
        }
        self.count[player] = count;
        self.exact[player] = true;
    }

    /// Number of groups (the forest must be exact).
    pub fn count(&self, player: usize) -> u32 {
        self.count[player]
    }

    /// Size of the group whose root is `cell`, if it is a root (exact forest).
    pub fn root_size(&self, player: usize, cell: usize) -> Option<u32> {
        let node = player * self.cells + cell;
        (self.parent[node] as usize == node).then_some(self.size[node])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ghosts_overapproximate_until_rebuilt() {
        // Cells 0-1-2 in a row, all player 0, anchors: cell 0 = bit 0, cell 2 = bit 1.
        let anchors = [1, 0, 2];
        let mut g = Groups::new(3, 2);
        g.add(0, 0, anchors[0], [].into_iter());
        g.add(0, 1, anchors[1], [0].into_iter());
        g.add(0, 2, anchors[2], [1].into_iter());
        assert_eq!(g.count(0), 1);
        assert_eq!(g.anchors_of(0, 0), 3);
        // The middle piece leaves: the forest still says "joined" (a ghost)...
        g.remove(0);
        assert!(!g.is_exact(0));
        assert_eq!(g.anchors_of(0, 0), 3);
        // ...until rebuilt from the board, where 0 and 2 are apart.
        let cells = [0usize, 2];
        g.rebuild_with(0, cells.iter().copied(), &anchors, |_, _| {});
        assert!(g.is_exact(0));
        assert_eq!(g.count(0), 2);
        assert_eq!(g.anchors_of(0, 0), 1);
        assert_eq!(g.anchors_of(0, 2), 2);
    }

    /// `joins` reads the pair of anchors a tree touches: false until one
    /// tree holds both ends, true after; kept by a ghost, dropped by a
    /// rebuild; `None` for anchors past 7.
    #[test]
    fn pairs_of_anchors_follow_the_trees() {
        // Cells 0-1-2-3 in a row; anchor bit 0 at cell 0, bit 3 at cell 3
        // (and bit 9 too, past the pairs kept).
        let anchors = [1, 0, 0, 1 << 3 | 1 << 9];
        let mut g = Groups::new(4, 2);
        g.add(0, 0, anchors[0], [].into_iter());
        g.add(0, 3, anchors[3], [].into_iter());
        assert_eq!(g.joins(0, 0, 3), Some(false));
        g.add(0, 1, anchors[1], [0].into_iter());
        assert_eq!(g.joins(0, 0, 3), Some(false));
        g.add(0, 2, anchors[2], [1, 3].into_iter());
        assert_eq!(
            (g.joins(0, 0, 3), g.joins(0, 3, 0)),
            (Some(true), Some(true))
        );
        assert_eq!((g.joins(1, 0, 3), g.joins(0, 0, 9)), (Some(false), None));
        // Cell 1 leaves: the ghost still joins, the rebuilt forest not.
        g.remove(0);
        assert_eq!(g.joins(0, 0, 3), Some(true));
        let left = [0, 2, 3];
        g.rebuild_with(0, left.iter().copied(), &anchors, |c, f| {
            for n in [c.wrapping_sub(1), c + 1] {
                if left.contains(&n) {
                    f(n)
                }
            }
        });
        assert_eq!(g.joins(0, 0, 3), Some(false));
    }
}
