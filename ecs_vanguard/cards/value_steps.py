"""The steps that change values of units for a period (ACT-26): power, critical, shield, drive,
grade, restrictions, and continuous effects over a scope; the ones a cont ability may use
(`steps.CONT_TYPES`). `per` makes an amount count ("+2000 for each ..."); `becomes` changes a
value until it is a number (an effect only)."""

from __future__ import annotations

from ecs_vanguard.cards.schema import When
from ecs_vanguard.vocab.formats import Duration
from ecs_vanguard.vocab.records import record
from ecs_vanguard.vocab.zones import ACCEL_CIRCLES, REAR_CIRCLES

Where = tuple[tuple[str, object], ...]
# A step's `target`, `source`, `other` or `onto` (cards.fields "selector"): a selector or a bound
# name, or several of them, whose cards are put together (a card file's list, read as a tuple).
Selector = str | tuple[str, ...]

# What "different <field>" and "the number of distinct <field>" may read (TERM-05, TERM-06):
# current values, or the printed ones (`original_...`, TERM-01); `derived.values` reads them.
DISTINCT_FIELDS: tuple[str, ...] = (
    "name", "grade", "power", "clan", "nation", "race", "trigger", "original_name",
    "original_grade")
# What a quantity's `total` may add up over its cards ("the total of the original power of its
# originalDress"): current values, or the printed ones (TERM-01); `derived.values` reads them.
TOTAL_FIELDS: tuple[str, ...] = (
    "power", "grade", "shield", "critical", "original_power", "original_grade",
    "original_shield")


@record
class Quantity:
    """How many cards a selector gives now, narrowed by filters: `{ from = ..., where = ... }`
    (a per-count amount, "+2000 for each ...", or the other side of a comparison); with
    `distinct = "grade"` (a field of DISTINCT_FIELDS), how many different values of that field
    they have ("for each grade among the cards in your soul", TERM-06 for names); with
    `total = "original_power"` (a field of TOTAL_FIELDS), the sum of that value over them
    ("Power+ the total of the original power of its originalDress": amount 1, per that sum)."""

    source: str
    where: Where = ()
    distinct: str = ""
    every: int = 1          # "for every two cards": the count divided by `every`, rounded down
    # History as an amount: the number of logged events `happened` names in `window` ("for
    # each card called from your soul this turn"); then `source` is "".
    happened: When | None = None
    window: str = "this_turn"
    total: str = ""        # "the total of <field>": the sum of a TOTAL_FIELDS value over them


@record
class CircleOf:
    """A circle named by another card: the one the bound card (or "self") was last on, read
    before the step that moved it off (a superior call's `to = { circle_of = name }`)."""

    name: str


# The circles a call may name by their place ("to your back row center (RC)", CORE-01): the
# caller's five RCs and accel circles, never the VC (a call is onto RC or GC, ACT-07).
CALL_CIRCLE_NAMES: tuple[str, ...] = tuple(c.value for c in (*REAR_CIRCLES, *ACCEL_CIRCLES))


@record
class ColumnOf:
    """The RCs of the column a card is in now (`to = { column_of = name }`: "call it to an RC
    in the same column as the chosen unit"; CORE-07: the vanguard's column has the back
    center)."""

    name: str


@record
class NamedCircle:
    """One circle of the caller's side named by its place (`to = { circle = "back_center" }`):
    a call goes there or nowhere; a unit already there is retired by rule (CORE-06, CORE-17)."""

    circle: str


@record
class EnterUnitState:
    """The target units are in a named state ("harmony") for a period; in a cont ability, while
    its condition holds. Filters read it (`in_unit_state = "harmony"`); a new object is not in
    it (CORE-20)."""

    name: str
    target: Selector = "self"
    until: Duration = Duration.END_OF_TURN
    where: Where = ()                  # filters on the units `target` selects


@record
class AddPower:
    """Increase (or decrease) power for a period; totals may be negative (ACT-26)."""

    target: Selector = "self"
    amount: int | str = 0
    until: Duration = Duration.END_OF_TURN
    where: Where = ()                  # filters on the units `target` selects
    per: Quantity | None = None        # the amount is given once for each card it counts
    becomes: int | None = None         # ACT-26: raise or lower it until it is this value


@record
class AddCritical:
    """Increase (or decrease) critical for a period (ACT-26)."""

    target: Selector = "self"
    amount: int = 1
    until: Duration = Duration.END_OF_TURN
    where: Where = ()                  # filters on the units `target` selects
    per: Quantity | None = None        # the amount is given once for each card it counts
    becomes: int | None = None         # ACT-26: raise or lower it until it is this value


@record
class AddShield:
    """Increase (or decrease) shield for a period (ACT-26)."""

    target: Selector = "self"
    amount: int = 0
    until: Duration = Duration.END_OF_BATTLE
    where: Where = ()                  # filters on the units `target` selects
    per: Quantity | None = None        # the amount is given once for each card it counts
    becomes: int | None = None         # ACT-26: raise or lower it until it is this value


@record
class AddDrive:
    """Increase (or decrease) the number of drive checks for a period (CORE-11)."""

    target: Selector = "self"
    amount: int = 1
    until: Duration = Duration.END_OF_TURN
    where: Where = ()                  # filters on the units `target` selects
    per: Quantity | None = None        # the amount is given once for each card it counts


@record
class AddGrade:
    """Increase (or decrease) grade for a period."""

    target: Selector = "self"
    amount: int = 1
    until: Duration = Duration.END_OF_TURN
    where: Where = ()                  # filters on the units `target` selects
    per: Quantity | None = None        # the amount is given once for each card it counts
    becomes: int | None = None         # ACT-26: raise or lower it until it is this value


@record
class Restrict:
    """The target units get a restriction for a period (in a cont ability: while it applies):
    cant_attack, attack_only_vanguards, cant_be_boosted, cant_boost, resist (can't be chosen by
    the opponent's effects), cant_stand, cant_deal_damage, cant_be_hit, guard_min_grade
    (attacked by it, only cards of grade `amount` or more may be called from hand to GC), or
    attack_from_back_row (a permission: "this unit can attack from the back row"), or
    intercept_from_back_row (a permission: "this unit can intercept from the back row"), or
    cant_move (CORE-07: it neither moves nor is swapped by a move), or cant_be_normal_called
    (CORE-06: a card in the hand, by its own cont there), or cant_be_retired_by_effects (ACT-04:
    no effect retires it; a cost or a rule action still does), or cant_intercept (CORE-10: "your
    opponent's rear-guards in this column can't intercept"), or attack_back_row (CORE-09, a
    permission: "this unit can attack back-row rear-guards")."""

    target: Selector = "self"
    restriction: str = "cant_attack"
    amount: int = 1
    until: Duration = Duration.END_OF_TURN
    where: Where = ()                  # filters on the units `target` selects


@record
class AddSkill:
    """The target units get a skill icon for a period (in a cont ability: while it applies):
    boost or intercept ("this unit gets [Boost]"); read with the printed skills (CORE-09,
    CORE-10)."""

    target: Selector = "self"
    skill: str = "boost"
    until: Duration = Duration.END_OF_TURN
    where: Where = ()                  # filters on the units `target` selects


@record
class ApplyContinuous:
    """For a period, whatever `scope` covers at each moment gets the change: a unit that enters
    the scope later gets it, one that leaves loses it (docs/design.md "The model"). `stat`:
    power, critical, shield, drive, grade or a restriction of `restrict`."""

    scope: str
    stat: str = "power"
    amount: int = 0
    until: Duration = Duration.END_OF_TURN
    where: Where = ()
    per: Quantity | None = None


@record
class CantBeHit:
    """The target can't be hit for a period (the perfect guard, CORE-10)."""

    target: Selector
    until: Duration = Duration.END_OF_BATTLE
