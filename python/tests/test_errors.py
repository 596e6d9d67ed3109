"""Bad input raises a Python exception with a clear message."""

import re

import pytest

import gdl


def test_game_error_is_a_value_error():
    assert issubclass(gdl.GameError, ValueError)


def test_a_game_that_does_not_load_raises_with_its_line_and_column():
    text = "board square(3)\nplayers a, b\npieces x\nturn: place x at emtpy\n"
    with pytest.raises(gdl.GameError) as e:
        gdl.load_game(text)
    message = str(e.value)
    assert re.search(r"--> <text>:4:\d+", message), message
    assert "emtpy" in message


def test_a_file_that_does_not_load_names_the_file(tmp_path):
    path = tmp_path / "broken.gdl"
    path.write_text("board square(3\n")
    with pytest.raises(gdl.GameError, match=r"broken.gdl:\d+:\d+"):
        gdl.load_game(str(path))


def test_unknown_names_and_options_raise():
    with pytest.raises(gdl.GameError, match="neither a shipped game"):
        gdl.load_game("no-such-game")
    with pytest.raises(gdl.GameError, match="size"):
        gdl.load_game("hex", size=99)
    with pytest.raises(gdl.GameError):
        gdl.load_game("hex", colour="red")


def test_an_illegal_action_raises_value_error_with_the_reason():
    state = gdl.load_game("tictactoe").new_initial_state()
    b2 = state.string_to_action("b2")
    state.apply_action(b2)
    with pytest.raises(ValueError, match=r"`b2`\) is not legal here"):
        state.apply_action(b2)
    with pytest.raises(ValueError, match="outside the action space"):
        state.apply_action(9)
    with pytest.raises(ValueError):
        state.apply_action(-1)
    with pytest.raises(ValueError, match="`z9`"):
        state.string_to_action("z9")
    # The state is unchanged by the refusals.
    assert state.history() == [b2]


def test_an_action_after_the_end_raises():
    state = gdl.load_game("tictactoe").new_initial_state()
    for move in ["a1", "b1", "a2", "b2", "a3"]:
        state.apply_action(state.string_to_action(move))
    with pytest.raises(ValueError, match="over"):
        state.apply_action(8)


def test_tampered_and_foreign_serialized_states_raise():
    chess = gdl.load_game("chess")
    state = chess.new_initial_state()
    state.apply_action(state.string_to_action("e2-e4"))
    text = state.serialize()
    assert chess.deserialize_state(text).history() == state.history()
    header, moves = text.split("\n")
    with pytest.raises(gdl.GameError, match="not an action id"):
        chess.deserialize_state(header + "\n" + moves + " x")
    with pytest.raises(gdl.GameError, match="not legal"):
        chess.deserialize_state(header + "\n" + moves + " " + moves)
    with pytest.raises(gdl.GameError, match="another game"):
        chess.deserialize_state(header[:-1] + "0\n" + moves)
    with pytest.raises(gdl.GameError, match="another game"):
        gdl.load_game("chess", repetition="off").deserialize_state(text)
    with pytest.raises(gdl.GameError, match="first line"):
        chess.deserialize_state("hello")


def test_bad_players_raise():
    state = gdl.load_game("tictactoe").new_initial_state()
    with pytest.raises(ValueError, match="not a seat"):
        state.observation_tensor(5)
    assert state.legal_actions(1) == []
