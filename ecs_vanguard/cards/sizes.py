"""Sizes of costs and counts that are derived values: "discard as many cards as this unit's
drive", "draw as many as your rear-guards". A step's `n` is a whole number, a `ValueOf` (one
card's derived value now) or a `Quantity` (how many cards a selector gives now); the size is
read when the cost is checked and paid or the step runs (`ecs_vanguard.derived.sizes`)."""

from __future__ import annotations

from ecs_vanguard.cards.value_steps import Quantity
from ecs_vanguard.vocab.records import record

# The derived values a size may read, each of one card (derived.values); an extension adds
# its own (ecs_vanguard.extensions.value).
SIZE_VALUES: tuple[str, ...] = ("drive", "critical", "grade", "power", "shield")


@record
class ValueOf:
    """The derived `value` (drive, critical, grade, power, shield) of the first card `of`
    selects now; 0 if it selects none (`{ value = "drive", of = "self" }`)."""

    value: str
    of: str = "self"


@record
class Less:
    """`start`, less one for each card the quantity `less` counts now, never below 0: "Counter
    Blast (4), one less for each card in your bind zone" is `{ start = 4, less = { from =
    "your_bind" } }`."""

    start: int
    less: Quantity


Size = int | ValueOf | Quantity | Less

__all__ = ["SIZE_VALUES", "Less", "Size", "ValueOf"]
