"""Board games written in the gdl language, played through OpenSpiel's API.

>>> import gdl
>>> game = gdl.load_game("tictactoe")
>>> state = game.new_initial_state()
>>> state.apply_action(state.string_to_action("b2"))
>>> state.current_player()
1
"""

from gdl._gdl import (
    Bot,
    Game,
    GameError,
    State,
    VectorEnv,
    load_game,
    shipped_game_text,
    shipped_games,
)

__all__ = [
    "Bot",
    "Game",
    "GameError",
    "State",
    "VectorEnv",
    "load_game",
    "shipped_game_text",
    "shipped_games",
]
