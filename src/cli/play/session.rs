//! `gdl play` at the prompt: the game played to its end, a computer
//! seat's actions chosen by its agent and a person's typed, with the
//! prompt's commands (`moves`, `hint`, `undo`, ...) and the record kept.

use std::io::{BufRead, Read, Write};

use super::{Failure, Prepared, io, records};
use crate::agent::{self, AgentSpec, Bot};
use crate::engine::{Action, Game, State};
use crate::limits::MAX_PROMPT_LINE;
use crate::mcts::{Budget, Mcts};
use crate::rules::Player;
use crate::{explain, files, notation, show};

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
pub(super) struct Session {
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
    /// Draws the outcomes of decisions made by chance (seeded by --seed).
    chance: rand::rngs::StdRng,
}

impl Session {
    pub(super) fn new(prepared: Prepared) -> Session {
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
            // Seeded as one more seat would be, after every player's.
            chance: rand::SeedableRng::seed_from_u64(agent::agent_seed(
                seed,
                crate::limits::MAX_PLAYERS,
            )),
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
    pub(super) fn run(
        mut self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> Result<(), Failure> {
        writeln!(
            out,
            "{}\ntype `help` for commands\n",
            show::title(&self.game)
        )
        .map_err(io)?;
        let mut line = Vec::new();
        loop {
            let next = match self.before_action(out)? {
                Some(_) if self.game.is_chance(&self.st) => self.chance_plays(out)?,
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

    /// Chance makes the current decision: an outcome drawn by its
    /// probability, printed and recorded like any action.
    fn chance_plays(&mut self, out: &mut dyn Write) -> Result<Next, Failure> {
        // A computer's actions so far in this turn come first.
        if self.turn_by_bot.is_some() {
            print_bot_turn(out, &self.game, &mut self.turn_by_bot)?;
        }
        let (game, st) = (&self.game, &mut self.st);
        let Some(m) = game.random_action(st, &mut self.chance) else {
            return Ok(Next::Finish);
        };
        let text = notation::format(game, &self.legal, m);
        writeln!(out, "chance: {text}").map_err(io)?;
        self.record.push(text);
        observe(&mut self.bots, &mut self.hint, game, st, m);
        game.play_unchecked(st, m);
        self.save(None)?;
        Ok(Next::GoOn)
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
                start: st.clone(),
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
            // A game with `view`: the search ran on positions drawn from
            // what the player saw, and kept no tree.
            Some(m) if game.rules.view.is_some() => format!(
                "{} (mcts:{hint_budget}: {} iterations over positions you cannot tell from this one)",
                notation::format(game, legal, m),
                h.last_search().iterations,
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
    /// The position the turn began in.
    start: State,
    mover: crate::rules::Player,
    turn: u32,
    parts: Vec<(Action, String)>,
}

/// Prints a computer's turn, if one is kept, as one word, in the notation
/// the game declares first (`black plays Nf6`).
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
            notation::write_declared(game, &t.start, &notation::join_turn(game, &t.parts))
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
