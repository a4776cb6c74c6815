"""Run many games of one matchup: seeds per game, any backend, results streamed to disk, resume.

Game i of a run is played with `game_seed(run_seed, i)`, which depends on nothing else, so the
serial, process and Ray backends give identical records. With `out=DIR` the run keeps:

    DIR/run.json      the run header: decks (with a digest of their lists), agents, format, seed
    DIR/games.jsonl   one JSON record per finished game (with its index "i"), flushed as it arrives
    DIR/summary.json  Results.summary() at the end;  DIR/summary.png  its plot

`resume=True` reads games.jsonl (dropping a line torn by a kill) and plays only the missing games.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from ecs_vanguard import agents
from ecs_vanguard.cards.deck import Deck
from ecs_vanguard.errors import SimulationError
from ecs_vanguard.rules import format_rules
from ecs_vanguard.sim import backends
from ecs_vanguard.sim.play import GameSpec, play_game
from ecs_vanguard.sim.results import Results, encode

AGENTS = tuple(agents.AGENTS)         # agent names, in the registry's order
HEADER_VERSION = 1
_SEED_MASK = (1 << 63) - 1            # game seeds fit an int64 column

DeckLike = Deck | str | os.PathLike


def game_seed(run_seed: int, i: int) -> int:
    """Return the seed of game i of a run: derived from (run seed, i) only."""
    state = np.random.SeedSequence([run_seed, i]).generate_state(1, dtype=np.uint64)[0]
    return int(state) & _SEED_MASK


def resolve_deck(deck: DeckLike, fmt: str) -> Deck:
    """Return a Deck from a Deck, a built-in name or a TOML path, checked for the format.

    Raises:
        DeckError: the file is missing or malformed, a card is unknown, or a rule is broken.
    """
    resolved = deck if isinstance(deck, Deck) else Deck.resolve(os.fspath(deck))
    resolved.validate(fmt)
    return resolved


def deck_label(name: str) -> str:
    """Return a file-name-safe label of a deck argument (a built-in name or a file's stem)."""
    stem = name if name in Deck.builtin_names() else Path(name).stem
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", stem) or "deck"


def simulate(deck_a: DeckLike, deck_b: DeckLike, games: int = 1000, *, agent_a: str = "heuristic",
             agent_b: str = "heuristic", seed: int = 0, format: str = "standard",
             turn_limit: int | None = None, check: bool = False, workers: int | None = None,
             backend: str = "process", address: str | None = None,
             out: str | os.PathLike | None = None, resume: bool = False, progress: bool = False,
             game_fn: Callable[[GameSpec], dict] = play_game) -> Results:
    """Play `games` games of deck A against deck B and return their Results.

    Args:
        deck_a, deck_b: Deck objects, built-in deck names or deck TOML paths.
        backend: "serial" (in this process), "process" (a local pool of `workers`, default all
            cores) or "ray" (`address` of a cluster, or a local instance of `workers` CPUs).
        out: a directory that keeps every finished game as it arrives and the summary.
        resume: continue the run kept in `out` instead of refusing to touch it.
        game_fn: plays one GameSpec and returns its record (a test hook; default play_game).

    Raises:
        DeckError: a deck cannot be loaded or is not legal in the format.
        ValueError: a bad argument, or `out` holds another run (or this one, without resume).
        WorkerError: a worker process was lost for good (finished games are kept).
    """
    workers = backends.default_workers() if workers is None else workers
    _check_args(games=games, seed=seed, workers=workers, turn_limit=turn_limit)
    _check_choices(backend=backend, agent_a=agent_a, agent_b=agent_b, format=format)
    if resume and out is None:
        raise SimulationError("resume needs the out directory of the run to continue")
    template = GameSpec(deck_a=resolve_deck(deck_a, format), deck_b=resolve_deck(deck_b, format),
                        agent_a=agent_a, agent_b=agent_b, seed=0, format=format,
                        turn_limit=turn_limit, check=check)
    header = run_header(template, seed, game_fn)
    store = RunDir(Path(out)) if out is not None else None
    done = store.start(header, resume=resume) if store else {}
    todo = [(i, game_seed(seed, i)) for i in range(games) if i not in done]
    batch = backends.Batch(template, backends.make_chunks(todo, workers), game_fn)
    new = _play(batch, _Run(backend, workers, address, store, progress, games - len(todo)))
    results = Results.from_lines([(i, line) for i, line in done.items() if i < games] + new,
                                 header)
    if store:
        store.finish(results)
    return results


@dataclass(frozen=True, slots=True)
class _Run:
    """How a batch is played: backend, workers, where records go, and the progress bar."""

    backend: str
    workers: int
    address: str | None
    store: RunDir | None
    progress: bool
    already_done: int


def _play(batch: backends.Batch, run: _Run) -> list[tuple[int, str]]:
    """Play a batch, writing each record as it arrives; return the new (index, line) pairs."""
    total = run.already_done + sum(len(c) for c in batch.chunks)
    label = f"{batch.template.deck_a.name} vs {batch.template.deck_b.name}"
    lines: list[tuple[int, str]] = []
    writer = run.store.appender() if run.store else nullcontext(_discard)
    with _progress_bar(run.progress, total, run.already_done, label) as bar, writer as write:
        for record in backends.run_batch(batch, run.backend, run.workers, run.address):
            line = encode(record)
            write(line)
            lines.append((record["i"], line))
            bar.update(1)
    return lines


def _progress_bar(show: bool, total: int, initial: int, label: str) -> Any:
    """Return a tqdm bar on stderr showing games per second (a silent one if not shown)."""
    from tqdm import tqdm

    return tqdm(total=total, initial=initial, desc=label, unit="game", file=sys.stderr,
                dynamic_ncols=True, smoothing=0.05, disable=not show)


def _discard(line: str) -> None:
    """Keep nothing (a run without an out directory)."""


def _check_args(**numbers: int | None) -> None:
    """Raise ValueError naming the first argument that is not a valid count or seed."""
    lowest = {"games": 1, "seed": 0, "workers": 1, "turn_limit": 1}
    for name, value in numbers.items():
        if value is None and name == "turn_limit":
            continue
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise SimulationError(f"{name} must be an integer, got {value!r}")
            # and notebook users get one error type for every bad argument
        if value < lowest[name]:
            raise SimulationError(f"{name} must be at least {lowest[name]}, got {value}")


def _check_choices(*, backend: str, agent_a: str, agent_b: str, format: str) -> None:
    """Raise ValueError for an unknown backend, agent or format."""
    if backend not in backends.BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}: choose one of "
                         f"{', '.join(backends.BACKENDS)}")
    for agent in (agent_a, agent_b):
        if agent not in AGENTS:
            raise SimulationError(f"unknown agent {agent!r}: choose one of {', '.join(AGENTS)}")
    format_rules(format)


def run_header(template: GameSpec, seed: int, game_fn: Callable[[GameSpec], dict],
               ) -> dict[str, Any]:
    """Return what identifies a run: decks (by digest), agents, format, seed, turn limit."""
    fn = getattr(game_fn, "func", game_fn)            # functools.partial -> its function
    return {"version": HEADER_VERSION, "deck_a": deck_identity(template.deck_a),
            "deck_b": deck_identity(template.deck_b), "agent_a": template.agent_a,
            "agent_b": template.agent_b, "format": template.format, "seed": int(seed),
            "turn_limit": template.turn_limit,
            "game_fn": f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', '?')}"}


def deck_identity(deck: Deck) -> dict[str, str]:
    """Return a deck's name, source and a digest of its lists (what decides its games)."""
    lists = [deck.starter, list(deck.main), list(deck.ride_deck), list(deck.g_deck)]
    digest = hashlib.sha256(json.dumps(lists).encode()).hexdigest()[:16]
    return {"name": deck.name, "source": deck.source, "digest": digest}


def header_differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Return what differs between two run headers (deck names and paths do not count)."""
    diffs = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if key.startswith("deck_"):
            a, b = (a or {}).get("digest"), (b or {}).get("digest")
            if a != b:
                diffs.append(f"{key} has other cards")
        elif a != b:
            diffs.append(f"{key} {a!r} != {b!r}")
    return diffs


class RunDir:
    """A results directory: the run header, one JSON line per finished game, the summary."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.header_path = path / "run.json"
        self.games_path = path / "games.jsonl"

    def start(self, header: dict[str, Any], *, resume: bool) -> dict[int, str]:
        """Claim the directory for this run; return the lines of the games it already holds.

        Raises:
            ValueError: the directory holds games of another run, or of this run without resume.
        """
        if self.path.exists() and not self.path.is_dir():
            raise SimulationError(f"{self.path} is not a directory")
        has_games = self.games_path.exists() and self.games_path.stat().st_size > 0
        if not has_games:                             # nothing to lose: (re)write the header
            self.path.mkdir(parents=True, exist_ok=True)
            _write_json(self.header_path, header)
            return {}
        old = _read_header(self.header_path, "its games belong to no known run; "
                           "choose a fresh out directory")
        diffs = header_differences(old, header)
        if diffs:
            raise SimulationError(f"{self.path} holds the games of a different run ("
                             f"{'; '.join(diffs)}); choose a fresh out directory")
        if not resume:
            raise SimulationError(f"{self.path} already holds games of this run; "
                             "resume it (--resume) or choose a fresh out directory")
        return read_games(self.games_path, repair=True)

    def appender(self) -> _Appender:
        """Return a context manager that appends records to games.jsonl, flushing each."""
        return _Appender(self.games_path)

    def finish(self, results: Results) -> None:
        """Write summary.json and summary.png."""
        from ecs_vanguard.sim import plot

        summary = results.summary()
        _write_json(self.path / "summary.json", summary)
        plot.plot_summary(summary, self.path / "summary.png")


class _Appender:
    """Append one JSON line per game to a file and flush it at once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file: TextIO | None = None

    def __enter__(self) -> Callable[[str], None]:
        self.file = self.path.open("a", encoding="utf-8")
        return self.write

    def write(self, line: str) -> None:
        """Append one encoded record and a newline, and flush it to the operating system."""
        assert self.file is not None
        self.file.write(line + "\n")
        self.file.flush()

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()


def read_games(path: Path, *, repair: bool = False) -> dict[int, str]:
    """Read games.jsonl: index -> line (first per index wins), ignoring a line torn by a kill.

    With repair=True the torn line is also cut off the file, so appending can go on.

    Raises:
        ValueError: a complete line is not a game record (the file was damaged otherwise).
    """
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if repair and end < len(data):
        with path.open("r+b") as f:
            f.truncate(end)
    lines: dict[int, str] = {}
    for number, raw in enumerate(data[:end].splitlines(), start=1):
        if not raw.strip():
            continue
        record = _parse_record(raw, path, number)
        lines.setdefault(record["i"], encode(record))
    return lines


def _parse_record(line: bytes, path: Path, number: int) -> dict:
    try:
        record = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        record = None
    if not isinstance(record, dict) or not isinstance(record.get("i"), int):
        raise SimulationError(
            f"{path}:{number}: not a game record; repair or remove that line")
    return record


def _read_header(path: Path, advice: str) -> dict[str, Any]:
    """Return the run header in run.json; raise ValueError ending with `advice` if unreadable."""
    try:
        header = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        header = None
    if not isinstance(header, dict):
        raise SimulationError(
            f"{path.parent} has no readable run.json; {advice}")
    return header


def _write_json(path: Path, data: Any) -> None:
    """Write JSON through a temporary file, so a kill never leaves half a file."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def load_results(path: str | os.PathLike) -> Results:
    """Return the Results kept in a results directory (run.json and games.jsonl).

    Raises:
        ValueError: the directory holds no readable run.json or games.jsonl is damaged.
    """
    store = RunDir(Path(path))
    header = _read_header(store.header_path, "not a results directory of a run")
    games = read_games(store.games_path) if store.games_path.exists() else {}
    return Results.from_lines(games.items(), header)
