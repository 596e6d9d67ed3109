//! Stacks: how many pieces a setup stacks on a cell (`setup: 5 x white
//! checker at S`), and `captures to REGION`, the cell of each player's
//! part of a region that its captured pieces go onto.

use crate::ast;
use crate::cellset::CellSet;
use crate::diagnostic::Diagnostic;
use crate::limits::MAX_SETUP_STACK;
use crate::rules::SetExpr;

use super::Checker;

impl<'a> Checker<'a> {
    /// The `N` of `N x PLAYER PIECE at S` in a game with stacks: the
    /// pieces stacked on each cell.
    pub(super) fn stack_count(&mut self, count: &ast::Expr) -> Option<usize> {
        let n = self.const_int(count)?;
        if !(1..=MAX_SETUP_STACK).contains(&n) {
            let msg = format!("a stack starts with 1 to {MAX_SETUP_STACK} pieces, not {n}");
            self.limit(count.span, msg);
            return None;
        }
        Some(n as usize)
    }

    /// `captures to REGION`: a region with one cell for each player, in a
    /// game with stacks and without `captures to hand`.
    pub(super) fn captures_onto(&mut self) {
        let file = self.file;
        let Some(name) = file.captures_onto.first() else {
            return;
        };
        if let Some(second) = file.captures_onto.get(1) {
            let msg = "captured pieces already go to a region: give one `captures to`";
            self.error(second.span, msg);
        }
        if !self.stacks {
            self.errors.push(
                Diagnostic::at(name.span, "`captures to REGION` needs stacks")
                    .with_help("declare `stacks`: the cell then holds every piece taken"),
            );
            return;
        }
        if let Some(hand) = file.hands.first() {
            let msg = "a captured piece goes to a hand or onto a region, not both";
            self.error(hand.span, msg);
            return;
        }
        let Some(region) = self.regions.get(&name.text).cloned() else {
            if !self.failed_regions.contains(&name.text) {
                let msg = format!("`{}` is not a region", name.text);
                self.errors.push(Diagnostic::at(name.span, msg).with_help(
                    "name a region with one cell per player: `region bar: white = cells(m1), black = cells(m2)`",
                ));
            }
            return;
        };
        let per_player: Vec<CellSet> = match &region {
            SetExpr::PerPlayer(ids) => ids
                .iter()
                .map(|&i| self.fixed_sets[i as usize].clone())
                .collect(),
            shared => {
                let Some(cells) = self.const_set(shared) else {
                    return;
                };
                vec![cells; self.players.len()]
            }
        };
        let mut onto = Vec::new();
        for (p, cells) in per_player.iter().enumerate() {
            let mut each = cells.iter();
            match (each.next(), each.next()) {
                (Some(c), None) => onto.push(c as u32),
                _ => {
                    let msg = format!(
                        "`{}` has {} cells for `{}`: captured pieces need one cell to go onto",
                        name.text,
                        cells.iter().count(),
                        self.players[p]
                    );
                    self.error(name.span, msg);
                    return;
                }
            }
        }
        self.captures_onto = onto;
    }
}
