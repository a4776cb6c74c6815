"""Status component of a locked card (ACT-23): face down, no information, no stand/rest."""

from __future__ import annotations

from dataclasses import dataclass

from components.frozen import Frozen


@dataclass(frozen=True, slots=True)
class Locked(Frozen):
    """Marks a locked card on a circle; its circle is locked while it is there (ACT-23).

    `until_owner_end`: the lock ends at the end of its owner's turn (the usual card wording).
    """

    until_owner_end: bool = False
