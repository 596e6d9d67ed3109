"""Type stubs of the extension module `gdl._gdl` (see docs/python.md)."""

from typing import Any, Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

class GameError(ValueError):
    """A game that does not load (the message is `gdl check`'s, with
    `file:line:col`), or a serialized state that is not one of the game's."""

class Game:
    """A game loaded from its rules by `load_game`."""

    @property
    def name(self) -> str: ...
    @property
    def player_names(self) -> list[str]: ...
    def get_parameters(self) -> dict[str, Any]:
        """`game` (where it came from), the options in force, and
        `max_game_length` if given."""
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int:
        """The size of the action space: every action id is below it."""
    def observation_tensor_shape(self) -> list[int]:
        """`[planes, rows, cols]`."""
    def observation_tensor_size(self) -> int: ...
    def observation_planes(self) -> list[str]:
        """The planes' names, in order (`pawn:white`, `mark:unmoved`, ...)."""
    def observation_cells(self) -> list[tuple[str, int, int]]:
        """Each cell's label and its (row, col) in the planes."""
    def action_blocks(self) -> list[tuple[str, int, int, list[str]]]:
        """The action space's blocks: (layout, first id, count, choices)."""
    def describe_action(self, action: int) -> str:
        """What an action id stands for in any state (`e2-e4`, `white:d4`)."""
    def max_game_length(self) -> int:
        """`max_game_length` if given, else 2**31 - 1 (no bound known)."""
    def min_utility(self) -> float: ...
    def max_utility(self) -> float: ...
    def utility_sum(self) -> Optional[float]: ...
    def max_chance_outcomes(self) -> int: ...
    def is_perfect_information(self) -> bool: ...
    def new_initial_state(self) -> State: ...
    def deserialize_state(self, text: str) -> State:
        """The state `State.serialize()` wrote; `GameError` otherwise."""
    def vector_env(self, n: int, seed: int = 0) -> VectorEnv:
        """`n` games stepped together in Rust: `VectorEnv(self, n, seed)`."""

class State:
    """A position of a game. A turn of several decisions is one
    `apply_action` per decision, the same player to move."""

    def current_player(self) -> int:
        """The seat to move; -4 (OpenSpiel's TERMINAL) once over."""
    def legal_actions(self, player: Optional[int] = None) -> list[int]:
        """The legal action ids, ascending."""
    def legal_actions_mask(self, player: Optional[int] = None) -> list[int]: ...
    def apply_action(self, action: int) -> None:
        """Plays a legal action; `ValueError` with the reason otherwise."""
    def action_to_string(self, player_or_action: int, action: Optional[int] = None) -> str:
        """gdl's notation of the action (`e2-e4`, `d4`, `pass`)."""
    def string_to_action(self, player_or_text: Union[int, str], text: Optional[str] = None) -> int:
        """The id of the legal action written in gdl's notation."""
    def is_terminal(self) -> bool: ...
    def legal_turns(self) -> list[tuple[int, ...]]:
        """Every way to play the rest of the current turn, as tuples of
        action ids; `ValueError` where chance decides within the turn or
        past 100,000 ways."""
    def apply_turn(self, turn: Sequence[int]) -> None:
        """Plays a whole turn (each id legal where played, the last ending
        the turn); on a `ValueError` the state is left as it was."""
    def turn_to_string(self, turn: Sequence[int], notation: Optional[str] = None) -> str:
        """The turn's joined notation (`d1-d7/g7`), or in `notation`
        (`san`, `long-algebraic`, `usi`, `wxf`, `pdn`, `sgf`, `gdl`); a turn
        the notation cannot write is joined."""
    def legal_turn_strings(self, notation: Optional[str] = None) -> list[str]:
        """Every way to play the rest of the turn, in `notation` (as
        `turn_to_string` takes it), each once."""
    def string_to_turn(self, text: str) -> list[int]:
        """The ids of a turn written in joined notation, or in a notation
        the game declares (`notation: ...`), SAN or long algebraic."""
    def is_chance_node(self) -> bool: ...
    def is_simultaneous_node(self) -> bool: ...
    def is_player_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def returns(self) -> list[float]:
        """Per seat: 1 for the winner, -1 (-1/(n-1) with n players) for
        the others, 0 in a draw or before the end."""
    def player_return(self, player: int) -> float: ...
    def rewards(self) -> list[float]: ...
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def history(self) -> list[int]: ...
    def history_str(self) -> str: ...
    def move_number(self) -> int: ...
    def position_text(self) -> str:
        """The whole position as one line (FEN in chess), as `gdl show`
        writes it and `--position` reads it; hidden pieces included."""
    def observation_tensor(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """The planes of `Game.observation_planes()`, flat, float32."""
    def observation_string(self, player: Optional[int] = None) -> str: ...
    def information_state_string(self, player: Optional[int] = None) -> str: ...
    def information_state_tensor(self, player: Optional[int] = None) -> npt.NDArray[np.float32]: ...
    def serialize(self) -> str: ...
    def explain(self, action: int) -> str:
        """Why the action is legal or not, in the game's own terms."""
    def get_game(self) -> Game: ...

class VectorEnv:
    """N games of one kind stepped together in Rust, the GIL released.

    `step` returns `(observations, legal_masks, rewards, dones)`. A game
    that an action ends (by the rules or after `max_game_length` actions)
    starts again at once: its `dones` entry is True, its `rewards` row the
    finished game's returns, its observation and mask the new game's first
    position. Observations are seen from the seat to move."""

    def __init__(
        self, game: Union[str, Game], n: int, seed: int = 0, **options: Any
    ) -> None:
        """`n` games of `game` (a name, path or text with options as
        `load_game` reads them, or a loaded `Game`); `seed` seeds
        `random_actions`."""
    @property
    def num_envs(self) -> int: ...
    def __len__(self) -> int: ...
    def get_game(self) -> Game: ...
    def reset(
        self, seed: Optional[int] = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Starts every game again: `(observations [n, size], legal_masks
        [n, num_distinct_actions])`; reseeds `random_actions` if given."""
    def observe(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """The current `(observations, legal_masks)`."""
    def current_players(self) -> npt.NDArray[np.int64]:
        """The seat to move in each game."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action id per game, from the seeded
        generator."""
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Plays `actions[i]` (integer ids, shape `(n,)`) in game `i`:
        `(observations [n, size] float32, legal_masks [n,
        num_distinct_actions] bool, rewards [n, num_players] float32,
        dones [n] bool)`. `ValueError` naming the index for a wrong shape or
        an illegal id, before any game is played."""
    def random_steps(self, steps: int) -> int:
        """`steps` steps of random actions, all in Rust: the number of
        games finished."""
    def agent_actions(
        self, agent: str = "mcts:100", seed: Optional[int] = None
    ) -> npt.NDArray[np.int64]:
        """An action id per game chosen by one of gdl's agents (`random`,
        `mcts:N`, `mcts:500ms`), a fresh agent per game seeded from `seed`
        (else from the environment's generator) and the game's index; the
        searches run in Rust, the GIL released, over the machine's cores."""

class Bot:
    """One of gdl's agents, called as OpenSpiel's bots are:
    `gdl.Bot(game, "mcts:1000", seed=0).step(state)` is the action id it
    plays in `state`. `agent` is `random` or `mcts:BUDGET` (iterations,
    or time: `mcts:500ms`). The search runs in Rust, the GIL released, and
    keeps its tree while the states follow on. In a game with hidden
    information MCTS searches positions the player cannot tell from the
    real one, never the real one. At a chance node `step` draws an
    outcome by its probability."""

    def __init__(self, game: Game, agent: str = "mcts:1000", seed: int = 0) -> None: ...
    def step(self, state: State) -> int:
        """The action id played in `state`; `ValueError` once the game is
        over, `GameError` for a state of another game."""
    def restart(self) -> None:
        """Forgets the tree and reseeds the agent."""

def load_game(
    game: Union[str, Mapping[str, Any], None] = None,
    params: Optional[Mapping[str, Any]] = None,
    **kwargs: Any,
) -> Game:
    """A shipped game's name, a path to a .gdl file or a game's text, with
    options as keywords (`size=9`) or OpenSpiel's parameter dict."""

def shipped_games() -> list[str]: ...
def shipped_game_text(name: str) -> str: ...
