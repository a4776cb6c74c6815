"""Conditions of the card DSL that read only facts (`condition = [{ check = "your_turn" }]`);
the checks that read derived values (grades) sit with `values.holds`.

A registry of predicates of (state, frame, check); card validation refuses names not listed.
"""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard import facts as f
from ecs_vanguard.cards.schema import Check
from ecs_vanguard.continuous.scopes import SELECTORS
from ecs_vanguard.state import Frame, State
from ecs_vanguard.zones import Zone

Predicate = Callable[[State, Frame, Check], bool]


def minimum(check: Check) -> int:
    """Return the check's `min` argument (0 when absent)."""
    return int(check.arg("min", 0))


def _attacking_vanguard(state: State, frame: Frame, check: Check) -> bool:
    b = state.battle
    return b is not None and f.position(b.target).zone is Zone.VC and b.player == frame.master


def _your_vanguard_attacked(state: State, frame: Frame, check: Check) -> bool:
    b = state.battle
    return (b is not None and b.player != frame.master
            and b.target == f.vanguard(state, frame.master))


def _kinds_min(state: State, frame: Frame, check: Check) -> bool:
    """TERM-06: at least `min` kinds (distinct names) among the cards a selector gives."""
    cards = SELECTORS[str(check.arg("source", "your_drop"))](state, frame)
    return f.count_kinds(state, cards) >= minimum(check)


FACT_CHECKS: dict[str, Predicate] = {
    "your_turn": lambda s, fr, c: f.is_turn_player(s, fr.master),
    "opponent_turn": lambda s, fr, c: f.is_turn_player(s, 1 - fr.master),
    # CORE-14: a heal trigger heals only if your damage is at least the opponent's.
    "damage_at_least_opponent": lambda s, fr, c: (
        f.damage_count(s, fr.master) >= f.damage_count(s, 1 - fr.master)
    ),
    "damage_min": lambda s, fr, c: f.damage_count(s, fr.master) >= minimum(c),
    "soul_min": lambda s, fr, c: len(s.board.zones[fr.master][Zone.SOUL]) >= minimum(c),
    "hand_min": lambda s, fr, c: len(s.board.zones[fr.master][Zone.HAND]) >= minimum(c),
    "attacking_vanguard": _attacking_vanguard,
    "drive_check": lambda s, fr, c: fr.ctx("drive_check", 0) == 1,
    "rear_guards_min": lambda s, fr, c: len(f.rear_guards(s, fr.master)) >= minimum(c),
    "your_vanguard_attacked": _your_vanguard_attacked,
    # OD-03: the ability's own unit has at least one linked dress source.
    "self_in_overdress": lambda s, fr, c: bool(f.dress_sources(s, fr.source)),
    "kinds_min": _kinds_min,
    # IKK-01: abilities refer to a player state such as Ikkikasei ("final_rush").
    "in_state": lambda s, fr, c: f.in_player_state(s, fr.master, str(c.arg("name"))),
    # WLD-02: abilities refer to the content of your Worlds ("dark_night", ...).
    "world_content": lambda s, fr, c: any(f.world_content(s, w) == c.arg("content")
                                          for w in f.worlds(s, fr.master)),
    "imprisoned_min": lambda s, fr, c: len(f.imprisoned_in(s, fr.master)) >= minimum(c),
    "in_legion": lambda s, fr, c: f.in_legion(s, fr.master),                          # LEG-08
}
