//! Game records: a game kept as text, to replay, show or resume later.
//!
//! ```text
//! # gdl record
//! game: Pinch
//! file: games/pinch.gdl
//! source: fnv1a64:5d1c7e0b2f8a4c13
//! options: size=9 capture=flip pie=on
//! seats: black=human white=mcts:1000
//! seed: 1
//! turn 1: d4
//! turn 2: swap
//! turn 3: e5 e6 f5
//! result: black wins
//! ```
//!
//! One line per turn, in the game's notation (the actions of a turn of
//! several actions separated by spaces; a record read may also join them
//! into one word, `e5/e6/f5`, as `--moves` accepts). `result:` is the last line, once
//! the game is over (`black wins`, `draw`, `white resigned`, or `draw agreed`
//! before the end); a record
//! without it is a game still in progress.
//! `source` is a hash of the game file's text: a record is refused when the
//! file has changed since, so that it is never replayed under other rules.
//! A game started from a given position (`gdl play --position`) has a
//! `position:` line after the seed, the position's text.

use std::fmt::Write;

use crate::agent::AgentSpec;
use crate::engine::{Action, Game, State};
use crate::{explain, notation, show};

/// The result of a game the players agreed to draw before its end (a
/// PGN's `1/2-1/2` with the game still going on).
pub const DRAW_AGREED: &str = "draw agreed";

/// The first line of every record.
pub const MAGIC: &str = "# gdl record";

/// A record, as read or about to be written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The game's name.
    pub game: String,
    /// The game file's path, as given when the game was played.
    pub file: String,
    /// FNV-1a (64 bits) of the game file's text.
    pub source_hash: u64,
    /// `NAME=VALUE`, every option in force.
    pub options: Vec<String>,
    /// `PLAYER=AGENT`, who played each side.
    pub seats: Vec<String>,
    /// The seed the computer players' choices were drawn from; a resumed
    /// game keeps it.
    pub seed: u64,
    /// The position's text the game started from, if not the game's first.
    pub position: Option<String>,
    /// The actions of each turn, in notation.
    pub turns: Vec<Vec<String>>,
    /// `black wins`, `draw`; `None` while the game goes on.
    pub result: Option<String>,
    /// Where each turn, then the result, stood in the text read (for
    /// messages); empty for a record made in memory.
    pub lines: Vec<usize>,
    /// Where each header line (`game`, `file`, ...) stood in the text read;
    /// empty for a record made in memory (see [`Record::line_of`]).
    pub keys: Vec<(String, usize)>,
    /// The header of another program's record read (PGN's and PDN's tag
    /// pairs, SGF's root properties), as written there: written back when
    /// the record is written in that format again; not kept in gdl's own
    /// records.
    pub tags: Vec<(String, String)>,
    /// The comments of another program's record read (PGN's `{...}`),
    /// each with the number of turns before it: written back when the
    /// record is written in that format again.
    pub comments: Vec<(usize, String)>,
}

/// The header's keys, in the order [`Record::header`] writes them (from
/// line 2).
const KEYS: [&str; 6] = ["game", "file", "source", "options", "seats", "seed"];

/// Why a record was refused: the line (from 1) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line of the record at fault, from 1.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

/// Why another program's record (PGN, SGF) was refused: where (line and
/// column, from 1, in characters) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForeignError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

impl ForeignError {
    /// The error at byte `offset` of `text`.
    pub fn at(text: &str, offset: usize, message: String) -> ForeignError {
        let offset = offset.min(text.len());
        let before = &text[..offset];
        let start = before.rfind('\n').map_or(0, |n| n + 1);
        ForeignError {
            line: before.matches('\n').count() + 1,
            column: before[start..].chars().count() + 1,
            message,
        }
    }
}

impl std::fmt::Display for ForeignError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ForeignError {}

/// Every option in force, as a record's `options:` line lists them
/// (`NAME=VALUE`).
pub fn option_words(game: &Game) -> Vec<String> {
    game.rules
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect()
}

/// FNV-1a, 64 bits, of a game file's text.
pub fn source_hash(text: &str) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

impl Record {
    /// The value of a kept tag of another program's record (a PGN tag,
    /// a CSA `N+` line), if it has one.
    pub fn tag(&self, key: &str) -> Option<String> {
        (self.tags.iter())
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }

    /// The header lines and every turn, and the result when there is one.
    pub fn render(&self) -> String {
        let mut out = self.header();
        for (i, t) in self.turns.iter().enumerate() {
            let _ = writeln!(out, "turn {}: {}", i + 1, t.join(" "));
        }
        if let Some(r) = &self.result {
            let _ = writeln!(out, "result: {r}");
        }
        out
    }

    /// The lines before the first turn.
    pub fn header(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{MAGIC}");
        let _ = writeln!(out, "game: {}", self.game);
        let _ = writeln!(out, "file: {}", self.file);
        let _ = writeln!(out, "source: fnv1a64:{:016x}", self.source_hash);
        let _ = writeln!(
            out,
            "{}",
            format!("options: {}", self.options.join(" ")).trim_end()
        );
        let _ = writeln!(out, "seats: {}", self.seats.join(" "));
        let _ = writeln!(out, "seed: {}", self.seed);
        if let Some(p) = &self.position {
            let _ = writeln!(out, "position: {p}");
        }
        out
    }

    /// Reads a record; every line is checked for its form (not yet for the
    /// rules: see [`Record::replay`]).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut r = Record::default();
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
        match lines.next() {
            Some((_, MAGIC)) => {}
            _ => {
                return Err(RecordError {
                    line: 1,
                    message: format!("not a gdl record (the first line must be `{MAGIC}`)"),
                });
            }
        }
        let mut seen = Vec::new();
        for (n, line) in lines {
            let bad = |message: String| RecordError { line: n, message };
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if r.result.is_some() {
                return Err(bad("nothing may follow the result".into()));
            }
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| bad(format!("expected `KEY: VALUE`, found `{line}`")))?;
            let value = value.trim();
            let key = key.trim();
            if let Some(number) = key.strip_prefix("turn ") {
                let want = r.turns.len() + 1;
                if number.trim().parse::<usize>() != Ok(want) {
                    return Err(bad(format!("expected turn {want} here, found `{key}`")));
                }
                if value.is_empty() {
                    return Err(bad(format!("turn {want} has no action")));
                }
                r.turns
                    .push(value.split_whitespace().map(str::to_string).collect());
                r.lines.push(n);
                continue;
            }
            if seen.contains(&key.to_string()) {
                return Err(bad(format!("`{key}` is given twice")));
            }
            seen.push(key.to_string());
            r.keys.push((key.to_string(), n));
            let words = || value.split_whitespace().map(str::to_string).collect();
            match key {
                "game" => r.game = value.to_string(),
                "file" => r.file = value.to_string(),
                "source" => {
                    r.source_hash = value
                        .strip_prefix("fnv1a64:")
                        .and_then(|h| u64::from_str_radix(h, 16).ok())
                        .ok_or_else(|| bad(format!("expected `fnv1a64:HEX`, found `{value}`")))?;
                }
                "options" => r.options = words(),
                "seats" => r.seats = words(),
                "seed" => {
                    r.seed = value
                        .parse()
                        .map_err(|_| bad(format!("the seed is a whole number, not `{value}`")))?;
                }
                "position" => r.position = Some(value.to_string()),
                "result" => {
                    r.result = Some(value.to_string());
                    r.lines.push(n);
                }
                other => return Err(bad(format!("unknown line `{other}:`"))),
            }
        }
        for key in KEYS {
            if !seen.iter().any(|k| k == key) {
                return Err(RecordError {
                    line: text.lines().count(),
                    message: format!("the record has no `{key}:` line (is it truncated?)"),
                });
            }
        }
        Ok(r)
    }

    /// The line of header key `key` (`source`, `options`...): as read,
    /// else as [`Record::render`] writes it.
    pub fn line_of(&self, key: &str) -> usize {
        match self.keys.iter().find(|(k, _)| k == key) {
            Some((_, n)) => *n,
            None => KEYS
                .iter()
                .position(|k| *k == key)
                .map_or(KEYS.len() + 2, |i| i + 2),
        }
    }

    /// The line of turn `t` (from 0), or of the result after the last
    /// turn: as read, else as [`Record::render`] writes it.
    fn turn_line(&self, t: usize) -> usize {
        let header = KEYS.len() + 2 + usize::from(self.position.is_some());
        self.lines.get(t).copied().unwrap_or(header + t)
    }

    /// An empty record of `game` (loaded from `file`, whose text is
    /// `source`), every seat a person's and seed 1: what another
    /// program's record (PGN, PDN, SGF, CSA) is read into.
    pub fn foreign(game: &Game, file: &str, source: &str) -> Record {
        Record {
            game: game.rules.name.clone(),
            file: file.to_string(),
            source_hash: source_hash(source),
            options: option_words(game),
            seats: (game.rules.players.iter())
                .map(|p| format!("{p}=human"))
                .collect(),
            seed: 1,
            ..Record::default()
        }
    }

    /// The position the game started from: its `position`, or the game's
    /// start.
    pub fn first_state(&self, game: &Game) -> Result<State, RecordError> {
        match &self.position {
            None => Ok(game.start()),
            Some(text) => {
                let p = notation::read_position(game, text).map_err(|e| RecordError {
                    line: self.line_of("position"),
                    message: format!("the position: {e}"),
                })?;
                Ok(game.start_at(&p))
            }
        }
    }

    /// Plays the record on `game` (loaded from `source`, the text of the
    /// file it names, with its options), checking that the file has not
    /// changed, that every action is legal and that the result is the
    /// game's. Stops after `plies` actions if given. Returns the position
    /// and the actions played.
    pub fn replay(
        &self,
        game: &Game,
        source: &str,
        plies: Option<usize>,
    ) -> Result<(State, Vec<Action>), RecordError> {
        if self.game != game.rules.name {
            return Err(RecordError {
                line: self.line_of("game"),
                message: format!(
                    "the record is of the game `{}`, but {} is `{}`",
                    self.game, game.rules.sources.file, game.rules.name
                ),
            });
        }
        if source_hash(source) != self.source_hash {
            return Err(RecordError {
                line: self.line_of("source"),
                message: format!(
                    "{} has changed since this game was recorded (hash {:016x}, now {:016x}): \
                     the record may not fit its rules",
                    game.rules.sources.file,
                    self.source_hash,
                    source_hash(source)
                ),
            });
        }
        self.check_seats(game)?;
        let mut st = self.first_state(game)?;
        let mut played = Vec::new();
        let mut legal = Vec::new();
        // The turn of the previous line, and its last word.
        let mut previous: Option<(u32, &str)> = None;
        for (t, turn) in self.turns.iter().enumerate() {
            let line = self.turn_line(t);
            let bad = |message: String| RecordError {
                line,
                message: format!("turn {}: {message}", t + 1),
            };
            // A line holds the actions of one whole turn: the turn of the
            // line before must be over when it starts, and stay the same
            // to the end of the line.
            if let Some((before, last)) = previous
                && !st.is_over()
                && st.turn == before
                && plies.is_none_or(|p| played.len() < p)
            {
                return Err(bad(format!(
                    "the turn of the line before goes on after `{last}`: write a turn's actions on one line"
                )));
            }
            let line_turn = st.turn;
            for (w, word) in turn.iter().enumerate() {
                if w > 0
                    && !st.is_over()
                    && st.turn != line_turn
                    && plies.is_none_or(|p| played.len() < p)
                {
                    return Err(bad(format!(
                        "`{word}` is in the next turn (this one ended after `{}`): write one turn per line",
                        turn[w - 1]
                    )));
                }
                // A word is one action or a whole turn joined (`d4/e5/f6`):
                // its parts are played one by one, to stop after `plies`.
                let parts = notation::split_word(game, word);
                if parts.len() > 1 && parts.iter().any(String::is_empty) {
                    let e = notation::NotationError::EmptyPart(word.clone());
                    return Err(bad(e.to_string()));
                }
                let start_turn = st.turn;
                for (i, text) in parts.iter().enumerate() {
                    if plies.is_some_and(|p| played.len() >= p) {
                        return Ok((st, played));
                    }
                    if st.is_over() && i == 0 {
                        return Err(RecordError {
                            line,
                            message: format!("`{text}` comes after the end of the game"),
                        });
                    }
                    if i > 0 && (st.is_over() || st.turn != start_turn) {
                        let e = notation::NotationError::SeveralTurns {
                            after: parts[i - 1].clone(),
                            game_over: st.is_over(),
                        };
                        return Err(bad(format!("`{word}`: {e}")));
                    }
                    game.legal_actions(&st, &mut legal);
                    let a = explain::parse(game, &st, &legal, text).map_err(|e| {
                        if parts.len() == 1 {
                            bad(e.to_string())
                        } else {
                            bad(format!("`{word}`, action {} of the turn: {e}", i + 1))
                        }
                    })?;
                    game.play_unchecked(&mut st, a);
                    played.push(a);
                }
            }
            previous = Some((line_turn, turn.last().map_or("", String::as_str)));
        }
        if plies.is_none() {
            let now = st.result().map(|r| show::result_text(game, r));
            // A resignation or a draw agreed (a PGN's) is not an action:
            // the game itself goes on.
            let resigned =
                |said: &str| (said.ends_with(" resigned") || said == DRAW_AGREED) && now.is_none();
            if let (Some(said), now) = (&self.result, &now)
                && Some(said) != now.as_ref()
                && !resigned(said)
            {
                return Err(RecordError {
                    line: self.turn_line(self.turns.len()),
                    message: format!(
                        "the record says `{said}`, the game says `{}`",
                        now.clone().unwrap_or_else(|| "not over".into())
                    ),
                });
            }
        }
        Ok((st, played))
    }
}

impl Record {
    /// The `seats:` line: `PLAYER=AGENT` for each player of `game`, once
    /// each, with an agent `gdl play` knows.
    fn check_seats(&self, game: &Game) -> Result<(), RecordError> {
        let bad = |message: String| RecordError {
            line: self.line_of("seats"),
            message: format!("seats: {message}"),
        };
        let players = &game.rules.players;
        let mut seen = vec![false; players.len()];
        for word in &self.seats {
            let Some((player, agent)) = word.split_once('=') else {
                return Err(bad(format!("expected PLAYER=AGENT, found `{word}`")));
            };
            let Some(p) = players.iter().position(|x| x == player) else {
                return Err(bad(format!(
                    "`{player}` is no player of {} (players: {})",
                    game.rules.name,
                    players.join(", ")
                )));
            };
            if std::mem::replace(&mut seen[p], true) {
                return Err(bad(format!("`{player}` is given twice")));
            }
            agent
                .parse::<AgentSpec>()
                .map_err(|e| bad(format!("{player}: {e}")))?;
        }
        if let Some(p) = seen.iter().position(|s| !s) {
            return Err(bad(format!("no agent for `{}`", players[p])));
        }
        Ok(())
    }
}

/// Groups actions into turns as they are played: the turn number of the
/// state before each action decides.
#[derive(Clone, Debug, Default)]
pub struct TurnLog {
    turns: Vec<(u32, Vec<String>)>,
}

impl TurnLog {
    /// Notes `text`, the notation of an action played in `st` (before it).
    pub fn push(&mut self, st: &State, text: String) {
        match self.turns.last_mut() {
            Some((turn, actions)) if *turn == st.turn => actions.push(text),
            _ => self.turns.push((st.turn, vec![text])),
        }
    }

    /// The actions of each turn so far, in notation (as in
    /// [`Record::turns`]).
    pub fn turns(&self) -> Vec<Vec<String>> {
        self.turns.iter().map(|(_, a)| a.clone()).collect()
    }
}
