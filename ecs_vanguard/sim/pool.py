"""A local process pool for games that outlives its workers, never the other way round.

Each worker gets one chunk of game indices at a time over a pipe and sends back one record per
game, so the parent always knows the game a worker is playing. A worker that dies (killed, out
of memory, a crash in native code) loses only that game: it is played once more in a fresh
worker, then recorded as an error, and the run goes on. Workers stop with their run: the parent
stops them on the way out (also on Ctrl-C and SIGTERM), and a worker whose parent vanished
(SIGKILL) dies with it (PR_SET_PDEATHSIG on Linux) or at its next pipe read.

A plain script that calls `vg.simulate(...)` at its top level, with no `if __name__ ==
"__main__":` guard, works: multiprocessing would run the script again in every worker (and in
the fork server) to rebuild its `__main__`, where the script would start a pool of its own. A
worker needs the script only when what it is sent names something the script defined (an agent
of the user's own, say); otherwise it starts without it (`_script_left_out`). A worker that
dies before it says it is ready is a start-up failure (WorkerStartError), never a lost game.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import multiprocessing.connection as mpc
import pickle
import signal
import sys
import types
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from ecs_vanguard.sim import ticks
from ecs_vanguard.sim.batch import (
    ATTEMPTS,
    Batch,
    Chunk,
    GameFn,
    WorkerError,
    lost_record,
    play_one,
)
from ecs_vanguard.sim.play import GameSpec
from ecs_vanguard.vocab.errors import SimulationError

_STOP_GRACE_S = 2.0                          # seconds a stopped worker has to exit by itself
_READY = "ready"                             # a worker's first message: it has started


_UNGUARDED = ("the worker processes load your script to get what it defines (a game function "
              "or an agent of your own), so the call that starts the games must sit under `if "
              "__name__ == \"__main__\":`; or play with backend=\"serial\"")


class WorkerStartError(WorkerError, SimulationError):
    """Worker processes could not start: no game was played, none is counted."""


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (prctl PR_SET_PDEATHSIG)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)            # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):            # no prctl: the pipe read notices instead
        pass


def worker_main(conn: mpc.Connection, game_fn: GameFn, template: GameSpec,
                run_seed: int, tick: bool = False) -> None:
    """Play the chunks the parent sends, one record per game, until told to stop; with `tick`,
    also send the count of decisions made so far (an int) every quarter second."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # Ctrl-C is the parent's to handle
    _die_with_parent()
    # The worker is our own process: what it holds now (the engine, the card pool, the game
    # template) lives as long as it does, so the collector need not scan it again at every
    # full collection the games trigger (issue 18: 300 heuristic games took 5-7% less CPU,
    # 1.45 s against 1.55 s).
    gc.freeze()
    try:
        conn.send(_READY)
    except (BrokenPipeError, OSError):                # the parent is gone
        return

    def send_decisions(n: int) -> None:
        try:
            conn.send(n)
        except (BrokenPipeError, OSError):            # the parent is gone: the next send of
            pass                                      # a record notices and ends the worker

    with ticks.ticking(send_decisions if tick else None):
        _serve_chunks(conn, game_fn, template, run_seed)


def _serve_chunks(conn: mpc.Connection, game_fn: GameFn, template: GameSpec,
                  run_seed: int) -> None:
    while True:
        try:
            chunk = conn.recv()
        except (EOFError, OSError):                   # the parent is gone
            return
        if chunk is None:
            return
        for i in chunk:
            try:
                conn.send(play_one(game_fn, template, run_seed, i))
            except (BrokenPipeError, OSError):
                return


class _Worker:
    """One worker process, its pipe and the games of its chunk not yet reported."""

    def __init__(self, context: Any, batch: Batch, tick: bool, needs_script: bool) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=worker_main, args=(child, batch.game_fn, batch.template, batch.run_seed,
                                      tick), daemon=True)
        try:
            with contextlib.nullcontext() if needs_script else _script_left_out():
                self.process.start()
        except (OSError, EOFError, RuntimeError) as exc:   # the fork server died starting
            child.close()
            self.conn.close()
            raise WorkerStartError(_start_failure(f"{type(exc).__name__}: {exc}",
                                                  needs_script)) from exc
        child.close()
        self.games: deque[int] = deque()
        self.started = False                         # it has sent _READY

    def give(self, chunk: Chunk | None) -> None:
        """Send a chunk to play (None: stop)."""
        self.games = deque(chunk or ())
        try:
            self.conn.send(chunk)
        except (BrokenPipeError, OSError):           # it died meanwhile: noticed by the loop
            pass

    def stop(self) -> None:
        """Make sure the process has ended: ask, wait a little, then kill it."""
        try:
            self.conn.send(None)
        except (BrokenPipeError, OSError):
            pass
        self.process.join(_STOP_GRACE_S)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


def _needs_script(batch: Batch) -> bool:
    """True if a worker must rebuild the parent's `__main__` to unpickle what it is sent: the
    parent runs a script (not `python -m`, not an interactive session) and the game function
    or the game's template names something it defined."""
    main = sys.modules.get("__main__")
    if getattr(getattr(main, "__spec__", None), "name", None) is not None:
        return False                                 # python -m: imported by name, no re-run
    if getattr(main, "__file__", None) is None:
        return False                                 # interactive: nothing to rebuild
    try:
        sent = pickle.dumps((batch.game_fn, batch.template))
    except Exception:  # noqa: BLE001  (the worker start reports what cannot be pickled)
        return True
    return b"__main__" in sent


@contextlib.contextmanager
def _script_left_out() -> Iterator[None]:
    """While a worker starts, show multiprocessing a `__main__` with no file, so that neither
    the worker nor the fork server runs the parent's script again (spawn.get_preparation_data
    reads sys.modules["__main__"] at the start)."""
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = main


def _context() -> Any:
    # forkserver on Linux: fork() from a parent with threads (tqdm's monitor) can deadlock.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _death(process: Any) -> str:
    code = process.exitcode
    if code is not None and code < 0:
        return f"its worker process was killed by signal {-code} ({signal.Signals(-code).name})"
    return f"its worker process exited with code {code}"


def _start_failure(why: str, needs_script: bool) -> str:
    if needs_script:
        return f"worker processes could not start ({why}): {_UNGUARDED}"
    return f"worker processes could not start ({why}; the error is above)"


class _Pool:
    """The state of one pooled batch: workers, chunks to hand out, and the attempts of each
    game whose worker died."""

    def __init__(self, batch: Batch, workers: int,
                 on_decisions: Callable[[int], None] | None) -> None:
        self.batch, self.size = batch, workers
        self.on_decisions = on_decisions
        self.context = _context()
        self.needs_script = _needs_script(batch)
        self.chunks = iter(batch.chunks)
        self.retry: deque[Chunk] = deque()
        self.attempts: dict[int, int] = {}
        self.deaths_in_a_row = 0
        self.workers: list[_Worker] = []

    def next_chunk(self) -> Chunk | None:
        return self.retry.popleft() if self.retry else next(self.chunks, None)

    def start(self) -> None:
        for _ in range(self.size):
            chunk = self.next_chunk()
            if chunk is None:
                return
            worker = _Worker(self.context, self.batch, self.on_decisions is not None,
                             self.needs_script)
            worker.give(chunk)
            self.workers.append(worker)

    def records(self) -> Iterator[dict]:
        """Yield each record as it arrives; replace dead workers; stop idle ones."""
        while self.workers:
            waiting = {w.conn: w for w in self.workers} | {w.process.sentinel: w
                                                          for w in self.workers}
            for ready in mpc.wait(list(waiting)):
                worker = waiting[ready]
                if worker not in self.workers:
                    continue                          # already handled in this round
                yield from self._serve(worker)

    def _serve(self, worker: _Worker) -> Iterator[dict]:
        while worker.conn.poll():
            try:
                record = worker.conn.recv()
            except (EOFError, OSError):
                break
            if record == _READY:
                worker.started = True
                continue
            if isinstance(record, int):               # decisions made so far (tick)
                if self.on_decisions is not None:
                    self.on_decisions(record)
                continue
            worker.games.popleft()
            self.deaths_in_a_row = 0
            yield record
        if worker.games and worker.process.is_alive():
            return                                    # more to come from this chunk
        if not worker.games and worker.process.is_alive():
            chunk = self.next_chunk()
            worker.give(chunk)
            if chunk is None:
                self._retire(worker)
            return
        yield from self._buried(worker)

    def _buried(self, worker: _Worker) -> Iterator[dict]:
        """Handle a dead worker: its game in flight is retried or recorded, the rest of its
        chunk goes back to the queue, and a fresh worker takes its place."""
        worker.process.join()
        self._retire(worker)
        if not worker.started:
            raise WorkerStartError(_start_failure(_death(worker.process), self.needs_script))
        self.deaths_in_a_row += 1
        if self.deaths_in_a_row > 2 * self.size + 2:
            raise WorkerError(f"worker processes keep dying ({_death(worker.process)}); "
                              "finished games are saved")
        if worker.games:
            lost, rest = worker.games.popleft(), tuple(worker.games)
            if rest:
                self.retry.append(rest)
            self.attempts[lost] = self.attempts.get(lost, 0) + 1
            if self.attempts[lost] >= ATTEMPTS:
                yield lost_record(self.batch, lost, _death(worker.process))
            else:
                self.retry.appendleft((lost,))
        chunk = self.next_chunk()
        if chunk is not None:
            fresh = _Worker(self.context, self.batch, self.on_decisions is not None,
                            self.needs_script)
            fresh.give(chunk)
            self.workers.append(fresh)

    def _retire(self, worker: _Worker) -> None:
        self.workers.remove(worker)
        worker.stop()

    def close(self, *, now: bool) -> None:
        """Stop every worker still running: at once (`now`: Ctrl-C, SIGTERM, an error, the
        consumer leaving) or after it is told to."""
        for worker in list(self.workers):
            if now:
                worker.process.kill()
            self._retire(worker)


def refuse_in_bootstrap() -> None:
    """Stop this process if it is a worker (or the fork server) running the user's script again
    to load what the script defines, and the script starts games at its top level: before the
    run touches anything (its out folder, its lock), in one line rather than multiprocessing's
    traceback; the parent then raises WorkerStartError."""
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        raise SystemExit(f"ecs_vanguard: {_UNGUARDED}")


def run_pool(batch: Batch, workers: int,
             on_decisions: Callable[[int], None] | None = None) -> Iterator[dict]:
    """Yield the record of every game of the batch from `workers` processes; pass the decisions
    they report as they make them to `on_decisions` (None: they report none)."""
    refuse_in_bootstrap()
    pool = _Pool(batch, workers, on_decisions)
    try:
        pool.start()
        yield from pool.records()
    except BaseException:
        pool.close(now=True)
        raise
    pool.close(now=False)
