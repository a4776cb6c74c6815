"""Rule modifiers as rule actions: start one, spend a use, end those whose period is over
(`ecs_vanguard.derived.rule_modifiers` answers whether one applies)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from ecs_vanguard.state import RuleModifier, State
from ecs_vanguard.vocab.rule_changes import RuleDuration


def add_rule_modifier(state: State, mod: RuleModifier) -> None:
    """Start a rule modifier: for its period (and uses) the rule's code finds it."""
    state.rule_modifiers = (*state.rule_modifiers, mod)


def spend_rule_modifiers(state: State, used: Iterable[RuleModifier]) -> None:
    """Spend one use of each record that changed a rule just now ("your next stride": its one
    use); a record whose last use is spent ends. Cont abilities' changes have no uses."""
    spent = [m for m in used if m.uses > 0]
    if not spent:
        return
    kept: list[RuleModifier] = []
    for mod in state.rule_modifiers:
        if any(mod is m for m in spent):
            if mod.uses > 1:
                kept.append(dataclasses.replace(mod, uses=mod.uses - 1))
            spent = [m for m in spent if m is not mod]
        else:
            kept.append(mod)
    state.rule_modifiers = tuple(kept)


def end_rule_modifiers(state: State, ending: RuleDuration) -> None:
    """End the rule modifiers of one duration (CORE-13 at the close step; the end phase ends
    "until end of turn" before its unlocks, ACT-24)."""
    if state.rule_modifiers:
        state.rule_modifiers = tuple(m for m in state.rule_modifiers if m.until is not ending)


def end_phase_over(state: State, turn_player: int) -> None:
    """The end phase of `turn_player`'s turn is over: the modifiers lasting through the next
    end phase, or through this player's next end phase, end."""
    if not state.rule_modifiers:
        return

    def over(m: RuleModifier) -> bool:
        return (m.until is RuleDuration.NEXT_END_PHASE
                or (m.until is RuleDuration.YOUR_NEXT_END_PHASE and m.master == turn_player)
                or (m.until is RuleDuration.OPPONENT_NEXT_END_PHASE
                    and m.master != turn_player))

    state.rule_modifiers = tuple(m for m in state.rule_modifiers if not over(m))


__all__ = ["add_rule_modifier", "end_phase_over", "end_rule_modifiers", "spend_rule_modifiers"]
