//! Whole turns in notation: the actions of one turn joined into one word.
//!
//! - a move that starts where the turn's previous move ended is written by
//!   its destination only: `c3-e5-c7` is `c3-e5` then `e5-c7`;
//! - other actions are joined with `/`: `d1-d7/g7`, `d4/e5/f6`,
//!   `swap/c3`.
//!
//! Wherever single actions are read (`--moves`, `play`, records), a joined
//! turn is read too; its parts must all belong to one turn.

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::long_algebraic::{looks_long_algebraic, read_long_algebraic};
use super::san::{looks_san, read_san};
use super::{NotationError, format, parse};
use crate::engine::{Action, Game, State};
use crate::limits::MAX_LISTED_TURNS;
use crate::run::{Frame, LongTurn, walk_turns};

/// The notation of a whole turn, from its actions and each one's notation
/// (as [`format()`] gives it among the actions legal when it was played).
pub fn join_turn(game: &Game, parts: &[(Action, String)]) -> String {
    let board = game.board();
    let mut out = String::new();
    let mut last_to = None;
    for (i, (a, text)) in parts.iter().enumerate() {
        let cells = a.move_cells();
        // A move on from the previous move's destination, written plainly
        // (not qualified by its name), continues the chain.
        match cells {
            Some((from, to))
                if last_to == Some(from)
                    && *text == format!("{}-{}", board.label(from), board.label(to)) =>
            {
                out.push('-');
                out.push_str(board.label(to));
            }
            _ => {
                if i > 0 {
                    out.push('/');
                }
                out.push_str(text);
            }
        }
        last_to = cells.map(|(_, to)| to);
    }
    out
}

/// The notation of the turn `actions` played from `st` (which is left as
/// it is), joined as [`join_turn`] does.
pub fn format_turn(game: &Game, st: &State, actions: &[Action]) -> String {
    let mut st = st.clone();
    let mut legal = Vec::new();
    let mut parts = Vec::with_capacity(actions.len());
    for &a in actions {
        game.legal_actions(&st, &mut legal);
        parts.push((a, format(game, &legal, a)));
        game.play_unchecked(&mut st, a);
    }
    join_turn(game, &parts)
}

/// The notations of the single actions a word names: the word itself for
/// one action, else its parts (`c3-e5-c7` gives `c3-e5` and `e5-c7`).
/// Only the form is read here; [`play_word`] checks the parts.
pub fn split_word(game: &Game, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in text.trim().split('/') {
        // A chosen value (`komi=5.5`, `x=-1`) is one action.
        if part.contains('=') {
            out.push(part.to_string());
            continue;
        }
        let (name, cells) = match part.split_once(':') {
            Some((n, c)) => (Some(n), c),
            None => (None, part),
        };
        let labels: Vec<&str> = cells.split('-').collect();
        let chain = labels.len() > 2
            && labels
                .iter()
                .all(|l| game.board().cell_by_label(l).is_some());
        if !chain {
            out.push(part.to_string());
            continue;
        }
        for (i, pair) in labels.windows(2).enumerate() {
            let step = format!("{}-{}", pair[0], pair[1]);
            // A name qualifies the first move of the chain only.
            match name {
                Some(n) if i == 0 => out.push(format!("{n}:{step}")),
                _ => out.push(step),
            }
        }
    }
    out
}

/// Plays `text`, one action or a joined turn, from `st`, appending the
/// actions played to `played`. On an error, the parts before the bad one
/// have been played (see [`parse_word`] to check first).
pub fn play_word(
    game: &Game,
    st: &mut State,
    legal: &mut Vec<Action>,
    text: &str,
    played: &mut Vec<Action>,
) -> Result<(), NotationError> {
    let parts = split_word(game, text);
    if parts.len() > 1 && parts.iter().any(|p| p.is_empty()) {
        return Err(NotationError::EmptyPart(text.trim().to_string()));
    }
    if parts.len() == 1 {
        game.legal_actions(st, legal);
        let a = match parse(game, st, legal, text) {
            Ok(a) => a,
            // A word gdl's notation reads but refuses here (an illegal
            // drop on `e4` in shogi) keeps its meaning and its error.
            Err(e @ (NotationError::Illegal(..) | NotationError::Ambiguous(..))) => return Err(e),
            // `e7e8q`: a whole turn in long algebraic notation.
            Err(e) => {
                // `7g7f`, `32-28`: a whole turn in a notation the game declares.
                if let Ok(Some(joined)) = super::read_declared(game, st, text) {
                    return play_word(game, st, legal, &joined, played);
                }
                let long = (looks_long_algebraic(text.trim()))
                    .then(|| read_long_algebraic(game, st, text).ok().flatten())
                    .flatten();
                if let Some(joined) = long {
                    return play_word(game, st, legal, &joined, played);
                }
                // `Nf3`, `exd5`, `O-O`, `e8=Q`: a turn in SAN.
                let san = match looks_san(text) {
                    true => read_san(game, st, text).unwrap_or_default(),
                    false => Vec::new(),
                };
                return match san.as_slice() {
                    [] => Err(e),
                    [joined] => play_word(game, st, legal, &joined.clone(), played),
                    _ => Err(NotationError::Ambiguous(text.trim().to_string(), san)),
                };
            }
        };
        game.play_unchecked(st, a);
        played.push(a);
        return Ok(());
    }
    let turn = st.turn;
    for (i, part) in parts.iter().enumerate() {
        if i > 0 && (st.is_over() || st.turn != turn) {
            return Err(NotationError::SeveralTurns {
                after: parts[i - 1].clone(),
                game_over: st.is_over(),
            });
        }
        game.legal_actions(st, legal);
        let a = parse(game, st, legal, part).map_err(|e| NotationError::InTurn {
            index: i + 1,
            part: part.clone(),
            error: Box::new(e),
        })?;
        game.play_unchecked(st, a);
        played.push(a);
    }
    Ok(())
}

/// The actions `text` (one action or a joined turn) names from `st`, which
/// is left as it is.
pub fn parse_word(game: &Game, st: &State, text: &str) -> Result<Vec<Action>, NotationError> {
    let mut st = st.clone();
    let mut played = Vec::new();
    play_word(game, &mut st, &mut Vec::new(), text, &mut played)?;
    Ok(played)
}

/// Why the whole turns from a position were not listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListTurnsError {
    /// More ways to play the turn than [`MAX_LISTED_TURNS`].
    TooMany,
    /// A turn that did not end.
    Long(LongTurn),
    /// Chance decides within the turn ([`turn_actions`] lists a player's
    /// choices only).
    Chance,
}

impl std::fmt::Display for ListTurnsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ListTurnsError::TooMany => write!(
                f,
                "there are more than {MAX_LISTED_TURNS} ways to play this turn, too many to list: \
                 list the single actions (without --turns), or play part of the turn with --moves first"
            ),
            ListTurnsError::Long(e) => write!(f, "{e}"),
            ListTurnsError::Chance => write!(
                f,
                "chance decides within this turn: its ways are not a player's choices; \
                 play it action by action"
            ),
        }
    }
}

impl std::error::Error for ListTurnsError {}

/// Calls `visit` with the path of each way to play the rest of the current
/// turn from `st` (the whole turn at its start), in the order of the legal
/// actions; at most [`MAX_LISTED_TURNS`] of them.
fn each_turn(
    game: &Game,
    st: &State,
    mut visit: impl FnMut(&[Frame]) -> ControlFlow<()>,
) -> Result<(), ListTurnsError> {
    let mut sequences = 0usize;
    let mut too_many = false;
    walk_turns(game, st, 1, |_, path, _| {
        sequences += 1;
        if sequences > MAX_LISTED_TURNS {
            too_many = true;
            return ControlFlow::Break(());
        }
        visit(path)
    })
    .map_err(ListTurnsError::Long)?;
    match too_many {
        true => Err(ListTurnsError::TooMany),
        false => Ok(()),
    }
}

/// Every way to play the rest of the current turn from `st` (the whole
/// turn at its start), in joined notation, each notation once, in the order
/// of the legal actions.
pub fn list_turns(game: &Game, st: &State) -> Result<Vec<String>, ListTurnsError> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut parts = Vec::new();
    each_turn(game, st, |path| {
        parts.clear();
        parts.extend(path.iter().map(|f| {
            let a = f.chosen();
            (a, format(game, f.legal(), a))
        }));
        let text = join_turn(game, &parts);
        if seen.insert(text.clone()) {
            out.push(text);
        }
        ControlFlow::Continue(())
    })?;
    Ok(out)
}

/// Every way to play the rest of the current turn from `st` as the actions
/// played, in the order of the legal actions (two orders of the same
/// actions are two ways). A player's choices only: a turn in which chance
/// decides is [`ListTurnsError::Chance`].
pub fn turn_actions(game: &Game, st: &State) -> Result<Vec<Vec<Action>>, ListTurnsError> {
    let mut out = Vec::new();
    let mut chance = false;
    each_turn(game, st, |path| {
        if path.iter().any(|f| game.is_chance(f.state())) {
            chance = true;
            return ControlFlow::Break(());
        }
        out.push(path.iter().map(Frame::chosen).collect());
        ControlFlow::Continue(())
    })?;
    match chance {
        true => Err(ListTurnsError::Chance),
        false => Ok(out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move, maybe a second one (of the same piece or another), then a
    /// placement: turns such as `a1-a2-a3/c3` and `a1-a2/b4-c4/d1`.
    fn game() -> Game {
        let source = "game Moves
            board square(4)
            players x, o
            pieces man
            turn 1: place man at empty
            turn 2: place man at empty
            turn: step own to empty, step own to empty, place man at empty";
        let file = crate::syntax::parse(source).expect("parses");
        Game::new(crate::check::compile(&file, &[]).expect("compiles"))
    }

    #[test]
    fn a_move_on_from_where_the_last_ended_is_written_by_its_destination() {
        let g = game();
        let mut st = g.start();
        crate::notation::play_moves(&g, &mut st, "a1 d4").expect("plays");
        let turns = list_turns(&g, &st).expect("lists");
        assert!(turns.contains(&"a1-a2-a3/c3".to_string()), "{turns:?}");
        assert!(turns.contains(&"a1-b1-a1/a2".to_string()), "{turns:?}");
        // Every word read back is the turn it was written from.
        for word in &turns {
            let actions = parse_word(&g, &st, word).expect("reads back");
            assert_eq!(actions.len(), 3, "{word}");
            assert_eq!(&format_turn(&g, &st, &actions), word);
        }
        // Two pieces: a move that does not continue is joined with `/`.
        crate::notation::play_moves(&g, &mut st, "a1-a2-a3/c3 d4-d3-d4/b4").expect("plays");
        let turns = list_turns(&g, &st).expect("lists");
        assert!(turns.contains(&"a3-b3/c3-c2/d1".to_string()), "{turns:?}");
    }

    #[test]
    fn words_split_into_single_actions() {
        let g = game();
        for (word, parts) in [
            ("d4", &["d4"][..]),
            ("a1-a2", &["a1-a2"]),
            ("a1-a2-a3/c3", &["a1-a2", "a2-a3", "c3"]),
            ("run:a1-a2-a3", &["run:a1-a2", "a2-a3"]),
            ("swap/b2", &["swap", "b2"]),
            ("komi=-1/x-y-z", &["komi=-1", "x-y-z"]),
        ] {
            assert_eq!(split_word(&g, word), parts, "{word}");
        }
    }

    #[test]
    fn a_word_across_two_turns_is_refused() {
        let g = game();
        let st = g.start();
        let e = parse_word(&g, &st, "a1/d4").unwrap_err();
        assert_eq!(
            e,
            NotationError::SeveralTurns {
                after: "a1".into(),
                game_over: false
            }
        );
        assert!(e.to_string().contains("the turn ends after `a1`"), "{e}");
        for word in ["/", "a1/", "/a1", "a1//b1"] {
            let e = parse_word(&g, &st, word).unwrap_err();
            assert_eq!(e, NotationError::EmptyPart(word.into()));
            assert!(e.to_string().contains("has an empty action"), "{e}");
        }
        let e = parse_word(&g, &st, "a1-a2").unwrap_err();
        assert!(matches!(e, NotationError::Illegal(..)), "{e}");
        let mut st = st;
        crate::notation::play_moves(&g, &mut st, "a1 d4").expect("plays");
        let e = parse_word(&g, &st, "a1-a2/zz").unwrap_err();
        assert!(matches!(e, NotationError::InTurn { index: 2, .. }), "{e}");
        assert!(e.to_string().contains("action 2 of the turn, `zz`"), "{e}");
    }
}
