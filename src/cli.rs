//! The `gdl` command line: one `Args` struct per subcommand, one function
//! per subcommand, and exit codes decided in one place ([`Failure::code`]).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use serde::Serialize;
use serde_json::json;

use crate::agent::{self, AgentSpec};
use crate::analysis::{self, Shard, TallyDoc};
use crate::check::OptionChoice;
use crate::engine::{Game, State};
use crate::mcts::{Budget, Mcts};
use crate::notation;
use crate::run;
use crate::show;
use crate::{LoadError, LoadErrorKind};

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
    /// Print a position.
    Show(ShowArgs),
    /// List the legal actions of a position, in notation.
    Moves(ShowArgs),
    /// Play a game in the terminal.
    Play(PlayArgs),
    /// Play random games and report their results and lengths.
    Playout(PlayoutArgs),
    /// Count the action sequences of each length (game-tree size).
    Perft(PerftArgs),
    /// Measure random playouts per second on one thread.
    Bench(BenchArgs),
    /// Play many games between two agents and report their scores.
    Match(MatchArgs),
    /// Report on a game: random play, a search ladder, symmetries and a
    /// mirror check (Markdown, JSON, SVG charts; shards for several machines).
    Analyze(AnalyzeArgs),
    /// Combine the shards of `gdl analyze --shard i/n` into its report.
    Merge(MergeArgs),
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
pub struct ShowArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Actions to play first, separated by spaces: `--moves "d4 e5"`.
    #[arg(long, default_value = "")]
    pub moves: String,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Actions to play before the game starts.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Seed for the random and search players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Who plays each side, named after the game's players:
    /// `--black human --white mcts:1s`. By default the first player is
    /// human and the others random. Agents: human, random, mcts:BUDGET
    /// (BUDGET per action: 2000 iterations, 1s, 500ms).
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
    /// Number of games.
    #[arg(short = 'n', default_value_t = 1)]
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
    /// Deepest depth to count (1 to 64).
    #[arg(long, short = 'd', value_parser = clap::value_parser!(u16).range(1..=64))]
    pub depth: u16,
    /// Also count distinct positions at each depth.
    #[arg(long)]
    pub unique: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Actions to play before counting.
    #[arg(long, default_value = "")]
    pub moves: String,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// How long to run.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
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
    /// Random games to play.
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

/// Why a command failed; each kind has its exit code.
#[derive(Debug)]
pub enum Failure {
    /// The game file has errors (already rendered).
    GameFile(String),
    /// Bad input on the command line or at the prompt: options, moves, agents.
    Input(String),
    /// A file could not be read or output not written.
    Io(String),
}

impl Failure {
    /// Exit codes: 1 for a bad game file, 2 for bad input (as for usage
    /// errors), 3 for I/O problems.
    pub fn code(&self) -> i32 {
        match self {
            Failure::GameFile(_) => 1,
            Failure::Input(_) => 2,
            Failure::Io(_) => 3,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            Failure::GameFile(m) | Failure::Input(m) | Failure::Io(m) => m,
        }
    }
}

fn io(e: std::io::Error) -> Failure {
    Failure::Io(format!("error: {e}\n"))
}

/// The failure for a game that did not load: a file that cannot be read
/// is an I/O problem, bad option choices bad input, the rest a bad file.
impl From<LoadError> for Failure {
    fn from(e: LoadError) -> Failure {
        let text = e.render();
        match e.kind() {
            LoadErrorKind::Read => Failure::Io(text),
            LoadErrorKind::Syntax | LoadErrorKind::Check => Failure::GameFile(text),
            LoadErrorKind::Options => Failure::Input(text),
        }
    }
}

/// Loads a game file ([`crate::load`]) for a command.
fn load(path: &Path, options: &[OptionChoice]) -> Result<Game, Failure> {
    Ok(crate::load(path, options)?)
}

fn start_after(game: &Game, moves: &str) -> Result<State, Failure> {
    let mut st = game.start();
    notation::play_moves(game, &mut st, moves)
        .map_err(|e| Failure::Input(format!("error: in --moves, {e}\n")))?;
    Ok(st)
}

/// Runs a parsed command line. Returns the exit code.
pub fn run(cli: Cli, input: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let result = match cli.command {
        Command::Check(a) => check_files(&a, out),
        Command::Show(a) => show_cmd(&a, out),
        Command::Moves(a) => moves_cmd(&a, out),
        Command::Play(a) => play_cmd(&a, input, out),
        Command::Playout(a) => playout_cmd(&a, out),
        Command::Perft(a) => perft_cmd(&a, out),
        Command::Bench(a) => bench_cmd(&a, out),
        Command::Match(a) => match_cmd(&a, out),
        Command::Analyze(a) => analyze_cmd(&a, out),
        Command::Merge(a) => merge_cmd(&a, out),
    };
    match result {
        Ok(()) => 0,
        Err(f) => {
            let _ = err.write_all(f.message().as_bytes());
            f.code()
        }
    }
}

fn check_files(a: &CheckArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut failures = Vec::new();
    for path in &a.files {
        match load(path, &a.options) {
            Ok(game) => {
                writeln!(
                    out,
                    "{}: ok ({}, {} cells)",
                    path.display(),
                    game.rules.name,
                    game.board().len()
                )
                .map_err(io)?;
                for o in &game.rules.option_info {
                    let doc = if o.doc.is_empty() {
                        String::new()
                    } else {
                        format!("  # {}", o.doc)
                    };
                    writeln!(
                        out,
                        "  option {} = {}  ({}){doc}",
                        o.name, o.value, o.allowed
                    )
                    .map_err(io)?;
                }
            }
            Err(f) => failures.push(f),
        }
    }
    match failures.len() {
        0 => Ok(()),
        1 => Err(failures.pop().expect("one")),
        _ => {
            let code_game = failures.iter().any(|f| matches!(f, Failure::GameFile(_)));
            let text: String = failures
                .iter()
                .map(|f| f.message().to_string())
                .collect::<Vec<_>>()
                .join("\n");
            // The most telling code wins: a bad game file, then bad input.
            Err(if code_game {
                Failure::GameFile(text)
            } else if failures.iter().any(|f| matches!(f, Failure::Input(_))) {
                Failure::Input(text)
            } else {
                Failure::Io(text)
            })
        }
    }
}

fn show_cmd(a: &ShowArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let st = start_after(&game, &a.moves)?;
    writeln!(
        out,
        "{}\n{}",
        show::title(&game),
        show::position(&game, &st)
    )
    .map_err(io)
}

fn moves_cmd(a: &ShowArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let st = start_after(&game, &a.moves)?;
    let mut legal = Vec::new();
    game.legal_actions(&st, &mut legal);
    let text: Vec<String> = legal
        .iter()
        .map(|&m| notation::format(&game, &legal, m))
        .collect();
    writeln!(out, "{}", text.join(" ")).map_err(io)
}

/// Reads `--black human --white mcts:1s` against the game's players; the
/// result is indexed by seat.
fn agents(game: &Game, args: &[String]) -> Result<Vec<AgentSpec>, Failure> {
    let players = &game.rules.players;
    let mut agents: Vec<AgentSpec> = (0..players.len())
        .map(|i| {
            if i == 0 {
                AgentSpec::Human
            } else {
                AgentSpec::Random
            }
        })
        .collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let Some(name) = flag.strip_prefix("--") else {
            return Err(Failure::Input(format!(
                "error: unexpected `{flag}`; give agents as --PLAYER AGENT, players: {}\n",
                players.join(", ")
            )));
        };
        let Some(seat) = players.iter().position(|p| p == name) else {
            return Err(Failure::Input(format!(
                "error: unknown player `{name}`; this game's players: {}\n",
                players.join(", ")
            )));
        };
        let agent = match it.next() {
            Some(word) => word
                .parse::<AgentSpec>()
                .map_err(|e| Failure::Input(format!("error: for --{name}: {e}\n")))?,
            None => {
                return Err(Failure::Input(format!(
                    "error: --{name} needs an agent; agents: {}\n",
                    agent::AGENT_FORMS
                )));
            }
        };
        agents[seat] = agent;
    }
    Ok(agents)
}

const PLAY_HELP: &str = "Type an action in notation (as `moves` lists them), or:
  moves   list the legal actions
  undo    take back your last action (and the replies to it)
  hint    ask the search which action it would play here
  resign  give up the game
  help    show this text
  quit    leave; the actions so far are printed so you can resume with --moves
";

/// Splits the words after the agents: `--seed`, `--moves` and `-o` may come
/// there too, since people type them last.
fn late_options(a: &PlayArgs) -> Result<(Vec<String>, Vec<OptionChoice>, u64, String), Failure> {
    let (mut agents, mut options, mut seed, mut moves) =
        (Vec::new(), a.game.options.clone(), a.seed, a.moves.clone());
    let mut it = a.agents.iter();
    while let Some(w) = it.next() {
        let mut value = |flag: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| Failure::Input(format!("error: {flag} needs a value\n")))
        };
        match w.as_str() {
            "--seed" => {
                let v = value("--seed")?;
                seed = v.parse().map_err(|_| {
                    Failure::Input(format!("error: --seed takes a whole number, not `{v}`\n"))
                })?;
            }
            "--moves" => moves = value("--moves")?,
            "-o" | "--option" => {
                let v = value(w)?;
                options.push(
                    v.parse()
                        .map_err(|e| Failure::Input(format!("error: -o {e}\n")))?,
                );
            }
            _ => agents.push(w.clone()),
        }
    }
    Ok((agents, options, seed, moves))
}

fn play_cmd(a: &PlayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), Failure> {
    use rand::SeedableRng;
    if a.agents.iter().any(|w| w == "--help" || w == "-h") {
        use clap::CommandFactory;
        let mut cmd = Cli::command();
        let help = cmd
            .find_subcommand_mut("play")
            .map(|c| c.render_help().to_string())
            .unwrap_or_default();
        return write!(out, "{help}").map_err(io);
    }
    let (agent_words, options, seed, moves) = late_options(a)?;
    let game = load(&a.game.file, &options)?;
    let agents = agents(&game, &agent_words)?;
    let mut st = start_after(&game, &moves)?;
    let mut record: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    let mut history: Vec<(State, usize)> = Vec::new();
    // The random players share one generator; each search player has its
    // own, seeded from --seed and its seat. The last slot is for `hint`,
    // which searches with the strongest budget in play (else 1000
    // iterations), made when first asked.
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut searches: Vec<Option<Mcts>> = agents
        .iter()
        .enumerate()
        .map(|(seat, a)| match a {
            AgentSpec::Mcts(b) => Some(Mcts::new(*b, agent::agent_seed(seed, seat))),
            _ => None,
        })
        .collect();
    let hint_budget = agents
        .iter()
        .filter_map(|a| match a {
            AgentSpec::Mcts(b) => Some(*b),
            _ => None,
        })
        .reduce(AgentSpec::stronger_budget)
        .unwrap_or(Budget::Iterations(1000));
    searches.push(None);
    let hint = searches.len() - 1;
    let mut legal = Vec::new();
    let mut line = String::new();
    writeln!(out, "{}\ntype `help` for commands\n", show::title(&game)).map_err(io)?;
    let players = game.rules.players.len();
    let seats_of = |st: &State| {
        (0..players)
            .map(|p| game.seat_of(st, p as u8))
            .collect::<Vec<_>>()
    };
    let mut seats = seats_of(&st);
    loop {
        // Tell the players when a swap changed who plays which side.
        let now = seats_of(&st);
        if now != seats {
            for (p, seat) in now.iter().enumerate() {
                writeln!(out, "seat {} now plays {}", seat + 1, game.rules.players[p])
                    .map_err(io)?;
            }
            seats = now;
        }
        if st.is_over() {
            write!(out, "{}", show::position(&game, &st)).map_err(io)?;
            break;
        }
        game.legal_actions(&st, &mut legal);
        let seat = game.seat_of(&st, st.mover);
        let auto = match agents[seat] {
            AgentSpec::Human => None,
            AgentSpec::Random => Some(game.random_action(&st, &mut rng)),
            AgentSpec::Mcts(_) => Some(searches[seat].as_mut().and_then(|m| m.choose(&game, &st))),
        };
        if let Some(chosen) = auto {
            let Some(m) = chosen else {
                break;
            };
            let text = notation::format(&game, &legal, m);
            writeln!(
                out,
                "{} plays {text}",
                game.rules.players[st.mover as usize]
            )
            .map_err(io)?;
            record.push(text);
            for s in searches.iter_mut().flatten() {
                s.advance(&game, &st, m);
            }
            game.play_unchecked(&mut st, m);
            continue;
        }
        write!(out, "{}> ", show::position(&game, &st)).map_err(io)?;
        out.flush().map_err(io)?;
        line.clear();
        if input.read_line(&mut line).map_err(io)? == 0 {
            writeln!(out, "\nend of input; actions so far: {}", record.join(" ")).map_err(io)?;
            return Ok(());
        }
        match line.trim() {
            "" => {}
            "help" => write!(out, "{PLAY_HELP}").map_err(io)?,
            "moves" => {
                let text: Vec<String> = legal
                    .iter()
                    .map(|&m| notation::format(&game, &legal, m))
                    .collect();
                writeln!(out, "{}", text.join(" ")).map_err(io)?;
            }
            "hint" => {
                let h = searches[hint].get_or_insert_with(|| Mcts::new(hint_budget, seed));
                let text = match h.choose(&game, &st) {
                    None => "no legal action".to_string(),
                    Some(m) if h.last_search().iterations == 0 => format!(
                        "{} (the only legal action)",
                        notation::format(&game, &legal, m)
                    ),
                    Some(m) => {
                        let c = h.root_children().into_iter().find(|c| c.action == m);
                        let (visits, score) = c.map_or((0, 0.0), |c| (c.visits, c.score));
                        format!(
                            "{} (mcts:{hint_budget}: {} iterations, this action {visits} visits, expected score {score:.2})",
                            notation::format(&game, &legal, m),
                            h.last_search().iterations,
                        )
                    }
                };
                writeln!(out, "hint: {text}").map_err(io)?;
            }
            "quit" => {
                writeln!(out, "actions so far: {}", record.join(" ")).map_err(io)?;
                return Ok(());
            }
            "resign" => {
                game.resign(&mut st);
                record.push("resign".into());
            }
            "undo" => match history.pop() {
                Some((prev, len)) => {
                    st = prev;
                    record.truncate(len);
                }
                None => writeln!(out, "nothing to undo").map_err(io)?,
            },
            text => match notation::parse(&game, &st, &legal, text) {
                Ok(m) => {
                    history.push((st.clone(), record.len()));
                    record.push(notation::format(&game, &legal, m));
                    for s in searches.iter_mut().flatten() {
                        s.advance(&game, &st, m);
                    }
                    game.play_unchecked(&mut st, m);
                }
                Err(e) => writeln!(out, "{e}; type `moves` for the legal actions").map_err(io)?,
            },
        }
    }
    writeln!(out, "actions: {}", record.join(" ")).map_err(io)
}

fn options_json(game: &Game) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = game
        .rules
        .options
        .iter()
        .map(|(k, v)| (k.clone(), json!(v)))
        .collect();
    serde_json::Value::Object(map)
}

fn playout_cmd(a: &PlayoutArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let start = game.start();
    let mut games = Vec::new();
    let mut total = 0u64;
    for i in 0..a.count {
        let p = run::playout(&game, &start, a.seed.wrapping_add(i), false);
        total += p.length as u64;
        games.push(p);
    }
    let mean = total as f64 / a.count.max(1) as f64;
    if a.json {
        let list: Vec<serde_json::Value> = games
            .iter()
            .map(|p| json!({"seed": p.seed, "length": p.length, "result": show::result_word(&game, p.result)}))
            .collect();
        let doc = json!({"game": game.rules.name, "options": options_json(&game), "playouts": list, "mean_length": mean});
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        )
        .map_err(io)
    } else {
        for p in &games {
            writeln!(
                out,
                "seed {}: {} after {}",
                p.seed,
                show::result_word(&game, p.result),
                show::plies(p.length as u64)
            )
            .map_err(io)?;
        }
        writeln!(out, "mean length: {mean:.2}").map_err(io)
    }
}

fn perft_cmd(a: &PerftArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let st = start_after(&game, &a.moves)?;
    let counts = run::perft(&game, &st, a.depth as usize, a.unique);
    if a.json {
        let depths: Vec<serde_json::Value> = counts
            .iter()
            .map(|c| match c.unique {
                Some(u) => json!({"depth": c.depth, "nodes": c.nodes, "unique": u}),
                None => json!({"depth": c.depth, "nodes": c.nodes}),
            })
            .collect();
        let doc =
            json!({"game": game.rules.name, "options": options_json(&game), "depths": depths});
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        )
        .map_err(io)
    } else {
        for c in &counts {
            match c.unique {
                Some(u) => writeln!(out, "depth {}: {} nodes, {} unique", c.depth, c.nodes, u),
                None => writeln!(out, "depth {}: {} nodes", c.depth, c.nodes),
            }
            .map_err(io)?;
        }
        Ok(())
    }
}

fn bench_cmd(a: &BenchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if !(a.seconds > 0.0 && a.seconds <= 3600.0) {
        return Err(Failure::Input(
            "error: --seconds must be between 0 and 3600\n".into(),
        ));
    }
    let game = load(&a.game.file, &a.game.options)?;
    let start = game.start();
    let b = run::bench(&game, &start, Duration::from_secs_f64(a.seconds), a.seed);
    if a.json {
        let doc = json!({
            "game": game.rules.name,
            "options": options_json(&game),
            "playouts": b.playouts,
            "seconds": b.seconds,
            "playouts_per_sec": b.playouts_per_sec(),
            "mean_length": b.mean_length(),
            "plies_per_sec": b.plies_per_sec(),
        });
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        )
        .map_err(io)
    } else {
        writeln!(
            out,
            "{}: {:.0} playouts/s, {:.0} plies/s, mean length {:.1} ({} playouts in {:.2} s)",
            show::title(&game),
            b.playouts_per_sec(),
            b.plies_per_sec(),
            b.mean_length(),
            b.playouts,
            b.seconds
        )
        .map_err(io)
    }
}

/// How the score rate and its interval are computed, for the output.
const SCORE_NOTE: &str = "score = (wins + draws/2) / games; unfinished games count as draws\n\
     95% CI = Wilson score interval of the score p over n games, z = 1.96: \
     (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)";

/// One agent's side of a match, in JSON.
#[derive(Serialize)]
struct SideDoc {
    #[serde(flatten)]
    all: TallyDoc,
    agent: String,
    seat1: TallyDoc,
    seat2: TallyDoc,
    search: Option<SearchDoc>,
}

#[derive(Serialize)]
struct SearchDoc {
    iterations: u64,
    seconds: f64,
    iterations_per_sec: f64,
}

#[derive(Serialize)]
struct MatchGameDoc {
    index: u64,
    seed: u64,
    p1_seat: usize,
    result: String,
    winner: Option<&'static str>,
    plies: u32,
    swapped: bool,
}

#[derive(Serialize)]
struct MatchDoc<'a> {
    game: &'a str,
    options: serde_json::Value,
    seed: u64,
    count: u64,
    p1: SideDoc,
    p2: SideDoc,
    first_seat: TallyDoc,
    games: Vec<MatchGameDoc>,
    score_note: String,
}

/// A tally with its score and interval unrounded.
fn tally_doc(t: &agent::Tally) -> TallyDoc {
    TallyDoc::new(t, |x| x)
}

fn match_cmd(a: &MatchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let specs = [a.p1, a.p2];
    for (name, spec) in ["p1", "p2"].iter().zip(specs) {
        if spec == AgentSpec::Human {
            return Err(Failure::Input(format!(
                "error: --{name} human: a match is played by random and mcts:BUDGET agents only\n"
            )));
        }
    }
    let game = load(&a.game.file, &a.game.options)?;
    if game.rules.players.len() != 2 {
        return Err(Failure::Input(format!(
            "error: {}: a match needs a game of 2 players, this one has {}\n",
            a.game.file.display(),
            game.rules.players.len()
        )));
    }
    let report = agent::run_match(&game, specs, a.count, a.threads as usize, a.seed);
    let ids = ["p1", "p2"];
    if a.json {
        let side = |k: usize| SideDoc {
            all: tally_doc(&report.tally(k, None)),
            agent: specs[k].to_string(),
            seat1: tally_doc(&report.tally(k, Some(0))),
            seat2: tally_doc(&report.tally(k, Some(1))),
            search: report.search[k].map(|s| SearchDoc {
                iterations: s.iterations,
                seconds: s.seconds,
                iterations_per_sec: s.iterations_per_sec(),
            }),
        };
        let doc = MatchDoc {
            game: &game.rules.name,
            options: options_json(&game),
            seed: a.seed,
            count: a.count,
            p1: side(0),
            p2: side(1),
            first_seat: tally_doc(&report.seat_tally(0)),
            games: report
                .games
                .iter()
                .map(|g| MatchGameDoc {
                    index: g.index,
                    seed: g.seed,
                    p1_seat: g.p1_seat + 1,
                    result: show::result_word(&game, g.result),
                    winner: g.winner.map(|w| ids[w]),
                    plies: g.plies,
                    swapped: g.swapped,
                })
                .collect(),
            score_note: SCORE_NOTE.replace('\n', "; "),
        };
        // Through a `Value`, whose keys are sorted.
        let doc = serde_json::to_value(doc).unwrap_or_default();
        return writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        )
        .map_err(io);
    }
    let names: Vec<String> = (0..2).map(|k| format!("{} {}", ids[k], specs[k])).collect();
    let width = names
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(0)
        .max("first seat".len());
    writeln!(
        out,
        "{}: {} vs {}, {} {}, seed {}",
        show::title(&game),
        names[0],
        names[1],
        a.count,
        if a.count == 1 { "game" } else { "games" },
        a.seed
    )
    .map_err(io)?;
    let row = |out: &mut dyn Write, label: &str, t: &agent::Tally| {
        let (lo, hi) = t.interval();
        let unfinished = if t.unfinished > 0 {
            format!("  ({} unfinished)", t.unfinished)
        } else {
            String::new()
        };
        writeln!(
            out,
            "{label:<width$} {:>6} {:>6} {:>6} {:>6} {:>6.3}  {lo:.3}-{hi:.3}{unfinished}",
            t.games,
            t.wins,
            t.losses,
            t.draws,
            t.score()
        )
        .map_err(io)
    };
    writeln!(
        out,
        "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>6}  95% CI",
        "", "games", "wins", "losses", "draws", "score"
    )
    .map_err(io)?;
    for k in 0..2 {
        row(out, &names[k], &report.tally(k, None))?;
        row(out, "  in seat 1", &report.tally(k, Some(0)))?;
        row(out, "  in seat 2", &report.tally(k, Some(1)))?;
    }
    row(out, "first seat", &report.seat_tally(0))?;
    for k in 0..2 {
        if let Some(s) = report.search[k] {
            writeln!(
                out,
                "{}: {} iterations in {:.2} s of search, {:.0} iterations/s",
                names[k],
                s.iterations,
                s.seconds,
                s.iterations_per_sec()
            )
            .map_err(io)?;
        }
    }
    writeln!(out, "{SCORE_NOTE}").map_err(io)
}

fn pretty(v: &serde_json::Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default() + "\n"
}

fn out_failure(e: analysis::output::OutError) -> Failure {
    match e {
        analysis::output::OutError::Exists(m) => Failure::Input(format!("error: {m}\n")),
        other => Failure::Io(format!("error: {}\n", other.message())),
    }
}

/// Writes `files` into `dir` together ([`analysis::output::write`]) and
/// lists them on `out`.
fn write_files(
    dir: &Path,
    files: Vec<(String, String)>,
    force: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    for path in analysis::output::write(dir, &files, force).map_err(out_failure)? {
        writeln!(out, "wrote {}", path.display()).map_err(io)?;
    }
    Ok(())
}

/// Prints or writes a finished report.
fn emit_report(
    analysis: &analysis::Analysis,
    json: bool,
    dir: Option<&Path>,
    force: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let report = analysis.report();
    let md = analysis::markdown::render(&report);
    match dir {
        Some(dir) => {
            let files = analysis::output::report_texts(&report, md);
            write_files(dir, files, force, out)
        }
        None if json => write!(out, "{}", pretty(&report)).map_err(io),
        None => write!(out, "{md}").map_err(io),
    }
}

fn analyze_cmd(a: &AnalyzeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let source = crate::read(&a.game.file)?;
    let name = a.game.file.display().to_string();
    let game = crate::load_source(&source, &name, &a.game.options)?;
    let ladder = a.ladder.0.clone();
    let settings = analysis::Settings {
        seed: a.seed,
        games: a.games,
        mirror_budget: a
            .mirror_budget
            .unwrap_or_else(|| analysis::Settings::default_mirror_budget(&ladder)),
        ladder,
        ladder_games: a.ladder_games,
        mirror_games: a.mirror_games,
    };
    let threads = match a.threads {
        Some(t) => t as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let shard = a.shard.unwrap_or(Shard::ALL);
    if shard.count > settings.games {
        return Err(Failure::Input(format!(
            "error: --shard {shard}: {} shards for {} random games; give at most one shard per game\n",
            shard.count, settings.games
        )));
    }
    // The folder is checked before the games are played.
    let names = match a.shard {
        Some(s) => vec![analysis::output::shard_file(s)],
        None => analysis::output::report_files(),
    };
    if let Some(dir) = &a.out {
        analysis::output::prepare(dir, &names, a.force).map_err(out_failure)?;
    }
    let result = analysis::analyze(&game, &source, &settings, shard, threads, true);
    if a.shard.is_some() {
        return match &a.out {
            Some(dir) => {
                let mut text = Vec::new();
                result.write_shard(&mut text).map_err(io)?;
                let text = String::from_utf8(text).unwrap_or_default();
                write_files(dir, names.into_iter().zip([text]).collect(), a.force, out)
            }
            None => result.write_shard(out).map_err(io),
        };
    }
    emit_report(&result, a.json, a.out.as_deref(), a.force, out)
}

fn merge_cmd(a: &MergeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut shards = Vec::new();
    for path in &a.files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::Io(format!("error: cannot read {name}: {e}\n")))?;
        let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
            Failure::Input(format!(
                "error: {name} is not valid JSON ({e}); give the files written by gdl analyze --shard i/n\n"
            ))
        })?;
        shards.push((name, v));
    }
    if let Some(dir) = &a.out {
        analysis::output::prepare(dir, &analysis::output::report_files(), a.force)
            .map_err(out_failure)?;
    }
    let merged = analysis::merge(&shards).map_err(|e| Failure::Input(format!("error: {e}\n")))?;
    emit_report(&merged, a.json, a.out.as_deref(), a.force, out)
}
