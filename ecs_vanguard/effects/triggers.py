"""Triggered autos: which abilities wait for which event, and queueing them (CORE-18, CORE-19)."""

from __future__ import annotations

from enum import Enum

from ecs_vanguard import query as q
from ecs_vanguard.cards.schema import AbilityKind, Limit
from ecs_vanguard.state import PendingAuto, State

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


def collect(state: State, event: object, watchers: tuple[tuple[int, int], ...]) -> None:
    """Queue every auto whose card is in a valid zone and whose event filters match (CORE-18)."""
    from ecs_vanguard.effects import conditions   # conditions read frames; imported lazily
    from ecs_vanguard.state import Frame

    for entity, index in watchers:
        ability = state.card(entity).abilities[index]
        pos = q.position(entity)
        if pos.zone not in ability.zones or entity in state.deleted:
            continue
        assert ability.when is not None
        if not all(_matches(getattr(event, k), v, entity, pos.owner)
                   for k, v in ability.when.filters):
            continue
        if ability.limit is Limit.ONCE_PER_TURN and (pos.obj, index) in state.once_used:
            continue
        context = tuple((k, getattr(event, k)) for k in _CONTEXT_FIELDS if hasattr(event, k))
        probe = Frame(entity, state.card(entity).id, index, pos.owner, context=context)
        if ability.condition and not conditions.holds(state, probe, ability.condition):
            continue
        state.pending_autos.append(
            PendingAuto(entity, pos.obj, state.card(entity).id, index, pos.owner, context)
        )
