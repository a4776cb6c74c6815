"""Where games run: in-process, a local process pool, or Ray; all yield the same records.

A backend takes chunks of game indices that share one `GameSpec` template, derives each game's
seed from (run seed, index) where it plays it, and yields each game's record (with its index
`i`) in completion order. Chunks are made lazily, so a run of 10**12 games costs no memory up
front; only the template and the indices cross process boundaries. A worker that dies loses
only the game it was playing: that game is played once more, then recorded as an error.
"""

from __future__ import annotations

import os
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ecs_vanguard.replay.record import game_digest
from ecs_vanguard.sim.play import GameSpec

GameFn = Callable[[GameSpec], dict]
Chunk = tuple[int, ...]                      # game indices

BACKENDS = ("serial", "process", "ray")
ATTEMPTS = 2                                  # a game whose worker died is played this often
_IN_FLIGHT_PER_WORKER = 4                     # Ray tasks queued per worker: busy, no backlog
_SEED_MASK = (1 << 63) - 1                    # game seeds fit an int64 column


class WorkerError(RuntimeError):
    """Worker processes cannot be kept alive; the games already written are kept."""


def game_seed(run_seed: int, i: int) -> int:
    """Return the seed of game i of a run: derived from (run seed, i) only."""
    state = np.random.SeedSequence([run_seed, i]).generate_state(1, dtype=np.uint64)[0]
    return int(state) & _SEED_MASK


@dataclass(frozen=True, slots=True)
class Batch:
    """The games one backend call plays: a spec template, the run seed, its chunks (an iterable
    consumed once) and how many games they hold, and the game function."""

    template: GameSpec
    run_seed: int
    chunks: Iterable[Chunk]
    count: int
    game_fn: GameFn


def plan_chunks(games: int, done: Iterable[int], workers: int) -> tuple[int, Iterator[Chunk]]:
    """Return (games to play, a lazy iterator of their chunks): the indices below `games` that
    are not `done`, about 16 chunks per worker of 1 to 32 games each."""
    skip = {i for i in done if 0 <= i < games}
    count = games - len(skip)
    size = max(1, min(32, count // (max(workers, 1) * 16)))

    def chunks() -> Iterator[Chunk]:
        chunk: list[int] = []
        for i in range(games):
            if i not in skip:
                chunk.append(i)
                if len(chunk) == size:
                    yield tuple(chunk)
                    chunk = []
        if chunk:
            yield tuple(chunk)

    return count, chunks()


def play_one(game_fn: GameFn, template: GameSpec, run_seed: int, i: int) -> dict[str, Any]:
    """Play game i; an exception becomes an error record (with the seed), never a crash."""
    spec = replace(template, seed=game_seed(run_seed, i))
    try:
        record = dict(game_fn(spec))
    except Exception as exc:  # noqa: BLE001 - any engine failure is recorded, the run goes on
        record = error_record(spec, exc)
    record["i"] = i
    record.setdefault("seed", spec.seed)
    record["digest"] = game_digest(spec.deck_a, spec.deck_b, seed=spec.seed,
                                   format=spec.format, turn_limit=spec.turn_limit)
    return record


def error_record(spec: GameSpec, exc: BaseException | str) -> dict[str, Any]:
    """Return the record of a game the engine failed on: its seed and the error, no result."""
    if isinstance(exc, str):
        message = exc
    else:
        where = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
        at = f" at {where[0].filename}:{where[0].lineno}" if where else ""
        message = f"{type(exc).__name__}: {exc}{at}"
    return {"seed": spec.seed, "agent_a": spec.agent_a, "agent_b": spec.agent_b,
            "format": spec.format, "winner": None, "reason": "error", "turns": 0,
            "first": None, "damage_a": 0, "damage_b": 0, "decisions": 0, "triggers": {},
            "mechanics": {}, "error": message}


def lost_record(batch: Batch, i: int, why: str) -> dict[str, Any]:
    """Return the error record of game i, whose worker died on every attempt."""
    spec = replace(batch.template, seed=game_seed(batch.run_seed, i))
    record = error_record(spec, f"WorkerLost: {why} on all {ATTEMPTS} attempts")
    record["i"] = i
    record["digest"] = game_digest(spec.deck_a, spec.deck_b, seed=spec.seed,
                                   format=spec.format, turn_limit=spec.turn_limit)
    return record


def play_chunk(game_fn: GameFn, template: GameSpec, run_seed: int,
               chunk: Chunk) -> list[dict[str, Any]]:
    """Play every game of one chunk and return their records."""
    return [play_one(game_fn, template, run_seed, i) for i in chunk]


def run_batch(batch: Batch, backend: str, workers: int, address: str | None) -> Iterator[dict]:
    """Yield the record of every game of the batch, in completion order, from a backend."""
    runners = {"serial": _serial, "process": _process, "ray": _ray}
    if backend not in runners:
        raise ValueError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if not batch.count:                               # a finished run resumed: start nothing
        return _serial(batch, workers, address)
    return runners[backend](batch, workers, address)


def _serial(batch: Batch, workers: int, address: str | None) -> Iterator[dict]:
    for chunk in batch.chunks:
        for i in chunk:
            yield play_one(batch.game_fn, batch.template, batch.run_seed, i)


def _process(batch: Batch, workers: int, address: str | None) -> Iterator[dict]:
    from ecs_vanguard.sim.pool import run_pool

    return run_pool(batch, workers)


def _ray(batch: Batch, workers: int, address: str | None) -> Iterator[dict]:
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'ecs-vanguard[ray]'") from None
    started = not ray.is_initialized()
    if started and address is None:
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    elif started:
        ray.init(address=address, log_to_driver=False)
    # Ray plays a task again when its worker dies (once); a chunk that still fails is split
    # into single games, and a single game that still fails is recorded as an error.
    remote = ray.remote(max_retries=ATTEMPTS - 1, num_cpus=1)(play_chunk)
    fn_ref, template_ref = ray.put(batch.game_fn), ray.put(batch.template)
    chunks, retry = iter(batch.chunks), deque[Chunk]()
    running: dict[Any, Chunk] = {}
    try:
        while True:
            while len(running) < workers * _IN_FLIGHT_PER_WORKER:
                chunk = retry.popleft() if retry else next(chunks, None)
                if chunk is None:
                    break
                running[remote.remote(fn_ref, template_ref, batch.run_seed, chunk)] = chunk
            if not running:
                return
            (ref,), _ = ray.wait(list(running), num_returns=1)
            chunk = running.pop(ref)
            try:
                yield from ray.get(ref)
            except ray.exceptions.RayError as exc:
                if len(chunk) > 1:
                    retry.extend((i,) for i in chunk)
                else:
                    yield lost_record(batch, chunk[0], f"the Ray task failed ({_first_line(exc)})")
    finally:
        for ref in running:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def cpu_count() -> int:
    """Return the CPUs this process may run on (its affinity, else every core)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def default_workers() -> int:
    """Return the default worker count: every CPU this process may use."""
    return cpu_count()
