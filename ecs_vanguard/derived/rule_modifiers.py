"""Rule modifiers: the one query the rules' own code asks at each hook (a stride's cost, a
grade-total cost, the end phase's unlocks, the stand phase, a call to GC) whether an effect
changes the rule there, and how (`ecs_vanguard.vocab.rule_changes`).

Two sources answer, read again at every question like every continuous effect (docs/design.md
"Values are derived"): the records effects made for a period (`State.rule_modifiers`), and the
`modify_rule` steps of cont abilities that work now. A record's scope is a selector seen from
the player whose effect made it, so a card entering the scope later is covered and one that
leaves is not.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from ecs_vanguard.cards.rule_steps import ModifyRule
from ecs_vanguard.cards.schema import AbilityKind
from ecs_vanguard.cards.table import CardTable
from ecs_vanguard.derived import facts as f
from ecs_vanguard.derived.values import (
    guard_min_grade,
    hand_grade,
    holds,
    narrow,
    select,
    working_conts,
)
from ecs_vanguard.state import Frame, RuleModifier, State
from ecs_vanguard.vocab.formats import Stat
from ecs_vanguard.vocab.rule_changes import RuleChange, RuleHook
from ecs_vanguard.vocab.zones import Zone


def any_rule_modifiers(state: State) -> bool:
    """True if some record or cont ability may change a rule now (the usual answer: no): a
    record, a printed cont ability indexed as changing a rule, or given abilities where the
    card table has a cont ability that could change one."""
    return bool(state.rule_modifiers) or Stat.RULE_CHANGE in state.engine.cont_index \
        or (bool(state.grants) and _table_has_rule_conts(state.db))


_RULE_CONTS: WeakKeyDictionary[CardTable, bool] = WeakKeyDictionary()


def _table_has_rule_conts(table: CardTable) -> bool:
    """True if some card of the table has a cont ability with a modify_rule step (a given
    ability can only be one of the table's own)."""
    known = _RULE_CONTS.get(table)
    if known is None:
        known = _RULE_CONTS[table] = any(
            isinstance(step, ModifyRule) for card in table for ability in card.abilities
            if ability.kind is AbilityKind.CONT for step in ability.effect)
    return known


def rule_modifiers(state: State, hook: RuleHook, player: int, card: int = -1
                   ) -> list[RuleModifier]:
    """Return the rule modifiers changing `player`'s rule at `hook` for `card` now (card -1:
    the player's rule itself): the records, oldest first, then those of working cont
    abilities (as records with no uses and the cont's card as source)."""
    if not any_rule_modifiers(state):
        return []
    out = [m for m in state.rule_modifiers
           if m.hook is hook and m.player == player and covers(state, m, card)]
    return out + _cont_modifiers(state, hook, player, card)


def covers(state: State, mod: RuleModifier, card: int) -> bool:
    """True if a modifier's scope covers the card now (every card when it has no scope)."""
    if card < 0:
        return not mod.scope
    if mod.scope == "unit":
        return card == mod.unit and f.position(card).obj == mod.unit_obj
    frame = Frame(mod.source, "", 0, mod.master)
    if not mod.scope:
        return bool(narrow(state, frame, [card], mod.where))
    return card in select(state, frame, mod.scope, mod.where)


def _cont_modifiers(state: State, hook: RuleHook, player: int, card: int
                    ) -> list[RuleModifier]:
    """The modify_rule steps of the cont abilities working now, as records."""
    indexed = state.engine.cont_index.get(Stat.RULE_CHANGE, ())
    sources = [e for e, zones, _ in indexed if f.position(e).zone in zones]
    sources += [e for e in sorted(state.grants) if e not in sources]
    out: list[RuleModifier] = []
    for source in sources:
        master = f.position(source).owner
        for card_id, index, ability, steps in working_conts(state, source, Stat.RULE_CHANGE):
            frame = Frame(source, card_id, index, master)
            for step in steps:
                if not isinstance(step, ModifyRule) or step.rule is not hook:
                    continue
                mod = _as_record(step, master, source)
                if mod.player == player and covers(state, mod, card) \
                        and holds(state, frame, ability.condition):
                    out.append(mod)
    return out


def _as_record(step: ModifyRule, master: int, source: int) -> RuleModifier:
    player = master if step.player == "you" else 1 - master
    return RuleModifier(player, master, step.rule, step.change, step.amount, step.until,
                        0, 0, source, step.scope, step.where)


# -- what each hook's rule asks ------------------------------------------------------------------


def stride_cost_change(state: State, player: int, g_unit: int) -> tuple[bool, int]:
    """STR-03: (waived, grade total reduced by) for `player`'s normal stride of `g_unit`; the
    Ultimate Stride cost is not a Stride cost (STR-07), so nothing changes it."""
    if not any_rule_modifiers(state) or state.card(g_unit).ultimate_stride:
        return False, 0
    mods = rule_modifiers(state, RuleHook.STRIDE_COST, player, g_unit)
    waived = any(m.change is RuleChange.WAIVE for m in mods)
    return waived, sum(m.amount for m in mods if m.change is RuleChange.REDUCE)


def alchemagic_soul_blast_waivers(state: State, player: int, order: int) -> list[RuleModifier]:
    """ALC-01 (2): the modifiers that waive the Soul Blast steps of the combined cost when
    `player` plays `order` by Alchemagic now ("the next time you use Alchemagic this turn, you
    may do it without paying Soul Blast")."""
    if not any_rule_modifiers(state):
        return []
    return [m for m in rule_modifiers(state, RuleHook.ALCHEMAGIC_SOUL_BLAST, player, order)
            if m.change is RuleChange.WAIVE]


def alchemagic_counter_blast_reductions(state: State, player: int,
                                        order: int) -> list[RuleModifier]:
    """ALC-01 (2): the modifiers that reduce the Counter Blast of the combined cost by their
    `amount` when `player` plays `order` by Alchemagic now ("the next time you use Alchemagic
    this turn, you may pay Counter Blast (1) less")."""
    if not any_rule_modifiers(state):
        return []
    return [m for m in rule_modifiers(state, RuleHook.ALCHEMAGIC_COUNTER_BLAST, player, order)
            if m.change is RuleChange.REDUCE]


def skips(state: State, hook: RuleHook, player: int, card: int) -> bool:
    """True if the rule step at `hook` (unlock_at_end, stand_step) does not happen for `card`
    of `player`."""
    return any(m.change is RuleChange.SKIP for m in rule_modifiers(state, hook, player, card))


def cost_grade(state: State, card: int, player: int, *, stride: bool) -> int:
    """The grade `card` counts as in a grade-total cost `player` pays (a Stride cost when
    `stride`): its printed grade, or a greater one it may be discarded as."""
    printed = state.card(card).grade
    if not any_rule_modifiers(state):
        return printed
    return max([printed, *(m.amount for m in counted_as(state, card, player, stride=stride))])


def counted_as(state: State, card: int, player: int, *, stride: bool) -> list[RuleModifier]:
    """The modifiers that make `card` count as a greater grade in a cost (the ones its payment
    uses)."""
    printed = state.card(card).grade
    hooks = (RuleHook.COST_GRADE, RuleHook.STRIDE_COST_GRADE) if stride else (RuleHook.COST_GRADE,)
    return [m for h in hooks for m in rule_modifiers(state, h, player, card)
            if m.change is RuleChange.COUNT_AS and m.amount > printed]


def may_call_to_gc(state: State, player: int, card: int) -> bool:
    """CORE-10, GG-05: True if `player` may call `card` to GC now under every form of the guard
    grade limit: a restriction on an attacking unit ("attacked by it, only grade 1 or greater
    may be called"; the leader's or the mate's, LEG-11) and a rule change ("your opponent
    cannot call grade 1 or greater from hand to GC"). Every form limits a call from hand: a G
    guardian called from the G zone (GG-05) is spared by both. The one decision of it: the
    guard step's calls, the G guardians and an effect's call to GC all ask here."""
    if f.position(card).zone is not Zone.HAND:
        return True                            # GG-05: not a call from hand
    grade = hand_grade(state, card)
    battle = state.battle
    if battle is not None and grade < guard_min_grade(state, battle.attacker):
        return False
    return guard_grade_allowed(state, player, card, grade)


def guard_grade_allowed(state: State, player: int, card: int, grade: int) -> bool:
    """CORE-10: True if `player` may call `card` of this grade from hand to GC under the guard
    grade limits made as rule changes ("cannot call grade 1 or greater to GC": a maximum of 0);
    several limits do not add up, the strictest counts. Callers ask `may_call_to_gc`, which
    reads every form of the limit."""
    if not any_rule_modifiers(state):
        return True
    for m in rule_modifiers(state, RuleHook.GUARD_MAX_GRADE, player, card):
        if grade > m.amount:
            return False
    return all(grade >= m.amount
               for m in rule_modifiers(state, RuleHook.GUARD_MIN_GRADE, player, card))


def damage_to_lose(state: State, player: int) -> int:
    """CORE-16: how many damage make `player` lose now: the format's number, or the highest
    `damage_to_lose` limit a rule change gives the player ("you lose at seven damage")."""
    limit = state.rules.damage_to_lose
    if not any_rule_modifiers(state):
        return limit
    for m in rule_modifiers(state, RuleHook.DAMAGE_TO_LOSE, player):
        limit = max(limit, m.amount)
    return limit


__all__ = ["any_rule_modifiers", "cost_grade", "counted_as", "covers", "damage_to_lose",
           "guard_grade_allowed", "may_call_to_gc", "rule_modifiers", "skips",
           "stride_cost_change"]
