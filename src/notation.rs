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
//! Labels are case-insensitive; the qualified form is always accepted.

use crate::engine::{Action, Game, NO_CELL, State};
use crate::rules::ChoiceKind;

/// The name of an action's kind (`swap` for the pie rule).
pub fn choice_name(game: &Game, a: Action) -> &str {
    if a.choice == Action::PIE {
        "swap"
    } else {
        &game.rules.choices[a.choice as usize].name
    }
}

/// The cells a moving action leaves and reaches.
pub fn move_cells(game: &Game, a: Action) -> Option<(usize, usize)> {
    if a.choice == Action::PIE {
        return None;
    }
    let jump = match &game.rules.choices[a.choice as usize].kind {
        ChoiceKind::Step { .. } => false,
        ChoiceKind::Jump { .. } => true,
        _ => return None,
    };
    let board = game.board();
    let nd = board.ndirs();
    let (from, d) = (a.cell as usize / nd, a.cell as usize % nd);
    let mut to = board.neighbor(from, d)?;
    if jump {
        to = board.neighbor(to, d)?;
    }
    Some((from, to))
}

/// The notation of `a` among the given legal actions.
pub fn format(game: &Game, legal: &[Action], a: Action) -> String {
    if a.choice != Action::PIE
        && let ChoiceKind::Choose { var, values } = &game.rules.choices[a.choice as usize].kind
    {
        let v = &game.rules.variables[*var as usize];
        return format!("{}={}", v.name, v.show(values[a.cell as usize]));
    }
    if let Some((from, to)) = move_cells(game, a) {
        let board = game.board();
        let text = format!("{}-{}", board.label(from), board.label(to));
        // Two kinds of move between the same cells: name the kind.
        let clash = legal
            .iter()
            .any(|&b| b.choice != a.choice && move_cells(game, b) == Some((from, to)));
        return if clash {
            format!("{}:{text}", choice_name(game, a))
        } else {
            text
        };
    }
    if a.cell == NO_CELL {
        return choice_name(game, a).to_string();
    }
    let label = game.board().label(a.cell as usize);
    let clash = legal
        .iter()
        .any(|b| b.cell == a.cell && b.choice != a.choice);
    if clash {
        format!("{}:{label}", choice_name(game, a))
    } else {
        label.to_string()
    }
}

/// Why a piece of notation does not name a legal action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Not a cell label or action name at all.
    Unknown(String),
    /// Understood, but not legal here; the legal actions follow.
    Illegal(String),
    /// Could be several actions; their qualified forms follow.
    Ambiguous(String, Vec<String>),
    GameOver,
}

impl std::fmt::Display for NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotationError::Unknown(s) => {
                write!(f, "`{s}` is neither a cell of this board nor an action")
            }
            NotationError::Illegal(s) => write!(f, "`{s}` is not legal here"),
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
            NotationError::GameOver => write!(f, "the game is over"),
        }
    }
}

/// Finds the legal action that `text` names.
pub fn parse(
    game: &Game,
    st: &State,
    legal: &[Action],
    text: &str,
) -> Result<Action, NotationError> {
    if st.is_over() {
        return Err(NotationError::GameOver);
    }
    let text = text.trim();
    // A chosen value: `komi=5.5`, `side=vertical`.
    if let Some((var, value)) = text.split_once('=') {
        let found: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|&a| {
                format(game, legal, a)
                    .split_once('=')
                    .is_some_and(|(v, x)| {
                        v == var
                            && (x == value
                                || x.parse::<f64>()
                                    .ok()
                                    .zip(value.parse::<f64>().ok())
                                    .is_some_and(|(p, q)| p == q))
                    })
            })
            .collect();
        return match found.len() {
            0 if game.rules.variables.iter().any(|v| v.name == var) => {
                Err(NotationError::Illegal(text.to_string()))
            }
            0 => Err(NotationError::Unknown(text.to_string())),
            _ => Ok(found[0]),
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
                move_cells(game, a) == Some((from, to))
                    && move_name.is_none_or(|n| choice_name(game, a) == n)
            })
            .collect();
        return match found.len() {
            0 => Err(NotationError::Illegal(text.to_string())),
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
            Some(c) => Some(c as u32),
            None => return Err(NotationError::Unknown(text.to_string())),
        },
        None => None,
    };
    let known_name = |n: &str| n == "swap" || game.rules.choices.iter().any(|c| c.name == n);
    if let Some(n) = name
        && !known_name(n)
    {
        return Err(NotationError::Unknown(text.to_string()));
    }
    let matches: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| {
            name.is_none_or(|n| choice_name(game, *a) == n) && a.cell == cell.unwrap_or(NO_CELL)
        })
        .collect();
    match matches.len() {
        0 => Err(NotationError::Illegal(text.to_string())),
        1 => Ok(matches[0]),
        // Two actions with one notation: only rules whose alternatives share
        // a name cause this (two `pass`, or `swap` beside the pie rule).
        _ => Err(NotationError::Ambiguous(
            text.to_string(),
            matches.iter().map(|&a| format(game, legal, a)).collect(),
        )),
    }
}

/// Why a list of moves could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesError {
    /// 1-based position of the bad action in the list.
    pub index: usize,
    pub text: String,
    pub error: NotationError,
}

impl std::fmt::Display for MovesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "action {} (`{}`): {}", self.index, self.text, self.error)
    }
}

/// Plays a space-separated list of actions from `st`.
pub fn play_moves(game: &Game, st: &mut State, moves: &str) -> Result<(), MovesError> {
    let mut legal = Vec::new();
    for (i, text) in moves.split_whitespace().enumerate() {
        game.legal_actions(st, &mut legal);
        let a = parse(game, st, &legal, text).map_err(|error| MovesError {
            index: i + 1,
            text: text.to_string(),
            error,
        })?;
        game.play_unchecked(st, a);
    }
    Ok(())
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
            Err(NotationError::Unknown(_))
        ));
    }
}
