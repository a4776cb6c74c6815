"""Helpers of the product study (issue 19): the moves a card's scenario test makes again and
again (an attack left unguarded, a guard, a ride from hand, a trigger revealed by a drive
check), spoken in the domain."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import card_named, pick, unit_at


def attack(game: vg.Game, attacker: int, target: int) -> None:
    """Declare an attack (no boost is offered when no unit stands behind)."""
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=target))


def no_guard(game: vg.Game) -> None:
    """The defender calls no guardian."""
    game.step(pick(game, ActionKind.DONE))


def ride_from_hand(game: vg.Game, player: int, card_id: str) -> int:
    """Ride a card of the hand (a normal ride in the ride phase)."""
    card = card_named(game, player, Zone.HAND, card_id)
    game.step(pick(game, ActionKind.RIDE, card=card))
    return card


def call_from_hand(
    game: vg.Game, player: int, card_id: str, circle: Circle = Circle.FRONT_LEFT
) -> int:
    """A normal call from hand to a rear-guard circle."""
    card = card_named(game, player, Zone.HAND, card_id)
    game.step(pick(game, ActionKind.CALL, card=card, circle=circle))
    return card


def drive_into(db: vg.CardDB, trigger_id: str, **me: object) -> tuple[vg.Game, int]:
    """Player 0's vanguard (a vanilla grade 3, twin drive) attacks unguarded with `trigger_id`
    on top of the deck: the first drive check reveals it. A standing rear-guard keeps the turn
    going."""
    side: dict = {"vanguard": V3, "rear": {"front_left": G2}, "deck": [trigger_id] + [G2] * 9}
    side.update(me)
    game = scene(db, side, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    attack(game, vanguard, unit_at(game, 1, Circle.VC))
    no_guard(game)
    return game, vanguard
