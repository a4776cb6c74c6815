"""Conditions of the card DSL (`condition = [{ check = "vanguard_grade", min = 3 }]`).

A registry of predicates of (state, frame, check); the loader refuses names not listed here.
"""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard import query as q
from ecs_vanguard.cards.schema import Check
from ecs_vanguard.ops.brandt import imprisoned_in, world_content, worlds
from ecs_vanguard.ops.legion import in_legion, vanguards
from ecs_vanguard.ops.units import in_player_state
from ecs_vanguard.ops.zones import dress_sources
from ecs_vanguard.state import Frame, State
from ecs_vanguard.zones import Zone


def _min(check: Check) -> int:
    return int(check.arg("min", 0))


def _vanguard_grade(state: State, player: int) -> int:
    return q.grade(state, q.vanguard(state, player))


def _attacking_vanguard(state: State, frame: Frame, check: Check) -> bool:
    b = state.battle
    return b is not None and q.position(b.target).zone is Zone.VC and b.player == frame.master


def _your_vanguard_attacked(state: State, frame: Frame, check: Check) -> bool:
    b = state.battle
    return b is not None and b.player != frame.master and b.target == q.vanguard(state, frame.master)


def _kinds_min(state: State, frame: Frame, check: Check) -> bool:
    """TERM-06: at least `min` kinds (distinct names) among the cards a selector gives."""
    from ecs_vanguard.effects.selectors import select  # selectors sit beside conditions

    cards = select(state, frame, str(check.arg("source", "your_drop")))
    return q.count_kinds(state, cards) >= _min(check)


CHECKS: dict[str, Callable[[State, Frame, Check], bool]] = {
    "vanguard_grade": lambda s, f, c: _vanguard_grade(s, f.master) >= _min(c),
    "opponent_vanguard_grade": lambda s, f, c: _vanguard_grade(s, 1 - f.master) >= _min(c),
    "your_turn": lambda s, f, c: q.is_turn_player(s, f.master),
    "opponent_turn": lambda s, f, c: q.is_turn_player(s, 1 - f.master),
    # CORE-14: a heal trigger heals only if your damage is at least the opponent's.
    "damage_at_least_opponent": lambda s, f, c: (
        q.damage_count(s, f.master) >= q.damage_count(s, 1 - f.master)
    ),
    "damage_min": lambda s, f, c: q.damage_count(s, f.master) >= _min(c),
    "soul_min": lambda s, f, c: len(s.board.zones[f.master][Zone.SOUL]) >= _min(c),
    "hand_min": lambda s, f, c: len(s.board.zones[f.master][Zone.HAND]) >= _min(c),
    "attacking_vanguard": _attacking_vanguard,
    "drive_check": lambda s, f, c: f.ctx("drive_check", 0) == 1,
    "rear_guards_min": lambda s, f, c: len(q.rear_guards(s, f.master)) >= _min(c),
    "your_vanguard_attacked": _your_vanguard_attacked,
    # OD-03: the ability's own unit has at least one linked dress source.
    "self_in_overdress": lambda s, f, c: bool(dress_sources(s, f.source)),
    "kinds_min": _kinds_min,
    # IKK-01: abilities refer to a player state such as Ikkikasei ("final_rush").
    "in_state": lambda s, f, c: in_player_state(s, f.master, str(c.arg("name"))),
    # WLD-02: abilities refer to the content of your Worlds ("dark_night", ...).
    "world_content": lambda s, f, c: any(world_content(s, w) == c.arg("content")
                                         for w in worlds(s, f.master)),
    "imprisoned_min": lambda s, f, c: len(imprisoned_in(s, f.master)) >= _min(c),
    "in_legion": lambda s, f, c: in_legion(s, f.master),                          # LEG-08
    # LEG-27: "for each grade of your vanguard" adds the leader's and the mate's grades.
    "vanguard_grades_total_min": lambda s, f, c: sum(
        q.grade(s, v) for v in vanguards(s, f.master)) >= _min(c),
}


def holds(state: State, frame: Frame, checks: tuple[Check, ...]) -> bool:
    """True if every condition holds."""
    return all(CHECKS[c.check](state, frame, c) for c in checks)
