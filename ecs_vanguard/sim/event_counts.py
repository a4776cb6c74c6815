"""The counts a game record keeps of its events (sim/play.py `_summarise`), compiled by mypyc
(issue 18): one pass over a log of several hundred events per game, which interpreted was
about a fortieth of a heuristic game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, cast

from ecs_vanguard.vocab import events as ev

# The mechanics a record counts, by the exact type of their event.
MECHANIC_EVENTS: dict[type, str] = {
    ev.UnitRode: "rides",
    ev.UnitCalled: "calls",
    ev.AttackDeclared: "attacks",
    ev.GuardianCalled: "guards",
    ev.Intercepted: "intercepts",
    ev.OrderPlayed: "orders",
    ev.GiftGained: "gifts",
    ev.UnitDeleted: "deletes",
    ev.AbilityActivated: "acts",
    ev.AutoPlayed: "autos",
}


_OTHER: Final = 0       # what an event's type counts as besides its mechanic (if any):
_TRIGGER: Final = 1     # a TriggerRevealed: its trigger type
_RIDE: Final = 2        # a UnitRode: a persona ride if it says so

# Per event type seen: (its mechanic or "", what else it counts as). One dict lookup per event
# instead of a lookup and two isinstance tests; isinstance is a fact of the type, so it is
# worked out once per type (a subclass counts as its base, as isinstance has it).
_KINDS: dict[type, tuple[str, int]] = {}


def count_events(events: Iterable[object]) -> tuple[dict[str, int], dict[str, int]]:
    """Return (triggers, mechanics) of a game's events, each sorted by name and holding only
    what happened: trigger type -> times revealed (both players), mechanic -> count (the
    mechanics above and persona_rides)."""
    triggers: dict[str, int] = {}
    mechanics: dict[str, int] = {}
    kinds = _KINDS
    for event in events:
        cls = type(event)
        kind = kinds.get(cls)
        if kind is None:
            kind = _kind_of(cls)
        name, other = kind
        if name:
            mechanics[name] = mechanics.get(name, 0) + 1
        if other == _TRIGGER:
            trigger = cast(ev.TriggerRevealed, event).trigger
            triggers[trigger] = triggers.get(trigger, 0) + 1
        elif other == _RIDE and cast(ev.UnitRode, event).persona:
            mechanics["persona_rides"] = mechanics.get("persona_rides", 0) + 1
    return dict(sorted(triggers.items())), dict(sorted(mechanics.items()))


def _kind_of(cls: type) -> tuple[str, int]:
    other = (_TRIGGER if issubclass(cls, ev.TriggerRevealed)
             else _RIDE if issubclass(cls, ev.UnitRode) else _OTHER)
    kind = _KINDS[cls] = (MECHANIC_EVENTS.get(cls, ""), other)
    return kind
