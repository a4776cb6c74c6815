"""The largest count a card may print (`draw n = 1000000000` is refused when the card is
loaded): every loop of an effect step is then bounded, whatever made the card (a TOML file or
CardDefs built in Python). The work between two decisions is bounded by `Game` (engine limit).
"""

from __future__ import annotations

import dataclasses

from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.limits import MAX_CARD_COUNT

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
