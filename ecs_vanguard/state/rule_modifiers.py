"""The record of one rule modifier (`State.rule_modifiers`): plain, immutable data, replaced
(never written) when its uses run down, so clones share the tuple that holds them."""

from __future__ import annotations

from dataclasses import dataclass

from ecs_vanguard.vocab.rule_changes import RuleChange, RuleDuration, RuleHook


@dataclass(frozen=True, slots=True)
class RuleModifier:
    """One change to a rule for a period (`ecs_vanguard.vocab.rule_changes`).

    `player` is the player whose rule it changes (the one the rule's code asks about: the
    striding player, the owner of a locked card, the guarding player); `master` is the player
    whose effect made it, the side `scope` is read from. `scope` "" covers every card of
    `player`; otherwise a selector of `derived.scopes`, re-read at each question, narrowed by
    `where`; the scope "unit" covers only `unit` while it stays object `unit_obj` (CORE-20).
    `uses` 0 is unlimited; a counted hook spends one use each time its rule is changed by it.
    """

    player: int
    master: int
    hook: RuleHook
    change: RuleChange
    amount: int = 0
    until: RuleDuration = RuleDuration.END_OF_TURN
    uses: int = 0
    turn: int = 0
    source: int = -1                                   # TERM-02; -1: the rules
    scope: str = ""
    where: tuple[tuple[str, object], ...] = ()
    unit: int = -1
    unit_obj: int = -1


__all__ = ["RuleModifier"]
