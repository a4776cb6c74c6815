"""Pending tests of product 3 (tests/cards/corpus/pending/p_g_td.toml): NOT collected yet (see
conftest.py here). Each test names the mechanism it waits for; the words marked PROPOSED in the
card file must be renamed to the mechanism's own before these run."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import CORPUS, G2, V3, scene
from tests.helpers import card_named, cards_in, has_action, ids_in, pick, power_of, unit_at

PENDING = Path(__file__).parents[1] / "corpus" / "pending" / "p_g_td.toml"
G0, G1 = "PC-013", "PC-008"


@pytest.fixture(scope="module")
def pdb(db: vg.CardDB) -> vg.CardDB:
    return vg.CardDB.load(PENDING, base=vg.CardDB.load(CORPUS, base=db))


def test_PG_109_counts_as_grade_3_for_a_stride_cost(pdb):
    """Mechanism (a): discarding it alone (grade 1, +2) pays a Stride cost of 3; a plain grade 1
    does not."""
    for hand, can in ((["PG-109"], True), ([G1], False)):
        game = scene(pdb, {"vanguard": V3, "g_zone": ["PG-101"], "hand": hand}, phase="ride",
                     fmt="premium")
        game.step(pick(game, ActionKind.DONE))                  # no ride
        assert has_action(game, ActionKind.STRIDE) is can


def test_PG_109_called_from_hand_fetches_the_named_grade_3(pdb):
    """Expressible today: reveal a grade 3, search «Aeonjet» grade 3 to hand, discard one."""
    game = scene(pdb, {"vanguard": V3, "hand": ["PG-109", "PG-104"],
                       "deck": [G1, "PG-118", G1]}, fmt="premium")
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "PG-109"),
                   circle=Circle.BACK_LEFT))
    game.step(pick(game, ActionKind.YES))
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DECK, "PG-118")))
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, "PG-104")))
    assert ids_in(game, 0, Zone.HAND) == ["PG-118"]


def test_PG_116_four_different_grades_give_an_extra_turn(pdb):
    """Mechanism (c): grades 0, 1, 2, 3 revealed and CB4: one more turn; 0, 1, 2, 2: none."""
    for top, extra in (([G0, G1, G2, V3], True), ([G0, G1, G2, G2], False)):
        game = scene(pdb, {"vanguard": V3, "stride": "PG-116", "damage": [G2] * 4,
                           "deck": top + [G2] * 4}, {"vanguard": V3}, phase="battle",
                     fmt="premium")
        game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC),
                       target=unit_at(game, 1, Circle.VC)))
        game.step(pick(game, ActionKind.DONE))
        game.step(pick(game, ActionKind.YES))                   # reveal
        if extra:
            game.step(pick(game, ActionKind.YES))               # pay CB4
        assert game.state.turn.extra_turns[0] == (1 if extra else 0)


def test_PG_118_generation_break_2_only_grade_0_may_guard(pdb):
    """Mechanism (a): GB2, attacking a vanguard: +5000 and only grade 0 guards from hand; with
    one face-up G unit neither."""
    for face_up, limited in ((["PG-001", "PG-002"], True), (["PG-001"], False)):
        game = scene(pdb, {"vanguard": "PG-118", "g_zone_face_up": face_up},
                     {"vanguard": V3, "hand": [G0, G1]}, phase="battle", fmt="premium")
        attacker = unit_at(game, 0, Circle.VC)
        game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
        assert power_of(game, attacker) == (16000 if limited else 11000)
        assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, G0))
        assert has_action(game, ActionKind.GUARD,
                          card=card_named(game, 1, Zone.HAND, G1)) is not limited


def test_PG_118_your_stride_unwinds_a_rear_guard(pdb):
    """Expressible today: your stride, CB1: an opponent's rear-guard to their deck bottom."""
    game = scene(pdb, {"vanguard": "PG-118", "g_zone": ["PG-101"], "hand": [V3], "damage": [G2]},
                 {"vanguard": V3, "rear": {"front_left": G2}}, fmt="premium", phase="ride")
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE))
    game.step(pick(game, ActionKind.YES))
    if has_action(game, ActionKind.PICK):
        game.step(pick(game, ActionKind.PICK, card=victim))
    assert cards_in(game, 1, Zone.DECK)[-1] == victim
