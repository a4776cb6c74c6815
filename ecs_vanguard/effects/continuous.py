"""Continuous abilities (cont): values computed on demand, never stored (TERM-01, ACT-26)."""

from __future__ import annotations

from functools import lru_cache

from ecs_vanguard import query as q
from ecs_vanguard.cards.schema import AbilityDef, AbilityKind, CardDef
from ecs_vanguard.effects import conditions
from ecs_vanguard.effects.steps import AddCritical, AddPower, AddShield
from ecs_vanguard.rules import Stat
from ecs_vanguard.state import Frame, State

_STEP_STAT = {AddPower: Stat.POWER, AddCritical: Stat.CRITICAL, AddShield: Stat.SHIELD}


@lru_cache(maxsize=None)
def _conts(card: CardDef) -> tuple[AbilityDef, ...]:
    return tuple(a for a in card.abilities if a.kind is AbilityKind.CONT)


def bonus(state: State, entity: int, stat: Stat) -> int:
    """Return what the card's own cont abilities add to `stat` right now."""
    card = state.card(entity)
    conts = _conts(card)
    if not conts or entity in state.deleted:     # CORE-21: a deleted vanguard has no abilities
        return 0
    pos = q.position(entity)
    total = 0
    for index, ability in enumerate(card.abilities):
        if ability.kind is not AbilityKind.CONT or pos.zone not in ability.zones:
            continue
        frame = Frame(entity, card.id, index, pos.owner)
        if not conditions.holds(state, frame, ability.condition):
            continue
        for step in ability.effect:
            if _STEP_STAT.get(type(step)) is stat:
                total += int(step.amount)  # type: ignore[attr-defined]
    return total
