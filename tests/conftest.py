"""Shared fixtures: the built-in card pool and a clean esper between tests."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Bytecode is cached for this run even where the machine sets PYTHONDONTWRITEBYTECODE (as the
# development image does): without the cache each xdist worker compiles the engine and rewrites
# the assertions of every test module again (about 8 s of CPU a worker, issue 21), and every
# subprocess a test starts (the command line, process pools, Ray workers) compiles the engine
# anew. Set before the engine's first import below; the environment carries it to subprocesses.
# The caches are the __pycache__ folders git ignores.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import esper
import pytest

import ecs_vanguard as vg


@pytest.fixture(autouse=True)
def _reset_esper():
    """Drop every world a test made, so no test sees another's entities."""
    yield
    esper.switch_world("default")
    for name in esper.list_worlds():
        if name != "default":
            esper.delete_world(name)
    esper.clear_database()


@pytest.fixture(scope="session")
def db() -> vg.CardDB:
    return vg.CardDB.builtin()


_ROOT = Path(__file__).resolve().parents[1]
# Tools' caches, made on a fresh checkout by the first run (pytest, hypothesis, ruff, mypy).
_CACHES = {".pytest_cache", ".hypothesis", "__pycache__", ".ruff_cache", ".mypy_cache",
           ".benchmarks"}


@pytest.fixture(autouse=True, scope="session")
def _nothing_written_into_the_repository_root():
    """No test leaves a file in the repository root (a plot, a run folder): they write into
    their own temporary folders (issue 17)."""
    before = {p.name for p in _ROOT.iterdir()}
    yield
    added = sorted({p.name for p in _ROOT.iterdir()} - before - _CACHES)
    assert added == [], f"tests wrote into the repository root: {added}"
