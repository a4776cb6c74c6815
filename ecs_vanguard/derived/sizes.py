"""The size of a cost or a count now (`ecs_vanguard.cards.sizes`): a whole number as written,
one card's derived value ("as many as this unit's drive"), or how many cards a selector gives."""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard.cards.sizes import Less, Size, ValueOf
from ecs_vanguard.cards.value_steps import Quantity
from ecs_vanguard.derived.values import count_of, critical, drive, grade, power, select, shield
from ecs_vanguard.state import Frame, State

# Each value's reader; an extension adds its own (ecs_vanguard.extensions.value).
VALUES: dict[str, Callable[[State, int], int]] = {
    "drive": drive, "critical": critical, "grade": grade, "power": power, "shield": shield,
}


def size_of(state: State, frame: Frame, n: Size) -> int:
    """Return how many a step's `n` means now (never below 0)."""
    if isinstance(n, int):
        return n
    if isinstance(n, Quantity):
        return count_of(state, frame, n)
    if isinstance(n, Less):                       # "N, one less for each ..."
        return max(0, n.start - count_of(state, frame, n.less))
    assert isinstance(n, ValueOf)
    cards = select(state, frame, n.of)
    return max(0, VALUES[n.value](state, cards[0])) if cards else 0


__all__ = ["size_of"]
