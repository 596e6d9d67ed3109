//! Connected groups of each player's pieces, kept up to date incrementally.
//!
//! A union-find forest over the cells, one tree per group. Placing a piece
//! joins it to its neighbours' groups in near-constant time. Taking a piece
//! away cannot be undone in a union-find, so it marks that player's forest
//! stale; the next question about that player's groups rebuilds it once.
//! Each tree root also knows which "anchor" regions (the sides used in
//! `connected(...)`) its group touches, so a connection test reads a few roots.

#[derive(Clone, Debug)]
pub struct Groups {
    parent: Vec<u32>,
    size: Vec<u32>,
    anchors: Vec<u64>,
    /// Per player: the forest no longer matches the board.
    stale: Vec<bool>,
    /// Per player: number of groups (valid when not stale).
    count: Vec<u32>,
}

impl Groups {
    pub fn new(cells: usize, players: usize) -> Groups {
        Groups {
            parent: (0..cells as u32).collect(),
            size: vec![1; cells],
            anchors: vec![0; cells],
            stale: vec![false; players],
            count: vec![0; players],
        }
    }

    pub fn clone_from(&mut self, other: &Groups) {
        self.parent.clone_from(&other.parent);
        self.size.clone_from(&other.size);
        self.anchors.clone_from(&other.anchors);
        self.stale.clone_from(&other.stale);
        self.count.clone_from(&other.count);
    }

    #[inline]
    pub fn find(&mut self, mut c: usize) -> usize {
        // Path halving.
        while self.parent[c] as usize != c {
            let p = self.parent[c] as usize;
            self.parent[c] = self.parent[p];
            c = self.parent[c] as usize;
        }
        c
    }

    #[inline]
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
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

    pub fn is_stale(&self, player: usize) -> bool {
        self.stale[player]
    }

    pub fn mark_stale(&mut self, player: usize) {
        self.stale[player] = true;
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
        if self.stale[player] {
            return;
        }
        self.parent[cell] = cell as u32;
        self.size[cell] = 1;
        self.anchors[cell] = anchors;
        self.count[player] += 1;
        for n in same {
            if self.union(cell, n) {
                self.count[player] -= 1;
            }
        }
    }

    /// Rebuilds a player's forest: `each_same(c, f)` calls `f` on every
    /// neighbour of `c` holding a piece of the same player.
    pub fn rebuild_with(
        &mut self,
        player: usize,
        cells: impl Iterator<Item = usize> + Clone,
        anchors: &[u64],
        mut each_same: impl FnMut(usize, &mut dyn FnMut(usize)),
    ) {
        let mut count = 0;
        for c in cells.clone() {
            self.parent[c] = c as u32;
            self.size[c] = 1;
            self.anchors[c] = anchors[c];
            count += 1;
        }
        for c in cells {
            let mut joins = 0;
            each_same(c, &mut |n| {
                if n < c && self.union(c, n) {
                    joins += 1;
                }
            });
            count -= joins;
        }
        self.count[player] = count;
        self.stale[player] = false;
    }

    pub fn count(&self, player: usize) -> u32 {
        self.count[player]
    }

    pub fn size_of_root(&self, root: usize) -> u32 {
        self.size[root]
    }

    pub fn anchors_of_root(&self, root: usize) -> u64 {
        self.anchors[root]
    }

    pub fn is_root(&self, c: usize) -> bool {
        self.parent[c] as usize == c
    }
}
