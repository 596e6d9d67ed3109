"""The notations players use, written and read by gdl, against the programs
that define them: WXF for xiangqi (Fairy-Stockfish, pyffish), USI for shogi
(cshogi), PDN for draughts (pydraughts). Random games are played in both
with the same moves; at every position the legal turns, as gdl writes them
in the game's notation, must be the peer's legal moves as it writes them,
and each is read back to the same turn."""

import random
import re

import pytest

import gdl
from needs import package

sf = package("pyffish", "pyffish")
cshogi = package("cshogi", "cshogi")
draughts = package("draughts", "pydraughts")


def written(state, notation, read_back):
    """Each legal turn of `state` in `notation`; with `read_back`, each
    word must read as a turn of its own, and together they are all."""
    words = state.legal_turn_strings(notation)
    assert len(set(words)) == len(words)
    if read_back:
        read = sorted(tuple(state.string_to_turn(w)) for w in words)
        assert read == sorted(tuple(t) for t in state.legal_turns())
    return words


def squares(move):
    """A UCI move's two squares: `h10h9` is `h10`, `h9`."""
    return re.fullmatch(r"([a-i]\d+)([a-i]\d+)", move).groups()


def pair_that_may_not_land(fen):
    """Whether the side to move has two advisors or two elephants on one
    column: Fairy-Stockfish then writes the column where the other could
    not stand after the same move, and gdl writes front and rear (both
    read; see src/notation/styles.rs)."""
    rows, side = fen.split()[0].split("/"), fen.split()[1]
    columns = {}
    for row in rows:
        col = 0
        for ch in row:
            if ch.isdigit():
                col += int(ch)
                continue
            mine = ch.isupper() == (side == "w")
            if mine and ch.upper() in "AB":
                columns[(ch.upper(), col)] = columns.get((ch.upper(), col), 0) + 1
            col += 1
    return any(n >= 2 for n in columns.values())


def test_xiangqi_moves_are_fairy_stockfish_s_wxf():
    rng = random.Random(11)
    pairs = 0
    for _ in range(3):
        state = gdl.load_game("xiangqi").new_initial_state()
        start, moves = sf.start_fen("xiangqi"), []
        for _ in range(70):
            fen = sf.get_fen("xiangqi", start, moves)
            legal = sf.legal_moves("xiangqi", fen, [])
            if state.is_terminal() or not legal:
                break
            # pyffish takes about 60 ms to write a position's moves: half
            # the positions are compared, two in a row (red's and black's).
            if len(moves) % 4 >= 2:
                move = rng.choice(legal)
                state.apply_turn(state.string_to_turn("-".join(squares(move))))
                moves.append(move)
                continue
            theirs = {sf.get_san("xiangqi", fen, m, False, sf.NOTATION_XIANGQI_WXF): m for m in legal}
            sampled = len(moves) % 8 < 2
            ours = written(state, "wxf", sampled)
            # Every word Fairy-Stockfish writes reads as its move.
            for word, move in theirs.items() if sampled else ():
                joined = "-".join(squares(move))
                assert state.turn_to_string(list(state.string_to_turn(word))) == joined, word
            if pair_that_may_not_land(fen):
                pairs += 1
            else:
                assert sorted(ours) == sorted(theirs), f"after {moves}"
            word = rng.choice(sorted(theirs))
            state.apply_turn(state.string_to_turn(word))
            moves.append(theirs[word])
    # Most positions were compared whole.
    assert pairs < 40


def test_shogi_moves_are_cshogi_s_usi():
    rng = random.Random(12)
    for _ in range(4):
        state = gdl.load_game("shogi").new_initial_state()
        board = cshogi.Board()
        for _ in range(90):
            theirs = sorted(cshogi.move_to_usi(m) for m in board.legal_moves)
            if state.is_terminal() or not theirs:
                break
            ours = written(state, "usi", board.move_number % 5 == 0)
            assert sorted(ours) == theirs, f"after {board.sfen()}"
            word = rng.choice(theirs)
            state.apply_turn(state.string_to_turn(word))
            board.push_usi(word)


# pydraughts has no 12x12 board: Canadian draughts is not compared.
@pytest.mark.parametrize(
    "name, variant", [("international-draughts", "standard"), ("draughts", "english")]
)
def test_draughts_moves_are_pydraughts_pdn(name, variant):
    rng = random.Random(13)
    captures = 0
    for _ in range(3):
        state = gdl.load_game(name).new_initial_state()
        board = draughts.Board(variant=variant)
        for _ in range(120):
            theirs = {m.pdn_move: m for m in board.legal_moves()}
            if state.is_terminal() or not theirs:
                break
            ours = written(state, "pdn", True)
            assert sorted(ours) == sorted(theirs), f"after {board.fen}"
            word = rng.choice(sorted(ours))
            captures += "x" in word
            state.apply_turn(state.string_to_turn(word))
            board.push(theirs[word])
    # The games went through captures, where the paths are written.
    assert captures > 10


def test_an_unknown_notation_is_refused_with_the_list():
    state = gdl.load_game("chess").new_initial_state()
    turn = state.legal_turns()[0]
    with pytest.raises(ValueError, match="the notations are gdl, san"):
        state.turn_to_string(turn, "fen")
