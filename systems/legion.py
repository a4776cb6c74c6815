"""LegionSyncSystem: a legion's leader and mate hold one pair state (LEG-08, LEG-21): one shared
Orientation component, so standing, resting or turning either acts on both. Copies of a game
(clone, a loaded snapshot) hold two equal Orientations; this system makes them one again. A
legion that lost a member is ended at once by move_card (LEG-09)."""

from __future__ import annotations

import esper

from components import LegionLink
from ecs_vanguard.derived import query as q
from ecs_vanguard.state import State, world
from systems.base import waiting


class LegionSyncSystem(esper.Processor):
    """Make each legion's mate share its leader's Orientation (one pair state)."""

    def process(self, state: State) -> None:
        tick(state)


def tick(state: State) -> None:
    """What LegionSyncSystem does at a tick (its process(); order.tick_until_asked calls this
    directly while the class's process() is this one)."""
    if not world.present(LegionLink) or waiting(state):
        return                              # no legion anywhere: the usual case
    for card, link in esper.get_component(LegionLink):    # empty unless a legion exists
        if link.leader and q.orientation(link.partner) is not q.orientation(card):
            world.attach(state, link.partner, world.writable_orientation(state, card))
