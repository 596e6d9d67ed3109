//! `gdl uci GAME`: MCTS as a UCI engine, the protocol of chess GUIs and
//! match runners (cutechess-cli, Arena, lichess-bot, python-chess), and of
//! xiangqi's; `gdl usi GAME`, the same as a USI engine, the protocol of
//! shogi GUIs (ShogiGUI, Shogidokoro, cshogi). UCI's moves are in long
//! algebraic notation ([`crate::notation::long_algebraic`]), USI's in its
//! own (`7g7f`, `P*5e`); positions are the game's position text (FEN for
//! the chess family, SFEN for shogi). The two differ in their words
//! ([`Dialect`]): USI's `btime` is the first player's clock, it adds
//! `byoyomi`, and an engine with no move resigns.
//!
//! Commands are read on the calling thread and each `go` searches on a
//! thread of its own, so that `stop`, `quit` and `isready` are answered
//! while it runs. Both threads write to the process's standard output,
//! each line flushed at once.

use std::io::{BufRead, Write};
use std::thread::{Scope, ScopedJoinHandle};
use std::time::Duration;

use super::args::EngineArgs;
use super::{Failure, io, load};
use crate::agent::Bot;
use crate::cancel::Cancel;
use crate::engine::{Game, State};
use crate::mcts::{Budget, Mcts};
use crate::notation;
use crate::rules::NotationStyle;

/// Writes one line of the protocol and flushes it at once.
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    // A closed output ends the engine at its next read of `quit` or EOF.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// UCI or USI: the words that differ.
#[derive(Clone, Copy)]
struct Dialect {
    /// The protocol's name: the first command (`uci`), `NAMEok`,
    /// `NAMEnewgame`.
    name: &'static str,
    /// The word before a position's text (`fen`, `sfen`).
    position: &'static str,
    /// The first player's clock and increment, then the second's.
    clocks: [(&'static str, &'static str); 2],
    /// How moves are written.
    moves: NotationStyle,
    /// `bestmove` when there is no move to play.
    no_move: &'static str,
}

const UCI: Dialect = Dialect {
    name: "uci",
    position: "fen",
    clocks: [("wtime", "winc"), ("btime", "binc")],
    moves: NotationStyle::LongAlgebraic,
    no_move: "(none)",
};

const USI: Dialect = Dialect {
    name: "usi",
    position: "sfen",
    clocks: [("btime", "binc"), ("wtime", "winc")],
    moves: NotationStyle::Usi,
    no_move: "resign",
};

pub(crate) fn uci_cmd(a: &EngineArgs, input: &mut dyn BufRead) -> Result<(), Failure> {
    engine_cmd(a, input, UCI)
}

pub(crate) fn usi_cmd(a: &EngineArgs, input: &mut dyn BufRead) -> Result<(), Failure> {
    engine_cmd(a, input, USI)
}

fn engine_cmd(a: &EngineArgs, input: &mut dyn BufRead, dialect: Dialect) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let mut engine = Engine {
        game: &game,
        st: game.start(),
        default: a.budget,
        seed: a.seed,
        searches: 0,
        dialect,
    };
    let name = dialect.name;
    std::thread::scope(|scope| -> Result<(), Failure> {
        let mut search: Option<Search<'_>> = None;
        let mut line = String::new();
        loop {
            line.clear();
            if input.read_line(&mut line).map_err(io)? == 0 {
                break;
            }
            let mut words = line.split_whitespace();
            match words.next().unwrap_or("") {
                word if word == name => {
                    say(&format!("id name gdl {}", game.rules.name));
                    say("id author the gdl authors");
                    say(&format!("{name}ok"));
                }
                "isready" => say("readyok"),
                word if word.strip_prefix(name) == Some("newgame") => {
                    finish(&mut search);
                    engine.st = game.start();
                }
                "position" => {
                    finish(&mut search);
                    if let Err(e) = engine.set_position(&words.collect::<Vec<_>>()) {
                        say(&format!("info string error: {e}"));
                    }
                }
                "go" => {
                    finish(&mut search);
                    let words: Vec<&str> = words.collect();
                    let flag = Cancel::new();
                    search = Some(Search {
                        infinite: words.contains(&"infinite"),
                        handle: engine.go(scope, engine.budget(&words), flag.clone()),
                        flag,
                    });
                }
                "stop" => {
                    if let Some(s) = &search {
                        s.flag.cancel();
                    }
                    finish(&mut search);
                }
                "quit" => {
                    if let Some(s) = &search {
                        s.flag.cancel();
                    }
                    break;
                }
                // Nothing to do: options, debug, registration, pondering,
                // USI's result of the game.
                "" | "debug" | "setoption" | "register" | "ponderhit" | "gameover" => {}
                other => say(&format!("info string unknown command `{other}`")),
            }
        }
        // At the end of the input a bounded search still ends by itself.
        finish(&mut search);
        Ok(())
    })
}

/// A search running on its own thread.
struct Search<'s> {
    flag: Cancel,
    /// `go infinite`: it runs until `stop`.
    infinite: bool,
    handle: ScopedJoinHandle<'s, ()>,
}

/// Waits for the search running, if any, to print its `bestmove`: a
/// bounded one ends by itself (the client should not have sent another
/// command before it did), an infinite one is stopped.
fn finish(search: &mut Option<Search<'_>>) {
    if let Some(s) = search.take() {
        if s.infinite {
            s.flag.cancel();
        }
        let _ = s.handle.join();
    }
}

/// The engine's state between commands.
struct Engine<'g> {
    game: &'g Game,
    st: State,
    /// The search for a `go` that gives no limit.
    default: Budget,
    seed: u64,
    /// Searches so far: each gets its own seed.
    searches: u64,
    dialect: Dialect,
}

impl Engine<'_> {
    /// `position startpos|fen TEXT... [moves M...]` (`sfen` in USI); on an
    /// error the position stays as it was.
    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let game = self.game;
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let fen = self.dialect.position;
        let mut st = match setup {
            ["startpos"] => game.start(),
            [word, text @ ..] if *word == fen && !text.is_empty() => {
                let p = notation::read_position(game, &text.join(" "))
                    .map_err(|e| format!("in the position: {e}"))?;
                game.start_at(&p)
            }
            _ => {
                return Err(format!(
                    "expected `position startpos` or `position {fen} TEXT`"
                ));
            }
        };
        let mut legal = Vec::new();
        let mut played = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            notation::play_word(game, &mut st, &mut legal, m, &mut played)
                .map_err(|e| format!("move {} (`{m}`): {e}", i + 1))?;
        }
        self.st = st;
        Ok(())
    }

    /// The search a `go` asks for: `nodes N` iterations, `movetime MS`, a
    /// share of the mover's clock (`wtime`/`btime`, `winc`/`binc`,
    /// `movestogo`; USI's `byoyomi`, the time each move has once the clock
    /// is spent), until `stop` with `infinite`, else the default.
    fn budget(&self, words: &[&str]) -> Budget {
        let value = |name: &str| -> Option<u64> {
            let i = words.iter().position(|w| *w == name)?;
            words
                .get(i + 1)?
                .parse::<i64>()
                .ok()
                .map(|v| v.max(0) as u64)
        };
        if words.contains(&"infinite") {
            return Budget::Time(Duration::from_secs_f64(crate::mcts::MAX_SECONDS));
        }
        if let Some(n) = value("nodes") {
            return Budget::Iterations(n.max(1));
        }
        if let Some(ms) = value("movetime") {
            return Budget::Time(Duration::from_millis(ms.max(1)));
        }
        let first = self.game.seat_of(&self.st, self.st.mover) == 0;
        let (clock, inc) = self.dialect.clocks[usize::from(!first)];
        let (clock, inc) = (value(clock), value(inc));
        // Byoyomi is the time of every move once the clock is spent: most
        // of it is used, keeping a margin for the answer to arrive.
        let byoyomi = value("byoyomi").unwrap_or(0) * 4 / 5;
        match clock {
            // A share of the time left, keeping half of it in hand.
            Some(left) if left > 0 || byoyomi > 0 => {
                let to_go = value("movestogo").unwrap_or(30).max(1);
                let ms = (left / to_go + inc.unwrap_or(0) * 3 / 4).min(left / 2) + byoyomi;
                Budget::Time(Duration::from_millis(ms.max(1)))
            }
            Some(_) => Budget::Time(Duration::from_millis(1)),
            None if byoyomi > 0 => Budget::Time(Duration::from_millis(byoyomi)),
            None => self.default,
        }
    }

    /// Starts searching the position for `budget` on a thread of `scope`,
    /// which prints `bestmove` when done or stopped by `flag`.
    fn go<'s>(
        &mut self,
        scope: &'s Scope<'s, '_>,
        budget: Budget,
        flag: Cancel,
    ) -> ScopedJoinHandle<'s, ()>
    where
        Self: 's,
    {
        let game = self.game;
        let st = self.st.clone();
        self.searches += 1;
        let seed = crate::agent::agent_seed(self.seed, self.searches as usize);
        let dialect = self.dialect;
        scope.spawn(move || {
            say(&format!(
                "bestmove {}",
                best_turn(game, st, budget, seed, &flag, dialect)
            ))
        })
    }
}

/// The turn MCTS plays from `start`, in the dialect's notation: each
/// decision of the turn searched in turn; `(none)` (UCI) or `resign`
/// (USI) when the game is over.
fn best_turn(
    game: &Game,
    start: State,
    budget: Budget,
    seed: u64,
    flag: &Cancel,
    dialect: Dialect,
) -> String {
    let mut st = start.clone();
    let turn = st.turn;
    let mut actions = Vec::new();
    let mut iterations = 0;
    let begin = std::time::Instant::now();
    while !st.is_over() && st.turn == turn {
        let seed = crate::agent::agent_seed(seed, actions.len());
        let mut bot = Bot::Mcts(Box::new(Mcts::new(budget, seed))).with_cancel(flag);
        let Some(a) = bot.choose(game, &st) else {
            break;
        };
        iterations += bot.search_stats().map_or(0, |s| s.iterations);
        game.play_unchecked(&mut st, a);
        actions.push(a);
    }
    if actions.is_empty() {
        return dialect.no_move.into();
    }
    let ms = begin.elapsed().as_millis().max(1);
    say(&format!(
        "info nodes {iterations} time {ms} nps {}",
        iterations as u128 * 1000 / ms
    ));
    let joined = notation::format_turn(game, &start, &actions);
    match notation::write_style(game, &start, dialect.moves, &joined) {
        Some(m) => m,
        None => {
            say(&format!(
                "info string error: the turn `{joined}` cannot be written in {}'s notation",
                dialect.name
            ));
            "0000".into()
        }
    }
}
