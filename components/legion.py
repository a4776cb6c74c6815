"""Status component of a legion vanguard: leader and mate linked on VC (LEG-08, LEG-09)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LegionLink:
    """Links a legion vanguard to its partner; `leader` is True for the earlier vanguard."""

    partner: int
    leader: bool

    def __reduce__(self) -> tuple[object, ...]:
        # through __init__: mypyc's own pickling sets the frozen fields one by one
        return (LegionLink, (self.partner, self.leader))
