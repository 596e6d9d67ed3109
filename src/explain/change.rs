//! What a legal action would change: pieces, marks and variables, and who
//! plays next.

use crate::engine::{Action, Game, State};
use crate::ids::Cell;
use crate::show::result_text;

/// The lines `gdl explain` prints after a legal action's rule.
pub fn after(game: &Game, st: &State, a: Action) -> String {
    let mut next = st.clone();
    game.play_unchecked(&mut next, a);
    let rules = &game.rules;
    let board = game.board();
    let piece = |s: &State, c: usize| match game.piece_at(s, Cell::new(c)) {
        None => "empty".to_string(),
        Some(p) => {
            let name = rules
                .pieces
                .get(p.kind.index())
                .map_or("piece", String::as_str);
            match p.owner.and_then(|o| rules.players.get(o.index())) {
                Some(p) => format!("{p} {name}"),
                None => name.to_string(),
            }
        }
    };
    let mut out = String::new();
    let mut pieces = Vec::new();
    for c in 0..board.len() {
        let (was, now) = (piece(st, c), piece(&next, c));
        if was != now {
            pieces.push(format!("{} {was} -> {now}", board.label(Cell::new(c))));
        }
    }
    if !pieces.is_empty() {
        out.push_str(&format!("  pieces: {}\n", pieces.join(", ")));
    }
    for (m, name) in rules.marks[..rules.declared_marks()].iter().enumerate() {
        let mut marks = Vec::new();
        for c in 0..board.len() {
            match (
                game.has_mark(st, Cell::new(c), m),
                game.has_mark(&next, Cell::new(c), m),
            ) {
                (false, true) => marks.push(format!("+{}", board.label(Cell::new(c)))),
                (true, false) => marks.push(format!("-{}", board.label(Cell::new(c)))),
                (true, true) | (false, false) => {}
            }
        }
        if !marks.is_empty() {
            out.push_str(&format!("  mark {name}: {}\n", marks.join(" ")));
        }
    }
    for (i, kind) in rules.lines.iter().enumerate() {
        let (was, now) = (game.lines_drawn(st, i), game.lines_drawn(&next, i));
        let drawn: Vec<String> = now
            .iter()
            .filter(|pair| was.binary_search(pair).is_err())
            .map(|&(a, b)| format!("+{}-{}", board.label(a), board.label(b)))
            .collect();
        if !drawn.is_empty() {
            out.push_str(&format!("  {}: {}\n", kind.name, drawn.join(" ")));
        }
    }
    for (i, v) in rules.variables.iter().enumerate() {
        if st.var(i) != next.var(i) {
            let (was, now) = (v.show(st.var(i)), v.show(next.var(i)));
            out.push_str(&format!("  {}: {was} -> {now}\n", v.name));
        }
    }
    if next.seats() != st.seats() {
        out.push_str("  seats: the players change seats\n");
    }
    let then = match next.result() {
        Some(r) => format!("the game ends: {}", result_text(game, r)),
        None if next.turn == st.turn => "the turn goes on".to_string(),
        None => format!(
            "turn {}, {} to move",
            next.turn,
            rules.players[next.mover.index()]
        ),
    };
    out.push_str(&format!("  then: {then}\n"));
    out
}
