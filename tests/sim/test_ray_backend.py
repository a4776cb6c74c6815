"""The Ray backend on a real local Ray instance (2 CPUs): same records, survives a dead worker."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pytest
from fault_games import fake_game

from ecs_vanguard.sim.play import GameSpec
from ecs_vanguard.sim.runner import game_seed, simulate

ray = pytest.importorskip("ray")

# One pytest-xdist worker runs every test of this file: they share one local Ray instance
# (module fixtures), and two instances at once would fight over the 2 CPUs.
pytestmark = pytest.mark.xdist_group("ray")

# The fake game functions live in this module and fault_games; Ray workers import them by name,
# so they need this folder (pytest's rootdir-less import) and the repository root on their path.
_HERE = Path(__file__).resolve().parent
_PATH = os.pathsep.join([str(_HERE), str(_HERE.parents[1]), os.environ.get("PYTHONPATH", "")])

A, B = "blazing_dragons", "radiant_knights"


def dying_game(marker: str, doomed_seed: int, spec: GameSpec) -> dict:
    """Kill the worker process the first time the doomed game is played, then play normally."""
    if spec.seed == doomed_seed and not os.path.exists(marker):
        Path(marker).write_text("died once")
        os._exit(1)
    return fake_game(spec)


@pytest.fixture(scope="module")
def ray_path():
    """Let Ray's workers import this module."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PYTHONPATH", _PATH)
        yield


@pytest.fixture(scope="module")
def local_ray(ray_path):
    """Start one local Ray instance with 2 CPUs for the tests that share it; shut it down."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_runner_starts_and_stops_its_own_local_ray(ray_path):
    """Without a running Ray, the ray backend starts a local instance and shuts it down."""
    assert not ray.is_initialized()
    results = simulate(A, B, 12, seed=1, backend="ray", workers=2, game_fn=fake_game)
    assert not ray.is_initialized()
    assert [r["i"] for r in results.records] == list(range(12))


def test_ray_gives_the_serial_records(local_ray):
    """Ray returns exactly the records the serial backend plays for the same run."""
    serial = simulate(A, B, 80, seed=9, backend="serial", game_fn=fake_game)
    on_ray = simulate(A, B, 80, seed=9, backend="ray", workers=2, game_fn=fake_game)
    assert on_ray.records == serial.records
    assert ray.is_initialized()                      # a Ray it did not start is left running


def test_ray_worker_killed_mid_run_is_retried_and_every_game_counted_once(local_ray, tmp_path):
    """A worker that dies is retried; games.jsonl ends with every game exactly once."""
    marker = tmp_path / "died"
    doomed = game_seed(0, 33)
    out = tmp_path / "run"
    results = simulate(A, B, 60, backend="ray", workers=2, out=out,
                       game_fn=functools.partial(dying_game, str(marker), doomed))
    assert marker.exists()                           # the worker really died once
    indices = [json.loads(line)["i"] for line in (out / "games.jsonl").read_text().splitlines()]
    assert sorted(indices) == list(range(60))
    serial = simulate(A, B, 60, backend="serial", game_fn=fake_game)
    assert results.records == serial.records


def test_ray_workers_play_custom_cards(local_ray):
    """The custom card pool (a deck's own card file and a `db`) reaches Ray's workers: the real
    engine gives the serial records."""
    from ecs_vanguard.pool.db import CardDB

    cards = _HERE.parent / "custom_cards"
    db = CardDB.load(cards / "cards.toml", base=CardDB.builtin())
    deck = str(cards / "deck_without_cards.toml")
    on_ray = simulate(deck, B, 3, seed=2, backend="ray", workers=2, db=db)
    serial = simulate(deck, B, 3, seed=2, backend="serial", db=db)
    assert on_ray.records == serial.records and not on_ray.summary()["errors"]
