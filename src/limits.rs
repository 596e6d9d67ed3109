//! Every capacity limit of the language, in one place.
//!
//! Each limit is checked where a game is loaded (at read, parse or check),
//! with an error at the file position that exceeds it; the engine relies on
//! them (fixed-size scratch space, bit masks, bytes) and never truncates.
//! The table in `docs/language.md` ("Limits") lists them for designers.

/// Largest game file read, in bytes: reading stops here (`check /dev/zero`
/// ends with an error instead of growing without bound). Every file `gdl`
/// reads has such a cap, checked by `crate::files::read_text`; the
/// others follow.
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// Deepest chain of games based on games (`based on`): a file, its base,
/// the base's base, ... (each file within [`MAX_INPUT_BYTES`]).
pub const MAX_BASES: usize = 8;

/// Deepest chain of action groups naming action groups (`action moves =
/// steps | jumps`, `action steps = ...`); a group deeper, or one that
/// names itself, is left as its name, an unknown action.
pub const MAX_GROUP_DEPTH: usize = 8;

/// Largest game record read (`gdl replay`, `play --resume`), in bytes: a
/// turn is a line of a few words, so far more than any game's turns.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// Largest test-case file read (`NAME.tests`), in bytes.
pub const MAX_TESTS_BYTES: u64 = 16 << 20;

/// Largest snapshot document read (`NAME.snapshot`), in bytes: a few
/// positions and perft counts per option set.
pub const MAX_SNAPSHOT_BYTES: u64 = 16 << 20;

/// Largest analysis shard read by `gdl merge`, in bytes: about 200 bytes
/// per game recorded, so a whole run of the most random games
/// ([`crate::analysis::MAX_GAMES`]) fits, with its search games.
pub const MAX_SHARD_BYTES: u64 = 512 << 20;

/// Longest name (of a piece, player, option, cell...), in characters, so
/// that messages quoting names stay short and suggestions stay fast.
pub const MAX_NAME_LEN: usize = 100;

/// Longest glyph of a `picture` (`king = "♚"`), in characters: a symbol or
/// a few letters, drawn in a piece's place.
pub const MAX_GLYPH_CHARS: usize = 3;

/// Numbers written in a game file or given with `-o` are below this in size,
/// and have no exponent (they are exact in 64-bit floating point).
pub const MAX_NUMBER: f64 = 1e15;

/// Deepest nesting of the parse tree (grammar rules inside one another), so
/// that building and dropping the syntax tree cannot overflow a thread's
/// stack. A parenthesis costs about ten levels; every game within the limits
/// below stays far under it.
pub const MAX_PARSE_DEPTH: usize = 1000;

/// Deepest nesting of an expression (definitions count where they are used;
/// the parser groups a long flat chain of `or`, `and` or `except` evenly):
/// the engine's evaluator takes at most four scratch sets per level
/// ([`SCRATCH_SETS`]).
pub const MAX_DEPTH: usize = 64;

/// Deepest nesting of effects (parenthesised groups, `if`, `repeat`, `each
/// group`, named effects where they are used), since the engine runs them
/// recursively, on worker threads with small stacks too.
pub const MAX_EFFECT_DEPTH: usize = 64;

/// Most parts (expressions and effects) in a game's compiled rules, with
/// definitions and named effects counted wherever they are used: each can
/// use another twice, doubling the rules at every level.
pub const MAX_LOWERED: usize = 200_000;

/// Scratch sets the evaluator needs: four per level of expression nesting.
/// (The engine's `engine::SCRATCH_SETS` should be this constant.)
pub const SCRATCH_SETS: usize = 4 * MAX_DEPTH + 8;

/// Most nested bound variables of one kind: `some d:`/`every d:`
/// (direction slots), and `each group g` (set slots).
pub const MAX_BINDINGS: usize = 8;

/// Most players: seats are kept in a `u8` and in bit masks of alive players.
pub const MAX_PLAYERS: usize = 8;

/// Most variables (`variables a, b`): a state keeps them in a `[f64; 16]`.
pub const MAX_VARIABLES: usize = 16;

/// Most piece kinds.
pub const MAX_PIECES: usize = 30;

/// Most different pieces a hand may hold in a game that `deal`s (players ×
/// kinds): the pieces left to deal are the bits of a `u64`.
pub const MAX_DEALT: usize = 64;

/// Most marks: a cell's marks are bits of a `u64`.
pub const MAX_MARKS: usize = 64;

/// Most piece codes: a cell stores its piece (kind and owner, or none) in a
/// byte, so kinds × (players + 1) must stay at most this.
pub const MAX_PIECE_CODES: usize = 254;

/// Words of 64 bits in a set of piece codes (code 0 is the empty cell), for
/// the engine's fixed scratch such as `[u64; 4]`.
pub const PIECE_CODE_WORDS: usize = (MAX_PIECE_CODES + 1).div_ceil(64);

/// Most cells of a board (also the largest side given to a generator).
pub const MAX_CELLS: usize = 4096;

/// Words of 64 bits in a set of cells, or of rows or columns, at most (for
/// the engine's fixed scratch such as `[u64; 64]`).
pub const MAX_CELL_WORDS: usize = MAX_CELLS.div_ceil(64);

/// Largest size given to a board generator (`square(N)`).
pub const MAX_BOARD_SIZE: i64 = MAX_CELLS as i64;

/// Most actions (choices) a game declares: they are indexed by a `u16`.
pub const MAX_ACTIONS: usize = u16::MAX as usize;

/// Most plies in `N x` (a step repeated N times).
pub const MAX_REPEAT: u32 = 10_000;

/// Longest leg of a leap pattern (`leap own (A, B)`, `leaps(S, A, B)`).
pub const MAX_LEAP: i64 = 1000;

/// Longest fixed distance of a slide (`slide own by N`).
pub const MAX_DISTANCE: i64 = 1000;

/// Most different leap patterns in a game: each has a table of each cell's
/// targets (as a set of cells per cell: 2 MiB on the largest board).
pub const MAX_LEAP_PATTERNS: usize = 16;

/// Most region turns one `rotate` offers (regions times angles): each is a
/// table of the region's cells, and an action names it by a 16-bit index.
pub const MAX_REGION_TURNS: usize = 1000;

/// Most pieces of one kind in a player's reserve (`reserve: man = 9`).
pub const MAX_RESERVE: i64 = 10_000;

/// Kinds of counters a game may declare (`counters seed`): each cell keeps
/// one count.
pub const MAX_COUNTER_KINDS: usize = 1;

/// Most counters a game may start with, all cells together (`setup: N x
/// seed at S`): counters are only ever moved, never made, so no cell and
/// no hand can hold more than this, and a count fits in 16 bits.
pub const MAX_COUNTERS: i64 = 65_535;

/// Most pieces a setup stacks on one cell (`setup: 15 x white checker at
/// S`, in a game with `stacks`).
pub const MAX_SETUP_STACK: i64 = 1000;

/// Longest `line(S, N)`.
pub const MAX_LINE: i64 = 1000;

/// Most numbers in the value of a list option (`-o komi=0.5,1.5`).
pub const MAX_LIST_VALUES: usize = 1000;

/// Largest turn number in `turn N:` or `swap at turn N`; a larger one could
/// never apply before a playout is cut off.
pub const MAX_TURN: u32 = 1_000_000;

/// Most ways to play one turn that `gdl moves --turns` explores: the
/// number of whole turns can grow exponentially with their actions (three
/// placements on 127 cells make two million).
pub const MAX_LISTED_TURNS: usize = 100_000;

/// Most positions `keep turns with` plays through to judge one decision
/// (every way to finish the turn from each of its actions): the ways grow
/// exponentially with a turn's actions. Past it the game stops with an
/// error ([`crate::engine::TurnTooLong`]).
pub const MAX_TURN_SEARCH: u64 = 1_000_000;

/// Longest line read at `gdl play`'s prompt, in bytes: far more than any
/// action or whole turn; a longer one (`play < /dev/zero`) ends the game's
/// session with an error instead of filling the memory.
pub const MAX_PROMPT_LINE: usize = 64 << 10;

/// Deepest perft count: `gdl perft -d` and a `perft:` line of a test case
/// count at most this many depths (a deeper count would not end).
pub const MAX_PERFT_DEPTH: usize = 64;

/// Most distinct positions `gdl perft --unique` keeps for one depth: each
/// is a 64-bit hash in a hash set (a table of 2^24 slots, about 150 MB,
/// and 230 MB while it grows). Past it the count is refused.
pub const MAX_UNIQUE_POSITIONS: usize = 14_000_000;

/// Most positions `gdl solve` (and `analyze`'s perfect play) numbers: each
/// costs its key, its children and a few numbers (about 10 GB at the most).
pub const MAX_SOLVE_POSITIONS: u64 = 50_000_000;

/// Longest line of play `gdl solve` follows: the walk keeps a state for
/// each position on it (a game's history with it), so a long one would
/// take gigabytes (Go, before this limit).
pub const MAX_SOLVE_DEPTH: usize = 2_000;

#[cfg(test)]
mod tests {
    use super::*;

    /// The limits table of the language reference states these values.
    #[test]
    fn the_reference_states_each_limit() {
        let docs = include_str!("../docs/language.md");
        let start = docs.find("## 21. Limits").expect("the limits section");
        let table = &docs[start..];
        for row in [
            format!("| cells | {MAX_CELLS} |"),
            format!("| board sizes | 1 to {MAX_BOARD_SIZE} |"),
            format!("| players | {MAX_PLAYERS} |"),
            format!("| piece kinds | {MAX_PIECES}, and at most {MAX_PIECE_CODES} / (players + 1)"),
            format!("| marks | {MAX_MARKS} |"),
            format!("| `N x` repetitions | 1 to {MAX_REPEAT} |"),
            format!("| `line` length | 1 to {MAX_LINE} |"),
            format!("| pieces in a reserve | 0 to {MAX_RESERVE} |"),
            format!("| players × piece kinds, in a game with `deal` | {MAX_DEALT} |"),
            format!("| kinds of counters | {MAX_COUNTER_KINDS} |"),
            format!("| counters at the start, all cells together | {MAX_COUNTERS} |"),
            format!("| pieces in one stack at the start (`N x`) | 1 to {MAX_SETUP_STACK} |"),
            format!("| leap pattern `(A, B)` | 0 to {MAX_LEAP} each, not both 0 |"),
            format!("| different leap patterns | {MAX_LEAP_PATTERNS} |"),
            format!("| slide distance `by N` | 1 to {MAX_DISTANCE} |"),
            format!("| region turns of one `rotate` (regions × angles) | {MAX_REGION_TURNS} |"),
            format!("| nested `some`/`every` | {MAX_BINDINGS} |"),
            format!("| nested `each group` | {MAX_BINDINGS} |"),
            format!("| nesting of an expression | {MAX_DEPTH} levels"),
            format!("| variables | {MAX_VARIABLES} |"),
            format!("| numbers in a list option | 1 to {MAX_LIST_VALUES} |"),
            format!("less than 10^{} in size", MAX_NUMBER.log10()),
            format!("| nesting of effects | {MAX_EFFECT_DEPTH} levels"),
            format!("| size of the rules | {MAX_LOWERED} parts"),
            format!("about {} levels of parentheses", MAX_PARSE_DEPTH / 10),
            format!("| 1 to {MAX_TURN} (and `turn 0:`"),
            format!("| names | {MAX_NAME_LEN} characters |"),
            format!("| glyphs of `picture` | 1 to {MAX_GLYPH_CHARS} characters |"),
            format!("| game file | {} MiB |", MAX_INPUT_BYTES >> 20),
            format!("| games based on games (`based on`), one chain | {MAX_BASES} ("),
            format!("| action groups naming action groups, one chain | {MAX_GROUP_DEPTH} ("),
            format!("| positions `keep turns with` searches at one decision | {MAX_TURN_SEARCH}:"),
        ] {
            assert!(table.contains(&row), "the limits table lacks `{row}`");
        }
    }
}
