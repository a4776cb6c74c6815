"""`@record`: a frozen, slotted dataclass made cheaply at import (start-up time, issue 18).

`@dataclass(frozen=True, slots=True)` compiles six functions per class (`__init__`, `__repr__`,
`__eq__`, `__hash__`, `__setattr__`, `__delattr__`) and asks `inspect` for a signature to write
the docstring of a class without one: about 1 ms a class on an idle machine, 160 ms for the 56
events alone. `record` lets `dataclasses` read the fields and make the slots, then compiles
`__init__` once per tuple of field names (shared by every class with those names) and builds
the other methods from closures over an `operator.attrgetter`, which compile nothing.

A record behaves as the same class under `@dataclass(frozen=True, slots=True)` would:
`dataclasses.fields`, `is_dataclass`, `replace`, equality and hashing over the compared fields
(`field(compare=False)` is left out), the same `repr`, `__match_args__` and docstring, frozen
attributes (`FrozenInstanceError`) and pickling (`tests/engine/test_records.py` compares the
two on every record class). A class needing more (a `__post_init__`, a `default_factory`, a
field kept out of `__init__` or keyword-only, a dataclass base) is passed to `dataclass` itself.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from operator import attrgetter
from types import FunctionType
from typing import Any, TypeVar, dataclass_transform

_T = TypeVar("_T")


@dataclasses.dataclass(frozen=True, slots=True)
class _Reference:
    """A real frozen slotted dataclass: its parameters and pickling functions are reused."""


_INITS: dict[tuple[str, ...], Callable[..., None]] = {}   # field names -> a compiled __init__


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[_T]) -> type[_T]:
    """Return `cls` as a frozen, slotted dataclass (as `@dataclass(frozen=True, slots=True)`)."""
    if not _plain(cls):
        return dataclasses.dataclass(frozen=True, slots=True)(cls)
    documented = bool(cls.__doc__)
    if not documented:
        cls.__doc__ = "written below"     # else dataclasses asks inspect for a signature
    made: Any = dataclasses.dataclass(init=False, repr=False, eq=False, slots=True)(cls)
    fields = dataclasses.fields(made)
    names = tuple(f.name for f in fields)
    made.__init__ = _init(made, fields)
    made.__repr__ = _repr(tuple(f.name for f in fields if f.repr))
    compared = _values(tuple(f.name for f in fields if f.compare))
    made.__eq__ = _eq(compared)
    made.__hash__ = _hash(_values(tuple(f.name for f in fields
                                        if (f.compare if f.hash is None else f.hash))))
    made.__setattr__, made.__delattr__ = _frozen(made, frozenset(names))
    made.__getstate__ = vars(_Reference)["__getstate__"]           # pickling a frozen record
    made.__setstate__ = vars(_Reference)["__setstate__"]
    made.__dataclass_params__ = vars(_Reference)["__dataclass_params__"]  # frozen, eq, init
    if not documented:
        made.__doc__ = _doc(made, fields)
    return made


_MADE = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__",
         "__getstate__", "__setstate__", "__post_init__")


def _plain(cls: type) -> bool:
    """True if `record` can build `cls` itself: own plain fields with plain defaults only, and
    none of the methods it makes written by hand."""
    own = vars(cls)
    if any(name in own for name in _MADE) or any(dataclasses.is_dataclass(b)
                                                 for b in cls.__mro__[1:]):
        return False
    for name in own.get("__annotations__", {}):
        value = own.get(name, dataclasses.MISSING)
        if isinstance(value, dataclasses.Field) and (
                value.default_factory is not dataclasses.MISSING or not value.init
                or value.kw_only is True):
            return False
    return True


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """Return `__init__` for `cls`: the compiled function of these field names, with the
    class's defaults and annotations (as dataclasses gives them)."""
    names = tuple(f.name for f in fields)
    shared = _INITS.get(names)
    if shared is None:
        body = "".join(f"    _set(self, {n!r}, {n})\n" for n in names) or "    pass\n"
        namespace: dict[str, Any] = {}
        exec(f"def __init__(self, {', '.join(names)}):\n{body}",         # noqa: S102
             {"_set": object.__setattr__}, namespace)
        shared = _INITS[names] = namespace["__init__"]
    defaults = tuple(f.default for f in fields if f.default is not dataclasses.MISSING)
    init = FunctionType(shared.__code__, shared.__globals__, "__init__", defaults or None)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = {**{f.name: f.type for f in fields}, "return": None}
    return init


def _values(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """Return a function giving the tuple of these attributes of an object."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)


def _repr(names: tuple[str, ...]) -> Callable[[object], str]:
    def __repr__(self: object) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"{type(self).__qualname__}({shown})"

    return __repr__


def _eq(values: Callable[[object], tuple[Any, ...]]) -> Callable[[object, object], Any]:
    def __eq__(self: object, other: object) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash(values: Callable[[object], tuple[Any, ...]]) -> Callable[[object], int]:
    def __hash__(self: object) -> int:
        return hash(values(self))

    return __hash__


def _frozen(owner: type[Any],
            names: frozenset[str]) -> tuple[Callable[..., None], Callable[..., None]]:
    """Return `__setattr__` and `__delattr__` refusing to change a field (as dataclasses)."""
    def __setattr__(self: Any, name: str, value: object) -> None:
        if type(self) is owner or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(owner, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is owner or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(owner, self).__delattr__(name)

    return __setattr__, __delattr__


def _doc(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> str:
    """Return the docstring dataclasses writes for a class without one: its signature."""
    if not all(isinstance(f.type, str) for f in fields):
        return cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
    shown = [f"{f.name}: {f.type!r}" + ("" if f.default is dataclasses.MISSING
                                        else f" = {f.default!r}") for f in fields]
    return f"{cls.__name__}({', '.join(shown)})"
