"""esper world management: a named context per game, the hand-written clone, deletion.

Only `Game` calls these (STYLE §4: only Game switches worlds). Relies on esper 3.9's internal
names, which is why esper is pinned exactly (DESIGN.md "esper in practice").
"""

from __future__ import annotations

import itertools

import esper

from components import (
    Card,
    DressSource,
    GiftMarker,
    HeartLink,
    Imprisoned,
    LegionLink,
    Locked,
    Modifiers,
    Orientation,
    Position,
    Token,
)

_names = itertools.count(1)      # world names only; no game state lives at module level

_SHARED = frozenset({Card, DressSource, GiftMarker, HeartLink, Imprisoned, LegionLink, Locked,
                     Token})     # frozen components: clones share them


def _copy_components(comps: dict[type, object]) -> dict[type, object]:
    """Copy the mutable components of one entity; every card has these three (DESIGN "esper
    in practice"), written out rather than looked up: the clone's hot loop (about 110 entities)."""
    new = dict(comps)
    p: Position = comps[Position]  # type: ignore[assignment]
    o: Orientation = comps[Orientation]  # type: ignore[assignment]
    m: Modifiers = comps[Modifiers]  # type: ignore[assignment]
    new[Position] = Position(p.owner, p.zone, p.circle, p.obj)
    new[Orientation] = Orientation(o.rested, o.face_up)
    new[Modifiers] = Modifiers(list(m.items))
    if len(comps) > 4:      # a rare status component: it must be one the clone may share
        unknown = set(comps) - _SHARED - {Card, Position, Orientation, Modifiers}
        assert not unknown, f"clone_world does not know how to copy {unknown}"
    return new


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
    entities = {e: _copy_components(comps) for e, comps in esper._entities.items()}
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
