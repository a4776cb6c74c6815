"""Status component of an imaginary gift marker card (CORE-15): not part of any deck."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GiftMarker:
    """Marks an entity made by a Protect gift; it is removed wherever it goes but hand and GC."""

    gift: str = "protect"

    def __reduce__(self) -> tuple[object, ...]:
        # through __init__: mypyc's own pickling sets the frozen fields one by one
        return (GiftMarker, (self.gift,))
