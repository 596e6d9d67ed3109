"""Konane (games/konane.gdl) against a move generator written here from the
rules alone: at every state of seeded random games, the whole turns gdl
offers (`legal_turns`, each written as its actions) must be the moves the
generator finds, written the same way; the player to move, the end and the
winner must agree. The generator knows nothing of gdl's file: it lifts and
jumps on its own board, a dict of cells.

Konane's rules as the generator reads them: the board starts full, a1 black
and the colours alternating; Black lifts a stone from the middle four cells
or a corner, White one of its stones next to that hole; then a move jumps a
stone over an orthogonally adjacent enemy stone onto the empty cell behind,
and may go on jumping the same way; a player who cannot move loses. gdl
writes each jump as one action and, where the stone could jump on, a
`stop` to end the move (the generator adds it where it is needed)."""

import random

import pytest

import gdl

DIRS = [(0, 1), (0, -1), (1, 0), (-1, 0)]


def label(c, r):
    return f"{chr(ord('a') + c)}{r + 1}"


class Konane:
    def __init__(self, n):
        self.n = n
        self.board = {(c, r): "B" if (c + r) % 2 == 0 else "W" for c in range(n) for r in range(n)}
        self.mover = "B"

    def inside(self, c, r):
        return 0 <= c < self.n and 0 <= r < self.n

    def can_jump(self, c, r, d, me):
        over, land = (c + d[0], r + d[1]), (c + 2 * d[0], r + 2 * d[1])
        return (self.inside(*land) and self.board.get(over) not in (None, me)
                and self.board.get(land) is None)

    def moves(self):
        """Each move as the list of gdl actions that play it."""
        me, n = self.mover, self.n
        empty = [cell for cell in self.board if self.board[cell] is None]
        if not empty:
            h = n // 2
            middle = {(c, r) for c in (h - 1, h) for r in (h - 1, h)}
            corners = {(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)}
            return [[label(*cell)] for cell in sorted(middle | corners) if self.board[cell] == me]
        if len(empty) == 1:
            (hc, hr), = empty
            return [[label(hc + dc, hr + dr)] for dc, dr in DIRS
                    if self.board.get((hc + dc, hr + dr)) == me]
        out = []
        for (c, r), piece in self.board.items():
            if piece != me:
                continue
            for d in DIRS:
                path, (x, y) = [], (c, r)
                # Jump on while the board allows: each stop is a move; the
                # jumped stones are not taken off the generator's board until
                # a move is played, and a landing cell is empty before it.
                while self.can_jump(x, y, d, me):
                    nx, ny = x + 2 * d[0], y + 2 * d[1]
                    path.append(f"{label(x, y)}-{label(nx, ny)}")
                    x, y = nx, ny
                    more = self.can_jump(x, y, d, me)
                    out.append(list(path) + (["stop"] if more else []))
        return out

    def play(self, actions):
        me = self.mover
        for a in actions:
            if a == "stop":
                continue
            if "-" not in a:
                self.board[(ord(a[0]) - 97, int(a[1:]) - 1)] = None
                continue
            f, t = a.split("-")
            (fc, fr), (tc, tr) = (ord(f[0]) - 97, int(f[1:]) - 1), (ord(t[0]) - 97, int(t[1:]) - 1)
            self.board[((fc + tc) // 2, (fr + tr) // 2)] = None
            self.board[(fc, fr)] = None
            self.board[(tc, tr)] = me
        self.mover = "W" if me == "B" else "B"


def turns_of(state):
    """gdl's whole turns, each as a tuple of action texts."""
    out = []
    for turn in state.legal_turns():
        s, texts = state.clone(), []
        for a in turn:
            texts.append(s.action_to_string(s.current_player(), a))
            s.apply_action(a)
        out.append(tuple(texts))
    return out


@pytest.mark.parametrize("size,games", [(6, 12), (8, 8)])
def test_whole_turns_are_the_generators_moves(size, games):
    game = gdl.load_game("konane", size=size)
    compared = 0
    for seed in range(games):
        rng = random.Random(seed)
        state, ref = game.new_initial_state(), Konane(size)
        while True:
            moves = sorted(tuple(m) for m in ref.moves())
            if not moves:
                # The player to move cannot: the other one wins.
                assert state.is_terminal(), (seed, str(state))
                winner = 0 if ref.mover == "W" else 1
                assert state.returns()[winner] == 1.0, (seed, state.returns())
                break
            assert not state.is_terminal(), (seed, str(state))
            assert state.current_player() == (0 if ref.mover == "B" else 1)
            assert sorted(turns_of(state)) == moves, (seed, str(state))
            compared += 1
            move = rng.choice(moves)
            for text in move:
                state.apply_action(state.string_to_action(text))
            ref.play(move)
    assert compared > 100
