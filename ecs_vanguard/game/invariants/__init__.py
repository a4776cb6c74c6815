"""Invariants of every reachable state, one `check_<property>` each; `check_all` runs them.

Run after every step by the fuzzer, the seeded random games, the property tests and `--check`;
each raises AssertionError naming what broke. Kept cheap: set and dict work in C, no event scans.
"""

from __future__ import annotations

from collections.abc import Callable

from ecs_vanguard.game.invariants.board import (
    check_battle,
    check_cards_conserved,
    check_circles_after_rule_actions,
    check_deleted_vanguards,
    check_dress_sources,
    check_game_over_iff_lost,
    check_gifts,
    check_hearts,
    check_imprisoned,
    check_legion_links,
    check_locked_cards,
    check_one_zone_per_card,
    check_order_area,
    check_pending_work,
    check_tokens,
    check_turn_order,
    check_unique_objects,
    check_zone_sizes,
)
from ecs_vanguard.game.invariants.decisions import (
    check_decision_actions,
    check_decision_fits_the_moment,
)
from ecs_vanguard.state import State

CHECKS: tuple[Callable[[State], None], ...] = (
    check_legion_links,
    check_cards_conserved,
    check_one_zone_per_card,
    check_unique_objects,
    check_circles_after_rule_actions,
    check_zone_sizes,
    check_turn_order,
    check_battle,
    check_order_area,
    check_gifts,
    check_deleted_vanguards,
    check_locked_cards,
    check_dress_sources,
    check_hearts,
    check_tokens,
    check_imprisoned,
    check_pending_work,
    check_game_over_iff_lost,
    check_decision_fits_the_moment,
    check_decision_actions,
)


def check_all(state: State) -> None:
    """Run every invariant; raise AssertionError naming the first that fails."""
    for check in CHECKS:
        check(state)

__all__ = ["CHECKS", "check_all", "check_battle", "check_cards_conserved", "check_circles_after_rule_actions", "check_decision_actions", "check_decision_fits_the_moment", "check_deleted_vanguards", "check_dress_sources", "check_game_over_iff_lost", "check_gifts", "check_hearts", "check_imprisoned", "check_legion_links", "check_locked_cards", "check_one_zone_per_card", "check_order_area", "check_pending_work", "check_tokens", "check_turn_order", "check_unique_objects", "check_zone_sizes"]
