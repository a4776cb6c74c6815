"""Progress of a long run: a tqdm bar on a terminal, a plain line every N seconds otherwise, so
logs of batch jobs stay readable (one line per interval, no carriage returns)."""

from __future__ import annotations

import math
import sys
import time
from typing import Any, Self, TextIO

LINE_INTERVAL_S = 30.0               # seconds between two progress lines when not on a terminal


def progress(mode: str, total: int, initial: int, label: str, *,
             every: float = LINE_INTERVAL_S, stream: TextIO | None = None) -> Any:
    """Return a progress reporter with `update(n)` and context-manager use.

    mode: "auto" (a bar on a terminal, lines otherwise), "bar", "lines" or "off".
    """
    stream = stream or sys.stderr
    if mode == "auto":
        mode = "bar" if _is_terminal(stream) else "lines"
    if mode == "bar":
        from tqdm import tqdm

        return tqdm(total=total, initial=initial, desc=label, unit="game", file=stream,
                    dynamic_ncols=True, smoothing=0.05)
    return Lines(total, initial, label, every=every if mode == "lines" else None, stream=stream)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Lines:
    """Print "label: done/total games (p%), r games/s, about t left" every `every` seconds and
    once at the end (nothing at all when `every` is None)."""

    def __init__(self, total: int, initial: int, label: str, *, every: float | None,
                 stream: TextIO) -> None:
        self.total, self.done, self.label = total, initial, label
        self.every, self.stream = every, stream
        self.started = self.last = time.monotonic()
        self.new = 0

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.every is not None and self.new:
            self._print(time.monotonic())

    def update(self, n: int = 1) -> None:
        """Count `n` more finished games; print a line if the interval has passed."""
        self.done += n
        self.new += n
        now = time.monotonic()
        if self.every is not None and now - self.last >= self.every:
            self._print(now)

    def _print(self, now: float) -> None:
        self.last = now
        rate = self.new / max(now - self.started, 1e-9)
        share = f" ({100 * self.done / self.total:.1f}%)" if self.total else ""
        left = (self.total - self.done) / rate if rate > 0 else float("inf")
        print(f"{self.label}: {self.done:,}/{self.total:,} games{share}, {rate:,.1f} games/s, "
              f"about {duration_text(left)} left", file=self.stream, flush=True)


def duration_text(seconds: float) -> str:
    """Return a duration as people say it: 45 s, 12 min, 3.5 h, 2.0 days."""
    if math.isnan(seconds) or math.isinf(seconds):
        return "an unknown time"
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:,.1f} days"
