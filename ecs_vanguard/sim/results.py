"""Results of a simulation run: the per-game records, numpy columns and the summary.

A run of millions of games must fit in memory, so each record is kept as its compact JSON line
(about 0.5 kB instead of 2.6 kB as a dict) and every figure the summary needs is read once into
a numpy column; `records` decodes the lines again when asked.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

import numpy as np

from ecs_vanguard.sim.summary import summary_text, wilson
from ecs_vanguard.vocab.limits import RUNAWAY_END_CODES

# winner and first columns: 0 = deck A, 1 = deck B, -1 = draw, error or unknown
SIDE_CODES: Mapping[str | None, int] = MappingProxyType({"a": 0, "b": 1})
_INT_FIELDS = ("i", "seed", "turns", "damage_a", "damage_b", "decisions")
_COUNT_FIELDS = ("triggers", "mechanics")
_ERROR_SAMPLES = 5


def encode(record: Mapping[str, Any]) -> str:
    """Return a record as one compact JSON line (no newline), keys sorted."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), default=_plain)


def _plain(value: Any) -> Any:
    """Turn what json cannot write into plain data: numpy scalars and arrays, enums, tuples."""
    if isinstance(value, np.generic | np.ndarray):
        return value.tolist()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, set | frozenset):
        return sorted(value)
    raise TypeError(f"a game record holds {type(value).__name__}, which JSON cannot store")


@dataclass(frozen=True)
class Results:
    """The finished games of one run, sorted by game index, with numpy columns and a summary."""

    lines: tuple[str, ...]                                  # one JSON record per game
    run: Mapping[str, Any] = field(default_factory=dict)   # the run header (decks, seed, ...)
    columns: Mapping[str, np.ndarray] = field(default_factory=dict)
    counts: Mapping[str, Mapping[str, np.ndarray]] = field(default_factory=dict)
    reasons: Mapping[str, int] = field(default_factory=dict)
    error_samples: tuple[dict[str, Any], ...] = ()
    limit_samples: tuple[dict[str, Any], ...] = ()   # games an engine limit stopped

    @staticmethod
    def from_records(records: Iterable[Mapping[str, Any]],
                     run: Mapping[str, Any] | None = None) -> Results:
        """Build Results from game records (any order; sorted by their index `i`)."""
        return Results.from_lines(((r.get("i", k), encode(r)) for k, r in enumerate(records)),
                                  run)

    @staticmethod
    def from_lines(lines: Iterable[tuple[int, str]],
                   run: Mapping[str, Any] | None = None) -> Results:
        """Build Results from (game index, JSON line) pairs, in any order."""
        ordered = tuple(line for _, line in sorted(lines, key=lambda pair: pair[0]))
        return Results(ordered, dict(run or {}), **_scan(ordered))

    def __len__(self) -> int:
        return len(self.lines)

    @property
    def records(self) -> tuple[dict[str, Any], ...]:
        """The game records as dicts, sorted by index (decoded anew at each access)."""
        return tuple(json.loads(line) for line in self.lines)

    @property
    def index(self) -> np.ndarray:
        """Game index i of each record."""
        return self.columns["i"]

    @property
    def seeds(self) -> np.ndarray:
        """The seed each game was played with (63-bit, so int64 holds it)."""
        return self.columns["seed"]

    @property
    def errors(self) -> np.ndarray:
        """True for games the engine failed on."""
        return self.columns["error"]

    @property
    def winner(self) -> np.ndarray:
        """Winner codes: 0 = deck A, 1 = deck B, -1 = draw (or an error, see `errors`)."""
        return self.columns["winner"]

    @property
    def first(self) -> np.ndarray:
        """Who went first: 0 = deck A, 1 = deck B, -1 unknown."""
        return self.columns["first"]

    @property
    def turns(self) -> np.ndarray:
        """Turns played in each game."""
        return self.columns["turns"]

    @property
    def damage_a(self) -> np.ndarray:
        """Damage of deck A's player at the end of each game."""
        return self.columns["damage_a"]

    @property
    def damage_b(self) -> np.ndarray:
        """Damage of deck B's player at the end of each game."""
        return self.columns["damage_b"]

    @property
    def decisions(self) -> np.ndarray:
        """Decisions taken in each game (both players)."""
        return self.columns["decisions"]

    def summary(self) -> dict[str, Any]:
        """Return the run's summary as a JSON-ready dict (errors excluded from the rates)."""
        ok = ~self.errors
        winner, first = self.winner[ok], self.first[ok]
        n = int(ok.sum())
        a_wins, b_wins = int((winner == 0).sum()), int((winner == 1).sum())
        known = first >= 0
        return {
            "run": dict(self.run),
            "games": len(self),
            "completed": n,
            "wins_a": a_wins,
            "wins_b": b_wins,
            "draws": n - a_wins - b_wins,
            "win_rate_a": wilson(a_wins, n),
            "draw_rate": wilson(n - a_wins - b_wins, n),
            "first_player_win_rate": wilson(int((winner[known] == first[known]).sum()),
                                            int(known.sum())),
            "win_rate_a_going_first": wilson(int((winner[first == 0] == 0).sum()),
                                             int((first == 0).sum())),
            "win_rate_a_going_second": wilson(int((winner[first == 1] == 0).sum()),
                                              int((first == 1).sum())),
            "turns": _distribution(self.turns[ok]),
            "damage_a": _distribution(self.damage_a[ok]),
            "damage_b": _distribution(self.damage_b[ok]),
            "decisions_per_game": float(self.decisions[ok].mean()) if n else float("nan"),
            "reasons": dict(self.reasons),
            "triggers": _totals(self.counts.get("triggers", {}), ok),
            "mechanics": _totals(self.counts.get("mechanics", {}), ok),
            "errors": len(self) - n,
            "error_samples": list(self.error_samples),
            "limit_samples": list(self.limit_samples),
        }

    def to_text(self) -> str:
        """Return the summary as a readable table."""
        return summary_text(self.summary())


def _scan(lines: tuple[str, ...]) -> dict[str, Any]:
    """Decode every line once into the columns, counts, reasons, and samples of the games that
    failed or that an engine limit stopped."""
    ints: dict[str, list[int]] = {key: [] for key in _INT_FIELDS}
    sides: dict[str, list[int]] = {"winner": [], "first": []}
    failed: list[bool] = []
    counts: dict[str, dict[str, dict[int, int]]] = {key: {} for key in _COUNT_FIELDS}
    reasons: Counter[str] = Counter()
    samples: list[dict[str, Any]] = []
    limited: list[dict[str, Any]] = []
    for row, line in enumerate(lines):
        record = json.loads(line)
        for key in _INT_FIELDS:
            ints[key].append(record.get(key) or 0)
        for key, codes in sides.items():
            codes.append(SIDE_CODES.get(record.get(key), -1))
        failed.append(bool(record.get("error")))
        for key in _COUNT_FIELDS:
            for name, value in (record.get(key) or {}).items():
                counts[key].setdefault(name, {})[row] = value
        if not record.get("error"):
            reasons[str(record.get("reason"))] += 1
            if record.get("reason") in RUNAWAY_END_CODES and len(limited) < _ERROR_SAMPLES:
                limited.append({k: record.get(k) for k in ("i", "seed", "reason", "detail")})
        elif len(samples) < _ERROR_SAMPLES:
            samples.append(_error_sample(record))
    columns = {key: np.array(values, dtype=np.int64) for key, values in ints.items()}
    columns |= {key: np.array(codes, dtype=np.int8) for key, codes in sides.items()}
    columns["error"] = np.array(failed, dtype=bool)
    return {"columns": columns, "counts": {key: _dense(by_name, len(lines))
                                           for key, by_name in counts.items()},
            "reasons": dict(sorted(reasons.items())), "error_samples": tuple(samples),
            "limit_samples": tuple(limited)}


def _dense(by_name: dict[str, dict[int, int]], rows: int) -> dict[str, np.ndarray]:
    """Turn {name: {row: count}} into one zero-filled array per name, names sorted."""
    out = {}
    for name in sorted(by_name):
        column = np.zeros(rows, dtype=np.int64)
        column[list(by_name[name])] = list(by_name[name].values())
        out[name] = column
    return out


def _distribution(values: np.ndarray) -> dict[str, Any]:
    """Return mean, spread and histogram (value -> count) of an integer column."""
    if not values.size:
        return {"mean": float("nan"), "std": float("nan"), "min": None, "max": None,
                "histogram": {}}
    levels, counts = np.unique(values, return_counts=True)
    return {"mean": float(values.mean()), "std": float(values.std()), "min": int(levels[0]),
            "max": int(levels[-1]),
            "histogram": {str(int(v)): int(c) for v, c in zip(levels, counts, strict=True)}}


def _totals(columns: Mapping[str, np.ndarray], ok: np.ndarray) -> dict[str, dict[str, float]]:
    n = max(int(ok.sum()), 1)
    return {name: {"total": int(col[ok].sum()), "per_game": float(col[ok].sum()) / n}
            for name, col in columns.items()}


def _error_sample(record: dict[str, Any]) -> dict[str, Any]:
    return {"i": record.get("i"), "seed": record.get("seed"), "error": record.get("error")}
