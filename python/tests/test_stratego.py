"""Stratego from Python: each player sees where the other's pieces stand
but not what they are (`view owners`), and not what the other still holds
in hand (`view hands: own`), in strings and tensors alike."""

import random

import numpy as np

import gdl


def planes(state, seat):
    game = state.get_game()
    names = game.observation_planes()
    tensor = np.asarray(state.observation_tensor(seat)).reshape(
        game.observation_tensor_shape()
    )
    return names, tensor


def play(game, plies, seed):
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_layout_has_owner_only_and_hand_size_planes():
    game = gdl.load_game("stratego")
    names = game.observation_planes()
    for plane in ["owner-only:red", "owner-only:blue", "hand-size:red", "hand-size:blue", "unseen"]:
        assert plane in names


def test_during_the_setup_a_player_sees_how_many_pieces_the_other_holds_not_which():
    game = gdl.load_game("stratego")
    state = play(game, 7, seed=3)  # red placed 4, blue 3
    names, blue = planes(state, 1)
    held = {n: blue[names.index(n)].max() for n in names if n.startswith("hand:")}
    assert all(v == 0 for n, v in held.items() if n.startswith("hand:red:"))
    assert sum(v for n, v in held.items() if n.startswith("hand:blue:")) > 0
    assert blue[names.index("hand-size:red")].max() == 36
    assert blue[names.index("hand-size:blue")].max() == 37
    text = state.observation_string(1)
    assert "red 36 pieces" in text
    assert "blue bomb" in text or "blue flag" in text or "blue scout" in text


def test_after_the_setup_the_enemys_pieces_show_their_owner_and_only_shown_ones_their_kind():
    game = gdl.load_game("stratego")
    checked = 0
    for seed in range(4):
        state = play(game, 120, seed)
        if state.is_terminal():
            continue
        checked += 1
        names, blue = planes(state, 1)
        kinds = [f"{kind}:red" for kind in ("bomb", "marshal", "general", "colonel", "major",
                 "captain", "lieutenant", "sergeant", "miner", "scout", "spy", "flag")]
        red_kind = sum(blue[names.index(n)] for n in kinds)
        owner_only = blue[names.index("owner-only:red")]
        # Each red piece shows in exactly one of the two ways; nothing is unseen.
        text = state.observation_string(1)
        hidden = text.count("X")
        assert owner_only.sum() > 0
        assert (red_kind * owner_only).sum() == 0
        assert blue[names.index("unseen")].sum() == 0
        # The text writes an unseen red piece as `X` (and once in its legend).
        assert hidden - 1 == owner_only.sum()
        # Red sees its own army whole: the same pieces, each with its kind.
        names, red = planes(state, 0)
        assert red[names.index("owner-only:red")].sum() == 0
        assert sum(red[names.index(n)] for n in kinds).sum() == owner_only.sum() + red_kind.sum()
    assert checked >= 2
