"""StrideSystem: the stride step, hearts, G units returning to the G zone (STR-*, HRT-*).

Registered in its place in the tick order; the Stride issue fills it in. Until then no deck can
hold G units, so the premium stride step passes with nothing to do.
"""

from __future__ import annotations

import esper

from ecs_vanguard.state import State


class StrideSystem(esper.Processor):
    """Run the stride procedure of the turn player (STR-03..16); nothing to do without G units."""

    def process(self, state: State) -> None:  # type: ignore[override]
        return None
