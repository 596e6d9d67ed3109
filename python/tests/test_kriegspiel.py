"""Kriegspiel against OpenSpiel's `kriegspiel`: seeded random games played in
both at once. At every state the two must agree on the moves a player may
name, on who names one, on whether the game is over and on the returns;
after each move named, on whether the umpire refused it and on the capture
it announced (a pawn or a piece, and its square); and on what each player
sees of the board (its own pieces only).

Two differences are known, and only they are allowed:
- OpenSpiel names a pawn's move to the last row four times, once per
  piece it may become, and refuses each in turn; gdl names the move once
  and asks for the piece after a move the umpire allowed. So when the
  harness picks a promotion that OpenSpiel refuses, it names the other
  three in OpenSpiel too (each must be refused as well).
- OpenSpiel's umpire also says how many pawn captures the player to move
  has ("2 pawn tries"); gdl's does not: that part of the message is not
  compared.
- A move that ends the game (a capture that leaves too little material)
  ends it before gdl's umpire speaks: the words are compared only while
  the game goes on.
"""

import random
import re

import pytest

import gdl

from needs import package

pyspiel = package("pyspiel", "open-spiel")

from test_dark_chess import FILES, squares  # noqa: E402

PIECES = {"q": "queen", "r": "rook", "b": "bishop", "n": "knight"}


def os_moves(o):
    """OpenSpiel's legal actions by move (`e2-e4`), each with its actions
    per promotion letter (`""` for none)."""
    moves = {}
    for a in o.legal_actions():
        lan = o.action_to_string(o.current_player(), a)
        moves.setdefault(f"{lan[:2]}-{lan[2:4]}", {})[lan[4:]] = a
    return moves


def gdl_moves(g):
    return {g.action_to_string(a): a for a in g.legal_actions()}


def variables(g, seat):
    """The umpire's words as gdl's player `seat` sees them: the variables
    below its board."""
    text = g.observation_string(seat)
    return {k: int(v) for k, v in re.findall(r"^(illegal|taken[-a-z]*) = (\d+)$", text, re.M)}


def said(o):
    """The last message of OpenSpiel's umpire as gdl's variables: refused,
    and the capture (1 a pawn, 2 a piece) with its column and row."""
    message = o.observation_string(0).split("\n")[1]
    if message == "Illegal move.":
        return {"illegal": 1, "taken": 0, "taken-column": 0, "taken-row": 0}
    m = re.match(r"(Pawn|Piece) at ([a-h])([1-8]) captured", message)
    if m is None:
        return {"illegal": 0, "taken": 0, "taken-column": 0, "taken-row": 0}
    return {"illegal": 0, "taken": 1 if m[1] == "Pawn" else 2,
            "taken-column": FILES.index(m[2]) + 1, "taken-row": int(m[3])}


def os_board(o, player):
    """OpenSpiel's player's view, square by square: a FEN letter, or `?`
    where it has no piece (dark chess's FEN reader, its `.` for `?`)."""
    seen = squares(o.observation_string(player).split(" ")[0])
    return {cell: "?" if ch == "." else ch for cell, ch in seen.items()}


def gdl_board(g, seat):
    seen = {}
    for line in g.observation_string(seat).split("\n"):
        parts = line.split()
        if len(parts) == 10 and parts[0].isdigit():
            for f, ch in zip(FILES, parts[1:9]):
                seen[f"{f}{parts[0]}"] = "?" if ch == "." else ch
    return seen


COMPARED = {"states": 0, "refused": 0, "captures": 0, "promotions": 0}


def play(seed):
    o = pyspiel.load_game("kriegspiel").new_initial_state()
    g = gdl.load_game("kriegspiel").new_initial_state()
    rng = random.Random(f"kriegspiel-{seed}")
    played = []

    def where():
        return f"seed {seed}, after {len(played)} moves named {played[-12:]}"

    while True:
        assert o.is_terminal() == g.is_terminal(), f"{where()}: over"
        # OpenSpiel's player 0 is Black, 1 White; gdl's seat 0 is White.
        for player, seat in ((0, 1), (1, 0)):
            assert os_board(o, player) == gdl_board(g, seat), f"{where()}: player {player}'s view"
        if o.is_terminal():
            assert list(o.returns()) == pytest.approx([g.returns()[1], g.returns()[0]]), where()
            return len(played)
        assert 1 - o.current_player() == g.current_player(), f"{where()}: player to move"
        om, gm = os_moves(o), gdl_moves(g)
        assert set(om) == set(gm), (f"{where()}: only in OpenSpiel {sorted(set(om) - set(gm))}, "
                                    f"only in gdl {sorted(set(gm) - set(om))}")
        COMPARED["states"] += 1
        move = rng.choice(sorted(om))
        letter = rng.choice(sorted(om[move]))
        played.append(move + letter)
        o.apply_action(om[move][letter])
        g.apply_action(gm[move])
        if letter and variables(g, 0)["illegal"] == 0:
            # Allowed: gdl asks for the piece now.
            choice = f"promotion={PIECES[letter]}"
            g.apply_action(gdl_moves(g)[choice])
            COMPARED["promotions"] += 1
        elif letter:
            for other in sorted(set(om[move]) - {letter}):
                assert said(o)["illegal"] == 1, where()
                o.apply_action(om[move][other])
        for seat in (0, 1):
            if not g.is_terminal():
                assert variables(g, seat) == said(o), f"{where()}: the umpire's words to seat {seat}"
        COMPARED["refused"] += said(o)["illegal"]
        COMPARED["captures"] += said(o)["taken"] > 0


@pytest.mark.parametrize("seed", range(12))
def test_plays_as_openspiel(seed):
    assert play(seed) > 20


def test_the_comparison_met_refusals_captures_and_promotions():
    for seed in range(12, 20):
        play(seed)
    assert COMPARED["states"] > 1000
    assert COMPARED["refused"] > 100 and COMPARED["captures"] > 10
    assert COMPARED["promotions"] > 0
