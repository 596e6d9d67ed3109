"""Backgammon against OpenSpiel's own (`backgammon`, its default rules:
win/loss scoring, 500 turns), decision by decision: random games played in
gdl and in pyspiel with the same rolls, comparing at every state the
checkers (each point's count and owner, the bars, the borne-off checkers),
the player to move, the rolls offered with their probabilities, the end
and the returns, and at every decision the legal moves.

One OpenSpiel action is up to two checker moves (a double is two such
actions of the same player); one gdl action is one checker move (or
`pass`). So gdl's moves are expanded on clones to the end of the half-turn
(the player changes, chance rolls, the game ends, or the same player starts
the second half of a double with both dice fresh), and the half-turns are
compared as ordered sequences of moves `FROM-TO`, OpenSpiel's written in
gdl's cells by the mapping below. A pass is `pass` in both."""

import collections
import random
import re

import pytest

import gdl

from needs import package

pyspiel = package("pyspiel", "open-spiel")

WHITE, BLACK = 0, 1  # OpenSpiel's x and o, gdl's white and black
OS_BAR = 100  # OpenSpiel's kBarPos
OS_PASS = -1  # OpenSpiel's kPassPos


def point(pos):
    """OpenSpiel's point 0..23 as gdl's cell: points 12..23 are row 2 from
    a to l, points 11..0 row 1 from a to l."""
    if pos >= 12:
        return f"{'abcdefghijkl'[pos - 12]}2"
    return f"{'abcdefghijkl'[11 - pos]}1"


# Each player's way round, as gdl's cells: the bar, the points in the
# order the player's checkers pass them (x from 0 to 23, o from 23 to 0),
# then borne off with the exact number (the store) and past it by 1 to 5
# (where a bear-off with a larger number lands in gdl's notation).
TRACKS = [
    ["m1", *(point(p) for p in range(24)), "n2", "o2", "p2", "q2", "r2", "s2"],
    ["m2", *(point(p) for p in range(23, -1, -1)), "n1", "o1", "p1", "q1", "r1", "s1"],
]
BARS = ["m1", "m2"]
STORES = ["n2", "n1"]
OWNERS = ["white", "black"]


def os_move(player, move):
    """One of OpenSpiel's checker moves (`pos`, the die `num`) as gdl's
    `FROM-TO`: `num` cells along the player's track."""
    if move.pos == OS_BAR:
        start = 0
    elif player == WHITE:
        start = move.pos + 1
    else:
        start = 24 - move.pos
    return f"{TRACKS[player][start]}-{TRACKS[player][start + move.num]}"


def os_halves(state):
    """OpenSpiel's legal actions: {tuple of gdl moves: action}."""
    player = state.current_player()
    units = {}
    for action in state.legal_actions():
        moves = state.spiel_move_to_checker_moves(player, action)
        key = tuple(os_move(player, m) for m in moves if m.pos != OS_PASS) or ("pass",)
        assert key not in units, f"two OpenSpiel actions map to {key}"
        units[key] = action
    return units


def var(state, name):
    """A gdl variable, read from its observation plane."""
    game = state.get_game()
    planes = state.observation_tensor(0).reshape(game.observation_tensor_shape())
    return int(planes[game.observation_planes().index(f"var:{name}"), 0, 0])


def mid_half(before, after):
    """Whether gdl's half-turn goes on after a move: the same player
    decides again, with one die of the two played (at the start of a
    double's second half both are fresh again)."""
    return (
        not after.is_terminal()
        and not after.is_chance_node()
        and after.current_player() == before.current_player()
        and var(after, "used-x") + var(after, "used-y") == 1
    )


def gdl_halves(state):
    """gdl's legal half-turns: {tuple of moves: list of actions}."""
    units = {}

    def walk(s, actions, texts):
        for a in s.legal_actions():
            t = s.action_to_string(a)
            child = s.clone()
            child.apply_action(a)
            if mid_half(s, child):
                assert len(texts) < 2, f"a half-turn of more than two moves: {texts + [t]}"
                walk(child, actions + [a], texts + [t])
            else:
                key = tuple(texts + [t])
                assert key not in units, f"two gdl half-turns are {key}"
                units[key] = actions + [a]

    walk(state, [], [])
    return units


def os_board(state):
    """{cell: (owner, checkers)} of OpenSpiel's state."""
    board = {}
    for pos in range(24):
        counts = [state.board(p, pos) for p in (WHITE, BLACK)]
        assert min(counts) == 0, f"both players on point {pos}"
        for p in (WHITE, BLACK):
            if counts[p]:
                board[point(pos)] = (OWNERS[p], counts[p])
    scores = re.search(r"Scores, X: (\d+), O: (\d+)", str(state)).groups()
    for p in (WHITE, BLACK):
        if state.board(p, OS_BAR):
            board[BARS[p]] = (OWNERS[p], state.board(p, OS_BAR))
        if int(scores[p]):
            board[STORES[p]] = (OWNERS[p], int(scores[p]))
    return board


def gdl_board(state):
    """{cell: (owner, checkers)} of gdl's state, from its planes: the stack
    heights and the owners (cells past the stores included: they must be
    empty between actions)."""
    game = state.get_game()
    names = game.observation_planes()
    planes = state.observation_tensor(0).reshape(game.observation_tensor_shape())
    board = {}
    for cell, r, c in game.observation_cells():
        owners = [o for o in OWNERS if planes[names.index(f"checker:{o}"), r, c]]
        height = int(planes[names.index("stack"), r, c])
        if owners or height:
            assert len(owners) == 1, f"{cell}: owners {owners}, height {height}"
            board[cell] = (owners[0], height)
    return board


def dice_order():
    """OpenSpiel's chance outcome k as the ordered dice (its
    kChanceOutcomeValues): the 15 pairs of different numbers, each lower
    first and then higher first, then the six doubles. The opening roll
    offers the first 30 only."""
    order = []
    for low in range(1, 7):
        for high in range(low + 1, 7):
            order += [(low, high), (high, low)]
    return order + [(d, d) for d in range(1, 7)]


DICE = dice_order()


class Mismatch(AssertionError):
    """gdl and OpenSpiel disagree (the message says where and how)."""


def roll_both(ours, theirs, rng, where):
    """At a roll: the same outcomes with the same probabilities, OpenSpiel's
    k as gdl's `pair=XY` (dx = X, dy = Y); one drawn and played in both, and
    both then hold the same two numbers. Returns gdl's outcome."""
    their_probs = {"pair={}{}".format(*DICE[k]): p for k, p in theirs.chance_outcomes()}
    my_probs = {ours.action_to_string(a): p for a, p in ours.chance_outcomes()}
    if my_probs != pytest.approx(their_probs):
        raise Mismatch(f"{where()}: rolls gdl {my_probs} OpenSpiel {their_probs}")
    k = rng.choice([k for k, _ in theirs.chance_outcomes()])
    roll = "pair={}{}".format(*DICE[k])
    theirs.apply_action(k)
    ours.apply_action(ours.string_to_action(roll))
    if not theirs.is_terminal() and not ours.is_terminal():
        shown = sorted(map(int, re.search(r"Dice: (\d)(\d)", str(theirs)).groups()))
        mine = sorted([var(ours, "dx"), var(ours, "dy")])
        if not shown == mine == sorted(DICE[k]):
            raise Mismatch(f"{where()}: after {roll}, dice gdl {mine} OpenSpiel {shown}")
    return roll


def at_random(_state, listed, rng):
    return rng.choice(sorted(listed))


def hitting(state, listed, rng):
    """A half-turn that leaves the most enemy checkers on the bar (ties at
    random): games of such players reach OpenSpiel's 500 turns."""
    p = state.current_player()

    def hits(key):
        return state.child(listed[key]).board(1 - p, OS_BAR), rng.random()

    return max(sorted(listed), key=hits)


def play(game, seed, choose=at_random):
    """One game in both, from `seed`, checked at every state; the rolls are
    drawn at random, the half-turns by `choose(OpenSpiel's state, its
    half-turns, rng)`. Returns counts of what was compared and played, and
    the returns."""
    ours = game.new_initial_state()
    theirs = pyspiel.load_game("backgammon").new_initial_state()
    rng = random.Random(seed)
    played = []
    seen = collections.Counter()

    def where():
        return f"seed {seed}, after {len(played)} rolls and half-turns {played}"

    while True:
        seen["states"] += 1
        if gdl_board(ours) != os_board(theirs):
            raise Mismatch(f"{where()}: boards gdl {gdl_board(ours)} OpenSpiel {os_board(theirs)}")
        if ours.is_terminal() != theirs.is_terminal():
            over = ours.is_terminal(), theirs.is_terminal()
            raise Mismatch(f"{where()}: over in gdl {over[0]}, in OpenSpiel {over[1]}")
        if theirs.is_terminal():
            break
        if ours.current_player() != theirs.current_player():
            to_move = ours.current_player(), theirs.current_player()
            raise Mismatch(f"{where()}: to move gdl {to_move[0]}, OpenSpiel {to_move[1]}")
        if theirs.is_chance_node():
            played.append(roll_both(ours, theirs, rng, where))
            continue
        # A decision right after another one is the second half of a double.
        seen["second halves"] += bool(played) and not played[-1].startswith("pair=")
        listed, mine = os_halves(theirs), gdl_halves(ours)
        seen["decisions"] += 1
        if set(listed) != set(mine):
            raise Mismatch(
                f"{where()}: half-turns differ at\n{theirs}\nonly in OpenSpiel "
                f"{sorted(set(listed) - set(mine))}, only in gdl {sorted(set(mine) - set(listed))}"
            )
        for key in listed:
            for move in key:
                seen[kind(move)] += 1
        key = choose(theirs, listed, rng)
        seen["two moves"] += len(key) == 2
        theirs.apply_action(listed[key])
        for a in mine[key]:
            ours.apply_action(a)
        played.append("/".join(key))
    if list(ours.returns()) != list(theirs.returns()):
        raise Mismatch(f"{where()}: returns gdl {ours.returns()} OpenSpiel {theirs.returns()}")
    return seen, list(theirs.returns())


def kind(move):
    """What a listed move does, for the counts of what was compared."""
    if move == "pass":
        return "pass"
    start, end = move.split("-")
    if start in BARS:
        return "enter"
    if end in STORES:
        return "bear off exactly"
    if end[0] in "opqrs":
        return "bear off with more"
    return "move"


@pytest.fixture(scope="module")
def backgammon():
    return gdl.load_game("backgammon")


@pytest.mark.parametrize("seed", range(40))
def test_backgammon_plays_as_openspiels(backgammon, seed):
    seen, returns = play(backgammon, seed)
    # A whole game, won by one: someone bore off all fifteen.
    assert sorted(returns) == [-1.0, 1.0]
    assert seen["decisions"] > 30 and seen["two moves"] > 20


def test_random_games_meet_every_rule(backgammon):
    """The random games list every kind of move: entering from the bar,
    bearing off with the exact number and with a larger one, passing, and
    both halves of doubles."""
    seen = collections.Counter()
    for seed in range(10):
        seen.update(play(backgammon, seed)[0])
    for what in ("enter", "bear off exactly", "bear off with more", "pass", "second halves"):
        assert seen[what] > 10, (what, seen)


def test_backgammon_draws_at_openspiels_turn_limit(backgammon):
    """Players who hit whenever they can keep the game going to OpenSpiel's
    limit of 500 turns: both draw at the same state, after the first half of
    turn 501 (OpenSpiel's turns_ counts each player's action but a double's
    second half; gdl's `played` counts each turn once its first half is
    played)."""
    seen, returns = play(backgammon, 0, choose=hitting)
    assert returns == [0.0, 0.0]
    assert seen["decisions"] > 500


# Rules changed in a copy of the game's text: each must be told apart from
# OpenSpiel's in a few random games (`unchanged`: the text as shipped,
# which must not be).
MUTATIONS = {
    "unchanged": None,
    "hit a closed point": ("(enemy except stacked)", "enemy"),
    "bear off with more from any checker": (
        "define furthest = (own and home) where count(own and ray(here, home, w)) = 0",
        "define furthest = own and home",
    ),
    "either number, not both else the larger": ("keep turns with most spent up to dx + dy", ""),
    "doubles played twice only": ("(set phase to 2 then again)", "(set phase to 0)"),
    "the higher number opens": ("if dx < dy: again", "if dx > dy: again"),
    "move with a checker on the bar": (
        "define movable = (own and bar) or ((own except store) where count(own and bar) = 0)",
        "define movable = own except store",
    ),
    "hit checkers leave the game": ("captures to bar", ""),
    "bear off only with more": ("to open or (store where bearing)", "to open"),
}


def first_mismatch(game, seeds):
    for seed in seeds:
        try:
            play(game, seed)
        except Mismatch as mismatch:
            return str(mismatch)
    return None


@pytest.mark.parametrize("name", MUTATIONS)
def test_changed_rules_are_told_apart(name):
    text = gdl.shipped_game_text("backgammon")
    if MUTATIONS[name] is None:
        assert first_mismatch(gdl.load_game(text), range(3)) is None
        return
    old, new = MUTATIONS[name]
    assert text.count(old) >= 1, f"the rule {old!r} is no longer in games/backgammon.gdl"
    found = first_mismatch(gdl.load_game(text.replace(old, new)), range(10))
    assert found is not None, f"{name}: no difference found"
