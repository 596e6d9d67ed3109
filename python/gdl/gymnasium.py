"""gdl's games as Gymnasium environments: one seat against a built-in
opponent, `gdl.gymnasium.env("chess", opponent="random")`.

The observation is a dict: `observation`, the planes of
`Game.observation_tensor_shape()` (float32, seen from the agent's seat),
and `action_mask` (int8, 1 for each legal action id); `info` carries the
mask too. The reward is the agent's return at the end, 0 before. An
illegal action ends the episode with `illegal_reward` (-1) and
`info["illegal"]`. `opponent` is `"random"` (uniform over the legal
actions, drawn from the environment's seeded generator) or a function of
a `gdl.State` that returns an action id. Needs `gymnasium`.
"""

from typing import Any, Callable, Optional, Union

import numpy as np

import gdl

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError("gdl.gymnasium needs Gymnasium: pip install gymnasium") from e

Opponent = Union[str, Callable[[gdl.State], int]]


class GdlEnv(gymnasium.Env):
    """One seat of a gdl game; the other seats play `opponent`."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str = "tictactoe",
        opponent: Opponent = "random",
        seat: int = 0,
        illegal_reward: float = -1.0,
        render_mode: Optional[str] = None,
        **options: Any,
    ):
        self.game = gdl.load_game(game, **options)
        if not 0 <= seat < self.game.num_players():
            raise ValueError(f"seat {seat} is not a seat of this game")
        if opponent != "random" and not callable(opponent):
            raise ValueError('opponent is "random" or a function of a state')
        self.opponent = opponent
        self.seat = seat
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.shape = tuple(self.game.observation_tensor_shape())
        self.size = self.game.num_distinct_actions()
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, self.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.size)
        self.state = self.game.new_initial_state()

    def _mask(self):
        mask = np.zeros(self.size, np.int8)
        mask[self.state.legal_actions(self.seat)] = 1
        return mask

    def _observe(self):
        mask = self._mask()
        planes = self.state.observation_tensor(self.seat).reshape(self.shape)
        return {"observation": planes, "action_mask": mask}, {"action_mask": mask}

    def _opponents_play(self):
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            if self.state.is_chance_node():
                # Chance decides (a `roll`): an outcome by its probability.
                ids, probs = zip(*self.state.chance_outcomes())
                action = int(self.np_random.choice(ids, p=probs))
            elif self.opponent == "random":
                action = int(self.np_random.choice(self.state.legal_actions()))
            else:
                action = int(self.opponent(self.state.clone()))
            self.state.apply_action(action)

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.state = self.game.new_initial_state()
        self._opponents_play()
        return self._observe()

    def step(self, action):
        action = int(action)
        if self.state.is_terminal():
            raise RuntimeError("step after the end of the episode: call reset()")
        legal = 0 <= action < self.size and self._mask()[action] == 1
        if not legal:
            observation, info = self._observe()
            return observation, self.illegal_reward, True, False, {**info, "illegal": True}
        self.state.apply_action(action)
        self._opponents_play()
        observation, info = self._observe()
        done = self.state.is_terminal()
        reward = self.state.returns()[self.seat] if done else 0.0
        return observation, float(reward), done, False, info

    def render(self):
        if self.render_mode == "ansi":
            return str(self.state)
        return None


def env(game: str = "tictactoe", opponent: Opponent = "random", **kwargs: Any) -> GdlEnv:
    """`GdlEnv(game, opponent, ...)`."""
    return GdlEnv(game, opponent=opponent, **kwargs)
