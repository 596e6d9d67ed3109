"""Dice games against OpenSpiel's own, state by state: Einstein würfelt nicht
(`einstein_wurfelt_nicht`) and Mensch ärgere dich nicht (`maedn`), each
played in gdl and in pyspiel with the same chance outcomes (the shuffled
starts, the die), and the same legal moves, player to move, end and
returns (the winner, for maedn) at every state."""

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


def roll_both(ours, theirs, rng):
    """At a die roll (OpenSpiel's outcome k is face k + 1, gdl's `die=k+1`):
    the same faces with the same probabilities; one drawn and played in
    both. Returns the face."""
    their_probs = {f"die={a + 1}": p for a, p in theirs.chance_outcomes()}
    my_probs = {ours.action_to_string(a): p for a, p in ours.chance_outcomes()}
    assert my_probs == pytest.approx(their_probs)
    roll = rng.randrange(6)
    theirs.apply_action(roll)
    ours.apply_action(ours.string_to_action(f"die={roll + 1}"))
    return roll + 1


def play_same_move(ours, theirs, listed, rng):
    """gdl's legal moves are those OpenSpiel lists (`listed`: gdl's notation
    to OpenSpiel's action); one drawn and played in both."""
    mine = {ours.action_to_string(a): a for a in ours.legal_actions()}
    assert mine.keys() == listed.keys()
    name = rng.choice(sorted(listed))
    theirs.apply_action(listed[name])
    ours.apply_action(mine[name])


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
            roll_both(ours, theirs, rng)
            continue
        listed = {openspiel_move(a): a for a in theirs.legal_actions()}
        play_same_move(ours, theirs, listed, rng)
        moves += 1
    assert ours.is_terminal()
    assert ours.returns() == theirs.returns()
    assert moves >= 3


# Mensch ärgere dich nicht: OpenSpiel's fields 0-39 round the board and
# each position's four goal fields, as gdl's cells; the positions of the
# seats (two players sit opposite: positions 0 and 2).
MAEDN_COMMON = (
    "a7 b7 c7 d7 e7 e8 e9 e10 e11 f11 g11 g10 g9 g8 g7 h7 i7 j7 k7 k6 "
    "k5 j5 i5 h5 g5 g4 g3 g2 g1 f1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a6"
).split()
MAEDN_GOALS = "b6 c6 d6 e6 f10 f9 f8 f7 j6 i6 h6 g6 f2 f3 f4 f5".split()
MAEDN_POSITIONS = {2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3]}


def maedn_track(position):
    """A position's fields in OpenSpiel's relative order: 40 round from its
    start field, then its 4 goal fields."""
    k = 10 * position
    return MAEDN_COMMON[k:] + MAEDN_COMMON[:k] + MAEDN_GOALS[4 * position : 4 * position + 4]


def maedn_move(action, position, die):
    """OpenSpiel's maedn action as gdl writes it: `pass`, the start field
    (bringing a piece in), or `FROM-TO` along the position's track."""
    track = maedn_track(position)
    if action == 0:
        return "pass"
    if action == 1:
        return track[0]
    field = action - 2
    return f"{track[field]}-{track[field + die]}"


def play_maedn(game, players, seed):
    """One random game in gdl and in OpenSpiel's `maedn`, checked at every
    state; returns the number of moves."""
    ours = game.new_initial_state()
    theirs = pyspiel.load_game("maedn", {"players": players}).new_initial_state()
    rng = random.Random(seed)
    positions = MAEDN_POSITIONS[players]
    die = 0
    moves = 0
    while not theirs.is_terminal():
        assert ours.current_player() == theirs.current_player()
        assert not ours.is_terminal()
        if theirs.is_chance_node():
            die = roll_both(ours, theirs, rng)
            continue
        position = positions[theirs.current_player()]
        listed = {maedn_move(a, position, die): a for a in theirs.legal_actions()}
        play_same_move(ours, theirs, listed, rng)
        moves += 1
    assert ours.is_terminal()
    winners = [p for p, r in enumerate(theirs.returns()) if r > 0]
    assert [p for p, r in enumerate(ours.returns()) if r > 0] == winners
    return moves


@pytest.mark.parametrize("players,seed", [(n, s) for n in (2, 3, 4) for s in range(8)])
def test_maedn_plays_as_openspiels(players, seed):
    game = gdl.load_game("mensch-aergere-dich-nicht", players=players)
    assert play_maedn(game, players, seed) > 100
