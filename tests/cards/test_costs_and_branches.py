"""Corpus part 3 (issue 9 §3): costs that move or change cards (put into soul, return to hand,
deck top and bottom, retire your own units, discard a named card, turn G zone cards face up or
down, rest, lock), all or nothing and jointly payable (CORE-19), and costs and conditions in the
middle of an effect ("then, COST [...]", "if you do / if you do not", "instead")."""

from __future__ import annotations

from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    has_action,
    ids_in,
    is_face_up,
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)


def test_LX_P01_put_this_unit_into_your_soul(ldb):
    """GB1, [CB1 & put this unit into your soul]: search a grade 2, call it; without a face-up
    damage the joint cost cannot be paid and the act is not offered."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P01"}, "damage": [G2],
                       "g_zone_face_up": ["PG-001"], "deck": ["PX-002", G2, "PX-002"]},
                 fmt="premium")
    squire = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=squire))
    assert zone_of(game, squire) is Zone.SOUL
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    found = card_named(game, 0, Zone.DECK, G2)
    game.step(pick(game, ActionKind.PICK, card=found))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    assert unit_at(game, 0, Circle.FRONT_RIGHT) == found
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P01"}, "damage": [G2],
                       "damage_face_down": 1, "g_zone_face_up": ["PG-001"]}, fmt="premium")
    assert not has_action(game, ActionKind.ACT)


def test_LX_P02_return_this_unit_to_your_hand(ldb):
    """[Return this unit to your hand]: it goes to hand and the vanguard gets +5000; with one
    rear-guard the condition fails."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P02", "back_left": G2}})
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit))
    assert zone_of(game, unit) is Zone.HAND
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 18000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P02"}})
    assert not has_action(game, ActionKind.ACT)


def _hit_with_courier(ldb, pay: bool):
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P03"}}, {"vanguard": G2},
                 phase="battle")
    courier = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=courier, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))                   # no guard: it hits
    game.step(pick(game, ActionKind.YES if pay else ActionKind.NO))
    return game, courier


def test_LX_P03_put_this_unit_on_the_bottom_of_your_deck(ldb):
    """Paid: the unit goes to the bottom of the deck and a card is drawn; refused: it stays."""
    game, courier = _hit_with_courier(ldb, True)
    assert cards_in(game, 0, Zone.DECK)[-1] == courier
    assert len(cards_in(game, 0, Zone.HAND)) == 1
    game, courier = _hit_with_courier(ldb, False)
    assert zone_of(game, courier) is Zone.RC and cards_in(game, 0, Zone.HAND) == []


def test_LX_P04_put_a_card_from_hand_on_top_of_your_deck(ldb):
    """A chosen hand card goes on top of the deck, +5000; with an empty hand no act."""
    game = scene(ldb, {"vanguard": "LX-P04", "hand": ["DX-008"]})
    card = card_named(game, 0, Zone.HAND, "DX-008")
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert cards_in(game, 0, Zone.DECK)[0] == card
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 18000
    game = scene(ldb, {"vanguard": "LX-P04"})
    assert not has_action(game, ActionKind.ACT)


def test_LX_P05_retire_two_of_your_rear_guards(ldb):
    """GB2, [retire two of your rear-guards]: +10000/+1 critical; with one rear-guard the cost
    cannot be paid."""
    game = scene(ldb, {"vanguard": "LX-P05", "rear": {"front_left": G2, "back_left": G2},
                       "g_zone_face_up": ["PG-001", "PG-002"]}, fmt="premium")
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=vanguard))
    assert ids_in(game, 0, Zone.DROP) == [G2, G2]
    assert power_of(game, vanguard) == 21000 and critical_of(game, vanguard) == 2
    game = scene(ldb, {"vanguard": "LX-P05", "rear": {"front_left": G2},
                       "g_zone_face_up": ["PG-001", "PG-002"]}, fmt="premium")
    assert not has_action(game, ActionKind.ACT)


def _hit_with_overlord(ldb, hand: list[str]):
    game = scene(ldb, {"vanguard": "LX-P06", "damage": [G2], "hand": hand}, {"vanguard": G2},
                 phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=vanguard, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))                   # no guard: it hits
    return game, vanguard


def test_LX_P06_discard_a_card_with_the_same_name(ldb):
    """Persona blast: CB1 and the named card from hand pay, and the vanguard stands; without
    the named card nothing is asked and it stays rested."""
    game, vanguard = _hit_with_overlord(ldb, ["LX-P06"])
    game.step(pick(game, ActionKind.YES))
    assert not is_rested(game, vanguard)
    assert "LX-P06" in ids_in(game, 0, Zone.DROP)
    game, vanguard = _hit_with_overlord(ldb, [G2])
    assert game.decision.kind is not DecisionKind.YES_NO      # the turn went on, unasked
    assert is_rested(game, vanguard)


def _attack_with_chronowheel(ldb, g_zone: list[str]):
    game = scene(ldb, {"vanguard": V3, "stride": "LX-P07", "damage": [G2], "g_zone": g_zone,
                       "g_zone_face_up": ["PG-001"]},
                 {"vanguard": V3, "hand": ["DX-011", G2]}, fmt="premium", phase="battle")
    g_unit = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=g_unit, target=unit_at(game, 1, Circle.VC)))
    return game, g_unit


def test_LX_P07_turn_a_g_zone_copy_face_up(ldb):
    """[CB1 & turn a face-down copy in the G zone face up]: no grade 0 guard this battle, and
    with three face-up G units +1 critical; without a face-down copy nothing happens."""
    game, g_unit = _attack_with_chronowheel(ldb, ["LX-P07"])
    game.step(pick(game, ActionKind.YES))
    copy = card_named(game, 0, Zone.G_ZONE, "LX-P07")
    assert is_face_up(game, copy)
    assert q.guard_min_grade(game.state, g_unit) == 1 and critical_of(game, g_unit) == 2
    trigger = card_named(game, 1, Zone.HAND, "DX-011")
    assert not has_action(game, ActionKind.GUARD, card=trigger)
    game, g_unit = _attack_with_chronowheel(ldb, [])
    assert q.guard_min_grade(game.state, g_unit) == 0 and critical_of(game, g_unit) == 1
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, "DX-011"))


def test_LX_P08_rest_another_rear_guard(ldb):
    """[Rest one of your other rear-guards]: it rests, +5000; with no other standing one, the
    act is not offered."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P08", "back_left": G2}})
    unit, other = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit))
    assert is_rested(game, other) and power_of(game, unit) == 15000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P08", "back_left": G2},
                       "rested": ["back_left"]})
    assert not has_action(game, ActionKind.ACT)


def test_LX_P09_lock_one_of_your_rear_guards(ldb):
    """[CB1 & lock a «Voidstar» rear-guard]: the opponent's chosen rear-guard is locked too,
    and with two of their cards locked a card is drawn ("if" in the effect); without a
    Voidstar rear-guard no act."""
    game = scene(ldb, {"vanguard": "LX-P09", "rear": {"front_left": "LX-P09B"}, "damage": [G2]},
                 {"vanguard": V3, "rear": {"front_left": G2, "back_left": G2},
                  "locked": {"front_right": G2}}, fmt="premium")
    pawn = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.PICK, card=victim))
    assert q.is_locked(pawn) and q.is_locked(victim)
    assert len(cards_in(game, 0, Zone.HAND)) == 1
    game = scene(ldb, {"vanguard": "LX-P09", "rear": {"front_left": "LX-P09B"}, "damage": [G2]},
                 {"vanguard": V3, "rear": {"front_left": G2}}, fmt="premium")
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert cards_in(game, 0, Zone.HAND) == []              # one locked card: no draw
    game = scene(ldb, {"vanguard": "LX-P09", "rear": {"front_left": G2}, "damage": [G2]},
                 {"vanguard": V3, "rear": {"front_left": G2}}, fmt="premium")
    assert not has_action(game, ActionKind.ACT)


def _dancer_attacks(ldb, soul: int, target: Circle = Circle.VC):
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P10"}, "soul": [G2] * soul},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle")
    dancer = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=dancer, target=unit_at(game, 1, target)))
    return game, dancer


def test_LX_P10_then_cost_in_the_middle_of_the_effect(ldb):
    """+10000, then COST [SB2] asked and paid: the opponent's rear-guard is retired; with one
    soul card the cost is not offered (the +10000 still applies); attacking a rear-guard, the
    auto does not trigger."""
    game, dancer = _dancer_attacks(ldb, 2)
    assert power_of(game, dancer) == 20000
    assert game.decision.kind is DecisionKind.YES_NO
    game.step(pick(game, ActionKind.YES))
    assert ids_in(game, 1, Zone.DROP) == [G2] and cards_in(game, 0, Zone.SOUL) == []
    game, dancer = _dancer_attacks(ldb, 1)
    assert power_of(game, dancer) == 20000 and game.decision.kind is DecisionKind.GUARD
    assert zone_of(game, unit_at(game, 1, Circle.FRONT_LEFT)) is Zone.RC
    game, dancer = _dancer_attacks(ldb, 2, Circle.FRONT_LEFT)
    assert power_of(game, dancer) == 10000


def _ride_gambler(ldb, pay: bool):
    game = scene(ldb, {"vanguard": G2, "hand": ["LX-P11", "DX-008", "DX-008"]}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "LX-P11")))
    game.step(pick(game, ActionKind.YES if pay else ActionKind.NO))
    return game


def test_LX_P11_if_you_do_otherwise(ldb):
    """"You may discard; if you do, draw two; if you do not, Soul Charge 1"."""
    game = _ride_gambler(ldb, True)
    game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.HAND)[0]))
    assert len(cards_in(game, 0, Zone.HAND)) == 3 and len(cards_in(game, 0, Zone.SOUL)) == 1
    game = _ride_gambler(ldb, False)
    assert len(cards_in(game, 0, Zone.HAND)) == 2 and len(cards_in(game, 0, Zone.SOUL)) == 2


def test_LX_P12_if_x_do_y_instead(ldb):
    """Under a grade 3 vanguard two cards are drawn instead of one; under a grade 2, one."""
    for vanguard, drawn in ((V3, 2), (G2, 1)):
        game = scene(ldb, {"vanguard": vanguard, "hand": ["LX-P12"]})
        game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "LX-P12"),
                       circle=Circle.BACK_LEFT))
        assert len(cards_in(game, 0, Zone.HAND)) == drawn


def _place_captain(ldb, damage: int):
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-P13"], "damage": [G2] * damage})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "LX-P13"),
                   circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.YES))
    return game


def test_LX_P13_a_second_cost_needs_another_card(ldb):
    """The ability's CB1 and the effect's CB1 need two face-up damage: with two both are paid
    (+5000); with one the second is not offered."""
    game = _place_captain(ldb, 2)
    game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.DAMAGE)[0]))
    game.step(pick(game, ActionKind.YES))
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000
    assert not any(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE))
    game = _place_captain(ldb, 1)
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000
    assert len(cards_in(game, 0, Zone.HAND)) == 1


def test_LX_P14_turn_g_zone_cards_face_down(ldb):
    """[Turn two face-up G zone cards face down]: draw; with one face up, no act."""
    game = scene(ldb, {"vanguard": "LX-P14", "g_zone_face_up": ["PG-001", "PG-002"]},
                 fmt="premium")
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert not any(is_face_up(game, c) for c in cards_in(game, 0, Zone.G_ZONE))
    assert len(cards_in(game, 0, Zone.HAND)) == 1
    game = scene(ldb, {"vanguard": "LX-P14", "g_zone_face_up": ["PG-001"], "g_zone": ["PG-002"]},
                 fmt="premium")
    assert not has_action(game, ActionKind.ACT)


def test_LX_P15_retire_the_opponents_legion_mate(ldb):
    """The legion_mate filter: the opponent's mate is retired and the legion ends, the leader
    stays; against a vanguard not in legion the act is not offered."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P15"}, "soul": [G2]},
                 {"vanguard": "LG-007", "mate": "LG-005"}, fmt="premium")
    leader = unit_at(game, 1, Circle.VC)
    mate = next(c for c in game.state.board.circles[1][Circle.VC] if c != leader)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    assert zone_of(game, mate) is Zone.DROP and unit_at(game, 1, Circle.VC) == leader
    assert not q.in_legion(game.state, 1)
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P15"}, "soul": [G2]},
                 {"vanguard": "LG-007"}, fmt="premium")
    assert not has_action(game, ActionKind.ACT)
