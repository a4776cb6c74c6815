"""What a game record of `simulate` must be: its fields and their types, and, within a run, an
index in range, the seed of that index and the digest of the run's decks and that seed.

`check_record` returns what is wrong in words (or None), so a reader can name the line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ecs_vanguard.replay.record import game_digest

_SIDES = ("a", "b", None)


def _int(v: object) -> bool:
    return type(v) is int and v >= 0


def _counts(v: object) -> bool:
    return isinstance(v, dict) and all(isinstance(k, str) and _int(n) for k, n in v.items())


# field -> (required, the values it may hold)
FIELDS: dict[str, tuple[bool, Callable[[object], bool]]] = {
    "i": (True, _int),
    "seed": (True, _int),
    "digest": (True, lambda v: isinstance(v, str) and len(v) == 16),
    "winner": (False, lambda v: v in _SIDES),
    "first": (False, lambda v: v in _SIDES),
    "reason": (False, lambda v: isinstance(v, str)),
    "detail": (False, lambda v: v is None or isinstance(v, str)),
    "turns": (False, _int),
    "damage_a": (False, _int),
    "damage_b": (False, _int),
    "decisions": (False, _int),
    "triggers": (False, _counts),
    "mechanics": (False, _counts),
    "error": (False, lambda v: v is None or isinstance(v, str)),
    "actions": (False, lambda v: isinstance(v, str)),
    "agent_a": (False, lambda v: isinstance(v, str)),
    "agent_b": (False, lambda v: isinstance(v, str)),
    "format": (False, lambda v: isinstance(v, str)),
}


@dataclass(frozen=True, slots=True)
class RecordCheck:
    """What the records of one run must agree with: how many games, whose seeds, whose decks."""

    games: int
    seed_of: Callable[[int], int]          # game index -> its seed in this run
    deck_a: str                            # deck digests (Deck.digest)
    deck_b: str
    format: str
    turn_limit: int | None

    def digest(self, seed: int) -> str:
        """Return the digest a record of this run with this seed carries."""
        return game_digest(self.deck_a, self.deck_b, seed=seed, format=self.format,
                           turn_limit=self.turn_limit)


def check_record(record: Any, run: RecordCheck | None = None) -> str | None:
    """Return what is wrong with a game record (for this run, if given), or None."""
    if not isinstance(record, dict):
        return "not a game record (a JSON object)"
    for name, (required, valid) in FIELDS.items():
        if name not in record:
            if required:
                return f"not a game record of this version: no field {name!r}"
        elif not valid(record[name]):
            return f"field {name!r} has a bad value {record[name]!r:.60}"
    if run is None:
        return None
    i = record["i"]
    if i >= run.games:
        return f"game index {i} is outside 0..{run.games - 1}, the games of this run"
    if record["seed"] != run.seed_of(i):
        return f"game {i} was played with seed {record['seed']}, not this run's seed for it"
    if record["digest"] != run.digest(record["seed"]):
        return f"game {i} was played with other decks, format or turn limit (digest differs)"
    return None
