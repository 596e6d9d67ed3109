"""Every shipped game loaded, played, cloned, serialized and scored from
Python, along seeded random games."""

import random

import numpy as np
import pytest

import gdl

GAMES = gdl.shipped_games()
PLIES = 120


def test_every_game_of_games_dir_is_shipped():
    assert len(GAMES) >= 39
    assert "chess" in GAMES and "tictactoe" in GAMES


@pytest.mark.parametrize("name", GAMES)
def test_random_games_play_clone_serialize_and_score(name):
    game = gdl.load_game(name)
    size = game.num_distinct_actions()
    shape = game.observation_tensor_shape()
    assert size > 0 and len(shape) == 3
    rng = random.Random(name)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal() and state.move_number() < PLIES:
            legal = state.legal_actions()
            assert legal, "a state that goes on has an action"
            assert legal == sorted(set(legal))
            assert all(0 <= a < size for a in legal)
            mask = state.legal_actions_mask()
            assert len(mask) == size and sum(mask) == len(legal)
            assert all(mask[a] == 1 for a in legal)
            player = state.current_player()
            if state.is_chance_node():
                # Chance's outcomes: ids 0..k with probabilities summing to 1.
                assert player == -1
                outcomes = state.chance_outcomes()
                assert [a for a, _ in outcomes] == legal == list(range(len(legal)))
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            else:
                assert 0 <= player < game.num_players()
                assert state.legal_actions(player) == legal
                obs = state.observation_tensor(player)
                assert obs.dtype == np.float32 and obs.shape == (int(np.prod(shape)),)
            action = rng.choice(legal)
            text = state.action_to_string(player, action)
            assert state.string_to_action(text) == action, text
            child = state.clone()
            child.apply_action(action)
            # The clone moved on; the state did not.
            assert state.legal_actions() == legal
            assert child.history() == state.history() + [action]
            state = child
        again = game.deserialize_state(state.serialize())
        assert again.history() == state.history()
        assert again.legal_actions() == state.legal_actions()
        assert again.is_terminal() == state.is_terminal()
        returns = state.returns()
        assert len(returns) == game.num_players()
        if state.is_terminal():
            assert state.current_player() == -4
            assert state.legal_actions() == []
            if game.num_players() > 1:
                assert sum(returns) == pytest.approx(0.0)
            assert max(returns) <= 1.0 and min(returns) >= -1.0
        else:
            assert returns == [0.0] * game.num_players()


def test_tictactoe_is_won_and_scored():
    game = gdl.load_game("tictactoe")
    state = game.new_initial_state()
    for move in ["a1", "b1", "a2", "b2", "a3"]:
        state.apply_action(state.string_to_action(move))
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    assert state.rewards() == [1.0, -1.0]


def test_the_position_text_is_the_games_own():
    # Chess writes FEN; a game without `position text`, its board and mover.
    state = gdl.load_game("chess").new_initial_state()
    assert state.position_text() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    state.apply_turn(state.string_to_turn("e4"))
    assert state.position_text() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    state = gdl.load_game("tictactoe").new_initial_state()
    state.apply_action(state.string_to_action("b2"))
    assert state.position_text() == "3/1S1/3 o"


def test_a_turn_of_two_decisions_is_two_actions_by_one_player():
    # Amazons: a queen move, then an arrow from where it landed.
    game = gdl.load_game("amazons")
    state = game.new_initial_state()
    assert state.current_player() == 0
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 0
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1


def test_options_as_keywords_or_as_a_params_dict():
    small = gdl.load_game("hex", size=5)
    same = gdl.load_game({"game": "hex", "size": 5})
    assert small.get_parameters()["size"] == "5"
    # 25 cells and the pie rule's swap.
    assert small.num_distinct_actions() == 26
    assert same.num_distinct_actions() == 26
    no_pie = gdl.load_game("hex", size=5, swap=False)
    assert no_pie.num_distinct_actions() == 25
    assert gdl.load_game("connect-four", width=5, height=4).observation_tensor_shape()[1:] == [4, 5]


def test_a_game_from_a_path_and_from_its_text(tmp_path):
    text = gdl.shipped_game_text("tictactoe")
    path = tmp_path / "t.gdl"
    path.write_text(text)
    assert gdl.load_game(str(path)).num_distinct_actions() == 9
    assert gdl.load_game(text).num_distinct_actions() == 9


def test_max_game_length_ends_a_game_as_a_draw():
    game = gdl.load_game("chess", max_game_length=4)
    assert game.max_game_length() == 4
    state = game.new_initial_state()
    for move in ["g1-f3", "g8-f6", "f3-g1", "f6-g8"]:
        assert not state.is_terminal()
        state.apply_action(state.string_to_action(move))
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]


def test_observation_planes_hold_pieces_mover_and_last_cell():
    game = gdl.load_game("tictactoe")
    planes = game.observation_planes()
    assert planes == ["stone:x", "stone:o", "mover:x", "mover:o", "seat:x", "seat:o", "last"]
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("b2"))
    shape = game.observation_tensor_shape()
    seen_by_o = state.observation_tensor(1).reshape(shape)
    centre = np.zeros((3, 3), np.float32)
    centre[1, 1] = 1
    assert (seen_by_o[planes.index("stone:x")] == centre).all()
    assert not seen_by_o[planes.index("stone:o")].any()
    assert seen_by_o[planes.index("mover:o")].all() and not seen_by_o[planes.index("mover:x")].any()
    assert seen_by_o[planes.index("seat:o")].all() and not seen_by_o[planes.index("seat:x")].any()
    assert (seen_by_o[planes.index("last")] == centre).all()
    seen_by_x = state.observation_tensor(0).reshape(shape)
    assert seen_by_x[planes.index("seat:x")].all()


def test_chess_observation_has_the_pieces_on_their_rows():
    game = gdl.load_game("chess")
    planes = game.observation_planes()
    board = game.new_initial_state().observation_tensor().reshape(game.observation_tensor_shape())
    white_pawns = board[planes.index("pawn:white")]
    assert white_pawns[1].sum() == 8 and white_pawns.sum() == 8
    assert board[planes.index("king:black")][7, 4] == 1  # e8
    assert board[planes.index("mark:unmoved")].sum() == 6
    # The cells' places: a1 at row 0, column 0.
    assert ("a1", 0, 0) in game.observation_cells()
    assert ("e8", 7, 4) in game.observation_cells()
