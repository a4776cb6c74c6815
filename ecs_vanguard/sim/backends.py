"""Where games run: in-process, a local process pool, or Ray; all yield the same records.

A backend takes chunks of game indices that share one `GameSpec` template, derives each game's
seed from (run seed, index) where it plays it, and yields each game's record (with its index
`i`) in completion order. Chunks are made lazily, so a run of 10**12 games costs no memory up
front; only the template and the indices cross process boundaries. A worker that dies loses
only the game it was playing: that game is played once more, then recorded as an error.
"""

from __future__ import annotations

import os
import socket
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from components import _compiled
from ecs_vanguard.sim.batch import (
    ATTEMPTS,
    Batch,
    Chunk,
    GameFn,
    WorkerError,
    error_record,
    game_seed,
    lost_record,
    plan_chunks,
    play_chunk,
    play_one,
)
from ecs_vanguard.sim.pool import run_pool
from ecs_vanguard.vocab.errors import SimulationError

BACKENDS = ("serial", "process", "ray")
_IN_FLIGHT_PER_WORKER = 4                     # Ray tasks queued per worker: busy, no backlog
RAY_PROBE_S = 5.0                             # seconds a Ray cluster's address has to answer


def run_batch(batch: Batch, backend: str, workers: int, address: str | None,
              on_decisions: Callable[[int], None] | None = None) -> Iterator[dict]:
    """Yield the record of every game of the batch, in completion order, from a backend.

    Decisions made by the process pool's workers are passed to `on_decisions` as they come;
    the serial backend's games count theirs on the ticker of the caller (`sim.ticks`); Ray
    reports games only.
    """
    runners = {"serial": _serial, "process": _process, "ray": _ray}
    if backend not in runners:
        raise ValueError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    _compiled.note_if_pure()          # in this process, before its workers start: they inherit
    if not batch.count:                               # a finished run resumed: start nothing
        return _serial(batch, workers, address, on_decisions)
    return runners[backend](batch, workers, address, on_decisions)


OnDecisions = Callable[[int], None] | None


def _serial(batch: Batch, workers: int, address: str | None,
            on_decisions: OnDecisions) -> Iterator[dict]:
    for chunk in batch.chunks:
        for i in chunk:
            yield play_one(batch.game_fn, batch.template, batch.run_seed, i)


def _process(batch: Batch, workers: int, address: str | None,
             on_decisions: OnDecisions) -> Iterator[dict]:
    return run_pool(batch, workers, on_decisions)


def _ray(batch: Batch, workers: int, address: str | None,
         on_decisions: OnDecisions) -> Iterator[dict]:
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'ecs-vanguard[ray]'") from None
    started = not ray.is_initialized()
    if started:
        _connect(ray, workers, address)
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


def _connect(ray: Any, workers: int, address: str | None) -> None:
    """Start a local Ray instance, or connect to the cluster at `address`.

    Raises:
        SimulationError: no cluster answers at `address` (one line, before any game).
    """
    if address is None:
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        return
    _probe(address)
    try:
        ray.init(address=address, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:   # what ray.init raises for it
        raise SimulationError(f"--address {address}: cannot reach a Ray cluster: "
                              f"{_first_line(exc)}") from None


def _probe(address: str) -> None:
    """Refuse a host:port that no server answers within RAY_PROBE_S (ray.init itself waits
    about a minute, retrying, before it gives up)."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdecimal() or not port.isascii():
        return                                        # "auto" and the like: ray.init decides
    try:
        socket.create_connection((host or "localhost", int(port)), timeout=RAY_PROBE_S).close()
    except (OSError, ValueError) as exc:
        raise SimulationError(f"--address {address}: cannot reach a Ray cluster: "
                              f"{getattr(exc, 'strerror', None) or exc}") from None


__all__ = [
    "ATTEMPTS", "BACKENDS", "Batch", "Chunk", "GameFn", "WorkerError", "cpu_count",
    "default_workers", "error_record", "game_seed", "lost_record", "plan_chunks", "play_chunk",
    "play_one", "run_batch",
]


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
