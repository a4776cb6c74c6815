"""What the steps of cont abilities change: the stat of each step, the restrictions by name, and
each card's printed cont abilities indexed by stat (pure functions of card data, cached; read
by `values` on every derived read and by `ops.watch` to index a new card)."""

from __future__ import annotations

from functools import cache

from ecs_vanguard.cards import steps as st
from ecs_vanguard.cards.schema import AbilityDef, AbilityKind, CardDef
from ecs_vanguard.vocab.formats import Stat
from ecs_vanguard.vocab.zones import Zone

# What each step of a cont ability changes; restrictions map through RESTRICTION_STATS.
_STEP_STAT: dict[type, Stat] = {
    st.AddPower: Stat.POWER, st.AddCritical: Stat.CRITICAL, st.AddShield: Stat.SHIELD,
    st.AddDrive: Stat.DRIVE, st.AddGrade: Stat.GRADE, st.GiveAbility: Stat.GRANT,
    st.LoseAbilities: Stat.LOSE_ABILITIES, st.ModifyRule: Stat.RULE_CHANGE,
    st.EnterUnitState: Stat.UNIT_STATE,
}
RESTRICTION_STATS: dict[str, Stat] = {
    s.value: s for s in (Stat.DRIVE_CANT_DECREASE,
                         Stat.CANT_ATTACK, Stat.ATTACK_ONLY_VANGUARDS, Stat.CANT_BE_BOOSTED,
                         Stat.CANT_BOOST, Stat.RESIST, Stat.CANT_STAND, Stat.CANT_DEAL_DAMAGE,
                         Stat.CANT_BE_HIT, Stat.GUARD_MIN_GRADE, Stat.GUARD_AT_ONCE,
                         Stat.ATTACK_FROM_BACK_ROW, Stat.INTERCEPT_FROM_BACK_ROW,
                         Stat.CANT_MOVE, Stat.CANT_BE_NORMAL_CALLED,
                         Stat.CANT_BE_RETIRED_BY_EFFECTS, Stat.CANT_INTERCEPT,
                         Stat.ATTACK_BACK_ROW)
}
# The stats `apply_continuous` may name (the record's `stat`).
CONTINUOUS_STATS: dict[str, Stat] = {
    "power": Stat.POWER, "critical": Stat.CRITICAL, "shield": Stat.SHIELD,
    "drive": Stat.DRIVE, "grade": Stat.GRADE, **RESTRICTION_STATS,
}


def step_stat(step: object) -> Stat | None:
    """Return what a cont ability's step changes, or None."""
    if isinstance(step, st.Restrict):
        return RESTRICTION_STATS[step.restriction]
    if isinstance(step, st.AddSkill):
        return st.SKILL_STATS[step.skill]
    return _STEP_STAT.get(type(step))


@cache
def cont_plan(card: CardDef) -> dict[Stat, tuple[tuple[int, AbilityDef, tuple[object, ...]], ...]]:
    """Index a card's printed cont abilities by what they change: stat -> (index, ability,
    steps changing that stat)."""
    plan: dict[Stat, list[tuple[int, AbilityDef, tuple[object, ...]]]] = {}
    for index, ability in card.own_abilities:
        if ability.kind is not AbilityKind.CONT:
            continue
        by_stat: dict[Stat, list[object]] = {}
        for step in ability.effect:
            stat = step_stat(step)
            if stat is not None:
                by_stat.setdefault(stat, []).append(step)
        for stat, steps in by_stat.items():
            plan.setdefault(stat, []).append((index, ability, tuple(steps)))
    return {stat: tuple(entries) for stat, entries in plan.items()}


@cache
def cont_entries(card: CardDef) -> tuple[tuple[Stat, frozenset[Zone], bool], ...]:
    """Return the index entries of a card's printed cont abilities: (stat changed, zones where
    valid, whether every such step changes only the card itself)."""
    return tuple((stat, frozenset(z for _, a, _ in entries for z in a.zones),
                  all(getattr(step, "target", "self") == "self"
                      for _, _, steps in entries for step in steps))
                 for stat, entries in sorted(cont_plan(card).items(), key=lambda i: i[0].value))
