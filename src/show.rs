//! The position as text: the board with coordinates, whose turn it is, and
//! the marks (such as Ecalper's stones added last turn) spelt out.

use crate::cellset::CellSet;
use crate::diagnostic::Span;
use crate::engine::{Game, GameResult, State};
use crate::ids::{Cell, Piece, Player};
use crate::rules::sources::SourcedCond;
use crate::rules::{ChoiceKind, Decider, Repeat, Step};

mod seen;
pub use seen::{position_as, view_line};

/// One character per player: the initial of its name, upper case, or a digit
/// when two players share an initial.
pub fn player_glyphs(game: &Game) -> Vec<char> {
    let initials: Vec<char> = game
        .rules
        .players
        .iter()
        .map(|p| p.chars().next().unwrap_or('?').to_ascii_uppercase())
        .collect();
    let unique = initials
        .iter()
        .enumerate()
        .all(|(i, c)| !initials[..i].contains(c));
    if unique {
        initials
    } else {
        (1..=initials.len())
            .map(|i| char::from_digit(i as u32 % 10, 10).unwrap_or('?'))
            .collect()
    }
}

/// Describes a result: `black wins` or `draw`.
pub fn result_text(game: &Game, r: GameResult) -> String {
    match r {
        GameResult::Win(p) => format!("{} wins", game.rules.players[p.index()]),
        GameResult::Draw => "draw".to_string(),
    }
}

/// The `end if` that ended a game: a step of the turn or an item (its
/// condition, taken apart), or `end if stuck` (its span and condition, if
/// one decided), with the reason the rule gives.
pub enum Ending<'g> {
    /// An `end if` step or item: its condition, and its reason.
    Cond(&'g SourcedCond, Option<&'g str>),
    /// `end if stuck`: its span and condition when one decided, and its
    /// reason.
    Stuck(Option<(Span, Option<&'g SourcedCond>)>, Option<&'g str>),
}

/// Which `end if` ended the game in `st` (over): as `Game::play` checks
/// them, an `end if` step of the turn where it stopped, else the first
/// item that holds, else the first `end if stuck` that holds for the
/// player to move.
pub fn ending<'g>(game: &'g Game, st: &State) -> Ending<'g> {
    let sources = &game.rules.sources;
    let (t, s) = game.turn_position(st);
    if let Some(Step::End(cond, _)) = game.current_step(st)
        && game.probe_cond(st, cond, None)
        && let Some(turn) = sources.turns.get(t)
        && let Some(Some(source)) = turn.ends.get(s)
    {
        let reason = turn.reasons.get(s).and_then(|r| r.as_deref());
        return Ending::Cond(source, reason);
    }
    let item = (game.rules.ends.iter().zip(&sources.ends))
        .position(|((cond, _), _)| game.probe_cond(st, cond, None));
    if let Some(i) = item {
        let reason = sources.end_reasons.get(i).and_then(|r| r.as_deref());
        return Ending::Cond(&sources.ends[i], reason);
    }
    let stuck = (game.rules.stuck.iter().zip(&sources.stuck))
        .position(|((cond, _), _)| game.probe_cond(st, cond, None));
    match stuck {
        Some(i) => {
            let (span, when) = &sources.stuck[i];
            let reason = sources.stuck_reasons.get(i).and_then(|r| r.as_deref());
            Ending::Stuck(Some((*span, when.as_ref())), reason)
        }
        None => Ending::Stuck(None, None),
    }
}

/// Why a finished game ended, in the words its `end if` rule gives
/// (`end if stuck and in-check: mover loses "checkmate"`), if it gives any.
pub fn end_reason(game: &Game, st: &State) -> Option<String> {
    st.result()?;
    match ending(game, st) {
        Ending::Cond(_, reason) | Ending::Stuck(_, reason) => reason.map(str::to_string),
    }
}

/// The short machine-friendly form: the winner's name or `draw`.
pub fn result_word(game: &Game, r: Option<GameResult>) -> String {
    match r {
        Some(GameResult::Win(p)) => game.rules.players[p.index()].clone(),
        Some(GameResult::Draw) => "draw".to_string(),
        None => "unfinished".to_string(),
    }
}

/// The game's name with its options: `Hex (size=11, swap=on)`, or just
/// `Tic-tac-toe` for a game without options.
pub fn title(game: &Game) -> String {
    if game.rules.options.is_empty() {
        game.rules.name.clone()
    } else {
        format!("{} ({})", game.rules.name, options_text(game))
    }
}

/// `1 ply`, `2 plies`.
pub fn plies(n: u64) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// The options in force, as `name=value` pairs.
pub fn options_text(game: &Game) -> String {
    game.rules
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Renders the position: the board, its legend, the marks, lines,
/// variables and counters spelt out, the hands, and whose turn it is.
pub fn position(game: &Game, st: &State) -> String {
    let look = Look::of(game);
    let mut out = board_text(&look, st);
    out.push_str(&legend(&look));
    out.push_str(&marked_cells(game, st, look.marks));
    out.push_str(&lines(game, st));
    out.push_str(&below_board(game, st, &hands(game, st)));
    out.push_str(&status(game, st));
    // The last line (the playground's status): the actions offered here
    // are void when `keep turns with` gave up.
    if let Some(cut) = st.turn_too_long() {
        out.push_str(&format!("error: {cut}\n"));
    }
    out
}

/// The variables, the counters under pieces and the hands (as given:
/// every hand, or those a viewer sees).
fn below_board(game: &Game, st: &State, hands: &str) -> String {
    let mut out = String::new();
    for (i, v) in game.rules.variables.iter().enumerate() {
        out.push_str(&format!("{} = {}\n", v.name, v.show(st.var(i))));
    }
    out.push_str(&counters_under_pieces(game, st));
    out.push_str(hands);
    out
}

/// How a game's pieces and marks are drawn on the board, decided from its
/// players and kinds: read by the board and by its legend, which must
/// agree.
struct Look<'g> {
    game: &'g Game,
    /// A letter per player ([`player_glyphs`]).
    glyphs: Vec<char>,
    /// The marks shown on cells (the kinds of lines' marks are listed as
    /// lines, below).
    marks: usize,
    first_owned: usize,
    /// With two owned kinds, lower case tells them apart, so it cannot also
    /// show marks; the marks are listed below the board instead.
    owned_kinds: usize,
    /// With more, a piece shows its kind's letter, upper case for the first
    /// player and lower case for the second (as a chess diagram does).
    by_kind: bool,
    /// A symbol of two characters (`+P`) makes every cell two wide.
    wide_symbols: bool,
    /// In one player's view, the cells it sees (the others show `?`).
    seen: Option<CellSet>,
    /// In one player's view, the cells on which it sees only whose piece
    /// stands (`view owners`).
    owners: Option<CellSet>,
}

impl<'g> Look<'g> {
    fn of(game: &'g Game) -> Look<'g> {
        let owned_kinds = game.rules.neutral.iter().filter(|n| !**n).count();
        let by_kind = owned_kinds > 2 && game.rules.players.len() <= 2;
        let kinds = &game.rules.position_text.letters;
        Look {
            game,
            glyphs: player_glyphs(game),
            marks: game.rules.declared_marks(),
            first_owned: game.rules.neutral.iter().position(|n| !n).unwrap_or(0),
            owned_kinds,
            by_kind,
            wide_symbols: by_kind && kinds.iter().any(|k| k.chars().count() > 1),
            seen: None,
            owners: None,
        }
    }

    /// What `viewer` sees in a game with `view`: the cells of its view,
    /// and no marks (they are not part of a view); `None` without `view`.
    fn seen_by(game: &'g Game, st: &State, viewer: Player) -> Option<Look<'g>> {
        let (seen, owners) = game.views_of(st, viewer)?;
        Some(Look {
            marks: 0,
            seen: Some(seen),
            owners: Some(owners),
            ..Look::of(game)
        })
    }

    /// In one player's view, a cell it does not see.
    fn hidden(&self, c: Cell) -> bool {
        self.seen.as_ref().is_some_and(|s| !s.contains(c.index())) && !self.owner_only(c)
    }

    /// In one player's view, a cell on which it sees whose piece stands,
    /// not its kind.
    fn owner_only(&self, c: Cell) -> bool {
        self.owners.as_ref().is_some_and(|s| s.contains(c.index()))
    }

    /// How a piece of the player in seat `owner` shows where its kind is
    /// not seen: `X` (`x` for the second player) when pieces show their
    /// kind's letter, else the player's letter.
    fn owner_only_char(&self, owner: usize) -> char {
        match (self.by_kind, owner) {
            (true, 0) => 'X',
            (true, _) => 'x',
            (false, _) => self.glyphs.get(owner).copied().unwrap_or('?'),
        }
    }

    /// The symbols of the kinds (`position text`'s letters).
    fn kinds(&self) -> &'g [String] {
        &self.game.rules.position_text.letters
    }

    /// A neutral kind's letter: its letter in the file's `position text`,
    /// else the initial of its name.
    fn piece_glyph(&self, kind: usize) -> char {
        let text = &self.game.rules.position_text;
        let symbol = match text.declared {
            true => text.letters[kind].as_str(),
            false => self.game.rules.pieces[kind].as_str(),
        };
        symbol.chars().next().unwrap_or('?').to_ascii_uppercase()
    }

    /// A piece's whole symbol (`+R`) when pieces are shown by kind.
    fn cell_symbol(&self, st: &State, c: Cell) -> Option<String> {
        if self.hidden(c) {
            return None;
        }
        if self.owner_only(c) {
            let owner = self.game.piece_at(st, c)?.owner?;
            return Some(self.owner_only_char(owner.index()).to_string());
        }
        let kinds = self.kinds();
        match self.game.piece_at(st, c) {
            Some(Piece {
                kind,
                owner: Some(owner),
            }) if self.by_kind => Some(match owner.index() {
                0 => kinds[kind.index()].clone(),
                _ => kinds[kind.index()].to_ascii_lowercase(),
            }),
            _ => None,
        }
    }

    /// A cell as one character: its piece, `+` if marked, `.` if empty.
    fn cell_char(&self, st: &State, c: Cell) -> char {
        if self.hidden(c) {
            return '?';
        }
        if self.owner_only(c)
            && let Some(owner) = self.game.piece_at(st, c).and_then(|p| p.owner)
        {
            return self.owner_only_char(owner.index());
        }
        let game = self.game;
        let marked = self.owned_kinds < 2 && (0..self.marks).any(|m| game.has_mark(st, c, m));
        match game.piece_at(st, c) {
            Some(Piece {
                kind,
                owner: Some(owner),
            }) if self.by_kind => {
                let symbol = &self.kinds()[kind.index()];
                let letter = symbol.chars().last().unwrap_or('?');
                match owner.index() {
                    0 => letter,
                    _ => letter.to_ascii_lowercase(),
                }
            }
            // A neutral piece: the initial of its kind.
            Some(Piece { kind, owner: None }) => {
                let g = self.piece_glyph(kind.index());
                if marked { g.to_ascii_lowercase() } else { g }
            }
            // The first owned kind in the player's letter; others in lower case.
            Some(Piece {
                kind,
                owner: Some(owner),
            }) if kind.index() != self.first_owned => {
                self.glyphs[owner.index()].to_ascii_lowercase()
            }
            Some(Piece {
                owner: Some(owner), ..
            }) => {
                let g = self.glyphs[owner.index()];
                if marked { g.to_ascii_lowercase() } else { g }
            }
            None if marked => '+',
            None => '.',
        }
    }
}

/// The board with its coordinates, a cell as wide as its widest content.
fn board_text(look: &Look, st: &State) -> String {
    let game = look.game;
    let board = game.board();
    let cell_char = |c: Cell| look.cell_char(st, c);
    match game.rules.counters {
        // A cell shows its count (`.` for none), or its piece.
        Some(_) => {
            let total: u64 = game.rules.tally.iter().map(|&n| n as u64).sum();
            let wide = total.max(1).to_string().len();
            board.render_wide(
                &|c| match (game.piece_at(st, c), game.tally(st, c)) {
                    _ if look.hidden(c) => cell_char(c).to_string(),
                    (None, 0) => cell_char(c).to_string(),
                    (None, n) => n.to_string(),
                    (Some(_), _) => cell_char(c).to_string(),
                },
                wide,
            )
        }
        // A stack of two pieces or more shows its height after the piece.
        None if game.has_stacks() => {
            let wide = 1 + game.rules.setup.len().max(9).to_string().len();
            board.render_wide(
                &|c| {
                    let piece = look
                        .cell_symbol(st, c)
                        .unwrap_or_else(|| cell_char(c).to_string());
                    match game.height(st, c) {
                        h if h > 1 && !look.hidden(c) => format!("{piece}{h}"),
                        _ => piece,
                    }
                },
                wide,
            )
        }
        None if look.wide_symbols => board.render_wide(
            &|c| {
                look.cell_symbol(st, c)
                    .unwrap_or_else(|| cell_char(c).to_string())
            },
            2,
        ),
        None => board.render(&cell_char),
    }
}

/// The line below the board saying what its letters are: the players'
/// (or the neutral kinds'), the kinds' when pieces are shown by kind, and
/// how marks show.
fn legend(look: &Look) -> String {
    let game = look.game;
    let mut legend: Vec<String> = game
        .rules
        .players
        .iter()
        .zip(&look.glyphs)
        .map(|(p, g)| format!("{g} {p}"))
        .collect();
    if game.rules.neutral.iter().any(|n| *n) {
        legend = game
            .rules
            .pieces
            .iter()
            .enumerate()
            .filter(|(k, _)| game.rules.neutral[*k])
            .map(|(k, p)| format!("{} {p}", look.piece_glyph(k)))
            .collect();
    }
    if look.by_kind {
        let players = &game.rules.players;
        legend = match players.len() {
            1 => vec![players[0].clone()],
            _ => vec![format!(
                "upper case {}, lower case {}",
                players[0], players[1]
            )],
        };
        let kinds = look.kinds();
        legend.extend(game.rules.pieces.iter().enumerate().map(
            |(k, p)| match game.rules.neutral[k] {
                true => format!("{} {p}", look.piece_glyph(k)),
                false => format!("{} {p}", kinds[k]),
            },
        ));
    } else if look.owned_kinds >= 2 {
        let second = game.rules.pieces[game
            .rules
            .neutral
            .iter()
            .enumerate()
            .filter(|(_, n)| !**n)
            .nth(1)
            .map_or(0, |(k, _)| k)]
        .clone();
        legend.push(format!("lower case: {second}"));
    }
    let mut out = legend.join(", ");
    if look.marks > 0 && look.owned_kinds < 2 {
        out.push_str("; lower case or + = marked");
    }
    out.push('\n');
    out
}

/// A line per mark set on any cell: `added: c3 d4`.
fn marked_cells(game: &Game, st: &State, marks: usize) -> String {
    let board = game.board();
    let mut out = String::new();
    for (m, name) in game.rules.marks[..marks].iter().enumerate() {
        let cells: Vec<&str> = (0..board.len())
            .filter(|&c| game.has_mark(st, Cell::new(c), m))
            .map(|c| board.label(Cell::new(c)))
            .collect();
        if !cells.is_empty() {
            out.push_str(&format!("{name}: {}\n", cells.join(" ")));
        }
    }
    out
}

/// Counters on cells that hold a piece: listed, as the piece hides them.
fn counters_under_pieces(game: &Game, st: &State) -> String {
    if game.rules.counters.is_none() {
        return String::new();
    }
    let board = game.board();
    let under: Vec<String> = board
        .cells()
        .filter(|&c| game.piece_at(st, c).is_some() && game.tally(st, c) > 0)
        .map(|c| format!("{} {}", board.label(c), game.tally(st, c)))
        .collect();
    if under.is_empty() {
        return String::new();
    }
    let kind = game.rules.counters.as_deref().unwrap_or("");
    format!("{kind} under pieces: {}\n", under.join(", "))
}

/// Pieces in hand: `in hand: white man 9, black man 8`; counters:
/// `in hand: south seed 4, north seed 0`. Nothing when no hand is kept.
fn hands(game: &Game, st: &State) -> String {
    let rules = &game.rules;
    if rules.reserve.is_empty()
        || !(rules.counters.is_none() || rules.counter_hands || rules.reserved.contains(&true))
    {
        return String::new();
    }
    let kinds = game.rules.pieces.len();
    let mut hands = Vec::new();
    // With several kinds in hand (shogi's seven), only those held.
    let several = game.rules.reserved.iter().filter(|&&r| r).count() > 1;
    for (p, player) in game.rules.players.iter().enumerate() {
        let before = hands.len();
        for (k, kind) in game.rules.pieces.iter().enumerate() {
            let n = st.in_hand(p, k, kinds);
            if game.rules.reserved[k] && (n > 0 || !several) {
                hands.push(format!("{player} {kind} {n}"));
            }
        }
        if several && hands.len() == before {
            hands.push(format!("{player} nothing"));
        }
        if let Some(kind) = game
            .rules
            .counters
            .as_ref()
            .filter(|_| game.rules.counter_hands)
        {
            let n = game.counters_in_hand(st, crate::ids::Player::new(p));
            hands.push(format!("{player} {kind} {n}"));
        }
    }
    format!("in hand: {}\n", hands.join(", "))
}

/// The game's result, or whose turn it is and the choices of the step.
fn status(game: &Game, st: &State) -> String {
    match st.result() {
        Some(r) => format!(
            "game over after {}: {}{}\n",
            plies(st.ply as u64),
            result_text(game, r),
            end_reason(game, st).map_or(String::new(), |w| format!(" ({w})"))
        ),
        None => {
            let mover = &game.rules.players[st.mover.index()];
            let seat = game.seat_of(st, st.mover) + 1;
            let step = step_choices(game, st);
            format!(
                "turn {}, ply {}: {mover} to move (seat {seat}){step}\n",
                st.turn,
                st.ply + 1
            )
        }
    }
}

/// `: place black | pass (2 of 3)`: the choices of the current step, when
/// it is one of choices; else nothing.
fn step_choices(game: &Game, st: &State) -> String {
    match game.current_step(st) {
        Some(Step::Choose {
            choices,
            repeat,
            by,
        }) => {
            let names: Vec<String> = choices
                .iter()
                .map(|(c, _, _)| {
                    let choice = &game.rules.choices[*c as usize];
                    match &choice.kind {
                        ChoiceKind::Place { piece, .. }
                            if choice.name == game.rules.pieces[piece.index()] =>
                        {
                            format!("place {}", choice.name)
                        }
                        _ => choice.name.clone(),
                    }
                })
                .collect();
            let rep = match repeat {
                Repeat::Times(n) if *n > 1 => format!(" ({} of {n})", st_done(st) + 1),
                _ => String::new(),
            };
            let chance = match by {
                Decider::Chance => "by chance: ",
                Decider::Mover => "",
            };
            format!(": {chance}{}{rep}", names.join(" | "))
        }
        Some(Step::Effect(_) | Step::End(..)) | None => String::new(),
    }
}

fn st_done(st: &State) -> u32 {
    st.done_in_step()
}

/// The lines drawn, a line per kind: those drawn since the start in full
/// (`f7-g8`), those of the setup (a pitch's border) only counted.
fn lines(game: &Game, st: &State) -> String {
    let board = game.board();
    let mut out = String::new();
    for (i, kind) in game.rules.lines.iter().enumerate() {
        let at_start = game.rules.setup_lines(i);
        let drawn = game.lines_drawn(st, i);
        let new: Vec<String> = drawn
            .iter()
            .filter(|pair| at_start.binary_search(pair).is_err())
            .map(|&(a, b)| format!("{}-{}", board.label(a), board.label(b)))
            .collect();
        let kept = drawn.len() - new.len();
        let mut parts = Vec::new();
        if !new.is_empty() {
            parts.push(new.join(" "));
        }
        if kept > 0 {
            parts.push(format!("{kept} drawn at the start"));
        }
        if parts.is_empty() {
            parts.push("none".to_string());
        }
        out.push_str(&format!("{}: {}\n", kind.name, parts.join(", and ")));
    }
    out
}

/// The game's rules as one file (`gdl show --rules`): the file's text; for
/// a game `based on` another, each file's items that count (the others
/// were blanked out when it was composed), under a comment naming the file,
/// runs of blank lines cut to one.
pub fn rules_text(game: &Game) -> String {
    let sources = &game.rules.sources;
    if sources.parts.is_empty() {
        return sources.text.to_string();
    }
    let mut out = String::new();
    for part in &sources.parts {
        let end = (part.start + part.len).min(sources.text.len());
        let text = sources.text.get(part.start..end).unwrap_or("");
        out.push_str(&format!("# ---- from {}\n", part.file));
        let mut blank = false;
        for line in text.lines().map(str::trim_end) {
            if line.is_empty() {
                if !blank && !out.ends_with("\n\n") {
                    out.push('\n');
                }
                blank = true;
                continue;
            }
            blank = false;
            out.push_str(line);
            out.push('\n');
        }
        if !out.ends_with("\n\n") {
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(source: &str) -> Game {
        crate::load_source(source, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
    }

    #[test]
    fn kinds_take_the_first_letter_no_earlier_kind_took() {
        let names = ["king", "knight", "kite", "pawn", "ppp"].map(String::from);
        assert_eq!(crate::rules::kind_chars(&names), ['K', 'N', 'I', 'P', 'A']);
    }

    #[test]
    fn declared_symbols_of_two_characters_show_two_wide_and_in_the_picture() {
        let g = game(
            "game T board square(3) players black, white pieces king, rook, dragon
             setup: black king at cells(a1), black dragon at cells(b1), white rook at cells(c3)
             position text: board K R +R, mover b w
             turn: pass",
        );
        let text = position(&g, &g.start());
        assert!(text.contains(" 1  K  +R   . 1"), "{text}");
        assert!(text.contains(" 3  .   .   r 3"), "{text}");
        assert!(text.contains("+R dragon"), "{text}");
        let svg = crate::picture::svg(&g, &g.start(), None, "");
        assert!(svg.contains(">+R<"), "the dragon's symbol in the picture");
    }

    #[test]
    fn three_kinds_or_more_show_their_letters_with_case_for_the_owner() {
        let g = game(
            "game T board square(3) players white, black pieces king, knight, pawn
             setup: white king at cells(a1), white knight at cells(b1), white pawn at cells(c1),
                    black king at cells(a3), black knight at cells(b3), black pawn at cells(c3)
             turn: pass",
        );
        let text = position(&g, &g.start());
        assert!(text.contains(" 3 k n p 3"), "{text}");
        assert!(text.contains(" 1 K N P 1"), "{text}");
        assert!(
            text.contains("upper case white, lower case black, K king, N knight, P pawn"),
            "{text}"
        );
        // The picture letters its discs the same way: king and knight apart.
        let svg = crate::picture::svg(&g, &g.start(), None, "");
        for letter in [">K<", ">N<", ">P<"] {
            assert!(svg.contains(letter), "{letter} in the picture");
        }
    }

    #[test]
    fn two_kinds_keep_the_players_letters() {
        let g = game(
            "game T board square(3) players white, black pieces man, king
             setup: white man at cells(a1), white king at cells(b1)
             turn: pass",
        );
        let text = position(&g, &g.start());
        assert!(text.contains(" 1 W w . 1"), "{text}");
    }
}
