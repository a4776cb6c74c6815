"""Conditions of the card DSL that read only facts (`condition = [{ check = "your_turn" }]`);
the checks that read derived values (grades, counts through filters) and the expressions
(all / any / not / count) sit with `values.holds`.

A registry declared once: each check's predicate of (state, frame, check), what it means, and the
arguments it takes with their kinds (`cards.fields.KINDS`); validation and the vocabulary read
the same table, so a misspelt or mistyped argument is refused when the card loads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ecs_vanguard.cards.check import Check
from ecs_vanguard.derived import facts as f
from ecs_vanguard.derived.scopes import SELECTORS
from ecs_vanguard.derived.timing import TIMING_CHECKS
from ecs_vanguard.state import Frame, State
from ecs_vanguard.vocab.zones import Zone

Predicate = Callable[[State, Frame, Check], bool]


@dataclass(frozen=True, slots=True)
class CheckSpec:
    """A check: its predicate, what it means, its arguments (name -> kind) and which of them
    must be given."""

    test: Predicate
    doc: str
    args: tuple[tuple[str, str], ...] = ()
    required: tuple[str, ...] = ()


def minimum(check: Check) -> int:
    """Return the check's `min` argument (0 when absent)."""
    return int(check.arg("min", 0))


def _attacking_vanguard(state: State, frame: Frame, check: Check) -> bool:
    b = state.battle
    return b is not None and f.position(b.target).zone is Zone.VC and b.player == frame.master


def _your_vanguard_attacked(state: State, frame: Frame, check: Check) -> bool:
    b = state.battle
    return (b is not None and b.player != frame.master        # LEG-19: only the leader is
            and b.target in f.vanguards(state, frame.master))  # attacked, LEG-30 reads both


def _self_attacking(state: State, frame: Frame, check: Check) -> bool:
    """The battle now is one this unit attacked in (a legion's mate attacks too, LEG-11)."""
    b = state.battle
    return b is not None and frame.source in (b.attacker, b.co_attacker)


def _kinds_min(state: State, frame: Frame, check: Check) -> bool:
    """TERM-06: at least `min` kinds (distinct names) among the cards a selector gives."""
    cards = SELECTORS[str(check.arg("source", "your_drop"))](state, frame)
    return f.count_kinds(state, cards) >= minimum(check)


_MIN = (("min", "count"),)

FACT_CHECK_SPECS: dict[str, CheckSpec] = {
    "your_turn": CheckSpec(lambda s, fr, c: f.is_turn_player(s, fr.master), "during your turn"),
    "opponent_turn": CheckSpec(lambda s, fr, c: f.is_turn_player(s, 1 - fr.master),
                               "during your opponent's turn"),
    "went_first": CheckSpec(lambda s, fr, c: s.turn.first_player == fr.master,
                            "you are the first player"),
    "went_second": CheckSpec(lambda s, fr, c: s.turn.first_player != fr.master,
                             "you went second (\"if you went second, draw\")"),
    # CORE-14: a heal trigger heals only if your damage is at least the opponent's.
    "damage_at_least_opponent": CheckSpec(lambda s, fr, c: (
        f.damage_count(s, fr.master) >= f.damage_count(s, 1 - fr.master)),
        "your damage is at least your opponent's"),
    "damage_min": CheckSpec(lambda s, fr, c: f.damage_count(s, fr.master) >= minimum(c),
                            "min or more cards in your damage zone", _MIN, ("min",)),
    "soul_min": CheckSpec(lambda s, fr, c: len(s.board.zones[fr.master][Zone.SOUL]) >= minimum(c),
                          "min or more cards in your soul", _MIN, ("min",)),
    "hand_min": CheckSpec(lambda s, fr, c: len(s.board.zones[fr.master][Zone.HAND]) >= minimum(c),
                          "min or more cards in your hand", _MIN, ("min",)),
    "rear_guards_min": CheckSpec(lambda s, fr, c: len(f.rear_guards(s, fr.master)) >= minimum(c),
                                 "min or more rear-guards", _MIN, ("min",)),
    "attacking_vanguard": CheckSpec(_attacking_vanguard,
                                    "during your battle against a vanguard"),
    "your_vanguard_attacked": CheckSpec(_your_vanguard_attacked,
                                        "during a battle where your vanguard is attacked"),
    "self_attacking": CheckSpec(_self_attacking,
                                "during the battle this unit attacked (\"during that battle\")"),
    "self_boosting": CheckSpec(lambda s, fr, c: s.battle is not None
                               and s.battle.booster == fr.source,
                               "during the battle this unit boosted"),
    "self_attacked": CheckSpec(lambda s, fr, c: s.battle is not None
                               and s.battle.target == fr.source,
                               "during a battle where this unit is attacked"),
    "drive_check": CheckSpec(lambda s, fr, c: fr.ctx("drive_check", 0) == 1,
                             "a trigger revealed by a drive check (an over trigger's extra "
                             "effect)"),
    # OD-03: the ability's own unit has at least one linked dress source.
    "self_in_overdress": CheckSpec(lambda s, fr, c: bool(f.dress_sources(s, fr.source)),
                                   "this unit is in the overDress state (OD-03)"),
    "kinds_min": CheckSpec(_kinds_min, "min or more kinds (names) among the cards of source "
                           "(TERM-06)", (("source", "selector"), ("min", "count")), ("min",)),
    # IKK-01: abilities refer to a player state such as Ikkikasei ("final_rush").
    "in_state": CheckSpec(lambda s, fr, c: f.in_player_state(s, fr.master, str(c.arg("name"))),
                          "you are in a player state (IKK-01)", (("name", "text"),), ("name",)),
    # WLD-02: abilities refer to the content of your Worlds ("dark_night", ...).
    "world_content": CheckSpec(lambda s, fr, c: any(
        f.world_content(s, w) == c.arg("content") for w in f.worlds(s, fr.master)),
        "a World of yours has this content (WLD-02)", (("content", "text"),), ("content",)),
    "imprisoned_min": CheckSpec(lambda s, fr, c: len(f.imprisoned_in(s, fr.master))
                                >= minimum(c), "min or more cards in your Prison (PRI-01)",
                                _MIN, ("min",)),
    "in_legion": CheckSpec(lambda s, fr, c: f.in_legion(s, fr.master),
                           "you have a vanguard in legion (LEG-08)"),
}
FACT_CHECK_SPECS.update({name: CheckSpec(*spec) for name, spec in TIMING_CHECKS.items()})
FACT_CHECKS: dict[str, Predicate] = {name: spec.test for name, spec in FACT_CHECK_SPECS.items()}
