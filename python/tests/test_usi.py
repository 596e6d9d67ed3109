"""`gdl usi` driven by a real client: cshogi's USI engine driver, the one
its match runner uses. Every `bestmove` must be legal in cshogi's board;
drops, promotions, SFEN positions, byoyomi clocks and resigning are
covered."""

import os
import stat

import pytest

from needs import REPO, gdl_binary, package

cshogi = package("cshogi", "cshogi")
from cshogi.usi import Engine  # noqa: E402  (after the check that cshogi is installed)


@pytest.fixture
def engine(tmp_path):
    # cshogi starts an engine by its path alone: a script gives the
    # arguments.
    script = tmp_path / "gdl-shogi"
    game = REPO / "games" / "shogi.gdl"
    script.write_text(f'#!/bin/sh\nexec "{gdl_binary()}" usi "{game}" --seed 5\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    eng = Engine(str(script))
    yield eng
    proc = eng.proc
    eng.quit()
    assert proc.wait(timeout=30) == 0


def test_handshake(engine):
    assert engine.name == "gdl Shogi"
    lines = engine.usi()
    assert "id author the gdl authors" in lines
    engine.isready()
    engine.usinewgame()


def test_a_game_against_itself_is_legal_in_cshogi(engine):
    board = cshogi.Board()
    moves = []
    engine.isready()
    for _ in range(30):
        if board.is_game_over():
            break
        engine.position(moves)
        best, _ = engine.go(nodes=8)
        assert best in [cshogi.move_to_usi(m) for m in board.legal_moves], (best, board.sfen())
        board.push_usi(best)
        moves.append(best)
    assert len(moves) == 30 or board.is_game_over()


def test_a_drop_that_mates_is_found_from_an_sfen_position(engine):
    # Black has a gold in hand: G*5b is mate (the pawn on 5c guards it).
    sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
    # cshogi sends `position` and the text as given.
    engine.position(sfen=f"sfen {sfen}")
    best, _ = engine.go(nodes=400)
    board = cshogi.Board(sfen)
    board.push_usi(best)
    assert best == "G*5b" and board.is_game_over(), best


def test_clocks_and_byoyomi_give_a_legal_move(engine):
    board = cshogi.Board()
    for usi in ["7g7f", "3c3d", "8h2b+"]:
        board.push_usi(usi)
    engine.position(["7g7f", "3c3d", "8h2b+"])
    best, _ = engine.go(btime=0, wtime=0, byoyomi=200)
    assert best in [cshogi.move_to_usi(m) for m in board.legal_moves]
    best, _ = engine.go(btime=5000, wtime=5000, binc=100, winc=100)
    assert best in [cshogi.move_to_usi(m) for m in board.legal_moves]


def test_a_mated_side_resigns(engine):
    # White to move is mated: the gold on 5b, guarded by the pawn on 5c.
    sfen = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2"
    assert cshogi.Board(sfen).is_game_over()
    engine.position(sfen=f"sfen {sfen}")
    best, _ = engine.go(nodes=10)
    assert best == "resign"
    engine.gameover("win")
