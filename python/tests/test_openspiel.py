"""The pyspiel game `gdl`, against the real OpenSpiel package: its own
random simulation test on every shipped game, and its algorithms."""

import pickle

import pytest

import gdl

from needs import package

pyspiel = package("pyspiel", "open-spiel")

import gdl.openspiel  # noqa: E402

gdl.openspiel.register()


@pytest.mark.parametrize("name", gdl.shipped_games())
def test_random_sim_test_passes(name):
    game = pyspiel.load_game("gdl", {"game": name, "max_game_length": 100})
    assert game.num_distinct_actions() == gdl.load_game(name).num_distinct_actions()
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_options_and_string_round_trip():
    game = pyspiel.load_game("gdl", {"game": "hex", "options": "size:5;swap:off"})
    assert game.num_distinct_actions() == 25
    again = pyspiel.load_game(str(game))
    assert again.num_distinct_actions() == 25
    commas = pyspiel.load_game("gdl", {"game": "hex", "options": "size=5,swap=off"})
    assert commas.num_distinct_actions() == 25
    with pytest.raises(Exception, match="no-such-game"):
        pyspiel.load_game("gdl", {"game": "no-such-game"})


def test_mcts_bot_beats_random_at_tictactoe():
    game = pyspiel.load_game("gdl", {"game": "tictactoe"})
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
    mcts = pyspiel.MCTSBot(game, evaluator, 2.0, 200, 100, True, 11, False)
    random_bot = pyspiel.make_uniform_random_bot(1, 3)
    total = 0.0
    for _ in range(4):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), [mcts, random_bot], 5)
        total += returns[0]
    # A solving MCTS never loses tic-tac-toe as the first player.
    assert total >= 0.0


def test_states_pickle():
    state = gdl.load_game("chess").new_initial_state()
    state.apply_action(state.string_to_action("e2-e4"))
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert str(again) == str(state)
