//! Crazyhouse's pockets in a position's text (`pocket`): the pieces in
//! hand as letters in brackets, glued to the field before them, each
//! piece its letter once (`.../RNBQKBNR[QPPn] w`, the first player's
//! capitals first), as python-chess and lichess write them; read also as
//! a row after the board's last (`.../RNBQKBNR/QPPn w`), and, left out,
//! as empty pockets.

use super::position::{PositionError, fault, held_letters, read_piece};
use crate::engine::{Game, State};
use crate::ids::{Kind, Player};
use crate::limits::MAX_RESERVE;

/// Splits the pocket off the token of the field before it (the board):
/// the token without it, and the pocket's offset and text (`[QPPn]`,
/// `QPPn` after a `/`, or empty). `rows` is the board's number of rows.
pub(super) fn split_pocket(at: usize, token: &str, rows: usize) -> ((usize, &str), (usize, &str)) {
    if let Some(i) = token.find('[') {
        return ((at, &token[..i]), (at + i, &token[i..]));
    }
    if token.split('/').count() == rows + 1
        && let Some(i) = token.rfind('/')
    {
        return ((at, &token[..i]), (at + i + 1, &token[i + 1..]));
    }
    ((at, token), (at + token.len(), ""))
}

/// The hands a pocket gives: every kind held in hand, of both players,
/// with the number of its letters (none for a kind not written).
pub(super) fn read_pocket(
    game: &Game,
    at: usize,
    token: &str,
) -> Result<Vec<(Player, Kind, u16)>, PositionError> {
    let rules = &game.rules;
    let letters = match token.strip_prefix('[') {
        Some(inner) => inner
            .strip_suffix(']')
            .ok_or_else(|| fault(at + token.len(), "the pocket `[` is not closed with `]`"))?,
        None => token,
    };
    let first = at + token.len() - letters.len() - usize::from(token.starts_with('['));
    let kinds = rules.pieces.len();
    let players = rules.players.len().min(2);
    let mut counts = vec![0u16; players * kinds];
    for (i, ch) in letters.char_indices() {
        let held = read_piece(game, &letters[i..i + ch.len_utf8()])
            .and_then(|p| Some((p.owner?, p.kind)))
            .filter(|(_, k)| rules.reserved[k.index()]);
        let Some((owner, kind)) = held else {
            let msg = format!(
                "`{ch}` is no piece in a pocket: write letters of {}, each piece once",
                held_letters(game).join(" ")
            );
            return Err(fault(first + i, msg));
        };
        let slot = &mut counts[owner.index() * kinds + kind.index()];
        if usize::from(*slot) >= MAX_RESERVE as usize {
            let msg = format!("a pocket holds at most {MAX_RESERVE} pieces of a kind");
            return Err(fault(first + i, msg));
        }
        *slot += 1;
    }
    let mut hands = Vec::new();
    for p in 0..players {
        for k in (0..kinds).filter(|&k| rules.reserved[k]) {
            hands.push((Player::new(p), Kind::new(k), counts[p * kinds + k]));
        }
    }
    Ok(hands)
}

/// The pocket as it is written: `[`, each piece in hand by its letter
/// (the first player's, capitals, first; kinds in the order of `pieces`),
/// `]`.
pub(super) fn write_pocket(game: &Game, st: &State) -> String {
    let rules = &game.rules;
    let kinds = rules.pieces.len();
    let mut out = String::from("[");
    for p in 0..rules.players.len().min(2) {
        for k in (0..kinds).filter(|&k| rules.reserved[k]) {
            let l = &rules.position_text.letters[k];
            let letter = if p == 1 {
                l.to_ascii_lowercase()
            } else {
                l.clone()
            };
            for _ in 0..st.in_hand(p, k, kinds) {
                out += &letter;
            }
        }
    }
    out.push(']');
    out
}
