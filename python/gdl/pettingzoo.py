"""gdl's games as PettingZoo AEC environments: `gdl.pettingzoo.env("chess")`.

Agents are the seats, `player_0` moving first. An observation is a dict:
`observation`, the planes of `Game.observation_tensor_shape()` (float32,
seen from the observing seat), and `action_mask` (int8, 1 for each legal
action id; all 0 for an agent not to move). Rewards come at the end: the
state's returns. A turn of several decisions is several steps by one
agent. Needs the `pettingzoo` and `gymnasium` packages.
"""

from typing import Any, Optional

import numpy as np

import gdl

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError("gdl.pettingzoo needs PettingZoo: pip install pettingzoo") from e


class GdlEnv(AECEnv):
    """A gdl game as an AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "gdl_v0", "is_parallelizable": False}

    def __init__(self, game: str = "tictactoe", render_mode: Optional[str] = None, **options: Any):
        super().__init__()
        self.game = gdl.load_game(game, **options)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self.shape = tuple(self.game.observation_tensor_shape())
        size = self.game.num_distinct_actions()
        observation = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, self.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.state = self.game.new_initial_state()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if not self.state.is_terminal():
            mask[self.state.legal_actions(seat)] = 1
        planes = self.state.observation_tensor(seat).reshape(self.shape)
        return {"observation": planes, "action_mask": mask}

    def reset(self, seed=None, options=None):
        self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._chance_plays()
        self.agent_selection = self.agents[self.state.current_player()]

    def _chance_plays(self):
        # A decision made by chance (a `roll`) is no agent's: its outcome is
        # drawn by its probability before the next agent acts.
        while self.state.is_chance_node():
            ids, probs = zip(*self.state.chance_outcomes())
            self.state.apply_action(int(self._rng.choice(ids, p=probs)))

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.apply_action(int(action))
        self._chance_plays()
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal():
            for a, r in zip(self.agents, self.state.returns()):
                self.rewards[a] = r
                self.terminations[a] = True
        else:
            self.agent_selection = self.agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode == "ansi":
            return str(self.state)
        if self.render_mode == "human":
            print(self.state)
        return None

    def close(self):
        pass


def raw_env(game: str = "tictactoe", render_mode: Optional[str] = None, **options: Any) -> GdlEnv:
    """The environment without PettingZoo's wrappers."""
    return GdlEnv(game, render_mode=render_mode, **options)


def env(game: str = "tictactoe", render_mode: Optional[str] = None, **options: Any):
    """The environment with PettingZoo's usual wrappers (an illegal action
    ends the game, the order of calls enforced)."""
    e = raw_env(game, render_mode=render_mode, **options)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
