"""gdl's agents from Python: `gdl.Bot` on a state (OpenSpiel's `Bot.step`)
and `VectorEnv.agent_actions` on a batch."""

import numpy as np
import pytest

import gdl


def tictactoe_after(moves):
    game = gdl.load_game("tictactoe")
    state = game.new_initial_state()
    for m in moves:
        state.apply_action(state.string_to_action(m))
    return game, state


# x holds a1 and a2, o holds b1 and b2: x wins at a3, and o would win at b3.
THREAT = ["a1", "b1", "a2", "b2"]


@pytest.mark.parametrize("seed", range(5))
def test_mcts_takes_the_win(seed):
    game, state = tictactoe_after(THREAT)
    bot = gdl.Bot(game, "mcts:2000", seed=seed)
    action = bot.step(state)
    assert state.action_to_string(action) == "a3"


@pytest.mark.parametrize("seed", range(5))
def test_mcts_blocks_the_loss(seed):
    # x a1, o b2, x a2: o must block at a3.
    game, state = tictactoe_after(["a1", "b2", "a2"])
    action = gdl.Bot(game, "mcts:2000", seed=seed).step(state)
    assert state.action_to_string(action) == "a3"


def test_random_bot_is_legal_and_seeded():
    game = gdl.load_game("connect-four")

    def play(seed):
        bot = gdl.Bot(game, "random", seed=seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            a = bot.step(state)
            assert a in state.legal_actions()
            state.apply_action(a)
        return state.history()

    assert play(3) == play(3)
    assert play(3) != play(4)


def test_restart_repeats_the_choices():
    game = gdl.load_game("breakthrough")
    state = game.new_initial_state()
    bot = gdl.Bot(game, "mcts:50", seed=9)
    first = [bot.step(state) for _ in range(3)]
    bot.restart()
    assert [bot.step(state) for _ in range(3)] == first


def test_mcts_beats_random_at_connect_four():
    game = gdl.load_game("connect-four")
    wins = 0
    for g in range(6):
        bots = [gdl.Bot(game, "mcts:300", seed=g), gdl.Bot(game, "random", seed=100 + g)]
        # The search plays first in even games, second in odd ones.
        seat_of_mcts = g % 2
        if seat_of_mcts:
            bots.reverse()
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        wins += state.returns()[seat_of_mcts] > 0
    assert wins >= 5, wins


def test_chance_node_gives_an_outcome():
    game = gdl.load_game("pig")
    state = game.new_initial_state()
    bot = gdl.Bot(game, "mcts:20", seed=1)
    seen = set()
    for _ in range(200):
        if state.is_terminal():
            state = game.new_initial_state()
        action = bot.step(state)
        if state.is_chance_node():
            assert action in [o for o, _ in state.chance_outcomes()]
            seen.add(action)
        else:
            assert action in state.legal_actions()
        state.apply_action(action)
    assert len(seen) == 6, "every face of the die comes up"


def test_hidden_information_bot_plays_legal_actions():
    game = gdl.load_game("phantom-tictactoe")
    state = game.new_initial_state()
    bots = [gdl.Bot(game, "mcts:64", seed=s) for s in (1, 2)]
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_bad_bots_and_states():
    game, state = tictactoe_after([])
    with pytest.raises(ValueError, match="needs a budget"):
        gdl.Bot(game, "mcts")
    with pytest.raises(ValueError, match="unknown agent"):
        gdl.Bot(game, "alphazero")
    with pytest.raises(ValueError, match="person"):
        gdl.Bot(game, "human")
    other = gdl.load_game("connect-four").new_initial_state()
    with pytest.raises(gdl.GameError, match="another game"):
        gdl.Bot(game, "random").step(other)
    # The same game loaded again is the same game.
    again = gdl.load_game("tictactoe").new_initial_state()
    assert gdl.Bot(game, "random").step(again) in again.legal_actions()
    _, won = tictactoe_after(["a1", "b1", "a2", "b2", "a3"])
    assert won.is_terminal()
    with pytest.raises(ValueError, match="over"):
        gdl.Bot(game, "random").step(won)


def test_batch_agents_take_the_win_in_every_game():
    game = gdl.load_game("tictactoe")
    env = game.vector_env(8, seed=0)
    _, state = tictactoe_after([])
    for m in THREAT:
        env.step(np.full(8, state.string_to_action(m)))
        state.apply_action(state.string_to_action(m))
    win = state.string_to_action("a3")
    actions = env.agent_actions("mcts:2000", seed=5)
    assert actions.dtype == np.int64 and actions.shape == (8,)
    assert actions.tolist() == [win] * 8


def test_batch_agents_are_legal_and_seeded():
    game = gdl.load_game("breakthrough")
    env = game.vector_env(5, seed=2)
    _, mask = env.observe()
    for _ in range(10):
        a = env.agent_actions("mcts:30", seed=11)
        assert mask[np.arange(5), a].all()
        assert (env.agent_actions("mcts:30", seed=11) == a).all(), "same seed, same actions"
        r = env.agent_actions("random")
        assert mask[np.arange(5), r].all()
        _, mask, _, _ = env.step(a)
    with pytest.raises(ValueError, match="unknown agent"):
        env.agent_actions("greedy")
