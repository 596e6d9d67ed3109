"""PDN records against pydraughts, a draughts library with its own PDN
reader and writer: games it plays and writes are replayed by gdl to the
same end (the result checked against gdl's rules), and the PDN gdl writes
back is read by pydraughts as the same moves, to the same position."""

import random
import subprocess

import pytest

from needs import REPO, gdl_binary, package

draughts = package("draughts", "pydraughts")
from draughts.PDN import PDNReader, PDNWriter  # noqa: E402  (after the check)

GAMES = [("international-draughts", "standard"), ("draughts", "english")]


def played(variant, seed, plies):
    """A random game of pydraughts' and its result token: played to the
    end (the side to move has no move and loses) when it ends in time."""
    rng = random.Random(seed)
    board = draughts.Board(variant=variant)
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
    ending = "*"
    if not board.legal_moves():
        # The first score is the first player's: white's in international
        # draughts, black's in English draughts.
        first = "W" if variant == "standard" else "B"
        ending = "0-2" if board.fen[0] == first else "2-0"
    return board, ending


@pytest.mark.parametrize("name, variant", GAMES)
@pytest.mark.parametrize("seed, plies", [(1, 40), (2, 400)])
def test_a_pydraughts_game_replays_and_comes_back(tmp_path, name, variant, seed, plies):
    board, ending = played(variant, seed, plies)
    theirs = tmp_path / "theirs.pdn"
    PDNWriter(filename=str(theirs), board=board, game_ending=ending, file_mode="w")
    game = str(REPO / "games" / f"{name}.gdl")
    run = subprocess.run(
        [gdl_binary(), "replay", str(theirs), "--game", game],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    if ending != "*":
        assert "wins" in run.stdout, run.stdout
    run = subprocess.run(
        [gdl_binary(), "replay", str(theirs), "--game", game, "--pdn"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    ours = run.stdout
    assert f'[Result "{ending}"]' in ours
    back = PDNReader(pdn_text=ours).games[0]
    want = [m.pdn_move for m in board.move_stack]
    assert back.moves == want
    # Replayed by pydraughts from the FEN gdl wrote: the same position.
    again = draughts.Board(variant=variant, fen=back.tags.get("FEN", "startpos"))
    for move in back.moves:
        again.push(draughts.Move(again, pdn_move=move))
    assert again.fen == board.fen


def test_a_wrong_result_and_a_bad_square_are_refused(tmp_path):
    game = str(REPO / "games" / "international-draughts.gdl")
    bad = tmp_path / "bad.pdn"
    bad.write_text('[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 3. 33-28 99-94 *\n')
    run = subprocess.run([gdl_binary(), "replay", str(bad), "--game", game], capture_output=True, text=True)
    assert run.returncode != 0
    assert "bad.pdn:3:" in run.stderr and "`99-94`" in run.stderr, run.stderr
    bad.write_text('[FEN "W:W31-50:B1-20,77"]\n\n1. 32-28 *\n')
    run = subprocess.run([gdl_binary(), "replay", str(bad), "--game", game], capture_output=True, text=True)
    assert run.returncode != 0
    assert "`77` is no square of this board (1 to 50)" in run.stderr, run.stderr
