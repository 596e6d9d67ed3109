//! Stage 2, compile: [`GameFile`] + chosen options to [`Rules`]. Every name
//! is resolved and every type checked here; all errors are collected, each
//! with its span and, for a misspelt name, the name that was probably meant.

use std::collections::HashMap;

use crate::ast::{self, BinOp, Expr, ExprKind, GameFile, Literal, Name, OptionValues};
use crate::board::{self, Board, BoardSpec, Shape};
use crate::cellset::CellSet;
use crate::diagnostic::{Diagnostic, Span, closest, shorten};
use crate::rules::*;

/// An option value chosen on the command line (`-o size=9`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionChoice {
    pub name: String,
    pub value: String,
}

impl std::str::FromStr for OptionChoice {
    type Err = String;

    fn from_str(s: &str) -> Result<OptionChoice, String> {
        match s.split_once('=') {
            Some((n, v)) if !n.trim().is_empty() => Ok(OptionChoice {
                name: n.trim().to_string(),
                value: v.trim().to_string(),
            }),
            _ => Err(format!("expected NAME=VALUE, got `{s}`")),
        }
    }
}

/// Compiles a parsed game with the given option values.
pub fn compile(file: &GameFile, chosen: &[OptionChoice]) -> Result<Rules, Vec<Diagnostic>> {
    let mut c = Checker::new(file);
    c.options(chosen);
    c.declarations();
    c.build_board();
    if c.board.is_none() {
        return Err(c.errors);
    }
    c.regions();
    let rules = c.rules();
    if c.errors.is_empty() {
        Ok(rules)
    } else {
        Err(c.errors)
    }
}

/// The value of an option once chosen.
#[derive(Clone, Debug, PartialEq)]
enum OptionValue {
    Num(f64),
    Symbol(String),
    /// The value of a list option: numbers for `choose`.
    List(Vec<f64>),
}

impl OptionValue {
    fn text(&self) -> String {
        match self {
            OptionValue::Num(i) => format_number(*i),
            OptionValue::Symbol(s) => s.clone(),
            OptionValue::List(v) => v
                .iter()
                .map(|x| format_number(*x))
                .collect::<Vec<_>>()
                .join(","),
        }
    }
}

struct OptionState {
    value: OptionValue,
    allowed: String,
    symbols: Vec<String>,
    doc: String,
}

/// What an expression turned out to be.
#[derive(Clone, Debug)]
enum Value {
    Num(NumExpr),
    /// A variable chosen among names, compared with `=` against them.
    Chosen(u8),
    Bool(BoolExpr),
    Set(SetExpr),
    Dir(DirExpr),
    Who(Who),
    /// The value of a symbolic option, compared with `=` against its values.
    Symbol {
        option: String,
        value: String,
    },
    /// Something already reported.
    Error,
}

impl Value {
    fn kind(&self) -> &'static str {
        match self {
            Value::Num(_) => "a number",
            Value::Chosen(_) => "a chosen value",
            Value::Bool(_) => "a condition",
            Value::Set(_) => "a set of cells",
            Value::Dir(_) => "a direction",
            Value::Who(_) => "a player",
            Value::Symbol { .. } => "an option value",
            Value::Error => "an error",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NameKind {
    Option,
    Player,
    Piece,
    Mark,
    Region,
    Define,
    Action,
    Builtin,
    Side,
    Direction,
    Variable,
    Effect,
}

impl NameKind {
    fn describe(self) -> &'static str {
        match self {
            NameKind::Option => "an option",
            NameKind::Player => "a player",
            NameKind::Piece => "a piece",
            NameKind::Mark => "a mark",
            NameKind::Region => "a region",
            NameKind::Define => "a definition",
            NameKind::Action => "an action",
            NameKind::Builtin => "a built-in name",
            NameKind::Side => "a side of the board",
            NameKind::Direction => "a direction of the board",
            NameKind::Variable => "a variable",
            NameKind::Effect => "an effect",
        }
    }
}

pub use crate::limits::MAX_DEPTH;
use crate::limits::{
    MAX_ACTIONS, MAX_BINDINGS, MAX_BOARD_SIZE, MAX_EFFECT_DEPTH, MAX_LINE, MAX_LIST_VALUES,
    MAX_MARKS, MAX_NUMBER, MAX_PIECE_CODES, MAX_PIECES, MAX_PLAYERS, MAX_REPEAT, MAX_TURN,
    MAX_VARIABLES,
};

const BUILTINS: &[&str] = &[
    "empty", "occupied", "all", "here", "own", "enemy", "mover", "opponent", "corners", "passes",
    "origin", "jumped", "stuck",
];
const FUNCTIONS: &[&str] = &[
    "index",
    "select",
    "rows",
    "columns",
    "box",
    "reach",
    "like",
    "count",
    "groups",
    "largest",
    "connected",
    "line",
    "neighbors",
    "edge",
    "row",
    "column",
    "cells",
    "rotate",
];

struct Checker<'a> {
    file: &'a GameFile,
    errors: Vec<Diagnostic>,
    options: HashMap<String, OptionState>,
    option_order: Vec<String>,
    names: HashMap<String, NameKind>,
    board: Option<Board>,
    players: Vec<String>,
    pieces: Vec<String>,
    marks: Vec<String>,
    regions: HashMap<String, SetExpr>,
    /// Regions whose declaration was wrong (already reported).
    failed_regions: Vec<String>,
    defines: HashMap<String, &'a ast::RegionBody>,
    neutral: Vec<bool>,
    variables: Vec<Variable>,
    effects: HashMap<String, &'a ast::Effect>,
    effect_stack: Vec<String>,
    /// Group variables in scope (`each group g in ...`), innermost last.
    set_scope: Vec<String>,
    /// The board had cells removed with `without`.
    cut_board: bool,
    /// Current nesting of `expr`.
    depth: usize,
    /// Current nesting of `effect` (named effects included).
    effect_depth: usize,
    set_slots: usize,
    define_values: HashMap<String, Value>,
    define_stack: Vec<String>,
    actions: HashMap<String, &'a ast::Choice>,
    action_index: HashMap<String, u16>,
    fixed_sets: Vec<CellSet>,
    choices: Vec<Choice>,
    /// Direction variables in scope, innermost last.
    scope: Vec<String>,
    dir_slots: usize,
}

impl<'a> Checker<'a> {
    fn new(file: &'a GameFile) -> Checker<'a> {
        let mut names = HashMap::new();
        for b in BUILTINS {
            names.insert(b.to_string(), NameKind::Builtin);
        }
        Checker {
            file,
            errors: Vec::new(),
            options: HashMap::new(),
            option_order: Vec::new(),
            names,
            board: None,
            players: Vec::new(),
            pieces: Vec::new(),
            marks: Vec::new(),
            regions: HashMap::new(),
            failed_regions: Vec::new(),
            defines: HashMap::new(),
            neutral: Vec::new(),
            variables: Vec::new(),
            effects: HashMap::new(),
            effect_stack: Vec::new(),
            set_scope: Vec::new(),
            set_slots: 0,
            depth: 0,
            effect_depth: 0,
            cut_board: false,
            define_values: HashMap::new(),
            define_stack: Vec::new(),
            actions: HashMap::new(),
            action_index: HashMap::new(),
            fixed_sets: Vec::new(),
            choices: Vec::new(),
            scope: Vec::new(),
            dir_slots: 0,
        }
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic::at(span, message));
    }

    fn declare(&mut self, name: &Name, kind: NameKind) -> bool {
        if let Some(old) = self.names.get(&name.text) {
            let msg = format!("`{}` is already {}", name.text, old.describe());
            self.error(name.span, msg);
            return false;
        }
        if FUNCTIONS.contains(&name.text.as_str()) {
            // Reported, but declared all the same, so that its uses raise no
            // further errors.
            let msg = format!("`{}` is the name of a built-in function", name.text);
            self.error(name.span, msg);
        }
        self.names.insert(name.text.clone(), kind);
        true
    }

    // ------------------------------------------------------------ options

    fn options(&mut self, chosen: &[OptionChoice]) {
        for decl in &self.file.options {
            if !self.declare(&decl.name, NameKind::Option) {
                continue;
            }
            let (allowed, symbols) = match &decl.values {
                OptionValues::Range(lo, hi) => {
                    if lo > hi {
                        self.error(
                            decl.values_span,
                            format!("empty range {lo}..{hi}: the first number must not exceed the second"),
                        );
                    }
                    (format!("{lo}..{hi}"), Vec::new())
                }
                OptionValues::List(list) => (
                    list.iter()
                        .map(Literal::text)
                        .collect::<Vec<_>>()
                        .join(" | "),
                    list.iter().map(|l| l.text().to_string()).collect(),
                ),
                OptionValues::AnyList => (
                    "a list of numbers separated by commas, such as 0.5,1.5".to_string(),
                    Vec::new(),
                ),
            };
            let default_text: String = decl
                .default
                .iter()
                .map(Literal::text)
                .collect::<Vec<_>>()
                .join(",");
            if decl.default.len() > 1 && decl.values != OptionValues::AnyList {
                self.errors.push(
                    Diagnostic::at(
                        decl.default_span,
                        "only a list option has several default values",
                    )
                    .with_help("declare it with `: list =`"),
                );
            }
            let empty_range = matches!(decl.values, OptionValues::Range(lo, hi) if lo > hi);
            let default = match option_value(&decl.values, &default_text) {
                Some(v) => v,
                // Keep the default's type so that its uses raise no more errors.
                None if empty_range => match default_text.parse() {
                    Ok(i) => OptionValue::Num(i),
                    Err(_) => OptionValue::Symbol(default_text.clone()),
                },
                None => {
                    self.errors.push(
                        Diagnostic::at(
                            decl.default_span,
                            format!(
                                "the default `{default_text}` of option `{}` is not one of its values",
                                decl.name.text
                            ),
                        )
                        .with_help(format!("allowed: {allowed}")),
                    );
                    match default_text.parse() {
                        Ok(i) => OptionValue::Num(i),
                        Err(_) => OptionValue::Symbol(default_text.clone()),
                    }
                }
            };
            self.option_order.push(decl.name.text.clone());
            self.options.insert(
                decl.name.text.clone(),
                OptionState {
                    value: default,
                    allowed,
                    symbols,
                    doc: decl.doc.clone().unwrap_or_default(),
                },
            );
        }
        for choice in chosen {
            let Some(decl) = self
                .file
                .options
                .iter()
                .find(|d| d.name.text == choice.name)
            else {
                let known = self.option_order.join(", ");
                let mut d =
                    Diagnostic::whole(format!("unknown option `{}`", shorten(&choice.name)));
                d.help = Some(
                    match closest(&choice.name, self.option_order.iter().map(String::as_str)) {
                        Some(near) => {
                            format!("did you mean `{near}`? this game's options: {known}")
                        }
                        None if known.is_empty() => "this game has no options".to_string(),
                        None => format!("this game's options: {known}"),
                    },
                );
                self.errors.push(d);
                continue;
            };
            match option_value(&decl.values, &choice.value) {
                Some(v) => {
                    if let Some(info) = self.options.get_mut(&choice.name) {
                        info.value = v;
                    }
                }
                None => {
                    let allowed = self
                        .options
                        .get(&choice.name)
                        .map(|i| i.allowed.clone())
                        .unwrap_or_default();
                    // Why a number of a list option is refused.
                    let why = match decl.values {
                        OptionValues::AnyList => choice
                            .value
                            .split(',')
                            .find_map(|v| plain_number(v.trim()).err())
                            .map(|why| format!(": {why}")),
                        OptionValues::Range(..) | OptionValues::List(_) => None,
                    };
                    self.errors.push(
                        Diagnostic::whole(format!(
                            "bad value `{}` for option `{}`{}",
                            shorten(&choice.value),
                            choice.name,
                            why.unwrap_or_default()
                        ))
                        .with_help(format!("allowed: {allowed}")),
                    );
                }
            }
        }
    }

    // ------------------------------------------------------------ declarations

    fn declarations(&mut self) {
        let file = self.file;
        match file.players.len() {
            0 => {
                self.errors
                    .push(Diagnostic::whole("the game declares no players").with_help(
                        "add a line such as `players black, white`; the first one moves first",
                    ))
            }
            1 => {}
            _ => {
                let span = file.players[1][0].span;
                self.error(
                    span,
                    "players are declared twice: list them all in one `players` line",
                );
            }
        }
        if let Some(list) = file.players.first() {
            for p in list {
                if self.declare(p, NameKind::Player) {
                    self.players.push(p.text.clone());
                }
            }
            if let Some(extra) = list.get(MAX_PLAYERS) {
                self.error(extra.span, format!("at most {MAX_PLAYERS} players"));
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
                });
            }
        }
        if let Some(extra) = file.variables.get(MAX_VARIABLES) {
            self.error(extra.span, format!("at most {MAX_VARIABLES} variables"));
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
        if let Some((extra, _)) = file.pieces.get(MAX_PIECES) {
            self.error(extra.span, format!("at most {MAX_PIECES} kinds of piece"));
        }
        if let Some(extra) = file.marks.get(MAX_MARKS) {
            self.error(extra.span, format!("at most {MAX_MARKS} marks"));
        }
        // A cell stores its piece in a byte: kind and owner (or nobody).
        let most = MAX_PIECE_CODES / (self.players.len() + 1);
        if self.pieces.len() > most
            && let Some((extra, _)) = file.pieces.get(most)
        {
            self.error(
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
    }

    // ------------------------------------------------------------ board

    fn build_board(&mut self) {
        let file = self.file;
        if file.boards.is_empty() {
            self.errors.push(
                Diagnostic::whole("the game has no board")
                    .with_help("add a line such as `board square(8, 8)`"),
            );
            return;
        }
        // The first board whose guard holds (guards may use options only).
        let mut chosen = None;
        for b in &file.boards {
            let applies = match &b.guard {
                None => true,
                Some(g) => match self.condition(g) {
                    BoolExpr::Const(v) => v,
                    _ => {
                        self.error(g.span, "the condition of a board may only use options");
                        false
                    }
                },
            };
            if applies && chosen.is_none() {
                chosen = Some(b);
            } else if applies && b.guard.is_none() && file.boards.iter().all(|x| x.guard.is_none())
            {
                self.error(
                    b.span,
                    "a game has one board (give several boards conditions on options)",
                );
            }
        }
        let Some(decl) = chosen else {
            self.error(file.boards[0].span, "no board applies with these options");
            return;
        };
        let mut args = Vec::new();
        for a in &decl.args {
            match self.const_int(a) {
                Some(v) if (1..=MAX_BOARD_SIZE).contains(&v) => args.push(v as u32),
                Some(v) => {
                    self.error(
                        a.span,
                        format!("a board size must be between 1 and {MAX_BOARD_SIZE}, not {v}"),
                    );
                    return;
                }
                None => return,
            }
        }
        let generators = ["square", "hexhex", "rhombus", "hexagon"];
        let g = decl.generator.text.as_str();
        let expect = |n: &[usize]| n.contains(&args.len());
        let shape = match g {
            "square" if expect(&[1, 2]) => Shape::Square {
                w: args[0],
                h: *args.get(1).unwrap_or(&args[0]),
                diagonals: decl.diagonals,
            },
            "hexhex" if expect(&[1]) => Shape::HexHex { n: args[0] },
            "rhombus" if expect(&[1, 2]) => Shape::Rhombus {
                w: args[0],
                h: *args.get(1).unwrap_or(&args[0]),
            },
            "hexagon" if expect(&[6]) => Shape::Hexagon {
                sides: [args[0], args[1], args[2], args[3], args[4], args[5]],
            },
            "square" | "rhombus" | "hexhex" | "hexagon" => {
                let usage = match g {
                    "square" => "square(width, height) or square(side)",
                    "rhombus" => "rhombus(width, height) or rhombus(side)",
                    "hexhex" => "hexhex(side)",
                    _ => "hexagon(a, b, c, d, e, f): six side lengths clockwise from the top",
                };
                self.errors.push(
                    Diagnostic::at(
                        decl.generator.span,
                        format!("wrong number of sizes for `{g}`"),
                    )
                    .with_help(format!("write {usage}")),
                );
                return;
            }
            _ => {
                let mut d = Diagnostic::at(decl.generator.span, format!("unknown board `{g}`"));
                d.help = Some(match closest(g, generators) {
                    Some(near) => format!("did you mean `{near}`?"),
                    None => format!("boards: {}", generators.join(", ")),
                });
                self.errors.push(d);
                return;
            }
        };
        if decl.diagonals && !matches!(shape, Shape::Square { .. }) {
            self.error(decl.span, "`with diagonals` is only for square boards");
        }
        self.cut_board = !decl.without.is_empty();
        let spec = BoardSpec {
            shape,
            remove: decl.without.iter().map(|n| n.text.clone()).collect(),
            links: decl
                .links
                .iter()
                .map(|(a, b)| (a.text.clone(), b.text.clone()))
                .collect(),
        };
        match board::build(&spec) {
            Ok(b) => {
                for side in b.side_names() {
                    self.names.entry(side.to_string()).or_insert(NameKind::Side);
                }
                for d in b.dirs() {
                    self.names
                        .entry(d.name.to_string())
                        .or_insert(NameKind::Direction);
                }
                self.board = Some(b);
            }
            Err(e) => self.error(decl.span, e.to_string()),
        }
    }

    fn board(&self) -> &Board {
        self.board
            .as_ref()
            .expect("board is built before rules are checked")
    }

    fn fixed(&mut self, cells: impl IntoIterator<Item = usize>) -> SetExpr {
        let set = CellSet::from_cells(self.board().len(), cells);
        if let Some(i) = self.fixed_sets.iter().position(|s| *s == set) {
            return SetExpr::Fixed(i as u32);
        }
        self.fixed_sets.push(set);
        SetExpr::Fixed(self.fixed_sets.len() as u32 - 1)
    }

    // ------------------------------------------------------------ regions

    fn regions(&mut self) {
        let file = self.file;
        for r in &file.regions {
            let set = match &r.body {
                ast::RegionBody::Shared(e) => self.fixed_region(e),
                ast::RegionBody::PerPlayer(bindings) => {
                    let mut per = vec![None; self.players.len()];
                    for (p, e) in bindings {
                        let Some(i) = self.players.iter().position(|x| *x == p.text) else {
                            self.unknown(p, &self.players.clone());
                            continue;
                        };
                        if per[i].is_some() {
                            self.error(p.span, format!("`{}` has two cell sets here", p.text));
                        }
                        per[i] = self.fixed_region(e);
                    }
                    if let Some(missing) = per.iter().position(Option::is_none) {
                        if self.errors.is_empty() {
                            let msg = format!(
                                "region `{}` gives no cells for player `{}`",
                                r.name.text, self.players[missing]
                            );
                            self.error(r.name.span, msg);
                        }
                        None
                    } else {
                        Some(SetExpr::PerPlayer(
                            per.into_iter()
                                .map(|s| match s {
                                    Some(SetExpr::Fixed(i)) => i,
                                    _ => 0,
                                })
                                .collect(),
                        ))
                    }
                }
            };
            match set {
                Some(set) => {
                    self.regions.insert(r.name.text.clone(), set);
                }
                None => self.failed_regions.push(r.name.text.clone()),
            }
        }
    }

    /// A region's cells: a set that does not depend on the position.
    fn fixed_region(&mut self, e: &Expr) -> Option<SetExpr> {
        let value = self.expr(e);
        let set = self.want_set(value, e.span)?;
        match self.const_set(&set) {
            Some(s) => {
                let members: Vec<usize> = s.iter().collect();
                Some(self.fixed(members))
            }
            None => {
                self.errors.push(
                    Diagnostic::at(e.span, "a region must be a fixed set of cells")
                        .with_help("for cells that depend on the position, use `define`"),
                );
                None
            }
        }
    }

    /// Evaluates a set that does not depend on the position.
    fn const_set(&self, e: &SetExpr) -> Option<CellSet> {
        let n = self.board().len();
        Some(match e {
            SetExpr::All => CellSet::from_cells(n, 0..n),
            SetExpr::Fixed(i) => self.fixed_sets[*i as usize].clone(),
            SetExpr::Union(a, b) | SetExpr::Inter(a, b) | SetExpr::Except(a, b) => {
                let (a, b) = (self.const_set(a)?, self.const_set(b)?);
                CellSet::from_cells(
                    n,
                    (0..n).filter(|&c| match e {
                        SetExpr::Union(..) => a.contains(c) || b.contains(c),
                        SetExpr::Inter(..) => a.contains(c) && b.contains(c),
                        _ => a.contains(c) && !b.contains(c),
                    }),
                )
            }
            SetExpr::Complement(a) => {
                let a = self.const_set(a)?;
                CellSet::from_cells(n, (0..n).filter(|&c| !a.contains(c)))
            }
            SetExpr::Neighbors(a) => {
                let a = self.const_set(a)?;
                let b = self.board();
                CellSet::from_cells(
                    n,
                    a.iter()
                        .flat_map(|c| b.neighbors(c).iter().map(|&x| x as usize)),
                )
            }
            _ => return None,
        })
    }

    // ------------------------------------------------------------ rules

    fn rules(&mut self) -> Rules {
        let file = self.file;
        let mut turns = Vec::new();
        for t in &file.turns {
            let when = match &t.when {
                ast::TurnWhen::Always => TurnWhen::Always,
                ast::TurnWhen::Number(n) => {
                    if *n == 0 {
                        self.error(
                            t.span,
                            "turns are numbered from 1: `turn 1:` is the first turn",
                        );
                    } else if *n > MAX_TURN {
                        self.error(t.span, format!("a turn number is at most {MAX_TURN}"));
                    }
                    TurnWhen::Number(*n)
                }
                ast::TurnWhen::If(e) => TurnWhen::If(self.condition(e)),
            };
            let steps = t.steps.iter().map(|s| self.step(s)).collect();
            turns.push(Turn { when, steps });
        }
        match file
            .turns
            .iter()
            .position(|t| t.when == ast::TurnWhen::Always)
        {
            None => self.errors.push(
                Diagnostic::whole("the game has no `turn:` for ordinary turns")
                    .with_help("add a line such as `turn: place stone at empty`"),
            ),
            Some(i) if i + 1 < file.turns.len() => {
                let span = file.turns[i + 1].span;
                self.errors.push(
                    Diagnostic::at(span, "this turn can never be used").with_help(
                        "an earlier `turn:` without a condition applies to every turn; put it last",
                    ),
                );
            }
            Some(_) => {}
        }
        let mut swap_turns = Vec::new();
        for s in &file.swaps {
            let on = match &s.guard {
                None => true,
                Some(g) => match self.condition(g) {
                    BoolExpr::Const(b) => b,
                    _ => {
                        self.error(
                            g.span,
                            "the condition of `swap at turn` may only use options",
                        );
                        false
                    }
                },
            };
            if s.turn < 2 {
                self.error(
                    s.span,
                    "the pie rule needs a turn before it: use `swap at turn 2` or later",
                );
            } else if s.turn > MAX_TURN {
                self.error(s.span, format!("a turn number is at most {MAX_TURN}"));
            } else if on {
                swap_turns.push(s.turn);
            }
        }
        // `end if stuck: ...` is the outcome when a player cannot act.
        let mut stuck = None;
        let mut ends = Vec::new();
        for e in &file.ends {
            if matches!(&e.cond.kind, ExprKind::Name(n) if n == "stuck") {
                if stuck.is_some() {
                    self.error(e.cond.span, "the game already says how it ends when stuck");
                }
                stuck = Some(self.outcome(&e.outcome));
            } else {
                ends.push((self.condition(&e.cond), self.outcome(&e.outcome)));
            }
        }
        // Check definitions and actions that no rule uses, too.
        for (n, _) in &file.defines {
            if !self.define_values.contains_key(&n.text) && self.defines.contains_key(&n.text) {
                self.name(&n.text, n.span);
            }
        }
        for (n, c) in &file.actions {
            if !self.action_index.contains_key(&n.text) && self.actions.contains_key(&n.text) {
                let named = ast::Choice {
                    kind: ast::ChoiceKind::Named(n.clone()),
                    marking: None,
                    then: Vec::new(),
                    span: c.span,
                };
                self.choice(&named, None);
            }
        }
        let name = file
            .name
            .as_ref()
            .map(|(n, _)| n.clone())
            .unwrap_or_default();
        if self.players.is_empty() {
            self.players.push("nobody".into());
        }
        Rules {
            name,
            options: self
                .option_order
                .iter()
                .map(|n| (n.clone(), self.options[n].value.text()))
                .collect(),
            option_info: self
                .option_order
                .iter()
                .map(|n| OptionInfo {
                    name: n.clone(),
                    value: self.options[n].value.text(),
                    allowed: self.options[n].allowed.clone(),
                    doc: self.options[n].doc.clone(),
                })
                .collect(),
            board: self.board().clone(),
            players: self.players.clone(),
            pieces: self.pieces.clone(),
            neutral: self.neutral.clone(),
            variables: self.variables.clone(),
            set_slots: self.set_slots,
            marks: self.marks.clone(),
            fixed_sets: self.fixed_sets.clone(),
            choices: std::mem::take(&mut self.choices),
            turns,
            swap_turns,
            ends,
            stuck,
            dir_slots: self.dir_slots,
        }
    }

    fn step(&mut self, s: &ast::Step) -> Step {
        match s {
            ast::Step::End(cond, out) => Step::End(self.condition(cond), self.outcome(out)),
            ast::Step::Effect(e) => Step::Effect(self.effect(e)),
            ast::Step::Choice { repeat, groups } => {
                let repeat = match repeat {
                    ast::Repeat::Times(n) => {
                        if *n == 0 || *n > MAX_REPEAT {
                            let span = groups
                                .first()
                                .and_then(|g| g.first())
                                .map(|(c, _)| c.span)
                                .unwrap_or_default();
                            let msg = format!("a step repeats between 1 and {MAX_REPEAT} times");
                            self.error(span, msg);
                        }
                        Repeat::Times(*n)
                    }
                    ast::Repeat::While(c) => Repeat::While(self.condition(c)),
                };
                let mut choices = Vec::new();
                for (k, group) in groups.iter().enumerate() {
                    for (c, g) in group {
                        let i = self.choice(c, None);
                        let g = g.as_ref().map(|g| self.condition(g));
                        // A guard that never holds: the choice is never offered.
                        if g != Some(BoolExpr::Const(false)) {
                            choices.push((i, g, k.min(255) as u8));
                        }
                    }
                }
                Step::Choose { repeat, choices }
            }
        }
    }

    /// Lowers a choice and returns its index; a named action is lowered once.
    fn choice(&mut self, c: &ast::Choice, name: Option<&str>) -> u16 {
        let kind = match &c.kind {
            ast::ChoiceKind::Named(n) => {
                if c.marking.is_some() || !c.then.is_empty() {
                    self.errors.push(
                        Diagnostic::at(
                            c.span,
                            format!(
                                "`marking` and `then` cannot follow the action name `{}`",
                                n.text
                            ),
                        )
                        .with_help(format!("put them in the line `action {} = ...`", n.text)),
                    );
                }
                if let Some(&i) = self.action_index.get(&n.text) {
                    return i;
                }
                let Some(&body) = self.actions.get(&n.text) else {
                    if self.effects.contains_key(&n.text) {
                        self.errors.push(
                            Diagnostic::at(
                                n.span,
                                format!("`{}` is an effect, not an action", n.text),
                            )
                            .with_help(format!(
                                "in a turn, an automatic effect goes in parentheses: `({})`",
                                n.text
                            )),
                        );
                        return 0;
                    }
                    let actions: Vec<String> = self.actions.keys().cloned().collect();
                    self.unknown(n, &actions);
                    return 0;
                };
                if matches!(body.kind, ast::ChoiceKind::Named(_)) {
                    self.error(body.span, "an action must be a verb (`place`, `convert`, ...), not another action's name");
                    return 0;
                }
                // Reserve the index first so that recursion through `then` is impossible.
                let i = self.choice(body, Some(&n.text));
                self.action_index.insert(n.text.clone(), i);
                return i;
            }
            ast::ChoiceKind::Place { piece, at } => {
                let p = self.piece(piece);
                let target = self.set(at);
                ChoiceKind::Place { piece: p, target }
            }
            ast::ChoiceKind::Convert(e) => ChoiceKind::Convert(self.set(e)),
            ast::ChoiceKind::Remove(e) => ChoiceKind::Remove(self.set(e)),
            ast::ChoiceKind::Pass => ChoiceKind::Pass,
            ast::ChoiceKind::Swap => ChoiceKind::Swap,
            ast::ChoiceKind::Choose { var, values, span } => self.choose(var, values, *span),
            ast::ChoiceKind::Step { from, to } => ChoiceKind::Step {
                from: self.set(from),
                to: self.set(to),
            },
            ast::ChoiceKind::Jump { from, over, to } => ChoiceKind::Jump {
                from: self.set(from),
                over: self.set(over),
                to: self.set(to),
            },
        };
        let piece_name = match &kind {
            ChoiceKind::Place { piece, .. } => self.pieces.get(*piece as usize).cloned(),
            _ => None,
        };
        let default_name: String = match &kind {
            // `stone:a1`, `king:a1`: two placements differ by their piece.
            ChoiceKind::Place { .. } => piece_name.clone().unwrap_or_else(|| "place".into()),
            ChoiceKind::Convert(_) => "convert".into(),
            ChoiceKind::Remove(_) => "remove".into(),
            ChoiceKind::Pass => "pass".into(),
            ChoiceKind::Swap => "swap".into(),
            ChoiceKind::Step { .. } => "step".into(),
            ChoiceKind::Jump { .. } => "jump".into(),
            ChoiceKind::Choose { var, .. } => self
                .variables
                .get(*var as usize)
                .map_or_else(|| "choose".into(), |v| v.name.clone()),
        };
        let marking = c.marking.as_ref().map(|m| self.mark(m));
        let then = c.then.iter().map(|e| self.effect(e)).collect();
        self.choices.push(Choice {
            name: name.map_or(default_name, str::to_string),
            kind,
            marking,
            then,
        });
        if self.choices.len() > MAX_ACTIONS {
            self.error(c.span, "too many actions");
        }
        (self.choices.len() - 1) as u16
    }

    fn effect(&mut self, e: &ast::Effect) -> Effect {
        // The engine runs effects recursively, on small worker stacks too.
        if self.effect_depth >= MAX_EFFECT_DEPTH {
            let span = effect_span(e);
            self.error(
                span,
                format!("effects nest more than {MAX_EFFECT_DEPTH} levels deep here"),
            );
            return Effect::Seq(Vec::new());
        }
        self.effect_depth += 1;
        let lowered = self.effect_inner(e);
        self.effect_depth -= 1;
        lowered
    }

    fn effect_inner(&mut self, e: &ast::Effect) -> Effect {
        match e {
            ast::Effect::Clear(m) => Effect::Clear(self.mark(m)),
            ast::Effect::Mark(m, s) => Effect::Mark(self.mark(m), self.set(s)),
            ast::Effect::Unmark(m, s) => Effect::Unmark(self.mark(m), self.set(s)),
            ast::Effect::Convert(s, m) => {
                Effect::Convert(self.set(s), m.as_ref().map(|m| self.mark(m)))
            }
            ast::Effect::Remove(s, m) => {
                Effect::Remove(self.set(s), m.as_ref().map(|m| self.mark(m)))
            }
            ast::Effect::Repeat(body, _) => Effect::Repeat(Box::new(self.effect(body))),
            ast::Effect::If(c, yes, no) => {
                let c = self.condition(c);
                let yes = self.effect(yes);
                let no = no.as_ref().map(|n| Box::new(self.effect(n)));
                match c {
                    BoolExpr::Const(true) => yes,
                    BoolExpr::Const(false) => no.map(|n| *n).unwrap_or(Effect::Seq(Vec::new())),
                    c => Effect::If(c, Box::new(yes), no),
                }
            }
            ast::Effect::Group(list) => Effect::Seq(list.iter().map(|e| self.effect(e)).collect()),
            ast::Effect::Swap => Effect::Swap,
            ast::Effect::Make(s, piece) => {
                let s = self.set(s);
                Effect::Make(s, self.piece(piece))
            }
            ast::Effect::Set(var, value) => {
                let Some(v) = self.variables.iter().position(|x| x.name == var.text) else {
                    let known: Vec<String> =
                        self.variables.iter().map(|x| x.name.clone()).collect();
                    self.unknown_kind(var, &known, "variable");
                    return Effect::Seq(Vec::new());
                };
                let n = self.expr(value);
                match self.want_num(n, value.span) {
                    Some(n) => Effect::Set(v as u8, n),
                    None => Effect::Seq(Vec::new()),
                }
            }
            ast::Effect::EachGroup { var, set, body } => {
                let s = self.set(set);
                if !self.check_binding(var, "group", self.set_scope.len(), "`each group`") {
                    return Effect::Seq(Vec::new());
                }
                self.set_scope.push(var.text.clone());
                self.set_slots = self.set_slots.max(self.set_scope.len());
                let slot = (self.set_scope.len() - 1) as u8;
                let body = self.effect(body);
                self.set_scope.pop();
                Effect::EachGroup {
                    slot,
                    set: s,
                    body: Box::new(body),
                }
            }
            ast::Effect::Named(n) => {
                let Some(&body) = self.effects.get(&n.text) else {
                    let known: Vec<String> = self.effects.keys().cloned().collect();
                    self.unknown_kind(n, &known, "effect");
                    return Effect::Seq(Vec::new());
                };
                if self.effect_stack.contains(&n.text) {
                    let chain = self.effect_stack.join(" -> ");
                    self.error(
                        n.span,
                        format!("effect `{}` runs itself ({chain} -> {})", n.text, n.text),
                    );
                    return Effect::Seq(Vec::new());
                }
                // Named effects see only their own group variables.
                let saved = std::mem::take(&mut self.set_scope);
                self.effect_stack.push(n.text.clone());
                let e = self.effect(body);
                self.effect_stack.pop();
                self.set_scope = saved;
                e
            }
        }
    }

    /// Checks a new bound variable (`some d:`, `each group g`): its name must
    /// be free, and at most [`MAX_BINDINGS`] such bindings may be nested.
    /// False if too deep.
    fn check_binding(&mut self, var: &Name, what: &str, depth: usize, construct: &str) -> bool {
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
            self.error(var.span, msg);
            return false;
        }
        true
    }

    /// A definition with one value per player; all of one kind.
    fn per_player(&mut self, n: &str, bindings: &[(Name, Expr)], span: Span) -> Value {
        let mut values: Vec<Option<Value>> = vec![None; self.players.len()];
        for (p, e) in bindings {
            let Some(i) = self.players.iter().position(|x| *x == p.text) else {
                let players = self.players.clone();
                self.unknown_kind(p, &players, "player");
                return Value::Error;
            };
            if values[i].is_some() {
                self.error(p.span, format!("`{}` has two values here", p.text));
            }
            values[i] = Some(self.expr(e));
        }
        let Some(values) = values.into_iter().collect::<Option<Vec<Value>>>() else {
            self.error(span, format!("`{n}` needs a value for every player"));
            return Value::Error;
        };
        if values.iter().all(|v| matches!(v, Value::Num(_))) {
            Value::Num(NumExpr::ByPlayer(
                values
                    .into_iter()
                    .map(|v| {
                        if let Value::Num(x) = v {
                            x
                        } else {
                            NumExpr::Const(0.0)
                        }
                    })
                    .collect(),
            ))
        } else if values
            .iter()
            .all(|v| matches!(v, Value::Set(_) | Value::Who(_)))
        {
            let mut sets = Vec::new();
            for v in values {
                sets.push(self.want_set(v, span).unwrap_or(SetExpr::Empty));
            }
            Value::Set(SetExpr::ByPlayer(sets))
        } else if values.iter().all(|v| matches!(v, Value::Bool(_))) {
            Value::Bool(BoolExpr::ByPlayer(
                values
                    .into_iter()
                    .map(|v| {
                        if let Value::Bool(x) = v {
                            x
                        } else {
                            BoolExpr::Const(false)
                        }
                    })
                    .collect(),
            ))
        } else if values.iter().any(|v| matches!(v, Value::Error)) {
            Value::Error
        } else {
            self.error(
                span,
                format!(
                    "the values of `{n}` must all be numbers, all sets of cells or all conditions"
                ),
            );
            Value::Error
        }
    }

    /// The names a variable is chosen among, from every `choose` of it in
    /// the file; empty for a variable of numbers.
    fn variable_symbols(&self, var: &str) -> Vec<String> {
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
                if let Literal::Name(n) = l
                    && !self.options.contains_key(n)
                    && !symbols.contains(n)
                {
                    symbols.push(n.clone());
                }
            }
        }
        symbols
    }

    /// `choose VAR from ...`: the values as numbers (names by their index).
    fn choose(&mut self, var: &Name, values: &[Literal], span: Span) -> ChoiceKind {
        let Some(v) = self.variables.iter().position(|x| x.name == var.text) else {
            let known: Vec<String> = self.variables.iter().map(|x| x.name.clone()).collect();
            self.unknown_kind(var, &known, "variable");
            return ChoiceKind::Pass;
        };
        let symbols = self.variables[v].symbols.clone();
        let mut out = Vec::new();
        for l in values {
            match l {
                Literal::Number(t) => match t.parse::<f64>() {
                    Ok(x) if symbols.is_empty() => out.push(x),
                    _ => self.error(
                        span,
                        format!(
                            "`{}` chooses among names, so `{t}` cannot be one of its values",
                            var.text
                        ),
                    ),
                },
                Literal::Name(n) => match self.options.get(n).map(|o| o.value.clone()) {
                    Some(OptionValue::List(list)) => out.extend(list),
                    Some(OptionValue::Num(x)) => out.push(x),
                    _ => match symbols.iter().position(|s| s == n) {
                        Some(i) => out.push(i as f64),
                        None => self.error(span, format!("`{n}` is not a value of `{}`", var.text)),
                    },
                },
            }
        }
        if out.is_empty() {
            self.error(span, "`choose` needs at least one value");
        }
        ChoiceKind::Choose {
            var: v as u8,
            values: out,
        }
    }

    fn outcome(&mut self, o: &ast::Outcome) -> Outcome {
        match o {
            ast::Outcome::Draw => Outcome::Draw,
            ast::Outcome::Wins(n) | ast::Outcome::Loses(n) => {
                let who = self.who(n);
                if matches!(o, ast::Outcome::Wins(_)) {
                    Outcome::Wins(who)
                } else {
                    Outcome::Loses(who)
                }
            }
            ast::Outcome::Compare(keys) => Outcome::Compare(
                keys.iter()
                    .map(|(most, e)| {
                        let v = self.expr(e);
                        let i = self.want_num(v, e.span).unwrap_or(NumExpr::Const(0.0));
                        (*most, i)
                    })
                    .collect(),
            ),
        }
    }

    fn who(&mut self, n: &Name) -> Who {
        match n.text.as_str() {
            "mover" => Who::Me,
            "opponent" => Who::Opponent,
            t => match self.players.iter().position(|p| p == t) {
                Some(i) => Who::Player(i as PlayerId),
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

    fn piece(&mut self, n: &Name) -> PieceId {
        match self.pieces.iter().position(|p| *p == n.text) {
            Some(i) => i as PieceId,
            None => {
                let pieces = self.pieces.clone();
                self.unknown_kind(n, &pieces, "piece");
                0
            }
        }
    }

    fn mark(&mut self, n: &Name) -> MarkId {
        match self.marks.iter().position(|p| *p == n.text) {
            Some(i) => i as MarkId,
            None => {
                let marks = self.marks.clone();
                self.unknown_kind(n, &marks, "mark");
                0
            }
        }
    }

    fn unknown(&mut self, n: &Name, candidates: &[String]) {
        self.unknown_kind(n, candidates, "name");
    }

    fn unknown_kind(&mut self, n: &Name, candidates: &[String], what: &str) {
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

    // ------------------------------------------------------------ expressions

    fn condition(&mut self, e: &Expr) -> BoolExpr {
        let v = self.expr(e);
        self.want_bool(v, e.span).unwrap_or(BoolExpr::Const(false))
    }

    fn set(&mut self, e: &Expr) -> SetExpr {
        let v = self.expr(e);
        self.want_set(v, e.span).unwrap_or(SetExpr::Empty)
    }

    fn mismatch(&mut self, v: &Value, want: &str, span: Span) {
        if !matches!(v, Value::Error) {
            let msg = format!("expected {want}, found {}", v.kind());
            self.error(span, msg);
        }
    }

    fn want_set(&mut self, v: Value, span: Span) -> Option<SetExpr> {
        match v {
            Value::Set(s) => Some(s),
            Value::Who(w) => Some(SetExpr::Owned(w)),
            v => {
                self.mismatch(&v, "a set of cells", span);
                None
            }
        }
    }

    fn want_bool(&mut self, v: Value, span: Span) -> Option<BoolExpr> {
        match v {
            Value::Bool(b) => Some(b),
            Value::Set(s) => Some(BoolExpr::NonEmpty(s)),
            v => {
                self.mismatch(&v, "a condition", span);
                None
            }
        }
    }

    fn want_num(&mut self, v: Value, span: Span) -> Option<NumExpr> {
        match v {
            Value::Num(i) => Some(i),
            v => {
                self.mismatch(&v, "a number", span);
                None
            }
        }
    }

    fn want_dir(&mut self, v: Value, span: Span) -> Option<DirExpr> {
        match v {
            Value::Dir(d) => Some(d),
            v => {
                self.mismatch(&v, "a direction", span);
                None
            }
        }
    }

    fn const_int(&mut self, e: &Expr) -> Option<i64> {
        let v = self.expr(e);
        match self.want_num(v, e.span)? {
            NumExpr::Const(i) if i.fract() == 0.0 && i.abs() < MAX_NUMBER => Some(i as i64),
            NumExpr::Const(i) => {
                self.error(
                    e.span,
                    format!("expected a whole number, not {}", format_number(i)),
                );
                None
            }
            _ => {
                self.error(
                    e.span,
                    "expected a number fixed before the game starts (an option or a constant)",
                );
                None
            }
        }
    }

    fn expr(&mut self, e: &Expr) -> Value {
        // The engine evaluates with a fixed amount of scratch space, a few
        // sets per level: refuse absurdly deep expressions here.
        if self.depth >= MAX_DEPTH {
            self.error(
                e.span,
                format!("this expression nests more than {MAX_DEPTH} levels deep"),
            );
            return Value::Error;
        }
        self.depth += 1;
        let v = self.expr_inner(e);
        self.depth -= 1;
        v
    }

    fn expr_inner(&mut self, e: &Expr) -> Value {
        match &e.kind {
            ExprKind::Number(text) => match text.parse::<f64>() {
                Ok(i) if i.abs() < MAX_NUMBER => Value::Num(NumExpr::Const(i)),
                _ => {
                    self.error(e.span, format!("`{text}` is too large for a number"));
                    Value::Error
                }
            },
            ExprKind::Turn => Value::Num(NumExpr::Turn),
            ExprKind::Name(n) => self.name(n, e.span),
            ExprKind::Call(f, args) => self.call(f, args, e.span),
            ExprKind::Not(a) => match self.expr(a) {
                Value::Set(s) => Value::Set(SetExpr::Complement(Box::new(s))),
                Value::Who(w) => Value::Set(SetExpr::Complement(Box::new(SetExpr::Owned(w)))),
                v => match self.want_bool(v, a.span) {
                    Some(BoolExpr::Const(b)) => Value::Bool(BoolExpr::Const(!b)),
                    Some(b) => Value::Bool(BoolExpr::Not(Box::new(b))),
                    None => Value::Error,
                },
            },
            ExprKind::Neg(a) => {
                let v = self.expr(a);
                match self.want_num(v, a.span) {
                    Some(NumExpr::Const(i)) => Value::Num(NumExpr::Const(-i)),
                    Some(i) => Value::Num(NumExpr::Neg(Box::new(i))),
                    None => Value::Error,
                }
            }
            ExprKind::At(set, dir) => {
                let s = self.set(set);
                let dv = self.expr(dir);
                match self.want_dir(dv, dir.span) {
                    Some(d) => Value::Bool(BoolExpr::At(s, d)),
                    None => Value::Error,
                }
            }
            ExprKind::Where(set, cond) => {
                let s = self.set(set);
                let c = self.condition(cond);
                Value::Set(SetExpr::Where(Box::new(s), Box::new(c)))
            }
            ExprKind::Quantifier { some, var, body } => {
                if !self.check_binding(var, "direction", self.scope.len(), "`some`/`every`") {
                    return Value::Error;
                }
                self.scope.push(var.text.clone());
                self.dir_slots = self.dir_slots.max(self.scope.len());
                let slot = (self.scope.len() - 1) as u8;
                let b = self.condition(body);
                self.scope.pop();
                Value::Bool(BoolExpr::Quantifier {
                    some: *some,
                    slot,
                    body: Box::new(b),
                })
            }
            ExprKind::Binary(op, a, b) => self.binary(op, a, b, e.span),
        }
    }

    fn binary(&mut self, op: &BinOp, a: &Expr, b: &Expr, span: Span) -> Value {
        let va = self.expr(a);
        // A variable chosen among names, compared with one of them.
        if let Value::Chosen(v) = va {
            let symbols = self.variables[v as usize].symbols.clone();
            let var = self.variables[v as usize].name.clone();
            let other = match &b.kind {
                ExprKind::Name(t) => t.clone(),
                _ => String::new(),
            };
            let Some(i) = symbols.iter().position(|s| *s == other) else {
                self.errors.push(
                    Diagnostic::at(b.span, format!("compare `{var}` with one of its values"))
                        .with_help(format!("values: {}", symbols.join(", "))),
                );
                return Value::Error;
            };
            let cmp = match op {
                BinOp::Eq => CmpOp::Eq,
                BinOp::Ne => CmpOp::Ne,
                _ => {
                    self.error(span, format!("`{var}` can only be compared with = or !="));
                    return Value::Error;
                }
            };
            return Value::Bool(BoolExpr::Cmp(
                cmp,
                NumExpr::Var(v),
                NumExpr::Const(i as f64),
            ));
        }
        // An option compared with one of its values: decided now.
        if let Value::Symbol { option, value } = &va {
            if !matches!(op, BinOp::Eq | BinOp::Ne) {
                self.error(
                    span,
                    format!("option `{option}` can only be compared with = or !="),
                );
                return Value::Error;
            }
            let negative;
            let other = match &b.kind {
                ExprKind::Name(t) | ExprKind::Number(t) => t,
                ExprKind::Neg(inner) if matches!(&inner.kind, ExprKind::Number(_)) => {
                    let ExprKind::Number(t) = &inner.kind else {
                        unreachable!("matched above")
                    };
                    negative = format!("-{t}");
                    &negative
                }
                _ => {
                    self.error(
                        b.span,
                        format!("compare option `{option}` with one of its values"),
                    );
                    return Value::Error;
                }
            };
            let symbols = self.options[option].symbols.clone();
            if !symbols.contains(other) {
                let mut d = Diagnostic::at(
                    b.span,
                    format!("`{other}` is not a value of option `{option}`"),
                );
                d.help = Some(match closest(other, symbols.iter().map(String::as_str)) {
                    Some(near) => format!("did you mean `{near}`?"),
                    None => format!("values: {}", symbols.join(", ")),
                });
                self.errors.push(d);
                return Value::Error;
            }
            return Value::Bool(BoolExpr::Const((value == other) == (*op == BinOp::Eq)));
        }
        let vb = self.expr(b);
        if matches!(va, Value::Error) || matches!(vb, Value::Error) {
            return Value::Error;
        }
        match op {
            BinOp::Or | BinOp::And | BinOp::Except => {
                let is_set = |v: &Value| matches!(v, Value::Set(_) | Value::Who(_));
                if *op == BinOp::Except || (is_set(&va) && is_set(&vb)) {
                    let (Some(x), Some(y)) = (self.want_set(va, a.span), self.want_set(vb, b.span))
                    else {
                        return Value::Error;
                    };
                    let (x, y) = (Box::new(x), Box::new(y));
                    return Value::Set(match op {
                        BinOp::Or => SetExpr::Union(x, y),
                        BinOp::And => SetExpr::Inter(x, y),
                        _ => SetExpr::Except(x, y),
                    });
                }
                let (Some(x), Some(y)) = (self.want_bool(va, a.span), self.want_bool(vb, b.span))
                else {
                    return Value::Error;
                };
                Value::Bool(match (op, x, y) {
                    (BinOp::Or, BoolExpr::Const(p), q) | (BinOp::Or, q, BoolExpr::Const(p)) => {
                        if p { BoolExpr::Const(true) } else { q }
                    }
                    (BinOp::And, BoolExpr::Const(p), q) | (BinOp::And, q, BoolExpr::Const(p)) => {
                        if p {
                            q
                        } else {
                            BoolExpr::Const(false)
                        }
                    }
                    (BinOp::Or, x, y) => BoolExpr::Or(Box::new(x), Box::new(y)),
                    (_, x, y) => BoolExpr::And(Box::new(x), Box::new(y)),
                })
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul => {
                let (Some(x), Some(y)) = (self.want_num(va, a.span), self.want_num(vb, b.span))
                else {
                    return Value::Error;
                };
                Value::Num(match (x, y) {
                    (NumExpr::Const(p), NumExpr::Const(q)) => NumExpr::Const(match op {
                        BinOp::Add => p + q,
                        BinOp::Sub => p - q,
                        _ => p * q,
                    }),
                    (x, y) => {
                        let (x, y) = (Box::new(x), Box::new(y));
                        match op {
                            BinOp::Add => NumExpr::Add(x, y),
                            BinOp::Sub => NumExpr::Sub(x, y),
                            _ => NumExpr::Mul(x, y),
                        }
                    }
                })
            }
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                // Two players: the same one or not (`mover = horizontal`).
                if let (Value::Who(x), Value::Who(y)) = (&va, &vb) {
                    let same = BoolExpr::SamePlayer(*x, *y);
                    return match op {
                        BinOp::Eq => Value::Bool(same),
                        BinOp::Ne => Value::Bool(BoolExpr::Not(Box::new(same))),
                        _ => {
                            self.error(span, "players can only be compared with = or !=");
                            Value::Error
                        }
                    };
                }
                let (Some(x), Some(y)) = (self.want_num(va, a.span), self.want_num(vb, b.span))
                else {
                    return Value::Error;
                };
                let cmp = match op {
                    BinOp::Eq => CmpOp::Eq,
                    BinOp::Ne => CmpOp::Ne,
                    BinOp::Lt => CmpOp::Lt,
                    BinOp::Le => CmpOp::Le,
                    BinOp::Gt => CmpOp::Gt,
                    _ => CmpOp::Ge,
                };
                Value::Bool(match (x, y) {
                    (NumExpr::Const(p), NumExpr::Const(q)) => BoolExpr::Const(cmp.test(p, q)),
                    // `count(S) = 0` and `count(S) > 0` need no count.
                    (NumExpr::Count(s), NumExpr::Const(z)) if z == 0.0 && cmp == CmpOp::Eq => {
                        BoolExpr::Not(Box::new(nonempty(s)))
                    }
                    (NumExpr::Count(s), NumExpr::Const(z)) if z == 0.0 && cmp == CmpOp::Gt => {
                        nonempty(s)
                    }
                    (x, y) => BoolExpr::Cmp(cmp, x, y),
                })
            }
        }
    }

    fn name(&mut self, n: &str, span: Span) -> Value {
        if let Some(slot) = self.scope.iter().rposition(|v| v == n) {
            return Value::Dir(DirExpr::Var(slot as u8));
        }
        if let Some(slot) = self.set_scope.iter().rposition(|v| v == n) {
            return Value::Set(SetExpr::Var(slot as u8));
        }
        if let Some(i) = self.variables.iter().position(|v| v.name == n) {
            return if self.variables[i].symbols.is_empty() {
                Value::Num(NumExpr::Var(i as u8))
            } else {
                Value::Chosen(i as u8)
            };
        }
        if n == "passes" {
            return Value::Num(NumExpr::Passes);
        }
        if let Some(&body) = self.defines.get(n) {
            if let Some(v) = self.define_values.get(n) {
                return v.clone();
            }
            if self.define_stack.iter().any(|d| d == n) {
                let chain = self.define_stack.join(" -> ");
                self.error(
                    span,
                    format!("`{n}` is defined in terms of itself ({chain} -> {n})"),
                );
                return Value::Error;
            }
            // A definition sees no variables of the place it is used in.
            let saved = std::mem::take(&mut self.scope);
            let saved_sets = std::mem::take(&mut self.set_scope);
            self.define_stack.push(n.to_string());
            let v = match body {
                ast::RegionBody::Shared(e) => self.expr(e),
                ast::RegionBody::PerPlayer(bindings) => self.per_player(n, bindings, span),
            };
            self.define_stack.pop();
            self.scope = saved;
            self.set_scope = saved_sets;
            self.define_values.insert(n.to_string(), v.clone());
            return v;
        }
        if let Some(r) = self.regions.get(n) {
            return Value::Set(r.clone());
        }
        if self.failed_regions.iter().any(|r| r == n) {
            return Value::Error;
        }
        if self.file.regions.iter().any(|r| r.name.text == n) {
            // A region used before (or inside) its own declaration.
            self.error(span, format!("region `{n}` is used before it is declared"));
            return Value::Error;
        }
        if let Some(info) = self.options.get(n) {
            return match &info.value {
                OptionValue::Num(i) => Value::Num(NumExpr::Const(*i)),
                OptionValue::Symbol(s) => Value::Symbol {
                    option: n.to_string(),
                    value: s.clone(),
                },
                OptionValue::List(_) => {
                    self.errors.push(
                        Diagnostic::at(span, format!("option `{n}` is a list"))
                            .with_help(format!("use it in `choose NAME from {n}`")),
                    );
                    Value::Error
                }
            };
        }
        if let Some(i) = self.marks.iter().position(|m| m == n) {
            return Value::Set(SetExpr::Mark(i as MarkId));
        }
        if let Some(i) = self.pieces.iter().position(|m| m == n) {
            return Value::Set(SetExpr::Piece(i as PieceId));
        }
        if let Some(i) = self.players.iter().position(|m| m == n) {
            return Value::Who(Who::Player(i as PlayerId));
        }
        match n {
            "empty" => return Value::Set(SetExpr::Empty),
            "occupied" => return Value::Set(SetExpr::Occupied),
            "all" => return Value::Set(SetExpr::All),
            "here" => return Value::Set(SetExpr::Here),
            "origin" => return Value::Set(SetExpr::Origin),
            "jumped" => return Value::Set(SetExpr::Jumped),
            "own" => return Value::Set(SetExpr::Owned(Who::Me)),
            "enemy" => return Value::Set(SetExpr::Enemy),
            "mover" => return Value::Who(Who::Me),
            "opponent" => return Value::Who(Who::Opponent),
            "corners" => {
                // The generated shape's corners; on a board cut with
                // `without`, the cells with the fewest neighbours (the tips
                // of a diamond cut from a square, say).
                let cells = match &self.board {
                    Some(b) if self.cut_board => {
                        let fewest = (0..b.len())
                            .map(|c| b.neighbors(c).len())
                            .min()
                            .unwrap_or(0);
                        (0..b.len())
                            .filter(|&c| b.neighbors(c).len() == fewest)
                            .collect()
                    }
                    Some(b) => b.corners(),
                    None => Vec::new(),
                };
                return Value::Set(self.fixed(cells));
            }
            _ => {}
        }
        if let Some(b) = &self.board {
            if b.side_names().contains(&n) {
                let cells = b.side(n).unwrap_or_default();
                return Value::Set(self.fixed(cells));
            }
            if let Some(d) = b.dir_by_name(n) {
                return Value::Dir(DirExpr::Const(d as DirId));
            }
        }
        if n == "stuck" {
            self.errors.push(
                Diagnostic::at(span, "`stuck` stands alone, in `end if stuck: OUTCOME`")
                    .with_help("it is the end of a game whose player to move has no action"),
            );
            return Value::Error;
        }
        if self.effects.contains_key(n) {
            self.errors.push(
                Diagnostic::at(span, format!("`{n}` is an effect, not a value")).with_help(
                    format!("use it after `then`, or in a turn in parentheses: `({n})`"),
                ),
            );
            return Value::Error;
        }
        if self.actions.contains_key(n) {
            self.error(span, format!("`{n}` is an action, not a value"));
            return Value::Error;
        }
        let mut candidates: Vec<String> = self.names.keys().cloned().collect();
        candidates.extend(self.scope.iter().cloned());
        // Sorted, so that ties between equally close names break the same way.
        candidates.sort();
        let mut d = Diagnostic::at(span, format!("unknown name `{n}`"));
        let known = |x: &str| self.names.contains_key(x) || x.parse::<i64>().is_ok();
        if let Some((l, r)) = n.split_once('-').filter(|(l, r)| known(l) || known(r)) {
            d.help = Some(format!(
                "to subtract, put spaces around the minus: `{l} - {r}`"
            ));
        } else if let Some(near) = closest(n, candidates.iter().map(String::as_str)) {
            d.help = Some(format!("did you mean `{near}`?"));
        }
        self.errors.push(d);
        Value::Error
    }

    fn call(&mut self, f: &Name, args: &[Expr], span: Span) -> Value {
        let arity = match f.text.as_str() {
            "count" | "groups" | "largest" | "neighbors" | "edge" | "row" | "column" | "rows"
            | "columns" | "box" | "like" => Some(1),
            "connected" => Some(3),
            "line" | "rotate" | "reach" => Some(2),
            "index" => Some(1),
            "select" => Some(3),
            "cells" => None,
            other => {
                let mut d = Diagnostic::at(f.span, format!("unknown function `{other}`"));
                d.help = Some(match closest(other, FUNCTIONS.iter().copied()) {
                    Some(near) => format!("did you mean `{near}`?"),
                    None => format!("functions: {}", FUNCTIONS.join(", ")),
                });
                self.errors.push(d);
                return Value::Error;
            }
        };
        if let Some(n) = arity
            && args.len() != n
        {
            let msg = format!(
                "`{}` takes {n} argument{}, not {}",
                f.text,
                if n == 1 { "" } else { "s" },
                args.len()
            );
            self.error(span, msg);
            return Value::Error;
        }
        match f.text.as_str() {
            "count" | "groups" | "largest" => {
                let s = self.set(&args[0]);
                Value::Num(match f.text.as_str() {
                    "count" => NumExpr::Count(s),
                    "groups" => NumExpr::Groups(s),
                    _ => NumExpr::Largest(s),
                })
            }
            "neighbors" => {
                let s = self.set(&args[0]);
                Value::Set(SetExpr::Neighbors(Box::new(s)))
            }
            "rows" => Value::Num(NumExpr::Rows(self.set(&args[0]))),
            "index" => match self.expr(&args[0]) {
                Value::Who(w) => Value::Num(NumExpr::Index(w)),
                v => {
                    self.mismatch(&v, "a player", args[0].span);
                    Value::Error
                }
            },
            "select" => {
                let c = self.condition(&args[0]);
                let a = self.expr(&args[1]);
                let a = self.want_num(a, args[1].span);
                let b = self.expr(&args[2]);
                let b = self.want_num(b, args[2].span);
                match (c, a, b) {
                    (BoolExpr::Const(c), Some(a), Some(b)) => Value::Num(if c { a } else { b }),
                    (c, Some(a), Some(b)) => {
                        Value::Num(NumExpr::Select(Box::new(c), Box::new(a), Box::new(b)))
                    }
                    _ => Value::Error,
                }
            }
            "columns" => Value::Num(NumExpr::Columns(self.set(&args[0]))),
            "box" => Value::Set(SetExpr::Box(Box::new(self.set(&args[0])))),
            "like" => Value::Set(SetExpr::Like(Box::new(self.set(&args[0])))),
            "reach" => {
                let seed = self.set(&args[0]);
                let through = self.set(&args[1]);
                Value::Set(SetExpr::Reach(Box::new(seed), Box::new(through)))
            }
            "connected" => {
                let s = self.set(&args[0]);
                let a = self.set(&args[1]);
                let b = self.set(&args[2]);
                Value::Bool(BoolExpr::Connected(s, a, b))
            }
            "line" => {
                let s = self.set(&args[0]);
                match self.const_int(&args[1]) {
                    Some(n) if (1..=MAX_LINE).contains(&n) => {
                        Value::Bool(BoolExpr::Line(s, n as u32))
                    }
                    Some(_) => {
                        let msg = format!("a line is 1 to {MAX_LINE} cells long");
                        self.error(args[1].span, msg);
                        Value::Error
                    }
                    None => Value::Error,
                }
            }
            "rotate" => {
                let dv = self.expr(&args[0]);
                let d = self.want_dir(dv, args[0].span);
                let deg = self.const_int(&args[1]);
                match (d, deg) {
                    (Some(d), Some(deg)) => {
                        let b = self.board();
                        let table: Vec<DirId> = (0..b.dirs().len())
                            .map(|x| {
                                b.rotate(x, (deg % 360) as i32)
                                    .map_or(NO_DIR, |r| r as DirId)
                            })
                            .collect();
                        if table.iter().all(|&r| r == NO_DIR) {
                            let angles: Vec<String> = b
                                .dirs()
                                .iter()
                                .map(|d| format!("{} {}", d.name, d.angle))
                                .collect();
                            self.errors.push(
                                Diagnostic::at(
                                    args[1].span,
                                    format!(
                                        "no direction of this board is {deg} degrees from another"
                                    ),
                                )
                                .with_help(format!(
                                    "the directions and their angles: {}",
                                    angles.join(", ")
                                )),
                            );
                            return Value::Error;
                        }
                        Value::Dir(DirExpr::Rotate(Box::new(d), table))
                    }
                    _ => Value::Error,
                }
            }
            "edge" => {
                let dv = self.expr(&args[0]);
                match self.want_dir(dv, args[0].span) {
                    Some(DirExpr::Const(d)) => {
                        let cells = self.board().edge(d as usize);
                        Value::Set(self.fixed(cells))
                    }
                    Some(_) => {
                        self.error(
                            args[0].span,
                            "`edge` needs a direction of the board, such as `n`",
                        );
                        Value::Error
                    }
                    None => Value::Error,
                }
            }
            "row" | "column" => {
                // A column letter, or any fixed number (an option, `size - 1`).
                let key = match &args[0].kind {
                    ExprKind::Name(t) if f.text == "column" && !self.options.contains_key(t) => {
                        t.clone()
                    }
                    _ => match self.const_int(&args[0]) {
                        Some(k) => k.to_string(),
                        None => return Value::Error,
                    },
                };
                let cells = if f.text == "row" {
                    key.parse::<usize>()
                        .map(|k| self.board().row(k))
                        .unwrap_or_default()
                } else {
                    self.board().column_by_name(&key).unwrap_or_default()
                };
                if cells.is_empty() {
                    self.error(args[0].span, format!("the board has no {} `{key}`", f.text));
                    return Value::Error;
                }
                Value::Set(self.fixed(cells))
            }
            _ => {
                // cells(a1, b2, ...)
                let mut cells = Vec::new();
                for a in args {
                    let label = match &a.kind {
                        ExprKind::Name(t) => t.as_str(),
                        _ => {
                            self.errors.push(
                                Diagnostic::at(a.span, "`cells` takes cell labels")
                                    .with_help("a cell label is a column letter and a row number, such as `a1`"),
                            );
                            continue;
                        }
                    };
                    match self.board().cell_by_label(label) {
                        Some(c) => cells.push(c),
                        None => {
                            self.error(a.span, format!("`{label}` is not a cell of this board"))
                        }
                    }
                }
                Value::Set(self.fixed(cells))
            }
        }
    }
}

/// "The set has a cell", with the flood `reach(S, T) except B` turned into
/// a search that stops at the first cell found outside `B`.
fn nonempty(s: SetExpr) -> BoolExpr {
    match s {
        SetExpr::Except(a, b) if matches!(*a, SetExpr::Reach(..)) => {
            let SetExpr::Reach(seed, through) = *a else {
                unreachable!("matched above")
            };
            BoolExpr::Escapes {
                seed: *seed,
                through: *through,
                bound: *b,
            }
        }
        s => BoolExpr::NonEmpty(s),
    }
}

/// A number as a game file writes it: decimal digits with an optional sign
/// and fraction, no exponent, below [`MAX_NUMBER`] in size; else why not.
fn plain_number(text: &str) -> Result<f64, &'static str> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let decimal = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !decimal(whole) || !decimal(fraction) {
        return Err("numbers are written in decimal, without an exponent, such as 0.5 or -2");
    }
    match text.parse::<f64>() {
        Ok(x) if x.abs() < MAX_NUMBER => Ok(x),
        _ => Err("numbers must be below 10^15 in size"),
    }
}

/// Parses `text` as a value of an option with the given allowed values.
fn option_value(values: &OptionValues, text: &str) -> Option<OptionValue> {
    match values {
        OptionValues::Range(lo, hi) => {
            let v: i64 = text.parse().ok()?;
            (*lo..=*hi)
                .contains(&v)
                .then_some(OptionValue::Num(v as f64))
        }
        OptionValues::List(list) => {
            let found = list.iter().find(|l| l.text() == text)?;
            Some(match (found, text.parse::<f64>()) {
                (Literal::Number(_), Ok(i))
                    if list.iter().all(|l| matches!(l, Literal::Number(_))) =>
                {
                    OptionValue::Num(i)
                }
                _ => OptionValue::Symbol(text.to_string()),
            })
        }
        OptionValues::AnyList => {
            let values: Option<Vec<f64>> = text
                .split(',')
                .map(|v| plain_number(v.trim()).ok())
                .collect();
            values
                .filter(|v| !v.is_empty() && v.len() <= MAX_LIST_VALUES)
                .map(OptionValue::List)
        }
    }
}

/// Where an effect was written, for an error about it as a whole: the first
/// name or expression in it (effects carry no span of their own).
fn effect_span(e: &ast::Effect) -> Span {
    match e {
        ast::Effect::Clear(n) | ast::Effect::Mark(n, _) | ast::Effect::Unmark(n, _) => n.span,
        ast::Effect::Convert(x, _) | ast::Effect::Remove(x, _) | ast::Effect::Make(x, _) => x.span,
        ast::Effect::Repeat(_, span) => *span,
        ast::Effect::If(c, _, _) => c.span,
        ast::Effect::Group(list) => list.first().map_or_else(Span::default, effect_span),
        ast::Effect::EachGroup { var, .. } => var.span,
        ast::Effect::Swap => Span::default(),
        ast::Effect::Set(n, _) | ast::Effect::Named(n) => n.span,
    }
}
