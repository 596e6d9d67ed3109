//! Stacks (`stacks`): a cell holds a stack of pieces of one kind and
//! owner. `cells` keeps the piece, so every set sees the top as it sees a
//! lone piece; the height lives past the bitsets, with the set `stacked`
//! (two pieces or more), and [`Game::set_height`] is the one place it
//! changes. A game without stacks comes here only through [`Game::push`]
//! and [`Game::lift`], which are then `put`.

use crate::engine::{Game, State};

impl Game {
    /// What a stack of `h` pieces on `cell` adds to the board hash (one
    /// piece adds nothing: the piece's own key stands for it).
    #[inline]
    pub(in crate::engine) fn height_key(&self, cell: usize, h: u64) -> u64 {
        match h {
            0 | 1 => 0,
            _ => crate::engine::mix(self.keys.height[cell] ^ h),
        }
    }

    /// Sets the height of the stack on `cell` to `h`, with `stacked` and
    /// the hash (a game with stacks only; the piece is the caller's).
    #[inline]
    pub(in crate::engine) fn set_height(&self, st: &mut State, cell: usize, h: u64) {
        let at = self.height_at + cell;
        let old = st.sets[at];
        if old == h {
            return;
        }
        st.sets[at] = h;
        st.board_hash ^= self.height_key(cell, old) ^ self.height_key(cell, h);
        let x = &mut st.sets[self.stacked_set() * self.words + cell / 64];
        let bit = 1u64 << (cell % 64);
        *x = if h >= 2 { *x | bit } else { *x & !bit };
        st.changes += 1;
    }

    /// Puts `piece` on `cell`: on a stack of the same piece it goes on
    /// top; anything else there is replaced (the caller captures it).
    #[inline]
    pub(in crate::engine) fn push(&self, st: &mut State, cell: usize, piece: (usize, usize)) {
        if !self.stacked {
            return self.put(st, cell, Some(piece));
        }
        match self.code_at(st, cell) {
            Some(old) if old == piece => {
                let h = st.sets[self.height_at + cell];
                self.set_height(st, cell, h + 1);
            }
            Some(_) => {
                self.put(st, cell, Some(piece));
                self.set_height(st, cell, 1);
            }
            None => self.put(st, cell, Some(piece)),
        }
    }

    /// Takes the top piece off `cell`: the piece below stays, or the cell
    /// empties.
    #[inline]
    pub(in crate::engine) fn lift(&self, st: &mut State, cell: usize) {
        if self.stacked {
            let h = st.sets[self.height_at + cell];
            if h > 1 {
                return self.set_height(st, cell, h - 1);
            }
        }
        self.put(st, cell, None);
    }

    /// A game with stacks keeps the height with the piece that `put`
    /// changes: 0 on an emptied cell, 1 on a filled one (a piece changed
    /// in place keeps its stack).
    #[inline]
    pub(in crate::engine) fn height_follows(
        &self,
        st: &mut State,
        cell: usize,
        old: Option<(usize, usize)>,
        new: Option<(usize, usize)>,
    ) {
        match (old, new) {
            (_, None) => self.set_height(st, cell, 0),
            (None, Some(_)) => self.set_height(st, cell, 1),
            (Some(_), Some(_)) => {}
        }
    }

    /// The top piece of `from` moves to `to` (a game with stacks): it
    /// goes on top of the same piece, else whatever stands on `to` is
    /// captured, all of its stack.
    pub(in crate::engine) fn move_top(&self, st: &mut State, from: usize, to: usize) {
        let Some(piece) = self.code_at(st, from) else {
            return;
        };
        self.lift(st, from);
        if self.code_at(st, to).is_some_and(|old| old != piece) {
            self.capture_stack(st, to);
        }
        self.push(st, to, piece);
    }

    /// The stack on `cell`, about to be replaced, is captured: with
    /// `captures to REGION` its pieces go onto their owner's cell there,
    /// with `captures to hand` to the mover's hand.
    pub(in crate::engine) fn capture_stack(&self, st: &mut State, cell: usize) {
        let Some((k, o)) = self.code_at(st, cell) else {
            return;
        };
        let h = st.sets[self.height_at + cell];
        if let Some(&onto) = self.rules.captures_onto.get(o) {
            let onto = onto as usize;
            if onto != cell {
                let below = match self.code_at(st, onto) {
                    Some(there) if there == (k, o) => st.sets[self.height_at + onto],
                    _ => 0,
                };
                self.put(st, onto, Some((k, o)));
                self.set_height(st, onto, below + h);
            }
        }
        for _ in 0..h {
            self.capture_to_hand(st, cell);
        }
    }
}
