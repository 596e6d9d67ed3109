//! Definitions with parameters: `define facing(d) = enemy at d and empty
//! at rotate(d, 180)`, used as `facing(n)` or `facing(d)` inside `some d:`.
//! A use is the body written there with each parameter replaced by its
//! argument, as a definition without parameters is its expression written
//! where it is used; so the arguments see the variables of the place of
//! use, and the body sees none of them. Two substitutions would change
//! what an argument means, and are refused instead: a name of the argument
//! that one of the body's own `some`/`every` binds, and `here` in an
//! argument that lands inside one of the body's `where`s.

use crate::ast::{self, Expr, ExprKind, Name};
use crate::diagnostic::{Diagnostic, Span};

use super::{Checker, Value};

/// Why an argument cannot be put in the body.
enum Refused {
    /// A name of the argument is bound by the body's quantifier.
    Captured(Name),
    /// The argument reads `here` and lands inside this `where`.
    Rebound(Span),
}

/// `body` with each parameter replaced by its argument; `inside_where`
/// says whether `body` is in a `where`'s condition.
fn substitute(
    body: &Expr,
    params: &[Name],
    args: &[Expr],
    inside_where: bool,
) -> Result<Expr, Refused> {
    let kind = match &body.kind {
        ExprKind::Name(n) => match params.iter().position(|p| p.text == *n) {
            Some(i) => {
                let arg = &args[i];
                if inside_where && mentions(arg, "here") {
                    return Err(Refused::Rebound(body.span));
                }
                return Ok(arg.clone());
            }
            None => ExprKind::Name(n.clone()),
        },
        ExprKind::Number(_) | ExprKind::Turn => body.kind.clone(),
        ExprKind::Call(f, list) => ExprKind::Call(
            f.clone(),
            list.iter()
                .map(|e| substitute(e, params, args, inside_where))
                .collect::<Result<_, _>>()?,
        ),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(
            *op,
            Box::new(substitute(a, params, args, inside_where)?),
            Box::new(substitute(b, params, args, inside_where)?),
        ),
        ExprKind::Not(a) => ExprKind::Not(Box::new(substitute(a, params, args, inside_where)?)),
        ExprKind::Neg(a) => ExprKind::Neg(Box::new(substitute(a, params, args, inside_where)?)),
        ExprKind::At(a, b) => ExprKind::At(
            Box::new(substitute(a, params, args, inside_where)?),
            Box::new(substitute(b, params, args, inside_where)?),
        ),
        ExprKind::Where(a, c) => ExprKind::Where(
            Box::new(substitute(a, params, args, inside_where)?),
            Box::new(substitute(c, params, args, true)?),
        ),
        ExprKind::Quantifier { some, var, body: b } => {
            // The quantifier's own variable hides a parameter of its name.
            let kept: Vec<usize> = (0..params.len())
                .filter(|&i| params[i].text != var.text)
                .collect();
            let (params, args): (Vec<Name>, Vec<Expr>) = kept
                .iter()
                .map(|&i| (params[i].clone(), args[i].clone()))
                .unzip();
            if args.iter().any(|a| mentions(a, &var.text)) && mentions_any(b, &params) {
                return Err(Refused::Captured(var.clone()));
            }
            ExprKind::Quantifier {
                some: *some,
                var: var.clone(),
                body: Box::new(substitute(b, &params, &args, inside_where)?),
            }
        }
    };
    Ok(Expr {
        kind,
        span: body.span,
    })
}

/// Whether `e` uses the name `n` (a name, not a function's).
fn mentions(e: &Expr, n: &str) -> bool {
    match &e.kind {
        ExprKind::Name(x) => x == n,
        ExprKind::Number(_) | ExprKind::Turn => false,
        ExprKind::Call(_, list) => list.iter().any(|x| mentions(x, n)),
        ExprKind::Binary(_, a, b) | ExprKind::At(a, b) | ExprKind::Where(a, b) => {
            mentions(a, n) || mentions(b, n)
        }
        ExprKind::Not(a) | ExprKind::Neg(a) => mentions(a, n),
        ExprKind::Quantifier { var, body, .. } => var.text != n && mentions(body, n),
    }
}

/// Whether `e` uses one of the names.
fn mentions_any(e: &Expr, names: &[Name]) -> bool {
    names.iter().any(|p| mentions(e, &p.text))
}

impl<'a> Checker<'a> {
    /// The parameters of definition `n`, if it has some.
    pub(super) fn define_params(&self, n: &str) -> Option<&'a [Name]> {
        let file: &'a ast::GameFile = self.file;
        file.define_params
            .iter()
            .find(|(d, _)| d == n)
            .map(|(_, p)| p.as_slice())
    }

    /// A definition with parameters named without its arguments.
    pub(super) fn define_without_arguments(
        &mut self,
        n: &str,
        params: &[Name],
        span: Span,
    ) -> Value {
        let names: Vec<&str> = params.iter().map(|p| p.text.as_str()).collect();
        let msg = format!(
            "`{n}` takes {} argument{}",
            params.len(),
            if params.len() == 1 { "" } else { "s" }
        );
        let help = format!("give them in parentheses: `{n}({})`", names.join(", "));
        self.errors.push(Diagnostic::at(span, msg).with_help(help));
        Value::Error
    }

    /// `f(A, B)` for `define f(x, y) = ...`: the body with `x` replaced by
    /// A and `y` by B, lowered where it is used.
    pub(super) fn define_call(
        &mut self,
        f: &Name,
        body: &'a ast::RegionBody,
        params: &'a [Name],
        args: &[Expr],
        span: Span,
    ) -> Value {
        if args.len() != params.len() {
            let names: Vec<&str> = params.iter().map(|p| p.text.as_str()).collect();
            let msg = format!(
                "`{}` takes {} argument{}, not {}",
                f.text,
                params.len(),
                if params.len() == 1 { "" } else { "s" },
                args.len()
            );
            let help = format!("`define {}({})`", f.text, names.join(", "));
            self.errors.push(Diagnostic::at(span, msg).with_help(help));
            return Value::Error;
        }
        if self.define_stack.contains(&f.text) {
            let chain = self.define_stack.join(" -> ");
            let msg = format!(
                "`{}` is defined in terms of itself ({chain} -> {})",
                f.text, f.text
            );
            self.error(span, msg);
            return Value::Error;
        }
        let one = |e: &Expr| substitute(e, params, args, false);
        let written = match body {
            ast::RegionBody::Shared(e) => one(e).map(ast::RegionBody::Shared),
            ast::RegionBody::PerPlayer(bindings) => bindings
                .iter()
                .map(|(p, e)| one(e).map(|e| (p.clone(), e)))
                .collect::<Result<Vec<_>, _>>()
                .map(ast::RegionBody::PerPlayer),
        };
        let written = match written {
            Ok(w) => w,
            Err(Refused::Captured(var)) => {
                let msg = format!(
                    "an argument of `{}` uses `{}`, which the definition's own `{}` would take",
                    f.text, var.text, var.text
                );
                let help = format!("rename the definition's variable `{}`", var.text);
                self.errors
                    .push(Diagnostic::at(var.span, msg).with_help(help));
                return Value::Error;
            }
            Err(Refused::Rebound(at)) => {
                let msg = format!(
                    "an argument of `{}` reads `here`, but lands inside a `where`, where `here` is the cell tested",
                    f.text
                );
                let help = "pass `action-cell` for the last action's cell, which a `where` does not change";
                self.errors.push(Diagnostic::at(at, msg).with_help(help));
                return Value::Error;
            }
        };
        // The body sees no variable of the place of use: a free name of
        // the body that is one is refused rather than taken.
        let is_param = |v: &str| params.iter().any(|p| p.text == v);
        let free = |e: &Expr| {
            self.scope
                .iter()
                .chain(&self.set_scope)
                .find(|v| !is_param(v) && mentions(e, v))
                .cloned()
        };
        let hidden = match body {
            ast::RegionBody::Shared(e) => free(e),
            ast::RegionBody::PerPlayer(bindings) => bindings.iter().find_map(|(_, e)| free(e)),
        };
        if let Some(v) = hidden {
            let msg = format!(
                "`{}` uses `{v}`, a variable where it is used: a definition does not see those",
                f.text
            );
            self.errors
                .push(Diagnostic::at(span, msg).with_help("pass it as an argument"));
            return Value::Error;
        }
        self.define_stack.push(f.text.clone());
        let v = match &written {
            ast::RegionBody::Shared(e) => self.expr(e),
            ast::RegionBody::PerPlayer(bindings) => self.per_player(&f.text, bindings, span),
        };
        self.define_stack.pop();
        v
    }
}
