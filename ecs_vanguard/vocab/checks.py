"""Check the arguments of the public API and the numbers of the command line in one place.

Each checker says what an argument must be and raises the project's own error (an
`ArgumentError` unless the caller names its family's class) naming the argument, so a typo is
one line a user can catch with `VanguardError`, never numpy's, Gymnasium's or a bare
TypeError (issue 20). The upper bounds live in `limits` and the README lists them.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Collection
from typing import Any

import numpy as np

from ecs_vanguard.vocab.errors import ArgumentError, VanguardError

# A count written by a user: ASCII digits only, so " 3 ", "1_0", "+3" and other scripts'
# digits ("٣") are refused rather than read the way Python's int() would.
_DIGITS = re.compile(r"-?[0-9]+")
_MAX_DIGITS = 30                       # far above any limit, far below int()'s own 4,300

Error = type[VanguardError]


def parse_int(text: str, name: str, *, low: int | None = None, high: int | None = None,
              error: Error = ArgumentError) -> int:
    """Return the integer a user wrote as `text` (ASCII digits, an optional minus), in range.

    Raises:
        error: `text` is not such an integer or is out of range; the message names `name`.
    """
    if not isinstance(text, str) or len(text) > _MAX_DIGITS or not _DIGITS.fullmatch(text):
        raise error(f"{name} must be a whole number written in digits 0-9, got "
                    f"{_shown(text)}")
    return integer(int(text), name, low=low, high=high, error=error)


_DECIMAL = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]{1,3})?")


def parse_real(text: str, name: str, *, low: float = 0.0, high: float | None = None,
               error: Error = ArgumentError) -> float:
    """Return the number a user wrote as `text` (ASCII decimal digits, e.g. 0.7 or 1e-3),
    finite and at least `low`; "nan", "inf", " 1 " and "1_0" are refused.

    Raises:
        error: naming `name`, what it must be and what it got.
    """
    if not isinstance(text, str) or len(text) > _MAX_DIGITS or not _DECIMAL.fullmatch(text):
        raise error(f"{name} must be a number written in digits 0-9, got {_shown(text)}")
    return real(float(text), name, low=low, high=high, error=error)


def integer(value: Any, name: str, *, low: int | None = None, high: int | None = None,
            error: Error = ArgumentError) -> int:
    """Return `value` as an int if it is an integer (not a bool) in [low, high].

    Raises:
        error: naming `name`, what it must be and what it got.
    """
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise error(f"{name} must be a whole number, got {_shown(value)}")
    number = int(value)
    if low is not None and number < low:
        raise error(f"{name} must be at least {low:,}, got {number:,}")
    if high is not None and number > high:
        raise error(f"{name} must be at most {high:,}, got {_big(number)}")
    return number


def player(value: Any, *, error: Error = ArgumentError) -> int:
    """Return `value` as a player index, 0 or 1 (an integer, not a bool).

    Raises:
        error: "player must be 0 or 1", with what it got.
    """
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value not in (0, 1):
        raise error(f"player must be 0 or 1, got {value!r:.40}")
    return int(value)


def generator(value: Any, name: str = "rng", *, error: Error = ArgumentError
              ) -> np.random.Generator:
    """Return `value` as a numpy Generator: a Generator itself, a seed (an integer of at least
    0) for a new one, or None for fresh entropy.

    Raises:
        error: naming `name`, what it must be and what it got.
    """
    if isinstance(value, np.random.Generator):
        return value
    if value is not None:
        value = integer(value, f"{name} (a numpy Generator, a seed or None)", low=0, error=error)
    return np.random.default_rng(value)


def real(value: Any, name: str, *, low: float, high: float | None = None,
         above: bool = False, error: Error = ArgumentError) -> float:
    """Return `value` as a finite float no smaller than `low` (greater with `above=True`) and
    at most `high`; nan and infinities are refused.

    Raises:
        error: naming `name`, what it must be and what it got.
    """
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise error(f"{name} must be a number, got {_shown(value)}")
    number = float(value) if not isinstance(value, int) or abs(value) < 2**53 else math.inf
    if not math.isfinite(number):
        raise error(f"{name} must be a finite number, got {_shown(value)}")
    if number < low or (above and number == low):
        raise error(f"{name} must be {'greater than' if above else 'at least'} {low}, "
                    f"got {number}")
    if high is not None and number > high:
        raise error(f"{name} must be at most {high}, got {number}")
    return number


def one_of(value: Any, name: str, choices: Collection[str], *,
           error: Error = ArgumentError) -> str:
    """Return `value` if it is one of the strings `choices`.

    Raises:
        error: naming `name` and the choices.
    """
    if not isinstance(value, str) or value not in choices:
        raise error(f"unknown {name} {_shown(value)}: choose one of {', '.join(choices)}")
    return value


def instance(value: Any, name: str, kind: type | tuple[type, ...], what: str, *,
             error: Error = ArgumentError) -> Any:
    """Return `value` if it is an instance of `kind`, described to users as `what`.

    Raises:
        error: "{name} must be {what}, got ...".
    """
    if not isinstance(value, kind):
        raise error(f"{name} must be {what}, got {_shown(value)}")
    return value


def path(value: Any, name: str, *, error: Error = ArgumentError) -> str:
    """Return a path argument (a str or os.PathLike, not empty) as a str.

    Raises:
        error: `value` is not a path or is empty.
    """
    if not isinstance(value, str | os.PathLike):
        raise error(f"{name} must be a path (str or pathlib.Path), got {_shown(value)}")
    text = os.fspath(value)
    if not isinstance(text, str) or not text or "\0" in text:
        raise error(f"{name} must be a non-empty path without NUL characters, got "
                    f"{_shown(text)}")
    return text


def _shown(value: Any) -> str:
    """Return a value for a message: its repr, cut to 60 characters, and its type."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else _big(value)
    text = text if len(text) <= 60 else text[:57] + "..."
    return text if isinstance(value, str | int | float) else f"{text} ({type(value).__name__})"


def _big(number: int) -> str:
    if abs(number) < 10**30:
        return f"{number:,}"
    return f"a number of about {int(abs(number).bit_length() * 0.30103) + 1} digits"
