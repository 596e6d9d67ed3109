//! Sets of the board's directions, as values of the rules: `orthogonal`,
//! `ne or nw`, a player's `forward`. Every set is fixed when the game is
//! built, for each player; the engine reads one mask per player.

use super::Player;

/// A set of the board's directions: bit `d` for direction id `d`.
pub type DirMask = u16;

/// Boards have at most this many directions (a bit each in a [`DirMask`]).
pub const MAX_DIRS: usize = DirMask::BITS as usize;

/// Directions, the same for every player or one set per player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DirSet {
    /// The same set for every player.
    Fixed(DirMask),
    /// One set per player, chosen by the view (`define forward: ...`).
    ByPlayer(Vec<DirMask>),
}

impl DirSet {
    /// Every direction of a board with `ndirs` directions.
    pub fn all(ndirs: usize) -> DirSet {
        DirSet::Fixed(all_dirs(ndirs))
    }

    /// The directions seen from `player`.
    #[inline]
    pub fn mask(&self, player: Player) -> DirMask {
        match self {
            DirSet::Fixed(m) => *m,
            DirSet::ByPlayer(v) => v[player.index()],
        }
    }

    /// The set of each player's view, for `players` players.
    pub fn masks(&self, players: usize) -> Vec<DirMask> {
        (0..players).map(|p| self.mask(Player::new(p))).collect()
    }

    /// The set with `f` applied to each player's mask, kept shared when it
    /// is shared.
    pub fn map(&self, mut f: impl FnMut(DirMask) -> DirMask) -> DirSet {
        match self {
            DirSet::Fixed(m) => DirSet::Fixed(f(*m)),
            DirSet::ByPlayer(v) => DirSet::ByPlayer(v.iter().map(|&m| f(m)).collect()),
        }
    }

    /// Combines two sets player by player.
    pub fn zip(&self, other: &DirSet, f: impl Fn(DirMask, DirMask) -> DirMask) -> DirSet {
        match (self, other) {
            (DirSet::Fixed(a), DirSet::Fixed(b)) => DirSet::Fixed(f(*a, *b)),
            (DirSet::ByPlayer(v), o) | (o, DirSet::ByPlayer(v)) => {
                let swapped = matches!(self, DirSet::Fixed(_));
                DirSet::ByPlayer(
                    v.iter()
                        .enumerate()
                        .map(|(p, &m)| {
                            let n = o.mask(Player::new(p));
                            if swapped { f(n, m) } else { f(m, n) }
                        })
                        .collect(),
                )
            }
        }
    }
}

/// The mask of every direction of a board with `ndirs` directions.
pub fn all_dirs(ndirs: usize) -> DirMask {
    if ndirs >= MAX_DIRS {
        DirMask::MAX
    } else {
        (1 << ndirs) - 1
    }
}

/// The direction ids of a mask, in increasing order.
#[inline]
pub fn each_dir(mask: DirMask) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let d = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(d)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_combine_player_by_player() {
        let fwd = DirSet::ByPlayer(vec![0b01, 0b10]);
        let side = DirSet::Fixed(0b100);
        assert_eq!(
            fwd.zip(&side, |a, b| a | b),
            DirSet::ByPlayer(vec![0b101, 0b110])
        );
        assert_eq!(
            side.zip(&fwd, |a, b| a & !b),
            DirSet::ByPlayer(vec![0b100, 0b100])
        );
        assert_eq!(each_dir(0b1010).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(all_dirs(6), 0b11_1111);
    }
}
