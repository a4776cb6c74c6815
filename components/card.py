"""Which printed card an entity is: a reference into the CardDB, never a copy of its data."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Card:
    """The card id of the entity's printed information (immutable, shared by clones)."""

    card_id: str
