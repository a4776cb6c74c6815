"""Decisions counted as they are made, so progress moves within a game (issue 21): the game loop
counts each decision on the ticker of its process, which hands them on in batches at most every
quarter second (in a worker process: one small message over its pipe).

A game function reads the ticker once per game (`current()`, None when nobody listens) and
calls `decision()` after each step; a clock read per decision costs well under a microsecond
against tens of microseconds for the decision itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

SEND_EVERY_S = 0.25                  # decisions are handed on at most this often


class Ticker:
    """Count decisions and hand them to `send` in batches, at most every SEND_EVERY_S."""

    def __init__(self, send: Callable[[int], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.send, self.clock = send, clock
        self.pending = 0
        self.last = clock()

    def decision(self) -> None:
        """Count one decision; hand on what is pending once the interval has passed."""
        self.pending += 1
        if self.clock() - self.last >= SEND_EVERY_S:
            self.flush()

    def flush(self) -> None:
        """Hand on the pending decisions now."""
        self.last = self.clock()
        if self.pending:
            pending, self.pending = self.pending, 0
            self.send(pending)


# The ticker of the game being played in this thread: a context variable, not a global, so a
# game played with nobody listening (a test, a notebook) finds None and counts nothing.
_CURRENT: ContextVar[Ticker | None] = ContextVar("ecs_vanguard_ticker", default=None)


def current() -> Ticker | None:
    """Return the ticker games of this thread count their decisions on, or None."""
    return _CURRENT.get()


@contextmanager
def ticking(send: Callable[[int], None] | None) -> Iterator[Ticker | None]:
    """Count the decisions of games played inside the block on a ticker that calls `send`
    (nothing when `send` is None); what is still pending is handed on at the end."""
    if send is None:
        yield None
        return
    ticker = Ticker(send)
    token = _CURRENT.set(ticker)
    try:
        yield ticker
    finally:
        _CURRENT.reset(token)
        ticker.flush()
