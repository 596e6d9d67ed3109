//! The output of check: a checked game, every name resolved, every option
//! fixed. Prepare ([`crate::engine::Game::new`]) builds a game on these
//! rules and play runs them; they are frozen from then on. Nothing here
//! refers to syntax. [`parts`] says what each node is made of and what kind
//! of set it is; [`walk`] visits every expression, for the facts derived
//! from them.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::ids::Cell;

pub mod cell_read;
mod directions;
mod expressions;
mod notation;
pub mod parts;
pub mod sources;
mod text;
pub mod walk;
mod ways;

pub use directions::{DirMask, DirSet, MAX_DIRS, all_dirs, each_dir};
pub use expressions::*;
pub use notation::{NOTATION_STYLES, NotationStyle};
pub use sources::Sources;
pub use text::{FindEnd, Flag, PositionText, TextField, kind_chars, kind_letters};
pub use ways::{Circuit, Family, Track};

pub use crate::ids::{Dir, NO_DIR};
pub use crate::ids::{Kind, Mark, Player};

/// An effect: a change to the position that no player chooses (after `then`,
/// or an automatic step of a turn).
#[derive(Clone, Debug, PartialEq)]
// A tag byte of its own, not one folded into a field: matched on hot paths.
#[repr(u8)]
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
    /// Runs the body once per member of a family of regions (an index in
    /// [`Rules::families`]), in their order, with the member in `slot`.
    EachMember {
        /// The slot the member is bound to ([`SetExpr::Var`]).
        slot: u8,
        /// The family.
        family: u16,
        /// The effect run for each member.
        body: Box<Effect>,
    },
    /// The seats exchange players.
    Swap,
    /// The mover also plays the next turn (`again`): the turn number goes
    /// on, the player to move stays.
    Again,
    /// The pieces on the cells become this kind (same owner).
    Make(SetExpr, Kind),
    /// A piece of this kind, the player's (the mover's unless another is
    /// named; nobody's, if neutral), on each empty cell; from that
    /// player's reserve while it lasts, for a kind placed from one.
    Place(Kind, Who, SetExpr),
    /// The piece on the one cell of the first set moves to the one cell of
    /// the second (nothing happens unless each set is one cell and the
    /// first holds a piece).
    Move(SetExpr, SetExpr),
    /// A variable takes a value.
    Set(u8, NumExpr),
    /// A line of the kind (an index in [`Rules::lines`]) between each cell
    /// of the first set and each of its neighbours in the second (`draw
    /// stroke from origin to here`).
    Draw(u8, SetExpr, SetExpr),
    /// The counters on the cells of the first set go to the mover's hand,
    /// or, with a second set of one cell, onto that cell (`take S [into T]`).
    Take(SetExpr, Option<SetExpr>),
}

/// A kind of line drawn between neighbouring cells (`lines stroke`). A
/// line is kept as a mark on each of its two cells, one mark per board
/// direction: a cell carries the kind's mark for direction `d` when a line
/// joins it to its neighbour in direction `d`. So lines are hashed, copied
/// and compared with the marks, at no cost of their own.
#[derive(Clone, Debug, PartialEq)]
pub struct LineKind {
    /// The name declared.
    pub name: String,
    /// Per board direction (a [`crate::ids::Dir`]'s index): the mark.
    pub marks: Vec<Mark>,
}

impl LineKind {
    /// Calls `f` with the two ends of each line of this kind between a
    /// cell of `from` and a neighbour of it for which `to` holds, each end
    /// with the mark it carries (the direction toward the other end).
    pub fn each_line(
        &self,
        board: &Board,
        from: impl IntoIterator<Item = usize>,
        to: impl Fn(usize) -> bool,
        mut f: impl FnMut((Cell, Mark), (Cell, Mark)),
    ) {
        let table = board.neighbor_table();
        let dirs = self.marks.len();
        for a in from {
            for (d, &mark) in self.marks.iter().enumerate() {
                let b = table[a * dirs + d];
                if b != crate::ids::NO_CELL && to(b as usize) {
                    let back = self.marks[board.opposite(crate::ids::Dir::new(d)).index()];
                    f((Cell::new(a), mark), (Cell::new(b as usize), back));
                }
            }
        }
    }
}

impl Rules {
    /// How many marks the file declares (`marks`): the kinds of lines'
    /// marks come after them.
    pub fn declared_marks(&self) -> usize {
        self.lines
            .first()
            .and_then(|l| l.marks.first())
            .map_or(self.marks.len(), |m| m.index())
    }

    /// The lines of kind `line` drawn at the start (`setup: stroke from
    /// ...`), each once, as (lower cell, higher cell).
    pub fn setup_lines(&self, line: usize) -> Vec<(Cell, Cell)> {
        let marks = &self.lines[line].marks;
        let mut out = Vec::new();
        for &(c, m) in &self.setup_marks {
            if let Some(d) = marks.iter().position(|&x| x == m)
                && let Some(n) = self.board.neighbor(c, crate::ids::Dir::new(d))
                && c < n
            {
                out.push((c, n));
            }
        }
        out.sort();
        out
    }
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
// A tag byte of its own, not one folded into a field: matched on hot paths.
#[repr(u8)]
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
    /// `pick S`: each cell of S, whatever it holds; the action changes
    /// nothing itself (its `then` effects do), and sets `here`.
    Pick(SetExpr),
    /// `deal at S`: chance takes a piece from the players' hands, each
    /// piece held as likely as any other, and puts it, its owner's, on the
    /// one empty cell of S (offered only when S has exactly one). Option
    /// `k` is the piece of kind `k % kinds` owned by player `k / kinds`,
    /// offered while its owner holds one.
    Deal {
        /// The cell dealt to: the set's one empty cell.
        target: SetExpr,
        /// How each option is written: `OWNER-KIND` (`red-general`).
        outcomes: Vec<String>,
    },
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
        /// Who picks the value: the mover or chance (`roll`).
        by: ChosenBy,
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
        /// The directions it may slide in (none along a track).
        dirs: DirSet,
        /// Along this track (an index into [`Rules::tracks`]) instead of
        /// the board's directions: `slide ... along TRACK by N`, or along a
        /// circuit to the first piece (`slide ... around CIRCUIT`).
        along: Option<u16>,
        /// How many of a circuit's loops the move must go through (1 for
        /// `around`, 0 for `along`); 0 off a circuit.
        loops: u8,
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
    /// A line of kind `line` not drawn yet, between a cell of `from` and
    /// its neighbour in one of the board's directions, in `to`: the action
    /// `FROM-TO` draws it (a line between two cells of both sets is offered
    /// once, from the cell listed first on the board). Nothing moves;
    /// `origin` and `here` are its two ends.
    Draw {
        /// The kind of line, an index into [`Rules::lines`].
        line: u8,
        /// The cells a line may start from.
        from: SetExpr,
        /// The cells it may go to.
        to: SetExpr,
    },
    /// The block of a cell of `from` (the cell and its neighbours in each
    /// of the board's directions) moves along a line, toward one of its
    /// cells in `toward`, up to `limit` cells, while the cells it newly
    /// covers are in `path`, its centre stopping on a cell of `to`: each
    /// cell of the block takes the piece (or the emptiness) of the cell in
    /// the same direction from the first centre; what would leave the
    /// board is lost (Gess).
    Shift {
        /// The centres of the blocks that may move.
        from: SetExpr,
        /// A block moves in direction `d` only if its centre's neighbour in
        /// `d` is in this set (`None`: any neighbour).
        toward: Option<SetExpr>,
        /// At most this many cells (`None`: any number).
        limit: Option<u32>,
        /// The cells a block may newly cover and go on (`empty` by default).
        path: SetExpr,
        /// The cells its centre may stop on.
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

/// Who picks a `choose`'s value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChosenBy {
    /// The player to move: each value is one of its actions.
    Mover,
    /// Chance (`roll`): each value's weight, the times it was listed (its
    /// probability is its weight over their sum). The values are distinct.
    Chance(Vec<u32>),
}

/// One way to spend a ply: a kind of action, its cells, and what follows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// How the action is named in notation when it needs a name (`replace:d4`).
    pub name: String,
    /// What the action is and which cells it is offered on.
    pub kind: ChoiceKind,
    /// `staying`: a move whose piece stays on its cell; nothing moves or is
    /// taken, and its effects act with `origin` and `here` the move's two
    /// cells.
    pub staying: bool,
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

/// Whose hands (`reserve`) a player sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandsSeen {
    /// Every hand, piece by piece (the default).
    Every,
    /// Its own; of the others' only how many pieces each holds (`view
    /// hands: own`).
    Own,
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
// A tag byte of its own, not one folded into a field: matched on hot paths.
#[repr(u8)]
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
        /// Who picks among the actions offered: the mover, or chance
        /// (`by chance:`, each action as likely as the others).
        by: Decider,
    },
    /// An automatic step: the effect runs with no decision.
    Effect(Effect),
    /// `end if COND: OUTCOME`: ends the game here if the condition holds, seen
    /// from the mover.
    End(BoolExpr, Outcome),
}

/// Who takes a step's decisions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Decider {
    /// The player to move.
    Mover,
    /// Chance, each action offered as likely as the others (`by chance:`).
    Chance,
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

/// A step of `try REAL among NAMED [else EFFECT]`: the step offers the
/// actions the player names; the real action with the same cells is
/// played, and when there is none the named one is a failed try.
#[derive(Clone, Debug, PartialEq)]
pub struct TryRule {
    /// The turn rule (index into `Rules::turns`).
    pub turn: u16,
    /// The step in that turn rule.
    pub step: u16,
    /// The real actions, judged as a step offering them would.
    pub real: Vec<Entry>,
    /// What a failed try does (`else`).
    pub failing: Option<Effect>,
}

/// A value set during the game by `choose`.
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    /// The variable's name.
    pub name: String,
    /// For a variable chosen among names, the names (the value is the index).
    pub symbols: Vec<String>,
    /// A number variable's first value (`variables checks = 3`; else 0).
    pub start: f64,
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
    /// `up to M` / `down to M`: the best a turn can count, read at each
    /// decision; a turn past it counts as it, so the search stops at the
    /// first turn that reaches it.
    pub bound: Option<NumExpr>,
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
    /// The marks' names; a [`Mark`] is an index here. The kinds of lines'
    /// marks come last (see [`LineKind`]).
    pub marks: Vec<String>,
    /// The marks declared `on pieces` (bit `m` for mark `m`): a moving
    /// piece carries them, and they leave the board with it.
    pub piece_marks: u64,
    /// The kinds of lines drawn between neighbouring cells (`lines stroke`).
    pub lines: Vec<LineKind>,
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
    /// The steps whose actions the player names blind (`try REAL among
    /// NAMED`); empty in most games.
    pub tries: Vec<TryRule>,
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
    /// `stacks`: a cell holds a stack of pieces of one kind and owner,
    /// whose top the sets see.
    pub stacks: bool,
    /// `captures to REGION`: per player, the cell that player's captured
    /// pieces go onto; empty without the item.
    pub captures_onto: Vec<u32>,
    /// The kind of counters (`counters seed`), if the game has one.
    pub counters: Option<String>,
    /// Counters per cell at the start (`setup: N x seed at S`); empty in a
    /// game without counters.
    pub tally: Vec<u16>,
    /// The rings (`ring ccw, cw = ...`).
    pub rings: Vec<Ring>,
    /// The tracks (`track path: ...`).
    pub tracks: Vec<Track>,
    /// The families of regions (`region board = blocks(3)`).
    pub families: Vec<Family>,
    /// Some rule puts counters in hand or asks how many are (`take S`,
    /// `in-hand(seed)`): `show` lists the hands.
    pub counter_hands: bool,
    /// `view: SET`: the cells whose pieces each player sees, worked out
    /// from that player's point of view; `None` when every player sees
    /// everything.
    pub view: Option<SetExpr>,
    /// The view reads `destinations`: working it out lists the actions
    /// the viewer would have (see [`SetExpr::Destinations`]).
    pub view_destinations: bool,
    /// `view owners: SET`: the cells, outside the view's, on which a player
    /// sees whose piece stands but not its kind (Stratego's hidden army).
    pub view_owners: Option<SetExpr>,
    /// Whose hands a player sees (`view hands: own`).
    pub hands_seen: HandsSeen,
    /// `picture`: how pictures draw the game.
    pub picture: Picture,
    /// `notation`: how players write the game's turns, the first written
    /// where a player reads; empty for gdl's own only.
    pub notation: Vec<NotationStyle>,
    /// Where each rule was written, for explanations only.
    pub sources: Sources,
}

/// How pictures of the game are drawn (`picture: ...`); the rules never
/// read it.
#[derive(Clone, Debug, Default)]
pub struct Picture {
    /// Squares drawn light and dark (`dark` holds a1).
    pub checkered: bool,
    /// Glyphs written on the pieces' discs (shogi's and xiangqi's pieces),
    /// not drawn alone (chess symbols).
    pub discs: bool,
    /// Per kind of piece: the glyph drawn in its owner's colour, if given.
    pub glyphs: Vec<Option<String>>,
    /// `check KIND`: the kind whose cell is shown when another player's
    /// piece attacks it (chess's king in check).
    pub check: Option<usize>,
}

impl Rules {
    /// Bitset words per cell set on this board.
    pub fn words(&self) -> usize {
        self.board.len().div_ceil(64)
    }
}
