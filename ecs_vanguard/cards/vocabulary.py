"""The card DSL's vocabulary as text: every op with its fields, selectors, filters, checks and
events, read from the registries themselves so it cannot drift (`ecs-vanguard vocabulary`)."""

from __future__ import annotations

import dataclasses

from ecs_vanguard.cards.steps import COST_TYPES, STEP_TYPES
from ecs_vanguard.continuous.scopes import SELECTORS
from ecs_vanguard.continuous.values import CHECKS, FILTERS
from ecs_vanguard.events import EVENTS_BY_NAME

_KEY_NAMES = {"source": "from", "bind": "as"}


def _op_line(name: str, step: type) -> str:
    fields = []
    for f in dataclasses.fields(step):
        default = "" if f.default is dataclasses.MISSING else f"={_show(f.default)}"
        fields.append(f"{_KEY_NAMES.get(f.name, f.name)}{default}")
    summary = (step.__doc__ or "").strip().splitlines()[0]
    cost = " [cost]" if step in COST_TYPES else ""
    return f"  {name}({', '.join(fields)}){cost}\n      {summary}"


def _show(value: object) -> str:
    return getattr(value, "value", None) or repr(value)


def vocabulary_text() -> str:
    """Return the whole vocabulary of card files as readable text."""
    parts = ["ops (effect and cost steps; [cost] may also be a cost):"]
    parts += [_op_line(name, step) for name, step in sorted(STEP_TYPES.items())]
    parts.append("\nselectors (from = / target =):\n  " + ", ".join(sorted(SELECTORS)))
    parts.append("\nfilters (where = { ... }):\n  " + ", ".join(sorted(FILTERS)))
    parts.append("\nchecks (condition = [{ check = ... }]):\n  " + ", ".join(sorted(CHECKS)))
    events = []
    for name, cls in sorted(EVENTS_BY_NAME.items()):
        events.append(f"  {name}: {', '.join(f.name for f in dataclasses.fields(cls))}")
    parts.append("\nevents (when = { event = ..., field = value | \"self\" | \"you\" | "
                 "\"opponent\" }):\n" + "\n".join(events))
    return "\n".join(parts)
