//! Facts about the rules that the engine derives once, in one walk
//! ([`crate::rules::walk`]): which trackers and tables it needs. Each fact
//! says what it does with every kind of node.

use super::{keep_reads, turn_tails};
use crate::engine::Shortcut;
use crate::engine::Shortcuts;
use crate::rules::parts::{ActionCell, SetClass};
use crate::rules::walk::{At, Node, Site, Visitor, walk};
use crate::rules::*;

/// What each choice's `keep if` and moves let the engine skip, per choice
/// of the rules unless said otherwise.
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct ChoiceFacts {
    /// Some choice has `keep if` conditions, or the rules `prefer` (see
    /// `movegen::kept`).
    pub keeps: bool,
    /// Some choice is picked by chance (`roll`): play asks at each
    /// decision whether chance makes it (see `movegen::chance`).
    pub chance: bool,
    /// A `keep if` of it asks `stuck` (the trial plays on).
    pub stuck_keeps: Vec<bool>,
    /// Its class of `keep if` conditions judged by the cells they read
    /// (see `movegen::kept_reads`), or `None`: tried; and each class's
    /// conditions.
    pub keep_reads: keep_reads::JudgedByReads,
    /// How its placements are judged from the cells next to them (see
    /// `movegen::quiet_places`), or `None`: tried.
    pub quiet_places: Vec<Option<crate::engine::movegen::quiet_places::QuietPlace>>,
    /// Per turn rule, per step: what may follow a decision there (see
    /// `movegen::turn_ends`).
    pub tails: Vec<Vec<super::turn_tails::Tail>>,
    /// Its FROM holds only pieces of the player who moves (see
    /// `eval::attacks`).
    pub own_from: Vec<bool>,
    /// The cells it crosses (a slide's path, a leap's leg) never hold a
    /// piece of another player than the one who moves.
    pub crossing_blocks: Vec<bool>,
    /// A slide whose path holds any emptied cell (`empty`), so that
    /// `attacked` can look past a piece as if it were gone.
    pub crossing_emptied: Vec<bool>,
    /// Per choice: its actions are judged one by one (`keep if`, or named
    /// in a `try` step, whose failed tries are refused).
    pub judged: Vec<bool>,
    /// Per choice: named in a `try` step, never played (so no attack).
    pub named: Vec<bool>,
}

/// Whether choice `c` is one of the actions `try` step `t` names.
fn named_in(rules: &Rules, t: &TryRule, c: u16) -> bool {
    match rules.turns[t.turn as usize].steps.get(t.step as usize) {
        Some(Step::Choose { choices, .. }) => choices.iter().any(|(x, _, _)| *x == c),
        Some(Step::Effect(_) | Step::End(..)) | None => false,
    }
}

impl ChoiceFacts {
    /// The facts of the rules' choices, with the shortcuts `on` (`keep-reads`,
    /// `quiet-places` and `turn-tails` off leave every choice tried and
    /// every tail unknown).
    pub(in crate::engine) fn of(rules: &Rules, on: Shortcuts) -> ChoiceFacts {
        let each =
            |fact: fn(&ChoiceKind) -> bool| rules.choices.iter().map(|c| fact(&c.kind)).collect();
        let named: Vec<bool> = (0..rules.choices.len())
            .map(|i| (rules.tries.iter()).any(|t| named_in(rules, t, i as u16)))
            .collect();
        ChoiceFacts {
            // A `try` step's tried actions are judged as refused ones.
            keeps: rules.choices.iter().any(|c| !c.keep.is_empty())
                || rules.prefer.is_some()
                || !rules.tries.is_empty(),
            judged: (rules.choices.iter().zip(&named))
                .map(|(c, named)| !c.keep.is_empty() || *named)
                .collect(),
            named,
            chance: rules.choices.iter().any(|c| {
                matches!(
                    c.kind,
                    ChoiceKind::Choose {
                        by: ChosenBy::Chance(_),
                        ..
                    } | ChoiceKind::Deal { .. }
                )
            }) || (rules.turns.iter().flat_map(|t| &t.steps)).any(|s| {
                matches!(
                    s,
                    Step::Choose {
                        by: Decider::Chance,
                        ..
                    }
                )
            }),
            stuck_keeps: rules.choices.iter().map(asks_next_stuck).collect(),
            keep_reads: match on.has(Shortcut::KeepReads) {
                true => keep_reads::judged_by_reads(rules),
                false => keep_reads::JudgedByReads {
                    classes: vec![None; rules.choices.len()],
                    conditions: Vec::new(),
                },
            },
            quiet_places: match on.has(Shortcut::QuietPlaces) {
                true => keep_reads::quiet_places(rules),
                false => vec![None; rules.choices.len()],
            },
            tails: match on.has(Shortcut::TurnTails) {
                true => turn_tails::turn_tails(rules),
                false => turn_tails::unknown_tails(rules),
            },
            own_from: each(keep_reads::own_from),
            crossing_blocks: each(keep_reads::crossing_blocks),
            crossing_emptied: each(keep_reads::crossing_emptied),
        }
    }
}

/// What the engine needs to know about the rules before play.
#[derive(Clone, Debug, Default, PartialEq)]
pub(in crate::engine) struct Facts {
    /// Some rule asks about groups of a player's pieces (`own`, `enemy`, a
    /// player), which the union-find answers.
    pub player_groups: bool,
    /// The legal actions may depend on the cells of the last action
    /// (`here`, `origin`, `jumped` in targets, guards or conditions), so
    /// the hash of a position must include them.
    pub last_cells: bool,
    /// Some rule asks `connected(...)`.
    pub connections: bool,
    /// The fixed sets used as the sides of `connected(...)`, sorted.
    pub anchors: Vec<u32>,
    /// The lengths asked by `line(S, n)`, sorted.
    pub line_lengths: Vec<u32>,
    /// Each `line(S, n)` asked, once.
    pub line_queries: Vec<(SetExpr, u32)>,
    /// Some rule asks about earlier positions (`repetitions`,
    /// `seen-before`, `changed`): the state keeps each turn's start.
    pub history: bool,
    /// Some rule asks `changed`: two states in the middle of a turn that
    /// began on different positions differ.
    pub reads_turn_start: bool,
    /// Some rule reads the turn number (`turn`), so positions met on
    /// different turns may play on differently.
    pub reads_turn: bool,
}

impl Facts {
    pub fn of(rules: &Rules) -> Facts {
        let mut f = Facts::default();
        walk(rules, &mut f);
        f.anchors.sort_unstable();
        f.anchors.dedup();
        f.line_lengths.sort_unstable();
        f.line_lengths.dedup();
        f
    }

    /// Group questions: the union-find answers those about one player's
    /// pieces. Only conditions and outcomes ask (a question in an effect or
    /// a target finds the forest stale and rebuilds it, which costs time
    /// only).
    fn player_groups(&mut self, node: Node<'_>, at: At) {
        match at.site {
            Site::End
            | Site::StepEnd
            | Site::Outcome
            | Site::TurnWhen
            | Site::Guard
            | Site::Keep => {}
            Site::While | Site::Target | Site::Effect => return,
        }
        let asks = match node {
            Node::Num(e) => e.reads().groups_of.is_some_and(of_player),
            Node::Cond(e) => e.reads().groups_of.is_some_and(of_player),
            // Sets, directions, effects, choices and outcomes ask nothing
            // about groups themselves; their parts are visited.
            Node::Set(_)
            | Node::Dir(_)
            | Node::Dirs(_)
            | Node::Effect(_)
            | Node::Choice(_)
            | Node::Outcome(_) => false,
        };
        self.player_groups |= asks;
    }

    /// The last action's cells, where they decide what is offered.
    fn last_cells(&mut self, node: Node<'_>, at: At) {
        match at.site {
            // A `keep if` reads the cells of the action it judges, not the
            // last one's; kept in the hash to be safe.
            Site::End | Site::StepEnd | Site::While | Site::Guard | Site::Target | Site::Keep => {}
            Site::Outcome | Site::TurnWhen | Site::Effect => return,
        }
        let asks = match node {
            Node::Set(e) => match e.class() {
                // In a `where` condition, `here` is the cell tested.
                SetClass::ActionCell(ActionCell::Here) => !at.in_where,
                SetClass::ActionCell(
                    ActionCell::Origin | ActionCell::Action | ActionCell::Jumped,
                ) => true,
                // Kept in the board hash with the counters.
                SetClass::ActionCell(ActionCell::LastSown) => false,
                SetClass::Stored(_)
                | SetClass::Bound(_)
                | SetClass::Fixed(_)
                | SetClass::FixedPerPlayer(_)
                | SetClass::ByPlayer(_)
                | SetClass::Computed => false,
            },
            // `at` looks from `here`.
            Node::Cond(e) => e.reads().here && !at.in_where,
            // No number, direction, effect or outcome names a cell itself.
            Node::Num(_)
            | Node::Dir(_)
            | Node::Dirs(_)
            | Node::Effect(_)
            | Node::Choice(_)
            | Node::Outcome(_) => false,
        };
        self.last_cells |= asks;
    }

    /// `connected(S, A, B)` anywhere: its fixed sides become anchors.
    fn connections(&mut self, node: Node<'_>) {
        let Node::Cond(BoolExpr::Connected(_, a, b)) = node else {
            return;
        };
        self.connections = true;
        for side in [a, b] {
            // A side computed during play is flooded to, not anchored.
            match side.class() {
                SetClass::Fixed(i) => self.anchors.push(i),
                SetClass::FixedPerPlayer(v) => self.anchors.extend_from_slice(v),
                SetClass::Stored(_)
                | SetClass::Bound(_)
                | SetClass::ActionCell(_)
                | SetClass::ByPlayer(_)
                | SetClass::Computed => {}
            }
        }
    }

    /// `line(S, n)` anywhere: lines of length `n` may be precomputed.
    fn lines(&mut self, node: Node<'_>) {
        let Node::Cond(BoolExpr::Line(s, n)) = node else {
            return;
        };
        self.line_lengths.push(*n);
        if !self.line_queries.iter().any(|(t, m)| t == s && m == n) {
            self.line_queries.push((s.clone(), *n));
        }
    }
}

/// Whether a `keep if` of the choice asks `stuck` (the trial then plays
/// on to the next decision).
pub(in crate::engine) fn asks_next_stuck(c: &Choice) -> bool {
    let at = At {
        site: Site::Keep,
        player: None,
        in_where: false,
    };
    let stuck = |n: Node<'_>| matches!(n, Node::Cond(BoolExpr::NextStuck));
    (c.keep.iter()).any(|k| crate::rules::walk::finds(Node::Cond(k), at, stuck))
}

/// Whether a set is the pieces of one player, whose groups the union-find
/// keeps.
fn of_player(s: &SetExpr) -> bool {
    // Any other set, whatever it is, is not tracked: the safe default.
    matches!(s, SetExpr::Owned(_) | SetExpr::Enemy)
}

impl Visitor for Facts {
    fn visit(&mut self, node: Node<'_>, at: At) -> bool {
        self.player_groups(node, at);
        self.last_cells(node, at);
        self.connections(node);
        self.lines(node);
        self.history |= matches!(
            node,
            Node::Num(NumExpr::Repetitions | NumExpr::RepetitionTurns | NumExpr::Seen)
        ) || matches!(node, Node::Cond(BoolExpr::Changed));
        self.reads_turn_start |= matches!(node, Node::Cond(BoolExpr::Changed));
        self.reads_turn |= matches!(node, Node::Num(NumExpr::Turn));
        true
    }
}
