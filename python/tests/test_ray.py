"""python/examples/ray_analyze.py: `gdl analyze` shards run as Ray tasks on
this machine, merged by `gdl merge`, give the report one run gives."""

import importlib.util
import json
import subprocess
import sys

import pytest

import gdl

from needs import REPO, gdl_binary, package

ray = package("ray", "ray")


@pytest.fixture
def gdl_bin():
    return gdl_binary()


def load_example():
    path = REPO / "python" / "examples" / "ray_analyze.py"
    spec = importlib.util.spec_from_file_location("ray_analyze", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    # Ray's workers cannot import the example by name: ship its code.
    ray.cloudpickle.register_pickle_by_value(module)
    return module


@pytest.fixture
def local_ray(gdl_bin, monkeypatch):  # after gdl_bin: no Ray started for a skip
    monkeypatch.delenv("RAY_ADDRESS", raising=False)  # this machine, not a cluster
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def report(folder):
    """A report's JSON and Markdown, without the machine-dependent Timing."""
    data = json.loads((folder / "report.json").read_text())
    timing = data.pop("timing")
    markdown = (folder / "report.md").read_text().split("## Timing")[0]
    return data, markdown, timing


def test_ray_shards_merge_to_one_run(tmp_path, gdl_bin, local_ray):
    example = load_example()
    settings = ["--games", "60", "--seed", "7"]
    extra = ["--ladder", "10,40", "--ladder-games", "4", "--mirror-games", "2"]

    merged = tmp_path / "merged"
    argv = ["tictactoe", "--shards", "3", "--out", str(merged), "--gdl", gdl_bin]
    assert example.main(argv + settings + ["--", *extra]) == 0

    # The same run on one machine, on the same game text.
    game = tmp_path / "tictactoe.gdl"
    game.write_text(gdl.shipped_game_text("tictactoe"))
    single = tmp_path / "single"
    subprocess.run([gdl_bin, "analyze", str(game), *settings, *extra, "--out", str(single)],
                   check=True, capture_output=True)

    merged_json, merged_md, merged_timing = report(merged)
    single_json, single_md, _ = report(single)
    assert merged_json == single_json
    assert merged_md == single_md
    svgs = sorted(single.glob("*.svg"))
    assert svgs
    for svg in svgs:
        assert (merged / svg.name).read_bytes() == svg.read_bytes(), svg.name
    # It was three shards of one thread each (Timing sums them), kept in shards/.
    assert merged_timing["threads"] == [1, 1, 1]
    shards = sorted((merged / "shards").iterdir())
    assert [s.name for s in shards] == [f"shard-{i}-of-3.json" for i in (1, 2, 3)]
    assert [json.loads(s.read_text())["shard"] for s in shards] == [
        {"index": i, "count": 3} for i in (1, 2, 3)
    ]

    # A second run into the same folder is refused before any game is played.
    with pytest.raises(SystemExit) as refused:
        example.main(argv + settings)
    assert refused.value.code == 2
