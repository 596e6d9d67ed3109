"""`gdl uci` driven by a real client: python-chess's engine module, which
checks the handshake, that every `bestmove` is legal in its own board, and
runs `go` with node, time and clock limits and `go infinite` with `stop`."""

import time

import pytest

from needs import REPO, gdl_binary, package

chess = package("chess", "chess")
import chess.engine  # noqa: E402  (after the check that chess is installed)


@pytest.fixture
def engine():
    command = [gdl_binary(), "uci", str(REPO / "games" / "chess.gdl"), "--seed", "5"]
    eng = chess.engine.SimpleEngine.popen_uci(command, timeout=60)
    yield eng
    eng.quit()


def test_handshake(engine):
    assert engine.id["name"] == "gdl Chess"
    assert engine.id["author"] == "the gdl authors"
    engine.ping()  # isready / readyok


def test_a_game_against_itself_is_legal_in_python_chess(engine):
    board = chess.Board()
    while not board.is_game_over() and board.ply() < 24:
        # python-chess raises if the engine answers a move its board
        # does not allow.
        result = engine.play(board, chess.engine.Limit(nodes=8))
        assert result.move in board.legal_moves
        board.push(result.move)
    assert board.ply() == 24 or board.is_game_over()


def test_promotion_and_castling_are_read_and_written(engine):
    # Only the pawn can move, and it promotes.
    board = chess.Board("8/4P3/8/8/8/1q6/2k5/K7 w - - 0 1")
    move = engine.play(board, chess.engine.Limit(nodes=20)).move
    assert move.from_square == chess.E7 and move.promotion is not None
    # After castling in the moves sent, White's position is python-chess's.
    board = chess.Board()
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]:
        board.push_uci(uci)
    move = engine.play(board, chess.engine.Limit(nodes=8)).move
    assert move in board.legal_moves


def test_mate_in_one(engine):
    board = chess.Board()
    for uci in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"]:
        board.push_uci(uci)
    move = engine.play(board, chess.engine.Limit(nodes=400)).move
    board.push(move)
    assert board.is_checkmate(), move


def test_clock_and_movetime_limits(engine):
    board = chess.Board()
    begin = time.monotonic()
    engine.play(board, chess.engine.Limit(white_clock=3, black_clock=3))
    engine.play(board, chess.engine.Limit(time=0.2))
    # A share of three seconds, then 0.2 s (and the engine's start).
    assert time.monotonic() - begin < 10


def test_infinite_analysis_stops(engine):
    board = chess.Board()
    begin = time.monotonic()
    with engine.analysis(board):
        time.sleep(0.3)
    # Leaving the block sent `stop` and waited for `bestmove`: the search
    # (of up to an hour) stopped at once, and the engine answers again.
    assert time.monotonic() - begin < 10
    engine.ping()
    assert engine.play(board, chess.engine.Limit(nodes=5)).move in board.legal_moves


def test_the_end_of_a_game():
    board = chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert board.is_stalemate()
    command = [gdl_binary(), "uci", str(REPO / "games" / "chess.gdl")]
    with chess.engine.SimpleEngine.popen_uci(command, timeout=60) as eng:
        result = eng.play(board, chess.engine.Limit(nodes=5))
    assert result.move is None


def test_san_and_long_algebraic_read_as_python_chess_writes_them():
    """Random games in python-chess, their moves given to `gdl show` in
    SAN and in UCI's long algebraic notation: gdl reaches the same board,
    player to move and castling rights (checks, captures, promotions,
    castling, en passant and disambiguations all come up)."""
    import random
    import subprocess

    rng = random.Random(11)
    seen = set()
    for _ in range(12):
        board = chess.Board()
        san, long = [], []
        while not board.is_game_over() and board.ply() < 160:
            move = rng.choice(list(board.legal_moves))
            text = board.san(move)
            seen.update(c for c in "x+#=O" if c in text)
            if board.is_en_passant(move):
                seen.add("ep")
            san.append(text)
            long.append(move.uci())
            board.push(move)
        for moves in (san, long):
            run = subprocess.run(
                [gdl_binary(), "show", str(REPO / "games" / "chess.gdl"), "--moves", " ".join(moves)],
                capture_output=True, text=True,
            )
            assert run.returncode == 0, run.stderr
            fen = [line for line in run.stdout.splitlines() if line.startswith("position: ")]
            ours = fen[0].removeprefix("position: ").split()
            assert ours[:3] == board.fen().split()[:3], (moves[-3:], ours, board.fen())
    assert {"x", "+", "=", "O"} <= seen, seen


def test_xiangqi_over_uci_is_legal_in_fairy_stockfish():
    """Xiangqi's GUIs speak UCI too: each `bestmove` must be one of
    Fairy-Stockfish's legal moves, in its notation (`h3e3`, ranks 1-10)."""
    import subprocess

    sf = package("pyffish", "pyffish")
    game = str(REPO / "games" / "xiangqi.gdl")
    proc = subprocess.Popen(
        [gdl_binary(), "uci", game, "--seed", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )

    def ask(line, until):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        while True:
            answer = proc.stdout.readline()
            assert answer, "the engine ended"
            if answer.startswith(until):
                return answer.split()

    ask("uci", "uciok")
    start, moves = sf.start_fen("xiangqi"), []
    for _ in range(16):
        legal = sf.legal_moves("xiangqi", start, moves)
        if not legal:
            break
        proc.stdin.write(f"position fen {start}" + (f" moves {' '.join(moves)}" if moves else "") + "\n")
        best = ask("go nodes 8", "bestmove")[1]
        assert best in legal, (best, moves)
        moves.append(best)
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    assert proc.wait(timeout=30) == 0
    assert len(moves) == 16
