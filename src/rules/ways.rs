//! Ways and partitions of the board declared by name: tracks (race games'
//! lists of cells), circuits (closed ways with loops, Surakarta's) and
//! families of regions (`blocks`, `places`). Re-exported by
//! [`crate::rules`].

/// A track (`track path: light = e1 d1 ...`): per player, the cells a
/// piece follows in `slide ... along`, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    /// Its name in the file.
    pub name: String,
    /// Per player, the cells in order (the same list for each when the
    /// file gives one).
    pub cells: Vec<Vec<u32>>,
    /// Per player and board cell: its place in that player's `cells`, or
    /// `u32::MAX` off the track.
    pub place: Vec<Vec<u32>>,
    /// A circuit (`circuit NAME = ...`): a closed way, the same for every
    /// player, whose cells may come round twice; `None` for a track.
    pub circuit: Option<Circuit>,
}

/// A closed way round the board (`circuit inner = b1 ... b6 loop a5 ...`,
/// Surakarta's): a slide along it goes either way from each time its cell
/// comes round, to the first piece.
#[derive(Clone, Debug, PartialEq)]
pub struct Circuit {
    /// The cells in order: each closed way's, one way after the other.
    pub cells: Vec<u32>,
    /// Per place in `cells`: the next place along its way (a way's last
    /// place is followed by its first).
    pub next: Vec<u32>,
    /// Per place in `cells`: the place before it along its way.
    pub before: Vec<u32>,
    /// Per place in `cells`: whether a loop joins it to the next place.
    pub loop_after: Vec<bool>,
    /// Per board cell: its places in `cells` (none off the circuit, two
    /// where two runs cross).
    pub places: Vec<Vec<u32>>,
}

/// A family of regions (`region board = blocks(3)`): numbered fixed sets
/// that do not overlap, for rules that speak of "the block of this cell"
/// or "block number N" (ultimate tic-tac-toe's small boards).
#[derive(Clone, Debug, PartialEq)]
pub struct Family {
    /// Its name in the file.
    pub name: String,
    /// The members' cells, as indices in [`Rules::fixed_sets`]: member
    /// number `i + 1` is `members[i]`.
    pub members: Vec<u32>,
    /// Per board cell: the number of its member, from 1; 0 in none.
    pub member_of: Vec<u32>,
}

impl Circuit {
    /// Walks one way round from place `start`: for each place after it,
    /// until it comes back, `visit(cell, loops)` with the loops passed so
    /// far; the walk stops where `visit` returns false.
    #[inline]
    pub fn walk(&self, start: usize, forward: bool, mut visit: impl FnMut(usize, u8) -> bool) {
        let (mut i, mut passed) = (start, 0u8);
        loop {
            let (next, join) = if forward {
                (self.next[i] as usize, i)
            } else {
                let b = self.before[i] as usize;
                (b, b)
            };
            passed = passed.saturating_add(u8::from(self.loop_after[join]));
            i = next;
            if i == start || !visit(self.cells[i] as usize, passed) {
                return;
            }
        }
    }
}
