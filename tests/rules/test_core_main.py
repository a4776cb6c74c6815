"""CORE-06..08: calls, moves and orders in the main phase."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import OrderPlayed, UnitRetired
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    has_action,
    ids_in,
    pick,
    power_of,
    start_game,
    unit_at,
    zone_of,
)


def _main(db, side0: dict, side1: dict | None = None, fmt: str = "standard") -> vg.Game:
    return start_game(db, side0, side1 or {"vanguard": "DX-101"}, fmt=fmt)


def test_CORE_06_call_grade_at_most_the_vanguard_onto_any_rc(db):
    """CORE-06: a card from hand with grade at most the vanguard's can be called to any RC."""
    game = _main(db, {"vanguard": "DX-003", "hand": ["DX-004", "DX-006", "DX-008"]})
    g3, g2 = card_named(game, 0, Zone.HAND, "DX-004"), card_named(game, 0, Zone.HAND, "DX-006")
    assert not has_action(game, ActionKind.CALL, card=g3)
    calls = [a for a in game.legal_actions() if a.kind is ActionKind.CALL and a.card == g2]
    assert {a.circle for a in calls} == {Circle.FRONT_LEFT, Circle.BACK_LEFT, Circle.BACK_CENTER,
                                         Circle.FRONT_RIGHT, Circle.BACK_RIGHT}
    game.step(pick(game, ActionKind.CALL, card=g2, circle=Circle.BACK_CENTER))
    assert unit_at(game, 0, Circle.BACK_CENTER) == g2
    assert game.decision.kind is DecisionKind.MAIN_PHASE       # one card per call, then again


def test_CORE_06_calling_onto_a_unit_retires_the_old_one_by_rule_action(db):
    """CORE-06 / CORE-17: a call onto an occupied RC retires the unit already there."""
    game = _main(db, {"vanguard": "DX-003", "hand": ["DX-006"], "rear": {"front_left": "DX-007"}})
    old = unit_at(game, 0, Circle.FRONT_LEFT)
    new = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.CALL, card=new, circle=Circle.FRONT_LEFT))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == new
    assert zone_of(game, old) is Zone.DROP
    assert UnitRetired(card=old, by_rule_action=True) in game.events


def test_CORE_07_move_within_a_column_swaps_units(db):
    """CORE-07: a rear-guard moves between the front and back circle of its column, swapping."""
    game = _main(db, {"vanguard": "DX-003",
                      "rear": {"front_left": "DX-006", "back_left": "DX-008",
                               "back_center": "DX-001"}})
    front, back = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    centre = unit_at(game, 0, Circle.BACK_CENTER)
    assert not has_action(game, ActionKind.MOVE, card=centre)     # never onto VC
    game.step(pick(game, ActionKind.MOVE, card=front, circle=Circle.BACK_LEFT))
    assert unit_at(game, 0, Circle.BACK_LEFT) == front
    assert unit_at(game, 0, Circle.FRONT_LEFT) == back


def test_CORE_08_one_order_per_turn_and_normal_orders_go_to_the_drop(db):
    """CORE-08: a normal order resolves then goes to the drop; no second order that turn."""
    game = _main(db, {"vanguard": "DX-104", "hand": ["DX-116", "DX-115"],
                      "damage": ["DX-107", "DX-107"], "deck": ["DX-106"] * 4})
    order = card_named(game, 0, Zone.HAND, "DX-116")
    game.step(pick(game, ActionKind.PLAY_ORDER, card=order))
    assert game.decision.kind is DecisionKind.CHOOSE_CARD           # which damage to turn
    game.step(game.legal_actions()[0])
    assert zone_of(game, order) is Zone.DROP
    assert ids_in(game, 0, Zone.HAND) == ["DX-115", "DX-106", "DX-106"]
    assert OrderPlayed(order, 0, "normal") in game.events
    assert not has_action(game, ActionKind.PLAY_ORDER)


def test_CORE_08_set_orders_stay_in_the_order_zone(db):
    """CORE-08: a set order stays in the order zone, where its abilities work."""
    game = _main(db, {"vanguard": "DX-104", "hand": ["DX-115"], "soul": ["DX-101"]})
    order = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.PLAY_ORDER, card=order))
    assert zone_of(game, order) is Zone.ORDER
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=order))
    assert power_of(game, vanguard) == 18000


def test_CORE_08_blitz_orders_only_in_the_guard_step(db):
    """CORE-08: a blitz order is played by the attacked player in the guard step."""
    game = (vg.Scenario(db)
            .player(0, vanguard="DX-104", hand=["DX-016"])
            .player(1, vanguard="DX-004", hand=["DX-016"], soul=["DX-001"])
            .start(turn=3, turn_player=1, phase="main"))
    assert not has_action(game, ActionKind.PLAY_ORDER)
    game.step(pick(game, ActionKind.DONE))                            # to the battle phase
    attacker, target = unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=target))
    assert game.decision.kind is DecisionKind.GUARD and game.decision.player == 0
    assert not has_action(game, ActionKind.PLAY_ORDER)                # the defender has no soul
    game = (vg.Scenario(db)
            .player(0, vanguard="DX-104", hand=["DX-016"], soul=["DX-101"])
            .player(1, vanguard="DX-004")
            .start(turn=3, turn_player=1, phase="battle"))
    attacker, target = unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=target))
    blitz = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.PLAY_ORDER, card=blitz))
    assert power_of(game, target) == 13000 + 15000
    assert zone_of(game, blitz) is Zone.DROP
