"""Steps that read the game's log (issue 39 §2, §4): `recall` names the cards of what happened
("the card you discarded for the Stride cost"), found as `happened` finds events
(derived.history)."""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard.cards import steps as s
from ecs_vanguard.derived import history
from ecs_vanguard.derived.facts import remember
from ecs_vanguard.derived.values import narrow
from ecs_vanguard.state import Frame, State


def _recall(state: State, frame: Frame, step: s.Recall) -> None:
    """Bind the `card` of each matching event of the window, the `count` most recent (0: all),
    oldest first, as the objects they are now (CORE-20: a card that moved since is found where
    it is)."""
    cards: list[int] = []
    for event in history.window_events(state, frame.master, step.window):   # newest first
        card = getattr(event, "card", -1)
        if isinstance(card, int) and card >= 0 and card not in cards \
                and history.event_matches(state, frame, step.when, event, narrow):
            cards.append(card)
            if step.count and len(cards) >= step.count:
                break
    remember(frame, step.bind, list(reversed(cards)))


HANDLERS: dict[type, Callable[..., object]] = {s.Recall: _recall}
