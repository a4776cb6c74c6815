"""The card language's steps hold what their fields declare: every field of every step of every
loaded card (the built-in pool, the corpus, the example and custom card files) has a value of
its annotated type. A compiled reader checks each annotation it reads (issue 18: a step's
`source` was declared `str` while a card file may list several selectors), so a declared type
that lies breaks the compiled build where the pure one runs on."""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.cards import steps as step_types
from ecs_vanguard.cards.flow import all_steps
from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.cards.value_steps import Selector
from tests.cards.conftest import CORPUS

ROOT = Path(__file__).resolve().parents[2]
CARD_FILES = [CORPUS, ROOT / "tests" / "custom_cards" / "cards.toml",
              ROOT / "tests" / "custom_cards" / "runaway_cards.toml",
              ROOT / "examples" / "my_cards.toml"]


def conforms(value: object, hint: object) -> bool:
    """True if `value` is of the declared type `hint` (classes, unions, None, homogeneous
    tuples; any other generic by its origin class)."""
    origin = typing.get_origin(hint)
    if hint is typing.Any or hint is object:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return isinstance(value, tuple) and all(conforms(v, args[0]) for v in value)
        return isinstance(value, tuple) and len(value) == len(args)
    if origin is not None:
        return isinstance(value, origin)
    return isinstance(value, hint) if isinstance(hint, type) else True


def _hints(cls: type) -> dict[str, object]:
    return typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))


@pytest.fixture(scope="module")
def every_card() -> list[CardDef]:
    db = vg.CardDB.builtin()
    for path in CARD_FILES:
        db = vg.CardDB.load(path, base=db)
    return list(db)


def test_every_step_field_holds_its_declared_type(every_card):
    """Each field value of each step, the nested ones (a `then`, a `for_each`'s `do`) too."""
    wrong, checked = [], 0
    for card in every_card:
        for index, ability in enumerate(card.abilities):
            for step in all_steps((*ability.cost, *ability.effect)):
                if not dataclasses.is_dataclass(step):
                    continue
                hints = _hints(type(step))
                for field in dataclasses.fields(step):
                    value = getattr(step, field.name)
                    checked += 1
                    if not conforms(value, hints[field.name]):
                        wrong.append(f"{card.id} ability {index}: {type(step).__name__}."
                                     f"{field.name} is {value!r}, declared {hints[field.name]}")
    assert checked > 4000 and not wrong, wrong[:10]


def test_a_list_of_selectors_is_a_declared_selector(every_card):
    """The case that lied: a card file's list of selectors (`from = ["your_hand",
    "your_soul"]`) is a tuple of names, and Choose and SuperiorCall declare it so."""
    sources = [step.source for card in every_card for ability in card.abilities
               for step in all_steps((*ability.cost, *ability.effect))
               if type(step) in (step_types.Choose, step_types.SuperiorCall)]
    assert any(isinstance(s, tuple) for s in sources)
    for cls in (step_types.Choose, step_types.SuperiorCall):
        assert _hints(cls)["source"] == Selector
    assert conforms(("your_hand", "your_soul"), Selector) and not conforms(["a"], Selector)
