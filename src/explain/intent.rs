//! What a word of notation asks for, legal or not: the choices of the
//! rules (of any turn or step) that could make it, and on which cells.
//! [`crate::notation::parse`] reads the same forms among the legal actions.

use crate::engine::{Action, ActionKind, Game};
use crate::ids::Cell;
use crate::notation::choice_name;
use crate::rules::ChoiceKind;
use crate::rules::parts::ChoiceShape;

/// What the word asks of one choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// An action on this cell (`place`, `convert`, `remove`).
    Cell(Cell),
    /// A move from the first cell to the second.
    Move(Cell, Cell),
    /// The index of a value among the choice's, or `None` when the value
    /// is not one of them.
    Value(Option<usize>),
    /// An action without cells (`pass`, a step's `swap`).
    Bare,
    /// The pie rule's `swap`.
    Pie,
}

/// One reading of a word of notation: a choice of the rules, and what the
/// word asks of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Intent {
    /// The choice, an index into [`crate::rules::Rules::choices`] (or
    /// [`Action::PIE`] for the pie rule's `swap`).
    pub choice: u16,
    /// What the word asks of it.
    pub target: Target,
}

impl Intent {
    /// The action this intent would be, when the word names one.
    pub fn action(self, game: &Game) -> Option<Action> {
        if self.target == Target::Pie {
            return Some(Action::pie());
        }
        let kind = &game.rules.choices[self.choice as usize].kind;
        let kind = match (kind, self.target) {
            (_, Target::Cell(c)) if matches!(kind.shape(), ChoiceShape::OnCell(_)) => {
                ActionKind::OnCell(c)
            }
            (ChoiceKind::Choose { .. }, Target::Value(Some(i))) => ActionKind::Pick(i as u16),
            (ChoiceKind::Pass | ChoiceKind::Swap, Target::Bare) => ActionKind::Pick(0),
            // Moves carry a direction: found among the offers instead.
            _ => return None,
        };
        Some(Action {
            choice: self.choice,
            kind,
        })
    }
}

fn is_move(kind: &ChoiceKind) -> bool {
    match kind.shape() {
        ChoiceShape::NextDoor { .. } | ChoiceShape::Far => true,
        ChoiceShape::OnCell(_) | ChoiceShape::Fixed { .. } => false,
    }
}

/// The choices `text` (one action) could name, in the rules' order.
pub fn intents(game: &Game, text: &str) -> Vec<Intent> {
    let text = text.trim();
    let rules = &game.rules;
    let board = game.board();
    let name_of = |i: usize| {
        choice_name(
            game,
            Action {
                choice: i as u16,
                kind: ActionKind::Pick(0),
            },
        )
        .to_string()
    };
    let each = |f: &dyn Fn(usize, &ChoiceKind) -> Option<Target>| -> Vec<Intent> {
        rules
            .choices
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                f(i, &c.kind).map(|target| Intent {
                    choice: i as u16,
                    target,
                })
            })
            .collect()
    };
    // A chosen value: `komi=5.5`.
    if let Some((var, value)) = text.split_once('=') {
        return each(&|_, kind| {
            let ChoiceKind::Choose { var: v, values, .. } = kind else {
                return None;
            };
            let variable = &rules.variables[*v as usize];
            (variable.name == var).then(|| {
                Target::Value(values.iter().position(|&x| {
                    let shown = variable.show(x);
                    shown == value || value.parse::<f64>().is_ok_and(|p| p == x)
                }))
            })
        });
    }
    let (name, rest) = match text.split_once(':') {
        Some((n, r)) => (Some(n), r),
        None => (None, text),
    };
    let named = |i: usize| name.is_none_or(|n| name_of(i) == n);
    if let Some((f, t)) = rest.split_once('-')
        && let (Some(from), Some(to)) = (board.cell_by_label(f), board.cell_by_label(t))
    {
        return each(&|i, kind| (is_move(kind) && named(i)).then_some(Target::Move(from, to)));
    }
    if let Some(cell) = board.cell_by_label(rest) {
        return each(&|i, kind| (kind_has_cell(kind) && named(i)).then_some(Target::Cell(cell)));
    }
    if name.is_some() {
        return Vec::new();
    }
    let mut out = each(&|i, kind| {
        (written_by_name(kind, rules) && name_of(i) == text).then_some(Target::Bare)
    });
    if text == "swap" && !rules.sources.swaps.is_empty() {
        out.push(Intent {
            choice: Action::PIE,
            target: Target::Pie,
        });
    }
    out
}

fn kind_has_cell(kind: &ChoiceKind) -> bool {
    matches!(kind.shape(), ChoiceShape::OnCell(_))
}

/// Whether the choice's one action is written as its name (`pass`, `swap`).
fn written_by_name(kind: &ChoiceKind, rules: &crate::rules::Rules) -> bool {
    matches!(kind.shape(), ChoiceShape::Fixed { options: 1 })
        && kind.option_notation(0, &rules.variables).is_none()
}

/// For a word that names nothing: the name of an action (or of a variable,
/// before `=`) it is probably a misspelling of, written as the word would
/// be with it (`pas` -> `pass`, `stnoe:d4` -> `stone:d4`).
pub fn meant(game: &Game, text: &str) -> Option<String> {
    let text = text.trim();
    let rules = &game.rules;
    let (name, rest, sep) = match (text.split_once('='), text.split_once(':')) {
        (Some((n, r)), _) => (n, r, "="),
        (None, Some((n, r))) => (n, r, ":"),
        (None, None) => (text, "", ""),
    };
    let names: Vec<&str> = if sep == "=" {
        rules.variables.iter().map(|v| v.name.as_str()).collect()
    } else {
        let mut v: Vec<&str> = rules.choices.iter().map(|c| c.name.as_str()).collect();
        if !rules.sources.swaps.is_empty() {
            v.push("swap");
        }
        v
    };
    let found = crate::diagnostic::closest(name, names)?;
    (found != name).then(|| format!("{found}{sep}{rest}"))
}
