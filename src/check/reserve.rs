//! Pieces in hand: `reserve [if COND]: [PLAYER] PIECE = COUNT, ...`. A kind
//! with a reserve is placed from it: each placement takes one, and none is
//! offered once the player's reserve of that kind is empty.

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::limits::MAX_RESERVE;
use crate::rules::*;

use super::Checker;

impl<'a> Checker<'a> {
    /// The reserves at the start, per player and kind.
    pub(super) fn reserves(&mut self) {
        let file = self.file;
        let (players, pieces) = (self.players.len(), self.pieces.len());
        if self.counters.is_some() {
            // Counters in hand follow the pieces: one count per player,
            // at `players * pieces + player`, all empty at the start.
            self.reserve = vec![0; players * pieces + players];
            self.reserved = vec![false; pieces];
        }
        if file.reserves.is_empty() {
            return;
        }
        if self.reserve.is_empty() {
            self.reserve = vec![0; players * pieces];
            self.reserved = vec![false; pieces];
        }
        // Which (player, kind) an applying entry has given, against repeats.
        let mut given = vec![false; players * pieces];
        for item in &file.reserves {
            let applies = match &item.guard {
                None => true,
                Some(g) => match self.condition(g) {
                    BoolExpr::Const(b) => b,
                    _ => {
                        self.error(g.span, "the condition of `reserve` may only use options");
                        false
                    }
                },
            };
            for e in &item.entries {
                let Some((kind, owners)) = self.reserve_owners(e) else {
                    continue;
                };
                let Some(count) = self.const_int(&e.count) else {
                    continue;
                };
                if !(0..=MAX_RESERVE).contains(&count) {
                    let msg = format!("a reserve holds 0 to {MAX_RESERVE} pieces");
                    self.limit(e.count.span, msg);
                    continue;
                }
                if !applies {
                    continue;
                }
                self.reserved[kind] = true;
                for p in owners {
                    let i = p * pieces + kind;
                    if given[i] {
                        let msg = format!(
                            "{}'s reserve of `{}` is given twice",
                            self.players[p], e.piece.text
                        );
                        self.errors.push(Diagnostic::at(e.span, msg).with_help(
                            "give each player's reserve of a kind once (`reserve: man = 9` gives every player's)",
                        ));
                        break;
                    }
                    given[i] = true;
                    self.reserve[i] = count as u16;
                }
            }
        }
    }

    /// `captures to hand[: KIND as KIND, ...]`: per kind, the kind in hand
    /// a captured piece becomes; a kind not listed goes as itself if it
    /// has a reserve, else leaves the board.
    pub(super) fn hands(&mut self) {
        let file = self.file;
        let Some(first) = file.hands.first() else {
            return;
        };
        if let Some(second) = file.hands.get(1) {
            let msg = "`captures to hand` is given twice";
            self.errors.push(
                Diagnostic::at(second.span, msg)
                    .with_help("list every kind that changes in hand in one item"),
            );
        }
        let pieces = self.pieces.len();
        let reserved = |c: &Self, k: usize| c.reserved.get(k).copied().unwrap_or(false);
        let mut to: Vec<Option<Kind>> = (0..pieces)
            .map(|k| reserved(self, k).then(|| Kind::new(k)))
            .collect();
        let mut listed = vec![false; pieces];
        for (captured, held) in &first.entries {
            let before = self.errors.len();
            let (k, h) = (self.piece(captured).index(), self.piece(held).index());
            if self.errors.len() > before {
                continue;
            }
            if listed[k] {
                let msg = format!("`{}` is given a kind in hand twice", captured.text);
                self.error(captured.span, msg);
                continue;
            }
            listed[k] = true;
            if !reserved(self, h) {
                let msg = format!(
                    "`{}` has no reserve, so no hand holds it: give it one (`reserve: {} = 0`)",
                    held.text, held.text
                );
                self.error(held.span, msg);
                continue;
            }
            to[k] = Some(Kind::new(h));
        }
        if self.reserve.is_empty() {
            let msg = "`captures to hand` needs a kind with a reserve (`reserve: pawn = 0`)";
            self.error(first.span, msg);
        }
        self.captured_to = to;
    }

    /// The kind of a reserve entry and the players it is given to.
    fn reserve_owners(&mut self, e: &ast::ReserveEntry) -> Option<(usize, Vec<usize>)> {
        let before = self.errors.len();
        let kind = (self.piece(&e.piece)).index();
        let owners = match &e.player {
            None => (0..self.players.len()).collect(),
            Some(n) => match self.who(n) {
                Who::Player(p) => vec![p.index()],
                Who::Me | Who::Opponent => {
                    let msg = format!(
                        "`{}` is nobody before the game starts: name a player",
                        n.text
                    );
                    self.error(n.span, msg);
                    Vec::new()
                }
            },
        };
        if self.errors.len() > before {
            return None;
        }
        if self.neutral.get(kind).copied().unwrap_or(false) {
            self.errors.push(
                Diagnostic::at(
                    e.span,
                    format!(
                        "`{}` is a neutral piece: it belongs to no player, so it is in no player's hand",
                        e.piece.text
                    ),
                )
                .with_help("a reserve holds pieces of a kind that players own"),
            );
            return None;
        }
        Some((kind, owners))
    }
}
