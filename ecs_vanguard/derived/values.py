"""Derived values: power, critical, shield, drive, grade, restrictions and abilities, computed on
every read from printed data, modifiers and every continuous effect covering the card now
(TERM-01, ACT-22, ACT-26, CORE-05, CORE-09, CORE-15, LEG-14, LEG-24, STR-08 (5)).

Continuous effects come from three places, all read here and nowhere else:
- records in `state.continuous` (persona ride, boost, a legion mate's power, "during this turn"
  effects), each with a scope re-evaluated on every read;
- imaginary gift markers: Force markers and Accel circles (CORE-15);
- cont abilities of cards in a valid zone, whose target and condition are evaluated now.

`select`, `narrow` and `holds` live here because their filters and checks read derived grades:
a value can depend on another value through a scope or a condition. `state.engine.deriving` bounds
that recursion (a cycle of continuous effects reads the deepest values without them).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator

from ecs_vanguard.cards.check import Check
from ecs_vanguard.cards.marks import clans_of
from ecs_vanguard.cards.schema import AbilityDef, AbilityKind
from ecs_vanguard.cards.steps import SKILL_STATS
from ecs_vanguard.cards.value_steps import DISTINCT_FIELDS, TOTAL_FIELDS, Quantity
from ecs_vanguard.derived import facts as f
from ecs_vanguard.derived import history
from ecs_vanguard.derived.conditions import (
    FACT_CHECK_SPECS,
    CheckSpec,
    Predicate,
    minimum,
)
from ecs_vanguard.derived.distinct import most_distinct
from ecs_vanguard.derived.scopes import (
    FACT_FILTER_SPECS,
    MEMBERS,
    SELECTORS,
    Filter,
    FilterSpec,
)
from ecs_vanguard.derived.stats import (
    CONTINUOUS_STATS,
    RESTRICTION_STATS,
    cont_entries,
    cont_plan,
    step_stat,
)
from ecs_vanguard.state import ContinuousEffect, Frame, State
from ecs_vanguard.vocab.formats import Skill, Stat
from ecs_vanguard.vocab.zones import ACCEL_CIRCLES, Circle, Zone

_MAX_DEPTH = 6            # nested derived reads before continuous effects are left out
_FIELD = frozenset({Zone.VC, Zone.RC})
Where = tuple[tuple[str, object], ...]

# -- the values ----------------------------------------------------------------------------------


def base_power(state: State, entity: int) -> int:
    """Return the original power: printed, or 0 while deleted (CORE-21); a G unit on VC adds
    its chosen heart's original power (STR-08 (5))."""
    total = 0 if entity in state.deleted else state.card(entity).power
    heart = f.chosen_heart_of(state, entity)
    if heart is not None:
        total += state.card(heart).power
    return total


def power(state: State, entity: int) -> int:
    """Return current power: original + modifiers + continuous effects (ACT-26, CORE-15); a
    heart keeps only its original power (HRT-02: the modifiers it carries wait, HRT-04)."""
    if f.any_hearts() and f.is_heart(entity):
        return base_power(state, entity)
    return (base_power(state, entity) + f.modifier_sum(entity, Stat.POWER)
            + _total(state, entity, Stat.POWER))


def critical(state: State, entity: int) -> int:
    """Return current critical (printed + modifiers + continuous effects)."""
    return (state.card(entity).critical + f.modifier_sum(entity, Stat.CRITICAL)
            + _total(state, entity, Stat.CRITICAL))


def shield(state: State, entity: int) -> int:
    """Return current shield (printed + modifiers + continuous); may be negative (ACT-26)."""
    return (state.card(entity).shield + f.modifier_sum(entity, Stat.SHIELD)
            + _total(state, entity, Stat.SHIELD))


def drive(state: State, entity: int) -> int:
    """Return the number of drive checks this vanguard makes (CORE-11), never below 0; while
    the unit's drive "can't be decreased" (the restriction drive_cant_decrease) each decrease
    reads as 0 and the increases still count (ACT-26)."""
    if is_restricted(state, entity, Stat.DRIVE_CANT_DECREASE):
        ups = sum(m.amount for m in f.modifiers(entity) if m.stat is Stat.DRIVE and m.amount > 0)
        ups += sum(a for a in _amounts(state, entity, Stat.DRIVE) if a > 0)
        return max(0, state.card(entity).drive + ups)
    return max(0, state.card(entity).drive + f.modifier_sum(entity, Stat.DRIVE)
               + _total(state, entity, Stat.DRIVE))


def highest_vanguard_grade(state: State, player: int) -> int:
    """Return the highest grade among the player's vanguards: "a grade N or greater vanguard",
    "your vanguard is grade N or greater" hold when the leader or the mate is (LEG-30)."""
    vanguards = f.vanguards(state, player)
    if len(vanguards) == 1:                    # one vanguard: the usual case, read at once
        return grade(state, vanguards[0])
    return _largest([grade(state, v) for v in vanguards], 0)


def may_change(state: State, stat: Stat) -> bool:
    """True if a continuous effect may change `stat` now: a record of that stat, a granted
    ability or a cont ability indexed under it. When False a value is its printed part plus
    modifiers, and every read here returns early (the usual case: persona ride's and a boost's
    records change power only, and so leave grades and restrictions to the early exit)."""
    if state.grants or stat in state.engine.cont_index:
        return True
    for record in state.continuous:    # a loop, not any(): asked on most derived reads
        if record.stat is stat:
            return True
    return False


def grade(state: State, entity: int) -> int:
    """Return the grade: printed + modifiers + continuous (deleted vanguards keep it, CORE-21)."""
    total = state.card(entity).grade
    if f.modifiers(entity):
        total += f.modifier_sum(entity, Stat.GRADE)
    if may_change(state, Stat.GRADE):
        total += sum(_amounts(state, entity, Stat.GRADE))
    return total


def hand_grade(state: State, card: int) -> int:
    """Return the grade of a card in a hand or deck: printed (modifiers do not follow a card out
    of the field, CORE-20) unless a continuous effect may change grades now."""
    if may_change(state, Stat.GRADE):
        return grade(state, card)
    return state.card(card).grade


def is_restricted(state: State, entity: int, stat: Stat) -> bool:
    """True while a modifier or a continuous effect gives the unit this restriction
    (rules.RESTRICTIONS: cant_attack, cant_be_boosted, resist, cant_stand, ...)."""
    if f.modifiers(entity) and f.has_modifier(entity, stat):   # most units have none
        return True
    if not may_change(state, stat):
        return False
    return any(a > 0 for a in _amounts(state, entity, stat))


def has_skill(state: State, entity: int, skill: Skill) -> bool:
    """True if the unit has a skill icon: printed, or given by an effect or a cont ability
    (`add_skill`: "this unit gets [Boost]")."""
    if skill in state.card(entity).skills:
        return True
    stat = SKILL_STATS.get(skill.value)
    return stat is not None and is_restricted(state, entity, stat)


def choosable(state: State, frame: Frame, cards: list[int]) -> list[int]:
    """Keep the cards an ability's master may choose: not the opponent's units with Resist
    ("cannot be chosen by your opponent's card effects")."""
    if not may_change(state, Stat.RESIST) and not any(
            f.has_modifier(c, Stat.RESIST) for c in cards):
        return cards
    return [c for c in cards if not (f.position(c).owner != frame.master and f.is_on_field(c)
                                     and is_restricted(state, c, Stat.RESIST))]


def _attacking_group(state: State, attacker: int) -> list[int]:
    """The attacker and, in its legion's attack, the mate: both attacking units (LEG-11)."""
    battle = state.battle
    if battle is not None and battle.attacker == attacker:
        return f.attacking_units(state)
    return [attacker]


def guard_min_grade(state: State, attacker: int) -> int:
    """Return the lowest grade a card called from hand to GC may have against this attacker
    (0: no restriction); several restrictions do not add up, the strictest counts. A legion
    attacks as two attacking units: a restriction on the leader or on the mate binds the
    attack (LEG-11)."""
    return _largest(_attacking_amounts(state, attacker, Stat.GUARD_MIN_GRADE), 0)


def guard_at_once(state: State, attacker: int) -> int:
    """ACT-27: the number of cards a call from hand to GC must put at once against this attacker
    in this battle (1: no restriction): the battle's own (an effect's `guard_at_once`) or a
    restriction on an attacking unit (a cont ability's; the leader's or the mate's, LEG-11);
    the largest counts."""
    battle = state.battle
    own = battle.guard_at_once if battle is not None else 1
    return _largest([1, own, *_attacking_amounts(state, attacker, Stat.GUARD_AT_ONCE)], 1)


def _largest(amounts: list[int], empty: int) -> int:
    """max(amounts, default=empty) as a native loop: the builtin with an iterable or a
    keyword is a Python call, ~2,900 instructions at each guard step's read (issue 34)."""
    if not amounts:
        return empty
    best = amounts[0]
    for amount in amounts:
        best = max(best, amount)
    return best


def _attacking_amounts(state: State, attacker: int, stat: Stat) -> list[int]:
    """The amounts of a restriction on the attacking units (the leader's and the mate's of a
    legion, LEG-11): their modifiers', and the cont abilities' where one may change `stat`."""
    amounts: list[int] = []
    changes = may_change(state, stat)
    for unit in _attacking_group(state, attacker):
        mods = f.modifiers(unit)
        if mods:
            amounts += [m.amount for m in mods if m.stat is stat]
        if changes:
            amounts += _amounts(state, unit, stat)
    return amounts


def battle_totals(state: State) -> tuple[int, int]:
    """Return (attacking power, defending power + shield of its guardians) of the battle now
    (CORE-12; the booster and a legion mate add through continuous effects, CORE-09, LEG-14;
    negative values count as they are, ACT-26)."""
    battle = state.battle
    assert battle is not None
    shield_total = sum(shield(state, g) for g, guarded in sorted(battle.guardians.items())
                       if guarded == battle.target)
    return power(state, battle.attacker), power(state, battle.target) + shield_total


# -- abilities (ACT-22) --------------------------------------------------------------------------


def abilities(state: State, entity: int) -> list[tuple[str, int, AbilityDef]]:
    """Return the abilities a card has now: printed, gained by modifiers, gained from
    continuous effects; none after losing them by either (ACT-22, TERM-01)."""
    own = f.abilities(state, entity)
    if not _has_ability_sources(state):
        return own
    if _loses_continuously(state, entity):
        return []
    gained = [(card_id, index, state.db[card_id].abilities[index])
              for card_id, index in _continuous_grants(state, entity)]
    if gained and not (entity in state.deleted or f.abilities_inactive(entity)):
        return own + gained
    return own


def loses_abilities(state: State, entity: int) -> bool:
    """True if a continuous effect makes the card lose its abilities now (ACT-22)."""
    return _has_ability_sources(state) and _loses_continuously(state, entity)


def may_gain(state: State) -> bool:
    """True if some card may have gained abilities now (modifiers or continuous effects): only
    then does trigger collection look beyond the printed-auto index. A gained ability is the
    GRANT stat's change (ops.emit writes the two set look-ups out before it asks)."""
    return may_change(state, Stat.GRANT)


def gained_abilities(state: State) -> list[tuple[int, str, int, AbilityDef]]:
    """Return every (card, card id, index, ability) gained now, by modifiers or continuous
    effects, for the trigger index (which holds printed autos only)."""
    out: list[tuple[int, str, int, AbilityDef]] = []
    for entity in sorted(state.grants):
        printed = len(state.card(entity).own_abilities)
        out.extend((entity, cid, i, a) for cid, i, a in f.abilities(state, entity)[printed:])
    if _has_ability_sources(state):
        for entity in _granted_cards(state):
            out.extend((entity, cid, i, state.db[cid].abilities[i])
                       for cid, i in _continuous_grants(state, entity))
    return out


# -- selecting cards and checking conditions (they read derived grades) ------------------------

def _grade_is(test: Callable[[int, int], bool]) -> Filter:
    """A grade filter; its value is a grade, or one relative to another card's."""
    def keep(state: State, frame: Frame, card: int, value: object) -> bool:
        wanted = grade_value(state, frame, value)
        return wanted is not None and test(grade(state, card), wanted)
    return keep


def grade_value(state: State, frame: Frame, value: object) -> int | None:
    """Return the grade a filter names: a number, or `{ relative_to = name, plus = n }`: the
    grade now of the card bound to `name` (or of "self", or the first card of a selector) plus
    n. A bound card is read even after it moved (a bound card's grade in the bind zone, Time
    Leap); None when no card is named."""
    if not isinstance(value, tuple):
        return int(value)  # type: ignore[call-overload]
    keys = dict(value)
    name = str(keys["relative_to"])
    if name in frame.bound:
        cards: list[int] | tuple[int, ...] = frame.bound[name]
    elif name == "self":
        cards = [frame.source]
    else:
        cards = select(state, frame, name)
    if not cards:
        return None
    return grade(state, cards[0]) + int(keys.get("plus", 0))  # type: ignore[call-overload]


def in_unit_state(state: State, entity: int, name: str) -> bool:
    """True while the unit is in the named state: given for a period by an effect (a modifier
    of its object, CORE-20) or by a cont ability whose condition holds now."""
    if any(m.stat is Stat.UNIT_STATE and m.value == name for m in f.modifiers(entity)):
        return True
    if not (state.grants or Stat.UNIT_STATE in state.engine.cont_index):
        return False
    if state.engine.deriving >= _MAX_DEPTH:
        return False
    state.engine.deriving += 1
    try:
        return any(getattr(step, "name", None) == name
                   for _, step in _cont_steps(state, entity, Stat.UNIT_STATE))
    finally:
        state.engine.deriving -= 1


def open_circles(state: State, player: int) -> list[Circle]:
    """Return the player's open RCs: rear-guard circles with no card on them."""
    return [c for c in f.rear_circles(state, player) if not state.board.circles[player][c]]


def distinct_values(state: State, card: int, field: str) -> tuple[object, ...]:
    """Return a card's values of a field of `cards.value_steps.DISTINCT_FIELDS` (several names,
    TERM-05; none for a missing clan, nation or trigger)."""
    return DISTINCT_READERS[field](state, card)


def _one(value: object) -> tuple[object, ...]:
    return (value,) if value is not None and value != "" else ()


DISTINCT_READERS: dict[str, Callable[[State, int], tuple[object, ...]]] = {
    "name": lambda s, c: f.names(s, c),
    "grade": lambda s, c: (grade(s, c),),
    "power": lambda s, c: (power(s, c),),
    "clan": lambda s, c: clans_of(s.card(c).clan, s.card(c).all_marks),
    "nation": lambda s, c: _one(s.card(c).nation),
    "race": lambda s, c: _one(s.card(c).race),
    "trigger": lambda s, c: _one(s.card(c).trigger),
    "original_name": lambda s, c: s.card(c).names,
    "original_grade": lambda s, c: (s.card(c).grade,),
}
assert tuple(DISTINCT_READERS) == DISTINCT_FIELDS, "cards.value_steps.DISTINCT_FIELDS drifted"

# A quantity's `total` (cards.value_steps.TOTAL_FIELDS): one card's value of a field, current or
# printed (TERM-01: "original power" is the printed one); a card off the field (a dress source, a
# card in the soul) has no modifiers, so its current value is its printed one.
TOTAL_READERS: dict[str, Callable[[State, int], int]] = {
    "power": lambda s, c: power(s, c),
    "grade": lambda s, c: grade(s, c),
    "shield": lambda s, c: shield(s, c),
    "critical": lambda s, c: critical(s, c),
    "original_power": lambda s, c: s.card(c).power,
    "original_grade": lambda s, c: s.card(c).grade,
    "original_shield": lambda s, c: s.card(c).shield,
}
assert tuple(TOTAL_READERS) == TOTAL_FIELDS, "cards.value_steps.TOTAL_FIELDS drifted"


DERIVED_FILTER_SPECS: dict[str, FilterSpec] = {
    "grade_max": (_grade_is(operator.le), "grade_value", "cards of this grade or less"),
    "grade": (_grade_is(operator.eq), "grade_value",
              "cards of this grade (or { relative_to = name, plus = n }: a bound card's +n)"),
    "grade_min": (_grade_is(operator.ge), "grade_value", "cards of this grade or greater"),
    # TERM-01: original information is what is printed; TERM-05 names gained or replaced by
    # effects are current names, not original ones.
    "original_name": (lambda s, fr, e, v: str(v) in s.card(e).names, "name",
                      "cards whose printed name is this, whatever names they have now"),
    "original_grade": (lambda s, fr, e, v: s.card(e).grade == v, "count",
                       "cards whose printed grade is this"),
    "original_power_min": (lambda s, fr, e, v: s.card(e).power >= v,  # type: ignore[operator]
                           "int", "cards whose printed power is this or more"),
    "original_power_max": (lambda s, fr, e, v: s.card(e).power <= v,  # type: ignore[operator]
                           "int", "cards whose printed power is this or less"),
    "in_unit_state": (lambda s, fr, e, v: in_unit_state(s, e, str(v)), "text",
                      "units in a named state (enter_unit_state: \"harmony\", ...)"),
    # LEG-27: "the same grade as your vanguard" counts the leader's and the mate's grade.
    "same_grade_as_vanguard": (lambda s, fr, e, v: (
        any(grade(s, e) == grade(s, u) for u in f.vanguards(s, fr.master)) == v), "bool",
        "cards of the grade of your vanguard (either legion vanguard, LEG-27)"),
    "power_min": (lambda s, fr, e, v: power(s, e) >= v, "int",  # type: ignore[operator]
                  "units with this power or more now"),
    "power_max": (lambda s, fr, e, v: power(s, e) <= v, "int",  # type: ignore[operator]
                  "units with this power or less now"),
    # Negation in every filter: "not named X", "a unit without Chrono".
    "not": (lambda s, fr, e, v: not narrow(s, fr, [e], v),  # type: ignore[arg-type]
            "filters_not", ("cards that do not pass every filter of this table (\"not named "
                            "X\": { name = \"X\" })")),
    # Disjunction in every filter: "a «Stealth» card or a card with the glitter mark".
    "any_of": (lambda s, fr, e, v: any(narrow(s, fr, [e], t)  # type: ignore[arg-type]
                                       for t in v),  # type: ignore[attr-defined]
               "filters_any", ("cards that pass every filter of at least one table of this "
                               "list ([{ name_includes = \"X\" }, { mark = \"chrono\" }])")),
}
FILTER_SPECS: dict[str, FilterSpec] = {**FACT_FILTER_SPECS, **DERIVED_FILTER_SPECS}
FILTERS: dict[str, Filter] = {name: spec[0] for name, spec in FILTER_SPECS.items()}

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
    ">": operator.gt, "<": operator.lt,
}


def count_of(state: State, frame: Frame, quantity: Quantity) -> int:
    """Return how many cards a quantity's selector gives now, narrowed by its filters; with
    `distinct`, how many different values of that field they have."""
    if quantity.happened is not None:              # history as an amount (derived.history)
        count = history.happened_count(state, frame, quantity.happened, quantity.window,
                                       narrow)
    elif quantity.total:                           # "the total of <field>" (TOTAL_FIELDS)
        reader = TOTAL_READERS[quantity.total]
        count = sum(reader(state, c) for c in select(state, frame, quantity.source,
                                                     quantity.where))
    else:
        count = count_cards(state, select(state, frame, quantity.source, quantity.where),
                            quantity.distinct)
    return count // quantity.every if quantity.every > 1 else count   # "for every two"


def count_cards(state: State, cards: list[int], distinct: str = "") -> int:
    """Return the number of cards, or with `distinct` the number of different values of that
    field among them: the most cards with pairwise different values (TERM-06 generalised)."""
    if not distinct:
        return len(cards)
    return most_distinct([distinct_values(state, c, distinct) for c in cards])


def _count(state: State, frame: Frame, check: Check) -> bool:
    """count(from, where) <op> n, or <op> the count of `than` (comparisons between players:
    hand sizes, damage); with `distinct`, the left side counts different values of a field."""
    source = check.arg("from")      # a selector, or a tuple of them (cards.fields)
    left = count_cards(state, select(state, frame, source if isinstance(source, tuple)
                                     else str(source),
                                     check.arg("where", ())), str(check.arg("distinct", "")))
    than = check.arg("than")
    right = count_of(state, frame, than) if than is not None else int(check.arg("n", 1))
    return _COMPARE[str(check.arg("op", ">="))](left, right)


_OF = (("of", "checks"),)

DERIVED_CHECK_SPECS: dict[str, CheckSpec] = {
    # LEG-30: the leader or the mate.
    "vanguard_grade": CheckSpec(lambda s, fr, c: highest_vanguard_grade(s, fr.master)
                                >= minimum(c), "your vanguard is grade min or greater "
                                "(either legion vanguard, LEG-30)", (("min", "count"),), ("min",)),
    "opponent_vanguard_grade": CheckSpec(lambda s, fr, c: (
        highest_vanguard_grade(s, 1 - fr.master) >= minimum(c)),
        "your opponent's vanguard is grade min or greater (either legion vanguard, LEG-30)",
        (("min", "count"),), ("min",)),
    # LEG-27: "for each grade of your vanguard" adds the leader's and the mate's grades.
    "vanguard_grades_total_min": CheckSpec(lambda s, fr, c: sum(
        grade(s, v) for v in f.vanguards(s, fr.master)) >= minimum(c),
        "your vanguards' grades total min or more (LEG-27)", (("min", "count"),), ("min",)),
    "count": CheckSpec(_count, "count(from, where) op n (op: >= by default, n: 1 by default), "
                       "or op the count of `than` (a selector or { from, where, distinct }); "
                       "with distinct = field, the number of different values of that field "
                       "(\"if they have different grades\": op == than the same cards)",
                       (("from", "selector"), ("where", "filters"), ("op", "comparison"),
                        ("n", "count"), ("than", "quantity"), ("distinct", "distinct_field")),
                       ("from",)),
    # "an open RC": an RC with no card on it (engine decision: a locked card fills its RC).
    "open_rc_min": CheckSpec(lambda s, fr, c: len(open_circles(s, fr.master if c.arg(
        "player", "you") == "you" else 1 - fr.master)) >= int(c.arg("min", 1)),
        "you (or your opponent: player) have min (1 by default) or more open RCs: RCs with "
        "no card", (("min", "count"), ("player", "player"))),
    "all": CheckSpec(lambda s, fr, c: holds(s, fr, c.arg("of", ())),
                     "every check of `of` holds", _OF, ("of",)),
    "any": CheckSpec(lambda s, fr, c: any(CHECKS[x.check](s, fr, x) for x in c.arg("of", ())),
                     "at least one check of `of` holds", _OF, ("of",)),
    "not": CheckSpec(lambda s, fr, c: not holds(s, fr, c.arg("of", ())),
                     "the checks of `of` do not all hold", _OF, ("of",)),
    # History as a query: events of the log, filtered as an auto's `when` (derived.history).
    "happened": CheckSpec(lambda s, fr, c: history.happened(s, fr, c, narrow),
                          *history.HAPPENED_SPEC),
}
CHECK_SPECS: dict[str, CheckSpec] = {**FACT_CHECK_SPECS, **DERIVED_CHECK_SPECS}
CHECKS: dict[str, Predicate] = {name: spec.test for name, spec in CHECK_SPECS.items()}


def narrow(state: State, frame: Frame, cards: list[int], where: Where) -> list[int]:
    """Keep the cards that pass every filter of `where`."""
    for key, value in where:
        test = FILTERS[key]
        cards = [e for e in cards if test(state, frame, e, value)]
    return cards


def select(state: State, frame: Frame, name: str | tuple[str, ...], where: Where = ()
           ) -> list[int]:
    """Return the cards a selector or a bound name refers to, narrowed by filters; a name whose
    binding step was skipped (a `then` not taken, a cost not paid) names no card, and a bound
    name finds only the cards still the objects it named (CORE-20)."""
    if isinstance(name, tuple):           # a list of selectors: their cards together
        cards = [c for one in name for c in select(state, frame, one)]
    elif name in frame.bound:
        cards = f.recall(frame, name)             # CORE-20: only cards still those objects
    else:
        selector = SELECTORS.get(name)
        cards = selector(state, frame) if selector is not None else []
    return narrow(state, frame, cards, where)


def holds(state: State, frame: Frame, checks: tuple[Check, ...]) -> bool:
    """True if every condition holds."""
    return all(CHECKS[c.check](state, frame, c) for c in checks)


# -- continuous effects --------------------------------------------------------------------------

def _total(state: State, entity: int, stat: Stat) -> int:
    """Return what every continuous effect covering the card adds to `stat` now; the early
    exits keep the usual read (no record, no cont ability changing `stat`) to two tests."""
    total = _gift_power(state, entity) if stat is Stat.POWER else 0
    if may_change(state, stat):
        total += sum(_amounts(state, entity, stat))
    return total


def _amounts(state: State, entity: int, stat: Stat) -> list[int]:
    """Return what each record and cont ability covering the card adds to `stat` now (gift
    markers aside: `_total` adds them)."""
    if not may_change(state, stat):
        return []                    # nothing changes this stat now: the usual read
    if state.engine.deriving >= _MAX_DEPTH:
        return []                    # a cycle of continuous effects: leave the deeper ones out
    state.engine.deriving += 1
    try:
        amounts = [_record_amount(state, rec) for rec in state.continuous
                   if rec.stat is stat and _covers(state, rec, entity)]
        if stat in state.engine.cont_index or state.grants:
            amounts += _ability_amounts(state, entity, stat)
        return amounts
    finally:
        state.engine.deriving -= 1


def _gift_power(state: State, entity: int) -> int:
    """CORE-15: Force markers and accel circles add power during their owner's turn; each
    Force marker on VC gives both legion vanguards +10000 (LEG-24)."""
    pos = f.position(entity)
    if pos.zone not in _FIELD or state.turn.player != pos.owner:
        return 0
    markers = state.force[pos.owner].get(pos.circle, 0)  # type: ignore[call-overload]
    accel = 1 if pos.circle in ACCEL_CIRCLES else 0
    return (markers + accel) * state.rules.gift_power


def _covers(state: State, rec: ContinuousEffect, entity: int) -> bool:
    """True if a record's scope covers the card now (re-evaluated on every read)."""
    if rec.scope == "unit":
        return entity == rec.unit and f.position(entity).obj == rec.unit_obj
    frame = Frame(rec.source, "", 0, rec.player)
    return _in_scope(state, frame, rec.scope, rec.where, entity)


def _in_scope(state: State, frame: Frame, scope: str, where: Where, entity: int) -> bool:
    """True if `entity` is among the cards `scope` selects, filtered by `where`."""
    member = MEMBERS.get(scope)
    if member is not None:
        return member(state, frame, entity) and bool(narrow(state, frame, [entity], where))
    return entity in select(state, frame, scope, where)


def _record_amount(state: State, rec: ContinuousEffect) -> int:
    """A record's amount; `amount_of` adds a card's current power while it is the same object
    on a circle (a booster that leaves stops boosting, seed 000 §1.3.2)."""
    if rec.amount_of < 0:
        return rec.amount
    pos = f.position(rec.amount_of)
    if pos.obj != rec.amount_obj or pos.zone not in _FIELD:
        return 0
    return power(state, rec.amount_of)


def _ability_amounts(state: State, entity: int, stat: Stat) -> list[int]:
    """What the cont abilities of every card in a valid zone give `entity` for `stat` now:
    the indexed printed ones, then those of every card that gained abilities."""
    return [step_amount(state, frame, step) for frame, step in _cont_steps(state, entity, stat)]


def _cont_steps(state: State, entity: int, stat: Stat) -> Iterator[tuple[Frame, object]]:
    """Yield (frame, step) for each step of a working cont ability changing `stat` that covers
    `entity` now and whose condition holds."""
    indexed = state.engine.cont_index.get(stat, ())
    for source, zones, self_only in indexed:
        if (self_only and source != entity) or f.position(source).zone not in zones:
            continue                                   # the usual case: not here, not this card
        yield from _source_steps(state, source, entity, stat)
    for source in sorted(state.grants):
        if all(source != e for e, _, _ in indexed):
            yield from _source_steps(state, source, entity, stat)


def _source_steps(state: State, source: int, entity: int, stat: Stat
                  ) -> Iterator[tuple[Frame, object]]:
    general = bool(state.grants) or _has_ability_sources(state)
    for card_id, index, ability, steps in _working_conts(state, source, stat, general):
        frame = Frame(source, card_id, index, f.position(source).owner)
        if not holds(state, frame, ability.condition):
            continue
        for step in steps:
            if _targets(state, frame, step, entity):
                yield frame, step


def step_amount(state: State, frame: Frame, step: object) -> int:
    """Return a step's amount; with `per`, once for each card it counts now ("+2000 for each
    ..."; an effect counts once when it resolves, ACT-28)."""
    amount = int(getattr(step, "amount", 1))
    per = getattr(step, "per", None)
    return amount if per is None else amount * count_of(state, frame, per)


def _working_conts(state: State, source: int, stat: Stat, general: bool
                   ) -> Iterator[tuple[str, int, AbilityDef, tuple[object, ...]]]:
    """Yield the source's cont abilities changing `stat` that work now (valid zone, not void).

    Without gained or removed abilities anywhere (`general` False, the usual case), the
    printed abilities answer; otherwise every ability the card has now is read.
    """
    zone = f.position(source).zone
    card = state.card(source)
    if not general:
        if source in state.deleted or f.abilities_inactive(source):
            return                                     # CORE-21, ACT-23, PRI-03, HRT-02
        for index, ability, steps in cont_plan(card).get(stat, ()):
            if zone in ability.zones:
                yield card.id, index, ability, steps
        return
    for card_id, index, ability in abilities(state, source):
        if ability.kind is not AbilityKind.CONT or zone not in ability.zones:
            continue
        steps = tuple(s for s in ability.effect if step_stat(s) is stat)
        if steps:
            yield card_id, index, ability, steps


def working_conts(state: State, source: int, stat: Stat
                  ) -> list[tuple[str, int, AbilityDef, tuple[object, ...]]]:
    """Return (card id, index, ability, its steps changing `stat`) of the source's cont
    abilities that work now (valid zone, not void), gained abilities included."""
    general = bool(state.grants) or _has_ability_sources(state)
    return list(_working_conts(state, source, stat, general))


def _targets(state: State, frame: Frame, step: object, entity: int) -> bool:
    target = str(getattr(step, "target", "self"))
    if target == "self":                 # its filters hold for it too, as in an effect's step
        where = getattr(step, "where", ())
        return entity == frame.source and (not where or bool(narrow(state, frame, [entity],
                                                                       where)))
    return _in_scope(state, frame, target, getattr(step, "where", ()), entity)


# -- continuous gains and losses of abilities (ACT-22) ------------------------------------------


def _has_ability_sources(state: State) -> bool:
    """True if some record or printed cont ability gives or removes abilities."""
    index = state.engine.cont_index
    if Stat.GRANT in index or Stat.LOSE_ABILITIES in index:
        return True
    return any(r.stat is Stat.GRANT or r.stat is Stat.LOSE_ABILITIES for r in state.continuous)


def _loses_continuously(state: State, entity: int) -> bool:
    return bool(_amounts(state, entity, Stat.LOSE_ABILITIES))


def _continuous_grants(state: State, entity: int) -> list[tuple[str, int]]:
    """Return the (card id, index) abilities continuous effects give the card now."""
    if state.engine.deriving >= _MAX_DEPTH:
        return []
    state.engine.deriving += 1
    try:
        out = [r.value for r in state.continuous
               if r.stat is Stat.GRANT and _covers(state, r, entity)]
        sources = {e for e, _, _ in state.engine.cont_index.get(Stat.GRANT, ())} | state.grants
        for source in sorted(sources):
            for card_id, index, ability, steps in _working_conts(state, source, Stat.GRANT,
                                                                 True):
                frame = Frame(source, card_id, index, f.position(source).owner)
                if holds(state, frame, ability.condition):
                    out.extend((s.card, s.index) for s in steps  # type: ignore[attr-defined]
                               if _targets(state, frame, s, entity))
        return out  # type: ignore[return-value]
    finally:
        state.engine.deriving -= 1


def _granted_cards(state: State) -> list[int]:
    """Return the units and cards a continuous grant may cover now (for the trigger index)."""
    cards = {u for p in (0, 1) for u in f.units(state, p)}
    return sorted(c for c in cards if _continuous_grants(state, c))


__all__ = [
    "CHECKS",
    "CHECK_SPECS",
    "CONTINUOUS_STATS",
    "FILTERS",
    "FILTER_SPECS",
    "RESTRICTION_STATS",
    "abilities",
    "base_power",
    "battle_totals",
    "choosable",
    "cont_entries",
    "count_cards",
    "count_of",
    "critical",
    "distinct_values",
    "drive",
    "gained_abilities",
    "grade",
    "grade_value",
    "guard_at_once",
    "guard_min_grade",
    "hand_grade",
    "holds",
    "in_unit_state",
    "is_restricted",
    "loses_abilities",
    "may_gain",
    "narrow",
    "open_circles",
    "power",
    "select",
    "shield",
    "step_amount",
    "step_stat",
    "working_conts",
]
