"""The base of the frozen dataclasses mypyc compiles: pickled through their constructor
(issue 18)."""

from __future__ import annotations


class Frozen:
    """Pickles (and copies) a frozen dataclass as its class and the values of its constructor's
    fields, `__match_args__` in order: mypyc's own pickling of a compiled class sets the fields
    one by one, which a frozen class refuses (FrozenInstanceError)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[object, ...]:
        names: tuple[str, ...] = type(self).__match_args__  # type: ignore[attr-defined]
        return (type(self), tuple([getattr(self, name) for name in names]))
