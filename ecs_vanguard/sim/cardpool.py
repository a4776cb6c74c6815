"""Custom cards in runs: the `--cards` option every command shares, the card pool a run header
records (each card file with a digest of its text) and the pool made again from that record,
and the format of a matchup inferred from its decks.

A run made with custom cards records them as `"cards": {"builtin": true, "files": [{"path",
"digest"}]}` in run.json; `show` and `--resume` load the same files again and refuse, in one
line, a file that changed or is gone. A run with the built-in pool only records nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
from collections.abc import Sequence
from enum import Enum
from typing import Any

from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.vocab.errors import CardDataError, SimulationError, VanguardError


def add_cards_option(parser: argparse.ArgumentParser) -> None:
    """Add `--cards FILE` (repeatable) to a command's parser: custom card files on top of the
    built-in pool."""
    parser.add_argument("--cards", metavar="FILE", action="append", default=[],
                        help="custom card TOML file or folder, loaded on top of the built-in "
                        "pool (repeatable; a deck file may also name its own: cards = [...])")


def load_cards(paths: Sequence[str]) -> CardDB:
    """Return the built-in pool with the card files `paths` on top (the pool itself if none).

    Raises:
        CardDataError: a file is missing or malformed (one line naming file, card and field).
    """
    return CardDB.load(*paths, base=CardDB.builtin()) if paths else CardDB.builtin()


def matchup_format(decks: Sequence[Deck], given: str | None) -> str:
    """Return the format to play: `given`, else the decks' own `format` when they agree.

    Raises:
        SimulationError: no format is given and the decks name different ones.
    """
    if given is not None:
        return given
    formats = {deck.format for deck in decks}
    if len(formats) == 1:
        return formats.pop()
    which = ", ".join(f"{deck.name} is {deck.format}" for deck in decks)
    raise SimulationError(f"decks of different formats ({which}); name the format to play "
                          "(--format, or format= in Python)")


def pool_identity(db: CardDB) -> dict[str, Any] | None:
    """Return what a run header records of its card pool: None for the built-in pool alone,
    else whether it builds on the built-in pool and every card file with its digest (or, for a
    pool made in Python, a digest of its cards)."""
    origin = db.origin
    if origin is None:
        cards = repr(sorted((card.id, _canonical(card)) for card in db))
        return {"python": hashlib.sha256(cards.encode()).hexdigest()[:16]}
    if origin.builtin and not origin.files:
        return None
    return {"builtin": origin.builtin, "files": [f.to_dict() for f in origin.files]}


def _canonical(value: object) -> object:
    """Return plain data that is equal for equal cards in every process (set order follows
    string hashing, which differs between processes)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,
                tuple(_canonical(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, frozenset | set):
        return tuple(sorted(repr(_canonical(v)) for v in value))
    if isinstance(value, tuple | list):
        return tuple(_canonical(v) for v in value)
    if isinstance(value, Enum):
        return value.value
    return value


def pool_from_identity(identity: object, error: type[VanguardError] = SimulationError) -> CardDB:
    """Load the card pool a run header records, refusing a card file that changed since.

    Raises:
        error: the record is malformed, names a pool made in Python, or a card file is gone,
            changed or no longer loads (one line naming the file).
    """
    if identity is None:
        return CardDB.builtin()
    if isinstance(identity, dict) and "python" in identity:
        raise error("the run used a card pool made in Python, not card files; replay its games "
                    "in Python (vg.replay(..., db=...))")
    files = _recorded_files(identity, error)
    assert isinstance(identity, dict)
    base = CardDB.builtin() if identity["builtin"] else None
    try:
        db = CardDB.load(*(path for path, _ in files), base=base)
    except CardDataError as exc:
        raise error(f"a card file of the run no longer loads: {exc}") from None
    assert db.origin is not None
    now = {f.path: f.digest for f in db.origin.files}
    for path, digest in files:
        if now.get(path) != digest:
            raise error(f"{path}: this card file changed since the run; its games cannot be "
                        "replayed with it")
    return db


def _recorded_files(identity: object, error: type[VanguardError]) -> list[tuple[str, str]]:
    """Return (path, digest) of each card file of a header's record, checked for shape."""
    files = identity.get("files") if isinstance(identity, dict) else None
    if not (isinstance(identity, dict) and isinstance(identity.get("builtin"), bool)
            and isinstance(files, list)
            and all(isinstance(f, dict) and isinstance(f.get("path"), str)
                    and isinstance(f.get("digest"), str) for f in files)):
        raise error("run.json: field 'cards' is not a record of card files")
    return [(f["path"], f["digest"]) for f in files]


def card_changes(old: object, new: object) -> list[str]:
    """Return how the card pools of two run headers differ, in words ([] if they do not)."""
    if old == new:
        return []
    digests = [{f.get("path"): f.get("digest") for f in (h.get("files") or [])
                if isinstance(f, dict)} if isinstance(h, dict) else {} for h in (old, new)]
    changed = [path for path, digest in digests[0].items()
               if path in digests[1] and digests[1][path] != digest]
    if changed:
        return [f"card file {changed[0]} changed since the run"]
    return ["other card files (run.json 'cards')"]
