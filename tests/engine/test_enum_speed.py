"""vocab/enum_speed.py: Python 3.11's EnumType.__getattr__ removed as 3.12 did, with no change of
behaviour (issue 18)."""

from __future__ import annotations

import enum
import subprocess
import sys
import textwrap

import pytest

import ecs_vanguard.vocab  # noqa: F401  (removes the method on 3.11)
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.enum_speed import drop_enum_getattr, members_outside_class_dicts
from ecs_vanguard.vocab.formats import Phase
from ecs_vanguard.vocab.zones import Zone


def test_the_slow_fallback_is_gone_once_the_engine_is_imported() -> None:
    assert "__getattr__" not in vars(enum.EnumType)
    assert drop_enum_getattr() is False            # once only: nothing left to remove


def test_every_enum_member_of_the_process_is_in_its_class_dict() -> None:
    # The premise of the removal, over every enum loaded here: the engine's, numpy's, the
    # standard library's, the test tools'.
    import ecs_vanguard.game  # noqa: F401
    assert members_outside_class_dicts() == []


def test_member_reads_are_unchanged_names_that_clash_with_properties_included() -> None:
    class Clashing(enum.Enum):
        name = 1             # `name` and `value` are properties of Enum members
        value = 2
        plain = 3
        alias = 3  # noqa: PIE796  (an alias, on purpose)

    assert Clashing.name.value == 1 and Clashing.value.value == 2
    assert Clashing.alias is Clashing.plain
    assert Clashing.plain.name == "plain" and Clashing["name"] is Clashing.name
    assert Zone.VC is Zone["VC"] and Phase.MAIN.name == "MAIN"
    assert ActionKind.DONE is ActionKind._member_map_["DONE"]
    with pytest.raises(AttributeError):
        Zone.NOT_A_ZONE  # noqa: B018
    with pytest.raises(AttributeError):
        Zone.__not_a_dunder__  # noqa: B018


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="3.12 has no EnumType.__getattr__")
def test_kept_when_an_enum_holds_a_member_only_its_map_knows() -> None:
    # A library that adds a member to _member_map_ by hand needs the fallback: it stays.
    script = textwrap.dedent("""
        import enum
        class Grown(enum.Enum):
            A = 1
        extra = object.__new__(Grown)
        extra._name_, extra._value_ = "B", 2
        Grown._member_map_["B"] = extra
        import ecs_vanguard.vocab
        print("__getattr__" in vars(enum.EnumType), Grown.B is extra)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["True", "True"]
