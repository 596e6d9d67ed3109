"""`gdl solve` against OpenSpiel's own value iteration: Pig's value from
the start under perfect play, chance averaged, for several targets.

OpenSpiel's `value_iteration` module imports its LP solver, which needs
cvxpy, only for simultaneous-move games; Pig has none, so a stand-in
module takes cvxpy's place and OpenSpiel's code runs unchanged."""

import json
import subprocess
import sys
import types

import pytest

from needs import REPO, gdl_binary, package

pyspiel = package("pyspiel", "open-spiel")


@pytest.fixture(scope="module")
def value_iteration():
    if "cvxpy" not in sys.modules:
        stand_in = types.ModuleType("cvxpy")
        stand_in.ECOS = None  # read when lp_solver is imported, never used
        sys.modules["cvxpy"] = stand_in
    from open_spiel.python.algorithms import value_iteration

    return value_iteration.value_iteration


def gdl_solve(*args):
    run = subprocess.run(
        [gdl_binary(), "solve", *args, "--json"], cwd=REPO, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.mark.parametrize("target", [10, 13, 17])
def test_pig_value_equals_openspiel_value_iteration(value_iteration, target):
    game = pyspiel.load_game("pig", {"winscore": target, "horizon": 100000})
    values = value_iteration(game, depth_limit=-1, threshold=1e-12, cyclic_game=True)
    expected = values[str(game.new_initial_state())]
    solved = gdl_solve("games/pig.gdl", "-o", f"target={target}")
    assert solved["settled"]
    first, second = solved["seats"]
    assert first["value"] == pytest.approx(expected, abs=1e-9)
    assert second["value"] == pytest.approx(-expected, abs=1e-9)
    # No draws in Pig: a value v is a win (1 + v) / 2 of the time.
    assert first["wins"] == pytest.approx((1 + expected) / 2, abs=1e-9)
    # Rolling is the better first decision; stopping hands over the start.
    assert [a["action"] for a in solved["first_actions"]] == ["decision=roll", "decision=stop"]
    assert solved["first_actions"][1]["value"] == pytest.approx(-expected, abs=1e-9)


def test_tictactoe_value_equals_openspiel_value_iteration(value_iteration):
    game = pyspiel.load_game("tic_tac_toe")
    values = value_iteration(game, depth_limit=-1, threshold=1e-12)
    # OpenSpiel keys states by their text; gdl by position: both 5,478.
    assert len(values) == 5478
    solved = gdl_solve("games/tictactoe.gdl")
    assert solved["positions"] == len(values)
    assert solved["seats"][0]["value"] == values[str(game.new_initial_state())] == 0
