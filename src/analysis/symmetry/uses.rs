//! What the rules fix in advance that a symmetry must respect ([`RuleUses`],
//! read by one walk over the compiled rules), and whether a symmetry maps
//! the starting position onto itself.

use std::collections::BTreeSet;

use crate::board::Board;
use crate::ids::Cell;
use crate::rules::parts::SetClass;
use crate::rules::*;

/// What the rules fix in advance that a symmetry must respect.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RuleUses {
    /// Fixed sets used outside a per-player context.
    pub shared_sets: BTreeSet<u32>,
    /// Per player, the fixed sets used for that player (regions, per-player
    /// definitions).
    pub player_sets: Vec<BTreeSet<u32>>,
    /// Directions named outside a per-player context.
    pub shared_dirs: BTreeSet<usize>,
    /// Sets of directions used outside a per-player context.
    pub shared_dir_sets: BTreeSet<DirMask>,
    /// Per player, the sets of directions used for that player.
    pub player_dir_sets: Vec<BTreeSet<DirMask>>,
    /// Angles by which the rules turn directions (`rotate`), 0..360.
    pub turns: BTreeSet<i32>,
    /// Whether the rules count rows or columns (`rows`, `columns`, `box`).
    pub rows_columns: bool,
}

impl RuleUses {
    /// Reads the compiled rules.
    pub fn of(rules: &Rules) -> RuleUses {
        let mut u = Walker {
            uses: RuleUses {
                player_sets: vec![BTreeSet::new(); rules.players.len()],
                player_dir_sets: vec![BTreeSet::new(); rules.players.len()],
                ..RuleUses::default()
            },
            board: &rules.board,
        };
        walk::walk(rules, &mut u);
        u.uses
    }

    /// Whether some player has fixed sets of their own.
    pub fn has_player_regions(&self) -> bool {
        self.player_sets.iter().any(|s| !s.is_empty())
            || self.player_dir_sets.iter().any(|s| !s.is_empty())
    }
}

struct Walker<'a> {
    uses: RuleUses,
    board: &'a Board,
}

impl Walker<'_> {
    fn fixed(&mut self, i: u32, player: Option<usize>) {
        match player {
            Some(p) => {
                self.uses.player_sets[p].insert(i);
            }
            None => {
                self.uses.shared_sets.insert(i);
            }
        }
    }
}

impl walk::Visitor for Walker<'_> {
    fn visit(&mut self, node: walk::Node<'_>, at: walk::At) -> bool {
        match node {
            walk::Node::Set(e) => {
                match e.class() {
                    SetClass::Fixed(i) => self.fixed(i, at.player),
                    SetClass::FixedPerPlayer(v) => {
                        for (p, &i) in v.iter().enumerate() {
                            self.fixed(i, Some(p));
                        }
                    }
                    SetClass::Stored(_)
                    | SetClass::Bound(_)
                    | SetClass::ActionCell(_)
                    | SetClass::ByPlayer(_)
                    | SetClass::Computed => {}
                }
                self.uses.rows_columns |= e.reads().rows_and_columns;
            }
            walk::Node::Num(e) => self.uses.rows_columns |= e.reads().rows_and_columns,
            walk::Node::Dirs(e) => match (e, at.player) {
                (DirSet::Fixed(m), None) => {
                    self.uses.shared_dir_sets.insert(*m);
                }
                (DirSet::Fixed(m), Some(p)) => {
                    self.uses.player_dir_sets[p].insert(*m);
                }
                (DirSet::ByPlayer(v), _) => {
                    for (p, &m) in v.iter().enumerate() {
                        self.uses.player_dir_sets[p].insert(m);
                    }
                }
            },
            walk::Node::Dir(e) => match e {
                DirExpr::Const(d) => {
                    if at.player.is_none() && *d != NO_DIR {
                        self.uses.shared_dirs.insert(d.index());
                    }
                }
                DirExpr::Var(_) => {}
                DirExpr::Rotate(_, table) => {
                    let dirs = self.board.dirs();
                    if let Some((d, &t)) = table.iter().enumerate().find(|(_, t)| **t != NO_DIR)
                        && let (Some(a), Some(b)) = (dirs.get(d), dirs.get(t.index()))
                    {
                        self.uses.turns.insert((b.angle - a.angle).rem_euclid(360));
                    }
                }
            },
            // Conditions fix no cells or directions themselves (their
            // sets, numbers and directions are visited as parts).
            walk::Node::Cond(e) => match e {
                BoolExpr::Const(_)
                | BoolExpr::Not(_)
                | BoolExpr::And(..)
                | BoolExpr::Or(..)
                | BoolExpr::Cmp(..)
                | BoolExpr::NonEmpty(_)
                | BoolExpr::Connected(..)
                | BoolExpr::Line(..)
                | BoolExpr::At(..)
                | BoolExpr::AtSome(..)
                | BoolExpr::Quantifier { .. }
                | BoolExpr::Escapes { .. }
                | BoolExpr::Touches { .. }
                | BoolExpr::SamePlayer(..)
                | BoolExpr::ByPlayer(_)
                | BoolExpr::NextStuck
                | BoolExpr::Changed
                | BoolExpr::Attacked(..) => {}
            },
            // Effects, choices and outcomes name marks, pieces and players,
            // which no symmetry moves; their expressions are visited.
            walk::Node::Effect(_) | walk::Node::Choice(_) | walk::Node::Outcome(_) => {}
        }
        true
    }
}

/// Whether σ maps the starting position onto itself, each player's pieces
/// onto player `ρ(p)`'s, its marks onto the same marks and its lines (a
/// pitch's border) onto lines of the same kind.
pub(super) fn setup_maps(rules: &Rules, sigma: &[usize], rho: &[usize]) -> bool {
    let declared = rules.declared_marks();
    let marks_map = rules
        .setup_marks
        .iter()
        .filter(|(_, m)| m.index() < declared)
        .all(|&(c, m)| {
            rules
                .setup_marks
                .contains(&(Cell::new(sigma[c.index()]), m))
        });
    let lines_map = (0..rules.lines.len()).all(|i| {
        let lines = rules.setup_lines(i);
        lines.iter().all(|&(a, b)| {
            let (x, y) = (Cell::new(sigma[a.index()]), Cell::new(sigma[b.index()]));
            lines.binary_search(&(x.min(y), x.max(y))).is_ok()
        })
    });
    if !marks_map || !lines_map {
        return false;
    }
    if rules.setup.is_empty() {
        return true;
    }
    let mut at = vec![None; rules.board.len()];
    for p in &rules.setup {
        at[p.cell as usize] = Some((p.piece, p.owner));
    }
    rules.setup.iter().all(|p| {
        let owner = p.owner.map(|o| Player::new(rho[o.index()]));
        at[sigma[p.cell as usize]] == Some((p.piece, owner))
    })
}
