"""Dark chess against OpenSpiel's `dark_chess`: seeded random games played
in both at once (the harness of test_openspiel_diff.py), and at every state,
besides the legal moves, the player to move, the end and the returns, what
each player sees: OpenSpiel's `observation_string` (a FEN with `?` on the
squares the player does not see) against gdl's observation tensor, square by
square.

One difference is known, and only it is allowed: OpenSpiel works out what a
player sees from the moves it would have, as if it were to move, and counts
a pawn's capture onto the en passant square whoever made the double step.
So after a pawn's double step, when an enemy pawn could take it en passant
(OpenSpiel's en passant square is set only then), its own side "sees" the
square the pawn crossed and the square it came from if one of its pawns
stands diagonally behind the crossed square: a capture it can never make.
gdl's dark chess offers en passant only with the enemy pawn behind the crossed
square, so gdl's player does not see those two squares by it. There, and
only there, OpenSpiel's player may see more.
"""

import pytest

import gdl

from needs import package

pyspiel = package("pyspiel", "open-spiel")

from test_openspiel_diff import Spec, chess_gdl_units, chess_os_units, play  # noqa: E402

LETTERS = {"king": "k", "queen": "q", "rook": "r", "bishop": "b", "knight": "n", "pawn": "p"}
FILES = "abcdefgh"


def openspiel_view(state, player):
    """OpenSpiel's view for `player`: per square label, a FEN letter, `.`
    for an empty square, `?` for one the player does not see."""
    return squares(state.observation_string(player))


def squares(fen):
    """A FEN's board (`?` for a square not seen) per square label."""
    board = fen.split(" ")[0]
    seen = {}
    for i, rank in enumerate(board.split("/")):
        col = 0
        for ch in rank:
            if ch.isdigit():
                for _ in range(int(ch)):
                    seen[f"{FILES[col]}{8 - i}"] = "."
                    col += 1
            else:
                seen[f"{FILES[col]}{8 - i}"] = ch
                col += 1
    assert len(seen) == 64, board
    return seen


def gdl_view(state, seat):
    """gdl's view for `seat`, in the same terms, from its observation
    tensor: a plane per kind and owner, and `unseen`."""
    game = state.get_game()
    names = game.observation_planes()
    planes = state.observation_tensor(seat).reshape(game.observation_tensor_shape())
    unseen = names.index("unseen")
    seen = {}
    for cell, r, c in game.observation_cells():
        if planes[unseen, r, c]:
            seen[cell] = "?"
            continue
        seen[cell] = "."
        for kind, letter in LETTERS.items():
            for owner, case in (("white", str.upper), ("black", str.lower)):
                if planes[names.index(f"{kind}:{owner}"), r, c]:
                    seen[cell] = case(letter)
    return seen


def en_passant_quirk(o):
    """The two squares the known difference is about in OpenSpiel's state
    `o` (the en passant square and the square behind it from the side that
    made the double step), or none."""
    fen = str(o)
    ep = fen.split(" ")[3]
    if ep == "-":
        return set()
    col, row = ep[0], int(ep[1])
    mover_row = row + (1 if row == 6 else -1)  # the double step's origin
    return {ep, f"{col}{mover_row}"}


COMPARED = {"views": 0, "quirks": 0}


def same_views(o, g, where):
    # OpenSpiel's player 0 is Black, gdl's seat 1.
    for player, seat in ((0, 1), (1, 0)):
        ov, gv = openspiel_view(o, player), gdl_view(g, seat)
        differ = {cell for cell in ov if ov[cell] != gv[cell]}
        COMPARED["views"] += 1
        if differ:
            quirk = en_passant_quirk(o)
            # Only the side that just made the double step (not the one to
            # move) may differ, only on those squares, only as seen/unseen.
            assert player != o.current_player() and differ <= quirk, (
                f"{where()}: player {player} sees differently on {sorted(differ)}: "
                f"OpenSpiel {[ov[c] for c in sorted(differ)]}, "
                f"gdl {[gv[c] for c in sorted(differ)]}")
            assert all(ov[c] != "?" and gv[c] == "?" for c in differ), where()
            COMPARED["quirks"] += 1


def dark_chess_os_units(state):
    """As `chess_os_units`: pyspiel's dark chess state has no `board()`, so
    its actions are read on a chess board made from its FEN (the same
    action numbers)."""
    board = CHESS.new_initial_state(str(state)).board()
    return chess_os_units(state, board)


CHESS = pyspiel.load_game("chess")


SPEC = Spec("dark_chess", "dark-chess", dark_chess_os_units, chess_gdl_units, seats=(1, 0),
            check=same_views)


@pytest.mark.parametrize("seed", range(6))
def test_plays_and_sees_as_openspiel(seed):
    compared, how = play(SPEC, seed, 2000)
    assert how == "end" and compared > 10


def test_a_player_sees_its_pieces_and_where_they_could_go():
    # After 1. e4 Black sees its two back rows and the empty squares its
    # pawns and knights could reach (rows 6 and 5), nothing of White's.
    g = gdl.load_game("dark-chess").new_initial_state()
    g.apply_action(next(a for a in g.legal_actions() if g.action_to_string(a) == "e2-e4"))
    black = gdl_view(g, 1)
    assert [black[f"{f}8"] for f in FILES] == list("rnbqkbnr")
    assert all(black[f"{f}{r}"] == "." for f in FILES for r in (5, 6))
    assert all(black[f"{f}{r}"] == "?" for f in FILES for r in (1, 2, 3, 4))
    # White sees the e4 pawn and, as if to move, where its pieces could go:
    # the queen's diagonal up to h5, the bishop's up to a6.
    white = gdl_view(g, 0)
    assert white["e4"] == "P" and white["h5"] == "." and white["a6"] == "."
    assert white["e5"] == "." and white["e6"] == "?"

