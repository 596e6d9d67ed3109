//! *Perfect play*: the start's value when every player plays its best and
//! chance is averaged ([`crate::solve`]), for the header of a run and for
//! `gdl solve`.

use serde::Serialize;

use crate::engine::{Action, Game, State};
use crate::notation;
use crate::solve::{Graph, Solution};

/// How many first actions the report lists, best first.
pub const FIRST_ACTIONS_LISTED: usize = 10;

/// One seat's figures.
#[derive(Serialize)]
pub struct SeatValue<'a> {
    /// The seat, from 1 (the seat that moves first).
    pub seat: usize,
    /// The player that seat controls in the position solved.
    pub player: &'a str,
    /// The expected return: 1 a win, -1/(n-1) a loss, 0 a draw.
    pub value: f64,
    /// The probability that it wins.
    pub wins: f64,
}

/// A first action and its value for the seat to move.
#[derive(Serialize)]
pub struct FirstAction {
    /// The action in notation.
    pub action: String,
    /// Its value for the seat that chooses it.
    pub value: f64,
}

/// The values of a position under perfect play.
#[derive(Serialize)]
pub struct PerfectPlay<'a> {
    /// Positions numbered.
    pub positions: usize,
    /// How many of them chance decides.
    pub chance_positions: usize,
    /// Sweeps of the values made.
    pub sweeps: u32,
    /// Whether the values settled within [`crate::solve::MAX_SWEEPS`].
    pub settled: bool,
    /// Each seat's value and chance of winning.
    pub seats: Vec<SeatValue<'a>>,
    /// The probability of a draw.
    pub draw: f64,
    /// The probability that the game never ends.
    pub endless: f64,
    /// The legal actions, best first for the seat to move (none when
    /// chance decides).
    pub first_actions: Vec<FirstAction>,
    /// What the values leave out.
    pub notes: Vec<&'static str>,
}

/// What the values leave out, for the reader.
fn notes(game: &Game) -> Vec<&'static str> {
    let mut notes = Vec::new();
    if game.rules.view.is_some() {
        notes.push(
            "the game hides information; these values are those of every player seeing everything",
        );
    }
    if game.asks_history() {
        notes.push(
            "positions are told apart without their history: `repetitions` and `seen-before` are not seen",
        );
    }
    notes
}

/// `st`'s values, over at most `limit` positions; the first `list`
/// actions.
pub fn perfect_play<'a>(
    game: &'a Game,
    st: &State,
    limit: usize,
    list: usize,
) -> Result<PerfectPlay<'a>, crate::solve::TooMany> {
    let sol = Graph::walk(game, st, limit)?.values();
    Ok(doc(game, st, &sol, list))
}

fn doc<'a>(game: &'a Game, st: &State, sol: &Solution, list: usize) -> PerfectPlay<'a> {
    let mut legal: Vec<Action> = Vec::new();
    game.legal_actions(st, &mut legal);
    let players = &game.rules.players;
    PerfectPlay {
        positions: sol.positions,
        chance_positions: sol.chance_positions,
        sweeps: sol.sweeps,
        settled: sol.settled(),
        seats: (0..players.len())
            .map(|s| SeatValue {
                seat: s + 1,
                player: &players[game.player_in_seat(st, s).index()],
                value: sol.value[s],
                wins: sol.wins[s],
            })
            .collect(),
        draw: sol.draw,
        endless: sol.endless,
        first_actions: (sol.first_actions.iter().take(list))
            .map(|&(action, value)| FirstAction {
                action: notation::format(game, &legal, action),
                value,
            })
            .collect(),
        notes: notes(game),
    }
}
