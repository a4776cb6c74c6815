"""What a game record needs to be replayed: its action indices, compactly, and a digest of what
decides the game (both decks, the seed, the format and the turn limit), so that a replay with
other decks or another seed is refused as bad input instead of failing somewhere inside.

Action indices are small (an index into `legal_actions()`), so they are stored as unsigned
LEB128 varints in URL-safe base64: one byte, 1.33 characters, per decision below 128.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from collections.abc import Iterable

from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.vocab.errors import ReproductionError


def encode_actions(indices: Iterable[int]) -> str:
    """Return action indices as a compact ASCII string (`decode_actions` reverses it)."""
    out = bytearray()
    for index in indices:
        if index < 0:
            raise ValueError(f"an action index is never negative, got {index}")
        while index >= 0x80:
            out.append(0x80 | (index & 0x7F))
            index >>= 7
        out.append(index)
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def decode_actions(text: str) -> list[int]:
    """Return the action indices `encode_actions` made `text` from.

    Raises:
        ReproductionError: `text` is not such a string.
    """
    if not isinstance(text, str):
        raise ReproductionError(f"actions: expected an encoded string, got {type(text).__name__}")
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ReproductionError("actions: not an encoded list of action indices") from None
    indices, value, shift = [], 0, 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            indices.append(value)
            value, shift = 0, 0
        elif shift > 28:                             # no decision has 2**28 legal actions
            raise ReproductionError("actions: an action index is out of range")
    if shift:
        raise ReproductionError("actions: the encoded list is cut short")
    return indices


def game_digest(deck_a: Deck | str, deck_b: Deck | str, *, seed: int, format: str,
                turn_limit: int | None) -> str:
    """Return a short hash of what decides a game: both decks' lists (or their digests), seed,
    format and turn limit."""
    decks = [d.digest() if isinstance(d, Deck) else d for d in (deck_a, deck_b)]
    text = json.dumps([decks, int(seed), str(format), turn_limit])
    return hashlib.sha256(text.encode()).hexdigest()[:16]
