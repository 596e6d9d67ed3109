"""The PettingZoo environment, checked by PettingZoo's own api_test on
every shipped game."""

import numpy as np
import pytest

import gdl

from needs import package

package("pettingzoo", "pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

import gdl.pettingzoo  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", gdl.shipped_games())
def test_api_test_passes(name):
    api_test(gdl.pettingzoo.env(name, max_game_length=60), num_cycles=40, verbose_progress=False)


def test_a_game_to_its_end_with_masks_and_rewards():
    env = gdl.pettingzoo.env("tictactoe")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    seen, final = set(), {}
    for agent in env.agent_iter():
        seen.add(agent)
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            final[agent] = reward
            env.step(None)
            continue
        assert observation["observation"].shape == (7, 3, 3)
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    assert seen == {"player_0", "player_1"}
    assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])
