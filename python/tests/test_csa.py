"""CSA records of shogi against cshogi, whose CSA exporter and parser are
those of its match runner: random games it plays and writes (drops and
promotions among their moves) replay in gdl to the same position and the
resignation it records, and the CSA gdl writes back parses in cshogi as
the same moves, players and ending."""

import random
import subprocess

import pytest

from needs import REPO, gdl_binary, package
from needs import gdl_output as gdl

cshogi = package("cshogi", "cshogi")
import cshogi.CSA  # noqa: E402  (after the check that cshogi is installed)

GAME = REPO / "games" / "shogi.gdl"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_cshogi_s_games_replay_and_come_back(tmp_path, seed):
    rng = random.Random(seed)
    board = cshogi.Board()
    path = tmp_path / "game.csa"
    exporter = cshogi.CSA.Exporter(str(path))
    exporter.info(init_board=board, names=["Sente", "Gote"], var_info={"EVENT": "random"})
    usi = []
    for _ in range(150):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        move = rng.choice(moves)
        exporter.move(move)
        usi.append(cshogi.move_to_usi(move))
        board.push(move)
    exporter.endgame("%TORYO")
    exporter.close()
    assert any("*" in m for m in usi) and any(m.endswith("+") for m in usi)
    shown = gdl("replay", path, "--game", GAME)
    to_move = "black" if board.turn == cshogi.BLACK else "white"
    assert shown.endswith(f"result: {to_move} resigned\n"), shown
    # Each move read as the move cshogi made: written back, the same.
    back = gdl("replay", path, "--game", GAME, "--csa")
    parsed = cshogi.CSA.Parser.parse_str(back)[0]
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == usi
    assert parsed.names == ["Sente", "Gote"]
    assert parsed.endgame == "%TORYO"
    assert parsed.var_info == {"EVENT": "random"}


def test_a_position_and_its_hands_are_read_from_p_lines(tmp_path):
    # Black's king and gold in hand against White's lone king: G*5b mates.
    board = cshogi.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    path = tmp_path / "mate.csa"
    exporter = cshogi.CSA.Exporter(str(path))
    exporter.info(init_board=board, names=["A", "B"])
    move = board.move_from_usi("G*5b")
    exporter.move(move)
    exporter.endgame("%TSUMI")
    exporter.close()
    assert "P+00KI" in path.read_text()
    shown = gdl("replay", path, "--game", GAME)
    assert "black wins" in shown, shown
    back = gdl("replay", path, "--game", GAME, "--csa")
    parsed = cshogi.CSA.Parser.parse_str(back)[0]
    assert parsed.sfen.split()[:3] == "4k4/9/4P4/9/9/9/9/9/4K4 b G".split()
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == ["G*5b"]


def test_a_move_that_is_not_legal_is_refused_at_its_line(tmp_path):
    path = tmp_path / "bad.csa"
    path.write_text("V2.2\nPI\n+\n+7776FU\n-3334FU\n+7775FU\n")
    run = subprocess.run([gdl_binary(), "replay", str(path), "--game", str(GAME)], capture_output=True, text=True)
    assert run.returncode != 0
    assert "bad.csa:6:1: `+7775FU` (7g7e) is no legal move here" in run.stderr, run.stderr
