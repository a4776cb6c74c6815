"""Where a card is: owner, zone, circle and its object identity (CORE-01, CORE-20)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Position:
    """Owner, zone and circle of a card; `obj` is its object id, renewed on every zone change.

    Only `ops.zones.move_card` writes `zone`; the ordered contents of each zone live in the Board.
    `zone` and `circle` hold enum values of `ecs_vanguard.vocab.zones` (components stay stdlib-only).
    """

    owner: int
    zone: object
    circle: object = None
    obj: int = 0

    # Written out, not left to @dataclass: mypyc compiles a method written in the class, but
    # the ones dataclasses generates stay interpreted (a Python frame a construction, issue 18).
    def __init__(self, owner: int, zone: object, circle: object = None, obj: int = 0) -> None:
        self.owner = owner
        self.zone = zone
        self.circle = circle
        self.obj = obj
