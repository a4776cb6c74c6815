"""Validate parsed cards against the engine's vocabulary: every selector, filter, check and op a
card names exists, names bound by `as` never shadow a selector, targets are bound before use
(DESIGN.md "Cards"). Runs above the effect layer; parsing (`cards.loader`) runs below it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ecs_vanguard.cards import steps as st
from ecs_vanguard.cards.schema import AbilityDef, CardDef
from ecs_vanguard.continuous.scopes import SELECTORS
from ecs_vanguard.continuous.values import CHECKS, FILTERS
from ecs_vanguard.effects.costs import DEMANDS
from ecs_vanguard.effects.runtime import HANDLERS
from ecs_vanguard.errors import CardDataError

_TOML_KEY = {"source": "from", "bind": "as"}
_TARGET_FIELDS = ("target", "source")


class _Check:
    """Where the validation is, for messages: file, card id."""

    def __init__(self, card: CardDef):
        self.card = card

    def fail(self, field: str, message: str) -> CardDataError:
        return CardDataError(f"{self.card.source}: card {self.card.id}: field '{field}': {message}")


def validate_card(card: CardDef) -> None:
    """Raise CardDataError naming file, card and field for the first name the engine does not
    know."""
    check = _Check(card)
    for i, ability in enumerate(card.abilities):
        _ability(check, f"ability[{i}]", ability)
    for name in ("trigger_extra", "stride_cost", "g_guardian_cost"):
        _steps(check, name, getattr(card, name), set(), is_cost=name != "trigger_extra")


def _ability(check: _Check, field: str, ability: AbilityDef) -> None:
    for i, cond in enumerate(ability.condition):
        if cond.check not in CHECKS:
            known = ", ".join(sorted(CHECKS))
            raise check.fail(f"{field}.condition[{i}].check",
                             f"unknown check {cond.check!r}; known: {known}")
    bound: set[str] = set()
    _steps(check, f"{field}.cost", ability.cost, bound, is_cost=True)
    _steps(check, f"{field}.effect", ability.effect, bound, is_cost=False)


def _steps(check: _Check, field: str, steps: Sequence[object], bound: set[str],
           is_cost: bool) -> None:
    for i, step in enumerate(steps):
        _step(check, f"{field}[{i}]", step, bound, is_cost)


def _step(check: _Check, field: str, step: object, bound: set[str], is_cost: bool) -> None:
    registry = DEMANDS if is_cost else HANDLERS
    if type(step) not in registry:
        raise check.fail(field, f"{type(step).__name__} has no {'cost' if is_cost else 'effect'}"
                         " handler in the engine")
    for name in _TARGET_FIELDS:
        value = getattr(step, name, "")
        if value and value not in SELECTORS and value not in bound:
            known = ", ".join(sorted(SELECTORS))
            raise check.fail(f"{field}.{_TOML_KEY.get(name, name)}",
                             f"unknown selector or unbound name {value!r}; selectors: {known}")
    if isinstance(step, st.ForEach) and step.count not in SELECTORS and step.count not in bound:
        raise check.fail(f"{field}.count", f"unknown selector or unbound name {step.count!r}")
    if isinstance(step, st.ApplyContinuous) and step.scope not in SELECTORS:
        raise check.fail(f"{field}.scope", f"unknown selector {step.scope!r}; a scope is "
                         "re-evaluated on every read, so it cannot be a bound name")
    for key, _ in getattr(step, "where", ()):
        if key not in FILTERS:
            known = ", ".join(sorted(FILTERS))
            raise check.fail(f"{field}.where.{key}", f"unknown filter; known: {known}")
    bind = getattr(step, "bind", None)
    if bind is not None:
        if bind in SELECTORS:
            raise check.fail(f"{field}.as", f"{bind!r} shadows a selector name")
        bound.add(bind)
    if isinstance(step, st.ForEach):
        _steps(check, f"{field}.do", step.do, bound, is_cost=False)
