"""gdl's games in OpenSpiel: `gdl.openspiel.register()` registers a pyspiel
game `gdl`, so that `pyspiel.load_game("gdl", {"game": "chess"})` loads a
shipped game (or a path) and OpenSpiel's algorithms play it.

Parameters: `game` (a shipped name or a path; default `tictactoe`),
`options` (the game's options as `name:value` separated by `;`, e.g.
`"size:9;swap:off"`, a form that survives `str(game)` and
`pyspiel.load_game(str(game))`; `name=value` and `,` are read too) and `max_game_length` (0: none known, else a game
ends as a draw after that many actions). Needs the `open_spiel` package.
"""

from typing import Optional

import numpy as np

import gdl

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError("gdl.openspiel needs OpenSpiel: pip install open-spiel") from e

SHORT_NAME = "gdl"

_PARAMETERS = {"game": "tictactoe", "options": "", "max_game_length": 0}


def _game_type(
    utility, players: Optional[int] = None, chance: bool = False, perfect: bool = False
):
    # The game registered may have chance (a `roll`) and hidden information
    # (a `view`); each loaded game says whether it does.
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="A game of the gdl language",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players or 8,
        min_num_players=players or 1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMETERS,
    )


def _options(text: str) -> dict:
    options = {}
    for part in filter(None, (p.strip() for p in text.replace(",", ";").split(";"))):
        name, sep, value = part.replace("=", ":").partition(":")
        if not sep:
            raise ValueError(f"gdl options are name:value separated by `;`, got `{part}`")
        options[name.strip()] = value.strip()
    return options


class GdlGame(pyspiel.Game):
    """A gdl game as a pyspiel game."""

    def __init__(self, params=None):
        params = {**_PARAMETERS, **(params or {})}
        length = int(params["max_game_length"])
        kwargs = _options(str(params["options"]))
        if length > 0:
            kwargs["max_game_length"] = length
        self.gdl_game = gdl.load_game(str(params["game"]), **kwargs)
        players = self.gdl_game.num_players()
        utility = (
            pyspiel.GameType.Utility.ZERO_SUM
            if players > 1
            else pyspiel.GameType.Utility.GENERAL_SUM
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.gdl_game.num_distinct_actions(),
            max_chance_outcomes=self.gdl_game.max_chance_outcomes(),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players > 1 else None,
            max_game_length=self.gdl_game.max_game_length(),
        )
        chance = self.gdl_game.max_chance_outcomes() > 0
        perfect = self.gdl_game.is_perfect_information()
        super().__init__(_game_type(utility, players, chance, perfect), info, params)

    def new_initial_state(self):
        return GdlState(self, self.gdl_game.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(self.gdl_game, iig_obs_type, params)


class GdlState(pyspiel.State):
    """A gdl state as a pyspiel state."""

    def __init__(self, game, inner):
        super().__init__(game)
        self.inner = inner

    def current_player(self):
        if self.inner.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self.inner.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return self.inner.current_player()

    def chance_outcomes(self):
        return self.inner.chance_outcomes()

    def _legal_actions(self, player):
        return self.inner.legal_actions(player)

    def _apply_action(self, action):
        self.inner.apply_action(action)

    def _action_to_string(self, player, action):
        return self.inner.action_to_string(action)

    def is_terminal(self):
        return self.inner.is_terminal()

    def returns(self):
        return self.inner.returns()

    def __str__(self):
        return str(self.inner)


class _Observer:
    """OpenSpiel's observer interface over gdl's observation planes."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"gdl observers take no parameters, got {params}")
        # OpenSpiel asks for an information state with perfect recall.
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        shape = tuple(game.observation_tensor_shape())
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        self.tensor[:] = state.inner.observation_tensor(player)

    def string_from(self, state, player):
        if self.recall:
            return state.inner.information_state_string(player)
        return state.inner.observation_string(player)


def register() -> None:
    """Registers the pyspiel game `gdl` (once; again does nothing)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(
            _game_type(pyspiel.GameType.Utility.ZERO_SUM, chance=True, perfect=True), GdlGame
        )
