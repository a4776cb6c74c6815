"""Fixtures of the rule tests: the built-in pool plus the test-only cards of act_cards.toml."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg

TEST_CARDS = Path(__file__).with_name("act_cards.toml")


@pytest.fixture(scope="session")
def tdb(db: vg.CardDB) -> vg.CardDB:
    """The built-in pool with the test-only cards that show each specific action's edges."""
    return vg.CardDB.load(TEST_CARDS, base=db)
