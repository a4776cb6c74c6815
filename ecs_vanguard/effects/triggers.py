"""Triggered autos: which abilities wait for which event, and queueing them (CORE-18, CORE-19)."""

from __future__ import annotations

from enum import Enum

import esper

from components import HeartLink, Imprisoned, Locked
from ecs_vanguard import query as q
from ecs_vanguard.cards.schema import AbilityDef, AbilityKind, Limit
from ecs_vanguard.effects import conditions
from ecs_vanguard.rules import Stat
from ecs_vanguard.state import Frame, PendingAuto, State

_CONTEXT_FIELDS = ("guarding", "attacker", "target", "card", "booster", "boosted")


def watch(state: State, entity: int) -> None:
    """Index the auto abilities of a new card by event type (copy on write: clones share it)."""
    card = state.defs[entity]
    if card is None:
        return
    autos = [(i, a) for i, a in enumerate(card.abilities) if a.kind is AbilityKind.AUTO]
    if not autos:
        return
    watchers = dict(state.watchers)
    for index, ability in autos:
        assert ability.when is not None
        event_type = ability.when.event
        watchers[event_type] = tuple(sorted((*watchers.get(event_type, ()), (entity, index))))
    state.watchers = watchers


def _matches(value: object, wanted: object, source: int, owner: int) -> bool:
    """Compare an event field with a filter: "self" is the card, "you"/"opponent" a player."""
    if wanted == "self":
        return value == source
    if wanted == "you":
        return value == owner
    if wanted == "opponent":
        return value == 1 - owner
    if isinstance(value, Enum):
        return value.value == wanted
    return value == wanted


def _queue(state: State, event: object, entity: int, card_id: str, index: int,
           ability: AbilityDef) -> None:
    """Queue one auto if its card is in a valid zone and the event matches (CORE-18, CORE-19)."""
    pos = q.position(entity)
    if pos.zone not in ability.zones:
        return
    assert ability.when is not None
    if not all(_matches(getattr(event, k), v, entity, pos.owner)
               or (k == "attacker" and v == "self" and getattr(event, "co_attacker", -1) == entity)
               for k, v in ability.when.filters):
        return
    if ability.limit is Limit.ONCE_PER_TURN and (pos.obj, card_id, index) in state.once_used:
        return
    context = tuple((k, getattr(event, k)) for k in _CONTEXT_FIELDS if hasattr(event, k))
    probe = Frame(entity, card_id, index, pos.owner, context=context)
    if ability.condition and not conditions.holds(state, probe, ability.condition):
        return
    state.pending_autos.append(PendingAuto(entity, pos.obj, card_id, index, pos.owner, context))


def collect(state: State, event: object, watchers: tuple[tuple[int, int], ...]) -> None:
    """Queue the printed autos waiting for this event, then the gained ones (ACT-22); a card
    with no abilities now (deleted, locked, lost them) queues nothing."""
    event_type = type(event)
    for entity, index in watchers:
        card = state.card(entity)
        ability = card.abilities[index]
        if q.position(entity).zone not in ability.zones:
            continue                                   # the cheap test first: most stop here
        if entity in state.deleted or _inactive(entity):
            continue
        _queue(state, event, entity, card.id, index, ability)
    for entity in sorted(state.grants):
        printed = len(state.card(entity).abilities)
        for card_id, index, ability in q.abilities(state, entity)[printed:]:
            when = ability.when
            if ability.kind is AbilityKind.AUTO and when.event is event_type:  # type: ignore
                _queue(state, event, entity, card_id, index, ability)


def _inactive(entity: int) -> bool:
    """True for a card whose abilities do not work now: locked (ACT-23), imprisoned (PRI-03), a
    heart (HRT-02), or one that lost them (ACT-22)."""
    return (esper.has_component(entity, Locked) or esper.has_component(entity, Imprisoned)
            or esper.has_component(entity, HeartLink)
            or any(m.stat is Stat.LOSE_ABILITIES for m in q.modifiers(entity)))
