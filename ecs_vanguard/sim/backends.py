"""Where games run: in-process, a local process pool, or Ray; all yield the same records.

A backend takes chunks of (game index, seed) pairs that share one `GameSpec` template, plays
them with `game_fn` and yields each game's record (with its index `i`) in completion order.
Only the template and the pairs cross process boundaries, so IPC stays small.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import signal
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ecs_vanguard.sim.play import GameSpec

GameFn = Callable[[GameSpec], dict]
Chunk = tuple[tuple[int, int], ...]          # ((game index, seed), ...)

BACKENDS = ("serial", "process", "ray")
RAY_MAX_RETRIES = 3                           # a chunk whose worker died is run again this often
_IN_FLIGHT_PER_WORKER = 4                     # chunks queued per worker: busy without a backlog


class WorkerError(RuntimeError):
    """A worker process was lost for good; the games already written are kept."""


@dataclass(frozen=True, slots=True)
class Batch:
    """The games one backend call plays: a spec template, its chunks and the game function."""

    template: GameSpec
    chunks: Sequence[Chunk]
    game_fn: GameFn


def make_chunks(tasks: Sequence[tuple[int, int]], workers: int) -> list[Chunk]:
    """Split (index, seed) pairs into chunks: about 16 per worker, 1 to 32 games each."""
    size = max(1, min(32, len(tasks) // (max(workers, 1) * 16)))
    return [tuple(tasks[k:k + size]) for k in range(0, len(tasks), size)]


def play_one(game_fn: GameFn, template: GameSpec, i: int, seed: int) -> dict[str, Any]:
    """Play game i; an exception becomes an error record (with the seed), never a crash."""
    spec = replace(template, seed=seed)
    try:
        record = dict(game_fn(spec))
    except Exception as exc:  # noqa: BLE001 - any engine failure is recorded, the run goes on
        record = error_record(spec, exc)
    record["i"] = i
    record.setdefault("seed", seed)
    return record


def error_record(spec: GameSpec, exc: BaseException) -> dict[str, Any]:
    """Return the record of a game the engine failed on: its seed and the error, no result."""
    where = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    at = f" at {where[0].filename}:{where[0].lineno}" if where else ""
    return {"seed": spec.seed, "agent_a": spec.agent_a, "agent_b": spec.agent_b,
            "format": spec.format, "winner": None, "reason": "error", "turns": 0,
            "first": None, "damage_a": 0, "damage_b": 0, "decisions": 0, "triggers": {},
            "mechanics": {}, "error": f"{type(exc).__name__}: {exc}{at}"}


def play_chunk(game_fn: GameFn, template: GameSpec, chunk: Chunk) -> list[dict[str, Any]]:
    """Play every game of one chunk and return their records."""
    return [play_one(game_fn, template, i, seed) for i, seed in chunk]


def run_batch(batch: Batch, backend: str, workers: int, address: str | None) -> Iterator[dict]:
    """Yield the record of every game of the batch, in completion order, from a backend."""
    runners = {"serial": _serial, "process": _process, "ray": _ray}
    if backend not in runners:
        raise ValueError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if not batch.chunks:                              # a finished run resumed: start nothing
        return iter(())
    return runners[backend](batch, workers, address)


def _serial(batch: Batch, workers: int, address: str | None) -> Iterator[dict]:
    for chunk in batch.chunks:
        for i, seed in chunk:
            yield play_one(batch.game_fn, batch.template, i, seed)


def _ignore_sigint() -> None:
    """Leave Ctrl-C to the parent, which stops the pool and keeps what was written."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool_context() -> Any:
    # forkserver on Linux: fork() from a parent with threads (tqdm's monitor) can deadlock.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _process(batch: Batch, workers: int, address: str | None) -> Iterator[dict]:
    pending = list(reversed(batch.chunks))
    with cf.ProcessPoolExecutor(max_workers=workers, mp_context=_pool_context(),
                                initializer=_ignore_sigint) as pool:
        running: set[cf.Future] = set()
        try:
            while pending or running:
                while pending and len(running) < workers * _IN_FLIGHT_PER_WORKER:
                    chunk = pending.pop()
                    running.add(pool.submit(play_chunk, batch.game_fn, batch.template, chunk))
                done, running = cf.wait(running, return_when=cf.FIRST_COMPLETED)
                for future in done:
                    yield from _chunk_result(future)
        finally:
            for future in running:
                future.cancel()
            pool.shutdown(wait=True, cancel_futures=True)


def _chunk_result(future: cf.Future) -> list[dict]:
    try:
        return future.result()
    except cf.process.BrokenProcessPool as exc:
        raise WorkerError(f"a worker process died ({exc}); finished games are saved") from exc


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
    remote = ray.remote(max_retries=RAY_MAX_RETRIES, num_cpus=1)(play_chunk)
    fn_ref, template_ref = ray.put(batch.game_fn), ray.put(batch.template)
    refs = [remote.remote(fn_ref, template_ref, chunk) for chunk in batch.chunks]
    try:
        while refs:
            done, refs = ray.wait(refs, num_returns=1)
            yield from _ray_result(ray, done[0])
    finally:
        for ref in refs:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def _ray_result(ray: Any, ref: Any) -> list[dict]:
    try:
        return ray.get(ref)
    except ray.exceptions.RayError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise WorkerError(f"a Ray task failed {RAY_MAX_RETRIES + 1} times ({first}); "
                          "finished games are saved") from exc


def default_workers() -> int:
    """Return the default worker count: every core of this machine."""
    return os.cpu_count() or 1
