"""Run many games of one matchup: seeds per game, any backend, results streamed to disk, resume.

Game i of a run is played with `game_seed(run_seed, i)`, which depends on nothing else, so the
serial, process and Ray backends give identical records. Seeds and chunks of games are made as
they are needed, so the requested count costs no memory. With `out=DIR` every finished game is
kept as it arrives (`sim.rundir`); `resume=True` checks every kept record and plays only the
missing games.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from contextlib import closing, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ecs_vanguard import agents
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck, deck_pool
from ecs_vanguard.sim import backends, columnar, ticks
from ecs_vanguard.sim.backends import game_seed
from ecs_vanguard.sim.cardpool import matchup_format, pool_identity
from ecs_vanguard.sim.play import GameSpec, play_game
from ecs_vanguard.sim.pool import refuse_in_bootstrap
from ecs_vanguard.sim.progress import LINE_INTERVAL_S
from ecs_vanguard.sim.progress import progress as progress_reporter
from ecs_vanguard.sim.records import RecordCheck
from ecs_vanguard.sim.results import Results, encode
from ecs_vanguard.sim.rundir import HEADER_VERSION, RunDir, read_games, read_header
from ecs_vanguard.vocab.errors import SimulationError
from ecs_vanguard.vocab.formats import format_rules

AGENTS = tuple(agents.AGENTS)         # agent names, in the registry's order
MAX_GAMES = (1 << 63) - 1             # game indices fit an int64 column

DeckLike = Deck | str | os.PathLike

__all__ = ["AGENTS", "MAX_GAMES", "Matchup", "agent_text", "deck_identity", "game_seed",
           "load_results", "load_run",
           "plan_workers", "prepare", "resolve_deck", "run_header", "simulate"]


def resolve_deck(deck: DeckLike, db: CardDB | None = None) -> Deck:
    """Return a Deck from a Deck, a built-in name or a TOML path (with the cards of `db`).

    Raises:
        DeckError: the file is missing or malformed, or a card is unknown.
    """
    return deck if isinstance(deck, Deck) else Deck.resolve(os.fspath(deck), db)


@dataclass(frozen=True, slots=True)
class Matchup:
    """Two decks ready to play: their format (given or their own) and their card pool."""

    deck_a: Deck
    deck_b: Deck
    format: str
    db: CardDB


def prepare(deck_a: DeckLike, deck_b: DeckLike, format: str | None = None,
            db: CardDB | None = None) -> Matchup:
    """Resolve two decks, infer the format from theirs when `format` is None, load the card
    files they name on top of `db` and check both decks in the format.

    Raises:
        DeckError: a deck cannot be loaded or is not legal in the format.
        CardDataError: a card file is malformed, or two define one id.
        SimulationError: no format is given and the decks' formats differ, or it is unknown.
    """
    a, b = resolve_deck(deck_a, db), resolve_deck(deck_b, db)
    fmt = format_rules(matchup_format((a, b), format)).format.value
    pool = deck_pool((a, b), db)
    a.validate(fmt, pool)
    b.validate(fmt, pool)
    return Matchup(a, b, fmt, pool)


def deck_label(name: str) -> str:
    """Return a file-name-safe label of a deck argument (a built-in name or a file's stem)."""
    stem = name if name in Deck.builtin_names() else Path(name).stem
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", stem) or "deck"


def plan_workers(requested: int | None, backend: str, games: int) -> int:
    """Return the workers a run uses: as requested (default: every CPU), at most the CPUs of
    this machine for the process backend, and never more than the games to play."""
    cpus = backends.cpu_count()
    workers = cpus if requested is None else requested
    if backend == "process":
        workers = min(workers, cpus)
    return max(1, min(workers, games))


def simulate(deck_a: DeckLike, deck_b: DeckLike, games: int = 1000, *,
             agent_a: str | agents.AgentSpec = "heuristic",
             agent_b: str | agents.AgentSpec = "heuristic", seed: int = 0,
             format: str | None = None,
             db: CardDB | None = None, turn_limit: int | None = None, check: bool = False,
             workers: int | None = None,
             backend: str = "process", address: str | None = None,
             out: str | os.PathLike | None = None, resume: bool = False,
             progress: bool | str = False, progress_every: float = LINE_INTERVAL_S,
             label: str | None = None, game_fn: Callable[[GameSpec], dict] = play_game) -> Results:
    """Play `games` games of deck A against deck B and return their Results.

    Args:
        deck_a, deck_b: Deck objects, built-in deck names or deck TOML paths.
        agent_a, agent_b: agent specs: "heuristic", "random", "mcts", "mcts:iterations=50".
        format: the format to play; None: the decks' own (they must agree).
        db: the card pool (default: the built-in one; `CardDB.load(path, base=...)` for custom
            cards); the card files the decks name are loaded on top. It reaches the workers of
            every backend, and the run header records its card files with their digests.
        workers: worker processes or Ray CPUs (default: every CPU); the process backend uses at
            most the CPUs of this machine, and no backend more workers than games to play.
        backend: "serial" (in this process), "process" (a local pool of `workers`) or "ray"
            (`address` of a cluster, or a local instance of `workers` CPUs).
        out: a directory that keeps every finished game as it arrives and the summary.
        resume: continue the run kept in `out` instead of refusing to touch it.
        progress: False, True ("auto": a bar on a terminal, a line every `progress_every`
            seconds otherwise), "bar", "lines" or "off".
        label: what the progress reports call the run (default: the two decks).
        game_fn: plays one GameSpec and returns its record (a test hook; default play_game).

    Raises:
        DeckError: a deck cannot be loaded or is not legal in the format.
        CardDataError: a card file is malformed, or two define one id.
        SimulationError: a bad argument (decks of different formats and no format given); `out`
            cannot be written, is in use by another run, holds another run (or this one, without
            resume: a card file that changed makes it another run) or a bad record.
        WorkerError: worker processes keep dying (finished games are kept).
    """
    refuse_in_bootstrap()                 # a worker re-running an unguarded script
    _check_args(games=games, seed=seed, workers=workers, turn_limit=turn_limit)
    _check_backend(backend)
    agent_a, agent_b = agent_text(agent_a), agent_text(agent_b)
    if resume and out is None:
        raise SimulationError("resume needs the out directory of the run to continue")
    m = prepare(deck_a, deck_b, format, db)
    template = GameSpec(deck_a=m.deck_a, deck_b=m.deck_b, agent_a=agent_a, agent_b=agent_b,
                        seed=0, format=m.format, turn_limit=turn_limit, check=check, db=m.db)
    header = run_header(template, seed, game_fn)
    store = RunDir(Path(out)) if out is not None else None
    try:
        done = store.start(header, resume=resume, check=record_check(header, games)) \
            if store else {}
        count, chunks = backends.plan_chunks(games, done, plan_workers(workers, backend, games))
        batch = backends.Batch(template, seed, chunks, count, game_fn)
        mode = progress if isinstance(progress, str) else ("auto" if progress else "off")
        label = label or f"{m.deck_a.name} vs {m.deck_b.name}"
        run = _Run(backend, plan_workers(workers, backend, count), address, store, mode,
                   progress_every, games - count, label)
        new = _play(batch, run)
        results = Results.from_lines([(i, _compact(line)) for i, line in done.items()] + new,
                                     header)
        if store:
            store.finish(results.summary())
            columnar.write_run(results, store.path)     # at the end, and at every resume's
    except BaseException:
        if store:                  # nothing half-written: a run that kept no game leaves nothing
            store.discard()
        raise
    if store:
        store.close()
    return results


def record_check(header: dict[str, Any], games: int) -> RecordCheck:
    """Return what the records of the run with this header and game count must agree with."""
    run_seed = header["seed"]
    return RecordCheck(games=games, seed_of=lambda i: game_seed(run_seed, i),
                       deck_a=header["deck_a"]["digest"], deck_b=header["deck_b"]["digest"],
                       format=header["format"], turn_limit=header["turn_limit"])


@dataclass(frozen=True, slots=True)
class _Run:
    """How a batch is played: backend, workers, where records go, and the progress shown."""

    backend: str
    workers: int
    address: str | None
    store: RunDir | None
    progress: str
    progress_every: float
    already_done: int
    label: str


def _play(batch: backends.Batch, run: _Run) -> list[tuple[int, str]]:
    """Play a batch, writing each record as it arrives; return the new (index, line) pairs
    (lines without their action indices, which only the file keeps)."""
    total = run.already_done + batch.count
    lines: list[tuple[int, str]] = []
    writer = run.store.appender() if run.store else nullcontext(_discard)
    bar = progress_reporter(run.progress, total, run.already_done, run.label,
                            every=run.progress_every)
    listen = bar.decided if run.progress != "off" else None     # decisions move the progress
    records: Iterator[dict] = backends.run_batch(batch, run.backend, run.workers, run.address,
                                                 on_decisions=listen)
    with bar, writer as write, ticks.ticking(listen), \
            closing(records) as stream:                      # type: ignore[type-var]
        for record in stream:
            write(encode(record))
            record.pop("actions", None)
            lines.append((record["i"], encode(record)))
            bar.update(1, decisions=record.get("decisions") or 0)
    return lines


def _compact(line: str) -> str:
    """Return a record line without its action indices (a run in memory keeps only figures)."""
    record = json.loads(line)
    record.pop("actions", None)
    return encode(record)


def _discard(line: str) -> None:
    """Keep nothing (a run without an out directory)."""


def _check_args(**numbers: int | None) -> None:
    """Raise SimulationError naming the first argument that is not a valid count or seed."""
    lowest = {"games": 1, "seed": 0, "workers": 1, "turn_limit": 1}
    for name, value in numbers.items():
        if value is None and name in ("turn_limit", "workers"):
            continue
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise SimulationError(f"{name} must be an integer, got {value!r}")
            # and notebook users get one error type for every bad argument
        if value < lowest[name]:
            raise SimulationError(f"{name} must be at least {lowest[name]}, got {value}")
        if value > MAX_GAMES:
            raise SimulationError(f"{name} must be at most {MAX_GAMES}, got {value}")


def _check_backend(backend: str) -> None:
    """Raise SimulationError for an unknown backend."""
    if backend not in backends.BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}: choose one of "
                              f"{', '.join(backends.BACKENDS)}")


def agent_text(agent: str | agents.AgentSpec) -> str:
    """Return the canonical text of an agent spec (`mcts:iterations=50`), as records keep it.

    Raises:
        SimulationError: an unknown agent or option, or a bad option value.
    """
    try:
        return str(agents.AgentSpec.parse(agent))
    except ValueError as exc:
        raise SimulationError(str(exc)) from None


def run_header(template: GameSpec, seed: int, game_fn: Callable[[GameSpec], dict],
               ) -> dict[str, Any]:
    """Return what identifies a run: decks (by digest), agents, format, seed, turn limit, and
    the custom card files (each by a digest of its text; none for the built-in pool)."""
    fn = getattr(game_fn, "func", game_fn)            # functools.partial -> its function
    header = {"version": HEADER_VERSION, "deck_a": deck_identity(template.deck_a),
              "deck_b": deck_identity(template.deck_b), "agent_a": template.agent_a,
              "agent_b": template.agent_b, "format": template.format, "seed": int(seed),
              "turn_limit": template.turn_limit,
              "game_fn": f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', '?')}"}
    cards = pool_identity(template.db) if template.db is not None else None
    if cards is not None:                     # custom cards: which files, with their digests
        header["cards"] = cards
    return header


def deck_identity(deck: Deck) -> dict[str, str]:
    """Return a deck's name, source, how to find it again (`ref`: a built-in deck's name, else
    its file) and a digest of its lists (what decides its games)."""
    digest = deck.digest()
    stem = Path(deck.source).stem if deck.source else ""
    is_builtin = stem in Deck.builtin_names() and Deck.builtin(stem).digest() == digest
    ref = stem if is_builtin else os.path.abspath(deck.source) if deck.source else ""
    return {"name": deck.name, "source": deck.source, "ref": ref, "digest": digest}


def load_results(path: str | os.PathLike) -> Results:
    """Return the Results kept in a results directory (run.json and games.jsonl).

    Raises:
        SimulationError: the directory holds no readable run.json or games.jsonl is damaged.
    """
    store = RunDir(Path(path))
    header = read_header(store.header_path, "not a results directory of a run")
    games = read_games(store.games_path) if store.games_path.exists() else {}
    return Results.from_lines([(i, _compact(line)) for i, line in games.items()], header)


def load_run(path: str | os.PathLike) -> Any:
    """Return the games of a run as a pandas DataFrame, one row per game in game-index order
    (the columns of `sim.columnar`).

    Args:
        path: a results directory (its `games.parquet` when it is at least as new as its
            `games.jsonl`, else the records of `games.jsonl`: a resume that was killed leaves
            a Parquet copy older than the records, which is never read) or a Parquet file of
            a run.

    Raises:
        SimulationError: pandas (or, for a Parquet file, pyarrow) is not installed, the path
            is not a path or holds no run, or the Parquet file cannot be read (empty,
            truncated, not Parquet).
    """
    columnar.pandas()                         # a missing extra is said first, whatever the path
    if not isinstance(path, str | os.PathLike):
        raise SimulationError(f"load_run takes the path of a results directory or a Parquet "
                              f"file, got {type(path).__name__}")
    path = Path(path)
    if path.is_dir():
        parquet = path / columnar.PARQUET_NAME
        if columnar.is_current(parquet, RunDir(path).games_path):
            return columnar.read_parquet(parquet)
        return columnar.frame(load_results(path))       # no copy, or one older than the games
    if path.suffix == ".parquet" and path.exists():
        return columnar.read_parquet(path)
    raise SimulationError(f"{path}: not a results directory or a Parquet file of a run")
