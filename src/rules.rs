//! The output of check: a checked game, every name resolved, every option
//! fixed. Prepare ([`crate::engine::Game::new`]) builds a game on these
//! rules and play runs them; they are frozen from then on. Nothing here
//! refers to syntax. [`parts`] says what each node is made of and what kind
//! of set it is; [`walk`] visits every expression, for the facts derived
//! from them.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::ids::Cell;

mod directions;
pub mod parts;
pub mod sources;
mod text;
pub mod walk;

pub use directions::{DirMask, DirSet, MAX_DIRS, all_dirs, each_dir};
pub use sources::Sources;
pub use text::{PositionText, TextField, kind_chars, kind_letters};

pub use crate::ids::{Dir, NO_DIR};
pub use crate::ids::{Kind, Mark, Player};

/// Whose cells or whose win: relative to the player the expression is seen
/// from (the mover while playing; each player in turn while comparing scores).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// The player whose view is taken (`own`, `mover`).
    Me,
    /// The next player after me (`opponent`; with two players, the other one).
    Opponent,
    /// A player named in the rules (`black`).
    Player(Player),
}

/// An expression whose value is a set of cells.
#[derive(Clone, Debug, PartialEq)]
pub enum SetExpr {
    /// Cells with no piece (`empty`).
    Empty,
    /// Cells with a piece (`occupied`).
    Occupied,
    /// Every cell of the board (`all`).
    All,
    /// The cell of the current action, or the cell being tested by `where`.
    Here,
    /// The cell a moving piece left (`step`, `jump`).
    Origin,
    /// The cell jumped over by the last `jump`.
    Jumped,
    /// Cells holding a piece owned by the player.
    Owned(Who),
    /// Cells holding a piece owned by another player than `Me`.
    Enemy,
    /// Cells holding this kind of piece, whoever owns it.
    Piece(Kind),
    /// Cells carrying the mark.
    Mark(Mark),
    /// A fixed set computed when the game was compiled.
    Fixed(u32),
    /// A fixed set for each player, chosen by the view (`region start: ...`).
    PerPlayer(Vec<u32>),
    /// Cells in either set (`or`).
    Union(Box<SetExpr>, Box<SetExpr>),
    /// Cells in both sets (`and`).
    Inter(Box<SetExpr>, Box<SetExpr>),
    /// Cells of the first set not in the second (`except`).
    Except(Box<SetExpr>, Box<SetExpr>),
    /// Cells not in the set (`not`).
    Complement(Box<SetExpr>),
    /// Cells adjacent to some cell of the set.
    Neighbors(Box<SetExpr>),
    /// Cells of the set for which the condition holds (with `here` = the cell).
    Where(Box<SetExpr>, Box<BoolExpr>),
    /// The group bound by `each group g in ...` (its slot).
    Var(u8),
    /// One set per player, chosen by the view (`define d: black = ..., ...`).
    ByPlayer(Vec<SetExpr>),
    /// The seed cells and every cell of the second set connected to them
    /// through the second set.
    Reach(Box<SetExpr>, Box<SetExpr>),
    /// Cells holding the same piece (kind and owner) as a cell of the set.
    Like(Box<SetExpr>),
    /// Cells whose row and column lie within those of the set's cells.
    Box(Box<SetExpr>),
    /// `ray(S, PATH)`: the cells reached from a cell of S along one
    /// direction while they are in PATH.
    Ray(Box<Ray>),
    /// `flanked(RUN, A, B)`: the cells of each straight run of RUN cells
    /// that starts next to a cell of A and is closed by a cell of B.
    Flanked(Box<Flanked>),
    /// `leaps(S, A, B)`: the cells a leap of the pattern reaches from S.
    Leaps(Box<SetExpr>, Leap),
    /// `jump-reach(S, OVER, TO[, DIRS])`: S and the cells a chain of jumps
    /// from it reaches.
    JumpReach(Box<JumpReach>),
    /// `lines(S, N)`: the cells of S on N or more cells of S in a row.
    Lines(Box<SetExpr>, u32),
    /// Cells holding counters (`seeded`).
    Seeded,
    /// The cell the last counter of the last sowing fell in (`last-sown`).
    LastSown,
}

/// The parts of `ray(FROM, PATH[, DIRS])`.
#[derive(Clone, Debug, PartialEq)]
pub struct Ray {
    /// The cells the rays start from.
    pub from: SetExpr,
    /// The cells a ray may cross; it stops before the first cell not in it.
    pub path: SetExpr,
    /// The directions looked along (every direction of the board when not
    /// given).
    pub dirs: DirSet,
    /// `hops(FROM, SCREEN[, DIRS])`: `path` is the screen, and the cells
    /// are those a hop lands on: past empty cells and one piece of the
    /// screen, the empty cells beyond and the next piece.
    pub hop: bool,
}

/// The parts of `jump-reach(FROM, OVER, TO[, DIRS])`: the cells of FROM,
/// and every cell a chain of jumps from one of them reaches, each jump
/// over a neighbouring cell of OVER onto the cell straight behind it, in TO.
#[derive(Clone, Debug, PartialEq)]
pub struct JumpReach {
    /// The cells the chains start from.
    pub from: SetExpr,
    /// The cells a jump may go over.
    pub over: SetExpr,
    /// The cells a jump may land on.
    pub to: SetExpr,
    /// The directions jumps go along (every direction of the board when
    /// not given).
    pub dirs: DirSet,
}

/// The parts of `flanked(RUN, A, B[, DIRS])`.
#[derive(Clone, Debug, PartialEq)]
pub struct Flanked {
    /// The cells a run is made of.
    pub run: SetExpr,
    /// A run starts next to a cell of this set.
    pub start: SetExpr,
    /// A run is closed by a cell of this set, right after it.
    pub end: SetExpr,
    /// The directions runs are looked for along (every direction of the board
    /// when not given).
    pub dirs: DirSet,
}

/// How far a `slide ... by DISTANCE` goes.
#[derive(Clone, Debug, PartialEq)]
pub enum Distance {
    /// A fixed number of cells (`by 2`).
    Cells(u32),
    /// As many cells as the set has on the whole line through the moving
    /// piece along the move's direction, both ways, the piece's cell
    /// included (`by line-count(occupied)`).
    LineCount(SetExpr),
}

/// A leap pattern: `a` cells in an orthogonal direction, then `b` cells
/// at a right angle (60 degrees on hex boards), either way (the knight is
/// `(2, 1)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leap {
    /// Cells in an orthogonal direction.
    pub a: u16,
    /// Cells at a right angle after that (60 degrees on hex boards).
    pub b: u16,
}

/// An expression whose value is a number.
#[derive(Clone, Debug, PartialEq)]
pub enum NumExpr {
    /// A fixed number: as written, or an option's value.
    Const(f64),
    /// The turn number, from 1 (`turn`).
    Turn,
    /// A variable set by `choose`; symbolic values are their index.
    Var(u8),
    /// Passes in a row just made (1 after a pass, 2 after two, ...).
    Passes,
    /// `repetitions`: how many earlier turns started on this position (the
    /// pieces, marks and hands) with the same player to move as now would
    /// (the player after the mover).
    Repetitions,
    /// How many earlier turns started on this position, whoever was to
    /// move (`seen-before` is this above 0: positional superko).
    Seen,
    /// A player's number, from 1 in the order of `players`.
    Index(Who),
    /// How many pieces of the kind the player has in hand (`in-hand`).
    InHand(Kind, Who),
    /// How many counters the player has in hand (`in-hand(seed)`).
    CountersInHand(Who),
    /// How many counters the cells of the set hold (`tally`).
    Tally(SetExpr),
    /// `select(COND, A, B)`: A if the condition holds, else B.
    Select(Box<BoolExpr>, Box<NumExpr>, Box<NumExpr>),
    /// Distinct rows the set's cells lie in.
    Rows(SetExpr),
    /// Distinct columns the set's cells lie in.
    Columns(SetExpr),
    /// One number per player, chosen by the view (`define d: black = ...,
    /// ...`).
    ByPlayer(Vec<NumExpr>),
    /// How many cells the set has (`count`).
    Count(SetExpr),
    /// Number of connected groups among the cells of the set.
    Groups(SetExpr),
    /// Size of the largest connected group among the cells of the set.
    Largest(SetExpr),
    /// `a + b`.
    Add(Box<NumExpr>, Box<NumExpr>),
    /// `a - b`.
    Sub(Box<NumExpr>, Box<NumExpr>),
    /// `a * b`.
    Mul(Box<NumExpr>, Box<NumExpr>),
    /// `-a`.
    Neg(Box<NumExpr>),
}

/// A comparison of two numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `=`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

impl CmpOp {
    /// Whether `a OP b` holds.
    pub fn test(self, a: f64, b: f64) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
}

/// An expression whose value is one direction (`n`, `d`, `rotate(d, 90)`).
#[derive(Clone, Debug, PartialEq)]
pub enum DirExpr {
    /// A direction as written.
    Const(Dir),
    /// A direction bound by `some d:` / `every d:`; the number is its slot.
    Var(u8),
    /// The direction turned by some degrees: `table[d]` is `d` turned, or
    /// `NO_DIR` when the board has no such direction.
    Rotate(Box<DirExpr>, Vec<Dir>),
}

/// An expression whose value is a condition.
#[derive(Clone, Debug, PartialEq)]
pub enum BoolExpr {
    /// Always true or always false.
    Const(bool),
    /// `not C`.
    Not(Box<BoolExpr>),
    /// `A and B`.
    And(Box<BoolExpr>, Box<BoolExpr>),
    /// `A or B`.
    Or(Box<BoolExpr>, Box<BoolExpr>),
    /// A comparison of two numbers.
    Cmp(CmpOp, NumExpr, NumExpr),
    /// The set has a cell (a set used as a condition).
    NonEmpty(SetExpr),
    /// Some group of the first set touches both other sets.
    Connected(SetExpr, SetExpr, SetExpr),
    /// The set holds `n` cells in a row along some direction.
    Line(SetExpr, u32),
    /// The cell in a direction from `here` is in the set.
    At(SetExpr, DirExpr),
    /// The cell in some direction of the set from `here` is in the set.
    AtSome(SetExpr, DirSet),
    /// `some d:` (true) or `every d:` (false) over the board's directions.
    Quantifier {
        /// `true` for `some d:`, `false` for `every d:`.
        some: bool,
        /// The slot of the bound direction variable ([`DirExpr::Var`]).
        slot: u8,
        /// The condition tested for each direction.
        body: Box<BoolExpr>,
    },
    /// Some cell of `reach(seed, through)` is outside `bound`; the flood
    /// stops at the first one (`count(reach(...) except bound) > 0`).
    Escapes {
        /// The cells the flood starts from.
        seed: SetExpr,
        /// The cells the flood may cross.
        through: SetExpr,
        /// The cells the flood must stay in.
        bound: SetExpr,
    },
    /// Some cell of `target` is next to a cell of `reach(seed, through)`;
    /// the flood stops at the first one (`count(neighbors(reach(...)) and
    /// target) > 0`: a Go group's liberty).
    Touches {
        /// The cells the flood starts from.
        seed: SetExpr,
        /// The cells the flood may cross.
        through: SetExpr,
        /// The cells looked for next to the flood.
        target: SetExpr,
    },
    /// Two players are the same (`mover = horizontal`).
    SamePlayer(Who, Who),
    /// One condition per player, chosen by the view (`define d: black = ...,
    /// ...`).
    ByPlayer(Vec<BoolExpr>),
    /// `stuck` in a `keep if`: played on from the action's result to the
    /// next decision, the player to decide has no action (shogi's pawn drop
    /// may not mate). False anywhere else.
    NextStuck,
    /// `attacked(S)`: another player could move a piece onto a cell of S,
    /// were a piece of the viewer there, by one of the rules' step, slide,
    /// leap, hop or jump actions (guards, `keep if` and turns aside).
    Attacked(SetExpr),
}

/// An effect: a change to the position that no player chooses (after `then`,
/// or an automatic step of a turn).
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Takes the mark off every cell.
    Clear(Mark),
    /// Sets the mark on every cell of the set.
    Mark(Mark, SetExpr),
    /// Takes the mark off every cell of the set.
    Unmark(Mark, SetExpr),
    /// Every piece on the cells becomes the mover's.
    Convert(SetExpr, Option<Mark>),
    /// Every piece on the cells is taken off; the emptied cells get the mark,
    /// if any.
    Remove(SetExpr, Option<Mark>),
    /// Runs the body until it changes nothing.
    Repeat(Box<Effect>),
    /// Runs the first effect if the condition holds, else the second, if any.
    If(BoolExpr, Box<Effect>, Option<Box<Effect>>),
    /// Runs the effects in order.
    Seq(Vec<Effect>),
    /// Runs the body once per group of the set, with the group in `slot`.
    EachGroup {
        /// The slot the group is bound to ([`SetExpr::Var`]).
        slot: u8,
        /// The cells whose groups are found, once, before the body runs.
        set: SetExpr,
        /// The effect run for each group.
        body: Box<Effect>,
    },
    /// The seats exchange players.
    Swap,
    /// The pieces on the cells become this kind (same owner).
    Make(SetExpr, Kind),
    /// A piece of this kind, the mover's (or nobody's, if neutral), on each
    /// empty cell; from the mover's reserve while it lasts, for a kind
    /// placed from one.
    Place(Kind, SetExpr),
    /// The piece on the one cell of the first set moves to the one cell of
    /// the second (nothing happens unless each set is one cell and the
    /// first holds a piece).
    Move(SetExpr, SetExpr),
    /// A variable takes a value.
    Set(u8, NumExpr),
    /// The counters on the cells of the first set go to the mover's hand,
    /// or, with a second set of one cell, onto that cell (`take S [into T]`).
    Take(SetExpr, Option<SetExpr>),
}

/// How close to a direction a leap of `leap ... toward|along DIRS` goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cone {
    /// `toward`: less than 90 degrees from it.
    Toward,
    /// `along`: less than 45 degrees from it.
    Along,
}

/// What kind of action a choice offers, and on which cells.
#[derive(Clone, Debug, PartialEq)]
pub enum ChoiceKind {
    /// A piece of the kind, the mover's (nobody's, if neutral), on an empty
    /// cell of the target.
    Place {
        /// The kind placed.
        piece: Kind,
        /// The cells offered (only the empty ones are).
        target: SetExpr,
    },
    /// A piece on a cell of the set that is not the mover's becomes the
    /// mover's.
    Convert(SetExpr),
    /// The piece on a cell of the set (anyone's) is taken off.
    Remove(SetExpr),
    /// Nothing happens; always offered.
    Pass,
    /// The seats exchange players, as in the pie rule; always offered.
    Swap,
    /// One action per value; the action's `cell` is the value's index.
    Choose {
        /// The variable's index in [`Rules::variables`].
        var: u8,
        /// The values offered, in order (a name's value is its index).
        values: Vec<f64>,
    },
    /// A piece moves to a neighbouring cell, in one of the directions,
    /// or (with `links`: no directions were written) along a link that
    /// has no direction.
    Step {
        /// The cells a moving piece may start on.
        from: SetExpr,
        /// The directions it may step in.
        dirs: DirSet,
        /// The cells it may step to.
        to: SetExpr,
        /// No directions were written: links without a direction are followed
        /// too.
        links: bool,
    },
    /// A piece moves over a neighbour to the cell behind it, in a line, in
    /// one of the directions.
    Jump {
        /// The cells a moving piece may start on.
        from: SetExpr,
        /// The directions it may jump in.
        dirs: DirSet,
        /// The cells it may jump over.
        over: SetExpr,
        /// The cells it may land on.
        to: SetExpr,
    },
    /// A piece moves along a line over empty cells, then over exactly one
    /// occupied cell (which must be in `over`), then over empty cells, to
    /// a cell of `to` beyond it: an empty one, or the first occupied one.
    Hop {
        /// The cells a moving piece may start on.
        from: SetExpr,
        /// The directions it may hop in.
        dirs: DirSet,
        /// The piece it may hop over (the screen).
        over: SetExpr,
        /// The cells it may land on.
        to: SetExpr,
    },
    /// A piece moves along one direction over cells of `path`, stopping on
    /// a cell of `to` it crosses or on the first cell not in `path`; with a
    /// distance, exactly that many cells, crossing only cells of `path`.
    Slide {
        /// The cells a moving piece may start on.
        from: SetExpr,
        /// The directions it may slide in.
        dirs: DirSet,
        /// How far it must go, if a distance was written (`by`).
        by: Option<Distance>,
        /// The cells it may cross (`empty` when no `over` was written).
        path: SetExpr,
        /// The cells it may stop on.
        to: SetExpr,
    },
    /// A piece leaps by a fixed pattern to a cell of `to`; with `toward`,
    /// only the leaps less than 90 degrees from one of those directions.
    Leap {
        /// The cells a moving piece may start on.
        from: SetExpr,
        /// The leap's pattern.
        leap: Leap,
        /// Only leaps less than 90 degrees (`toward`) or 45 degrees
        /// (`along`) from one of these directions.
        toward: Option<(Cone, DirSet)>,
        /// `over LEG`: the cell halfway (each coordinate of the leap halved,
        /// rounded toward the start) must be in it.
        over: Option<SetExpr>,
        /// The cells it may land on.
        to: SetExpr,
    },
    /// A piece on a cell of `from` moves to any other cell of `to`.
    Move {
        /// The cells a moving piece may start on.
        from: SetExpr,
        /// The cells it may go to.
        to: SetExpr,
    },
    /// One action per turn of a region (its regions by its angles, region
    /// by region): the pieces of the region turn about its centre.
    Rotate(Vec<RegionTurn>),
    /// The counters of a cell of `from` are lifted and dropped one by one
    /// on the cells after it along a ring, passing over the cells of `skip`
    /// (`sow FROM along RING [skipping SKIP]`).
    Sow {
        /// The cells that may be sown (only those holding counters are).
        from: SetExpr,
        /// The ring, an index into [`Rules::rings`].
        ring: u16,
        /// Along the ring's first direction (`false`: back along it).
        forward: bool,
        /// The cells passed over, seen with `here` the sown cell.
        skip: Option<SetExpr>,
    },
}

/// A ring: cells in a cyclic order, named by two directions (`ring ccw, cw
/// = a1 b1 ...`): along the list, and back.
#[derive(Clone, Debug, PartialEq)]
pub struct Ring {
    /// The names of the two directions: along the list, and back.
    pub names: [String; 2],
    /// The cells in order; the last is followed by the first.
    pub cells: Vec<u32>,
    /// Per board cell: its place in `cells`, or `u32::MAX` off the ring.
    pub place: Vec<u32>,
}

/// A region turned by an angle: where the piece on each of its cells goes,
/// worked out once when the game is built.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionTurn {
    /// The region's name, which names the action in notation.
    pub region: String,
    /// Degrees, counter-clockwise, as written (-90 is clockwise).
    pub angle: i32,
    /// (cell, the cell its piece goes to), for every cell of the region.
    pub cells: Vec<(u32, u32)>,
}

/// One way to spend a ply: a kind of action, its cells, and what follows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// How the action is named in notation when it needs a name (`replace:d4`).
    pub name: String,
    /// What the action is and which cells it is offered on.
    pub kind: ChoiceKind,
    /// The mark set on the action's cell (`marking`): the cell placed on,
    /// converted, emptied or reached.
    pub marking: Option<Mark>,
    /// The effects run after the action, in order (`then`).
    pub then: Vec<Effect>,
    /// `keep if` conditions: an action is offered only if each holds on
    /// the position it leads to (after its marking and effects), seen from
    /// the player who acted.
    pub keep: Vec<BoolExpr>,
}

impl Choice {
    /// Whether the actions of this choice are tied to a cell.
    pub fn has_cell(&self) -> bool {
        match self.kind.shape() {
            parts::ChoiceShape::OnCell(_) => true,
            parts::ChoiceShape::NextDoor { .. }
            | parts::ChoiceShape::Far
            | parts::ChoiceShape::Fixed { .. } => false,
        }
    }
}

/// How a game ends: who wins, or a draw.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Nobody wins.
    Draw,
    /// The player wins (seen from the player who just acted, or who is
    /// stuck).
    Wins(Who),
    /// The player loses: with two players the other one wins; with more, a
    /// draw.
    Loses(Who),
    /// Compare each player's values of the keys in order; `true` = higher wins.
    Compare(Vec<(bool, NumExpr)>),
}

/// One entry of a choice step: the choice (an index into
/// `Rules::choices`), its guard, its priority group.
pub type Entry = (u16, Option<BoolExpr>, u8);

/// One step of a turn.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Plies, each a pick among the choices (indices into
    /// `Rules::choices`), each offered only while its guard holds. Choices
    /// come in priority groups (the number): a group is offered only when
    /// no earlier group has an action.
    Choose {
        /// How many plies the step takes.
        repeat: Repeat,
        /// The choices offered, each with its guard and priority group.
        choices: Vec<Entry>,
    },
    /// An automatic step: the effect runs with no decision.
    Effect(Effect),
    /// `end if COND: OUTCOME`: ends the game here if the condition holds, seen
    /// from the mover.
    End(BoolExpr, Outcome),
}

/// How many plies a choice step takes.
#[derive(Clone, Debug, PartialEq)]
pub enum Repeat {
    /// A fixed number of plies (`N x`); a ply with nothing to offer skips the
    /// rest.
    Times(u32),
    /// While the condition holds (checked before each ply).
    While(BoolExpr),
    /// While the condition holds and the step offers an action (`while
    /// COND and possible:`): with nothing to offer, the step ends.
    WhilePossible(BoolExpr),
}

/// When a turn rule applies.
#[derive(Clone, Debug, PartialEq)]
pub enum TurnWhen {
    /// Every turn (`turn:`).
    Always,
    /// Only turn number N (`turn N:`).
    Number(u32),
    /// When the condition holds at the start of the turn (`turn if COND:`).
    If(BoolExpr),
}

/// A turn rule: at the start of each turn the first that applies is used.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    /// When the rule applies.
    pub when: TurnWhen,
    /// The steps of the turn, in order.
    pub steps: Vec<Step>,
}

/// A value set during the game by `choose`.
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    /// The variable's name.
    pub name: String,
    /// For a variable chosen among names, the names (the value is the index).
    pub symbols: Vec<String>,
}

impl Variable {
    /// The text of a value.
    pub fn show(&self, v: f64) -> String {
        if self.symbols.is_empty() {
            format_number(v)
        } else {
            // Negative before any choice: shown as `-`.
            let i = if v < 0.0 { usize::MAX } else { v as usize };
            self.symbols.get(i).cloned().unwrap_or_else(|| "-".into())
        }
    }
}

/// A number as people write it: `3`, `0.5`.
pub fn format_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// A declared option, for listings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// The option's name.
    pub name: String,
    /// The value in force.
    pub value: String,
    /// The allowed values: `2..26` or `flip | remove`.
    pub allowed: String,
    /// The description in quotes after the default, or empty.
    pub doc: String,
}

/// `keep turns with most|least NUMBER`.
#[derive(Clone, Debug, PartialEq)]
pub struct Preference {
    /// Whether the largest number is kept (else the smallest).
    pub most: bool,
    /// The number, read on the position after the turn.
    pub value: NumExpr,
}

/// A piece on the board before the first turn (`setup`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The cell the piece stands on.
    pub cell: u32,
    /// The piece's kind.
    pub piece: Kind,
    /// `None` for a neutral kind.
    pub owner: Option<Player>,
}

/// A checked game, ready to prepare: the output of `crate::check::compile`.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The game's name (`game NAME`, else the file's name).
    pub name: String,
    /// Every declared option with the value in force, in declaration order.
    pub options: Vec<(String, String)>,
    /// The same options with their allowed values and descriptions.
    pub option_info: Vec<OptionInfo>,
    /// The board: its cells, their neighbours and its directions.
    pub board: Board,
    /// The players' names, in turn order.
    pub players: Vec<String>,
    /// The piece kinds' names; a [`Kind`] is an index here.
    pub pieces: Vec<String>,
    /// Per piece kind: owned by no player.
    pub neutral: Vec<bool>,
    /// The variables (`variables`); [`NumExpr::Var`] and `choose` index here.
    pub variables: Vec<Variable>,
    /// The marks' names; a [`Mark`] is an index here.
    pub marks: Vec<String>,
    /// The fixed sets that [`SetExpr::Fixed`] and [`SetExpr::PerPlayer`] refer
    /// to.
    pub fixed_sets: Vec<CellSet>,
    /// The pieces on the board at the start, in the order placed.
    pub setup: Vec<Placed>,
    /// The marks on the board at the start (`setup: MARK at SET`).
    pub setup_marks: Vec<(Cell, Mark)>,
    /// How a position is written as a line of text.
    pub position_text: PositionText,
    /// `keep turns with most|least NUMBER`: only the ways to play a whole
    /// turn whose number, where the turn ends and seen from the player who
    /// played it, is the best are legal.
    pub prefer: Option<Preference>,
    /// Every choice of every turn; a step's entries are indices here.
    pub choices: Vec<Choice>,
    /// The turn rules, in file order.
    pub turns: Vec<Turn>,
    /// Turn numbers at whose first ply the pie rule offers `swap`.
    pub swap_turns: Vec<u32>,
    /// The end rules, checked in order after every action, seen from the player
    /// who just acted; the first that holds decides the outcome.
    pub ends: Vec<(BoolExpr, Outcome)>,
    /// The outcome when the player to move has no action in a whole turn
    /// (`end if stuck: ...`, `end if stuck and COND: ...`): the first rule
    /// whose condition holds, seen from that player; a draw when none does.
    pub stuck: Vec<(BoolExpr, Outcome)>,
    /// How many direction variables an expression may bind at once.
    pub dir_slots: usize,
    /// How many group variables (`each group g`) may be bound at once.
    pub set_slots: usize,
    /// Pieces in hand at the start (`reserve`), at `player * pieces.len()
    /// + kind`; empty when the game has no reserve.
    pub reserve: Vec<u16>,
    /// Per kind: placing it takes one from the player's reserve.
    pub reserved: Vec<bool>,
    /// Per kind: the kind a captured piece of it goes to the capturer's
    /// hand as (`captures to hand`); `None` leaves the board for good. Empty
    /// without the item.
    pub captured_to: Vec<Option<Kind>>,
    /// The kind of counters (`counters seed`), if the game has one.
    pub counters: Option<String>,
    /// Counters per cell at the start (`setup: N x seed at S`); empty in a
    /// game without counters.
    pub tally: Vec<u16>,
    /// The rings (`ring ccw, cw = ...`).
    pub rings: Vec<Ring>,
    /// Some rule puts counters in hand or asks how many are (`take S`,
    /// `in-hand(seed)`): `show` lists the hands.
    pub counter_hands: bool,
    /// Where each rule was written, for explanations only.
    pub sources: Sources,
}

impl Rules {
    /// Bitset words per cell set on this board.
    pub fn words(&self) -> usize {
        self.board.len().div_ceil(64)
    }
}
