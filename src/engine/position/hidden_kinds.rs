//! A position drawn among those a player cannot tell from the real one in
//! a game with `view owners` (Stratego): the kinds it does not see, on the
//! cells where it sees only whose piece stands and in the hands it does
//! not see (`view hands: own`), dealt anew at random.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::engine::{Game, State};
use crate::ids::Player;
use crate::rules::HandsSeen;

impl Game {
    /// `st` with the kinds `viewer` does not see shuffled: each other
    /// player's pieces of unseen kind, with the same marks `on pieces`,
    /// trade kinds at random; the pieces in a hand it does not see join
    /// those without such marks. What `viewer` sees is unchanged. The
    /// kinds are gathered in a fixed order before the shuffle, so the
    /// draw depends on the hidden pieces' kinds as a whole, never on
    /// where each stands: the kinds a player holds in all, which Stratego's
    /// fights make known, are all it reads of what is hidden.
    ///
    /// `None` when `viewer` does not see every cell, whole or its owner
    /// (Battleship's unseen fleet): where a piece may stand is then hidden
    /// too, and dealing kinds would read it.
    pub fn shuffle_hidden_kinds(
        &self,
        st: &State,
        viewer: Player,
        rng: &mut impl Rng,
    ) -> Option<State> {
        let (seen, owners) = self.views_of(st, viewer)?;
        if (0..self.rules.board.len()).any(|c| !seen.contains(c) && !owners.contains(c)) {
            return None;
        }
        let mut out = st.clone();
        let kinds = self.rules.pieces.len();
        // (owner, marks on pieces) -> the cells, and the kinds to deal.
        type Class = ((usize, u64), Vec<usize>, Vec<usize>);
        let mut classes: Vec<Class> = Vec::new();
        let class = |classes: &mut Vec<Class>, key: (usize, u64)| match classes
            .iter()
            .position(|c| c.0 == key)
        {
            Some(i) => i,
            None => {
                classes.push((key, Vec::new(), Vec::new()));
                classes.len() - 1
            }
        };
        for c in owners.iter() {
            if let Some((kind, owner)) = self.code_at(st, c) {
                let i = class(&mut classes, (owner, self.piece_marks_at(st, c)));
                classes[i].1.push(c);
                classes[i].2.push(kind);
            }
        }
        let hidden_hands = self.rules.hands_seen == HandsSeen::Own;
        for p in (0..self.players).filter(|&p| hidden_hands && p != viewer.index()) {
            let i = class(&mut classes, (p, 0));
            for k in 0..kinds {
                let n = out.reserve.get(p * kinds + k).copied().unwrap_or(0);
                classes[i].2.extend(std::iter::repeat_n(k, n as usize));
                if let Some(r) = out.reserve.get_mut(p * kinds + k) {
                    *r = 0;
                }
            }
        }
        for ((owner, _), cells, mut dealt) in classes {
            dealt.sort_unstable();
            dealt.shuffle(rng);
            for (&c, &kind) in cells.iter().zip(&dealt) {
                self.put(&mut out, c, Some((kind, owner)));
            }
            for &kind in &dealt[cells.len()..] {
                out.reserve[owner * kinds + kind] += 1;
            }
        }
        Some(out)
    }
}
