//! Declarations: players, pieces, variables, effects, marks, regions,
//! definitions and actions enter the name table; names are resolved to them.

use crate::ast::{self, Literal, Name};
use crate::diagnostic::{Diagnostic, closest};
use crate::limits::{
    MAX_BINDINGS, MAX_COUNTER_KINDS, MAX_MARKS, MAX_NUMBER, MAX_PIECE_CODES, MAX_PIECES,
    MAX_PLAYERS, MAX_VARIABLES,
};
use crate::rules::*;

use super::{Checker, NameKind};

impl<'a> Checker<'a> {
    pub(super) fn declarations(&mut self) {
        let file = self.file;
        if file.players.is_empty() {
            self.errors.push(
                Diagnostic::whole("the game declares no players").with_help(
                    "add a line such as `players black, white`; the first one moves first",
                ),
            );
        }
        // The first line whose condition (on options only) holds.
        let mut chosen = None;
        for (i, decl) in file.players.iter().enumerate() {
            if decl.guard.is_none() && i > 0 && file.players[..i].iter().any(|d| d.guard.is_none())
            {
                self.error(
                    decl.names[0].span,
                    "players are declared twice: list them all in one `players` line",
                );
            }
            let applies = match &decl.guard {
                None => true,
                Some(g) => match self.condition(g) {
                    BoolExpr::Const(v) => v,
                    _ => {
                        self.error(g.span, "the condition of `players` may only use options");
                        false
                    }
                },
            };
            if applies && chosen.is_none() {
                chosen = Some(decl);
            }
        }
        if chosen.is_none() && !file.players.is_empty() && self.errors.is_empty() {
            self.errors.push(
                Diagnostic::at(
                    file.players[0].names[0].span,
                    "no `players` line applies with these options",
                )
                .with_help("end with a `players` line without a condition, for the other options"),
            );
        }
        for decl in &file.players {
            for p in &decl.names {
                let seated = chosen.is_some_and(|c| c.names.iter().any(|n| n.text == p.text));
                if !seated && !self.unseated.contains(&p.text) {
                    self.unseated.push(p.text.clone());
                }
            }
        }
        if let Some(list) = chosen.map(|d| &d.names) {
            for p in list {
                if self.declare(p, NameKind::Player) {
                    self.players.push(p.text.clone());
                }
            }
        }
        // Every line, seated or not, so that its mistakes show with any options.
        for decl in &file.players {
            if let Some(extra) = decl.names.get(MAX_PLAYERS) {
                self.limit(extra.span, format!("at most {MAX_PLAYERS} players"));
            }
        }
        for (p, neutral) in &file.pieces {
            if self.declare(p, NameKind::Piece) {
                self.pieces.push(p.text.clone());
                self.neutral.push(*neutral);
            }
        }
        for v in &file.variables {
            if self.declare(v, NameKind::Variable) {
                let symbols = self.variable_symbols(&v.text);
                self.variables.push(Variable {
                    name: v.text.clone(),
                    symbols,
                    start: 0.0,
                });
            }
        }
        for (var, value) in &file.variable_starts {
            let Some(v) = self.variables.iter_mut().find(|x| x.name == var.text) else {
                continue;
            };
            if !v.symbols.is_empty() {
                let msg = format!(
                    "`{}` is chosen among names: it starts with none, not a number",
                    var.text
                );
                self.error(value.span, msg);
                continue;
            }
            match value.text.parse::<f64>() {
                Ok(x) if x.is_finite() && x.abs() <= MAX_NUMBER => v.start = x,
                _ => self.error(value.span, format!("`{}` is not a number here", value.text)),
            }
        }
        if let Some(extra) = file.variables.get(MAX_VARIABLES) {
            self.limit(extra.span, format!("at most {MAX_VARIABLES} variables"));
        }
        for (n, e) in &file.effects {
            if self.declare(n, NameKind::Effect) {
                self.effects.insert(n.text.clone(), e);
            }
        }
        for m in &file.marks {
            if self.declare(m, NameKind::Mark) {
                self.marks.push(m.text.clone());
            }
        }
        self.declare_lines();
        for (i, k) in file.counters.iter().enumerate() {
            if i >= MAX_COUNTER_KINDS {
                let msg =
                    format!("at most {MAX_COUNTER_KINDS} kind of counters: a cell keeps one count");
                self.limit(k.span, msg);
            } else if self.declare(k, NameKind::Counter) {
                self.counters = Some(k.text.clone());
            }
        }
        for r in &file.rings {
            for n in &r.names {
                self.declare(n, NameKind::Ring);
            }
        }
        for t in &file.tracks {
            self.declare(&t.name, NameKind::Track);
        }
        for t in &file.circuits {
            self.declare(&t.name, NameKind::Track);
        }
        if let Some((extra, _)) = file.pieces.get(MAX_PIECES) {
            self.limit(extra.span, format!("at most {MAX_PIECES} kinds of piece"));
        }
        if let Some(extra) = file.marks.get(MAX_MARKS) {
            self.limit(extra.span, format!("at most {MAX_MARKS} marks"));
        }
        // A cell stores its piece in a byte: kind and owner (or nobody).
        let most = MAX_PIECE_CODES / (self.players.len() + 1);
        if self.pieces.len() > most
            && let Some((extra, _)) = file.pieces.get(most)
        {
            self.limit(
                extra.span,
                format!(
                    "too many kinds of piece for {} players: at most {most}",
                    self.players.len()
                ),
            );
        }
        for r in &file.regions {
            self.declare(&r.name, NameKind::Region);
        }
        for (n, body) in &file.defines {
            if self.declare(n, NameKind::Define) {
                self.defines.insert(n.text.clone(), body);
            }
        }
        for (n, c) in &file.actions {
            if self.declare(n, NameKind::Action) {
                self.actions.insert(n.text.clone(), c);
            }
        }
        // Put in place of their names already (`syntax::parse`): declared
        // so that no other item takes the name.
        for (n, _) in &file.action_groups {
            self.declare(n, NameKind::Action);
        }
    }

    /// The names a variable is chosen among, from every `choose` of it in
    /// the file; empty for a variable of numbers.
    pub(super) fn variable_symbols(&self, var: &str) -> Vec<String> {
        let mut lists: Vec<&Vec<Literal>> = Vec::new();
        let mut visit = |c: &'a ast::Choice| {
            if let ast::ChoiceKind::Choose { var: v, values, .. } = &c.kind
                && v.text == var
            {
                lists.push(values);
            }
        };
        for (_, c) in &self.file.actions {
            visit(c);
        }
        for t in &self.file.turns {
            for s in &t.steps {
                if let ast::Step::Choice { groups, .. } = s {
                    for (c, _) in groups.iter().flatten() {
                        visit(c);
                    }
                }
            }
        }
        let mut symbols = Vec::new();
        for list in lists {
            for l in list {
                // An action's name is no value: `choose` reports it.
                if let Literal::Name(n) = l
                    && !self.options.contains_key(n)
                    && !self.file.actions.iter().any(|(a, _)| a.text == *n)
                    && !symbols.contains(n)
                {
                    symbols.push(n.clone());
                }
            }
        }
        symbols
    }

    /// Checks a new bound variable (`some d:`, `each group g`): its name must
    /// be free, and at most [`MAX_BINDINGS`] such bindings may be nested.
    /// False if too deep.
    pub(super) fn check_binding(
        &mut self,
        var: &Name,
        what: &str,
        depth: usize,
        construct: &str,
    ) -> bool {
        if let Some(kind) = self.names.get(&var.text) {
            let msg = format!(
                "`{}` is already {}; pick another name for the {what}",
                var.text,
                kind.describe()
            );
            self.error(var.span, msg);
        }
        if depth >= MAX_BINDINGS {
            let msg = format!("at most {MAX_BINDINGS} {construct} may be nested");
            self.limit(var.span, msg);
            return false;
        }
        true
    }

    pub(super) fn who(&mut self, n: &Name) -> Who {
        match n.text.as_str() {
            "mover" => Who::Me,
            "opponent" => Who::Opponent,
            t => match self.players.iter().position(|p| p == t) {
                Some(i) => Who::Player(Player::new(i)),
                None if self.unseated.iter().any(|p| p == t) => {
                    let msg = format!("`{t}` does not play with these options");
                    self.errors.push(Diagnostic::at(n.span, msg).with_help(
                        "a player of another `players` line can only be given per-player values and setup placements",
                    ));
                    Who::Me
                }
                None => {
                    let mut known: Vec<String> = self.players.clone();
                    known.push("mover".into());
                    known.push("opponent".into());
                    self.unknown(n, &known);
                    Who::Me
                }
            },
        }
    }

    pub(super) fn piece(&mut self, n: &Name) -> Kind {
        match self.pieces.iter().position(|p| *p == n.text) {
            Some(i) => Kind::new(i),
            None => {
                let pieces = self.pieces.clone();
                self.unknown_kind(n, &pieces, "piece");
                Kind::new(0)
            }
        }
    }

    pub(super) fn mark(&mut self, n: &Name) -> Mark {
        match self.marks.iter().position(|p| *p == n.text) {
            Some(i) => Mark::new(i),
            None => {
                let marks = self.marks.clone();
                self.unknown_kind(n, &marks, "mark");
                Mark::new(0)
            }
        }
    }

    pub(super) fn unknown(&mut self, n: &Name, candidates: &[String]) {
        self.unknown_kind(n, candidates, "name");
    }

    pub(super) fn unknown_kind(&mut self, n: &Name, candidates: &[String], what: &str) {
        let mut d = Diagnostic::at(n.span, format!("unknown {what} `{}`", n.text));
        if let Some(near) = closest(&n.text, candidates.iter().map(String::as_str)) {
            d.help = Some(format!("did you mean `{near}`?"));
        } else if what != "name" && candidates.is_empty() {
            d.help = Some(match what {
                "effect" => format!("declare it with `effect {} = ...`", n.text),
                "variable" => format!("declare it with `variables {}`", n.text),
                _ => format!("declare it with `{what}s {}`", n.text),
            });
        } else if what != "name" {
            d.help = Some(format!("{what}s: {}", candidates.join(", ")));
        }
        self.errors.push(d);
    }
}
