//! The test-case file beside a game (`NAME.tests` beside `NAME.gdl`): what a
//! designer expects of their rules, in the game's own notation.
//!
//! ```text
//! # Comments start with `#`.
//! snapshot: size=5 capture=remove     # one more option set for the snapshot
//!
//! case "a stone between two enemy stones at a right angle turns"
//!   options: size=5 pie=off           # else the defaults
//!   from: 8/8/3k4/8/8/3K4/8/8 w - - 0 1   # start here (the position's text)
//!   moves: c3 b3 d2                   # played from the start
//!   legal: a1 b1 c1                   # exactly these actions, in any order
//!   turns: a1/b1 a1/c1                # exactly these whole turns (joined)
//!   includes: a2                      # these among the legal actions
//!   illegal: d4 e5                    # each refused
//!   result: black wins                # or `draw`, or `not over`
//!   perft: 22 462                     # counts from this position
//!   perft: --turns 22 462             # of whole turns instead of actions
//!   text: 4k4/9/9/9/9/9/9/9/K8 b 2P 30  # the position's text (`position text`)
//!   position:                         # the position as `gdl show` prints it
//!     ...indented lines...
//! ```

use std::fmt;

use crate::limits::MAX_PERFT_DEPTH;

/// One expectation about the position after a case's moves.
#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    /// Exactly these legal actions (as a set).
    Legal(Vec<String>),
    /// Exactly these ways to play the (rest of the) turn, joined, as
    /// `gdl moves --turns` lists them (as a set).
    Turns(Vec<String>),
    /// These among the legal actions.
    Includes(Vec<String>),
    /// Each of these refused.
    Illegal(Vec<String>),
    /// `black wins`, `draw` or `not over`.
    Result(String),
    /// Perft counts from depth 1.
    Perft(Vec<u64>),
    /// Perft counts of whole turns from depth 1 (`perft: --turns ...`).
    PerftTurns(Vec<u64>),
    /// The text of `gdl show`, compared line by line without trailing spaces.
    Position(String),
    /// What a player sees (`view PLAYER:`), as `gdl show --as PLAYER`
    /// prints it, compared as `Position` is.
    View(String, String),
    /// The position's one-line text (`position text`), as `show` prints it.
    Text(String),
}

/// One case: options, moves, expectations; `line` is where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The name in quotes after `case`.
    pub name: String,
    /// The line of `case`, from 1.
    pub line: usize,
    /// `NAME=VALUE` words of `options:`; empty for the defaults.
    pub options: Vec<String>,
    /// The text of `from:`, the position's text to start from (else the
    /// game's first position).
    pub from: Option<String>,
    /// The text of `moves:`, played from the start in the game's notation.
    pub moves: String,
    /// Each expectation with its line, in file order.
    pub expects: Vec<(usize, Expect)>,
    /// The keys that set the case up (`options`, `moves`) with their line.
    set: Vec<(String, usize)>,
}

/// A parsed test-case file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CaseFile {
    /// Option sets of the snapshot besides the defaults.
    pub snapshot_options: Vec<Vec<String>>,
    /// The cases, in file order.
    pub cases: Vec<Case>,
}

/// A line of a case file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for FormatError {}

/// The text of a line without its comment (a `#` outside quotes).
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// Parses a case file.
pub fn parse(text: &str) -> Result<CaseFile, FormatError> {
    let mut file = CaseFile::default();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let number = i + 1;
        let raw = lines[i];
        let line = strip_comment(raw).trim_end();
        i += 1;
        if line.trim().is_empty() {
            continue;
        }
        let error = |message: String| FormatError {
            line: number,
            message,
        };
        let indented = line.starts_with([' ', '\t']);
        let line = line.trim();
        if !indented {
            top_line(&mut file, line, number).map_err(error)?;
            continue;
        }
        let Some(case) = file.cases.last_mut() else {
            return Err(error(
                "an indented line belongs to a case: start one with `case \"NAME\"`".into(),
            ));
        };
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| error(format!("expected `KEY: VALUE`, found `{line}`")))?;
        let value = value.trim();
        let key = key.trim();
        // `options:`, `from:` and `moves:` set up the case: once each, so
        // that a second never silently replaces the first.
        if matches!(key, "options" | "from" | "moves") {
            if let Some(first) = case.set.iter().find(|(k, _)| k == key).map(|(_, l)| *l) {
                return Err(error(format!(
                    "`{key}:` is given twice in this case (first on line {first}): give it once"
                )));
            }
            case.set.push((key.to_string(), number));
        }
        let expect = match key {
            "options" => {
                case.options = words(value);
                continue;
            }
            "from" => {
                case.from = Some(value.to_string());
                continue;
            }
            "moves" => {
                case.moves = value.to_string();
                continue;
            }
            "position" => Expect::Position(position_block(&lines, &mut i, raw).map_err(error)?),
            _ if key.starts_with("view ") => {
                let player = key["view ".len()..].trim().to_string();
                Expect::View(player, position_block(&lines, &mut i, raw).map_err(error)?)
            }
            key => expectation(key, value).map_err(error)?,
        };
        case.expects.push((number, expect));
    }
    Ok(file)
}

/// A line that is not indented: `snapshot: OPTIONS`, or `case "NAME"`,
/// which starts a case.
fn top_line(file: &mut CaseFile, line: &str, number: usize) -> Result<(), String> {
    if let Some(rest) = line.strip_prefix("snapshot:") {
        file.snapshot_options.push(words(rest));
    } else if let Some(rest) = line.strip_prefix("case ") {
        let name = rest.trim();
        let name = name
            .strip_prefix('"')
            .and_then(|n| n.strip_suffix('"'))
            .ok_or_else(|| "a case's name goes in double quotes".to_string())?;
        file.cases.push(Case {
            name: name.to_string(),
            line: number,
            options: Vec::new(),
            from: None,
            moves: String::new(),
            expects: Vec::new(),
            set: Vec::new(),
        });
    } else {
        return Err(format!(
            "expected `case \"NAME\"` or `snapshot: OPTIONS`, found `{line}`"
        ));
    }
    Ok(())
}

/// The expectation of a one-line `KEY: VALUE` (all but `position:`).
fn expectation(key: &str, value: &str) -> Result<Expect, String> {
    Ok(match key {
        "legal" => Expect::Legal(words(value)),
        "turns" => Expect::Turns(words(value)),
        "includes" => Expect::Includes(words(value)),
        "illegal" => Expect::Illegal(words(value)),
        "result" => match value {
            "draw" | "not over" => Expect::Result(value.to_string()),
            v if v.ends_with(" wins") => Expect::Result(v.to_string()),
            v => {
                return Err(format!(
                    "a result is `PLAYER wins`, `draw` or `not over`, not `{v}`"
                ));
            }
        },
        "perft" => perft(value)?,
        "text" => Expect::Text(value.to_string()),
        other => {
            return Err(format!(
                "unknown key `{other}` (options, moves, legal, turns, includes, illegal, result, perft, text, position, view PLAYER)"
            ));
        }
    })
}

/// `perft: COUNTS` or `perft: --turns COUNTS`, at most as deep as `gdl
/// perft -d` goes.
fn perft(value: &str) -> Result<Expect, String> {
    let (turns, counts) = match value.strip_prefix("--turns") {
        Some(rest) => (true, rest),
        None => (false, value),
    };
    let counts: Vec<u64> = counts
        .split_whitespace()
        .map(|n| n.parse::<u64>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            format!("perft counts are whole numbers, after `--turns` for whole turns: `{value}`")
        })?;
    if counts.len() > MAX_PERFT_DEPTH {
        return Err(format!(
            "{} perft counts: at most {MAX_PERFT_DEPTH} depths, as `gdl perft -d` counts",
            counts.len()
        ));
    }
    Ok(if turns {
        Expect::PerftTurns(counts)
    } else {
        Expect::Perft(counts)
    })
}

/// The block of `position:` (whose line is `raw`): the lines after it
/// indented deeper, from `lines[*i]` on; `*i` is left after the block.
fn position_block(lines: &[&str], i: &mut usize, raw: &str) -> Result<String, String> {
    let depth = raw.len() - raw.trim_start().len();
    let mut block: Vec<&str> = Vec::new();
    while *i < lines.len() {
        let next = lines[*i];
        let next_depth = next.len() - next.trim_start().len();
        if next.trim().is_empty() || next_depth <= depth {
            break;
        }
        block.push(next);
        *i += 1;
    }
    let cut = block
        .iter()
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let text: Vec<&str> = block.iter().map(|l| l[cut..].trim_end()).collect();
    if text.is_empty() {
        return Err("`position:` is followed by the position, indented".into());
    }
    Ok(text.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_with_every_key() {
        let text = "# header\nsnapshot: size=5 pie=off\n\ncase \"one\" # note\n  options: size=3\n  \
                    moves: a1 b2\n  legal: c3 a2\n  includes: c3\n  turns: a1/b1\n  illegal: a1\n  result: draw\n  \
                    perft: 7 42\n  perft: --turns 7 9\n  position:\n     . X\n     O .\n\ncase \"two\"\n  result: not over\n";
        let f = parse(text).expect("parses");
        assert_eq!(f.snapshot_options, [vec!["size=5", "pie=off"]]);
        assert_eq!(f.cases.len(), 2);
        let one = &f.cases[0];
        assert_eq!((one.name.as_str(), one.line), ("one", 4));
        assert_eq!(one.options, ["size=3"]);
        assert_eq!(one.moves, "a1 b2");
        let kinds: Vec<&Expect> = one.expects.iter().map(|(_, e)| e).collect();
        assert_eq!(kinds[0], &Expect::Legal(vec!["c3".into(), "a2".into()]));
        assert_eq!(kinds[2], &Expect::Turns(vec!["a1/b1".into()]));
        assert_eq!(kinds[5], &Expect::Perft(vec![7, 42]));
        assert_eq!(kinds[6], &Expect::PerftTurns(vec![7, 9]));
        assert_eq!(kinds[7], &Expect::Position(". X\nO .".into()));
        assert_eq!(f.cases[1].expects[0].0, 19);
    }

    #[test]
    fn errors_name_the_line() {
        for (text, line, words) in [
            ("case one\n", 1, "double quotes"),
            ("  moves: a1\n", 1, "belongs to a case"),
            ("case \"a\"\n  winner: x\n", 2, "unknown key `winner`"),
            ("case \"a\"\n  perft: 1 x\n", 2, "whole numbers"),
            ("case \"a\"\n  perft: --turn 1\n", 2, "whole numbers"),
            ("case \"a\"\n  result: x won\n", 2, "PLAYER wins"),
            ("case \"a\"\n  position:\n\n", 2, "indented"),
            (
                "case \"a\"\n  moves: a1\n  legal: b2\n  moves: b2\n",
                4,
                "twice",
            ),
            (
                "case \"a\"\n  options: size=3\n  options: size=4\n",
                3,
                "first on line 2",
            ),
            (
                &format!("case \"a\"\n  perft:{}\n", " 1".repeat(65)),
                2,
                "at most 64",
            ),
            ("hello\n", 1, "expected `case"),
        ] {
            let e = parse(text).expect_err(text);
            assert_eq!(e.line, line, "{text}");
            assert!(e.message.contains(words), "{text}: {e}");
        }
    }
}
