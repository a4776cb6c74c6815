"""LegionSyncSystem: leader and mate share stand/rest and face; a legion ends when either leaves
VC (LEG-*). Registered in its place in the tick order; the Legion issue fills it in. Until then
no card has Seek Mate, so no legion can exist."""

from __future__ import annotations

import esper

from ecs_vanguard.state import State


class LegionSyncSystem(esper.Processor):
    """Keep legion pairs in step (LEG-08, LEG-09, LEG-21); nothing to do without legions."""

    def process(self, state: State) -> None:  # type: ignore[override]
        return None
