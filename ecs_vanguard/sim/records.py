"""What a game record of `simulate` must be: its fields and their types, and, within a run, an
index in range, the seed of that index and the digest of the run's decks and that seed.

`check_record` returns what is wrong in words (or None), so a reader can name the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ecs_vanguard.replay.record import decode_actions, game_digest
from ecs_vanguard.vocab.errors import ReproductionError

_SIDES = ("a", "b", None)


def _int(v: object) -> bool:
    return type(v) is int and v >= 0


def _counts(v: object) -> bool:
    return isinstance(v, dict) and all(isinstance(k, str) and _int(n) for k, n in v.items())


def _actions(v: object) -> bool:
    """True for the encoded action indices of a game (`encode_actions`), decodable."""
    if not isinstance(v, str) or not _ACTIONS_TEXT.fullmatch(v):
        return False
    try:
        decode_actions(v)
    except ReproductionError:
        return False
    return True


_ACTIONS_TEXT = re.compile(r"[A-Za-z0-9_-]*")        # base64 with the URL-safe alphabet

# field -> (required, the values it may hold); every record this version writes (a played
# game's, an error's) holds the required ones, so a record without one was not written by a run
FIELDS: dict[str, tuple[bool, Callable[[object], bool]]] = {
    "i": (True, _int),
    "seed": (True, _int),
    "digest": (True, lambda v: isinstance(v, str) and len(v) == 16),
    "winner": (True, lambda v: v in _SIDES),
    "first": (True, lambda v: v in _SIDES),
    "reason": (True, lambda v: isinstance(v, str) and bool(v)),
    "detail": (False, lambda v: v is None or isinstance(v, str)),
    "turns": (True, _int),
    "damage_a": (True, _int),
    "damage_b": (True, _int),
    "decisions": (True, _int),
    "triggers": (True, _counts),
    "mechanics": (True, _counts),
    "error": (False, lambda v: v is None or isinstance(v, str)),
    "actions": (False, _actions),
    "agent_a": (False, lambda v: isinstance(v, str)),
    "agent_b": (False, lambda v: isinstance(v, str)),
    "format": (False, lambda v: isinstance(v, str)),
}


_WHAT = {"actions": "not an encoded list of action indices (base64)",
         "reason": "no reason the game ended (a non-empty string)"}


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
            what = _WHAT.get(name, "a bad value")
            return f"field {name!r} has {what}: {record[name]!r:.60}"
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
