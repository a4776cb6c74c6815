"""LegionSyncSystem: leader and mate share stand/rest and face (LEG-08, LEG-21); a legion that
lost a member is ended by move_card (LEG-09)."""

from __future__ import annotations

import esper

from components import LegionLink
from ecs_vanguard import query as q
from ecs_vanguard.state import State
from systems.base import waiting


class LegionSyncSystem(esper.Processor):
    """Keep the mate of each legion in the leader's stand/rest and face."""

    def process(self, state: State) -> None:
        if waiting(state):
            return
        for card, link in esper.get_component(LegionLink):    # empty unless a legion exists
            if link.leader:
                leader, mate = q.orientation(card), q.orientation(link.partner)
                mate.rested, mate.face_up = leader.rested, leader.face_up
