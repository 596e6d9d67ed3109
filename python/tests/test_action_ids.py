"""Action ids: one fixed space per game, the same id for the same action in
every state and every load."""

import gdl


def test_chess_ids_are_the_same_in_every_state_and_load():
    game = gdl.load_game("chess")
    # 64 x 64 far moves, 2 x 64 x 8 steps, 4 promotions: docs/python.md.
    assert game.num_distinct_actions() == 5124
    state = game.new_initial_state()
    e4 = state.string_to_action("e2-e4")
    for move in ["g1-f3", "g8-f6"]:
        state.apply_action(state.string_to_action(move))
    assert state.string_to_action("e2-e4") == e4
    other = gdl.load_game("chess").new_initial_state()
    assert other.string_to_action("e2-e4") == e4
    assert game.describe_action(e4) == "e2-e4"
    assert state.action_to_string(e4) == "e2-e4"


def test_placement_ids_are_cells_in_board_order():
    game = gdl.load_game("tictactoe")
    state = game.new_initial_state()
    assert state.legal_actions() == list(range(9))
    names = [game.describe_action(a) for a in range(9)]
    assert sorted(names) == sorted(c for c, _, _ in game.observation_cells())


def test_two_kinds_of_placement_on_one_cell_have_two_ids():
    # Carteso: a stone of either colour on the same cell.
    game = gdl.load_game("carteso", size=3)
    state = game.new_initial_state()
    while not any(":" in state.action_to_string(a) for a in state.legal_actions()):
        state.apply_action(state.legal_actions()[0])
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert "black:a1" in texts and "white:a1" in texts


def test_promotion_is_a_second_decision_with_ids_of_its_own():
    game = gdl.load_game("chess")
    state = game.new_initial_state()
    moves = "a2-a4 b7-b5 a4-b5 a7-a6 b5-a6 c8-b7 a6-b7 h7-h6 b7-a8"
    for move in moves.split():
        state.apply_action(state.string_to_action(move))
    assert state.current_player() == 0
    texts = sorted(state.action_to_string(a) for a in state.legal_actions())
    assert texts == [
        "promotion=bishop",
        "promotion=knight",
        "promotion=queen",
        "promotion=rook",
    ]
    assert all(a < 4 for a in state.legal_actions())
