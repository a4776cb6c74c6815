"""`@record` (vocab/records.py, issue 18) makes the same classes `@dataclass(frozen=True,
slots=True)` makes, only cheaper at import: each record class of the package is compared with its
twin built by dataclasses from the same fields and docstring."""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib
import inspect
import pickle
from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.game import snapshot
from ecs_vanguard.vocab import common_events, events
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.records import record
from ecs_vanguard.vocab.zones import Circle, Zone

ROOT = Path(__file__).resolve().parents[2]


def _record_classes() -> list[tuple[type, str | None]]:
    """Every class decorated with `@record` in the package, with its docstring as written."""
    found = []
    for path in sorted((ROOT / "ecs_vanguard").rglob("*.py")):
        tree = ast.parse(path.read_text())
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(d, ast.Name) and d.id == "record" for d in node.decorator_list):
                cls = getattr(importlib.import_module(module), node.name)
                found.append((cls, ast.get_docstring(node, clean=False)))
    return found


RECORDS = _record_classes()


def _twin(cls: type, doc: str | None) -> type:
    """The same class made by dataclasses: same name, fields, defaults and docstring."""
    namespace: dict[str, object] = {"__annotations__": {}, "__module__": cls.__module__,
                                    "__qualname__": cls.__qualname__, "__doc__": doc}
    for f in dataclasses.fields(cls):
        namespace["__annotations__"][f.name] = f.type          # type: ignore[index]
        namespace[f.name] = dataclasses.field(default=f.default, compare=f.compare,
                                              repr=f.repr, hash=f.hash)
    return dataclasses.dataclass(frozen=True, slots=True)(type(cls.__name__, (), namespace))


def _values(cls: type, offset: int = 0) -> list[int]:
    return [k + offset for k, _ in enumerate(dataclasses.fields(cls))]


def _typed_values(cls: type, offset: int = 0) -> list[object]:
    """A value of its declared type for each field of an event (a compiled class checks them),
    each other for another offset."""
    values: list[object] = []
    for k, (name, hint) in enumerate(events.field_hints(cls).items()):
        k += offset
        base = hint.removesuffix(" | None")
        values.append({"int": k, "bool": k % 2 == 1, "str": f"{name}{k}",
                       "Zone": list(Zone)[k % len(Zone)],
                       "Circle": list(Circle)[k % len(Circle)]}[base])
    return values


# The events every turn logs: compiled dataclasses with their __init__ written out (issue 18).
COMPILED_EVENTS = [cls for cls in events.EVENT_TYPES if cls.__module__ == common_events.__name__]


def test_the_package_has_record_classes_and_every_event_is_one():
    """The comparisons below cover something: every event class is a record or one of the
    compiled events, and the events a game logs most are compiled."""
    made = {cls for cls, _ in RECORDS}
    assert set(events.EVENT_TYPES) <= made | set(COMPILED_EVENTS)
    assert len(events.EVENT_TYPES) >= 50 and not made & set(COMPILED_EVENTS)
    assert {events.CardMoved, events.StepStarted, events.PhaseStarted} <= set(COMPILED_EVENTS)


@pytest.mark.parametrize("cls", COMPILED_EVENTS, ids=[c.__qualname__ for c in COMPILED_EVENTS])
def test_a_compiled_event_behaves_as_the_dataclass_it_is(cls):
    """An event whose __init__ is written out keeps what `@dataclass(frozen=True, slots=True)`
    gives: fields and defaults, keywords, repr, equality over the compared fields, hashing,
    frozen fields, pickling (Frozen's __reduce__: mypyc's would set frozen fields), copies and
    replace; and the written __init__ sets every field from its own argument."""
    twin = _twin(cls, cls.__doc__)
    assert [(f.name, f.default, f.compare, f.repr) for f in dataclasses.fields(cls)] == \
           [(f.name, f.default, f.compare, f.repr) for f in dataclasses.fields(twin)]
    values = _typed_values(cls)
    one, mine = cls(*values), twin(*values)
    names = [f.name for f in dataclasses.fields(cls)]
    assert [getattr(one, n) for n in names] == values
    assert cls(**dict(zip(names, values, strict=True))) == one
    assert repr(one) == repr(mine) and hash(one) == hash(mine) == hash(cls(*values))
    others = _typed_values(cls, offset=1)
    for k, f in enumerate(dataclasses.fields(cls)):       # change one field at a time
        other = cls(*[others[i] if i == k else v for i, v in enumerate(values)])
        assert (other == one) is (not f.compare)
    required = [f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING]
    with pytest.raises(TypeError):
        cls(*values[: len(required) - 1])
    for name in names:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(one, name, -5)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(one, name)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(one, protocol))
        assert back == one and type(back) is cls and repr(back) == repr(one)
    assert copy.deepcopy(one) == one and copy.copy(one) == one
    assert getattr(dataclasses.replace(one, **{names[0]: others[0]}), names[0]) == others[0]


@pytest.mark.parametrize(("cls", "doc"), RECORDS, ids=[c.__qualname__ for c, _ in RECORDS])
def test_a_record_is_the_dataclass_it_replaces(cls, doc):
    """Fields, docstring, signature, repr, equality, hashing, frozen fields, match args,
    slots, parameters and pickling are those of `@dataclass(frozen=True, slots=True)`."""
    twin = _twin(cls, doc)
    assert [(f.name, f.type, f.default, f.compare, f.repr) for f in dataclasses.fields(cls)] == \
           [(f.name, f.type, f.default, f.compare, f.repr) for f in dataclasses.fields(twin)]
    assert cls.__doc__ == twin.__doc__
    assert inspect.signature(cls) == inspect.signature(twin)
    assert cls.__init__.__annotations__ == twin.__init__.__annotations__
    assert (cls.__match_args__, cls.__slots__) == (twin.__match_args__, twin.__slots__)
    assert cls.__dataclass_params__.frozen and cls.__dataclass_params__.eq

    values = _values(cls)
    one, same, mine = cls(*values), cls(*values), twin(*values)
    assert repr(one) == repr(mine) and hash(one) == hash(mine) == hash(same)
    assert one == same and one != mine and (one != same) is False
    for k, f in enumerate(dataclasses.fields(cls)):       # change one field at a time
        other = cls(*[v + 100 * (i == k) for i, v in enumerate(values)])
        assert (other == one) is (not f.compare)
        assert (other == one) is (twin(*[v + 100 * (i == k) for i, v in enumerate(values)])
                                  == mine)
    for f in dataclasses.fields(cls):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(one, f.name, -5)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(one, f.name)
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.not_a_field = 1

    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(one, protocol))
        assert back == one and type(back) is cls and repr(back) == repr(one)
    assert one.__getstate__() == mine.__getstate__()
    assert copy.deepcopy(one) == one and copy.copy(one) == one
    if values:
        name = dataclasses.fields(cls)[0].name
        assert getattr(dataclasses.replace(one, **{name: 7}), name) == 7


def test_events_keep_their_keywords_defaults_and_uncompared_fields():
    """UnitRode's `ridden` is not compared (two logs of one ride are one fact) but is kept,
    shown and pickled; defaults fill what a caller leaves out; a missing field is refused."""
    ride = events.UnitRode(card=3, player=0, from_zone=Zone.HAND, persona=True, ridden=9)
    assert ride == events.UnitRode(3, 0, Zone.HAND, True, False, 1)
    assert hash(ride) == hash(events.UnitRode(3, 0, Zone.HAND, True))
    assert ride.superior is False and ride.ridden == 9 and "ridden=9" in repr(ride)
    assert pickle.loads(pickle.dumps(ride)).ridden == 9
    assert events.UnitRetired(card=1, by_rule_action=True).source == -1
    assert {events.CardDrawn(1, 0), events.CardDrawn(1, 0), events.CardDrawn(1, 1)} == {
        events.CardDrawn(1, 0), events.CardDrawn(1, 1)}
    assert events.CardDrawn(1, 0) != events.UnitStood(1, 0)          # another class, another fact
    with pytest.raises(TypeError, match="player"):
        events.CardDrawn(card=1)
    # (the compiled class words it "takes at most 2 keyword arguments")
    with pytest.raises(TypeError, match="unexpected keyword|at most 2 keyword"):
        events.CardDrawn(card=1, player=0, zone=Zone.HAND)


def test_a_snapshot_still_finds_every_event_by_its_class_name():
    """The snapshot registry holds every event under its name and saves and loads it."""
    for cls in events.EVENT_TYPES:
        assert snapshot.registry()[cls.__name__] is cls
    fact = events.UnitPlaced(card=4, player=1, to_zone=Zone.VC, circle=None, from_zone=Zone.HAND)
    back = snapshot.decode(snapshot.encode(fact))
    assert back == fact and back.from_zone is Zone.HAND


def test_a_class_record_cannot_make_cheaply_is_left_to_dataclasses():
    """A `__post_init__` or a default factory is built by dataclasses itself, with the same
    result."""

    @record
    class Checked:
        n: int
        seen: tuple[int, ...] = dataclasses.field(default_factory=tuple)

        def __post_init__(self) -> None:
            if self.n < 0:
                raise ValueError("n must be at least 0")

    assert Checked(1) == Checked(1, ()) and hash(Checked(1)) == hash((1, ()))
    with pytest.raises(ValueError, match="at least 0"):
        Checked(-1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Checked(1).n = 2


def test_an_events_declared_field_types_come_from_its_source():
    """field_hints gives each event field's annotation as written, compiled or not (a compiled
    class keeps only plain-class annotations: mypyc writes `type` for an Optional)."""
    for cls in events.EVENT_TYPES:
        assert list(events.field_hints(cls)) == [f.name for f in dataclasses.fields(cls)]
    assert events.field_hints(events.UnitCalled)["circle"] == "Circle | None"
    assert events.field_hints(events.DriveChecked)["trigger"] == "str | None"
    assert events.field_hints(events.UnitPlaced)["from_zone"] == "Zone | None"


def test_a_card_filters_an_optional_field_of_a_compiled_event(tmp_path):
    """`when` filters on the Optional fields of the compiled events load as their types say
    (the circle a unit is called to, the trigger a drive check revealed, where a unit came from),
    and a wrong value is still refused naming it."""
    card = '[[card]]\nid = "EV-1"\nnames = ["Event Reader"]\ngrade = 2\npower = 10000\n'
    whens = ['{ event = "unit_called", circle = "front_left" }',
             '{ event = "drive_checked", trigger = "critical" }',
             '{ event = "unit_placed", from_zone = "hand" }']
    text = card + "".join(f'[[card.ability]]\nkind = "auto"\nzones = ["rc"]\nwhen = {w}\n'
                          'effect = [{ op = "draw" }]\n' for w in whens)
    path = tmp_path / "events.toml"
    path.write_text(text)
    db = vg.CardDB.load(path, base=vg.CardDB.builtin())
    filters = [a.when.filters for a in db["EV-1"].abilities]
    assert filters == [(("circle", "front_left"),), (("trigger", "critical"),),
                       (("from_zone", "hand"),)]
    path.write_text(text.replace('"critical"', "3"))
    with pytest.raises(CardDataError, match="trigger"):
        vg.CardDB.load(path, base=vg.CardDB.builtin())
