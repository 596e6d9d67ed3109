//! `State`: one position of a game, by OpenSpiel's method names. A turn
//! of several decisions is one `apply_action` per decision, the same
//! player to move.

use std::sync::Arc;

use gdl::engine::{Action, GameResult};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::GameError;
use crate::game::Shared;

/// OpenSpiel's player id of a finished game.
const TERMINAL: i64 = -4;

/// OpenSpiel's player id of a decision made by chance.
const CHANCE: i64 = -1;

const SERIAL_HEADER: &str = "gdl-state 1";

/// A position of a game: `game.new_initial_state()`.
#[pyclass(module = "gdl._gdl", unsendable)]
pub struct State {
    shared: Arc<Shared>,
    st: gdl::State,
    history: Vec<u32>,
    /// The legal actions with their ids, by id.
    legal: Vec<(u32, Action)>,
    /// Ended by `max_game_length`, not by the rules.
    truncated: bool,
    /// Scratch for listing actions.
    listed: Vec<Action>,
    ids: Vec<u32>,
}

/// Lists the legal actions of `st` and their ids into `legal`, by id
/// (none once `over`); `listed` and `ids` are scratch.
pub(crate) fn list_legal(
    shared: &Shared,
    st: &gdl::State,
    over: bool,
    listed: &mut Vec<Action>,
    ids: &mut Vec<u32>,
    legal: &mut Vec<(u32, Action)>,
) -> Result<(), String> {
    legal.clear();
    if over {
        return Ok(());
    }
    let game = &shared.game;
    game.legal_actions(st, listed);
    // Each action's id; two actions with one id are found once `legal`
    // is sorted below (no copy sorted here: this runs every ply).
    ids.clear();
    ids.extend(
        listed
            .iter()
            .map(|&a| shared.space.id(game.board(), a).unwrap_or(u32::MAX)),
    );
    if game.is_chance(st) {
        // OpenSpiel numbers a chance node's outcomes apart from the
        // players' actions: 0..k, here in the order of the roll's values.
        let outcomes = game.chance_outcomes(st);
        legal.extend((0u32..).zip(outcomes.iter().map(|o| o.0)));
        return Ok(());
    }
    legal.extend(ids.iter().copied().zip(listed.iter().copied()));
    legal.sort_unstable_by_key(|p| p.0);
    if let Some(w) = legal.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(gdl::action_space::SameId { id: w[0].0 }.to_string());
    }
    Ok(())
}

/// Per seat into `out` (one entry a seat): 1 for the winner, -1 for a
/// loser (-1/(n-1) each with n players), 0 in a draw, before the end or
/// after a `max_game_length` cut.
pub(crate) fn write_returns(shared: &Shared, st: &gdl::State, truncated: bool, out: &mut [f64]) {
    let n = out.len();
    for r in out.iter_mut() {
        *r = 0.0;
    }
    if let Some(GameResult::Win(p)) = st.result()
        && !truncated
    {
        let winner = shared.game.seat_of(st, p);
        let lose = if n > 1 { -1.0 / (n - 1) as f64 } else { 0.0 };
        for (s, r) in out.iter_mut().enumerate() {
            *r = if s == winner { 1.0 } else { lose };
        }
    }
}

impl State {
    pub fn new(shared: Arc<Shared>) -> PyResult<State> {
        let st = shared.game.start();
        let mut state = State {
            shared,
            st,
            history: Vec::new(),
            legal: Vec::new(),
            truncated: false,
            listed: Vec::new(),
            ids: Vec::new(),
        };
        state.refresh()?;
        Ok(state)
    }

    pub fn deserialize(shared: Arc<Shared>, text: &str) -> PyResult<State> {
        let bad =
            |why: &str| GameError::new_err(format!("not a serialized state of this game: {why}"));
        let mut lines = text.lines();
        let header = lines.next().unwrap_or("");
        let print = header
            .strip_prefix(SERIAL_HEADER)
            .map(str::trim)
            .ok_or_else(|| bad("its first line is not `gdl-state 1 GAME`"))?;
        if u64::from_str_radix(print, 16).ok() != Some(shared.fingerprint) {
            return Err(bad("it was written for another game or other options"));
        }
        let mut state = State::new(shared)?;
        for (i, word) in lines.flat_map(str::split_whitespace).enumerate() {
            let id: u32 = word
                .parse()
                .map_err(|_| bad(&format!("`{word}` is not an action id")))?;
            state
                .apply(id)
                .map_err(|e| bad(&format!("action {} ({id}): {e}", i + 1)))?;
        }
        Ok(state)
    }

    pub(crate) fn is_over(&self) -> bool {
        self.truncated || self.st.is_over()
    }

    pub(crate) fn shared(&self) -> &Arc<Shared> {
        &self.shared
    }

    pub(crate) fn engine_state(&self) -> &gdl::State {
        &self.st
    }

    /// The id of `a` among the legal actions here (a chance node's
    /// outcomes numbered as `list_legal` numbers them).
    pub(crate) fn id_of(&self, a: Action) -> Option<u32> {
        self.legal.iter().find(|p| p.1 == a).map(|p| p.0)
    }

    /// Lists the legal actions and their ids, after every change.
    fn refresh(&mut self) -> PyResult<()> {
        let over = self.is_over();
        list_legal(
            &self.shared,
            &self.st,
            over,
            &mut self.listed,
            &mut self.ids,
            &mut self.legal,
        )
        .map_err(GameError::new_err)
    }

    fn find(&self, id: u32) -> Option<Action> {
        (self.legal.binary_search_by_key(&id, |p| p.0).ok()).map(|i| self.legal[i].1)
    }

    /// Plays action `id`, or says why it cannot be played.
    fn apply(&mut self, id: u32) -> Result<(), String> {
        let shared = &*self.shared;
        let size = shared.space.size();
        if self.is_over() {
            return Err("the game is over".into());
        }
        if id >= size {
            return Err(format!(
                "action id {id} is outside the action space 0..{size}"
            ));
        }
        let Some(a) = self.find(id) else {
            let text = shared
                .space
                .describe(shared.game.board(), id)
                .unwrap_or_default();
            let bare = text.rsplit(':').next().unwrap_or(&text).to_string();
            let why = gdl::explain::why_not(&shared.game, &self.st, &bare)
                .map(|w| format!(": {w}"))
                .unwrap_or_default();
            return Err(format!("action {id} (`{text}`) is not legal here{why}"));
        };
        // Legal: found among the listed actions.
        shared.game.play_unchecked(&mut self.st, a);
        self.history.push(id);
        if let Some(n) = shared.max_length
            && self.history.len() >= n as usize
            && !self.st.is_over()
        {
            self.truncated = true;
        }
        self.refresh().map_err(|e| e.to_string())
    }

    /// A copy of this state with the turn `ids` played on it, each id legal
    /// where it is played and the last ending the turn (or the game), and
    /// the actions played; or why not.
    fn play_turn(&self, ids: &[i64]) -> Result<(State, Vec<Action>), String> {
        if ids.is_empty() {
            return Err("a turn has at least one action; none was given".into());
        }
        let mut trial = self.clone();
        let turn = trial.st.turn;
        let mut played = Vec::with_capacity(ids.len());
        for (k, &id) in ids.iter().enumerate() {
            if k > 0 && (trial.is_over() || trial.st.turn != turn) {
                return Err(format!(
                    "the turn is over after {k} of the {} actions given",
                    ids.len()
                ));
            }
            let a = u32::try_from(id)
                .map_err(|_| format!("{id} is not a non-negative id"))
                .and_then(|id| {
                    let a = trial.find(id);
                    trial.apply(id).map(|()| a.expect("applied: legal"))
                })
                .map_err(|e| format!("action {} of the turn: {e}", k + 1))?;
            played.push(a);
        }
        if !trial.is_over() && trial.st.turn == turn {
            return Err(format!(
                "the turn is not over after these {} actions: the same player has another decision in it",
                ids.len()
            ));
        }
        Ok((trial, played))
    }

    fn seat(&self) -> usize {
        self.shared.game.seat_of(&self.st, self.st.mover)
    }

    fn seats(&self) -> usize {
        self.shared.game.rules.players.len()
    }

    fn player_or_current(&self, player: Option<i64>) -> PyResult<usize> {
        match player {
            None if self.is_over() => Ok(0),
            None => Ok(self.seat()),
            Some(p) if p >= 0 && (p as usize) < self.seats() => Ok(p as usize),
            Some(p) => Err(PyValueError::new_err(format!(
                "player {p} is not a seat of this game (0..{})",
                self.seats()
            ))),
        }
    }

    /// The text of action `id` here: its notation if legal, else what the
    /// id stands for.
    fn text_of(&self, id: u32) -> PyResult<String> {
        let game = &self.shared.game;
        if let Some(a) = self.find(id) {
            return Ok(gdl::notation::format(game, &self.listed, a));
        }
        (self.shared.space.describe(game.board(), id)).ok_or_else(|| {
            PyValueError::new_err(format!(
                "action id {id} is outside the action space 0..{}",
                self.shared.space.size()
            ))
        })
    }
}

#[pymethods]
impl State {
    /// The seat to move; -1 (OpenSpiel's CHANCE) where chance decides (a
    /// `roll`), -4 (OpenSpiel's TERMINAL) once the game is over.
    fn current_player(&self) -> i64 {
        if self.is_over() {
            TERMINAL
        } else if self.shared.game.is_chance(&self.st) {
            CHANCE
        } else {
            self.seat() as i64
        }
    }

    /// The legal action ids, ascending (none for another player than the
    /// one to move).
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyList>> {
        if player.is_some_and(|p| p != self.current_player()) {
            return Ok(PyList::empty(py));
        }
        // The ids' ints are made once per game, not per call.
        let ints = self.shared.py_ids(py);
        PyList::new(py, self.legal.iter().map(|p| ints[p.0 as usize].bind(py)))
    }

    /// 1 for each legal action id, 0 for the others, over the whole space.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask(&self, player: Option<i64>) -> Vec<u8> {
        let mut mask = vec![0u8; self.shared.space.size() as usize];
        if player.is_none_or(|p| p == self.current_player()) {
            for &(id, _) in &self.legal {
                mask[id as usize] = 1;
            }
        }
        mask
    }

    /// Plays a legal action; raises `ValueError` saying why another is not.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let id = u32::try_from(action).map_err(|_| {
            PyValueError::new_err(format!("action id {action} is not a non-negative id"))
        })?;
        self.apply(id).map_err(PyValueError::new_err)
    }

    /// The action's notation (`e2-e4`, `d4`, `pass`): OpenSpiel's
    /// `action_to_string(player, action)`, or `action_to_string(action)`.
    #[pyo3(signature = (player_or_action, action=None))]
    fn action_to_string(&self, player_or_action: i64, action: Option<i64>) -> PyResult<String> {
        let id = action.unwrap_or(player_or_action);
        let id = u32::try_from(id).map_err(|_| {
            PyValueError::new_err(format!("action id {id} is not a non-negative id"))
        })?;
        self.text_of(id)
    }

    /// The id of the legal action written in gdl's notation:
    /// `string_to_action("e2-e4")` or `string_to_action(player, "e2-e4")`.
    #[pyo3(signature = (player_or_text, text=None))]
    fn string_to_action(
        &self,
        player_or_text: &Bound<'_, PyAny>,
        text: Option<String>,
    ) -> PyResult<u32> {
        let text = match text {
            Some(t) => t,
            None => player_or_text.extract()?,
        };
        let game = &self.shared.game;
        let a = gdl::explain::parse(game, &self.st, &self.listed, &text)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        // A legal action's id as listed (a chance outcome's is its index).
        if let Some(&(id, _)) = self.legal.iter().find(|p| p.1 == a) {
            return Ok(id);
        }
        (self.shared.space.id(game.board(), a)).ok_or_else(|| GameError::new_err("no id"))
    }

    /// Every way to play the rest of the current turn (the whole turn at
    /// its start), each a tuple of action ids, in the order of the legal
    /// actions: for agents that choose whole turns (Amazons' move and
    /// arrow, a capture chain) instead of one decision at a time. Empty
    /// once the game is over. Raises `ValueError` where chance decides
    /// within the turn, or past 100,000 ways.
    fn legal_turns<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        if self.is_over() {
            return Ok(Vec::new());
        }
        let game = &self.shared.game;
        let turns = gdl::notation::turn_actions(game, &self.st).map_err(|e| match e {
            gdl::notation::ListTurnsError::TooMany => PyValueError::new_err(
                "there are more than 100,000 ways to play this turn, too many to list: \
                 play it action by action",
            ),
            e => PyValueError::new_err(e.to_string()),
        })?;
        let ids = self.shared.py_ids(py);
        let mut out = Vec::with_capacity(turns.len());
        for turn in &turns {
            let mut tuple = Vec::with_capacity(turn.len());
            for &a in turn {
                let id = (self.shared.space.id(game.board(), a))
                    .ok_or_else(|| GameError::new_err("an action without an id"))?;
                tuple.push(ids[id as usize].bind(py).clone());
            }
            out.push(PyTuple::new(py, tuple)?);
        }
        Ok(out)
    }

    /// Plays a whole turn, or the rest of the current one: the ids in
    /// order, each legal where it is played, the last ending the turn.
    /// Raises `ValueError` naming the id that is wrong, and then leaves the
    /// state as it was.
    fn apply_turn(&mut self, turn: Vec<i64>) -> PyResult<()> {
        let (trial, _) = self.play_turn(&turn).map_err(PyValueError::new_err)?;
        *self = trial;
        Ok(())
    }

    /// A turn's notation, its actions joined (`d1-d7/g7`, `c3-e5-c7`), or
    /// in `notation` (a style's name, as in `notation: ...`: `san`, `usi`,
    /// `wxf`, `pdn`, `sgf`, `long-algebraic`; a turn the style cannot write
    /// is joined).
    #[pyo3(signature = (turn, notation = None))]
    fn turn_to_string(&self, turn: Vec<i64>, notation: Option<&str>) -> PyResult<String> {
        let game = &self.shared.game;
        let (_, played) = self.play_turn(&turn).map_err(PyValueError::new_err)?;
        let joined = gdl::notation::format_turn(game, &self.st, &played);
        match notation {
            None => Ok(joined),
            Some(name) => {
                let written = gdl::notation::write_style(game, &self.st, style(name)?, &joined);
                Ok(written.unwrap_or(joined))
            }
        }
    }

    /// Every way to play the rest of the turn, written in `notation` (as
    /// `turn_to_string` takes it), each once: cheaper than writing each of
    /// `legal_turns`, as some notations write a turn by what the others are.
    #[pyo3(signature = (notation = None))]
    fn legal_turn_strings(&self, notation: Option<&str>) -> PyResult<Vec<String>> {
        if self.is_over() {
            return Ok(Vec::new());
        }
        let game = &self.shared.game;
        let turns = gdl::notation::list_turns(game, &self.st)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        match notation {
            None => Ok(turns),
            Some(name) => Ok(gdl::notation::write_turns(
                game,
                &self.st,
                style(name)?,
                &turns,
            )),
        }
    }

    /// The ids of a turn written in joined notation (`d1-d7/g7`); it must
    /// complete the current turn.
    fn string_to_turn(&self, text: &str) -> PyResult<Vec<u32>> {
        let game = &self.shared.game;
        let played = gdl::notation::parse_word(game, &self.st, text)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut trial = self.clone();
        let mut ids = Vec::with_capacity(played.len());
        for a in played {
            let id = trial
                .id_of(a)
                .ok_or_else(|| GameError::new_err("an action without an id"))?;
            trial.apply(id).map_err(PyValueError::new_err)?;
            ids.push(id);
        }
        let id_list: Vec<i64> = ids.iter().map(|&i| i as i64).collect();
        self.play_turn(&id_list).map_err(PyValueError::new_err)?;
        Ok(ids)
    }

    fn is_terminal(&self) -> bool {
        self.is_over()
    }

    /// Whether chance makes the next decision (a `roll`).
    fn is_chance_node(&self) -> bool {
        !self.is_over() && self.shared.game.is_chance(&self.st)
    }

    fn is_simultaneous_node(&self) -> bool {
        false
    }

    fn is_player_node(&self) -> bool {
        !self.is_over() && !self.shared.game.is_chance(&self.st)
    }

    /// At a chance node, each outcome's id (0..k, in the order of the
    /// roll's values, as OpenSpiel numbers chance outcomes) with its
    /// probability (they sum to 1); elsewhere empty.
    fn chance_outcomes(&self) -> Vec<(u32, f64)> {
        if self.is_over() {
            return Vec::new();
        }
        // The ids of a chance node's outcomes are their indexes (see
        // `list_legal`).
        let outcomes = self.shared.game.chance_outcomes(&self.st);
        (0u32..).zip(outcomes.iter().map(|o| o.1)).collect()
    }

    /// Per seat: 1 for the winner, -1 for a loser (-1/(n-1) each with n
    /// players), 0 in a draw or before the end.
    fn returns(&self) -> Vec<f64> {
        let mut out = vec![0.0; self.seats()];
        write_returns(&self.shared, &self.st, self.truncated, &mut out);
        out
    }

    fn player_return(&self, player: i64) -> PyResult<f64> {
        let p = self.player_or_current(Some(player))?;
        Ok(self.returns()[p])
    }

    /// The reward of the last action: the returns once it ended the game.
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    fn clone(&self) -> State {
        State {
            shared: self.shared.clone(),
            st: self.st.clone(),
            history: self.history.clone(),
            legal: self.legal.clone(),
            truncated: self.truncated,
            listed: self.listed.clone(),
            ids: Vec::new(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The action ids played since the start.
    fn history(&self) -> Vec<u32> {
        self.history.clone()
    }

    fn history_str(&self) -> String {
        let words: Vec<String> = self.history.iter().map(u32::to_string).collect();
        words.join(", ")
    }

    fn move_number(&self) -> usize {
        self.history.len()
    }

    /// The whole position as one line of text, as `gdl show` writes it
    /// and `--position` reads it (FEN in chess, SFEN in shogi): what the
    /// game's `position text` declares, else the board and the player to
    /// move. Hidden pieces included.
    fn position_text(&self) -> String {
        gdl::notation::write_position(&self.shared.game, &self.st)
    }

    /// The position as planes (`game.observation_planes()`), flat, as a
    /// numpy float32 array of `game.observation_tensor_size()` numbers.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.player_or_current(player)?;
        let obs = &self.shared.observation;
        let array = PyArray1::<f32>::zeros(py, obs.len(), false);
        {
            let mut view = array.readwrite();
            let out = view
                .as_slice_mut()
                .map_err(|e| GameError::new_err(e.to_string()))?;
            obs.write(&self.shared.game, &self.st, seat, out);
        }
        Ok(array)
    }

    /// The position as `gdl show` prints it; in a game with hidden
    /// information (`view`), as the player sees it (`gdl show --as`).
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        let seat = self.player_or_current(player)?;
        let game = &self.shared.game;
        Ok(gdl::show::position_as(
            game,
            &self.st,
            game.player_in_seat(&self.st, seat),
        ))
    }

    /// Everything the player knows: with perfect information, the
    /// observation; in a game with `view`, what it saw at each of its
    /// decisions and what it chose there, then what it sees now.
    #[pyo3(signature = (player=None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        let game = &self.shared.game;
        if game.rules.view.is_none() {
            return self.observation_string(player);
        }
        let seat = self.player_or_current(player)?;
        let mut past = State::new(self.shared.clone())?;
        let mut lines = Vec::new();
        for &id in &self.history {
            let me = game.seat_of(&past.st, past.st.mover) == seat && !game.is_chance(&past.st);
            if me {
                let seen = gdl::show::view_line(game, &past.st, past.st.mover);
                lines.push(format!("{seen} {}", past.text_of(id)?));
            }
            past.apply(id).map_err(GameError::new_err)?;
        }
        let now = gdl::show::position_as(game, &self.st, game.player_in_seat(&self.st, seat));
        Ok(format!("{}\n{now}", lines.join("\n")))
    }

    #[pyo3(signature = (player=None))]
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.observation_tensor(py, player)
    }

    /// The game's fingerprint and the actions played: read back by
    /// `game.deserialize_state`.
    fn serialize(&self) -> String {
        format!(
            "{SERIAL_HEADER} {:016x}\n{}",
            self.shared.fingerprint,
            self.history_str().replace(", ", " ")
        )
    }

    /// Why an action id is legal or not, in the game's own terms (`gdl
    /// explain`).
    fn explain(&self, action: u32) -> PyResult<String> {
        let text = self.text_of(action)?;
        Ok(gdl::explain::explain(&self.shared.game, &self.st, &text))
    }

    /// Pickled as its game and `serialize()`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Py<PyAny>)> {
        let restore = py.import("gdl._gdl")?.getattr("_restore_state")?;
        let args = (self.get_game(), self.serialize());
        Ok((restore, args.into_pyobject(py)?.into_any().unbind()))
    }

    fn get_game(&self) -> crate::Game {
        crate::Game {
            shared: self.shared.clone(),
        }
    }

    fn __str__(&self) -> String {
        gdl::show::position(&self.shared.game, &self.st)
    }

    fn __repr__(&self) -> String {
        format!("<gdl.State after {} actions>", self.history.len())
    }
}

/// A notation style by its name in `notation: ...`.
fn style(name: &str) -> PyResult<gdl::NotationStyle> {
    let styles = gdl::NOTATION_STYLES;
    match styles.iter().find(|s| s.0 == name) {
        Some(&(_, style, _)) => Ok(style),
        None => {
            let names: Vec<&str> = styles.iter().map(|s| s.0).collect();
            Err(PyValueError::new_err(format!(
                "`{name}` is not a notation gdl knows: the notations are {}",
                names.join(", ")
            )))
        }
    }
}
