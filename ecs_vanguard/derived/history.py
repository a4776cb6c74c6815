"""History as a query: what happened, read from the events the game already logs (its
`state.events`), filtered as an auto's `when` filters the event it waits for, within a window of
turns. "You called two or more cards from your soul this turn", "a card was put into your damage
zone during your opponent's previous turn", "you played an order by Alchemagic this turn" are
each one `happened` check; no ability keeps a record of its own for them.

A card filter on an event's card reads that card as it is now (its grade, its name, its marks):
the log holds which card it was, not a copy of its values then.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ecs_vanguard.cards.check import Check
from ecs_vanguard.cards.schema import When
from ecs_vanguard.derived import facts as f
from ecs_vanguard.state import Frame, State
from ecs_vanguard.vocab.events import AttackDeclared, TurnStarted


def window_events(state: State, master: int, window: str) -> Iterator[object]:
    """The logged events of a window, newest first: this turn's (since its TurnStarted), one
    earlier turn's (the latest before this one; of a player, or whoever's), or the game's."""
    if window == "this_game":
        yield from reversed(state.events)
        return
    if window == "this_battle":
        yield from _battle_events(state)
        return
    segment: list[object] = []
    current = True                    # the turn now: its events come first, newest first
    for event in reversed(state.events):
        if not isinstance(event, TurnStarted):
            segment.append(event)
            continue
        if current:
            if window == "this_turn":
                yield from segment
                return
            current = False
        elif window == "previous_turn" or (event.player == master) == (
                window == "your_previous_turn"):
            yield from segment
            return
        segment = []
    if current and window == "this_turn":
        yield from segment             # a log with no turn yet (set-up): all of it


def _battle_events(state: State) -> Iterator[object]:
    """The events of the battle now, or of the one that just ended ("at the end of a battle in
    which your drive check revealed ..."): since this turn's latest attack (CORE-09), newest
    first; none before the turn's first attack."""
    segment: list[object] = []
    for event in reversed(state.events):
        if isinstance(event, TurnStarted):
            return
        segment.append(event)
        if isinstance(event, AttackDeclared):
            yield from segment
            return


# values.narrow: keep the cards passing a table of filters (given by derived.values, which
# registers the check: the filters read derived values).
Narrow = Callable[[State, Frame, list[int], tuple[tuple[str, object], ...]], list[int]]


def event_matches(state: State, frame: Frame, when: When, event: object,
                  narrow: Narrow) -> bool:
    """True if a logged event is of `when`'s kind and passes its filters, for the ability's
    player (`frame.master`) and card (`frame.source`)."""
    if type(event) is not when.event:
        return False
    for key, wanted in when.filters:
        if key == "by":
            if f.effect_by(event, frame.master) != wanted:
                return False
            continue
        value = getattr(event, key)
        if isinstance(wanted, tuple):
            if not isinstance(value, int) or value < 0 or not narrow(
                    state, frame, [value], wanted):
                return False
        elif not f.event_field_matches(value, wanted, frame.source, frame.master):
            return False
    return True


def happened_count(state: State, frame: Frame, when: When, window: str, narrow: Narrow) -> int:
    """How many logged events of the window match `when`."""
    return sum(event_matches(state, frame, when, e, narrow)
               for e in window_events(state, frame.master, window))


def happened(state: State, frame: Frame, check: Check, narrow: Narrow) -> bool:
    """Between `min` (1 by default) and `max` events of the window match `when`."""
    when = check.arg("when")
    assert isinstance(when, When)
    done = happened_count(state, frame, when, str(check.arg("window", "this_turn")), narrow)
    low, high = check.arg("min", 1), check.arg("max")
    return done >= int(low) and (high is None or done <= int(high))


_DOC = ("what happened, counted in the game's log: the events `when` names (an event and "
        "filters on its fields, as an auto's `when`: player, from_zone, to_zone, card = { ... }, "
        "by, ...) within `window` (this_turn by default; previous_turn, your_previous_turn, "
        "opponent_previous_turn, this_game; this_battle: the battle now, or the one just ended) "
        "number at least `min` (1 by default) and at most "
        "`max` (\"you called two or more cards from your soul this turn\")")
# The check's (what it means, arguments and their kinds, required arguments); derived.values
# registers it with its predicate.
HAPPENED_SPEC: tuple[str, tuple[tuple[str, str], ...], tuple[str, ...]] = (
    _DOC, (("when", "when"), ("window", "window"), ("min", "count"), ("max", "count")),
    ("when",))
