//! `gdl play`: a game in the terminal, each seat played by a person or by
//! an agent of [`crate::agent`] (the same agents as `gdl match`).

use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};

use super::{Cli, Failure, PlayArgs, io, load, records, start_after};
use crate::agent::{self, AgentSpec, Bot};
use crate::check::OptionChoice;
use crate::diagnostic::shorten;
use crate::engine::Action;
use crate::engine::{Game, State};
use crate::limits::MAX_PROMPT_LINE;
use crate::mcts::{Budget, Mcts};
use crate::record::Record;
use crate::rules::Player;
use crate::{explain, files, notation, show};

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

const PLAY_HELP: &str = "Type an action in notation (as `moves` lists them), or a whole turn
joined into one word (`d4/e5/f6`, `c3-e5-c7`), or:
  moves   list the legal actions
  turns   list the ways to play the whole turn, each as one word
  undo    take back your last action (and the replies to it)
  hint    ask the search which action it would play here
  resign  give up the game
  help    show this text
  quit    leave; the actions so far are printed so you can resume with --moves
";

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
    let PlaySetup {
        agents: mut agent_words,
        mut options,
        seed,
        mut moves,
        mut position,
        record: record_file,
        resume: resume_file,
        force,
    } = setup;
    let mut output = match &record_file {
        Some(path) => Some(record_output(a, path, resume_file.as_deref(), force)?),
        None => None,
    };
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

/// The record to write, checked before anything is played: never the game
/// file (nor the record resumed), a file already there only with --force,
/// in a folder that takes files.
fn record_output(
    a: &PlayArgs,
    path: &Path,
    resume_file: Option<&Path>,
    force: bool,
) -> Result<files::Output, Failure> {
    let mut inputs = vec![(a.game.file.as_path(), "the game file")];
    inputs.extend(resume_file.map(|r| (r, "the record resumed")));
    files::Output::check(path, force, &inputs, "--record").map_err(records::output_failure)
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

/// What the prompt's loop does next.
enum Next {
    /// Goes on: the next action, by a computer or typed.
    GoOn,
    /// The game is over (or its agent has no action): its end is printed
    /// and saved.
    Finish,
    /// Leaves at once (`quit`, the end of the input): the actions so far
    /// were printed, to resume with `--moves`.
    Leave,
}

/// A line read at the prompt.
enum Typed<'l> {
    Text(&'l str),
    /// Not UTF-8: a typing accident, answered and then asked again.
    NotText,
    EndOfInput,
}

/// A game being played at the prompt: the position, the actions so far
/// (as `--moves` takes them), and the agents that watch every action.
struct Session {
    game: Game,
    st: State,
    recorder: Option<records::Recorder>,
    record: Vec<String>,
    /// Before each typed action (or turn): the state and the record's
    /// length, for `undo`.
    history: Vec<(State, usize)>,
    /// Each computer seat's agent, by seat (`None`: a person).
    bots: Vec<Option<Bot>>,
    /// `hint`'s search, made when first asked.
    hint: Option<Mcts>,
    hint_budget: Budget,
    seed: u64,
    legal: Vec<Action>,
    /// Who resigned, if anyone: the record is printed without `resign`
    /// (which `--moves` would refuse) and with this after it.
    resigned: Option<String>,
    /// The seat of each player, to tell when a swap changes them.
    seats: Vec<usize>,
    /// A computer's turn is printed whole, once it is over (or another
    /// seat takes over within it): `white plays d1-d7/g7`.
    turn_by_bot: Option<BotTurn>,
}

impl Session {
    fn new(prepared: Prepared) -> Session {
        let Prepared {
            game,
            agents,
            seed,
            start,
            moves,
            recorder,
        } = prepared;
        let record: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
        // Each computer seat has its agent, seeded from --seed and the seat, as
        // in a match. `hint` searches with the strongest budget in play (else
        // 1000 iterations), made when first asked.
        let bots: Vec<Option<Bot>> = agents
            .iter()
            .enumerate()
            .map(|(seat, &a)| Bot::new(a, agent::agent_seed(seed, seat)))
            .collect();
        let hint_budget = agents
            .iter()
            .filter_map(|a| match a {
                AgentSpec::Mcts(b) => Some(*b),
                AgentSpec::Human | AgentSpec::Random => None,
            })
            .reduce(AgentSpec::stronger_budget)
            .unwrap_or(Budget::Iterations(1000));
        let mut session = Session {
            game,
            st: start,
            recorder,
            record,
            history: Vec::new(),
            bots,
            hint: None,
            hint_budget,
            seed,
            legal: Vec::new(),
            resigned: None,
            seats: Vec::new(),
            turn_by_bot: None,
        };
        session.seats = session.seats_now();
        session
    }

    /// The seat of each player in the current position.
    fn seats_now(&self) -> Vec<usize> {
        (0..self.game.rules.players.len())
            .map(|p| self.game.seat_of(&self.st, Player::new(p)))
            .collect()
    }

    /// Writes the record kept, if any: the actions so far and the result.
    fn save(&self, result: Option<String>) -> Result<(), Failure> {
        match &self.recorder {
            Some(r) => r.save(&self.game, &self.record, result),
            None => Ok(()),
        }
    }

    /// Plays the game to its end, or until the person leaves: each
    /// computer seat's actions, and at each person's prompt a command or
    /// an action typed.
    fn run(mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), Failure> {
        writeln!(
            out,
            "{}\ntype `help` for commands\n",
            show::title(&self.game)
        )
        .map_err(io)?;
        let mut line = Vec::new();
        loop {
            let next = match self.before_action(out)? {
                Some(seat) if self.bots[seat].is_some() => self.bot_plays(seat)?,
                Some(_) => {
                    write!(out, "{}> ", show::position(&self.game, &self.st)).map_err(io)?;
                    out.flush().map_err(io)?;
                    match self.read_line(input, out, &mut line)? {
                        Typed::Text(text) => self.command(out, text.trim())?,
                        Typed::NotText => {
                            writeln!(
                                out,
                                "cannot read that line (it is not UTF-8 text); type `help` for commands"
                            )
                            .map_err(io)?;
                            Next::GoOn
                        }
                        Typed::EndOfInput => {
                            writeln!(
                                out,
                                "\nend of input; actions so far: {}",
                                self.record.join(" ")
                            )
                            .map_err(io)?;
                            Next::Leave
                        }
                    }
                }
                None => Next::Finish,
            };
            match next {
                Next::GoOn => {}
                Next::Finish => break,
                Next::Leave => return Ok(()),
            }
        }
        self.finish(out)
    }

    /// Before each action: prints a computer's turn once it is over and
    /// the seats a swap changed; the final position once the game is over
    /// (`None`). Otherwise the legal actions are listed, and the seat to
    /// act is returned.
    fn before_action(&mut self, out: &mut dyn Write) -> Result<Option<usize>, Failure> {
        let (game, st) = (&self.game, &self.st);
        if self.turn_by_bot.as_ref().is_some_and(|t| {
            st.is_over()
                || (t.turn, t.mover, t.seat) != (st.turn, st.mover, game.seat_of(st, st.mover))
        }) {
            print_bot_turn(out, game, &mut self.turn_by_bot)?;
        }
        // Tell the players when a swap changed who plays which side.
        let now = self.seats_now();
        if now != self.seats {
            for (p, seat) in now.iter().enumerate() {
                writeln!(out, "seat {} now plays {}", seat + 1, game.rules.players[p])
                    .map_err(io)?;
            }
            self.seats = now;
        }
        if st.is_over() {
            write!(out, "{}", show::position(game, st)).map_err(io)?;
            return Ok(None);
        }
        game.legal_actions(st, &mut self.legal);
        Ok(Some(game.seat_of(st, st.mover)))
    }

    /// The computer at `seat` plays one action, kept for its turn's
    /// printing; [`Next::Finish`] when its agent has none.
    fn bot_plays(&mut self, seat: usize) -> Result<Next, Failure> {
        let Some(bot) = self.bots[seat].as_mut() else {
            // A person's seat: nothing for a computer to play.
            return Ok(Next::GoOn);
        };
        let (game, st) = (&self.game, &mut self.st);
        let Some(m) = bot.choose(game, st) else {
            return Ok(Next::Finish);
        };
        let text = notation::format(game, &self.legal, m);
        self.turn_by_bot
            .get_or_insert_with(|| BotTurn {
                seat,
                mover: st.mover,
                turn: st.turn,
                parts: Vec::new(),
            })
            .parts
            .push((m, text.clone()));
        self.record.push(text);
        observe(&mut self.bots, &mut self.hint, game, st, m);
        game.play_unchecked(st, m);
        self.save(None)?;
        Ok(Next::GoOn)
    }

    /// Reads a line into `line`, with a bound, as every input is: `play <
    /// /dev/zero` ends here instead of filling the memory.
    fn read_line<'l>(
        &self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        line: &'l mut Vec<u8>,
    ) -> Result<Typed<'l>, Failure> {
        line.clear();
        let cap = MAX_PROMPT_LINE as u64;
        if (&mut *input)
            .take(cap + 1)
            .read_until(b'\n', line)
            .map_err(io)?
            == 0
        {
            return Ok(Typed::EndOfInput);
        }
        if line.len() as u64 > cap {
            writeln!(out, "\nactions so far: {}", self.record.join(" ")).map_err(io)?;
            return Err(Failure::Input(format!(
                "error: a line of input is longer than {}, more than any action: stopping\n",
                files::size_text(cap)
            )));
        }
        Ok(match std::str::from_utf8(line) {
            Ok(text) => Typed::Text(text),
            Err(_) => Typed::NotText,
        })
    }

    /// Answers a line typed at the prompt: a command, or an action.
    fn command(&mut self, out: &mut dyn Write, text: &str) -> Result<Next, Failure> {
        let game = &self.game;
        match text {
            "" => {}
            "help" => write!(out, "{PLAY_HELP}").map_err(io)?,
            "moves" => {
                let text: Vec<String> = self
                    .legal
                    .iter()
                    .map(|&m| notation::format(game, &self.legal, m))
                    .collect();
                writeln!(out, "{}", text.join(" ")).map_err(io)?;
            }
            "turns" => match notation::list_turns(game, &self.st) {
                Ok(turns) => writeln!(out, "{}", turns.join(" ")).map_err(io)?,
                Err(e) => writeln!(out, "{e}").map_err(io)?,
            },
            "hint" => {
                let text = self.hint_text();
                writeln!(out, "hint: {text}").map_err(io)?;
            }
            "quit" => {
                writeln!(out, "actions so far: {}", self.record.join(" ")).map_err(io)?;
                return Ok(Next::Leave);
            }
            "resign" => return self.resign(out),
            "undo" => match self.history.pop() {
                Some((prev, len)) => {
                    self.st = prev;
                    self.record.truncate(len);
                    self.save(None)?;
                }
                None => writeln!(out, "nothing to undo").map_err(io)?,
            },
            // One action, or a whole turn joined (`d4/e5/f6`): all of it
            // is checked before any of it is played.
            text => match explain::parse_word(game, &self.st, text) {
                Ok(actions) => {
                    self.history.push((self.st.clone(), self.record.len()));
                    for m in actions {
                        game.legal_actions(&self.st, &mut self.legal);
                        self.record.push(notation::format(game, &self.legal, m));
                        observe(&mut self.bots, &mut self.hint, game, &self.st, m);
                        game.play_unchecked(&mut self.st, m);
                    }
                    self.save(None)?;
                }
                Err(e) => writeln!(out, "{e}; type `moves` for the legal actions").map_err(io)?,
            },
        }
        Ok(Next::GoOn)
    }

    /// `hint`'s answer: the action the search would play, with what it
    /// found.
    fn hint_text(&mut self) -> String {
        let (game, st, legal) = (&self.game, &self.st, &self.legal);
        let hint_budget = self.hint_budget;
        let h = self
            .hint
            .get_or_insert_with(|| Mcts::new(hint_budget, self.seed));
        match h.choose(game, st) {
            None => "no legal action".to_string(),
            Some(m) if h.last_search().iterations == 0 => format!(
                "{} (the only legal action)",
                notation::format(game, legal, m)
            ),
            Some(m) => {
                let c = h.root_children().into_iter().find(|c| c.action == m);
                let (visits, score) = c.map_or((0, 0.0), |c| (c.visits, c.score));
                format!(
                    "{} (mcts:{hint_budget}: {} iterations, this action {visits} visits, expected score {score:.2})",
                    notation::format(game, legal, m),
                    h.last_search().iterations,
                )
            }
        }
    }

    /// `resign`: the mover gives up. Alone, that ends the game here;
    /// otherwise the engine plays it and the game goes on to its end.
    fn resign(&mut self, out: &mut dyn Write) -> Result<Next, Failure> {
        let who = self.game.rules.players[self.st.mover.index()].clone();
        if self.game.rules.players.len() == 1 {
            // Alone, giving up is losing; the engine's results have
            // no loss for a lone player, so it is said here.
            writeln!(
                out,
                "game over after {}: {who} resigns and loses",
                show::plies(u64::from(self.st.ply))
            )
            .map_err(io)?;
            self.resigned = Some(who);
            return Ok(Next::Finish);
        }
        self.game.resign(&mut self.st);
        self.resigned = Some(who);
        Ok(Next::GoOn)
    }

    /// The end of the game: the computer's last turn, the result saved,
    /// and every action printed.
    fn finish(mut self, out: &mut dyn Write) -> Result<(), Failure> {
        print_bot_turn(out, &self.game, &mut self.turn_by_bot)?;
        let result = match &self.resigned {
            Some(who) => Some(format!("{who} resigned")),
            None => self.st.result().map(|r| show::result_text(&self.game, r)),
        };
        self.save(result)?;
        if let Some(who) = self.resigned {
            self.record.push(format!("({who} resigned)"));
        }
        writeln!(out, "actions: {}", self.record.join(" ")).map_err(io)
    }
}

/// The actions a computer seat has played so far in the current turn.
struct BotTurn {
    seat: usize,
    mover: crate::rules::Player,
    turn: u32,
    parts: Vec<(Action, String)>,
}

/// Prints a computer's turn, if one is kept, as one word.
fn print_bot_turn(
    out: &mut dyn Write,
    game: &Game,
    turn: &mut Option<BotTurn>,
) -> Result<(), Failure> {
    match turn.take() {
        Some(t) => writeln!(
            out,
            "{} plays {}",
            game.rules.players[t.mover.index()],
            notation::join_turn(game, &t.parts)
        )
        .map_err(io),
        None => Ok(()),
    }
}

/// Tells every agent, and the hint's search, that `m` is played in `st`.
fn observe(bots: &mut [Option<Bot>], hint: &mut Option<Mcts>, game: &Game, st: &State, m: Action) {
    for b in bots.iter_mut().flatten() {
        b.observe(game, st, m);
    }
    if let Some(h) = hint {
        h.advance(game, st, m);
    }
}
