"""The handler of the `delay` step (cards.timing_steps.Delay): it makes a delayed effect of the
running ability, due at its moment, on the cards the ability has bound now (ops.timing)."""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard.cards.timing_steps import Delay
from ecs_vanguard.ops import timing
from ecs_vanguard.state import Frame, State


def _delay(state: State, frame: Frame, step: Delay) -> None:
    """Record "at <moment>, do X to those cards" as plain data; nothing happens now. `frame.pc`
    is the delay step's place among the ability's steps, where the delayed frame finds its own
    (a delay is never inside for_each, so the running step is this one)."""
    timing.add_delayed(state, frame, frame.pc, step.at, step.player)


HANDLERS: dict[type, Callable[..., object]] = {Delay: _delay}
