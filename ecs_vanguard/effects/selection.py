"""What an effect step may pick when its cards must have different values ("of different
grades") and where a call may go when another card names the circle (Time Leap: "call it to the
circle that unit was on"). The steps' handlers ask; this module only narrows what they offer.
Costs decide the same constraint jointly with their other steps (`effects.costs`).
"""

from __future__ import annotations

from ecs_vanguard.cards import steps as s
from ecs_vanguard.cards.flow import all_steps
from ecs_vanguard.cards.value_steps import CircleOf, ColumnOf, NamedCircle
from ecs_vanguard.derived import facts as f
from ecs_vanguard.derived.distinct import extendable, most_distinct
from ecs_vanguard.derived.values import distinct_values, open_circles
from ecs_vanguard.state import Frame, State
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.zones import BACK_ROW, COLUMN_PARTNER, FRONT_ROW, Circle, Zone


def distinct_candidates(state: State, frame: Frame, cards: list[int], field: str, count: int,
                        exact: bool) -> tuple[list[int], int]:
    """Return (the cards that may be picked next, how many to pick) for a pick whose cards
    must have pairwise different values of `field` ("" : no constraint).

    `exact`: the step takes `count` cards or as many as possible (ACT-07, "choose N"): only
    cards that keep the largest reachable selection reachable are offered, and the count is that
    size. Otherwise (an "up to" pick) any card keeping the picks different is offered. The
    picks so far are `frame.picks` and the answer waiting for the step (`state.answer`).
    """
    if not field:
        return cards, count
    values = [distinct_values(state, c, field) for c in cards]
    answer = state.answer
    taken = [*frame.picks, *([answer.card] if answer is not None
                             and answer.kind is ActionKind.PICK else [])]
    picked = [cards.index(c) for c in taken if c in cards]
    goal = min(count, most_distinct(values)) if exact else len(picked) + 1
    offered = set(extendable(values, picked, goal))
    return [c for i, c in enumerate(cards) if i in offered or c in taken], \
        (goal if exact else count)


def all_or_nothing(state: State, frame: Frame, cards: list[int], field: str, n: int
                   ) -> list[int]:
    """The cards a blast of n cards of different values may take: none when fewer than n
    different values are there (ACT-16, ACT-18: nothing is paid then)."""
    if not field:
        return cards
    if most_distinct([distinct_values(state, c, field) for c in cards]) < n:
        return []
    return distinct_candidates(state, frame, cards, field, n, exact=True)[0]


# -- circles named by another card ---------------------------------------------------------


# The steps whose `to` may name a remembered circle: a superior call's, a token's (TOK-06:
# "call a token to the circle this unit is on").
_CALLS_TO: frozenset[type] = frozenset({s.SuperiorCall, s.MakeTokens})


def circle_names(steps: tuple[object, ...]) -> list[str]:
    """The names whose circle the steps call onto (`to = { circle_of = name }`, a superior
    call's or a token's), those of their delay steps included: "at the end of the turn, call it
    back to the circle this unit was on" reads a circle remembered while the unit was still
    there. A scan of a few steps (cheaper than hashing the ability for a cache)."""
    names: list[str] = []
    for step in all_steps(steps):
        if type(step) in _CALLS_TO:
            to = getattr(step, "to", None)
            if isinstance(to, CircleOf):
                names.append(to.name)
    return names


def remember_circles(state: State, frame: Frame, steps: tuple[object, ...] | None) -> None:
    """Keep the circle each `circle_of` name of `steps` (the running program: an ability's, or
    a delayed effect's own) is on now, before a step may move it: "self" (the ability's card)
    or a bound name's first card still on an RC."""
    if not steps:
        return
    for name in circle_names(steps):
        if name == "self":
            cards = [frame.source]
        elif name in frame.bound:
            cards = f.recall(frame, name)
        else:
            continue
        for card in cards:
            pos = f.position(card)
            if pos.zone is Zone.RC and isinstance(pos.circle, Circle):
                frame.bound_circle[name] = _circle_key(pos.owner, pos.circle)
                break


def _circle_key(owner: int, circle: Circle) -> str:
    """A circle of one player's side, as plain data ("0:back_left")."""
    return f"{owner}:{circle.value}"


def call_circles(state: State, frame: Frame, to: str | CircleOf | NamedCircle | ColumnOf,
                 player: int, free: list[Circle]) -> list[Circle]:
    """The RCs a superior call may choose among `free` (the caller's RCs not locked, not
    chosen yet): all of them ("rc"), the open ones ("open_rc": no card there, no unit is
    retired), the one circle another card was on (`circle_of`), if it is free and on the
    caller's side (a card of the other player names none of the caller's circles), or the one
    circle named by its place (`circle`), if it is free. A named circle with a unit on it is
    free: the unit there is retired by rule when the called one arrives (CORE-06, CORE-17)."""
    if isinstance(to, CircleOf):
        named = frame.bound_circle.get(to.name)       # on the caller's side only
        return [c for c in free if named == _circle_key(player, c)]
    if isinstance(to, NamedCircle):
        return [c for c in free if c.value == to.circle]
    if isinstance(to, ColumnOf):
        return [c for c in free if c in _column(frame, to.name, player)]
    if to == "open_rc":
        return [c for c in free if c in open_circles(state, player)]
    if to == "front_row":
        return [c for c in free if c in FRONT_ROW]
    if to == "back_row":
        return [c for c in free if c in BACK_ROW]
    return free


def _column(frame: Frame, name: str, player: int) -> list[Circle]:
    """CORE-07: the two circles of the column a card ("self" or a bound name's first card) is
    on now, on the caller's side; none if it is not on a circle of that side."""
    cards = [frame.source] if name == "self" else f.recall(frame, name)
    for card in cards:
        pos = f.position(card)
        if pos.owner == player and isinstance(pos.circle, Circle) \
                and pos.circle in COLUMN_PARTNER:
            return [pos.circle, COLUMN_PARTNER[pos.circle]]
    return []
