"""Corpus part 5 (issue 9 §5): the other player acting — the opponent chooses from their hand
and their units, calls, rides, and may pay a cost ("if they do not, ..."); each decision is
asked of the opponent, and each card is shown doing nothing when its condition fails."""

from __future__ import annotations

from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    ids_in,
    is_face_up,
    pick,
    power_of,
    unit_at,
    zone_of,
)


def _ride(game, card_id: str) -> None:
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, card_id)))


def test_LX_O01_the_opponent_chooses_a_card_from_their_hand(ldb):
    """The opponent is asked which hand card to give up; it is imprisoned in your Prison.
    Without a Prison the chosen card stays in their hand (PRI-01)."""
    game = scene(ldb, {"vanguard": "DX-008", "hand": ["LX-O01"], "order_zone": ["BG-007"]},
                 {"vanguard": V3, "hand": [G2, "DX-008"]}, phase="ride")
    _ride(game, "LX-O01")
    assert game.decision.player == 1 and game.decision.kind is DecisionKind.CHOOSE_CARD
    given = card_named(game, 1, Zone.HAND, "DX-008")
    game.step(pick(game, ActionKind.PICK, card=given))
    assert q.is_imprisoned(given) and given in cards_in(game, 0, Zone.ORDER)
    game = scene(ldb, {"vanguard": "DX-008", "hand": ["LX-O01"]},
                 {"vanguard": V3, "hand": [G2, "DX-008"]}, phase="ride")
    _ride(game, "LX-O01")
    given = card_named(game, 1, Zone.HAND, "DX-008")
    game.step(pick(game, ActionKind.PICK, card=given))
    assert zone_of(game, given) is Zone.HAND


def test_LX_O02_the_opponent_chooses_three_of_their_rear_guards(ldb):
    """After retiring three of yours, the opponent picks three of their four rear-guards; the
    one they keep stays. With two rear-guards the cost cannot be paid."""
    rear3 = {"front_left": G2, "back_left": G2, "front_right": G2}
    game = scene(ldb, {"vanguard": "LX-O02", "damage": [G2], "rear": dict(rear3)},
                 {"vanguard": V3, "rear": {**rear3, "back_right": "DX-008"}})
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=vanguard))
    kept = unit_at(game, 1, Circle.BACK_RIGHT)
    for circle in (Circle.FRONT_LEFT, Circle.BACK_LEFT, Circle.FRONT_RIGHT):
        assert game.decision.player == 1
        game.step(pick(game, ActionKind.PICK, card=unit_at(game, 1, circle)))
    assert ids_in(game, 1, Zone.DROP) == [G2] * 3 and zone_of(game, kept) is Zone.RC
    assert power_of(game, vanguard) == 28000 and critical_of(game, vanguard) == 2
    game = scene(ldb, {"vanguard": "LX-O02", "damage": [G2],
                       "rear": {"front_left": G2, "back_left": G2}}, {"vanguard": V3})
    assert not any(a.kind is ActionKind.ACT for a in game.legal_actions())


def test_LX_O03_the_opponent_may_call_from_their_drop(ldb):
    """The opponent chooses whether and what to call, and where; with an empty drop they are
    not asked."""
    game = scene(ldb, {"vanguard": G2, "hand": ["LX-O03"]},
                 {"vanguard": V3, "drop": ["DX-008"]}, phase="ride")
    _ride(game, "LX-O03")
    assert game.decision.player == 1
    called = card_named(game, 1, Zone.DROP, "DX-008")
    game.step(pick(game, ActionKind.PICK, card=called))
    assert game.decision.player == 1 and game.decision.kind is DecisionKind.CHOOSE_CIRCLE
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_RIGHT))
    assert unit_at(game, 1, Circle.BACK_RIGHT) == called
    assert len(cards_in(game, 0, Zone.HAND)) == 1                   # then you draw
    game = scene(ldb, {"vanguard": G2, "hand": ["LX-O03"]}, {"vanguard": V3}, phase="ride")
    _ride(game, "LX-O03")
    assert game.decision.player == 0 and len(cards_in(game, 0, Zone.HAND)) == 1


def test_LX_O04_the_opponent_rides_from_their_soul(ldb):
    """The opponent's grade 3 in soul becomes their vanguard (a superior ride); with no grade 3
    in their soul nothing changes."""
    game = scene(ldb, {"vanguard": "LX-O04", "damage": [G2]},
                 {"vanguard": V3, "soul": ["LG-008", "DX-008"]})
    old = unit_at(game, 1, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert game.state.card(unit_at(game, 1, Circle.VC)).id == "LG-008"
    assert zone_of(game, old) is Zone.SOUL
    game = scene(ldb, {"vanguard": "LX-O04", "damage": [G2]},
                 {"vanguard": V3, "soul": ["DX-008"]})
    old = unit_at(game, 1, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert unit_at(game, 1, Circle.VC) == old


def _toll(ldb, damage: int):
    game = scene(ldb, {"vanguard": "LX-O05"}, {"vanguard": V3, "damage": [G2] * damage},
                 phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=vanguard, target=unit_at(game, 1, Circle.VC)))
    return game, vanguard


def test_LX_O05_your_opponent_may_pay_if_they_do_not(ldb):
    """The opponent is asked: paying turns their damage face down and nothing more happens;
    declining gives +10000; unable to pay, they are not asked and it gets +10000."""
    game, vanguard = _toll(ldb, 1)
    assert game.decision.player == 1 and game.decision.kind is DecisionKind.YES_NO
    game.step(pick(game, ActionKind.YES))
    assert not is_face_up(game, cards_in(game, 1, Zone.DAMAGE)[0])
    assert power_of(game, vanguard) == 13000
    game, vanguard = _toll(ldb, 1)
    game.step(pick(game, ActionKind.NO))
    assert power_of(game, vanguard) == 23000 and is_face_up(game, cards_in(game, 1, Zone.DAMAGE)[0])
    game, vanguard = _toll(ldb, 0)
    assert game.decision.kind is DecisionKind.GUARD and power_of(game, vanguard) == 23000


def _marauder_hits(ldb, target: Circle):
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-O06"}},
                 {"vanguard": G2, "rear": {"front_left": "DX-008"}, "hand": [G2, "DX-008"]},
                 phase="battle")
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT),
                   target=unit_at(game, 1, target)))
    game.step(pick(game, ActionKind.DONE))
    return game


def test_LX_O06_the_opponent_discards_a_card_of_their_choice(ldb):
    """Hitting a vanguard: the opponent picks the card they discard; hitting a rear-guard:
    nothing."""
    game = _marauder_hits(ldb, Circle.VC)
    assert game.decision.player == 1
    chosen = card_named(game, 1, Zone.HAND, "DX-008")
    game.step(pick(game, ActionKind.PICK, card=chosen))
    assert zone_of(game, chosen) is Zone.DROP and len(cards_in(game, 1, Zone.HAND)) == 1
    game = _marauder_hits(ldb, Circle.FRONT_LEFT)
    assert len(cards_in(game, 1, Zone.HAND)) == 2
