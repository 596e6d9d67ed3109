//! What one player sees of a position in a game with hidden information
//! (`view`): the board with the cells it does not see as `?` and the
//! pieces it sees only by owner as `X`/`x`, and the hands it sees.

use super::{Look, below_board, board_text, hands, legend, position, result_text};
use crate::engine::{Game, State};
use crate::ids::Player;
use crate::rules::HandsSeen;

/// The position as `viewer` sees it in a game with `view` (hidden
/// information): a cell it does not see is `?`; marks, lines and the turn
/// and ply numbers (which would tell how many tries the others made) are
/// left out. The whole position in a game without `view`.
pub fn position_as(game: &Game, st: &State, viewer: Player) -> String {
    let Some(look) = Look::seen_by(game, st, viewer) else {
        return position(game, st);
    };
    let mut out = board_text(&look, st);
    out.push_str(&legend(&look));
    out.push_str(&below_board(game, st, &hands_seen_by(game, st, viewer)));
    out.push_str(&match st.result() {
        Some(r) => format!("game over: {}\n", result_text(game, r)),
        None => format!("{} to move\n", game.rules.players[st.mover.index()]),
    });
    let who = &game.rules.players[viewer.index()];
    out.push_str(&format!("seen by {who}: `?` is a cell it does not see"));
    if game.rules.view_owners.is_some() {
        let (first, other) = (look.owner_only_char(0), look.owner_only_char(1));
        out.push_str(&format!(
            "; `{first}`, `{other}`: a piece whose owner it sees, not its kind"
        ));
    }
    out.push('\n');
    out
}

/// What `viewer` sees of the board on one line: each cell's character as
/// the board shows it (`?` for one it does not see), in board order, then
/// the variables; the whole board in a game without `view`.
pub fn view_line(game: &Game, st: &State, viewer: Player) -> String {
    let look = Look::seen_by(game, st, viewer).unwrap_or_else(|| Look::of(game));
    let mut line: String = game
        .board()
        .cells()
        .map(|c| look.cell_char(st, c))
        .collect();
    for (i, v) in game.rules.variables.iter().enumerate() {
        line.push_str(&format!(" {}={}", v.name, v.show(st.var(i))));
    }
    line
}

/// The hands as `viewer` sees them: with `view hands: own`, its own, and
/// of the others' how many pieces each holds.
fn hands_seen_by(game: &Game, st: &State, viewer: Player) -> String {
    let rules = &game.rules;
    if rules.hands_seen == HandsSeen::Every || rules.reserve.is_empty() {
        return hands(game, st);
    }
    let kinds = rules.pieces.len();
    let mut hands = Vec::new();
    for (p, player) in rules.players.iter().enumerate() {
        let held = (0..kinds).filter(|&k| rules.reserved[k]);
        if p == viewer.index() {
            let mine: Vec<String> = held
                .filter_map(|k| {
                    let n = st.in_hand(p, k, kinds);
                    (n > 0).then(|| format!("{player} {} {n}", rules.pieces[k]))
                })
                .collect();
            match mine.is_empty() {
                true => hands.push(format!("{player} nothing")),
                false => hands.extend(mine),
            }
        } else {
            match held
                .map(|k| st.in_hand(p, k, kinds) as usize)
                .sum::<usize>()
            {
                0 => hands.push(format!("{player} nothing")),
                n => hands.push(format!("{player} {n} pieces")),
            }
        }
    }
    format!("in hand: {}\n", hands.join(", "))
}
