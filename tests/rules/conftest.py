"""Fixtures of the rule tests: the built-in pool plus the test-only cards of act_cards.toml
(each specific action at its edges) and timing_cards.toml (the timing model, issue 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg

HERE = Path(__file__).parent
TEST_CARDS = (HERE / "act_cards.toml", HERE / "timing_cards.toml")


@pytest.fixture(scope="session")
def tdb(db: vg.CardDB) -> vg.CardDB:
    """The built-in pool with the test-only cards."""
    return vg.CardDB.load(*TEST_CARDS, base=db)
