//! The abstract syntax of a game file, as written: names are not resolved yet.
//! Every node that can be wrong carries the [`Span`] it came from.

use crate::diagnostic::Span;

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    Number(String),
    Name(String),
}

impl Literal {
    pub fn text(&self) -> &str {
        match self {
            Literal::Number(s) | Literal::Name(s) => s,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum OptionValues {
    Range(i64, i64),
    /// One of the listed values.
    List(Vec<Literal>),
    /// A list of numbers, chosen whole (`option komi: list = 0.5, 1.5`).
    AnyList,
}

#[derive(Clone, Debug, PartialEq)]
pub struct OptionDecl {
    pub name: Name,
    pub values: OptionValues,
    pub values_span: Span,
    /// One value, or several for a list option.
    pub default: Vec<Literal>,
    pub default_span: Span,
    pub doc: Option<String>,
}

/// A `players` line.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayersDecl {
    /// The players, in turn order.
    pub names: Vec<Name>,
    /// Used only when this holds (it may use options only).
    pub guard: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoardDecl {
    pub generator: Name,
    pub args: Vec<Expr>,
    pub diagonals: bool,
    pub without: Vec<Name>,
    pub links: Vec<(Name, Name)>,
    /// Used only when this holds (it may use options only).
    pub guard: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum RegionBody {
    Shared(Expr),
    PerPlayer(Vec<(Name, Expr)>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct RegionDecl {
    pub name: Name,
    pub body: RegionBody,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TurnWhen {
    Always,
    Number(u32),
    If(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct TurnDecl {
    pub when: TurnWhen,
    pub steps: Vec<Step>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// `end if COND: OUTCOME ["REASON"]`
    End(Expr, Outcome, Option<String>),
    /// `[N x | while C:] choice | choice else choice ...`: plies, each a
    /// pick among the choices of the first group that offers any.
    Choice {
        repeat: Repeat,
        /// `by chance:`: chance picks among the actions offered.
        by: Picker,
        groups: Vec<Vec<(Choice, Option<Expr>)>>,
        span: Span,
        /// A step that offers a `try` item's real actions alone: `groups`
        /// then holds the actions the player names instead (the item's
        /// `among`), and this the real ones.
        tried: Option<Box<Tried>>,
    },
    /// An automatic effect.
    Effect(Effect),
}

/// `try REAL among NAMED [else EFFECT]`: where a turn offers REAL alone,
/// the player names one of NAMED's actions instead.
#[derive(Clone, Debug, PartialEq)]
pub struct TryDecl {
    /// The actions played (an action or a group's name).
    pub real: Name,
    /// The actions the player names.
    pub named: Name,
    /// What happens when the action named has no real one.
    pub failing: Option<Effect>,
    pub span: Span,
}

/// A step's `try`: the real actions, put in place of the name, and the
/// item's effect for a named action with none.
#[derive(Clone, Debug, PartialEq)]
pub struct Tried {
    pub real: Alternatives,
    pub failing: Option<Effect>,
    /// The `try` item's span.
    pub span: Span,
}

/// How many plies a choice step takes.
#[derive(Clone, Debug, PartialEq)]
pub enum Repeat {
    Times(u32),
    While(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub enum ChoiceKind {
    Place {
        piece: Name,
        at: Expr,
    },
    Convert(Expr),
    Remove(Expr),
    /// `pick S`: a cell of S, whatever it holds; only its effects act.
    Pick(Expr),
    /// `deal at S`: chance puts one of the pieces in hand on S's one empty
    /// cell.
    Deal(Expr),
    Pass,
    Swap,
    /// `step FROM [DIRS] to TO`: a piece moves to a neighbouring cell.
    Step {
        from: Expr,
        dirs: Option<Expr>,
        to: Expr,
    },
    /// `jump FROM [DIRS] over OVER to TO`: a piece moves two cells in a line.
    Jump {
        from: Expr,
        dirs: Option<Expr>,
        over: Expr,
        to: Expr,
    },
    /// `hop FROM [DIRS] over SCREEN to TO`: a piece moves along a line over
    /// exactly one piece (in SCREEN) and any empty cells around it.
    Hop {
        from: Expr,
        dirs: Option<Expr>,
        over: Expr,
        to: Expr,
    },
    /// `slide FROM [DIRS] [by DISTANCE] [over PATH] to TO`: a piece moves
    /// along a line (exactly DISTANCE cells, if given).
    Slide {
        from: Expr,
        dirs: Option<Expr>,
        /// `along TRACK` (or `around CIRCUIT`) instead of directions.
        along: Option<Name>,
        /// More circuits after the first (`around inner or outer`).
        more: Vec<Name>,
        /// `around CIRCUIT`: through one of its loops at least.
        around: bool,
        by: Option<Expr>,
        path: Option<Expr>,
        to: Expr,
    },
    /// `leap FROM (A, B) [toward DIRS] to TO`: a piece leaps by a pattern.
    Leap {
        from: Expr,
        a: Expr,
        b: Expr,
        toward: Option<Expr>,
        /// `along DIRS` rather than `toward DIRS`: less than 45 degrees.
        along: bool,
        /// `over LEG`: the cell halfway must be in LEG.
        over: Option<Expr>,
        to: Expr,
    },
    /// `draw LINE from FROM to TO`: one line of the kind not drawn yet,
    /// between a cell of FROM and a neighbour of it in TO.
    Draw(Lines),
    /// `move FROM to TO`: a piece moves to any cell of TO.
    Move {
        from: Expr,
        to: Expr,
    },
    /// `rotate R, R by A, A`: one action per region and angle; the
    /// region's pieces turn about its centre.
    Rotate {
        regions: Vec<Name>,
        angles: Vec<Expr>,
    },
    /// `sow FROM along RING [skipping SKIP]`: a cell's counters dropped
    /// one by one along a ring.
    Sow {
        from: Expr,
        ring: Name,
        skip: Option<Expr>,
    },
    /// `shift FROM [toward TOWARD] [up to N] [over PATH] to TO`: the block
    /// of a cell (the cell and its neighbours) moves along a line.
    Shift {
        from: Expr,
        toward: Option<Expr>,
        limit: Option<Expr>,
        path: Option<Expr>,
        to: Expr,
    },
    /// `choose VAR from a, b, c`: one action per value; `roll VAR from
    /// ...`: the same values, picked by chance.
    Choose {
        var: Name,
        values: Vec<Literal>,
        span: Span,
        by: Picker,
    },
    Named(Name),
}

/// Who picks a `choose`'s value: the mover, or chance (`roll`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picker {
    Mover,
    Chance,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub kind: ChoiceKind,
    /// `staying`: the move's piece stays on its cell (its span).
    pub staying: Option<Span>,
    pub marking: Option<Name>,
    pub then: Vec<Effect>,
    /// `keep if COND` clauses: the action is kept only if each holds after it.
    pub keep: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Clear(Name),
    Mark(Name, Expr),
    Unmark(Name, Expr),
    Convert(Expr, Option<Name>),
    Remove(Expr, Option<Name>),
    Repeat(Box<Effect>, Span),
    If(Expr, Box<Effect>, Option<Box<Effect>>),
    Group(Vec<Effect>),
    /// `each group g in SET: EFFECT`
    EachGroup {
        var: Name,
        set: Expr,
        body: Box<Effect>,
    },
    /// `each b in FAMILY: EFFECT`: once per member of a family of regions.
    EachMember {
        var: Name,
        family: Name,
        body: Box<Effect>,
    },
    /// The seats exchange players (as the pie rule does).
    Swap,
    /// `again`: the mover also plays the next turn.
    Again,
    /// `make SET into PIECE`
    Make(Expr, Name),
    /// `place [PLAYER] PIECE at SET`: a piece of the mover (or of PLAYER)
    /// on each empty cell.
    Place(Option<Name>, Name, Expr),
    /// `move FROM to TO`: the piece on FROM's one cell moves to TO's one cell.
    Move(Expr, Expr),
    /// `set VAR to EXPR`
    Set(Name, Expr),
    /// `take SET [into CELL]`: counters to the mover's hand, or onto a cell.
    Take(Expr, Option<Expr>, Span),
    /// `draw LINE from SET to SET`
    Draw(Lines),
    /// An effect declared with `effect NAME = ...`.
    Named(Name),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Draw,
    Wins(Name),
    Loses(Name),
    /// Keys in order; `true` means the higher value wins.
    Compare(Vec<(bool, Expr)>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct EndDecl {
    pub cond: Expr,
    pub outcome: Outcome,
    /// Why the game ended, in words (`"checkmate"`), if the file says.
    pub reason: Option<String>,
}

/// `setup [if COND]: PLACEMENT, ...`: pieces on the board before the first turn.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupDecl {
    /// Used only when this holds (it may use options only).
    pub guard: Option<Expr>,
    pub placements: Vec<Placement>,
    /// `LINE from SET to SET`: lines drawn at the start.
    pub lines: Vec<Lines>,
}

/// `LINE from SET to SET` (in a setup, or after `draw`): a line of that
/// kind between each cell of the first set and each of its neighbours in
/// the second.
#[derive(Clone, Debug, PartialEq)]
pub struct Lines {
    pub line: Name,
    pub from: Expr,
    pub to: Expr,
    pub span: Span,
}

/// `PLAYER PIECE at SET`, or `PIECE at SET` for a neutral kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    /// `N x` before a kind of counters: so many on each cell.
    pub count: Option<Expr>,
    pub player: Option<Name>,
    pub piece: Name,
    pub at: Expr,
    pub span: Span,
}

/// `reserve [if COND]: [PLAYER] PIECE = COUNT, ...`: pieces in hand.
#[derive(Clone, Debug, PartialEq)]
pub struct ReserveDecl {
    /// Used only when this holds (it may use options only).
    pub guard: Option<Expr>,
    pub entries: Vec<ReserveEntry>,
}

/// `[PLAYER] PIECE = COUNT`: without a player, every player's.
#[derive(Clone, Debug, PartialEq)]
pub struct ReserveEntry {
    pub player: Option<Name>,
    pub piece: Name,
    pub count: Expr,
    pub span: Span,
}

/// `captures to hand[: KIND as KIND, ...]`: a piece taken goes to the
/// taker's hand, as the kind after `as` or as its own.
#[derive(Clone, Debug, PartialEq)]
pub struct HandDecl {
    /// Each captured kind and the kind it goes to the hand as.
    pub entries: Vec<(Name, Name)>,
    pub span: Span,
}

/// `ring NAME, NAME = CELL CELL ...`: a cyclic order of cells, named by
/// two directions.
#[derive(Clone, Debug, PartialEq)]
pub struct RingDecl {
    pub names: [Name; 2],
    pub cells: Vec<Name>,
    pub span: Span,
}

/// `track NAME = CELL ...` or `track NAME: PLAYER = CELL ..., ...`: the
/// order of cells a piece follows, the same for every player or per player.
#[derive(Clone, Debug, PartialEq)]
pub struct CircuitDecl {
    pub name: Name,
    /// The cells in order, `None` for each `loop` between them.
    pub parts: Vec<Option<Name>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TrackDecl {
    pub name: Name,
    /// One list for every player (`None`), or each player's.
    pub lists: Vec<(Option<Name>, Vec<Name>)>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SwapDecl {
    pub turn: u32,
    pub guard: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BinOp {
    Or,
    And,
    Except,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Number(String),
    Name(String),
    Turn,
    Call(Name, Vec<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    /// `SET at DIR`: the cell in direction DIR from `here` is in SET.
    At(Box<Expr>, Box<Expr>),
    /// `SET where COND`
    Where(Box<Expr>, Box<Expr>),
    /// `some d: COND` (`every` when the flag is false)
    Quantifier {
        some: bool,
        var: Name,
        body: Box<Expr>,
    },
}

/// The alternatives of a choice step's group or of an action group, each
/// with its guard (`A | B if C`).
pub type Alternatives = Vec<(Choice, Option<Expr>)>;

/// A whole game file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameFile {
    pub name: Option<(String, Span)>,
    pub options: Vec<OptionDecl>,
    pub boards: Vec<BoardDecl>,
    pub players: Vec<PlayersDecl>,
    /// Pieces, each with whether it is neutral (owned by no player).
    pub pieces: Vec<(Name, bool)>,
    pub variables: Vec<Name>,
    /// The variables given a first value (`variables checks = 3`): each
    /// one's name and the number as written.
    pub variable_starts: Vec<(Name, Name)>,
    pub effects: Vec<(Name, Effect)>,
    pub marks: Vec<Name>,
    /// The marks declared `on pieces`: a piece carries them when it moves.
    pub piece_marks: Vec<Name>,
    /// Kinds of lines drawn between cells (`lines stroke`).
    pub lines: Vec<Name>,
    /// Kinds of counters (`counters seed`).
    pub counters: Vec<Name>,
    pub rings: Vec<RingDecl>,
    pub tracks: Vec<TrackDecl>,
    pub circuits: Vec<CircuitDecl>,
    pub regions: Vec<RegionDecl>,
    pub defines: Vec<(Name, RegionBody)>,
    /// The parameters of the definitions that have some (`define
    /// facing(d) = ...`), by the definition's name.
    pub define_params: Vec<(String, Vec<Name>)>,
    pub actions: Vec<(Name, Choice)>,
    /// `action NAME = A | B if C | ...`: names for several actions, put in
    /// place of the name in the turns when the file is parsed.
    pub action_groups: Vec<(Name, Alternatives)>,
    /// `try REAL among NAMED`: steps whose actions a player names blind.
    pub tries: Vec<TryDecl>,
    pub swaps: Vec<SwapDecl>,
    pub setups: Vec<SetupDecl>,
    pub reserves: Vec<ReserveDecl>,
    /// `captures to hand`: captured pieces go to the taker's hand.
    pub hands: Vec<HandDecl>,
    /// `captures to REGION`: captured pieces go onto their owner's cell
    /// of the region.
    pub captures_onto: Vec<Name>,
    /// `stacks`, each with its span: a cell holds a stack of pieces.
    pub stacks: Vec<Span>,
    pub turns: Vec<TurnDecl>,
    pub ends: Vec<EndDecl>,
    /// `keep actions if COND`: a `keep if` of every action.
    pub keeps: Vec<Expr>,
    /// `keep turns with most|least NUMBER [up|down to BOUND]`.
    pub prefers: Vec<PreferDecl>,
    /// `position text: FIELD, ...`: how a position is written as a line.
    pub position_texts: Vec<(Vec<TextField>, Span)>,
    /// `view: SET`: the cells whose pieces each player sees.
    pub views: Vec<Expr>,
    /// `view owners: SET`: the cells on which each player sees whose piece
    /// stands, not its kind.
    pub view_owners: Vec<Expr>,
    /// `view hands: own`: a player sees its own hand only (the set must be
    /// `own`).
    pub view_hands: Vec<Expr>,
    /// `picture: ...`: how pictures draw the game.
    pub pictures: Vec<PictureDecl>,
    /// `notation: STYLE, ...`: the styles named, with the item's span.
    pub notations: Vec<(Vec<Name>, Span)>,
    /// Each `or` chain with an `and` or `except` in an operand, not in
    /// parentheses (`a and b or c`): its span, and how it reads with the
    /// parentheses written (`(a and b) or c`), for a warning.
    pub mixed_operators: Vec<(Span, String)>,
    /// `based on` and `omit` items found by the parse: the text was not
    /// composed with its base first (an error).
    pub uncomposed: Vec<Span>,
}

/// `picture: checkered, KIND = "GLYPH", ...`, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct PictureDecl {
    /// Squares drawn light and dark.
    pub checkered: bool,
    /// Glyphs written on the pieces' discs, not drawn alone.
    pub discs: bool,
    /// `check KIND`: the kind shown when attacked.
    pub check: Option<Name>,
    /// Each kind named, with its glyph (unquoted) and the glyph's span.
    pub glyphs: Vec<(Name, String, Span)>,
    pub span: Span,
}

/// The cells a flag letter stands for, as written.
#[derive(Clone, Debug, PartialEq)]
pub enum FlagCells {
    /// A set fixed before the game starts: `cells(e1, h1)`.
    Cells(Expr),
    /// `first|last [PLAYER] PIECE at SET`: the first (last) cell of SET,
    /// in the board's order, that holds the piece in the position.
    Find(FindEnd, Placement),
}

/// Which end of a set, in the board's order of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindEnd {
    /// The set's first cell (the top line's leftmost first).
    First,
    /// The set's last cell.
    Last,
}

/// A field of `position text`, as written.
#[derive(Clone, Debug, PartialEq)]
pub enum TextField {
    /// `board [LETTER ...]`: the pieces row by row, a letter per kind.
    Board(Vec<Name>, Span),
    /// `mover WORD ...`: the player to move, a word per player.
    Mover(Vec<Name>, Span),
    /// `flags MARK LETTER = SET ...`: letters whose cells all carry the mark.
    Flags(Name, Vec<(Name, FlagCells)>),
    /// `cell MARK`: the cell carrying the mark, or `-`.
    Cell(Name),
    /// `cells MARK`: every cell carrying the mark, joined by `,`, or `-`.
    Cells(Name),
    /// `number VARIABLE [+ VARIABLE ...]`: variables' values, joined by `+`.
    Number(Vec<Name>),
    /// `moves`: the number of the round (each player's turn once), from 1.
    Moves(Span),
    /// `turn`: the turn number, from 1.
    Turn(Span),
    /// `hands`: the pieces in hand.
    Hands(Span),
    /// `pocket`
    Pocket(Span),
    /// `-`: a field the game does not use.
    Dash(Span),
}

/// `keep turns with most|least NUMBER [up|down to BOUND]`.
#[derive(Clone, Debug, PartialEq)]
pub struct PreferDecl {
    /// `most` (else `least`).
    pub most: bool,
    pub value: Expr,
    /// The bound, with whether it is written `up to` (else `down to`).
    pub bound: Option<(bool, Expr)>,
    pub span: Span,
}
