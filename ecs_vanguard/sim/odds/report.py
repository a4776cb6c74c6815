"""The odds report: figures with standard errors and exact values, tables, text and JSON."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure: the Monte Carlo estimate and its standard error, and the exact value when a
    closed form exists (then the report uses it)."""

    estimate: float
    se: float
    exact: Fraction | None = None

    @property
    def value(self) -> float:
        """The exact value where known, else the estimate."""
        return float(self.exact) if self.exact is not None else self.estimate

    def to_dict(self) -> dict[str, Any]:
        """Return the figure as JSON-ready data (the exact value as "p/q" and as a float)."""
        exact = None if self.exact is None else str(self.exact)
        return {"value": self.value, "exact": exact, "estimate": self.estimate, "se": self.se}


def chance(hits: float, n: int, exact: Fraction | None = None) -> Figure:
    """Return a probability estimated from `hits` of `n` samples, with its standard error."""
    p = float(hits) / n
    return Figure(p, math.sqrt(max(p * (1 - p), 0.0) / n), exact)


def mean(total: float, squares: float, n: int, exact: Fraction | None = None) -> Figure:
    """Return a mean estimated from a sum and a sum of squares over `n` samples."""
    m = float(total) / n
    var = max(float(squares) / n - m * m, 0.0)
    return Figure(m, math.sqrt(var / n), exact)


@dataclass(frozen=True, slots=True)
class Table:
    """One question: figures by row and column (None where a cell has no figure)."""

    key: str
    title: str
    note: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    cells: tuple[tuple[Figure | None, ...], ...]
    percent: bool = True                # chances (shown as %) or means
    digits: int = 2                     # decimals shown

    def cell(self, row: str, column: str) -> Figure | None:
        """Return the figure at (row, column)."""
        return self.cells[self.rows.index(row)][self.columns.index(column)]

    def figures(self) -> list[Figure]:
        """Return every figure of the table."""
        return [f for row in self.cells for f in row if f is not None]

    def to_dict(self) -> dict[str, Any]:
        """Return the table as JSON-ready data: {row: {column: figure}}."""
        return {"title": self.title, "note": self.note,
                "rows": {r: {c: None if f is None else f.to_dict()
                             for c, f in zip(self.columns, row)}
                         for r, row in zip(self.rows, self.cells)}}

    def to_text(self) -> list[str]:
        """Return the table as aligned lines; exact cells end in '=', estimates show ± SE."""
        label = max(len(r) for r in (*self.rows, "")) + 2
        shown = [[_show(f, self.percent, self.digits) for f in row] for row in self.cells]
        width = max(14, *(len(c) + 2 for c in self.columns),
                    *(len(s) + 2 for row in shown for s in row))
        lines = [self.title, *([self.note] if self.note else []),
                 " " * label + "".join(f"{c:>{width}}" for c in self.columns)]
        for r, row in zip(self.rows, shown):
            lines.append(f"{r:<{label}}" + "".join(f"{s:>{width}}" for s in row))
        return [*lines, ""]


def _show(f: Figure | None, percent: bool, digits: int) -> str:
    if f is None:
        return "-"
    scale, unit = (100, "%") if percent else (1, "")
    if f.exact is not None:
        return f"{f.value * scale:.{digits}f}{unit} ="
    return f"{f.value * scale:.{digits}f}{unit} ±{f.se * scale:.2g}"


@dataclass(frozen=True)
class OddsReport:
    """The odds of one deck under one mulligan policy; `tables` holds every question."""

    deck: str
    format: str
    policy: str
    policy_text: str
    samples: int
    seed: int
    pool_size: int
    tables: tuple[Table, ...]

    def table(self, key: str) -> Table:
        """Return the table of a question by key (e.g. "ride", "copies 1")."""
        for t in self.tables:
            if t.key == key:
                return t
        raise KeyError(f"no table {key!r}; tables: {', '.join(t.key for t in self.tables)}")

    def to_dict(self) -> dict[str, Any]:
        """Return the report as JSON-ready data."""
        return {"deck": self.deck, "format": self.format, "mulligan": self.policy,
                "mulligan_text": self.policy_text, "samples": self.samples, "seed": self.seed,
                "pool_size": self.pool_size,
                "tables": {t.key: t.to_dict() for t in self.tables}}

    def to_text(self) -> str:
        """Return every table as readable text."""
        exact = sum(f.exact is not None for t in self.tables for f in t.figures())
        total = sum(len(t.figures()) for t in self.tables)
        head = [(f"Deck odds: {self.deck} ({self.format}; {self.pool_size} cards shuffled; "
                 f"mulligan {self.policy!r}: {self.policy_text})"),
                (f"{self.samples:,} shuffled deck{'s' * (self.samples != 1)}, seed {self.seed}. "
                 f"{exact} of {total} "
                 "figures are exact (marked =); the others are Monte Carlo estimates ± one "
                 "standard error."), ""]
        return "\n".join(line.rstrip() for line in
                         [*head, *(line for t in self.tables for line in t.to_text())]).rstrip()
