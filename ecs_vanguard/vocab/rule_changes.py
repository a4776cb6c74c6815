"""Names of rule modifiers: effects that change a rule of the game rather than a card's value
("stride without paying the Stride cost", "locked cards are not unlocked at the next end phase",
"this card may be discarded as a grade 3 for a Stride cost", "your opponent cannot call grade 1
or greater to GC"). A modifier names the hook the rule's own code asks about (RuleHook), how it
changes the rule there (RuleChange) and how long it lasts (RuleDuration); the records live in
`State.rule_modifiers` (`ecs_vanguard.state.rule_modifiers`), the query is
`ecs_vanguard.derived.rule_modifiers`."""

from __future__ import annotations

from enum import Enum


class RuleHook(Enum):
    """A place in the rules' code that asks whether a rule modifier applies (a closed list)."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    STRIDE_COST = "stride_cost"              # STR-03, STR-08 (3): the Stride cost of a normal
                                             # stride (never the Ultimate Stride cost, STR-07)
    STRIDE_COST_GRADE = "stride_cost_grade"  # a card counts as grade N in a Stride cost's total
    COST_GRADE = "cost_grade"                # a card counts as grade N in any grade-total cost
    UNLOCK_AT_END = "unlock_at_end"          # ACT-24: a locked card unlocks at its owner's end
    STAND_STEP = "stand_step"                # CORE-04: your units stand in your stand phase
    GUARD_MAX_GRADE = "guard_max_grade"      # CORE-10: only grade N or less may be called to GC
    GUARD_MIN_GRADE = "guard_min_grade"      # CORE-10: only grade N or more may be called to GC
    ALCHEMAGIC_SOUL_BLAST = "alchemagic_soul_blast"  # ALC-01 (2): the Soul Blast steps of an
                                             # Alchemagic's combined cost
    ALCHEMAGIC_COUNTER_BLAST = "alchemagic_counter_blast"  # ALC-01 (2): an Alchemagic's
                                             # combined cost pays `amount` less Counter Blast
    DAMAGE_TO_LOSE = "damage_to_lose"        # CORE-16: a player with this many damage loses


class RuleChange(Enum):
    """How a modifier changes the rule at its hook."""

    __hash__ = object.__hash__

    WAIVE = "waive"          # the cost is not paid at all
    REDUCE = "reduce"        # a grade-total cost needs `amount` less
    SKIP = "skip"            # the rule's step does not happen for the covered cards
    COUNT_AS = "count_as"    # the covered cards count as grade `amount` (or their own, if more)
    LIMIT = "limit"          # the limit is `amount` (guard grades)


class RuleDuration(Enum):
    """How long a rule modifier lasts; `uses` may end it sooner ("your next stride": 1 use)."""

    __hash__ = object.__hash__

    END_OF_BATTLE = "end_of_battle"              # CORE-13: the close step of this battle
    END_OF_TURN = "end_of_turn"                  # the end phase of this turn, before its unlocks
    NEXT_END_PHASE = "next_end_phase"            # through the next end phase (its unlocks too)
    YOUR_NEXT_END_PHASE = "your_next_end_phase"  # through the end phase of your next turn
    OPPONENT_NEXT_END_PHASE = "opponent_next_end_phase"  # ... of your opponent's next turn
    UNTIL_USED = "until_used"                    # no end of its own: its uses end it


# The changes each hook accepts, and what `amount` means there.
HOOK_CHANGES: dict[RuleHook, frozenset[RuleChange]] = {
    RuleHook.STRIDE_COST: frozenset({RuleChange.WAIVE, RuleChange.REDUCE}),
    RuleHook.STRIDE_COST_GRADE: frozenset({RuleChange.COUNT_AS}),
    RuleHook.COST_GRADE: frozenset({RuleChange.COUNT_AS}),
    RuleHook.UNLOCK_AT_END: frozenset({RuleChange.SKIP}),
    RuleHook.STAND_STEP: frozenset({RuleChange.SKIP}),
    RuleHook.GUARD_MAX_GRADE: frozenset({RuleChange.LIMIT}),
    RuleHook.GUARD_MIN_GRADE: frozenset({RuleChange.LIMIT}),
    RuleHook.ALCHEMAGIC_SOUL_BLAST: frozenset({RuleChange.WAIVE}),
    RuleHook.ALCHEMAGIC_COUNTER_BLAST: frozenset({RuleChange.REDUCE}),
    RuleHook.DAMAGE_TO_LOSE: frozenset({RuleChange.LIMIT}),
}
# Hooks whose rule happens as one event (a stride, a payment, an end phase's unlocks, a stand
# phase): `uses` counts those events. The guard limits hold for every call while they last.
COUNTED_HOOKS: frozenset[RuleHook] = frozenset({
    RuleHook.STRIDE_COST, RuleHook.STRIDE_COST_GRADE, RuleHook.COST_GRADE,
    RuleHook.UNLOCK_AT_END, RuleHook.STAND_STEP, RuleHook.ALCHEMAGIC_SOUL_BLAST,
    RuleHook.ALCHEMAGIC_COUNTER_BLAST,
})
__all__ = ["COUNTED_HOOKS", "HOOK_CHANGES", "RuleChange", "RuleDuration",
           "RuleHook"]
