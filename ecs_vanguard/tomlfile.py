"""Read a user's TOML file into a table; every failure is one typed line naming the file."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from ecs_vanguard.errors import VanguardError


def read_toml(path: Path, error: type[VanguardError], kind: str, missing: str) -> dict[str, Any]:
    """Return the table of a TOML file.

    Raises:
        error: the file is missing ("{path}: no such {kind} file {missing}"), unreadable or not
            TOML.
    """
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise error(f"{path}: no such {kind} file {missing}".rstrip()) from None
    except OSError as exc:
        raise error(f"{path}: cannot read {kind} file: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: malformed TOML: {exc}") from None
