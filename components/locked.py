"""Status component of a locked card (ACT-23): face down, no information, no stand/rest."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Locked:
    """Marks a locked card on a circle; its circle is locked while it is there (ACT-23).

    `until_owner_end`: the lock ends at the end of its owner's turn (the usual card wording).
    """

    until_owner_end: bool = False

    def __reduce__(self) -> tuple[object, ...]:
        # through __init__: mypyc's own pickling sets the frozen fields one by one
        return (Locked, (self.until_owner_end,))
