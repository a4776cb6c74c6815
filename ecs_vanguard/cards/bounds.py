"""The largest count a card may print (`draw n = 1000000000` is refused when the card is
loaded): every loop of an effect step is then bounded, whatever made the card (a TOML file or
CardDefs built in Python). The work between two decisions is bounded by `Game` (engine limit).
The printed values are checked here too (`check_printed`): an id, power and shield within
MAX_PRINTED_VALUE (the observation packs them into int32), a trigger unit of grade 0, a nation
of NATIONS.

Every other value a card holds is checked in one walk (`check_values`, issue 36): a number
anywhere (a step's amount, a check's or a filter's argument, a mark's value) within
MAX_CARD_NUMBER either way, no fractional number, and no control character in any text (the
newline only in a card's or an ability's `text`), so a card's words cannot drive a terminal.
"""

from __future__ import annotations

import dataclasses
import re
from enum import Enum

from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.formats import UnitType
from ecs_vanguard.vocab.limits import MAX_CARD_COUNT, MAX_PRINTED_VALUE
from ecs_vanguard.vocab.text import CONTROL, CONTROL_BUT_NEWLINE, escaped, printable

# A card id: printable, no spaces at either end, at most 64 characters ("DX-001", "CU-001").
_CONTROLS = "\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069"   # vocab.text
_CARD_ID = re.compile(f"[^\\s{_CONTROLS}](?:[^{_CONTROLS}]{{0,62}}[^\\s{_CONTROLS}])?")

# Step fields that count repetitions or cards (draw n, choose count, ...); `amount` (power,
# critical) is a value, not work, and is not bounded.
COUNT_FIELDS = frozenset({"n", "count", "min", "total"})

# The nations a card may print: the D series' six, the earlier series' (United Sanctuary, Dark
# Zone, Star Gate, Magallanica, Zoo) and those of the built-in pool's own cards.
NATIONS: tuple[str, ...] = (
    "dragon_empire", "dark_states", "brandt_gate", "keter_sanctuary", "stoicheia",
    "lyrical_monasterio",
    "united_sanctuary", "dark_zone", "star_gate", "magallanica", "zoo",
    "arcanum", "chain_nation", "force_nation", "legion_nation", "void_nation",
)
# The largest number a card may hold anywhere else, either way (a step's amount, a check's or a
# filter's argument): ten times an over trigger's +100,000,000 (D-SD01/010), far inside the
# 64-bit arithmetic of powers and the exact integers of a float.
MAX_CARD_NUMBER = 1_000_000_000
# Fields whose text may run over several lines.
_MULTILINE = frozenset({"text"})
# Step fields named as a card file writes them (the loader's aliases: `from` is `source`, ...).
# "" for a field a card file does not write (a check's arguments sit beside its name).
_TOML_NAMES = {"source": "from", "bind": "as", "otherwise": "else", "abilities": "ability",
               "args": ""}


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
    if card.nation and card.nation not in NATIONS:
        raise CardDataError(f"{where}: field 'nation': {card.nation[:40]!r} is not a nation; "
                            f"nations: {', '.join(NATIONS)}")
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


def check_values(card: CardDef) -> None:
    """Raise CardDataError naming file, card and field for a number anywhere in the card (but
    its source) beyond MAX_PRINTED_VALUE either way, a fractional number, or a control
    character in any text (a newline only in a `text` field)."""
    if all(_fine(getattr(card, name), name) for name in _init_fields(CardDef)
           if name != "source"):
        return                                # the usual case: no path is written out
    for name in _init_fields(CardDef):
        if name != "source":
            _value(card, _TOML_NAMES.get(name, name), name, getattr(card, name))


_FIELDS: dict[type, tuple[str, ...]] = {}


def _init_fields(cls: type) -> tuple[str, ...]:
    """The fields a card file (or a constructor) gives, of a dataclass of cards' values."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    return names


def _fine(value: object, name: str) -> bool:
    """True if `value` and all it holds pass `_value` (the same walk, no paths, no message)."""
    if isinstance(value, str):
        return not (CONTROL_BUT_NEWLINE if name in _MULTILINE else CONTROL).search(value)
    if isinstance(value, Enum | bool) or value is None:
        return True
    if isinstance(value, int):
        return -MAX_CARD_NUMBER <= value <= MAX_CARD_NUMBER
    if isinstance(value, tuple | list | frozenset | set):
        return all(_fine(item[1], item[0]) and _fine(item[0], "") if _is_pair(item)
                   else _fine(item, name) for item in value)
    if isinstance(value, dict):
        return all(_fine(item, str(key)) and _fine(key, "") for key, item in value.items())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return all(_fine(getattr(value, f), f) for f in _init_fields(type(value)))
    return not isinstance(value, float)


def _value(card: CardDef, field: str, name: str, value: object) -> None:
    """Check one value and those it holds (steps, checks, filters: dataclasses, tuples)."""
    if isinstance(value, Enum | bool) or value is None:
        return                                          # the engine's own words
    if isinstance(value, str):
        found = (CONTROL_BUT_NEWLINE if name in _MULTILINE else CONTROL).search(value)
        if found:
            raise _fail(card, field, f"a control character ({escaped(found.group())}) in "
                        f"{value!r:.60}: text may hold none"
                        + (" but the newline" if name in _MULTILINE else ""))
    elif isinstance(value, int):
        if not -MAX_CARD_NUMBER <= value <= MAX_CARD_NUMBER:
            raise _fail(card, field, f"{str(value)[:40]} is beyond the largest number a card "
                        f"may hold ({MAX_CARD_NUMBER:,} either way)")
    elif isinstance(value, float):
        raise _fail(card, field, f"{str(value)[:40]}: a card holds whole numbers only")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in _init_fields(type(value)):
            shown = _TOML_NAMES.get(f, f)
            _value(card, f"{field}.{shown}" if shown else field, f, getattr(value, f))
    elif isinstance(value, tuple | list | frozenset | set):
        items = sorted(value, key=repr) if isinstance(value, frozenset | set) else value
        for i, item in enumerate(items):
            if _is_pair(item):                          # a table kept as (key, value) pairs
                _value(card, f"{field}.{item[0]}", item[0], item[1])
                _value(card, f"{field}.{item[0]}", "", item[0])     # the key's own text
            else:
                _value(card, f"{field}[{i}]", name, item)
    elif isinstance(value, dict):
        for key, item in value.items():
            _value(card, f"{field}.{key}", str(key), item)
            _value(card, f"{field}.{key}", "", key)


def _is_pair(item: object) -> bool:
    return isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)


def _fail(card: CardDef, field: str, message: str) -> CardDataError:
    return CardDataError(printable(f"{card.source}: card {card.id}: field '{field}': "
                                   f"{message}"))          # a key's ESC as \x1b, never raw
