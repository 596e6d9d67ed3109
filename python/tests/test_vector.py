"""The batched environment `gdl.VectorEnv`: every shipped game stepped in
batches, checked against single states replayed with the same actions."""

import numpy as np
import pytest

import gdl

GAMES = gdl.shipped_games()
N = 6
STEPS = 200
# Short enough that every game ends and starts again within STEPS.
CUT = 70


def replay_check(game, env, steps, cut):
    """Steps `env` `steps` times and replays games 0 and N-1 as single
    states; returns the number of finished games seen."""
    n = env.num_envs
    size = game.num_distinct_actions()
    players = game.num_players()
    obs, mask = env.reset(seed=1)
    assert obs.shape == (n, game.observation_tensor_size()) and obs.dtype == np.float32
    assert mask.shape == (n, size) and mask.dtype == np.bool_
    watched = [0, n - 1]
    states = {i: game.new_initial_state() for i in watched}
    rng = np.random.default_rng(7)
    finished = 0
    for step in range(steps):
        assert mask.any(axis=1).all(), "every game has a legal action"
        if step % 2:
            actions = env.random_actions()
            assert actions.dtype == np.int64 and actions.shape == (n,)
            assert mask[np.arange(n), actions].all(), "random_actions draws legal ids"
        else:
            # Any id the mask says is legal is accepted.
            actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        players_before = env.current_players()
        for i in watched:
            st = states[i]
            assert np.flatnonzero(mask[i]).tolist() == st.legal_actions()
            assert players_before[i] == st.current_player()
            np.testing.assert_array_equal(obs[i], st.observation_tensor(st.current_player()))
        obs, mask, rewards, dones = env.step(actions)
        assert obs.shape == (n, game.observation_tensor_size()) and obs.dtype == np.float32
        assert mask.shape == (n, size) and mask.dtype == np.bool_
        assert rewards.shape == (n, players) and rewards.dtype == np.float32
        assert dones.shape == (n,) and dones.dtype == np.bool_
        assert (rewards[~dones] == 0).all(), "rewards only at the end"
        finished += int(dones.sum())
        for i in watched:
            st = states[i]
            st.apply_action(int(actions[i]))
            ended = st.is_terminal() or st.move_number() >= cut
            assert bool(dones[i]) == ended, (i, step)
            if ended:
                np.testing.assert_allclose(rewards[i], st.returns(), rtol=1e-6)
                states[i] = game.new_initial_state()
    return finished


# A game with chance (a `roll`) is left out: the environment draws chance's
# outcomes itself, so a single state cannot follow it (test_chance.py checks
# that its agents never see a chance node).
@pytest.mark.parametrize(
    "name", [g for g in GAMES if gdl.load_game(g).max_chance_outcomes() == 0]
)
def test_every_game_steps_in_batches_as_single_states_do(name):
    game = gdl.load_game(name, max_game_length=CUT)
    env = gdl.VectorEnv(game, N, seed=3)
    assert len(env) == N
    finished = replay_check(game, env, STEPS, CUT)
    # Every game ends (by the rules or the cut) and starts again.
    assert finished >= N * (STEPS // CUT)


def test_games_that_end_by_the_rules_start_again():
    game = gdl.load_game("tictactoe")
    env = game.vector_env(16, seed=5)
    finished = replay_check(game, env, 60, 10**9)
    # Tic-tac-toe ends within 9 plies: every game ends several times.
    assert finished >= 16 * 60 // 9
    obs, mask = env.reset()
    first = game.new_initial_state()
    assert (mask == np.array(first.legal_actions_mask(), dtype=bool)).all()
    assert (obs == first.observation_tensor(0)).all()


def test_a_win_is_rewarded_on_the_step_that_ends_it():
    game = gdl.load_game("tictactoe")
    env = gdl.VectorEnv("tictactoe", n=2)
    ids = {t: game.new_initial_state().string_to_action(t) for t in ["a1", "a2", "b1", "b2", "c1"]}
    for t in ["a1", "a2", "b1", "b2"]:
        _, _, rewards, dones = env.step(np.array([ids[t]] * 2))
        assert not dones.any() and (rewards == 0).all()
    obs, mask, rewards, dones = env.step(np.array([ids["c1"]] * 2))
    assert dones.all()
    assert rewards.tolist() == [[1.0, -1.0], [1.0, -1.0]]
    # The returned position is the new game's first.
    assert mask.sum(axis=1).tolist() == [9, 9]
    assert (env.current_players() == 0).all()


def test_the_same_seed_draws_the_same_actions():
    a = gdl.VectorEnv("breakthrough", n=8, seed=11)
    b = gdl.VectorEnv("breakthrough", n=8, seed=11)
    for _ in range(20):
        x, y = a.random_actions(), b.random_actions()
        assert (x == y).all()
        a.step(x)
        b.step(y)
    c = gdl.VectorEnv("breakthrough", n=8, seed=12)
    assert any((c.random_actions() != a.random_actions()).any() for _ in range(5))


def test_random_steps_in_rust_finish_games():
    env = gdl.VectorEnv("tictactoe", n=4, seed=0)
    assert env.random_steps(90) >= 4 * 90 // 9
    for k in range(1, 8):
        env.random_steps(k)
        obs, mask = env.observe()
        # The masks are the games' own: the empty cells (stones on planes
        # 0 and 1), a game after random_steps being never over.
        stones = obs.reshape(4, 7, 9)[:, :2].sum(axis=(1, 2))
        assert (mask.sum(axis=1) == 9 - stones).all()
        env.step(env.random_actions())


def test_bad_input_raises_value_error_naming_the_index():
    env = gdl.VectorEnv("tictactoe", n=3)
    _, mask = env.reset()
    legal = env.random_actions()
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        env.step(legal[:2])
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        env.step(np.stack([legal, legal]))
    with pytest.raises(ValueError, match="integer"):
        env.step(legal.astype(np.float64))
    bad = legal.copy()
    bad[2] = 9
    with pytest.raises(ValueError, match=r"actions\[2\]: action 9 is outside"):
        env.step(bad)
    bad[2] = -1
    with pytest.raises(ValueError, match=r"actions\[2\]"):
        env.step(bad)
    env.step(np.array([4, 4, 4]))
    with pytest.raises(ValueError, match=r"actions\[1\]: action 4 .* not legal"):
        env.step(np.array([0, 4, 0]))
    # Nothing was played by the refused steps: b2 (4) was played once.
    _, mask = env.observe()
    assert mask.sum(axis=1).tolist() == [8, 8, 8]
    with pytest.raises(ValueError):
        gdl.VectorEnv("tictactoe", n=0)
    with pytest.raises(gdl.GameError):
        gdl.VectorEnv("no-such-game", n=2)


def test_options_reach_the_games():
    env = gdl.VectorEnv("go", n=2, size=9)
    obs, mask = env.reset()
    game = env.get_game()
    assert game.observation_tensor_shape()[1:] == [9, 9]
    assert mask.shape == (2, 82)


def test_steps_release_the_gil():
    import threading
    import time

    env = gdl.VectorEnv("go", n=32, size=9, seed=0)
    seen = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            seen.append(time.perf_counter())
            time.sleep(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        t = time.perf_counter()
        env.random_steps(20)
        steps = int(20 * 0.4 / max(time.perf_counter() - t, 1e-4)) + 1
        start = time.perf_counter()
        env.random_steps(steps)  # one call of about 0.4 s
        end = time.perf_counter()
    finally:
        stop.set()
        thread.join()
    # The other thread ran while Rust stepped the games: it ticked in the
    # middle of the call, not only at its ends.
    assert end - start > 0.2
    during = [t for t in seen if start + 0.05 < t < end - 0.05]
    assert len(during) > 20
