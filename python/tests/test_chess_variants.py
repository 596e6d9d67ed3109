"""The chess variants against python-chess's own boards (`chess.variant`),
and those python-chess lacks against Fairy-Stockfish (`pyffish`, its
Python binding): seeded random games played in both at once, and at every
position the two must agree on the legal moves (as UCI: `e2e4`, `e7e8q`),
on the side to move and on whether the game is over, and at the end on its
result.

gdl's chess draws at once on a threefold repetition and after 50 moves
each without a capture or a pawn move; python-chess lets a player claim
those draws. Where gdl's game ends so and python-chess's goes on, the
claim is checked to be there (`can_claim_draw`) and the game stops.
"""

import random

import pytest

import gdl

from needs import package

chess = package("chess", "chess")
import chess.variant  # noqa: E402  (after the check that chess is installed)

PROMOTIONS = {"queen": "q", "rook": "r", "bishop": "b", "knight": "n", "king": "k",
              "archbishop": "a", "chancellor": "c"}


def gdl_moves(state):
    """gdl's legal moves from `state` as UCI, each with the actions that
    play it: a pawn's move to the last row and its promotion are one."""
    moves = {}
    for a in state.legal_actions():
        text = state.action_to_string(a)
        child = state.clone()
        child.apply_action(a)
        if not child.is_terminal() and child.current_player() == state.current_player():
            for b in child.legal_actions():
                kind = child.action_to_string(b).split("=")[1]
                moves[text.replace("-", "") + PROMOTIONS[kind]] = [a, b]
        else:
            moves[text.replace("-", "")] = [a]
    return moves


def uci_turns(state):
    """gdl's legal turns from `state` as its long algebraic notation writes
    them, which is UCI's (`e2e4`, `e7e8q`, Chess960's castling `e1h1`,
    crazyhouse's drops `Q@e4`)."""
    turns = state.legal_turn_strings("long-algebraic")
    assert len(set(turns)) == len(turns), turns
    return set(turns)


def result_of(state):
    """gdl's result as python-chess writes it."""
    white, black = state.returns()
    return "1-0" if white > black else "0-1" if black > white else "1/2-1/2"


def play(gdl_game, board_class, seed, plies=400, options=None):
    """One seeded random game in both; returns the positions compared and
    how it ended. Chance's outcomes before the first move (Chess960's
    start) are drawn by their probabilities, and python-chess's board is
    made from the position gdl writes then."""
    game = gdl.load_game(gdl_game, **(options or {}))
    g = game.new_initial_state()
    rng = random.Random(f"{gdl_game}-{seed}")
    drawn = g.is_chance_node()
    while g.is_chance_node():
        outcomes = g.chance_outcomes()
        actions, weights = [a for a, _ in outcomes], [p for _, p in outcomes]
        g.apply_action(rng.choices(actions, weights)[0])
    board = board_class(g.position_text()) if drawn else board_class()
    compared = 0
    while True:
        where = f"{gdl_game}, seed {seed}, after {board.move_stack}"
        if g.is_terminal() and not board.is_game_over(claim_draw=False):
            assert board.can_claim_draw(), f"{where}: over in gdl only"
            assert result_of(g) == "1/2-1/2", where
            return compared, "claimable draw"
        assert g.is_terminal() == board.is_game_over(claim_draw=False), f"{where}: over"
        if g.is_terminal():
            assert result_of(g) == board.result(claim_draw=False), f"{where}: result"
            return compared, "end"
        assert g.current_player() == (0 if board.turn == chess.WHITE else 1), where
        ours = uci_turns(g)
        theirs = {m.uci() for m in board.legal_moves}
        compared += 1
        assert set(ours) == theirs, (
            f"{where}: only in python-chess {sorted(theirs - set(ours))}, "
            f"only in gdl {sorted(set(ours) - theirs)}")
        if len(board.move_stack) >= plies:
            return compared, "cap"
        move = rng.choice(sorted(theirs))
        g.apply_turn(g.string_to_turn(move))
        board.push_uci(move)


# python-chess ends a game without the material to mate, as gdl's chess
# does with this option (Horde's own rule for it is not in gdl's file:
# the random games here do not meet it).
VARIANTS = {
    "chess": (chess.Board, 4, {"insufficient_material": "draw"}),
    "chess960": (lambda fen: chess.Board(fen, chess960=True), 12,
                 {"insufficient_material": "draw"}),
    "crazyhouse": (chess.variant.CrazyhouseBoard, 8, {"insufficient_material": "draw"}),
    "horde": (chess.variant.HordeBoard, 8, {}),
    "antichess": (chess.variant.AntichessBoard, 8, {"insufficient_material": "draw"}),
    "racing-kings": (chess.variant.RacingKingsBoard, 8, {}),
    "three-check": (chess.variant.ThreeCheckBoard, 8, {"insufficient_material": "draw"}),
    # Castling as Chess960 writes it (`e1h1`), from chess's start.
    "atomic": (lambda: chess.variant.AtomicBoard(chess960=True), 8,
               {"insufficient_material": "draw"}),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_plays_as_python_chess(name):
    board_class, seeds, options = VARIANTS[name]
    endings = {}
    compared = 0
    for seed in range(seeds):
        n, how = play(name, board_class, seed, options=options)
        compared += n
        endings[how] = endings.get(how, 0) + 1
    print(f"\n{name}: {compared} positions compared, games: {endings}")
    assert compared > seeds * 10


def test_chess960_starts_by_number_are_python_chess_s():
    """`-o start=N` gives Chess960's start numbered N, as python-chess
    numbers them (`Board.from_chess960_pos`, Scharnagl's numbering): each
    of chance's steps has one outcome."""
    for n in range(960):
        g = gdl.load_game("chess960", start=n).new_initial_state()
        while g.is_chance_node():
            outcomes = g.chance_outcomes()
            assert len(outcomes) == 1 and outcomes[0][1] == 1.0, (n, outcomes)
            g.apply_action(outcomes[0][0])
        board = chess.Board.from_chess960_pos(n)
        assert g.position_text().split(" ")[0] == board.board_fen(), n


sf = package("pyffish", "pyffish")


def makruk_counting(variant, fen, moves):
    """Whether Fairy-Stockfish's game ended by makruk's counting rules
    (gdl's file has none): drawn, with no pawn left on the board."""
    board = sf.get_fen(variant, fen, moves).split(" ")[0]
    return sf.game_result(variant, fen, moves) == 0 and not set(board) & set("Pp")


def repeated_four_times(variant, fen, moves):
    """Whether Fairy-Stockfish's game ended on a position seen the fourth
    time (shogi's sennichite: Fairy-Stockfish's minishogi scores it, and
    forbids perpetual check, otherwise than gdl's shogi)."""
    key = lambda n: " ".join(sf.get_fen(variant, fen, moves[:n]).split(" ")[:2])
    return [key(n) for n in range(len(moves) + 1)].count(key(len(moves))) >= 4


SHOGI_LETTERS = {"rook": "R", "bishop": "B", "gold": "G", "silver": "S", "pawn": "P"}


def shogi_units(state):
    """gdl's minishogi moves in Fairy-Stockfish's UCI: `a1b2`, `c4c5+` (a
    promotion, gdl's `promotion=yes` after the move), `P@b3` (a drop)."""
    game = state.get_game()
    units = {}
    for a in state.legal_actions():
        text = game.describe_action(a)
        if text.startswith("drop-"):
            kind, cell = text[5:].split(":")
            units[f"{SHOGI_LETTERS[kind]}@{cell}"] = [a]
            continue
        move = text.replace("-", "")
        child = state.clone()
        child.apply_action(a)
        if not child.is_terminal() and child.current_player() == state.current_player():
            for b in child.legal_actions():
                yes = child.action_to_string(b) == "promotion=yes"
                units[move + ("+" if yes else "")] = [a, b]
        else:
            units[move] = [a]
    return units


def without_pawn_drop_mates(variant, fen, moves, legal):
    """Fairy-Stockfish's moves less the pawn drops that mate: it lists them
    and scores them as a loss for the dropper; gdl's shogi (as OpenSpiel's)
    does not offer them."""
    def mates(m):
        after = moves + [m]
        return not sf.legal_moves(variant, fen, after) and sf.game_result(variant, fen, after) > 0
    return [m for m in legal if not (m.startswith("P@") and mates(m))]


def shogi_normal(legal):
    """Fairy-Stockfish's moves, a forced promotion (`c4c5+` with no `c4c5`)
    keyed by the move alone: gdl's game promotes without asking."""
    moves = set(legal)
    return lambda m: m[:-1] if m.endswith("+") and m[:-1] not in moves else m


def play_fairy(gdl_game, variant, seed, plies=400, options=None, normal=None, stop=None,
               units=None, legal_filter=None):
    """One seeded random game in gdl and in Fairy-Stockfish's `variant`;
    returns the positions compared and how it ended. `normal(legal)` gives,
    for Fairy-Stockfish's legal moves, the function that writes one as
    gdl's key (makruk's forced promotion, `a5a6m`, is gdl's `a5a6`);
    `units(state)` lists gdl's moves so keyed (else `gdl_moves`);
    `legal_filter` leaves out moves of Fairy-Stockfish's that gdl's rules
    do not offer; `stop(variant, fen, moves)` says whether an end of
    Fairy-Stockfish's that gdl does not have is the known one."""
    normal = normal or (lambda legal: lambda m: m)
    game = gdl.load_game(gdl_game, **(options or {}))
    g, fen, moves = game.new_initial_state(), sf.start_fen(variant), []
    rng = random.Random(f"{gdl_game}-{seed}")
    compared = 0
    while True:
        where = f"{gdl_game}, seed {seed}, after {moves}"
        legal = sf.legal_moves(variant, fen, moves)
        if legal_filter is not None:
            legal = legal_filter(variant, fen, moves, legal)
        norm = normal(legal)
        theirs = {norm(m) for m in legal}
        ended, _ = sf.is_immediate_game_end(variant, fen, moves)
        over = ended or not theirs
        if over and stop is not None and stop(variant, fen, moves):
            return compared, "known difference"
        mover = len(moves) % 2
        # Fairy-Stockfish's values are the player to move's.
        result = lambda value: ("1/2-1/2" if value == 0
                                else "1-0" if (value > 0) == (mover == 0) else "0-1")
        if g.is_terminal() and not over:
            # A draw a player may claim (chess's), or an end by points
            # (janggi's repetition and 100 quiet moves): gdl's is at once.
            claim, value = sf.is_optional_game_end(variant, fen, moves)
            assert claim and result_of(g) == result(value), f"{where}: over in gdl only"
            return compared, "claimable end"
        assert g.is_terminal() == over, f"{where}: over"
        if over:
            assert result_of(g) == result(sf.game_result(variant, fen, moves)), f"{where}: result"
            return compared, "end"
        assert g.current_player() == mover, where
        ours = units(g) if units else gdl_moves(g)
        compared += 1
        assert set(ours) == theirs, (
            f"{where}: only in Fairy-Stockfish {sorted(theirs - set(ours))}, "
            f"only in gdl {sorted(set(ours) - theirs)}")
        if len(moves) >= plies:
            return compared, "cap"
        move = rng.choice(sorted(legal))
        for a in ours[norm(move)]:
            g.apply_action(a)
        moves.append(move)


def janggi_pass(legal):
    """Fairy-Stockfish's pass, the general's cell twice (`e2e2`), is
    gdl's `pass`."""
    return lambda m: "pass" if m[:len(m) // 2] == m[len(m) // 2:] else m


FAIRY = {
    "capablanca": ("capablanca", 6, {}, {}),
    "janggi": ("janggi", 8, {}, {"normal": janggi_pass}),
    "xiangqi": ("xiangqi", 8, {}, {}),
    "makruk": ("makruk", 6, {}, {"normal": lambda legal: lambda m: m.removesuffix("m"),
                                 "stop": makruk_counting}),
    "minishogi": ("minishogi", 6, {}, {"normal": shogi_normal, "units": shogi_units,
                                       "stop": repeated_four_times,
                                       "legal_filter": without_pawn_drop_mates}),
}


@pytest.mark.parametrize("name", sorted(FAIRY))
def test_plays_as_fairy_stockfish(name):
    variant, seeds, options, more = FAIRY[name]
    endings = {}
    compared = 0
    for seed in range(seeds):
        n, how = play_fairy(name, variant, seed, options=options, **more)
        compared += n
        endings[how] = endings.get(how, 0) + 1
    print(f"\n{name}: {compared} positions compared, games: {endings}")
    assert compared > seeds * 10
