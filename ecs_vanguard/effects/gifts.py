"""Imaginary gifts (CORE-15, premium): Force markers, Accel circles, Protect markers."""

from __future__ import annotations

from collections.abc import Callable

from components import GiftMarker
from ecs_vanguard import ops
from ecs_vanguard.cards import steps as s
from ecs_vanguard.state import Frame, State
from ecs_vanguard.vocab.decisions import ActionKind, Decision, DecisionKind, action
from ecs_vanguard.vocab.events import GiftGained
from ecs_vanguard.vocab.zones import ACCEL_CIRCLES, Zone

PROTECT_CARD = "GIFT-PROTECT"


def gain_gift(state: State, frame: Frame, gift: str) -> Decision | None:
    """Give the frame's master a gift; Force asks which of their circles gets the marker."""
    p = frame.master
    if gift == "force":
        answer, state.answer = state.answer, None
        if answer is None:
            circles = list(state.board.circles[p])
            actions = tuple(action(ActionKind.PICK, circle=c) for c in circles)
            return Decision(p, DecisionKind.CHOOSE_CIRCLE, actions, label="force",
                            source=frame.source)
        assert answer.circle is not None
        force = dict(state.force[p])
        force[answer.circle] = force.get(answer.circle, 0) + 1
        state.force[p] = force
        ops.emit(state, GiftGained(p, gift, answer.circle))
    elif gift == "accel":
        free = [c for c in ACCEL_CIRCLES if c not in state.board.circles[p]]
        if free:       # engine decision: past six accel circles the gift gives nothing more
            ops.add_accel_circle(state, p, free[0])
            ops.emit(state, GiftGained(p, gift, free[0]))
    else:
        ops.create_card(state, p, PROTECT_CARD, Zone.HAND, statuses=(GiftMarker(),))
        ops.emit(state, GiftGained(p, gift, None))
    return None


def _gain_gift(state: State, frame: Frame, step: s.GainGift) -> Decision | None:
    """A gift given by an effect (CORE-15), as a gift icon gives it."""
    return gain_gift(state, frame, step.gift)


HANDLERS: dict[type, Callable[..., object]] = {s.GainGift: _gain_gift}
