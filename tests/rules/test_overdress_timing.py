"""overDress and leaving the field (OD-01, OD-02, OD-05, OD-12, CORE-07): becoming a dress source
is not leaving the rear-guard circle, the new unit appears, and its sources follow it."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import CardMoved, UnitCalled, UnitOverDressed, UnitPlaced
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import cards_in, events_of, pick, plays_of, start_game, unit_at, zone_of

DECK = ["OV-003"] * 10


def _dressing(db) -> tuple[vg.Game, int, int]:
    """Player 0 overDresses TJ-DRESSER over Glimmer Trick on front-left; the vanguard watches
    cards leaving the RC, a greeter on back-center watches placements."""
    game = start_game(db, {"vanguard": "TJ-EXIT-WATCH", "hand": ["TJ-DRESSER"],
                           "rear": {"front_left": "OV-006", "back_center": "TJ-GREETER"}},
                      {"vanguard": "DX-104"}, decks=(DECK, DECK))
    trick, dresser = unit_at(game, 0, Circle.FRONT_LEFT), cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.OVERDRESS, card=dresser, target=trick))
    return game, trick, dresser


def test_OD_12_becoming_a_dress_source_is_not_leaving_the_rc(tdb):
    """OD-12: the designated rear-guard becomes a dress source without leaving the field: no
    move from the RC is logged and a 'when a card leaves your RC' watcher stays silent."""
    game, trick, dresser = _dressing(tdb)
    watcher = unit_at(game, 0, Circle.VC)
    while game.decision.kind is DecisionKind.ORDER_AUTOS:
        game.step(game.legal_actions()[0])
    assert zone_of(game, trick) is Zone.DRESS and q.dress_sources(game.state, dresser) == [trick]
    assert not [e for e in events_of(game, CardMoved) if e.card == trick]
    assert plays_of(game, watcher) == 0
    assert len(cards_in(game, 0, Zone.SOUL)) == 1                  # the greeter's only
    assert not [e for e in events_of(game, CardMoved) if e.from_zone is Zone.RC]


def test_OD_12_OD_02_the_new_unit_appears_but_is_not_called(tdb):
    """OD-12, OD-02: overDress is an appearance on RC (its own 'when placed' and another unit's
    'when a unit is placed on your RC' trigger), not a call."""
    game, trick, dresser = _dressing(tdb)
    greeter, watcher = unit_at(game, 0, Circle.BACK_CENTER), unit_at(game, 0, Circle.VC)
    assert events_of(game, UnitOverDressed) == [UnitOverDressed(dresser, 0, Circle.FRONT_LEFT,
                                                                trick)]
    assert UnitPlaced(dresser, 0, Zone.RC, Circle.FRONT_LEFT) in game.events
    assert not events_of(game, UnitCalled)
    assert {a.card for a in game.legal_actions()} == {dresser, greeter}
    game.step(pick(game, ActionKind.PLAY_AUTO, card=dresser))
    assert len(cards_in(game, 0, Zone.HAND)) == 1                  # the dresser drew
    assert game.decision.kind is DecisionKind.MAIN_PHASE           # the greeter's went alone
    assert plays_of(game, greeter) == 1 and len(cards_in(game, 0, Zone.SOUL)) == 1
    assert plays_of(game, watcher) == 0


def test_OD_12_OD_05_CORE_07_the_source_follows_its_unit_and_leaves_with_it(tdb):
    """OD-12, CORE-07: moving the overDress unit to the back row keeps its source under it (no
    zone change, nothing leaves the RC); OD-05: retired, the unit takes its source to the drop
    at the same time, and only the unit left the RC."""
    game, trick, dresser = _dressing(tdb)
    watcher = unit_at(game, 0, Circle.VC)
    while game.decision.kind is DecisionKind.ORDER_AUTOS:
        game.step(pick(game, ActionKind.PLAY_AUTO, card=dresser)
                  if any(a.card == dresser for a in game.legal_actions())
                  else game.legal_actions()[0])
    game.step(pick(game, ActionKind.MOVE, card=dresser, circle=Circle.BACK_LEFT))
    assert unit_at(game, 0, Circle.BACK_LEFT) == dresser
    assert q.position(trick).circle is Circle.BACK_LEFT and zone_of(game, trick) is Zone.DRESS
    view = game.view(0)["players"][0]["circles"]
    assert [d["card"] for d in view["back_left"][0]["dress"]] == [trick]
    assert not view["front_left"]
    assert plays_of(game, watcher) == 0
    game.step(pick(game, ActionKind.ACT, card=watcher, index=1))
    game.step(pick(game, ActionKind.PICK, card=dresser))
    moves = [(e.card, e.from_zone, e.to_zone) for e in events_of(game, CardMoved)
             if e.to_zone is Zone.DROP]
    assert moves == [(dresser, Zone.RC, Zone.DROP), (trick, Zone.DRESS, Zone.DROP)]
    assert plays_of(game, watcher) == 1 and len(cards_in(game, 0, Zone.SOUL)) == 2
    assert game.decision.kind is DecisionKind.MAIN_PHASE
