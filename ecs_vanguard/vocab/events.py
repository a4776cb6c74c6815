"""Event dataclasses, one per fact: the structured log of a game and what autos wait for.

Field names are the ones card TOML filters use (`when = { event = "attack_declared",
attacker = "self" }`). Every event is frozen plain data so the log can be shared by clones.
"""

from __future__ import annotations

import re
from dataclasses import field

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
class TurnStarted:
    turn: int
    player: int


@record
class PhaseStarted:
    turn: int
    player: int
    phase: str


@record
class StepStarted:
    """A step of the battle phase began (CORE-09..13: attack, boost, guard, drive, damage,
    close); `player` is the turn player ("at the beginning of your opponent's close step")."""

    turn: int
    player: int
    phase: str
    step: str


@record
class CardMoved:
    """Any zone change (CORE-20): the raw fact beneath the named events."""

    card: int
    player: int
    from_zone: Zone
    to_zone: Zone


@record
class CardDrawn:
    card: int
    player: int


@record
class UnitRode:
    card: int
    player: int
    from_zone: Zone
    persona: bool
    superior: bool = False
    # The vanguard ridden upon (now in the soul): "when X rides this unit". Not compared: two
    # logs of one ride are the same fact.
    ridden: int = field(default=-1, compare=False)


@record
class UnitCalled:
    card: int
    player: int
    circle: Circle | None
    to_zone: Zone
    from_zone: Zone
    superior: bool = False


@record
class UnitPlaced:
    """A unit appeared on a circle (ACT-05): ride, call, or any other placement."""

    card: int
    player: int
    to_zone: Zone
    circle: Circle | None
    # Where it came from ("placed from hand"); not compared, as `ridden` above.
    from_zone: Zone | None = field(default=None, compare=False)


@record
class UnitOverDressed:
    """OD-01: `card` appeared on `circle` in overDress over `source` (not a call, OD-02)."""

    card: int
    player: int
    circle: Circle
    source: int


@record
class UnitMoved:
    card: int
    player: int
    from_circle: Circle
    to_circle: Circle


@record
class UnitRetired:
    card: int
    by_rule_action: bool
    source: int = -1      # TERM-02: the card whose effect retired it; -1 for the rules


@record
class UnitStood:
    card: int
    player: int


@record
class UnitRested:
    card: int
    player: int


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


@record
class PlayCancelled:
    """CORE-19, ALC-01 ④: a play whose cost could not be paid was undone; nothing resolved."""

    card: int
    player: int


@record
class AbilityActivated:
    card: int
    player: int
    index: int


@record
class AttackDeclared:
    attacker: int
    target: int
    player: int
    attacker_is_vanguard: bool
    co_attacker: int = -1      # LEG-11, LEG-15: the legion mate attacks too ("self" matches it)


@record
class UnitBoosted:
    booster: int
    boosted: int
    player: int


@record
class Intercepted:
    card: int
    player: int
    guarding: int


@record
class GuardianCalled:
    card: int
    player: int
    guarding: int


@record
class DriveChecked:
    card: int
    player: int
    trigger: str | None


@record
class DamageChecked:
    card: int
    player: int
    trigger: str | None


@record
class TriggerRevealed:
    card: int
    player: int
    trigger: str
    check: str   # "drive" or "damage"


@record
class AttackHit:
    attacker: int
    target: int
    player: int
    co_attacker: int = -1      # LEG-18: the mate's own "when hits" autos trigger too


@record
class AttackMissed:
    attacker: int
    target: int
    player: int
    co_attacker: int = -1


@record
class BattleEnded:
    """CORE-13: the close step of a battle ("at the end of the battle this unit attacked");
    `target_is_vanguard` says what it attacked (a hit rear-guard is in the drop by now)."""

    attacker: int
    target: int
    player: int
    hit: bool
    target_is_vanguard: bool
    co_attacker: int = -1
    booster: int = -1          # the unit that boosted that battle ("the battle it boosted")


@record
class DamageDealt:
    player: int          # who takes the damage
    amount: int
    source: int          # the attacking unit, or the card whose effect dealt it (TERM-03)
    battle: bool


@record
class PowerChanged:
    card: int
    amount: int
    stat: str
    source: int = -1      # TERM-02


@record
class CounterBlasted:
    player: int
    count: int


@record
class CounterCharged:
    player: int
    count: int


@record
class SoulBlasted:
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
class AutoPlayed:
    card: int
    player: int
    index: int


@record
class Shuffled:
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


EVENT_TYPES: tuple[type, ...] = tuple(
    obj for name, obj in list(globals().items())
    if isinstance(obj, type) and obj.__module__ == __name__ and not name.startswith("_")
)


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
SOURCE_EVENTS = frozenset({UnitRetired, PowerChanged, DamageDealt})
