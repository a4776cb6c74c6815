"""Study "overDress and a V booster" (2026-12), product 2 (in place of a V booster, whose texts
were not found): classic Trial Deck 3 "Golden Mechanical Soldier" (TD03, Nova Grappler),
tests/cards/corpus/p_classic_td03.toml, ids PK-001..015, every card. Each test plays the card's
effect in a position built for it and a position where its condition or cost fails; vanilla
units and triggers: what the card is and does (classic triggers +5000, CORE-14). "Turn a damage
face up" is a counter charge (ACT-17)."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import (
    assert_trigger_effect,
    assert_vanilla_grade_2_intercepts,
    attack,
    no_guard,
    pay_first_cards,
    ride_from_hand,
    say_yes,
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

RUTILOR, DIRGE, UNBEATABLE, SOVEREIGN, TEMPEST = "PK-001", "PK-002", "PK-003", "PK-004", "PK-005"
PROTOTYPE, HARDY, MIRAGE, BELLOW, CONSORT = "PK-006", "PK-007", "PK-008", "PK-009", "PK-010"
RAMHORN, DAME, CANNONADE, CLARINE, STARTER = "PK-011", "PK-012", "PK-013", "PK-014", "PK-015"
CLAN = "ironring_brawlers"


def _face_up(game: vg.Game) -> int:
    return sum(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE))


def _hit(game: vg.Game, attacker: int, target: Circle = Circle.VC) -> None:
    attack(game, attacker, unit_at(game, 1, target))
    no_guard(game)


def test_PK_001_a_rear_guard_hitting_a_vanguard_turns_a_damage_face_up(ldb):
    """VC: a rear-guard's hit on the vanguard (a 10000 on a grade 2 of 10000) turns one of two
    face-down damage face up; its hit on a rear-guard does not."""
    for target, face_up in ((Circle.VC, 1), (Circle.FRONT_LEFT, 0)):
        game = scene(ldb, {"vanguard": RUTILOR, "damage": [G2, G2], "damage_face_down": 2,
                           "rear": {"front_left": SOVEREIGN}},
                     {"vanguard": G2, "rear": {"front_left": G2}}, phase="battle")
        _hit(game, unit_at(game, 0, Circle.FRONT_LEFT), target)
        pay_first_cards(game)
        assert _face_up(game) == face_up


def test_PK_001_its_own_hit_cb2_stands_a_clan_rear_guard(ldb):
    """Its hit on the vanguard, CB2: the rested clan rear-guard stands; with one face-up damage
    nothing is asked."""
    for damage_face_down, asked in ((0, True), (1, False)):
        game = scene(ldb, {"vanguard": RUTILOR, "damage": [G2, G2],
                           "damage_face_down": damage_face_down,
                           "rear": {"front_left": SOVEREIGN}, "rested": ["front_left"],
                           "deck": [G2] * 10},
                     {"vanguard": G2}, phase="battle")
        rested = unit_at(game, 0, Circle.FRONT_LEFT)
        _hit(game, unit_at(game, 0, Circle.VC))
        assert has_action(game, ActionKind.YES) is asked
        if asked:
            say_yes(game)
            pay_first_cards(game)
            assert not is_rested(game, rested)


@pytest.mark.parametrize("card_id", [DIRGE, RAMHORN])
def test_PK_002_011_attacking_cb1_plus_3000_for_the_battle(ldb, card_id):
    """On RC (and VC), attacking, CB1: +3000 until the battle ends; no face-up damage: nothing
    asked."""
    for damage_face_down in (0, 1):
        game = scene(ldb, {"vanguard": V3, "damage": [G2], "damage_face_down": damage_face_down,
                           "rear": {"front_left": card_id}}, phase="battle")
        unit = unit_at(game, 0, Circle.FRONT_LEFT)
        attack(game, unit, unit_at(game, 1, Circle.VC))
        assert has_action(game, ActionKind.YES) is (damage_face_down == 0)
        if damage_face_down == 0:
            say_yes(game)
            assert power_of(game, unit) == ldb[card_id].power + 3000
            no_guard(game)
            assert power_of(game, unit) == ldb[card_id].power


def test_PK_003_main_phase_start_soul_charge_and_a_damage_face_up(ldb):
    """VC, at the beginning of the main phase: the top card into the soul and a damage face
    up; as a rear-guard it does nothing then."""
    game = scene(ldb, {"vanguard": UNBEATABLE, "damage": [G2], "damage_face_down": 1},
                 phase="ride")
    game.step(pick(game, ActionKind.DONE))
    pay_first_cards(game)
    assert len(cards_in(game, 0, Zone.SOUL)) == 1 and _face_up(game) == 1
    game = scene(ldb, {"vanguard": V3, "damage": [G2], "damage_face_down": 1,
                       "rear": {"front_left": UNBEATABLE}}, phase="ride")
    game.step(pick(game, ActionKind.DONE))
    assert cards_in(game, 0, Zone.SOUL) == [] and _face_up(game) == 0


def test_PK_003_hit_sb8_and_cb5_stands_all_your_units(ldb):
    """Its hit, SB8 & CB5: the vanguard and every rested rear-guard stand; with seven in the
    soul nothing is asked."""
    for soul in (8, 7):
        game = scene(ldb, {"vanguard": UNBEATABLE, "soul": [G2] * soul, "damage": [G2] * 5,
                           "rear": {"front_left": G2}, "rested": ["front_left"]},
                     {"vanguard": G2}, phase="battle")
        vanguard = unit_at(game, 0, Circle.VC)
        _hit(game, vanguard)
        assert has_action(game, ActionKind.YES) is (soul == 8)
        if soul == 8:
            say_yes(game)
            pay_first_cards(game)
            assert not is_rested(game, vanguard)
            assert not is_rested(game, unit_at(game, 0, Circle.FRONT_LEFT))


def test_PK_004_vanilla_grade_2_intercepts(ldb):
    """TD03/004: the vanilla grade 2."""
    assert_vanilla_grade_2_intercepts(ldb, SOVEREIGN)


def test_PK_005_hit_on_a_vanguard_with_a_clan_vanguard_turns_a_damage_face_up(ldb):
    """Its 9000 hits a grade 0 vanguard of 5000: with a clan vanguard (one with no ability of
    its own on a hit) a damage turns face up; with a vanguard of another clan, none."""
    for vanguard, face_up in ((DIRGE, 1), (V3, 0)):
        game = scene(ldb, {"vanguard": vanguard, "damage": [G2], "damage_face_down": 1,
                           "rear": {"front_left": TEMPEST}},
                     {"vanguard": DAME}, phase="battle")
        _hit(game, unit_at(game, 0, Circle.FRONT_LEFT))
        assert _face_up(game) == face_up


def _intercept(ldb, vanguard: str) -> tuple[vg.Game, int]:
    game = scene(ldb, {"vanguard": vanguard, "rear": {"front_left": PROTOTYPE}},
                 {"vanguard": V3}, phase="battle", turn_player=1)
    interceptor = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.INTERCEPT, card=interceptor))
    return game, interceptor


def test_PK_006_intercepting_with_a_clan_vanguard_shield_10000(ldb):
    """With a clan vanguard its shield is 5000 + 5000; with another clan's, 5000."""
    for vanguard, shield in ((RUTILOR, 10000), (V3, 5000)):
        game, interceptor = _intercept(ldb, vanguard)
        assert q.shield(game.state, interceptor) == shield


def test_PK_007_vanilla_grade_1_boosts(ldb):
    """TD03/007: a vanilla grade 1 of 8000 boosts its 8000 into the attack."""
    card = ldb[HARDY]
    assert (card.grade, card.power, card.shield, card.abilities) == (1, 8000, 5000, ())
    game = scene(ldb, {"vanguard": V3, "rear": {"back_center": HARDY}}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=unit_at(game, 0, Circle.BACK_CENTER)))
    assert power_of(game, vanguard) == ldb[V3].power + 8000


def test_PK_008_act_cb1_plus_1000_each_time(ldb):
    """CB1: +1000 until end of turn, again with a second face-up damage; with none left it is
    not offered."""
    game = scene(ldb, {"vanguard": V3, "damage": [G2, G2], "rear": {"back_left": MIRAGE}})
    mirage = unit_at(game, 0, Circle.BACK_LEFT)
    for power in (8000, 9000):
        game.step(pick(game, ActionKind.ACT, card=mirage))
        pay_first_cards(game)
        assert power_of(game, mirage) == power
    assert not has_action(game, ActionKind.ACT, card=mirage)


def test_PK_009_act_rest_and_discard_draw(ldb):
    """Rest it & discard: a card drawn, it rests; rested (or with an empty hand) it is not
    offered."""
    game = scene(ldb, {"vanguard": V3, "hand": [G2], "rear": {"back_left": BELLOW}})
    bellow = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=bellow))
    pay_first_cards(game)
    assert is_rested(game, bellow) and ids_in(game, 0, Zone.DROP) == [G2]
    assert len(cards_in(game, 0, Zone.HAND)) == 1
    assert not has_action(game, ActionKind.ACT, card=bellow)
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": BELLOW}})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT))


def _boost(ldb, front: str, back: str) -> tuple[vg.Game, int]:
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": front, "back_left": back}},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle")
    boosted = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, boosted, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=unit_at(game, 0, Circle.BACK_LEFT)))
    return game, boosted


def test_PK_010_boosting_the_named_grade_2_adds_4000(ldb):
    """Boosting «Sovereign of Blades»: 10000 + 6000 + 4000; boosting another grade 2:
    10000 + 6000."""
    game, boosted = _boost(ldb, SOVEREIGN, CONSORT)
    assert power_of(game, boosted) == 20000
    no_guard(game)
    assert power_of(game, boosted) == 10000
    game, boosted = _boost(ldb, G2, CONSORT)
    assert power_of(game, boosted) == 16000


@pytest.mark.parametrize(("card_id", "kind"), [(DAME, "critical"), (CLARINE, "heal")])
def test_PK_012_014_the_classic_trigger_effects(ldb, card_id, kind):
    """TD03/012 critical, 014 heal: the rules' trigger effect with +5000 (CORE-14)."""
    assert ldb[card_id].trigger.value == kind
    assert_trigger_effect(ldb, card_id, power=5000)


@pytest.mark.parametrize("card_id", [CANNONADE, STARTER])
def test_PK_013_015_stand_trigger_stands_a_rested_rear_guard(ldb, card_id):
    """The stand trigger (TD03/013, and TD03/015's icon): +5000 to the vanguard and a rested
    rear-guard stands."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": G2}, "rested": ["front_left"],
                       "deck": [card_id] + [G2] * 9}, {"vanguard": V3}, phase="battle")
    vanguard, tired = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    no_guard(game)
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    if has_action(game, ActionKind.PICK):
        game.step(pick(game, ActionKind.PICK, card=tired))
    assert not is_rested(game, tired) and power_of(game, vanguard) == ldb[V3].power + 5000


def test_PK_015_ridden_by_a_clan_unit_it_may_call_itself_from_the_soul(ldb):
    """Ridden by the clan's grade 1 it goes from the soul to a chosen RC; ridden by a grade 1
    of another clan, nothing is asked."""
    for rider, asked in ((HARDY, True), ("PX-002", False)):
        game = scene(ldb, {"vanguard": STARTER, "hand": [rider]}, phase="ride")
        starter = unit_at(game, 0, Circle.VC)
        ride_from_hand(game, 0, rider)
        assert has_action(game, ActionKind.YES) is asked
        if asked:
            say_yes(game)
            if game.decision.kind is DecisionKind.CHOOSE_CIRCLE:
                game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_CENTER))
            assert zone_of(game, starter) is Zone.RC


def test_PK_015_boosting_plus_3000_then_back_into_the_deck_at_the_end_phase(ldb):
    """Boosting a grade 2: 10000 + 3000 + 3000 for the battle; at the beginning of the end phase
    it goes into the deck (shuffled), the other rear-guard stays."""
    game, boosted = _boost(ldb, G2, STARTER)
    starter = unit_at(game, 0, Circle.BACK_LEFT)
    assert power_of(game, boosted) == 16000
    no_guard(game)
    assert power_of(game, boosted) == 10000 and zone_of(game, starter) is Zone.RC
    game.step(pick(game, ActionKind.DONE))               # end the battle phase
    assert STARTER in ids_in(game, 0, Zone.DECK)
    assert unit_at(game, 0, Circle.FRONT_LEFT) == boosted


@pytest.mark.parametrize("card_id", [f"PK-0{n:02d}" for n in range(1, 16)])
def test_every_card_of_the_product_is_in_the_study(ldb, card_id):
    """Every card of TD03 is written (15 distinct cards) and keeps our clan."""
    assert ldb[card_id].clan == CLAN
