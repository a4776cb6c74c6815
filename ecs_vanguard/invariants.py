"""Invariants of every reachable state, one `check_<property>` each; `check_all` runs them.

Used after every step of the seeded random games and by `--check` (issue 5 grows the list).
"""

from __future__ import annotations

from collections import Counter

import esper

from components import GiftMarker, HeartLink, Imprisoned, LegionLink, Position, Token
from ecs_vanguard import query as q
from ecs_vanguard.state import State
from ecs_vanguard.zones import Circle, Zone


def _cards(state: State) -> list[tuple[int, Position]]:
    return sorted((e, p) for e, p in esper.get_component(Position)
                  if not esper.has_component(e, GiftMarker) and not esper.has_component(e, Token))


def check_cards_conserved(state: State) -> None:
    """Each player owns as many cards as their deck list gave them (CORE-02)."""
    if state.decks[0] is None:
        return      # a Scenario position: no deck list to compare with
    owned = Counter(p.owner for _, p in _cards(state))
    for player, deck in enumerate(state.decks):
        expected = len(deck.main) + len(deck.g_deck)  # type: ignore[attr-defined]
        assert owned[player] == expected, f"player {player} owns {owned[player]} cards, not {expected}"


def check_one_zone_per_card(state: State) -> None:
    """Every card is listed exactly once, in the zone and circle its Position names (CORE-01)."""
    seen: Counter[int] = Counter()
    for p in (0, 1):
        for zone, cards in state.board.zones[p].items():
            for c in cards:
                pos = q.position(c)
                jail = esper.try_component(c, Imprisoned)      # PRI-01: in the jailer's zone
                holder = jail.by if jail is not None else pos.owner
                assert pos.zone is zone and holder == p, f"card {c} listed in {zone} of {p}"
                seen[c] += 1
        for circle, units in state.board.circles[p].items():
            for u in units:
                pos = q.position(u)
                assert pos.circle is circle and pos.owner == p, f"unit {u} listed on {circle}"
                seen[u] += 1
    for e, _ in esper.get_component(Position):
        assert seen[e] == 1, f"card {e} is listed {seen[e]} times"


def check_unique_objects(state: State) -> None:
    """No two cards share an object id (CORE-20)."""
    objs = Counter(p.obj for _, p in esper.get_component(Position))
    dup = [o for o, n in objs.items() if n > 1]
    assert not dup, f"duplicate object ids {dup}"


def check_circles_after_rule_actions(state: State) -> None:
    """With a decision pending, no RC holds two units and VC holds one (CORE-17)."""
    if state.decision is None or state.stack:
        return
    for p in (0, 1):
        for circle, cards in state.board.circles[p].items():
            units = [c for c in cards if not esper.has_component(c, HeartLink)]   # HRT-01
            legion = [c for c in units if esper.has_component(c, LegionLink)]      # LEG-08
            allowed = 2 if circle is Circle.VC and len(legion) == 2 else 1
            assert len(units) <= allowed, f"player {p}: {len(units)} units on {circle.value}"
        assert state.board.circles[p][Circle.VC], f"player {p} has no vanguard"
        if state.battle is None:
            assert not state.board.zones[p][Zone.GC], f"player {p}: guardians outside a battle"


def check_game_over_iff_lost(state: State) -> None:
    """The game is over exactly when a loss condition holds or a limit was reached (CORE-16)."""
    lost = any(q.damage_count(state, p) >= state.rules.damage_to_lose
               or not state.board.zones[p][Zone.DECK] for p in (0, 1))
    if state.over:
        assert lost or "limit" in state.end_reason, f"over without a loss: {state.end_reason}"
    else:
        assert not lost or state.stack, "a loss condition holds at a quiet decision"
        assert state.decision is not None, "the game is neither over nor waiting for a decision"


def check_decision_actions(state: State) -> None:
    """The pending decision has at least one action, none repeated."""
    d = state.decision
    if d is not None:
        assert d.actions, f"decision {d.kind.value} has no legal actions"
        assert len(set(d.actions)) == len(d.actions), f"decision {d.kind.value} repeats actions"


CHECKS = (check_cards_conserved, check_one_zone_per_card, check_unique_objects,
          check_circles_after_rule_actions, check_game_over_iff_lost, check_decision_actions)


def check_all(state: State) -> None:
    """Run every invariant; raise AssertionError naming the first that fails."""
    for check in CHECKS:
        check(state)
