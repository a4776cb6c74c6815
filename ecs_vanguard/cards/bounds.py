"""The largest count a card may print (`draw n = 1000000000` is refused when the card is
loaded): every loop of an effect step is then bounded, whatever made the card (a TOML file or
CardDefs built in Python). The work between two decisions is bounded by `Game` (engine limit).
The printed values are checked here too (`check_printed`): an id, power and shield within
MAX_PRINTED_VALUE (the observation packs them into int32), a trigger unit of grade 0.
"""

from __future__ import annotations

import dataclasses
import re

from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.formats import UnitType
from ecs_vanguard.vocab.limits import MAX_CARD_COUNT, MAX_PRINTED_VALUE

# A card id: printable, no spaces at either end, at most 64 characters ("DX-001", "CU-001").
_CARD_ID = re.compile(r"[^\s\x00-\x1f\x7f](?:[^\x00-\x1f\x7f]{0,62}[^\s\x00-\x1f\x7f])?")

# Step fields that count repetitions or cards (draw n, choose count, ...); `amount` (power,
# critical) is a value, not work, and is not bounded.
COUNT_FIELDS = frozenset({"n", "count", "min", "total"})


def check_counts(card: CardDef) -> None:
    """Raise CardDataError naming file, card and field for a count above MAX_CARD_COUNT."""
    for i, ability in enumerate(card.abilities):
        _steps(card, f"ability[{i}].cost", ability.cost)
        _steps(card, f"ability[{i}].effect", ability.effect)
    for name in ("trigger_extra", "stride_cost", "g_guardian_cost"):
        _steps(card, name, getattr(card, name))


def check_printed(card: CardDef) -> None:
    """Raise CardDataError naming file, card and field for an id that is empty or not
    printable, a printed value above MAX_PRINTED_VALUE, or a trigger unit not of grade 0
    (trigger units are grade 0 cards; a heal trigger on a grade 3 is a typo)."""
    shown = card.id if isinstance(card.id, str) and _CARD_ID.fullmatch(card.id) else \
        f"{card.id!r:.70}"
    where = f"{card.source}: card {shown}"
    if not isinstance(card.id, str) or not _CARD_ID.fullmatch(card.id):
        raise CardDataError(f"{where}: field 'id': must be 1 to 64 printable characters, no "
                            "spaces at either end")
    for name in ("power", "shield", "critical", "trigger_power", "grade"):
        value = getattr(card, name)
        if type(value) is not int or not 0 <= value <= MAX_PRINTED_VALUE:
            raise CardDataError(f"{where}: field '{name}': must be a whole number from 0 to "
                                f"{MAX_PRINTED_VALUE:,}, got {str(value)[:40]}")
    if card.unit_type is UnitType.TRIGGER and card.grade != 0:
        icon = card.trigger.value if card.trigger is not None else "no icon"
        raise CardDataError(f"{where}: field 'grade': a trigger unit ({icon}) is grade 0, got "
                            f"{card.grade}")


def _steps(card: CardDef, field: str, steps: tuple[object, ...]) -> None:
    for j, step in enumerate(steps):
        _step(card, f"{field}[{j}]", step)


def _step(card: CardDef, field: str, step: object) -> None:
    """Check one step's counts, and those of the steps it holds (a for_each's `do`)."""
    if not dataclasses.is_dataclass(step):
        return
    for f in dataclasses.fields(step):
        value = getattr(step, f.name)
        if f.name in COUNT_FIELDS and type(value) is int and value > MAX_CARD_COUNT:
            raise CardDataError(
                f"{card.source}: card {card.id}: field '{field}.{f.name}': {value} is more "
                f"than {MAX_CARD_COUNT}, the largest count a card may have")
        if isinstance(value, tuple) and value and dataclasses.is_dataclass(value[0]):
            _steps(card, f"{field}.{f.name}", value)
