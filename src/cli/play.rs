//! `gdl play`: a game in the terminal, each seat played by a person or by
//! an agent of [`crate::agent`] (the same agents as `gdl match`).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use super::{Cli, Failure, PlayArgs, io, load, records, start_after};
use crate::agent::{self, AgentSpec};
use crate::check::OptionChoice;
use crate::diagnostic::shorten;
use crate::engine::{Game, State};
use crate::files;
use crate::record::Record;
use crate::rules::Player;

mod session;

use session::Session;

/// `play`'s own flags, which may also come after the agents: a player of
/// one of these names is given its agent with `--player NAME=AGENT`.
const PLAY_FLAGS: [&str; 7] = [
    "seed", "moves", "option", "help", "record", "resume", "force",
];

/// An agent asked for on the command line: `--black mcts:1s` or
/// `--player black=mcts:1s` gives `("black", "mcts:1s")`.
struct AgentWord {
    player: String,
    agent: Option<String>,
}

/// Reads the agents asked for against the game's players; the result is
/// indexed by seat.
fn agents(game: &Game, words: &[AgentWord]) -> Result<Vec<AgentSpec>, Failure> {
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
    let mut given: Vec<Option<&str>> = vec![None; players.len()];
    for AgentWord { player, agent } in words {
        let flag = if PLAY_FLAGS.contains(&player.as_str()) {
            format!("--player {player}")
        } else {
            format!("--{player}")
        };
        let Some(seat) = players.iter().position(|p| p == player) else {
            return Err(Failure::Input(format!(
                "error: unknown player `{}`; this game's players: {}\n",
                shorten(player),
                players.join(", ")
            )));
        };
        let Some(word) = agent else {
            return Err(Failure::Input(format!(
                "error: {flag} needs an agent; agents: {}\n",
                agent::AGENT_FORMS
            )));
        };
        if let Some(first) = given[seat] {
            return Err(Failure::Input(format!(
                "error: {flag} is given twice (`{}`, then `{}`); give each player's agent once\n",
                shorten(first),
                shorten(word)
            )));
        }
        given[seat] = Some(word);
        agents[seat] = word
            .parse::<AgentSpec>()
            .map_err(|e| Failure::Input(format!("error: for {flag}: {e}\n")))?;
    }
    Ok(agents)
}

/// What `play` was asked for, once the words after the agents are read.
struct PlaySetup {
    agents: Vec<AgentWord>,
    options: Vec<OptionChoice>,
    /// `None`: not given (1, or a resumed record's).
    seed: Option<u64>,
    moves: String,
    /// `--position`: the position's text to start from.
    position: Option<String>,
    record: Option<PathBuf>,
    resume: Option<PathBuf>,
    force: bool,
}

/// The agents of a resumed game: the record's seats (`PLAYER=AGENT`,
/// checked by [`crate::record::Record::replay`]); an agent given on the
/// command line must be the record's for that player.
fn resumed_agents(
    path: &std::path::Path,
    record: &crate::record::Record,
    given: Vec<AgentWord>,
) -> Result<Vec<AgentWord>, Failure> {
    let seats: Vec<(&str, &str)> = record
        .seats
        .iter()
        .filter_map(|s| s.split_once('='))
        .collect();
    // A word the record does not answer (an unknown player, no agent) is
    // left for `agents` to refuse with its usual message.
    let mut rest = Vec::new();
    for w in given {
        let (Some(agent), Some(kept)) = (&w.agent, seats.iter().find(|(p, _)| *p == w.player))
        else {
            rest.push(w);
            continue;
        };
        if kept.1.parse::<AgentSpec>().ok() != agent.parse::<AgentSpec>().ok() {
            return Err(Failure::Input(format!(
                "error: --{} {}: the record {} has {}={}, which a resumed game keeps\n",
                shorten(&w.player),
                shorten(agent),
                path.display(),
                kept.0,
                kept.1
            )));
        }
    }
    Ok(seats
        .into_iter()
        .map(|(player, agent)| AgentWord {
            player: player.to_string(),
            agent: Some(agent.to_string()),
        })
        .chain(rest)
        .collect())
}

/// Splits the words after the agents: `--seed`, `--moves` and `-o` may come
/// there too, since people type them last. `--NAME AGENT` gives player
/// NAME an agent unless NAME is one of [`PLAY_FLAGS`]; `--player
/// NAME=AGENT` does for any player.
fn late_options(a: &PlayArgs) -> Result<PlaySetup, Failure> {
    // Given before the agents (read by clap) or after them, at most once.
    let (mut seed, mut moves) = (a.seed, a.moves.clone());
    let mut position = a.position.clone();
    let (mut record, mut resume) = (a.record.clone(), a.resume.clone());
    let mut setup = PlaySetup {
        agents: Vec::new(),
        options: a.game.options.clone(),
        seed: None,
        moves: String::new(),
        position: None,
        record: None,
        resume: None,
        force: a.force,
    };
    let twice =
        |flag: &str| Failure::Input(format!("error: {flag} is given twice; give it once\n"));
    let players_hint = || {
        Failure::Input(format!(
            "error: give agents as --PLAYER AGENT or --player PLAYER=AGENT; agents: {}\n",
            agent::AGENT_FORMS
        ))
    };
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
                if seed.is_some() {
                    return Err(twice("--seed"));
                }
                seed = Some(v.parse().map_err(|_| {
                    Failure::Input(format!(
                        "error: --seed takes a whole number, not `{}`\n",
                        shorten(&v)
                    ))
                })?);
            }
            "--force" => setup.force = true,
            "--position" => {
                let v = value("--position")?;
                if position.is_some() {
                    return Err(twice("--position"));
                }
                position = Some(v);
            }
            "--moves" => {
                let v = value("--moves")?;
                if moves.is_some() {
                    return Err(twice("--moves"));
                }
                moves = Some(v);
            }
            "--record" | "--resume" => {
                let v = PathBuf::from(value(w)?);
                let slot = if w == "--record" {
                    &mut record
                } else {
                    &mut resume
                };
                if slot.is_some() {
                    return Err(twice(w));
                }
                *slot = Some(v);
            }
            "-o" | "--option" => {
                let v = value(w)?;
                setup.options.push(
                    v.parse()
                        .map_err(|e| Failure::Input(format!("error: -o {e}\n")))?,
                );
            }
            "--player" => {
                let v = value("--player")?;
                let Some((player, agent)) = v.split_once('=') else {
                    return Err(players_hint());
                };
                setup.agents.push(AgentWord {
                    player: player.to_string(),
                    agent: Some(agent.to_string()),
                });
            }
            flag => {
                let Some(player) = flag.strip_prefix("--") else {
                    return Err(Failure::Input(format!(
                        "error: unexpected `{}`; give agents as --PLAYER AGENT or --player PLAYER=AGENT\n",
                        shorten(flag)
                    )));
                };
                let agent = it.next().cloned();
                setup.agents.push(AgentWord {
                    player: player.to_string(),
                    agent,
                });
            }
        }
    }
    setup.seed = seed;
    setup.moves = moves.unwrap_or_default();
    setup.position = position;
    (setup.record, setup.resume) = (record, resume);
    Ok(setup)
}

/// `gdl play`: everything asked for checked and the game prepared
/// ([`prepare`]), then played at the prompt ([`Session::run`]).
pub(super) fn play_cmd(
    a: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if a.agents.iter().any(|w| w == "--help" || w == "-h") {
        return print_help(out);
    }
    let prepared = prepare(a, late_options(a)?)?;
    Session::new(prepared).run(input, out)
}

/// `play --help`, which clap cannot answer: the agents' words after the
/// game are `play`'s own, read by [`late_options`].
fn print_help(out: &mut dyn Write) -> Result<(), Failure> {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    let help = cmd
        .find_subcommand_mut("play")
        .map(|c| c.render_help().to_string())
        .unwrap_or_default();
    write!(out, "{help}").map_err(io)
}

/// A game ready for the prompt: loaded, each seat's agent read, the
/// position to start from reached and the record to keep opened.
struct Prepared {
    game: Game,
    /// Indexed by seat.
    agents: Vec<AgentSpec>,
    seed: u64,
    start: State,
    /// The actions already played to reach `start`, in notation.
    moves: String,
    recorder: Option<records::Recorder>,
}

/// Checks everything `play` was asked for before the first prompt, in this
/// order: the record to write, the record to resume (whose options,
/// position, actions, seats and seed then stand for the command line's),
/// the game, the seed and the agents, the position to start from.
fn prepare(a: &PlayArgs, setup: PlaySetup) -> Result<Prepared, Failure> {
    let mut output = record_output(a, &setup)?;
    let PlaySetup {
        agents: mut agent_words,
        mut options,
        seed,
        mut moves,
        mut position,
        record: _,
        resume: resume_file,
        force: _,
    } = setup;
    // A record to continue: its options, actions, seats and seed, checked
    // against the rules (and the file's hash) before play goes on.
    let resumed = match &resume_file {
        Some(path) => {
            let record = resumed_record(path, &options, &moves, position.as_deref())?;
            options = records::record_options(path, &record)?;
            moves = record.turns.concat().join(" ");
            position = record.position.clone();
            if output.is_none() {
                output = Some(files::Output::existing(path).map_err(records::output_failure)?);
            }
            Some((path.as_path(), record))
        }
        None => None,
    };
    let source = match &output {
        Some(_) => Some(crate::read(&a.game.file)?),
        None => None,
    };
    let game = load_game(a, source.as_deref(), &options, resumed.as_ref())?;
    // A resumed game keeps the record's seats and seed: given again on the
    // command line, they must be the same.
    let seed = match &resumed {
        Some((path, record)) => {
            let seed = resumed_seed(path, record, seed)?;
            agent_words = resumed_agents(path, record, agent_words)?;
            seed
        }
        None => seed.unwrap_or(1),
    };
    let agents = agents(&game, &agent_words)?;
    let start = start_after(&game, position.as_deref(), &moves)?;
    let recorder = match (output, &source) {
        (Some(output), Some(text)) => Some(match &resumed {
            Some((_, record)) => records::Recorder::resumed(output, record),
            None => records::Recorder::new(
                output,
                &game,
                &a.game.file,
                text,
                record_seats(&game, &agents),
                seed,
                position.as_deref(),
            ),
        }),
        _ => None,
    };
    Ok(Prepared {
        game,
        agents,
        seed,
        start,
        moves,
        recorder,
    })
}

/// The record to write (`--record`), if any, checked before anything is
/// played: never the game file (nor the record resumed), a file already
/// there only with --force, in a folder that takes files.
fn record_output(a: &PlayArgs, setup: &PlaySetup) -> Result<Option<files::Output>, Failure> {
    let Some(path) = &setup.record else {
        return Ok(None);
    };
    let mut inputs = vec![(a.game.file.as_path(), "the game file")];
    inputs.extend(setup.resume.as_deref().map(|r| (r, "the record resumed")));
    files::Output::check(path, setup.force, &inputs, "--record")
        .map(Some)
        .map_err(records::output_failure)
}

/// The record `--resume` continues, read: refused when the command line
/// gives what the record holds (options, position, actions), or when its
/// game is over.
fn resumed_record(
    path: &Path,
    options: &[OptionChoice],
    moves: &str,
    position: Option<&str>,
) -> Result<Record, Failure> {
    if !options.is_empty() || !moves.is_empty() || position.is_some() {
        return Err(Failure::Input(
            "error: --resume takes the options, position and actions from the record: give no -o, --position or --moves\n"
                .into(),
        ));
    }
    let record = records::read_record(path)?;
    if let Some(result) = &record.result {
        return Err(Failure::Input(format!(
            "error: {}: the game is over (`{result}`): there is nothing to resume; `gdl replay {}` shows it\n",
            path.display(),
            path.display()
        )));
    }
    Ok(record)
}

/// Loads the game: from the text read for the record when one is kept (its
/// hash goes in the record), and a resumed record's actions replayed on it;
/// a game that no longer loads with the record's options blames the record.
fn load_game(
    a: &PlayArgs,
    source: Option<&str>,
    options: &[OptionChoice],
    resumed: Option<&(&Path, Record)>,
) -> Result<Game, Failure> {
    let game = match source {
        Some(text) => crate::load_source(text, &a.game.file.display().to_string(), options)
            .map_err(|e| match resumed {
                Some((path, record)) => records::blame_record(path, record, e),
                None => e.into(),
            })?,
        None => load(&a.game.file, options)?,
    };
    if let (Some((path, record)), Some(text)) = (resumed, source) {
        record
            .replay(&game, text, None)
            .map_err(|e| Failure::Input(format!("error: {}:{e}\n", path.display())))?;
    }
    Ok(game)
}

/// The seed of a resumed game: the record's, which a `--seed` given again
/// must repeat.
fn resumed_seed(path: &Path, record: &Record, seed: Option<u64>) -> Result<u64, Failure> {
    if seed.is_some_and(|s| s != record.seed) {
        return Err(Failure::Input(format!(
            "error: --seed {}: the record {} has seed {}, which a resumed game keeps\n",
            seed.unwrap_or_default(),
            path.display(),
            record.seed
        )));
    }
    Ok(record.seed)
}

/// A new record's seats: `PLAYER=AGENT` for each player, in the players'
/// order, the agent of the seat that plays it at the start.
fn record_seats(game: &Game, agents: &[AgentSpec]) -> Vec<String> {
    (0..game.rules.players.len())
        .map(|p| {
            let seat = game.seat_of(&game.start(), Player::new(p));
            format!("{}={}", game.rules.players[p], agents[seat])
        })
        .collect()
}
