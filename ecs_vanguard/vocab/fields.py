"""Fields of card-language records and events that only some kinds of record have.

`getattr(step, "target", default)` on a record without the field raises an AttributeError
inside, and catching it cost ~2,900 instructions: the effect runtime asked it of every step,
and the queueing of an auto of every event field it keeps (issue 34). Which kinds of record
have a field is learnt once a kind (every record of a kind has the same fields: they are
dataclasses); compiled (components/_compiled.py), so the hot floors call these natively.
"""

from __future__ import annotations


def has_field(record: object, name: str) -> bool:
    """True if records of this one's kind have the field `name`."""
    key = (type(record), name)
    has = _HAS.get(key)
    if has is None:
        has = _HAS[key] = hasattr(record, name)
    return has


def field_or(record: object, name: str, default: object) -> object:
    """`getattr(record, name, default)`, without the exception when the record's kind lacks
    the field."""
    return getattr(record, name) if has_field(record, name) else default


def fields_present(record: object, names: tuple[str, ...]) -> tuple[str, ...]:
    """The names among `names`, in their order, that records of this one's kind have."""
    key = (type(record), names)
    present = _PRESENT.get(key)
    if present is None:
        present = _PRESENT[key] = tuple([name for name in names if has_field(record, name)])
    return present


_HAS: dict[tuple[type, str], bool] = {}
_PRESENT: dict[tuple[type, tuple[str, ...]], tuple[str, ...]] = {}
