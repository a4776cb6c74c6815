"""A batch of games and how one game of it is played into a record: what every backend shares
(the in-process loop, the process pool, Ray), kept apart so the pool and the backends do not
import each other."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import numpy as np

from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.replay.record import game_digest
from ecs_vanguard.sim.play import GameSpec

GameFn = Callable[[GameSpec], dict]
Chunk = tuple[int, ...]                      # game indices

ATTEMPTS = 2                                  # a game whose worker died is played this often
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


def spec_digest(spec: GameSpec) -> str:
    """Return the record's digest of a game (`replay.game_digest`), with each deck's digest
    worked out once a process: a deck's digest (JSON of its lists, hashed) was two fifths of
    the digest, paid twice per game, for the same two decks all run long."""
    return game_digest(_deck_digest(spec.deck_a), _deck_digest(spec.deck_b), seed=spec.seed,
                       format=spec.format, turn_limit=spec.turn_limit)


def _deck_digest(deck: Deck | str) -> Deck | str:
    """A Deck's digest (what game_digest takes in its place), kept per deck; anything else as
    it is, for game_digest to judge."""
    return _kept_deck_digest(deck) if isinstance(deck, Deck) else deck


@lru_cache(maxsize=64)
def _kept_deck_digest(deck: Deck) -> str:
    # Decks are frozen and compare by their fields: an equal deck has the same lists, the
    # same digest.
    return deck.digest()


def play_one(game_fn: GameFn, template: GameSpec, run_seed: int, i: int) -> dict[str, Any]:
    """Play game i; an exception becomes an error record (with the seed), never a crash."""
    spec = replace(template, seed=game_seed(run_seed, i))
    try:
        record = dict(game_fn(spec))
    except Exception as exc:  # noqa: BLE001 - any engine failure is recorded, the run goes on
        record = error_record(spec, exc)
    record["i"] = i
    record.setdefault("seed", spec.seed)
    record["digest"] = spec_digest(spec)
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
    record["digest"] = spec_digest(spec)
    return record


def play_chunk(game_fn: GameFn, template: GameSpec, run_seed: int,
               chunk: Chunk) -> list[dict[str, Any]]:
    """Play every game of one chunk and return their records."""
    return [play_one(game_fn, template, run_seed, i) for i in chunk]
