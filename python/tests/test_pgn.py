"""PGN with a real client, python-chess: games it makes (random moves,
with comments, annotation glyphs and variations) are read by `gdl replay
GAME.pgn --game games/chess.gdl` to the same position, and the PGN that
`gdl replay --pgn` writes back is read by python-chess to the same moves,
each written in SAN exactly as python-chess writes it (checks, mates,
disambiguation, promotions, castling, en passant)."""

import random
import subprocess

import pytest

from needs import REPO, gdl_binary, package

chess = package("chess", "chess")
import chess.pgn  # noqa: E402  (after the check that chess is installed)

CHESS = str(REPO / "games" / "chess.gdl")


def gdl(*args):
    return subprocess.run(
        [gdl_binary(), *args], capture_output=True, text=True, timeout=120
    )


def random_game(seed, fen=None, plies=300):
    """A random game in python-chess, annotated: a comment, a glyph and a
    variation now and then, all of which a reader must skip."""
    rng = random.Random(seed)
    board = chess.Board(fen) if fen else chess.Board()
    game = chess.pgn.Game()
    if fen:
        game.setup(board)
    node = game
    # gdl's chess draws at once on a threefold repetition and after 50
    # moves without a capture or a pawn move, where python-chess lets a
    # player claim the draw.
    while (
        not board.is_game_over(claim_draw=False)
        and not board.is_repetition(3)
        and board.halfmove_clock < 100
        and board.ply() < plies
    ):
        moves = list(board.legal_moves)
        # Promotions, captures and checks are what SAN gets wrong: prefer them.
        sharp = [m for m in moves if m.promotion or board.is_capture(m) or board.gives_check(m)]
        move = rng.choice(sharp if sharp and rng.random() < 0.5 else moves)
        if rng.random() < 0.1 and len(moves) > 1:
            other = rng.choice([m for m in moves if m != move])
            node.add_variation(other).comment = "a line not played (with a (nested) note)"
        node = node.add_main_variation(move)
        if rng.random() < 0.1:
            node.comment = "a comment; with a semicolon"
        if rng.random() < 0.05:
            node.nags.add(chess.pgn.NAG_DUBIOUS_MOVE)
        board.push(move)
    outcome = board.outcome(claim_draw=True)
    game.headers["Result"] = outcome.result() if outcome else "*"
    return game, board


def board_field(text):
    """The board of `gdl show`'s picture (rows `8 r . . k 8` from the top)
    as FEN writes it: the `position:` line is not printed once a game is
    over."""
    rows = []
    for line in text.splitlines():
        cells = line.split()
        if len(cells) == 10 and cells[0].isdigit() and cells[0] == cells[-1]:
            row, empty = "", 0
            for c in cells[1:-1]:
                if c == ".":
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + c
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


@pytest.mark.parametrize("seed", range(12))
def test_python_chess_games_read_and_written_back(seed, tmp_path):
    game, board = random_game(seed)
    pgn = tmp_path / "game.pgn"
    pgn.write_text(str(game) + "\n")
    shown = gdl("replay", str(pgn), "--game", CHESS)
    assert shown.returncode == 0, shown.stderr
    assert board_field(shown.stdout) == board.board_fen()
    written = gdl("replay", str(pgn), "--game", CHESS, "--pgn")
    assert written.returncode == 0, written.stderr
    back = chess.pgn.read_game(__import__("io").StringIO(written.stdout))
    assert back.errors == []
    assert list(back.mainline_moves()) == list(game.mainline_moves())
    # Each word exactly as python-chess writes it.
    replay = chess.Board()
    sans = []
    for move in game.mainline_moves():
        sans.append(replay.san(move))
        replay.push(move)
    # Comments are kept, each after the same move (variations are not).
    assert [n.comment for n in back.mainline()] == [n.comment for n in game.mainline()]
    assert back.comment == game.comment
    movetext = __import__("re").sub(r"\{[^}]*\}", " ", written.stdout.split("\n\n", 1)[1]).split()
    words = [w for w in movetext if not w[0].isdigit() and w != "*"]
    assert words == sans
    assert back.headers["Result"] == game.headers["Result"]


def test_a_game_from_a_fen_with_black_to_move(tmp_path):
    fen = "r3k2r/pPpp1ppp/8/4P3/8/8/P1PP1PpP/R3K2R b KQkq - 0 12"
    game, board = random_game(3, fen, plies=40)
    pgn = tmp_path / "fen.pgn"
    pgn.write_text(str(game) + "\n")
    written = gdl("replay", str(pgn), "--game", CHESS, "--pgn")
    assert written.returncode == 0, written.stderr
    assert f'[FEN "{fen}"]' in written.stdout
    assert "12..." in written.stdout
    back = chess.pgn.read_game(__import__("io").StringIO(written.stdout))
    assert back.errors == []
    assert list(back.mainline_moves()) == list(game.mainline_moves())


def test_gdls_own_records_are_written_as_pgn_python_chess_reads(tmp_path):
    """A record of `gdl match` (random agents) as PGN: python-chess finds
    every move legal and the same result."""
    out = gdl("match", CHESS, "--p1", "random", "--p2", "random", "-n", "3",
              "--seed", "7", "--record", str(tmp_path / "rec"))
    assert out.returncode == 0, out.stderr
    for k in (1, 2, 3):
        written = gdl("replay", str(tmp_path / "rec" / f"game-{k}.record"), "--pgn")
        assert written.returncode == 0, written.stderr
        back = chess.pgn.read_game(__import__("io").StringIO(written.stdout))
        assert back.errors == []
        board = back.end().board()
        outcome = board.outcome(claim_draw=True)
        result = back.headers["Result"]
        assert result in ("1-0", "0-1", "1/2-1/2", "*")
        if result in ("1-0", "0-1"):
            assert outcome is not None and outcome.result() == result


@pytest.mark.parametrize(
    "text,where,why",
    [
        ("1. e4 e5 2. Nf9 *", "1:13:", "`Nf9` is no legal move here"),
        ("1. e4 e5\n2. Ke2 Ke7 3. Kd3 Kd6 4. Kc4 Kc6 5. Kb5 Kc5 *", "2:37:", "no legal move"),
        ("1. e4 {never closed", "1:7:", "never closed"),
        ("1. e4 (1. d4 *", "1:7:", "never closed"),
        ('[Event "x]\n1. e4 *', "1:1:", "double quotes"),
        ('[FEN "8/8/8 w - - 0 1"]\n1. e4 *', "1:1:", "the FEN tag"),
        ("1. f3 e5 2. g4 Qh4# 1-0", "1:21:", "the game says `black wins`"),
    ],
)
def test_bad_pgn_is_refused_at_its_line_and_column(text, where, why, tmp_path):
    pgn = tmp_path / "bad.pgn"
    pgn.write_text(text)
    out = gdl("replay", str(pgn), "--game", CHESS)
    assert out.returncode == 2, out.stdout
    assert f"bad.pgn:{where}" in out.stderr and why in out.stderr, out.stderr
    assert "panicked" not in out.stderr


def test_a_pgn_needs_its_game_file(tmp_path):
    pgn = tmp_path / "g.pgn"
    pgn.write_text("1. e4 *")
    out = gdl("replay", str(pgn))
    assert out.returncode == 2 and "--game games/chess.gdl" in out.stderr


def test_castling_en_passant_and_disambiguation_are_written_as_python_chess_writes_them(tmp_path):
    sans = "e4 Nf6 e5 d5 exd6 Qxd6 Nf3 Bg4 Be2 Nc6 O-O O-O-O d3 e5 Nbd2 Re8 Nc4 Qd7 Ncxe5".split()
    board = chess.Board()
    for san in sans:
        board.push_san(san)  # legal in python-chess, and written so by it
    game = chess.pgn.Game.from_board(board)
    pgn = tmp_path / "sharp.pgn"
    pgn.write_text(str(game) + "\n")
    written = gdl("replay", str(pgn), "--game", CHESS, "--pgn")
    assert written.returncode == 0, written.stderr
    movetext = written.stdout.split("\n\n", 1)[1].split()
    assert [w for w in movetext if not w[0].isdigit() and w != "*"] == sans
