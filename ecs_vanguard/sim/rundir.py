"""A results directory of `simulate`: the run header, one JSON line per game, the summary, and
a lock so that one run at a time writes to it (issue 4, issue 12).

    DIR/run.json      the run header: decks (with a digest of their lists), agents, format, seed,
                      custom card files (with a digest of each)
    DIR/games.jsonl   one JSON record per finished game (with its index "i"), flushed as it arrives
    DIR/summary.json  Results.summary() at the end;  DIR/summary.png  its plot
    DIR/games.parquet the games as a table, rows in index order (`sim.columnar`, with pyarrow)
    DIR/.lock         the pid of the run writing here, locked while it runs

On resume every record is checked before anything is played: a well-formed line, an index in
range and seen once, the seed of that index in this run, the digest of this run's decks and
seed. A bad line is named (`games.jsonl:11: ...`); a line torn by a kill at the end is cut off.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from ecs_vanguard.sim import plot, safe_write
from ecs_vanguard.sim.cardpool import card_changes
from ecs_vanguard.sim.records import RecordCheck, check_record
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.errors import SimulationError

try:
    import fcntl
except ImportError:                        # not on POSIX: runs are not locked
    fcntl = None  # type: ignore[assignment]

HEADER_VERSION = 2
_RUN_FILES = frozenset({"run.json", "run.json.tmp", "games.jsonl", "summary.json",
                        "summary.json.tmp", "summary.png", "games.parquet",
                        "games.parquet.tmp", ".lock"})


def _is_run_file(name: str) -> bool:
    """True for a file a run writes (or the temporary file of one, left by a kill)."""
    return name in _RUN_FILES or safe_write.is_temporary(name)


class RunDir:
    """A results directory: the run header, one JSON line per finished game, the summary."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.header_path = path / "run.json"
        self.games_path = path / "games.jsonl"
        self.lock_path = path / ".lock"
        self._lock: int | None = None
        self._made: list[Path] = []            # what this start created, while no game is kept

    def start(self, header: dict[str, Any], *, resume: bool,
              check: RecordCheck | None = None) -> dict[int, str]:
        """Claim the directory for this run; return the lines of the games it already holds.

        Raises:
            SimulationError: the directory cannot be created or written, another run is using
                it, it holds games of another run (or of this run, without resume), or a record
                is bad.
        """
        try:
            if self.path.exists() and not self.path.is_dir():
                raise SimulationError(f"{safe_write.shown(self.path)} is not a directory")
            self._made = _missing_folders(self.path)
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SimulationError(f"{safe_write.shown(self.path)}: cannot create the results "
                                  f"directory: {exc.strerror or exc}") from None
        try:
            self._acquire()
        except BaseException:
            self.discard()
            raise
        try:
            return self._claim(header, resume, check)
        except BaseException:
            self.discard()
            raise

    def _claim(self, header: dict[str, Any], resume: bool,
               check: RecordCheck | None) -> dict[int, str]:
        has_games = self.games_path.exists() and self.games_path.stat().st_size > 0
        if not has_games:                             # nothing to lose: (re)write the header
            others = sorted(p.name for p in self.path.iterdir() if not _is_run_file(p.name))
            if others:
                raise SimulationError(f"{self.path} holds other files ({', '.join(others[:3])}"
                                      f"{', ...' if len(others) > 3 else ''}); choose a new or "
                                      "empty out directory")
            fresh = not self.header_path.exists()
            write_json(self.header_path, header)
            if fresh:
                self._made.insert(0, self.header_path)
            return {}
        old = read_header(self.header_path, "its games belong to no known run; "
                          "choose a fresh out directory")
        diffs = header_differences(old, header)
        if diffs:
            raise SimulationError(f"{self.path} holds the games of a different run ("
                                  f"{'; '.join(diffs)}); choose a fresh out directory")
        if not resume:
            raise SimulationError(f"{self.path} already holds games of this run; "
                                  "resume it (--resume) or choose a fresh out directory")
        try:
            lines = read_games(self.games_path, repair=True, check=check)
        except OSError as exc:
            raise SimulationError(f"{self.games_path}: cannot read: {exc.strerror or exc}") \
                from None
        _remove_stale(self.path / "games.parquet")
        return lines

    def _acquire(self) -> None:
        """Take the lock file, or refuse naming the pid of the run that holds it."""
        if fcntl is None:
            return
        fd = safe_write.open_own(self.lock_path, os.O_RDWR, error=SimulationError)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip() or "?"
            os.close(fd)
            raise SimulationError(f"{self.path} is in use by another run (pid {holder}); wait "
                                  "for it to end or choose another out directory") from None
        self._lock = fd
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError as exc:
            raise SimulationError(f"{self.lock_path}: cannot write: {exc.strerror or exc}") \
                from None

    def close(self) -> None:
        """Release the lock (the lock file goes too)."""
        if self._lock is not None:
            try:
                os.unlink(self.lock_path)
            except OSError:
                pass
            os.close(self._lock)
            self._lock = None

    def discard(self) -> None:
        """Release the lock and remove what this start created if no game was kept (a run
        that failed before its first game, e.g. an unreachable Ray cluster, leaves nothing)."""
        self.close()
        if self._made and self.games_path.exists() and self.games_path.stat().st_size:
            self._made = []
            return
        if self._made and self.games_path.is_file() and not self.games_path.is_symlink():
            self._made.insert(0, self.games_path)     # empty: opened by this run
        for path in self._made:
            try:
                path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink()
            except OSError:
                break                                 # not empty, or gone: keep the rest
        self._made = []

    def appender(self) -> _Appender:
        """Return a context manager that appends records to games.jsonl, flushing each."""
        return _Appender(self.games_path)

    def finish(self, summary: dict[str, Any]) -> None:
        """Write summary.json and summary.png.

        Raises:
            SimulationError: the directory cannot be written (the games are already kept).
        """
        write_json(self.path / "summary.json", summary)
        plot.plot_summary(summary, self.path / "summary.png", error=SimulationError)


class _Appender:
    """Append one JSON line per game to a file and flush it at once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file: BinaryIO | None = None

    def __enter__(self) -> Callable[[str], None]:
        self.file = safe_write.open_append(self.path, error=SimulationError)
        return self.write

    def write(self, line: str) -> None:
        """Append one encoded record and a newline, and flush it to the operating system."""
        assert self.file is not None
        try:
            self.file.write((line + "\n").encode("utf-8"))
            self.file.flush()
        except OSError as exc:
            raise SimulationError(f"{self.path}: cannot write: {exc.strerror or exc}; the "
                                  "games written so far are kept") from None

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            try:
                self.file.close()
            except OSError:
                pass


def read_games(path: Path, *, repair: bool = False,
               check: RecordCheck | None = None) -> dict[int, str]:
    """Read games.jsonl: game index -> line, each record checked; a line torn by a kill at the
    end is ignored (and with repair=True cut off the file, so appending can go on).

    Raises:
        SimulationError: a complete line is not a good record of this run (named file:line).
    """
    lines: dict[int, str] = {}
    seen: dict[int, int] = {}
    with limits.open_regular(path, limit=None, error=SimulationError, what="record file") as f:
        number, end = 0, 0
        while True:
            raw = f.readline(limits.RECORD_LINE_BYTES + 1)
            if not raw:
                break
            number += 1
            if not raw.endswith(b"\n"):
                if len(raw) > limits.RECORD_LINE_BYTES:
                    raise SimulationError(f"{path}:{number}: longer than "
                                          f"{limits.size_text(limits.RECORD_LINE_BYTES)}")
                break                                 # torn by a kill: the game is played again
            end += len(raw)
            if not raw.strip():
                continue
            record = _parse(raw, path, number, check)
            i = record["i"]
            if i in seen:
                raise SimulationError(f"{path}:{number}: game {i} is recorded twice (also on "
                                      f"line {seen[i]}); remove one of the two lines")
            seen[i] = number
            lines[i] = raw.decode("utf-8").rstrip("\n")
    if repair and end < path.stat().st_size:
        fd = safe_write.open_own(path, os.O_WRONLY, error=SimulationError)
        try:
            os.ftruncate(fd, end)
        finally:
            os.close(fd)
    return lines


def _parse(raw: bytes, path: Path, number: int, check: RecordCheck | None) -> dict:
    try:
        record = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        record = None
    problem = check_record(record, check)
    if problem:
        raise SimulationError(f"{path}:{number}: {problem}; repair or remove that line")
    assert isinstance(record, dict)
    return record


def read_header(path: Path, advice: str) -> dict[str, Any]:
    """Return the run header in run.json; raise SimulationError ending with `advice` if it
    cannot be read."""
    try:
        header = json.loads(limits.read_checked(
            path, limit=limits.RUN_HEADER_BYTES, nesting=limits.JSON_NESTING, toml=False,
            error=SimulationError, what="run header"))
    except (OSError, json.JSONDecodeError):
        header = None
    if not isinstance(header, dict):
        raise SimulationError(f"{path.parent} has no readable run.json; {advice}")
    return header


def header_differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Return what differs between two run headers (deck names and paths do not count; a card
    file that changed is named)."""
    diffs = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if key.startswith("deck_"):
            a, b = (a or {}).get("digest"), (b or {}).get("digest")
            if a != b:
                diffs.append(f"{key} has other cards")
        elif key == "cards":
            diffs += card_changes(a, b)
        elif a != b:
            diffs.append(f"{key} {a!r} != {b!r}")
    return diffs


def write_json(path: Path, data: Any) -> None:
    """Write JSON through a temporary file, so a kill never leaves half a file.

    Raises:
        SimulationError: the file cannot be written.
    """
    text = json.dumps(data, indent=2, sort_keys=True) + "\n"
    safe_write.replace_bytes(path, text.encode("utf-8"), error=SimulationError)


def _remove_stale(path: Path) -> None:
    """Remove the Parquet copy of the games before a resume appends to them: it is written
    again at the end, and a resume killed before then must not leave a copy that looks whole
    (load_run also never reads a copy older than games.jsonl)."""
    try:
        if path.is_file() and not path.is_symlink():
            path.unlink()
    except OSError as exc:
        raise SimulationError(f"{path}: cannot remove the old copy of the games before "
                              f"resuming: {exc.strerror or exc}") from None


def _missing_folders(path: Path) -> list[Path]:
    """Return the folders `mkdir(parents=True)` would create for `path`, deepest first."""
    missing = []
    while not path.exists() and path != path.parent:
        missing.append(path)
        path = path.parent
    return missing
