"""Shared fixtures: the built-in card pool and a clean esper between tests (STYLE §7)."""

from __future__ import annotations

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
