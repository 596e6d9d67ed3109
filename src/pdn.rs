//! PDN, the records draughts programs exchange (international, English,
//! ...): PGN's layout ([`crate::pgn`]) with the moves in PDN's numbered
//! squares (`32-28`, `28x19`, see [`crate::notation::write_style`]), the
//! results `2-0`, `0-2`, `1-1` (and PGN's `1-0`, `0-1`, `1/2-1/2`), and
//! the `FEN` tag in PDN's own notation: `W:W31,32,K33:B1-20`, the side to
//! move (the player named white or black), then each side's pieces by
//! square, `K` before a king, `A-B` for a run of squares. A man is the
//! game's first kind of piece, a king its kind named `king`.
//!
//! `gdl replay GAME.pdn --game games/international-draughts.gdl` reads
//! one, `gdl replay REC --pdn` writes one. The result says the first
//! player's score first.

use crate::engine::{Game, StartPosition, State};
use crate::ids::{Kind, Piece, Player};
use crate::notation;
use crate::pgn::{Flavour, Said, read_as, write_as};
use crate::record::{ForeignError, Record};
use crate::rules::NotationStyle;

const PDN: Flavour = Flavour {
    name: "PDN",
    results: &[
        ("2-0", Said::First),
        ("0-2", Said::Second),
        ("1-1", Said::Draw),
        ("1-0", Said::First),
        ("0-1", Said::Second),
        ("1/2-1/2", Said::Draw),
        ("0-0", Said::Unknown),
        ("*", Said::Unknown),
    ],
    written: ["2-0", "0-2", "1-1"],
    style: NotationStyle::Pdn,
    read_position,
    write_position,
};

/// Reads the first game of a PDN `text` as a record of `game`, loaded
/// from `file` whose text is `source`.
pub fn read(game: &Game, file: &str, source: &str, text: &str) -> Result<Record, ForeignError> {
    read_as(game, file, source, text, &PDN)
}

/// The record's game as PDN (see the module's doc).
pub fn write(game: &Game, source: &str, record: &Record) -> Result<String, String> {
    write_as(game, source, record, &PDN)
}

/// The player a FEN letter names: `W` the player named white, `B` black.
fn player_of(game: &Game, letter: &str) -> Result<Player, String> {
    let name = match letter {
        "W" => "white",
        "B" => "black",
        _ => return Err(format!("`{letter}` is neither `W` nor `B`")),
    };
    (game.rules.players.iter().position(|p| p == name))
        .map(Player::new)
        .ok_or_else(|| format!("`{letter}` names {name}, and this game has no player {name}"))
}

/// A PDN FEN as the game's own position text.
fn read_position(game: &Game, text: &str) -> Result<String, String> {
    let squares = notation::pdn_cells(game);
    let king = game.rules.pieces.iter().position(|p| p == "king");
    let text = text.trim().trim_end_matches('.');
    let mut fields = text.split(':');
    let mover = player_of(game, fields.next().unwrap_or("").trim())?;
    let mut start = StartPosition {
        mover,
        ..StartPosition::default()
    };
    for field in fields {
        let field = field.trim();
        let Some(side) = field.get(..1) else {
            continue;
        };
        let owner = player_of(game, side)?;
        for part in field[1..]
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            let (kind, run) = match part.strip_prefix('K') {
                Some(run) => (
                    king.ok_or("`K` is a king, and this game has no kind named king")?,
                    run,
                ),
                None => (0, part),
            };
            let number = |n: &str| -> Result<usize, String> {
                n.parse::<usize>()
                    .ok()
                    .filter(|&k| (1..=squares.len()).contains(&k))
                    .ok_or_else(|| {
                        format!("`{n}` is no square of this board (1 to {})", squares.len())
                    })
            };
            let (first, last) = match run.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(run)?, number(run)?),
            };
            for k in first..=last {
                let piece = Piece {
                    kind: Kind::new(kind),
                    owner: Some(owner),
                };
                start.pieces.push((squares[k - 1], piece));
            }
        }
    }
    let st = game.start_at(&start);
    Ok(notation::write_position(game, &st))
}

/// A position as a PDN FEN.
fn write_position(game: &Game, st: &State) -> String {
    let squares = notation::pdn_cells(game);
    let letter = |p: Player| match game.rules.players[p.index()].as_str() {
        "black" => "B",
        _ => "W",
    };
    let mut out = letter(st.mover).to_string();
    for (i, _) in game.rules.players.iter().enumerate() {
        let owner = Player::new(i);
        let pieces: Vec<String> = (squares.iter().enumerate())
            .filter_map(|(k, &c)| {
                let p = game.piece_at(st, c)?;
                let king = game.rules.pieces[p.kind.index()] == "king";
                (p.owner == Some(owner))
                    .then(|| format!("{}{}", if king { "K" } else { "" }, k + 1))
            })
            .collect();
        out += &format!(":{}{}", letter(owner), pieces.join(","));
    }
    out
}
