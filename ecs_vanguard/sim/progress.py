"""Progress of a long run: a tqdm bar on a terminal, a plain line every N seconds otherwise, so
logs of batch jobs stay readable (one line per interval, no carriage returns).

Both move with decisions as well as games (`decided`, fed by `sim.ticks`), so a run of slow
agents whose first game takes minutes never looks hung, and both show within a second of the
start: a timer thread redraws the bar and prints the first line even when no game has ended.
The time left counts the games in flight by their decisions so far.
"""

from __future__ import annotations

import math
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Self, TextIO

from ecs_vanguard.vocab.text import printable

LINE_INTERVAL_S = 30.0               # seconds between two progress lines when not on a terminal
FIRST_REPORT_S = 1.0                 # the first line comes this soon (then every interval)
REDRAW_S = 0.5                       # how often the timer thread looks
# Before any game has ended, the decisions of a game are guessed: heuristic games of the
# built-in decks take 108 (force_vanguards vs accel_strikers) to 135 (blazing_dragons vs
# radiant_knights), 60 games each; the estimate says it is a guess until a game ends.
GUESS_DECISIONS_PER_GAME = 120

Clock = Callable[[], float]


def progress(mode: str, total: int, initial: int, label: str, *,
             every: float = LINE_INTERVAL_S, stream: TextIO | None = None) -> Any:
    """Return a progress reporter: `update(games, decisions=...)` for finished games,
    `decided(n)` for decisions made meanwhile, and context-manager use.

    mode: "auto" (a bar on a terminal, lines otherwise), "bar", "lines" or "off".
    """
    stream = stream or sys.stderr
    if mode == "auto":
        mode = "bar" if _is_terminal(stream) else "lines"
    if mode == "bar":
        return Bar(total, initial, label, stream=stream)
    return Lines(total, initial, label, every=every if mode == "lines" else None, stream=stream)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@dataclass(slots=True)
class Tally:
    """Games and decisions of a run so far, and the estimate of the time left."""

    total: int
    done: int                        # finished games, those of earlier sessions included
    started: float
    new: int = 0                     # games finished in this session
    decisions: int = 0               # decisions reported as made (in flight ones included)
    finished_decisions: int = 0      # decisions of the games finished in this session

    def game(self, games: int, decisions: int) -> None:
        """Count finished games and their decisions."""
        self.done += games
        self.new += games
        self.finished_decisions += decisions

    def text(self, now: float) -> str:
        """Return "done/total games (p%), d decisions in s, r games/s, about t left"."""
        elapsed = max(now - self.started, 1e-9)
        per_game = self.finished_decisions / self.new if self.finished_decisions else 0.0
        guessed = per_game <= 0
        in_flight = max(self.decisions - self.finished_decisions, 0) / (
            GUESS_DECISIONS_PER_GAME if guessed else per_game)
        rate = (self.new + in_flight) / elapsed
        left = max(self.total - self.done - in_flight, 0) / rate if rate > 0 else math.inf
        share = f" ({100 * self.done / self.total:.1f}%)" if self.total else ""
        guess = " (a guess until a game ends)" if guessed and rate > 0 else ""
        return (f"{self.done:,}/{self.total:,} games{share}, "
                f"{max(self.decisions, self.finished_decisions):,} decisions in "
                f"{duration_text(elapsed)}, "
                f"{self.new / elapsed:,.1f} games/s, about {duration_text(left)} left{guess}")


class _Reporter:
    """What the bar and the lines share: the tally, a lock, and the timer thread that calls
    `_tick` every REDRAW_S seconds while the run lasts."""

    def __init__(self, total: int, initial: int, label: str, *, clock: Clock,
                 timer: bool) -> None:
        self.label, self.clock = printable(label), clock     # a deck name's ESC as \x1b
        self.tally = Tally(total, initial, clock())
        self.lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True,
                                        name="ecs_vanguard progress") if timer else None

    def __enter__(self) -> Self:
        if self._thread is not None:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        with self.lock:
            self._end(self.clock())

    def update(self, n: int = 1, decisions: int = 0) -> None:
        """Count `n` more finished games with their `decisions`."""
        with self.lock:
            self.tally.game(n, decisions)
            self._tick(self.clock())

    def decided(self, n: int) -> None:
        """Count `n` decisions made in games not finished yet."""
        with self.lock:
            self.tally.decisions += n
            self._tick(self.clock())

    def _run(self) -> None:
        while not self._stop.wait(REDRAW_S):
            with self.lock:
                self._tick(self.clock())

    def _tick(self, now: float) -> None:
        raise NotImplementedError

    def _end(self, now: float) -> None:
        raise NotImplementedError


class Lines(_Reporter):
    """Print "label: done/total games (p%), d decisions in s, r games/s, about t left" a second
    after the start, then every `every` seconds, and once at the end (nothing at all when
    `every` is None)."""

    def __init__(self, total: int, initial: int, label: str, *, every: float | None,
                 stream: TextIO, clock: Clock = time.monotonic, timer: bool = True) -> None:
        super().__init__(total, initial, label, clock=clock, timer=timer and every is not None)
        self.every, self.stream = every, stream
        self.last: float | None = None            # when the last line was printed

    def _tick(self, now: float) -> None:
        if self.every is None:
            return
        since, wait = (now - self.tally.started, min(FIRST_REPORT_S, self.every)) \
            if self.last is None else (now - self.last, self.every)
        if since >= wait:
            self._print(now)

    def _end(self, now: float) -> None:
        if self.every is not None and self.tally.new:
            self._print(now)

    def _print(self, now: float) -> None:
        self.last = now
        print(f"{self.label}: {self.tally.text(now)}", file=self.stream, flush=True)


class Bar(_Reporter):
    """A tqdm bar of games whose text after it (decisions, games/s, time left) the timer thread
    redraws twice a second."""

    def __init__(self, total: int, initial: int, label: str, *, stream: TextIO,
                 clock: Clock = time.monotonic) -> None:
        super().__init__(total, initial, label, clock=clock, timer=True)
        from tqdm import tqdm

        class _Tqdm(tqdm):  # type: ignore[misc]
            """A tqdm bar with a `text` field after it (its postfix always starts ', ')."""

            text = ""

            @property
            def format_dict(self) -> dict[str, Any]:
                return {**super().format_dict, "text": self.text}

        self.bar = _Tqdm(total=total, initial=initial, desc=self.label, unit="game", file=stream,
                         dynamic_ncols=True, mininterval=REDRAW_S,
                         bar_format="{desc}: {percentage:3.0f}%|{bar}| {text}")
        self.shown, self.drawn = self.tally.done, -math.inf

    def _tick(self, now: float) -> None:
        if now - self.drawn < REDRAW_S:
            return
        self.drawn = now
        if self.tally.done != self.shown:
            self.bar.n = self.shown = self.tally.done
        self.bar.text = self.tally.text(now)
        self.bar.refresh()

    def _end(self, now: float) -> None:
        self.drawn = -math.inf
        self._tick(now)
        self.bar.close()


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
