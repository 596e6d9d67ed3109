//! `gdl play`: a game in the terminal, each seat played by a person or by
//! an agent of [`crate::agent`] (the same agents as `gdl match`).

use std::io::{BufRead, Write};

use super::{Cli, Failure, PlayArgs, io, load, start_after};
use crate::agent::{self, AgentSpec, Bot};
use crate::check::OptionChoice;
use crate::engine::Action;
use crate::engine::{Game, State};
use crate::mcts::{Budget, Mcts};
use crate::{notation, show};

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

pub(super) fn play_cmd(
    a: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), Failure> {
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
    // Each computer seat has its agent, seeded from --seed and the seat, as
    // in a match. `hint` searches with the strongest budget in play (else
    // 1000 iterations), made when first asked.
    let mut bots: Vec<Option<Bot>> = agents
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
    let mut hint: Option<Mcts> = None;
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
        if let Some(bot) = bots[seat].as_mut() {
            let Some(m) = bot.choose(&game, &st) else {
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
            observe(&mut bots, &mut hint, &game, &st, m);
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
                let h = hint.get_or_insert_with(|| Mcts::new(hint_budget, seed));
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
                    observe(&mut bots, &mut hint, &game, &st, m);
                    game.play_unchecked(&mut st, m);
                }
                Err(e) => writeln!(out, "{e}; type `moves` for the legal actions").map_err(io)?,
            },
        }
    }
    writeln!(out, "actions: {}", record.join(" ")).map_err(io)
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
