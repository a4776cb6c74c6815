"""Enum member reads at Python 3.12's speed on Python 3.11 (issue 18).

On Python 3.11 `enum.EnumType` defines `__getattr__`, a fallback that looks a name up in the
class's `_member_map_`. A metaclass with a Python-level `__getattr__` gets CPython's slow
attribute slot: every read of a class attribute, `Zone.VC` included, first calls
`type.__getattribute__` through a method wrapper, about 130 ns against 13 ns for a module
global. The engine reads enum members everywhere (phases, zones, steps, action kinds), so on
the compiled build this one slot was about 15% of a random-play decision (42 against 36 µs).

The fallback never finds anything the ordinary lookup misses: since 3.11 every member is in its
class's `__dict__`, and a member whose name clashes with a property of a base (`name`, `value`)
is put there as an `enum.property` that returns the member. CPython 3.12 removed the method for
that reason ("no longer needed for enum attribute access", What's New in 3.12, gh-95083). This
module removes it the same way on 3.11, once, at the import of `ecs_vanguard.vocab`, after
checking that the premise holds for the enums already defined. It changes no behaviour but the
speed, for every enum of the process, ours and others'.
"""

from __future__ import annotations

import enum
import sys


def members_outside_class_dicts() -> list[str]:
    """The `Enum.member` names of every enum class defined so far that their class's own
    `__dict__` does not hold: what only `EnumType.__getattr__` would find (none, since 3.11)."""
    missing: list[str] = []
    pending = list(enum.Enum.__subclasses__())
    seen: set[type] = set()
    while pending:
        cls = pending.pop()
        if cls in seen:
            continue
        seen.add(cls)
        pending.extend(cls.__subclasses__())
        missing.extend(f"{cls.__qualname__}.{name}" for name in cls._member_map_
                       if name not in vars(cls))
    return missing


def drop_enum_getattr() -> bool:
    """Remove Python 3.11's `EnumType.__getattr__` (see the module text); True if removed now.

    Kept where some enum already defined holds a member only `_member_map_` knows (a library
    that edits the map by hand): removing it would break that enum's attribute reads.
    """
    if sys.version_info >= (3, 12) or "__getattr__" not in vars(enum.EnumType):
        return False
    if members_outside_class_dicts():
        return False
    delattr(enum.EnumType, "__getattr__")
    return True
