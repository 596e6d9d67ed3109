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
