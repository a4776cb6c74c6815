"""A columnar copy of a run for data work: `games.parquet` beside `games.jsonl`, one row per game
in game-index order, every counter a flat column, deck names and agents as columns (issue 21).

pyarrow writes it and pandas reads it back (`vg.load_run`); both are optional (the `data` and
`dev` extras). Without pyarrow a run writes no Parquet, and `load_run` builds the same frame from
`games.jsonl`. The action indices stay in `games.jsonl` only (replays, `show`), which keeps a
million games in about 10 MB of Parquet instead of 640 MB of JSON lines.
"""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import numpy as np

from ecs_vanguard.sim import safe_write
from ecs_vanguard.sim.results import Results
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.errors import SimulationError

PARQUET_NAME = "games.parquet"
_INSTALL = "pip install 'ecs-vanguard[data]'"
_NUMBERS = ("i", "seed", "turns", "damage_a", "damage_b", "decisions")
_TEXTS = ("agent_a", "agent_b", "format", "winner", "first", "reason", "detail", "error")
_COUNTERS = {"triggers": "trigger_", "mechanics": "mechanic_"}   # record key -> column prefix
# What load_run reads of a Parquet file at most (its footer says, before a column is read).
MAX_UNPACKED_BYTES = 4 << 30
MAX_COLUMNS = 4096
MAX_CELLS = 1 << 29              # values (rows x columns): 4 GiB as 8-byte numbers


def run_columns(results: Results) -> dict[str, Any]:
    """Return the columns of a run's table, rows in game-index order: the game index `i` and
    `seed`; `deck_a`, `deck_b` (names) and the per-game texts; the figures; one `trigger_<type>`
    and one `mechanic_<name>` column per counter any game has (0 where a game has none)."""
    rows = len(results)
    header = results.run
    columns: dict[str, Any] = {key: results.columns[key] for key in _NUMBERS}
    for side in ("deck_a", "deck_b"):
        columns[side] = [str(header.get(side, {}).get("name", ""))] * rows
    texts: dict[str, list[Any]] = {key: [] for key in _TEXTS}
    seen: dict[str, str] = {}             # one object per distinct text: a million rows of a
    for line in results.lines:            # few values cost pointers, not a million strings
        record = json.loads(line)
        for key, values in texts.items():
            value = record.get(key)
            values.append(None if value is None else seen.setdefault(str(value), str(value)))
    columns |= texts
    for key, prefix in _COUNTERS.items():
        for name, counts in results.counts.get(key, {}).items():
            columns[prefix + name] = counts.astype(np.int32)
    return columns


def write_run(results: Results, directory: Path) -> Path | None:
    """Write `games.parquet` of a run into its directory (atomically); return its path, or
    None when pyarrow is not installed (the run's JSON lines are kept either way).

    Raises:
        SimulationError: the directory cannot be written.
    """
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return None
    table = pa.table({name: _arrow(pa, values) for name, values in run_columns(results).items()})
    path = directory / PARQUET_NAME
    # a temporary file of the run's own, then moved into place: no link planted in the folder
    # is ever followed (safe_write)
    safe_write.replace_with(path, lambda f: pq.write_table(table, f, compression="zstd"),
                            error=SimulationError)
    return path


def _arrow(pa: Any, values: Any) -> Any:
    """Return a column as an Arrow array: numbers as they are, texts dictionary-encoded (a few
    distinct values repeated a million times).

    The arrays are made from their buffers: `pa.array` imports pandas on its first call (to ask
    whether the values are a pandas Series), about 0.5 CPU s of a run that never needs it. The
    arrays are those `pa.array(values)` and `pa.array(texts).dictionary_encode()` make: the
    numbers' own dtype, and the distinct texts in order of first appearance with int32 indices,
    null where the text is None."""
    if isinstance(values, np.ndarray):
        if values.dtype.kind not in "iuf":
            return pa.array(values)              # (bit-packed booleans, objects: none so far)
        data = np.ascontiguousarray(values)
        return pa.Array.from_buffers(pa.from_numpy_dtype(data.dtype), len(data),
                                     [None, pa.py_buffer(data)])
    codes: dict[str, int] = {}
    indices = np.fromiter((-1 if v is None else codes.setdefault(v, len(codes)) for v in values),
                          dtype=np.int32, count=len(values))
    valid = indices >= 0
    mask = None if valid.all() else pa.py_buffer(np.packbits(valid, bitorder="little"))
    words = [text.encode("utf-8") for text in codes]
    offsets = np.zeros(len(words) + 1, dtype=np.int32)
    np.cumsum([len(w) for w in words], out=offsets[1:])
    dictionary = pa.Array.from_buffers(pa.string(), len(words),
                                       [None, pa.py_buffer(offsets), pa.py_buffer(b"".join(words))])
    index_array = pa.Array.from_buffers(pa.int32(), len(indices),
                                        [mask, pa.py_buffer(np.where(valid, indices, 0))])
    return pa.DictionaryArray.from_arrays(index_array, dictionary)


def pandas() -> Any:
    """Return the pandas module.

    Raises:
        SimulationError: pandas is not installed.
    """
    try:
        import pandas as pd
    except ImportError:
        raise SimulationError(f"load_run needs pandas and pyarrow: {_INSTALL}") from None
    return pd


def is_current(parquet: Path, records: Path) -> bool:
    """True if `parquet` is a regular file written no earlier than the last change of the
    records beside it (the run writes its Parquet copy after its last game; a resume that was
    killed leaves the copy older than the games it appended)."""
    try:
        made = parquet.stat()
    except OSError:
        return False
    if not stat.S_ISREG(made.st_mode):
        return False
    try:
        return made.st_mtime_ns >= records.stat().st_mtime_ns
    except FileNotFoundError:
        return True


def read_parquet(path: Path) -> Any:
    """Return a run's Parquet file as a pandas DataFrame.

    Raises:
        SimulationError: pandas or pyarrow is not installed, or the file is not a regular file
            or not readable Parquet (empty, truncated, garbage): one line naming it.
    """
    pd = pandas()
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise SimulationError(f"load_run needs pyarrow to read {path}: {_INSTALL}") from None
    try:
        with limits.open_regular(path, limit=None, error=SimulationError,
                                 what="Parquet file") as f:
            _check_size(pyarrow.parquet.ParquetFile(f).metadata, path)
            f.seek(0)
            return pd.read_parquet(f)
    except SimulationError:
        raise
    except (OSError, ValueError, pyarrow.ArrowException) as exc:
        reason = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
        raise SimulationError(f"{path}: not a readable Parquet file of a run ({reason})"
                              ) from None


def _check_size(metadata: Any, path: Path) -> None:
    """Refuse a Parquet file that would unpack past the bounds, from its footer, before a
    column is read: more than MAX_CELLS values (rows times columns; a run of a million games
    has about 30 million), more than MAX_COLUMNS columns, or encoded columns of more than
    MAX_UNPACKED_BYTES. A small file of run-length encoded, compressed columns is a bomb."""
    unpacked = sum(metadata.row_group(i).total_byte_size for i in range(metadata.num_row_groups))
    cells = metadata.num_rows * metadata.num_columns
    if metadata.num_columns > MAX_COLUMNS or cells > MAX_CELLS or unpacked > MAX_UNPACKED_BYTES:
        raise SimulationError(f"{path}: {metadata.num_rows:,} rows of {metadata.num_columns} "
                              f"columns ({unpacked:,} bytes encoded), more than a run's table "
                              f"may hold ({MAX_CELLS:,} values, {MAX_COLUMNS} columns, "
                              f"{limits.size_text(MAX_UNPACKED_BYTES)})")


def frame(results: Results) -> Any:
    """Return the table of a run's Results as a pandas DataFrame (the columns of the Parquet
    file, built from the JSON lines).

    Raises:
        SimulationError: pandas is not installed.
    """
    return pandas().DataFrame(run_columns(results))
