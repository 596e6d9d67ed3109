//! Action notation: what `gdl moves` prints and `--moves` / `play` accept.
//!
//! - an action on a cell is the cell's label: `d4`;
//! - an action without a cell is its name: `pass`, `swap`;
//! - when two kinds of action could take the same cell in one position, the
//!   action's name qualifies the cell: `replace:d4`, `place:d4`.
//!
//! - choosing a value is `variable=value`: `komi=5.5`, `side=vertical`;
//! - a moving piece is `from-to`: `b2-c3` (a step), `b2-d4` (a jump).
//!
//! Labels are case-insensitive; the qualified form is always accepted. The
//! kinds never mix: a cell names only an action on that cell, never a value
//! to choose or a move.
//!
//! A whole turn of several actions is written as one word ([`join_turn`]):
//! `c3-e5-c7`, `d1-d7/g7`, `d4/e5/f6`; or, where it is one move maybe
//! followed by choosing a kind, in long algebraic notation ([`long_algebraic`]):
//! `e2e4`, `e7e8q`; or in standard algebraic notation, SAN ([`read_san`]):
//! `Nf3`, `exd5`, `O-O`, `e8=Q`; or in the notations the game declares
//! (`notation: usi`, [`styles`]), the first of which is how a turn is
//! written where a player reads ([`write_declared`]).

mod joined;
mod long_algebraic;
mod pocket;
mod position;
mod san;
mod styles;

pub use joined::{
    ListTurnsError, format_turn, join_turn, list_turns, parse_word, play_word, split_word,
    turn_actions,
};
pub use long_algebraic::{long_algebraic, looks_long_algebraic, read_long_algebraic};
pub use position::{PositionError, read_position, write_position};
pub use san::{looks_san, read_san, write_san};
pub use styles::{pdn_cells, read_declared, read_styles, write_declared, write_style, write_turns};

use crate::engine::{Action, ActionKind, Game, State};
use crate::ids::Cell;
use crate::rules::ChoiceKind;

/// The name of an action's kind (`swap` for the pie rule).
pub fn choice_name(game: &Game, a: Action) -> &str {
    if a.is_pie() {
        "swap"
    } else {
        &game.rules.choices[a.choice as usize].name
    }
}

/// The cells a moving action leaves and reaches.
pub fn move_cells(_game: &Game, a: Action) -> Option<(Cell, Cell)> {
    a.move_cells()
}

/// The notation of `a` among the given legal actions.
pub fn format(game: &Game, legal: &[Action], a: Action) -> String {
    let board = game.board();
    match a.kind {
        ActionKind::Pick(k) => game.rules.choices[a.choice as usize]
            .kind
            .option_notation(k as usize, &game.rules.variables)
            .unwrap_or_else(|| choice_name(game, a).to_string()),
        ActionKind::Moves { .. } | ActionKind::Jumps { .. } => {
            let (from, to) = a.move_cells().expect("a move");
            let text = format!("{}-{}", board.label(from), board.label(to));
            // Two kinds of move between the same cells: name the kind.
            let clash = legal
                .iter()
                .any(|&b| b.choice != a.choice && b.move_cells() == Some((from, to)));
            if clash {
                format!("{}:{text}", choice_name(game, a))
            } else {
                text
            }
        }
        ActionKind::OnCell(cell) => {
            let label = board.label(cell);
            // Two kinds of action on the same cell: name the kind.
            let clash = legal
                .iter()
                .any(|b| b.cell() == Some(cell) && b.choice != a.choice);
            if clash {
                format!("{}:{label}", choice_name(game, a))
            } else {
                label.to_string()
            }
        }
        ActionKind::Pie => choice_name(game, a).to_string(),
    }
}

/// Why a piece of notation does not name a legal action. Notation says what
/// was wrong; the reasons in the game's own terms (the rule that refuses an
/// action, the name probably meant, who won) are left empty here and added
/// by [`crate::explain::reasons`], which the functions of
/// [`crate::explain`] that read notation call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Not a cell label or action name at all; then the name probably
    /// meant (or nothing).
    Unknown(String, String),
    /// Understood, but not legal here, with the rule that refuses it in
    /// the game's own terms (empty when no rule names it).
    Illegal(String, String),
    /// Could be several actions; their qualified forms follow.
    Ambiguous(String, Vec<String>),
    /// A cell, where the legal actions are not on cells (a value to choose,
    /// a move): some of them follow, then the rule that refuses it (or
    /// nothing).
    NotACell(String, Vec<String>, String),
    /// The game is over: who won, by which rule.
    GameOver(String),
    /// A part of a joined turn (`index` from 1) is refused.
    InTurn {
        /// The part's place in the word, from 1.
        index: usize,
        /// The part as written.
        part: String,
        /// Why the part was refused.
        error: Box<NotationError>,
    },
    /// A joined word goes on after its turn (or the game) has ended.
    SeveralTurns {
        /// The part after which the turn ended.
        after: String,
        /// Whether the game, not only the turn, had ended.
        game_over: bool,
    },
    /// A joined word with nothing between two `/` (or at an end).
    EmptyPart(String),
}

impl std::fmt::Display for NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotationError::Unknown(s, meant) => {
                write!(f, "`{s}` is neither a cell of this board nor an action")?;
                if !meant.is_empty() {
                    write!(f, " (did you mean `{meant}`?)")?;
                }
                Ok(())
            }
            NotationError::Illegal(s, why) if why.is_empty() => {
                write!(f, "`{s}` is not legal here")
            }
            NotationError::Illegal(s, why) => write!(f, "`{s}` is not legal: {why}"),
            // Options that differ say how to type each; identical ones can
            // only be told apart by renaming them in the game file.
            NotationError::Ambiguous(s, options) if options.iter().any(|o| o != s) => {
                write!(f, "`{s}` could mean {}", options.join(" or "))
            }
            NotationError::Ambiguous(s, options) => write!(
                f,
                "`{s}` could mean {} different actions; give them different names in the game file with `action NAME = ...`",
                options.len()
            ),
            NotationError::NotACell(s, examples, why) => {
                write!(
                    f,
                    "`{s}` is a cell, but no action here is on a cell: type one such as {}",
                    examples.join(" or ")
                )?;
                if !why.is_empty() {
                    write!(f, " ({why})")?;
                }
                Ok(())
            }
            NotationError::GameOver(why) if why.is_empty() => write!(f, "the game is over"),
            NotationError::GameOver(why) => write!(f, "{why}"),
            NotationError::InTurn { index, part, error } => {
                write!(f, "action {index} of the turn, `{part}`: {error}")
            }
            NotationError::SeveralTurns { after, game_over } => write!(
                f,
                "the {} ends after `{after}`, but the word goes on: join only the actions of one \
                 turn, and separate turns with spaces",
                if *game_over { "game" } else { "turn" }
            ),
            NotationError::EmptyPart(s) => write!(
                f,
                "`{s}` has an empty action: join the actions of a turn with one `/` between each two"
            ),
        }
    }
}

impl std::error::Error for NotationError {}

/// Finds the legal action that `text` names.
pub fn parse(
    game: &Game,
    st: &State,
    legal: &[Action],
    text: &str,
) -> Result<Action, NotationError> {
    if st.is_over() {
        return Err(NotationError::GameOver(String::new()));
    }
    let text = text.trim();
    // A region turn: `q1+90`, `q1-90`, or a piece dealt: `red-general`;
    // refused if no rotation or deal offers it now.
    let is_turn = |c: &crate::rules::Choice| {
        matches!(c.kind, ChoiceKind::Rotate(_) | ChoiceKind::Deal { .. })
    };
    let mut turn_words = game.rules.choices.iter().flat_map(|c| {
        let n = match &c.kind {
            ChoiceKind::Rotate(turns) => turns.len(),
            ChoiceKind::Deal { outcomes, .. } => outcomes.len(),
            _ => 0,
        };
        (0..n).filter_map(move |k| c.kind.option_notation(k, &game.rules.variables))
    });
    if turn_words.any(|t| t == text) {
        return legal
            .iter()
            .copied()
            .find(|&a| {
                game.rules
                    .choices
                    .get(a.choice as usize)
                    .is_some_and(is_turn)
                    && format(game, legal, a) == text
            })
            .ok_or_else(|| NotationError::Illegal(text.to_string(), String::new()));
    }
    // A chosen value: `komi=5.5`, `side=vertical`.
    if let Some((var, value)) = text.split_once('=') {
        let names = |a: &Action| {
            // The pie rule's swap is no choice of the rules: `get`.
            let (Some(i), Some(ChoiceKind::Choose { var: v, values, .. })) = (
                a.pick_index(),
                game.rules.choices.get(a.choice as usize).map(|c| &c.kind),
            ) else {
                return false;
            };
            let variable = &game.rules.variables[*v as usize];
            let shown = variable.show(values[i]);
            variable.name == var
                && (shown == value
                    || shown
                        .parse::<f64>()
                        .ok()
                        .zip(value.parse::<f64>().ok())
                        .is_some_and(|(p, q)| p == q))
        };
        return match legal.iter().copied().find(|a| names(a)) {
            Some(a) => Ok(a),
            None if game.rules.variables.iter().any(|v| v.name == var) => Err(illegal(text)),
            None => Err(unknown(text)),
        };
    }
    // A move: `b2-c3` (step) or `b2-d4` (jump), maybe named: `run:b2-c3`.
    let (move_name, move_text) = match text.split_once(':') {
        Some((n, m)) => (Some(n), m),
        None => (None, text),
    };
    if let Some((f, t)) = move_text.split_once('-')
        && let (Some(from), Some(to)) =
            (game.board().cell_by_label(f), game.board().cell_by_label(t))
    {
        let found: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|&a| {
                a.move_cells() == Some((from, to))
                    && move_name.is_none_or(|n| choice_name(game, a) == n)
            })
            .collect();
        return match found.len() {
            0 => Err(illegal(text)),
            1 => Ok(found[0]),
            _ => Err(NotationError::Ambiguous(
                text.to_string(),
                found.iter().map(|&a| format(game, legal, a)).collect(),
            )),
        };
    }
    let (name, label) = match text.split_once(':') {
        Some((n, l)) => (Some(n), Some(l)),
        None => match game.board().cell_by_label(text) {
            Some(_) => (None, Some(text)),
            None => (Some(text), None),
        },
    };
    let cell = match label {
        Some(l) => match game.board().cell_by_label(l) {
            Some(c) => Some(c),
            None => return Err(unknown(text)),
        },
        None => None,
    };
    let known_name = |n: &str| n == "swap" || game.rules.choices.iter().any(|c| c.name == n);
    if let Some(n) = name
        && !known_name(n)
    {
        return Err(unknown(text));
    }
    // A cell names an action on that cell; a bare name, an action without
    // cells or value (`pass`, `swap`). A cell is never a value nor a move.
    let named = |a: &Action| match a.kind {
        ActionKind::OnCell(_) => cell.is_some() && a.cell() == cell,
        // A bare name: an option written as the choice's name (`pass`).
        ActionKind::Pick(k) => {
            cell.is_none()
                && game.rules.choices[a.choice as usize]
                    .kind
                    .option_notation(k as usize, &game.rules.variables)
                    .is_none()
        }
        ActionKind::Pie => cell.is_none(),
        ActionKind::Moves { .. } | ActionKind::Jumps { .. } => false,
    };
    let matches: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| name.is_none_or(|n| choice_name(game, *a) == n) && named(a))
        .collect();
    match matches.len() {
        0 if cell.is_some() && !legal.iter().any(|a| a.cell().is_some()) && !legal.is_empty() => {
            Err(NotationError::NotACell(
                text.to_string(),
                legal
                    .iter()
                    .take(3)
                    .map(|&a| format!("`{}`", format(game, legal, a)))
                    .collect(),
                String::new(),
            ))
        }
        0 => Err(illegal(text)),
        1 => Ok(matches[0]),
        // Two actions with one notation: only rules whose alternatives share
        // a name cause this (two `pass`, or `swap` beside the pie rule).
        _ => Err(NotationError::Ambiguous(
            text.to_string(),
            matches.iter().map(|&a| format(game, legal, a)).collect(),
        )),
    }
}

/// `text` names nothing. The name it probably meant is explain's to add
/// ([`crate::explain::reasons`]).
fn unknown(text: &str) -> NotationError {
    NotationError::Unknown(text.to_string(), String::new())
}

/// `text` names no legal action. The rule that refuses it is explain's to
/// add ([`crate::explain::reasons`]).
fn illegal(text: &str) -> NotationError {
    NotationError::Illegal(text.to_string(), String::new())
}

/// Why a list of moves could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesError {
    /// 1-based position of the bad action in the list.
    pub index: usize,
    /// The action as written.
    pub text: String,
    /// Why it could not be played.
    pub error: NotationError,
}

impl std::fmt::Display for MovesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "action {} (`{}`): {}", self.index, self.text, self.error)
    }
}

// Its message already says what was wrong: no `source`, so that a
// report that walks the chain does not print it twice.
impl std::error::Error for MovesError {}

/// Plays a space-separated list of actions from `st`, each a single action
/// or a whole turn joined (`c3-e5-c7`, `d4/e5/f6`).
pub fn play_moves(game: &Game, st: &mut State, moves: &str) -> Result<(), MovesError> {
    play_listed(game, st, moves).map(drop)
}

/// As [`play_moves`], returning the actions played.
pub fn play_listed(game: &Game, st: &mut State, moves: &str) -> Result<Vec<Action>, MovesError> {
    let mut legal = Vec::new();
    let mut played = Vec::new();
    for (i, text) in moves.split_whitespace().enumerate() {
        play_word(game, st, &mut legal, text, &mut played).map_err(|error| MovesError {
            index: i + 1,
            text: text.to_string(),
            error,
        })?;
    }
    Ok(played)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(source: &str) -> Game {
        let file = crate::syntax::parse(source).expect("parses");
        Game::new(crate::check::compile(&file, &[]).expect("compiles"))
    }

    #[test]
    fn two_actions_with_one_name_are_reported_not_a_crash() {
        let g = game(
            "game T board square(2) players x, o pieces stone turn: pass | pass | place stone at empty",
        );
        let err = play_moves(&g, &mut g.start(), "pass").unwrap_err();
        assert_eq!(err.index, 1);
        assert!(
            matches!(err.error, NotationError::Ambiguous(_, ref o) if o.len() == 2),
            "{err}"
        );
    }

    #[test]
    fn placements_of_two_pieces_are_told_apart_by_the_piece() {
        let g = game(
            "game T board square(2) players x, o pieces king, pawn turn: place king at empty | place pawn at empty",
        );
        let st = g.start();
        let mut legal = Vec::new();
        g.legal_actions(&st, &mut legal);
        let text: Vec<String> = legal.iter().map(|&a| format(&g, &legal, a)).collect();
        assert!(
            text.contains(&"king:a1".to_string()) && text.contains(&"pawn:a1".to_string()),
            "{text:?}"
        );
        let a = parse(&g, &st, &legal, "pawn:a1").expect("legal");
        assert_eq!(choice_name(&g, a), "pawn");
        assert!(matches!(
            parse(&g, &st, &legal, "a1"),
            Err(NotationError::Ambiguous(..))
        ));
        assert!(matches!(
            parse(&g, &st, &legal, "z9"),
            Err(NotationError::Unknown(..))
        ));
    }
}
