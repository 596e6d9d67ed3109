"""Whole turns from Python: `legal_turns`, `apply_turn`, `turn_to_string`
and `string_to_turn`, checked against the turns walked one decision at a
time with `legal_actions` and `apply_action`."""

import random

import pytest

import gdl


def walked_turns(state):
    """Every way to play the rest of the turn, walked in Python: a turn
    goes on while the same player is to move (true of these games, which
    never give a player two turns in a row)."""
    player = state.current_player()
    out = []

    def walk(st, path):
        for a in st.legal_actions():
            child = st.clone()
            child.apply_action(a)
            if child.is_terminal() or child.current_player() != player:
                out.append(tuple(path + [a]))
            else:
                walk(child, path + [a])

    walk(state, [])
    return out


# Games whose turns take several decisions: a move then an arrow, capture
# chains, a jump-step-place turn, placements with a capture choice.
GAMES = ["amazons", "draughts", "international-draughts", "equi", "pinch", "breakthrough"]


@pytest.mark.parametrize("name", GAMES)
def test_legal_turns_are_the_walked_turns(name):
    game = gdl.load_game(name)
    rng = random.Random(5)
    compared = 0
    for seed in range(6):
        state = game.new_initial_state()
        rng.seed(seed)
        for _ in range(rng.randrange(0, 40)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        turns = state.legal_turns()
        assert turns and all(isinstance(t, tuple) for t in turns)
        assert sorted(turns) == sorted(walked_turns(state)), (name, seed)
        # Each way, played whole, equals its actions played one by one.
        for turn in rng.sample(turns, min(5, len(turns))):
            whole = state.clone()
            whole.apply_turn(list(turn))
            single = state.clone()
            for a in turn:
                single.apply_action(a)
            assert whole.serialize() == single.serialize()
            text = state.turn_to_string(list(turn))
            assert state.string_to_turn(text) == list(turn), text
        compared += 1
    assert compared >= 4


def test_amazons_first_turn():
    game = gdl.load_game("amazons")
    state = game.new_initial_state()
    turns = state.legal_turns()
    # A queen move then an arrow: 2,176 ways (the whole-turn perft at depth 1).
    assert len(turns) == 2176 and len(set(turns)) == 2176
    assert all(len(t) == 2 for t in turns)
    turn = state.string_to_turn("d1-d7/g7")
    assert state.turn_to_string(turn) == "d1-d7/g7"
    state.apply_turn(turn)
    assert state.current_player() == 1


def test_bad_turns_leave_the_state_alone():
    game = gdl.load_game("amazons")
    state = game.new_initial_state()
    before = state.serialize()
    move = state.string_to_action("d1-d7")
    with pytest.raises(ValueError, match="not over after these 1 actions"):
        state.apply_turn([move])
    turn = state.string_to_turn("d1-d7/g7")
    with pytest.raises(ValueError, match="turn is over after 2 of the 3"):
        state.apply_turn(turn + [turn[0]])
    with pytest.raises(ValueError, match="action 2 of the turn.*not legal"):
        state.apply_turn([move, move])
    with pytest.raises(ValueError, match="none was given"):
        state.apply_turn([])
    with pytest.raises(ValueError):
        state.string_to_turn("d1-d7")
    assert state.serialize() == before


def test_chance_within_a_turn_is_not_listed():
    state = gdl.load_game("pig").new_initial_state()
    with pytest.raises(ValueError, match="chance decides within this turn"):
        state.legal_turns()


def test_finished_game_has_no_turns():
    game = gdl.load_game("tictactoe")
    state = game.new_initial_state()
    for m in ["a1", "b1", "a2", "b2", "a3"]:
        state.apply_action(state.string_to_action(m))
    assert state.is_terminal() and state.legal_turns() == []
