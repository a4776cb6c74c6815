"""Save and load a whole game as JSON: a snapshot of its state, not a replay log (issue 5).

A generic encoder for the engine's dataclasses, enums and containers, limited to a registry of
the classes that may appear (never eval or pickle). The CardDB is not saved: loading takes one,
and rebuilds from it what is derived from the cards' ids (`State.defs`, the ability indexes).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

import esper

import components
from components import Card, Modifier, Modifiers
from ecs_vanguard import ops
from ecs_vanguard import state as state_module
from ecs_vanguard.game import snapshot_check
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.state import (
    DelayedEffect,
    EventLog,
    Frame,
    GameRandom,
    PendingAuto,
    State,
    new_state,
    world,
)
from ecs_vanguard.vocab import decisions, events, formats, rule_changes, zones
from ecs_vanguard.vocab.errors import SnapshotError
from ecs_vanguard.vocab.formats import FormatRules, Stat, format_rules

VERSION = 4          # 2: the timing model's fields (continuous effects, limits, legion history)
                     # 3: delayed effects, what abilities did this turn (ops.timing), rule
                     #    modifiers, the circles a frame remembers
                     # 4: the circles a delayed effect remembers
# The oldest version `load` reads: a field added since takes its default (a State field its
# blank value, a record's field its declared default), so a saved game is never lost to an
# upgrade. Only the fields listed as added after the snapshot's version may be missing.
OLDEST_READABLE = 2
_STATE_FIELDS_ADDED = {3: frozenset({"rule_modifiers", "delayed", "ability_records"})}
_RECORD_FIELDS_ADDED: dict[int, dict[str, frozenset[str]]] = {
    3: {"Frame": frozenset({"bound_circle"})},
    4: {"DelayedEffect": frozenset({"circles"})},
}
# Not saved: rebuilt on load from the card ids (`defs`), the snapshot's own keys (`rules`,
# `rng`), or the engine's bookkeeping, all rebuilt on load but for these two, which decide
# what the next tick checks (the rule-action check, the modifiers to sweep).
_DERIVED = frozenset({"db", "rules", "rng", "defs", "engine"})
_SAVED_BOOKKEEPING = ("dirty", "modified")
_PACKAGES = ("components", "ecs_vanguard")
_NEVER_SAVED = frozenset({State, FormatRules})  # the State is saved field by field
_TOP_KEYS = frozenset({"version", "format", "turn_limit", "card_ids", "entities", "state", "rng"})


@lru_cache(maxsize=1)
def registry() -> Mapping[str, type]:
    """Return the classes a snapshot may hold, by name (read-only): every component, the State's
    dataclasses, decisions, events, deck lists and the enums of zones, rules and decisions."""
    modules = (components, state_module, decisions, events, zones, formats, rule_changes)
    classes = [
        obj
        for module in modules
        for obj in vars(module).values()
        if isinstance(obj, type)
        and obj.__module__.startswith(_PACKAGES)
        and (dataclasses.is_dataclass(obj) or issubclass(obj, Enum))
        and obj not in _NEVER_SAVED
    ]
    classes.append(Deck)
    by_name = {cls.__name__: cls for cls in dict.fromkeys(classes)}
    assert len(by_name) == len(dict.fromkeys(classes)), "two snapshot classes share a name"
    return MappingProxyType(by_name)


# -- values <-> JSON ---------------------------------------------------------------------------


def encode(value: object) -> Any:
    """Return `value` as JSON-ready data; tuples, sets, dicts, enums and dataclasses are tagged.

    Raises:
        SnapshotError: the value holds a type that is not registered (e.g. a numpy integer).
    """
    if value is None or type(value) in (bool, int, str):
        return value
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"tuple": [encode(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        items = sorted((encode(v) for v in value), key=_order)
        return {type(value).__name__: items}
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    name = type(value).__name__
    if registry().get(name) is not type(value):
        raise SnapshotError(
            f"cannot save a value of type {type(value).__qualname__}: not registered"
        )
    if isinstance(value, Enum):
        return {"enum": name, "value": value.value}
    assert dataclasses.is_dataclass(value)  # the registry holds only enums and dataclasses
    fields = dataclasses.fields(value)
    return {"class": name, "fields": {f.name: encode(getattr(value, f.name)) for f in fields}}


def _order(encoded: Any) -> str:
    return json.dumps(encoded, sort_keys=True)


def decode(data: Any, version: int = VERSION) -> Any:
    """Return the value `encode` made `data` from, read as a snapshot of `version` wrote it
    (an older one's records may lack the fields added since: they take their defaults).

    Raises:
        SnapshotError: an unknown tag or class, fields that do not match, or a bad enum value.
    """
    if data is None or type(data) in (bool, int, str):
        return data
    if type(data) is list:
        return [decode(v, version) for v in data]
    if type(data) is not dict:
        raise SnapshotError(f"malformed snapshot: unexpected {type(data).__name__} {data!r}")
    tags = [t for t in _DECODERS if t in data]
    if len(tags) != 1:
        raise SnapshotError(f"malformed snapshot: no single known tag in {sorted(data)}")
    return _DECODERS[tags[0]](data, version)


def _items(data: dict, tag: str, version: int) -> list:
    items = data[tag]
    if type(items) is not list or len(data) != 1:
        raise SnapshotError(f"malformed snapshot: {tag!r} must hold a list and nothing else")
    return [decode(v, version) for v in items]


def _pairs(data: dict, version: int) -> dict:
    pairs = _items(data, "dict", version)
    if not all(type(p) is list and len(p) == 2 for p in pairs):
        raise SnapshotError("malformed snapshot: a 'dict' must hold [key, value] pairs")
    return {k: v for k, v in pairs}


def _enum(data: dict, version: int) -> Enum:
    cls = _registered(data, "enum", {"enum", "value"})
    try:
        value: Enum = cls(data["value"])
    except ValueError:
        raise SnapshotError(
            f"malformed snapshot: {data['value']!r} is not a {cls.__name__}"
        ) from None
    return value


def _dataclass(data: dict, version: int) -> object:
    cls = _registered(data, "class", {"class", "fields"})
    fields = data["fields"]
    names = {f.name for f in dataclasses.fields(cls)}
    may_lack = frozenset().union(*(added.get(cls.__name__, ()) for v, added
                                   in _RECORD_FIELDS_ADDED.items() if v > version))
    if type(fields) is not dict or not set(fields) <= names or names - set(fields) - may_lack:
        raise SnapshotError(
            f"malformed snapshot: the fields of a {cls.__name__} must be {sorted(names)}"
        )
    values = {k: decode(v, version) for k, v in fields.items()}
    for name, wanted in _plain_field_types(cls).items():
        if name in values and not isinstance(values[name], wanted):
            # Refused here, by name, in both builds: a compiled class refuses a value of the wrong
            # type at construction with a message that names neither the class nor the field.
            raise SnapshotError(f"malformed snapshot: {cls.__name__}.{name} is "
                                f"{values[name]!r:.40}, not {_SAID[wanted]}")
    return cls(**values)


_PLAIN_TYPES: dict[object, type] = {t: t for t in (int, str, bool)} | {
    t.__name__: t for t in (int, str, bool)}
_SAID = {int: "an integer", str: "a string", bool: "true or false"}


@cache
def _plain_field_types(cls: type) -> dict[str, type]:
    """The fields of a dataclass declared as exactly int, str or bool (the annotation itself or
    its string), by name; other annotations are checked where they are used. (A snapshot holds
    no floats: the decoder refuses them.)"""
    return {f.name: _PLAIN_TYPES[f.type] for f in dataclasses.fields(cls)
            if isinstance(f.type, str | type) and f.type in _PLAIN_TYPES}


def _registered(data: dict, tag: str, keys: set[str]) -> type:
    cls = registry().get(data[tag]) if type(data[tag]) is str else None
    if cls is None or set(data) != keys or (tag == "enum") != issubclass(cls, Enum):
        raise SnapshotError(f"malformed snapshot: unknown {tag} {data[tag]!r}")
    return cls


_DECODERS: dict[str, Callable[[dict, int], Any]] = {
    "tuple": lambda d, version: tuple(_items(d, "tuple", version)),
    "set": lambda d, version: set(_items(d, "set", version)),
    "frozenset": lambda d, version: frozenset(_items(d, "frozenset", version)),
    "dict": _pairs,
    "enum": _enum,
    "class": _dataclass,
}


# -- a whole game ------------------------------------------------------------------------------


def saved_fields() -> tuple[str, ...]:
    """Return the State fields a snapshot holds (all but those derived from the db and cards),
    then the two of the engine's bookkeeping it keeps."""
    return (*(f.name for f in dataclasses.fields(State) if f.name not in _DERIVED),
            *_SAVED_BOOKKEEPING)


def _holder(state: State, name: str) -> object:
    """Return the object a saved field lives on: the State, or its bookkeeping."""
    return state.engine if name in _SAVED_BOOKKEEPING else state


def dump(state: State) -> str:
    """Return a JSON snapshot of a game (its world must be the current one): every entity's
    components, the State, the generator.

    Raises:
        SnapshotError: the game uses format rules that are not a named format (+ turn limit).
    """
    if _rules(state.rules.format.value, state.rules.turn_limit) != state.rules:
        raise SnapshotError(
            "cannot save a game with custom format rules (only a named format "
            "and its turn limit are saved)"
        )
    entities: list[tuple[int, list[object]]] = [
        (e, list(esper.components_for_entity(e))) for e in sorted(esper.get_entities())
    ]
    fields = {name: getattr(_holder(state, name), name) for name in saved_fields()}
    fields["events"] = list(state.events)            # the shared log, as the list it reads as
    fields["board"] = dataclasses.replace(state.board, key=None)   # the hash's cache: not saved
    snapshot = {
        "version": VERSION,
        "format": state.rules.format.value,
        "turn_limit": state.rules.turn_limit,
        "card_ids": sorted(_card_ids(entities, fields)),
        "entities": [[e, [encode(c) for c in comps]] for e, comps in entities],
        "state": {name: encode(value) for name, value in fields.items()},
        "rng": state.rng.state_snapshot(),
    }
    return json.dumps(snapshot, separators=(",", ":"))


def load(text: str, db: CardDB | None, processors: list[tuple[object, int]]
         ) -> tuple[str, State]:
    """Return (a new current world, its State) as a snapshot describes them, using `db`
    (default: the built-in pool) for cards and `processors` for the world's systems.

    Raises:
        SnapshotError: too large or deep, malformed JSON, another version, card ids missing
            from `db`, or a position that is not consistent (snapshot_check).
    """
    db = db or CardDB.builtin()
    snapshot_check.check_text(text)
    data = _parse(text)
    _require_cards(data["card_ids"], db)
    snapshot_check.check_entity_ids(data["entities"])
    try:
        version = data["version"]
        entities = [(_entity_id(e), [decode(c, version) for c in comps])
                    for e, comps in data["entities"]]
        fields = {name: decode(value, version) for name, value in data["state"].items()}
    except (TypeError, ValueError) as exc:
        raise SnapshotError(f"malformed snapshot: {exc}") from None
    if type(fields.get("events")) is list:
        fields["events"] = EventLog(fields["events"])
    state = new_state(db, _rules(data["format"], data["turn_limit"]), 0)
    for name in saved_fields():           # OLDEST_READABLE: a field added since: its blank
        fields.setdefault(name, getattr(_holder(state, name), name))
    snapshot_check.check_state(fields, snapshot_check.check_entities(entities))
    for name, value in fields.items():
        blank = getattr(_holder(state, name), name)
        if blank is not None and type(value) is not type(blank):
            raise SnapshotError(
                f"malformed snapshot: state field {name!r} has type "
                f"{type(value).__name__}, not {type(blank).__name__}"
            )
    _require_cards(_card_ids(entities, fields), db)
    for name, value in fields.items():
        setattr(_holder(state, name), name, value)
    snapshot_check.check_rng(data["rng"])
    try:
        state.rng = GameRandom(state=data["rng"])
        _ = state.rng.generator                   # built now: a bad state is this snapshot's
    except (TypeError, ValueError, KeyError, OverflowError) as exc:
        raise SnapshotError(f"malformed snapshot: generator state: {exc}") from None
    name = world.new_world(processors)
    try:
        _fill_world(state, entities)
        state.engine.rehash.update(e for e, _ in entities)     # every card's hash key is new
        snapshot_check.check_built(state)
    except SnapshotError:
        world.drop_world(name)
        raise
    return name, state


def _parse(text: str) -> dict:
    """Return the snapshot's top-level table after checking its JSON, version and keys."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SnapshotError(f"malformed snapshot: not JSON: {exc}") from None
    if type(data) is not dict or "version" not in data:
        raise SnapshotError("malformed snapshot: no 'version' key at the top level")
    version = data["version"]
    if type(version) is not int or not OLDEST_READABLE <= version <= VERSION:
        raise SnapshotError(
            f"snapshot version {version!r} is not supported "
            f"(this engine reads versions {OLDEST_READABLE} to {VERSION})"
        )
    if set(data) != _TOP_KEYS:
        raise SnapshotError(f"malformed snapshot: top-level keys must be {sorted(_TOP_KEYS)}")
    added = frozenset().union(*(names for v, names in _STATE_FIELDS_ADDED.items() if v > version))
    if type(data["state"]) is not dict or not (
            set(saved_fields()) - added <= set(data["state"]) <= set(saved_fields())):
        raise SnapshotError(f"malformed snapshot: 'state' must hold {sorted(saved_fields())}")
    if type(data["entities"]) is not list or type(data["card_ids"]) is not list:
        raise SnapshotError("malformed snapshot: 'entities' and 'card_ids' must be lists")
    return data


def _rules(name: object, turn_limit: object) -> FormatRules:
    if type(turn_limit) is not int or turn_limit < 1:
        raise SnapshotError(f"malformed snapshot: turn_limit {turn_limit!r}")
    try:
        return dataclasses.replace(format_rules(str(name)), turn_limit=turn_limit)
    except ValueError as exc:
        raise SnapshotError(f"malformed snapshot: {exc}") from None


def _entity_id(entity: object) -> int:
    if type(entity) is not int or entity < 1:
        raise SnapshotError(f"malformed snapshot: entity id {entity!r}")
    return entity


def _require_cards(card_ids: Iterable[object], db: CardDB) -> None:
    missing = sorted({str(c) for c in card_ids if c not in db})
    if missing:
        raise SnapshotError(
            f"the card database lacks {len(missing)} card id(s) the snapshot "
            f"uses: {', '.join(missing)}; load the card files it was played with "
            "(CardDB.load(path, base=...), or --cards FILE)"
        )


def _card_ids(entities: list[tuple[int, list]], fields: Mapping[str, Any]) -> set[str]:
    """Return every card id a game names: its cards, granted abilities (ACT-22), frames, pending
    autos and deck lists."""
    ids: set[str] = set()
    for _, comps in entities:
        for c in comps:
            if isinstance(c, Card):
                ids.add(c.card_id)
            elif isinstance(c, Modifiers):
                ids.update(_granted(m) for m in c.items if m.stat is Stat.GRANT)
    ids.update(f.card_id for f in fields["stack"] if isinstance(f, Frame))
    ids.update(a.card_id for a in fields["pending_autos"] if isinstance(a, PendingAuto))
    ids.update(d.card_id for d in fields["delayed"] if isinstance(d, DelayedEffect))
    ids.update(k[1] for k in fields["ability_records"]
               if isinstance(k, tuple) and len(k) == 3 and isinstance(k[1], str))
    for deck in fields["decks"] if isinstance(fields["decks"], tuple) else ():
        if isinstance(deck, Deck):
            ids.update((*deck.main, *deck.ride_deck, *deck.g_deck, deck.starter))
    return ids


def _granted(modifier: Modifier) -> str:
    """Return the card id of a granted ability's (card id, index) (ACT-22)."""
    value = modifier.value
    return str(value[0]) if isinstance(value, tuple) and value else ""


def _fill_world(state: State, entities: list[tuple[int, list]]) -> None:
    """Create the entities in the current (new) world with their ids; rebuild defs, watchers."""
    by_id = dict(entities)
    if len(by_id) != len(entities):
        raise SnapshotError("malformed snapshot: an entity id appears twice")
    for e, comps in entities:
        if not all(type(c).__module__.startswith("components.") for c in comps):
            raise SnapshotError(f"malformed snapshot: entity {e} holds a non-component")
    last = max(by_id, default=0)
    defs: list = [None] * (last + 1)
    for e in range(1, last + 1):
        found = by_id.get(e)
        made = esper.create_entity(*(found or ()))
        assert made == e, f"esper made entity {made}, expected {e}"
        if found is None:
            esper.delete_entity(made, immediate=True)  # a gap in the ids: keep the numbering
            continue
        card = next((c for c in found if isinstance(c, Card)), None)
        if card is not None:
            defs[e] = state.db[card.card_id]
    state.defs = defs
    ops.watch(state, sorted(by_id))
