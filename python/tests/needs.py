"""A package some tests need: imported, or their module skipped with a
visible notice (an error when CI is set: CI installs every package the
tests use, from requirements.txt)."""

import importlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest


def package(module: str, pip_name: str):
    """`import module`, or skip the calling test module."""
    try:
        return importlib.import_module(module)
    except ImportError:  # pragma: no cover - depends on the environment
        if os.environ.get("CI"):
            raise RuntimeError(f"CI is set but {pip_name} is not installed: pip install {pip_name}")
        print(f"\nnotice: {pip_name} is not installed; the tests that need it are skipped")
        pytest.skip(f"{pip_name} is not installed", allow_module_level=True)


REPO = Path(__file__).resolve().parents[2]


def gdl_binary() -> str:
    """The gdl binary: GDL_BIN (scripts/test sets it), else gdl on PATH,
    else the newest build under the target directory; else skip the
    calling test with a visible notice."""
    if os.environ.get("GDL_BIN"):
        return os.environ["GDL_BIN"]
    if shutil.which("gdl"):
        return shutil.which("gdl")
    target = Path(os.environ.get("CARGO_TARGET_DIR") or REPO / "target")
    built = [target / profile / "gdl" for profile in ("release", "debug")]
    built = [b for b in built if b.is_file() and os.access(b, os.X_OK)]
    if not built:
        reason = f"no gdl binary: set GDL_BIN, put gdl on PATH or build {target}/debug/gdl"
        print(f"\nnotice: {reason}; the tests that run it are skipped")
        pytest.skip(reason)
    return str(max(built, key=lambda b: b.stat().st_mtime))


def gdl_output(*args) -> str:
    """What the gdl binary writes with these arguments; the run must
    succeed."""
    run = subprocess.run([gdl_binary(), *map(str, args)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout
