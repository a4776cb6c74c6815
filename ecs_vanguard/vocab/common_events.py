"""The events nearly every turn logs (moments, zone moves, units, battles, costs paid), as
compiled classes: the engine makes four or five a decision, and a frozen dataclass's generated
`__init__` is interpreted code (about 0.45 µs each), so each writes out its own (issue 18).

The rarer events are records in `events.py`, the face of every event, which re-exports these.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from components.frozen import Frozen
from ecs_vanguard.vocab.zones import Circle, Zone


@dataclass(frozen=True, slots=True)
class TurnStarted(Frozen):
    turn: int
    player: int

    def __init__(self, turn: int, player: int) -> None:
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "player", player)


@dataclass(frozen=True, slots=True)
class PhaseStarted(Frozen):
    turn: int
    player: int
    phase: str

    def __init__(self, turn: int, player: int, phase: str) -> None:
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "phase", phase)


@dataclass(frozen=True, slots=True)
class StepStarted(Frozen):
    """A step of the battle phase began (CORE-09..13: attack, boost, guard, drive, damage,
    close); `player` is the turn player ("at the beginning of your opponent's close step")."""

    turn: int
    player: int
    phase: str
    step: str

    def __init__(self, turn: int, player: int, phase: str, step: str) -> None:
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "step", step)


@dataclass(frozen=True, slots=True)
class CardMoved(Frozen):
    """Any zone change (CORE-20): the raw fact beneath the named events."""

    card: int
    player: int
    from_zone: Zone
    to_zone: Zone
    # TERM-02: the card whose ability moved it (its cost too); -1: the rules. Not part of the
    # event's equality: a move is the same fact whoever made it (`by` and `source` filters read it)
    source: int = field(default=-1, compare=False)

    def __init__(self, card: int, player: int, from_zone: Zone, to_zone: Zone,
                 source: int = -1) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "from_zone", from_zone)
        object.__setattr__(self, "to_zone", to_zone)
        object.__setattr__(self, "source", source)


@dataclass(frozen=True, slots=True)
class CardDrawn(Frozen):
    card: int
    player: int

    def __init__(self, card: int, player: int) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)


@dataclass(frozen=True, slots=True)
class UnitRode(Frozen):
    card: int
    player: int
    from_zone: Zone
    persona: bool
    superior: bool = False
    # The vanguard ridden upon (now in the soul): "when X rides this unit". Not compared: two
    # logs of one ride are the same fact.
    ridden: int = field(default=-1, compare=False)

    def __init__(self, card: int, player: int, from_zone: Zone, persona: bool,
                 superior: bool = False, ridden: int = -1) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "from_zone", from_zone)
        object.__setattr__(self, "persona", persona)
        object.__setattr__(self, "superior", superior)
        object.__setattr__(self, "ridden", ridden)


@dataclass(frozen=True, slots=True)
class UnitCalled(Frozen):
    card: int
    player: int
    circle: Circle | None
    to_zone: Zone
    from_zone: Zone
    superior: bool = False
    source: int = -1      # TERM-02: the card whose effect called it; -1 for a normal call

    def __init__(self, card: int, player: int, circle: Circle | None, to_zone: Zone,
                 from_zone: Zone, superior: bool = False, source: int = -1) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "circle", circle)
        object.__setattr__(self, "to_zone", to_zone)
        object.__setattr__(self, "from_zone", from_zone)
        object.__setattr__(self, "superior", superior)
        object.__setattr__(self, "source", source)


@dataclass(frozen=True, slots=True)
class UnitPlaced(Frozen):
    """A unit appeared on a circle (ACT-05): ride, call, or any other placement."""

    card: int
    player: int
    to_zone: Zone
    circle: Circle | None
    # Where it came from ("placed from hand"); not compared, as `ridden` above.
    from_zone: Zone | None = field(default=None, compare=False)

    def __init__(self, card: int, player: int, to_zone: Zone, circle: Circle | None,
                 from_zone: Zone | None = None) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "to_zone", to_zone)
        object.__setattr__(self, "circle", circle)
        object.__setattr__(self, "from_zone", from_zone)


@dataclass(frozen=True, slots=True)
class UnitMoved(Frozen):
    card: int
    player: int
    from_circle: Circle
    to_circle: Circle

    def __init__(self, card: int, player: int, from_circle: Circle, to_circle: Circle) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "from_circle", from_circle)
        object.__setattr__(self, "to_circle", to_circle)


@dataclass(frozen=True, slots=True)
class UnitRetired(Frozen):
    card: int
    by_rule_action: bool
    source: int = -1      # TERM-02: the card whose effect retired it; -1 for the rules
    by_cost: bool = False     # retired to pay a cost of `source`'s ability (CORE-19)

    def __init__(self, card: int, by_rule_action: bool, source: int = -1,
                 by_cost: bool = False) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "by_rule_action", by_rule_action)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "by_cost", by_cost)


@dataclass(frozen=True, slots=True)
class UnitStood(Frozen):
    card: int
    player: int
    source: int = -1      # TERM-02: the card whose effect stood it; -1 for the rules

    def __init__(self, card: int, player: int, source: int = -1) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "source", source)


@dataclass(frozen=True, slots=True)
class UnitRested(Frozen):
    card: int
    player: int

    def __init__(self, card: int, player: int) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)


@dataclass(frozen=True, slots=True)
class AbilityActivated(Frozen):
    card: int
    player: int
    index: int

    def __init__(self, card: int, player: int, index: int) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "index", index)


@dataclass(frozen=True, slots=True)
class AttackDeclared(Frozen):
    attacker: int
    target: int
    player: int
    attacker_is_vanguard: bool
    co_attacker: int = -1      # LEG-11, LEG-15: the legion mate attacks too ("self" matches it)

    def __init__(self, attacker: int, target: int, player: int, attacker_is_vanguard: bool,
                 co_attacker: int = -1) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "attacker_is_vanguard", attacker_is_vanguard)
        object.__setattr__(self, "co_attacker", co_attacker)


@dataclass(frozen=True, slots=True)
class UnitBoosted(Frozen):
    booster: int
    boosted: int
    player: int

    def __init__(self, booster: int, boosted: int, player: int) -> None:
        object.__setattr__(self, "booster", booster)
        object.__setattr__(self, "boosted", boosted)
        object.__setattr__(self, "player", player)


@dataclass(frozen=True, slots=True)
class GuardianCalled(Frozen):
    card: int
    player: int
    guarding: int

    def __init__(self, card: int, player: int, guarding: int) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "guarding", guarding)


@dataclass(frozen=True, slots=True)
class DriveChecked(Frozen):
    card: int
    player: int
    trigger: str | None

    def __init__(self, card: int, player: int, trigger: str | None) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "trigger", trigger)


@dataclass(frozen=True, slots=True)
class DamageChecked(Frozen):
    card: int
    player: int
    trigger: str | None

    def __init__(self, card: int, player: int, trigger: str | None) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "trigger", trigger)


@dataclass(frozen=True, slots=True)
class TriggerRevealed(Frozen):
    card: int
    player: int
    trigger: str
    check: str   # "drive" or "damage"

    def __init__(self, card: int, player: int, trigger: str, check: str) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "trigger", trigger)
        object.__setattr__(self, "check", check)


@dataclass(frozen=True, slots=True)
class AttackHit(Frozen):
    attacker: int
    target: int
    player: int
    co_attacker: int = -1      # LEG-18: the mate's own "when hits" autos trigger too

    def __init__(self, attacker: int, target: int, player: int, co_attacker: int = -1) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "co_attacker", co_attacker)


@dataclass(frozen=True, slots=True)
class AttackMissed(Frozen):
    attacker: int
    target: int
    player: int
    co_attacker: int = -1

    def __init__(self, attacker: int, target: int, player: int, co_attacker: int = -1) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "co_attacker", co_attacker)


@dataclass(frozen=True, slots=True)
class BattleEnded(Frozen):
    """CORE-13: the close step of a battle ("at the end of the battle this unit attacked");
    `target_is_vanguard` says what it attacked (a hit rear-guard is in the drop by now)."""

    attacker: int
    target: int
    player: int
    hit: bool
    target_is_vanguard: bool
    co_attacker: int = -1
    booster: int = -1          # the unit that boosted that battle ("the battle it boosted")

    def __init__(self, attacker: int, target: int, player: int, hit: bool,
                 target_is_vanguard: bool, co_attacker: int = -1, booster: int = -1) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "hit", hit)
        object.__setattr__(self, "target_is_vanguard", target_is_vanguard)
        object.__setattr__(self, "co_attacker", co_attacker)
        object.__setattr__(self, "booster", booster)


@dataclass(frozen=True, slots=True)
class DamageDealt(Frozen):
    player: int          # who takes the damage
    amount: int
    source: int          # the attacking unit, or the card whose effect dealt it (TERM-03)
    battle: bool

    def __init__(self, player: int, amount: int, source: int, battle: bool) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "battle", battle)


@dataclass(frozen=True, slots=True)
class PowerChanged(Frozen):
    card: int
    amount: int
    stat: str
    source: int = -1      # TERM-02

    def __init__(self, card: int, amount: int, stat: str, source: int = -1) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "stat", stat)
        object.__setattr__(self, "source", source)


@dataclass(frozen=True, slots=True)
class CounterBlasted(Frozen):
    player: int
    count: int

    def __init__(self, player: int, count: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)


@dataclass(frozen=True, slots=True)
class SoulBlasted(Frozen):
    player: int
    count: int

    def __init__(self, player: int, count: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)


@dataclass(frozen=True, slots=True)
class AutoPlayed(Frozen):
    card: int
    player: int
    index: int

    def __init__(self, card: int, player: int, index: int) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "index", index)


@dataclass(frozen=True, slots=True)
class Shuffled(Frozen):
    player: int

    def __init__(self, player: int) -> None:
        object.__setattr__(self, "player", player)
