"""Which printed card an entity is: a reference into the CardDB, never a copy of its data."""

from __future__ import annotations

from dataclasses import dataclass

from components.frozen import Frozen


@dataclass(frozen=True, slots=True)
class Card(Frozen):
    """The card id of the entity's printed information (immutable, shared by clones)."""

    card_id: str

    # Written out, not left to @dataclass: mypyc compiles a method written in the class, but
    # the ones dataclasses generates stay interpreted (a Python frame a construction, issue 18).
    # Frozen: the field is set as dataclasses' own __init__ sets it.
    def __init__(self, card_id: str) -> None:
        object.__setattr__(self, "card_id", card_id)
