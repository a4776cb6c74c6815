"""A field of a card-language record that only some kinds of record have.

`getattr(step, "target", default)` on a record without the field raises an AttributeError
inside, and catching it cost ~2,900 instructions: the effect runtime asked it of every step
(issue 34). Which kinds of record have a field is learnt once a kind; compiled
(components/_compiled.py), so the hot floors call it natively.
"""

from __future__ import annotations


def field_or(record: object, name: str, default: object) -> object:
    """`getattr(record, name, default)`, without the exception when the record's kind lacks
    the field (every record of a kind has the same fields: the card language's dataclasses)."""
    key = (type(record), name)
    has = _HAS.get(key)
    if has is None:
        has = _HAS[key] = hasattr(record, name)
    return getattr(record, name) if has else default


_HAS: dict[tuple[type, str], bool] = {}
