"""Runaway abilities: say in words why a game needed more ticks than `limits.TICKS_PER_DECISION`
between two decisions, for the reason of its engine-limit draw."""

from __future__ import annotations

from collections import Counter

from ecs_vanguard.state import State
from ecs_vanguard.vocab.events import AutoPlayed
from ecs_vanguard.vocab.limits import TICKS_PER_DECISION


def runaway_reason(state: State, since: int) -> str:
    """Return why the game stopped: the auto played most often since event `since`, or the
    kind of event that kept happening, or that nothing happened at all (no progress)."""
    head = f"engine limit: {TICKS_PER_DECISION} ticks without a decision"
    events = state.events[since:]
    if not events:
        return f"{head}, and nothing happened (no progress: an engine bug)"
    autos = Counter(e.card for e in events if isinstance(e, AutoPlayed))
    if autos:
        card, times = autos.most_common(1)[0]
        printed = state.card(card)
        return (f"{head}: a runaway ability, an auto of {printed.names[0]} ({printed.id}) "
                f"played {times} times")
    kind, times = Counter(type(e).__name__ for e in events).most_common(1)[0]
    return f"{head}: {times} {kind} events"
