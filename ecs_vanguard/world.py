"""esper world management: a named context per game, the hand-written clone, deletion.

Only `Game` calls these (STYLE §4: only Game switches worlds). Relies on esper 3.9's internal
names, which is why esper is pinned exactly (DESIGN.md "esper in practice").
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import esper

from components import Card, GiftMarker, Modifiers, Orientation, Position

_names = itertools.count(1)      # world names only; no game state lives at module level

# Copy only the mutable components; frozen ones are shared (clone 120 µs -> ~20 µs in DESIGN).
_COPIERS: dict[type, Callable[[object], object]] = {
    Position: lambda p: Position(p.owner, p.zone, p.circle, p.obj),  # type: ignore[attr-defined]
    Orientation: lambda o: Orientation(o.rested, o.face_up),  # type: ignore[attr-defined]
    Modifiers: lambda m: Modifiers(list(m.items)),  # type: ignore[attr-defined]
    Card: lambda c: c,
    GiftMarker: lambda g: g,
}


def new_world(processors: list[tuple[object, int]]) -> str:
    """Create and switch to a fresh world with the given processors; return its name."""
    name = f"ecs_vanguard-{next(_names)}"
    esper.switch_world(name)
    for processor, priority in processors:
        esper.add_processor(processor, priority=priority)  # type: ignore[arg-type]
    return name


def clone_world(source: str) -> str:
    """Copy the current world `source` into a new one (entities keep their ids); return its name.

    The caller must have switched to `source`. The copy starts with empty query caches.
    """
    assert esper.current_world == source
    entities = {
        e: {t: _COPIERS[t](c) for t, c in comps.items()} for e, comps in esper._entities.items()
    }
    components = {t: set(es) for t, es in esper._components.items()}
    counter = itertools.count(start=max(entities, default=0) + 1)
    name = f"ecs_vanguard-{next(_names)}"
    processors = list(esper._processors)
    esper._context_map[name] = (
        counter, components, entities, set(), {}, {}, processors,
        dict(esper._processors_dict), False, {}, {},
    )
    return name


def drop_world(name: str) -> None:
    """Delete a world when its game is dropped (about 0.1-0.2 MB each)."""
    if esper.current_world == name:
        esper.switch_world("default")
    if name in esper.list_worlds():
        esper.delete_world(name)
