"""Format settings as data, one field per rule (CORE-02, CORE-04, CORE-14, CORE-15, CORE-16).

Nothing else in the engine asks "is this premium?": it reads a field of `FormatRules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from components.frozen import Frozen
from ecs_vanguard.vocab.errors import ArgumentError


class Format(Enum):
    """The two formats (RULES.md "Formats")."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    STANDARD = "standard"
    PREMIUM = "premium"


class Trigger(Enum):
    """Trigger icons (CORE-14)."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    CRITICAL = "critical"
    DRAW = "draw"
    HEAL = "heal"
    FRONT = "front"
    OVER = "over"
    STAND = "stand"


class Gift(Enum):
    """Imaginary gift icons (CORE-15)."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    FORCE = "force"
    ACCEL = "accel"
    PROTECT = "protect"


class UnitType(Enum):
    """What kind of card it is."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    NORMAL = "normal"
    TRIGGER = "trigger"
    G_UNIT = "g_unit"
    ORDER = "order"
    TOKEN = "token"


class OrderType(Enum):
    """Order subtypes (CORE-08)."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    NORMAL = "normal"
    SET = "set"
    BLITZ = "blitz"


class Skill(Enum):
    """Skill icons."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    BOOST = "boost"
    INTERCEPT = "intercept"
    TWIN_DRIVE = "twin_drive"
    TRIPLE_DRIVE = "triple_drive"
    PERSONA_RIDE = "persona_ride"


class Stat(Enum):
    """What a modifier changes (ACT-26)."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    POWER = "power"
    CRITICAL = "critical"
    SHIELD = "shield"
    DRIVE = "drive"
    CANT_BE_HIT = "cant_be_hit"
    DELETED = "deleted"        # CORE-21: original power 0, no abilities, face down
    NAME_ADD = "name_add"      # TERM-05: "also has the name"; value = the name
    NAME_SET = "name_set"      # TERM-05: "becomes the name"; value = the name
    GRANT = "grant"            # ACT-22: gains an ability; value = (card id, ability index)
    LOSE_ABILITIES = "lose_abilities"   # ACT-22: loses its abilities
    GUARD_AT_ONCE = "guard_at_once"     # ACT-27: calls to GC need `amount` or more at once
    WORLD_CONTENT = "world_content"     # WLD-01: a World's content; value = the content
    ATTACK_ONLY_VANGUARDS = "attack_only_vanguards"   # LEG-12: may attack only vanguards
    CANT_ATTACK = "cant_attack"                       # LEG-12: may not attack
    GRADE = "grade"                                   # grade +n / -n
    CANT_BE_BOOSTED = "cant_be_boosted"               # CORE-09: no unit may boost it
    CANT_BOOST = "cant_boost"                         # CORE-09: it may not boost
    RESIST = "resist"                 # can't be chosen by the opponent's card effects
    CANT_STAND = "cant_stand"                         # ACT-12: it is not stood (LEG-21)
    CANT_DEAL_DAMAGE = "cant_deal_damage"             # LEG-17: its hit deals no damage
    ATTACK_FROM_BACK_ROW = "attack_from_back_row"     # CORE-09: a permission: it may attack
                                                      # from the back row (never boosted there)
    ATTACK_BACK_ROW = "attack_back_row"               # CORE-09: a permission: it may attack
                                                      # the opponent's back-row rear-guards
    INTERCEPT_FROM_BACK_ROW = "intercept_from_back_row"   # CORE-10: a permission: it may
                                                          # intercept from the back row
    CANT_MOVE = "cant_move"                           # CORE-07: it may not move (nor swap)
    CANT_BE_NORMAL_CALLED = "cant_be_normal_called"   # CORE-06: a hand card no normal call takes
    CANT_BE_RETIRED_BY_EFFECTS = "cant_be_retired_by_effects"   # ACT-04: no effect retires it
                                                                # (a cost or a rule action may)
    DRIVE_CANT_DECREASE = "drive_cant_decrease"   # ACT-26: its drive's decreases read as 0
    CANT_INTERCEPT = "cant_intercept"             # CORE-10: it may not intercept
    GUARD_MIN_GRADE = "guard_min_grade"   # CORE-10: attacked by it, only cards of grade
                                          # `amount` or more may be called to GC from hand
    GAINS_BOOST = "gains_boost"           # CORE-09: it has [Boost] though not printed
    GAINS_INTERCEPT = "gains_intercept"   # CORE-10: it has [Intercept] though not printed
    RULE_CHANGE = "rule_change"           # a cont ability's modify_rule (derived.rule_modifiers)
    UNIT_STATE = "unit_state"         # a named state of a unit ("harmony"); value = the name


# Restrictions: statuses that hold while any modifier or continuous effect gives them.
RESTRICTIONS: frozenset[Stat] = frozenset({
    Stat.DRIVE_CANT_DECREASE,
    Stat.CANT_BE_HIT, Stat.ATTACK_ONLY_VANGUARDS, Stat.CANT_ATTACK, Stat.CANT_BE_BOOSTED,
    Stat.CANT_BOOST, Stat.RESIST, Stat.CANT_STAND, Stat.CANT_DEAL_DAMAGE,
    Stat.ATTACK_FROM_BACK_ROW, Stat.INTERCEPT_FROM_BACK_ROW, Stat.CANT_MOVE,
    Stat.CANT_BE_NORMAL_CALLED, Stat.CANT_BE_RETIRED_BY_EFFECTS, Stat.CANT_INTERCEPT,
    Stat.ATTACK_BACK_ROW,
})


class Duration(Enum):
    """How long a modifier lasts (CORE-13)."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    END_OF_BATTLE = "end_of_battle"
    END_OF_TURN = "end_of_turn"
    END_OF_OWNER_TURN = "end_of_owner_turn"   # CORE-21: a delete lasts to its owner's end phase
    END_OF_GAME = "end_of_game"   # "for the rest of the fight": no close step or end phase ends it


class Phase(Enum):
    """Phases of a turn, in order (CORE-04); SETUP is before the first turn."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    SETUP = "setup"
    STAND = "stand"
    DRAW = "draw"
    RIDE = "ride"
    MAIN = "main"
    BATTLE = "battle"
    END = "end"


class BattleStep(Enum):
    """Steps of one battle (CORE-09..13)."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    ATTACK = "attack"
    BOOST = "boost"
    GUARD = "guard"
    DRIVE = "drive"
    DAMAGE = "damage"
    CLOSE = "close"


TRIGGER_LIMITS_NOTE = "CORE-02: 16 triggers, at most 4 heal, at most 1 over"


@dataclass(frozen=True, slots=True)
class FormatRules(Frozen):
    """Every rule that differs between formats, each field with the rule that needs it.
    Compiled (issue 34); Frozen pickles it through its constructor."""

    format: Format
    deck_size: int = 50                        # CORE-02
    max_copies: int = 4                        # CORE-02
    trigger_count: int = 16                    # CORE-02
    max_heal: int = 4                          # CORE-02
    max_over: int = 1                          # CORE-02
    max_sentinel: int = 4                      # CARDS.md §2: at most 4 sentinels in any era
    max_g_deck: int = 16                       # CORE-02, STR-01 (premium)
    allowed_triggers: frozenset[Trigger] = frozenset()   # CORE-14: stand triggers are premium only
    card_pool_standard_only: bool = True       # standard: D-series cards only
    has_stride_step: bool = False              # CORE-04: the stride step exists in premium
    imaginary_gifts: bool = False              # CORE-15 (premium)
    g_deck_allowed: bool = False               # STR-01 (premium)
    ride_deck_cost_discard: int = 1            # CORE-05: riding from the ride deck discards 1
    persona_ride_power: int = 10000            # CORE-05
    over_trigger_power: int = 100_000_000      # CORE-14
    damage_to_lose: int = 6                    # CORE-16
    turn_limit: int = 100                      # CORE-16: reaching it is a draw
    opening_hand: int = 5                      # CORE-03
    gift_power: int = 10000                    # CORE-15: Force and Accel on your turn
    dress_sources_are_circle_cards: bool = False   # OD-11: premium lets "a card on a circle"
                                                   # choose a dress source


STANDARD = FormatRules(
    format=Format.STANDARD,
    allowed_triggers=frozenset(
        {Trigger.CRITICAL, Trigger.DRAW, Trigger.HEAL, Trigger.FRONT, Trigger.OVER}
    ),
)

PREMIUM = FormatRules(
    format=Format.PREMIUM,
    allowed_triggers=frozenset(Trigger),
    card_pool_standard_only=False,
    has_stride_step=True,
    imaginary_gifts=True,
    g_deck_allowed=True,
    dress_sources_are_circle_cards=True,
)

FORMATS: dict[str, FormatRules] = {"standard": STANDARD, "premium": PREMIUM}


def format_rules(name: str | Format | FormatRules) -> FormatRules:
    """Return the settings of a format given by name, enum or settings; raise ValueError if unknown."""
    if isinstance(name, FormatRules):
        return name
    key = name.value if isinstance(name, Format) else str(name).lower()
    try:
        return FORMATS[key]
    except KeyError:
        raise ArgumentError(f"unknown format {name!r:.40}: choose one of {sorted(FORMATS)}") from None
