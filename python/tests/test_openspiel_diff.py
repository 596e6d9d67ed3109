"""Differential tests against OpenSpiel: each game that OpenSpiel's `pyspiel`
also has is played in both at once, from seeded random choices, and at
every state the two must agree on the legal moves, on the player to move,
on whether the game is over and, at the end, on the returns. Options give
OpenSpiel's rules where gdl has them (docs/python.md lists them).

Both sides are enumerated independently and turned into one common
notation, gdl's (cell labels, `from-to`), by a small mapping per game
written below from each system's own coordinates; nothing here is an
expected result copied from either side. When one decision of a side is
several decisions of the other (a pentago move is one OpenSpiel action but
a placement and a rotation in gdl; an amazon's move is two OpenSpiel
actions, its `from` and its `to`), the finer side is expanded on clones to
the next point where both stand at the start of a decision (a "unit"), and
the units are compared. A unit is chosen at random among the common ones
and played on both sides.

Known differences in the rules are named in each game's spec (`stop`):
where one is met the game is ended there, with the reason asserted, so a
difference that is not the known one still fails. Go's (OpenSpiel's
moves that repeat a position) is left out of OpenSpiel's moves instead,
each checked to be one (`go_os_units`).
"""

import os
import random
import re
import time

import pytest

import gdl

from needs import package

pyspiel = package("pyspiel", "open-spiel")


def label(col, row):
    """gdl's label of the cell in column `col` (0 for `a`) and row `row` (1-based)."""
    return f"{chr(ord('a') + col)}{row}"


def text(state, action):
    return state.action_to_string(state.current_player(), action)


def each_action(state, key):
    """Every legal action alone, keyed by `key(its text)`; keys must not repeat."""
    units = {}
    for a in state.legal_actions():
        k = key(text(state, a))
        assert k not in units, f"two actions map to {k!r}"
        units[k] = [a]
    return units


def same(t):
    return t


def expand(state, key, more, paths=False):
    """Units of several decisions of one side: from `state`, each legal action,
    then (on a clone) the following ones while `more(before, after, text)`
    says the unit goes on. `key(texts)` names a unit by the texts of its
    actions; with `paths`, several ways to one unit (the hop chains to one
    hole) are allowed, the first found is played."""
    units = {}

    def walk(s, actions, texts):
        for a in s.legal_actions():
            t = text(s, a)
            child = s.clone()
            child.apply_action(a)
            if not child.is_terminal() and more(s, child, t):
                walk(child, actions + [a], texts + [t])
            else:
                k = key(texts + [t])
                assert paths or k not in units, f"two units map to {k!r}"
                units.setdefault(k, actions + [a])

    walk(state, [], [])
    return units


def same_player(before, after, _text):
    return after.current_player() == before.current_player()


class Spec:
    """One game in both systems. `os_units(state)` and `gdl_units(state)` map
    each side's legal units to common keys (lists of actions to play);
    `stop(os_state, gdl_state, gdl_game)` returns the reason of a known
    difference met at this state (the game is not compared further), or
    None; `seats[p]` is gdl's seat of OpenSpiel's player p; `check(os_state,
    gdl_state, where)`, if given, compares more at every state (what each
    player sees); `os_returns_by_turn`: OpenSpiel's returns are listed in
    turn order, not by player (its four-player Quoridor's)."""

    def __init__(self, os_game, gdl_game, os_units, gdl_units, seeds=3, plies=2000,
                 stop=None, os_params=None, gdl_options=None, seats=(0, 1), check=None,
                 os_returns_by_turn=False):
        self.os_game, self.gdl_game = os_game, gdl_game
        self.seats = seats
        self.os_params = os_params or {}
        self.gdl_options = gdl_options or {}
        self.os_units, self.gdl_units = os_units, gdl_units
        self.seeds, self.plies, self.stop = seeds, plies, stop
        self.check = check
        self.os_returns_by_turn = os_returns_by_turn


def play(spec, seed, plies):
    """Plays one seeded random game in both systems; returns the states
    compared and how the game stopped: `end` (over in both, same returns),
    `cap` (the ply cap) or the reason of a known difference met."""
    os_game = pyspiel.load_game(spec.os_game, spec.os_params)
    gdl_game = gdl.load_game(spec.gdl_game, **spec.gdl_options)
    o, g = os_game.new_initial_state(), gdl_game.new_initial_state()
    rng = random.Random(f"{spec.gdl_game}-{seed}")
    played = []
    compared = 0

    def where():
        return f"{spec.gdl_game}, seed {seed}, after {len(played)} units {played}"

    while True:
        if spec.stop is not None:
            reason = spec.stop(o, g, gdl_game)
            if reason is not None:
                return compared, reason
        over = o.is_terminal(), g.is_terminal()
        assert over[0] == over[1], f"{where()}: over in OpenSpiel {over[0]}, in gdl {over[1]}"
        if spec.check is not None:
            spec.check(o, g, where)
        if o.is_terminal():
            returns = [g.returns()[seat] for seat in spec.seats]
            if spec.os_returns_by_turn:
                returns = list(g.returns())
            assert list(o.returns()) == pytest.approx(returns), f"{where()}: returns"
            return compared + 1, "end"
        assert spec.seats[o.current_player()] == g.current_player(), f"{where()}: player to move"
        ou, gu = spec.os_units(o), spec.gdl_units(g)
        compared += 1
        if set(ou) != set(gu):
            only_os = sorted(set(ou) - set(gu), key=str)
            only_gdl = sorted(set(gu) - set(ou), key=str)
            pytest.fail(f"{where()}: legal moves differ: only in OpenSpiel {only_os}, "
                        f"only in gdl {only_gdl}")
        if len(played) >= plies:
            return compared, "cap"
        k = rng.choice(sorted(ou, key=str))
        for a in ou[k]:
            o.apply_action(a)
        for a in gu[k]:
            g.apply_action(a)
        played.append(k)


# --- The mappings, one per game: OpenSpiel's notation to gdl's. ---


def ttt_key(t):
    # OpenSpiel: `x(r,c)`, r the row from the top, c the column.
    r, c = map(int, re.fullmatch(r"[xo]\((\d),(\d)\)", t).groups())
    return label(c, 3 - r)


def connect_four_os(t):
    # OpenSpiel: `x3`, the column; gdl: the cell the disc falls to.
    return int(t[1:])


def connect_four_gdl(t):
    return ord(t[0]) - ord("a")


def breakthrough_os(t):
    # OpenSpiel: `a7b6` (with `*` for a take), Black first, from rows 7 and 8;
    # gdl: `a2-b3`, White first from rows 1 and 2: the board turned over.
    m = re.fullmatch(r"([a-h])(\d)([a-h])(\d)\*?", t)
    a, r1, b, r2 = m.groups()
    return f"{a}{9 - int(r1)}-{b}{9 - int(r2)}"


def clobber_os(t):
    # OpenSpiel: `a5b5`; gdl: `a5-b5`, on the same labels (o, White, first).
    return f"{t[:2]}-{t[2:]}"


def dots_os(height):
    """OpenSpiel's `P1(h,r,c)`: the horizontal line of dot row r (0 at the top)
    from dot column c to c + 1; `P1(v,r,c)`: the vertical line of dot column c
    from dot row r to r + 1. gdl's cells are the boxes (b2 the bottom left
    one) ringed by cells outside: a line is the side between two cells."""
    def key(t):
        kind, r, c = re.fullmatch(r"P[12]\(([hv]),(\d+),(\d+)\)", t).groups()
        r, c = int(r), int(c)
        if kind == "h":
            ends = label(c + 1, height + 2 - r), label(c + 1, height + 1 - r)
        else:
            ends = label(c, height + 1 - r), label(c + 1, height + 1 - r)
        return "-".join(sorted(ends))
    return key


def dots_gdl(t):
    # gdl: `b3-b4`, from a box to its neighbour: the line as its two ends.
    return "-".join(sorted(t.split("-")))


def quoridor_os(size):
    """OpenSpiel's `e8` (a pawn's cell, row 1 at the top) and `e8h`/`e8v` (a
    wall whose centre is the corner below and right of e8): gdl's cell, and
    gdl's `h:e1`/`v:e1` as the anchor below the centre's left (e1)."""
    def key(t):
        col, row, wall = re.fullmatch(r"([a-z])(\d+)([hv]?)", t).groups()
        if wall:
            return f"{col}{size - int(row)}{wall}"
        return f"{col}{size + 1 - int(row)}"
    return key


def quoridor_stop(o, g, _game):
    # A pawn that can neither move nor place a wall: gdl passes; OpenSpiel's
    # "stay" (its known issues) moves the pawn to another cell.
    if not g.is_terminal() and [g.action_to_string(a) for a in g.legal_actions()] == ["pass"]:
        assert len(o.legal_actions()) == 1
        return "stuck pawn"
    return None


def quoridor_gdl_units(state):
    """gdl: `e1-e2`, `e4xe6` (the pawn's move: only its cell reached counts),
    or a wall `h:e1`, written `e1` when the other wall there is not legal
    (told apart by reading `h:e1` back)."""
    units = {}
    for a in state.legal_actions():
        t = text(state, a)
        if ":" in t:
            wall, anchor = t.split(":")
            k = anchor + wall
        elif "-" in t or "x" in t:
            k = re.fullmatch(r"[a-z]\d+\W([a-z]\d+)", t).group(1)
        else:
            try:
                k = t + ("h" if state.string_to_action(f"h:{t}") == a else "v")
            except ValueError:
                k = t + "v"
        assert k not in units, f"two actions map to {k!r}"
        units[k] = [a]
    return units


def othello_os(t):
    # The same labels, and the same start on them (d4 white, e4 black), though
    # OpenSpiel draws row 1 at the top; `pass` in both.
    return t


def amazons_os_units(state):
    # OpenSpiel: `X From (r, c)`, `X To (r, c)`, then `X Shoot: (r, c)`, r
    # from the top (1 to 10); gdl: `a4-a5`, then the arrow's cell.
    def cell(t):
        r, c = map(int, re.search(r"\((\d+), (\d+)\)", t).groups())
        return label(c - 1, 11 - r)

    def key(texts):
        if len(texts) == 1:
            assert "Shoot" in texts[0], texts
            return cell(texts[0])
        assert "From" in texts[0] and "To" in texts[1], texts
        return f"{cell(texts[0])}-{cell(texts[1])}"

    return expand(state, key, lambda before, after, t: "From" in t)


def go_os(t):
    # OpenSpiel: `B d4`, `W PASS`, columns without `i`.
    word = t.split()[1]
    if word == "PASS":
        return "pass"
    col = "abcdefghjklmnopqrst".index(word[0])
    return label(col, int(word[1:]))


def go_os_units(state):
    # Known difference: OpenSpiel's legal moves obey only the simple ko rule,
    # and a move that recreates an earlier board ends its game as a draw
    # (its `superko_`); gdl forbids such a move (positional superko, `keep if
    # not seen-before`). Those OpenSpiel moves are left out here, each one
    # checked to be such a move: it ends the game at once, as a draw, and is
    # not a pass.
    units = each_action(state, go_os)
    for k, (a,) in list(units.items()):
        if k == "pass":
            continue
        child = state.child(a)
        if child.is_terminal():
            assert list(child.returns()) == [0.0, 0.0], (k, child.returns())
            SUPERKO.append(k)
            del units[k]
    return units


SUPERKO = []


def gomoku_os(t):
    # OpenSpiel: `r,c`, row and column from 0.
    r, c = map(int, t.split(","))
    return label(c, r + 1)


def loa_os(t):
    # OpenSpiel: `b1-b3`, `c1xa3` for a take; the same labels and start.
    return t.replace("x", "-")


def repeats(game, history):
    """How often each position came along `history` in gdl: the board, marks
    and hands as `str` draws them (not the turn line nor the variables),
    with the player to move (the parity of the ply: for games of one action
    a turn)."""
    state = game.new_initial_state()
    seen = {}

    def note(ply):
        lines = str(state).split("\n")
        kept = [x for x in lines if not x.startswith(("turn ", "game over")) and " = " not in x]
        board = "\n".join(kept)
        seen[board, ply % 2] = seen.get((board, ply % 2), 0) + 1

    note(0)
    for ply, a in enumerate(history, 1):
        state.apply_action(a)
        note(ply)
    return seen


def oware_stop(o, g, game):
    # Known difference: OpenSpiel's oware ends when a position (seeds, scores
    # and player to move) comes back, each player taking the seeds of their
    # own row; gdl's has no such rule. (An option cannot say it yet: gdl's
    # `repetitions` also compares the pit the last seed was sown in.)
    if o.is_terminal() and not g.is_terminal():
        assert max(repeats(game, g.history()).values()) >= 2, str(g)
        scores = [int(x) for x in re.findall(r"Player \d score = (\d+)", str(o))][::-1]
        assert sum(scores) == 48, str(o)
        win = (scores[0] > scores[1]) - (scores[0] < scores[1])
        assert list(o.returns()) == [win, -win], (str(o), o.returns())
        return "OpenSpiel's end at a repeated position"
    return None


def oware_os(t):
    # OpenSpiel: `A`..`F` South's pits left to right, `a`..`f` North's,
    # `a` above `F` (sowing runs A..F then a..f); gdl: a1..f1, then f2..a2.
    if t.isupper():
        return label(ord(t) - ord("A"), 1)
    return label(5 - (ord(t) - ord("a")), 2)


def kalah_os(t):
    # OpenSpiel: pits 1..6 South's, 7 its store, 8..13 North's, 0 its store;
    # gdl: b1..g1, h1, then g2..b2 and a2, the same ring.
    n = int(t)
    return label(n, 1) if n < 7 else label(14 - n, 2)


def pentago_os(t):
    # OpenSpiel: `a1s`: column, row from the top, then s..z = 2 * quadrant +
    # direction, quadrants 0 top left, 1 top right, 2 bottom right, 3 bottom
    # left, direction 0 counter-clockwise; gdl: `a6` then `a+90` (regions a
    # top left, b top right, c bottom left, d bottom right; +90 anticlockwise).
    col, row, r = t[0], int(t[1]), ord(t[2]) - ord("s")
    region = "abdc"[r // 2]
    turn = "+90" if r % 2 == 0 else "-90"
    return f"{col}{7 - row} {region}{turn}"


def pentago_gdl_units(state):
    return expand(state, lambda texts: " ".join(texts), same_player)


def morris_points():
    """OpenSpiel's points, numbered as its picture draws them (row by row),
    to gdl's labels: the 7 distinct columns are a..g, the 7 rows 7..1."""
    picture = str(pyspiel.load_game("nine_mens_morris").new_initial_state()).split("\n")[:13]
    dots = [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "."]
    cols = sorted({c for _, c in dots})
    return [label(cols.index(c), 7 - r // 2) for r, c in dots]


def morris_os():
    points = morris_points()

    def key(t):
        m = re.fullmatch(r"Move (\d+) -> (\d+)", t)
        if m:
            return f"{points[int(m[1])]}-{points[int(m[2])]}"
        return points[int(re.fullmatch(r"Point (\d+)", t)[1])]

    return key


def morris_stop(o, g, _game):
    # Known difference: OpenSpiel's nine men's morris is a draw after 200
    # turns (its kMaxNumTurns; its picture says `Turn number: 200`); gdl's has
    # no such limit (its `quiet-draw` option is Regular Boardgames' rule).
    if o.is_terminal() and not g.is_terminal():
        assert "Turn number: 200\n" in str(o) and list(o.returns()) == [0.0, 0.0], str(o)
        return "OpenSpiel's draw after 200 turns"
    return None


def morris_gdl(t):
    return t.split(":")[-1]


def checkers_stop(o, g, _game):
    # Known difference: OpenSpiel's checkers is a draw after 40 plies without
    # a capture (a jump, two rows at once); gdl's English draughts has no such
    # rule (the player who cannot move loses, nothing else ends it).
    quiet = 0
    for a in reversed(o.history()):
        t = o.action_to_string(0, a)
        if abs(int(t[1]) - int(t[3])) == 2:
            break
        quiet += 1
    if o.is_terminal() and not g.is_terminal():
        assert quiet >= 40 and list(o.returns()) == [0.0, 0.0], (quiet, o.returns())
        return "OpenSpiel's draw after 40 plies without a capture"
    return None


def checkers_os(t):
    # OpenSpiel: `a3b4`, the same labels and start (first player on rows 1-3).
    return f"{t[:2]}-{t[2:]}"


def chess_os_units(state, board=None):
    # OpenSpiel's moves as long algebraic notation from its own Move (from,
    # to, promotion): `e2e4`, `e1g1` castling, `e7e8q`.
    units = {}
    board = board or state.board()
    for a in state.legal_actions():
        lan = pyspiel.chess.action_to_move(a, board).to_lan()
        k = f"{lan[:2]}-{lan[2:4]}"
        if len(lan) == 5:
            k += " promotion=" + {"q": "queen", "r": "rook", "b": "bishop", "n": "knight"}[lan[4]]
        assert k not in units
        units[k] = [a]
    return units


def chess_gdl_units(state):
    # A pawn's move to the last row, then its promotion, is one unit.
    return expand(state, lambda texts: " ".join(texts), same_player)


def shogi_os_units(state):
    # A move that must promote is listed by OpenSpiel with `+` alone, and
    # played by gdl without asking: both are keyed by the move alone (the
    # positions that follow tell whether the piece promoted).
    units = each_action(state, shogi_os)
    for k in [k for k in units if k.endswith(" +") and k[:-2] not in units]:
        units[k[:-2]] = units.pop(k)
    return units


SHOGI_KINDS = {"P": "pawn", "L": "lance", "N": "knight", "S": "silver", "G": "gold",
               "B": "bishop", "R": "rook"}


def shogi_os(t):
    # OpenSpiel (USI): `7g7f`, `3d3a+`, `P*5e`: files 9..1 from Black's left,
    # ranks a..i from White's side; gdl: columns a..i from Black's left, rows
    # 1..9 from Black's side, `promotion=yes|no` after a move that may promote.
    def cell(s):
        return label(9 - int(s[0]), 9 - (ord(s[1]) - ord("a")))

    if "*" in t:
        return f"drop-{SHOGI_KINDS[t[0]]}:{cell(t[2:4])}"
    return f"{cell(t[0:2])}-{cell(t[2:4])}" + (" +" if t.endswith("+") else "")


SHOGI = None


def shogi_gdl_units(state):
    # A drop's text is its cell alone when no other kind may be dropped there;
    # the game's `describe_action` always names it (`drop-pawn:e5`).
    global SHOGI
    SHOGI = SHOGI or gdl.load_game("shogi")
    units = {}
    for a in state.legal_actions():
        move = SHOGI.describe_action(a)
        child = state.clone()
        child.apply_action(a)
        if not child.is_terminal() and child.current_player() == state.current_player():
            for b in child.legal_actions():
                t = text(child, b)
                assert t in ("promotion=yes", "promotion=no"), t
                units[move + (" +" if t == "promotion=yes" else "")] = [a, b]
        else:
            units[move] = [a]
    return units


def xiangqi_stop(o, g, game):
    # Known differences: OpenSpiel's xiangqi is a draw after 500 plies (its
    # game length) and has no other draw; gdl's draws after 60 moves each
    # without a capture and at a position's third time (or the perpetual
    # checker loses), and has no bound on the length.
    if o.is_terminal() and not g.is_terminal():
        assert o.move_number() >= 500, o.move_number()
        assert list(o.returns()) == [0.0, 0.0], o.returns()
        return "OpenSpiel's draw after 500 plies"
    if g.is_terminal() and not o.is_terminal():
        if "quiet = 120\n" in str(g):
            return "gdl's draw after 60 moves each without a capture"
        assert max(repeats(game, g.history()).values()) >= 3, str(g)
        return "gdl's threefold repetition"
    return None


def xiangqi_os(t):
    # OpenSpiel: `S(6,0)-(5,0)`, (row from Black's side 0..9, column 0..8);
    # gdl: `a4-a5`, rows 1..10 from Red's side.
    r1, c1, r2, c2 = map(int, re.fullmatch(r"\w\((\d),(\d)\)-\((\d),(\d)\)", t).groups())
    return f"{label(c1, 10 - r1)}-{label(c2, 10 - r2)}"


def chinese_checkers_cells(gdl_game):
    """OpenSpiel's positions, numbered as its picture draws them (row by row,
    each hole at twice its column plus its row's offset), to gdl's labels
    (`observation_cells`: axial row and column)."""
    picture = str(pyspiel.load_game("chinese_checkers").new_initial_state()).split("\n")[:17]
    holes = [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch != " "]
    by_place = {(row, col): name for name, row, col in gdl_game.observation_cells()}
    # gdl's axial column: the doubled column less the row, shifted so the
    # top hole (OpenSpiel's 12 on row 0) is gdl's column 12.
    return [by_place[(r, (c - r + 12) // 2)] for r, c in holes]


def chinese_checkers_os():
    cells = chinese_checkers_cells(gdl.load_game("chinese-checkers"))

    def units(state):
        # A hop chain is one OpenSpiel action a hop, ended by `Pass` or when
        # no hop is left; every place a chain may stop is a unit.
        def key(texts):
            if texts == ["Pass"]:
                return "pass"
            if texts[-1] == "Pass":
                texts = texts[:-1]
            first = re.fullmatch(r"(\d+)(->|=>)(\d+)", texts[0])
            last = re.fullmatch(r"(\d+)(->|=>)(\d+)", texts[-1])
            return f"{cells[int(first[1])]}-{cells[int(last[3])]}"

        def more(before, after, t):
            return t != "Pass" and same_player(before, after, t)

        return expand(state, key, more, paths=True)

    return units


def chinese_checkers_gdl_units(state):
    def key(texts):
        if texts == ["pass"]:
            return "pass"
        assert len(texts) == 2, texts
        return f"{texts[0]}-{texts[1]}"

    return expand(state, key, same_player)


def hex_key(t):
    # Hex and Y: the same labels on the same rhombus and triangle.
    return t


def havannah_os(size):
    # OpenSpiel: row r has columns a.. from the left of its picture, row 1
    # starting at `a`, row 2 * size - 1 at the middle letter; gdl: row 1
    # starts at the middle letter and the last row at `a`. The same cell is
    # `size - r` columns further right in gdl (a shear of the axial grid).
    def key(t):
        col, row = ord(t[0]) - ord("a"), int(t[1:])
        return label(col + size - row, row)

    return key


def uttt_os_units(state):
    # OpenSpiel: `Choose local board B` where the player may choose, then
    # `Local board B: x(r,c)`, boards and cells numbered from the top left;
    # gdl: one placement, named by its cell.
    def key(texts):
        b, r, c = map(int, re.search(r"Local board (\d): [xo]\((\d),(\d)\)", texts[-1]).groups())
        return label(3 * (b % 3) + c, 9 - (3 * (b // 3) + r))

    return expand(state, key, same_player)


def each(key):
    return lambda state: each_action(state, key)


# `seeds`: the seeded games played (a number: seeds 0..n-1, or a list, chosen
# so that each known difference is met at least once); `plies`: the cap on
# units played in a game (most games end before it).
SPECS = {
    "tictactoe": Spec("tic_tac_toe", "tictactoe", each(ttt_key), each(same), seeds=20),
    "connect-four": Spec("connect_four", "connect-four", each(connect_four_os),
                         each(connect_four_gdl), seeds=10),
    "breakthrough": Spec("breakthrough", "breakthrough", each(breakthrough_os), each(same),
                         seeds=8),
    "clobber": Spec("clobber", "clobber", each(clobber_os), each(same), seeds=10),
    "clobber-8x8": Spec("clobber", "clobber", each(clobber_os), each(same),
                        os_params={"rows": 8, "columns": 8},
                        gdl_options={"width": 8, "height": 8}, seeds=4),
    "dots-and-boxes": Spec("dots_and_boxes", "dots-and-boxes", each(dots_os(2)),
                           each(dots_gdl), seeds=20),
    "dots-and-boxes-3x4": Spec("dots_and_boxes", "dots-and-boxes", each(dots_os(3)),
                               each(dots_gdl), os_params={"num_rows": 3, "num_cols": 4},
                               gdl_options={"height": 3, "width": 4}, seeds=10),
    "quoridor": Spec("quoridor", "quoridor", each(quoridor_os(9)), quoridor_gdl_units,
                     seeds=10, stop=quoridor_stop),
    # OpenSpiel's players 0 to 3 sit at the bottom, top, left and right;
    # they move bottom, left, top, right, as gdl's seats. Its `Returns()`
    # lists the players in that turn order (`res[i]` for `players_[i]`), so
    # a win of its player 1 is reported at index 2: compared by turn.
    "quoridor-four": Spec("quoridor", "quoridor-four", each(quoridor_os(9)),
                          quoridor_gdl_units, stop=quoridor_stop,
                          os_params={"players": 4}, seats=(0, 2, 1, 3), seeds=10,
                          os_returns_by_turn=True),
    "quoridor-5x5": Spec("quoridor", "quoridor", each(quoridor_os(5)), quoridor_gdl_units,
                         stop=quoridor_stop,
                         os_params={"board_size": 5}, gdl_options={"size": 5, "walls": 3},
                         seeds=20),
    "ultimate-tictactoe": Spec("ultimate_tic_tac_toe", "ultimate-tictactoe", uttt_os_units,
                               each(same), seeds=10),
    "reversi": Spec("othello", "reversi", each(othello_os), each(same),
                    gdl_options={"ending": "stuck"}, seeds=10),
    "amazons": Spec("amazons", "amazons", amazons_os_units, each(same), seeds=4),
    "hex": Spec("hex", "hex", each(hex_key), each(same), os_params={"board_size": 7},
                gdl_options={"size": 7, "swap": False}, seeds=10),
    "havannah": Spec("havannah", "havannah", each(havannah_os(5)), each(same),
                     os_params={"board_size": 5}, gdl_options={"size": 5}, seeds=8),
    "y": Spec("y", "y", each(hex_key), each(same), os_params={"board_size": 9},
              gdl_options={"size": 9}, seeds=10),
    "gomoku": Spec("gomoku", "gomoku", each(gomoku_os), each(same), os_params={"size": 9},
                   gdl_options={"size": 9}, seeds=8),
    # OpenSpiel's game length (2 * 81 on 9x9) would cut games short.
    "go": Spec("go", "go", go_os_units, each(same),
               os_params={"board_size": 9, "komi": 7.5, "max_game_length": 1000},
               gdl_options={"size": 9, "komi": 7.5}, seeds=6),
    "lines-of-action": Spec("lines_of_action", "lines-of-action", each(loa_os), each(same),
                            gdl_options={"rules": "mso"}, seeds=8),
    "nine-mens-morris": Spec("nine_mens_morris", "nine-mens-morris", each(morris_os()),
                             each(morris_gdl), seeds=6, stop=morris_stop),
    "pentago": Spec("pentago", "pentago", each(pentago_os), pentago_gdl_units, seeds=5),
    "oware": Spec("oware", "oware", each(oware_os), each(same),
                  seeds=list(range(8)) + [14, 19], stop=oware_stop),
    "kalah": Spec("mancala", "kalah", each(kalah_os), each(same), seeds=10),
    "draughts": Spec("checkers", "draughts", each(checkers_os), each(same), seeds=8,
                     stop=checkers_stop),
    # OpenSpiel's chess has Black as player 0 and White as player 1.
    "chess": Spec("chess", "chess", chess_os_units, chess_gdl_units,
                  gdl_options={"insufficient_material": "draw"}, seeds=5, seats=(1, 0)),
    # OpenSpiel's shogi has no move limit (its random games end well before
    # gdl's largest), and its own rules for entering kings.
    "shogi": Spec("shogi", "shogi", shogi_os_units, shogi_gdl_units,
                  gdl_options={"move_limit": 0, "impasse": "points"}, seeds=[2, 19]),
    "xiangqi": Spec("xiangqi", "xiangqi", each(xiangqi_os), each(same), seeds=[0, 1, 2, 3, 12],
                    stop=xiangqi_stop),
    # Both draw after the same number of turns: 150 here, to see it happen.
    "chinese-checkers": Spec("chinese_checkers", "chinese-checkers", chinese_checkers_os(),
                             chinese_checkers_gdl_units, os_params={"max_moves": 150},
                             gdl_options={"stay": "no", "leave_goal": "yes", "turns": 150},
                             seeds=3),
}


@pytest.mark.parametrize("name", sorted(SPECS))
def test_same_moves_ends_and_returns_as_openspiel(name):
    spec = SPECS[name]
    seeds = range(spec.seeds) if isinstance(spec.seeds, int) else spec.seeds
    plies = spec.plies
    # A longer run: GDL_DIFF_SEEDS=100 plays seeds 0..99 of every game.
    if os.environ.get("GDL_DIFF_SEEDS"):
        seeds, plies = range(int(os.environ["GDL_DIFF_SEEDS"])), 100000
    start = time.perf_counter()
    compared, endings = 0, {}
    for seed in seeds:
        n, how = play(spec, seed, plies)
        compared += n
        endings[how] = endings.get(how, 0) + 1
    took = time.perf_counter() - start
    print(f"\n{name}: {compared} states compared in {took:.2f}s, games: {endings}")
    assert compared > 0


def test_go_superko_is_the_known_difference():
    # A triple ko, built on 9x9: three ko shapes, each a stone inside the
    # other colour's mouth (d2, d5: black stones White may take from c2,
    # c5; c8: a white stone Black may take from d8). Taking in turn, each
    # capture legal under the simple ko rule, the sixth capture (Black's d5)
    # would bring back the position after the setup.
    spec = SPECS["go"]
    o = pyspiel.load_game(spec.os_game, spec.os_params).new_initial_state()
    g = gdl.load_game(spec.gdl_game, **spec.gdl_options).new_initial_state()
    setup = "b2 e2 c1 d1 c3 d3 d2 e5 b5 d4 c4 d6 c6 e8 d5 d7 b8 d9 c7 c8 c9".split()
    cycle = "c2 d8 c5 d2 c8".split()
    for k in setup + cycle:
        ou, gu = spec.os_units(o), spec.gdl_units(g)
        assert set(ou) == set(gu), k
        for a in ou[k]:
            o.apply_action(a)
        for a in gu[k]:
            g.apply_action(a)
    # OpenSpiel offers d5, and ends the game there as a draw; gdl does not.
    everything = each_action(o, go_os)
    assert "d5" in everything and "d5" not in each_action(g, same)
    after = o.child(everything["d5"][0])
    assert after.is_terminal() and after.returns() == [0.0, 0.0]
    before = len(SUPERKO)
    assert set(spec.os_units(o)) == set(spec.gdl_units(g))
    assert SUPERKO[before:] == ["d5"]
