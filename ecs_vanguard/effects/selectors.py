"""Selectors (which cards a step may act on) and filters (`where = {...}`) of the card DSL.

Each selector is a small function of (state, frame) returning entities in a stable order;
filters narrow them. Both are registries: a new word is a new function, never a new `if`.
"""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard import query as q
from ecs_vanguard.ops.brandt import imprisoned_in
from ecs_vanguard.ops.legion import vanguards
from ecs_vanguard.ops.zones import dress_sources
from ecs_vanguard.state import Frame, State
from ecs_vanguard.zones import Zone

Selector = Callable[[State, Frame], list[int]]


def _attacked_units_of(state: State, player: int) -> list[int]:
    b = state.battle
    if b is None or b.target < 0 or q.position(b.target).owner != player:
        return []
    return [b.target]


def _locked(state: State, player: int) -> list[int]:
    return [u for units in state.board.circles[player].values() for u in units if q.is_locked(u)]


def _circle_cards(state: State, player: int) -> list[int]:
    cards = q.units(state, player)
    if state.rules.dress_sources_are_circle_cards:
        cards += state.board.zones[player][Zone.DRESS]
    return cards


def _zone(zone: Zone, opponent: bool = False) -> Selector:
    return lambda s, f: list(s.board.zones[1 - f.master if opponent else f.master][zone])


SELECTORS: dict[str, Selector] = {
    "self": lambda s, f: [f.source],
    "your_vanguard": lambda s, f: [q.vanguard(s, f.master)],
    "your_units": lambda s, f: q.units(s, f.master),
    "your_front_row": lambda s, f: q.front_row(s, f.master),
    "your_rear_guards": lambda s, f: q.rear_guards(s, f.master),
    "your_front_row_rear_guards": lambda s, f: [
        u for u in q.front_row(s, f.master) if q.position(u).zone is Zone.RC
    ],
    "opponent_vanguard": lambda s, f: [q.vanguard(s, 1 - f.master)],
    "opponent_units": lambda s, f: q.units(s, 1 - f.master),
    "opponent_front_row": lambda s, f: q.front_row(s, 1 - f.master),
    "opponent_rear_guards": lambda s, f: q.rear_guards(s, 1 - f.master),
    "your_hand": _zone(Zone.HAND),
    "your_drop": _zone(Zone.DROP),
    "your_soul": _zone(Zone.SOUL),
    "your_damage": _zone(Zone.DAMAGE),
    "your_attacked_units": lambda s, f: _attacked_units_of(s, f.master),
    "guarded_unit": lambda s, f: [f.ctx("guarding")] if f.ctx("guarding") >= 0 else [],
    "attacking_unit": lambda s, f: [s.battle.attacker] if s.battle else [],
    "trigger_card": lambda s, f: [f.ctx("trigger_card")] if f.ctx("trigger_card") >= 0 else [],
    "your_bind": _zone(Zone.BIND),
    "your_order_zone": _zone(Zone.ORDER),
    "your_deck_top": lambda s, f: list(s.board.zones[f.master][Zone.DECK][:1]),
    "opponent_hand": _zone(Zone.HAND, opponent=True),
    "opponent_drop": _zone(Zone.DROP, opponent=True),
    "your_locked_cards": lambda s, f: _locked(s, f.master),
    "your_ride_deck": _zone(Zone.RIDE_DECK),
    "your_g_zone": _zone(Zone.G_ZONE),
    "your_vanguards": lambda s, f: vanguards(s, f.master),          # LEG-28: leader, mate
    "opponent_vanguards": lambda s, f: vanguards(s, 1 - f.master),
    # PRI-05: your cards held in the opponent's prison; the ones you hold.
    "your_imprisoned": lambda s, f: [c for c in imprisoned_in(s, 1 - f.master)],
    "opponent_imprisoned": lambda s, f: [c for c in imprisoned_in(s, f.master)],
    # OD-11: "a card on a circle" includes dress sources where the format says so (premium).
    "opponent_circle_cards": lambda s, f: _circle_cards(s, 1 - f.master),
    "opponent_locked_cards": lambda s, f: _locked(s, 1 - f.master),
}


def _grade(s: State, e: int) -> int:
    return s.card(e).grade


def _can_legion(state: State, card: int, vanguard: int) -> bool:
    """LEG-25: a card that can legion with X is named in X's Seek Mate or names X in its own."""
    names, theirs = q.names(state, card), q.names(state, vanguard)
    return (any(n in state.card(vanguard).seek_mate for n in names)
            or any(n in state.card(card).seek_mate for n in theirs))


FILTERS: dict[str, Callable[[State, Frame, int, object], bool]] = {
    "grade_max": lambda s, f, e, v: _grade(s, e) <= v,  # type: ignore[operator]
    "grade": lambda s, f, e, v: _grade(s, e) == v,
    "grade_min": lambda s, f, e, v: _grade(s, e) >= v,  # type: ignore[operator]
    "name": lambda s, f, e, v: str(v) in q.names(s, e),
    # ACT-25: cards with the name declared by an earlier declare_name step bound as `v`.
    "declared": lambda s, f, e, v: (str(v) in f.bound and s.db.all_names()[f.bound[str(v)][0]]
                                    in q.names(s, e)),
    "sentinel": lambda s, f, e, v: s.card(e).sentinel == v,
    "in_overdress": lambda s, f, e, v: bool(dress_sources(s, e)) == v,       # OD-03
    "token": lambda s, f, e, v: (s.card(e).unit_type.value == "token") == v,  # TOK-04
    "name_any": lambda s, f, e, v: any(n in q.names(s, e) for n in v),  # type: ignore # LEG-02
    # LEG-27: "the same grade as your vanguard" counts the leader's and the mate's grade.
    "same_grade_as_vanguard": lambda s, f, e, v: (
        any(_grade(s, e) == _grade(s, u) for u in vanguards(s, f.master)) == v),
    # LEG-25: named in your vanguard's Seek Mate, or its own Seek Mate names your vanguard.
    "can_legion_with_vanguard": lambda s, f, e, v: _can_legion(s, e, q.vanguard(s, f.master)) == v,
    "unit": lambda s, f, e, v: s.card(e).is_unit == v,
    "order": lambda s, f, e, v: (s.card(e).order_type is not None) == v,
    "trigger": lambda s, f, e, v: (s.card(e).trigger is not None
                                   and s.card(e).trigger.value == v),  # type: ignore[union-attr]
    "standing": lambda s, f, e, v: q.is_standing(e) == v,
    "face_up": lambda s, f, e, v: q.orientation(e).face_up == v,
    "not_self": lambda s, f, e, v: (e != f.source) == v,
    "nation": lambda s, f, e, v: s.card(e).nation == v,
    "rear_guard": lambda s, f, e, v: (q.position(e).zone is Zone.RC) == v,
}


def narrow(state: State, frame: Frame, cards: list[int],
           where: tuple[tuple[str, object], ...]) -> list[int]:
    """Keep the cards that pass every filter of `where`."""
    for key, value in where:
        test = FILTERS[key]
        cards = [e for e in cards if test(state, frame, e, value)]
    return cards


def select(state: State, frame: Frame, name: str,
           where: tuple[tuple[str, object], ...] = ()) -> list[int]:
    """Return the cards a selector or a bound name refers to, narrowed by filters."""
    if name in frame.bound:
        cards = list(frame.bound[name])
    else:
        cards = SELECTORS[name](state, frame)
    return narrow(state, frame, cards, where)
