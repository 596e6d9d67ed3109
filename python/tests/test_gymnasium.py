"""The Gymnasium environment, checked by Gymnasium's own check_env on
every shipped game."""

import numpy as np
import pytest

import gdl

from needs import package

package("gymnasium", "gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import gdl.gymnasium  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", gdl.shipped_games())
def test_check_env_passes(name):
    check_env(gdl.gymnasium.env(name, max_game_length=60), skip_render_check=True)


def test_an_episode_against_the_random_opponent():
    env = gdl.gymnasium.env("connect-four", opponent="random", seat=1)
    observation, info = env.reset(seed=7)
    # The opponent, seat 0, has dropped its first disc.
    assert observation["observation"].shape == (7, 6, 7)
    assert env.state.move_number() == 1
    rng = np.random.default_rng(7)
    done, reward = False, 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, done, truncated, info = env.step(action)
        assert not truncated
    assert reward in (-1.0, 0.0, 1.0)
    assert env.state.is_terminal()


def test_an_illegal_action_ends_the_episode_with_the_penalty():
    env = gdl.gymnasium.env("tictactoe")
    _, info = env.reset(seed=1)
    env.step(4)
    taken = [a for a in range(9) if not env._mask()[a]]
    _, reward, done, _, info = env.step(taken[0])
    assert (reward, done, info["illegal"]) == (-1.0, True, True)


def test_an_opponent_given_as_a_function():
    first = gdl.gymnasium.env("tictactoe", opponent=lambda s: s.legal_actions()[0], seat=1)
    observation, _ = first.reset(seed=0)
    assert observation["action_mask"][0] == 0
