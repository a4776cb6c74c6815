"""Status component of an imaginary gift marker card (CORE-15): not part of any deck."""

from __future__ import annotations

from dataclasses import dataclass

from components.frozen import Frozen


@dataclass(frozen=True, slots=True)
class GiftMarker(Frozen):
    """Marks an entity made by a Protect gift; it is removed wherever it goes but hand and GC."""

    gift: str = "protect"
