"""Modifiers with durations: per-object state dropped on every zone change (CORE-13, CORE-20)."""

from __future__ import annotations

from dataclasses import dataclass, field

from components.frozen import Frozen


@dataclass(frozen=True, slots=True)
class Modifier(Frozen):
    """One change to a card's value or status for a period.

    `stat` and `until` hold enum values of `ecs_vanguard.vocab.formats` (Stat, Duration); `turn` is the
    turn it was made in; `value` carries a name or an ability reference (card id, index) for the
    modifiers that change information rather than numbers (TERM-01, TERM-05, ACT-22); `source`
    is the card whose effect made it (TERM-02), -1 for the rules.
    """

    stat: object
    amount: int
    until: object
    turn: int
    value: object = None
    source: int = -1

    # Written out, not left to @dataclass: mypyc compiles a method written in the class, but
    # the ones dataclasses generates stay interpreted (issue 18). Frozen: the fields are set as
    # dataclasses' own __init__ sets them (and a pickle rebuilds through it: Frozen).
    def __init__(self, stat: object, amount: int, until: object, turn: int, value: object = None,
                 source: int = -1) -> None:
        object.__setattr__(self, "stat", stat)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "until", until)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "source", source)


@dataclass(slots=True)
class Modifiers:
    """The live modifiers of one card object, oldest first."""

    items: list[Modifier] = field(default_factory=list)

    # Written out, not left to @dataclass: mypyc compiles a method written in the class, but
    # the ones dataclasses generates stay interpreted (a Python frame a construction, issue 18).
    def __init__(self, items: list[Modifier] | None = None) -> None:
        self.items = [] if items is None else items
