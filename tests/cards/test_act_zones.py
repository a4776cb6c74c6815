"""Corpus part 6 (issue 9 §6): act abilities offered from the hand, drop, soul, G zone and bind
zone, like those on the field (CORE-19); never in a zone the ability does not name, and not
while its cost cannot be paid."""

from __future__ import annotations

from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    card_named,
    cards_in,
    has_action,
    is_face_up,
    pick,
    power_of,
    unit_at,
    zone_of,
)


def test_LX_Z01_act_from_the_hand(ldb):
    """From hand: SB1 and itself into the soul, draw; not offered with an empty soul, nor from
    the drop."""
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-Z01", G2], "soul": [G2]})
    page = card_named(game, 0, Zone.HAND, "LX-Z01")
    game.step(pick(game, ActionKind.ACT, card=page))
    assert zone_of(game, page) is Zone.SOUL and len(cards_in(game, 0, Zone.HAND)) == 2
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-Z01"]})
    assert not has_action(game, ActionKind.ACT)
    game = scene(ldb, {"vanguard": V3, "drop": ["LX-Z01"], "soul": [G2]})
    assert not has_action(game, ActionKind.ACT)


def test_LX_Z02_act_from_the_drop(ldb):
    """From the drop: CB1, back to hand; from the hand it is not offered."""
    game = scene(ldb, {"vanguard": V3, "drop": ["LX-Z02"], "damage": [G2]})
    knight = card_named(game, 0, Zone.DROP, "LX-Z02")
    game.step(pick(game, ActionKind.ACT, card=knight))
    assert zone_of(game, knight) is Zone.HAND and not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-Z02"], "damage": [G2]})
    assert not has_action(game, ActionKind.ACT)


def test_LX_Z03_act_from_the_soul(ldb):
    """From the soul: CB1, called to a chosen RC; without a face-up damage not offered."""
    game = scene(ldb, {"vanguard": V3, "soul": ["LX-Z03"], "damage": [G2]})
    phantom = card_named(game, 0, Zone.SOUL, "LX-Z03")
    game.step(pick(game, ActionKind.ACT, card=phantom))
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_CENTER))
    assert unit_at(game, 0, Circle.BACK_CENTER) == phantom
    game = scene(ldb, {"vanguard": V3, "soul": ["LX-Z03"], "damage": [G2],
                       "damage_face_down": 1})
    assert not has_action(game, ActionKind.ACT)


def test_LX_Z04_act_from_the_g_zone(ldb):
    """From the G zone, face down: it turns itself face up and the vanguard gets +5000; face
    up already, the cost cannot be paid."""
    game = scene(ldb, {"vanguard": V3, "g_zone": ["LX-Z04"]}, fmt="premium")
    wright = cards_in(game, 0, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.ACT, card=wright))
    assert is_face_up(game, wright) and power_of(game, unit_at(game, 0, Circle.VC)) == 18000
    game = scene(ldb, {"vanguard": V3, "g_zone_face_up": ["LX-Z04"]}, fmt="premium")
    assert not has_action(game, ActionKind.ACT)


def test_LX_Z05_act_from_the_bind_zone(ldb):
    """From the bind zone: CB1, back to hand; without a face-up damage not offered."""
    game = scene(ldb, {"vanguard": V3, "bind": ["LX-Z05"], "damage": [G2]})
    adept = card_named(game, 0, Zone.BIND, "LX-Z05")
    game.step(pick(game, ActionKind.ACT, card=adept))
    assert zone_of(game, adept) is Zone.HAND
    game = scene(ldb, {"vanguard": V3, "bind": ["LX-Z05"], "damage": [G2],
                       "damage_face_down": 1})
    assert not has_action(game, ActionKind.ACT)


def test_an_act_from_hand_is_offered_only_to_its_owner(ldb):
    """The opponent's hand cards' acts are never offered to the turn player."""
    game = scene(ldb, {"vanguard": V3, "soul": [G2]}, {"vanguard": V3, "hand": ["LX-Z01"],
                                                        "soul": [G2]})
    assert not has_action(game, ActionKind.ACT)
