"""Card filters on printed information (TERM-01, TERM-05) for mulligan policies and odds targets.

A filter is a TOML table (`{ grade = 1, sentinel = false }`) or a few words joined by `and`
(`grade 1 and sentinel false`, `name Blaze Lancer`, `trigger heal`, or a bare card id `DX-003`).
Its keys are those of the card language's `where` filters that read printed data, plus `id`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.vocab.errors import OddsError
from ecs_vanguard.vocab.formats import Trigger

_TRIGGER_WORDS = {"any", "none", *(t.value for t in Trigger)}
_COPIES = re.compile(r"^\s*([0-9]{1,9})\s*x\s+(.*)$")   # "2x name Blaze Lancer" (ASCII digits)


def _trigger(card: CardDef, value: object) -> bool:
    if value == "any":
        return card.trigger is not None
    if value == "none":
        return card.trigger is None
    return card.trigger is not None and card.trigger.value == value


# key -> (value type, test); a registry, as the card language's FILTERS (effects/selectors.py)
FILTER_KEYS: dict[str, tuple[type, Callable[[CardDef, object], bool]]] = {
    "id": (str, lambda c, v: c.id == v),
    "name": (str, lambda c, v: c.has_name(str(v))),                  # TERM-05: any of its names
    "grade": (int, lambda c, v: c.grade == v),
    "grade_min": (int, lambda c, v: c.grade >= v),                   # type: ignore[operator]
    "grade_max": (int, lambda c, v: c.grade <= v),                   # type: ignore[operator]
    "trigger": (str, _trigger),                                      # a type, "any" or "none"
    "sentinel": (bool, lambda c, v: c.sentinel == v),
    "nation": (str, lambda c, v: c.nation == v),
}


@dataclass(frozen=True, slots=True)
class CardFilter:
    """Conditions on a card's printed information, all of which must hold."""

    conditions: tuple[tuple[str, object], ...]
    text: str                                   # as the user wrote it, for tables and messages

    def matches(self, card: CardDef) -> bool:
        """Return True if the card passes every condition."""
        return all(FILTER_KEYS[key][1](card, value) for key, value in self.conditions)


def parse_filter(spec: str | Mapping[str, object], where: str,
                 ignore: frozenset[str] = frozenset()) -> CardFilter:
    """Read a filter from a TOML table or a few words; `ignore` names keys the caller owns.

    Raises:
        OddsError: an unknown key, a value of the wrong type, an unknown trigger, or no condition;
            the message starts with `where`.
    """
    if isinstance(spec, Mapping):
        pairs = [(str(k), v) for k, v in spec.items() if k not in ignore]
        text = ", ".join(f"{k} {v}" for k, v in pairs)
    elif isinstance(spec, str):
        pairs, text = _words(spec, where), " ".join(spec.split())
    else:
        raise OddsError(f"{where}: expected a filter table or words, got {spec!r}")
    if not pairs:
        raise OddsError(f"{where}: a filter needs at least one condition "
                        f"(keys: {', '.join(FILTER_KEYS)})")
    return CardFilter(tuple(_checked(k, v, where) for k, v in pairs), text)


def _words(spec: str, where: str) -> list[tuple[str, object]]:
    """Split `grade 1 and name Blaze Lancer` into (key, raw value) pairs."""
    pairs: list[tuple[str, object]] = []
    for part in (p.strip() for p in spec.split(" and ")):
        key, _, value = part.partition(" ")
        value = value.strip().strip("\"'")
        if not value and key in ("sentinel", "trigger"):
            value = "true" if key == "sentinel" else "any"      # `sentinel`, `trigger` alone
        elif not value and key and key not in FILTER_KEYS:
            key, value = "id", key                              # a bare card id
        if not key or not value:
            raise OddsError(f"{where}: cannot read filter {spec!r}: write KEY VALUE [and ...], "
                            f"keys: {', '.join(FILTER_KEYS)}")
        pairs.append((key, value))
    return pairs


def _checked(key: str, value: object, where: str) -> tuple[str, object]:
    """Return (key, value) with the value converted to the key's type; raise OddsError if not."""
    if key not in FILTER_KEYS:
        raise OddsError(f"{where}: unknown filter key {key!r} (keys: {', '.join(FILTER_KEYS)})")
    kind = FILTER_KEYS[key][0]
    if isinstance(value, str) and kind is not str:
        value = _from_word(value, kind, key, where)
    if kind is str and key == "trigger" and isinstance(value, bool):
        value = "any" if value else "none"
    if type(value) is not kind:
        raise OddsError(f"{where}: filter key {key!r} needs a {kind.__name__}, got {value!r}")
    if key == "trigger" and value not in _TRIGGER_WORDS:
        raise OddsError(f"{where}: unknown trigger {value!r} "
                        f"(one of: {', '.join(sorted(_TRIGGER_WORDS))})")
    return key, value


def _from_word(word: str, kind: type, key: str, where: str) -> object:
    if kind is bool and word.lower() in ("true", "yes", "false", "no"):
        return word.lower() in ("true", "yes")
    if kind is int and re.fullmatch(r"-?[0-9]{1,9}", word):   # not "1_0", " 3 " or "٣"
        return int(word)
    raise OddsError(f"{where}: filter key {key!r} needs a {kind.__name__}, got {word!r}")


def parse_counted(text: str, where: str, most: int) -> tuple[CardFilter, int]:
    """Read `[Nx ]FILTER` (e.g. `2x name Blaze Lancer`): a filter and a count from 1 to `most`.

    Raises:
        OddsError: a count out of range or a bad filter.
    """
    match = _COPIES.match(text)
    count, words = (int(match[1]), match[2]) if match else (1, text)
    if not 1 <= count <= most:
        raise OddsError(f"{where}: a count must be from 1 to {most}, got {count}")
    return parse_filter(words, where), count
