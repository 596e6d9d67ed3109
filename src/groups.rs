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
        self.anchors[a] |= self.anchors[b];
        true
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
        let mut count = 0;
        for c in cells.clone() {
            let node = base + c;
            self.member[node] = true;
            self.parent[node] = node as u32;
            self.size[node] = 1;
            self.anchors[node] = anchors[c];
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
}
