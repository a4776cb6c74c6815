"""The card language's step that changes a rule (`modify_rule`): as an effect it makes a rule
modifier for a period (`State.rule_modifiers`); as a cont ability's step it changes the rule
while the ability works. The hooks, changes and durations it names are
`ecs_vanguard.vocab.rule_changes`."""

from __future__ import annotations

from ecs_vanguard.vocab.records import record
from ecs_vanguard.vocab.rule_changes import (
    COUNTED_HOOKS,
    HOOK_CHANGES,
    RuleChange,
    RuleDuration,
    RuleHook,
)

Where = tuple[tuple[str, object], ...]


@record
class ModifyRule:
    """Change a rule for `player` ("you" or "opponent"): `rule` names the hook the rule asks
    (stride_cost: waive, or reduce its grade total by `amount`, STR-03; stride_cost_grade /
    cost_grade: the covered cards count_as grade `amount` in a Stride cost / any grade-total
    cost; unlock_at_end: skip unlocking the covered locked cards at the end phase, ACT-24;
    stand_step: skip standing the covered units in the stand phase, CORE-04; guard_max_grade /
    guard_min_grade: limit the grades that may be called from hand to GC, CORE-10;
    damage_to_lose: limit, the player loses with `amount` or more damage, CORE-16). `scope`
    (none: every card of that player) and `where` narrow the cards; `until` and `uses` (0:
    unlimited; "your next stride": 1) end it; in a cont ability it holds while the ability
    works."""

    rule: RuleHook
    change: RuleChange = RuleChange.WAIVE
    amount: int = 0
    player: str = "you"
    scope: str = ""
    where: Where = ()
    until: RuleDuration = RuleDuration.END_OF_TURN
    uses: int = 0


def rule_step_problem(step: ModifyRule) -> tuple[str, str] | None:
    """Return (field, what is wrong) when a modify_rule step cannot work, or None."""
    allowed = HOOK_CHANGES[step.rule]
    if step.change not in allowed:
        names = " | ".join(sorted(c.value for c in allowed))
        return "change", f"rule {step.rule.value!r} takes change {names}"
    if step.uses and step.rule not in COUNTED_HOOKS:
        return "uses", f"rule {step.rule.value!r} holds for every call while it lasts: no uses"
    if step.until is RuleDuration.UNTIL_USED and not step.uses:
        return "uses", "until = \"until_used\" needs uses = 1 or more"
    if step.change is RuleChange.REDUCE and step.amount <= 0:
        return "amount", "reduce needs an amount of 1 or more"
    if step.rule in (RuleHook.GUARD_MAX_GRADE, RuleHook.GUARD_MIN_GRADE,
                     RuleHook.STRIDE_COST_GRADE, RuleHook.COST_GRADE) and step.amount < 0:
        return "amount", "a grade cannot be negative"
    if step.rule is RuleHook.DAMAGE_TO_LOSE and step.amount < 1:
        return "amount", "a player loses with 1 or more damage"
    return None


__all__ = ["ModifyRule", "rule_step_problem"]
