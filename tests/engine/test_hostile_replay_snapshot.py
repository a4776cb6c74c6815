"""Hostile input, round 4 (issue 36) on the Python API of the engine: `replay` with one deck,
three, or actions that are not indices, and a snapshot whose generator state holds a huge
integer, each become the project's typed error in one line (they were numpy's OverflowError,
Python's unpacking ValueError and TypeError)."""

from __future__ import annotations

import json

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.replay import replay
from ecs_vanguard.vocab.errors import ArgumentError, IllegalActionError, SnapshotError


@pytest.fixture(scope="module")
def decks() -> tuple[vg.Deck, vg.Deck]:
    return vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights")


@pytest.mark.parametrize("shape", ["one", "three", "none", "text", "deck"])
def test_replay_takes_exactly_two_decks(decks, shape):
    given = {"one": decks[:1], "three": (*decks, decks[0]), "none": None, "text": "ab",
             "deck": decks[0]}[shape]
    with pytest.raises(ArgumentError, match="replay takes two decks") as caught:
        replay(1, given, [])
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("actions", [None, 5, 2.5, object()],
                         ids=["none", "int", "float", "object"])
def test_replay_actions_that_are_not_a_list_or_a_record_string_are_refused(decks, actions):
    with pytest.raises(ArgumentError, match="action indices"):
        replay(1, decks, actions)


@pytest.mark.parametrize("index", [None, 1.0, "0", True, np.float64(0)], ids=repr)
def test_a_replay_index_that_is_not_an_integer_names_its_step(decks, index):
    with pytest.raises(IllegalActionError,
                       match="step 2: action index .* is out of range: not an integer"):
        replay(1, decks, [0, index])


def test_numpy_integer_indices_replay_as_their_values(decks):
    """An index read from an observation (a numpy integer) is its value."""
    plain = replay(3, decks, [0, 0, 1, 0])
    numpy = replay(3, decks, [np.int64(0), np.uint8(0), np.int32(1), np.int16(0)])
    assert plain.state_hash() == numpy.state_hash()


def _with_rng(game: vg.Game, *path_and_value: object) -> str:
    data = json.loads(game.to_json())
    *path, key, value = path_and_value
    holder = data["rng"]
    for part in path:
        holder = holder[part]
    holder[key] = value
    return json.dumps(data)


@pytest.mark.parametrize("change", [
    ("state", "state", 10**40), ("state", "inc", 2**128), ("state", "state", -1),
    ("state", "state", 1.5), ("state", "state", "12"), ("uinteger", 10**30),
    ("uinteger", -1), ("has_uint32", 2), ("has_uint32", True), ("bit_generator", "MT19937"),
    ("extra", 1), ("state", "extra", 1),
], ids=lambda c: "-".join(map(str, c))[:30])
def test_a_snapshot_generator_state_out_of_range_is_a_snapshot_error(decks, change):
    game = vg.Game(*decks, seed=1)
    with pytest.raises(SnapshotError, match="generator state") as caught:
        vg.Game.from_json(_with_rng(game, *change))
    assert "\n" not in str(caught.value)


def test_a_snapshot_at_the_edges_of_the_generator_state_loads(decks):
    game = vg.Game(*decks, seed=1)
    text = _with_rng(game, "state", "state", 2**128 - 1)
    loaded = vg.Game.from_json(_with_rng(vg.Game.from_json(text), "uinteger", 2**32 - 1))
    assert loaded.state.rng.state_snapshot()["state"]["state"] == 2**128 - 1


def test_no_module_of_the_engine_unpickles_or_evaluates_what_it_reads():
    """Code from a string (issue 36, class 1): no module unpickles, evaluates or loads numpy
    objects; the one `exec` call builds a record's __init__ from the engine's own field names
    (state.core's clone is written out since issue 34)."""
    import re
    from pathlib import Path

    root = Path(vg.__file__).resolve().parent.parent
    forbidden = re.compile(r"\bpickle\.loads?\(|\bUnpickler\b|(?<![\w.])eval\(|allow_pickle\s*=\s*"
                           r"True|\bmarshal\.loads?\(|\bshelve\.|\byaml\.load\(|\bdill\.")
    exec_allowed = {"ecs_vanguard/vocab/records.py"}
    found, execs = [], set()
    for package in ("ecs_vanguard", "components", "systems"):
        for path in sorted((root / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            name = path.relative_to(root).as_posix()
            found += [f"{name}: {m.group(0)}" for m in forbidden.finditer(text)]
            if re.search(r"(?<![\w.])exec\(", text):
                execs.add(name)
    assert found == [] and execs <= exec_allowed, (found, execs)
