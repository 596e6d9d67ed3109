"""`gdl analyze` spread over a Ray cluster: one task per shard, then `gdl merge`.

    python ray_analyze.py hex --shards 8 --games 100000 --out report -o size=7

gives the report that `gdl analyze games/hex.gdl -o size=7 --games 100000
--out report` gives (all but its Timing section), with the games played by
Ray's workers. `ray.init()` joins the cluster named by RAY_ADDRESS (or that
`ray start` began on this machine), else starts one here. Every node needs
the gdl binary (`--gdl`); the game travels with the task as text, so no
shared file system is needed. Arguments after `--` go to every
`gdl analyze` unchanged (`-- --ladder 10,100`).
"""

import argparse
import os
import subprocess
import sys
import tempfile

import ray


@ray.remote
def analyze_shard(gdl_bin, game_name, game_text, index, count, analyze_args):
    """Play slice `index` of `count` and return its shard file's text."""
    # A folder of its own on whichever node runs the task: no shared file
    # system is assumed, and the folder goes away with what gdl wrote in it.
    with tempfile.TemporaryDirectory(prefix="gdl-shard-") as tmp:
        game_file = os.path.join(tmp, game_name)
        with open(game_file, "w", encoding="utf-8") as f:
            f.write(game_text)
        # Ray gives each task one CPU by default: one thread each, so the
        # tasks do not fight over the cores (the results do not depend on it).
        cmd = [gdl_bin, "analyze", game_file, "--shard", f"{index}/{count}",
               "--threads", "1", "--out", tmp, *analyze_args]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            raise RuntimeError(f"shard {index}/{count}: {' '.join(cmd)}: {run.stderr.strip()}")
        with open(os.path.join(tmp, f"shard-{index}-of-{count}.json"), encoding="utf-8") as f:
            return f.read()


def read_game(game):
    """A path's text, else a shipped game's (the `gdl` package has them all)."""
    if os.path.isfile(game):
        with open(game, encoding="utf-8") as f:
            return os.path.basename(game), f.read()
    import gdl  # only needed for a game given by name

    return os.path.basename(game).removesuffix(".gdl") + ".gdl", gdl.shipped_game_text(game)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, allow_abbrev=False,
                                usage="%(prog)s [options] --out DIR GAME [-- ANALYZE_ARG...]",
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help="a .gdl file, or a shipped game's name (tictactoe)")
    p.add_argument("--shards", type=int, default=4, help="Ray tasks to split the run into")
    p.add_argument("--games", type=int, default=1000, help="random games (gdl analyze --games)")
    p.add_argument("--seed", type=int, default=1, help="seed of the run (gdl analyze --seed)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="an option of the game (repeatable)")
    p.add_argument("--out", required=True, help="folder of the report; shards/ in it keeps the shards")
    p.add_argument("--gdl", default="gdl", help="the gdl binary, on every node (default: gdl on PATH)")
    p.add_argument("--force", action="store_true", help="replace a report or shards already in --out")
    # argparse cannot take a list of arguments after `--` that follows a
    # positional one: split them off first.
    argv = sys.argv[1:] if argv is None else list(argv)
    cut = argv.index("--") if "--" in argv else len(argv)
    args, extra = p.parse_args(argv[:cut]), argv[cut + 1:]

    try:
        name, text = read_game(args.game)
    except (OSError, ValueError) as e:  # gdl.GameError is a ValueError
        p.error(str(e))
    analyze_args = ["--games", str(args.games), "--seed", str(args.seed), *extra]
    for option in args.option:
        analyze_args += ["-o", option]

    # The shards are kept beside the report, so they can be merged again (or
    # checked) without replaying. Like gdl, never replace files silently:
    # refuse before any game is played.
    n = args.shards
    if n < 1:
        p.error("--shards must be at least 1")
    paths = [os.path.join(args.out, "shards", f"shard-{i}-of-{n}.json") for i in range(1, n + 1)]
    if not args.force:
        for path in paths + [os.path.join(args.out, "report.json")]:
            if os.path.exists(path):
                p.error(f"{path} exists (--force replaces it)")

    if not ray.is_initialized():
        ray.init()
    tasks = [analyze_shard.remote(args.gdl, name, text, i, n, analyze_args) for i in range(1, n + 1)]
    shards = ray.get(tasks)  # in slice order; the first failure raises here

    os.makedirs(os.path.dirname(paths[0]), exist_ok=True)
    for path, shard in zip(paths, shards):
        with open(path, "w", encoding="utf-8") as f:
            f.write(shard)

    # gdl merge checks that the shards are the n slices of one run, and
    # writes the report a single run would have written.
    merge = [args.gdl, "merge", *paths, "--out", args.out] + (["--force"] if args.force else [])
    return subprocess.run(merge).returncode


if __name__ == "__main__":
    sys.exit(main())
