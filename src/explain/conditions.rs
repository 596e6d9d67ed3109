//! Why a condition does not hold, told by the condition as written: a
//! `keep if` on the position the action leads to, a guard on the position
//! now. The part that fails (for `A and B`, the false side; for `not D`,
//! that the definition `D` holds), down to the cells that make it so
//! (`count(S) > 0` holds by the cells of S, `S where C` by the cells where
//! C holds, `A or B` by its first true part, `attacked(S)` by the pieces
//! that could move onto S and the actions that move them), with what
//! stands on them. `stuck` is said as the next player having no action,
//! `seen-before` and `repetitions` as the earlier turns whose position
//! would come back, other comparisons by the values of their sides.

use super::sets::Seen;
use crate::engine::{Action, Game, State};
use crate::ids::Cell;
use crate::rules::sources::{CondSplit, SourcedCond, SourcedSet, Split};
use crate::rules::{BoolExpr, CmpOp, NumExpr, Player};

/// Cells named at most in a list; the rest are counted.
const MAX_LISTED: usize = 4;

/// Parts of a false `or` (or a true `and`) said at most.
const MAX_PARTS: usize = 3;

/// The position a condition is read on: after the action for a `keep
/// if`, as it sees it, or the position now for a guard.
struct Reader<'a> {
    seen: Seen<'a>,
    /// Whether the position is one an action would lead to (a `keep if`'s
    /// trial), said in the conditional.
    would: bool,
    /// The player who would decide next and whether they would be stuck,
    /// when the conditions ask `stuck`.
    next: Option<(Player, bool)>,
}

/// Why `cond`, a `keep if` of `a`'s choice, refuses `a` in `st`: one
/// clause naming the condition, its place, and what makes it fail.
pub fn refusal(game: &Game, st: &State, a: Action, cond: &SourcedCond) -> String {
    let (trial, next) = game.keep_trial(st, a);
    let after = Reader {
        seen: Seen { game, st: &trial },
        would: true,
        next,
    };
    let cite = game.rules.sources.cite(cond.span);
    match after.why_false(cond) {
        why if why.is_empty() => format!("after it, {cite} would not hold"),
        why => format!("after it, {cite} would not hold: {why}"),
    }
}

/// Why `cond`, which does not hold in `st` for the player to move, does
/// not: what follows the condition quoted ("... does not hold now: WHY");
/// empty when nothing more can be said.
pub fn unmet(game: &Game, st: &State, cond: &SourcedCond) -> String {
    now(game, st).why_false(cond)
}

/// Why `cond`, which holds in `st` for the player to move, holds: what
/// follows the condition quoted ("... holds: WHY"); empty when nothing
/// more can be said.
pub fn met(game: &Game, st: &State, cond: &SourcedCond) -> String {
    now(game, st).why(cond, true)
}

/// `cond`, which holds in `st` for the player to move, said with why:
/// "`in-check` holds: ...".
pub fn stated(game: &Game, st: &State, cond: &SourcedCond) -> String {
    now(game, st).clause(cond, None, true)
}

fn now<'a>(game: &'a Game, st: &'a State) -> Reader<'a> {
    Reader {
        seen: Seen { game, st },
        would: false,
        next: None,
    }
}

fn holds(v: bool) -> &'static str {
    if v { "holds" } else { "does not hold" }
}

impl Reader<'_> {
    /// Why `cond`, quoted already, is false.
    fn why_false(&self, cond: &SourcedCond) -> String {
        self.why(cond, false)
    }

    /// Why `cond`, quoted already, has the value `v`.
    fn why(&self, cond: &SourcedCond, v: bool) -> String {
        match &cond.split {
            CondSplit::Define(_)
            | CondSplit::Leaf
            | CondSplit::Count(..)
            | CondSplit::Attacked(_)
            | CondSplit::Compare(_) => self.because(cond, None, v),
            CondSplit::Not(_) | CondSplit::All(_) | CondSplit::Any(_) => self.clause(cond, None, v),
        }
    }

    fn quote(&self, c: &SourcedCond) -> String {
        self.seen.game.rules.sources.quote(c.span)
    }

    fn value(&self, c: &SourcedCond, here: Option<usize>) -> bool {
        let next_stuck = self.next.map(|(_, stuck)| stuck);
        self.seen
            .game
            .probe_kept_cond(self.seen.st, &c.cond, here, next_stuck)
    }

    /// `c`, whose value is `v`, said with why: "`in-check` holds: ...".
    fn clause(&self, c: &SourcedCond, here: Option<usize>, v: bool) -> String {
        match &c.split {
            CondSplit::Not(inner) => self.clause(inner, here, !v),
            CondSplit::All(parts) | CondSplit::Any(parts) => self.list(c, parts, here, v),
            // The values of a comparison say it.
            CondSplit::Compare(sides) if !sides.is_empty() => self.because(c, here, v),
            CondSplit::Define(_)
            | CondSplit::Leaf
            | CondSplit::Count(..)
            | CondSplit::Attacked(_)
            | CondSplit::Compare(_) => {
                let why = self.because(c, here, v);
                let quoted = format!("`{}` {}", self.quote(c), holds(v));
                join(quoted, why)
            }
        }
    }

    /// `c`, whose value is `v`, as one item of a list: "`stuck` (white
    /// would have no action)".
    fn item(&self, c: &SourcedCond, here: Option<usize>, v: bool) -> String {
        match &c.split {
            CondSplit::Not(_) | CondSplit::All(_) | CondSplit::Any(_) => self.clause(c, here, v),
            CondSplit::Define(_)
            | CondSplit::Leaf
            | CondSplit::Count(..)
            | CondSplit::Attacked(_)
            | CondSplit::Compare(_) => {
                let why = self.because(c, here, v);
                let quoted = format!("`{}`", self.quote(c));
                if why.is_empty() || why.starts_with("by ") || why.starts_with("with ") {
                    join(quoted, why)
                } else {
                    format!("{quoted} ({why})")
                }
            }
        }
    }

    /// An `and` or `or` chain whose value is `v`: the part that decides
    /// it, or the parts that all do.
    fn list(&self, c: &SourcedCond, parts: &[SourcedCond], here: Option<usize>, v: bool) -> String {
        let all = matches!(c.split, CondSplit::All(_));
        // A true `or` or a false `and`: one part decides.
        if all != v
            && let Some(p) = parts.iter().find(|p| self.value(p, here) == v)
        {
            return self.clause(p, here, v);
        }
        // Every part has the chain's value; those the options decide go
        // without saying.
        let parts: Vec<&SourcedCond> = parts
            .iter()
            .filter(|p| !matches!(p.cond, BoolExpr::Const(_)))
            .collect();
        match parts[..] {
            [] => return String::new(),
            [one] => return self.clause(one, here, v),
            _ => {}
        }
        let mut items: Vec<String> = parts
            .iter()
            .take(MAX_PARTS)
            .map(|p| self.item(p, here, v))
            .collect();
        if parts.len() > MAX_PARTS {
            items.push(format!("{} more", parts.len() - MAX_PARTS));
        }
        if v {
            listed_with(items, ", and ")
        } else {
            format!("none of its parts holds: {}", items.join(", "))
        }
    }

    /// Why `c` has the value `v`, not repeating `c` itself: empty when
    /// nothing more can be said.
    fn because(&self, c: &SourcedCond, here: Option<usize>, v: bool) -> String {
        match &c.split {
            CondSplit::Define(body) => match &body.split {
                // A definition that is a chain: the part that decides.
                CondSplit::Any(parts) | CondSplit::All(parts) => self.list(body, parts, here, v),
                CondSplit::Define(_) | CondSplit::Not(_) => self.clause(body, here, v),
                CondSplit::Count(..)
                | CondSplit::Attacked(_)
                | CondSplit::Compare(_)
                | CondSplit::Leaf => self.because(body, here, v),
            },
            CondSplit::Not(inner) => self.clause(inner, here, !v),
            CondSplit::All(parts) | CondSplit::Any(parts) => self.list(c, parts, here, v),
            CondSplit::Count(set, op, other) => self.counted(set, *op, other, here),
            CondSplit::Attacked(set) => self.attacks(set, here, v),
            CondSplit::Leaf => self.leaf(c),
            CondSplit::Compare(sides) => {
                let game = self.seen.game;
                let sources = &game.rules.sources;
                let values: Vec<String> = sides
                    .iter()
                    .map(|(span, n)| {
                        let x = game.probe_num(self.seen.st, n, here);
                        // A variable's value by its name (`queen`).
                        let x = match n {
                            NumExpr::Var(i) => game.rules.variables[*i as usize].show(x),
                            _ => crate::rules::format_number(x),
                        };
                        format!("`{}` is {x}", sources.quote(*span))
                    })
                    .collect();
                // `repetitions`: also the turns it counts.
                join(listed_with(values, " and "), self.leaf(c))
            }
        }
    }

    /// What a condition the explanation does not take apart says: who
    /// would be stuck, which turn's position would come back.
    fn leaf(&self, c: &SourcedCond) -> String {
        let game = self.seen.game;
        let name = |p: Player| game.rules.players[p.index()].clone();
        match &c.cond {
            BoolExpr::NextStuck => match self.next {
                Some((p, true)) => format!("{} would have no action", name(p)),
                Some((p, false)) => format!("{} would have an action", name(p)),
                None => String::new(),
            },
            BoolExpr::Cmp(_, NumExpr::Seen, NumExpr::Const(_)) => {
                let turns = game.turns_seen(self.seen.st, None);
                self.repeats(&turns[..turns.len().min(1)], true)
            }
            BoolExpr::Cmp(_, NumExpr::Repetitions, NumExpr::Const(_)) => {
                let me = self.seen.st.mover.index();
                let next = Player::new((me + 1) % game.rules.players.len());
                self.repeats(&game.turns_seen(self.seen.st, Some(next)), true)
            }
            BoolExpr::Changed => {
                let st = self.seen.st;
                let differs = game.probe_cond(st, &BoolExpr::Changed, None);
                let verb = match (self.would, differs) {
                    (true, true) => "would differ from",
                    (true, false) => "would be",
                    (false, true) => "differs from",
                    (false, false) => "is",
                };
                format!(
                    "the position {verb} the one at the start of turn {}",
                    st.turn
                )
            }
            _ => String::new(),
        }
    }

    /// The earlier turns whose position this one repeats, or that it is
    /// new (said only when `new` is asked).
    fn repeats(&self, turns: &[u32], new: bool) -> String {
        let (repeat, is) = if self.would {
            ("it would repeat", "would be")
        } else {
            ("it repeats", "is")
        };
        match turns {
            [] if new => format!("the position {is} new"),
            [] => String::new(),
            [t] => format!("{repeat} the position at the start of turn {t}"),
            [t @ .., last] => {
                let t: Vec<String> = t.iter().map(u32::to_string).collect();
                format!(
                    "{repeat} the position at the start of turns {} and {last}",
                    t.join(", ")
                )
            }
        }
    }

    /// Why `count(set) OP other` has its value: the cells counted.
    fn counted(&self, set: &SourcedSet, op: CmpOp, other: &NumExpr, here: Option<usize>) -> String {
        let game = self.seen.game;
        let cells: Vec<usize> = game
            .probe_set(self.seen.st, &set.set, here)
            .iter()
            .collect();
        let n = game.probe_num(self.seen.st, other, here);
        let quoted = self.seen.quote(set);
        // `count(S) > 0` and the like ask whether S has a cell.
        let emptiness = matches!(
            (op, n),
            (CmpOp::Gt | CmpOp::Eq | CmpOp::Ne | CmpOp::Le, 0.0) | (CmpOp::Ge | CmpOp::Lt, 1.0)
        );
        if cells.is_empty() {
            // Where `here` is, when the set is read from it.
            let at = here.or_else(|| game.here(self.seen.st));
            return match at {
                Some(h) if mentions_here(&quoted) => {
                    format!(
                        "no cell is in `{quoted}`, `here` being {}",
                        self.seen.label(h)
                    )
                }
                Some(_) | None => format!("no cell is in `{quoted}`"),
            };
        }
        let (by_where, why) = self.cells(set, &cells);
        let wants_none = matches!((op, n), (CmpOp::Eq | CmpOp::Le, 0.0) | (CmpOp::Lt, 1.0));
        match (emptiness, by_where) {
            (_, true) => why,
            (true, false) if wants_none => format!("`{quoted}` has {why}"),
            (true, false) => format!("with {why}"),
            (false, false) => format!("`count({quoted})` is {}: {why}", cells.len()),
        }
    }

    /// The cells of `set` (not none), with what stands on them; for `S
    /// where C` (then true), where C holds, and with one cell why.
    fn cells(&self, set: &SourcedSet, cells: &[usize]) -> (bool, String) {
        let mut s = set;
        while let Split::Define(body) = &s.split {
            s = body;
        }
        if let Split::Where(_, cond) = &s.split {
            let at: Vec<String> = cells.iter().take(MAX_LISTED).map(|&c| self.at(c)).collect();
            let mut out = format!(
                "`{}` holds at {}",
                self.quote(cond),
                listed(at, cells.len())
            );
            if let [one] = cells {
                let why = self.because(cond, Some(*one), true);
                out = join(out, why);
            }
            return (true, out);
        }
        let on: Vec<String> = cells.iter().take(MAX_LISTED).map(|&c| self.on(c)).collect();
        (false, listed(on, cells.len()))
    }

    /// Why `attacked(set)` has the value `v`: the first cell of the set
    /// another player's piece could move onto, with those pieces and the
    /// rules that move them.
    fn attacks(&self, set: &SourcedSet, here: Option<usize>, v: bool) -> String {
        let game = self.seen.game;
        let cells = game.probe_set(self.seen.st, &set.set, here);
        if !v {
            return match cells.iter().count() {
                0 => format!("no cell is in `{}`", self.seen.quote(set)),
                _ => format!(
                    "no other player's piece could move onto `{}`",
                    self.seen.quote(set)
                ),
            };
        }
        let Some((c, by)) = cells
            .iter()
            .map(|c| (c, self.attackers(c)))
            .find(|(_, by)| !by.is_empty())
        else {
            return String::new();
        };
        let pieces: Vec<String> = by
            .iter()
            .take(MAX_LISTED)
            .map(|&(choice, from)| format!("{} ({})", self.on(from), self.rule(choice)))
            .collect();
        format!("{} is attacked by {}", self.at(c), listed(pieces, by.len()))
    }

    /// The pieces of the other players that could move onto `c`, were a
    /// piece of the viewer there, as `attacked` asks (the engine's one walk
    /// of the moves turned round): each piece's cell, with the first action
    /// found that moves it there.
    fn attackers(&self, c: usize) -> Vec<(u16, usize)> {
        self.seen
            .game
            .attackers(self.seen.st, c, self.seen.st.mover)
    }

    /// An action of the rules: its name and line, or its words when the
    /// file did not name it.
    fn rule(&self, c: u16) -> String {
        let game = self.seen.game;
        let choice = &game.rules.choices[c as usize];
        let sources = &game.rules.sources;
        match sources.choices.get(c as usize) {
            Some(s) if choice.name != choice.kind.noun() => {
                format!("`{}`, {}", choice.name, sources.at(s.span))
            }
            Some(s) => format!("`{}`, {}", sources.quote(s.span), sources.at(s.span)),
            None => format!("`{}`", choice.name),
        }
    }

    /// The piece on cell `c`, as "white king", if any.
    fn piece(&self, c: usize) -> Option<String> {
        let rules = &self.seen.game.rules;
        let p = self.seen.game.piece_at(self.seen.st, Cell::new(c))?;
        let kind = rules
            .pieces
            .get(p.kind.index())
            .map_or("piece", String::as_str);
        Some(match p.owner.and_then(|o| rules.players.get(o.index())) {
            Some(owner) => format!("{owner} {kind}"),
            None => kind.to_string(),
        })
    }

    /// "the black rook on e2", or "e2" when it is empty.
    fn on(&self, c: usize) -> String {
        let label = self.seen.label(c);
        match self.piece(c) {
            Some(p) => format!("the {p} on {label}"),
            None => label.to_string(),
        }
    }

    /// "e1 (white king)", or "e1" when it is empty.
    fn at(&self, c: usize) -> String {
        let label = self.seen.label(c);
        match self.piece(c) {
            Some(p) => format!("{label} ({p})"),
            None => label.to_string(),
        }
    }
}

/// A statement and its reason: "X: why", "X, by ...", "X with ..." (or
/// X alone).
fn join(said: String, why: String) -> String {
    if why.is_empty() {
        said
    } else if why.starts_with("by ") {
        format!("{said}, {why}")
    } else if why.starts_with("with ") {
        format!("{said} {why}")
    } else {
        format!("{said}: {why}")
    }
}

/// Whether a quoted expression reads `here`.
fn mentions_here(quoted: &str) -> bool {
    quoted
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
        .any(|w| w == "here")
}

/// Items joined by commas, the last by `last`: "a, b, and c".
fn listed_with(items: Vec<String>, last: &str) -> String {
    match items.split_last() {
        Some((one, [])) => one.clone(),
        Some((end, rest)) => format!("{}{last}{end}", rest.join(", ")),
        None => String::new(),
    }
}

/// Up to [`MAX_LISTED`] things of `total`, joined: "a, b and 3 more".
fn listed(mut shown: Vec<String>, total: usize) -> String {
    if total > shown.len() {
        shown.push(format!("{} more", total - shown.len()));
    }
    match shown.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}
