"""Status component of a legion vanguard: leader and mate linked on VC (LEG-08, LEG-09)."""

from __future__ import annotations

from dataclasses import dataclass

from components.frozen import Frozen


@dataclass(frozen=True, slots=True)
class LegionLink(Frozen):
    """Links a legion vanguard to its partner; `leader` is True for the earlier vanguard."""

    partner: int
    leader: bool
