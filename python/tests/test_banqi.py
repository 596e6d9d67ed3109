"""Banqi against OpenSpiel's own (`banqi`), state by state: random games
played in gdl and in pyspiel with the same pieces dealt at each turn-up,
comparing at every state the pieces on the board, the pieces left face
down with their probabilities, the legal actions, the seat to move, the
end and the returns."""

import random

import pytest

import gdl

from needs import package

pyspiel = package("pyspiel", "open-spiel")

KINDS = ["general", "advisor", "elephant", "chariot", "horse", "cannon", "soldier"]
COLOURS = ["red", "black"]
FLIPS = 32


def label(square):
    """OpenSpiel's square (row * 8 + column, row 0 first) as gdl's cell:
    row 0 is gdl's row 1."""
    row, col = divmod(square, 8)
    return f"{'abcdefgh'[col]}{row + 1}"


def openspiel_action(action):
    """OpenSpiel's action as gdl writes it: a turn-up is its cell, a move
    `FROM-TO`."""
    if action < FLIPS:
        return label(action)
    source, dest = divmod(action - FLIPS, 32)
    return f"{label(source)}-{label(dest)}"


def openspiel_piece(piece):
    """OpenSpiel's piece number (colour * 7 + type) as gdl's dealt piece."""
    colour, kind = divmod(piece, 7)
    return f"{COLOURS[colour]}-{KINDS[kind]}"


def openspiel_board(state):
    """{cell: letter} from OpenSpiel's text: a row a line, `.` empty, `?`
    face down, its letters (red in capitals) otherwise."""
    rows = state.to_string().split("\n")[:4]
    return {
        label(8 * r + c): cell
        for r, line in enumerate(rows)
        for c, cell in enumerate(line.split())
        if cell != "."
    }


LETTERS = dict(zip(KINDS, "gaerhcs"))


def gdl_board(state):
    """{cell: letter} from gdl's planes, in OpenSpiel's letters."""
    game = state.get_game()
    names = game.observation_planes()
    planes = state.observation_tensor(0).reshape(game.observation_tensor_shape())
    board = {}
    for cell, r, c in game.observation_cells():
        if planes[names.index("face-down:neutral"), r, c]:
            board[cell] = "?"
        for kind, letter in LETTERS.items():
            if planes[names.index(f"{kind}:red"), r, c]:
                board[cell] = letter.upper()
            if planes[names.index(f"{kind}:black"), r, c]:
                board[cell] = letter
    return board


def deal_both(ours, theirs, rng):
    """At a turn-up: the same pieces with the same probabilities; one drawn
    and dealt in both."""
    their_probs = {openspiel_piece(a): p for a, p in theirs.chance_outcomes()}
    my_probs = {ours.action_to_string(a): p for a, p in ours.chance_outcomes()}
    assert my_probs == pytest.approx(their_probs)
    # OpenSpiel's algorithms size their tables by this bound.
    assert all(a < ours.get_game().max_chance_outcomes() for a, _ in ours.chance_outcomes())
    outcomes, probs = zip(*theirs.chance_outcomes())
    piece = rng.choices(outcomes, probs)[0]
    theirs.apply_action(piece)
    ours.apply_action(ours.string_to_action(openspiel_piece(piece)))


def pick(listed, board, rng):
    """A random action, captures and moves preferred to turn-ups, so that
    games reach their ends (a player left without a move) as well as draws."""
    moves = sorted(n for n in listed if "-" in n)
    captures = [n for n in moves if n.split("-")[1] in board]
    for choices, p in ((captures, 0.9), (moves, 0.8)):
        if choices and rng.random() < p:
            return rng.choice(choices)
    return rng.choice(sorted(listed))


def play_banqi(seed, max_no_progress=50):
    """One random game in both, from `seed`, checked at every state;
    returns the number of moves that were not turn-ups, and the returns."""
    ours = gdl.load_game("banqi", **{"max-no-progress": max_no_progress}).new_initial_state()
    theirs = pyspiel.load_game("banqi", {"max_no_progress": max_no_progress}).new_initial_state()
    rng = random.Random(seed)
    moves = 0
    while not theirs.is_terminal():
        assert ours.current_player() == theirs.current_player()
        assert not ours.is_terminal()
        # OpenSpiel leaves a piece being turned up face down until it is
        # dealt; gdl takes it off first.
        if theirs.is_chance_node():
            deal_both(ours, theirs, rng)
            continue
        assert gdl_board(ours) == openspiel_board(theirs)
        listed = {openspiel_action(a): a for a in theirs.legal_actions()}
        mine = {ours.action_to_string(a): a for a in ours.legal_actions()}
        assert mine.keys() == listed.keys()
        name = pick(listed, openspiel_board(theirs), rng)
        moves += "-" in name
        theirs.apply_action(listed[name])
        ours.apply_action(mine[name])
    assert ours.is_terminal()
    assert gdl_board(ours) == openspiel_board(theirs)
    assert ours.returns() == theirs.returns()
    return moves, list(ours.returns())


@pytest.mark.parametrize("seed", range(24))
def test_banqi_plays_as_openspiels(seed):
    moves, _ = play_banqi(seed)
    assert moves > 10


def test_banqi_deals_at_most_fourteen_pieces():
    assert gdl.load_game("banqi").max_chance_outcomes() == 14


def test_banqi_draws_as_openspiels():
    """A no-progress limit of 4 moves: some games end drawn, at the same
    state in both."""
    returns = [play_banqi(seed, max_no_progress=4)[1] for seed in range(6)]
    assert [0.0, 0.0] in returns
