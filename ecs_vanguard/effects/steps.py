"""Effect and cost steps of the card DSL: one frozen dataclass per op, registered by TOML name.

A step table in TOML (`{ op = "retire", target = "victim" }`) becomes one of these objects once,
at load time; `effects.runtime` runs them through handlers registered by step type.
Keys `from` and `as` of the TOML are the fields `source` and `bind` here (Python keywords).
"""

from __future__ import annotations

from dataclasses import dataclass

from ecs_vanguard.rules import Duration


@dataclass(frozen=True, slots=True)
class Choose:
    """Choose `count` cards (at least `min`) from a selector, one at a time, and bind them."""

    source: str
    count: int = 1
    min: int | None = None          # None: exactly `count`, or all if fewer exist
    where: tuple[tuple[str, object], ...] = ()
    bind: str = "chosen"


@dataclass(frozen=True, slots=True)
class AddPower:
    """Increase (or decrease) power for a period (ACT-26)."""

    target: str = "self"
    amount: int | str = 0
    until: Duration = Duration.END_OF_TURN


@dataclass(frozen=True, slots=True)
class AddCritical:
    """Increase (or decrease) critical for a period (ACT-26)."""

    target: str = "self"
    amount: int = 1
    until: Duration = Duration.END_OF_TURN


@dataclass(frozen=True, slots=True)
class AddShield:
    """Increase (or decrease) shield for a period (ACT-26)."""

    target: str = "self"
    amount: int = 0
    until: Duration = Duration.END_OF_BATTLE


@dataclass(frozen=True, slots=True)
class CantBeHit:
    """The target can't be hit for a period (the perfect guard, CORE-10)."""

    target: str
    until: Duration = Duration.END_OF_BATTLE


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw n cards (ACT-01)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class CounterBlast:
    """Counter blast n: all or nothing (ACT-16)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class SoulBlast:
    """Soul blast n: all or nothing (ACT-18)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class CounterCharge:
    """Counter charge n: as many as possible (ACT-17)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class SoulCharge:
    """Soul charge n: as many as possible (ACT-19)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard n cards from your hand, chosen by you (ACT-03)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class Retire:
    """Retire the target units (ACT-04)."""

    target: str


@dataclass(frozen=True, slots=True)
class Stand:
    """Stand the target units (ACT-12)."""

    target: str


@dataclass(frozen=True, slots=True)
class Rest:
    """Rest the target units (ACT-12)."""

    target: str


@dataclass(frozen=True, slots=True)
class Heal:
    """Heal n: choose n damage cards and put them into the drop (ACT-08, CORE-14)."""

    n: int = 1


@dataclass(frozen=True, slots=True)
class Delete:
    """Delete the target vanguards (CORE-21, premium)."""

    target: str


@dataclass(frozen=True, slots=True)
class RemoveFromGame:
    """Remove the target cards from the game (the over trigger, CORE-14)."""

    target: str = "self"


STEP_TYPES: dict[str, type] = {
    "choose": Choose,
    "add_power": AddPower,
    "add_critical": AddCritical,
    "add_shield": AddShield,
    "cant_be_hit": CantBeHit,
    "draw": Draw,
    "counter_blast": CounterBlast,
    "soul_blast": SoulBlast,
    "counter_charge": CounterCharge,
    "soul_charge": SoulCharge,
    "discard": Discard,
    "retire": Retire,
    "stand": Stand,
    "rest": Rest,
    "heal": Heal,
    "delete": Delete,
    "remove_from_game": RemoveFromGame,
}

# Ops allowed as costs: the ones that are "all or nothing" or a choice (CORE-19).
COST_TYPES: frozenset[type] = frozenset({CounterBlast, SoulBlast, Discard, Rest, Retire, Choose})


# Steps the engine itself uses to run rules as frames (not written in card files).


@dataclass(frozen=True, slots=True)
class GainGift:
    """Get an imaginary gift: Force on a chosen circle, a new Accel circle, or a Protect marker
    (CORE-15)."""

    gift: str


@dataclass(frozen=True, slots=True)
class RideSelf:
    """Ride the frame's source card (the ride deck's ride after its discard cost, CORE-05)."""


@dataclass(frozen=True, slots=True)
class HealIfNotAhead:
    """Heal 1 if your damage is at least your opponent's (the heal trigger, CORE-14)."""


@dataclass(frozen=True, slots=True)
class Mulligan:
    """Return any cards from hand to the deck, draw as many, shuffle (CORE-03)."""
