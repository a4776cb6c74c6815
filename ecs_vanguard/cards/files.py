"""Card files as a card pool remembers them: each file's absolute path and a digest of the text
it was parsed from, so a run can record which cards it used and refuse a file that changed."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from ecs_vanguard.cards.loader import load_text, read_card_text
from ecs_vanguard.cards.schema import CardDef


@dataclass(frozen=True, slots=True)
class CardFile:
    """One card file a pool was loaded from: where it was, and a digest of its text."""

    path: str            # absolute, symlinks resolved
    digest: str          # 16 hex digits of the sha256 of its text

    def to_dict(self) -> dict[str, str]:
        """Return the file as a JSON-ready dict (what a run header keeps)."""
        return {"path": self.path, "digest": self.digest}


@dataclass(frozen=True, slots=True)
class CardOrigin:
    """How a pool was made, so it can be made again: the built-in pool or not, then files."""

    builtin: bool
    files: tuple[CardFile, ...] = ()


def text_digest(text: str) -> str:
    """Return the digest a CardFile keeps of a file's text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def card_paths(paths: tuple[str | Path, ...]) -> list[Path]:
    """Return the card files of `paths` in order, as given: a folder gives its *.toml sorted."""
    out: list[Path] = []
    for path in paths:
        p = Path(path)
        out += sorted(p.glob("*.toml")) if p.is_dir() else [p]
    return out


def read_card_file(path: Path) -> tuple[CardFile, list[CardDef]]:
    """Read and parse one card file; return its CardFile and its cards (whose messages name
    the path as given).

    Raises:
        CardDataError: missing, unreadable, too large, not TOML, or a card is malformed.
    """
    text = read_card_text(path)
    return CardFile(str(path.resolve()), text_digest(text)), load_text(text, path)
