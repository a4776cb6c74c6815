"""TriggerSystem: at check timing the turn player plays their pending autos one by one in the
order they choose, then the other player (CORE-18)."""

from __future__ import annotations

import esper

from ecs_vanguard import ops
from ecs_vanguard.state import Frame, PendingAuto, State
from ecs_vanguard.vocab.decisions import ActionKind, Decision, DecisionKind, action
from ecs_vanguard.vocab.events import AutoPlayed
from systems.base import at_check_timing


class TriggerSystem(esper.Processor):
    """Pick the next pending auto (asking when a player has several) and start it."""

    def process(self, state: State) -> None:
        tick(state)


def tick(state: State) -> None:
    """What TriggerSystem does at a tick (its process(); order.tick_until_asked calls this
    directly while the class's process() is this one)."""
    if not state.pending_autos or not at_check_timing(state):
        return
    tp = state.turn.player
    mine = [a for a in state.pending_autos if a.player == tp]
    group = mine or [a for a in state.pending_autos if a.player != tp]
    actions = tuple(dict.fromkeys(action(ActionKind.PLAY_AUTO, card=a.source, index=a.index)
                                  for a in group))
    # Only ask when the order matters: one auto, or copies of one ability, need no choice.
    chosen = group[0] if len(actions) == 1 else _answered(state, group)
    if chosen is None:
        state.decision = Decision(group[0].player, DecisionKind.ORDER_AUTOS, actions,
                                  label="play next auto")
        return
    state.pending_autos.remove(chosen)
    play(state, chosen)


def _answered(state: State, group: list[PendingAuto]) -> PendingAuto | None:
    answer, state.answer = state.answer, None
    if answer is None:
        return None
    return next(a for a in group if a.source == answer.card and a.index == answer.index)


def play(state: State, auto: PendingAuto) -> None:
    """Push a frame for a pending auto (CORE-18)."""
    if auto.index >= 0:
        ops.emit(state, AutoPlayed(auto.source, auto.player, auto.index))
    state.stack.append(Frame(auto.source, auto.card_id, auto.index, auto.player,
                             context=auto.context))
