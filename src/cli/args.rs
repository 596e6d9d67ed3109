//! The command line's arguments: one `Args` struct per subcommand (clap
//! derive).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::agent::AgentSpec;
use crate::analysis::{self, Shard};
use crate::check::OptionChoice;
use crate::engine::{Shortcut, Shortcuts};

#[derive(Parser, Debug)]
#[command(
    name = "gdl",
    version,
    about = "Run board games described in the gdl language"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse and check game files; report every error found.
    Check(CheckArgs),
    /// Print a position (as text, or as an SVG picture with --svg).
    Show(ShowArgs),
    /// List the legal actions of a position, in notation.
    Moves(MovesArgs),
    /// Play a game in the terminal.
    Play(PlayArgs),
    /// Play random games and report their results and lengths.
    Playout(PlayoutArgs),
    /// Count the action sequences of each length (game-tree size), or of
    /// whole turns with --turns.
    Perft(PerftArgs),
    /// Measure random playouts per second on one thread.
    Bench(BenchArgs),
    /// The value of a position under perfect play, chance averaged
    /// (expectimax), over every position reachable from it.
    Solve(SolveArgs),
    /// Play many games between two agents and report their scores.
    Match(MatchArgs),
    /// Report on a game: random play, a search ladder, symmetries and a
    /// mirror check (Markdown, JSON, SVG charts; shards for several machines).
    Analyze(AnalyzeArgs),
    /// Combine the shards of `gdl analyze --shard i/n` into its report.
    Merge(MergeArgs),
    /// Run games' test cases (NAME.tests) and compare their snapshots
    /// (NAME.snapshot) beside them.
    Test(TestArgs),
    /// Check a game record against the rules and print its position.
    Replay(ReplayArgs),
    /// Say which rule offers an action or refuses it, with its place in
    /// the file (and, for a legal action, what it would change).
    Explain(ExplainArgs),
    /// Print a game's action space (the ids of its actions, as the Python
    /// package numbers them) and the layout of its observation tensor.
    Info(InfoArgs),
    /// Start the playground: a local web page to pick a game, play it by
    /// clicking, ask why an action is refused and edit its rules.
    Serve(ServeArgs),
    /// Play as a UCI engine (the protocol of chess GUIs and match runners)
    /// on standard input and output: MCTS chooses the moves, written in
    /// long algebraic notation (`e2e4`, `e7e8q`).
    Uci(EngineArgs),
    /// Play as a USI engine (the protocol of shogi GUIs) on standard input
    /// and output: MCTS chooses the moves, written in USI's notation
    /// (`7g7f`, `8h2b+`, `P*5e`); positions in SFEN.
    Usi(EngineArgs),
    /// Play as a GTP engine (the Go Text Protocol of Go GUIs) on standard
    /// input and output: MCTS chooses the moves of a placement game on a
    /// square board (Go, Gomoku).
    Gtp(EngineArgs),
    /// Serve the Language Server Protocol on standard input and output:
    /// errors as you type (those of `gdl check`), hover, go to
    /// definition, references, rename, completion and formatting, for any
    /// editor with an LSP client (see editors/).
    Lsp(LspArgs),
    /// Lay game files out as the language server does: line ends, the
    /// spaces around commas, blank lines; nothing else changes.
    Fmt(FmtArgs),
}

#[derive(Args, Debug)]
pub struct LspArgs {
    /// Talk over standard input and output (the only way; editors' LSP
    /// clients pass it).
    #[arg(long)]
    pub stdio: bool,
}

#[derive(Args, Debug)]
pub struct FmtArgs {
    /// Game files to lay out (each written whole, only if it changes).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Change nothing: list the files that are not laid out so, and fail
    /// if there is any.
    #[arg(long)]
    pub check: bool,
}

/// The game file and its options, common to all subcommands.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// A game file (`games/*.gdl`).
    pub file: PathBuf,
    /// Set an option declared in the game file (repeatable): `-o size=9`.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<OptionChoice>,
}

/// Which of the engine's speed shortcuts prepare builds (all by
/// default): to compare the plain path with the fast one.
#[derive(Args, Debug)]
pub struct ShortcutArgs {
    /// Use none of the engine's speed shortcuts: the plain path throughout.
    #[arg(long, conflicts_with = "without")]
    pub plain: bool,
    /// Switch these shortcuts off (names separated by commas; `gdl bench
    /// --paths` lists them).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub without: Vec<Shortcut>,
}

impl ShortcutArgs {
    /// The shortcuts these arguments leave on.
    pub fn shortcuts(&self) -> Shortcuts {
        match self.plain {
            true => Shortcuts::none(),
            false => (self.without.iter()).fold(Shortcuts::all(), |on, &s| on.without(s)),
        }
    }
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Game files to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Option values to check the files with: `-o size=9`.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<OptionChoice>,
}

#[derive(Args, Debug)]
pub struct InfoArgs {
    #[command(flatten)]
    pub game: GameArgs,
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Start from this position instead of the game's first: its text as
    /// `gdl show` prints it (FEN for chess), fields separated by spaces.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Actions to play first, separated by spaces: `--moves "d4 e5"`.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// List the ways to play the whole turn (the rest of it, in the middle
    /// of one), each joined into one word: `c3-e5-c7`, `d1-d7/g7`.
    #[arg(long)]
    pub turns: bool,
    /// List the whole turns in this notation: san, long-algebraic, usi,
    /// wxf, pdn, sgf or gdl (a turn it cannot write is in gdl's own).
    #[arg(long, value_name = "STYLE", value_parser = notation_style)]
    pub notation: Option<crate::rules::NotationStyle>,
}

/// A notation style by its name in `notation: ...`.
fn notation_style(text: &str) -> Result<crate::rules::NotationStyle, String> {
    let styles = crate::rules::NOTATION_STYLES;
    match styles.iter().find(|s| s.0 == text) {
        Some(&(_, style, _)) => Ok(style),
        None => {
            let names: Vec<&str> = styles.iter().map(|s| s.0).collect();
            Err(format!("the notations are {}", names.join(", ")))
        }
    }
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Start from this position instead of the game's first: its text as
    /// `gdl show` prints it (FEN for chess), fields separated by spaces.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Actions to play first, separated by spaces: `--moves "d4 e5"`;
    /// a whole turn may be one word (`d4/e5/f6`).
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Print the position as an SVG picture (the last action outlined).
    #[arg(long)]
    pub svg: bool,
    /// Print what this player sees of the position, in a game with hidden
    /// information (`view`): a player's name or a seat number (1 first);
    /// with `--svg`, as a picture.
    #[arg(long = "as", value_name = "PLAYER")]
    pub viewer: Option<String>,
    /// Print the game's rules as one file instead: for a game `based on`
    /// another, the whole game it amounts to, each file's items under a
    /// comment naming the file.
    #[arg(long, conflicts_with_all = ["svg", "viewer", "position", "moves"])]
    pub rules: bool,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Start from this position instead of the game's first: its text as
    /// `gdl show` prints it (FEN for chess), fields separated by spaces.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Actions to play first, separated by spaces: `--moves "d4 e5"`.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// The action to explain, in notation (`d4`, `c3-d4`, `swap`, a whole
    /// turn joined: `c3-e5-c7`).
    pub action: String,
}

#[derive(Args, Debug)]
pub struct TestArgs {
    /// Game files, or folders of them.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Store the snapshots computed now (after reviewing their diffs).
    #[arg(long)]
    pub accept: bool,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A record written by `gdl play --record`, or a PGN (`.pgn`), PDN
    /// (`.pdn`), CSA (`.csa`) or SGF (`.sgf`) file, with `--game`.
    pub record: PathBuf,
    /// The game file a PGN, PDN or SGF record is played on (none names
    /// it): `--game games/chess.gdl`, `--game games/go.gdl`.
    #[arg(long, value_name = "FILE")]
    pub game: Option<PathBuf>,
    /// Print the game as PGN (moves in SAN) instead of its position.
    #[arg(long, conflicts_with_all = ["sgf", "pdn", "csa"])]
    pub pgn: bool,
    /// Print the game as PDN (draughts' records, moves in numbered
    /// squares) instead of its position.
    #[arg(long, conflicts_with_all = ["sgf", "csa"])]
    pub pdn: bool,
    /// Print the game as CSA (shogi programs' records) instead of its
    /// position.
    #[arg(long, conflicts_with = "sgf")]
    pub csa: bool,
    /// Print the game as SGF instead of its position.
    #[arg(long)]
    pub sgf: bool,
    /// Stop after this many actions (plies).
    #[arg(long)]
    pub ply: Option<usize>,
    /// Print the position as an SVG picture.
    #[arg(long)]
    pub svg: bool,
    /// Print what this player sees, in a game with hidden information
    /// (`view`): a player's name or a seat number (1 first).
    #[arg(long = "as", value_name = "PLAYER")]
    pub viewer: Option<String>,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Start from this position instead of the game's first: its text as
    /// `gdl show` prints it (FEN for chess); kept in the record.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Actions to play before the game starts.
    #[arg(long)]
    pub moves: Option<String>,
    /// Seed for the random and search players [default: 1].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Keep the game in this record file, rewritten after every action
    /// (a file already there is replaced only with --force, the game file
    /// never).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Continue the game of this record (and keep recording into it), with
    /// its options, seats and seed.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Let --record replace a file already there.
    #[arg(long)]
    pub force: bool,
    /// Who plays each side, named after the game's players:
    /// `--black human --white mcts:1s`. By default the first player is
    /// human and the others random. Agents: human, random, mcts:BUDGET
    /// (BUDGET per action: 2000 iterations, 1s, 500ms). A player named
    /// seed, moves, position, option, help, record, resume or force is given its
    /// agent with `--player NAME=AGENT`, which works for any player.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "--PLAYER AGENT"
    )]
    pub agents: Vec<String>,
}

#[derive(Args, Debug)]
pub struct PlayoutArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub shortcuts: ShortcutArgs,
    /// Number of games (at least 1).
    #[arg(short = 'n', default_value_t = 1, value_parser = at_least_one)]
    pub count: u64,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub shortcuts: ShortcutArgs,
    /// Start from this position instead of the game's first: its text as
    /// `gdl show` prints it (FEN for chess), fields separated by spaces.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Deepest depth to count (1 to 64).
    #[arg(long, short = 'd', value_parser = clap::value_parser!(u16).range(1..=crate::limits::MAX_PERFT_DEPTH as i64))]
    pub depth: u16,
    /// Also count distinct positions at each depth, keeping at most
    /// 14000000 of them (about 150 MB): a depth with more is refused.
    #[arg(long)]
    pub unique: bool,
    /// Count sequences of whole turns instead of actions: a turn is
    /// complete when the turn number changes or the game ends.
    #[arg(long)]
    pub turns: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Actions to play before counting.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Fix the outcomes of chance, in notation (`"die=3 die=5"`): on each
    /// line, the first decision made by chance takes the first, the next
    /// the next, each played without counting; after the last, chance's
    /// outcomes count as nodes again.
    #[arg(long, value_name = "OUTCOMES", conflicts_with_all = ["turns", "unique"])]
    pub chance: Option<String>,
    /// Count the deepest depth only, divided by the first action (with
    /// --turns, the first whole turn): each one's count, then the total,
    /// as chess engines print it, to find where two counts part.
    #[arg(long, conflicts_with_all = ["unique", "chance"])]
    pub divide: bool,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Start from this position instead of the game's first: its text as
    /// `gdl show` prints it.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Actions to play before solving.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Most positions to number (each costs about 100 bytes and its
    /// edges): a game with more is refused.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=crate::limits::MAX_SOLVE_POSITIONS))]
    pub limit: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub shortcuts: ShortcutArgs,
    /// How long to run.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Print the route move generation takes for each step (how it is
    /// offered, where its sets come from, how its actions are counted)
    /// and the shortcuts on, instead of running.
    #[arg(long, conflicts_with_all = ["seconds", "playouts", "json"])]
    pub paths: bool,
    /// Play exactly this many random games instead: fixed work, to compare
    /// two builds by the CPU time they take (`time`, `scripts/cpu-ab.sh`).
    #[arg(long, conflicts_with = "seconds")]
    pub playouts: Option<u64>,
    /// Seed of the random games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The first agent: random or mcts:BUDGET, BUDGET per action in
    /// iterations (mcts:2000), seconds (mcts:1s) or milliseconds (mcts:500ms).
    #[arg(long, value_name = "AGENT")]
    pub p1: AgentSpec,
    /// The second agent, in the same form.
    #[arg(long, value_name = "AGENT")]
    pub p2: AgentSpec,
    /// Number of games; p1 moves first in the even-numbered games (from 0).
    #[arg(short = 'n', default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: u64,
    /// Threads to play games on; with iteration budgets the results do not
    /// depend on it.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: u16,
    /// Seed of the match; game i's seed derives from it and i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Write each game's record (as `play --record` does) to this folder,
    /// made if needed: DIR/game-1.record, ...; `gdl replay` reads them.
    /// Records already there are never replaced without --force.
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
    /// Replace the records already in the --record folder.
    #[arg(long, requires = "record")]
    pub force: bool,
}

/// A count of games: a whole number, at least 1.
fn at_least_one(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("give at least 1 game".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// Iteration budgets of the search ladder: `10,100,1000`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ladder(pub Vec<u64>);

fn parse_ladder(s: &str) -> Result<Ladder, String> {
    analysis::parse_ladder(s).map(Ladder)
}

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Random games to play, at most 1000000: each game's record is kept
    /// until the report (about 180 MB for the most, and 1 GB to merge
    /// their shards).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=analysis::MAX_GAMES))]
    pub games: u64,
    /// Search budgets of the skill ladder, in iterations per action, ascending.
    #[arg(long, default_value = "10,100,1000", value_parser = parse_ladder, value_name = "N,N,...")]
    pub ladder: Ladder,
    /// Games per adjacent pair of the ladder, and of self-play at the
    /// strongest budget (0: no search games).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(0..=analysis::MAX_SEARCH_GAMES))]
    pub ladder_games: u64,
    /// Games of the mirror agent per symmetry (0: no mirror check).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(0..=analysis::MAX_SEARCH_GAMES))]
    pub mirror_games: u64,
    /// Iterations per action of the mirror's opponent [default: 100, or the
    /// strongest ladder budget if less].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=analysis::MAX_BUDGET))]
    pub mirror_budget: Option<u64>,
    /// Most positions the *Perfect play* section numbers, from the start,
    /// to find the values under perfect play; a game with more is
    /// skipped (0: skip it).
    #[arg(long, default_value_t = analysis::DEFAULT_SOLVE_LIMIT, value_parser = clap::value_parser!(u64).range(0..=crate::limits::MAX_SOLVE_POSITIONS))]
    pub solve_limit: u64,
    /// Threads to play games on [default: all cores]; the results do not
    /// depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Seed of the run; every game's seed derives from it, its section and
    /// its index.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the report as JSON instead of Markdown.
    #[arg(long)]
    pub json: bool,
    /// Write report.md, report.json and SVG charts to this directory (a
    /// shard: shard-I-of-N.json) instead of printing the report.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Play only slice i of n (games whose index is i-1 modulo n) and write
    /// its raw records as JSON, for `gdl merge`.
    #[arg(long, value_name = "i/n")]
    pub shard: Option<Shard>,
    /// Replace the report or shard files already in the --out directory.
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Shard files written by `gdl analyze --shard i/n`.
    #[arg(required = true, value_name = "SHARD.json")]
    pub files: Vec<PathBuf>,
    /// Print the report as JSON instead of Markdown.
    #[arg(long)]
    pub json: bool,
    /// Write report.md, report.json and SVG charts to this directory.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Replace the report files already in the --out directory.
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Game files, or folders of them (their `.gdl` files), to serve: the
    /// page reads and saves these and no others.
    #[arg(default_value = "games")]
    pub paths: Vec<PathBuf>,
    /// The port to listen on (0: any free port, printed at the start).
    #[arg(long, default_value_t = 8040)]
    pub port: u16,
    /// The address to listen on. Anyone who can reach it can edit the
    /// files served: keep the default unless you trust the network.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
}

/// An engine protocol's arguments (`gdl uci`, `gdl gtp`).
#[derive(Args, Debug)]
pub struct EngineArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The search for a move when the client sets no limit (UCI's `go`
    /// without nodes, movetime or clock; every GTP `genmove`): iterations
    /// (`2000`) or time (`1s`, `500ms`).
    #[arg(long, default_value = "1s", value_name = "BUDGET")]
    pub budget: crate::mcts::Budget,
    /// Seed of the searches (with an iteration budget, the same commands
    /// give the same moves).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}
