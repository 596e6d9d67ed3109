//! Sets of cells as bitsets: one bit per cell, 64 cells per word.
//!
//! The engine keeps many sets side by side in one `Vec<u64>` and works on
//! word slices (the free functions below), so that evaluating a rule never
//! allocates. [`CellSet`] is the owned form for fixed sets (regions).

/// An owned set of cells.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet {
    words: Vec<u64>,
}

impl CellSet {
    pub fn new(cells: usize) -> CellSet {
        CellSet {
            words: vec![0; cells.div_ceil(64)],
        }
    }

    pub fn from_cells(cells: usize, members: impl IntoIterator<Item = usize>) -> CellSet {
        let mut set = CellSet::new(cells);
        for c in members {
            set.insert(c);
        }
        set
    }

    pub fn insert(&mut self, c: usize) {
        self.words[c / 64] |= 1 << (c % 64);
    }

    pub fn contains(&self, c: usize) -> bool {
        contains(&self.words, c)
    }

    pub fn len(&self) -> usize {
        count(&self.words)
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|w| *w == 0)
    }

    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    pub fn iter(&self) -> Cells<'_> {
        cells(&self.words)
    }
}

/// `dst = src`: most boards are a few words, which `copy_from_slice`
/// would hand to a call of `memcpy` (its length is known only at run time).
#[inline(always)]
pub fn copy(dst: &mut [u64], src: &[u64]) {
    match (dst, src) {
        ([d], [s]) => *d = *s,
        ([d0, d1], [s0, s1]) => (*d0, *d1) = (*s0, *s1),
        ([d0, d1, d2], [s0, s1, s2]) => (*d0, *d1, *d2) = (*s0, *s1, *s2),
        (dst, src) => dst.copy_from_slice(src),
    }
}

/// Whether every cell of `part` is in `set`.
#[inline(always)]
pub fn covers(set: &[u64], part: &[u64]) -> bool {
    match (set, part) {
        ([s], [p]) => p & !s == 0,
        (set, part) => set.iter().zip(part).all(|(s, p)| p & !s == 0),
    }
}

/// Empties a set without a call to `memset` for a few words.
#[inline(always)]
pub fn clear(set: &mut [u64]) {
    match set {
        [a] => *a = 0,
        [a, b] => (*a, *b) = (0, 0),
        [a, b, c] => (*a, *b, *c) = (0, 0, 0),
        set => set.fill(0),
    }
}

#[inline]
pub fn contains(set: &[u64], c: usize) -> bool {
    set[c / 64] >> (c % 64) & 1 == 1
}

#[inline]
pub fn insert(set: &mut [u64], c: usize) {
    set[c / 64] |= 1 << (c % 64);
}

// Plain loops: the iterator chains were left as out-of-line folds in the
// evaluator's hottest paths.
#[inline(always)]
pub fn count(set: &[u64]) -> usize {
    let mut n = 0;
    for w in set {
        n += w.count_ones() as usize;
    }
    n
}

/// The number of cells in both sets.
#[inline(always)]
pub fn count_and(a: &[u64], b: &[u64]) -> usize {
    let mut n = 0;
    for (x, y) in a.iter().zip(b) {
        n += (x & y).count_ones() as usize;
    }
    n
}

#[inline]
pub fn is_empty(set: &[u64]) -> bool {
    set.iter().all(|w| *w == 0)
}

/// The `k`-th member in increasing order (`k < count(set)`).
#[inline]
pub fn nth(set: &[u64], mut k: usize) -> Option<usize> {
    for (i, &w) in set.iter().enumerate() {
        let n = w.count_ones() as usize;
        if k < n {
            return Some(i * 64 + select(w, k));
        }
        k -= n;
    }
    None
}

/// Position of the `k`-th set bit of `w` (`k < w.count_ones()`), without
/// a loop: the bits counted per byte and summed into running totals in one
/// multiplication, the byte holding the bit found by comparing all totals
/// with `k` at once, then the bit within that byte from a table.
#[inline]
fn select(w: u64, k: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut n = w - ((w >> 1) & 0x5555_5555_5555_5555);
    n = (n & 0x3333_3333_3333_3333) + ((n >> 2) & 0x3333_3333_3333_3333);
    n = (n + (n >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i: the bits in bytes 0..=i (at most 64, so no byte overflows).
    let totals = n.wrapping_mul(ONES);
    // The high bit of byte i is set when its total is at most k: the
    // number of such bytes is the index of the byte holding the bit.
    let at_most_k = ((k as u64 * ONES) | HIGHS).wrapping_sub(totals) & HIGHS;
    let byte = at_most_k.count_ones() as usize * 8;
    let before = ((totals << 8) >> byte) as usize & 0xff;
    byte + SELECT_IN_BYTE[((w >> byte) & 0xff) as usize][k - before] as usize
}

/// `SELECT_IN_BYTE[b][k]`: the position of the `k`-th set bit of byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// The members in increasing order.
pub fn cells(set: &[u64]) -> Cells<'_> {
    Cells {
        words: set,
        index: 0,
        current: set.first().copied().unwrap_or(0),
    }
}

#[derive(Clone)]
pub struct Cells<'a> {
    words: &'a [u64],
    index: usize,
    current: u64,
}

impl Iterator for Cells<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros() as usize;
                self.current &= self.current - 1;
                return Some(self.index * 64 + bit);
            }
            self.index += 1;
            if self.index >= self.words.len() {
                return None;
            }
            self.current = self.words[self.index];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_in_order_across_words() {
        let set = CellSet::from_cells(200, [3, 64, 65, 199]);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![3, 64, 65, 199]);
        assert_eq!(set.len(), 4);
        assert_eq!(nth(set.words(), 2), Some(65));
        assert_eq!(nth(set.words(), 4), None);
        let dense = CellSet::from_cells(128, (0..128).filter(|c| c % 3 != 1));
        let members: Vec<usize> = dense.iter().collect();
        for (k, &c) in members.iter().enumerate() {
            assert_eq!(nth(dense.words(), k), Some(c));
        }
        assert!(set.contains(199) && !set.contains(198));
    }

    /// `select` against clearing the lowest bits one at a time, on sparse,
    /// dense and edge words (every bit, only the top bit, all ones).
    #[test]
    fn select_finds_every_set_bit() {
        let mut words = vec![
            1u64,
            1 << 63,
            !0,
            0x8000_0000_0000_0001,
            0x00ff_0000_ff00_0000,
        ];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparser and denser words than a plain random one.
            words.push(match i % 3 {
                0 => x,
                1 => x & (x >> 5) & (x >> 11),
                _ => x | (x >> 3) | (x >> 9),
            });
        }
        for w in words {
            let mut rest = w;
            for k in 0..w.count_ones() as usize {
                assert_eq!(select(w, k), rest.trailing_zeros() as usize, "{w:#x} {k}");
                rest &= rest - 1;
            }
        }
    }
}
