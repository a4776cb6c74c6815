"""Event dataclasses, one per fact: the structured log of a game and what autos wait for.
The events nearly every turn logs are compiled classes in `common_events`, re-exported here;
the rest are records.

Field names are the ones card TOML filters use (`when = { event = "attack_declared",
attacker = "self" }`). Every event is frozen plain data so the log can be shared by clones.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from functools import cache
from pathlib import Path

from ecs_vanguard.vocab import common_events
from ecs_vanguard.vocab.common_events import (  # noqa: F401  (re-exported: every event is here)
    AbilityActivated,
    AttackDeclared,
    AttackHit,
    AttackMissed,
    AutoPlayed,
    BattleEnded,
    CardDrawn,
    CardMoved,
    CounterBlasted,
    DamageChecked,
    DamageDealt,
    DriveChecked,
    GuardianCalled,
    PhaseStarted,
    PowerChanged,
    Shuffled,
    SoulBlasted,
    StepStarted,
    TriggerRevealed,
    TurnStarted,
    UnitBoosted,
    UnitCalled,
    UnitMoved,
    UnitPlaced,
    UnitRested,
    UnitRetired,
    UnitRode,
    UnitStood,
)
from ecs_vanguard.vocab.records import record
from ecs_vanguard.vocab.zones import Circle, Zone


@record
class GameStarted:
    first_player: int


@record
class Mulliganed:
    player: int
    returned: int


@record
class UnitOverDressed:
    """OD-01: `card` appeared on `circle` in overDress over `source` (not a call, OD-02)."""

    card: int
    player: int
    circle: Circle
    source: int


@record
class CardDiscarded:
    card: int
    player: int
    by_cost: bool


@record
class OrderPlayed:
    card: int
    player: int
    order_type: str
    alchemagic: bool = False      # ALC-01: played by Alchemagic (an order B bound with it)


@record
class PlayCancelled:
    """CORE-19, ALC-01 ④: a play whose cost could not be paid was undone; nothing resolved."""

    card: int
    player: int


@record
class Intercepted:
    card: int
    player: int
    guarding: int


@record
class CounterCharged:
    player: int
    count: int


@record
class SoulCharged:
    player: int
    count: int


@record
class CardHealed:
    card: int
    player: int


@record
class GiftGained:
    player: int
    gift: str
    circle: Circle | None


@record
class UnitDeleted:
    card: int
    player: int


@record
class CardsRevealed:
    """Cards shown to both players without changing zones (ACT-02, ACT-09)."""

    player: int
    cards: tuple[int, ...]
    for_cost: bool = False


@record
class CardsLookedAt:
    """Cards one player looked at without changing zones (ACT-02)."""

    player: int
    cards: tuple[int, ...]


@record
class CardsSearched:
    """A search of a zone and what it found (ACT-10)."""

    player: int
    zone: Zone
    found: tuple[int, ...]


@record
class CardBound:
    card: int
    player: int


@record
class CardTurned:
    card: int
    face_up: bool


@record
class UnitLocked:
    card: int
    player: int


@record
class UnitUnlocked:
    card: int
    player: int


@record
class AttackTargetChanged:
    """ACT-21: the attacked unit became `target`."""

    previous: int
    target: int


@record
class NameDeclared:
    player: int
    name: str


@record
class AbilityGiven:
    card: int
    card_id: str
    index: int


@record
class PlayerStateEntered:
    """IKK-01: a player entered a named state (e.g. "final_rush") for a period."""

    player: int
    name: str


@record
class CardImprisoned:
    """PRI-01: `card` of `player` was imprisoned in the order zone of `jailer`."""

    card: int
    player: int
    jailer: int


@record
class WorldChanged:
    """WLD-01: a World's content became `content`."""

    card: int
    player: int
    content: str


@record
class UnitStrode:
    """STR-08 (4): a G unit was put on VC over `hearts` (its "when strides" autos trigger)."""

    card: int
    player: int
    superior: bool = False


@record
class PutIntoGZone:
    """STR-14 (4): a G unit was put face up into its owner's G zone."""

    card: int
    player: int


@record
class LegionFormed:
    """LEG-22: `mate` went into legion with `leader` (from not in legion to in legion)."""

    leader: int
    mate: int
    player: int


@record
class GameEnded:
    winner: int | None   # None is a draw
    reason: str


# Every event class, those of common_events (imported above) and the records of this module.
EVENT_TYPES: tuple[type, ...] = tuple(
    obj for name, obj in list(globals().items())
    if isinstance(obj, type) and obj.__module__ in (__name__, common_events.__name__)
    and not name.startswith("_")
)


@cache
def field_hints(cls: type) -> dict[str, str]:
    """Return the declared type of each field of an event class, as its source writes it
    ("Circle | None"): what a card file's `when` filter is checked against. Read from the
    source file, never from the class: a compiled class keeps an annotation only when it is a
    plain class (mypyc writes `type` for an Optional field), and the sources ship with every
    build (the pure-Python fallback runs them)."""
    spec = importlib.util.find_spec(cls.__module__)
    assert spec is not None and spec.origin is not None
    source = Path(spec.origin).with_name(cls.__module__.rpartition(".")[2] + ".py").read_text(
        encoding="utf-8")                                # whatever the locale (LC_ALL=C)
    node = next(n for n in ast.parse(source).body
                if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    return {st.target.id: ast.unparse(st.annotation) for st in node.body
            if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)}


def snake_name(cls: type) -> str:
    """Return the snake_case name a card file uses for an event class (AttackDeclared -> attack_declared)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


EVENTS_BY_NAME: dict[str, type] = {snake_name(cls): cls for cls in EVENT_TYPES}

# Fields holding a card (a `when` filter takes "self" or a table of filters on that card) and
# fields holding a player ("you" or "opponent"); events with a `source` also take `by`.
CARD_FIELDS = frozenset({"card", "attacker", "target", "booster", "boosted", "guarding",
                         "co_attacker", "ridden", "source", "leader", "mate", "previous"})
PLAYER_FIELDS = frozenset({"player", "jailer", "first_player"})
# TERM-02: events whose `source` is the card whose effect did it (-1: the rules).
SOURCE_EVENTS = frozenset({UnitRetired, UnitStood, UnitCalled, CardMoved, PowerChanged,
                           DamageDealt})
