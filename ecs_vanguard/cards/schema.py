"""Typed, frozen card data: CardDef, AbilityDef and the condition/filter tables of the DSL.

Printed information lives here once (TERM-01 "original information"); entities refer to it by id.

Compiled (components/_compiled.py): the engine reads a card's and an ability's fields tens of
times a decision, each a native slot read here where an interpreted class cost a generic
attribute look-up of about 200 instructions (issue 34). The classes pickle through their
constructor (Frozen).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from components.frozen import Frozen
from ecs_vanguard.cards.check import Check
from ecs_vanguard.cards.flow import compile_program
from ecs_vanguard.cards.marks import Marks, MarkValue, engine_marks
from ecs_vanguard.vocab.formats import Gift, OrderType, Skill, Trigger, UnitType
from ecs_vanguard.vocab.zones import Zone


class AbilityKind(Enum):
    """The three kinds of ability (RULES.md "Words")."""

    ACT = "act"
    AUTO = "auto"
    CONT = "cont"


class Limit(Enum):
    """Use limits of an ability (CORE-19)."""

    NONE = "none"
    ONCE_PER_TURN = "once_per_turn"
    ONCE_PER_GAME = "once_per_game"     # "1/Fight": once per game per player (engine decision)


@dataclass(frozen=True, slots=True)
class When(Frozen):
    """The event an auto ability waits for, and the filters on that event's fields."""

    event: type
    filters: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True, slots=True)
class AbilityDef(Frozen):
    """One ability of a card: kind, zones where it is valid, trigger, condition, cost, effect."""

    kind: AbilityKind
    zones: frozenset[Zone]
    effect: tuple[object, ...]
    cost: tuple[object, ...] = ()
    condition: tuple[Check, ...] = ()
    when: When | None = None
    optional: bool = False
    limit: Limit = Limit.NONE
    text: str = ""
    by_opponent: bool = False      # PRI-05: an act ability the card's opponent may use
    given: bool = False            # ACT-22: not the card's own: it exists to be given
    # The effect as one straight program (`if` and `pay` compiled to skips), run by the runtime.
    program: tuple[object, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "program", compile_program(self.effect))


@dataclass(frozen=True, slots=True)
class CardDef(Frozen):
    """The printed information of one card (TERM-01)."""

    id: str
    names: tuple[str, ...]
    grade: int
    power: int = 0
    shield: int = 0
    critical: int = 1
    nation: str = ""
    clan: str = ""                           # premium cards' clan (Royal Paladin, Kagero, ...)
    race: str = ""
    unit_type: UnitType = UnitType.NORMAL
    trigger: Trigger | None = None
    trigger_power: int = 10000
    skills: frozenset[Skill] = frozenset()
    gift: Gift | None = None
    order_type: OrderType | None = None
    sentinel: bool = False
    standard: bool = True               # legal in the standard format (D-series card)
    abilities: tuple[AbilityDef, ...] = ()
    trigger_extra: tuple[object, ...] = ()   # an over trigger's own extra effect (CORE-14)
    overdress: tuple[str, ...] = ()          # OD-01: names of the designated rear-guard
    overdress_or_dressed: bool = False       # ... or any rear-guard already in overDress
    subtypes: frozenset[str] = frozenset()   # set order subtypes: "prison" (PRI), "world" (WLD)
    world_rule: bool = False                 # WLD-01: 1 World alone: Dark Night; 2+: Abyssal
    alchemagic: str = ""                     # ALC-01 on a vanguard: "different" or "same" name
    stride_cost: tuple[object, ...] = ()     # STR-03: the Stride cost of a G unit with power
    ultimate_stride: bool = False            # STR-06: Ultimate Stride instead of Stride
    g_guardian_cost: tuple[object, ...] = () # GG-01: the cost of a G guardian
    seek_mate: tuple[str, ...] = ()          # LEG-01: names its Seek Mate searches for
    marks: Marks = ()                        # printed marks the rules do not read (cards.marks)
    text: str = ""
    source: str = field(default="", compare=False)   # the file it came from, for messages
    # (index, ability) of the abilities the card has itself: all but those written only to be
    # given by another effect ("this unit gets '[AUTO] ...' until end of turn", ACT-22).
    own_abilities: tuple[tuple[int, AbilityDef], ...] = field(
        default=(), init=False, compare=False, repr=False)
    # Every printed mark, the rules' own (gift, trigger, order, ...) and `marks`: name -> value.
    all_marks: dict[str, MarkValue] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    # True if one of `own_abilities` is an act ability (a main phase's legal actions ask it
    # of every unit at every decision).
    has_own_act: bool = field(default=False, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "own_abilities", tuple(
            (i, a) for i, a in enumerate(self.abilities) if not a.given))
        object.__setattr__(self, "has_own_act", any(
            a.kind is AbilityKind.ACT for _, a in self.own_abilities))
        printed = engine_marks(self.gift, self.trigger, self.order_type, self.subtypes,
                               self.sentinel, self.alchemagic, self.skills)
        printed.update(self.marks)
        object.__setattr__(self, "all_marks", printed)

    def mark(self, name: str) -> MarkValue | None:
        """Return the value of a printed mark, None if the card does not have it."""
        return self.all_marks.get(name)

    def __hash__(self) -> int:
        # By id: the generated hash walked every ability of the card, and cards are cache keys
        # on hot paths (equality still compares every field).
        return hash(self.id)

    @property
    def drive(self) -> int:
        """Drive checks of this card as a vanguard (CORE-11)."""
        if Skill.TRIPLE_DRIVE in self.skills:
            return 3
        if Skill.TWIN_DRIVE in self.skills:
            return 2
        return 1

    @property
    def is_unit(self) -> bool:
        """True for cards that can be on a circle (every card but orders)."""
        return self.unit_type is not UnitType.ORDER

    def has_name(self, name: str) -> bool:
        """True if `name` is one of this card's names (TERM-05)."""
        return name in self.names
