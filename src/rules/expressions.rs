//! The expressions of the rules: sets of cells, numbers, conditions and
//! directions, seen from a player (`Who`). Re-exported by [`crate::rules`].

use super::*;

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
// A tag byte of its own, not one folded into a field: matched on hot paths.
#[repr(u8)]
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
    /// The last action's cell (its `here`), which a `where` does not
    /// rebind: custodial captures name the piece that moved.
    ActionCell,
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
    /// Cells holding a piece of a kind ranked above the kind of some piece
    /// on the set (kinds rank in the order of `pieces`, the first highest;
    /// `stronger(S)`).
    Stronger(Box<SetExpr>),
    /// The cell of the set numbered by the number, from 0, in the board's
    /// order of cells (`nth(S, K)`); none when there is no such cell.
    Nth(Box<SetExpr>, Box<NumExpr>),
    /// Cells holding a piece of a kind ranked below the kind of some piece
    /// on the set (`weaker(S)`).
    Weaker(Box<SetExpr>),
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
    /// `reach(SEED, THROUGH, KIND)`: as [`SetExpr::Reach`], along links
    /// without a line of the kind (an index in [`super::Rules::lines`]).
    ReachUnlined(Box<SetExpr>, Box<SetExpr>, u8),
    /// `stroke(S)`: the cells joined to a cell of S by a line of the kind
    /// (an index in [`super::Rules::lines`]).
    Joined(Box<SetExpr>, u8),
    /// `board(N)`, for a family of regions (an index in
    /// [`super::Rules::families`]): the cells of its member number N (from
    /// 1); none when it has no such member.
    Member(Box<NumExpr>, u16),
    /// `board(S)`: the cells of the family's members that hold a cell of S.
    Members(Box<SetExpr>, u16),
    /// Cells holding counters (`seeded`).
    Seeded,
    /// Cells whose stack holds two pieces or more (`stacked`).
    Stacked,
    /// The cell the last counter of the last sowing fell in (`last-sown`).
    LastSown,
    /// The cells where the actions the current step would offer the
    /// view's player, were it to move, end (`destinations`; in `view` only).
    Destinations,
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
    /// A number worked out in the position the slide is offered in (`by
    /// die`): as many cells as it says; none when it is below 1.
    Number(NumExpr),
}

impl Distance {
    /// A [`Distance::Number`] worked out to `n`, in whole cells: the part
    /// before the point, 0 below 1 (no move), at most `u32::MAX`.
    pub fn whole_cells(n: f64) -> u64 {
        if n >= 1.0 {
            n.min(u32::MAX as f64) as u64
        } else {
            0
        }
    }
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
// A tag byte of its own, not one folded into a field: matched on hot paths.
#[repr(u8)]
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
    /// `repetition-turns`: how many turns ago the first of those earlier
    /// turns started (the turns a repetition spans), 0 without one.
    RepetitionTurns,
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
    /// How many pieces the stacks on the cells of the set hold (`stack`).
    Stack(SetExpr),
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
    /// `index(FAMILY, S)`: the number of the family's member (an index in
    /// [`super::Rules::families`]) that holds the first cell of S, from 1;
    /// 0 when S is empty or its first cell is in none.
    MemberIndex(SetExpr, u16),
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
    /// `div(a, b)`: `a / b` rounded down (0 when `b` is 0).
    Div(Box<NumExpr>, Box<NumExpr>),
    /// `mod(a, b)`: what is left of `a` after `div(a, b)` times `b` (0 when
    /// `b` is 0).
    Mod(Box<NumExpr>, Box<NumExpr>),
    /// `-a`.
    Neg(Box<NumExpr>),
}

/// `a` divided by `b`: the quotient rounded down, and what is left (both
/// 0 when `b` is 0).
pub fn divide(a: f64, b: f64) -> (f64, f64) {
    if b == 0.0 {
        return (0.0, 0.0);
    }
    let q = (a / b).floor();
    (q, a - q * b)
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
// A tag byte of its own, not one folded into a field: matched on hot paths.
#[repr(u8)]
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
    /// `changed`: the position (pieces, marks, hands) differs from the one
    /// at this turn's first decision (Arimaa's turn must change it).
    Changed,
    /// `attacked(S)`: another player could move a piece onto a cell of S,
    /// were a piece of the viewer there, by one of the rules' step, slide,
    /// leap, hop or jump actions (guards, `keep if` and turns aside);
    /// the pieces on the third set's cells left out (`Empty`: none), as
    /// if those cells were empty.
    Attacked(SetExpr, Who, Box<SetExpr>),
}
