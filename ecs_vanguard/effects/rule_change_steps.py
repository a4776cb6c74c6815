"""Rule modifiers in the effect runtime: the `modify_rule` step, and what a normal stride's frame
carries of them (STR-03, STR-08 (3)): a waived or reduced Stride cost is decided when the stride
is offered and kept on its frame, so the frame's steps do not change while it runs."""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard import ops
from ecs_vanguard.cards import steps as s
from ecs_vanguard.cards.rule_steps import ModifyRule
from ecs_vanguard.derived import facts as f
from ecs_vanguard.derived import rule_modifiers as rm
from ecs_vanguard.effects.picking import player_of
from ecs_vanguard.state import STRIDE_INDEX, Frame, RuleModifier, State
from ecs_vanguard.vocab.rule_changes import RuleHook

_WAIVED, _REDUCED = "stride_cost_waived", "stride_cost_reduced"


def _modify_rule(state: State, frame: Frame, step: ModifyRule) -> None:
    """Start a rule modifier for the step's period; the scope "self" is this card while it
    stays the object it is now (CORE-20)."""
    scope, unit, unit_obj = step.scope, -1, -1
    if scope == "self":
        scope, unit, unit_obj = "unit", frame.source, f.position(frame.source).obj
    player = player_of(frame, step.player)
    ops.add_rule_modifier(state, RuleModifier(
        player, frame.master, step.rule, step.change, step.amount, step.until, step.uses,
        state.turn.turn, frame.source, scope, step.where, unit, unit_obj))


def stride_frame(state: State, player: int, g_unit: int) -> Frame:
    """The frame of `player`'s normal stride of `g_unit`, carrying how rule modifiers change
    its Stride cost now (STR-03)."""
    waived, reduced = rm.stride_cost_change(state, player, g_unit)
    context: tuple[tuple[str, int], ...] = ()
    if waived:
        context = ((_WAIVED, 1),)
    elif reduced:
        context = ((_REDUCED, reduced),)
    return Frame(g_unit, state.card(g_unit).id, STRIDE_INDEX, player, context=context)


def changed_stride_steps(frame: Frame, steps: tuple[object, ...], n_cost: int
                         ) -> tuple[tuple[object, ...], int]:
    """A normal stride's (steps, number of cost steps) as its frame's rule modifiers leave
    them: no cost when waived; a grade total lowered (a total of 0 needs nothing) when
    reduced."""
    if frame.ctx(_WAIVED) == 1:
        return steps[n_cost:], 0
    reduced = frame.ctx(_REDUCED, 0)
    if reduced <= 0:
        return steps, n_cost
    cost: list[object] = []
    for step in steps[:n_cost]:
        if isinstance(step, s.DiscardGrades):
            if step.total - reduced <= 0:
                continue
            step = s.DiscardGrades(step.total - reduced)
        cost.append(step)
    return (*cost, *steps[n_cost:]), len(cost)


def spend_stride_cost_change(state: State, frame: Frame) -> None:
    """The stride happens: the modifiers that changed its cost spend a use ("your next
    stride")."""
    if frame.index == STRIDE_INDEX and (frame.ctx(_WAIVED) == 1 or frame.ctx(_REDUCED, 0) > 0):
        ops.spend_rule_modifiers(state, rm.rule_modifiers(
            state, RuleHook.STRIDE_COST, frame.master, frame.source))


HANDLERS: dict[type, Callable[..., object]] = {ModifyRule: _modify_rule}

__all__ = ["HANDLERS", "changed_stride_steps", "spend_stride_cost_change", "stride_frame"]
