"""Hidden information from Python: a game with `view` shows each player
only what it sees, in strings and tensors, and phantom tic-tac-toe and dark
hex play as OpenSpiel's `phantom_ttt` and `dark_hex` state by state: the
same legal actions, player to move, end and returns, and each player's
view of the board the same."""

import random

import numpy as np
import pytest

import gdl

from needs import package

pyspiel = package("pyspiel", "open-spiel")

import gdl.openspiel  # noqa: E402  (needs pyspiel)


def view(state, seat):
    """What `seat` sees, from gdl's observation tensor: per cell label, `x`
    or `o` for the first or second player's stone, `.` for an empty cell,
    `?` for one it does not see."""
    game = state.get_game()
    names = game.observation_planes()
    planes = state.observation_tensor(seat).reshape(game.observation_tensor_shape())
    first, second = (names.index(f"stone:{p}") for p in game.player_names)
    unseen = names.index("unseen")
    seen = {}
    for cell, r, c in game.observation_cells():
        if planes[first, r, c]:
            seen[cell] = "x"
        elif planes[second, r, c]:
            seen[cell] = "o"
        elif planes[unseen, r, c]:
            seen[cell] = "?"
        else:
            seen[cell] = "."
    return seen


def grid(seen, rows):
    """A view as rows of characters, each row's labels given."""
    return ["".join(seen[cell] for cell in row) for row in rows]


PHANTOM_ROWS = [["a3", "b3", "c3"], ["a2", "b2", "c2"], ["a1", "b1", "c1"]]


def openspiel_view(state, seat, label):
    """OpenSpiel's view of `seat` (its `observation_string`, a row of cells
    a line, dark hex with spaces between them), per cell label; its action
    numbers go row by row, as its lines do."""
    text = state.observation_string(seat)
    rows = [line.replace(" ", "") for line in text.split("\n") if line.strip()]
    chars = "".join(rows)
    return {label(i): ch for i, ch in enumerate(chars)}


def phantom_label(action):
    row, col = divmod(action, 3)
    return f"{'abc'[col]}{3 - row}"


def dark_hex_label(action):
    row, col = divmod(action, 3)
    return f"{'abc'[col]}{row + 1}"


SPECS = {
    "phantom-tictactoe": ("phantom_ttt", {}, {}, phantom_label),
    "dark-hex/classical": ("dark_hex", {"gameversion": "cdh"}, {}, dark_hex_label),
    "dark-hex/abrupt": ("dark_hex", {"gameversion": "adh"}, {"version": "abrupt"}, dark_hex_label),
}


@pytest.mark.parametrize("name", sorted(SPECS))
@pytest.mark.parametrize("seed", range(12))
def test_plays_as_openspiel(name, seed):
    os_name, os_params, options, label = SPECS[name]
    os_state = pyspiel.load_game(os_name, os_params).new_initial_state()
    state = gdl.load_game(name.split("/")[0], **options).new_initial_state()
    rng = random.Random(seed)
    plies = 0
    while not os_state.is_terminal():
        assert not state.is_terminal()
        assert state.current_player() == os_state.current_player()
        ours = {state.action_to_string(a): a for a in state.legal_actions()}
        theirs = {label(a): a for a in os_state.legal_actions()}
        assert sorted(ours) == sorted(theirs), f"ply {plies}"
        for seat in range(2):
            # OpenSpiel shows a cell it does not see as `.`, like an empty one.
            mine = {cell: ch.replace("?", ".") for cell, ch in view(state, seat).items()}
            assert mine == openspiel_view(os_state, seat, label), f"ply {plies}, seat {seat}"
        text = rng.choice(sorted(ours))
        state.apply_action(ours[text])
        os_state.apply_action(theirs[text])
        plies += 1
    assert state.is_terminal()
    assert list(state.returns()) == list(os_state.returns())


def test_a_player_sees_its_stones_and_those_it_found_and_nothing_else():
    game = gdl.load_game("phantom-tictactoe")
    assert not game.is_perfect_information()
    assert gdl.load_game("tictactoe").is_perfect_information()
    state = game.new_initial_state()
    for text in ["b2", "b2", "a3"]:  # o finds x's b2, then takes a3
        state.apply_action(state.string_to_action(text))
    assert grid(view(state, 0), PHANTOM_ROWS) == ["???", "?x?", "???"]
    assert grid(view(state, 1), PHANTOM_ROWS) == ["o??", "?x?", "???"]
    assert "turn" not in state.observation_string(0)
    assert "? ? ?" in state.observation_string(0)
    # A tensor with no mark and no last-action plane: either would tell x
    # where o tried.
    names = game.observation_planes()
    assert "last" not in names and not any(n.startswith("mark:") for n in names)


def test_the_information_state_is_what_the_player_saw_and_chose():
    game = gdl.load_game("phantom-tictactoe")
    state = game.new_initial_state()
    for text in ["b2", "b2", "a3"]:
        state.apply_action(state.string_to_action(text))
    x_info, o_info = (state.information_state_string(p) for p in range(2))
    assert x_info.splitlines()[0] == "????????? b2"
    assert o_info.splitlines()[:2] == ["????????? b2", "????X???? a3"]
    # o's failed try at b2 changes nothing x knows.
    other = game.new_initial_state()
    for text in ["b2", "a3"]:
        other.apply_action(other.string_to_action(text))
    assert other.information_state_string(0) == x_info
    assert other.information_state_string(1) != o_info


def test_registered_in_openspiel_as_a_game_of_imperfect_information():
    gdl.openspiel.register()
    game = pyspiel.load_game("gdl", {"game": "phantom-tictactoe"})
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
    state = game.new_initial_state()
    state.apply_action(4)
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.string_from(state, 0) == state.information_state_string(0)
