"""Validate parsed cards against the engine's vocabulary: every selector, filter, check and op a
card names exists, every check argument and filter value is of the kind its schema names, names
bound by `as` never shadow a selector and are bound before use (docs/design.md "Cards"). Runs above
the effect layer; parsing (`cards.loader`, `cards.fields`) runs below it. The schemas are the
registries themselves (`values.CHECK_SPECS`, `values.FILTER_SPECS`, `scopes.SELECTORS`), the
ones the vocabulary prints.
"""

from __future__ import annotations

from collections.abc import Sequence

from ecs_vanguard.cards import steps as st
from ecs_vanguard.cards.check import Check
from ecs_vanguard.cards.fields import KINDS, TOML_KEYS, Where
from ecs_vanguard.cards.flow import all_steps
from ecs_vanguard.cards.schema import AbilityDef, CardDef
from ecs_vanguard.cards.sizes import Less, ValueOf
from ecs_vanguard.cards.timing_steps import Delay
from ecs_vanguard.cards.value_steps import CircleOf, ColumnOf, Quantity
from ecs_vanguard.derived.scopes import SELECTORS
from ecs_vanguard.derived.values import CHECK_SPECS, FILTER_SPECS
from ecs_vanguard.effects.costs import DEMANDS
from ecs_vanguard.effects.runtime import HANDLERS
from ecs_vanguard.vocab.events import CARD_FIELDS

_TARGET_FIELDS = ("target", "source", "other")
_STRUCTURED = frozenset({"checks", "filters", "quantity"})


def validate_card(card: CardDef, marks: frozenset[str] | None = None) -> None:
    """Raise CardDataError naming file, card and field for the first name the engine does not
    know or the first value of the wrong kind; with `marks` (the printed marks of the pool's
    cards), a mark filter naming a mark no card has."""
    at = Where(card.source, card.id, marks)
    for i, ability in enumerate(card.abilities):
        _ability(at, f"ability[{i}]", ability)
    for name in ("trigger_extra", "stride_cost", "g_guardian_cost"):
        _steps(at, name, getattr(card, name), set(), is_cost=name != "trigger_extra")


def _ability(at: Where, field: str, ability: AbilityDef) -> None:
    bound: set[str] = set()
    checks(at, f"{field}.condition", ability.condition, bound)
    if ability.when is not None:
        for key, value in ability.when.filters:
            if key in CARD_FIELDS and isinstance(value, tuple):
                filters(at, f"{field}.when.{key}", value, bound)
    _steps(at, f"{field}.cost", ability.cost, bound, is_cost=True)
    _steps(at, f"{field}.effect", ability.effect, bound, is_cost=False)


def checks(at: Where, field: str, conditions: Sequence[Check], bound: set[str]) -> None:
    """Check a list of conditions: known checks, known arguments of the right kinds."""
    for i, cond in enumerate(conditions):
        here = f"{field}[{i}]"
        spec = CHECK_SPECS.get(cond.check)
        if spec is None:
            known = ", ".join(sorted(CHECK_SPECS))
            raise at.fail(f"{here}.check", f"unknown check {cond.check!r}; known: {known}")
        kinds = dict(spec.args)
        for key, value in cond.args:
            if key not in kinds:
                takes = ", ".join(kinds) or "no arguments"
                raise at.fail(f"{here}.{key}", f"unknown argument for check {cond.check!r}; "
                                               f"it takes: {takes}")
            _value(at, f"{here}.{key}", kinds[key], value, bound)
        for key in spec.required:
            if cond.arg(key) is None:
                raise at.fail(f"{here}.{key}", f"missing (check {cond.check!r} needs it)")


def _value(at: Where, field: str, kind: str, value: object, bound: set[str]) -> None:
    """Check one argument's value against its kind; walk the structured ones."""
    if kind == "checks":
        checks(at, field, value, bound)  # type: ignore[arg-type]
    elif kind == "filters":
        filters(at, field, value, bound)  # type: ignore[arg-type]
    elif kind == "quantity":
        _quantity(at, field, value, bound)  # type: ignore[arg-type]
    elif kind == "when":                   # a `happened` check's event: its card filters
        for key, wanted in value.filters:  # type: ignore[attr-defined]
            if key in CARD_FIELDS and isinstance(wanted, tuple):
                filters(at, f"{field}.{key}", wanted, bound)
    else:
        KINDS[kind].parse(at, field, list(value) if isinstance(value, tuple) else value)
        if kind == "selector":
            _selector(at, field, value, bound)  # type: ignore[arg-type]


def filters(at: Where, field: str, where: Sequence[tuple[str, object]], bound: set[str]) -> None:
    """Check a `where` table: known filters, each value of its filter's kind."""
    for key, value in where:
        spec = FILTER_SPECS.get(key)
        if spec is None:
            known = ", ".join(sorted(FILTER_SPECS))
            raise at.fail(f"{field}.{key}", f"unknown filter; known: {known}")
        kind = spec[1]
        if kind == "filters_not":                        # a nested table: walk it
            filters(at, f"{field}.{key}", value, bound)  # type: ignore[arg-type]
            continue
        if kind == "filters_any":                        # a list of nested tables
            tables: Sequence[Sequence[tuple[str, object]]] = value  # type: ignore[assignment]
            for i, table in enumerate(tables):
                filters(at, f"{field}.{key}[{i}]", table, bound)
            continue
        raw = list(value) if isinstance(value, tuple) else value
        KINDS[kind].parse(at, f"{field}.{key}", raw)
        if kind == "bind" and value not in bound:
            raise at.fail(f"{field}.{key}", f"{value!r} is not bound by an earlier step")
        if kind == "grade_value" and isinstance(value, tuple):
            _reference(at, f"{field}.{key}.relative_to", str(dict(value)["relative_to"]), bound)


def _reference(at: Where, field: str, name: str, bound: set[str]) -> None:
    """A card another value is read from: "self", a bound name or a selector."""
    if name != "self" and name not in bound and name not in SELECTORS:
        raise at.fail(field, f"{name!r} is not \"self\", a name bound by an earlier step or a "
                             "selector")


def _quantity(at: Where, field: str, quantity: Quantity, bound: set[str]) -> None:
    if quantity.happened is not None:               # a count of logged events
        _value(at, f"{field}.happened", "when", quantity.happened, bound)
        return
    _selector(at, f"{field}.from", quantity.source, bound)
    filters(at, f"{field}.where", quantity.where, bound)


def _selector(at: Where, field: str, name: str | tuple[str, ...], bound: set[str]) -> None:
    if isinstance(name, tuple):
        for one in name:
            _selector(at, field, one, bound)
        return
    if name not in SELECTORS and name not in bound:
        known = ", ".join(sorted(SELECTORS))
        raise at.fail(field, f"unknown selector or unbound name {name!r}; selectors: {known}")


def _steps(at: Where, field: str, steps: Sequence[object], bound: set[str],
           is_cost: bool) -> None:
    for i, step in enumerate(steps):
        _step(at, f"{field}[{i}]", step, bound, is_cost)


def _step(at: Where, field: str, step: object, bound: set[str], is_cost: bool) -> None:
    if isinstance(step, st.Tracked):               # `as` on a step: what it did (CORE-20)
        _step(at, field, step.do[0], bound, is_cost)
        if step.bind in SELECTORS:
            raise at.fail(f"{field}.as", f"{step.bind!r} shadows a selector name")
        bound.add(step.bind)
        return
    registry = DEMANDS if is_cost else HANDLERS
    if type(step) not in registry and not isinstance(step, (st.If, st.Pay, st.ChooseOne)):
        raise at.fail(field, f"{type(step).__name__} has no {'cost' if is_cost else 'effect'}"
                      " handler in the engine")
    for name in _TARGET_FIELDS:
        value = getattr(step, name, "")
        if value:
            _selector(at, f"{field}.{TOML_KEYS.get(name, name)}", value, bound)
    if isinstance(step, st.ForEach):
        _selector(at, f"{field}.count", step.count, bound)
    if isinstance(step, (st.ApplyContinuous, st.ModifyRule)) and step.scope \
            and step.scope not in SELECTORS:
        raise at.fail(f"{field}.scope", f"unknown selector {step.scope!r}; a scope is "
                      "re-evaluated on every read, so it cannot be a bound name")
    filters(at, f"{field}.where", getattr(step, "where", ()), bound)
    if isinstance(step, (st.SuperiorCall, st.Move)) and isinstance(step.to, (CircleOf, ColumnOf)) \
            and step.to.name != "self" and step.to.name not in bound:
        key = "circle_of" if isinstance(step.to, CircleOf) else "column_of"
        raise at.fail(f"{field}.to.{key}", f"{step.to.name!r} is not \"self\" or a name "
                                           "bound by an earlier step")
    if isinstance(step, st.Recall):                 # the card filters of its events
        _value(at, f"{field}.when", "when", step.when, bound)
    per = getattr(step, "per", None)
    if per is not None:
        _quantity(at, f"{field}.per", per, bound)
    size = getattr(step, "n", None)            # a derived size (cards.sizes)
    if isinstance(size, Quantity):
        _quantity(at, f"{field}.n", size, bound)
    elif isinstance(size, Less):
        _quantity(at, f"{field}.n.less", size.less, bound)
    elif isinstance(size, ValueOf):
        _selector(at, f"{field}.n.of", size.of, bound)
    if is_cost and getattr(step, "up_to", False):
        raise at.fail(f"{field}.up_to", "a cost is paid in full or not at all: no up_to")
    if isinstance(step, st.Draw) and step.player != "you" and (is_cost or step.up_to):
        raise at.fail(f"{field}.player", "your opponent draws in an effect, all n cards: not "
                                         "in a cost, not with up_to")
    bind = getattr(step, "bind", None)
    if bind and is_cost and type(step) in st.FOLLOWING_TYPES | st.TOP_TYPES:
        raise at.fail(f"{field}.as", "a cost's moved cards cannot be named: name them with "
                      "choose before the cost, or move them in the effect")
    if bind:
        if bind in SELECTORS:
            raise at.fail(f"{field}.as", f"{bind!r} shadows a selector name")
        bound.add(bind)
    _nested(at, field, step, bound)


def _nested(at: Where, field: str, step: object, bound: set[str]) -> None:
    """Walk the steps and conditions a step holds (for_each, if, pay)."""
    if isinstance(step, st.ForEach):
        _steps(at, f"{field}.do", step.do, bound, is_cost=False)
    if isinstance(step, Delay):
        if any(isinstance(inner, Delay) for inner in all_steps(step.do)):
            raise at.fail(f"{field}.do", "a delayed effect cannot make another delayed effect")
        _steps(at, f"{field}.do", step.do, bound, is_cost=False)
    if isinstance(step, st.If):
        checks(at, f"{field}.condition", step.condition, bound)
    if isinstance(step, st.Pay):
        _steps(at, f"{field}.cost", step.cost, bound, is_cost=True)
    if isinstance(step, (st.If, st.Pay, st.ChooseOne)):
        _steps(at, f"{field}.then", step.then, bound, is_cost=False)
        _steps(at, f"{field}.else", step.otherwise, bound, is_cost=False)
    if isinstance(step, st.Choose) and step.count == "times" and not field.count(".do["):
        raise at.fail(f"{field}.count", "\"times\" counts the running for_each: use it only "
                                        "inside for_each's do")


__all__ = ["checks", "filters", "validate_card"]
