"""EffectSystem: resume the ability or rule frame on top of the stack until it asks or ends."""

from __future__ import annotations

import esper

from ecs_vanguard import ops
from ecs_vanguard.effects import runtime
from ecs_vanguard.state import State
from ecs_vanguard.vocab.decisions import Decision
from systems.base import waiting


class EffectSystem(esper.Processor):
    """Run the top frame; when it ends, pop it and finish a played order (CORE-08)."""

    def process(self, state: State) -> None:
        tick(state)


def tick(state: State) -> None:
    """What EffectSystem does at a tick (its process(); order.tick_until_asked calls this
    directly while the class's process() is this one)."""
    if not state.stack or waiting(state):      # the cheaper test first: most ticks
        return
    frame = state.stack[-1]
    result: object = runtime.resume(state, frame)
    if result is runtime.YIELD:
        return                  # a frame was pushed above this one; it runs next
    if isinstance(result, Decision):
        state.decision = result
        return
    state.stack.pop()
    ops.end_reveal(state, frame.revealed)      # ACT-09: shown until the effect ends
    if frame.is_order:
        ops.finish_order(state, frame.master, frame.source)
