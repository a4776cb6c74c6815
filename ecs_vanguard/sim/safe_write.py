"""Write the files of a run, a tournament, `odds` and the fuzzer without following a link.

Every file the project writes goes through here (issue 20): a whole file is written to a temporary
file this process creates (`O_EXCL | O_NOFOLLOW`, in the same folder) and then moved over the name
with `os.replace`, which replaces a symbolic link itself, never the file it points to (the file
gets the mode a new file gets under the user's umask, not mkstemp's 0600); a file kept open
(games.jsonl, .lock) is opened with `O_NOFOLLOW` and must be a regular file with one link, so a
symlink or a hard link planted in a results folder never makes a run write outside it. Every
failure is the caller's one-line error class naming the file.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from typing import BinaryIO

from ecs_vanguard.vocab.errors import VanguardError

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)      # a FIFO planted in a folder never blocks the open
TMP_SUFFIX = ".tmp"                  # temporary files are ".<name>.<random>.tmp" beside <name>


def is_temporary(name: str) -> bool:
    """True for the name of a temporary file `replace_with` makes (left behind by a kill)."""
    return name.startswith(".") and name.endswith(TMP_SUFFIX)


def replace_bytes(path: str | os.PathLike, data: bytes, *,
                  error: type[VanguardError]) -> None:
    """Write `data` as the file `path`, atomically, never through a link.

    Raises:
        error: the folder cannot be written (a full disk, no permission, a name too long) or
            `path` is a folder; one line naming the file. Nothing is left behind.
    """
    replace_with(path, lambda f: f.write(data), error=error)


def replace_with(path: str | os.PathLike, draw: Callable[[BinaryIO], object], *,
                 error: type[VanguardError]) -> None:
    """Let `draw` write a new file into a temporary file, then move it to `path` (a plot's
    `savefig(f)`); the same guarantees as `replace_bytes`.

    Raises:
        error: as `replace_bytes`.
    """
    target = os.fspath(path)
    folder, name = os.path.split(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{name[:64]}.", suffix=TMP_SUFFIX, dir=folder or ".")
    except OSError as exc:
        raise error(_why(target, exc)) from None
    try:
        os.fchmod(fd, 0o666 & ~umask())     # mkstemp's 0600 would hide results from the group
        with os.fdopen(fd, "wb") as f:
            draw(f)
        os.replace(tmp, target)
    except OSError as exc:
        _unlink_quietly(tmp)
        raise error(_why(target, exc)) from None
    except BaseException:
        _unlink_quietly(tmp)
        raise


def umask() -> int:
    """Return this process's umask, unchanged: read from /proc where Linux shows it (no window
    in which another thread creates a file under a changed mask), else set and restored."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def open_own(path: str | os.PathLike, flags: int, *, error: type[VanguardError]) -> int:
    """Open (creating if missing) a file this project keeps open and return its descriptor:
    never through a symbolic link, and only a regular file with one link (not a hard link to a
    file elsewhere).

    Raises:
        error: `path` is a link, a folder or a special file, or cannot be opened.
    """
    target = os.fspath(path)
    try:
        fd = os.open(target, flags | os.O_CREAT | _NOFOLLOW | _CLOEXEC | _NONBLOCK, 0o644)
    except OSError as exc:
        if os.path.islink(target):
            raise error(f"{target}: a symbolic link; a run writes only files it created "
                        "itself (remove the link)") from None
        if _is_special(target):              # a FIFO no one reads: ENXIO, not a hang
            raise error(f"{target}: not a regular file; a run writes only files it created "
                        "itself (remove it)") from None
        raise error(_why(target, exc)) from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
        os.close(fd)
        what = "a hard link" if stat.S_ISREG(info.st_mode) else "not a regular file"
        raise error(f"{target}: {what}; a run writes only files it created itself "
                    "(remove it)")
    if _NONBLOCK:
        os.set_blocking(fd, True)
    return fd


def open_append(path: str | os.PathLike, *, error: type[VanguardError]) -> BinaryIO:
    """Return `path` opened for appending bytes (created if missing), as `open_own` checks it.

    Raises:
        error: as `open_own`.
    """
    return os.fdopen(open_own(path, os.O_WRONLY | os.O_APPEND, error=error), "ab")


def shown(path: str | os.PathLike) -> str:
    """Return a path as a message shows it: whole, or its start and length if very long."""
    text = os.fspath(path)
    return text if len(text) <= 200 else f"{text[:60]}... ({len(text)} characters)"


def _why(target: str, exc: OSError) -> str:
    return f"{shown(target)}: cannot write: {exc.strerror or exc}"


def _is_special(path: str) -> bool:
    """True if `path` is there and is neither a regular file nor a folder."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
