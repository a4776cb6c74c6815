"""Pending (issue 19), D-SD02/003: a call to a named circle (tests/cards/corpus/pending/
p_d_sd_b.toml). Not collected (tests/cards/pending/conftest.py) until superior_call can name
one circle; then delete the conftest line or move this file next to test_corpus_d_sd_b.py."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import ride_from_hand
from tests.helpers import cards_in, power_of, unit_at

PENDING = Path(__file__).parents[1] / "corpus" / "pending"
STIG = "PE-003"


@pytest.fixture(scope="module")
def pdb(ldb: vg.CardDB) -> vg.CardDB:
    return vg.CardDB.load(PENDING, base=ldb)


def test_PE_003_placed_on_vc_calls_from_the_soul_to_the_back_center(pdb):
    """Ridden onto VC: the first vanguard (in the soul now) is called to the back center, no
    circle is asked, and Soul Charge 1; the other back circles stay empty."""
    game = scene(pdb, {"vanguard": "PE-004", "hand": [STIG], "deck": [G2] * 10}, phase="ride")
    milo = unit_at(game, 0, Circle.VC)
    ride_from_hand(game, 0, STIG)
    assert unit_at(game, 0, Circle.BACK_CENTER) == milo
    assert len(cards_in(game, 0, Zone.SOUL)) == 1  # the soul charge
    assert not game.state.board.circles[0][Circle.BACK_LEFT]


def test_PE_003_with_the_back_center_taken_nothing_is_called(pdb):
    """The named circle is occupied: the call does nothing (no other circle is offered); the
    Soul Charge still happens."""
    game = scene(
        pdb, {"vanguard": "PE-004", "hand": [STIG], "rear": {"back_center": G2}}, phase="ride"
    )
    milo = unit_at(game, 0, Circle.VC)
    ride_from_hand(game, 0, STIG)
    assert milo in cards_in(game, 0, Zone.SOUL) and len(cards_in(game, 0, Zone.SOUL)) == 2


def test_PE_003_on_rc_plus_5000_in_final_rush(pdb):
    """IKK-01: on RC, 13000 in Final Rush, 8000 out of it."""
    for states, power in ((["final_rush"], 13000), ([], 8000)):
        game = scene(pdb, {"vanguard": V3, "rear": {"front_left": STIG}, "states": states})
        assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power
