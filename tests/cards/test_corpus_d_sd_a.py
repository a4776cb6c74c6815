"""Study of six products (issue 19), D-SD01 (Dragon Empire, overDress): every card of the start
deck (tests/cards/corpus/p_d_sd_a.toml) played in a position built for it, and in one where its
condition or cost fails and nothing happens. Rules cited: ACT-* (effects), OD-* (overDress),
CORE-10 (guard), CORE-14 (triggers)."""

from __future__ import annotations

import pytest

from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import (
    assert_vanilla_grade_2_intercepts,
    attack,
    drive_into,
    no_guard,
    ride_from_hand,
)
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    damage_count,
    has_action,
    ids_in,
    is_face_up,
    is_rested,
    pick,
    plays_of,
    power_of,
    unit_at,
    zone_of,
)

SAMSARA, HINOE, HIKARI, EGG, PYRE = "PD-001", "PD-002", "PD-003", "PD-004", "PD-005"
VERMILIA, WYVERN, DRAKE, TRICK, OVER = "PD-006", "PD-007", "PD-008", "PD-009", "PD-010"
ORDER = "PD-015"


def test_PD_001_act_discards_to_call_a_grade_0_from_the_drop(ldb):
    """ACT-03, ACT-07: COST [discard 1], a grade 0 unit of the drop is called; 1/Turn, so not
    offered again; with an empty hand the cost cannot be paid and the act is not offered."""
    game = scene(ldb, {"vanguard": SAMSARA, "hand": [G2], "drop": [TRICK, G2, "PD-011"]})
    samsara = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=samsara))
    trick = card_named(game, 0, Zone.DROP, TRICK)
    assert ids_in(game, 0, Zone.HAND) == []
    assert {
        game.state.card(a.card).id for a in game.legal_actions() if a.kind is ActionKind.PICK
    } == {TRICK, "PD-011"}  # grade 0 only, not the G2s
    game.step(pick(game, ActionKind.PICK, card=trick))
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_LEFT))
    assert unit_at(game, 0, Circle.BACK_LEFT) == trick
    assert not has_action(game, ActionKind.ACT, card=samsara)
    game = scene(ldb, {"vanguard": SAMSARA, "drop": [TRICK]})
    assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))


def _samsara_attacks(ldb, damage_face_down: int):
    game = scene(
        ldb,
        {
            "vanguard": SAMSARA,
            "damage": [G2],
            "damage_face_down": damage_face_down,
            "rear": {"front_left": VERMILIA, "front_right": G2},
            "dress": {"front_left": [TRICK]},
        },
        phase="battle",
    )
    samsara = unit_at(game, 0, Circle.VC)
    attack(game, samsara, unit_at(game, 1, Circle.VC))
    return game, samsara


def test_PD_001_attack_powers_itself_and_the_overdress_units(ldb):
    """COST [CB1]: this unit and the unit in overDress +10000 until end of turn, the other
    rear-guard nothing; with no face-up damage the auto cannot be paid."""
    game, samsara = _samsara_attacks(ldb, 0)
    game.step(pick(game, ActionKind.YES))
    assert power_of(game, samsara) == 23000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 20000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_RIGHT)) == 10000
    game, samsara = _samsara_attacks(ldb, 1)
    assert game.decision.kind is DecisionKind.GUARD  # nothing was asked
    assert power_of(game, samsara) == 13000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000


def _ride(ldb, vanguard: str, rider: str, **me):
    side = {"vanguard": vanguard, "hand": [rider], **me}
    game = scene(ldb, side, phase="ride")
    first = unit_at(game, 0, Circle.VC)
    ride_from_hand(game, 0, rider)
    return game, first


def test_PD_002_ridden_by_samsara_fetches_vermilia(ldb):
    """Ridden by «Samsara»: COST [SB1], «Vermilia» from the deck to the hand; ridden by another
    grade 3 the auto does not trigger."""
    game, hinoe = _ride(ldb, HINOE, SAMSARA, soul=[G2], deck=[G2, VERMILIA, G2])
    game.step(pick(game, ActionKind.YES))
    game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.SOUL)[0]))
    vermilia = card_named(game, 0, Zone.DECK, VERMILIA)
    game.step(pick(game, ActionKind.PICK, card=vermilia))
    assert zone_of(game, vermilia) is Zone.HAND and len(cards_in(game, 0, Zone.DROP)) == 1
    game, hinoe = _ride(ldb, HINOE, V3, soul=[G2], deck=[G2, VERMILIA, G2])
    assert zone_of(game, hinoe) is Zone.SOUL and plays_of(game, hinoe) == 0
    assert ids_in(game, 0, Zone.HAND) == []


@pytest.mark.parametrize("card_id", [HINOE, HIKARI, PYRE])
def test_PD_002_003_005_plus_2000_only_in_the_battle_it_attacked(ldb, card_id):
    """The cont gives +2000 during the battle this unit attacked, and not before it."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": card_id}}, phase="battle")
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    base = ldb[card_id].power
    assert power_of(game, unit) == base
    attack(game, unit, unit_at(game, 1, Circle.VC))
    assert power_of(game, unit) == base + 2000


def test_PD_002_003_the_cont_also_works_on_the_vanguard_circle_but_PD_005_does_not(ldb):
    """Hinoe's and Hikari's cont is valid on VC; Pyre Edge's on RC only."""
    for card_id, extra in ((HINOE, 2000), (PYRE, 0)):
        game = scene(ldb, {"vanguard": card_id}, phase="battle")
        vanguard = unit_at(game, 0, Circle.VC)
        attack(game, vanguard, unit_at(game, 1, Circle.VC))
        assert power_of(game, vanguard) == ldb[card_id].power + extra


def test_PD_003_ridden_by_hinoe_calls_trickglow(ldb):
    """Ridden by «Hinoe»: «Trickglow» is searched and called; ridden by another card: no
    search."""
    game, hikari = _ride(ldb, HIKARI, HINOE, deck=[G2, TRICK, G2])
    trick = card_named(game, 0, Zone.DECK, TRICK)
    game.step(pick(game, ActionKind.PICK, card=trick))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    assert unit_at(game, 0, Circle.FRONT_RIGHT) == trick
    game, hikari = _ride(ldb, HIKARI, WYVERN, deck=[G2, TRICK, G2])
    assert plays_of(game, hikari) == 0 and ids_in(game, 0, Zone.DECK) == [G2, TRICK, G2]


def test_PD_004_ridden_draws_only_if_you_went_second(ldb):
    """Ridden on turn 4 (you went second): draw; on turn 3 (you went first): no draw."""
    for turn, drawn in ((4, 1), (3, 0)):
        game = scene(ldb, {"vanguard": EGG, "hand": [HIKARI]}, phase="ride", turn=turn)
        ride_from_hand(game, 0, HIKARI)
        assert len(cards_in(game, 0, Zone.HAND)) == drawn


def _vermilia_attacks(ldb, *, soul: int, target: Circle = Circle.VC, dressed: bool = True):
    me = {"vanguard": V3, "rear": {"front_left": VERMILIA}, "soul": [G2] * soul}
    if dressed:
        me["dress"] = {"front_left": [TRICK]}
    game = scene(ldb, me, {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle")
    vermilia = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, vermilia, unit_at(game, 1, target))
    return game, vermilia


def test_PD_006_in_overdress_against_a_vanguard_then_soul_blast_to_retire(ldb):
    """OD-03: in overDress, attacking a vanguard: +10000, then COST [SB2] retires one of the
    opponent's rear-guards; with one soul card the cost is not offered."""
    game, vermilia = _vermilia_attacks(ldb, soul=2)
    assert power_of(game, vermilia) == 20000
    game.step(pick(game, ActionKind.YES))
    assert ids_in(game, 1, Zone.DROP) == [G2] and cards_in(game, 0, Zone.SOUL) == []
    game, vermilia = _vermilia_attacks(ldb, soul=1)
    assert power_of(game, vermilia) == 20000 and game.decision.kind is DecisionKind.GUARD


def test_PD_006_not_against_a_rear_guard_nor_out_of_overdress(ldb):
    """Attacking a rear-guard, or called normally (not in overDress): no +10000."""
    game, vermilia = _vermilia_attacks(ldb, soul=2, target=Circle.FRONT_LEFT)
    assert power_of(game, vermilia) == 10000 and plays_of(game, vermilia) == 0
    game, vermilia = _vermilia_attacks(ldb, soul=2, dressed=False)
    assert power_of(game, vermilia) == 10000 and plays_of(game, vermilia) == 0


def test_PD_006_overdress_goes_onto_trickglow_only(ldb):
    """OD-01: Vermilia may overDress onto «Trickglow», not onto another rear-guard."""
    game = scene(
        ldb, {"vanguard": V3, "hand": [VERMILIA], "rear": {"front_left": TRICK, "front_right": G2}}
    )
    vermilia = card_named(game, 0, Zone.HAND, VERMILIA)
    trick, other = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    assert not has_action(game, ActionKind.OVERDRESS, card=vermilia, target=other)
    game.step(pick(game, ActionKind.OVERDRESS, card=vermilia, target=trick))
    assert zone_of(game, trick) is Zone.DRESS


@pytest.mark.parametrize("card_id", [WYVERN])
def test_PD_007_a_vanilla_grade_2_intercepts(ldb, card_id):
    """A vanilla grade 2 (10000, shield 5000, intercept): from the front row it guards for
    5000; it has no ability."""
    assert_vanilla_grade_2_intercepts(ldb, card_id)


def _guard_with_sentinel(ldb, sentinel: str, hand_extra: list[str]):
    game = scene(
        ldb,
        {"vanguard": V3, "hand": [sentinel] + hand_extra, "rear": {"front_left": G2}},
        {"vanguard": V3, "rear": {"front_left": G2}},
        phase="battle",
        turn_player=1,
    )
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.GUARD, card=card_named(game, 0, Zone.HAND, sentinel)))
    return game


@pytest.mark.parametrize("sentinel", [DRAKE, "PE-009"])
def test_PD_008_PE_009_sentinel_discards_and_the_vanguard_cannot_be_hit(ldb, sentinel):
    """CORE-10: placed on GC, COST [discard 1], the chosen unit cannot be hit: no damage from a
    30000 attack; with no other card in hand the cost fails and the vanguard is hit."""
    game = _guard_with_sentinel(ldb, sentinel, [G2, HIKARI])
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, HIKARI)))
    assert game.decision.label == "shielded"  # the vanguard or the rear-guard
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, Circle.VC)))
    no_guard(game)
    assert damage_count(game, 0) == 0 and ids_in(game, 0, Zone.HAND) == [G2]
    game = _guard_with_sentinel(ldb, sentinel, [])
    no_guard(game)
    assert damage_count(game, 0) == 1  # 13000 vs 13000 + shield 0: hit


def test_PD_009_resist_against_the_opponents_effect_only(ldb):
    """Resist: the opponent's retire effect cannot choose «Trickglow» (it takes the other
    rear-guard); your own effect can (the drillmaster's act rests it)."""
    game = scene(
        ldb,
        {"vanguard": V3, "rear": {"front_left": TRICK, "front_right": G2}},
        {"vanguard": V3, "rear": {"front_left": "LX-E05B"}},
        turn_player=1,
    )
    trick, other = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 1, Circle.FRONT_LEFT)))
    assert zone_of(game, other) is Zone.DROP and zone_of(game, trick) is Zone.RC
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P08", "back_left": TRICK}})
    trick = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    assert is_rested(game, trick)


def test_PD_010_over_trigger_extra_effect_on_a_drive_check_only(ldb):
    """CORE-14: the over trigger's +100,000,000, and its extra effect another +100,000,000 on
    a drive check; revealed by a damage check only the trigger's own."""
    game, vanguard = drive_into(ldb, OVER)
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert power_of(game, vanguard) == 13000 + 200_000_000
    game = scene(
        ldb,
        {"vanguard": V3, "deck": [OVER] + [G2] * 9},
        {"vanguard": V3, "rear": {"front_left": G2}},
        phase="battle",
        turn_player=1,
    )
    mine = unit_at(game, 0, Circle.VC)
    attack(game, unit_at(game, 1, Circle.VC), mine)
    no_guard(game)
    assert power_of(game, mine) == 13000 + 100_000_000


def test_PD_011_critical_trigger(ldb):
    """CORE-14: +10000 power and +1 critical; the card is a grade 0 with 15000 shield."""
    assert (ldb["PD-011"].grade, ldb["PD-011"].shield) == (0, 15000)
    game, vanguard = drive_into(ldb, "PD-011")
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert power_of(game, vanguard) == 23000 and critical_of(game, vanguard) == 2


def test_PD_012_draw_trigger(ldb):
    """CORE-14: +10000 and a draw; shield 5000."""
    assert ldb["PD-012"].shield == 5000
    game, vanguard = drive_into(ldb, "PD-012")
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert power_of(game, vanguard) == 23000
    assert (
        ids_in(game, 0, Zone.HAND).count("PD-012") == 1 and len(cards_in(game, 0, Zone.HAND)) == 3
    )


def test_PD_013_front_trigger(ldb):
    """CORE-14: +10000 to every front-row unit, the back row nothing."""
    game, vanguard = drive_into(ldb, "PD-013", rear={"front_left": G2, "back_left": HIKARI})
    assert power_of(game, vanguard) == 23000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 20000
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 8000


def test_PD_014_heal_trigger(ldb):
    """CORE-14: +10000 and heal 1 when your damage is at least your opponent's; not ahead of
    them, no heal."""
    game, vanguard = drive_into(ldb, "PD-014", damage=[G2, G2])
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.DAMAGE)[0]))
    assert damage_count(game, 0) == 1 and power_of(game, vanguard) == 23000
    game, vanguard = drive_into(ldb, "PD-014")
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert damage_count(game, 0) == 0 and power_of(game, vanguard) == 23000


def test_PD_015_order_powers_a_unit_and_returns_vermilia(ldb):
    """ACT-10: COST [CB1], a unit +5000 and «Vermilia» from the drop to the hand; with no
    face-up damage the order cannot be played."""
    game = scene(
        ldb,
        {
            "vanguard": V3,
            "hand": [ORDER],
            "damage": [G2],
            "drop": [VERMILIA, G2],
            "rear": {"front_left": G2},
        },
    )
    vermilia = card_named(game, 0, Zone.DROP, VERMILIA)
    game.step(pick(game, ActionKind.PLAY_ORDER))
    rear = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.PICK, card=rear))
    assert power_of(game, rear) == 15000 and zone_of(game, vermilia) is Zone.HAND
    assert ids_in(game, 0, Zone.DROP).count(G2) == 1  # the other card stays
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    game = scene(ldb, {"vanguard": V3, "hand": [ORDER], "damage": [G2], "damage_face_down": 1})
    assert not has_action(game, ActionKind.PLAY_ORDER)
