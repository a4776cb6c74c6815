"""Bounds on what the engine reads from outside (file sizes, nesting depth, text encoding) and
on the work of one game (the largest count a card may print, the engine limit between two
decisions, the end codes of a game stopped by a limit).

Every reader of a user's file (deck and card TOML, snapshots, reproductions, run directories)
goes through `read_text` and `check_nesting`, and every TOML text through `parse_toml`, so a
huge file, `/dev/zero`, a file that is not UTF-8, a deeply nested one, a dotted key of 50,000
parts or a million keys is one typed line naming the file, never a MemoryError, a
RecursionError or a hang. The figures are far above anything the engine writes itself.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Iterable
from typing import BinaryIO

import numpy as np

from ecs_vanguard.vocab.errors import VanguardError

KIB, MIB = 1 << 10, 1 << 20

DECK_FILE_BYTES = 1 * MIB        # a deck list is about 1 KiB
CARD_FILE_BYTES = 16 * MIB       # the largest built-in card file is 11 KiB
SNAPSHOT_BYTES = 16 * MIB        # a to_json snapshot of a long game is about 160 KiB
REPRODUCTION_BYTES = 4 * MIB     # a reproduction holds a few hundred action indices
RUN_HEADER_BYTES = 1 * MIB       # run.json of a simulate run is about 1 KiB
RECORD_LINE_BYTES = 1 * MIB      # one game record of games.jsonl is about 1 KiB

DECK_NESTING = 8                 # a deck file nests 2 deep ([main] holds counts)
CARD_NESTING = 32                # the built-in card files nest at most 9 deep
JSON_NESTING = 32                # snapshots nest 10 deep, records and reproductions 3

# Keys one TOML file may hold (key = value pairs, inline-table entries and [table] headers),
# counted before parsing: tomllib takes about 13 µs a key (100,000 keys: 1.3 s). A deck file
# holds about 20, the built-in card files at most 400.
DECK_KEYS = 2_000
CARD_KEYS = 100_000

# Upper bounds of the Python API and the command line, where a typo would cost hours or all
# the memory; each is far above any sensible use (the README lists them).
MAX_MCTS_ITERATIONS = 1_000_000  # simulations per decision (default 200: about 0.1 s)
MAX_MCTS_CONSTANT = 1_000.0      # exploration and widening (defaults 0.7 and 0)
MAX_MCTS_HORIZON = 100          # turns a simulation plays before the position value (0: to the end)
MAX_ODDS_SAMPLES = 100_000_000   # shuffled decks of one odds question (default 1,000,000)
MAX_VECTOR_ENVS = 4_096          # games of one VectorEnv
MAX_ZONE_CARDS = 200             # cards one zone of a Scenario may be given (a deck holds 50)

MAX_DECK_LIST = 200              # cards one list of a deck file may expand to (a deck holds 50)
MAX_ENTITIES = 4096              # cards of one game in a snapshot (a game makes about 120)

# The work of one game. A count on a card (draw n, choose count) can never need more than the
# cards of a game (about 120), so a larger one is a mistake; refused when the card is loaded.
MAX_CARD_COUNT = 1000
# The largest power, shield or critical a card may print (the largest printed is 50,000).
MAX_PRINTED_VALUE = 10_000_000
# Ticks of the systems between two decisions. Measured (1,000 games of the built-in decks, both
# formats, random and heuristic agents): at most 19, 3 on average. A game that needs more is a
# runaway (an auto that triggers itself forever) and ends as an engine-limit draw; 2,000 ticks
# of the worst runaway measured (+1000 power per loop, each read summing every modifier, so the
# cost grows with the square of the ticks) take about 0.4 s, a stand/rest ping-pong 0.07 s.
TICKS_PER_DECISION = 2000
# End codes of a draw forced by a limit rather than by the rules of a loss (CORE-16); the
# runaway ones stop a loop (a long game reaches the turn limit).
RUNAWAY_END_CODES = frozenset({"decision_limit", "engine_limit"})
LIMIT_END_CODES = RUNAWAY_END_CODES | {"turn_limit"}

# What a TOML or JSON scanner skips before counting brackets: strings and comments.
_TOML_SKIP = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*')
_JSON_SKIP = re.compile(r'"(?:[^"\\]|\\.)*"')


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def open_regular(path: str | os.PathLike, *, limit: int | None, error: type[VanguardError],
                 what: str) -> BinaryIO:
    """Return a user's file opened for reading bytes, once it is known to be a regular file of
    at most `limit` bytes (None: any size). The kind and size are checked with `os.stat`
    before the file is opened, and again on the file opened (a name swapped in between), which
    is opened without blocking: a FIFO, `/dev/zero`, a socket or a folder is refused before a
    byte is read and never hangs the reader, and a 1 GB file is refused unread.

    Raises:
        error: not a regular file, or larger than `limit` (one line naming the file).
        OSError: the file cannot be opened (FileNotFoundError when it is missing): callers word
            this their own way.
    """
    _check_regular(os.stat(path), path, limit, error, what)
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC)
    try:
        _check_regular(os.fstat(fd), path, limit, error, what)
        if _NONBLOCK:
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def _check_regular(info: os.stat_result, path: str | os.PathLike, limit: int | None,
                   error: type[VanguardError], what: str) -> None:
    for test, kind in _KINDS:
        if test(info.st_mode):
            raise error(f"{os.fspath(path)}: {kind}, not a regular file; a {what} is a file")
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{os.fspath(path)}: not a regular file; a {what} is a file")
    if limit is not None and info.st_size > limit:
        raise error(f"{os.fspath(path)}: larger than {size_text(limit)}, the most a {what} "
                    "may hold")


def read_text(path: str | os.PathLike, *, limit: int, error: type[VanguardError],
              what: str) -> str:
    """Return a file's text, reading at most `limit` bytes of it (`open_regular`).

    Raises:
        error: the file holds more than `limit` bytes, is not a regular file (`/dev/zero`, a
            FIFO) or is not UTF-8; the message names the file and, for bad UTF-8, the line.
        OSError: the file cannot be opened or read (callers word this their own way).
    """
    with open_regular(path, limit=limit, error=error, what=what) as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise error(f"{os.fspath(path)}: larger than {size_text(limit)}, the most a {what} may "
                    "hold")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise error(f"{os.fspath(path)}: not UTF-8 text: byte 0x{data[exc.start]:02x} on line "
                    f"{line}") from None


def read_checked(path: str | os.PathLike, *, limit: int, nesting: int, toml: bool,
                 error: type[VanguardError], what: str) -> str:
    """Return a file's text after `read_text` and `check_nesting` (what every reader of a
    user's TOML or JSON file does before parsing it).

    Raises:
        error: too large, not UTF-8 or nested too deeply.
        OSError: the file cannot be opened or read.
    """
    text = read_text(path, limit=limit, error=error, what=what)
    check_nesting(text, limit=nesting, toml=toml, error=error, where=os.fspath(path))
    if toml:
        bare = _TOML_SKIP.sub("q", text)
        _check_depth(dotted_depth(bare), "a dotted key of", nesting, error, os.fspath(path))
    return text


def read_toml(path: str | os.PathLike, *, limit: int, nesting: int,
              error: type[VanguardError], what: str, missing: str = "",
              keys: int = DECK_KEYS) -> dict:
    """Return the table of a user's TOML file, read and parsed within bounds (`read_text`,
    `parse_toml`).

    Raises:
        error: the file is missing ("{path}: no such {what} {missing}"), unreadable, too large,
            not UTF-8, nested too deeply, holds too many keys or is not TOML; one line naming
            the file.
    """
    try:
        text = read_text(path, limit=limit, error=error, what=what)
    except FileNotFoundError:
        raise error(f"{os.fspath(path)}: no such {what} {missing}".rstrip()) from None
    except OSError as exc:
        raise error(f"{os.fspath(path)}: cannot read {what}: {exc.strerror or exc}") from None
    return parse_toml(text, nesting=nesting, keys=keys, error=error, where=os.fspath(path))


def parse_toml(text: str, *, nesting: int, keys: int, error: type[VanguardError],
               where: str) -> dict:
    """Parse TOML text after bounding its work: bracket nesting, the parts of one dotted key
    (`z.z.z... = 1` nests a table per part, and tomllib's cost grows with the square of
    them: 8,000 parts take 3.5 s and 390 MB) and the number of keys, all counted on the text.

    Raises:
        error: nested deeper than `nesting`, a dotted key of more parts, more than `keys`
            keys, or not TOML; one line naming `where`.
    """
    if not isinstance(text, str):
        raise error(f"{where}: TOML text must be a str, got {type(text).__name__}")
    bare = _TOML_SKIP.sub("q", text)                 # a string or comment: one bare character
    _check_depth(nesting_depth(bare), "nested", nesting, error, where)
    _check_depth(dotted_depth(bare), "a dotted key of", nesting, error, where)
    count = key_count(bare)
    if count > keys:
        raise error(f"{where}: holds {count} keys or more, more than the {keys} allowed")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{where}: malformed TOML: {exc}") from None


def _check_depth(depth: int, what: str, limit: int, error: type[VanguardError],
                 where: str) -> None:
    if depth > limit:
        unit = "parts" if what.startswith("a dotted") else "levels deep"
        raise error(f"{where}: {what} {depth} {unit}, more than the {limit} allowed")


_KEY_BREAK = re.compile(r"[\n=\[\]{},]")


def dotted_depth(bare: str) -> int:
    """Return the most parts of one dotted key (`a.b.c` has 3) in TOML text without strings;
    a float value counts as two parts, far below any limit."""
    return 1 + max((piece.count(".") for piece in _KEY_BREAK.split(bare)), default=0)


def key_count(bare: str) -> int:
    """Return the keys of TOML text without strings: `=` signs and table headers."""
    return bare.count("=") + bare.count("\n[") + bare.startswith("[")


def check_nesting(text: str, *, limit: int, toml: bool, error: type[VanguardError],
                  where: str) -> None:
    """Raise `error` naming `where` if arrays and tables nest deeper than `limit` in `text`.

    The depth is counted on the brackets outside strings and comments, before any parser
    recurses into them (Python's TOML and JSON parsers recurse once per level).
    """
    bare = (_TOML_SKIP if toml else _JSON_SKIP).sub("", text)
    depth = nesting_depth(bare)
    if depth > limit:
        raise error(f"{where}: nested {depth} levels deep, more than the {limit} allowed")


def nesting_depth(bare: str) -> int:
    """Return the deepest bracket nesting of a text whose strings are removed."""
    codes = np.frombuffer(bare.encode("utf-8", "replace"), dtype=np.uint8)
    steps = (np.isin(codes, (0x5B, 0x7B)).astype(np.int32)          # [ {
             - np.isin(codes, (0x5D, 0x7D)).astype(np.int32))       # ] }
    return int(np.cumsum(steps).max(initial=0))


def few(names: Iterable[object], shown: int = 5) -> str:
    """Return names for a message: the first `shown` sorted, then how many in all (a file of
    50,000 unknown keys is still one short line)."""
    items = sorted(str(n) for n in names)
    head = ", ".join(x[:40] for x in items[:shown])
    return head if len(items) <= shown else f"{head}, ... ({len(items)} in all)"


def size_text(size: int) -> str:
    """Return a byte count the way people say it: 16 MiB, 512 KiB, 300 bytes."""
    for unit, name in ((MIB, "MiB"), (KIB, "KiB")):
        if size >= unit and size % unit == 0:
            return f"{size // unit} {name}"
    return f"{size} bytes"
