"""Chance from Python: a `roll` is a chance node with OpenSpiel's API
(`current_player() == -1`, `chance_outcomes()`), and Pig played against
OpenSpiel's own `pig`, state by state."""

import random

import numpy as np
import pytest

import gdl

from needs import package

pyspiel = package("pyspiel", "open-spiel")

import gdl.openspiel  # noqa: E402  (needs pyspiel)


def test_a_roll_is_a_chance_node_with_its_outcomes():
    game = gdl.load_game("pig")
    assert game.max_chance_outcomes() == 6
    state = game.new_initial_state()
    assert state.current_player() == 0 and not state.is_chance_node()
    state.apply_action(state.string_to_action("decision=roll"))
    assert state.is_chance_node() and not state.is_player_node()
    assert state.current_player() == -1
    outcomes = state.chance_outcomes()
    assert [state.action_to_string(a) for a, _ in outcomes] == [f"die={k}" for k in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    # OpenSpiel numbers chance outcomes 0..k apart from the actions.
    assert [a for a, _ in outcomes] == list(range(6)) == state.legal_actions()
    state.apply_action(state.string_to_action("die=4"))
    assert state.current_player() == 0 and state.chance_outcomes() == []


def test_weights_are_how_often_a_value_is_listed():
    text = (
        "game Coin\nboard square(1)\nplayers a, b\npieces p\nvariables side\n"
        "turn: roll side from 1, 1, 2\n"
        "end if side = 2: mover wins\n"
    )
    state = gdl.load_game(text).new_initial_state()
    probs = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert probs == pytest.approx({"side=1": 2 / 3, "side=2": 1 / 3})


def test_pig_is_registered_in_openspiel_with_explicit_chance():
    gdl.openspiel.register()
    game = pyspiel.load_game("gdl", {"game": "pig"})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 6
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def _openspiel_name(text: str) -> str:
    """gdl's notation of Pig's actions as OpenSpiel's pig writes them."""
    var, _, value = text.partition("=")
    return {"decision": value, "die": f"Roll {value}"}[var]


@pytest.mark.parametrize("seed", range(8))
def test_pig_plays_as_openspiels_pig(seed):
    ours = gdl.load_game("pig", target=20).new_initial_state()
    theirs = pyspiel.load_game("pig", {"winscore": 20}).new_initial_state()
    rng = random.Random(seed)
    states = 0
    while True:
        states += 1
        assert ours.current_player() == theirs.current_player()
        assert ours.is_terminal() == theirs.is_terminal()
        if theirs.is_terminal():
            assert ours.returns() == theirs.returns()
            break
        mine = {_openspiel_name(ours.action_to_string(a)): a for a in ours.legal_actions()}
        listed = {theirs.action_to_string(theirs.current_player(), a): a for a in theirs.legal_actions()}
        assert mine.keys() == listed.keys()
        if theirs.is_chance_node():
            their_probs = {
                theirs.action_to_string(-1, a): p for a, p in theirs.chance_outcomes()
            }
            my_probs = {
                _openspiel_name(ours.action_to_string(a)): p for a, p in ours.chance_outcomes()
            }
            assert my_probs == pytest.approx(their_probs)
        name = rng.choice(sorted(listed))
        theirs.apply_action(listed[name])
        ours.apply_action(mine[name])
    assert states > 10


def test_environments_never_stop_at_a_chance_node():
    first = gdl.load_game("pig").new_initial_state()
    decisions = {first.string_to_action("decision=roll"), first.string_to_action("decision=stop")}
    env = gdl.VectorEnv("pig", 16, seed=3, target=10)
    _, masks = env.reset()
    dones = None
    for _ in range(200):
        # In Pig a player may roll or stop (only stop, with a winning pot):
        # a die in a mask would be a chance node shown to the agents.
        for row in masks:
            legal = set(np.flatnonzero(row))
            assert legal and legal <= decisions
        _, masks, rewards, dones = env.step(env.random_actions())
        assert (np.abs(rewards[dones]).sum(axis=1) == 2).all(), "someone won each game ended"
    assert dones is not None


def test_a_step_by_chance_is_a_chance_node_with_equal_outcomes():
    text = (
        "game Shuffle\nboard square(3, 1)\nplayers a, b\n"
        "neutral pieces one, two, three\n"
        "turn 1: by chance: place one at empty, by chance: place two at empty,\n"
        "        by chance: place three at empty\n"
        "turn: pass\n"
    )
    game = gdl.load_game(text)
    assert game.max_chance_outcomes() >= 3
    state = game.new_initial_state()
    for left in (3, 2, 1):
        assert state.is_chance_node() and state.current_player() == -1
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(left)) == state.legal_actions()
        assert all(p == pytest.approx(1 / left) for _, p in outcomes)
        state.apply_action(outcomes[-1][0])
    assert not state.is_chance_node() and state.current_player() == 1  # turn 2: b
    assert state.legal_actions() == [state.string_to_action("pass")]
