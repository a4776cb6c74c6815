"""The card DSL's vocabulary as text: every op with its fields and their kinds, the kinds of
values, selectors, filters, checks (shorthands included) and events, read from the very schemas
the loader and the validation use, so it cannot drift (`ecs-vanguard vocabulary`)."""

from __future__ import annotations

import dataclasses

from ecs_vanguard.cards.fields import KINDS, SUGAR, TOML_KEYS, field_kind
from ecs_vanguard.cards.steps import CONT_TYPES, COST_TYPES, STEP_TYPES
from ecs_vanguard.derived.scopes import SELECTOR_DOCS
from ecs_vanguard.derived.values import CHECK_SPECS, FILTER_SPECS
from ecs_vanguard.vocab.events import CARD_FIELDS, EVENTS_BY_NAME, PLAYER_FIELDS, SOURCE_EVENTS


def _op_line(name: str, step: type) -> str:
    fields = []
    for f in dataclasses.fields(step):
        kind = field_kind(step, f.name)
        default = "" if f.default is dataclasses.MISSING else f"={_show(f.default, kind)}"
        fields.append(f"{TOML_KEYS.get(f.name, f.name)}: {kind}{default}")
    summary = " ".join((step.__doc__ or "").split())
    marks = (" [cost]" if step in COST_TYPES else "") + (" [cont]" if step in CONT_TYPES else "")
    return f"  {name}({', '.join(fields)}){marks}\n      {summary}"


def _show(value: object, kind: str) -> str:
    """A default as a card file writes it (TOML)."""
    if value is None or value == "":
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if value == ():
        return "{}" if kind == "filters" else "[]"
    if isinstance(value, str):
        return f'"{value}"'
    return str(getattr(value, "value", value))


def _events() -> list[str]:
    lines = []
    for name, cls in sorted(EVENTS_BY_NAME.items()):
        fields = [f"{n}*" if n in CARD_FIELDS else f"{n}@" if n in PLAYER_FIELDS else n
                  for n in (f.name for f in dataclasses.fields(cls))]
        extra = ", by" if cls in SOURCE_EVENTS else ""
        lines.append(f"  {name}: {', '.join(fields)}{extra}")
    return lines


def vocabulary_text() -> str:
    """Return the whole vocabulary of card files as readable text."""
    parts = [("ops (effect and cost steps; [cost] may also be a cost, [cont] may be a cont "
              "ability's step; field: kind=default):")]
    parts += [_op_line(name, step) for name, step in sorted(STEP_TYPES.items())]
    parts.append("\nkinds of values:")
    parts += [f"  {name}: {kind.doc}" for name, kind in sorted(KINDS.items())]
    parts.append("\nselectors (from = / target = / count =, and a check's from):")
    parts += [f"  {name}: {doc}" for name, doc in sorted(SELECTOR_DOCS.items())]
    parts.append("\nfilters (where = { filter = value }; value of the kind shown):")
    parts += [f"  {name} ({kind}): {doc}" for name, (_, kind, doc) in sorted(FILTER_SPECS.items())]
    parts.append("\nchecks (condition = [{ check = ..., argument = value }]):")
    for name, spec in sorted(CHECK_SPECS.items()):
        args = ", ".join(f"{a}: {k}" + ("" if a in spec.required else "?") for a, k in spec.args)
        parts.append(f"  {name}({args}): {spec.doc}")
    parts.append("\nshorthand checks (each is a count check):")
    for name, sugar in sorted(SUGAR.items()):
        args = ", ".join(f"{a}: {k}" for a, k in sugar.args.items())
        parts.append(f"  {name}({args}): {sugar.doc}")
    parts.append("\nevents (when = { event = ..., field = value }; a card field* takes \"self\" "
                 "or a table of filters on that card, a player field@ \"you\" or \"opponent\", "
                 "`by` whose effect it was: you, opponent, rules):")
    parts += _events()
    return "\n".join(parts)
