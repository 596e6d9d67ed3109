"""A package some tests need: imported, or their module skipped with a
visible notice (an error when CI is set: CI installs every package the
tests use, from requirements.txt)."""

import importlib
import os

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
