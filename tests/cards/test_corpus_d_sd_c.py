"""Study of six products (issue 19), D-SD03 (Keter Sanctuary, grade 3 units): every card of the
start deck in tests/cards/corpus/p_d_sd_c.toml (its over trigger is D-SD01's PD-010) played in a position built for it, and in one where
its condition or cost fails. Rules cited: ACT-02 (look at / reveal the top card), ACT-07
(superior call), ACT-09 (reveal as a cost), CORE-08 (orders), CORE-10, CORE-14."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import (
    assert_sentinel_guards,
    assert_trigger_effect,
    assert_vanilla_grade_2_intercepts,
    attack,
    no_guard,
    ride_from_hand,
)
from tests.helpers import (
    cards_in,
    has_action,
    ids_in,
    is_face_up,
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)

LUXOR = "PV-002"
BASTIEL, FORTE, BAYLE, RAMORA, RAFNIR, SENTRY = (
    "PV-001",
    "PV-003",
    "PV-004",
    "PV-005",
    "PV-006",
    "PV-007",
)
HOWLER, ORDER = "PV-008", "PV-015"


@pytest.fixture(scope="module")
def sdb(ldb: vg.CardDB) -> vg.CardDB:
    return ldb


def test_PV_001_cont_plus_2000_to_grade_3_units_in_your_turn(sdb):
    """During your turn your grade 3 units (vanguard included) +2000; a grade 2 nothing; in the
    opponent's turn nothing."""
    game = scene(sdb, {"vanguard": BASTIEL, "rear": {"front_left": V3, "front_right": G2}})
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 15000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_RIGHT)) == 10000
    game = scene(sdb, {"vanguard": BASTIEL, "rear": {"front_left": V3}}, turn_player=1)
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 13000


def _bastiel_attacks(sdb, deck: list[str]):
    game = scene(
        sdb,
        {
            "vanguard": BASTIEL,
            "hand": [G2],
            "deck": deck,
            "rear": {"front_left": G2},
            "rested": ["front_left"],
        },
        phase="battle",
    )
    attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    no_guard(game)
    return game


def test_PV_001_a_grade_3_in_the_drive_check_stands_a_rear_guard_at_the_end_of_battle(sdb):
    """A grade 3 among the two drive checks: at the end of that battle, COST [discard], the
    rested rear-guard stands with +10000; no grade 3 revealed: nothing is asked."""
    game = _bastiel_attacks(sdb, [G2, V3] + [G2] * 8)
    game.step(pick(game, ActionKind.YES))
    discarded = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.PICK, card=discarded))
    assert zone_of(game, discarded) is Zone.DROP
    rear = unit_at(game, 0, Circle.FRONT_LEFT)
    assert not is_rested(game, rear) and power_of(game, rear) == 20000
    game = _bastiel_attacks(sdb, [V3, V3] + [G2] * 8)  # two grade 3s: asked once
    game.step(pick(game, ActionKind.YES))
    game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.HAND)[0]))
    assert game.decision.kind is not DecisionKind.YES_NO
    assert not is_rested(game, unit_at(game, 0, Circle.FRONT_LEFT))
    game = _bastiel_attacks(sdb, [G2] * 10)
    assert game.decision.kind is not DecisionKind.YES_NO
    assert is_rested(game, unit_at(game, 0, Circle.FRONT_LEFT))


def test_PV_002_ridden_by_bastiel_reveals_three_grade_3s_to_draw(sdb):
    """COST [reveal three grade 3s]: draw; with two grade 3s the cost cannot be paid."""
    for hand, drawn in (([V3, V3, V3], 4), ([V3, V3], 2)):
        game = scene(sdb, {"vanguard": LUXOR, "hand": [BASTIEL] + hand}, phase="ride")
        ride_from_hand(game, 0, BASTIEL)
        if drawn == 4:
            game.step(pick(game, ActionKind.YES))
        assert len(cards_in(game, 0, Zone.HAND)) == drawn


def test_PV_002_with_three_grade_3_units_it_boosts_and_gets_5000(sdb):
    """With three grade 3 units in your turn: +5000 and it may boost from the back row; with
    two, 10000 and no boost (a grade 2 has no [Boost] of its own)."""
    for front, power, boosts in ((V3, 15000, True), (G2, 10000, False)):
        game = scene(
            sdb,
            {"vanguard": V3, "rear": {"front_left": V3, "front_right": front, "back_left": LUXOR}},
            phase="battle",
        )
        luxor = unit_at(game, 0, Circle.BACK_LEFT)
        assert power_of(game, luxor) == power
        attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
        assert has_action(game, ActionKind.BOOST, card=luxor) is boosts


def _forte_ridden(sdb, hand: list[str], deck: list[str]):
    game = scene(sdb, {"vanguard": FORTE, "hand": [LUXOR] + hand, "deck": deck}, phase="ride")
    ride_from_hand(game, 0, LUXOR)
    return game


def test_PV_003_ridden_by_luxor_reveals_two_grade_3s_and_calls_the_top_card(sdb):
    """ACT-09, ACT-02, ACT-07: COST [reveal two grade 3s from hand], the top card is revealed
    and called (the two grade 3s stay in hand)."""
    game = _forte_ridden(sdb, [V3, V3, V3], [RAFNIR, G2, G2])
    game.step(pick(game, ActionKind.YES))
    for card in cards_in(game, 0, Zone.HAND)[:2]:  # two of the three grade 3s
        game.step(pick(game, ActionKind.PICK, card=card))
    rafnir = cards_in(game, 0, Zone.DECK)[0]
    game.step(pick(game, ActionKind.PICK, card=rafnir))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == rafnir
    assert ids_in(game, 0, Zone.DROP) == [] and ids_in(game, 0, Zone.HAND).count(V3) == 3


def test_PV_003_not_called_the_revealed_card_goes_to_the_drop(sdb):
    """Declining the call ("you may"), the revealed card is put into the drop; with only one
    grade 3 in hand the cost cannot be paid and the deck is untouched."""
    game = _forte_ridden(sdb, [V3, V3], [RAFNIR, G2])
    game.step(pick(game, ActionKind.YES))
    rafnir = cards_in(game, 0, Zone.DECK)[0]
    game.step(pick(game, ActionKind.DONE))  # call nothing
    assert zone_of(game, rafnir) is Zone.DROP and ids_in(game, 0, Zone.DECK) == [G2]
    game = _forte_ridden(sdb, [V3, G2], [RAFNIR, G2])
    assert game.decision.kind is not DecisionKind.YES_NO
    assert ids_in(game, 0, Zone.DECK) == [RAFNIR, G2] and ids_in(game, 0, Zone.DROP) == []


def test_PV_003_act_counter_blast_for_a_grade_3_vanguard(sdb):
    """[ACT](RC) 1/Turn, COST [CB1]: a grade 3 vanguard +5000, once; under a grade 2 vanguard the
    cost is paid and nothing gets power (the vanguard is not grade 3)."""
    for vanguard, power in ((V3, 18000), (G2, 10000)):
        game = scene(sdb, {"vanguard": vanguard, "rear": {"front_left": FORTE}, "damage": [G2]})
        forte = unit_at(game, 0, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.ACT, card=forte))
        assert power_of(game, unit_at(game, 0, Circle.VC)) == power
        assert not has_action(game, ActionKind.ACT, card=forte)


def test_PV_004_ridden_draws_only_if_you_went_second(sdb):
    """Ridden on turn 4 (you went second): draw; on turn 3: no draw."""
    for turn, drawn in ((4, 1), (3, 0)):
        game = scene(sdb, {"vanguard": BAYLE, "hand": [FORTE]}, phase="ride", turn=turn)
        ride_from_hand(game, 0, FORTE)
        assert len(cards_in(game, 0, Zone.HAND)) == drawn


def test_PV_005_counter_blast_for_5000_when_it_attacks(sdb):
    """COST [CB1]: 18000 for that battle; with no face-up damage nothing is asked."""
    for face_down, power in ((0, 18000), (1, 13000)):
        game = scene(
            sdb,
            {
                "vanguard": V3,
                "rear": {"front_left": RAMORA},
                "damage": [G2],
                "damage_face_down": face_down,
            },
            phase="battle",
        )
        ramora = unit_at(game, 0, Circle.FRONT_LEFT)
        attack(game, ramora, unit_at(game, 1, Circle.VC))
        if face_down == 0:
            game.step(pick(game, ActionKind.YES))
        assert power_of(game, ramora) == power and game.decision.kind is DecisionKind.GUARD


def test_PV_006_into_the_soul_for_10000_to_a_grade_3_rear_guard(sdb):
    """COST [this unit into the soul]: the grade 3 rear-guard +10000 (the grade 2 is not
    offered); with no grade 3 rear-guard the cost is still paid but no unit gains power."""
    game = scene(
        sdb,
        {"vanguard": V3, "rear": {"front_left": RAFNIR, "front_right": RAMORA, "back_left": G2}},
    )
    rafnir = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=rafnir))
    assert zone_of(game, rafnir) is Zone.SOUL
    assert power_of(game, unit_at(game, 0, Circle.FRONT_RIGHT)) == 23000
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 10000
    game = scene(sdb, {"vanguard": V3, "rear": {"front_left": RAFNIR, "back_left": G2}})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 10000
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000


def test_PV_007_a_vanilla_grade_2(sdb):
    """A vanilla grade 2: 10000, shield 5000, no ability; its intercept stops a hit."""
    assert_vanilla_grade_2_intercepts(sdb, SENTRY)


def test_PV_008_soul_blast_2_for_5000_each_time(sdb):
    """COST [SB2]: +5000, again while the soul pays (no 1/Turn); with one soul card left the
    act is not offered."""
    game = scene(sdb, {"vanguard": V3, "rear": {"front_left": HOWLER}, "soul": [G2] * 5})
    howler = unit_at(game, 0, Circle.FRONT_LEFT)
    for _ in range(2):
        game.step(pick(game, ActionKind.ACT, card=howler))
        for card in cards_in(game, 0, Zone.SOUL)[:2]:
            if game.decision.kind is DecisionKind.CHOOSE_CARD:
                game.step(pick(game, ActionKind.PICK, card=card))
    assert power_of(game, howler) == 18000 and len(cards_in(game, 0, Zone.SOUL)) == 1
    assert not has_action(game, ActionKind.ACT, card=howler)


def test_PV_009_sentinel(sdb):
    """CORE-10: COST [discard 1], the vanguard cannot be hit; without a card to discard it is
    hit."""
    assert_sentinel_guards(sdb, "PV-009")


@pytest.mark.parametrize("card_id", ["PV-011", "PV-012", "PV-013", "PV-014"])
def test_PV_011_014_triggers(sdb, card_id):
    """CORE-14: each trigger's effect: critical +1 critical, draw a card, front +10000 to the
    front-row rear-guard, heal a damage (damage 1 vs 0)."""
    assert_trigger_effect(sdb, card_id)


def test_PV_015_order_counter_blast_2_draws_two_and_powers_a_unit(sdb):
    """COST [CB2]: draw two, +5000 to the chosen unit; with one face-up damage it cannot be
    played."""
    game = scene(
        sdb, {"vanguard": V3, "hand": [ORDER], "damage": [G2, G2], "rear": {"front_left": G2}}
    )
    game.step(pick(game, ActionKind.PLAY_ORDER))
    rear = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.PICK, card=rear))
    assert power_of(game, rear) == 15000 and len(cards_in(game, 0, Zone.HAND)) == 2
    assert not any(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE))
    game = scene(sdb, {"vanguard": V3, "hand": [ORDER], "damage": [G2, G2], "damage_face_down": 1})
    assert not has_action(game, ActionKind.PLAY_ORDER)
