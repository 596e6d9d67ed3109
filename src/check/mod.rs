//! Check: [`GameFile`] + chosen options to [`Rules`] (see ARCHITECTURE.md
//! for the stages). Every name is resolved and every type checked here; all
//! errors are collected, each with its span and, for a misspelt name, the
//! name that was probably meant.
//!
//! One `Checker` walks the file in passes, each in its own file: options
//! (`options`), declarations and name lookup (`names`), the board
//! (`boards`), directions (`directions`), regions (`regions`), reserves
//! (`reserve`), rings and counters (`counters`), the start (`setup`), expressions (`expressions`,
//! `operators`, `builtins`), turns and effects (`turns`, `effects`,
//! `possible`, `rotations`), the spans explanations quote (`sources`);
//! `optimise` folds constants on the way.

mod boards;
mod builtins;
mod choices;
mod circuits;
mod cleared_marks;
mod counters;
mod directions;
mod effects;
mod expressions;
mod families;
mod lines;
mod names;
mod notation;
mod operators;
mod optimise;
mod options;
mod parameters;
mod picture;
mod possible;
mod regions;
mod reserve;
mod rotations;
mod setup;
mod sources;
mod stacks;
mod text;
mod tracks;
mod turns;
mod view;

use std::collections::HashMap;

use crate::ast::{self, GameFile, Name};
use crate::board::Board;
use crate::cellset::CellSet;
use crate::diagnostic::{Diagnostic, Kind, Span};
use crate::limits::MAX_LOWERED;
use crate::rules::*;
use options::OptionState;

/// An option value chosen on the command line (`-o size=9`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionChoice {
    /// The option's name, as declared by the game's `option` line.
    pub name: String,
    /// The value as written, checked against the option's values when the
    /// game is loaded.
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
            _ => Err(format!(
                "expected NAME=VALUE, got `{}`",
                crate::diagnostic::shorten(s)
            )),
        }
    }
}

/// Compiles a parsed game read from `path` (its `text`), with the given
/// option values: the rules come out whole, their sources naming the file
/// and a game without a `game` line named after the file's stem, so that
/// nothing edits them after check.
pub fn compile_file(
    file: &GameFile,
    path: &str,
    text: &str,
    chosen: &[OptionChoice],
) -> Result<Rules, Vec<Diagnostic>> {
    let mut rules = compile(file, chosen)?;
    rules.sources.file = path.to_string();
    rules.sources.text = text.into();
    if rules.name.is_empty() {
        rules.name = std::path::Path::new(path)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
    }
    Ok(rules)
}

/// Compiles a parsed game with the given option values, from text without
/// a file (the sources name none).
pub fn compile(file: &GameFile, chosen: &[OptionChoice]) -> Result<Rules, Vec<Diagnostic>> {
    let rules = compile_with(file, chosen, Vec::new())?;
    cleared_marks_warning(rules, file, chosen)
}

/// The rules, with [`cleared_marks::warn`]'s warnings; read first, as
/// written, before a mark never set drops out of them.
fn cleared_marks_warning(
    mut rules: Rules,
    file: &GameFile,
    chosen: &[OptionChoice],
) -> Result<Rules, Vec<Diagnostic>> {
    cleared_marks::warn(&mut rules);
    // A mark no rule sets with these options is always empty: lowered
    // again knowing it, its `clear`s and its joins drop out.
    let dead = optimise::marks_never_set(&rules);
    if dead.iter().any(|&d| d) {
        let warnings = rules.sources.warnings;
        let mut again = compile_with(file, chosen, dead)?;
        again.sources.warnings = warnings;
        return Ok(again);
    }
    Ok(rules)
}

fn compile_with(
    file: &GameFile,
    chosen: &[OptionChoice],
    dead_marks: Vec<bool>,
) -> Result<Rules, Vec<Diagnostic>> {
    let mut c = Checker::new(file);
    for span in &file.uncomposed {
        let msg = "`based on` and `omit` are read with the base game, before the rest";
        c.errors.push(Diagnostic::at(*span, msg).with_help(
            "load the file with `gdl` or `gdl::load`, which find the base game beside it",
        ));
    }
    c.dead_marks = dead_marks;
    c.options(chosen);
    c.declarations();
    c.build_board();
    if c.board.is_none() {
        // Keep checking the rest of the file on a stand-in board, so that
        // its other errors are reported too.
        c.stand_in_board();
        if c.board.is_none() {
            return Err(c.errors);
        }
    }
    c.line_marks();
    c.reserves();
    c.hands();
    c.rings();
    c.tracks();
    c.circuits();
    c.regions();
    c.captures_onto();
    let rules = c.rules();
    if c.errors.is_empty() {
        Ok(rules)
    } else {
        // A definition or effect used in many places reports its error once.
        let mut seen = std::collections::HashSet::new();
        c.errors
            .retain(|d| seen.insert((d.span, d.message.clone(), d.help.clone())));
        Err(c.errors)
    }
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
    /// A set of directions, fixed (`ne or nw`, `orthogonal`, a player's
    /// `forward`).
    Dirs(DirSet),
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
            Value::Dirs(_) => "directions",
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
    Counter,
    Ring,
    Track,
    Line,
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
            NameKind::Counter => "a kind of counter",
            NameKind::Ring => "a ring's direction",
            NameKind::Track => "a track",
            NameKind::Line => "a kind of line",
        }
    }
}

pub use crate::limits::MAX_DEPTH;
pub use builtins::{function_names, function_signatures, name_list};

struct Checker<'a> {
    file: &'a GameFile,
    errors: Vec<Diagnostic>,
    options: HashMap<String, OptionState>,
    option_order: Vec<String>,
    names: HashMap<String, NameKind>,
    board: Option<Board>,
    players: Vec<String>,
    /// The players of the `players` lines that do not apply with these
    /// options: their per-player values and setup placements are left out.
    unseated: Vec<String>,
    pieces: Vec<String>,
    marks: Vec<String>,
    /// The kinds of lines, their marks appended to `marks` once the board
    /// is built (see `Checker::line_marks`).
    lines: Vec<LineKind>,
    regions: HashMap<String, SetExpr>,
    /// Regions whose declaration was wrong (already reported).
    failed_regions: Vec<String>,
    /// The leap patterns used so far (each gets tables in the engine).
    leap_patterns: Vec<Leap>,
    defines: HashMap<String, &'a ast::RegionBody>,
    neutral: Vec<bool>,
    variables: Vec<Variable>,
    effects: HashMap<String, &'a ast::Effect>,
    effect_stack: Vec<String>,
    /// Group variables in scope (`each group g in ...`), innermost last.
    set_scope: Vec<String>,
    /// The board had cells removed with `without`.
    cut_board: bool,
    /// The board could not be built (reported): the one used is a stand-in,
    /// and errors that depend on the real board are not reported.
    board_unknown: bool,
    /// Something asked for the board before it was built (a board's own
    /// size or condition using `corners`, `row(1)`, a side...): see
    /// `Checker::before_board`.
    board_wanted: std::cell::Cell<bool>,
    /// Current nesting of `expr`.
    depth: usize,
    /// An expression too deep was reported: not again for its parts.
    too_deep: bool,
    /// Current nesting of `effect` (named effects included).
    effect_depth: usize,
    set_slots: usize,
    /// Each definition's value, with how many parts lowering it took.
    define_values: HashMap<String, (Value, usize)>,
    /// Parts (expressions and effects) lowered so far, definitions and
    /// named effects counted at each use: see [`MAX_LOWERED`].
    lowered: usize,
    define_stack: Vec<String>,
    actions: HashMap<String, &'a ast::Choice>,
    action_index: HashMap<String, u16>,
    fixed_sets: Vec<CellSet>,
    choices: Vec<Choice>,
    /// Direction variables in scope, innermost last.
    scope: Vec<String>,
    dir_slots: usize,
    /// Pieces in hand at the start, `player * pieces + kind` (see `reserve`).
    reserve: Vec<u16>,
    /// Per kind: whether placing it takes from a reserve.
    reserved: Vec<bool>,
    /// Per kind: the kind in hand a captured piece becomes (`captures to
    /// hand`); empty without the item.
    captured_to: Vec<Option<crate::ids::Kind>>,
    /// Checking a `keep if` condition (`stuck` means the next decision's).
    in_keep: bool,
    /// The choices chance makes (`roll`, `deal`, a `by chance:` step's):
    /// `keep actions if` is not theirs.
    chance_choices: std::collections::BTreeSet<u16>,
    /// The choices a `try` step offers: named by the player, never played.
    named_choices: std::collections::BTreeSet<u16>,
    /// The `try` steps found so far.
    tries: Vec<TryRule>,
    /// The kind of counters, if declared (`counters seed`).
    counters: Option<String>,
    /// `stacks`: a cell holds a stack of pieces.
    stacks: bool,
    /// Per player, the cell captured pieces go onto (`captures to
    /// REGION`); empty without the item.
    captures_onto: Vec<u32>,
    /// The rings (`ring ccw, cw = ...`), and each direction's name with
    /// its ring and whether it goes along the list.
    rings: Vec<Ring>,
    ring_dirs: HashMap<String, (u16, bool)>,
    /// The tracks (`track path: ...`), and each one's index by name.
    tracks: Vec<Track>,
    track_index: HashMap<String, u16>,
    /// The families of regions (`region board = blocks(3)`).
    families: Vec<Family>,
    /// Some rule takes counters in hand or counts them there.
    counter_hands: bool,
    /// Checking the `view`, where `destinations` may be read.
    in_view: bool,
    /// Where the choices, guards and ends were written (see [`Sources`]).
    sources: Sources,
    /// Per mark: no rule sets it (with the options chosen), so it is always
    /// empty (see [`optimise::marks_never_set`]).
    dead_marks: Vec<bool>,
}

impl<'a> Checker<'a> {
    /// Whether mark `m` is never set (see [`optimise::marks_never_set`]).
    fn is_dead_mark(&self, m: Mark) -> bool {
        self.dead_marks.get(m.index()) == Some(&true)
    }

    fn new(file: &'a GameFile) -> Checker<'a> {
        let mut names = HashMap::new();
        for (b, _) in builtins::NAMES {
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
            unseated: Vec::new(),
            pieces: Vec::new(),
            marks: Vec::new(),
            lines: Vec::new(),
            regions: HashMap::new(),
            failed_regions: Vec::new(),
            leap_patterns: Vec::new(),
            defines: HashMap::new(),
            neutral: Vec::new(),
            variables: Vec::new(),
            effects: HashMap::new(),
            effect_stack: Vec::new(),
            set_scope: Vec::new(),
            set_slots: 0,
            depth: 0,
            too_deep: false,
            effect_depth: 0,
            cut_board: false,
            board_unknown: false,
            board_wanted: std::cell::Cell::new(false),
            define_values: HashMap::new(),
            lowered: 0,
            define_stack: Vec::new(),
            actions: HashMap::new(),
            action_index: HashMap::new(),
            fixed_sets: Vec::new(),
            choices: Vec::new(),
            scope: Vec::new(),
            dir_slots: 0,
            reserve: Vec::new(),
            reserved: Vec::new(),
            captured_to: Vec::new(),
            in_keep: false,
            chance_choices: Default::default(),
            named_choices: Default::default(),
            tries: Vec::new(),
            counters: None,
            stacks: !file.stacks.is_empty(),
            captures_onto: Vec::new(),
            rings: Vec::new(),
            ring_dirs: HashMap::new(),
            tracks: Vec::new(),
            track_index: HashMap::new(),
            families: Vec::new(),
            counter_hands: false,
            in_view: false,
            sources: Sources::default(),
            dead_marks: Vec::new(),
        }
    }

    /// Counts `parts` more lowered parts; false (reported once) past
    /// [`MAX_LOWERED`], where lowering stops. Definitions and named effects
    /// used in each other can double the rules at each level.
    fn spend(&mut self, parts: usize, span: Span) -> bool {
        let was = self.lowered;
        self.lowered = self.lowered.saturating_add(parts);
        if self.lowered <= MAX_LOWERED {
            return true;
        }
        if was <= MAX_LOWERED {
            self.limit(
                span,
                format!(
                    "the rules grow too large here, with definitions and effects written out where they are used (more than {MAX_LOWERED} parts)"
                ),
            );
        }
        false
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic::at(span, message));
    }

    /// A capacity limit exceeded (see [`crate::limits`]).
    fn limit(&mut self, span: Span, message: impl Into<String>) {
        self.errors
            .push(Diagnostic::at(span, message).with_kind(Kind::Limit));
    }

    fn declare(&mut self, name: &Name, kind: NameKind) -> bool {
        if let Some(old) = self.names.get(&name.text) {
            let msg = format!("`{}` is already {}", name.text, old.describe());
            self.error(name.span, msg);
            return false;
        }
        if builtins::function(&name.text).is_some() {
            // Reported, but declared all the same, so that its uses raise no
            // further errors.
            let msg = format!("`{}` is the name of a built-in function", name.text);
            self.error(name.span, msg);
        }
        self.names.insert(name.text.clone(), kind);
        true
    }
}
