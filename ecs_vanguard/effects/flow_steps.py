"""Handlers of the steps that wait for other frames: skill damage with its checks (ACT-15,
TERM-03). "For each A, do B" (ACT-28) runs other handlers, so it sits with the registry in
`effects.runtime`."""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard import ops
from ecs_vanguard import query as q
from ecs_vanguard.cards import steps as s
from ecs_vanguard.continuous.values import select
from ecs_vanguard.effects.builtin import push_trigger
from ecs_vanguard.effects.picking import YIELD, player_of
from ecs_vanguard.state import Frame, State
from ecs_vanguard.zones import Zone

Handler = Callable[..., object]   # (state, frame, step) -> Decision | YIELD | None


def _deal_damage(state: State, frame: Frame, step: s.DealDamage) -> object:
    """ACT-15: each point of skill damage is a damage check; a revealed trigger resolves before
    the next check (the step yields to the trigger's frame and is re-entered after it)."""
    p = player_of(frame, step.player)
    if not frame.loop:
        hit = select(state, frame, step.target) if step.target else q.vanguards(state, p)
        total = step.n * len(hit)                              # LEG-28: each vanguard takes n
        ops.deal_damage_start(state, p, total)
        frame.loop = [total]
    while True:
        checked = state.board.zones[p][Zone.TRIGGER]
        if checked:
            ops.move_card(state, checked[0], Zone.DAMAGE)
        if frame.loop[0] <= 0 or state.over:
            frame.loop = []
            return None
        frame.loop[0] -= 1
        card = ops.trigger_check(state, p, drive=False)
        if card is not None and push_trigger(state, card, p, drive=False):
            return YIELD


HANDLERS: dict[type, Handler] = {
    s.DealDamage: _deal_damage,
}
