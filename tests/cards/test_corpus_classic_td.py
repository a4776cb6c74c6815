"""Study of six products (issue 19), product 1: every card of the classic trial deck TD01
(tests/cards/corpus/p_classic_td.toml, ids PC-001..016). Each test plays the card's effect in a
position built for it and a position where its condition or cost fails; vanilla units and
triggers are shown doing what they are (boost, intercept, trigger effect)."""

from __future__ import annotations

import pytest

from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
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
    power_of,
    unit_at,
    zone_of,
)

CRIT = "PC-013"                                   # our critical trigger (classic +5000)


def _drive_then_trigger(ldb, vanguard: str, first: str):
    """Player 0's vanguard attacks unguarded; its first drive check reveals `first`, the second
    a critical trigger, whose "choose the unit for the power" decision stops the battle."""
    game = scene(ldb, {"vanguard": vanguard, "rear": {"front_left": G2},
                       "deck": [first, CRIT] + [G2] * 8}, phase="battle")
    attacker = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))                     # no guard
    assert game.decision is not None and game.decision.label == "power_to"
    return game, attacker


def test_PC_001_a_grade_3_of_the_clan_revealed_by_the_drive_check(ldb):
    """A grade 3 of the clan revealed: +5000 for that battle; a grade 3 of another clan or a
    grade 2 of the clan: nothing."""
    game, attacker = _drive_then_trigger(ldb, "PC-001", "PC-002")
    assert power_of(game, attacker) == 15000
    for other in (V3, "PC-004"):
        game, attacker = _drive_then_trigger(ldb, "PC-001", other)
        assert power_of(game, attacker) == 10000


def test_PC_001_the_bonus_ends_with_the_battle(ldb):
    """"Until end of that battle": after the battle the vanguard is back to 10000."""
    game, attacker = _drive_then_trigger(ldb, "PC-001", "PC-002")
    game.step(pick(game, ActionKind.PICK, card=attacker))      # trigger power
    game.step(pick(game, ActionKind.PICK, card=attacker))      # trigger critical
    assert power_of(game, attacker) == 15000                   # only the trigger's +5000 left


def _attack_with(ldb, me: dict, circle: Circle, them: dict | None = None):
    """Player 0's unit on `circle` attacks the opponent's vanguard (who holds a card, so a
    guard decision follows the attack's autos)."""
    them = them or {"vanguard": V3, "hand": [G2]}
    game = scene(ldb, me, them, phase="battle")
    attacker = unit_at(game, 0, circle)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
    return game, attacker


def test_PC_002_counter_blast_1_when_it_attacks(ldb):
    """Paid (CB1): +3000 while it attacks, the damage turned face down; with no face-up damage
    the cost cannot be paid and no question is asked."""
    game, bors = _attack_with(ldb, {"vanguard": "PC-002", "damage": [G2]}, Circle.VC)
    game.step(pick(game, ActionKind.YES))
    assert power_of(game, bors) == 13000
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    game, bors = _attack_with(ldb, {"vanguard": "PC-002", "damage": [G2],
                                    "damage_face_down": 1}, Circle.VC)
    assert not has_action(game, ActionKind.YES)
    assert power_of(game, bors) == 10000


def test_PC_002_refused_cost_keeps_the_damage_face_up(ldb):
    """Declined: no power, the damage stays face up."""
    game, bors = _attack_with(ldb, {"vanguard": "PC-002", "damage": [G2]}, Circle.VC)
    game.step(pick(game, ActionKind.NO))
    assert power_of(game, bors) == 10000 and is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])


def test_PC_003_counter_blast_2_with_the_named_card_in_the_soul(ldb):
    """CB2 with «Lumen Blade» in the soul: +5000 and +1 critical; without it in the soul the act
    is not offered, nor with only one face-up damage."""
    game = scene(ldb, {"vanguard": "PC-003", "soul": ["PC-005"], "damage": [G2, G2]})
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=vanguard))
    assert power_of(game, vanguard) == 14000 and critical_of(game, vanguard) == 2
    assert not any(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE))
    game = scene(ldb, {"vanguard": "PC-003", "soul": ["PC-004"], "damage": [G2, G2]})
    assert not has_action(game, ActionKind.ACT)
    game = scene(ldb, {"vanguard": "PC-003", "soul": ["PC-005"], "damage": [G2, G2],
                       "damage_face_down": 1})
    assert not has_action(game, ActionKind.ACT)


def test_PC_003_from_hand_it_fetches_the_named_card(ldb):
    """From the hand: it goes on top of the deck and «Lumen Blade» comes to the hand; with no
    «Lumen Blade» in the deck it still goes to the deck and nothing comes back."""
    game = scene(ldb, {"vanguard": V3, "hand": ["PC-003"], "deck": [G2, "PC-005", G2]})
    knight = card_named(game, 0, Zone.HAND, "PC-003")
    game.step(pick(game, ActionKind.ACT, card=knight))
    blade = card_named(game, 0, Zone.DECK, "PC-005")
    game.step(pick(game, ActionKind.PICK, card=blade))
    assert ids_in(game, 0, Zone.HAND) == ["PC-005"]
    assert zone_of(game, knight) is Zone.DECK and len(cards_in(game, 0, Zone.DECK)) == 3
    game = scene(ldb, {"vanguard": V3, "hand": ["PC-003"], "deck": [G2, G2]})
    knight = card_named(game, 0, Zone.HAND, "PC-003")
    game.step(pick(game, ActionKind.ACT, card=knight))
    assert ids_in(game, 0, Zone.HAND) == [] and zone_of(game, knight) is Zone.DECK


def test_PC_004_a_vanilla_grade_2_intercepts_from_the_front_row(ldb):
    """No ability; from the front row it may intercept (its 5000 shield counts), from the back
    row it may not."""
    def attacked(circle: str):
        game = scene(ldb, {"vanguard": V3, "rear": {circle: "PC-004"}},
                     {"vanguard": V3}, phase="battle", turn_player=1)
        game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 1, Circle.VC),
                       target=unit_at(game, 0, Circle.VC)))
        return game, unit_at(game, 0, Circle[circle.upper()])

    game, knight = attacked("front_left")
    assert power_of(game, knight) == 10000
    game.step(pick(game, ActionKind.INTERCEPT, card=knight))
    assert zone_of(game, knight) is Zone.GC
    game, knight = attacked("back_left")
    assert not has_action(game, ActionKind.INTERCEPT)


def test_PC_005_ridden_it_retires_any_rear_guard(ldb):
    """Placed on VC (a ride) with CB2: a chosen rear-guard of the opponent is retired; with one
    face-up damage the cost cannot be paid and nothing is retired."""
    def ride(face_down: int):
        game = scene(ldb, {"vanguard": "PC-008", "hand": ["PC-005"], "damage": [G2, G2],
                           "damage_face_down": face_down},
                     {"vanguard": V3, "rear": {"back_left": "PC-008"}}, phase="ride")
        game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "PC-005")))
        return game, unit_at(game, 1, Circle.BACK_LEFT)

    game, victim = ride(0)
    game.step(pick(game, ActionKind.YES))
    if has_action(game, ActionKind.PICK):                      # one target: chosen for you
        game.step(pick(game, ActionKind.PICK, card=victim))
    assert zone_of(game, victim) is Zone.DROP
    game, victim = ride(1)
    assert not has_action(game, ActionKind.YES)
    assert zone_of(game, victim) is Zone.RC


def test_PC_005_called_it_needs_a_clan_vanguard_and_a_grade_2_target(ldb):
    """Called to RC under a vanguard of its clan: only a grade 2 or greater rear-guard may be
    chosen; under a vanguard of another clan the auto does not trigger."""
    def call(vanguard: str):
        game = scene(ldb, {"vanguard": vanguard, "hand": ["PC-005"], "damage": [G2, G2]},
                     {"vanguard": V3, "rear": {"front_left": G2, "front_right": "PC-008"}})
        game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "PC-005"),
                       circle=Circle.FRONT_LEFT))
        return game, unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)

    game, big, small = call("PC-002")
    game.step(pick(game, ActionKind.YES))
    assert not has_action(game, ActionKind.PICK, card=small)
    if has_action(game, ActionKind.PICK):                      # one legal target: no choice
        game.step(pick(game, ActionKind.PICK, card=big))
    assert zone_of(game, big) is Zone.DROP and zone_of(game, small) is Zone.RC
    game, big, small = call(V3)
    assert not has_action(game, ActionKind.YES)
    assert zone_of(game, big) is Zone.RC and all(is_face_up(game, c)
                                                 for c in cards_in(game, 0, Zone.DAMAGE))


def _opponent_damage_trigger(ldb, vanguard: str, first: str):
    """Player 0's grade 2 vanguard (one drive check) attacks a grade 0 vanguard unguarded; the
    drive check reveals `first`; the opponent's damage check reveals a critical trigger, whose decision comes while
    the battle still runs."""
    game = scene(ldb, {"vanguard": vanguard, "rear": {"front_left": G2},
                       "deck": [first] + [G2] * 9},
                 {"vanguard": "PC-012", "rear": {"front_left": G2}, "deck": [CRIT] + [G2] * 9},
                 phase="battle")
    attacker = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))
    decision = game.decision
    assert decision is not None and decision.player == 1 and decision.label == "power_to"
    return game, attacker


def test_PC_006_a_grade_2_vanguard_with_the_drive_check_bonus(ldb):
    """On VC it drive checks once: a grade 3 of the clan gives +5000 for that battle; a grade 2
    of the clan gives nothing."""
    game, attacker = _opponent_damage_trigger(ldb, "PC-006", "PC-001")
    assert power_of(game, attacker) == 13000
    game, attacker = _opponent_damage_trigger(ldb, "PC-006", "PC-004")
    assert power_of(game, attacker) == 8000


def test_PC_007_more_cards_in_hand_than_the_opponent(ldb):
    """Two cards against one: +3000 when it attacks; one against one: nothing."""
    game, knight = _attack_with(ldb, {"vanguard": V3, "rear": {"front_left": "PC-007"},
                                      "hand": [G2, G2]}, Circle.FRONT_LEFT)
    assert power_of(game, knight) == 11000
    game, knight = _attack_with(ldb, {"vanguard": V3, "rear": {"front_left": "PC-007"},
                                      "hand": [G2]}, Circle.FRONT_LEFT)
    assert power_of(game, knight) == 8000


def _boosted(ldb, front: str, back: str):
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": front, "back_left": back}},
                 {"vanguard": V3, "hand": [G2]}, phase="battle")
    attacker = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.BOOST))
    return game, attacker


def test_PC_008_a_vanilla_grade_1_boosts_its_power(ldb):
    """No ability: boosting adds its 8000."""
    game, attacker = _boosted(ldb, G2, "PC-008")
    assert power_of(game, attacker) == 18000


def test_PC_009_boosting_the_named_unit(ldb):
    """Boosting «Lumen Blade»: its 6000 and +4000 more; boosting another unit: its 6000 only."""
    game, attacker = _boosted(ldb, "PC-005", "PC-009")
    assert power_of(game, attacker) == 19000
    game, attacker = _boosted(ldb, "PC-004", "PC-009")
    assert power_of(game, attacker) == 16000


def test_PC_010_another_unit_of_the_clan_gets_2000(ldb):
    """Called: another unit of its clan, chosen, +2000 (not itself); with no other unit of its
    clan on the field nothing is chosen."""
    game = scene(ldb, {"vanguard": "PC-002", "hand": ["PC-010"]})
    unicorn = card_named(game, 0, Zone.HAND, "PC-010")
    game.step(pick(game, ActionKind.CALL, card=unicorn, circle=Circle.BACK_LEFT))
    assert not has_action(game, ActionKind.PICK, card=unicorn)
    vanguard = unit_at(game, 0, Circle.VC)
    if has_action(game, ActionKind.PICK, card=vanguard):
        game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert power_of(game, vanguard) == 12000 and power_of(game, unicorn) == 6000
    game = scene(ldb, {"vanguard": V3, "hand": ["PC-010"]})
    unicorn = card_named(game, 0, Zone.HAND, "PC-010")
    game.step(pick(game, ActionKind.CALL, card=unicorn, circle=Circle.BACK_LEFT))
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000 and power_of(game, unicorn) == 6000


def test_PC_011_discard_a_card_when_it_attacks(ldb):
    """Discarding a card: +4000 until end of turn (still there after the battle); with an empty
    hand no cost can be paid."""
    game, knight = _attack_with(ldb, {"vanguard": V3, "rear": {"front_left": "PC-011"},
                                      "hand": [G2]}, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.YES))
    if has_action(game, ActionKind.PICK):
        game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, G2)))
    assert ids_in(game, 0, Zone.DROP) == [G2] and power_of(game, knight) == 10000
    game.step(pick(game, ActionKind.DONE))                     # the opponent does not guard
    assert power_of(game, knight) == 10000
    game, knight = _attack_with(ldb, {"vanguard": V3, "rear": {"front_left": "PC-011"}},
                                Circle.FRONT_LEFT)
    assert not has_action(game, ActionKind.YES) and power_of(game, knight) == 6000


def test_PC_012_the_starting_vanguard_boosts_6000(ldb):
    """A vanilla grade 0 with boost: behind a rear-guard it adds 6000."""
    game, attacker = _boosted(ldb, G2, "PC-012")
    assert power_of(game, attacker) == 16000


def _drive_one(ldb, trigger: str, **me: object):
    """A grade 2 vanguard (one drive check) attacks; the drive check reveals `trigger`."""
    side = {"vanguard": "PC-004", "rear": {"front_left": G2},
            "deck": [trigger] + [G2] * 9, **me}
    game = scene(ldb, side, {"vanguard": V3, "damage": [G2] * 2}, phase="battle")
    attacker = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))
    return game, attacker


def test_PC_013_critical_trigger(ldb):
    """+5000 and +1 critical to the chosen units: the vanguard deals 2 damage."""
    game, attacker = _drive_one(ldb, "PC-013")
    game.step(pick(game, ActionKind.PICK, card=attacker))
    game.step(pick(game, ActionKind.PICK, card=attacker))
    assert damage_count(game, 1) == 4


def test_PC_014_heal_trigger_needs_damage_at_least_the_opponents(ldb):
    """With 2 damage against 2 a damage card is healed; with 1 against 2 nothing is healed."""
    game, attacker = _drive_one(ldb, "PC-014", damage=[G2, G2])
    game.step(pick(game, ActionKind.PICK, card=attacker))
    if has_action(game, ActionKind.PICK):
        game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.DAMAGE)[0]))
    assert damage_count(game, 0) == 1
    game, attacker = _drive_one(ldb, "PC-014", damage=[G2])
    game.step(pick(game, ActionKind.PICK, card=attacker))
    assert damage_count(game, 0) == 1


def test_PC_015_draw_trigger(ldb):
    """The draw trigger: one card drawn (the checked card and one more in hand)."""
    game, attacker = _drive_one(ldb, "PC-015")
    game.step(pick(game, ActionKind.PICK, card=attacker))
    assert len(cards_in(game, 0, Zone.HAND)) == 2


def test_PC_016_stand_trigger_stands_a_rested_rear_guard(ldb):
    """The stand trigger stands a rested rear-guard; a standing one is no choice."""
    game = scene(ldb, {"vanguard": "PC-004", "rear": {"front_left": G2, "front_right": G2},
                       "rested": ["front_left"], "deck": ["PC-016"] + [G2] * 9},
                 {"vanguard": V3}, phase="battle")
    attacker = unit_at(game, 0, Circle.VC)
    tired = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.PICK, card=attacker))          # the power
    if has_action(game, ActionKind.PICK):                          # the only rested one
        assert not has_action(game, ActionKind.PICK, card=unit_at(game, 0, Circle.FRONT_RIGHT))
        game.step(pick(game, ActionKind.PICK, card=tired))
    assert not is_rested(game, tired) and power_of(game, tired) == 10000
    assert game.decision.kind is DecisionKind.ATTACK and has_action(game, ActionKind.ATTACK,
                                                                    card=tired)


@pytest.mark.parametrize("card_id", [f"PC-0{n:02d}" for n in range(1, 17)])
def test_every_card_of_the_product_is_in_the_study(ldb, card_id):
    """Every card of TD01 is written (16 distinct cards) and keeps our clan."""
    assert ldb.get(card_id).clan == "lumen_paladins"
