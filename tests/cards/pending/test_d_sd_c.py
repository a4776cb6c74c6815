"""Pending (issue 19), D-SD03/002 (tests/cards/corpus/pending/p_d_sd_c.toml): a [Boost] granted
by a cont. Not collected
(tests/cards/pending/conftest.py) until the mechanisms land; then drop the stand-in PV-002S
(tests/cards/study_fixtures/stand_ins.toml) from test_corpus_d_sd_c.py in favour of PV-002."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import attack, ride_from_hand
from tests.helpers import cards_in, has_action, pick, power_of, unit_at

PENDING = Path(__file__).parents[1] / "corpus" / "pending"
BASTIEL, LUXOR = "PV-001", "PV-002"  # Bastiel is in the corpus (p_d_sd_c.toml)


@pytest.fixture(scope="module")
def pdb(ldb: vg.CardDB) -> vg.CardDB:
    return vg.CardDB.load(PENDING, base=ldb)


def test_PV_002_ridden_by_bastiel_reveals_three_grade_3s_to_draw(pdb):
    """COST [reveal three grade 3s]: draw; with two grade 3s the cost cannot be paid."""
    for hand, drawn in (([V3, V3, V3], 4), ([V3, V3], 2)):
        game = scene(pdb, {"vanguard": LUXOR, "hand": [BASTIEL] + hand}, phase="ride")
        ride_from_hand(game, 0, BASTIEL)
        if drawn == 4:
            game.step(pick(game, ActionKind.YES))
        assert len(cards_in(game, 0, Zone.HAND)) == drawn


def test_PV_002_with_three_grade_3_units_it_boosts_and_gets_5000(pdb):
    """With three grade 3 units in your turn: +5000 and it may boost from the back row; with
    two, 10000 and no boost (a grade 2 has no [Boost] of its own)."""
    for front, power, boosts in ((V3, 15000, True), (G2, 10000, False)):
        game = scene(
            pdb,
            {"vanguard": V3, "rear": {"front_left": V3, "front_right": front, "back_left": LUXOR}},
            phase="battle",
        )
        luxor = unit_at(game, 0, Circle.BACK_LEFT)
        assert power_of(game, luxor) == power
        attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
        assert has_action(game, ActionKind.BOOST, card=luxor) is boosts
