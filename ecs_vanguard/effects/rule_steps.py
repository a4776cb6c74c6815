"""Steps the engine itself uses to run rules as frames (CORE-03, CORE-05, CORE-14, CORE-15,
STR-06, STR-08, GG-02, LEG-01): never written in card files."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GainGift:
    """Get an imaginary gift: Force on a chosen circle, a new Accel circle, or a Protect marker
    (CORE-15)."""

    gift: str


@dataclass(frozen=True, slots=True)
class RideSelf:
    """Ride the frame's source card (the ride deck's ride after its discard cost, CORE-05)."""


@dataclass(frozen=True, slots=True)
class HealIfNotAhead:
    """Heal 1 if your damage is at least your opponent's (the heal trigger, CORE-14)."""


@dataclass(frozen=True, slots=True)
class DropToDeckTop:
    """Put n cards of your choice from your drop on top of your deck (Seek Mate's cost, LEG-01)."""

    n: int = 4


@dataclass(frozen=True, slots=True)
class FormLegion:
    """Put the target card on VC in legion with the frame's vanguard (LEG-01, LEG-08)."""

    target: str


@dataclass(frozen=True, slots=True)
class StrideSelf:
    """Put the frame's G unit on VC over the vanguard(s), now its hearts (STR-08 (4), (5))."""


@dataclass(frozen=True, slots=True)
class GuardSelf:
    """Call the frame's G guardian from the G zone to GC at rest (GG-02 (4))."""


@dataclass(frozen=True, slots=True)
class DiscardSameNameAsVanguard:
    """The Ultimate Stride cost: discard a card with the same name as your vanguard (STR-06; a
    legion's leader or mate, LEG-08)."""


@dataclass(frozen=True, slots=True)
class Mulligan:
    """Return any cards from hand to the deck, draw as many, shuffle (CORE-03)."""
