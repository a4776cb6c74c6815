"""The values of card files, typed: the kind of every step field, how each kind is read and
checked, and the shorthand conditions (Generation Break, Limit Break, ...) as sugar over `count`.

One schema: the loader parses every step with it, `effects.validate` checks check arguments and
filter values with the same kinds, and the vocabulary (`ecs-vanguard vocabulary`) prints it, so
what a card file may say and what the engine accepts cannot drift apart (docs/design.md "Cards").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ecs_vanguard.cards import sizes as _sizes
from ecs_vanguard.cards import steps as st
from ecs_vanguard.cards import timing_steps as ts
from ecs_vanguard.cards.bounds import NATIONS
from ecs_vanguard.cards.check import Check
from ecs_vanguard.cards.marks import check_filter as check_mark_filter
from ecs_vanguard.cards.rule_steps import rule_step_problem
from ecs_vanguard.cards.schema import When
from ecs_vanguard.cards.sizes import SIZE_VALUES, ValueOf
from ecs_vanguard.cards.timing_steps import WINDOWS
from ecs_vanguard.cards.value_steps import (
    CALL_CIRCLE_NAMES,
    DISTINCT_FIELDS,
    TOTAL_FIELDS,
    CircleOf,
    ColumnOf,
    NamedCircle,
    Quantity,
)
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.events import (
    CARD_FIELDS,
    EVENTS_BY_NAME,
    PLAYER_FIELDS,
    SOURCE_EVENTS,
    field_hints,
)
from ecs_vanguard.vocab.formats import Duration
from ecs_vanguard.vocab.rule_changes import RuleChange, RuleDuration, RuleHook
from ecs_vanguard.vocab.text import printable
from ecs_vanguard.vocab.zones import Circle, Zone

COMPARISONS = (">=", "<=", "==", "!=", ">", "<")
# What `where = { keyword = ... }` may name: skill icons, sentinel, the mechanics' keywords, the
# shorthand conditions an ability is written with, and the kinds of ability a card has.
KEYWORDS = ("boost", "intercept", "twin_drive", "triple_drive", "persona_ride", "sentinel",
            "overdress", "seek_mate", "stride", "ultimate_stride", "g_guardian", "alchemagic",
            "gift", "prison", "world", "generation_break", "limit_break", "vanguard_is",
            "in_soul", "act", "auto", "cont")
TRIGGERS = ("critical", "draw", "heal", "front", "over", "stand", "any", "none")
ZONE_NAMES = ("hand", "deck", "drop", "soul", "damage", "bind")
# put_into may also put a set order into the order zone (a Meteorite "put into your order
# zone" by an effect: not played, CORE-08).
PUT_ZONE_NAMES = (*ZONE_NAMES, "order")
TOP_ZONES = ("damage", "soul", "drop", "bind", "hand")      # where put_top_into puts cards
_KEY_ALIASES = {"from": "source", "as": "bind", "else": "otherwise"}
TOML_KEYS = {v: k for k, v in _KEY_ALIASES.items()}
# ACT-28: steps that keep counters of their own, or jump, cannot repeat inside a for_each.
_LOOPING = (st.LookTop, st.DealDamage, st.ForEach, st.If, st.Pay, st.ChooseOne, ts.Delay)


class Where:
    """The place being read, for error messages: file, card id, field path."""

    def __init__(self, file: str, card: str = "?", marks: frozenset[str] | None = None):
        self.file, self.card = file, card
        self.marks = marks        # the printed marks of the pool's cards, when it is known

    def fail(self, field: str, message: str) -> CardDataError:
        """Return the one-line error naming file, card and field."""
        return CardDataError(printable(f"{self.file}: card {self.card}: field '{field}': "
                                       f"{message}"))     # a key's ESC as \x1b, never raw


Parser = Callable[[Where, str, Any], Any]


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of value: how it is written (for the vocabulary) and how it is read."""

    doc: str
    parse: Parser


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _scalar(test: Callable[[Any], bool], expected: str) -> Parser:
    def parse(where: Where, field: str, value: Any) -> Any:
        if not test(value):
            raise where.fail(field, f"expected {expected}, got {value!r}")
        return value
    return parse


def _choice(*choices: str) -> Parser:
    def parse(where: Where, field: str, value: Any) -> Any:
        if value not in choices:
            raise where.fail(field, f"{value!r} is not one of: {', '.join(choices)}")
        return value
    return parse


def _selector(where: Where, field: str, value: Any) -> str | tuple[str, ...]:
    if isinstance(value, str) and value:
        return value
    if isinstance(value, list) and value and all(isinstance(v, str) and v for v in value):
        return tuple(value)
    raise where.fail(field, f"expected a selector name or a list of them, got {value!r}")


def _count(where: Where, field: str, value: Any) -> int:
    if not _int(value):
        raise where.fail(field, f"expected a whole number, got {value!r}")
    if value < 0:
        raise where.fail(field, f"{value} is negative; counts and costs are 0 or more")
    return int(value)


def _member_of(enum: type[Enum]) -> Parser:
    """Read the value of one member of `enum` (durations, the rule modifiers' names)."""
    def parse(where: Where, field: str, value: Any) -> Any:
        try:
            return enum(value)
        except ValueError:
            choices = " | ".join(m.value for m in enum)
            raise where.fail(field, f"{value!r} is not one of: {choices}") from None
    return parse


def _size(where: Where, field: str, value: Any) -> Any:
    """A size: a count, one card's derived value, or how many cards a selector gives."""
    if not isinstance(value, dict):
        return _count(where, field, value)
    if "start" in value:                 # "N, one less for each ...": { start = N, less = ... }
        for key in value:
            if key not in ("start", "less"):
                raise where.fail(f"{field}.{key}", "unknown key (a size less a count has start, "
                                                   "less)")
        if "less" not in value:
            raise where.fail(f"{field}.less", "missing: what is counted off the start")
        return _sizes.Less(_count(where, f"{field}.start", value["start"]),
                           parse_quantity(where, f"{field}.less", value["less"]))
    if "value" not in value:
        return parse_quantity(where, field, value)
    for key in value:
        if key not in ("value", "of"):
            raise where.fail(f"{field}.{key}", "unknown key (a derived size has value, of)")
    if value["value"] not in _sizes.SIZE_VALUES:        # extensions may add values
        raise where.fail(f"{field}.value", f"{value['value']!r} is not one of: "
                                            + ", ".join(_sizes.SIZE_VALUES))
    of = value.get("of", "self")
    if not isinstance(of, str) or not of:
        raise where.fail(f"{field}.of", "expected a selector name")
    return ValueOf(value["value"], of)


def _names(where: Where, field: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(
            isinstance(n, str) and n for n in value):
        raise where.fail(field, f"expected a non-empty list of card names, got {value!r}")
    return tuple(value)


def parse_filters(where: Where, field: str, raw: Any) -> tuple[tuple[str, object], ...]:
    """Read a `where` table; the names and values are checked against the filters' schema by
    `effects.validate` (filters live with the continuous layer). Lists become tuples."""
    if not isinstance(raw, dict):
        raise where.fail(field, f"expected a table of filters, got {raw!r}")
    return tuple(sorted((k, parse_filters(where, f"{field}.{k}", v) if k == "not"
                         else _any_of(where, f"{field}.{k}", v) if k == "any_of" else _frozen(v))
                        for k, v in raw.items()))


def _any_of(where: Where, field: str, raw: Any) -> tuple[tuple[tuple[str, object], ...], ...]:
    """Read `any_of`: a non-empty list of filter tables, a card passes when it passes one."""
    if not isinstance(raw, list) or not raw:
        raise where.fail(field, f"expected a non-empty list of filter tables "
                                f"([{{ name = \"X\" }}, {{ mark = \"chrono\" }}]), got {raw!r}")
    return tuple(parse_filters(where, f"{field}[{i}]", t) for i, t in enumerate(raw))


def _frozen(value: Any) -> Any:
    """A filter's value as hashable plain data: lists become tuples, tables sorted pairs."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value


def parse_quantity(where: Where, field: str, raw: Any) -> Quantity:
    """Read a quantity: a selector name, or `{ from = selector, where = { ... }, distinct =
    field }` (with `distinct`: the number of different values of that field among them)."""
    if isinstance(raw, str) and raw:
        return Quantity(raw)
    if isinstance(raw, dict) and "happened" in raw:
        return _history_quantity(where, field, raw)
    if not isinstance(raw, dict) or not isinstance(raw.get("from"), str):
        raise where.fail(field, f"expected a selector or {{ from = ..., where = ... }}, "
                                f"got {raw!r}")
    for key in raw:
        if key not in ("from", "where", "distinct", "every", "total"):
            raise where.fail(f"{field}.{key}", "unknown key (a quantity has from, where, "
                                               "distinct, every, total)")
    distinct = _distinct(where, f"{field}.distinct", raw["distinct"]) if "distinct" in raw \
        else ""
    total = _choice(*TOTAL_FIELDS)(where, f"{field}.total", raw["total"]) if "total" in raw \
        else ""
    if total and distinct:
        raise where.fail(f"{field}.total", "a quantity counts different values (distinct) or "
                                           "adds up a value (total), not both")
    every = _count(where, f"{field}.every", raw.get("every", 1))
    if every < 1:
        raise where.fail(f"{field}.every", "for every 0 cards means nothing: 1 or more")
    return Quantity(raw["from"], parse_filters(where, f"{field}.where", raw.get("where", {})),
                    distinct, every, total=total)


def _history_quantity(where: Where, field: str, raw: dict[str, Any]) -> Quantity:
    """`{ happened = { event = ..., ... }, window = ..., every = n }`: how many logged events
    match, as an amount ("+2000 for each card called from your soul this turn")."""
    for key in raw:
        if key not in ("happened", "window", "every"):
            raise where.fail(f"{field}.{key}", "unknown key (a count of events has happened, "
                                               "window, every)")
    window = _choice(*WINDOWS)(where, f"{field}.window", raw.get("window", "this_turn"))
    every = _count(where, f"{field}.every", raw.get("every", 1))
    if every < 1:
        raise where.fail(f"{field}.every", "for every 0 events means nothing: 1 or more")
    return Quantity("", every=every, happened=parse_when(where, f"{field}.happened",
                                                         raw["happened"]), window=window)


def _distinct(where: Where, field: str, value: Any) -> str:
    return _choice(*DISTINCT_FIELDS)(where, field, value)  # type: ignore[no-any-return]


_CALL_PLACES = ("rc", "gc", "open_rc", "front_row", "back_row")
TO_FORMS = (f"{' | '.join(_CALL_PLACES)} | {{ circle = <{' | '.join(CALL_CIRCLE_NAMES)}> }} | "
            "{ circle_of = name } | { column_of = name }")


def _to(where: Where, field: str, value: Any) -> str | CircleOf | NamedCircle | ColumnOf:
    """Where a superior call puts its cards: rc, gc, open_rc (an RC with no card, no unit
    retired), front_row or back_row (the RCs of that row), `{ circle_of = name }` (the circle a
    bound card, or "self", was last on), `{ circle = "back_center" }` (one circle of the
    caller's side by its place) or `{ column_of = name }` (the RCs of the column that card is
    in). A wrong value names every form."""
    if isinstance(value, dict) and len(value) == 1:
        (key, name), = value.items()
        if key == "circle":
            if name not in CALL_CIRCLE_NAMES:
                raise where.fail(f"{field}.circle", f"expected one of "
                                 f"{' | '.join(CALL_CIRCLE_NAMES)} (a call goes to RC or GC, "
                                 f"never VC), got {name!r}")
            return NamedCircle(name)
        if key in ("circle_of", "column_of") and isinstance(name, str) and name:
            return CircleOf(name) if key == "circle_of" else ColumnOf(name)
    if value not in _CALL_PLACES:
        raise where.fail(field, f"{value!r} is not one of: {TO_FORMS}")
    return str(value)


def _grade_value(where: Where, field: str, value: Any) -> int | tuple[tuple[str, object], ...]:
    """A grade, or one relative to another card: `{ relative_to = name, plus = n }` (the grade
    of a bound card, or of "self", plus n; n may be negative)."""
    if not isinstance(value, (tuple, list)):
        return _count(where, field, value)
    value = tuple(tuple(pair) for pair in value)
    keys = dict(value)
    if not isinstance(keys.get("relative_to"), str) or not set(keys) <= {"relative_to", "plus"}\
            or not _int(keys.get("plus", 0)):
        raise where.fail(field, "expected a grade or { relative_to = name, plus = n }, got "
                                f"{dict(value)!r}")
    return value


def _mark_filter(where: Where, field: str, value: Any, numbers: bool) -> Any:
    check_mark_filter(where.fail, field, value, numbers, where.marks)
    return value


KINDS: dict[str, Kind] = {
    "count": Kind("a whole number, 0 or more", _count),
    "int": Kind("a whole number (negative lowers the value)", _scalar(_int, "a whole number")),
    "amount": Kind("a whole number, or trigger_power / over_power",
                   lambda w, f, v: v if v in ("trigger_power", "over_power")
                   else _scalar(_int, "a whole number or trigger_power")(w, f, v)),
    "count_or_times": Kind("a whole number, or \"times\" (inside for_each)",
                           lambda w, f, v: v if v == "times" else _count(w, f, v)),
    "bool": Kind("true or false", _scalar(lambda v: isinstance(v, bool), "true or false")),
    "text": Kind("text", _scalar(lambda v: isinstance(v, str), "text")),
    "name": Kind("a card name", _scalar(lambda v: isinstance(v, str) and bool(v), "a card name")),
    "names": Kind("a list of card names", _names),
    "selector": Kind("a selector or a name bound by `as`, or a list of them (their cards "
                     "together: \"your hand and drop\")", _selector),
    "scope": Kind("a selector (re-read on every read)",
                  _scalar(lambda v: isinstance(v, str) and bool(v), "a selector name")),
    "bind": Kind("a name for the chosen cards",
                 _scalar(lambda v: isinstance(v, str) and v.isidentifier(), "a name")),
    "card_id": Kind("a card id of the database",
                    _scalar(lambda v: isinstance(v, str) and bool(v), "a card id")),
    "duration": Kind(" | ".join(d.value for d in Duration), _member_of(Duration)),
    "filters": Kind("a table of filters: { name = value, ... }", parse_filters),
    "quantity": Kind("a selector, or { from = selector, where = { ... }, every = n }, or "
                     "{ happened = { event = ..., ... }, window = ... } (how many logged "
                     "events), or { from = selector, total = " + " | ".join(TOTAL_FIELDS)
                     + " } (the sum of that value over the cards)", parse_quantity),
    "player": Kind("you | opponent", _choice("you", "opponent")),
    "chooser": Kind("owner | opponent | random", _choice("owner", "opponent", "random")),
    "to": Kind(TO_FORMS, _to),
    "gift": Kind("force | accel | protect", _choice("force", "accel", "protect")),
    "distinct_field": Kind(" | ".join(DISTINCT_FIELDS), _distinct),
    "grade_value": Kind("a grade, or { relative_to = name, plus = n } (a bound card's grade, "
                        "or this card's, plus n)", _grade_value),
    "rule": Kind("only_vanguards | none", _choice("only_vanguards", "none")),
    "restriction": Kind(" | ".join(st.RESTRICTION_NAMES), _choice(*st.RESTRICTION_NAMES)),
    "skill": Kind(" | ".join(st.SKILL_STATS), _choice(*st.SKILL_STATS)),
    "stat": Kind(" | ".join(st.CONTINUOUS_STAT_NAMES), _choice(*st.CONTINUOUS_STAT_NAMES)),
    "zone": Kind(" | ".join(ZONE_NAMES), _choice(*ZONE_NAMES)),
    "put_zone": Kind(" | ".join(PUT_ZONE_NAMES) + " (order: set orders only)",
                     _choice(*PUT_ZONE_NAMES)),
    "top_zone": Kind(" | ".join(TOP_ZONES), _choice(*TOP_ZONES)),
    "comparison": Kind(" | ".join(COMPARISONS), _choice(*COMPARISONS)),
    "keyword": Kind(" | ".join(KEYWORDS), _choice(*KEYWORDS)),
    "trigger": Kind(" | ".join(TRIGGERS), _choice(*TRIGGERS)),
    "nation": Kind(" | ".join(NATIONS), _choice(*NATIONS)),
    "subtype": Kind("prison | world", _choice("prison", "world")),
    "mark": Kind("a printed mark's name (\"chrono\": the card has it), or a table of marks and "
                 "values ({ gift = \"force\", clans = 2 }: each has that value)",
                 lambda w, f, v: _mark_filter(w, f, v, False)),
    "mark_numbers": Kind("a table of printed marks and whole numbers ({ clans = 2 })",
                         lambda w, f, v: _mark_filter(w, f, v, True)),
    "filters_not": Kind("a table of filters: a card passes when it does not pass them all "
                        "(\"not named X\": { name = \"X\" })", parse_filters),
    "filters_any": Kind("a list of filter tables: a card passes when it passes every filter of "
                        "one of them ([{ name_includes = \"X\" }, { mark = \"chrono\" }])",
                        _any_of),
    "steps": Kind("a list of effect steps", lambda w, f, v: parse_steps(w, f, v, False)),
    "cost": Kind("a list of cost steps", lambda w, f, v: parse_steps(w, f, v, True)),
    "checks": Kind("a list of checks", lambda w, f, v: parse_checks(w, f, v)),
    "size": Kind("a whole number, 0 or more; or a derived value: { value = "
                 + " | ".join(SIZE_VALUES) + ", of = selector } (one card's value now), or "
                 "{ from = selector, where = { ... } } (how many cards it gives now), or "
                 "{ start = n, less = { from = selector, ... } } (n, one less for each card it "
                 "gives now, never below 0)", _size),
    "rule_hook": Kind(" | ".join(h.value for h in RuleHook), _member_of(RuleHook)),
    "rule_change": Kind(" | ".join(c.value for c in RuleChange), _member_of(RuleChange)),
    "rule_duration": Kind(" | ".join(d.value for d in RuleDuration), _member_of(RuleDuration)),
    "moment": Kind(" | ".join(ts.MOMENTS), _choice(*ts.MOMENTS)),
    "phase": Kind(" | ".join(ts.PHASE_NAMES), _choice(*ts.PHASE_NAMES)),
    "step": Kind(" | ".join(ts.STEP_NAMES), _choice(*ts.STEP_NAMES)),
    "whose": Kind(" | ".join(ts.WHOSE), _choice(*ts.WHOSE)),
    "record": Kind(" | ".join(ts.RECORD_KINDS), _choice(*ts.RECORD_KINDS)),
    "when": Kind("an event and filters on its fields, as an auto's `when`: { event = "
                 "\"unit_called\", from_zone = \"soul\", player = \"you\" }",
                 lambda w, f, v: v if isinstance(v, When) else parse_when(w, f, v)),
    "window": Kind(" | ".join(WINDOWS), _choice(*WINDOWS)),
    "ability": Kind("an ability's index on the card, or \"any\" (all of its abilities)",
                    lambda w, f, v: v if v == "any" else _count(w, f, v)),
}

# The kind of every step field, by name (the same name means the same thing in every op) ...
FIELD_KINDS: dict[str, str] = {
    "target": "selector", "source": "selector", "scope": "scope", "count": "count",
    "n": "count", "min": "count", "total": "count", "index": "count", "amount": "int",
    "until": "duration", "where": "filters", "bind": "bind", "player": "player",
    "chooser": "chooser", "to": "to", "rule": "rule", "restriction": "restriction",
    "stat": "stat", "zone": "zone", "top": "bool", "up_to": "bool", "reveal": "bool",
    "face_up": "bool", "rested": "bool", "trigger_effects": "bool", "gift": "gift",
    "until_owner_end": "bool", "optional": "bool", "distinct_names": "bool", "card": "card_id", "name": "name",
    "content": "text", "do": "steps", "then": "steps", "otherwise": "steps", "cost": "cost",
    "condition": "checks", "per": "quantity", "becomes": "int", "other": "selector",
    "onto": "selector",
    "skill": "skill",
    "distinct": "distinct_field",
    "at": "moment",
}
# ... except where an op reads a field its own way.
OP_FIELD_KINDS: dict[tuple[type, str], str] = {
    (st.ForEach, "count"): "selector",
    (st.Choose, "count"): "count_or_times",
    (st.Choose, "chooser"): "player",
    (st.AddPower, "amount"): "amount",
    (st.Restrict, "amount"): "count",
    (st.EnterState, "name"): "text",
    (st.ModifyRule, "rule"): "rule_hook",
    (st.ModifyRule, "change"): "rule_change",
    (st.ModifyRule, "until"): "rule_duration",
    (st.ModifyRule, "uses"): "count",
    **{(sized, "n"): "size" for sized in (st.Draw, st.Mill, st.BindTop, st.SoulCharge,
                                          st.CounterBlast, st.SoulBlast, st.CounterCharge,
                                          st.Discard, st.PutTopInto, st.LookTop)},
    (st.PutTopInto, "zone"): "top_zone",
    (st.PutInto, "zone"): "put_zone",
    (st.EnterUnitState, "name"): "text",
    (ts.Delay, "player"): "whose",
    (st.Recall, "when"): "when",
    (st.Recall, "window"): "window",
}


def field_kind(step_type: type, name: str) -> str:
    """Return the kind of field `name` of an op."""
    return OP_FIELD_KINDS.get((step_type, name)) or FIELD_KINDS[name]


def parse_steps(where: Where, field: str, raw: Any, is_cost: bool) -> tuple[object, ...]:
    """Read a list of step tables into typed, frozen step objects."""
    if not isinstance(raw, list):
        raise where.fail(field, "expected a list of steps")
    return tuple(parse_step(where, f"{field}[{i}]", s, is_cost) for i, s in enumerate(raw))


def parse_step(where: Where, field: str, raw: Any, is_cost: bool) -> object:
    """Read one `{ op = ..., ... }` table; every key is known and every value of its kind."""
    if not isinstance(raw, dict) or "op" not in raw:
        raise where.fail(field, "a step must be a table with an 'op' key")
    op = raw["op"]
    step_type = st.STEP_TYPES.get(op) if isinstance(op, str) else None
    if step_type is None:
        known = ", ".join(sorted(st.STEP_TYPES))
        raise where.fail(f"{field}.op", f"unknown op {op!r}; known: {known}")
    if is_cost and step_type not in st.COST_TYPES:
        raise where.fail(f"{field}.op", f"{op!r} cannot be a cost")
    names = {f.name for f in dataclasses.fields(step_type)}
    kwargs: dict[str, Any] = {}
    tracked = ""
    for key, value in raw.items():
        name = _KEY_ALIASES.get(key, key)
        if key == "op":
            continue
        if key == "as" and name not in names:
            tracked = _tracked_name(where, f"{field}.as", step_type, value, is_cost)
            continue
        if name not in names:
            raise where.fail(f"{field}.{key}", f"unknown key for op {op!r}")
        kwargs[name] = KINDS[field_kind(step_type, name)].parse(where, f"{field}.{key}", value)
    missing = [f.name for f in dataclasses.fields(step_type)
               if f.name not in kwargs and f.default is dataclasses.MISSING]
    if missing:
        raise where.fail(f"{field}.{TOML_KEYS.get(missing[0], missing[0])}",
                         f"missing (op {op!r} needs it)")
    if "becomes" in kwargs and ("amount" in kwargs or "per" in kwargs):
        raise where.fail(f"{field}.becomes", "give an amount (or per) or `becomes`, not both")
    if step_type is st.ForEach:
        for i, inner in enumerate(kwargs.get("do", ())):
            if isinstance(inner, st.Tracked):            # `as` on it: the step it names
                inner = inner.do[0]
            if isinstance(inner, _LOOPING) or getattr(inner, "up_to", False):
                raise where.fail(f"{field}.do[{i}]",
                                 "this step cannot repeat inside for_each (not look_top, "
                                 "deal_damage, for_each, if, pay, delay, or a step with up_to)")
    if step_type is st.MakeTokens and kwargs.get("to") == "gc":
        raise where.fail(f"{field}.to", "a token is called to RC, not to GC (TOK-01): rc, "
                                        "open_rc, front_row, back_row or a { circle = ... }, "
                                        "{ circle_of = ... }, { column_of = ... } form")
    step = step_type(**kwargs)
    if isinstance(step, st.ModifyRule):
        problem = rule_step_problem(step)
        if problem is not None:
            raise where.fail(f"{field}.{problem[0]}", problem[1])
    return st.Tracked((step,), tracked) if tracked else step


# Steps `as` cannot name what they did: they hold other steps, or run later.
_UNTRACKED = (st.ForEach, st.If, st.Pay, st.ChooseOne, ts.Delay)


def _tracked_name(where: Where, field: str, step_type: type, value: Any, is_cost: bool) -> str:
    """`as` on a step without a name of its own: what the step did (`st.Tracked`)."""
    if is_cost:
        raise where.fail(field, "a cost's cards cannot be named: name them with choose before "
                                "the cost, or act on them in the effect")
    if issubclass(step_type, _UNTRACKED):
        raise where.fail(field, "this step holds other steps: name what they do on them")
    return KINDS["bind"].parse(where, field, value)  # type: ignore[no-any-return]


# -- checks ------------------------------------------------------------------------------------

# Arguments whose value is structured: read here; every other argument stays as written and is
# checked by `effects.validate` against the kinds its check's schema names.
_STRUCTURED_ARGS: dict[str, Parser] = {
    "of": lambda w, f, v: parse_checks(w, f, v),
    "where": parse_filters,
    "than": parse_quantity,
    "when": lambda w, f, v: parse_when(w, f, v),
    "from": _selector,          # a selector, or a list of them: their cards together
}


@dataclass(frozen=True, slots=True)
class Sugar:
    """A shorthand condition: its arguments (name -> kind), what it means, and its expansion."""

    args: dict[str, str]
    doc: str
    expand: Callable[[dict[str, Any]], Check]


def _count_check(source: str, n: int, where: tuple[tuple[str, object], ...] = (),
                 origin: str = "") -> Check:
    args: tuple[tuple[str, object], ...] = (("from", source), ("n", n), ("op", ">="))
    if where:
        args += (("where", where),)
    return Check("count", tuple(sorted(args)), origin)


def _history_check(event: str, filters: tuple[tuple[str, object], ...], least: int,
                   origin: str) -> Check:
    """A shorthand read from this turn's log: a `happened` check (derived.history)."""
    when = When(EVENTS_BY_NAME[event], filters)
    return Check("happened", (("min", least), ("when", when), ("window", "this_turn")), origin)


SUGAR: dict[str, Sugar] = {
    "generation_break": Sugar(
        {"n": "count"}, "Generation Break n: n or more face-up G units in your G zone and on "
        "your VC", lambda a: _count_check("your_face_up_g_units", a["n"],
                                          origin="generation_break")),
    "limit_break": Sugar(
        {"n": "count"}, "Limit Break n: n or more cards in your damage zone",
        lambda a: _count_check("your_damage", a["n"], origin="limit_break")),
    "vanguard_is": Sugar(
        {"name": "name"}, "your vanguard (the leader or the mate, LEG-30) is a card named «name»",
        lambda a: _count_check("your_vanguards", 1, (("name", a["name"]),), "vanguard_is")),
    "in_soul": Sugar(
        {"name": "name"}, "you have a card named «name» in your soul",
        lambda a: _count_check("your_soul", 1, (("name", a["name"]),), "in_soul")),
    # History as a query: each reads this turn's log through `happened`.
    "battle_number": Sugar(
        {"min": "count"}, "min or more battles this turn: the battle now is the min-th or "
        "later (\"the fourth battle\"): min attacks declared this turn",
        lambda a: _history_check("attack_declared", (), a["min"], "battle_number")),
    "persona_rode": Sugar(
        {}, "you persona rode this turn (CORE-05)",
        lambda a: _history_check("unit_rode", (("persona", True), ("player", "you")), 1,
                                 "persona_rode")),
}


def parse_checks(where: Where, field: str, raw: Any) -> tuple[Check, ...]:
    """Read a list of check tables (all must hold); shorthands become `count` checks."""
    if not isinstance(raw, list):
        raise where.fail(field, "expected a list of checks")
    out = []
    for i, item in enumerate(raw):
        at = f"{field}[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("check"), str):
            raise where.fail(f"{at}.check", f"expected a table naming a check: {item!r}")
        name = item["check"]
        sugar = SUGAR.get(name)
        if sugar is not None:
            out.append(_expand(where, at, sugar, item))
            continue
        args = tuple(sorted((k, _STRUCTURED_ARGS[k](where, f"{at}.{k}", v)
                             if k in _STRUCTURED_ARGS else v)
                            for k, v in item.items() if k != "check"))
        out.append(Check(name, args))
    return tuple(out)


def _expand(where: Where, field: str, sugar: Sugar, item: dict[str, Any]) -> Check:
    values = {}
    for key, value in item.items():
        if key == "check":
            continue
        if key not in sugar.args:
            raise where.fail(f"{field}.{key}", f"unknown argument for check {item['check']!r}; "
                                               f"it takes: {', '.join(sugar.args)}")
        values[key] = KINDS[sugar.args[key]].parse(where, f"{field}.{key}", value)
    for key in sugar.args:
        if key not in values:
            raise where.fail(f"{field}.{key}", f"missing (check {item['check']!r} needs it)")
    return sugar.expand(values)


# -- event filters (an auto's `when`, and what a `happened` check counts) ----------------------

# Fields naming a moment of the turn (phase_started, step_started): one of its names.
_MOMENT_FIELDS = {"phase": ts.PHASE_NAMES, "step": ts.STEP_NAMES}


def parse_when(where: Where, field: str, raw: Any) -> When:
    """Read `when`: an event name and filters on its fields, each value of the field's kind: a
    card field takes "self" or a table of filters on that card, a player field "you" or
    "opponent", `by` (events with a source) whose effect it was: you, opponent or rules. The
    same table names the events a `happened` check counts in the game's log."""
    if not isinstance(raw, dict) or not isinstance(raw.get("event"), str):
        raise where.fail(field, "expected a table with an 'event' key")
    event = EVENTS_BY_NAME.get(raw["event"])
    if event is None:
        raise where.fail(f"{field}.event", f"unknown event {raw['event']!r}; known: "
                                           f"{', '.join(sorted(EVENTS_BY_NAME))}")
    hints = field_hints(event)
    filters = []
    for key, value in raw.items():
        at = f"{field}.{key}"
        if key == "event":
            continue
        if key == "by" and event in SOURCE_EVENTS:
            if value not in ("you", "opponent", "rules"):
                raise where.fail(at, f"{value!r} is not one of: you, opponent, rules")
        elif key not in hints:
            raise where.fail(at, f"event {raw['event']!r} has no field {key!r}; its fields: "
                                 f"{', '.join(hints)}")
        else:
            value = _event_value(where, at, key, hints[key], value)
        filters.append((key, value))
    return When(event, tuple(sorted(filters)))


def _event_value(where: Where, field: str, key: str, hint: str, value: Any) -> Any:
    """Check one event filter against the field's type."""
    if key in _MOMENT_FIELDS and value not in _MOMENT_FIELDS[key]:
        raise where.fail(field, f"{value!r} is not one of: {', '.join(_MOMENT_FIELDS[key])}")
    if key in CARD_FIELDS:
        if value == "self":
            return value
        if isinstance(value, dict):
            return parse_filters(where, field, value)
        raise where.fail(field, f"expected \"self\" or a table of filters, got {value!r}")
    if key in PLAYER_FIELDS:
        if value not in ("you", "opponent"):
            raise where.fail(field, f"{value!r} is not one of: you, opponent")
        return value
    for enum in (Zone, Circle):
        if enum.__name__ in hint:
            return _member_of(enum)(where, field, value).value
    for name, kind in (("bool", bool), ("int", int), ("str", str)):
        if name in hint:
            if isinstance(value, bool) is not (kind is bool) or not isinstance(value, kind):
                raise where.fail(field, f"expected {kind.__name__}, got {value!r}")
            return value
    raise where.fail(field, "this field cannot be filtered")
