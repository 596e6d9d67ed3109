"""Dice games against OpenSpiel's own: Einstein würfelt nicht played in gdl
and in pyspiel's `einstein_wurfelt_nicht`, state by state, with the same
chance outcomes (the shuffled starts and the die), the same legal moves,
player to move, end and returns."""

import random

import pytest

import gdl

from needs import package

pyspiel = package("pyspiel", "open-spiel")

COLUMNS = "abcde"
# OpenSpiel's move directions, by its action's direction digit: (row, column)
# offsets, row 0 at the top (gdl's row 5).
DIRECTIONS = [(1, 1), (1, 0), (0, 1), (-1, 0), (-1, -1), (0, -1)]
NUMBERS = ["one", "two", "three", "four", "five", "six"]


def label(row, col):
    return f"{COLUMNS[col]}{5 - row}"


def openspiel_move(action):
    """OpenSpiel's move as gdl writes it, `FROM-TO`, from its mixed-base
    number (row, column, direction, capture)."""
    action, _capture = divmod(action, 2)
    action, direction = divmod(action, 6)
    row, col = divmod(action, 5)
    dr, dc = DIRECTIONS[direction]
    return f"{label(row, col)}-{label(row + dr, col + dc)}"


def openspiel_cubes(state):
    """Where each cube stands in OpenSpiel's state: {(colour, number): label},
    read from its text, `|b3|` or `|__|` per cell, a row a line."""
    cubes = {}
    for row, line in enumerate(state.observation_string(0).strip().split("\n")):
        cells = line.strip("|").split("||")
        for col, cell in enumerate(cells):
            if cell != "__":
                cubes[(cell[0], int(cell[1:]))] = label(row, col)
    return cubes


def follow_setup(ours, theirs, colour):
    """After OpenSpiel shuffled one side's cubes in one chance action, play
    gdl's six placements by chance that give the same start, checking that
    each was one of equally likely outcomes on the empty cells of the corner."""
    placed = openspiel_cubes(theirs)
    for number in range(1, 7):
        assert ours.is_chance_node()
        outcomes = ours.chance_outcomes()
        assert len(outcomes) == 7 - number
        assert all(p == pytest.approx(1 / (7 - number)) for _, p in outcomes)
        ours.apply_action(ours.string_to_action(placed[(colour, number)]))


def same_cubes(ours, theirs):
    """gdl's board (its cube planes) holds the cubes OpenSpiel's does."""
    game = ours.get_game()
    names = game.observation_planes()
    planes = ours.observation_tensor(0).reshape(game.observation_tensor_shape())
    mine = {}
    for cell, r, c in game.observation_cells():
        for colour, player in (("b", "black"), ("w", "white")):
            for number, kind in enumerate(NUMBERS, start=1):
                if planes[names.index(f"{kind}:{player}"), r, c]:
                    mine[(colour, number)] = cell
    assert mine == openspiel_cubes(theirs)


# Seed 192 ends by taking every enemy cube, which random games rarely do.
@pytest.mark.parametrize("seed", [*range(40), 192])
def test_einstein_plays_as_openspiels(seed):
    play_einstein(gdl.load_game("einstein-wurfelt-nicht"), seed)


def play_einstein(game, seed):
    """One random game in both, from `seed`, checked at every state."""
    ours = game.new_initial_state()
    theirs = pyspiel.load_game("einstein_wurfelt_nicht").new_initial_state()
    rng = random.Random(seed)
    for colour in ("b", "w"):
        assert theirs.is_chance_node()
        outcomes = theirs.chance_outcomes()
        assert len(outcomes) == 720
        theirs.apply_action(rng.choice(outcomes)[0])
        follow_setup(ours, theirs, colour)
    moves = 0
    while not theirs.is_terminal():
        same_cubes(ours, theirs)
        assert ours.current_player() == theirs.current_player()
        assert not ours.is_terminal()
        if theirs.is_chance_node():
            their_probs = {f"die={a + 1}": p for a, p in theirs.chance_outcomes()}
            my_probs = {ours.action_to_string(a): p for a, p in ours.chance_outcomes()}
            assert my_probs == pytest.approx(their_probs)
            roll = rng.randrange(6)
            theirs.apply_action(roll)
            ours.apply_action(ours.string_to_action(f"die={roll + 1}"))
            continue
        listed = {openspiel_move(a): a for a in theirs.legal_actions()}
        mine = {ours.action_to_string(a): a for a in ours.legal_actions()}
        assert mine.keys() == listed.keys()
        name = rng.choice(sorted(listed))
        theirs.apply_action(listed[name])
        ours.apply_action(mine[name])
        moves += 1
    assert ours.is_terminal()
    assert ours.returns() == theirs.returns()
    assert moves >= 3
