"""Replay: a game's seed, decks and action indices reproduce it event for event (issue 5)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.game import invariants
from ecs_vanguard.replay import Reproduction, ReproductionError, main
from ecs_vanguard.vocab.formats import Phase

ROOT = Path(__file__).resolve().parents[2]
DECKS = {
    "standard": ("blazing_dragons", "radiant_knights"),
    "premium": ("accel_strikers", "force_vanguards"),
}


def _decks(fmt: str) -> tuple[vg.Deck, vg.Deck]:
    a, b = DECKS[fmt]
    return vg.Deck.builtin(a), vg.Deck.builtin(b)


def _record(fmt: str, seed: int, limit: int = 100_000) -> tuple[vg.Game, list[int]]:
    """Play a random game, recording the index of every action in legal_actions()."""
    game = vg.Game(*_decks(fmt), seed=seed, format=fmt)
    rng = np.random.default_rng(seed + 99)
    indices: list[int] = []
    while not game.over and len(indices) < limit:
        index = int(rng.integers(len(game.legal_actions())))
        indices.append(index)
        game.step(game.legal_actions()[index])
    return game, indices


@pytest.mark.parametrize("fmt", ["standard", "premium"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_replaying_recorded_indices_reproduces_the_game_event_for_event(fmt, seed):
    played, indices = _record(fmt, seed)
    again = vg.replay(seed, _decks(fmt), indices, format=fmt)
    assert again.over and again.events == played.events
    assert again.state_hash() == played.state_hash()
    assert (again.winner, again.end_reason) == (played.winner, played.end_reason)


def test_replaying_a_prefix_stops_at_the_same_position():
    played, indices = _record("premium", 4, limit=77)
    again = vg.replay(4, _decks("premium"), indices, format="premium")
    assert not again.over and again.state_hash() == played.state_hash()


def test_replay_keeps_the_turn_limit():
    game = vg.Game(*_decks("standard"), seed=3, turn_limit=2)
    rng = np.random.default_rng(3)
    indices = []
    while not game.over:
        indices.append(int(rng.integers(len(game.legal_actions()))))
        game.step(game.legal_actions()[indices[-1]])
    again = vg.replay(3, _decks("standard"), indices, turn_limit=2)
    assert again.end_code == "turn_limit" and again.events == game.events


@pytest.mark.parametrize("bad", [99, -1, 1.0, "0"])
def test_an_out_of_range_index_raises_naming_the_step(bad):
    _, indices = _record("standard", 1, limit=12)
    with pytest.raises(vg.IllegalActionError, match=r"step 13: action index .* out of range"):
        vg.replay(1, _decks("standard"), [*indices, bad])


def test_an_index_after_the_end_raises_naming_the_step():
    _, indices = _record("standard", 2)
    with pytest.raises(vg.IllegalActionError, match=f"step {len(indices) + 1}: the game is over"):
        vg.replay(2, _decks("standard"), [*indices, 0])


def test_a_play_game_failure_record_replays_to_the_same_failure(monkeypatch):
    """sim.play records the action indices of a failed game; replay reproduces the failure."""

    def broken(state):
        if state.turn.turn == 3 and state.turn.phase is Phase.BATTLE:
            raise AssertionError("planted")

    monkeypatch.setattr(invariants, "CHECKS", (*invariants.CHECKS, broken))
    a, b = _decks("standard")
    record = vg.play_game(vg.GameSpec(a, b, seed=11, check=True))
    assert record["error"] == "AssertionError: planted"
    game = vg.replay(record["seed"], (a, b), record["actions"], format=record["format"])
    with pytest.raises(AssertionError, match="planted"):
        game.check_invariants()


# -- the command ---------------------------------------------------------------------------------


def _write(tmp_path, **fields) -> str:
    data = {
        "seed": 5,
        "format": "standard",
        "deck_a": "blazing_dragons",
        "deck_b": "radiant_knights",
        "actions": [],
        "error": "AssertionError: x",
    }
    data.update(fields)
    path = tmp_path / "repro.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_the_command_says_a_fixed_reproduction_passes_now(tmp_path, capsys):
    _, indices = _record("standard", 5, limit=60)
    path = _write(tmp_path, actions=indices)
    assert main([path]) == 0
    out = capsys.readouterr().out
    assert "passes now: 60 steps replayed" in out and "recorded: AssertionError: x" in out


def test_the_command_prints_the_step_where_it_still_fails(tmp_path, capsys, monkeypatch):
    def broken(state):
        if len(state.events) >= 200:
            raise AssertionError("too many events")

    monkeypatch.setattr(invariants, "CHECKS", (*invariants.CHECKS, broken))
    _, indices = _record("standard", 5, limit=300)
    assert main([_write(tmp_path, actions=indices)]) == 1
    out = capsys.readouterr().out
    assert "fails at step" in out and "AssertionError: too many events" in out


def test_the_command_reports_an_index_that_no_longer_replays(tmp_path, capsys):
    assert main([_write(tmp_path, actions=[0, 0, 999])]) == 1
    assert "fails at step 3 of 3: IllegalActionError: step 3" in capsys.readouterr().out


@pytest.mark.parametrize(
    "content, expected",
    [
        (None, "cannot read"),
        ("{nope", "not JSON"),
        ('{"seed": 1}', "field 'format': missing"),
        (
            json.dumps(
                {"seed": -1, "format": "standard", "deck_a": "a", "deck_b": "b", "actions": []}
            ),
            "field 'seed': bad value -1",
        ),
        (
            json.dumps(
                {
                    "seed": 1,
                    "format": "standard",
                    "deck_a": "no_such_deck",
                    "deck_b": "radiant_knights",
                    "actions": [],
                }
            ),
            "no such deck file",
        ),
        (
            json.dumps(
                {
                    "seed": 1,
                    "format": "standard",
                    "deck_a": "accel_strikers",
                    "deck_b": "radiant_knights",
                    "actions": [],
                }
            ),
            "CORE-",
        ),
    ],
)
def test_a_bad_reproduction_file_is_one_line_on_stderr_and_exit_2(
    tmp_path, capsys, content, expected
):
    path = tmp_path / "repro.json"
    if content is not None:
        path.write_text(content)
    assert main([str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("replay: error:") and expected in err and "\n" not in err


def test_a_reproduction_round_trips_through_json(tmp_path):
    repro = Reproduction(7, "premium", "accel_strikers", "force_vanguards", (1, 0, 2), "E: x")
    path = tmp_path / "r.json"
    path.write_text(repro.to_json())
    assert Reproduction.load(path) == repro
    with pytest.raises(ReproductionError):
        Reproduction.from_dict(
            {"seed": 1, "format": "standard", "deck_a": "a", "deck_b": "b", "actions": [True]}
        )


def test_the_module_runs_from_the_command_line(tmp_path):
    _, indices = _record("premium", 6, limit=30)
    path = _write(
        tmp_path,
        format="premium",
        deck_a="accel_strikers",
        deck_b="force_vanguards",
        seed=6,
        actions=indices,
    )
    command = [sys.executable, "-m", "ecs_vanguard.replay", path]
    done = subprocess.run(
        command, capture_output=True, text=True, cwd=ROOT, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "passes now: 30 steps replayed" in done.stdout
