"""esper world management: a named context per game, copy-on-write clones, deletion, and the
one way to change a card's components (issue 10).

A clone copies only the world's map of entities (about 110 pointers): every entity's component
dict, and the component objects in it, stay shared with the original until one of the two games
writes to that entity. Writing goes through `own(state, entity)` (or the accessors below), which
gives the entity a private copy the first time after a clone; `state.engine.owned` lists the entities
already private to this game, `state.engine.owns_index` whether esper's component index is. Queries
that esper caches (get_component) may only ask for the rare, immutable status components:
`own` clears the cache, but the mutable Position, Orientation and Modifiers are read per entity.

Only `Game` switches worlds (docs/design.md "esper in practice"). Relies on esper 3.9's internal
names, which is why esper
is pinned exactly (docs/design.md "esper in practice").
"""

from __future__ import annotations

import itertools
from typing import Any, Final, TypeVar, final

import esper

from components import LegionLink, Modifiers, Orientation, Position
from ecs_vanguard.state.core import State

_names = itertools.count(1)      # world names only; no game state lives at module level
_MUTABLE = (Position, Orientation, Modifiers)
_C = TypeVar("_C")


@final
class EntityCount:
    """The entity counter of the engine's worlds, in place of esper's itertools.count(1):
    esper.create_entity draws from it the same way (next()), and a clone reads the next id
    without drawing it (an itertools.count cannot be read), so it starts its own counter from
    there and leaves its original's alone (issue 34)."""

    def __init__(self, next_id: int) -> None:
        self.next_id = next_id

    def __iter__(self) -> EntityCount:
        return self

    def __next__(self) -> object:   # (object: mypyc's iternext slot takes no native int)
        made = self.next_id
        self.next_id = made + 1
        return made


def _next_entity(counter: object) -> int:
    """Draw the next entity id of a world's counter (ours natively, esper's own by next())."""
    if isinstance(counter, EntityCount):
        made = counter.next_id
        counter.next_id = made + 1
        return made
    return next(counter)  # type: ignore[call-overload]


def new_world(processors: list[tuple[object, int]]) -> str:
    """Create and switch to a fresh world with the given processors; return its name."""
    name = f"ecs_vanguard-{next(_names)}"
    switch_to(name)
    _ESPER["_entity_count"] = EntityCount(1)     # what esper's new world had: ids from 1
    for processor, priority in processors:
        esper.add_processor(processor, priority=priority)  # type: ignore[arg-type]
    return name


# esper's module namespace: its current world's name is None between a dropped world and the
# next switch, which its annotation (str) does not allow; compiled code reading it through the
# module's attribute would check it is a str.
_ESPER: dict[str, Any] = esper.__dict__


# esper keeps the globals of a world it left as one tuple in its _context_map, in this order:
# _entity_count, _components, _entities, _dead_entities, _get_component_cache,
# _get_components_cache, _processors, _processors_dict, _cache_dirty, process_times,
# event_registry (switch_to reads and writes them by position).


@final
class _Tables:
    """The current world's entity table and component index: the very dicts esper's module
    globals `_entities` and `_components` hold, kept here at every switch (`_refresh`) so that
    the compiled readers reach them through a native attribute. Read through the esper module,
    each of the ~45 reads a decision makes was a module attribute look-up (module_getattro,
    about 240 instructions: 8% of a random game's instructions, issue 34). A world's entity
    table is one dict for its whole life (esper's switch_world stores and restores the same
    object); its component index is replaced when a game first writes it after a clone
    (`_own_index`), which writes both."""

    def __init__(self) -> None:
        self.worlds_made = 0                       # clone worlds named so far (clone_world)
        self.name: str | None = None
        self.entities: dict[int, dict[type, object]] = {}
        self.components: dict[type, set[int]] = {}


_NOW: Final = _Tables()


def _refresh() -> None:
    """Point _NOW at esper's current world (after any switch)."""
    _NOW.name = _ESPER["_current_world"]
    _NOW.entities = _ESPER["_entities"]
    _NOW.components = _ESPER["_components"]


def _cache_dirty() -> None:
    """esper.clear_cache, without its interpreted call: esper's cached queries (get_component)
    are worked out again at their next use."""
    _ESPER["_cache_dirty"] = True


def _current() -> str | None:
    """The name of esper's current world, or None after the current world was dropped."""
    name: str | None = _ESPER["_current_world"]
    return name


def switch_to(name: str) -> None:
    """Make a world current: esper.switch_world, compiled (a new name still makes a new world,
    through esper). Every step of a game other than the last one stepped, every clone and every
    dropped game switch worlds; esper's interpreted function cost 1.3 µs a switch, about a
    sixth of what a clone and a step pay in tree search (issue 34).

    What esper keeps of the world it leaves is the tuple it stored when it entered, unless one
    of the three globals anything rebinds in place of mutating changed since: the entity
    counter (esper.clear_database, clone_world), the component index (_own_index) and the
    cache flag (esper.clear_cache). Every other global of a world is one object for its whole
    life, so reading all eleven at every switch (and writing them through a loop) was two
    thirds of a switch's cost (issue 34)."""
    space = _ESPER                            # its namespace's items: no attribute protocol
    current: str | None = space["_current_world"]
    if current == name:
        if _NOW.name != name:       # esper's own switch_world came back to this world
            _refresh()
        return
    contexts: dict[str, tuple] = space["_context_map"]
    target = contexts.get(name)
    if target is None:
        esper.switch_world(name)
        _refresh()
        return
    if current is not None:
        kept = contexts.get(current)
        count, index, dirty = space["_entity_count"], space["_components"], space["_cache_dirty"]
        if kept is None:
            contexts[current] = (count, index, space["_entities"], space["_dead_entities"],
                                 space["_get_component_cache"], space["_get_components_cache"],
                                 space["_processors"], space["_processors_dict"], dirty,
                                 space["process_times"], space["event_registry"])
        elif kept[0] is not count or kept[1] is not index or kept[8] is not dirty:
            contexts[current] = (count, index, kept[2], kept[3], kept[4], kept[5], kept[6],
                                 kept[7], dirty, kept[9], kept[10])
    space["_entity_count"] = target[0]
    space["_components"] = components = target[1]
    space["_entities"] = entities = target[2]
    space["_dead_entities"] = target[3]
    space["_get_component_cache"] = target[4]
    space["_get_components_cache"] = target[5]
    space["_processors"] = target[6]
    space["_processors_dict"] = target[7]
    space["_cache_dirty"] = target[8]
    space["process_times"] = target[9]
    space["event_registry"] = target[10]
    space["_current_world"] = space["current_world"] = name
    _NOW.name, _NOW.entities, _NOW.components = name, entities, components


def clone_world(source: str) -> str:
    """Copy the current world `source` into a new one, sharing every entity's components until
    either side writes (`own`); return the new world's name. The caller must have switched to
    `source`, and must make both games treat every entity as shared (`disown`)."""
    space = _ESPER                    # esper's globals as items: no module attribute look-ups
    assert space["_current_world"] == source
    # Both worlds go on numbering new entities (tokens) from the same id: the clone's counter
    # starts at its original's next id (EntityCount; a world esper made itself has an
    # itertools.count, which cannot be read: its next id is drawn, and both get a new counter).
    counter = space["_entity_count"]
    if isinstance(counter, EntityCount):
        following = counter.next_id
    else:
        following = _next_entity(counter)
        space["_entity_count"] = EntityCount(following)
    _NOW.worlds_made += 1
    name = "ecs_vanguard-c" + str(_NOW.worlds_made)
    contexts: dict[str, tuple] = space["_context_map"]
    contexts[name] = (
        EntityCount(following), _NOW.components, dict(_NOW.entities), set(), {}, {},
        list(space["_processors"]), dict(space["_processors_dict"]), False, {}, {},
    )
    return name


# The readers of a card's components. They read the current world's table as esper's
# component_for_entity, has_component and try_component do (esper rebinds `_entities` at each
# switch_world, so it is read at each call), without esper's interpreted function call, which
# was most of their cost: about ten such calls a decision, each a Python frame, from the
# compiled floors (issue 18).
def component(entity: int, kind: type[_C]) -> _C:
    """Return a card's component of this kind (KeyError if it has none)."""
    return _NOW.entities[entity][kind]  # type: ignore[return-value]


def has(entity: int, kind: type) -> bool:
    """True if the card has a component of this kind."""
    return kind in _NOW.entities[entity]


def maybe(entity: int, kind: type[_C]) -> _C | None:
    """Return a card's component of this kind, or None (also for an entity gone)."""
    comps = _NOW.entities.get(entity)
    return comps.get(kind) if comps is not None else None  # type: ignore[return-value]


def present(kind: type) -> bool:
    """True if some card of the current world has a component of this kind: one look-up in
    esper's component index, which keeps no empty set (attach, detach and esper's own removals
    drop a kind's set with its last member), and no query cache to rebuild after a write."""
    return kind in _NOW.components


def disown(state: State) -> None:
    """Forget what this game owned: after a clone, both games share every entity (and the
    cache of the state hash's keys)."""
    state.engine.owned.clear()
    state.engine.owns_index = False
    state.engine.hash_shared = True


def own(state: State, entity: int) -> dict[type, object]:
    """Return the component dict of an entity, private to this game (copied the first time it
    is written after a clone). A legion's two vanguards keep sharing one Orientation: one pair
    state (LEG-21)."""
    entities = _NOW.entities
    comps = entities[entity]
    state.engine.rehash.add(entity)
    if entity in state.engine.owned:
        return comps
    comps = _private(comps)
    entities[entity] = comps
    state.engine.owned.add(entity)
    link = comps.get(LegionLink)
    if link is not None:
        partner = link.partner                               # type: ignore[attr-defined]
        if partner in state.engine.owned:
            comps[Orientation] = entities[partner][Orientation]
        else:
            other = _private(entities[partner])
            other[Orientation] = comps[Orientation]
            entities[partner] = other
            state.engine.owned.add(partner)
            state.engine.rehash.add(partner)
    _cache_dirty()               # cached query results may hold the shared objects
    return comps


def _private(comps: dict[type, object]) -> dict[type, object]:
    new = dict(comps)
    p: Position = comps[Position]  # type: ignore[assignment]
    o: Orientation = comps[Orientation]  # type: ignore[assignment]
    m: Modifiers = comps[Modifiers]  # type: ignore[assignment]
    new[Position] = Position(p.owner, p.zone, p.circle, p.obj)
    new[Orientation] = Orientation(o.rested, o.face_up)
    new[Modifiers] = Modifiers(list(m.items))
    return new


def writable_position(state: State, entity: int) -> Position:
    """Return the Position of a card to write to, this game's own (reads: derived.facts)."""
    return own(state, entity)[Position]  # type: ignore[return-value]


def writable_orientation(state: State, entity: int) -> Orientation:
    """Return the Orientation of a card to write to, this game's own (a legion's pair shares
    it, LEG-21)."""
    return own(state, entity)[Orientation]  # type: ignore[return-value]


def writable_modifiers(state: State, entity: int) -> list:
    """Return the list of a card's modifiers to write to, this game's own."""
    return own(state, entity)[Modifiers].items  # type: ignore[attr-defined]


def _own_index(state: State) -> None:
    """Give this game its own copy of esper's component index before a status comes or goes."""
    if not state.engine.owns_index:
        index = {kind: set(ids) for kind, ids in _NOW.components.items()}
        _ESPER["_components"] = _NOW.components = index
        state.engine.owns_index = True


def attach(state: State, entity: int, component: object) -> None:
    """Add (or replace) a status component of a card (esper.add_component, copy-on-write)."""
    _own_index(state)
    comps = own(state, entity)
    kind = type(component)
    _NOW.components.setdefault(kind, set()).add(entity)
    comps[kind] = component
    _cache_dirty()


def replace(state: State, entity: int, component: object) -> None:
    """Give a card another component of a status kind it already has (a redealt identity's
    Card): the entity gets its own component dict, but its Position, Orientation and Modifiers
    stay shared until a write (own), and esper's component index is unchanged. A determinization
    replaces the Card of about 70 cards a sample, most never written afterwards: own() would copy
    all their components, and attach() the whole index too."""
    kind = type(component)
    assert kind not in _MUTABLE, f"{kind.__name__} is written through own(), not replaced"
    comps = _NOW.entities[entity]
    assert kind in comps, f"entity {entity} has no {kind.__name__} to replace"
    state.engine.rehash.add(entity)
    if entity not in state.engine.owned:
        comps = _NOW.entities[entity] = dict(comps)    # the other game keeps the shared dict
    comps[kind] = component
    _cache_dirty()


def detach(state: State, entity: int, kind: type) -> None:
    """Remove a status component of a card (esper.remove_component, copy-on-write)."""
    _own_index(state)
    comps = own(state, entity)
    members = _NOW.components[kind]
    members.discard(entity)
    if not members:
        del _NOW.components[kind]
    del comps[kind]
    _cache_dirty()


def create_many(state: State, entities: list[dict[type, object]]) -> list[int]:
    """Make new entities, in order, each dict of components becoming one entity's own (what
    esper.create_entity does, copy-on-write); return their ids. The one maker of entities: a new
    game's hundred cards are made in one call, where esper.create_entity's call, the index's copy
    test and the cache clearing were paid a hundred times (set-up, CORE-03)."""
    _own_index(state)
    counter, table, index = _ESPER["_entity_count"], _NOW.entities, _NOW.components
    made = []
    for comps in entities:
        entity = _next_entity(counter)
        for kind in comps:
            members = index.get(kind)
            if members is None:
                members = index[kind] = set()
            members.add(entity)
        table[entity] = comps
        made.append(entity)
    state.engine.owned.update(made)
    state.engine.rehash.update(made)
    _cache_dirty()
    return made


def current_processors() -> list:
    """The current world's processors (esper._processors, without a module look-up)."""
    processors: list = _ESPER["_processors"]
    return processors


def exists(name: str) -> bool:
    """True if esper still has a world of this name (esper.delete_world forgets one)."""
    return name in _ESPER["_context_map"]


def drop_world(name: str) -> None:
    """Delete a world when its game is dropped (about 0.1-0.2 MB each). esper's tables keep
    naming it until the next switch: what reads them must switch first (world.switch_to)."""
    if _current() == name:
        # No world is current until the next switch, which then has nothing to keep: every
        # entry point of a game switches to its own world first. Switching to "default" here
        # cost a switch at every clone a search drops, and its next clone a second one to come
        # back (issue 34). esper.switch_world handles "no world" the same way.
        _ESPER["_current_world"] = _ESPER["current_world"] = None
        _NOW.name, _NOW.entities, _NOW.components = None, {}, {}
    contexts: dict[str, tuple] = _ESPER["_context_map"]
    contexts.pop(name, None)                # esper.delete_world, without its interpreted call
