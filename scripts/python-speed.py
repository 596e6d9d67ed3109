#!/usr/bin/env python3
"""Random playouts per second, OpenSpiel's pyspiel and gdl side by side.

Both are driven by the same Python loop (`legal_actions`, `random.choice`,
`apply_action`); the engines alternate game by game and round by round, so
that a change in the machine's load falls on both, and each figure is the
median over the rounds. For gdl also: its batched environment
(`gdl.VectorEnv`, `step(random_actions())`, N games a call) and the same
environment's `random_steps` (the actions drawn and played in Rust).

    python scripts/python-speed.py [--rounds 5] [--seconds 1.5] [--n 64]
    python scripts/python-speed.py --floor

`--floor` measures the loop itself instead: the same loop over stand-ins
that do nothing (C methods of Python's builtins: a list of ints copied for
`legal_actions`, `set.discard` for `apply_action`), with lists as long as
pyspiel's on average, beside pyspiel's time an action. Their quotient is
the most any engine could gain over pyspiel in this loop.

Needs `gdl` (a release build: `pip install ./python` or `maturin develop
--release`) and `open_spiel` in the same Python. Prints a Markdown table.
"""

import argparse
import platform
import random
import statistics
import time

import gdl
import pyspiel

# (label, pyspiel's game and parameters, gdl's game and options)
GAMES = [
    ("chess", "chess", {}, "chess", {}),
    ("Go 9x9", "go", {"board_size": 9, "komi": 7.5}, "go", {"size": 9}),
    ("Go 19x19", "go", {"board_size": 19, "komi": 7.5}, "go", {"size": 19}),
    ("breakthrough", "breakthrough", {}, "breakthrough", {}),
    ("Connect Four", "connect_four", {}, "connect-four", {}),
    ("othello", "othello", {}, "reversi", {}),
    ("quoridor", "quoridor", {}, "quoridor", {}),
    ("ultimate tic-tac-toe", "ultimate_tic_tac_toe", {}, "ultimate-tictactoe", {}),
    ("dots and boxes 5x5", "dots_and_boxes", {"num_rows": 5, "num_cols": 5},
     "dots-and-boxes", {"width": 5, "height": 5}),
    # Games of chance: the loop draws chance's outcomes uniformly too.
    ("backgammon", "backgammon", {}, "backgammon", {}),
    ("banqi", "banqi", {}, "banqi", {}),
]


def playouts(game, seconds, rng):
    """Random playouts from the start for about `seconds`: (playouts/s,
    actions/s, actions a playout)."""
    done = plies = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        done += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed, plies / elapsed, plies / done


def batched(env, seconds):
    """`step(random_actions())` for about `seconds`: actions/s."""
    steps = 0
    start = time.perf_counter()
    while True:
        env.step(env.random_actions())
        steps += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps * env.num_envs / elapsed


def in_rust(env, seconds):
    """`random_steps` for about `seconds`: actions/s."""
    steps = 0
    start = time.perf_counter()
    while True:
        env.random_steps(10)
        steps += 10
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps * env.num_envs / elapsed


def floor_loop(ids, plies, rng):
    """The loop over stand-ins for `plies` actions: seconds an action."""
    legal, apply = ids.copy, set().discard
    ends = iter([False] * plies + [True]).__next__
    start = time.perf_counter()
    while not ends():
        apply(rng.choice(legal()))
    return (time.perf_counter() - start) / plies


def floor(games, rounds, seconds):
    """Prints pyspiel's time an action beside the loop's floor."""
    rng = random.Random(0)
    print("| game | legal actions (mean) | pyspiel µs an action | floor µs an action | pyspiel / floor |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for label, sname, sparams, _, _ in games:
        game = pyspiel.load_game(sname, sparams)
        per, lens = [], []
        for _ in range(rounds):
            plies = listed = 0
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                state = game.new_initial_state()
                while not state.is_terminal():
                    legal = state.legal_actions()
                    listed += len(legal)
                    plies += 1
                    state.apply_action(rng.choice(legal))
            per.append((time.perf_counter() - start) / plies)
            lens.append(listed / plies)
        n = round(statistics.median(lens))
        # Ints past the small-int cache, as most action ids are.
        ids = list(range(1000, 1000 + n))
        f = statistics.median(floor_loop(ids, 200_000, rng) for _ in range(rounds))
        p = statistics.median(per)
        print(f"| {label} | {n} | {p * 1e6:.2f} | {f * 1e6:.2f} | {p / f:.1f} |")


def fmt(x):
    return f"{x:,.0f}" if x >= 10 else f"{x:.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.5)
    ap.add_argument("--n", type=int, default=64, help="games in the batched environment")
    ap.add_argument("--games", nargs="*", help="labels to run (default: all)")
    ap.add_argument("--floor", action="store_true",
                    help="measure the loop's floor beside pyspiel instead")
    args = ap.parse_args()
    games = [g for g in GAMES if not args.games or g[0] in args.games]
    if args.floor:
        floor(games, args.rounds, args.seconds)
        return
    loaded = []
    for label, sname, sparams, gname, gopts in games:
        sgame = pyspiel.load_game(sname, sparams)
        ggame = gdl.load_game(gname, **gopts)
        env = gdl.VectorEnv(ggame, args.n, seed=0)
        # The games of a batch are never reset between measures; they are
        # first played on for about one playout's length, so that the
        # batch holds games at every stage, not only openings.
        env.random_steps(round(playouts(ggame, 0.0, random.Random(1))[2]))
        loaded.append((label, sgame, ggame, env))
    results = {label: {k: [] for k in ["s", "g", "sp", "gp", "slen", "glen", "vec", "rust"]}
               for label, *_ in loaded}
    rng = random.Random(0)
    for r in range(args.rounds):
        for label, sgame, ggame, env in loaded:
            res = results[label]
            # Alternate which engine goes first, round by round.
            order = [("s", sgame), ("g", ggame)]
            if r % 2:
                order.reverse()
            for key, game in order:
                per_s, plies_s, length = playouts(game, args.seconds, rng)
                res[key].append(per_s)
                res[key + "p"].append(plies_s)
                res[key + "len"].append(length)
            res["vec"].append(batched(env, args.seconds))
            res["rust"].append(in_rust(env, args.seconds))
        print(f"round {r + 1}/{args.rounds} done", flush=True)
    med = statistics.median
    print()
    print(f"{platform.node()}, Python {platform.python_version()}, "
          f"{args.rounds} rounds of {args.seconds} s, batches of {args.n}")
    print()
    print("| game | pyspiel playouts/s | gdl playouts/s | gdl / pyspiel "
          "| pyspiel actions/s | gdl actions/s | gdl / pyspiel "
          "| actions a playout (pyspiel, gdl) "
          "| gdl batched actions/s (playouts/s) | batched, in Rust |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, *_ in loaded:
        res = results[label]
        s, g, sp, gp = med(res["s"]), med(res["g"]), med(res["sp"]), med(res["gp"])
        glen = med(res["glen"])
        vec, rust = med(res["vec"]), med(res["rust"])
        print(f"| {label} | {fmt(s)} | {fmt(g)} | {g / s:.2f} | {fmt(sp)} | {fmt(gp)} "
              f"| {gp / sp:.2f} | {med(res['slen']):.0f}, {glen:.0f} "
              f"| {fmt(vec)} ({fmt(vec / glen)}) | {fmt(rust)} ({fmt(rust / glen)}) |")


if __name__ == "__main__":
    main()
