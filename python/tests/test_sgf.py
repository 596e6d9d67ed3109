"""SGF with a real client, sgfmill: Go games that `gdl match` plays and
`gdl replay --sgf` writes are read by sgfmill and replayed on its own
board (its captures) to gdl's final position and winner; sgfmill's own
writing of them, with comments and a variation added, is read back by
`gdl replay GAME.sgf --game games/go.gdl` to the same position."""

import subprocess

import pytest

from needs import REPO, gdl_binary, package

sgfmill = package("sgfmill", "sgfmill")
from sgfmill import boards, sgf, sgf_moves  # noqa: E402  (after the check)

GO = str(REPO / "games" / "go.gdl")


def gdl(*args):
    return subprocess.run([gdl_binary(), *args], capture_output=True, text=True, timeout=120)


def gdl_board(text, size):
    """{(row, col): colour} from `gdl show`'s picture: rows from the top,
    `B`/`W` stones; sgfmill's row 0 is the bottom."""
    stones = {}
    for line in text.splitlines():
        cells = line.split()
        if len(cells) == size + 2 and cells[0].isdigit() and cells[0] == cells[-1]:
            row = int(cells[0]) - 1
            for col, c in enumerate(cells[1:-1]):
                if c in "BW":
                    stones[(row, col)] = c.lower()
    return stones


def sgfmill_board(game):
    board, moves = sgf_moves.get_setup_and_moves(game)
    for colour, point in moves:
        if point is not None:
            board.play(point[0], point[1], colour)
    return {(r, c): board.get(r, c) for r in range(board.side) for c in range(board.side) if board.get(r, c)}


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("go")
    out = gdl("match", GO, "-o", "size=9", "--p1", "random", "--p2", "random", "-n", "6",
              "--seed", "11", "--record", str(folder / "rec"))
    assert out.returncode == 0, out.stderr
    return sorted((folder / "rec").glob("game-*.record"))


def test_gdl_games_replay_in_sgfmill(records, tmp_path):
    assert len(records) == 6
    for record in records:
        written = gdl("replay", str(record), "--sgf")
        assert written.returncode == 0, written.stderr
        game = sgf.Sgf_game.from_string(written.stdout)
        assert game.get_size() == 9 and game.get_komi() == 7.5
        shown = gdl("replay", str(record)).stdout
        assert sgfmill_board(game) == gdl_board(shown, 9)
        winner = "b" if "black wins" in shown else "w" if "white wins" in shown else None
        assert game.get_winner() == winner
        # Passes are written too: the game ends with two.
        moves = sgf_moves.get_setup_and_moves(game)[1]
        assert moves[-2:] == [("b", None), ("w", None)] or moves[-2:] == [("w", None), ("b", None)]


def test_sgfmills_writing_with_comments_and_a_variation_reads_back(records, tmp_path):
    for k, record in enumerate(records):
        game = sgf.Sgf_game.from_string(gdl("replay", str(record), "--sgf").stdout)
        root = game.get_root()
        root.set("C", "from gdl [with brackets] and a \\ backslash")
        first = root[0]
        # A variation beside the first move: not the main line.
        other = root.new_child()
        other.set_move("b", (4, 4) if first.get_move()[1] != (4, 4) else (3, 3))
        other.set("C", "a line not played")
        first.set("C", "the first move")
        path = tmp_path / f"g{k}.sgf"
        path.write_bytes(game.serialise())
        read = gdl("replay", str(path), "--game", GO)
        assert read.returncode == 0, read.stderr
        assert gdl_board(read.stdout, 9) == gdl_board(gdl("replay", str(record)).stdout, 9)
        assert read.stdout.splitlines()[-1] == gdl("replay", str(record)).stdout.splitlines()[-1]


@pytest.mark.parametrize(
    "text,where,why",
    [
        ("(;SZ[9];B[ee];W[ee])", "1:15:", "W[ee]"),
        ("(;SZ[9];B[ee];B[dd])", "1:15:", "is to move"),
        ("(;SZ[9]AB[dd];W[ee])", "1:8:", "setup stones"),
        ("(;SZ[9];B[ee", "1:10:", "never closed"),
        ("(;SZ[9];B[zz])", "1:9:", "off the board"),
        ("(;SZ[4])", "1:3:", "SZ"),
        ("(;SZ[9];B[];W[];RE[B+R])", "1:17:", "the game says `white wins`"),
    ],
)
def test_bad_sgf_is_refused_at_its_line_and_column(text, where, why, tmp_path):
    path = tmp_path / "bad.sgf"
    path.write_text(text)
    out = gdl("replay", str(path), "--game", GO)
    assert out.returncode == 2, out.stdout
    assert f"bad.sgf:{where}" in out.stderr and why in out.stderr, out.stderr
    assert "panicked" not in out.stderr
