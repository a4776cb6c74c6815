"""Continuous abilities (cont): values computed on demand, never stored (TERM-01, ACT-26)."""

from __future__ import annotations

from functools import cache

from ecs_vanguard import query as q
from ecs_vanguard.cards.schema import AbilityDef, AbilityKind, CardDef
from ecs_vanguard.effects import conditions
from ecs_vanguard.effects.steps import AddCritical, AddPower, AddShield
from ecs_vanguard.rules import Stat
from ecs_vanguard.state import Frame, State

_STEP_STAT = {AddPower: Stat.POWER, AddCritical: Stat.CRITICAL, AddShield: Stat.SHIELD}


@cache
def _conts(card: CardDef) -> tuple[AbilityDef, ...]:
    return tuple(a for a in card.abilities if a.kind is AbilityKind.CONT)


def bonus(state: State, entity: int, stat: Stat) -> int:
    """Return what the card's own cont abilities (printed or gained) add to `stat` right now;
    none while deleted, locked or without abilities (CORE-21, ACT-22, ACT-23)."""
    if not _conts(state.card(entity)) and entity not in state.grants:
        return 0
    pos = q.position(entity)
    total = 0
    for card_id, index, ability in q.abilities(state, entity):
        if ability.kind is not AbilityKind.CONT or pos.zone not in ability.zones:
            continue
        frame = Frame(entity, card_id, index, pos.owner)
        if not conditions.holds(state, frame, ability.condition):
            continue
        for step in ability.effect:
            if _STEP_STAT.get(type(step)) is stat:
                total += int(step.amount)  # type: ignore[attr-defined]
    return total
