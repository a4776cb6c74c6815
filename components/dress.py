"""Status component of a dress source: a card under an overDress unit (OD-03, OD-04, OD-08)."""

from __future__ import annotations

from dataclasses import dataclass

from components.frozen import Frozen


@dataclass(frozen=True, slots=True)
class DressSource(Frozen):
    """Links a dress source to its overDress unit; `from_ride_deck` sends it back there face up
    when its unit returns to the deck (OD-08)."""

    unit: int
    from_ride_deck: bool = False
