"""Gear Chronicle Time Leap in full (corpus LX-V17) and a delayed call back onto a remembered
circle (LX-V18): the delayed effect keeps the circles its ability remembered (ops.timing), and
its own steps remember circles as they run (effects.runtime), so "call the bound card to the
circle that unit was on" finds the circle the called unit was on at the end of the turn.

Reading of the keyword where no ruling was found in the sources: the fan descriptions say the
bound card comes back only if the called unit was put on the bottom of the deck ("if you do");
a called unit that left the field before the end of the turn is not put there, so the bound
card stays bound (written with `as` on put_into and an `if`). Rules cited: ACT-07 (call),
CORE-06 (a normal call onto an occupied RC retires the unit there), CORE-07 (moving),
CORE-18 (a delayed effect is played as an auto), CORE-20 (new objects)."""

from __future__ import annotations

import json
from collections.abc import Callable

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import V3, scene
from tests.helpers import (
    card_named,
    cards_in,
    has_action,
    pick,
    play_quietly_until,
    unit_at,
    zone_of,
)

G0, G1, G2, G3 = "LX-V90", "LX-V91", "LX-V92", "LX-V93"
SQUIRE, SENTRY = "LX-V17", "LX-V18"


def _turn_is(turn: int) -> Callable[[vg.Game], bool]:
    return lambda g: g.turn == turn and g.decision is not None \
        and g.decision.kind is DecisionKind.MAIN_PHASE


def _leap(ldb, circle: str = "back_left", **me: object) -> tuple[vg.Game, int, int]:
    """Player 0's Time Leap unit on `circle` leaps in turn 3's main phase: the grade 2 of the
    deck is called to its circle. Return (game, the bound card, the called unit)."""
    side = {"vanguard": V3, "rear": {circle: SQUIRE}, "damage": [G3],
            "deck": [G3, G2, G0, G3, G3, G3, G3, G3, G3, G3], **me}
    game = scene(ldb, side, {"vanguard": V3})
    squire = unit_at(game, 0, Circle(circle))
    game.step(pick(game, ActionKind.ACT, card=squire))
    called = card_named(game, 0, Zone.DECK, G2)
    assert {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK} == {called}
    game.step(pick(game, ActionKind.PICK, card=called))
    assert unit_at(game, 0, Circle(circle)) == called
    assert cards_in(game, 0, Zone.BIND) == [squire]
    return game, squire, called


def test_time_leap_returns_the_very_bound_card_at_the_end_of_that_turn(ldb):
    """CORE-18: at the beginning of that turn's end phase the called grade 2 goes to the
    bottom of the deck and the bound card itself (not another copy, not a card of the grade)
    is called to the circle; nothing happened before the end phase."""
    game, squire, called = _leap(ldb)
    game.step(pick(game, ActionKind.DONE))                     # main -> battle
    assert unit_at(game, 0, Circle.BACK_LEFT) == called and game.state.delayed
    game.check_invariants()                                    # the pending record is whole
    play_quietly_until(game, _turn_is(4))
    assert cards_in(game, 0, Zone.DECK)[-1] == called
    assert unit_at(game, 0, Circle.BACK_LEFT) == squire
    assert zone_of(game, squire) is Zone.RC and cards_in(game, 0, Zone.BIND) == []
    assert not game.state.delayed


def test_time_leap_returns_once_not_at_the_next_end_phase(ldb):
    """The delayed effect is used up: through the opponent's turn and player 0's next end
    phase the returned unit stays where it is, and no card leaves the deck for it."""
    game, squire, called = _leap(ldb)
    play_quietly_until(game, _turn_is(4))
    deck = cards_in(game, 0, Zone.DECK)
    play_quietly_until(game, _turn_is(6))
    assert unit_at(game, 0, Circle.BACK_LEFT) == squire
    assert called in cards_in(game, 0, Zone.DECK)
    assert len(cards_in(game, 0, Zone.DECK)) == len(deck) - 1     # turn 5's normal draw only
    assert not game.state.delayed


def test_CORE_07_the_bound_card_returns_to_the_circle_the_called_unit_moved_to(ldb):
    """CORE-07: the called unit moved to the front circle of its column during the turn: the
    bound card is called to the circle that unit was on at the end (front left), not to the
    circle Time Leap started from."""
    game, squire, called = _leap(ldb)
    game.step(pick(game, ActionKind.MOVE, card=called))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == called
    play_quietly_until(game, _turn_is(4))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == squire
    assert not game.state.board.circles[0][Circle.BACK_LEFT]
    assert cards_in(game, 0, Zone.DECK)[-1] == called


def test_CORE_06_a_called_unit_that_left_the_field_leaves_the_bound_card_bound(ldb):
    """CORE-06, CORE-20: a normal call onto its circle retired the called unit before the end:
    it is not put on the bottom of the deck (it is in the drop, another object), so the bound
    card is not called back (the "if you do" reading, module docstring)."""
    game, squire, called = _leap(ldb, hand=[G1])
    newcomer = card_named(game, 0, Zone.HAND, G1)
    game.step(pick(game, ActionKind.CALL, card=newcomer, circle=Circle.BACK_LEFT))
    assert zone_of(game, called) is Zone.DROP
    play_quietly_until(game, _turn_is(4))
    assert zone_of(game, called) is Zone.DROP
    assert cards_in(game, 0, Zone.BIND) == [squire]
    assert unit_at(game, 0, Circle.BACK_LEFT) == newcomer
    assert not game.state.delayed


def test_time_leap_with_no_card_of_the_next_grade_keeps_the_bound_card_bound(ldb):
    """No grade 2 in the deck: nothing is called, the circle stays empty, and at the end of the
    turn no unit goes to the deck, so the bound card stays bound."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_left": SQUIRE}, "damage": [G3],
                       "deck": [G3] * 10}, {"vanguard": V3})
    squire = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=squire))
    play_quietly_until(game, _turn_is(4))
    assert cards_in(game, 0, Zone.BIND) == [squire]
    assert not game.state.board.circles[0][Circle.BACK_LEFT]


def test_a_clone_and_a_snapshot_keep_the_pending_return(ldb):
    """The pending return is State data: a clone plays it on its own (the original, whose
    called unit moved, returns the bound card to another circle), and a snapshot saved with
    it pending loads and plays it hash for hash."""
    game, squire, called = _leap(ldb)
    twin = game.clone()
    saved = vg.Game.from_json(game.to_json(), ldb)
    game.step(pick(game, ActionKind.MOVE, card=called))
    for other in (twin, saved):
        play_quietly_until(other, _turn_is(4))
        assert unit_at(other, 0, Circle.BACK_LEFT) == squire
    assert twin.state_hash() == saved.state_hash()
    assert game.state.delayed and unit_at(game, 0, Circle.FRONT_LEFT) == called
    play_quietly_until(game, _turn_is(4))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == squire


def _without_delayed_circles(value):
    """The encoded snapshot with DelayedEffect's `circles` taken out (as version 3 wrote it)."""
    if isinstance(value, list):
        return [_without_delayed_circles(v) for v in value]
    if not isinstance(value, dict):
        return value
    if value.get("class") == "DelayedEffect" and isinstance(value.get("fields"), dict):
        return {"class": "DelayedEffect", "fields": {
            k: _without_delayed_circles(v) for k, v in value["fields"].items()
            if k != "circles"}}
    return {k: _without_delayed_circles(v) for k, v in value.items()}


def test_a_version_3_snapshot_of_a_pending_delayed_effect_loads_without_its_circles(ldb):
    """A snapshot written before delayed effects kept circles (version 3) still loads: the
    field takes its default (no circle), and the delayed effect is still pending."""
    game, _, _ = _leap(ldb)
    assert game.state.delayed[0].circles                      # what version 3 could not hold
    data = _without_delayed_circles(json.loads(game.to_json()))
    data["version"] = 3
    restored = vg.Game.from_json(json.dumps(data), ldb)
    assert restored.state.delayed and restored.state.delayed[0].circles == ()


def test_a_delayed_call_back_reads_the_circle_remembered_before_the_card_left(ldb):
    """LX-V18: bound from front right, it is called back at the end of the turn onto front
    right, the circle its ability remembered before the bind (kept by the delayed effect),
    though other circles are free; no choice of circle is asked."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_right": SENTRY}}, {"vanguard": V3})
    sentry = unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=sentry))
    assert zone_of(game, sentry) is Zone.BIND
    game.step(pick(game, ActionKind.DONE))                     # main -> battle
    game.step(pick(game, ActionKind.DONE))                     # no attack -> end phase
    assert not has_action(game, ActionKind.PICK) or game.decision.player != 0
    play_quietly_until(game, _turn_is(4))
    assert unit_at(game, 0, Circle.FRONT_RIGHT) == sentry
    assert cards_in(game, 0, Zone.BIND) == []
