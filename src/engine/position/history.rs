//! The positions at the start of each turn so far, for `repetitions` and
//! `seen-before`: each as its key ([`super::state::position_key`]) and the
//! player to move then. Kept only in games whose rules ask.

use crate::rules::Player;

/// Bits of the filter of keys seen: a query whose bit is clear needs no
/// scan (most `seen-before` questions in Go, several hundred turns in).
const FILTER_BITS: usize = 4096;

/// The turn starts so far, in order, with a filter of their keys.
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct History {
    /// Each turn start's key, player to move and turn number (the turn,
    /// read only by explanations, fits in the entry's padding).
    entries: Vec<(u64, Player, u32)>,
    /// The turn whose position was added last (0: none yet).
    last_turn: u32,
    /// That turn's key: the position the current turn started on
    /// (`changed`).
    turn_start: u64,
    /// Bit `key % FILTER_BITS` is set for every key in `entries` (empty
    /// until the first entry).
    filter: Vec<u64>,
}

impl History {
    /// Adds the position of turn `turn`, unless that turn's is in already.
    pub(in crate::engine) fn remember(&mut self, turn: u32, key: u64, to_move: Player) {
        if turn != self.last_turn {
            self.last_turn = turn;
            self.turn_start = key;
            self.push(key, to_move, turn);
        }
    }

    /// Adds a turn start.
    fn push(&mut self, key: u64, to_move: Player, turn: u32) {
        if self.filter.is_empty() {
            self.filter = vec![0; FILTER_BITS / 64];
        }
        let bit = key as usize % FILTER_BITS;
        self.filter[bit / 64] |= 1 << (bit % 64);
        self.entries.push((key, to_move, turn));
    }

    /// The key of the position the current turn started on (0 before the
    /// first decision).
    pub(in crate::engine) fn turn_start(&self) -> u64 {
        self.turn_start
    }

    /// How many turns started on the position `key`: with `to_move` to
    /// move, or anyone when `None`.
    pub(in crate::engine) fn count(&self, key: u64, to_move: Option<Player>) -> usize {
        let bit = key as usize % FILTER_BITS;
        match self.filter.get(bit / 64) {
            Some(word) if word >> (bit % 64) & 1 == 1 => self
                .entries
                .iter()
                .filter(|&&(k, p, _)| k == key && to_move.is_none_or(|m| m == p))
                .count(),
            Some(_) | None => 0,
        }
    }

    /// The first turn that started on the position `key` with `to_move` to
    /// move, if any.
    pub(in crate::engine) fn first_turn(&self, key: u64, to_move: Player) -> Option<u32> {
        let bit = key as usize % FILTER_BITS;
        match self.filter.get(bit / 64) {
            Some(word) if word >> (bit % 64) & 1 == 1 => self
                .entries
                .iter()
                .find(|&&(k, p, _)| k == key && p == to_move)
                .map(|&(_, _, turn)| turn),
            Some(_) | None => None,
        }
    }

    /// The turns that started on the position `key` (with `to_move` to
    /// move, or anyone when `None`), in order: for explanations.
    pub(in crate::engine) fn turns(&self, key: u64, to_move: Option<Player>) -> Vec<u32> {
        self.entries
            .iter()
            .filter(|&&(k, p, _)| k == key && to_move.is_none_or(|m| m == p))
            .map(|&(_, _, turn)| turn)
            .collect()
    }

    /// Copies `o` without allocating when the sizes allow.
    pub(in crate::engine) fn copy_from(&mut self, o: &History) {
        self.entries.clone_from(&o.entries);
        self.filter.clone_from(&o.filter);
        self.last_turn = o.last_turn;
        self.turn_start = o.turn_start;
    }
}
