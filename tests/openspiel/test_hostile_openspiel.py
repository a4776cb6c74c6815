"""Hostile input, round 4 (issue 36) on the OpenSpiel game: a serialized state is JSON read
with checks, never a pickle (a crafted text once ran `os.system`), and the parameters and the
resample sampler OpenSpiel hands over are refused in one typed line."""

from __future__ import annotations

import base64
import json
import pickle

import numpy as np
import pytest

import ecs_vanguard.openspiel as vos
from ecs_vanguard.openspiel.game import MAX_RNG_SEED, MAX_TURN_LIMIT, STATE_FORMAT
from ecs_vanguard.vocab.errors import ArgumentError, SnapshotError


class _Planted:
    """A pickle that creates a file when it is loaded (what `os.system` would do, harmless)."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self) -> tuple:
        return (open, (self.path, "w"))


def _native_text(payload: object) -> str:
    """OpenSpiel's own text of a Python state: history, move number, pickled attributes."""
    return ("history=\nmove_number=0\n__dict__="
            + base64.b64encode(pickle.dumps(payload)).decode())


@pytest.fixture(scope="module")
def game() -> vos.VanguardGame:
    return vos.load_game(rng_seed=5, turn_limit=30)


@pytest.fixture(scope="module")
def dealt_text(game: vos.VanguardGame) -> str:
    state = game.new_initial_state()
    state.apply_action(0)
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    return state.serialize()


def test_a_crafted_pickle_text_runs_nothing_and_is_refused(game, tmp_path):
    """The text OpenSpiel's default serialization would unpickle: refused, nothing created."""
    marker = tmp_path / "ran"
    with pytest.raises(SnapshotError, match="not a state of format"):
        game.deserialize_state(_native_text({"engine": _Planted(str(marker))}))
    assert not marker.exists()
    # a pickled VanguardState goes through the same JSON reader
    state = game.new_initial_state()
    again = pickle.loads(pickle.dumps(state))
    assert isinstance(again, vos.VanguardState) and again.engine is None


def test_serialize_writes_json_holding_no_pickle(game, dealt_text):
    """The text is one JSON object of the state format: history, moves, the engine snapshot."""
    data = json.loads(dealt_text)
    assert set(data) == {"format", "history", "move_number", "engine"}
    assert data["format"] == STATE_FORMAT and data["history"][0] == [-1, 0]
    assert data["move_number"] == 7 and data["engine"]["version"] >= 2
    copy = game.deserialize_state(dealt_text)
    assert str(copy) == str(game.deserialize_state(dealt_text))
    assert copy.history() == [a for _, a in data["history"]] and copy.move_number() == 7
    assert json.loads(game.new_initial_state().serialize())["engine"] is None


def _edited(text: str, **changes: object) -> str:
    data = json.loads(text)
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("change", [
    {"history": [[0, 10**6]]}, {"history": [[7, 0]]}, {"history": [[0, "1"]]},
    {"history": [[0, 1, 2]]}, {"history": "0:1"}, {"history": []},
    {"move_number": 99}, {"move_number": -1}, {"move_number": 2.5},
    {"engine": []}, {"engine": {"version": 4}}, {"extra": 1}, {"format": "pickle"},
], ids=lambda c: repr(c)[:30])
def test_a_damaged_state_text_is_one_snapshot_error(game, dealt_text, change):
    """Every field is checked before anything is built: one SnapshotError line."""
    with pytest.raises(SnapshotError) as caught:
        game.deserialize_state(_edited(dealt_text, **change))
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("text", [b"{}", None, 12, "", "[" * 5000, "x" * (40 << 20),
                                  "not json", "[]"], ids=["bytes", "none", "int", "empty",
                                                          "nested", "huge", "words", "list"])
def test_what_is_not_a_state_text_is_refused(game, text):
    with pytest.raises(SnapshotError):
        game.deserialize_state(text)


def test_a_state_of_another_game_is_refused(dealt_text):
    """A snapshot of a game with another turn limit does not become this game's state."""
    other = vos.load_game(rng_seed=5, turn_limit=31)
    with pytest.raises(SnapshotError, match="turn limit"):
        other.deserialize_state(dealt_text)


@pytest.mark.parametrize("params", [
    {"turn_limit": 2**31 - 1}, {"turn_limit": MAX_TURN_LIMIT + 1}, {"turn_limit": 0},
    {"rng_seed": 2**40}, {"rng_seed": MAX_RNG_SEED + 1}, {"rng_seed": -1},
    {"turn_limit": True}, {"rng_seed": 1.0}, {"nope": 1},
], ids=lambda p: repr(p)[:30])
def test_parameters_out_of_range_are_argument_errors(params):
    """Parameters OpenSpiel could not hold as C++ ints are refused before it sees them."""
    for make in (lambda: vos.load_game(**params), lambda: vos.VanguardGame(params)):
        with pytest.raises(ArgumentError):
            make()


def test_the_largest_parameters_load():
    game = vos.load_game(turn_limit=MAX_TURN_LIMIT, rng_seed=MAX_RNG_SEED)
    assert game.max_game_length() > 0


@pytest.mark.parametrize("draw", [float("nan"), float("inf"), 1.0, -0.1, "0.5", None, True],
                         ids=repr)
def test_a_resample_sampler_returning_no_probability_is_refused(game, draw):
    state = game.new_initial_state()
    state.apply_action(0)
    with pytest.raises(ArgumentError, match="probability sampler"):
        state.resample_from_infostate(0, lambda: draw)
    sample = state.resample_from_infostate(0, lambda: np.float32(0.25))
    assert sample.engine is not None

