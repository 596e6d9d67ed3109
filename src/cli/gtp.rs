//! `gdl gtp GAME`: MCTS as a GTP engine (the Go Text Protocol of Sabaki,
//! GoGui and match runners such as gogui-twogtp), for placement games on
//! square boards: Go, Gomoku and the like.
//!
//! A vertex is a column letter and a row number, the letters skipping `I`
//! as GTP does (`J9` is gdl's `i9`); `pass` is the game's pass. `boardsize`
//! and `komi` set the game's options `size` and `komi` (the game is loaded
//! again), so a game without them takes only its own values.

use std::io::{BufRead, Write};
use std::path::Path;

use super::args::EngineArgs;
use super::{Failure, io};
use crate::OptionChoice;
use crate::agent::{Bot, agent_seed};
use crate::engine::{Action, Game, State};
use crate::mcts::{Budget, Mcts};
use crate::notation;

/// GTP's column letters: `I` is left out.
const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "quit",
];

struct Engine<'a> {
    file: &'a Path,
    options: Vec<OptionChoice>,
    game: Game,
    st: State,
    /// The moves played since the start, in gdl's notation (replayed when
    /// an option changes or a move is taken back).
    moves: Vec<String>,
    budget: Budget,
    seed: u64,
    searches: u64,
}

pub(crate) fn gtp_cmd(
    a: &EngineArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let game = super::load(&a.game.file, &a.game.options)?;
    let mut engine = Engine {
        file: &a.game.file,
        options: a.game.options.clone(),
        st: game.start(),
        game,
        moves: Vec::new(),
        budget: a.budget,
        seed: a.seed,
        searches: 0,
    };
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).map_err(io)? == 0 {
            return Ok(());
        }
        // Comments and blank lines are ignored; a command may start with
        // an id, which the answer repeats.
        let text = line.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let mut words: Vec<&str> = text.split_whitespace().collect();
        let id = match words[0].parse::<u64>() {
            Ok(n) => {
                words.remove(0);
                n.to_string()
            }
            Err(_) => String::new(),
        };
        let Some((&command, args)) = words.split_first() else {
            continue;
        };
        let answer = engine.run(command, args);
        let (mark, body) = match &answer {
            Ok(body) => ('=', body.as_str()),
            Err(why) => ('?', why.as_str()),
        };
        let space = if body.is_empty() { "" } else { " " };
        write!(out, "{mark}{id}{space}{body}\n\n").map_err(io)?;
        out.flush().map_err(io)?;
        if command == "quit" {
            return Ok(());
        }
    }
}

impl Engine<'_> {
    fn run(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok(format!("gdl {}", self.game.rules.name)),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS
                .contains(&args.first().copied().unwrap_or(""))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "boardsize" => {
                let size = args.first().ok_or("boardsize needs a size")?;
                self.set_option("size", size)
                    .map_err(|e| format!("unacceptable size: {e}"))?;
                self.moves.clear();
                self.replay()
            }
            "clear_board" => {
                self.moves.clear();
                self.replay()
            }
            "komi" => {
                let komi = args.first().ok_or("komi needs a value")?;
                self.set_option("komi", komi)?;
                self.replay()
            }
            "play" => {
                let [colour, vertex] = args else {
                    return Err("syntax error: play COLOUR VERTEX".into());
                };
                self.check_colour(colour)?;
                let word = self.gdl_word(vertex)?;
                let mut st = self.st.clone();
                let mut played = Vec::new();
                notation::play_word(&self.game, &mut st, &mut Vec::new(), &word, &mut played)
                    .map_err(|e| format!("illegal move: {e}"))?;
                self.st = st;
                self.moves.push(word);
                Ok(String::new())
            }
            "genmove" => {
                let colour = args.first().ok_or("syntax error: genmove COLOUR")?;
                self.check_colour(colour)?;
                let a = self.search().ok_or("the game is over")?;
                let mut legal = Vec::new();
                self.game.legal_actions(&self.st, &mut legal);
                let word = notation::format(&self.game, &legal, a);
                let vertex = self.vertex(&word)?;
                self.game.play_unchecked(&mut self.st, a);
                self.moves.push(word);
                Ok(vertex)
            }
            "undo" => {
                self.moves.pop().ok_or("cannot undo: no move played")?;
                self.replay()
            }
            "showboard" => Ok(format!(
                "\n{}",
                crate::show::position(&self.game, &self.st).trim_end()
            )),
            "quit" => Ok(String::new()),
            _ => Err("unknown command".into()),
        }
    }

    /// Loads the game again with option `name` set to `value`.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut options = self.options.clone();
        options.retain(|o| o.name != name);
        options.push(OptionChoice {
            name: name.into(),
            value: value.into(),
        });
        let game = crate::load(self.file, &options).map_err(|e| {
            let text = e.render();
            text.lines()
                .next()
                .unwrap_or("")
                .trim_start_matches("error: ")
                .to_string()
        })?;
        self.game = game;
        self.options = options;
        Ok(())
    }

    /// Plays the moves again from the start (after an option changed or
    /// a move was taken back).
    fn replay(&mut self) -> Result<String, String> {
        let mut st = self.game.start();
        let mut legal = Vec::new();
        let mut played = Vec::new();
        for i in 0..self.moves.len() {
            let m = &self.moves[i];
            if let Err(e) = notation::play_word(&self.game, &mut st, &mut legal, m, &mut played) {
                let why = format!("move {} ({m}) no longer legal: {e}", i + 1);
                self.moves.truncate(i);
                self.st = st;
                return Err(why);
            }
        }
        self.st = st;
        Ok(String::new())
    }

    /// The player to move must be the colour given (`b`, `w`, `black`,
    /// `white`, or a player's name).
    fn check_colour(&self, colour: &str) -> Result<(), String> {
        let names = &self.game.rules.players;
        let lower = colour.to_ascii_lowercase();
        let named = names.iter().position(|n| {
            n.eq_ignore_ascii_case(&lower) || (lower.len() == 1 && n.starts_with(&lower))
        });
        let Some(p) = named else {
            return Err(format!(
                "syntax error: `{colour}` is not a colour of this game"
            ));
        };
        let mover = self.st.mover.index();
        if self.st.is_over() {
            return Err("the game is over".into());
        }
        if p != mover {
            return Err(format!("it is {}'s move", names[mover]));
        }
        Ok(())
    }

    /// gdl's word for a GTP vertex: `D4` is `d4`, `J9` is `i9`, `pass`.
    fn gdl_word(&self, vertex: &str) -> Result<String, String> {
        if vertex.eq_ignore_ascii_case("pass") {
            return Ok("pass".into());
        }
        let upper = vertex.to_ascii_uppercase();
        let column = upper.chars().next().ok_or("invalid coordinate")?;
        let index = COLUMNS.find(column).ok_or("invalid coordinate")?;
        let row = &upper[1..];
        if row.is_empty() || !row.chars().all(|c| c.is_ascii_digit()) {
            return Err("invalid coordinate".into());
        }
        let label = format!("{}{row}", (b'a' + index as u8) as char);
        match self.game.board().cell_by_label(&label) {
            Some(_) => Ok(label),
            None => Err("invalid coordinate".into()),
        }
    }

    /// The GTP vertex of gdl's word for a placement or a pass.
    fn vertex(&self, word: &str) -> Result<String, String> {
        if word == "pass" || word.ends_with(":pass") {
            return Ok("pass".into());
        }
        let label = word.rsplit(':').next().unwrap_or(word);
        let column = label.chars().next().ok_or("no vertex")?;
        let row = &label[1..];
        let index = (column as u8).checked_sub(b'a').ok_or("no vertex")? as usize;
        let letter = COLUMNS.chars().nth(index);
        match letter {
            Some(l) if row.chars().all(|c| c.is_ascii_digit()) && !row.is_empty() => {
                Ok(format!("{l}{row}"))
            }
            _ => Err(format!("the move `{word}` is not a GTP vertex")),
        }
    }

    /// The action MCTS plays here, or `None` when the game is over.
    fn search(&mut self) -> Option<Action> {
        self.searches += 1;
        let seed = agent_seed(self.seed, self.searches as usize);
        Bot::Mcts(Box::new(Mcts::new(self.budget, seed))).choose(&self.game, &self.st)
    }
}
