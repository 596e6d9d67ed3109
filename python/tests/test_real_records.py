"""Real game records, replayed to their recorded results and written back
equal, with python-chess and sgfmill as the readers that judge "equal".

The records are in tests/records/, written for this test from public game
scores (moves and results of public games are facts, under no licence):

- nepomniachtchi-ding-2023-1.pgn: FIDE World Championship 2023, game 1
  (Astana, 2023-04-09), as broadcast by FIDE; a draw agreed at move 49.
- alphago-lee-sedol-2016-4.sgf: Google DeepMind Challenge Match, game 4
  (Seoul, 2016-03-13), as published by Go Game Guru; White (Lee Sedol)
  won by resignation after move 180.
"""

import io

from needs import REPO, package
from needs import gdl_output as gdl

chess = package("chess", "chess")
import chess.pgn  # noqa: E402  (after the check that chess is installed)

sgfmill = package("sgfmill", "sgfmill")
from sgfmill import sgf  # noqa: E402

RECORDS = REPO / "tests" / "records"


def test_a_world_championship_game_replays_to_its_draw_and_comes_back_equal():
    record = RECORDS / "nepomniachtchi-ding-2023-1.pgn"
    game = REPO / "games" / "chess.gdl"
    assert gdl("replay", record, "--game", game).endswith("result: draw agreed\n")
    text = record.read_text()
    back = gdl("replay", record, "--game", game, "--pgn")
    assert back == text
    # python-chess reads both as the same game: tags, moves, the end.
    ours = chess.pgn.read_game(io.StringIO(back))
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert dict(ours.headers) == dict(theirs.headers)
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]
    assert len(list(theirs.mainline_moves())) == 97
    assert theirs.end().board().fen() == ours.end().board().fen()


def test_alphago_lee_sedol_game_4_replays_to_its_resignation_and_comes_back_equal():
    record = RECORDS / "alphago-lee-sedol-2016-4.sgf"
    game = REPO / "games" / "go.gdl"
    assert gdl("replay", record, "--game", game).endswith("result: black resigned\n")
    back = gdl("replay", record, "--game", game, "--sgf")
    ours = sgf.Sgf_game.from_string(back)
    theirs = sgf.Sgf_game.from_bytes(record.read_bytes())
    # The root's properties, but those naming the program that wrote it.
    root = lambda g: {k: g.get_root().get_raw_list(k) for k in g.get_root().properties() if k not in ("AP", "CA")}
    assert root(ours) == root(theirs)
    moves = lambda g: [node.get_move() for node in g.get_main_sequence()[1:]]
    assert moves(ours) == moves(theirs)
    assert len(moves(theirs)) == 180


def test_comments_are_kept_where_python_chess_reads_them(tmp_path):
    # python-chess writes a game with comments before the moves, after a
    # White move and after a Black one; gdl writes it back with each
    # comment after the same move.
    game = chess.pgn.Game()
    game.headers["Event"] = "Comments"
    game.comment = "Before the game."
    node = game.add_variation(chess.Move.from_uci("e2e4"))
    node.comment = "best by test"
    node = node.add_variation(chess.Move.from_uci("e7e5"))
    node = node.add_variation(chess.Move.from_uci("g1f3"))
    node = node.add_variation(chess.Move.from_uci("b8c6"))
    node.comment = "a knight"
    node.add_variation(chess.Move.from_uci("f1b5"))
    path = tmp_path / "comments.pgn"
    path.write_text(str(game) + "\n")
    back = gdl("replay", path, "--game", REPO / "games" / "chess.gdl", "--pgn")
    ours = chess.pgn.read_game(io.StringIO(back))
    comments = lambda g: [g.comment] + [n.comment for n in g.mainline()]
    assert comments(ours) == comments(game)
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in game.mainline_moves()]
